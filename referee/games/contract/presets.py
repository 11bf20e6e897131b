"""Contract Rummy's tables (docs/rules.md §8.5); two packs seat two to five, three six or
seven, four eight."""

from __future__ import annotations

from referee.games.contract import tables_of_play as contract_rummy
from referee.games.presets import Preset

PRESETS: tuple[Preset, ...] = (
    Preset(
        name="contract_7",
        title="Contract Rummy, 7 deals",
        description="Seven deals, each with its contract (2 groups, then a group and a "
        "sequence, ...); two packs and a wild joker; A and joker 15, faces 10; the lowest "
        "total after the seventh deal wins.",
        rules=contract_rummy.SEVEN_DEAL,
        family="contract",
        source="docs/rules.md §8.5, §11 (Bicycle deal sizes)",
        players=2,
        max_players=8,
    ),
    Preset(
        name="contract_7_pagat",
        title="Contract Rummy, 7 deals (pagat-style list)",
        description="The same game with the pagat-style list: 12 cards from deal 4, and "
        "the last contract laid down going out, without a discard.",
        rules=contract_rummy.SEVEN_DEAL_PAGAT_RULES,
        family="contract",
        source="docs/rules.md §8.5 (CR-P, BFG)",
        players=2,
        max_players=8,
    ),
    Preset(
        name="twelve_step",
        title="12-Step Contract Rummy",
        description="Each player works through the table's twelve contracts; one not made "
        "carries to the next deal; the first to make all twelve wins. 2s and jokers wild, "
        "13 cards, 108-card pack. The contracts and penalty values are the table's own "
        "(published nowhere; the penalties start from A / joker / wild 15, faces 10).",
        rules=contract_rummy.TWELVE_STEP_RULES,
        family="twelve_step",
        source="docs/rules.md §8.5 (seed 002)",
        players=2,
        max_players=8,
    ),
)
