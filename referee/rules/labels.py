"""How rulings name players: by name when the caller gives names, else "seat N".

The engine knows seats only; the web page and the shell know names. Steps are written with
whichever the caller has, and begin with a capital letter either way. A name is said as it is
in every language; "seat N" is a :class:`~referee.rules.messages.Message`, said in the
reader's language.
"""

from __future__ import annotations

import dataclasses
import string
from collections.abc import Callable, Sequence

from referee.rules.messages import Message, msg, msg_n, verbatim
from referee.rules.results import Step

Label = Callable[[int], Message | str]

SEAT = "seat {number}"
"""The template of a seat named by its number (a step's first word gets :func:`capitalized`)."""


class NamesError(ValueError):
    """The wrong number of names for the table (``message``: the reason's key and values;
    ``str()`` its English)."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


def names_needed(seats: int, got: int) -> Message:
    """The reason a table of ``seats`` cannot take ``got`` names."""
    return msg_n(
        "{count} name is needed (got {got})", "{count} names are needed (got {got})", seats, got=got
    )


def labeller(names: Sequence[str] | None, seats: int | None = None) -> Label:
    """A function from a seat to how steps name it; checks there is one name per seat."""
    if names is not None and seats is not None and len(names) != seats:
        raise NamesError(names_needed(seats, len(names)))

    def label(seat: int) -> Message | str:
        return names[seat] if names is not None else msg("seat {number}", number=seat)

    return label


def player_label(names: Sequence[str] | None, seat: int) -> Message | str:
    """A rummy game's player: by name, else "Player N" (counted from 1)."""
    if names is not None and seat < len(names):
        return names[seat]
    return msg("Player {number}", number=seat + 1)


def step(said: Message, rule: str) -> Step:
    """A ruling step, its first letter a capital ("seat 2 sits out" → "Seat 2 sits out")."""
    return Step(capitalized(said), rule)


def capitalized(said: Message) -> Message:
    """``said`` beginning with a capital letter, as a sentence does: a name that begins it is
    said with its first letter a capital, and "seat N" as "Seat N". (A message that begins
    with a word of its own template is kept as written: its templates begin with a capital.)
    """
    english = str(said)
    wanted = english[:1].upper() + english[1:]
    if english == wanted:
        return said
    found = _capital(said)
    return found if found is not None and str(found) == wanted else verbatim(wanted)


_FORMATTER = string.Formatter()


def _capital(said: Message) -> Message | None:
    if said.parts:
        first = _capital(said.parts[0])
        return None if first is None else Message("", parts=(first, *said.parts[1:]))
    if said.template == SEAT:
        return msg("Seat {number}", **said.value_map)
    parsed = list(_FORMATTER.parse(said.template))
    if not parsed:
        return None
    literal, name, _spec, _conversion = parsed[0]
    if literal or not name:
        return None
    value = said.value_map.get(name)
    new: Message | str | None
    if isinstance(value, str):
        new = value[:1].upper() + value[1:]
    elif isinstance(value, Message):
        new = _capital(value)
    else:
        new = None
    if new is None:
        return None
    values = tuple((n, new if n == name else v) for n, v in said.values)
    return dataclasses.replace(said, values=values)
