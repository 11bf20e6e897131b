"""A slow, obviously correct reference for Contract Rummy: is a group or sequence valid, and
can a hand lay down a contract. It shares nothing with the engine it checks but the card
type and the table's answer to "is this card wild".

A group: some rank R, a card of rank R among the cards, every other card of rank R or wild.
A sequence: some suit, some run of positions (ace at 1 or 14), and some order of the cards
over those positions, each card its own card there (natural) or a wild, no two wilds side by
side. A contract: every choice of disjoint card subsets, one per need, of at least the need's
length, each valid.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, pairwise, permutations

from referee.games.contract import ContractTable, Kind, Need
from referee.rules.cards import SUITS, Card


def group_ok(cards: Sequence[Card], table: ContractTable) -> bool:
    if len(cards) < 3:
        return False
    for rank in range(1, 14):
        if not any(c.rank is not None and int(c.rank) == rank for c in cards):
            continue
        if all((c.rank is not None and int(c.rank) == rank) or table.is_wild(c) for c in cards):
            return True
    return False


def _own(card: Card, suit: object, position: int) -> bool:
    if card.rank is None or card.suit is not suit:
        return False
    rank = int(card.rank)
    return rank == position or (rank == 1 and position == 14)


def sequence_ok(cards: Sequence[Card], table: ContractTable) -> bool:
    n = len(cards)
    if not 3 <= n <= 13:
        return False
    for suit in SUITS:
        for low in range(1, 16 - n):
            for order in permutations(cards):
                wild_flags = []
                for offset, card in enumerate(order):
                    if _own(card, suit, low + offset):
                        wild_flags.append(False)
                    elif table.is_wild(card):
                        wild_flags.append(True)
                    else:
                        break
                else:
                    if not any(a and b for a, b in pairwise(wild_flags)):
                        return True
    return False


def can_make_ref(hand: Sequence[Card], needs: Sequence[Need], table: ContractTable) -> bool:
    def go(left: tuple[int, ...], todo: tuple[Need, ...]) -> bool:
        if not todo:
            return True
        need = todo[0]
        check = group_ok if need.kind is Kind.GROUP else sequence_ok
        for size in range(need.length, min(len(left), need.length + 1) + 1):
            for chosen in combinations(left, size):
                if check([hand[i] for i in chosen], table):
                    rest = tuple(i for i in left if i not in chosen)
                    if go(rest, todo[1:]):
                        return True
        return False

    return go(tuple(range(len(hand))), tuple(needs))
