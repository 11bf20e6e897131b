"""Indian Rummy's engine: the worked cases of docs/rules.md §8.6, each named after its rule,
and the grouping search against a brute-force reference (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.indian.cards import ONE_PACK, TWO_PACKS, is_wild, value, wild_rank_of
from referee.games.indian.declaration import check_cards, check_declaration
from referee.games.indian.grouping import best_grouping, count_points
from referee.games.indian.groups import GroupError, GroupKind, classify
from referee.games.indian.scoring import POOL_201_PENALTIES, penalties_for, rule_deal
from referee.games.indian.variants import Variant, fold
from referee.rules.cards import CardError, Rank, parse_card, parse_cards
from referee.rules.errors import HandError, InputError
from tests.engine.test_purity import pure_modules
from tests.games.indian.reference import fewest_points

NAMES = ("Ann", "Ben", "Cat", "Dan")


def cards(text: str) -> tuple:
    return parse_cards(text, TWO_PACKS)


def groups(*texts: str) -> list:
    return [cards(t) for t in texts]


# -- the pack and the wild joker ---------------------------------------------------------


def test_two_packs_hold_two_of_each_card_and_four_printed_jokers() -> None:
    assert len(cards("7S 7S JK JK JK JK")) == 6
    with pytest.raises(CardError, match="appears 3 times"):
        cards("7S 7S 7S")
    with pytest.raises(CardError):
        parse_cards("7S 7S", ONE_PACK)


def test_the_cut_card_makes_its_rank_wild_and_a_printed_joker_makes_aces_wild() -> None:
    assert wild_rank_of(parse_card("9D")) is Rank.NINE
    assert wild_rank_of(parse_card("JK")) is Rank.ACE
    assert is_wild(parse_card("9S"), Rank.NINE) and is_wild(parse_card("JK3"), Rank.NINE)


def test_card_values_aces_and_faces_ten_wild_cards_nothing() -> None:
    assert [value(c, Rank.FIVE) for c in cards("AS KD QC JH 10S 2C 5H JK")] == [
        10, 10, 10, 10, 10, 2, 0, 0,
    ]  # fmt: skip


# -- groups ------------------------------------------------------------------------------


def test_a_wild_rank_card_as_itself_in_its_own_suit_keeps_a_sequence_pure() -> None:
    assert classify(cards("6S 7S 8S"), Rank.SEVEN).kind is GroupKind.PURE
    assert classify(cards("6S 7H 8S"), Rank.SEVEN).kind is GroupKind.IMPURE


def test_a_printed_joker_makes_a_sequence_impure() -> None:
    assert classify(cards("7H 8H JK"), Rank.TWO).kind is GroupKind.IMPURE


def test_sequences_run_ace_low_or_high_never_round_the_corner() -> None:
    assert classify(cards("AS 2S 3S"), None).kind is GroupKind.PURE
    assert classify(cards("QS KS AS"), None).kind is GroupKind.PURE
    with pytest.raises(GroupError, match="not in a row"):
        classify(cards("KS AS 2S"), None)


def test_a_set_is_three_or_four_of_a_rank_in_different_suits() -> None:
    assert classify(cards("9C 9D 9S"), Rank.TWO).kind is GroupKind.SET
    assert classify(cards("9C 9D 9S 2H"), Rank.TWO).kind is GroupKind.SET
    with pytest.raises(GroupError, match="at most 4 cards"):
        classify(cards("9C 9D 9S 9H JK"), Rank.TWO)


def test_two_identical_cards_from_two_packs_are_never_in_one_set() -> None:
    with pytest.raises(GroupError, match="different suits"):
        classify(cards("9C 9C 9S"), Rank.TWO)


def test_printed_jokers_alone_are_no_group() -> None:
    with pytest.raises(GroupError, match="printed jokers alone"):
        classify(cards("JK JK JK"), Rank.TWO)


# -- declarations ------------------------------------------------------------------------


def test_a_valid_declaration_two_sequences_one_pure_every_card_grouped() -> None:
    shown = groups("AH 2H 3H", "5S 6S JK", "9C 9D 9S", "KD KC KH 4D")
    ruled = check_declaration(shown, Rank.FOUR)
    assert ruled.valid and ruled.problem is None
    assert [g.kind for g in ruled.groups] == ["pure", "impure", "set", "set"]


def test_a_declaration_with_no_pure_sequence_says_which_are_impure() -> None:
    shown = groups("7H 8H JK", "5S 6S 2D", "9C 9D 9S", "KD KC KH 2C")
    ruled = check_declaration(shown, Rank.TWO)
    assert not ruled.valid
    assert str(ruled.problem) == "no pure sequence: 7♥ 8♥ JK, 5♠ 6♠ 2♦ are impure"


def test_a_declaration_with_one_sequence_is_wrong() -> None:
    shown = groups("AH 2H 3H", "9C 9D 9S", "KD KC KH", "QC QD QS 5H")
    ruled = check_declaration(shown, Rank.FIVE)
    assert str(ruled.problem) == "only one sequence (A♥ 2♥ 3♥): two are needed, one of them pure"


def test_a_declaration_must_group_all_13_cards() -> None:
    shown = groups("AH 2H 3H", "5S 6S JK", "9C 9D 9S", "KD KC KH")
    ruled = check_declaration(shown, Rank.FOUR)
    assert str(ruled.problem) == "12 cards are shown in groups, 13 are needed"


def test_a_declaration_names_the_group_that_is_no_group() -> None:
    shown = groups("AH 2H 3H", "5S 6S JK", "9C 9D 8S", "KD KC KH 4D")
    ruled = check_declaration(shown, Rank.FOUR)
    assert str(ruled.problem).startswith("9♣ 9♦ 8♠ is neither a set")


def test_cards_shown_without_groups_are_grouped_for_the_declarer() -> None:
    ruled = check_cards(cards("AH 2H 3H 5S 6S JK 9C 9D 9S KD KC KH 4D"), Rank.FOUR)
    assert ruled.valid
    wrong = check_cards(cards("7H 8H JK 5S 6S 2D 9C 9D 9S KD KC KH QC"), Rank.TWO)
    assert str(wrong.problem) == "no pure sequence can be made of these cards"


# -- a loser's points --------------------------------------------------------------------


def test_points_with_no_pure_sequence_every_card_counts_capped_at_80() -> None:
    hand = cards("7H 8H JK 5S 6S 2S 9C 9D 9S KD KC QC 4D")
    g = best_grouping(hand, Rank.TWO)
    assert (g.rule, g.points, g.capped()) == ("no_pure", 87, 80)


def test_points_with_a_pure_sequence_but_no_second_every_other_card_counts() -> None:
    hand = cards("AH 2H 3H 9C 9D 9S KD KC KH 4D 6C 8S QS")
    g = best_grouping(hand, Rank.FIVE)
    assert g.rule == "pure_only" and g.groups[0].label == "A♥ 2♥ 3♥"
    assert g.points == 27 + 30 + 4 + 6 + 8 + 10  # the sets do not help
    assert count_points(hand, Rank.FIVE) == 80


def test_points_with_two_sequences_count_only_the_ungrouped_cards() -> None:
    hand = cards("AH 2H 3H 5S 6S JK 9C 9D 9S KD QC 4C 4D")
    g = best_grouping(hand, Rank.SEVEN)
    assert (g.rule, g.points, g.counted_label) == ("grouped", 28, "4♦ K♦ 4♣ Q♣")


def test_points_wild_cards_rescue_the_dearest_cards() -> None:
    # K♦ K♣ take the joker, Q♣ Q♠ the seven of hearts: only 4♦ is left
    hand = cards("AH 2H 3H 5S 6S 7S KD KC QC QS 7H JK 4D")
    g = best_grouping(hand, Rank.SEVEN)
    assert g.points == 4 and g.counted_label == "4♦"


def test_three_wild_cards_alone_make_the_second_sequence() -> None:
    hand = cards("AH 2H 3H 7S 7D JK KD QC 4C 9D 10S 8C 6H")
    g = best_grouping(hand, Rank.SEVEN)
    assert g.rule == "grouped"
    assert any(grp.kind is GroupKind.IMPURE for grp in g.groups)


def test_a_valid_show_found_by_the_search() -> None:
    g = best_grouping(cards("AH 2H 3H 4H 5S 6S 7S 9C 9D 9S JK KD KC"), Rank.TWO)
    assert g.valid and g.points == 0 and sum(len(x.cards) for x in g.groups) == 13


# -- a deal ------------------------------------------------------------------------------


def test_drops_cost_20_and_40_and_a_wrong_declaration_80() -> None:
    r = rule_deal(0, ["won", "drop", "middle_drop", "wrong"], names=NAMES)
    assert r.points == (0, 20, 40, 80)


def test_pool_201_drops_cost_25_and_50() -> None:
    assert penalties_for(201) == POOL_201_PENALTIES
    r = rule_deal(1, ["drop", "won", "middle_drop"], penalties=penalties_for(201))
    assert r.points == (25, 0, 50)


def test_a_loser_entered_by_cards_counts_the_best_grouping() -> None:
    hand = cards("AH 2H 3H 5S 6S JK 9C 9D 9S KD QC 4C 4D")
    r = rule_deal(0, ["won", "lost"], cards=[None, hand], wild=Rank.SEVEN, names=NAMES[:2])
    assert r.points == (0, 28)
    assert "left over 4♦ K♦ 4♣ Q♣ = 28" in r.steps[1].text


def test_a_count_above_the_cap_is_refused_naming_the_field() -> None:
    with pytest.raises(InputError) as e:
        rule_deal(0, ["won", "lost"], [None, 85], names=NAMES[:2])
    assert e.value.field == "count_1" and "0 to 80" in e.value.reason


def test_a_wrong_declaration_by_the_winner_is_refused_with_the_rule_broken() -> None:
    shown = groups("7H 8H JK", "5S 6S 2D", "9C 9D 9S", "KD KC KH 2C")
    with pytest.raises(InputError) as e:
        rule_deal(0, ["won", "lost"], [None, 10], shown=shown, wild=Rank.TWO, names=NAMES[:2])
    assert e.value.field == "melds_0"
    assert "no pure sequence: 7♥ 8♥ JK, 5♠ 6♠ 2♦ are impure" in e.value.reason


def test_the_winner_must_be_chosen() -> None:
    with pytest.raises(InputError) as e:
        rule_deal(None, ["lost", "lost"], [10, 10])
    assert e.value.field == "knocker_seat"


# -- the three ways to play --------------------------------------------------------------


def test_points_rummy_the_winner_collects_every_losers_points() -> None:
    deal = rule_deal(2, ["lost", "drop", "won", "lost"], [30, None, None, 80])
    standing = fold(Variant.POINTS, [deal], 4, 0)
    assert standing.totals == (-30, -20, 130, -80)
    assert {(p.payer, p.payee, p.points) for p in standing.payments} == {
        (0, 2, 30), (1, 2, 20), (3, 2, 80),
    }  # fmt: skip


def test_pool_101_a_player_reaching_101_is_out_and_the_last_left_wins() -> None:
    deals = [
        rule_deal(0, ["won", "lost", "lost"], [None, 80, 30]),
        rule_deal(0, ["won", "lost", "lost"], [None, 21, 40]),
        rule_deal(2, ["lost", "out", "won"], [80, None, None]),
        rule_deal(2, ["lost", "out", "won"], [40, None, None]),
    ]
    standing = fold(Variant.POOL, deals[:2], 3, 101)
    assert standing.totals == (0, 101, 70) and standing.out == (1,) and not standing.over
    standing = fold(Variant.POOL, deals, 3, 101)
    assert standing.over and standing.winners == (2,) and standing.out == (1, 0)
    assert [(p.payer, p.payee) for p in standing.payments] == [(0, 2), (1, 2)]


def test_pool_a_player_out_of_the_pool_is_dealt_no_more() -> None:
    deals = [
        rule_deal(0, ["won", "lost", "lost"], [None, 80, 30]),
        rule_deal(0, ["won", "lost", "lost"], [None, 21, 40]),
        rule_deal(0, ["won", "lost", "lost"], [None, 2, 2]),
    ]
    with pytest.raises(HandError, match="out of the pool") as e:
        fold(Variant.POOL, deals, 3, 101)
    assert e.value.hand == 3


def test_deals_rummy_chips_start_at_80_a_player_and_the_most_chips_win() -> None:
    deals = [rule_deal(0, ["won", "lost"], [None, 40]), rule_deal(1, ["lost", "won"], [30, None])]
    standing = fold(Variant.DEALS, deals, 2, 2)
    assert standing.totals == (170, 150) and standing.over and standing.winners == (0,)
    with pytest.raises(HandError, match="2 deals"):
        fold(Variant.DEALS, [*deals, deals[0]], 2, 2)


# -- the search against the brute force ---------------------------------------------------

PACK = TWO_PACKS.cards()


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, len(PACK) - 1), min_size=3, max_size=8, unique=True),
    st.integers(1, 13),
)
def test_the_grouping_search_finds_the_brute_forces_fewest_points(
    picks: list[int], wild: int
) -> None:
    hand = [PACK[i] for i in picks]
    points, valid = fewest_points(hand, Rank(wild))
    found = best_grouping(hand, Rank(wild))
    assert found.points == points, (hand, found)
    assert found.valid == valid, (hand, found)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=8, unique=True),
    st.integers(1, 4),
    st.integers(1, 13),
)
def test_the_grouping_search_with_many_wild_cards(picks: list[int], jokers: int, wild: int) -> None:
    hand = [PACK[i] for i in picks] + [PACK[-j] for j in range(1, jokers + 1)]
    hand = hand[:8]
    points, valid = fewest_points(hand, Rank(wild))
    found = best_grouping(hand, Rank(wild))
    assert (found.points, found.valid) == (points, valid), (hand, found)


def test_the_engine_modules_are_covered_by_the_purity_check() -> None:
    found = set(pure_modules())
    for module in ("cards", "groups", "grouping", "declaration", "scoring", "variants"):
        assert f"referee.games.indian.{module}" in found
