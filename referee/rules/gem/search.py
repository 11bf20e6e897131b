"""The exact best arrangement of a Gem Rummy hand: least deadwood over every packing of
sets, runs, stashes and Queen's Diamonds, each card in one meld at most.

A memoised search over the hand's subsets (a bitmask of at most 12 cards): the lowest card
left is either deadwood or in one of the melds that hold it. Cards in no meld at all are
deadwood in every arrangement and are counted before the search. Every optimal arrangement is
available (:meth:`GemSearch.arrangements`), so a ruling can prefer one for another reason
(the knocker's spread that leaves the fewest layoffs).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..cards import Card
from .deck import GemDeck
from .melds import GemMeld, candidate_melds, card_value


@dataclass(frozen=True)
class GemArrangement:
    """A hand split into melds and deadwood; ``deadwood`` is the deadwood cards' value."""

    melds: tuple[GemMeld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int

    @property
    def melded_cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards)


class GemSearch:
    """The search over one hand (``cards``, no repeats) for one deck and diamond card."""

    def __init__(self, cards: Sequence[Card], deck: GemDeck, diamond: Card) -> None:
        self.cards: tuple[Card, ...] = tuple(sorted(cards))
        index = {c: i for i, c in enumerate(self.cards)}
        self.values = [card_value(c) for c in self.cards]
        self.by_low: list[list[tuple[int, GemMeld]]] = [[] for _ in self.cards]
        covered = 0
        for meld in candidate_melds(self.cards, deck, diamond):
            mask = 0
            for c in meld.cards:
                mask |= 1 << index[c]
            covered |= mask
            self.by_low[(mask & -mask).bit_length() - 1].append((mask, meld))
        self.full = (1 << len(self.cards)) - 1
        self.loose = self.full & ~covered  # in no meld: deadwood in every arrangement
        self._memo: dict[int, int] = {0: 0}

    def mask_of(self, cards: Sequence[Card]) -> int:
        index = {c: i for i, c in enumerate(self.cards)}
        mask = 0
        for c in cards:
            mask |= 1 << index[c]
        return mask

    def _value(self, mask: int) -> int:
        total = 0
        while mask:
            low = mask & -mask
            total += self.values[low.bit_length() - 1]
            mask ^= low
        return total

    def least(self, mask: int | None = None) -> int:
        """The least deadwood of the cards in ``mask`` (default: the whole hand)."""
        mask = self.full if mask is None else mask
        return self._value(mask & self.loose) + self._best(mask & ~self.loose)

    def _best(self, mask: int) -> int:
        memo = self._memo
        found = memo.get(mask)
        if found is not None:
            return found
        low = mask & -mask
        i = low.bit_length() - 1
        best = self.values[i] + self._best(mask ^ low)
        for meld_mask, _ in self.by_low[i]:
            if meld_mask & mask == meld_mask:
                rest = self._best(mask ^ meld_mask)
                if rest < best:
                    best = rest
        memo[mask] = best
        return best

    def arrangements(self, mask: int | None = None, limit: int = 256) -> list[GemArrangement]:
        """Optimal arrangements of the cards in ``mask`` (at most ``limit``), best first in a
        stable order: more cards melded first."""
        mask = self.full if mask is None else mask
        loose = tuple(self.cards[i] for i in range(len(self.cards)) if (mask & self.loose) >> i & 1)
        target = self.least(mask)
        out: list[GemArrangement] = []
        for melds, dead in self._walk(mask & ~self.loose):
            cards = tuple(sorted(loose + dead))
            out.append(GemArrangement(melds, cards, target))
            if len(out) >= limit:
                break
        out.sort(key=lambda a: (len(a.deadwood_cards), [m.kind.value for m in a.melds]))
        return out

    def _walk(self, mask: int) -> Iterator[tuple[tuple[GemMeld, ...], tuple[Card, ...]]]:
        if not mask:
            yield (), ()
            return
        best = self._best(mask)
        low = mask & -mask
        i = low.bit_length() - 1
        for meld_mask, meld in self.by_low[i]:
            if meld_mask & mask == meld_mask and self._best(mask ^ meld_mask) == best:
                for melds, dead in self._walk(mask ^ meld_mask):
                    yield (meld, *melds), dead
        if self.values[i] + self._best(mask ^ low) == best:
            for melds, dead in self._walk(mask ^ low):
                yield melds, (self.cards[i], *dead)

    def best(self, mask: int | None = None) -> GemArrangement:
        return self.arrangements(mask, limit=1)[0]


def best_gem_arrangement(cards: Sequence[Card], deck: GemDeck, diamond: Card) -> GemArrangement:
    """One arrangement of ``cards`` with the least deadwood."""
    return GemSearch(cards, deck, diamond).best()


def least_gem_deadwood(cards: Sequence[Card], deck: GemDeck, diamond: Card) -> int:
    return GemSearch(cards, deck, diamond).least()
