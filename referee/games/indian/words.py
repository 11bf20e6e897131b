# ruff: noqa: E501 - whole texts on one line, as the catalogs hold them
"""Indian Rummy's words: its paragraph on the rules page (§8.6) and the fixed texts its
presets show (for the catalogs)."""

from __future__ import annotations

from referee.rules.messages import joined, msg
from referee.rules.plain_words import N_, GameWords, Note

NOTES = (
    Note(
        "§8.6",
        N_("Indian Rummy (13 cards)"),
        lambda r: joined(
            msg(
                "Thirteen cards each from two packs and four printed jokers; a card cut at each deal makes its rank wild (a printed joker: aces)."
            ),
            msg(
                "A declaration groups all 13 cards in sets and sequences, with two sequences, one of them pure. A loser counts the cards left out (A K Q J 10, wild cards 0); with no pure sequence every card counts, at most 80."
            ),
            msg(
                "Drop 20, middle drop 40, wrong declaration 80 (Pool 201: 25 and 50). Points Rummy pays each deal at the stake; Pool Rummy puts out a player reaching the pool; Deals Rummy plays a fixed number of deals for chips."
            ),
        ),
    ),
)

PRESET_TEXTS = (
    N_("Indian Rummy: Points (2 to 6 players)"),
    N_(
        "13 cards, two packs and four jokers, a wild joker cut each deal; every deal is paid at once: the winner collects each loser's points (capped at 80) at the stake per point."
    ),
    N_("Indian Rummy: Pool 101 (2 to 6 players)"),
    N_(
        "Points add up; a player reaching 101 is out; the last player left wins the pool (the entry is the stake). Drop 20, middle drop 40, wrong declaration 80."
    ),
    N_("Indian Rummy: Pool 201 (2 to 6 players)"),
    N_(
        "Points add up; a player reaching 201 is out; the last player left wins the pool (the entry is the stake). Drop 25, middle drop 50, wrong declaration 80."
    ),
    N_("Indian Rummy: Deals, 2 deals (2 to 6 players)"),
    N_(
        "Everyone starts with 80 chips a player; each deal's winner takes the losers' points as chips; after 2 deals the most chips win."
    ),
    N_("Indian Rummy: Deals, 3 deals (2 to 6 players)"),
    N_(
        "Everyone starts with 80 chips a player; each deal's winner takes the losers' points as chips; after 3 deals the most chips win."
    ),
    N_("Indian Rummy: Deals, 6 deals (2 to 6 players)"),
    N_(
        "Everyone starts with 80 chips a player; each deal's winner takes the losers' points as chips; after 6 deals the most chips win."
    ),
    N_("Indian Rummy: Points"),
    N_("Indian Rummy: Pool"),
    N_("Indian Rummy: Deals"),
    N_("Declared"),
)

WORDS = GameWords(notes=NOTES, terms=PRESET_TEXTS)
