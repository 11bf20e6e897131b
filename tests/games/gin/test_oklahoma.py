"""Oklahoma Gin: docs/rules.md §3 and R17 — the upcard's knock limit, spade doubling, kisses, 150.

Each test is named after the rule or vector it checks.
"""

from __future__ import annotations

import doctest

import pytest

from referee.games.gin import oklahoma
from referee.games.gin.oklahoma import upcard_note
from referee.games.presets import get_preset, play_family
from referee.rules.adjudicate import HandInputError, HandKind, rule_counts, rule_dead_hand
from referee.rules.cards import parse_card
from referee.rules.hand_conditions import UpcardRequiredError, hand_conditions
from referee.rules.ledger import fold_match
from referee.rules.results import Outcome, Role
from referee.rules.ruleset import KnockCompare, OklahomaAce, Ruleset
from tests.engine.counts import ruled

OKLAHOMA = get_preset("oklahoma").rules
A, B = 0, 1


def test_oklahoma_preset_is_the_american_table_with_the_upcard_and_target_150() -> None:
    preset = get_preset("oklahoma")
    assert preset.family == "two_handed" == play_family(preset.family, preset.rules)
    assert preset.players == 2
    r = preset.rules
    assert r.oklahoma and r.game_target == 150
    assert r.oklahoma_ace is OklahomaAce.GIN_ONLY
    assert r.spade_double and not r.spade_double_box and not r.kisses
    assert r.differences(get_preset("american").rules) == {
        "oklahoma": (True, False),
        "game_target": (150, 100),
    }


# -- §3 worked case and the knock limit ----------------------------------------------------


def test_section_3_worked_case_6_spades_knock_4_against_18_scores_28() -> None:
    result = ruled(OKLAHOMA, "knock", 4, 18, upcard="6S")
    assert result.knock_limit == 6 and result.multiplier == 2
    assert (result.outcome, result.scorer, result.points, result.boxes) == (
        Outcome.KNOCK,
        Role.KNOCKER,
        28,
        1,
    )
    assert [s.rule for s in result.steps] == ["§3", "R17", "§2.1", "R17"]
    assert "14 × 2 = 28" in result.steps[-1].text


def test_section_3_grc_example_a_difference_of_18_doubled_is_36() -> None:
    assert ruled(OKLAHOMA, "knock", 2, 20, upcard="9S").points == 36
    assert ruled(OKLAHOMA, "knock", 2, 20, upcard="9H").points == 18


@pytest.mark.parametrize(
    ("upcard", "limit"),
    [("2C", 2), ("5D", 5), ("9H", 9), ("10S", 10), ("JC", 10), ("QH", 10), ("KD", 10)],
)
def test_section_3_knock_limit_is_the_upcard_value(upcard: str, limit: int) -> None:
    conditions = hand_conditions(OKLAHOMA, parse_card(upcard))
    assert conditions.knock_limit == limit
    assert conditions.knock_allowed(limit, OKLAHOMA)
    assert not conditions.knock_allowed(limit + 1, OKLAHOMA)
    assert f"deadwood ≤ {limit}" in conditions.steps[0].text


def test_section_3_knock_limit_under_a_strict_comparison() -> None:
    rules = OKLAHOMA.with_overrides(knock_compare=KnockCompare.LT)
    conditions = hand_conditions(rules, parse_card("6D"))
    assert conditions.knock_allowed(5, rules) and not conditions.knock_allowed(6, rules)


def test_section_3_ace_upcard_gin_only_by_default() -> None:
    conditions = hand_conditions(OKLAHOMA, parse_card("AH"))
    assert conditions.knock_limit is None
    assert conditions.limit_text(OKLAHOMA) == "gin only"
    assert conditions.knock_allowed(0, OKLAHOMA)
    assert not conditions.knock_allowed(1, OKLAHOMA)
    assert "gin only" in conditions.steps[0].text


def test_section_3_ace_upcard_limit_one_as_an_option() -> None:
    rules = OKLAHOMA.with_overrides(oklahoma_ace="one")
    conditions = hand_conditions(rules, parse_card("AD"))
    assert conditions.knock_limit == 1
    assert conditions.knock_allowed(1, rules) and not conditions.knock_allowed(2, rules)


def test_section_3_the_upcard_is_required_and_a_joker_is_refused() -> None:
    with pytest.raises(UpcardRequiredError, match="needs the first upcard"):
        hand_conditions(OKLAHOMA)
    jokers = OKLAHOMA.with_overrides(jokers=2)
    with pytest.raises(UpcardRequiredError, match="joker"):
        hand_conditions(jokers, parse_card("JK1"))


def test_section_3_ace_upcard_knock_of_1_is_illegal_through_quick_entry() -> None:
    result = rule_counts(
        OKLAHOMA,
        kind=HandKind.KNOCK,
        knocker_deadwood=1,
        defender_deadwood=20,
        upcard=parse_card("AC"),
    )
    assert result.outcome is Outcome.ILLEGAL_KNOCK and not result.finished
    assert result.steps[0].text == "The upcard A♣ is an ace: this hand is gin only."
    assert "outside the knock limit (gin only)" in result.steps[-1].text
    one = OKLAHOMA.with_overrides(oklahoma_ace="one")
    legal = rule_counts(
        one,
        kind=HandKind.KNOCK,
        knocker_deadwood=1,
        defender_deadwood=20,
        upcard=parse_card("AC"),
    )
    assert (legal.outcome, legal.points, legal.knock_limit) == (Outcome.KNOCK, 19, 1)


def test_section_3_the_ruling_says_which_limit_applied_and_why() -> None:
    result = rule_counts(
        OKLAHOMA,
        kind=HandKind.KNOCK,
        knocker_deadwood=7,
        defender_deadwood=20,
        upcard=parse_card("7D"),
    )
    assert result.steps[0].text == "The upcard 7♦ sets this hand's knock limit: deadwood ≤ 7."
    assert result.steps[1].text.startswith("The knocker's deadwood 7 is within the knock limit")
    with pytest.raises(HandInputError, match="upcard: this table needs the first upcard"):
        rule_counts(OKLAHOMA, kind=HandKind.GIN, knocker_deadwood=0, defender_deadwood=20)


def test_section_3_a_dead_hand_keeps_its_upcard_note() -> None:
    result = rule_dead_hand(OKLAHOMA, parse_card("4S"))
    assert result.knock_limit == 4 and result.points == 0
    assert [s.rule for s in result.steps] == ["§3", "R17", "R16"]


# -- R17: what a spade doubles -------------------------------------------------------------


def test_r17_spade_doubles_the_gin_bonus_not_the_box() -> None:
    result = ruled(OKLAHOMA, "gin", 0, 10, upcard="3S")
    assert (result.points, result.boxes) == ((10 + 25) * 2, 1)
    assert "the box counts once" in result.steps[1].text


def test_r17_spade_doubles_the_undercut_bonus_to_the_defender() -> None:
    result = ruled(OKLAHOMA, "knock", 5, 3, upcard="7S")
    assert (result.outcome, result.scorer, result.points) == (Outcome.UNDERCUT, Role.DEFENDER, 54)


def test_r17_spade_doubles_big_gin() -> None:
    assert ruled(OKLAHOMA, "big_gin", 0, 20, upcard="KS").points == (20 + 31) * 2


def test_r17_option_the_spade_doubles_the_box_too() -> None:
    rules = OKLAHOMA.with_overrides(spade_double_box=True)
    result = ruled(rules, "knock", 4, 18, upcard="6S")
    assert (result.points, result.boxes) == (28, 2)
    assert "score and box count double" in result.steps[1].text
    assert ruled(rules, "knock", 4, 18, upcard="6H").boxes == 1


def test_r17_spade_doubling_can_be_switched_off() -> None:
    rules = OKLAHOMA.with_overrides(spade_double=False)
    result = ruled(rules, "knock", 4, 18, upcard="6S")
    assert (result.points, result.multiplier, result.boxes) == (14, 1, 1)


def test_r17_other_suits_are_not_doubled() -> None:
    for upcard in ("6H", "6D", "6C"):
        assert ruled(OKLAHOMA, "knock", 4, 18, upcard=upcard).points == 14


# -- kisses (Scarne) -----------------------------------------------------------------------


def test_section_3_kisses_gin_two_extra_boxes_undercut_one() -> None:
    rules = OKLAHOMA.with_overrides(kisses=True)
    assert ruled(rules, "gin", 0, 10, upcard="6H").boxes == 3
    assert ruled(rules, "big_gin", 0, 10, upcard="6H").boxes == 3
    assert ruled(rules, "knock", 5, 3, upcard="6H").boxes == 2
    assert ruled(rules, "knock", 3, 5, upcard="6H").boxes == 1
    assert any("Kisses: 2 extra boxes" in s.text for s in ruled(rules, "gin", 0, 9, "6H").steps)


def test_section_3_kisses_with_a_doubled_box() -> None:
    rules = OKLAHOMA.with_overrides(kisses=True, spade_double_box=True)
    assert ruled(rules, "gin", 0, 10, upcard="6S").boxes == 6


def test_section_3_kisses_off_by_default() -> None:
    assert ruled(OKLAHOMA, "gin", 0, 10, upcard="6H").boxes == 1


# -- target 150 ----------------------------------------------------------------------------


def test_section_3_game_to_150_through_the_ledger() -> None:
    hands = [
        ruled(OKLAHOMA, "knock", 4, 18, upcard="6S").score(A),  # A +28
        ruled(OKLAHOMA, "gin", 0, 30, upcard="QH").score(A),  # A +55 → 83
        ruled(OKLAHOMA, "knock", 5, 3, upcard="8D").score(A),  # undercut: B +27
        ruled(OKLAHOMA, "knock", 2, 30, upcard="9C").score(B),  # B +28 → 55
        ruled(OKLAHOMA, "gin", 0, 27, upcard="KS").score(A),  # A +104 → 187
    ]
    ledger = fold_match(hands, OKLAHOMA)
    (game,) = ledger.games
    assert [line.points for line in game.lines] == [
        (28, 0),
        (83, 0),
        (83, 27),
        (83, 55),
        (187, 55),
    ]
    assert game.finished and game.winner == A
    assert game.final_totals == (187 + 3 * 25 + 100, 55 + 2 * 25)


def test_section_3_150_is_not_reached_at_149() -> None:
    hands = [ruled(OKLAHOMA, "gin", 0, 49, upcard="5S").score(A)]  # (49 + 25) × 2 = 148
    assert not fold_match(hands, OKLAHOMA).games[0].finished


# -- the scoreboard's upcard note ----------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "upcard", "label", "limit", "doubled"),
    [
        (OKLAHOMA, "6S", "6♠ · knock ≤ 6 · doubled", 6, True),
        (OKLAHOMA, "QD", "Q♦ · knock ≤ 10", 10, False),
        (OKLAHOMA, "AH", "A♥ · gin only", None, False),
        (OKLAHOMA, "AS", "A♠ · gin only · doubled", None, True),
        (
            OKLAHOMA.with_overrides(spade_double_box=True),
            "3S",
            "3♠ · knock ≤ 3 · doubled, box too",
            3,
            True,
        ),
        (OKLAHOMA.with_overrides(oklahoma_ace="one"), "AC", "A♣ · knock ≤ 1", 1, False),
    ],
)
def test_section_3_upcard_note_for_the_scoreboard(
    rules: Ruleset, upcard: str, label: str, limit: int | None, doubled: bool
) -> None:
    note = upcard_note(rules, parse_card(upcard))
    assert (note.label, note.knock_limit, note.doubled) == (label, limit, doubled)
    assert note.steps == hand_conditions(rules, parse_card(upcard)).steps


def test_oklahoma_module_doctests() -> None:
    assert doctest.testmod(oklahoma).failed == 0
