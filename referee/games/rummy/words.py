# ruff: noqa: E501 - whole texts on one line, as the catalogs hold them
"""Basic Rummy's and 500 Rum's words: their paragraph on the rules page (§8.4), the tags their
rulings carry, and the fixed texts their presets and house rules show (for the catalogs)."""

from __future__ import annotations

from referee.rules.messages import joined, msg
from referee.rules.plain_words import N_, GameWords, Note

NOTES = (
    Note(
        "§8.4",
        N_("Basic Rummy and 500 Rum"),
        lambda r: joined(
            msg("The player who goes out wins the hand."),
            msg(
                "In Basic Rummy they score the cards left in the others' hands; in 500 Rum "
                "everyone scores their melds and loses the cards left in hand, and the game "
                "goes to {target}.",
                target=r.game_target,
            ),
        ),
    ),
)

PRESET_TEXTS = (
    N_("Basic Rummy (2 to 6 players)"),
    N_(
        "Go out first: the winner takes the pip value of every card left in the losers' hands, doubled for going rummy; game 100 for two, 150 for three, 200 for four or more."
    ),
    N_("500 Rum (2 to 8 players)"),
    N_(
        "Each player scores the cards melded or laid off less the cards left in hand (aces and jokers 15, an ace in A-2-3 1); game 500, the highest total wins."
    ),
)

# The house rules only these games play: each rule's label and its help.
RULE_TEXTS = (
    N_("Rummy penalty"),
    N_("Going rummy multiplier"),
)

# The rule tags that carry a word beside their number (a step's tag, shown with ``tr``).
RULE_TAG_WORDS = (
    N_("§8.4 melds"),
    N_("§8.4 penalty scoring"),
    N_("§8.4 winner takes all"),
)

# The help of the house rules only these games play, as the new-match form and the API show it.
RULE_HELP = {
    "rummy_penalty": N_(
        "Basic Rummy: each loser is charged the cards left in hand instead of the winner being credited; the game ends when a player's charges reach the target, the least charged wins"
    ),
    "going_rummy_multiplier": N_(
        "Basic Rummy: going rummy (every card in one turn, nothing melded before) multiplies the hand's points by this (1: no extra)"
    ),
    "target_tie": N_(
        "when the highest totals are tied at the target: the game ends tied, or play on until one player is ahead (500 Rum)"
    ),
}

WORDS = GameWords(
    rule_help=RULE_HELP, notes=NOTES, terms=(*PRESET_TEXTS, *RULE_TEXTS, *RULE_TAG_WORDS)
)
