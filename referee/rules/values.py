"""Deadwood values of cards under a table's rules (docs/rules.md §1, §11 ``card_values``)."""

from __future__ import annotations

from collections.abc import Iterable

from referee.rules.cards import Card
from referee.rules.ruleset import Ruleset


def card_value(card: Card, rules: Ruleset) -> int:
    """Deadwood value: ace 1, pips at face value, courts 10, a joker 20 by default."""
    if card.is_joker:
        return rules.joker_value
    assert card.rank is not None
    rank = int(card.rank)
    if rules.wild_value is not None and rank in rules.wild_ranks:
        return rules.wild_value
    if rank == 1:
        return rules.ace_value
    if rank > 10:
        return rules.court_value
    return rank


def deadwood_of(cards: Iterable[Card], rules: Ruleset) -> int:
    """Sum of the deadwood values of ``cards``."""
    return sum(card_value(c, rules) for c in cards)


def is_wild(card: Card, rules: Ruleset) -> bool:
    """Whether ``card`` may stand for another card in a meld under ``rules``."""
    if card.is_joker:
        return rules.jokers_wild
    return card.rank is not None and int(card.rank) in rules.wild_ranks
