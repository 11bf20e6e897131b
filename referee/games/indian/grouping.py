"""The best grouping of an Indian Rummy hand: the fewest points its cards can count
(docs/rules.md §8.6), found exactly.

A loser's cards count the cards left out of their groups, with two rules on top:

- with **no pure sequence**, every card counts;
- with a pure sequence but **no second sequence** (pure or impure), every card but the pure
  sequence counts (sets do not help);
- otherwise the ungrouped cards count.

Wild cards count 0 wherever they are; the total is capped (80). The fewest points is the
least of the three: the search tries every pure sequence the hand holds, and for each the
best cover of the other cards by sets and sequences that holds at least one more sequence.

Once a pure sequence is chosen the others need not be pure, so every wild card left is as good
as any other: the search covers the natural cards (a bit each) with groups that each take a
count of wild cards, memoised on (cards left, wild cards left, a sequence still needed). Its
nodes are charged to the work budget (:mod:`referee.rules.budget`).

>>> from referee.rules.cards import parse_cards, Rank
>>> hand = parse_cards("AH 2H 3H  5S 6S JK  9C 9D 9S  KD QC 4C 4D", TWO_PACKS)
>>> g = best_grouping(hand, Rank.SEVEN)
>>> g.points, g.rule
(28, 'grouped')
>>> print(g.counted_label)
4♦ K♦ 4♣ Q♣
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from referee.games.indian.cards import TWO_PACKS, is_wild, value
from referee.games.indian.groups import HIGHEST, LONGEST, Group, GroupKind
from referee.rules.budget import charge
from referee.rules.cards import Card, Rank, format_cards, sort_cards

__all__ = ["CAP", "TWO_PACKS", "Grouping", "best_grouping", "count_points"]

CAP = 80
"""The most a loser's cards count (docs/rules.md §8.6)."""
INF = 10**9

Rule = Literal["grouped", "pure_only", "no_pure"]


@dataclass(frozen=True)
class Grouping:
    """A hand grouped for the fewest points: its groups, the cards that count, their
    points before the cap, and which rule counted them (``grouped``: the ungrouped cards;
    ``pure_only``: all but the one pure sequence; ``no_pure``: every card)."""

    groups: tuple[Group, ...]
    counted_cards: tuple[Card, ...]
    points: int
    rule: Rule

    def capped(self, cap: int = CAP) -> int:
        return min(self.points, cap)

    @property
    def valid(self) -> bool:
        """Every card is in a group, with two sequences and a pure one: a valid show."""
        return self.rule == "grouped" and not self.counted_cards

    @property
    def counted_label(self) -> str:
        return format_cards(self.counted_cards)


@dataclass(frozen=True)
class _Meld:
    mask: int  # the natural cards it takes, a bit each
    wilds: int  # the wild cards it takes
    sequence: bool


class _Hand:
    """One hand's search: its natural cards as bits, its wild cards, its groups' masks."""

    def __init__(self, cards: Sequence[Card], wild: Rank | None) -> None:
        self.cards = tuple(cards)
        self.wild = wild
        order = sorted(range(len(cards)), key=lambda i: cards[i].index)
        self.naturals = [i for i in order if not is_wild(cards[i], wild)]
        self.wilds = [i for i in order if is_wild(cards[i], wild)]
        # printed jokers stand in first, so a card of the wild rank is kept as long as can be
        self.wilds.sort(key=lambda i: (not cards[i].is_joker, cards[i].index))
        self.bit_of = {i: b for b, i in enumerate(self.naturals)}
        self.values = [value(cards[i], wild) for i in self.naturals]
        self.by_low: list[list[_Meld]] = [[] for _ in self.naturals]
        for meld in self._melds(len(self.wilds)):
            low = (meld.mask & -meld.mask).bit_length() - 1
            self.by_low[low].append(meld)
        for melds in self.by_low:  # the groups that save the most first
            melds.sort(key=lambda m: (m.wilds, -m.mask.bit_count()))
        self.memo: dict[tuple[int, int, bool, bool], tuple[int, _Meld | None]] = {}

    def _melds(self, most_wilds: int) -> list[_Meld]:
        out: list[_Meld] = []
        cards = self.cards
        by_rank: dict[Rank, list[int]] = {}
        by_suit: dict[object, list[tuple[int, int]]] = {}
        for b, i in enumerate(self.naturals):
            card = cards[i]
            assert card.rank is not None
            by_rank.setdefault(card.rank, []).append(b)
            by_suit.setdefault(card.suit, []).append((int(card.rank), b))
            if card.rank == Rank.ACE:
                by_suit[card.suit].append((HIGHEST, b))
        for bits in by_rank.values():
            for size in (2, 3, 4):
                for combo in combinations(bits, size):
                    if len({cards[self.naturals[b]].suit for b in combo}) < size:
                        continue
                    need = max(0, 3 - size)
                    if need <= most_wilds:
                        out.append(_Meld(_mask(combo), need, False))
        seen: set[tuple[int, int]] = set()
        for places in by_suit.values():
            places.sort()
            for start in range(len(places)):
                self._runs(places, start, [places[start]], most_wilds, out, seen)
        return out

    def _runs(
        self,
        places: list[tuple[int, int]],
        last: int,
        chosen: list[tuple[int, int]],
        most_wilds: int,
        out: list[_Meld],
        seen: set[tuple[int, int]],
    ) -> None:
        span = chosen[-1][0] - chosen[0][0] + 1
        need = max(3, span) - len(chosen)
        if need <= most_wilds:
            mask = _mask(b for _, b in chosen)
            if (mask, need) not in seen:
                seen.add((mask, need))
                out.append(_Meld(mask, need, True))
        for nxt in range(last + 1, len(places)):
            place, bit = places[nxt]
            if place == chosen[-1][0] or any(b == bit for _, b in chosen):
                continue
            new_span = place - chosen[0][0] + 1
            if new_span > LONGEST or new_span - len(chosen) - 1 > most_wilds:
                break
            chosen.append((place, bit))
            self._runs(places, nxt, chosen, most_wilds, out, seen)
            chosen.pop()

    def cover(self, mask: int, wilds: int, need: bool, spare_rank: bool) -> int:
        """The fewest points of the natural cards in ``mask`` with ``wilds`` wild cards,
        a sequence still ``need``-ed (``spare_rank``: a card of the wild rank is among the
        wild cards, so three wild cards alone make a sequence)."""
        key = (mask, wilds, need, spare_rank)
        found = self.memo.get(key)
        if found is not None:
            return found[0]
        charge()
        if not mask:
            ok = not need or (wilds >= 3 and spare_rank)
            best, choice = (0 if ok else INF), None
        else:
            low = (mask & -mask).bit_length() - 1
            best = self.values[low] + self.cover(mask & ~(1 << low), wilds, need, spare_rank)
            choice = None
            for meld in self.by_low[low]:
                if meld.wilds > wilds or meld.mask & ~mask:
                    continue
                left = wilds - meld.wilds
                rest = self.cover(mask & ~meld.mask, left, need and not meld.sequence, spare_rank)
                if rest < best:
                    best, choice = rest, meld
                    if best == 0:
                        break
        self.memo[key] = (best, choice)
        return best

    def pure_sequences(self) -> list[tuple[int, ...]]:
        """Every pure sequence the hand holds, as card indices (one copy of a duplicate)."""
        places: dict[object, dict[int, int]] = {}
        for i, card in enumerate(self.cards):
            if card.is_joker:
                continue
            assert card.rank is not None
            mine = places.setdefault(card.suit, {})
            mine.setdefault(int(card.rank), i)
            if card.rank == Rank.ACE:
                mine.setdefault(HIGHEST, i)
        out: list[tuple[int, ...]] = []
        for mine in places.values():
            for low in range(1, HIGHEST - 1):
                if low not in mine:
                    continue
                high = low
                while high + 1 in mine and high + 1 - low < LONGEST:
                    high += 1
                    if high - low >= 2:
                        out.append(tuple(mine[p] for p in range(low, high + 1)))
        return out


def _mask(bits: Iterable[int]) -> int:
    mask = 0
    for b in bits:
        mask |= 1 << b
    return mask


def best_grouping(cards: Sequence[Card], wild: Rank | None) -> Grouping:
    """The grouping of ``cards`` that counts the fewest points (before the cap)."""
    hand = _Hand(cards, wild)
    every = sort_cards(c for c in cards if not is_wild(c, wild))
    best = Grouping((), every, sum(value(c, wild) for c in every), "no_pure")
    pures = hand.pure_sequences()
    if not pures:
        return best
    total = best.points
    top = max(pures, key=lambda p: (sum(value(cards[i], wild) for i in p), -len(p)))
    pure_only = total - sum(value(cards[i], wild) for i in top)
    if pure_only < best.points:
        best = _pure_only(hand, top, pure_only)
    full = (1 << len(hand.naturals)) - 1
    for pure in pures:
        mask = full
        for i in pure:
            if i in hand.bit_of:
                mask &= ~(1 << hand.bit_of[i])
        wilds = [i for i in hand.wilds if i not in pure]
        spare = any(not cards[i].is_joker for i in wilds)
        points = hand.cover(mask, len(wilds), True, spare)
        if points < best.points or (points == best.points and best.rule != "grouped"):
            best = _grouped(hand, pure, mask, wilds, spare, points)
            if points == 0:
                break
    return best


def count_points(cards: Sequence[Card], wild: Rank | None, cap: int = CAP) -> int:
    """What a loser's ``cards`` count: the best grouping's points, capped."""
    return best_grouping(cards, wild).capped(cap)


def _pure_only(hand: _Hand, pure: tuple[int, ...], points: int) -> Grouping:
    cards = hand.cards
    group = Group(tuple(cards[i] for i in pure), GroupKind.PURE)
    counted = sort_cards(
        cards[i] for i in range(len(cards)) if i not in pure and not is_wild(cards[i], hand.wild)
    )
    return Grouping((group,), counted, points, "pure_only")


def _grouped(
    hand: _Hand, pure: tuple[int, ...], mask: int, wilds: list[int], spare: bool, points: int
) -> Grouping:
    """The groups the search chose after ``pure``, wild cards placed, left-over wild cards
    added to the last sequence (or to a set of three) when every natural card is grouped."""
    cards = hand.cards
    groups: list[tuple[list[Card], bool, bool]] = [([cards[i] for i in pure], True, True)]
    counted: list[Card] = []
    pool = [cards[i] for i in wilds]
    need, left = True, len(wilds)
    while mask:
        _, meld = hand.memo[(mask, left, need, spare)]
        low = (mask & -mask).bit_length() - 1
        if meld is None:
            counted.append(cards[hand.naturals[low]])
            mask &= ~(1 << low)
            continue
        taken = [cards[hand.naturals[b]] for b in range(len(hand.naturals)) if meld.mask >> b & 1]
        standing = pool[: meld.wilds]
        del pool[: meld.wilds]
        groups.append((taken + standing, meld.sequence, meld.sequence and meld.wilds == 0))
        mask &= ~meld.mask
        left -= meld.wilds
        need = need and not meld.sequence
    if need and pool:  # the second sequence is wild cards alone, a wild-rank card among them
        pool.sort(key=lambda c: c.is_joker)
        groups.append((pool[:], True, False))
        pool.clear()
    if pool and not counted:
        spot = next((g for g in reversed(groups[1:]) if g[1] or len(g[0]) < 4), None)
        if spot is not None:
            spot[0].extend(pool)
            groups[groups.index(spot)] = (spot[0], spot[1], False)
            pool.clear()
    done = tuple(
        Group(tuple(c), GroupKind.PURE if pure_seq else GroupKind.IMPURE if seq else GroupKind.SET)
        for c, seq, pure_seq in groups
    )
    return Grouping(done, sort_cards((*counted, *pool)), points, "grouped")
