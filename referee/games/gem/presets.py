"""Gem Rummy's table."""

from __future__ import annotations

from referee.games.gem.table_rules import GEM_RUMMY
from referee.games.presets import Preset

PRESETS: tuple[Preset, ...] = (
    Preset(
        name="gem",
        title="Gem Rummy (2 or 3 players)",
        description="11 cards each; the dice set the knock limit and the Queen's Diamonds "
        "card; stashes of four gems meld; knock at least 11, undercut 25, gin 25, big gin "
        "35, Gem Parts 16 / 8; game 110. Needs the table's gem deck.",
        rules=GEM_RUMMY,
        family="gem",
        source="docs/rules.md §8.3 (seed 003)",
        players=2,
        max_players=3,
        options=(
            "gem_undercut_plus_difference",
            "gem_stash_layoffs",
            "gem_queens_diamonds_layoffs",
            "gem_pairing",
        ),
    ),
)
