# ruff: noqa: E501 - whole texts on one line, as the catalogs hold them
"""Contract Rummy's and 12-Step's words: their paragraph on the rules page (§8.5), the tags
their rulings carry, and the fixed texts their presets and house rules show (for the
catalogs)."""

from __future__ import annotations

from referee.rules.messages import msg
from referee.rules.plain_words import N_, GameWords, Note

NOTES = (
    Note(
        "§8.5",
        N_("Contract Rummy"),
        lambda r: msg(
            "Each deal has its contract (the sets and runs a player must lay down first); "
            "whoever goes out scores nothing, and everyone else counts the cards left in hand."
        ),
    ),
)

PRESET_TEXTS = (
    N_("Contract Rummy, 7 deals"),
    N_(
        "Seven deals, each with its contract (2 groups, then a group and a sequence, ...); two packs and a wild joker; A and joker 15, faces 10; the lowest total after the seventh deal wins."
    ),
    N_("Contract Rummy, 7 deals (pagat-style list)"),
    N_(
        "The same game with the pagat-style list: 12 cards from deal 4, and the last contract laid down going out, without a discard."
    ),
    N_("12-Step Contract Rummy"),
    N_(
        "Each player works through the table's twelve contracts; one not made carries to the next deal; the first to make all twelve wins. 2s and jokers wild, 13 cards, 108-card pack. The contracts and penalty values are the table's own (published nowhere; the penalties start from A / joker / wild 15, faces 10)."
    ),
)

# The house rules only these games play: each rule's label and its help.
RULE_TEXTS = (
    N_("Contract list"),
    N_("Contract carry over"),
)

# The rule tags that carry a word beside their number (a step's tag, shown with ``tr``).
RULE_TAG_WORDS = (
    N_("§8.5 contract"),
    N_("§8.5 laying off"),
    N_("§8.5 penalties"),
)

# The help of the house rules only these games play, as the new-match form and the API show it.
RULE_HELP = {
    "contract_list": N_(
        "Contract Rummy: the deals and their contracts, as JSON; a match keeps the list it was started with"
    ),
    "contract_carry_over": N_(
        "12-Step: each player works through the list, a contract not made carries to the next deal, and the first to make the last contract wins"
    ),
}

WORDS = GameWords(
    rule_help=RULE_HELP, notes=NOTES, terms=(*PRESET_TEXTS, *RULE_TEXTS, *RULE_TAG_WORDS)
)
