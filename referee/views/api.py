"""JSON API ``/api/v1``: the web pages' operations for programs.

Writes need the match's edit token in ``X-Edit-Token``. Errors are
``{"error": {"field": ..., "reason": ...}}`` with 400, 403, 404 or 409.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, NoReturn

from flask import Blueprint, Response, jsonify, request, url_for

from referee.models import Hand, HandKindChoice, Match, db
from referee.rules.report import hand_result_to_dict
from referee.rules.ruleset import FIELD_HELP
from referee.rules.variants import DEFAULT_PRESET, list_presets
from referee.services import board as board_service
from referee.services import matches as match_service
from referee.services import threehand
from referee.services.entry import EntryError, IllegalKnock
from referee.services.matches import Actor, Conflict
from referee.services.threehand.board import ThreeBoard

from . import threehand_api

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class ApiError(Exception):
    def __init__(self, status: int, field: str | None, reason: str, **extra: Any) -> None:
        self.status, self.field, self.reason, self.extra = status, field, reason, extra
        super().__init__(reason)


def error_json(status: int, field: str | None, reason: str, **extra: Any) -> tuple[Response, int]:
    return jsonify({"error": {"field": field, "reason": reason, **extra}}), status


@bp.errorhandler(ApiError)
def _api_error(e: ApiError) -> tuple[Response, int]:
    db.session.rollback()
    return error_json(e.status, e.field, e.reason, **e.extra)


def _fail(status: int, field: str | None, reason: str, **extra: Any) -> NoReturn:
    raise ApiError(status, field, reason, **extra)


def _body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        _fail(400, None, "send a JSON object (Content-Type: application/json)")
    return data


def _match(view_id: str) -> Match:
    match = Match.by_view_id(view_id)
    if match is None:
        _fail(404, None, "no such match")
    return match


def _authorise(match: Match) -> None:
    if not match.check_edit_token(request.headers.get("X-Edit-Token")):
        _fail(403, "X-Edit-Token", "this needs the match's edit token in X-Edit-Token")


def _actor() -> Actor:
    agent = request.headers.get("User-Agent", "")[:60]
    return Actor("api", agent)


def _hand(match: Match, hand_id: int) -> Hand:
    hand = db.session.get(Hand, hand_id)
    if hand is None or hand.match_id != match.id or hand.deleted_at is not None:
        _fail(404, None, "no such hand in this match")
    return hand


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
                    "playable": p.family in match_service.PLAYABLE_FAMILIES,
                    "players": [p.seats[0], p.seats[-1]],
                    "options": list(p.options),
                    "rules": p.rules.to_dict(),
                }
                for p in list_presets()
            ],
            "rule_help": FIELD_HELP,
        }
    )


@bp.get("/matches/<view_id>")
def read_match(view_id: str) -> Response:
    match = _match(view_id)
    return jsonify(match_json(match))


@bp.get("/matches/<view_id>/hands/<int:hand_id>")
def read_hand(view_id: str, hand_id: int) -> Response:
    match = _match(view_id)
    hand = _hand(match, hand_id)
    board = board_service.build(match)
    line = next(line for line in board.lines if line.hand.id == hand.id)
    return jsonify(hand_json(board, line))


def match_json(match: Match) -> dict[str, Any]:
    if threehand.handles(match):  # three or more players: views.threehand_api
        return threehand_api.match_json(match)
    board = board_service.build(match)
    names = board.names
    standing = board.standing

    def by_name(values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(names, values, strict=True))

    money = board.settlement
    return {
        "id": match.view_id,
        "view_url": url_for("matches.scoreboard", view_id=match.view_id, _external=True),
        "variant": match.variant,
        "preset": match.preset,
        "rules": board.rules.to_dict(),
        "stake_per_point": str(match.stake_per_point),
        "status": board.status,
        "revision": match.revision,
        "created_at": match.created_at.isoformat(),
        "players": [{"seat": p.seat, "name": p.name} for p in match.players],
        "hands": [hand_json(board, line) for line in board.lines],
        "hands_played": board.hands_played,
        "totals": by_name(standing.points),
        "boxes": by_name(standing.boxes),
        "next_dealer": names[board.next_dealer],
        "game": {
            "over": standing.over,
            "winner": names[standing.winner] if standing.winner is not None else None,
            "shutout": standing.shutout,
            "tally": [{"label": label, "points": by_name(v)} for label, v in standing.tally],
            "final": by_name(standing.finals) if standing.finals else None,
            "margin": standing.margin if standing.over else None,
            "number": standing.game,
        },
        "games": [
            {
                "number": g.number,
                "winner": names[g.winner] if g.winner is not None else None,
                "final": by_name(g.finals),
                "margin": g.margin,
                "hands": g.hands,
            }
            for g in standing.games
        ],
        "match_totals": by_name(standing.match_totals),
        "settlement": None
        if money is None
        else {
            "stake_per_point": str(money.stake),
            "points": money.points,
            "payer": names[money.payer] if money.payer is not None else None,
            "payee": names[money.payee] if money.payee is not None else None,
            "amount": str(money.amount),
        },
    }


def hand_json(board: board_service.Board, line: board_service.Line) -> dict[str, Any]:
    if isinstance(board, ThreeBoard):
        return threehand_api.hand_json(board, line)  # type: ignore[arg-type]
    hand, names = line.hand, board.names
    return {
        "id": hand.id,
        "number": line.number,
        "version": hand.version,
        "dealer": names[hand.dealer_seat],
        "knocker": names[hand.knocker_seat] if hand.knocker_seat is not None else None,
        "kind": hand.kind,
        "entry": hand.entry,
        "knocker_cards": hand.knocker_cards.split() if hand.knocker_cards else None,
        "defender_cards": hand.defender_cards.split() if hand.defender_cards else None,
        "knocker_deadwood": hand.knocker_deadwood,
        "defender_deadwood": hand.defender_deadwood,
        "upcard": hand.upcard,
        "note": hand.note,
        "created_at": hand.created_at.isoformat(),
        "edited_at": hand.edited_at.isoformat() if hand.edited_at else None,
        "result": hand_result_to_dict(line.result) if line.result else None,
        "error": line.error,
        "points": dict(zip(names, line.score.points, strict=True)),
        "totals": dict(zip(names, line.totals, strict=True)),
        "game": line.game,
    }


# -- writing ---------------------------------------------------------------------------------


@bp.post("/matches")
def create_match() -> tuple[Response, int]:
    data = _body()
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        _fail(400, "players", "a list of the players' names")
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        _fail(400, "rules", 'an object of house rules, e.g. {"gin_bonus": 20}')
    stake = data.get("stake_per_point", 0)
    if isinstance(stake, bool) or not isinstance(stake, int | float | str):
        _fail(400, "stake_per_point", "a number such as 0.10")
    try:
        match, token = match_service.create_match(
            players,
            str(data.get("preset") or DEFAULT_PRESET),
            rules,
            Decimal(str(stake)) if not isinstance(stake, str) else stake,
            cut=data.get("cut"),
        )
    except EntryError as e:
        _fail(400, e.field, e.reason)
    body = {
        "id": match.view_id,
        "view_url": url_for("matches.scoreboard", view_id=match.view_id, _external=True),
        "edit_url": url_for("matches.claim", view_id=match.view_id, token=token, _external=True),
        "edit_token": token,
        "match": match_json(match),
    }
    return jsonify(body), 201


def _seat(match: Match, value: Any, field: str) -> int | None:
    if value is None:
        return None
    names = match.names
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    if isinstance(value, str):
        folded = [n.casefold() for n in names]
        if value.casefold() in folded:
            return folded.index(value.casefold())
    _fail(400, field, f"must be a player's name ({', '.join(names)}) or seat number")


_HAND_KEYS = {
    "kind",
    "entry",
    "knocker",
    "dealer",
    "knocker_cards",
    "defender_cards",
    "knocker_deadwood",
    "defender_deadwood",
    "upcard",
    "note",
    "version",
    "expected_number",
    "idempotency_key",
}


def _hand_fields(
    match: Match, data: dict[str, Any], board: board_service.Board, hand: Hand | None = None
) -> dict[str, Any]:
    if threehand.handles(match):
        return threehand_api.hand_fields(match, data, board, _fail, hand)  # type: ignore[arg-type]
    unknown = sorted(set(data) - _HAND_KEYS)
    if unknown:
        _fail(400, unknown[0], f"is not a hand field (known: {', '.join(sorted(_HAND_KEYS))})")
    kind = data.get("kind")
    if kind is None:
        _fail(400, "kind", "knock, gin, big_gin, dead (or auto with cards)")
    has_cards = data.get("knocker_cards") is not None or data.get("defender_cards") is not None
    entry = data.get("entry") or ("cards" if has_cards else "counts")
    for field in ("knocker_cards", "defender_cards"):
        value = data.get(field)
        if value is not None and not isinstance(value, str | list):
            _fail(400, field, 'cards as a string ("AS 2S 3S ...") or a list of codes')
    for field in ("knocker_deadwood", "defender_deadwood"):
        value = data.get(field)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            _fail(400, field, "must be a whole number")
    note = data.get("note") or ""
    if not isinstance(note, str) or len(note) > 500:
        _fail(400, "note", "text of at most 500 characters")
    upcard = data.get("upcard")
    if upcard is not None and not isinstance(upcard, str):
        _fail(400, "upcard", 'a card such as "7S"')
    dealer = _seat(match, data.get("dealer"), "dealer")
    knocker = _seat(match, data.get("knocker"), "knocker")
    if kind != HandKindChoice.DEAD and knocker is None:
        _fail(400, "knocker", "who knocked or went gin (a player's name)")
    return {
        "entry": entry,
        "kind": kind,
        "knocker_seat": knocker,
        "dealer_seat": board.next_dealer if dealer is None else dealer,
        "knocker_cards": data.get("knocker_cards"),
        "defender_cards": data.get("defender_cards"),
        "knocker_deadwood": data.get("knocker_deadwood"),
        "defender_deadwood": data.get("defender_deadwood"),
        "upcard": upcard,
        "note": note,
    }


_FIELD_NAMES = {"knocker_seat": "knocker", "dealer_seat": "dealer"}


def _entry_error(e: EntryError) -> NoReturn:
    field = _FIELD_NAMES.get(e.field or "", e.field)
    field = threehand_api.api_field(field)  # three-handed fields (sitting_out, deadwoods, ...)
    if isinstance(e, IllegalKnock):
        _fail(400, field, e.reason, result=threehand_api.result_json(e.result))
    _fail(400, field, e.reason)


def _conflict(match: Match, e: Conflict) -> NoReturn:
    db.session.rollback()
    _fail(409, None, e.message, match=match_json(match))


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
    fields = _hand_fields(match, data, board_service.build(match))
    expected = data.get("expected_number")
    if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int)):
        _fail(400, "expected_number", "must be a whole number")
    key = request.headers.get("Idempotency-Key") or data.get("idempotency_key")
    try:
        hand, created = match_service.add_hand(
            match, fields, _actor(), idempotency_key=key, expected_number=expected
        )
    except Conflict as e:
        _conflict(match, e)
    except EntryError as e:
        _entry_error(e)
    return _hand_response(match, hand), 201 if created else 200


def _hand_response(match: Match, hand: Hand) -> Response:
    db.session.expire_all()
    match = _match(match.view_id)
    board = board_service.build(match)
    line = next((line for line in board.lines if line.hand.id == hand.id), None)
    return jsonify({"hand": hand_json(board, line) if line else None, "match": match_json(match)})


@bp.route("/matches/<view_id>/hands/<int:hand_id>", methods=["PUT", "PATCH"])
def edit_hand(view_id: str, hand_id: int) -> Response:
    match = _match(view_id)
    _authorise(match)
    hand = _hand(match, hand_id)
    data = _body()
    if request.method == "PATCH" and threehand.handles(match):
        data = threehand_api.patched(match, hand, data)
    elif request.method == "PATCH":
        current = hand_json(board_service.build(match), _line(match, hand))
        merged = {
            k: current[k]
            for k in _HAND_KEYS - {"version", "expected_number", "idempotency_key"}
            if k in current
        }
        merged.update(data)
        data = merged
    fields = _hand_fields(match, data, board_service.build(match), hand)
    try:
        match_service.edit_hand(match, hand.id, fields, _actor(), _version(data))
    except Conflict as e:
        _conflict(match, e)
    except EntryError as e:
        _entry_error(e)
    return _hand_response(match, hand)


def _line(match: Match, hand: Hand) -> board_service.Line:
    return next(line for line in board_service.build(match).lines if line.hand.id == hand.id)


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
    db.session.expire_all()
    return jsonify({"deleted": hand_id, "match": match_json(_match(view_id))})


@bp.post("/matches/<view_id>/undo")
def undo(view_id: str) -> Response:
    match = _match(view_id)
    _authorise(match)
    data = request.get_json(silent=True) or {}
    revision = data.get("revision") if isinstance(data, dict) else None
    if revision is not None and (isinstance(revision, bool) or not isinstance(revision, int)):
        _fail(400, "revision", "must be the match's revision number")
    try:
        entry = match_service.undo(match, _actor(), revision)
    except Conflict as e:
        _conflict(match, e)
    except EntryError as e:
        _fail(409, None, e.reason)
    db.session.expire_all()
    return jsonify({"undone": entry.undoes_id, "match": match_json(_match(view_id))})
