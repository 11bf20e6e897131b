"""The JSON API for three or more players (the routes are :mod:`.api`'s; they hand three-handed
matches to the functions here).

A hand is sent as JSON with players named (or given by seat number):

- Cutthroat and dealer-sits-out: ``{"kind": "knock", "knocker": "Ann", "knocker_deadwood": 5,
  "defender_deadwood": 20}`` (or ``knocker_cards``/``defender_cards``), with optionally
  ``"sitting_out": "Cat"`` or ``"players": ["Ann", "Ben"]`` and ``"dealer": "Ben"`` — left out,
  the rotation's seating for that hand; given otherwise, the table's override.
- Chouette: the same, with ``"captain": "Ben"`` instead (left out: the queue's captain); the
  knocker is the box or the captain.
- Battle Royal: ``{"kind": "knock", "knocker": "Ann", "deadwoods": {"Ann": 4, "Ben": 15,
  "Cat": 22}}`` (or a list by seat), or ``"hands": {"Ann": "AS 2S ...", ...}`` (strings or
  lists of codes, by name or as a list by seat); ``dealer`` optional.

Every family also takes ``entry`` (``counts``/``cards``, else guessed), ``upcard``, ``note``,
``version``, ``expected_number`` and ``idempotency_key``. Errors name the field: ``players``,
``sitting_out``, ``captain``, ``knocker``, ``dealer``, ``deadwoods``, ``hands``, ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import url_for

from referee.models import Hand, Match
from referee.rules.report import arrangement_to_dict, hand_result_to_dict, meld_to_dict
from referee.rules.results import Step
from referee.rules.settlement import Settlement
from referee.rules.variants.battle_royal import BattleRoyalResult
from referee.services.threehand import BATTLE_ROYAL, CHOUETTE, CUTTHROAT
from referee.services.threehand import board as board_service
from referee.services.threehand.entry import BR_SEATS, split_cards, split_deadwoods

from .api_fields import (
    CARDS_REASON,
    Fail,
    check_cards,
    check_counts,
    check_knocker,
    entry_of,
    is_whole,
    kind_of,
    note_of,
    upcard_of,
)

COMMON_KEYS = {
    "kind",
    "entry",
    "knocker",
    "dealer",
    "upcard",
    "note",
    "version",
    "expected_number",
    "idempotency_key",
}
TWO_PLAYER_KEYS = {"knocker_cards", "defender_cards", "knocker_deadwood", "defender_deadwood"}
HAND_KEYS = {
    CUTTHROAT: COMMON_KEYS | TWO_PLAYER_KEYS | {"sitting_out", "players"},
    CHOUETTE: COMMON_KEYS | TWO_PLAYER_KEYS | {"captain"},
    BATTLE_ROYAL: COMMON_KEYS | {"deadwoods", "hands"},
}
_TITLES = {CUTTHROAT: "Cutthroat", CHOUETTE: "Chouette", BATTLE_ROYAL: "Battle Royal"}

_API_FIELDS = {
    "knocker_seat": "knocker",
    "dealer_seat": "dealer",
    "sitting_out_seat": "sitting_out",
    "captain_seat": "captain",
}


def api_field(field: str | None) -> str | None:
    """A form field's name as the API calls it (``deadwood_1`` → ``deadwoods``)."""
    if field is None:
        return None
    if field.startswith("deadwood_"):
        return "deadwoods"
    if field.startswith("cards_"):
        return "hands"
    return _API_FIELDS.get(field, field)


# -- reading ---------------------------------------------------------------------------------


def _step(step: Step | None) -> dict[str, str] | None:
    return {"text": step.text, "rule": step.rule} if step else None


def _seat_names(seats: Sequence[int], names: Sequence[str]) -> list[str]:
    return [names[s] for s in seats]


def settlement_json(s: Settlement, names: Sequence[str]) -> dict[str, Any]:
    return {
        "stake_per_point": str(s.stake_per_point),
        "pairs": [
            {
                "payer": names[p.payer],
                "payee": names[p.payee],
                "points": p.points,
                "difference": p.difference,
                "shutout_extra": p.extra,
                "money": str(p.money),
            }
            for p in s.pairs
        ],
        "nets": dict(zip(names, s.nets, strict=True)),
        "money_nets": {n: str(m) for n, m in zip(names, s.money_nets, strict=True)},
        "transfers": [
            {
                "payer": names[t.payer],
                "payee": names[t.payee],
                "points": t.points,
                "amount": str(m.amount),
            }
            for t, m in zip(s.transfers, s.money_transfers, strict=False)
        ],
    }


def result_json(result: Any, names: Sequence[str] | None = None) -> dict[str, Any]:
    """A ruling as JSON: two-handed as :func:`hand_result_to_dict`; Battle Royal with every
    player's count, arrangement and layoffs."""
    if not isinstance(result, BattleRoyalResult):
        return hand_result_to_dict(result)

    def who(seat: int | None) -> str | int | None:
        if seat is None:
            return None
        return names[seat] if names is not None else seat

    spread = result.knocker_spread
    return {
        "outcome": result.outcome.value,
        "knocker": who(result.knocker),
        "winners": [who(s) for s in result.winners],
        "points": [{"player": who(s), "points": p} for s, p in enumerate(result.points)],
        "boxes": [{"player": who(s), "boxes": b} for s, b in enumerate(result.boxes)],
        "plays": [
            {
                "player": who(play.seat),
                "knocker": play.knocker,
                "deadwood": play.deadwood,
                "deadwood_before_layoffs": play.deadwood_before_layoffs,
                "arrangement": arrangement_to_dict(play.arrangement) if play.arrangement else None,
                "layoffs": [
                    {
                        "card": lo.card.code,
                        "meld_index": lo.meld_index,
                        "onto": spread.melds[lo.meld_index].codes if spread else None,
                    }
                    for lo in play.layoffs
                ],
            }
            for play in result.plays
        ],
        "knocker_spread": arrangement_to_dict(spread) if spread else None,
        "extended_spread": [meld_to_dict(m) for m in result.extended_spread],
        "options": dict(result.options),
        "knock_limit": result.knock_limit,
        "multiplier": result.multiplier,
        "steps": [{"text": s.text, "rule": s.rule} for s in result.steps],
    }


def _columns(board: board_service.ThreeBoard) -> list[str]:
    return ["box", "partnership"] if board.family == CHOUETTE else list(board.names)


def hand_json(board: board_service.ThreeBoard, line: board_service.ThreeLine) -> dict[str, Any]:
    hand: Hand = line.hand
    names = board.names
    columns = _columns(board)

    def name(seat: int | None) -> str | None:
        return names[seat] if seat is not None else None

    out: dict[str, Any] = {
        "id": hand.id,
        "number": line.number,
        "version": hand.version,
        "game": line.game,
        "kind": hand.kind,
        "entry": hand.entry,
        "dealer": name(hand.dealer_seat),
        "players": _seat_names(line.players, names),
        "knocker": name(hand.knocker_seat),
    }
    if board.family == CUTTHROAT:
        out["sitting_out"] = name(hand.sitting_out_seat)
    if board.family == CHOUETTE:
        out["box"] = name(line.box)
        out["captain"] = name(hand.captain_seat)
    if board.family == BATTLE_ROYAL:
        counts = split_deadwoods(hand.seat_deadwoods)
        cards = split_cards(hand.seat_cards)
        out["deadwoods"] = dict(zip(names, counts, strict=True)) if hand.seat_deadwoods else None
        out["hands"] = (
            {n: c.split() for n, c in zip(names, cards, strict=True)} if hand.seat_cards else None
        )
    else:
        out["knocker_cards"] = hand.knocker_cards.split() if hand.knocker_cards else None
        out["defender_cards"] = hand.defender_cards.split() if hand.defender_cards else None
        out["knocker_deadwood"] = hand.knocker_deadwood
        out["defender_deadwood"] = hand.defender_deadwood
    out.update(
        {
            "upcard": hand.upcard,
            "note": hand.note,
            "created_at": hand.created_at.isoformat(),
            "edited_at": hand.edited_at.isoformat() if hand.edited_at else None,
            "seating": {"why": _step(line.why), "overridden": line.overridden},
            "result": result_json(line.result, names) if line.result else None,
            "error": line.error,
            "summary": line.summary(names),
            "points": dict(zip(names, line.points, strict=True)),
            "totals": dict(zip(columns, line.totals, strict=True)),
        }
    )
    return out


def match_json(match: Match) -> dict[str, Any]:
    board = board_service.build(match)
    names = board.names
    st = board.standing
    columns = _columns(board)

    def by_column(values: Sequence[int]) -> dict[str, int]:
        return dict(zip(columns, values, strict=True))

    nxt = board.next
    ledger = st.ledger
    shown = ledger.games[-1] if ledger is not None and ledger.games else None
    shutouts = [
        {"payer": columns[e.payer], "payee": columns[e.payee], "points": e.points}
        for e in (shown.extras if shown is not None and st.over else ())
    ]
    out: dict[str, Any] = {
        "id": match.view_id,
        "view_url": url_for("matches.scoreboard", view_id=match.view_id, _external=True),
        "settlement_url": url_for("threehand.settlement", view_id=match.view_id, _external=True),
        "variant": match.variant,
        "preset": match.preset,
        "rules": board.rules.to_dict(),
        "stake_per_point": str(match.stake_per_point),
        "status": board.status,
        "revision": match.revision,
        "created_at": match.created_at.isoformat(),
        "players": [{"seat": p.seat, "name": p.name} for p in match.players],
        "cut": match.cut.split() if match.cut else None,
        "hands": [hand_json(board, line) for line in board.lines],
        "hands_played": board.hands_played,
        "totals": dict(zip(names, board.totals, strict=True)),
        "boxes": by_column(st.boxes),
        "next": {
            "dealer": names[nxt.dealer],
            "players": _seat_names(nxt.players, names),
            "sitting_out": _seat_names(nxt.sitting_out, names),
            "box": names[nxt.box] if nxt.box is not None else None,
            "captain": names[nxt.captain] if nxt.captain is not None else None,
            "queue": _seat_names(nxt.queue, names),
            "why": _step(nxt.why),
        },
        "next_dealer": names[nxt.dealer],
        "game": {
            "number": st.game,
            "over": st.over,
            "winner": columns[st.winner] if st.winner is not None else None,
            "shutout": st.shutout,
            "points": by_column(st.points),
            "tally": [{"label": label, "points": by_column(v)} for label, v in st.tally],
            "final": by_column(st.finals) if st.finals else None,
            "shutout_payments": shutouts,
        },
        "games": [
            {
                "number": g.number,
                "label": g.label,
                "winner": _game_winner(board, g),
                "final": by_column(g.finals) if g.finals else None,
                "value": g.value,
                "box": names[g.box] if g.box is not None else None,
                "settlement": settlement_json(g.settlement, names),
            }
            for g in board.games
        ],
        "settlement": settlement_json(board.settlement, names) if board.settlement else None,
    }
    if board.family == CHOUETTE:
        out["chouette"] = {
            "box": names[board.shown_box] if board.shown_box is not None else None,
            "partners": _seat_names(board.extra.get("partners", ()), names),
            "points": by_column(st.points),
        }
    return out


def _game_winner(board: board_service.ThreeBoard, game: board_service.GameSettlement) -> Any:
    if board.family == CHOUETTE:
        return None if game.box_won is None else "box" if game.box_won else "partnership"
    return board.names[game.winner] if game.winner is not None else None


# -- writing ---------------------------------------------------------------------------------


def _seat(names: Sequence[str], value: Any, field: str, fail: Fail) -> int | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    if isinstance(value, str):
        folded = [n.casefold() for n in names]
        if value.strip().casefold() in folded:
            return folded.index(value.strip().casefold())
    fail(400, field, f"{value!r} is not a player of this match ({', '.join(names)})")


def _by_seat(names: Sequence[str], value: Any, field: str, fail: Fail) -> list[Any] | None:
    """A value per player: a list by seat, or an object by name."""
    if value is None:
        return None
    if isinstance(value, list):
        if len(value) != len(names):
            fail(400, field, f"one entry per player: {len(names)} (got {len(value)})")
        return value
    if isinstance(value, dict):
        out: list[Any] = [None] * len(names)
        for key, item in value.items():
            seat = _seat(names, key, field, fail)
            assert seat is not None
            out[seat] = item
        return out
    fail(400, field, "a list by seat, or an object by player's name")


def hand_fields(
    match: Match,
    data: dict[str, Any],
    board: board_service.ThreeBoard,
    fail: Fail,
    hand: Hand | None = None,
) -> dict[str, Any]:
    """The request body of a three-handed hand → the hand's fields (seats by number)."""
    family = match.variant
    names = match.names
    keys = HAND_KEYS[family]
    unknown = sorted(set(data) - keys)
    if unknown:
        fail(
            400,
            unknown[0],
            f"is not a field of a {_TITLES[family]} hand (known: {', '.join(sorted(keys))})",
        )
    kind = kind_of(data, fail)
    note = note_of(data, fail)
    upcard = upcard_of(data, fail)
    knocker = _seat(names, data.get("knocker"), "knocker", fail)
    check_knocker(kind, knocker, fail)
    seating = board_service.seating_at(match, board, hand)
    dealer = _seat(names, data.get("dealer"), "dealer", fail)
    fields: dict[str, Any] = {
        "kind": kind,
        "knocker_seat": knocker,
        "dealer_seat": seating.dealer if dealer is None else dealer,
        "upcard": upcard,
        "note": note,
    }
    if family == BATTLE_ROYAL:
        deadwoods = _by_seat(names, data.get("deadwoods"), "deadwoods", fail)
        hands = _by_seat(names, data.get("hands"), "hands", fail)
        for seat, value in enumerate(deadwoods or ()):
            if value is not None and not is_whole(value):
                fail(400, "deadwoods", f"{names[seat]}'s count must be a whole number")
        for value in hands or ():
            if value is not None and not isinstance(value, str | list):
                fail(400, "hands", CARDS_REASON)
        fields["entry"] = data.get("entry") or ("cards" if hands is not None else "counts")
        fields["seat_deadwoods"] = deadwoods if deadwoods is not None else [None] * BR_SEATS
        fields["seat_cards"] = [v or "" for v in hands] if hands is not None else None
        return fields
    check_cards(data, fail)
    check_counts(data, fail)
    fields["entry"] = entry_of(data)
    for name in TWO_PLAYER_KEYS:
        fields[name] = data.get(name)
    if family == CUTTHROAT:
        fields["sitting_out_seat"] = _sitting_out(names, data, seating, fail)
    else:
        captain = _seat(names, data.get("captain"), "captain", fail)
        fields["captain_seat"] = seating.captain if captain is None else captain
    return fields


def _sitting_out(
    names: Sequence[str], data: dict[str, Any], seating: board_service.NextHand, fail: Fail
) -> int:
    out = _seat(names, data.get("sitting_out"), "sitting_out", fail)
    players = data.get("players")
    if players is None:
        return seating.sitting_out[0] if out is None else out
    if not isinstance(players, list) or len(players) != 2:
        fail(400, "players", 'the two players of this hand, e.g. ["Ann", "Ben"]')
    seats = [_seat(names, p, "players", fail) for p in players]
    if seats[0] == seats[1]:
        fail(400, "players", f"{names[seats[0]]} cannot play against themselves")  # type: ignore[index]
    if out is not None and out in seats:
        fail(400, "sitting_out", f"{names[out]} cannot both sit out and play")
    third = next(s for s in range(len(names)) if s not in seats)
    if out is not None and out != third:
        fail(400, "sitting_out", f"{names[third]} sat out: {names[out]} is named as a player")
    return third


def patched(match: Match, hand: Hand, data: dict[str, Any]) -> dict[str, Any]:
    """A PATCH body merged over the hand as it stands (its entered fields, by name)."""
    names = match.names

    def name(seat: int | None) -> str | None:
        return names[seat] if seat is not None else None

    current: dict[str, Any] = {
        "kind": hand.kind,
        "entry": hand.entry,
        "knocker": name(hand.knocker_seat),
        "dealer": name(hand.dealer_seat),
        "upcard": hand.upcard,
        "note": hand.note,
    }
    family = match.variant
    if family == BATTLE_ROYAL:
        if hand.seat_deadwoods:
            current["deadwoods"] = split_deadwoods(hand.seat_deadwoods)
        if hand.seat_cards:
            current["hands"] = split_cards(hand.seat_cards)
    else:
        for key in TWO_PLAYER_KEYS:
            current[key] = getattr(hand, key)
        if family == CUTTHROAT and "players" not in data:
            current["sitting_out"] = name(hand.sitting_out_seat)
        if family == CHOUETTE:
            current["captain"] = name(hand.captain_seat)
    counts = {"knocker_deadwood", "defender_deadwood", "deadwoods"}
    cards = {"knocker_cards", "defender_cards", "hands"}
    if "entry" not in data and (counts | cards) & set(data):
        current.pop("entry")  # the entry follows what was sent
        for key in cards if counts & set(data) else counts:
            current.pop(key, None)
    return {k: v for k, v in {**current, **data}.items() if v is not None}
