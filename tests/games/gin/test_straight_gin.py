"""Straight Gin: docs/rules.md §5 — no knocking (knock limit 0), only gin and big gin end a hand,
the gin bonus a table's choice.

Each test is named after the rule it checks.
"""

from __future__ import annotations

import pytest

from referee.games.presets import get_preset, play_family
from referee.rules.hand_conditions import hand_conditions
from referee.rules.ledger import fold_match
from referee.rules.results import Outcome, Role
from referee.rules.ruleset import KnockCompare, Ruleset
from tests.engine.counts import ruled

STRAIGHT = get_preset("straight_gin").rules


def test_section_5_preset_is_the_american_table_with_knock_limit_0() -> None:
    preset = get_preset("straight_gin")
    assert preset.family == "two_handed" == play_family(preset.family, preset.rules)
    assert STRAIGHT.differences(get_preset("american").rules) == {"knock_limit": (0, 10)}
    assert (STRAIGHT.gin_bonus, STRAIGHT.big_gin_enabled, STRAIGHT.big_gin_bonus) == (25, True, 31)


@pytest.mark.parametrize("compare", list(KnockCompare))
def test_section_5_no_knocking_only_gin_ends_a_hand(compare: KnockCompare) -> None:
    rules = STRAIGHT.with_overrides(knock_compare=compare)
    conditions = hand_conditions(rules)
    assert conditions.knock_limit == 0
    assert conditions.knock_allowed(0, rules)
    assert not any(conditions.knock_allowed(d, rules) for d in range(1, 11))
    assert conditions.limit_text(rules) == "gin only"
    assert [(s.text, s.rule) for s in conditions.steps] == [
        ("No knocking at this table: only gin or big gin ends a hand.", "§5")
    ]


def test_section_5_other_tables_carry_no_straight_gin_step() -> None:
    assert hand_conditions(Ruleset()).steps == ()


def test_section_5_gin_scores_the_deadwood_and_the_gin_bonus() -> None:
    result = ruled(STRAIGHT, "gin", 0, 23)
    assert (result.outcome, result.scorer, result.points, result.boxes) == (
        Outcome.GIN,
        Role.KNOCKER,
        48,
        1,
    )
    assert [s.rule for s in result.steps] == ["§5", "§2.1"]
    assert ruled(STRAIGHT, "big_gin", 0, 23).points == 54


def test_section_5_the_gin_bonus_is_the_tables_choice() -> None:
    without = STRAIGHT.with_overrides(gin_bonus=0)
    assert ruled(without, "gin", 0, 23).points == 23
    assert ruled(STRAIGHT.with_overrides(gin_bonus=20), "gin", 0, 23).points == 43


def test_section_5_big_gin_off_scores_as_gin() -> None:
    rules = STRAIGHT.with_overrides(big_gin_enabled=False)
    assert not rules.big_gin_enabled


def test_section_5_a_match_of_gins_through_the_ledger() -> None:
    hands = [ruled(STRAIGHT, "gin", 0, d).score(seat) for seat, d in [(0, 30), (1, 12), (0, 40)]]
    ledger = fold_match(hands, STRAIGHT)
    (game,) = ledger.games
    assert game.points == (55 + 65, 37) and game.winner == 0
    assert game.final_totals == (120 + 2 * 25 + 100, 37 + 25)


def test_section_5_illegal_knock_through_quick_entry() -> None:
    adjudicate = pytest.importorskip("referee.rules.adjudicate")
    result = adjudicate.rule_counts(
        STRAIGHT, kind=adjudicate.HandKind.KNOCK, knocker_deadwood=1, defender_deadwood=30
    )
    assert result.outcome is Outcome.ILLEGAL_KNOCK
    assert "outside the knock limit (gin only)" in result.steps[-1].text
    gin = adjudicate.rule_counts(
        STRAIGHT, kind=adjudicate.HandKind.KNOCK, knocker_deadwood=0, defender_deadwood=30
    )
    assert (gin.outcome, gin.points) == (Outcome.GIN, 55)
