"""How rulings name players: by name when the caller gives names, else "seat N".

The engine knows seats only; the web page and the shell know names. Steps are written with
whichever the caller has, and begin with a capital letter either way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..results import Step

Label = Callable[[int], str]


class NamesError(ValueError):
    """The wrong number of names for the table."""


def labeller(names: Sequence[str] | None, seats: int | None = None) -> Label:
    """A function from a seat to how steps name it; checks there is one name per seat."""
    if names is not None and seats is not None and len(names) != seats:
        raise NamesError(f"{seats} names are needed (got {len(names)})")

    def label(seat: int) -> str:
        return names[seat] if names is not None else f"seat {seat}"

    return label


def step(text: str, rule: str) -> Step:
    """A ruling step, its first letter a capital ("seat 2 sits out" → "Seat 2 sits out")."""
    return Step(text[:1].upper() + text[1:], rule)
