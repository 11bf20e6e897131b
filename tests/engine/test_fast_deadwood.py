"""The fast deadwood solver against worked rulings and the brute-force reference."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.cards import ALL_NATURALS, Card, parse_cards
from referee.rules.fast_deadwood import (
    UnsupportedRulesError,
    deadwood_and_after_discard,
    is_all_melded,
    min_deadwood,
    min_deadwood_after_discard,
    supports,
)
from referee.rules.ruleset import DEFAULT_RULES, AceRank, Ruleset
from tests.engine.reference import (
    all_melds_ref,
    min_deadwood_after_discard_ref,
    min_deadwood_ref,
    optimal_arrangements_ref,
)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, deck=ALL_DECK)


ALL_DECK = Ruleset(jokers=2).deck
JOKERS = (Card.make_joker(1), Card.make_joker(2))

TABLES = [
    DEFAULT_RULES,
    Ruleset(max_run=5),  # seed 000's option
    Ruleset(max_run=3),
    Ruleset(min_run=4),  # contract-style sequences
    Ruleset(min_run=4, max_run=4),
    Ruleset(min_run=2),
    Ruleset(ace_value=15, court_value=5),
    Ruleset(jokers=2, joker_value=20),
    Ruleset(jokers=2, joker_value=0),
]
table_ids = [
    "default",
    "max_run5",
    "max_run3",
    "min_run4",
    "run4only",
    "min_run2",
    "values",
    "jokers20",
    "jokers0",
]


# -- worked cases ----------------------------------------------------------------------------


def test_r1_optimal_arrangement_beats_longest_meld_first() -> None:
    """docs/rules.md §9 R1: least deadwood over every packing; greedy longest-meld-first is wrong.

    Run 4-7♥ leaves 37; run 4-6♥ with the set 7♥7♠7♦ leaves 23.
    """
    hand = cards("4H 5H 6H 7H 7S 7D KC QD 2S AC")
    greedy_leftover = cards("7S 7D KC QD 2S AC")
    assert sum(min(int(c.rank or 0), 10) for c in greedy_leftover) == 37
    assert min_deadwood(hand) == 23
    assert min_deadwood_ref(hand, DEFAULT_RULES) == 23
    best = optimal_arrangements_ref(hand, DEFAULT_RULES)
    assert best == {frozenset({cards("4H 5H 6H"), cards("7S 7H 7D")})}


def test_worst_hand_three_ranks_of_three_and_two_fours() -> None:
    """A♠A♥A♦ 2♠2♥2♦ 3♠3♥3♦ 4♠4♥: three suits of A-2-3 runs, or sets, or a mix."""
    hand = cards("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H")
    assert min_deadwood(hand) == min_deadwood_ref(hand, DEFAULT_RULES) == 0
    assert min_deadwood_after_discard(hand) == 0
    assert deadwood_and_after_discard(hand) == (0, 0)
    assert is_all_melded(hand)


def test_big_gin_with_two_four_card_sets_and_a_three_card_set() -> None:
    hand = cards("7S 7H 7D 7C 9S 9H 9D 9C KS KH KD")
    assert min_deadwood(hand) == 0
    assert is_all_melded(hand)
    assert min_deadwood_after_discard(hand) == 0  # discard a 7 or a 9: plain gin
    assert deadwood_and_after_discard(hand) == (0, 0)


def test_knock_hand_after_the_draw() -> None:
    hand = cards("AS 2S 3S 4S 7H 7D 7C KH KD 9C QS")
    assert deadwood_and_after_discard(hand) == (39, 29)
    assert not is_all_melded(hand)


def test_empty_and_tiny_hands() -> None:
    assert min_deadwood(()) == 0
    assert is_all_melded(())
    assert min_deadwood(cards("KS")) == 10
    assert min_deadwood_after_discard(cards("KS")) == 0
    assert min_deadwood_after_discard(cards("KS 2H")) == 2
    with pytest.raises(ValueError, match="no card to discard"):
        min_deadwood_after_discard(())
    with pytest.raises(ValueError, match="no card to discard"):
        deadwood_and_after_discard(())


def test_single_suit_and_full_suit() -> None:
    spades = [c for c in ALL_NATURALS if c.suit is not None and c.suit.index == 0]
    assert min_deadwood(spades) == 0
    assert min_deadwood(spades, Ruleset(max_run=5)) == 0  # 13 = 5 + 5 + 3
    assert min_deadwood(spades, Ruleset(min_run=4, max_run=4)) == min_deadwood_ref(
        spades, Ruleset(min_run=4, max_run=4)
    )


def test_isolated_four_card_set_may_lose_its_fourth_card_after_the_draw() -> None:
    """K♠K♥K♦K♣ 9♠9♥9♦9♣ A♠2♠3♠: discarding a king still leaves every card melded."""
    hand = cards("KS KH KD KC 9S 9H 9D 9C AS 2S 3S")
    assert (
        min_deadwood_after_discard(hand) == 0 == min_deadwood_after_discard_ref(hand, DEFAULT_RULES)
    )


def test_isolated_three_card_set_broken_when_every_other_discard_breaks_a_run() -> None:
    """Every other card is in a run of exactly three: the cheapest discard is an ace."""
    hand = cards("AS AH AD 2C 3C 4C 6S 7S 8S 9H 10H JH")
    assert (
        min_deadwood_after_discard(hand) == 2 == min_deadwood_after_discard_ref(hand, DEFAULT_RULES)
    )
    rules = Ruleset(min_run=4, max_run=4)
    hand = cards("AS AH AD 5C 6C 7C 8C 9D 10D JD QD")
    assert min_deadwood_after_discard(hand, rules) == 2
    assert min_deadwood_after_discard_ref(hand, rules) == 2


def test_three_isolated_kings() -> None:
    assert min_deadwood(cards("KS KH KD")) == 0
    assert min_deadwood_after_discard(cards("KS KH KD")) == 20
    assert min_deadwood_after_discard(cards("KS KH KD KC")) == 0


def test_non_wild_jokers_never_meld() -> None:
    rules = Ruleset(jokers=2, joker_value=20)
    hand = cards("JK AS 2S 3S 7H 7D 7C KH KD 9C")
    assert min_deadwood(hand, rules) == 20 + 29
    assert min_deadwood_after_discard(hand, rules) == 29
    assert not is_all_melded(cards("JK AS 2S 3S"), Ruleset(jokers=2, joker_value=0))
    assert min_deadwood(cards("JK1 JK2"), rules) == 40
    assert min_deadwood_after_discard(cards("JK1"), rules) == 0


def test_run_lengths_are_honoured() -> None:
    hand = cards("AS 2S 3S 4S 5S 6S")
    assert min_deadwood(hand, Ruleset(max_run=5)) == 0  # 3 + 3
    assert min_deadwood(cards("AS 2S 3S 4S 5S 6S 7S"), Ruleset(max_run=3)) == 1  # A♠ left
    assert min_deadwood(cards("AS 2S 3S"), Ruleset(min_run=4)) == 6
    assert min_deadwood(cards("QS KS AS")) == 21  # the ace is low only


def test_supports() -> None:
    assert supports(DEFAULT_RULES)
    assert supports(Ruleset(max_run=5, jokers=2))
    assert not supports(Ruleset(ace=AceRank.HIGH_OR_LOW))
    assert not supports(Ruleset(decks=2))
    assert not supports(Ruleset(wild_ranks=(2,)))
    assert not supports(Ruleset(jokers=2, jokers_wild=True))
    assert not supports(Ruleset(min_set=4))
    with pytest.raises(UnsupportedRulesError):
        min_deadwood(cards("AS"), Ruleset(decks=2))


def test_equal_rulesets_give_the_same_answers() -> None:
    hand = cards("AS 2S 3S 4S 5S 6S 7S 8S 9H 9D 9C")
    assert min_deadwood(hand, Ruleset(max_run=3)) == min_deadwood(hand, Ruleset(max_run=3))
    assert min_deadwood(hand, Ruleset(max_run=3)) == 3  # 3-4-5♠ 6-7-8♠, A♠2♠ left over


# -- the reference itself ---------------------------------------------------------------------


def test_reference_counts_every_meld_in_a_deck() -> None:
    """R1: 329 melds in a deck (65 sets, 264 runs)."""
    assert len(all_melds_ref(ALL_NATURALS, DEFAULT_RULES)) == 329
    assert len(all_melds_ref(ALL_NATURALS, Ruleset(ace=AceRank.HIGH_OR_LOW))) == 373


def test_reference_sets_and_sub_runs_are_different_melds() -> None:
    melds = all_melds_ref(cards("7S 7H 7D 7C 5S 6S 8S"), DEFAULT_RULES)
    assert cards("7S 7H 7D 7C") in melds
    assert cards("7S 7H 7D") in melds
    assert cards("5S 6S 7S 8S") in melds
    assert cards("5S 6S 7S") in melds and cards("6S 7S 8S") in melds
    assert len(melds) == 5 + 3


def test_reference_arrangements_list_every_optimum() -> None:
    hand = cards("7S 7H 7D 7C 5S 6S 8S")
    best = optimal_arrangements_ref(hand, DEFAULT_RULES)
    # 5-6-7-8♠ + 7♥7♦7♣, or 7♠7♥7♦7♣ with 5♠6♠8♠ left: the first is the only optimum.
    assert best == {frozenset({cards("5S 6S 7S 8S"), cards("7H 7D 7C")})}
    assert min_deadwood_ref(hand, DEFAULT_RULES) == 0


def test_reference_high_ace_and_several_decks() -> None:
    rules = Ruleset(ace=AceRank.HIGH_OR_LOW)
    assert min_deadwood_ref(cards("QS KS AS"), rules) == 0
    assert min_deadwood_ref(cards("KS AS 2S"), rules) == 13  # no wrap
    two = Ruleset(decks=2)
    hand = list(cards("5S 6S 7S")) * 2
    assert min_deadwood_ref(hand, two) == 0
    with pytest.raises(ValueError):
        min_deadwood_ref(cards("AS"), Ruleset(wild_ranks=(2,)))


# -- properties against the reference ----------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, size: int, window: int | None = None) -> list[Card]:
    """``size`` distinct natural cards; with ``window``, drawn from that many adjacent ranks."""
    if window is None:
        pool: Sequence[Card] = ALL_NATURALS
    else:
        low = draw(st.integers(1, 14 - window))
        pool = [c for c in ALL_NATURALS if c.rank is not None and low <= c.rank < low + window]
    return list(draw(st.permutations(pool))[:size])


@st.composite
def built_hands(draw: st.DrawFn) -> list[Card]:
    """Hands put together from disjoint sets and runs, plus a few loose cards."""
    taken: set[Card] = set()
    for _ in range(draw(st.integers(1, 4))):
        if draw(st.booleans()):
            rank = draw(st.integers(1, 13))
            group = [c for c in ALL_NATURALS if c.rank == rank and c not in taken]
            size = draw(st.integers(3, 4))
            if len(group) >= size:
                taken.update(draw(st.permutations(group))[:size])
        else:
            suit = draw(st.integers(0, 3))
            length = draw(st.integers(3, 6))
            low = draw(st.integers(1, 14 - length))
            run = [ALL_NATURALS[suit * 13 + r - 1] for r in range(low, low + length)]
            if not taken.intersection(run):
                taken.update(run)
    loose = draw(st.lists(st.sampled_from(ALL_NATURALS), max_size=2))
    taken.update(loose)
    hand = sorted(taken, key=lambda c: c.index)[:13]
    return list(draw(st.permutations(hand)))


tables = st.sampled_from(TABLES)


def with_jokers(data: st.DataObject, hand: list[Card], rules: Ruleset) -> list[Card]:
    if rules.jokers:
        hand = hand + list(JOKERS[: data.draw(st.integers(0, 2))])
    return hand


def check(hand: list[Card], rules: Ruleset) -> None:
    expected = min_deadwood_ref(hand, rules)
    assert min_deadwood(hand, rules) == expected
    assert is_all_melded(hand, rules) == (expected == 0 and not any(c.is_joker for c in hand))
    if hand:
        after = min_deadwood_after_discard_ref(hand, rules)
        assert min_deadwood_after_discard(hand, rules) == after
        assert deadwood_and_after_discard(hand, rules) == (expected, after)


@pytest.mark.parametrize("size", [10, 11, 13])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_hands_match_reference(size: int, data: st.DataObject) -> None:
    rules = data.draw(tables)
    hand = data.draw(hands(size))
    check(with_jokers(data, hand, rules), rules)


@pytest.mark.parametrize("size", [10, 11, 13])
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_meld_rich_hands_match_reference(size: int, data: st.DataObject) -> None:
    """Cards from a few adjacent ranks, so sets and runs compete for the same cards."""
    rules = data.draw(tables)
    window = data.draw(st.integers(4, 6)) if size == 13 else data.draw(st.integers(3, 5))
    hand = data.draw(hands(size, window))
    check(with_jokers(data, hand, rules), rules)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_built_hands_match_reference(data: st.DataObject) -> None:
    """Hands made of melds, where whole sets, exact-length runs and big gin are common."""
    rules = data.draw(tables)
    hand = data.draw(built_hands())
    check(with_jokers(data, hand, rules), rules)


@settings(max_examples=100, deadline=None)
@given(size=st.integers(0, 9), data=st.data())
def test_small_hands_match_reference(size: int, data: st.DataObject) -> None:
    rules = data.draw(tables)
    hand = data.draw(hands(size, data.draw(st.sampled_from([None, 3, 4]))))
    check(with_jokers(data, hand, rules), rules)


def test_bench_samples_match_reference() -> None:
    """25 hands from each benchmark file (uniform and meld-rich, 10 and 11 cards), kept here."""
    from pathlib import Path

    files = sorted((Path(__file__).parent / "data").glob("sample-hands-*.txt"))
    assert len(files) == 4
    for path in files:
        for line in path.read_text().splitlines():
            hand = list(parse_cards(line))
            check(hand, DEFAULT_RULES)
