"""How a hand's entered fields are kept in its stored JSON object and read back.

Every hand has the same few columns (dealer, kind, entry, note, a notice to stop); whatever
else a format enters it keeps in the hand's ``data``, a JSON object. A format names those
fields in :attr:`~referee.games.base.Format.stored_fields`, each with a :class:`Codec`: how
the value the rest of the app uses becomes the JSON value, and back. The codecs here are the
shapes formats share; a field two formats both keep is kept alike by both (the registry
checks it), so a stored hand reads back the same whichever format asks.

>>> COUNTS.dump("4 15 _"), COUNTS.load([4, 15, None])
([4, 15, None], '4 15 _')
>>> SPREAD.dump("5S 6S 7S | KH KD KC"), SPREAD.load([["5S", "6S", "7S"], ["KH", "KD", "KC"]])
([['5S', '6S', '7S'], ['KH', 'KD', 'KC']], '5S 6S 7S | KH KD KC')
>>> HANDS.dump("AS 2S | 3C"), HANDS.load(["AS 2S", "3C"])
(['AS 2S', '3C'], 'AS 2S | 3C')
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

MISSING_COUNT = "_"
"""A count left empty, in the text form of counts by seat ("4 15 _")."""

SEAT_SEPARATOR = " | "
"""Between the seats' groups of cards in their text form ("AS 2S ... | ... | ...")."""


@dataclass(frozen=True)
class Codec:
    """How one entered field is stored: ``dump`` turns the app's value into the JSON value
    kept in ``data``, ``load`` turns the JSON value back (neither sees None: a field whose
    value is None is left out of ``data``)."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


def _copied(value: Any) -> Any:
    return copy.deepcopy(value)


def _count_of(token: Any) -> int | str | None:
    """One count as stored: a whole number, None for "_", and anything else (never stored by the
    app, which rules a hand before saving it) kept as its text rather than lost."""
    if token is None or token == MISSING_COUNT:
        return None
    if isinstance(token, int) and not isinstance(token, bool):
        return token
    text = str(token)
    try:
        number = int(text)
    except ValueError:
        return text
    return number if str(number) == text else text


def _counts_stored(value: Any) -> list[int | str | None]:
    """``"4 15 _"`` (or a list by seat) → ``[4, 15, None]``."""
    tokens = value.split() if isinstance(value, str) else list(value)
    return [_count_of(token) for token in tokens]


def _counts_text(value: list[int | str | None]) -> str:
    """``[4, 15, None]`` → ``"4 15 _"``."""
    return " ".join(MISSING_COUNT if count is None else str(count) for count in value)


def _codes_text(value: Any) -> str:
    """A group of cards, as text or a list of codes → codes separated by single spaces."""
    if isinstance(value, list | tuple):
        value = " ".join(str(code) for code in value)
    return " ".join(str(value or "").split())


def _hands_stored(value: Any) -> list[str]:
    """``"AS 2S ... | ... | ..."`` (or a list by seat) → one string of codes per seat."""
    groups = value.split("|") if isinstance(value, str) else list(value)
    return [_codes_text(group) for group in groups]


def _hands_text(value: list[str]) -> str:
    return SEAT_SEPARATOR.join(value)


def _spread_stored(value: Any) -> list[list[str]]:
    """``"5S 6S 7S | KH KD KC"`` (or a list of melds) → ``[["5S", "6S", "7S"], [...]]``."""
    groups = value.split("|") if isinstance(value, str) else list(value)
    return [_codes_text(group).split() for group in groups]


def _spread_text(value: list[list[str]]) -> str:
    return " | ".join(" ".join(meld) for meld in value)


SAME = Codec(_same, _same)
"""A number or a text, kept as it is."""

COPIED = Codec(_copied, _copied)
"""A nested value (a list of objects), kept as entered and copied both ways."""

COUNTS = Codec(_counts_stored, _counts_text)
"""Counts by seat: "4 15 _" in the app, ``[4, 15, null]`` stored."""

HANDS = Codec(_hands_stored, _hands_text)
"""Cards by seat: "AS 2S ... | ... | ..." in the app, one text of codes per seat stored."""

SPREAD = Codec(_spread_stored, _spread_text)
"""Melds: "5S 6S 7S | KH KD KC" in the app, a list of melds (lists of codes) stored."""

KNOCK_FIELDS: Mapping[str, Codec] = {
    "knocker_seat": SAME,  # left out for a dead hand
    "knocker_cards": SAME,  # codes separated by spaces ("5S 6S 7S ...")
    "defender_cards": SAME,
    "spread": SPREAD,  # the knocker's declared melds (left out: the engine takes the best)
    "knocker_deadwood": SAME,
    "defender_deadwood": SAME,
    "upcard": SAME,  # "6S", when entered
}
"""A knock of one player against another, entered by counts or by cards."""


def gathered(declared: Mapping[str, Mapping[str, Codec]]) -> dict[str, Codec]:
    """Every field the formats ``declared`` (by format name) keep, in order, each with its
    codec; raises :class:`TypeError` when two formats keep one field in different shapes
    (a stored hand must read back the same whichever format reads it).

    >>> gathered({"a": {"x": SAME}, "b": {"x": SAME, "y": COUNTS}}) == {"x": SAME, "y": COUNTS}
    True
    >>> gathered({"a": {"x": SAME}, "b": {"x": COUNTS}})
    Traceback (most recent call last):
    ...
    TypeError: b stores 'x' otherwise than another format does
    """
    out: dict[str, Codec] = {}
    for name, fields in declared.items():
        for field, codec in fields.items():
            if out.setdefault(field, codec) != codec:
                raise TypeError(f"{name} stores {field!r} otherwise than another format does")
    return out
