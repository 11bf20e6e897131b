"""Two-handed gin tables, as published and as the seed texts describe them (docs/rules.md §2, §8).

Each is named for what it is, not for where it was read.
"""

from __future__ import annotations

from referee.rules.ruleset import KnockCompare, Ruleset, ShutoutRule

AMERICAN = Ruleset()

CLASSIC_20_10 = Ruleset(
    gin_bonus=20,
    undercut_bonus=10,
    big_gin_bonus=31,
    box_bonus=20,
    game_bonus=100,
    shutout_rule=ShutoutRule.FLAT,
    shutout_bonus=100,
)

GIN_30_BIG_GIN_50 = Ruleset(
    knock_compare=KnockCompare.LT,
    gin_bonus=30,
    big_gin_bonus=50,
    undercut_bonus=10,
    jokers=2,
    joker_value=20,
    box_bonus=0,
    game_bonus=0,
    shutout_rule=ShutoutRule.NONE,
)

GIN_25_PLUS_6 = Ruleset(gin_bonus=25, big_gin_bonus=31, undercut_bonus=25, wall_size=2)

# docs/rules.md §3: the American table, the upcard setting each hand's knock limit (an ace: gin
# only), a spade upcard doubling the hand's score but not its box, game 150.
OKLAHOMA = Ruleset(oklahoma=True, game_target=150)

# docs/rules.md §5: no knocking; gin and big gin end a hand. Whether gin still earns its bonus is
# "up to you": that choice is ``gin_bonus`` (set it to 0 to play without).
STRAIGHT_GIN = Ruleset(knock_limit=0)

# (name, title, one-line description, rules, source)
TABLES: tuple[tuple[str, str, str, Ruleset, str], ...] = (
    (
        "american",
        "American (gin 25, undercut 25)",
        "Knock ≤ 10; gin 25, big gin 31, undercut 25 (a tie is an undercut); box 25; "
        "game 100 +100, shutout +100 more.",
        AMERICAN,
        "docs/rules.md §2.2, §11 defaults",
    ),
    (
        "classic",
        "Classic (gin 20, undercut 10)",
        "pagat's table: knock ≤ 10; gin 20, big gin 31, undercut 10; box 20; "
        "game 100 +100, shutout +100 more (a 200 game bonus).",
        CLASSIC_20_10,
        "docs/rules.md §2.2 (PG-GIN)",
    ),
    (
        "knock_under_10_gin_30",
        "Knock under 10 (gin 30, big gin 50, undercut 10)",
        "Knock only below 10; gin 30, big gin 50, undercut 10; jokers count 20; "
        "first to 100, no box or game bonus.",
        GIN_30_BIG_GIN_50,
        "docs/rules.md §8.1 (seed 000)",
    ),
    (
        "gin_25_big_gin_plus_6",
        "Gin 25, big gin +6 (undercut 25)",
        "Knock ≤ 10 after discarding; gin 25, 11-card gin 6 more (31), undercut 25; "
        "dead hand at 2 stock cards; game 100.",
        GIN_25_PLUS_6,
        "docs/rules.md §8.2 (seed 001)",
    ),
    (
        "oklahoma",
        "Oklahoma (the upcard sets the knock limit)",
        "The first upcard sets each hand's knock limit (an ace: gin only); a spade upcard "
        "doubles the hand's score, not its box; game 150; otherwise American.",
        OKLAHOMA,
        "docs/rules.md §3 (BIC-OK, RG-OK, RRB-OK)",
    ),
    (
        "straight_gin",
        "Straight Gin (no knocking)",
        "No knocking: only gin (25) or big gin (31) ends a hand; a gin bonus of 0 plays "
        "without it; otherwise American.",
        STRAIGHT_GIN,
        "docs/rules.md §5",
    ),
)
