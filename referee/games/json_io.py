"""The JSON shapes every format's API shares: the checks of a hand's body (players named,
cards and counts of the right type, the entry guessed), and rulings, payments and
settlements written out with the players by name.

Every check raises :class:`~referee.rules.errors.InputError` with the API's field name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from referee.games.base import Result, SaysItsJson
from referee.games.kinds import HandKindChoice
from referee.games.standing import Money
from referee.rules.errors import InputError
from referee.rules.if_ended import IfEndedNow
from referee.rules.messages import Message, msg, msg_n
from referee.rules.report import hand_result_to_dict
from referee.rules.results import HandResult, Step
from referee.rules.settlement import Settlement

CARD_FIELDS = ("knocker_cards", "defender_cards")
COUNT_FIELDS = ("knocker_deadwood", "defender_deadwood")
CARDS_REASON = msg('cards as a string ("AS 2S 3S ...") or a list of codes')
COMMON_KEYS = frozenset(
    {"kind", "entry", "knocker", "dealer", "upcard", "note"}
    | {"version", "expected_number", "idempotency_key"}
)
"""What every hand body may hold."""
TWO_PLAYER_KEYS = frozenset(CARD_FIELDS + COUNT_FIELDS)
NOTE_LENGTH = 500
"""The longest note a hand keeps, in characters."""


def is_whole(value: Any) -> bool:
    """A JSON whole number (not true/false)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_keys(
    data: Mapping[str, Any], known: Iterable[str], what: str | Message, where: str = ""
) -> None:
    """Refuse the first key of ``data`` that is not ``known``; ``what`` says what a key is
    ("a hand field"; a :class:`Message` is said in the reader's language)."""
    unknown = sorted(set(data) - set(known))
    if unknown:
        said = msg("is not {what} (known: {known})", what=what, known=", ".join(sorted(known)))
        raise InputError(where + unknown[0], said)


def kind_of(data: Mapping[str, Any], field: str = "kind") -> Any:
    kind = data.get("kind")
    if kind is None:
        raise InputError(field, msg("knock, gin, big_gin, dead (or auto with cards)"))
    return kind


def note_of(data: Mapping[str, Any]) -> str:
    note = data.get("note") or ""
    if not isinstance(note, str) or len(note) > NOTE_LENGTH:
        raise InputError(
            "note",
            msg_n(
                "text of at most {count} character",
                "text of at most {count} characters",
                NOTE_LENGTH,
            ),
        )
    return note


def upcard_of(data: Mapping[str, Any]) -> str | None:
    upcard = data.get("upcard")
    if upcard is not None and not isinstance(upcard, str):
        raise InputError("upcard", msg('a card such as "7S"'))
    return upcard


def check_knocker(kind: Any, knocker: int | None) -> None:
    if kind != HandKindChoice.DEAD and knocker is None:
        raise InputError("knocker", msg("who knocked or went gin (a player's name)"))


def check_cards(
    data: Mapping[str, Any],
    names: Iterable[str] = CARD_FIELDS,
    where: str = "",
    reason: str | Message = CARDS_REASON,
) -> None:
    for name in names:
        value = data.get(name)
        if value is not None and not isinstance(value, str | list):
            raise InputError(where + name, reason)


def check_counts(data: Mapping[str, Any], where: str = "") -> None:
    for name in COUNT_FIELDS:
        value = data.get(name)
        if value is not None and not is_whole(value):
            raise InputError(where + name, msg("must be a whole number"))


def entry_of(data: Mapping[str, Any]) -> Any:
    """The entry as sent, else cards when either hand's cards were sent, else counts."""
    has_cards = data.get("knocker_cards") is not None or data.get("defender_cards") is not None
    return data.get("entry") or ("cards" if has_cards else "counts")


def seat_of(
    names: Sequence[str], value: Any, field: str, reason: str | Message | None = None
) -> int | None:
    """A player named by name (any case) or seat number; None when not given."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    if isinstance(value, str):
        folded = [n.casefold() for n in names]
        if value.strip().casefold() in folded:
            return folded.index(value.strip().casefold())
    if reason:
        raise InputError(field, reason)
    raise InputError(
        field,
        msg(
            "{value} is not a player of this match ({names})",
            value=repr(value),
            names=", ".join(names),
        ),
    )


def by_seat(names: Sequence[str], value: Any, field: str) -> list[Any] | None:
    """A value per player: a list by seat, or an object by name."""
    if value is None:
        return None
    if isinstance(value, list):
        if len(value) != len(names):
            raise InputError(
                field,
                msg(
                    "one entry per player: {players} (got {got})",
                    players=len(names),
                    got=len(value),
                ),
            )
        return value
    if isinstance(value, dict):
        out: list[Any] = [None] * len(names)
        for key, item in value.items():
            seat = seat_of(names, key, field)
            assert seat is not None
            out[seat] = item
        return out
    raise InputError(field, msg("a list by seat, or an object by player's name"))


def cards_list(text: Any) -> list[str] | None:
    """Stored card codes as a JSON list (None when there are none)."""
    return text.split() if isinstance(text, str) and text else None


# -- rulings and money ---------------------------------------------------------------------


def step_json(step: Step | None) -> dict[str, object] | None:
    return step.as_json() if step else None


def seat_names(seats: Sequence[int], names: Sequence[str]) -> list[str]:
    return [names[s] for s in seats]


def money_json(money: Money | None, names: Sequence[str]) -> dict[str, Any] | None:
    """A two-sided settlement as one payment."""
    if money is None:
        return None
    return {
        "stake_per_point": str(money.stake),
        "points": money.points,
        "exact_points": money.exact_points,
        "payer": names[money.payer] if money.payer is not None else None,
        "payee": names[money.payee] if money.payee is not None else None,
        "amount": str(money.amount),
    }


def settlement_json(s: Settlement, names: Sequence[str]) -> dict[str, Any]:
    """A settlement between several players: pairs, nets, fewest transfers.

    ``points`` are the points paid (rounded as the table rounds, ``exact_points`` before);
    each transfer's ``amount`` is its points at the stake, so the transfers settle every net
    exactly in points and in money.
    """
    return {
        "stake_per_point": str(s.stake_per_point),
        "rounding": s.rounding.value,
        "pairs": [
            {
                "payer": names[p.payer],
                "payee": names[p.payee],
                "points": p.points,
                "exact_points": p.exact_points,
                "difference": p.difference,
                "shutout_extra": p.extra,
                "money": str(p.money),
            }
            for p in s.pairs
        ],
        "nets": dict(zip(names, s.nets, strict=True)),
        "exact_nets": dict(zip(names, s.exact_nets, strict=True)),
        "money_nets": {n: str(m) for n, m in zip(names, s.money_nets, strict=True)},
        "transfers": [
            {
                "payer": names[t.payer],
                "payee": names[t.payee],
                "points": t.points,
                "amount": str(m.amount),
            }
            for t, m in zip(s.transfers, s.money_transfers, strict=True)
        ],
    }


def if_ended_json(now: IfEndedNow, names: Sequence[str]) -> dict[str, Any]:
    """Where the money stands during play, as the scoreboard says it: the match settled as
    if the game in progress ended now, as it stands and with the game bonus to the leader."""
    return {
        "game": now.game,
        "counted": dict(zip(names, now.counted, strict=True)),
        "leader": names[now.leader] if now.leader is not None else None,
        "bonus": now.bonus,
        "as_it_stands": settlement_json(now.as_it_stands, names),
        "with_bonus": settlement_json(now.with_bonus, names) if now.with_bonus else None,
    }


def result_json(result: Result, names: Sequence[str] | None = None) -> dict[str, Any]:
    """A ruling as JSON: a two-player hand as :func:`hand_result_to_dict`; a result of more
    players says its own (``as_json``: every player's count, arrangement and layoffs)."""
    if isinstance(result, HandResult):
        return hand_result_to_dict(result)
    if isinstance(result, SaysItsJson):
        return result.as_json(names)
    raise TypeError(f"no JSON for a ruling of type {type(result).__name__}")
