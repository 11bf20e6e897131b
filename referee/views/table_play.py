"""Playing at the table, on the web: the scorer's page of seat links, a seat's page (its own
picker, and the hand's state as it comes), and the API every phone's script (and any other
client) talks to. The rules of it are :mod:`referee.services.table_play`.

A request speaks for a seat with ``X-Seat-Token`` (the seat link's token, which the seat's
page keeps in the phone's own storage), or for the scorer with the match's edit right (its
``X-Edit-Token``, or a page of this site with the browser's right and its CSRF token, as the
offline queue writes). A seat sends its own cards and says whether it agrees; only the scorer
stores the hand, calls it off, sends a seat's cards for it, or replaces the seat links.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, NoReturn

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms import BooleanField

from referee.api.errors import fail, json_body, refuse_input
from referee.api.matches import holds_edit_right
from referee.games.base import Board, CallField, TableCall
from referee.i18n import lazy_gettext as _l
from referee.i18n import say
from referee.models import Hand, Match, TableHand, TableHandStatus, db
from referee.rules.cards import ALL_NATURALS
from referee.rules.errors import InputError
from referee.services import board as board_service
from referee.services import rulings
from referee.services import table_play as table
from referee.services.matches import Actor
from referee.views.access import can_edit, load_match, require_edit, web_actor
from referee.views.etag import unless_unchanged

bp = Blueprint("table_play", __name__)
api_bp = Blueprint("table_play_api", __name__, url_prefix="/api/v1")

POLL_OPEN_MS = 1000  # a phone asks this often while a hand is being entered
POLL_IDLE_MS = 3000  # and this often while none is


@dataclass(frozen=True)
class Who:
    """Who a request speaks for: a seat (its phone's link), the scorer, or a viewer."""

    seat: int | None
    scorer: bool


def _who(match: Match) -> Who:
    """The seat of ``X-Seat-Token`` (a token given but no longer valid: 403), and whether the
    request carries the match's edit right."""
    token = request.headers.get("X-Seat-Token")
    seat = table.seat_of(match, token) if token else None
    if token and seat is None:
        fail(403, "X-Seat-Token", "this seat link was replaced: ask the scorer for the new one")
    return Who(seat, holds_edit_right(match))


def _refuse(e: InputError, field: str | None = None) -> NoReturn:
    refuse_input(e, field if field is not None else e.api_field or e.field, said=say(e))


def _conflict(e: table.TableConflict) -> NoReturn:
    db.session.rollback()
    fail(409, None, str(e.message), said=say(e.message))


def _match(view_id: str) -> Match:
    match = Match.by_view_id(view_id)
    if match is None or match.deleted_at is not None:
        fail(404, None, "no such match")
    return match


def _seat_named(match: Match, value: Any, field: str) -> int:
    names = match.names
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    if isinstance(value, str):
        for seat, name in enumerate(names):
            if name.casefold() == value.strip().casefold():
                return seat
    fail(400, field, f"must be a player's name ({', '.join(names)}) or seat number")


# -- what every phone reads ---------------------------------------------------------------


def state_json(match: Match, who: Who) -> dict[str, Any]:
    """The hand at the table as a phone may know it: who has sent, not what (a seat sees its
    own cards), until every seat has sent; then everyone's cards and the ruling."""
    names = match.names
    hand = table.latest(match)
    body: dict[str, Any] = {
        "you": names[who.seat] if who.seat is not None else None,
        "scorer": who.scorer,
        "store_agreed": bool(match.table_stores_agreed),
        "hand": None,
    }
    if hand is None:
        return body
    sent = {c.seat: c for c in hand.sent}
    everyone = table.everyone_sent(hand)
    result = table.ruled(match, hand) if hand.status == TableHandStatus.OPEN else None
    players = table.players_of(hand)
    shown = {
        names[seat]: sent[seat].cards
        for seat in players
        if seat in sent and (everyone or seat == who.seat or who.scorer)
    }
    calls = table.calls_of(hand)
    asked = board_service.format_of(match).table_play_call_field(board_service.rules_of(match))
    body["hand"] = {
        "number": hand.number,
        "status": hand.status,
        "calls": [
            {
                "table": number,
                "players": [names[s] for s in group],
                "kind": call.kind if call else None,
                "knocker": names[call.knocker] if call else None,
                **_named_json(asked, call),
            }
            for number, (group, call) in enumerate(zip(hand.groups, calls, strict=True), start=1)
        ],
        "players": [names[s] for s in players],
        "seats": [
            {
                "name": names[seat],
                "sent": seat in sent,
                "agrees": sent[seat].agrees if seat in sent else None,
            }
            for seat in players
        ],
        "cards": shown,
        "answers": {
            names[seat]: sent[seat].choice
            for seat in players
            if seat in sent and sent[seat].choice and (everyone or seat == who.seat or who.scorer)
        },
        "ruling": _ruling_json(result),
        "problem": (
            {"field": result.problem.field, "reason": result.problem.reason}
            if result is not None and result.problem is not None
            else None
        ),
        "hand_id": hand.hand_id,
    }
    return body


def _named_json(asked: CallField | None, call: TableCall | None) -> dict[str, Any]:
    """What a call named, under the game's field (``upcard`` always, null where the game
    names something else)."""
    named = call.named if call else None
    field = asked.field if asked is not None else "upcard"
    if field == "upcard":
        return {"upcard": named}
    return {"upcard": None, field: named}


def _ruling_json(result: table.Ruled | None) -> dict[str, Any] | None:
    if result is None or result.line is None or result.board is None:
        return None
    line, board = result.line, result.board
    return {
        "summary": str(line.summary),
        "points": dict(zip(board.names, line.points, strict=False)),
        **board.format.hand_json(board, line),
    }


def _state_tag(match: Match, who: Who, kind: str) -> str:
    hand = table.latest(match)
    parts = [
        kind,
        match.view_id,
        str(match.revision or 0),
        str(match.seat_links or 0),
        f"{hand.id}.{hand.revision}" if hand else "-",
        str(who.seat),
        "scorer" if who.scorer else "",
        str(get_locale() or "") if kind == "panel" else "",
    ]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:24]


@api_bp.get("/matches/<view_id>/table")
def read_table(view_id: str) -> Response:
    match = _match(view_id)
    who = _who(match)
    return unless_unchanged(_state_tag(match, who, "json"), lambda: jsonify(state_json(match, who)))


# -- what the seats and the scorer do -----------------------------------------------------


@api_bp.post("/matches/<view_id>/table/hand")
def start_hand(view_id: str) -> tuple[Response, int]:
    """Call the next hand: ``{"knocker": "Ann", "kind": "knock" | "gin" | "big_gin",
    "upcard": "7S"}`` (the card the call names where the game needs one, under the game's
    field: the upcard, or the cut for a wild joker, ``"cut"``)."""
    match = _match(view_id)
    who = _who(match)
    if who.seat is None and not who.scorer:
        fail(403, "X-Seat-Token", "this needs a seat link (X-Seat-Token) or the edit right")
    data = json_body()
    knocker = _seat_named(match, data.get("knocker"), "knocker")
    asked = board_service.format_of(match).table_play_call_field(board_service.rules_of(match))
    field = asked.field if asked is not None else "upcard"
    named = _call_text(data.get(field, data.get("upcard")), field)
    try:
        table.start(match, str(data.get("kind") or ""), knocker, named, who.seat)
    except InputError as e:
        _refuse(e)
    except table.TableConflict as e:
        _conflict(e)
    return jsonify(state_json(match, who)), 201


def _call_text(value: Any, field: str) -> str | None:
    """What the call names as a JSON value → text: a card ("7S"), dice ("3+4", 7, [3, 4])."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return f"{value[0]}+{value[1]}"
    fail(400, field, "text, such as 7S (a card) or 3+4 (dice)")


@api_bp.route("/matches/<view_id>/table/cards", methods=["PUT", "POST"])
def send_cards(view_id: str) -> Response:
    """A seat's cards at the end of the hand: ``{"cards": "AS 2S 3S ..."}`` (the scorer names
    the seat it sends for: ``"seat": "Ben"``)."""
    match = _match(view_id)
    who = _who(match)
    data = json_body()
    seat = who.seat
    if data.get("seat") is not None:
        if not who.scorer:
            fail(403, "seat", "only the scorer sends another seat's cards")
        seat = _seat_named(match, data.get("seat"), "seat")
    if seat is None:
        fail(403, "X-Seat-Token", "this needs a seat link (X-Seat-Token)")
    cards = _text(data, "cards", " ", 'the cards as codes, e.g. "AS 2S 3S"')
    melds = _text(data, "melds", " / ", 'the melds laid down, e.g. ["5S 6S 7S", "KH KD KC"]')
    layoffs = _text(data, "layoffs", ", ", 'the layoffs, e.g. "9H > Ann 1"')
    choice = _answer(match, data)
    try:
        table.send(match, seat, cards, melds, layoffs, choice)
    except InputError as e:
        _refuse(e)
    except table.TableConflict as e:
        _conflict(e)
    return jsonify(state_json(match, who))


def _answer(match: Match, data: dict[str, Any]) -> str:
    """The seat's answer to what the game asks beside its cards, under the game's own field
    (``"made": true``, ``"part": "drop"``)."""
    asked = board_service.format_of(match).table_play_choice(board_service.rules_of(match))
    if asked is None:
        return ""
    value = data.get(asked.field, "")
    if isinstance(value, bool) and set(asked.values) == {"yes", "no"}:
        return "yes" if value else "no"
    if not isinstance(value, str):
        fail(400, asked.field, "one of " + ", ".join(asked.values))
    return value


def _text(data: dict[str, Any], field: str, joiner: str, shape: str) -> str:
    """A text field of a seat's cards, or a list of texts joined as the text writes them."""
    value = data.get(field, "")
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = joiner.join(value)
    if not isinstance(value, str):
        fail(400, field, shape)
    return value


@api_bp.post("/matches/<view_id>/table/join")
def join(view_id: str) -> Response:
    """A phone holding the whole table's link picks its seat: ``{"token": ..., "seat":
    "Ben"}`` → that seat's ``{"seat": "Ben", "seat_url": ..., "token": ...}``."""
    match = _match(view_id)
    data = json_body()
    seat = _seat_named(match, data.get("seat"), "seat")
    token = data.get("token")
    try:
        seat_token = table.seat_by_join(match, token if isinstance(token, str) else None, seat)
    except InputError as e:
        fail(403, e.field, e.reason, said=say(e))
    page = url_for("table_play.seat_page", view_id=view_id, seat=seat + 1, _external=True)
    return jsonify(
        {"seat": match.names[seat], "seat_url": f"{page}#{seat_token}", "token": seat_token}
    )


@api_bp.post("/matches/<view_id>/table/verdict")
def verdict(view_id: str) -> Response:
    """A seat agrees with the ruling (``{"agree": true}``) or disputes it (``false``)."""
    match = _match(view_id)
    who = _who(match)
    if who.seat is None:
        fail(403, "X-Seat-Token", "this needs a seat link (X-Seat-Token)")
    agree = json_body().get("agree")
    if not isinstance(agree, bool):
        fail(400, "agree", "true or false")
    try:
        table.say(match, who.seat, agree, _actor(match))
    except InputError as e:
        _refuse(e)
    except table.TableConflict as e:
        _conflict(e)
    db.session.expire_all()
    return jsonify(state_json(_match(view_id), who))


@api_bp.put("/matches/<view_id>/table/rules")
def table_rules(view_id: str) -> Response:
    """The scorer sets the table's house rule: ``{"store_agreed": true}`` stores a hand every
    player agrees with, without the scorer."""
    match = _match(view_id)
    who = _scorer_only(match)
    stores = json_body().get("store_agreed")
    if not isinstance(stores, bool):
        fail(400, "store_agreed", "true or false")
    table.set_stores_agreed(match, stores)
    return jsonify(state_json(match, who))


@api_bp.post("/matches/<view_id>/table/store")
def store(view_id: str) -> tuple[Response, int]:
    """The scorer keeps the ruled hand as the match's next hand."""
    match = _match(view_id)
    who = _scorer_only(match)
    try:
        hand = table.store(match, _actor(match))
    except InputError as e:
        _refuse(e)
    except table.TableConflict as e:
        _conflict(e)
    db.session.expire_all()
    match = _match(view_id)
    return jsonify({"hand_id": hand.id, **state_json(match, who)}), 201


@api_bp.delete("/matches/<view_id>/table/hand")
def drop_hand(view_id: str) -> Response:
    """The scorer calls the hand in play off."""
    match = _match(view_id)
    who = _scorer_only(match)
    try:
        table.drop(match)
    except table.TableConflict as e:
        _conflict(e)
    return jsonify(state_json(match, who))


def _scorer_only(match: Match) -> Who:
    who = _who(match)
    if not who.scorer:
        fail(403, "X-Edit-Token", "this needs the match's edit token in X-Edit-Token")
    return who


def _actor(match: Match) -> Actor:
    if request.headers.get("X-Seat-Token") is not None:
        agent = request.headers.get("User-Agent", "")
        return Actor(
            "web", f"table, every player agreed ({'phone' if 'Mobile' in agent else 'browser'})"
        )
    if request.headers.get("X-Edit-Token") is None:
        return web_actor()
    agent = request.headers.get("User-Agent", "")[:60]
    return Actor("api", f"table ({agent})")


# -- the pages ------------------------------------------------------------------------------


class ReplaceForm(FlaskForm):
    """Replace every seat link (only a CSRF token: the button is the whole form)."""


class HouseRuleForm(FlaskForm):
    """The table's house rule: store a hand every player agrees with."""

    store_agreed = BooleanField(_l("Store a hand every player agrees with, without me"))


@bp.get("/m/<view_id>/table")
def table_page(view_id: str) -> str:
    """The scorer's page: a link and a QR code per seat, and the hand in play."""
    match = load_match(view_id)
    require_edit(match)
    board = board_service.build(match)
    if not board.format.table_play:
        abort(404)
    seats = [(name, table.seat_url(match, seat)) for seat, name in enumerate(match.names)]
    return render_template(
        "table_play/table.html",
        match=match,
        board=board,
        seats=seats,
        join_link=table.join_url(match),
        form=ReplaceForm(),
        house=HouseRuleForm(store_agreed=match.table_stores_agreed),
        **_page_context(match, board, None),
    )


@bp.post("/m/<view_id>/table/replace")
def replace_links(view_id: str) -> BaseResponse:
    match = load_match(view_id)
    require_edit(match)
    if not ReplaceForm().validate_on_submit():
        abort(400)
    table.replace_seat_links(match)
    flash(_("Every seat link was replaced: the old ones no longer work."), "ok")
    return redirect(url_for("table_play.table_page", view_id=view_id))


@bp.post("/m/<view_id>/table/house-rule")
def house_rule(view_id: str) -> BaseResponse:
    match = load_match(view_id)
    require_edit(match)
    form = HouseRuleForm()
    if not form.validate_on_submit():
        abort(400)
    table.set_stores_agreed(match, bool(form.store_agreed.data))
    flash(_("The table's house rule is saved."), "ok")
    return redirect(url_for("table_play.table_page", view_id=view_id))


@bp.get("/m/<view_id>/join")
def join_page(view_id: str) -> str:
    """The whole table's link: the phone picks its seat (the page's script sends the token
    from the fragment and goes on to that seat's page); the page holds nothing secret."""
    match = load_match(view_id)
    board = board_service.build(match)
    if not board.format.table_play:
        abort(404)
    join_api = url_for("api.table_play_api.join", view_id=view_id)
    return render_template("table_play/join.html", match=match, board=board, join_api=join_api)


@bp.get("/m/<view_id>/seat/<int:seat>")
def seat_page(view_id: str, seat: int) -> str:
    """A seat's page: its token arrives in the fragment and stays on the phone (the page's
    script keeps it and sends it with every request); the page itself holds nothing secret."""
    match = load_match(view_id)
    board = board_service.build(match)
    if not board.format.table_play or not 1 <= seat <= len(match.names):
        abort(404)
    return render_template(
        "table_play/seat.html",
        match=match,
        board=board,
        seat=seat - 1,
        deck=ALL_NATURALS,
        hand_size=board.rules.hand_size,
        **_page_context(match, board, seat - 1),
    )


def _page_context(match: Match, board: Board, seat: int | None) -> dict[str, Any]:
    return {
        "api": url_for("api.table_play_api.read_table", view_id=match.view_id),
        "panel_url": url_for("table_play.panel", view_id=match.view_id),
        "poll_open": POLL_OPEN_MS,
        "poll_idle": POLL_IDLE_MS,
        "call_field": board.format.table_play_call_field(board.rules),
        "editor": can_edit(match),
    }


@bp.get("/m/<view_id>/table/panel")
def panel(view_id: str) -> Response:
    """The hand at the table as a page fragment, for a seat's or the scorer's page to show
    (polled with its ETag: unchanged, it costs a 304). The scorer's browser on a seat's page
    names the seat (``?seat=``); a phone's seat is its token's."""
    match = load_match(view_id)
    token = request.headers.get("X-Seat-Token")
    seat = table.seat_of(match, token) if token else None
    scorer = can_edit(match)
    asked = request.args.get("seat", type=int)
    if seat is None and scorer and asked is not None and 0 <= asked < len(match.names):
        seat = asked  # the scorer on a seat's page, entering for a phone that cannot
    who = Who(seat, scorer)
    stale = bool(token) and seat is None

    def render() -> str:
        return render_template(
            "table_play/_panel.html", match=match, **_panel_context(match, who, stale)
        )

    return unless_unchanged(_state_tag(match, who, "panel") + ("-stale" if stale else ""), render)


def _panel_context(match: Match, who: Who, stale: bool) -> dict[str, Any]:
    hand = table.latest(match)
    board = board_service.build(match)
    result = table.ruled(match, hand) if hand and hand.status == TableHandStatus.OPEN else None
    view = None
    if result is not None and result.line is not None and result.board is not None:
        view = rulings.draw_line(result.board, result.line)
    stored = db.session.get(Hand, hand.hand_id) if hand and hand.hand_id else None
    open_ = hand is not None and hand.status == TableHandStatus.OPEN
    calls = table.calls_of(hand) if hand is not None and open_ else []
    groups = hand.groups if hand is not None and open_ else []
    mine = table.group_of(hand, who.seat) if hand and open_ and who.seat is not None else None
    return {
        "board": board,
        "names": match.names,
        "hand": hand,
        "check_url": _check_url(match, hand, calls) if view is not None and hand else None,
        "open": open_,
        "calls": list(zip(groups, calls, strict=True)),
        "players": table.players_of(hand) if hand is not None and open_ else [],
        "my_call": calls[mine] if mine is not None else None,
        "callable": _callable(board, who, groups, calls),
        "sent": {c.seat: c for c in hand.sent} if hand else {},
        "everyone": table.everyone_sent(hand) if hand else False,
        "result": result,
        "view": view,
        "who": who,
        "stale": stale,
        "stored_number": _number_of(match, stored),
        "call_field": board.format.table_play_call_field(board.rules),
        "kinds": board.format.table_play_kinds(board.rules),
    }


def _check_url(match: Match, hand: TableHand, calls: list[Any]) -> str | None:
    """The check page with this hand and the match's rules, for a seat that disputes it (a
    knocker against one defender only: the check page rules two hands)."""
    if len(hand.groups) != 1 or len(hand.groups[0]) != 2 or calls[0] is None:
        return None
    call = calls[0]
    sent = {c.seat: c.cards for c in hand.sent}
    defender = next(seat for seat in hand.groups[0] if seat != call.knocker)
    return url_for(
        "check.ruling_form",
        match=match.view_id,
        knocker=sent.get(call.knocker, ""),
        defender=sent.get(defender, ""),
        upcard=call.named or "",
        kind=call.kind,
    )


def _callable(board: Board, who: Who, groups: list[list[int]], calls: list[Any]) -> list[int]:
    """The seats this viewer may name as the knocker of a call now: a seat its own table's
    (while that table is not called), the scorer any uncalled table's."""
    if not groups:  # no hand open: the next hand's tables
        groups = [list(g) for g in board.format.table_play_groups(board)]
        calls = [None] * len(groups)
    open_groups = [g for g, c in zip(groups, calls, strict=True) if c is None]
    if who.scorer:
        return [seat for g in open_groups for seat in g]
    return next((g for g in open_groups if who.seat in g), [])


def _number_of(match: Match, hand: Hand | None) -> int | None:
    if hand is None:
        return None
    for number, live in enumerate(match.live_hands, start=1):
        if live.id == hand.id:
            return number
    return None
