# ruff: noqa: E501 - whole texts on one line, as the catalogs hold them
"""The words of the games three or more play two at a time or all at once (§6): their
paragraphs on the rules page (Cutthroat and dealer-sits-out, Chouette, Battle Royal, and
Battle Royal's own rulings R6 and §12.4), the choices of their house rules as players say them,
and the fixed texts their presets and house rules show (for the catalogs)."""

from __future__ import annotations

from referee.rules.messages import Message, msg
from referee.rules.plain_words import N_, GameWords, Note
from referee.rules.ruleset import (
    BattleRoyalFormula,
    BattleRoyalTiedLow,
    ChouetteAfterGame,
    Rotation,
    Ruleset,
)


def _shared_low(r: Ruleset) -> Message:
    if r.battle_royal_tied_low is BattleRoyalTiedLow.NEXT_IN_TURN:
        return msg(
            "When both others share the lowest count after a knock, the one nearer the "
            "knocker's left wins it."
        )
    return msg(
        "When both others share the lowest count after a knock, both score the hand and each "
        "wins a box."
    )


def _cutthroat(r: Ruleset) -> Message:
    if r.cutthroat_rotation is Rotation.LOSER_SITS_IDLE_DEALS:
        return msg("The loser of a hand sits out the next one and deals it.")
    return msg("The loser of a hand deals the next one and sits it out.")


NOTES = (
    Note(
        "R6",
        N_("Battle Royal: laying off"),
        lambda r: msg(
            "In Battle Royal cards are laid off only onto the knocker's own melds, never onto "
            "cards another player laid off."
        ),
    ),
    Note(
        "§6",
        N_("Three or more players"),
        lambda r: msg("Two play each hand; who plays next follows from who won and lost."),
    ),
    Note(
        "§6.1",
        N_("Dealer sits out"),
        lambda r: msg("The dealer deals the two others and sits the hand out."),
    ),
    Note("§6.2", N_("Cutthroat"), _cutthroat),
    Note(
        "§6.3",
        N_("Chouette"),
        lambda r: msg(
            "One player (the box) plays each hand against the captain of the others; the box "
            "wins or loses the hand's score against every other player."
        ),
    ),
    Note(
        "§6.5",
        N_("Battle Royal"),
        lambda r: msg(
            "Three play at once. The knocker's count is compared with both others'; the hand's "
            "score is worked out from all three counts."
        ),
    ),
    Note("§12.4", N_("Battle Royal: a shared low count"), _shared_low),
)

OPTION_WORDS = {
    Rotation: {
        "loser_sits_idle_deals": N_("the loser sits out and deals"),
        "loser_deals_sits_out": N_("the loser deals and sits out"),
    },
    BattleRoyalFormula: {
        "sum_opponents_minus_own": N_("both others' counts added, less the winner's"),
        "per_opponent_difference": N_("the difference with each other player, added"),
    },
    BattleRoyalTiedLow: {
        "next_in_turn": N_("the one nearer the knocker's left wins"),
        "both_score": N_("both score and win a box"),
    },
    ChouetteAfterGame: {
        "box_keeps_if_won_else_captain_becomes_box": N_(
            "the box stays if it won, else the captain takes the box"
        ),
        "rotate_by_cut": N_("the box passes down the order of the cut"),
    },
}

PRESET_TEXTS = (
    N_("Cutthroat (three players)"),
    N_(
        "Two play, the loser sits out and the idle player deals to the winner; game 100 +100, box 25; a shut-out player pays 100 more."
    ),
    N_("Three-handed, dealer sits out"),
    N_(
        "The dealer deals to the other two and sits out; the loser deals next. Scored as two-handed gin with individual totals."
    ),
    N_("Chouette (box against a team)"),
    N_(
        "The box plays the whole game against the team's captain, who gives way on losing a hand; the box collects from or pays each partner in full."
    ),
    N_("Battle Royal (three players every hand)"),
    N_(
        "All three play; layoffs only on the knocker's own melds; the lowest count scores the others' counts less its own; gin 40, an undercut knocker loses 20; game 200."
    ),
)

# The house rules only these games play: each rule's label, its help and its choices.
RULE_TEXTS = (
    N_("Layoff original melds only"),
    N_("Cutthroat rotation"),
    N_("Battle royal winner formula"),
    N_("Battle royal tied low"),
    N_("Battle royal undercut pays difference"),
    N_("Chouette after game"),
)

# The help of the house rules only these games play, as the new-match form and the API show it.
RULE_HELP = {
    "layoff_original_melds_only": N_(
        "layoffs only onto the knocker's original melds (Battle Royal)"
    ),
    "cutthroat_rotation": N_(
        "three playing two at a time: the loser sits out and the idle player deals to the winner (Cutthroat), or the loser deals and sits out (pagat)"
    ),
    "battle_royal_winner_formula": N_(
        "Battle Royal hand score: the opponents' counts summed less the winner's, or each opponent's difference from the winner's count summed"
    ),
    "battle_royal_tied_low": N_(
        "Battle Royal: when both non-knockers undercut with the same count, the one nearer the knocker's left wins, or both score"
    ),
    "battle_royal_undercut_pays_difference": N_(
        "Battle Royal: an undercut knocker also loses its count less the winner's"
    ),
    "chouette_after_game": N_(
        "Chouette: the box keeps the box after winning a game, else the captain takes it; or the box passes down the cut order every game"
    ),
}

RULE_TITLES = {"R6": N_("Battle Royal: layoffs only onto the original melds")}

WORDS = GameWords(
    rule_help=RULE_HELP,
    rule_titles=RULE_TITLES,
    notes=NOTES,
    option_words=OPTION_WORDS,
    terms=(*PRESET_TEXTS, *RULE_TEXTS),
)
