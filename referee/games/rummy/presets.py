"""The rummy tables: Basic Rummy and 500 Rum."""

from __future__ import annotations

from referee.games.presets import Preset
from referee.games.rummy import basic_rummy, rum500

PRESETS: tuple[Preset, ...] = (
    Preset(
        name="basic_rummy",
        title="Basic Rummy (2 to 6 players)",
        description="Go out first: the winner takes the pip value of every card left in the "
        "losers' hands, doubled for going rummy; game 100 for two, 150 for three, 200 for "
        "four or more.",
        rules=basic_rummy.BASIC_RUMMY,
        family="basic_rummy",
        source="docs/rules.md §8.4 (seed 004)",
        players=2,
        max_players=6,
        options=("rummy_penalty", "going_rummy_multiplier", "next_dealer"),
    ),
    Preset(
        name="rum_500",
        title="500 Rum (2 to 8 players)",
        description="Each player scores the cards melded or laid off less the cards left in "
        "hand (aces and jokers 15, an ace in A-2-3 1); game 500, the highest total wins.",
        rules=rum500.RUM_500,
        family="rum_500",
        source="docs/rules.md §8.4",
        players=2,
        max_players=8,
        options=("target_tie",),
    ),
)
