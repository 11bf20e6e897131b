"""A slow, plain reference for Gem Rummy's least deadwood, written apart from the engine's
search: every subset of the hand is tested against the meld definitions read straight from
docs/rules.md §8.3, then every collection of disjoint melds is tried."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from referee.games.gem.deck import GemDeck
from referee.rules.cards import Card


def is_meld(cards: Sequence[Card], deck: GemDeck, diamond: Card) -> bool:
    n = len(cards)
    ranks = sorted(int(c.rank or 0) for c in cards)
    if n >= 3 and len(set(ranks)) == 1:
        return True
    if (
        n >= 3
        and len({c.suit for c in cards}) == 1
        and ranks == list(range(ranks[0], ranks[0] + n))
    ):
        return True
    if n >= 4:
        for gem_sets in [deck.gems_of(cards[0])]:
            for gem in gem_sets:
                if all(gem in deck.gems_of(c) for c in cards):
                    return True
    if n == 2 and diamond in cards:
        other = cards[1] if cards[0] == diamond else cards[0]
        return other.rank is not None and other.rank.label == "Q"
    return False


def reference_least(cards: Sequence[Card], deck: GemDeck, diamond: Card) -> int:
    cards = list(cards)
    melds = [
        frozenset(combo)
        for size in range(2, len(cards) + 1)
        for combo in combinations(cards, size)
        if is_meld(combo, deck, diamond)
    ]
    total = sum(min(int(c.rank or 0), 10) for c in cards)
    best = [total]

    def value(meld: frozenset[Card]) -> int:
        return sum(min(int(c.rank or 0), 10) for c in meld)

    def dfs(start: int, used: frozenset[Card], melded: int) -> None:
        best[0] = min(best[0], total - melded)
        for i in range(start, len(melds)):
            if not melds[i] & used:
                dfs(i + 1, used | melds[i], melded + value(melds[i]))

    dfs(0, frozenset(), 0)
    return best[0]
