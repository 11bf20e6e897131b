# ruff: noqa: E501 - whole texts on one line, as the catalogs hold them
"""Gem Rummy's words: its paragraph on the rules page (§8.3), and the fixed texts its preset and
house rules show (for the catalogs)."""

from __future__ import annotations

from referee.rules.messages import msg
from referee.rules.plain_words import N_, GameWords, Note

NOTES = (
    Note(
        "§8.3",
        N_("Gem Rummy"),
        lambda r: msg(
            "Gem Rummy is played with its own deck of gems; a hand scores as the app's Gem "
            "Rummy page shows, step by step, and a game goes to {target}.",
            target=r.game_target,
        ),
    ),
)

PRESET_TEXTS = (
    N_("Gem Rummy (2 or 3 players)"),
    N_(
        "11 cards each; the dice set the knock limit and the Queen's Diamonds card; stashes of four gems meld; knock at least 11, undercut 25, gin 25, big gin 35, Gem Parts 16 / 8; game 110. Needs the table's gem deck."
    ),
)

# The house rules only Gem Rummy plays: each rule's label, its help and its choices.
RULE_TEXTS = (
    N_("Gem undercut plus difference"),
    N_("Gem stash layoffs"),
    N_("Gem queens diamonds layoffs"),
    N_("Gem pairing"),
    N_("each non knocker"),
    N_("lowest non knocker"),
    N_("Gem parts knocker"),
    N_("Gem parts non knocker"),
)

# The help of the house rules only these games play, as the new-match form and the API show it.
RULE_HELP = {
    "knocker_min_score": N_("least a winning knock scores (Gem Rummy 11)"),
    "gem_undercut_plus_difference": N_(
        "Gem Rummy: an undercut scores 25 + the difference (else 25 flat)"
    ),
    "gem_stash_layoffs": N_("Gem Rummy: cards of a stash's gem may be laid off on it"),
    "gem_queens_diamonds_layoffs": N_(
        "Gem Rummy: another queen may be laid off on Queen's Diamonds"
    ),
    "gem_pairing": N_(
        "Gem Rummy, three players: each non-knocker is scored against the knocker, or only the one with the least deadwood"
    ),
    "gem_parts_knocker": N_("Gem Rummy: Gem Parts bonus to the knocker"),
    "gem_parts_non_knocker": N_("Gem Rummy: Gem Parts bonus to a non-knocker"),
}

WORDS = GameWords(rule_help=RULE_HELP, notes=NOTES, terms=(*PRESET_TEXTS, *RULE_TEXTS))
