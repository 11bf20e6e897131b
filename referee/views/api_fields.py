"""The checks every JSON hand body shares, two-handed or three-handed: the kind, note and
upcard, the knocker named, the cards and counts of the right type, and the entry guessed.

Each check reports through ``fail(status, field, reason)``, which raises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import NoReturn, TypeGuard

from referee.models import HandKindChoice

# ``fail(status, field, reason)``: answers the request with that error; never returns.
Fail = Callable[[int, str | None, str], NoReturn]

CARD_FIELDS = ("knocker_cards", "defender_cards")
COUNT_FIELDS = ("knocker_deadwood", "defender_deadwood")
CARDS_REASON = 'cards as a string ("AS 2S 3S ...") or a list of codes'


def is_whole(value: object) -> TypeGuard[int]:
    """A JSON whole number (not true/false)."""
    return isinstance(value, int) and not isinstance(value, bool)


def kind_of(data: Mapping[str, object], fail: Fail, field: str = "kind") -> object:
    """The kind as sent; a body without one fails."""
    kind = data.get("kind")
    if kind is None:
        fail(400, field, "knock, gin, big_gin, dead (or auto with cards)")
    return kind


def note_of(data: Mapping[str, object], fail: Fail) -> str:
    note = data.get("note") or ""
    if not isinstance(note, str) or len(note) > 500:
        fail(400, "note", "text of at most 500 characters")
    return note


def upcard_of(data: Mapping[str, object], fail: Fail) -> str | None:
    upcard = data.get("upcard")
    if upcard is not None and not isinstance(upcard, str):
        fail(400, "upcard", 'a card such as "7S"')
    return upcard


def check_knocker(kind: object, knocker: int | None, fail: Fail) -> None:
    if kind != HandKindChoice.DEAD and knocker is None:
        fail(400, "knocker", "who knocked or went gin (a player's name)")


def check_cards(
    data: Mapping[str, object],
    fail: Fail,
    names: Iterable[str] = CARD_FIELDS,
    where: str = "",
    reason: str = CARDS_REASON,
) -> None:
    for name in names:
        value = data.get(name)
        if value is not None and not isinstance(value, str | list):
            fail(400, where + name, reason)


def check_spread(data: Mapping[str, object], fail: Fail) -> None:
    """The knocker's declared melds: ``"5S 6S 7S | KH KD KC"`` or a list of melds, each a
    string or a list of codes."""
    value = data.get("spread")
    if value is None or isinstance(value, str):
        return
    if isinstance(value, list) and all(
        isinstance(m, str) or (isinstance(m, list) and all(isinstance(c, str) for c in m))
        for m in value
    ):
        return
    fail(
        400,
        "spread",
        'the melds laid down: "5S 6S 7S | KH KD KC" or a list of melds such as '
        '[["5S", "6S", "7S"], ["KH", "KD", "KC"]]',
    )


def check_counts(data: Mapping[str, object], fail: Fail, where: str = "") -> None:
    for name in COUNT_FIELDS:
        value = data.get(name)
        if value is not None and not is_whole(value):
            fail(400, where + name, "must be a whole number")


def entry_of(data: Mapping[str, object]) -> object:
    """The entry as sent, else cards when either hand's cards were sent, else counts."""
    has_cards = data.get("knocker_cards") is not None or data.get("defender_cards") is not None
    return data.get("entry") or ("cards" if has_cards else "counts")
