"""JSON API ``/api/v1``: the web pages' operations for programs.

Writes need the match's edit token in ``X-Edit-Token``. Errors are
``{"error": {"field": ..., "reason": ...}}`` with 400, 403, 404 or 409.

A match is created with ``{"players": [...], "preset": ..., "rules": {...}}``: two names, or
four for ``partnership`` (partners opposite: the first and third against the second and
fourth). Setting ``"hollywood": true`` among the rules of a two-handed table scores it
Hollywood. Hands are posted to ``/matches/<id>/hands``; a partnership deal takes both
tables at once::

    {"dealer": "Ann",                       # any player of the side that dealt (or 0/1)
     "tables": [
       {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 4, "defender_deadwood": 20},
       {"kind": "gin", "knocker": "Dan", "defender_deadwood": 12}
     ],
     "note": "", "expected_number": 3, "idempotency_key": "..."}

Table 1 is always the first player's, table 2 the third player's; their opponents alternate
from deal to deal (the match's ``next_deal`` says who plays whom). Each table takes the
two-handed hand's fields (``kind``, ``knocker``, ``knocker_deadwood``,
``defender_deadwood``, or ``knocker_cards`` and ``defender_cards``, and ``upcard`` in
Oklahoma). Errors about a table name it: ``tables[1].knocker_deadwood``.

A two-handed hand entered by cards may carry the knocker's declared ``spread`` (RULES.md R3):
``"5S 6S 7S | KH KD KC"`` or a list of melds (``[["5S", "6S", "7S"], ["KH", "KD", "KC"]]``);
left out, the engine takes the best spread.

Hollywood's notice to stop continuous play is ``POST /matches/<id>/stop`` (or
``"stop_after": true`` on a hand).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, NoReturn, TypeVar

from flask import Blueprint, Response, jsonify, request, url_for

from referee.models import Hand, Match, db
from referee.rules.report import hand_result_to_dict
from referee.rules.ruleset import FIELD_HELP
from referee.rules.variants import DEFAULT_PRESET, list_presets, partnership
from referee.services import board as board_service
from referee.services import engine, threehand
from referee.services import matches as match_service
from referee.services.entry import EntryError, IllegalKnock, spread_melds
from referee.services.matches import Actor, Conflict
from referee.services.threehand.board import ThreeBoard

from . import threehand_api
from .api_fields import (
    CARD_FIELDS,
    check_cards,
    check_counts,
    check_knocker,
    check_spread,
    entry_of,
    is_whole,
    kind_of,
    note_of,
    upcard_of,
)

bp = Blueprint("api", __name__, url_prefix="/api/v1")
T = TypeVar("T")


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
    """The change log's "who": ``X-Scorer`` when the client names its scorer, else its agent."""
    agent = request.headers.get("User-Agent", "")[:60]
    scorer = " ".join(request.headers.get("X-Scorer", "").split())[:40]
    return Actor("api", f"{scorer} ({agent})" if scorer else agent)


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
                    "players": p.players,
                    "playable": p.family in match_service.PLAYABLE_FAMILIES,
                    "seats": [p.seats[0], p.seats[-1]],
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


def _money_json(money: engine.Money | None, names: list[str]) -> dict[str, Any] | None:
    if money is None:
        return None
    return {
        "stake_per_point": str(money.stake),
        "points": money.points,
        "payer": names[money.payer] if money.payer is not None else None,
        "payee": names[money.payee] if money.payee is not None else None,
        "amount": str(money.amount),
    }


def match_json(match: Match) -> dict[str, Any]:
    if threehand.handles(match):  # three or more players: views.threehand_api
        return threehand_api.match_json(match)
    board = board_service.build(match)
    names, sides = board.names, board.sides

    def by_name(values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(sides, values, strict=True))

    body: dict[str, Any] = {
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
    }
    if board.sheet is not None:
        body.update(_hollywood_json(board))
        return body
    standing = board.standing
    assert standing is not None
    body.update(
        {
            "totals": by_name(standing.points),
            "boxes": by_name(standing.boxes),
            "next_dealer": sides[board.next_dealer],
            "game": {
                "over": standing.over,
                "winner": sides[standing.winner] if standing.winner is not None else None,
                "shutout": standing.shutout,
                "tally": [{"label": label, "points": by_name(v)} for label, v in standing.tally],
                "final": by_name(standing.finals) if standing.finals else None,
                "margin": standing.margin if standing.over else None,
                "number": standing.game,
            },
            "games": [
                {
                    "number": g.number,
                    "winner": sides[g.winner] if g.winner is not None else None,
                    "final": by_name(g.finals),
                    "margin": g.margin,
                    "hands": g.hands,
                }
                for g in standing.games
            ],
            "match_totals": by_name(standing.match_totals),
            "settlement": _money_json(board.settlement, sides),
        }
    )
    if board.is_partnership:
        for player in body["players"]:
            player["team"] = sides[partnership.TEAM_OF[player["seat"]]]
        body["teams"] = [
            {"name": side, "players": [names[s] for s in partnership.MEMBERS[team]]}
            for team, side in enumerate(sides)
        ]
        body["next_deal"] = {
            "number": board.hands_played + 1,
            "dealing_side": sides[board.next_dealer],
            "tables": [_table_seating(t, names) for t in board.next_tables],
        }
    return body


def _table_seating(table: partnership.Table, names: list[str]) -> dict[str, Any]:
    return {
        "table": table.number,
        "players": [names[s] for s in table.players],
        "dealer": names[table.dealer] if table.dealer is not None else None,
    }


def _hollywood_json(board: board_service.Board) -> dict[str, Any]:
    sheet, names = board.sheet, board.names
    assert sheet is not None

    def by_name(values: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(names, values, strict=True))

    games = []
    for col in sheet.columns:
        game: dict[str, Any] = {
            "number": col.number,
            "open": col.open,
            "target": col.target,
            "columns": {
                names[seat]: [
                    {
                        "hand": e.hand_number,
                        "points": e.points,
                        "boxes": e.boxes,
                        "running": e.running,
                    }
                    for e in entries
                ]
                for seat, entries in enumerate(col.entries)
            },
            "points": by_name(col.points),
            "boxes": by_name(col.boxes),
        }
        if not col.open:
            game.update(
                {
                    "closed_on_hand": col.closed_on,
                    "winner": names[col.winner] if col.winner is not None else None,
                    "shutout": bool(col.shut_out),
                    "tally": [{"label": label, "points": v} for label, v in col.tally],
                    "final": by_name(col.finals),
                    "settlement": _money_json(col.settlement, names),
                }
            )
        games.append(game)
    return {
        "next_dealer": names[board.next_dealer],
        "totals": by_name(sheet.totals),
        "hollywood": {
            "finished": sheet.finished,
            "continuous": sheet.continuous,
            "notice_to_stop_after_hand": board.stop_given,
            "open_games": [c.number for c in sheet.open_columns],
            "games": games,
            "totals": by_name(sheet.totals),
            "games_won": by_name(sheet.games_won),
            "settlement": {
                "games": [
                    {"number": c.number, **(_money_json(c.settlement, names) or {})}
                    for c in sheet.closed_columns
                ],
                "total": _money_json(sheet.settlement, names),
            },
        },
    }


def hand_json(board: board_service.Board, line: board_service.Line) -> dict[str, Any]:
    if isinstance(board, ThreeBoard):
        return threehand_api.hand_json(board, line)  # type: ignore[arg-type]
    hand, names = line.hand, board.names
    if board.is_partnership:
        return _deal_json(board, line)
    body = {
        "id": hand.id,
        "number": line.number,
        "version": hand.version,
        "dealer": names[hand.dealer_seat],
        "knocker": names[hand.knocker_seat] if hand.knocker_seat is not None else None,
        "kind": hand.kind,
        "entry": hand.entry,
        "knocker_cards": hand.knocker_cards.split() if hand.knocker_cards else None,
        "defender_cards": hand.defender_cards.split() if hand.defender_cards else None,
        "spread": spread_melds(hand.spread),
        "knocker_deadwood": hand.knocker_deadwood,
        "defender_deadwood": hand.defender_deadwood,
        "upcard": hand.upcard,
        "note": hand.note,
        "created_at": hand.created_at.isoformat(),
        "edited_at": hand.edited_at.isoformat() if hand.edited_at else None,
        "result": hand_result_to_dict(line.result) if line.result else None,
        "error": line.error,
        "points": dict(zip(names, line.score.points, strict=True)),
        "totals": dict(zip(names, line.totals, strict=True)) if line.totals else None,
        "game": line.game,
    }
    if line.upcard is not None:
        body["upcard_note"] = line.upcard.label
    if board.is_hollywood:
        body["stop_after"] = hand.stop_after
        body["game"] = None
        body["posted_to"] = (
            {names[s]: list(g) for s, g in enumerate(line.posted_to)} if line.posting else None
        )
    return body


def _deal_json(board: board_service.Board, line: board_service.Line) -> dict[str, Any]:
    hand, names, sides = line.hand, board.names, board.sides
    deal = line.deal
    tables = []
    for t in line.tables:
        entry, o = t.entry, t.outcome
        seat = entry.get("knocker_seat")
        tables.append(
            {
                **_table_seating(t.table, names),
                "kind": entry.get("kind"),
                "entry": entry.get("entry"),
                "knocker": names[seat] if isinstance(seat, int) and 0 <= seat < 4 else None,
                "knocker_deadwood": entry.get("knocker_deadwood"),
                "defender_deadwood": entry.get("defender_deadwood"),
                "knocker_cards": (entry.get("knocker_cards") or "").split() or None,
                "defender_cards": (entry.get("defender_cards") or "").split() or None,
                "upcard": entry.get("upcard"),
                "result": hand_result_to_dict(o.result) if o else None,
                "winner": names[o.winner] if o and o.winner is not None else None,
                "points": o.points if o else None,
                "drawn": o.drawn if o else None,
            }
        )
    return {
        "id": hand.id,
        "number": line.number,
        "version": hand.version,
        "kind": hand.kind,
        "dealing_side": sides[hand.dealer_seat] if hand.dealer_seat in (0, 1) else None,
        "tables": tables,
        "note": hand.note,
        "created_at": hand.created_at.isoformat(),
        "edited_at": hand.edited_at.isoformat() if hand.edited_at else None,
        "team_points": dict(zip(sides, deal.team_points, strict=True)) if deal else None,
        "winner": sides[deal.winner] if deal and deal.winner is not None else None,
        "steps": [{"text": s.text, "rule": s.rule} for s in deal.steps] if deal else [],
        "error": line.error,
        "points": dict(zip(sides, line.score.points, strict=True)),
        "boxes": dict(zip(sides, line.score.boxes, strict=True)),
        "totals": dict(zip(sides, line.totals, strict=True)),
        "game": line.game,
    }


# -- writing ---------------------------------------------------------------------------------


@bp.post("/matches")
def create_match() -> tuple[Response, int]:
    data = _body()
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        _fail(400, "players", "a list of names: two, four for partnership, three to eight")
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
    "spread",
    "knocker_deadwood",
    "defender_deadwood",
    "upcard",
    "note",
    "stop_after",
    "version",
    "expected_number",
    "idempotency_key",
}


def _hand_fields(match: Match, data: dict[str, Any], board: board_service.Board) -> dict[str, Any]:
    unknown = sorted(set(data) - _HAND_KEYS)
    if unknown:
        _fail(400, unknown[0], f"is not a hand field (known: {', '.join(sorted(_HAND_KEYS))})")
    kind = kind_of(data, _fail)
    entry = entry_of(data)
    check_cards(data, _fail)
    check_spread(data, _fail)
    check_counts(data, _fail)
    note = note_of(data, _fail)
    upcard = upcard_of(data, _fail)
    stop_after = data.get("stop_after", False)
    if not isinstance(stop_after, bool):
        _fail(400, "stop_after", "true or false")
    dealer = _seat(match, data.get("dealer"), "dealer")
    knocker = _seat(match, data.get("knocker"), "knocker")
    check_knocker(kind, knocker, _fail)
    return {
        "entry": entry,
        "kind": kind,
        "knocker_seat": knocker,
        "dealer_seat": board.next_dealer if dealer is None else dealer,
        "knocker_cards": data.get("knocker_cards"),
        "defender_cards": data.get("defender_cards"),
        "spread": data.get("spread"),
        "knocker_deadwood": data.get("knocker_deadwood"),
        "defender_deadwood": data.get("defender_deadwood"),
        "upcard": upcard,
        "note": note,
        "stop_after": stop_after,
    }


_FIELD_NAMES = {"knocker_seat": "knocker", "dealer_seat": "dealer"}


def _api_field(field: str | None) -> str | None:
    """The API's name for a service field: ``t2_knocker_seat`` → ``tables[1].knocker``."""
    if field and len(field) > 3 and field[0] == "t" and field[1] in "12" and field[2] == "_":
        name = field[3:]
        return f"tables[{int(field[1]) - 1}].{_FIELD_NAMES.get(name, name)}"
    return _FIELD_NAMES.get(field or "", field)


def _entry_error(e: EntryError) -> NoReturn:
    field = _api_field(e.field)
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


_DEAL_KEYS = {"dealer", "tables", "note", "version", "expected_number", "idempotency_key"}
_TABLE_KEYS = {
    "kind",
    "entry",
    "knocker",
    "knocker_cards",
    "defender_cards",
    "knocker_deadwood",
    "defender_deadwood",
    "upcard",
}


def _side(match: Match, value: Any, board: board_service.Board) -> int:
    """The dealing side: a player's name or seat (their side), or the side's own name."""
    if value is None:
        return board.next_dealer
    if isinstance(value, str) and value.casefold() in [s.casefold() for s in board.sides]:
        return [s.casefold() for s in board.sides].index(value.casefold())
    seat = _seat(match, value, "dealer")
    assert seat is not None
    return partnership.TEAM_OF[seat]


def _deal_fields(match: Match, data: dict[str, Any], board: board_service.Board) -> dict[str, Any]:
    unknown = sorted(set(data) - _DEAL_KEYS)
    if unknown:
        _fail(400, unknown[0], f"is not a deal field (known: {', '.join(sorted(_DEAL_KEYS))})")
    tables = data.get("tables")
    if not isinstance(tables, list):
        _fail(400, "tables", "both tables' results, as a list of two objects")
    rows = []
    for index, table in enumerate(tables):
        where = f"tables[{index}]"
        if not isinstance(table, dict):
            _fail(400, where, "a table's result, as an object")
        unknown = sorted(set(table) - _TABLE_KEYS)
        if unknown:
            known = ", ".join(sorted(_TABLE_KEYS))
            _fail(400, f"{where}.{unknown[0]}", f"is not a table field (known: {known})")
        check_counts(table, _fail, f"{where}.")
        cards = (*CARD_FIELDS, "upcard")
        reason = 'cards as a string ("AS 2S 3S ...") or a list'
        check_cards(table, _fail, cards, f"{where}.", reason)
        has_cards = table.get("knocker_cards") is not None or table.get("defender_cards")
        kind = kind_of(table, _fail, f"{where}.kind")
        rows.append(
            {
                "entry": table.get("entry") or ("cards" if has_cards else "counts"),
                "kind": kind,
                "knocker_seat": _seat(match, table.get("knocker"), f"{where}.knocker"),
                "knocker_deadwood": table.get("knocker_deadwood"),
                "defender_deadwood": table.get("defender_deadwood"),
                "knocker_cards": table.get("knocker_cards"),
                "defender_cards": table.get("defender_cards"),
                "upcard": table.get("upcard"),
            }
        )
    note = note_of(data, _fail)
    return {"dealer_seat": _side(match, data.get("dealer"), board), "tables": rows, "note": note}


def _fields(
    match: Match, data: dict[str, Any], board: board_service.Board, hand: Hand | None = None
) -> dict[str, Any]:
    if threehand.handles(match):  # three or more players: views.threehand_api
        return threehand_api.hand_fields(match, data, board, _fail, hand)  # type: ignore[arg-type]
    if board.is_partnership:
        return _deal_fields(match, data, board)
    return _hand_fields(match, data, board)


@bp.post("/matches/<view_id>/hands")
def add_hand(view_id: str) -> tuple[Response, int]:
    match = _match(view_id)
    _authorise(match)
    data = _body()
    fields = _fields(match, data, board_service.build(match))
    expected = data.get("expected_number")
    if expected is not None and not is_whole(expected):
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
    board = board_service.build(match)
    if request.method == "PATCH" and threehand.handles(match):
        data = threehand_api.patched(match, hand, data)
    elif request.method == "PATCH":
        data = _patched(board, _line(match, hand), data)
    fields = _fields(match, data, board, hand)
    try:
        match_service.edit_hand(match, hand.id, fields, _actor(), _version(data))
    except Conflict as e:
        _conflict(match, e)
    except EntryError as e:
        _entry_error(e)
    return _hand_response(match, hand)


def _patched(
    board: board_service.Board, line: board_service.Line, data: dict[str, Any]
) -> dict[str, Any]:
    """A PATCH body merged over the hand (or deal) as it stands; a deal's ``tables`` merge
    table by table."""
    current = hand_json(board, line)
    if board.is_partnership:
        merged: dict[str, Any] = {"dealer": current["dealing_side"], "note": current["note"]}
        tables = [{k: t[k] for k in _TABLE_KEYS if t.get(k) is not None} for t in current["tables"]]
        changes = data.get("tables")
        if isinstance(changes, list):
            for index, change in enumerate(changes[: len(tables)]):
                if isinstance(change, dict):
                    tables[index].update(change)
            tables += changes[len(tables) :]
        merged.update({k: v for k, v in data.items() if k != "tables"})
        merged["tables"] = tables
        return merged
    merged = {
        k: current[k]
        for k in _HAND_KEYS - {"version", "expected_number", "idempotency_key"}
        if k in current
    }
    merged.update(data)
    return merged


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
    except EntryError as e:
        _fail(409, None, e.reason)
    db.session.expire_all()
    return jsonify({"deleted": hand_id, "match": match_json(_match(view_id))})


@bp.post("/matches/<view_id>/undo")
def undo(view_id: str) -> Response:
    entry = _match_action(view_id, match_service.undo)
    return jsonify({"undone": entry.undoes_id, "match": match_json(_match(view_id))})


@bp.post("/matches/<view_id>/stop")
def stop(view_id: str) -> Response:
    """Hollywood continuous play: notice to stop after the last hand entered."""
    hand = _match_action(view_id, match_service.give_notice)
    return jsonify({"stop_after_hand": hand.id, "match": match_json(_match(view_id))})


def _match_action(view_id: str, act: Callable[[Match, Actor, int | None], T]) -> T:
    """A scorer's action on the whole match (undo, notice to stop) at the ``revision`` sent;
    afterwards the session is fresh for the match's new state."""
    match = _match(view_id)
    _authorise(match)
    data = request.get_json(silent=True) or {}
    revision = data.get("revision") if isinstance(data, dict) else None
    if revision is not None and not is_whole(revision):
        _fail(400, "revision", "must be the match's revision number")
    try:
        result = act(match, _actor(), revision)
    except Conflict as e:
        _conflict(match, e)
    except EntryError as e:
        _fail(409, None, e.reason)
    db.session.expire_all()
    return result
