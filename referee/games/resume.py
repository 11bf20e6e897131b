"""A match folded again after a change, from where the change can matter.

A fold is a pure function of a match's hands and table, so after a change only the hands
from the first one that differs can fold differently; and at a table that plays one game at
a time, a finished game is final. :func:`resume` takes the fold of the match before the
change (:class:`Folded`: the hands and their board), finds the last game boundary at or
before the first changed hand, and asks the format to fold from there
(:meth:`~.base.Format.fold_from`): a new hand at the end folds only the game in play, not
the match from hand 1. Formats whose hands carry state across games (a rotation, several
games at once) offer no boundary but the first hand and fold from scratch.

The answer is always exactly :meth:`~.base.Format.fold`'s (a property test checks it after
random adds, edits, deletes and undos in every kind of format).

>>> from referee.games import find_format
>>> from referee.games.base import StoredHand, Table
>>> from referee.games.presets import get_preset
>>> fmt, table = find_format("two_handed"), Table(get_preset("american").rules, ("Ann", "Ben"))
>>> def knock(k, d): return StoredHand(fmt.normalise({"entry": "counts", "kind": "knock",
...     "knocker_seat": 0, "dealer_seat": 1, "knocker_deadwood": k, "defender_deadwood": d}))
>>> hands = [knock(2, 60), knock(3, 60), knock(1, 80)]
>>> before = Folded(tuple(hands), fmt.fold(hands, table))
>>> after = resume(fmt, table, [*hands, knock(4, 20)], before)
>>> after.lines[-1].totals == fmt.fold([*hands, knock(4, 20)], table).lines[-1].totals
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.base import Board, Format, StoredHand, Table

__all__ = ["Folded", "changed_from", "resume", "resume_point"]


@dataclass(frozen=True)
class Folded:
    """A fold and what it folded: the hands, in order, and their board."""

    hands: tuple[StoredHand, ...]
    board: Board


def changed_from(before: Sequence[StoredHand], after: Sequence[StoredHand]) -> int:
    """The index of the first hand that differs between ``before`` and ``after`` (the
    length of the shorter when one extends the other)."""
    for index, (old, new) in enumerate(zip(before, after, strict=False)):
        if old != new:
            return index
    return min(len(before), len(after))


def resume_point(fmt: Format, previous: Folded, hands: Sequence[StoredHand]) -> int:
    """Where a fold of ``hands`` may start from ``previous``: the last of the format's
    boundaries at or before the first changed hand."""
    changed = changed_from(previous.hands, hands)
    return max((b for b in fmt.boundaries(previous.board) if b <= changed), default=0)


def resume(
    fmt: Format, table: Table, hands: Sequence[StoredHand], previous: Folded | None
) -> Board:
    """``fmt.fold(hands, table)``, from the last boundary of ``previous`` that the change
    leaves alone (the board of ``previous`` itself when nothing changed)."""
    if previous is None or previous.board.format is not fmt or previous.board.table != table:
        return fmt.fold(hands, table)
    if tuple(hands) == previous.hands:
        return previous.board
    start = resume_point(fmt, previous, hands)
    if start == 0:
        return fmt.fold(hands, table)
    return fmt.fold_from(previous.board, start, hands, table)
