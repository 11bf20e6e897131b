"""The match API: a match and its hands as JSON, the web pages' operations for programs.

Writes need the match's edit token in ``X-Edit-Token``. Errors are
``{"error": {"field": ..., "reason": ...}}`` with 400, 403, 404 or 409 (:mod:`referee.api.errors`).

A match is created with ``{"players": [...], "preset": ..., "rules": {...}}`` and whatever its
game's own API reads of a new match (its routes module's ``match_setup``). Hands are posted to
``/matches/<id>/hands`` in the shape the match's format reads (``Format.hand_from_json``;
docs/api.md gives each game's). Errors about a part of a hand name it:
``tables[1].knocker_deadwood``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any, NoReturn, TypeVar

from flask import Response, jsonify, request, url_for
from flask_wtf.csrf import validate_csrf
from wtforms.validators import ValidationError

from referee.api import bp
from referee.api.errors import fail as _fail
from referee.api.errors import json_body as _body
from referee.api.errors import refuse_input
from referee.games.base import Board, Line
from referee.games.hand_entry import IllegalKnock
from referee.games.json_io import if_ended_json, is_whole, result_json
from referee.games.presets import DEFAULT_PRESET, list_presets
from referee.games.summary import named
from referee.games.words import rule_help
from referee.i18n import say
from referee.models import Hand, Match, MatchStatus, db
from referee.rules.errors import InputError
from referee.services import board as board_service
from referee.services import matches as match_service
from referee.services.board import HandRecord
from referee.services.matches import MAX_KEY, Actor, Conflict
from referee.throttle import anonymous_write
from referee.views.access import can_edit, claim_url, club_of
from referee.views.etag import drawn_once, tag_of, unless_unchanged
from referee.views.game_routes import match_setup
from referee.views.offline import form_fields

T = TypeVar("T")

# The API names a player by role where the forms name the stored seat.
API_NAMES = {
    "knocker_seat": "knocker",
    "dealer_seat": "dealer",
    "sitting_out_seat": "sitting_out",
    "captain_seat": "captain",
}


def _match(view_id: str) -> Match:
    match = Match.by_view_id(view_id)
    if match is None or match.deleted_at is not None:
        _fail(404, None, "no such match")
    return match


def holds_edit_right(match: Match) -> bool:
    """The request carries the match's edit token, or its club's (a club's scorers change its
    matches), in ``X-Edit-Token``; or it is a page of this site writing with its browser's
    right."""
    sent = request.headers.get("X-Edit-Token")
    if match.check_edit_token(sent):
        return True
    club = club_of(match)
    if club is not None and club.check_edit_token(sent):
        return True
    return "X-Edit-Token" not in request.headers and _page_may_edit(match)


def _authorise(match: Match) -> None:
    if not holds_edit_right(match):
        _fail(403, "X-Edit-Token", "this needs the match's edit token in X-Edit-Token")


def _page_may_edit(match: Match) -> bool:
    """A page of this site writing with the edit right its browser's session holds (the
    offline queue sending what a phone kept): only with the session's CSRF token in
    ``X-CSRFToken``, which no other site can read, so no other site can make it write."""
    token = request.headers.get("X-CSRFToken")
    if not token or not can_edit(match):
        return False
    try:
        validate_csrf(token)
    except ValidationError:
        return False
    return True


def _actor() -> Actor:
    """The change log's "who": ``X-Scorer`` when the client names its scorer, else its agent."""
    agent = request.headers.get("User-Agent", "")[:60]
    scorer = " ".join(request.headers.get("X-Scorer", "").split())[:40]
    return Actor("api", f"{scorer} ({agent})" if scorer else agent)


def _hand(match: Match, hand_id: int) -> Hand:
    hand = db.session.get(Hand, hand_id)
    if hand is None or hand.match_id != match.id or hand.deleted_at is not None:
        _fail(404, None, "no such hand in this match")
    return hand


def _input_error(e: InputError, **extra: Any) -> NoReturn:
    """A problem with the input as the API names it: 400 with the field and the reason (an
    illegal knock also carries its ruling)."""
    field = e.api_field or API_NAMES.get(e.field or "", e.field)
    if isinstance(e, IllegalKnock):
        refuse_input(e, field, **extra, result=result_json(e.result))
    refuse_input(e, field, **extra)


# -- reading ---------------------------------------------------------------------------------


@bp.get("/presets")
def presets() -> Response:
    return jsonify(
        {
            "presets": [
                {
                    "name": p.name,
                    "title": p.title,
                    "description": p.description,
                    "family": p.family,
                    "players": p.players,
                    "playable": True,
                    "seats": [p.seats[0], p.seats[-1]],
                    "options": list(p.options),
                    "rules": p.rules.to_dict(),
                }
                for p in list_presets()
            ],
            "rule_help": rule_help(),
        }
    )


@bp.get("/matches/<view_id>")
def read_match(view_id: str) -> Response:
    """The match; with ``?limit=`` (or ``?hands=``, the same) and ``?cursor=``, one page of
    its hands, newest first (see :func:`_page`); without them every hand, as ever."""
    match = _match(view_id)
    paged = any(k in request.args for k in ("limit", "cursor")) or request.args.get(
        "hands", "all"
    ) not in ("all", "")
    limit = _limit(request.args.get("limit", request.args.get("hands")), 50) if paged else 0
    cursor = _cursor()

    def body() -> dict[str, Any]:
        board = board_service.build(match)
        if not paged:
            return match_json(match, board)
        lines, after = _page(board, limit, cursor)
        return match_json(match, board, lines, after)

    return _unless_unchanged(match, body)


@bp.get("/matches/<view_id>/hands")
def list_hands(view_id: str) -> Response:
    """The match's hands a page at a time, newest first: ``?limit=`` (1 to 500, 50 unless
    given) and the ``next_cursor`` of the page before as ``?cursor=``."""
    match = _match(view_id)
    limit, cursor = _limit(request.args.get("limit"), 50), _cursor()

    def body() -> dict[str, Any]:
        board = board_service.build(match)
        lines, after = _page(board, limit, cursor)
        return {
            "id": match.view_id,
            "revision": match.revision,
            "hands_played": board.hands_played,
            "hands": [hand_json(board, line, match.view_id) for line in lines],
            "next_cursor": after,
        }

    return _unless_unchanged(match, body)


MAX_PAGE = 500
READ_PARAMS = ("limit", "cursor", "hands")  # what a match's reads take from their query


def _limit(value: str | None, default: int) -> int:
    if value is None or value == "":
        return default
    if not value.isdecimal() or not 1 <= int(value) <= MAX_PAGE:
        _fail(400, "limit", f"a whole number of hands from 1 to {MAX_PAGE}")
    return int(value)


def _cursor() -> int | None:
    value = request.args.get("cursor")
    if value is None or value == "":
        return None
    if not value.isdecimal():
        _fail(400, "cursor", "the next_cursor of the page before, as it was given")
    return int(value)


def _page(board: Board, limit: int, cursor: int | None) -> tuple[list[Line], str | None]:
    """A page of hands, newest first: the ``limit`` latest before ``cursor`` (a place in
    the order of play; none: from the newest). Hands added meanwhile come after every
    cursor, so following ``next_cursor`` from the first page visits each hand once."""
    older = [line for line in board.lines if cursor is None or _record(line).seq < cursor]
    page = older[::-1][:limit]
    more = len(older) > limit
    return page, str(_record(page[-1]).seq) if more and page else None


def _record(line: Line) -> HandRecord:
    record: HandRecord = line.row
    return record


@bp.get("/matches/<view_id>/hands/<int:hand_id>")
def read_hand(view_id: str, hand_id: int) -> Response:
    match = _match(view_id)
    hand = _hand(match, hand_id)

    def body() -> dict[str, Any]:
        board = board_service.build(match)
        return hand_json(board, _line(board, hand), match.view_id)

    return _unless_unchanged(match, body)


def _unless_unchanged(match: Match, body: Callable[[], dict[str, Any]]) -> Response:
    """A read tagged with the match's revision and the read's parameters: a client that
    sends the tag it holds in ``If-None-Match`` gets 304 Not Modified while nothing in the
    match has changed."""
    tag = tag_of(match, kind=f"api {request.endpoint}", params=READ_PARAMS)

    def render() -> Response:
        text = drawn_once(tag, lambda: jsonify(body()).get_data(as_text=True))
        return Response(text, mimetype="application/json")

    return unless_unchanged(tag, render)


def _line(board: Board, hand: Hand) -> Line:
    line = board.line_of(hand.id)
    if line is None:
        _fail(404, None, "no such hand in this match")
    return line


def match_json(
    match: Match,
    board: Board,
    lines: list[Line] | None = None,
    next_cursor: str | None = None,
) -> dict[str, Any]:
    """The match as the API reads it: its record, every hand (or the page ``lines``, newest
    first, with the cursor of the next), and what its format folds."""
    fmt = board.format
    body: dict[str, Any] = {
        "id": match.view_id,
        "view_url": url_for("matches.scoreboard", view_id=match.view_id, _external=True),
        "variant": match.variant,
        "preset": match.preset,
        "rules": board.rules.to_dict(),
        "stake_per_point": str(match.stake_per_point),
        "currency": match.currency,
        "status": MatchStatus.FINISHED if board.over else MatchStatus.IN_PLAY,
        "revision": match.revision,
        "created_at": match.created_at.isoformat(),
        "players": [
            {"seat": p.seat, "name": p.name, **fmt.player_json(board, p.seat)}
            for p in match.players
        ],
        "hands": [
            hand_json(board, line, match.view_id)
            for line in (board.lines if lines is None else lines)
        ],
        "hands_played": board.hands_played,
    }
    if lines is not None:
        body["next_cursor"] = next_cursor
    if fmt.settlement_page:
        body["settlement_url"] = url_for(
            "matches.settlement", view_id=match.view_id, _external=True
        )
    body.update(fmt.match_json(board))
    now = board.money_now
    if now is not None:
        body["if_ended_now"] = if_ended_json(now, board.sides)
    return body


def hand_json(board: Board, line: Line, view_id: str) -> dict[str, Any]:
    """One hand as the API reads it: its record, what was entered and what it came to.

    ``id`` addresses the hand in the API (it never changes); ``page_url`` is its page, by its
    number in the match (which follows deletes and undos)."""
    hand: HandRecord = line.row
    return {
        "id": hand.id,
        "number": line.number,
        "page_url": url_for("hands.show", view_id=view_id, number=line.number, _external=True),
        "version": hand.version,
        "note": hand.note,
        "created_at": hand.created_at.isoformat(),
        "edited_at": hand.edited_at.isoformat() if hand.edited_at else None,
        **board.format.hand_json(board, line),
    }


# -- writing ---------------------------------------------------------------------------------


@bp.post("/matches")
@anonymous_write
def create_match() -> tuple[Response, int]:
    data = _body()
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        _fail(400, "players", "a list of names, as many as the game seats (two to eight)")
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        _fail(400, "rules", 'an object of house rules, e.g. {"gin_bonus": 20}')
    stake = data.get("stake_per_point", 0)
    if isinstance(stake, bool) or not isinstance(stake, int | float | str):
        _fail(400, "stake_per_point", "a number such as 0.10")
    preset = str(data.get("preset") or DEFAULT_PRESET)
    try:
        match, token = match_service.create_match(
            players,
            preset,
            rules,
            Decimal(str(stake)) if not isinstance(stake, str) else stake,
            cut=data.get("cut"),
            currency=data.get("currency", ""),
            **match_setup(preset, data),
        )
    except InputError as e:
        _fail(400, e.field, e.reason)
    body = {
        "id": match.view_id,
        "view_url": url_for("matches.scoreboard", view_id=match.view_id, _external=True),
        "edit_url": claim_url(match, token),
        "edit_token": token,
        "match": match_json(match, board_service.build(match)),
    }
    return jsonify(body), 201


def _fields(match: Match, data: Mapping[str, Any], hand: Hand | None = None) -> dict[str, Any]:
    """A hand's JSON body → its fields, with the seating the rotation calls for where the
    body leaves it out."""
    context = board_service.context_at(match, hand)
    try:
        return board_service.format_of(match).hand_from_json(data, match.names, context)
    except InputError as e:
        _input_error(e)


def _conflict(match: Match, e: Conflict) -> NoReturn:
    db.session.rollback()
    _fail(409, None, e.message, match=match_json(match, board_service.build(match)))


def _version(data: dict[str, Any]) -> int | None:
    value = data.get("version", request.headers.get("If-Match"))
    if value is None:
        return None
    try:
        return int(str(value).strip('"'))
    except ValueError:
        _fail(400, "version", "must be the hand's version number")


@bp.post("/matches/<view_id>/hands")
def add_hand(view_id: str) -> tuple[Response, int]:
    match = _match(view_id)
    _authorise(match)
    data = _body()
    fields = _fields(match, data)
    expected = data.get("expected_number")
    if expected is not None and not is_whole(expected):
        _fail(400, "expected_number", "must be a whole number")
    key = request.headers.get("Idempotency-Key") or data.get("idempotency_key")
    if key is not None and (not isinstance(key, str) or len(key.strip()) > MAX_KEY):
        _fail(400, "idempotency_key", "must be a string of at most 64 characters")
    try:
        hand, created = match_service.add_hand(
            match, fields, _actor(), idempotency_key=key, expected_number=expected
        )
    except Conflict as e:
        _conflict(match, e)
    except InputError as e:
        _input_error(e)
    return _hand_response(match, hand), 201 if created else 200


@bp.post("/matches/<view_id>/queued-hands")
def add_queued_hand(view_id: str) -> tuple[Response, int]:
    """A hand a phone kept while it had no connection: ``{"fields": {...}}`` as the match's
    entry form holds them, its ``idempotency_key``, and the ``expected_number`` and match
    ``revision`` the phone saw. Any change to the match since that revision is a 409 whose
    body carries the match and its hands' ``lines`` (number and summary), so the phone can
    show both versions and let the scorer choose."""
    match = _match(view_id)
    _authorise(match)
    data = _body()
    for name in ("expected_number", "revision"):
        if data.get(name) is not None and not is_whole(data[name]):
            _fail(400, name, "must be a whole number")
    key = data.get("idempotency_key")
    if not isinstance(key, str) or not key.strip() or len(key) > MAX_KEY:
        _fail(400, "idempotency_key", "a string of at most 64 characters")
    board = board_service.build(match)
    try:
        fields = form_fields(board, data.get("fields"))
        hand, created = match_service.add_hand(
            match,
            fields,
            _actor(),
            idempotency_key=key,
            expected_number=data.get("expected_number"),
            expected_revision=data.get("revision"),
        )
    except Conflict as e:
        db.session.rollback()
        board = board_service.build(match)
        # the phone shows these: each summary also in its reader's language (``said``)
        lines = [
            {"number": line.number, "summary": str(line.summary), "said": say(line.summary)}
            for line in board.lines
        ]
        _fail(409, None, e.message, match=match_json(match, board), lines=lines)
    except InputError as e:
        _input_error(e, said=say(e))  # the phone shows the reason in its reader's language
    return _hand_response(match, hand), 201 if created else 200


def _hand_response(match: Match, hand: Hand) -> Response:
    """The answer to a hand written: the hand and the whole match; with ``?answer=small``
    the hand (its ruling) and the match's new totals only, a few KB however long the match."""
    db.session.expire_all()
    match = _match(match.view_id)
    board = board_service.build(match)
    line = board.line_of(hand.id)
    small = request.args.get("answer") == "small"
    return jsonify(
        {
            "hand": hand_json(board, line, match.view_id) if line else None,
            "match": small_match_json(match, board) if small else match_json(match, board),
        }
    )


def small_match_json(match: Match, board: Board) -> dict[str, Any]:
    """The match in a few numbers (see :func:`~referee.games.summary.summary_of`),
    players by name."""
    kept = board_service.summary(match)  # written with the change: nothing to fold
    sides, columns = board.sides, board.columns

    def name(index: int | None) -> str | None:
        return sides[index] if index is not None and index < len(sides) else None

    return {
        "id": match.view_id,
        "view_url": url_for("matches.scoreboard", view_id=match.view_id, _external=True),
        "revision": match.revision,
        "status": MatchStatus.FINISHED if kept["status"] == "finished" else MatchStatus.IN_PLAY,
        "hands_played": kept["hands"],
        "totals": named(sides, columns, kept["totals"]),
        "game": kept["game"],
        "games_won": named(sides, columns, kept["games_won"]),
        "match_totals": named(sides, columns, kept["match_totals"]),
        "winner": name(kept["winner"]),
        "next_dealer": name(kept["next_dealer"]),
    }


@bp.route("/matches/<view_id>/hands/<int:hand_id>", methods=["PUT", "PATCH"])
def edit_hand(view_id: str, hand_id: int) -> Response:
    match = _match(view_id)
    _authorise(match)
    hand = _hand(match, hand_id)
    data = _body()
    if request.method == "PATCH":
        board = board_service.build(match)
        data = board.format.patch_base(board, _line(board, hand), data)
    fields = _fields(match, data, hand)
    try:
        match_service.edit_hand(match, hand.id, fields, _actor(), _version(data))
    except Conflict as e:
        _conflict(match, e)
    except InputError as e:
        _input_error(e)
    return _hand_response(match, hand)


@bp.delete("/matches/<view_id>/hands/<int:hand_id>")
def delete_hand(view_id: str, hand_id: int) -> Response:
    match = _match(view_id)
    _authorise(match)
    hand = _hand(match, hand_id)
    data = request.get_json(silent=True) or {}
    if not isinstance(data, dict):
        data = {}
    if "version" not in data and request.args.get("version"):
        data["version"] = request.args["version"]
    try:
        match_service.delete_hand(match, hand.id, _actor(), _version(data))
    except Conflict as e:
        _conflict(match, e)
    except InputError as e:
        _fail(409, None, e.reason)
    return jsonify({"deleted": hand_id, "match": _fresh_match_json(view_id)})


def _fresh_match_json(view_id: str) -> dict[str, Any]:
    """The match as it stands after a change this request committed."""
    db.session.expire_all()
    match = _match(view_id)
    return match_json(match, board_service.build(match))


@bp.post("/matches/<view_id>/undo")
def undo(view_id: str) -> Response:
    entry = _match_action(view_id, match_service.undo)
    return jsonify({"undone": entry.undoes_id, "match": _fresh_match_json(view_id)})


@bp.post("/matches/<view_id>/redo")
def redo(view_id: str) -> Response:
    """Make again the change the latest undo took back."""
    entry = _match_action(view_id, match_service.redo)
    return jsonify({"redone": entry.undoes_id, "match": _fresh_match_json(view_id)})


@bp.post("/matches/<view_id>/stop")
def stop(view_id: str) -> Response:
    """Continuous play (a format that takes notice): stop after the last hand entered."""
    hand = _match_action(view_id, match_service.give_notice)
    return jsonify({"stop_after_hand": hand.id, "match": _fresh_match_json(view_id)})


def _match_action(view_id: str, act: Callable[[Match, Actor, int | None], T]) -> T:
    """A scorer's action on the whole match (undo, notice to stop) at the ``revision`` sent."""
    match = _match(view_id)
    _authorise(match)
    data = request.get_json(silent=True) or {}
    revision = data.get("revision") if isinstance(data, dict) else None
    if revision is not None and not is_whole(revision):
        _fail(400, "revision", "must be the match's revision number")
    try:
        return act(match, _actor(), revision)
    except Conflict as e:
        _conflict(match, e)
    except InputError as e:
        _fail(409, None, e.reason)
