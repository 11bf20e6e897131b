"""Melds, arrangements and knock options: worked cases from docs/rules.md and brute-force checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules import melds
from referee.rules.cards import Card, Deck, Suit, parse_cards
from referee.rules.melds import (
    InvalidMeldError,
    KnockOptions,
    all_melds,
    best_arrangement,
    best_arrangements,
    check_spread,
    knock_options,
    meld_identity,
    meld_problem,
    min_deadwood,
    validate_meld,
)
from referee.rules.results import Arrangement, Meld, MeldKind
from referee.rules.ruleset import AceRank, Ruleset
from referee.rules.values import deadwood_of

from . import reference_general as ref

STANDARD = Ruleset()
JOKERS = Ruleset(jokers=2, jokers_wild=True)
BIG_PACK = Deck(decks=2, jokers=4)

PROPERTY = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def cards(text: str, deck: Deck = BIG_PACK) -> tuple[Card, ...]:
    return parse_cards(text, deck=deck)


def labels(melds_: Sequence[Meld]) -> list[str]:
    return [m.label for m in melds_]


def signature(a: Arrangement) -> ref.Signature:
    melded = tuple(
        sorted((m.kind.value, tuple(sorted(ref.key(c) for c in m.cards))) for m in a.melds)
    )
    return melded, tuple(sorted(ref.key(c) for c in a.deadwood_cards))


def assert_lists_each_once(
    found: Sequence[Arrangement], expected: set[ref.Signature], rules: Ruleset
) -> None:
    """``found`` lists every optimal arrangement of the brute force once, those that differ
    only in which card of a wild rank stands where (when the table merges them) as one."""
    signatures = [signature(a) for a in found]
    assert set(signatures) <= expected, "a listed arrangement is not an optimal one"
    keys = [ref.merged(s, rules) for s in signatures]
    assert len(keys) == len(set(keys)), "an arrangement is listed twice"
    assert set(keys) == {ref.merged(s, rules) for s in expected}
    if not ref.merges_wild_ranks(rules):
        assert set(signatures) == expected


def assert_well_formed(meld: Meld, rules: Ruleset) -> None:
    """The meld is legal for its kind (by the reference) and its fields describe it."""
    keys = [ref.key(c) for c in meld.cards]
    assert meld.kind.value in ref.meld_kinds(keys, rules), meld
    if meld.kind is MeldKind.RUN:
        assert meld.suit is not None and meld.low is not None and meld.high is not None
        assert meld.high - meld.low + 1 == len(meld.cards)
        placed = {meld.low + i: k for i, k in enumerate(keys)}
        assert ref.run_ok(placed, list(Suit).index(meld.suit), rules), meld
    else:
        assert meld.suit is None and meld.low is None


# -- validation and its reasons -------------------------------------------------------------


class TestValidateMeld:
    def test_run_in_table_order(self) -> None:
        meld = validate_meld(cards("9S 7S 8S"))
        assert meld.kind is MeldKind.RUN
        assert meld.label == "7♠ 8♠ 9♠"
        assert (meld.suit, meld.low, meld.high, meld.rank) == (Suit.SPADES, 7, 9, None)

    def test_set(self) -> None:
        meld = validate_meld(cards("7C 7S 7H 7D"))
        assert meld.kind is MeldKind.SET
        assert meld.label == "7♠ 7♥ 7♦ 7♣"
        assert meld.rank == 7

    def test_missing_card(self) -> None:
        assert meld_problem(cards("7S 8S 10S")) == "7♠ 8♠ 10♠ is not a run: 9♠ is missing"

    def test_several_missing(self) -> None:
        assert meld_problem(cards("7S 10S 8S")) == ("7♠ 10♠ 8♠ is not a run: 9♠ is missing")
        assert meld_problem(cards("3S 7S 8S")) == (
            "3♠ 7♠ 8♠ is not a run: 4♠, 5♠ and 6♠ are missing"
        )

    def test_set_size(self) -> None:
        problem = meld_problem(cards("7S 7H"), Ruleset(min_run=2))
        assert problem == "7♠ 7♥ is not a set: a set needs 3 to 4 cards of one rank"

    def test_too_few_cards(self) -> None:
        assert meld_problem(cards("7S 7H")) == (
            "7♠ 7♥ is not a meld: a meld needs at least 3 cards"
        )
        assert meld_problem(()) == "nothing is not a meld: a meld needs at least 3 cards"

    def test_neither_rank_nor_suit(self) -> None:
        assert meld_problem(cards("7S 8H 9S")) == (
            "7♠ 8♥ 9♠ is not a meld: a set needs cards of one rank and a run cards of one suit"
        )

    def test_valid_has_no_problem(self) -> None:
        assert meld_problem(cards("AS 2S 3S")) is None

    def test_invalid_raises_value_error(self) -> None:
        with pytest.raises(ValueError, match="9♠ is missing"):
            validate_meld(cards("7S 8S 10S"))
        assert issubclass(InvalidMeldError, ValueError)

    def test_r13_ace_low(self) -> None:
        assert meld_problem(cards("QS KS AS")) == (
            "Q♠ K♠ A♠ is not a run: the ace is low in this game"
        )

    def test_r13_ace_high_or_low(self) -> None:
        rules = Ruleset(ace=AceRank.HIGH_OR_LOW)
        high = validate_meld(cards("AS QS KS"), rules)
        assert high.label == "Q♠ K♠ A♠"
        assert (high.low, high.high) == (12, 14)
        low = validate_meld(cards("3S AS 2S"), rules)
        assert (low.low, low.high) == (1, 3)

    def test_r13_no_wrap(self) -> None:
        for rules in (STANDARD, Ruleset(ace=AceRank.HIGH_OR_LOW)):
            assert meld_problem(cards("KS AS 2S"), rules) == (
                "K♠ A♠ 2♠ is not a run: a run may not turn the corner from K to A to 2"
            )

    def test_ace_not_at_both_ends(self) -> None:
        rules = Ruleset(ace=AceRank.HIGH_OR_LOW, decks=2)
        every = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
        assert validate_meld(cards(every), rules).high == 13
        assert meld_problem(cards(every + " AS"), rules) is not None

    def test_max_run(self) -> None:
        rules = Ruleset(max_run=5)
        assert meld_problem(cards("3S 4S 5S 6S 7S"), rules) is None
        assert meld_problem(cards("3S 4S 5S 6S 7S 8S"), rules) == (
            "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ is not a run: a run holds at most 5 cards"
        )

    def test_duplicate_in_run(self) -> None:
        problem = meld_problem(cards("7S 8S 9S 9S"), Ruleset(decks=2))
        assert problem == "7♠ 8♠ 9♠ 9♠ is not a run: 9♠ appears twice"

    def test_two_decks_set_holds_each_suit_once(self) -> None:
        problem = meld_problem(cards("7S 7S 7H"), Ruleset(decks=2))
        assert problem is not None
        assert "7♠ appears twice, and a set holds each suit once" in problem

    def test_two_decks_big_sets_repeat_suits(self) -> None:
        meld = validate_meld(cards("7S 7H 7S 7D 7C 7C"), Ruleset(decks=2, max_set=6))
        assert meld.kind is MeldKind.SET
        assert meld.label == "7♠ 7♠ 7♥ 7♦ 7♣ 7♣"

    def test_jokers_not_wild(self) -> None:
        assert meld_problem(cards("7S 7H JK"), Ruleset(jokers=2)) == (
            "7♠ 7♥ JK is not a meld: jokers are not wild in this game"
        )

    def test_joker_fills_a_gap(self) -> None:
        meld = validate_meld(cards("7S JK 9S"), JOKERS)
        assert (meld.kind, meld.low, meld.high) == (MeldKind.RUN, 7, 9)
        assert meld.cards[1].is_joker

    def test_not_enough_wilds(self) -> None:
        assert meld_problem(cards("7S 10S JK"), JOKERS) == (
            "7♠ 10♠ JK is not a run: 8♠ and 9♠ are missing and there is only 1 wild card"
        )

    def test_wild_placement_follows_table_order(self) -> None:
        below = validate_meld(cards("JK 5S 6S"), JOKERS)
        assert (below.low, below.high) == (4, 6)
        above = validate_meld(cards("5S 6S JK"), JOKERS)
        assert (above.low, above.high) == (5, 7)
        # not a table order: wilds go above the naturals
        other = validate_meld(cards("6S JK 5S"), JOKERS)
        assert (other.low, other.high, other.label) == (5, 7, "5♠ 6♠ JK")

    def test_wilds_go_below_at_the_top(self) -> None:
        meld = validate_meld(cards("QS KS JK"), JOKERS)
        assert (meld.low, meld.high, meld.label) == (11, 13, "JK Q♠ K♠")

    def test_real_jokers_are_kept(self) -> None:
        meld = validate_meld(cards("7S JK2 JK1"), JOKERS, kind=MeldKind.RUN)
        assert [c.joker for c in meld.cards if c.is_joker] == [1, 2]

    def test_wild_reading_is_a_set_by_default(self) -> None:
        hand = cards("7S JK JK2")
        assert validate_meld(hand, JOKERS).kind is MeldKind.SET
        run = validate_meld(hand, JOKERS, kind=MeldKind.RUN)
        assert (run.kind, run.low, run.high) == (MeldKind.RUN, 7, 9)

    def test_wilds_apart(self) -> None:
        rules = Ruleset(jokers=2, jokers_wild=True, wilds_adjacent_in_run=False)
        assert meld_problem(cards("5S JK JK2 8S"), rules) == (
            "5♠ JK JK2 8♠ is not a run: two wild cards may not stand side by side in a run"
        )
        split = validate_meld(cards("5S 6S JK JK2"), rules)
        assert split.label == "JK 5♠ 6♠ JK2"
        # in a set wilds may stand together
        assert meld_problem(cards("5S JK JK2"), rules) is None

    def test_min_naturals(self) -> None:
        rules = Ruleset(wild_ranks=(2,), min_naturals_in_meld=2)
        assert meld_problem(cards("7S 2H 2D"), rules) == (
            "7♠ 2♥ 2♦ is not a meld: a meld needs at least 2 natural cards"
        )
        assert meld_problem(cards("7S 7H 2D"), rules) is None

    def test_wild_rank_stands_for_itself(self) -> None:
        rules = Ruleset(wild_ranks=(2,), min_naturals_in_meld=2)
        deuces = validate_meld(cards("2S 2H 2D"), rules)
        assert (deuces.kind, deuces.rank) == (MeldKind.SET, 2)
        run = validate_meld(cards("AS 2S 3S"), rules)
        assert (run.low, run.high) == (1, 3)

    def test_wild_only_meld(self) -> None:
        hand = cards("JK JK2 JK3")
        rules = Ruleset(jokers=3, jokers_wild=True, min_naturals_in_meld=0)
        meld = validate_meld(hand, rules)
        assert (meld.kind, meld.rank) == (MeldKind.SET, None)
        assert meld_problem(hand, Ruleset(jokers=3, jokers_wild=True)) == (
            "JK JK2 JK3 is not a meld: a meld needs at least 1 natural card"
        )

    def test_forced_kind(self) -> None:
        with pytest.raises(InvalidMeldError, match="is not a set"):
            validate_meld(cards("7S 8S 9S"), kind=MeldKind.SET)


# -- R1 and the arrangements -----------------------------------------------------------------


class TestArrangements:
    def test_r1_greedy_is_wrong(self) -> None:
        hand = cards("4H 5H 6H 7H 7S 7D KC QD 2S AC")
        best = best_arrangement(hand)
        assert best.deadwood == 23
        assert sorted(labels(best.melds)) == ["4♥ 5♥ 6♥", "7♠ 7♥ 7♦"]
        assert [c.label for c in best.deadwood_cards] == ["2♠", "Q♦", "A♣", "K♣"]
        assert min_deadwood(hand) == 23
        assert len(best_arrangements(hand)) == 1

    def test_every_optimal_arrangement(self) -> None:
        hand = cards("7S 7H 7D 8S 9S")
        found = best_arrangements(hand)
        # 7♠ 8♠ 9♠ leaves 7♥ 7♦ (14); the set leaves 8♠ 9♠ (17): one best
        assert [a.deadwood for a in found] == [14]
        assert labels(found[0].melds) == ["7♠ 8♠ 9♠"]

    def test_ties_are_all_listed(self) -> None:
        # J♠ Q♠ K♠ or K♠ K♥ K♦: 20 either way
        hand = cards("JS QS KS KH KD")
        found = best_arrangements(hand)
        assert {tuple(labels(a.melds)) for a in found} == {("J♠ Q♠ K♠",), ("K♠ K♥ K♦",)}
        assert all(a.deadwood == 20 for a in found)

    def test_worst_case_hand(self) -> None:
        hand = cards("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H")
        found = best_arrangements(hand)
        assert len(found) == 1
        assert sorted(labels(found[0].melds)) == ["A♠ 2♠ 3♠ 4♠", "A♥ 2♥ 3♥ 4♥", "A♦ 2♦ 3♦"]
        assert len(all_melds(hand)) == 10
        ten = best_arrangements(hand[:10])
        assert [a.deadwood for a in ten] == [0]
        square = best_arrangements(hand[:9])  # three sets or three runs
        assert len(square) == 2
        assert {a.melds[0].kind for a in square} == {MeldKind.SET, MeldKind.RUN}

    def test_twelve_card_square(self) -> None:
        hand = cards("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C")
        found = best_arrangements(hand)
        assert all(a.deadwood == 0 for a in found)
        # three sets, four runs, or one set and three runs of the other two ranks...
        assert len(found) == len({signature(a) for a in found}) == 6

    def test_empty_and_deadwood_only(self) -> None:
        assert best_arrangement(()) == Arrangement((), (), 0)
        lone = best_arrangement(cards("KS 2H 9C"))
        assert (lone.melds, lone.deadwood) == ((), 21)

    def test_order_of_input_does_not_matter(self) -> None:
        hand = cards("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C")
        assert best_arrangements(hand) == best_arrangements(tuple(reversed(hand)))

    def test_limit_gives_a_prefix(self) -> None:
        hand = cards("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C")
        every = best_arrangements(hand)
        assert best_arrangements(hand, limit=2) == every[:2]
        assert best_arrangement(hand) == every[0]

    def test_two_decks_same_meld_twice(self) -> None:
        rules = Ruleset(decks=2)
        hand = cards("5S 6S 7S 5S 6S 7S 7H 7D 7C")
        found = best_arrangements(hand, rules)
        assert [a.deadwood for a in found] == [0]
        assert labels(found[0].melds) == ["5♠ 6♠ 7♠", "5♠ 6♠ 7♠", "7♥ 7♦ 7♣"]
        # with one copy of 7♠ each way: two 5-6♠ pairs are not a meld, so 2×(5-6-7♠) only
        pairs = best_arrangements(cards("5S 6S 7S 5S 6S 7S 8S 8S"), rules)
        assert len(pairs) == len({signature(a) for a in pairs})
        assert sorted(a.deadwood for a in pairs) == [0] * len(pairs)

    def test_jokers_are_interchangeable(self) -> None:
        hand = cards("5S 6S JK 9H 10H JK2")
        found = best_arrangements(hand, JOKERS)
        assert [a.deadwood for a in found] == [0]
        # swapping JK and JK2 between the two runs is not another arrangement
        assert len(found) == len({signature(a) for a in found})
        used = [c for a in found[:1] for c in a.melded_cards if c.is_joker]
        assert sorted(c.joker for c in used) == [1, 2]

    def test_joker_not_wild_is_deadwood(self) -> None:
        best = best_arrangement(cards("5S 6S 7S JK"), Ruleset(jokers=1))
        assert best.deadwood == 20
        assert best.deadwood_cards == (Card.make_joker(1),)

    def test_meld_fields_for_runs_and_sets(self) -> None:
        for meld in all_melds(cards("5S 6S 7S 7H 7D JK"), JOKERS):
            assert_well_formed(meld, JOKERS)

    def test_all_melds_is_deterministic(self) -> None:
        hand = cards("AS 2S 3S 3H 3D 4S")
        first = all_melds(hand)
        assert first == all_melds(tuple(reversed(hand)))
        assert labels(first) == [
            "A♠ 2♠ 3♠ 4♠",
            "3♠ 3♥ 3♦",
            "A♠ 2♠ 3♠",
            "2♠ 3♠ 4♠",
        ]

    def test_general_solver_without_the_fast_path(self) -> None:
        hand = cards("4H 5H 6H 7H 7S 7D KC QD 2S AC")
        assert melds._general_min_deadwood(hand, STANDARD) == 23


# -- knocking with 11 cards --------------------------------------------------------------------


class TestKnockOptions:
    def test_r12_big_gin(self) -> None:
        hand = cards("AC 2C 3C 4D 5D 6D 7D 9H 9S 9D 9C")
        options = knock_options(hand)
        assert options.big_gin
        assert options.gin and options.deadwood == 0
        # any card that leaves the rest melded: an end of the 4-run or a nine
        assert [c.label for c in options.discards] == ["9♠", "9♥", "4♦", "7♦", "9♦", "9♣"]

    def test_best_discard(self) -> None:
        hand = cards("4H 5H 6H 7H 7S 7D KC QD 2S AC 3C")
        options = knock_options(hand)
        assert isinstance(options, KnockOptions)
        assert options.deadwood == 16  # 4-6♥ + 7s, left 2♠ A♣ 3♣ and one court card
        assert [c.label for c in options.discards] == ["Q♦", "K♣"]
        assert not options.big_gin
        assert options.can_knock() is False
        assert options.can_knock(16) is True
        assert options.deadwood_after(cards("AC")[0]) == 25
        after = options.arrangements_after(cards("KC")[0])
        assert [a.deadwood for a in after] == [16]

    def test_not_in_hand(self) -> None:
        options = knock_options(cards("4H 5H 6H 7H 7S 7D KC QD 2S AC 3C"))
        with pytest.raises(ValueError, match="J♣ is not in the hand"):
            options.arrangements_after(cards("JC")[0])

    def test_worst_case_hand(self) -> None:
        options = knock_options(cards("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H"))
        assert options.big_gin
        assert [c.label for c in options.discards] == ["A♠", "4♠", "A♥", "4♥"]

    def test_jokers_listed_each(self) -> None:
        options = knock_options(cards("JK JK2 5S 6S 7S 9H 10H JH 2D 3D 4D"), JOKERS)
        assert options.big_gin and options.deadwood == 0
        discards = [c.label for c in options.discards]
        assert discards[-2:] == ["JK", "JK2"]
        assert options.deadwood_after(Card.make_joker(2)) == 0


# -- declared spreads (R3) -----------------------------------------------------------------


class TestCheckSpread:
    HAND = "5S 6S 7S 7H 7D KC QD 2S AC 3H"

    def test_r3_non_minimal_spread_is_allowed(self) -> None:
        # 7♠ kept in 7♠ 7♥ 7♦ (blocks the 8♠) although 5-6-7♠ would leave less
        spread = check_spread(cards(self.HAND), [cards("7S 7H 7D")])
        assert labels(spread.melds) == ["7♠ 7♥ 7♦"]
        assert spread.deadwood == 5 + 6 + 10 + 10 + 2 + 1 + 3
        assert deadwood_of(spread.deadwood_cards, STANDARD) == spread.deadwood

    def test_invalid_meld(self) -> None:
        with pytest.raises(InvalidMeldError, match=r"meld 2: 5♠ 6♠ 2♠ is not a run"):
            check_spread(cards(self.HAND), [cards("7S 7H 7D"), cards("5S 6S 2S")])

    def test_card_not_in_hand(self) -> None:
        with pytest.raises(ValueError, match="meld 1: 8♠ is not in the hand"):
            check_spread(cards(self.HAND), [cards("6S 7S 8S")])

    def test_card_used_twice(self) -> None:
        with pytest.raises(ValueError, match="meld 2: 7♠ is used twice"):
            check_spread(cards(self.HAND), [cards("5S 6S 7S"), cards("7S 7H 7D")])

    def test_declared_wild_placement_is_kept(self) -> None:
        hand = cards("JK 5S 6S 9H 9D 9C KC QD 2S AC")
        spread = check_spread(hand, [cards("JK 5S 6S"), cards("9H 9D 9C")], JOKERS)
        assert (spread.melds[0].low, spread.melds[0].high) == (4, 6)
        assert spread.deadwood == 23

    def test_jokers_are_interchangeable(self) -> None:
        hand = cards("JK JK2 5S 6S 9H 10H KC QD 2S AC")
        spread = check_spread(hand, [cards("5S 6S JK"), cards("9H 10H JK")], JOKERS)
        assert sorted(c.joker for c in spread.melded_cards if c.is_joker) == [1, 2]
        assert spread.deadwood == 23


# -- against the brute-force reference ---------------------------------------------------------


@PROPERTY
@given(ref.hand_cases())
def test_best_arrangements_match_reference(case: tuple[str, Ruleset, tuple[Card, ...]]) -> None:
    _, rules, hand = case
    least, expected = ref.best(hand, rules)
    found = best_arrangements(hand, rules)
    assert_lists_each_once(found, expected, rules)
    assert melds._general_min_deadwood(hand, rules) == least
    assert min_deadwood(hand, rules) == least
    for a in found:
        assert a.deadwood == least == deadwood_of(a.deadwood_cards, rules)
        assert Counter(a.melded_cards) + Counter(a.deadwood_cards) == Counter(hand)
        for meld in a.melds:
            assert_well_formed(meld, rules)


@settings(PROPERTY, max_examples=40)
@given(ref.hand_cases(), st.randoms(use_true_random=False))
def test_arrangements_do_not_depend_on_input_order(
    case: tuple[str, Ruleset, tuple[Card, ...]], rnd: object
) -> None:
    _, rules, hand = case
    shuffled = list(hand)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    found = best_arrangements(hand, rules)
    assert best_arrangements(shuffled, rules) == found
    assert best_arrangement(shuffled, rules) == found[0]
    assert best_arrangements(hand, rules, limit=3) == found[:3]


@settings(PROPERTY, max_examples=60)
@given(ref.hand_cases(sizes=(8, 9, 10)))
def test_all_melds_match_reference(case: tuple[str, Ruleset, tuple[Card, ...]]) -> None:
    _, rules, hand = case
    found = all_melds(hand, rules)
    identities = [meld_identity(m) for m in found]
    assert len(identities) == len(set(identities))
    assert sorted(identities) == ref.all_melds(hand, rules)
    for meld in found:
        assert_well_formed(meld, rules)
        assert not Counter(meld.cards) - Counter(hand)


@settings(PROPERTY, max_examples=300)
@given(ref.hand_cases(sizes=(3, 4, 5, 6)))
def test_validate_meld_matches_reference(case: tuple[str, Ruleset, tuple[Card, ...]]) -> None:
    _, rules, group = case
    kinds = ref.meld_kinds([ref.key(c) for c in group], rules)
    problem = meld_problem(group, rules)
    if not kinds:
        assert problem is not None and problem.startswith(" ".join(c.label for c in group))
        return
    assert problem is None
    meld = validate_meld(group, rules)
    assert meld.kind.value in kinds
    assert Counter(meld.cards) == Counter(group)
    assert_well_formed(meld, rules)
    for kind in MeldKind:
        if kind.value in kinds:
            assert validate_meld(group, rules, kind=kind).kind is kind
        else:
            with pytest.raises(InvalidMeldError):
                validate_meld(group, rules, kind=kind)


@settings(PROPERTY, max_examples=60)
@given(ref.hand_cases(sizes=(11,)))
def test_knock_options_match_reference(case: tuple[str, Ruleset, tuple[Card, ...]]) -> None:
    _, rules, hand = case
    least, discards, big, per = ref.knock(hand, rules)
    options = knock_options(hand, rules)
    assert options.deadwood == least
    assert {ref.key(c) for c in options.discards} == discards
    assert list(options.discards) == sorted(options.discards, key=lambda c: c.index)
    assert options.big_gin == big
    assert {ref.key(c): v for c, v in options.deadwood_by_discard} == per
    first = options.discards[0]
    assert [a.deadwood for a in options.arrangements_after(first, limit=1)] == [least]


@settings(PROPERTY, max_examples=40)
@given(ref.hand_cases(sizes=(7, 8), max_wilds=4))
def test_wild_heavy_hands_match_reference(case: tuple[str, Ruleset, tuple[Card, ...]]) -> None:
    _, rules, hand = case
    least, expected = ref.best(hand, rules)
    found = best_arrangements(hand, rules)
    assert_lists_each_once(found, expected, rules)
    assert all(a.deadwood == least for a in found)
    assert min_deadwood(hand, rules) == least
