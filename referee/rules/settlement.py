"""Final totals → who pays whom, in points and in money (docs/rules.md §2.3, §6.2, §6.3, §11).

Every settlement in the gin family is pairwise: each player pays each higher player the
difference between their final totals (for two players that is just the margin), plus any
extra payments the rules name — a shut-out player may pay the game winner an additional 100
(``ShutoutRule.LOSER_PAYS_EXTRA``). The nets per player follow and sum to zero; the fewest
transfers that settle those nets are what people actually hand across the table.

Points are ``int``; money is :class:`~decimal.Decimal`. Rounding (docs/rules.md §11
``settlement.rounding``; no source prescribes one, R20) is applied to the *points* of each
pairwise payment — the amount one player owes another — as a score sheet rounds, and the
money is always those rounded points at the stake. Rounding money instead would wipe out
small-stake payments (477 points at 0.01 would pay 0 rounded to 10; as points it pays 480,
4.80). The nets are the sums of the rounded payments and the fewest transfers are worked out
once, from the point nets: ``money_transfers[i]`` is ``transfers[i]`` at the stake, so every
figure of a :class:`Settlement` agrees with every other one exactly.

>>> s = settle([310, 95, 0], Decimal(1), [ExtraPayment(2, 0, 100)])
>>> [(p.payer, p.payee, p.points) for p in s.pairs]
[(1, 0, 215), (2, 0, 410), (2, 1, 95)]
>>> s.nets
(625, -120, -505)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import NamedTuple, TypeVar

EXACT_TRANSFERS_MAX = 8
"""With at most this many players owing or owed money the fewest transfers are found exactly;
beyond it the greedy plan (largest debtor pays largest creditor, ≤ n − 1 transfers) is used."""


class SettlementRounding(StrEnum):
    """How the points of each pairwise payment are rounded (docs/rules.md §11, R20)."""

    NONE = "none"
    HALF_UP_5 = "half_up_5"  # to the nearest 5, halves up (2.50 → 5)
    HALF_UP_10 = "half_up_10"
    HALF_UP_100 = "half_up_100"

    @property
    def unit(self) -> Decimal | None:
        """The multiple amounts are rounded to, or None for no rounding."""
        return _ROUNDING_UNITS[self]

    @property
    def note(self) -> str:
        """What people read beside a rounded amount ("" when nothing is rounded)."""
        unit = self.unit
        return "" if unit is None else f"points rounded to the nearest {unit}, halves up"

    def points(self, points: int) -> int:
        """``points`` rounded to the nearest multiple of :attr:`unit`, halves away from zero.

        >>> SettlementRounding.HALF_UP_10.points(477), SettlementRounding.HALF_UP_10.points(-315)
        (480, -320)
        """
        return int(self.apply(Decimal(points)))

    def apply(self, amount: Decimal) -> Decimal:
        """``amount`` rounded to the nearest multiple of :attr:`unit`, a half rounding away
        from zero; unchanged when there is no rounding.

        >>> SettlementRounding.HALF_UP_5.apply(Decimal("12.5"))
        Decimal('15')
        """
        unit = self.unit
        if unit is None:
            return amount
        return (amount / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP) * unit


_ROUNDING_UNITS: dict[SettlementRounding, Decimal | None] = {
    SettlementRounding.NONE: None,
    SettlementRounding.HALF_UP_5: Decimal(5),
    SettlementRounding.HALF_UP_10: Decimal(10),
    SettlementRounding.HALF_UP_100: Decimal(100),
}


class ExtraPayment(NamedTuple):
    """Points one player pays another on top of the difference of their totals (a shutout)."""

    payer: int
    payee: int
    points: int


@dataclass(frozen=True)
class PairPayment:
    """What one player pays another, all things considered.

    ``difference`` is the part from the final totals and ``extra`` the part from extra
    payments, both signed in the payer → payee direction; ``exact_points`` is their sum
    (never negative), ``points`` that sum rounded by the table's rounding (the points paid)
    and ``money`` the paid points at the stake. For a pair that is square, ``points`` is 0
    and the lower seat is named as payer.
    """

    payer: int
    payee: int
    difference: int
    extra: int
    points: int
    money: Decimal
    exact_points: int

    @property
    def rounded(self) -> bool:
        """Whether rounding changed the points paid."""
        return self.points != self.exact_points


@dataclass(frozen=True)
class Transfer:
    """One payment of the fewest-transfers plan, in points."""

    payer: int
    payee: int
    points: int


@dataclass(frozen=True)
class MoneyTransfer:
    """One payment of the fewest-transfers plan, in money (the points transfer at the stake)."""

    payer: int
    payee: int
    amount: Decimal


@dataclass(frozen=True)
class Settlement:
    """A whole settlement: the pairwise table, the nets, and the fewest transfers.

    Seats are indices into ``final_totals``. ``nets[p]`` is what player ``p`` receives
    (negative: pays) in points paid (rounded, as the pairs are), ``exact_nets[p]`` the same
    before rounding and ``money_nets[p]`` the paid points in money; each sums to zero.
    ``money_transfers`` is ``transfers`` one for one, at the stake.
    """

    final_totals: tuple[int, ...]
    stake_per_point: Decimal
    rounding: SettlementRounding
    extras: tuple[ExtraPayment, ...]
    pairs: tuple[PairPayment, ...]
    nets: tuple[int, ...]
    money_nets: tuple[Decimal, ...]
    transfers: tuple[Transfer, ...]
    money_transfers: tuple[MoneyTransfer, ...]
    exact_nets: tuple[int, ...]

    @property
    def rounded(self) -> bool:
        """Whether rounding changed any payment."""
        return any(p.rounded for p in self.pairs)

    @property
    def players(self) -> int:
        return len(self.final_totals)

    def pair(self, a: int, b: int) -> PairPayment:
        """The pairwise entry between seats ``a`` and ``b`` (in either order)."""
        for p in self.pairs:
            if {p.payer, p.payee} == {a, b}:
                return p
        raise ValueError(f"no pair of seats {a} and {b} in a {self.players}-player settlement")

    def owes(self, payer: int, payee: int) -> int:
        """Points ``payer`` pays ``payee`` in the pairwise table, rounded as paid (0 if it goes
        the other way)."""
        p = self.pair(payer, payee)
        return p.points if p.payer == payer else 0


ExtraInput = Iterable[tuple[int, int, int]] | Mapping[tuple[int, int], int]


def settle(
    final_totals: Sequence[int],
    stake_per_point: Decimal | int | str = Decimal(1),
    shutout_extra: ExtraInput = (),
    rounding: SettlementRounding = SettlementRounding.NONE,
) -> Settlement:
    """Settle final totals: each player pays each higher player the difference.

    ``shutout_extra`` lists extra payments as ``(payer, payee, points)`` triples (for instance
    :class:`ExtraPayment` values from the ledger) or as a mapping ``{(payer, payee): points}``;
    several extras between the same two players add up. Rounding applies to the points of each
    pairwise payment, and the money follows from them (see the module docstring).
    """
    totals = tuple(final_totals)
    n = len(totals)
    if n < 2:
        raise ValueError(f"a settlement needs at least two players (got {n})")
    for seat, total in enumerate(totals):
        if isinstance(total, bool) or not isinstance(total, int):
            raise ValueError(f"final total of seat {seat} must be a whole number (got {total!r})")
    stake = _stake(stake_per_point)
    extras = _extras(shutout_extra, n)

    extra_owed = [[0] * n for _ in range(n)]  # extra_owed[a][b]: extra points a pays b
    for e in extras:
        extra_owed[e.payer][e.payee] += e.points

    pairs: list[PairPayment] = []
    for a in range(n):
        for b in range(a + 1, n):
            difference = totals[b] - totals[a]  # a pays b when positive
            extra = extra_owed[a][b] - extra_owed[b][a]
            if difference + extra >= 0:
                payer, payee = a, b
            else:
                payer, payee, difference, extra = b, a, -difference, -extra
            exact = difference + extra
            points = rounding.points(exact)
            pairs.append(
                PairPayment(payer, payee, difference, extra, points, points * stake, exact)
            )

    nets = [0] * n
    exact_nets = [0] * n
    for p in pairs:
        nets[p.payee] += p.points
        nets[p.payer] -= p.points
        exact_nets[p.payee] += p.exact_points
        exact_nets[p.payer] -= p.exact_points
    assert sum(nets) == 0, "the nets of a settlement sum to zero"
    transfers = fewest_transfers(nets)

    return Settlement(
        final_totals=totals,
        stake_per_point=stake,
        rounding=rounding,
        extras=extras,
        pairs=tuple(pairs),
        nets=tuple(nets),
        money_nets=tuple(net * stake for net in nets),
        transfers=transfers,
        money_transfers=tuple(MoneyTransfer(t.payer, t.payee, t.points * stake) for t in transfers),
        exact_nets=tuple(exact_nets),
    )


def settle_box_vs_team(
    box_won: bool,
    value: int,
    partners: int,
    stake_per_point: Decimal | int | str = Decimal(1),
    rounding: SettlementRounding = SettlementRounding.NONE,
) -> Settlement:
    """The box (seat 0) against a team of ``partners`` (seats 1..n), docs/rules.md §6.3.

    If the box wins the game it collects the game value ``value`` from each partner; if the
    team wins, each partner collects ``value`` from the box. Expressed as final totals —
    ``value`` to the winning side, 0 to the other — and settled pairwise like any game, so
    partners are square with each other.

    >>> settle_box_vs_team(True, 150, 3).nets
    (450, -150, -150, -150)
    """
    if partners < 1:
        raise ValueError(f"the box plays against at least one partner (got {partners})")
    if value < 0:
        raise ValueError(f"a game value cannot be negative (got {value})")
    box, team = (value, 0) if box_won else (0, value)
    return settle((box,) + (team,) * partners, stake_per_point, rounding=rounding)


def fewest_transfers(nets: Sequence[int]) -> tuple[Transfer, ...]:
    """The fewest payments that settle ``nets`` (positive: receives), in points.

    Exact for up to :data:`EXACT_TRANSFERS_MAX` players with a non-zero net: the minimum is
    the number of such players less the largest number of groups their nets split into that
    each sum to zero (found by dynamic programming over subsets); each group is then settled
    greedily in one fewer transfer than its size. Larger tables use :func:`greedy_transfers`.
    """
    return tuple(Transfer(payer, payee, points) for payer, payee, points in _plan(nets))


def greedy_transfers(nets: Sequence[int]) -> tuple[Transfer, ...]:
    """The standard plan: the largest debtor pays the largest creditor, repeatedly.

    Never more than n − 1 transfers, not always the fewest.
    """
    _check_nets(nets)
    plan = _greedy(list(nets), list(range(len(nets))))
    return tuple(Transfer(payer, payee, points) for payer, payee, points in sorted(plan))


# -- internals -----------------------------------------------------------------------------

Amount = TypeVar("Amount", int, Decimal)


def _stake(stake: Decimal | int | str) -> Decimal:
    if isinstance(stake, float | bool):
        raise ValueError(f"the stake must be a Decimal, a whole number or text (got {stake!r})")
    try:
        value = Decimal(stake)
    except ArithmeticError:
        raise ValueError(f"the stake {stake!r} is not a number") from None
    if not value.is_finite() or value < 0:
        raise ValueError(f"the stake must be a number of at least 0 (got {stake!r})")
    return value


def _extras(extra: ExtraInput, n: int) -> tuple[ExtraPayment, ...]:
    items: Iterable[tuple[int, int, int]]
    if isinstance(extra, Mapping):
        items = [(payer, payee, points) for (payer, payee), points in extra.items()]
    else:
        items = extra
    out = []
    for item in items:
        payer, payee, points = item
        for role, seat in (("payer", payer), ("payee", payee)):
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(
                    f"extra payment {tuple(item)}: {role} {seat!r} is not a seat "
                    f"of this {n}-player table (0–{n - 1})"
                )
        if payer == payee:
            raise ValueError(f"extra payment {tuple(item)}: a player cannot pay themselves")
        if isinstance(points, bool) or not isinstance(points, int) or points < 0:
            raise ValueError(
                f"extra payment {tuple(item)}: points must be a whole number of at least 0"
            )
        out.append(ExtraPayment(payer, payee, points))
    return tuple(out)


def _check_nets(nets: Sequence[int] | Sequence[Decimal]) -> None:
    if sum(nets) != 0:
        raise ValueError(f"nets must sum to zero to be settled (they sum to {sum(nets)})")


def _plan(nets: Sequence[Amount]) -> list[tuple[int, int, Amount]]:
    """Fewest transfers for ``nets``, as (payer, payee, amount), sorted by payer then payee."""
    _check_nets(nets)
    seats = [seat for seat, net in enumerate(nets) if net != 0]
    if len(seats) > EXACT_TRANSFERS_MAX:
        groups = [seats]
    else:
        groups = _zero_sum_groups([nets[s] for s in seats], seats)
    plan: list[tuple[int, int, Amount]] = []
    for group in groups:
        plan.extend(_greedy([nets[s] for s in group], group))
    return sorted(plan)


def _zero_sum_groups(amounts: list[Amount], seats: list[int]) -> list[list[int]]:
    """Split ``seats`` into the most groups whose amounts each sum to zero.

    ``best[mask]`` is the most zero-sum masks along any chain that removes one member at a
    time from ``mask``; following the best chain from the full set back to the empty set,
    each stretch between two zero-sum masks is one group.
    """
    m = len(amounts)
    if m == 0:
        return []
    full = (1 << m) - 1
    sums: list[Amount] = [amounts[0] - amounts[0]] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + amounts[low]
        best[mask] = max(best[mask & ~(1 << i)] for i in range(m) if mask >> i & 1) + (
            1 if sums[mask] == 0 else 0
        )
    groups: list[list[int]] = []
    mask, last_zero = full, full
    while mask:
        i = max(
            (i for i in range(m) if mask >> i & 1),
            key=lambda i: (best[mask & ~(1 << i)], -i),
        )
        mask &= ~(1 << i)
        if sums[mask] == 0:
            part = last_zero & ~mask
            groups.append([seats[j] for j in range(m) if part >> j & 1])
            last_zero = mask
    return groups


def _greedy(amounts: list[Amount], seats: list[int]) -> list[tuple[int, int, Amount]]:
    """Largest debtor pays largest creditor until all are square (lowest seat first on ties)."""
    left = dict(zip(seats, amounts, strict=True))
    plan: list[tuple[int, int, Amount]] = []
    while True:
        debtors = [s for s in seats if left[s] < 0]
        creditors = [s for s in seats if left[s] > 0]
        if not debtors or not creditors:
            return plan
        payer = min(debtors, key=lambda s: (left[s], s))
        payee = max(creditors, key=lambda s: (left[s], -s))
        amount = min(-left[payer], left[payee])
        plan.append((payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
