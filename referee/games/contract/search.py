"""Can a whole hand lay down a contract? An exact search that shows one way when it can.

Each combination is sought at exactly its contract's minimum length: a longer group or
sequence always holds a valid one of the minimum length (drop a wild, or an end card), so
nothing is lost. Sequences are placed first, card by card, because their suits and ranks
matter; the groups that follow only need counts of each rank and of wild cards. A wild used
as a wild is taken from the jokers first: a wild 2 can do all a joker can and may also be a
natural 2, so keeping it never hurts. Failed positions are remembered, so no state is
searched twice.

>>> from referee.games.contract.table import TWELVE_STEP
>>> from referee.games.contract.contracts import parse_needs
>>> from referee.rules.cards import parse_cards
>>> hand = parse_cards("5S 5H JK 4D 5D 6D 2C 9C 9H KS QS JH 3H", TWELVE_STEP.deck)
>>> way = find_contract(hand, parse_needs("1 group of 3 + 1 sequence of 4"), TWELVE_STEP)
>>> [c.label for c in way]
['JK(J♠) Q♠ K♠ 2♣(A♠)', '5♠ 5♥ 5♦']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from referee.games.contract.combos import Combination, Placed
from referee.games.contract.contracts import Kind, Need
from referee.games.contract.table import ACE_HIGH, ContractTable
from referee.rules.budget import budgeted, charge
from referee.rules.cards import SUITS, Card, card_from_index

__all__ = ["can_make_contract", "find_contract"]


def _type_at(suit: int, position: int) -> int:
    return suit * 13 + (0 if position == ACE_HIGH else position - 1)


@dataclass(frozen=True)
class _Seq:
    suit: int
    low: int
    naturals: tuple[int, ...]  # by position: the card type, or -1 for a wild
    jokers: int
    wild_types: tuple[int, ...]  # wild-rank cards used as wilds, in order of the wild spots


@dataclass(frozen=True)
class _Group:
    rank: int
    naturals: int
    jokers: int
    wild_types: tuple[int, ...]


# What one step of this search costs in work-budget nodes: a step builds tuples of 52 counts
# and picks wild cards, about five times the work of one node of the Gin solver, so the same
# RULING_BUDGET stops it after about the same CPU time (a quarter of a second).
STEP = 5


class _Search:
    def __init__(self, hand: Sequence[Card], table: ContractTable) -> None:
        self.table = table
        counts = [0] * 52
        self.jokers: list[Card] = []
        self.dead = 0
        for card in hand:
            if card.is_joker:
                if table.jokers_wild:
                    self.jokers.append(card)
            else:
                counts[card.index] += 1
        self.counts = tuple(counts)
        self.wild_types = tuple(t for t in range(52) if (t % 13) + 1 in table.wild_ranks)
        self.wild_type_set = frozenset(self.wild_types)
        self.failed: set[tuple[object, ...]] = set()

    # -- sequences ---------------------------------------------------------------------------

    def sequences(
        self, length: int, counts: tuple[int, ...], jokers: int
    ) -> Iterator[tuple[_Seq, tuple[int, ...], int]]:
        wild_supply = jokers + sum(counts[t] for t in self.wild_types)
        for suit in range(4):
            for low in range(1, ACE_HIGH - length + 2):
                types = [_type_at(suit, p) for p in range(low, low + length)]
                if sum(1 for t in types if counts[t]) + wild_supply < length:
                    continue
                if length - sum(1 for t in types if counts[t]) > (length + 1) // 2:
                    continue
                for pattern in self._patterns(types, counts, 0, False):
                    naturals = tuple(
                        t if use else -1 for t, use in zip(types, pattern, strict=True)
                    )
                    after = list(counts)
                    for t in naturals:
                        if t >= 0:
                            after[t] -= 1
                    wilds = naturals.count(-1)
                    from_jokers = min(jokers, wilds)
                    rest = wilds - from_jokers
                    for picked in self._pick_wilds(after, rest):
                        final = list(after)
                        for t in picked:
                            final[t] -= 1
                        yield (
                            _Seq(suit, low, naturals, from_jokers, picked),
                            tuple(final),
                            jokers - from_jokers,
                        )

    def _patterns(
        self, types: Sequence[int], counts: Sequence[int], i: int, prev_wild: bool
    ) -> Iterator[tuple[bool, ...]]:
        """Natural (True) or wild (False) for each spot: a spot without its card is wild, and
        no two wild spots are side by side. Naturals are tried first."""
        if i == len(types):
            yield ()
            return
        if counts[types[i]]:
            for rest in self._patterns(types, counts, i + 1, False):
                yield (True, *rest)
        if not prev_wild:
            for rest in self._patterns(types, counts, i + 1, True):
                yield (False, *rest)

    def _pick_wilds(self, counts: Sequence[int], n: int) -> Iterator[tuple[int, ...]]:
        """Every multiset of ``n`` wild-rank cards left in ``counts`` (as card types)."""
        available = [(t, counts[t]) for t in self.wild_types if counts[t]]

        def pick(i: int, left: int) -> Iterator[tuple[int, ...]]:
            if left == 0:
                yield ()
                return
            if i == len(available):
                return
            t, have = available[i]
            for take in range(min(have, left), -1, -1):
                for rest in pick(i + 1, left - take):
                    yield (t,) * take + rest

        if n > sum(c for _, c in available):
            return
        yield from pick(0, n)

    # -- groups ------------------------------------------------------------------------------

    def groups(
        self, needs: Sequence[int], counts: tuple[int, ...], jokers: int
    ) -> list[_Group] | None:
        by_rank = [0] * 14
        for t in range(52):
            if counts[t] and t not in self.wild_type_set:
                by_rank[(t % 13) + 1] += counts[t]
        wild_ranks = tuple(sorted(self.table.wild_ranks))
        wild_counts = {r: sum(counts[s * 13 + r - 1] for s in range(4)) for r in wild_ranks}
        return self._groups(tuple(needs), tuple(by_rank), jokers, wild_counts, wild_ranks)

    def _groups(
        self,
        needs: tuple[int, ...],
        by_rank: tuple[int, ...],
        jokers: int,
        wild_counts: dict[int, int],
        wild_ranks: tuple[int, ...],
    ) -> list[_Group] | None:
        if not needs:
            return []
        key = ("g", needs, by_rank, jokers, tuple(wild_counts.items()))
        if key in self.failed:
            return None
        charge(STEP)
        length, rest = needs[0], needs[1:]
        spare = jokers + sum(wild_counts.values())
        for rank in range(1, 14):
            natural = wild_counts.get(rank, 0) if rank in wild_ranks else by_rank[rank]
            for k in range(min(length, natural), 0, -1):
                wilds = length - k
                supply = spare - natural if rank in wild_ranks else spare
                if wilds > supply:
                    break
                new_rank = list(by_rank)
                new_wild = dict(wild_counts)
                if rank in wild_ranks:
                    new_wild[rank] -= k
                else:
                    new_rank[rank] -= k
                from_jokers = min(jokers, wilds)
                used: list[int] = []
                need = wilds - from_jokers
                for r in wild_ranks:
                    if need == 0:
                        break
                    if r == rank:
                        continue
                    take = min(need, new_wild[r])
                    new_wild[r] -= take
                    used.extend([r] * take)
                    need -= take
                if need:
                    continue
                found = self._groups(
                    rest, tuple(new_rank), jokers - from_jokers, new_wild, wild_ranks
                )
                if found is not None:
                    return [_Group(rank, k, from_jokers, tuple(used)), *found]
        self.failed.add(key)
        return None

    # -- the whole contract ------------------------------------------------------------------

    def run(
        self, needs: Sequence[Need]
    ) -> tuple[list[_Seq], list[_Group], tuple[int, ...], int] | None:
        seqs = sorted((n.length for n in needs if n.kind is Kind.SEQUENCE), reverse=True)
        groups = sorted((n.length for n in needs if n.kind is Kind.GROUP), reverse=True)
        total = sum(seqs) + sum(groups)
        if total > sum(self.counts) + len(self.jokers):
            return None
        return self._seqs(tuple(seqs), tuple(groups), self.counts, len(self.jokers))

    def _seqs(
        self,
        seqs: tuple[int, ...],
        groups: tuple[int, ...],
        counts: tuple[int, ...],
        jokers: int,
    ) -> tuple[list[_Seq], list[_Group], tuple[int, ...], int] | None:
        if not seqs:
            made = self.groups(groups, counts, jokers)
            return None if made is None else ([], made, counts, jokers)
        key = ("s", seqs, groups, counts, jokers)
        if key in self.failed:
            return None
        charge(STEP)
        for seq, after, left in self.sequences(seqs[0], counts, jokers):
            charge(STEP)
            found = self._seqs(seqs[1:], groups, after, left)
            if found is not None:
                return ([seq, *found[0]], found[1], found[2], found[3])
        self.failed.add(key)
        return None


@budgeted
def find_contract(
    hand: Sequence[Card], needs: Sequence[Need], table: ContractTable
) -> tuple[Combination, ...] | None:
    """One way to lay down ``needs`` from ``hand`` (each combination at its minimum length,
    sequences first, in the contract's order of kinds), or None when there is none."""
    search = _Search(hand, table)
    found = search.run(needs)
    if found is None:
        return None
    seqs, groups, counts_left, _ = found
    jokers = list(search.jokers)
    pool: Counter[int] = Counter()
    for t, n in enumerate(counts_left):
        if n:
            pool[t] = n
    out: list[Combination] = []
    for seq in seqs:
        suit = SUITS[seq.suit]
        wild_cards = [jokers.pop(0) for _ in range(seq.jokers)]
        wild_cards += [card_from_index(t) for t in seq.wild_types]
        placed = []
        for offset, t in enumerate(seq.naturals):
            position = seq.low + offset
            if t >= 0:
                placed.append(Placed(card_from_index(t), position, wild=False))
            else:
                placed.append(Placed(wild_cards.pop(0), position, wild=True))
        out.append(Combination(Kind.SEQUENCE, tuple(placed), suit))
    for group in groups:
        placed = []
        natural_types = [t for t in sorted(pool) if (t % 13) + 1 == group.rank and pool[t] > 0]
        taken = 0
        for t in natural_types:
            while pool[t] and taken < group.naturals:
                pool[t] -= 1
                taken += 1
                placed.append(Placed(card_from_index(t), group.rank, wild=False))
        for _ in range(group.jokers):
            placed.append(Placed(jokers.pop(0), group.rank, wild=True))
        for r in group.wild_types:
            t = next(t for t in sorted(pool) if (t % 13) + 1 == r and pool[t] > 0)
            pool[t] -= 1
            placed.append(Placed(card_from_index(t), group.rank, wild=True))
        out.append(Combination(Kind.GROUP, tuple(placed)))
    return tuple(out)


def can_make_contract(hand: Sequence[Card], needs: Sequence[Need], table: ContractTable) -> bool:
    """Whether ``hand`` holds ``needs`` (see :func:`find_contract`)."""
    return find_contract(hand, needs, table) is not None
