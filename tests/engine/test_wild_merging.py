"""Cards of a wild rank counted as one type (``melds._class_of``): exact against brute force.

Where wild cards may stand side by side and a meld needs at most one natural card, the solver
counts every card of a wild rank as one type and lists the arrangements that differ only in
which of them stands where once. These tests hold it to the brute-force reference on hands
heavy with deuces and jokers: the same least deadwood, the same deadwood after each discard,
one listed arrangement per class of brute-force arrangements, real cards in every listed one,
and each meld read as the generator reads it.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings

from referee.rules import melds
from referee.rules.cards import Card, parse_cards
from referee.rules.melds import (
    all_melds,
    best_arrangements,
    count_best_arrangements,
    knock_options,
    min_deadwood,
)
from referee.rules.ruleset import Ruleset

from . import reference_general as ref
from .test_melds import PROPERTY, assert_lists_each_once, assert_well_formed

MERGING: dict[str, Ruleset] = {
    "deuces": Ruleset(wild_ranks=(2,)),
    "deuces_and_jokers": Ruleset(jokers=2, jokers_wild=True, wild_ranks=(2,)),
    "deuces_two_decks": Ruleset(decks=2, jokers=2, jokers_wild=True, wild_ranks=(2,)),
    "deuces_wild_only_melds": Ruleset(
        wild_ranks=(2,), jokers=1, jokers_wild=True, min_naturals_in_meld=0
    ),
    "aces_wild_high": Ruleset(wild_ranks=(1,), ace=ref.AceRank.HIGH_OR_LOW),
}


@settings(PROPERTY, max_examples=50)
@given(ref.hand_cases(sizes=(6, 7, 8), rulesets=MERGING, max_wilds=5))
def test_wild_heavy_hands_keep_the_brute_force_values(
    case: tuple[str, Ruleset, tuple[Card, ...]],
) -> None:
    _, rules, hand = case
    least, expected = ref.best(hand, rules)
    assert melds._general_min_deadwood(hand, rules) == least
    assert min_deadwood(hand, rules) == least
    found = best_arrangements(hand, rules)
    assert_lists_each_once(found, expected, rules)
    assert count_best_arrangements(hand, rules) == len(found)
    for a in found:
        assert a.deadwood == least
        assert Counter(a.melded_cards) + Counter(a.deadwood_cards) == Counter(hand)
        for meld in a.melds:
            assert_well_formed(meld, rules)


@settings(PROPERTY, max_examples=30)
@given(ref.hand_cases(sizes=(8,), rulesets=MERGING, max_wilds=5))
def test_deadwood_after_each_discard_matches_brute_force(
    case: tuple[str, Ruleset, tuple[Card, ...]],
) -> None:
    _, rules, hand = case
    least, discards, big, per = ref.knock(hand, rules)
    options = knock_options(hand, rules)
    assert options.deadwood == least
    assert {ref.key(c) for c in options.discards} == discards
    assert {ref.key(c): v for c, v in options.deadwood_by_discard} == per
    assert options.big_gin == big


@settings(PROPERTY, max_examples=40)
@given(ref.hand_cases(sizes=(7, 8, 9), rulesets=MERGING, max_wilds=4))
def test_a_meld_read_directly_is_read_as_the_generator_reads_it(
    case: tuple[str, Ruleset, tuple[Card, ...]],
) -> None:
    _, rules, hand = case
    ctx = melds._ctx(rules)
    for meld in all_melds(hand, rules):
        direct = melds._reading(meld.kind, meld.cards, ctx)
        assert direct == melds._generic_reading(meld.kind, meld.cards, ctx)


def test_deuces_that_could_change_places_are_one_arrangement_with_a_note() -> None:
    rules = Ruleset(wild_ranks=(2,))
    hand = parse_cards("2H 2C 5S 6S 7D 7C")
    found = best_arrangements(hand, rules)
    # 5♠ 6♠ with a deuce and 7♦ 7♣ with the other: 2♥ or 2♣ in either, one arrangement
    assert len(found) == 1
    assert found[0].deadwood == 0
    assert found[0].note == "2♥ and 2♣ may change places (the same arrangement)."
    labels = sorted(m.label for m in found[0].melds)
    assert labels == ["5♠ 6♠ 2♥", "7♦ 7♣ 2♣"] or labels == ["5♠ 6♠ 2♣", "7♦ 7♣ 2♥"]


def test_a_deuce_goes_where_it_stands_as_itself() -> None:
    rules = Ruleset(wild_ranks=(2,))
    found = best_arrangements(parse_cards("2H 3H 4H 2C 9S 9D"), rules)
    runs = [m for a in found for m in a.melds if m.label.startswith("2♥")]
    assert runs and runs[0].label == "2♥ 3♥ 4♥"
