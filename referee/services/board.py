"""A match folded into its scoreboard by its format, once per revision in a request.

Everything on a scoreboard is derived from the hands as entered: the match's format
(:mod:`referee.rules.formats`) rules and folds them into one :class:`Board`. This module
only hands the format the stored hands and keeps the fold for the rest of the request: a
page, an API answer and the write before it read the same fold as long as the match's
revision has not moved.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from flask import g, has_request_context

from referee.rules import formats
from referee.rules.errors import InputError
from referee.rules.formats import (
    Board,
    Format,
    Line,
    NextHand,
    StoredHand,
    Table,
    find_format,
)
from referee.rules.ruleset import Ruleset
from referee.rules.variants import Preset

if TYPE_CHECKING:
    from referee.models import Hand, Match

__all__ = ["Board", "build", "context_at", "forget", "format_of", "rules_of"]


def format_of(match: Match) -> Format:
    """The format the match is played in (chosen when it was created)."""
    return find_format(match.variant or "two_handed")


def format_for(preset: Preset) -> Format:
    """The format a preset's table is played in, as its rules stand."""
    return formats.format_for(preset, preset.rules)


def rules_of(match: Match) -> Ruleset:
    return Ruleset.from_json(match.rules_json)


def stored_hands(hands: list[Hand]) -> list[StoredHand]:
    return [StoredHand(h.fields(), h) for h in hands]


def fold_hands(match: Match, hands: list[Hand]) -> Board:
    """Fold ``hands`` of ``match`` (its live hands, or the ones before a hand)."""
    return _fold(match, stored_hands(hands))


def table_of(match: Match) -> Table:
    """The table the match is played at: its frozen rules, players, cut and stake."""
    return Table(
        rules_of(match),
        tuple(match.names),
        match.cut,
        Decimal(match.stake_per_point or 0),
    )


def _fold(match: Match, hands: list[StoredHand]) -> Board:
    return format_of(match).fold(hands, table_of(match))


def _folds() -> dict[tuple[int, int], Board]:
    folds: dict[tuple[int, int], Board] = g.setdefault("folds", {})
    return folds


def build(match: Match) -> Board:
    """The scoreboard of ``match`` from its live hands (folded once per revision in a
    request)."""
    if not has_request_context() or match.id is None:
        return fold_hands(match, match.live_hands)
    key = (match.id, match.revision or 0)
    folds = _folds()
    board = folds.get(key)
    if board is None:
        board = folds[key] = fold_hands(match, match.live_hands)
    return board


def forget(match: Match) -> None:
    """Drop the request's folds of ``match`` (after a change that was rolled back)."""
    if has_request_context():
        folds = _folds()
        for key in [k for k in folds if k[0] == match.id]:
            del folds[key]
        g.pop("contexts", None)


def context_at(match: Match, hand: Hand | None) -> NextHand:
    """What the rotation calls for at ``hand``: with none, the next hand's seating; for an
    edit at a table seated by a rotation, the seating the hands before it give (folded once
    per revision in a request). Elsewhere no hand's entry depends on the hands before it."""
    if hand is None or not format_of(match).seated:
        return build(match).next
    if not has_request_context():
        return _context_before(match, hand)
    key = (match.id, match.revision or 0, hand.id)
    contexts: dict[tuple[int, int, int], NextHand] = g.setdefault("contexts", {})
    if key not in contexts:
        contexts[key] = _context_before(match, hand)
    return contexts[key]


def _context_before(match: Match, hand: Hand) -> NextHand:
    live = match.live_hands
    position = next(i for i, h in enumerate(live) if h.id == hand.id)
    return fold_hands(match, live[:position]).next


def preview(match: Match, values: dict[str, Any], hand: Hand | None, position: int) -> Line:
    """The line a hand would have, entered as ``values`` at ``position`` (replacing ``hand``
    for an edit), as the match would fold with it; raises :class:`InputError` when the fold
    refuses it there (a knocker the rotation had sitting out, say)."""
    live = match.live_hands
    hands = stored_hands(live)
    candidate = StoredHand(values, None)
    end = position + 1 if hand is not None else position
    board = _fold(match, [*hands[:position], candidate, *hands[end:]])
    line = board.lines[position]
    if line.error is not None:
        raise InputError(line.error_field, line.error)
    return line
