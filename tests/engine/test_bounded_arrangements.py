"""Counted, not enumerated: how many optimal arrangements a hand has, and the bounded list.

The count (:func:`count_best_arrangements`, ``KnockOptions.count_after``) is worked out without
walking the arrangements; the lists stop at their limit. Both are checked against the
brute-force reference: the count is the number of distinct optimal arrangements, and every
listed arrangement is optimal and listed once.
"""

from __future__ import annotations

from hypothesis import given, settings

from referee.inputs import ARRANGEMENTS_SHOWN, analyze_hand
from referee.rules.cards import Card, parse_cards
from referee.rules.melds import best_arrangements, count_best_arrangements, knock_options
from referee.rules.ruleset import Ruleset

from . import reference_general as ref
from .test_melds import PROPERTY, signature


@settings(PROPERTY, max_examples=40)
@given(ref.hand_cases(sizes=(9, 10)))
def test_count_is_the_number_of_distinct_optimal_arrangements(
    case: tuple[str, Ruleset, tuple[Card, ...]],
) -> None:
    _, rules, hand = case
    least, expected = ref.best(hand, rules)
    distinct = {ref.merged(s, rules) for s in expected}
    assert count_best_arrangements(hand, rules) == len(distinct)
    limit = 3
    listed = best_arrangements(hand, rules, limit=limit)
    assert len(listed) == min(limit, len(distinct))
    signatures = [signature(a) for a in listed]
    keys = {ref.merged(s, rules) for s in signatures}
    assert len(keys) == len(signatures), "an arrangement is listed twice"
    assert set(signatures) <= expected
    assert all(a.deadwood == least for a in listed)


@settings(PROPERTY, max_examples=25)
@given(ref.hand_cases(sizes=(11,)))
def test_after_the_discard_count_and_list_match_the_cards_left(
    case: tuple[str, Ruleset, tuple[Card, ...]],
) -> None:
    _, rules, hand = case
    options = knock_options(hand, rules)
    discard = options.discards[-1]
    left = list(hand)
    left.remove(discard)
    least, expected = ref.best(left, rules)
    assert options.count_after(discard) == len({ref.merged(s, rules) for s in expected})
    listed = options.arrangements_after(discard, limit=4)
    assert listed == best_arrangements(left, rules, limit=4)
    assert {signature(a) for a in listed} <= expected
    assert all(a.deadwood == least for a in listed)


def test_a_hand_with_thousands_of_arrangements_lists_a_few_and_counts_the_rest() -> None:
    rules = Ruleset(wild_ranks=(2,), jokers=2, jokers_wild=True)
    hand = parse_cards("2S 2H 2D 2C JK1 JK2 3S 4S 5S 6S 7S", rules.deck)
    analysis = analyze_hand(hand, rules)
    assert analysis.count == count_best_arrangements(hand, rules) > ARRANGEMENTS_SHOWN
    assert len(analysis.arrangements) == ARRANGEMENTS_SHOWN
    assert len({signature(a) for a in analysis.arrangements}) == ARRANGEMENTS_SHOWN
    assert {a.deadwood for a in analysis.arrangements} == {analysis.best.deadwood}
