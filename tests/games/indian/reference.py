"""A brute-force reference of Indian Rummy's fewest points: every way to lay the cards out
in groups (each group checked by ``groups.classify`` alone), counted by the three rules of
docs/rules.md §8.6. Slow (it tries every subset as a group): for hands of up to 8 cards."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from referee.games.indian.cards import value
from referee.games.indian.groups import GroupError, GroupKind, classify
from referee.rules.cards import Card, Rank


def layouts(
    cards: Sequence[Card], wild: Rank | None
) -> Iterator[tuple[list[GroupKind], list[Card], list[list[Card]]]]:
    """Every layout: the groups' kinds, the cards left out, the groups' cards."""
    if not cards:
        yield [], [], []
        return
    first, rest = cards[0], list(cards[1:])
    for kinds, left, groups in layouts(rest, wild):
        yield kinds, [first, *left], groups
    for size in range(2, len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            group = [first, *(rest[i] for i in others)]
            try:
                kind = classify(group, wild).kind
            except GroupError:
                continue
            remaining = [c for i, c in enumerate(rest) if i not in others]
            for kinds, left, groups in layouts(remaining, wild):
                yield [kind, *kinds], left, [group, *groups]


def fewest_points(cards: Sequence[Card], wild: Rank | None) -> tuple[int, bool]:
    """The fewest points of ``cards`` (before the cap) and whether a valid show exists."""
    total = sum(value(c, wild) for c in cards)
    best = total
    valid = False
    for kinds, left, groups in layouts(cards, wild):
        sequences = sum(k.sequence for k in kinds)
        pure = [g for k, g in zip(kinds, groups, strict=True) if k is GroupKind.PURE]
        if pure and sequences >= 2:
            points = sum(value(c, wild) for c in left)
            valid = valid or not left
        elif pure:
            points = total - max(sum(value(c, wild) for c in g) for g in pure)
        else:
            points = total
        best = min(best, points)
    return best, valid
