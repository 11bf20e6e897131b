"""A slow, obviously correct reference for melds and deadwood, for property tests.

Nothing here is clever: every legal meld is listed by its definition, every packing of
pairwise disjoint melds is enumerated, and the least deadwood is the minimum over all of
them. It shares nothing with the solvers it checks except :func:`card_value` (the definition
of a card's value).

Scope: tables **without wild cards** (``rules.has_wilds`` false). It honours ``min_set`` /
``max_set``, ``min_run`` / ``max_run``, the ace low or high-or-low (never wrapping K-A-2), and
several decks (a hand may hold the same card twice; each copy is used at most once). Jokers
that are not wild never meld and count as deadwood.

A meld is a tuple of cards, sorted (a run from its low end: a high ace comes last). Melds are
values: the 4-card set 7♠7♥7♦7♣ and its 3-card set 7♠7♥7♦ are different melds, and so are a
run and each of its sub-runs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from referee.rules.cards import SUITS, Card
from referee.rules.ruleset import AceRank, Ruleset
from referee.rules.values import card_value

Meld = tuple[Card, ...]
Arrangement = frozenset[Meld]

__all__ = [
    "Arrangement",
    "Meld",
    "all_melds_ref",
    "min_deadwood_after_discard_ref",
    "min_deadwood_ref",
    "optimal_arrangements_ref",
    "packings_ref",
]


def _check_rules(rules: Ruleset) -> None:
    if rules.has_wilds:
        raise ValueError("the reference handles tables without wild cards only")


def _meld_positions(cards: Sequence[Card], rules: Ruleset) -> list[tuple[int, ...]]:
    """Every legal meld as a tuple of positions in ``cards`` (copies of a card are distinct)."""
    _check_rules(rules)
    found: list[tuple[int, ...]] = []

    # Sets: min_set..max_set cards of one rank (with several decks they may repeat a suit).
    by_rank: dict[int, list[int]] = {}
    for pos, card in enumerate(cards):
        if card.rank is not None:
            by_rank.setdefault(int(card.rank), []).append(pos)
    for positions in by_rank.values():
        for size in range(rules.min_set, rules.max_set + 1):
            found.extend(combinations(positions, size))

    # Runs: min_run..max_run consecutive ranks of one suit, one card per rank. Ranks run
    # 1..13 with the ace low; with the ace high or low a run may also end ...Q-K-A, where
    # the ace counts as 14, but never wraps around (K-A-2).
    top = 14 if rules.ace == AceRank.HIGH_OR_LOW else 13
    longest = top if rules.max_run is None else min(rules.max_run, top)
    for suit in SUITS:
        at_rank: dict[int, list[int]] = {}
        for pos, card in enumerate(cards):
            if card.suit is suit and card.rank is not None:
                at_rank.setdefault(int(card.rank), []).append(pos)
                if top == 14 and int(card.rank) == 1:
                    at_rank.setdefault(14, []).append(pos)
        for length in range(rules.min_run, longest + 1):
            for low in range(1, top - length + 2):
                choices = [at_rank.get(rank, []) for rank in range(low, low + length)]
                for picked in _product(choices):
                    if len(set(picked)) == len(picked):  # one ace cannot be low and high
                        found.append(tuple(picked))
    return found


def _product(choices: list[list[int]]) -> Iterator[list[int]]:
    if not choices:
        yield []
        return
    for first in choices[0]:
        for rest in _product(choices[1:]):
            yield [first, *rest]


def _as_meld(cards: Sequence[Card], positions: Sequence[int]) -> Meld:
    chosen = [cards[p] for p in positions]
    if len({c.rank for c in chosen}) == 1:  # a set: by suit
        return tuple(sorted(chosen, key=lambda c: c.index))
    return tuple(chosen)  # a run: positions are already low to high


def all_melds_ref(cards: Sequence[Card], rules: Ruleset) -> set[Meld]:
    """Every legal set and run that can be formed from ``cards`` (each listed once)."""
    return {_as_meld(cards, m) for m in _meld_positions(cards, rules)}


def packings_ref(cards: Sequence[Card], rules: Ruleset) -> Iterator[list[Meld]]:
    """Every packing of pairwise disjoint melds (including the empty one), by brute force.

    With several decks the same packing may be produced more than once (through different
    copies of a card).
    """
    melds = _meld_positions(cards, rules)
    masks = [sum(1 << p for p in m) for m in melds]

    def extend(start: int, used: int, chosen: list[int]) -> Iterator[list[int]]:
        yield chosen
        for i in range(start, len(melds)):
            if not masks[i] & used:
                yield from extend(i + 1, used | masks[i], [*chosen, i])

    for chosen in extend(0, 0, []):
        yield [_as_meld(cards, melds[i]) for i in chosen]


def _deadwood(cards: Sequence[Card], packing: list[Meld], rules: Ruleset) -> int:
    left = Counter(cards)
    for meld in packing:
        left.subtract(meld)
    assert all(n >= 0 for n in left.values())
    return sum(card_value(card, rules) * n for card, n in left.items())


def min_deadwood_ref(cards: Sequence[Card], rules: Ruleset) -> int:
    """Least deadwood of ``cards`` over every packing of disjoint melds."""
    return min(_deadwood(cards, p, rules) for p in packings_ref(cards, rules))


def optimal_arrangements_ref(cards: Sequence[Card], rules: Ruleset) -> set[Arrangement]:
    """Every packing of disjoint melds that achieves the least deadwood.

    Each packing is a frozenset of melds. With several decks a packing may use the same meld
    twice (two copies of 5♠6♠7♠); as a frozenset it then shows that meld once.
    """
    best: int | None = None
    found: set[Arrangement] = set()
    for packing in packings_ref(cards, rules):
        deadwood = _deadwood(cards, packing, rules)
        if best is None or deadwood < best:
            best, found = deadwood, set()
        if deadwood == best:
            found.add(frozenset(packing))
    return found


def min_deadwood_after_discard_ref(cards: Sequence[Card], rules: Ruleset) -> int:
    """Least deadwood of the cards left after the best single discard (one card fewer)."""
    if not cards:
        raise ValueError("there is no card to discard")
    return min(min_deadwood_ref([*cards[:i], *cards[i + 1 :]], rules) for i in range(len(cards)))
