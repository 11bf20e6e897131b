"""The web's window on the match ledger and settlement of :mod:`referee.rules`.

It only renames: the scoreboard reads :class:`Standing` and :class:`Money`, and this module is
the one place that knows the ledger's own names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from referee.rules import ledger
from referee.rules.results import HandScore
from referee.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Running:
    """A seat-by-seat line after one hand: hand points and boxes in its game so far."""

    points: tuple[int, ...]
    boxes: tuple[int, ...]
    game: int = 1


@dataclass(frozen=True)
class Standing:
    points: tuple[int, ...]
    boxes: tuple[int, ...]
    hands_won: tuple[int, ...]
    lines: list[Running]
    over: bool
    winner: int | None
    tally: list[tuple[str, tuple[int, ...]]] = field(default_factory=list)
    finals: tuple[int, ...] = ()
    margin: int = 0
    shutout: bool = False
    raw: object = None


@dataclass(frozen=True)
class Money:
    stake: Decimal
    margin: int
    payer: int | None
    payee: int | None
    amount: Decimal
    raw: object = None


def fold(scores: Sequence[HandScore], rules: Ruleset, players: int = 2) -> Standing:
    result = ledger.fold_match(list(scores), rules, players=players)
    return _standing(result)


def _standing(result: object) -> Standing:
    raise NotImplementedError  # filled in against the ledger's names


def dealer_after(
    hands: Sequence[tuple[int, int | None, bool]], rules: Ruleset, players: int = 2
) -> int:
    """Who deals next, given each hand's (dealer, winner, dead) in order."""
    raise NotImplementedError


def settle(standing: Standing, stake: Decimal, names: Sequence[str]) -> Money:
    raise NotImplementedError
