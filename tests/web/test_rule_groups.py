"""The house-rule knobs' groups and the rules the check page asks come from the Ruleset's
field metadata (``heading``, ``per_game``): the same groups and knobs the forms always had."""

from __future__ import annotations

import dataclasses

from referee.forms import CHECK_RULES, RULE_GROUPS, group_heading
from referee.rules.ruleset import Ruleset

GAME_LEVEL = ("box", "game", "shutout", "next_", "wall", "hollywood", "partnership")


def test_the_groups_start_where_they_always_did(app):
    assert list(RULE_GROUPS) == [
        "decks", "min_set", "hand_size", "box_bonus", "oklahoma", "cutthroat_rotation",
    ]  # fmt: skip
    # the headings are said in the reader's language
    with app.test_request_context("/?lang=de", headers={"Accept-Language": "de"}):
        assert str(group_heading("decks")) == "Das Blatt"
        assert str(group_heading("min_run")) == "Hausregeln"  # not a group's first field


def test_the_check_page_asks_every_rule_of_one_hand_and_none_of_the_game():
    names = [f.name for f in dataclasses.fields(Ruleset)]
    assert list(CHECK_RULES) == [n for n in names if not n.startswith(GAME_LEVEL)]
    assert "oklahoma" in CHECK_RULES and "knock_limit" in CHECK_RULES
    assert not {"box_bonus", "game_target", "wall_rule", "hollywood"} & set(CHECK_RULES)
