"""Two-handed rulings: docs/rules.md §2.1 formulas, §9 rulings and §10 test vectors.

Each test is named after the rule or vector it checks.
"""

import pytest

from referee.games.presets import get_preset
from referee.rules.adjudicate import (
    HandInputError,
    HandKind,
    rule_cards,
    rule_counts,
    rule_dead_hand,
)
from referee.rules.cards import parse_card, parse_cards
from referee.rules.results import Outcome, Role
from referee.rules.ruleset import Ruleset, TieOutcome, UndercutMode

CLASSIC = get_preset("classic").rules
AMERICAN = get_preset("american").rules
SEED_000 = get_preset("knock_under_10_gin_30").rules
OKLAHOMA = Ruleset(oklahoma=True, game_target=150)


def counts(rules: Ruleset, kind: str, k: int, d: int, **kw: object):
    return rule_counts(rules, kind=HandKind(kind), knocker_deadwood=k, defender_deadwood=d, **kw)


# -- §10 "2p hand" vectors, quick entry ---------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "k", "d", "scorer", "points"),
    [
        ("knock", 5, 12, Role.KNOCKER, 7),
        ("knock", 8, 6, Role.DEFENDER, 12),
        ("knock", 7, 7, Role.DEFENDER, 10),
        ("gin", 0, 23, Role.KNOCKER, 43),
    ],
)
def test_section_10_2p_hand_pagat_g20_u10(kind, k, d, scorer, points) -> None:
    result = counts(CLASSIC, kind, k, d)
    assert (result.scorer, result.points, result.boxes) == (scorer, points, 1)


@pytest.mark.parametrize(
    ("kind", "k", "d", "scorer", "points"),
    [
        ("gin", 0, 23, Role.KNOCKER, 48),
        ("big_gin", 0, 23, Role.KNOCKER, 54),
        ("knock", 8, 6, Role.DEFENDER, 27),
    ],
)
def test_section_10_2p_hand_modern_g25_u25_bg31(kind, k, d, scorer, points) -> None:
    result = counts(AMERICAN, kind, k, d)
    assert (result.scorer, result.points) == (scorer, points)


@pytest.mark.parametrize(
    ("kind", "k", "d", "scorer", "points"),
    [
        ("gin", 0, 23, Role.KNOCKER, 53),
        ("big_gin", 0, 23, Role.KNOCKER, 73),
        ("knock", 9, 5, Role.DEFENDER, 14),
    ],
)
def test_section_10_2p_hand_seed_000_g30_bg50_u10(kind, k, d, scorer, points) -> None:
    result = counts(SEED_000, kind, k, d)
    assert (result.scorer, result.points) == (scorer, points)


def test_section_8_1_knock_must_be_under_10_strictly() -> None:
    assert counts(SEED_000, "knock", 10, 20).outcome is Outcome.ILLEGAL_KNOCK
    assert counts(AMERICAN, "knock", 10, 20).outcome is Outcome.KNOCK


def test_section_3_oklahoma_6_spade_upcard_doubles() -> None:
    result = counts(OKLAHOMA, "knock", 4, 18, upcard=parse_card("6S"))
    assert (result.scorer, result.points, result.boxes, result.knock_limit) == (
        Role.KNOCKER,
        28,
        1,
        6,
    )
    assert any("sets this hand's knock limit" in s.text for s in result.steps)


def test_section_3_oklahoma_upcard_limit_and_ace_gin_only() -> None:
    assert (
        counts(OKLAHOMA, "knock", 7, 18, upcard=parse_card("6H")).outcome is Outcome.ILLEGAL_KNOCK
    )
    assert counts(OKLAHOMA, "knock", 6, 18, upcard=parse_card("6H")).points == 12
    ace = counts(OKLAHOMA, "knock", 1, 18, upcard=parse_card("AH"))
    assert ace.outcome is Outcome.ILLEGAL_KNOCK
    assert "gin only" in ace.steps[0].text
    one = OKLAHOMA.with_overrides(oklahoma_ace="one")
    assert counts(one, "knock", 1, 18, upcard=parse_card("AH")).points == 17
    with pytest.raises(HandInputError) as info:
        counts(OKLAHOMA, "knock", 4, 18)
    assert info.value.field == "upcard"


def test_r17_spade_double_box_option() -> None:
    rules = OKLAHOMA.with_overrides(spade_double_box=True)
    result = counts(rules, "gin", 0, 10, upcard=parse_card("KS"))
    assert (result.points, result.boxes) == ((10 + 25) * 2, 2)


def test_r14_tie_outcomes() -> None:
    assert counts(AMERICAN, "knock", 6, 6).outcome is Outcome.UNDERCUT
    wash = counts(AMERICAN.with_overrides(tie_outcome=TieOutcome.WASH), "knock", 6, 6)
    assert (wash.outcome, wash.scorer, wash.points, wash.boxes) == (Outcome.WASH, None, 0, 0)
    zero = counts(AMERICAN.with_overrides(tie_outcome="knocker_wins_zero"), "knock", 6, 6)
    assert (zero.outcome, zero.scorer, zero.points, zero.boxes) == (
        Outcome.KNOCK,
        Role.KNOCKER,
        0,
        1,
    )


def test_undercut_modes_battle_royal_penalty_and_gem_flat() -> None:
    penalty = counts(
        AMERICAN.with_overrides(undercut_mode=UndercutMode.PENALTY_TO_KNOCKER, undercut_bonus=20),
        "knock",
        8,
        5,
    )
    assert (penalty.scorer, penalty.points, penalty.boxes) == (Role.KNOCKER, -20, 0)
    flat = counts(AMERICAN.with_overrides(undercut_mode="flat_to_defender"), "knock", 5, 4)
    assert (flat.scorer, flat.points) == (Role.DEFENDER, 25)


def test_knocker_min_score_gem_rummy() -> None:
    gem = AMERICAN.with_overrides(knocker_min_score=11, tie_outcome="knocker_wins_zero")
    assert counts(gem, "knock", 5, 9).points == 11
    assert counts(gem, "knock", 5, 30).points == 25


def test_kisses_extra_boxes() -> None:
    rules = AMERICAN.with_overrides(kisses=True)
    assert counts(rules, "gin", 0, 5).boxes == 3
    assert counts(rules, "knock", 8, 5).boxes == 2
    assert counts(rules, "knock", 2, 5).boxes == 1


def test_r11_zero_deadwood_knock_is_gin() -> None:
    result = counts(AMERICAN, "knock", 0, 12)
    assert (result.outcome, result.points) == (Outcome.GIN, 37)
    must_announce = AMERICAN.with_overrides(gin_cards_speak=False)
    assert counts(must_announce, "knock", 0, 12).outcome is Outcome.KNOCK


def test_r16_dead_hand_scores_nothing() -> None:
    result = rule_dead_hand(AMERICAN)
    assert (result.outcome, result.scorer, result.points, result.boxes) == (
        Outcome.DEAD,
        None,
        0,
        0,
    )
    assert result.score(0).points == (0, 0)


def test_r2_illegal_knock_scores_nothing_and_is_not_finished() -> None:
    result = counts(AMERICAN, "knock", 11, 30)
    assert result.outcome is Outcome.ILLEGAL_KNOCK
    assert not result.finished
    assert "outside the knock limit (deadwood ≤ 10)" in result.steps[-1].text


@pytest.mark.parametrize(
    ("field", "k", "d", "reason"),
    [
        ("knocker_deadwood", -1, 5, "cannot be negative"),
        ("defender_deadwood", 3, -2, "cannot be negative"),
        ("defender_deadwood", 3, 500, "more than 10 cards can count"),
    ],
)
def test_bad_counts_name_the_field(field, k, d, reason) -> None:
    with pytest.raises(HandInputError) as info:
        counts(AMERICAN, "knock", k, d)
    assert info.value.field == field
    assert reason in info.value.reason


def test_gin_with_deadwood_is_refused() -> None:
    with pytest.raises(HandInputError) as info:
        counts(AMERICAN, "gin", 4, 12)
    assert info.value.field == "knocker_deadwood"


def test_result_score_maps_roles_to_seats() -> None:
    result = counts(AMERICAN, "knock", 8, 6)
    assert result.score(knocker_seat=0).points == (0, 27)
    assert result.score(knocker_seat=1).points == (27, 0)
    assert result.score(knocker_seat=1).boxes == (1, 0)


# -- full cards ---------------------------------------------------------------------------------

R7_KNOCKER = "5S 6S 7S KH KD KC AH AD AC 3D"
R7_DEFENDER = "8S 8H 8D 8C 9S KS 2C 2H QD JC"


def cards(text: str):
    return parse_cards(text)


def test_r7_defender_breaks_own_meld_and_chains_layoffs() -> None:
    result = rule_cards(cards(R7_KNOCKER), cards(R7_DEFENDER), AMERICAN)
    assert result.knocker_deadwood == 3
    assert result.defender_deadwood == 24
    assert (result.outcome, result.scorer, result.points) == (Outcome.KNOCK, Role.KNOCKER, 21)
    laid = sorted(lo.card.code for lo in result.layoffs)
    assert laid == ["8S", "9S", "KS"]
    rules_applied = [step.rule for step in result.steps]
    assert "R7" in rules_applied and "R5" in rules_applied
    assert "Without layoffs the defender's best is 8♠ 8♥ 8♦ 8♣, leaving 43" in result.steps[2].text


def test_r7_without_chaining_defender_keeps_33() -> None:
    result = rule_cards(
        cards(R7_KNOCKER), cards(R7_DEFENDER), AMERICAN.with_overrides(layoff_chain=False)
    )
    assert result.defender_deadwood == 33
    assert result.points == 30


def test_r8_no_layoffs_after_gin_and_r10_gin_beats_a_melded_defender() -> None:
    gin = cards("AS 2S 3S 4H 5H 6H 9C 9D 9H 9S")
    defender = cards("4S 5S 6S 10C 10D 10H 10S JH QH KH")
    result = rule_cards(gin, defender, AMERICAN)
    assert (result.outcome, result.points, result.layoffs) == (Outcome.GIN, 25, ())
    assert result.defender_deadwood == 0
    assert any(step.rule == "R10" for step in result.steps)


def test_r11_knock_with_gin_cards_is_gin() -> None:
    gin = cards("AS 2S 3S 4H 5H 6H 9C 9D 9H 9S")
    result = rule_cards(gin, cards("KS QH JD 10C 8S 8H 2D 3C 4D 6C"), AMERICAN, kind=HandKind.KNOCK)
    assert result.outcome is Outcome.GIN
    assert any(step.rule == "R11" for step in result.steps)


def test_r12_big_gin_from_eleven_cards() -> None:
    eleven = cards("AC 2C 3C 4D 5D 6D 7D 9H 9S 9D 9C")
    defender = cards("KS QH JD 10C 8S 8H 2D 3H 4S 6C")
    result = rule_cards(eleven, defender, AMERICAN)
    assert result.outcome is Outcome.BIG_GIN
    assert result.points == result.defender_deadwood + 31
    no_big = rule_cards(eleven, defender, AMERICAN.with_overrides(big_gin_enabled=False))
    assert no_big.outcome is Outcome.GIN


def test_eleven_cards_that_do_not_meld_take_the_best_discard() -> None:
    eleven = cards("AC 2C 3C 4D 5D 6D 9H 9S 9D KC QH")
    result = rule_cards(eleven, cards("KS JH JD 10C 8S 8H 2D 3H 4S 6C"), AMERICAN)
    assert result.knocker_deadwood == 10
    assert any("discarding" in step.text for step in result.steps)
    with pytest.raises(HandInputError) as info:
        rule_cards(eleven, cards("KS JH JD 10C 8S 8H 2D 3H 4S 6C"), AMERICAN, kind=HandKind.BIG_GIN)
    assert info.value.field == "knocker"


def test_r9_gin_off_is_an_ordinary_undercut() -> None:
    knocker = cards("5S 6S 7S KH KD KC AH AD AC 3D")
    defender = cards("8S 9S KS 2C 3C 4C 10H JH QH 4S")
    result = rule_cards(knocker, defender, AMERICAN)
    assert result.defender_deadwood == 0
    assert (result.outcome, result.scorer, result.points) == (
        Outcome.UNDERCUT,
        Role.DEFENDER,
        3 + 25,
    )


def test_r3_declared_spread_counts_even_when_worse() -> None:
    knocker = cards("4S 5S 6S 7S 7H 7D 2C 3C 4C AD")
    defender = cards("8S KH KD QC JC 9D 9H 2H 3H 10C")
    best = rule_cards(knocker, defender, AMERICAN)
    assert best.knocker_deadwood == 1
    declared = rule_cards(
        knocker, defender, AMERICAN, spread=[cards("4S 5S 6S 7S"), cards("2C 3C 4C")]
    )
    assert declared.outcome is Outcome.ILLEGAL_KNOCK
    assert declared.knocker_deadwood == 15
    assert any("more deadwood than the best one" in step.text for step in declared.steps)


def test_r2_illegal_knock_from_cards_says_the_best_possible() -> None:
    knocker = cards("AS 2S 3S 9H 10D JC QS KH 7C 8D")
    result = rule_cards(knocker, cards("4S 5H 6D 7H 8C 9C 10C JD QD KD"), AMERICAN)
    assert result.outcome is Outcome.ILLEGAL_KNOCK
    assert "illegal knock" in result.steps[-1].text


@pytest.mark.parametrize(
    ("knocker", "defender", "field", "reason"),
    [
        ("AS 2S 3S", "4S 5H 6D 7H 8C 9C 10C JD QD KD", "knocker", "the knocker holds 3 cards"),
        (
            "AS 2S 3S 9H 10D JC QS KH 7C 8D",
            "4S 5H",
            "defender",
            "the defender holds 2 cards, 10 are needed",
        ),
        (
            "AS 2S 3S 9H 10D JC QS KH 7C 8D",
            "AS 5H 6D 7H 8C 9C 10C JD QD KD",
            "defender",
            "`A♠` is in both hands",
        ),
    ],
)
def test_bad_card_input_names_the_field(knocker, defender, field, reason) -> None:
    with pytest.raises(HandInputError) as info:
        rule_cards(cards(knocker), cards(defender), AMERICAN)
    assert info.value.field == field
    assert reason in info.value.reason
