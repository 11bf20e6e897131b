"""Ruleset: validated on construction, house rules coerced from text, JSON round trip."""

import dataclasses

import pytest

from referee.games.presets import PRESETS, UnknownPresetError, get_preset, list_presets
from referee.games.words import rule_help
from referee.rules.ruleset import (
    KnockCompare,
    Ruleset,
    RulesetError,
    ShutoutRule,
    parse_override,
)


def test_defaults_are_the_american_table_of_rules_md_section_11() -> None:
    r = Ruleset()
    assert (r.knock_limit, r.knock_compare) == (10, KnockCompare.LTE)
    assert (r.gin_bonus, r.big_gin_bonus, r.undercut_bonus) == (25, 31, 25)
    assert (r.box_bonus, r.game_target, r.game_bonus) == (25, 100, 100)
    assert (r.shutout_rule, r.shutout_bonus, r.wall_size) == (ShutoutRule.FLAT, 100, 2)


def test_json_round_trip_for_every_preset() -> None:
    for preset in list_presets():
        assert Ruleset.from_json(preset.rules.to_json()) == preset.rules


def test_overrides_coerce_text() -> None:
    r = Ruleset().with_overrides(
        knock_limit="7", knock_compare="LT", big_gin_enabled="no", max_run="5", wild_ranks="2"
    )
    assert r.knock_limit == 7
    assert r.knock_compare is KnockCompare.LT
    assert r.big_gin_enabled is False
    assert r.max_run == 5
    assert r.wild_ranks == (2,)
    assert r.has_wilds


def test_every_problem_is_reported_with_its_field() -> None:
    with pytest.raises(RulesetError) as info:
        Ruleset(knock_limit=-1, gin_bonus=9999)
    fields = [name for name, _ in info.value.problems]
    assert fields == ["knock_limit", "gin_bonus"]
    with pytest.raises(RulesetError, match="tie_outcome must be one of"):
        Ruleset().with_overrides(tie_outcome="coin toss")
    with pytest.raises(RulesetError, match="colour is not a rule"):
        Ruleset().with_overrides(colour="red")
    with pytest.raises(RulesetError, match="must be a whole number"):
        Ruleset().with_overrides(knock_limit="ten")
    with pytest.raises(RulesetError, match="must be true or false"):
        Ruleset().with_overrides(kisses="maybe")
    with pytest.raises(RulesetError, match="max_run must be at least min_run"):
        Ruleset(min_run=4, max_run=3)


def test_parse_override() -> None:
    assert parse_override("knock-limit=7") == ("knock_limit", 7)
    with pytest.raises(RulesetError, match="needs the form key=value"):
        parse_override("knock_limit")
    with pytest.raises(RulesetError, match="is not a rule"):
        parse_override("speed=9")


def test_knock_compare_lte_and_lt() -> None:
    assert Ruleset().knock_allowed(10)
    assert not Ruleset(knock_compare=KnockCompare.LT).knock_allowed(10)
    assert Ruleset(knock_compare=KnockCompare.LT).knock_allowed(9)


def test_every_field_has_help_text() -> None:
    """Each rule's help is the shared one or its game's (referee/games/<family>/words.py)."""
    found = rule_help()
    assert all(found.get(f.name) for f in dataclasses.fields(Ruleset))


def test_presets_named_for_what_they_are() -> None:
    assert get_preset("classic").rules.gin_bonus == 20
    assert get_preset("Knock-Under-10-Gin-30").rules.knock_compare is KnockCompare.LT
    assert all(p.description for p in PRESETS.values())
    with pytest.raises(UnknownPresetError, match="`nope` is not a preset"):
        get_preset("nope")
