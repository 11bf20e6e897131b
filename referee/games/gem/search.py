"""The exact best arrangement of a Gem Rummy hand: least deadwood over every packing of
sets, runs, stashes and Queen's Diamonds, each card in one meld at most.

Stashes are not searched card by card. A stash of a gem takes any four or more cards of that
gem, and a card added to a stash only lowers the deadwood, so once the sets, runs and Queen's
Diamonds are chosen, the best stashes are fixed: every gem whose leftover cards (with the
kings read as it) number four or more is one stash of all of them. The search therefore
walks the packings of sets, runs and Queen's Diamonds (a hand of 11 or 12 cards holds few),
and for each one tries the readings of its leftover kings (two gems each). Every optimal
arrangement is available (:meth:`GemSearch.arrangements`), so a ruling can prefer one for
another reason (the knocker's spread that leaves the fewest layoffs).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product

from referee.games.gem.deck import GEMS, Gem, GemDeck
from referee.games.gem.melds import MIN_STASH, GemMeld, GemMeldKind, candidate_melds, card_value
from referee.rules.cards import Card, Rank


@dataclass(frozen=True)
class GemArrangement:
    """A hand split into melds and deadwood; ``deadwood`` is the deadwood cards' value."""

    melds: tuple[GemMeld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int

    @property
    def melded_cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards)


_GEM_INDEX = {g: i for i, g in enumerate(GEMS)}


class GemSearch:
    """The search over one hand (``cards``, no repeats) for one deck and diamond card."""

    def __init__(self, cards: Sequence[Card], deck: GemDeck, diamond: Card) -> None:
        self.cards: tuple[Card, ...] = tuple(sorted(cards))
        self.index = {c: i for i, c in enumerate(self.cards)}
        self.values = [card_value(c) for c in self.cards]
        n = len(self.cards)
        self.full = (1 << n) - 1
        self.by_low: list[list[tuple[int, GemMeld]]] = [[] for _ in self.cards]
        self.grouped = 0  # cards in some set, run or Queen's Diamonds
        self.gem_masks = [0] * len(GEMS)  # non-king cards by gem
        self.kings: list[tuple[int, tuple[int, int]]] = []  # (bit, its two gems' indices)
        for i, card in enumerate(self.cards):
            gems = deck.gems_of(card)
            if card.rank is Rank.KING and len(gems) == 2:
                self.kings.append((1 << i, (_GEM_INDEX[gems[0]], _GEM_INDEX[gems[1]])))
            else:
                self.gem_masks[_GEM_INDEX[gems[0]]] |= 1 << i
        for meld in candidate_melds(self.cards, deck, diamond, stashes=False):
            mask = self._mask(meld.cards)
            self.grouped |= mask
            self.by_low[(mask & -mask).bit_length() - 1].append((mask, meld))
        self._memo: dict[int, int] = {}

    def _mask(self, cards: Sequence[Card]) -> int:
        mask = 0
        for c in cards:
            mask |= 1 << self.index[c]
        return mask

    def mask_of(self, cards: Sequence[Card]) -> int:
        return self._mask(cards)

    def _value(self, mask: int) -> int:
        total = 0
        while mask:
            low = mask & -mask
            total += self.values[low.bit_length() - 1]
            mask ^= low
        return total

    # -- stashes of what the other melds leave ----------------------------------------------

    def _stash_readings(self, rest: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """For each reading of the kings in ``rest``: the cards the stashes take (a mask) and
        the gem index each king is read as."""
        kings = [(bit, gems) for bit, gems in self.kings if rest & bit]
        for reading in product(*(gems for _, gems in kings)) if kings else [()]:
            stashed = 0
            for g, mask in enumerate(self.gem_masks):
                group = mask & rest
                for (bit, _), read in zip(kings, reading, strict=True):
                    if read == g:
                        group |= bit
                if group.bit_count() >= MIN_STASH:
                    stashed |= group
            yield stashed, reading

    def _leftover(self, rest: int) -> int:
        """Least deadwood of ``rest`` when only stashes may be made of it."""
        best = self._value(rest)
        if rest.bit_count() < MIN_STASH:
            return best
        for stashed, _ in self._stash_readings(rest):
            value = self._value(rest & ~stashed)
            if value < best:
                best = value
        return best

    # -- the packings of sets, runs and Queen's Diamonds ------------------------------------

    def _least(self, open_: int, rest: int) -> int:
        if not open_:
            return self._leftover(rest)
        low = open_ & -open_
        i = low.bit_length() - 1
        best = self._least(open_ ^ low, rest | low)
        for meld_mask, _ in self.by_low[i]:
            if meld_mask & open_ == meld_mask:
                value = self._least(open_ ^ meld_mask, rest)
                if value < best:
                    best = value
        return best

    def least(self, mask: int | None = None) -> int:
        """The least deadwood of the cards in ``mask`` (default: the whole hand)."""
        mask = self.full if mask is None else mask
        found = self._memo.get(mask)
        if found is None:
            found = self._least(mask & self.grouped, mask & ~self.grouped)
            self._memo[mask] = found
        return found

    def _walk(
        self, open_: int, rest: int, melds: tuple[GemMeld, ...], target: int
    ) -> Iterator[GemArrangement]:
        if not open_:
            for stashed, reading in self._stash_readings(rest):
                dead = rest & ~stashed
                value = self._value(dead)
                if value != target:
                    continue
                yield GemArrangement(
                    melds + self._stashes(rest, stashed, reading),
                    tuple(self.cards[i] for i in range(len(self.cards)) if dead >> i & 1),
                    value,
                )
            return
        low = open_ & -open_
        i = low.bit_length() - 1
        for meld_mask, meld in self.by_low[i]:
            if meld_mask & open_ == meld_mask:
                yield from self._walk(open_ ^ meld_mask, rest, (*melds, meld), target)
        yield from self._walk(open_ ^ low, rest | low, melds, target)

    def _stashes(self, rest: int, stashed: int, reading: tuple[int, ...]) -> tuple[GemMeld, ...]:
        kings = [(bit, gems) for bit, gems in self.kings if rest & bit]
        out: list[GemMeld] = []
        for g, mask in enumerate(self.gem_masks):
            group = mask & rest
            readings: list[tuple[Card, Gem]] = []
            for (bit, _), read in zip(kings, reading, strict=True):
                if read == g:
                    group |= bit
                    readings.append((self.cards[bit.bit_length() - 1], GEMS[g]))
            if group & stashed == group and group.bit_count() >= MIN_STASH:
                cards = tuple(self.cards[i] for i in range(len(self.cards)) if group >> i & 1)
                out.append(GemMeld(GemMeldKind.STASH, cards, GEMS[g], tuple(readings)))
        return tuple(out)

    def arrangements(self, mask: int | None = None, limit: int = 256) -> list[GemArrangement]:
        """Optimal arrangements of the cards in ``mask`` (at most ``limit``, no repeats), in
        a stable order: fewest deadwood cards first."""
        mask = self.full if mask is None else mask
        target = self.least(mask)
        out: list[GemArrangement] = []
        seen: set[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]] = set()
        for arrangement in self._walk(mask & self.grouped, mask & ~self.grouped, (), target):
            key = (tuple(sorted(m.cards for m in arrangement.melds)), arrangement.deadwood_cards)
            if key in seen:
                continue
            seen.add(key)
            out.append(arrangement)
            if len(out) >= limit:
                break
        out.sort(key=lambda a: (len(a.deadwood_cards), [m.kind.value for m in a.melds]))
        return out

    def best(self, mask: int | None = None) -> GemArrangement:
        return self.arrangements(mask, limit=1)[0]


def best_gem_arrangement(cards: Sequence[Card], deck: GemDeck, diamond: Card) -> GemArrangement:
    """One arrangement of ``cards`` with the least deadwood."""
    return GemSearch(cards, deck, diamond).best()


def least_gem_deadwood(cards: Sequence[Card], deck: GemDeck, diamond: Card) -> int:
    return GemSearch(cards, deck, diamond).least()
