"""The three ways Indian Rummy is played, folded over the deals (docs/rules.md §8.6).

- **Points Rummy**: every deal stands alone at a stake per point; the winner collects every
  other player's points. The running score is each player's net points (summing to 0).
- **Pool Rummy** (101 or 201): each player's points add up; a player whose total reaches the
  pool (101 or more, 201 or more) is out; the last player left wins the pool, everyone's
  entry (entry × players).
- **Deals Rummy**: a fixed number of deals (2, 3 or 6); every player starts with 80 × players
  chips; a deal's winner takes the others' points as chips; after the last deal the most chips
  win (tied players share the win).

>>> from referee.games.indian.scoring import rule_deal
>>> deals = [rule_deal(0, ["won", "lost", "lost"], [0, 60, 70]),
...          rule_deal(1, ["lost", "won", "lost"], [50, 0, 40])]
>>> pool = fold(Variant.POOL, deals, 3, 101)
>>> pool.totals, pool.out, pool.over
((50, 60, 110), (2,), False)
>>> fold(Variant.DEALS, deals, 3, 2).totals
(320, 270, 130)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from referee.games.indian.scoring import DealResult, Part
from referee.rules.errors import HandError
from referee.rules.messages import Message, msg

RULE = "§8.6"
CHIPS_EACH = 80
"""Deals Rummy: each player's chips at the start, times the number of players."""


class Variant(StrEnum):
    POINTS = "points"
    POOL = "pool"
    DEALS = "deals"


@dataclass(frozen=True)
class DealLine:
    """One deal folded: what it gave each seat (Pool: points added; Points and Deals: chips
    or points won and lost), the running totals after it, who went out of the pool at it."""

    change: tuple[int, ...]
    totals: tuple[int, ...]
    out_now: tuple[int, ...] = ()


@dataclass(frozen=True)
class Payment:
    """Points (chips) one player pays another."""

    payer: int
    payee: int
    points: int


@dataclass(frozen=True)
class IndianStanding:
    """The match folded: each deal's line, the totals (Pool: points, lowest best; Points:
    net points; Deals: chips), who is out of the pool, whether the match is over and who won,
    and the payments it settles to (in points or chips; a pool in entries)."""

    variant: Variant
    lines: tuple[DealLine, ...]
    totals: tuple[int, ...]
    out: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    payments: tuple[Payment, ...]
    target: int
    refused_at: int | None = None  # the first deal the fold refused (its number)
    refusal: Message | None = None  # and why

    @property
    def in_play(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.totals)) if s not in self.out)


def fold(
    variant: Variant,
    deals: Sequence[DealResult],
    players: int,
    target: int,
    names: Sequence[str] = (),
) -> IndianStanding:
    """The deals in order, folded as ``variant`` plays them (``target``: the pool, or the
    number of deals). Raises :class:`HandError` at a deal the match cannot take (after it
    ended, or with a player out of the pool dealt in)."""
    if variant is Variant.POOL:
        return _pool(deals, players, target, names or [f"Player {s + 1}" for s in range(players)])
    start = CHIPS_EACH * players if variant is Variant.DEALS else 0
    totals = [start] * players
    lines: list[DealLine] = []
    payments: list[Payment] = []
    for number, deal in enumerate(deals, 1):
        if variant is Variant.DEALS and number > target:
            raise HandError(msg("the match was {deals} deals and is over", deals=target)).at_hand(
                number
            )
        change = [-p for p in deal.points]
        change[deal.winner] = deal.collected
        for seat, points in enumerate(deal.points):
            if points:
                payments.append(Payment(seat, deal.winner, points))
        totals = [t + c for t, c in zip(totals, change, strict=True)]
        lines.append(DealLine(tuple(change), tuple(totals)))
    over = variant is Variant.DEALS and len(deals) >= target
    winners: tuple[int, ...] = ()
    if over:
        top = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == top)
    return IndianStanding(
        variant, tuple(lines), tuple(totals), (), over, winners, tuple(payments), target
    )


def _pool(
    deals: Sequence[DealResult], players: int, pool: int, names: Sequence[str]
) -> IndianStanding:
    totals = [0] * players
    out: list[int] = []
    lines: list[DealLine] = []
    for number, deal in enumerate(deals, 1):
        if players - len(out) <= 1:
            raise HandError(msg("the pool is over: one player is left")).at_hand(number)
        for seat in out:
            if deal.seats[seat].part is not Part.OUT:
                raise HandError(
                    msg("{player} is out of the pool and plays no more", player=names[seat])
                ).at_hand(number)
        for seat, s in enumerate(deal.seats):
            if s.part is Part.OUT and seat not in out:
                raise HandError(
                    msg("{player} is still in the pool: they play this deal", player=names[seat])
                ).at_hand(number)
        totals = [t + p for t, p in zip(totals, deal.points, strict=True)]
        now = tuple(s for s in range(players) if s not in out and totals[s] >= pool)
        out.extend(now)
        lines.append(DealLine(deal.points, tuple(totals), now))
    left = [s for s in range(players) if s not in out]
    over = len(left) <= 1 and bool(deals)
    winners: tuple[int, ...] = ()
    payments: list[Payment] = []
    if over:
        if not left:  # everyone left went out at the same deal: the lowest of them wins
            last = lines[-1].out_now
            low = min(totals[s] for s in last)
            left = [s for s in last if totals[s] == low]
        winners = tuple(left)
        if len(winners) == 1:
            payments = [Payment(s, winners[0], 1) for s in range(players) if s != winners[0]]
    return IndianStanding(
        Variant.POOL, tuple(lines), tuple(totals), tuple(out), over, winners, tuple(payments), pool
    )
