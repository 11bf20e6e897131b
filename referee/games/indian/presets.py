"""Indian Rummy's tables (docs/rules.md §8.6): Points, Pool 101, Pool 201 and Deals (2, 3 or 6
deals). A pool's size and a Deals game's number of deals are the table's ``game_target``."""

from __future__ import annotations

from referee.games.presets import Preset
from referee.rules.ruleset import AceRank, NextDealer, Ruleset, ShutoutRule

INDIAN_RUMMY = Ruleset(
    decks=2,
    jokers=4,
    jokers_wild=True,
    joker_value=0,
    ace_value=10,
    court_value=10,
    ace=AceRank.HIGH_OR_LOW,
    hand_size=13,
    box_bonus=0,
    game_bonus=0,
    shutout_rule=ShutoutRule.NONE,
    shutout_bonus=0,
    game_target=80,
    next_dealer=NextDealer.ALTERNATE,
)
"""The table every Indian Rummy preset starts from: two packs and four printed jokers, 13
cards each, aces and faces 10, the deal passing to the left."""

OPTIONS = ("decks",)
"""House rules offered: one pack (and its two jokers) for two players."""


def _preset(name: str, title: str, description: str, family: str, target: int) -> Preset:
    return Preset(
        name=name,
        title=title,
        description=description,
        rules=INDIAN_RUMMY.with_overrides(game_target=target),
        family=family,
        source="docs/rules.md §8.6",
        players=2,
        max_players=6,
        options=OPTIONS,
    )


PRESETS: tuple[Preset, ...] = (
    _preset(
        "indian_points",
        "Indian Rummy: Points (2 to 6 players)",
        "13 cards, two packs and four jokers, a wild joker cut each deal; every deal is paid at "
        "once: the winner collects each loser's points (capped at 80) at the stake per point.",
        "indian_points",
        80,
    ),
    _preset(
        "indian_pool_101",
        "Indian Rummy: Pool 101 (2 to 6 players)",
        "Points add up; a player reaching 101 is out; the last player left wins the pool "
        "(the entry is the stake). Drop 20, middle drop 40, wrong declaration 80.",
        "indian_pool",
        101,
    ),
    _preset(
        "indian_pool_201",
        "Indian Rummy: Pool 201 (2 to 6 players)",
        "Points add up; a player reaching 201 is out; the last player left wins the pool "
        "(the entry is the stake). Drop 25, middle drop 50, wrong declaration 80.",
        "indian_pool",
        201,
    ),
    _preset(
        "indian_deals",
        "Indian Rummy: Deals, 2 deals (2 to 6 players)",
        "Everyone starts with 80 chips a player; each deal's winner takes the losers' points "
        "as chips; after 2 deals the most chips win.",
        "indian_deals",
        2,
    ),
    _preset(
        "indian_deals_3",
        "Indian Rummy: Deals, 3 deals (2 to 6 players)",
        "Everyone starts with 80 chips a player; each deal's winner takes the losers' points "
        "as chips; after 3 deals the most chips win.",
        "indian_deals",
        3,
    ),
    _preset(
        "indian_deals_6",
        "Indian Rummy: Deals, 6 deals (2 to 6 players)",
        "Everyone starts with 80 chips a player; each deal's winner takes the losers' points "
        "as chips; after 6 deals the most chips win.",
        "indian_deals",
        6,
    ),
)
