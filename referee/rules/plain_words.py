"""The rules in plain words, with a table's own numbers: what a ruling's tag ("R2", "§2.1")
means to someone at the table, and the choices of a house rule said the way players say them.

The tags are the numbers of RULES.md (§9's rulings R1-R21, the sections §2-§12); a ruling step
carries one so a dispute can be traced to its source. This module turns each into one short
paragraph a player can read beside the cards, filled in from the match's :class:`Ruleset`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from .ruleset import (
    AceRank,
    BattleRoyalFormula,
    BattleRoyalTiedLow,
    ChouetteAfterGame,
    KnockCompare,
    KnockerSpread,
    NextDealer,
    OklahomaAce,
    PartnershipZeroNet,
    Rotation,
    Ruleset,
    ShutoutRule,
    TargetTie,
    TieOutcome,
    UndercutMode,
    WallRule,
)


@dataclass(frozen=True)
class PlainRule:
    """One rule as a player reads it: its tag, where its paragraph is anchored, a title, and
    the paragraph with the table's numbers."""

    tag: str
    anchor: str
    title: str
    text: str


def anchor(tag: str) -> str:
    """Where a tag's paragraph sits on the rules page: "R2" → "r2", "§8.4 melds" → "s8-4".

    >>> anchor("§2.1"), anchor("R14"), anchor("§8.4 winner takes all")
    ('s2-1', 'r14', 's8-4')
    """
    base = tag.split()[0] if tag.strip() else ""
    if base.startswith("§"):
        return "s" + re.sub(r"[^0-9]+", "-", base[1:]).strip("-")
    return re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-") or "rules"


def _limit(r: Ruleset) -> str:
    if r.oklahoma:
        ace = "an ace allows gin only" if r.oklahoma_ace is OklahomaAce.GIN_ONLY else "an ace: 1"
        return f"no more than the value of the hand's first upcard (pictures 10; {ace})"
    if r.knock_limit == 0:
        return "nothing at all: this table plays gin only, with no knocking"
    word = "no more than" if r.knock_compare is KnockCompare.LTE else "less than"
    return f"{word} {r.knock_limit}"


def _tie(r: Ruleset) -> str:
    if r.tie_outcome is TieOutcome.WASH:
        return "nobody scores and nobody gets a box"
    if r.tie_outcome is TieOutcome.KNOCKER_WINS_ZERO:
        return "the knocker wins the hand with 0 points (and its box)"
    return f"it is an undercut: the defender scores {r.undercut_bonus}"


def _undercut(r: Ruleset) -> str:
    if r.undercut_mode is UndercutMode.PENALTY_TO_KNOCKER:
        return f"the knocker loses {r.undercut_bonus} (an undercut)"
    if r.undercut_mode is UndercutMode.FLAT_TO_DEFENDER:
        return f"the defender scores {r.undercut_bonus} (an undercut)"
    return f"the defender scores the difference plus {r.undercut_bonus} (an undercut)"


def _big_gin(r: Ruleset) -> str:
    if not r.big_gin_enabled:
        return "This table does not play big gin: eleven cards that all meld score as gin."
    return (
        "Big gin is all eleven cards (the ten and the one drawn) in melds, with no discard: "
        f"the defender's deadwood plus {r.big_gin_bonus}."
    )


# Each tag's title and paragraph, from the table's rules.
_NOTES: tuple[tuple[str, str, Callable[[Ruleset], str]], ...] = (
    (
        "§2.1",
        "How a hand scores",
        lambda r: (
            "A knock scores the difference between the two deadwood counts for the knocker. If "
            f"the defender's count is as low or lower, {_undercut(r)}. Gin scores the "
            f"defender's deadwood plus {r.gin_bonus}."
        ),
    ),
    (
        "§2.2",
        "The game",
        lambda r: (
            f"A game goes to {r.game_target} points. The winner adds {r.game_bonus} for the "
            f"game, and each player adds {r.box_bonus} for every hand they won (a box)"
            + (
                "; boxes count toward the target as they are won."
                if r.boxes_count_toward_target
                else f"; boxes do not count toward the {r.game_target}."
            )
        ),
    ),
    (
        "R1",
        "Counting a hand",
        lambda r: (
            "Cards are counted the way that leaves the least deadwood: every way of making sets "
            "and runs is tried, and a card belongs to one meld only."
        ),
    ),
    (
        "R2",
        "When you may knock",
        lambda r: (
            f"You may knock when your unmatched cards (deadwood) add up to {_limit(r)}. A knock "
            "with more is refused, and the hand is not scored."
        ),
    ),
    (
        "R3",
        "The knocker's melds",
        lambda r: (
            "The melds the knocker lays down decide what the defender may lay off. "
            + (
                "When they were not entered, the app takes the spread with the least deadwood "
                "that leaves the defender the least to lay off."
                if r.knocker_spread is KnockerSpread.DECLARED_ELSE_AUTO
                else "This table always counts the knocker's best spread."
            )
        ),
    ),
    (
        "R4",
        "The defender's count",
        lambda r: (
            "The defender makes their own melds and lays loose cards off onto the knocker's "
            "melds (never onto the knocker's loose cards); what is left is their count."
        ),
    ),
    (
        "R5",
        "Laying off in a chain",
        lambda r: (
            "The defender "
            + ("may" if r.layoff_chain else "may not")
            + " lay off onto a run they have just extended themselves (8♠ and then 9♠ onto "
            "5♠ 6♠ 7♠)."
        ),
    ),
    (
        "R6",
        "Battle Royal: laying off",
        lambda r: (
            "In Battle Royal cards are laid off only onto the knocker's own melds, never onto "
            "cards another player laid off."
        ),
    ),
    (
        "R7",
        "Breaking a meld to lay off",
        lambda r: (
            "The defender may break up one of their own melds to lay cards off, when that "
            "leaves less deadwood."
        ),
    ),
    ("R8", "No laying off against gin", lambda r: "Nobody lays off against gin or big gin."),
    (
        "R9",
        "Laying off everything",
        lambda r: (
            "A defender who lays off every loose card has not gone gin: it scores as an "
            "ordinary undercut."
        ),
    ),
    (
        "R10",
        "Gin cannot be undercut",
        lambda r: (
            f"Gin always wins: it scores the defender's deadwood plus {r.gin_bonus}, even when "
            "the defender has no deadwood either."
        ),
    ),
    (
        "R11",
        "Cards speak",
        lambda r: (
            "A knock whose ten cards all meld is scored as gin."
            if r.gin_cards_speak
            else "This table scores a knock as a knock, even when all ten cards meld."
        ),
    ),
    ("R12", "Big gin", _big_gin),
    (
        "R13",
        "Aces",
        lambda r: (
            "Aces are low: A-2-3 is a run, Q-K-A is not."
            if r.ace is AceRank.LOW
            else "An ace is high or low: A-2-3 and Q-K-A are runs, K-A-2 is not."
        ),
    ),
    (
        "R14",
        "Equal counts",
        lambda r: f"When the knocker's and the defender's counts are equal, {_tie(r)}.",
    ),
    (
        "R16",
        "A dead hand",
        lambda r: (
            f"When nobody has knocked with {r.wall_size} cards left in the stock, the hand is "
            "dead: nobody scores, nobody gets a box, and the same dealer deals again."
        ),
    ),
    (
        "R17",
        "Oklahoma: a spade upcard",
        lambda r: (
            "When the first upcard is a spade, the hand's score (its bonus included) counts "
            + ("double, and so does its box." if r.spade_double_box else "double; the box once.")
            if r.spade_double
            else "This table does not double a hand for a spade upcard."
        ),
    ),
    (
        "§3",
        "Oklahoma",
        lambda r: (
            "The first upcard of each hand sets how low you must be to knock: its value, "
            "pictures 10"
            + (", and an ace means gin only." if r.oklahoma_ace is OklahomaAce.GIN_ONLY else ".")
        ),
    ),
    (
        "§4",
        "Hollywood",
        lambda r: (
            f"{r.hollywood_games} games are scored at once. A player's first winning hand goes "
            "into game 1, the second into games 1 and 2, and later ones into every game still "
            "open; a game closes when someone reaches its target."
        ),
    ),
    ("§5", "Straight gin", lambda r: "Nobody may knock: only gin ends a hand."),
    (
        "§6",
        "Three or more players",
        lambda r: "Two play each hand; who plays next follows from who won and lost.",
    ),
    (
        "§6.1",
        "Dealer sits out",
        lambda r: "The dealer deals the two others and sits the hand out.",
    ),
    (
        "§6.2",
        "Cutthroat",
        lambda r: (
            "The loser of a hand sits out the next one and deals it."
            if r.cutthroat_rotation is Rotation.LOSER_SITS_IDLE_DEALS
            else "The loser of a hand deals the next one and sits it out."
        ),
    ),
    (
        "§6.3",
        "Chouette",
        lambda r: (
            "One player (the box) plays each hand against the captain of the others; the box "
            "wins or loses the hand's score against every other player."
        ),
    ),
    (
        "§6.5",
        "Battle Royal",
        lambda r: (
            "Three play at once. The knocker's count is compared with both others'; the hand's "
            "score is worked out from all three counts."
        ),
    ),
    (
        "§7",
        "Partnership",
        lambda r: (
            "Two tables play at once. Each team's results at the two tables are added: only the "
            f"difference scores, and a game goes to {r.game_target}."
        ),
    ),
    (
        "§8.4",
        "Basic Rummy and 500 Rum",
        lambda r: (
            "The player who goes out wins the hand. In Basic Rummy they score the cards left in "
            "the others' hands; in 500 Rum everyone scores their melds and loses the cards left "
            f"in hand, and the game goes to {r.game_target}."
        ),
    ),
    (
        "§8.3",
        "Gem Rummy",
        lambda r: (
            "Gem Rummy is played with its own deck of gems; a hand scores as the app's Gem "
            "Rummy page shows, step by step, and a game goes to "
            f"{r.game_target}."
        ),
    ),
    (
        "§8.5",
        "Contract Rummy",
        lambda r: (
            "Each deal has its contract (the sets and runs a player must lay down first); "
            "whoever goes out scores nothing, and everyone else counts the cards left in hand."
        ),
    ),
    (
        "§12.3",
        "Where the sources disagree",
        lambda r: (
            "The rule books do not agree on this point; the app follows the table's setting "
            "and says which in the step."
        ),
    ),
    (
        "§12.4",
        "Battle Royal: a shared low count",
        lambda r: (
            "When both others share the lowest count after a knock, "
            + (
                "the one nearer the knocker's left wins it."
                if r.battle_royal_tied_low is BattleRoyalTiedLow.NEXT_IN_TURN
                else "both score the hand and each wins a box."
            )
        ),
    ),
)


def plain_rules(rules: Ruleset) -> tuple[PlainRule, ...]:
    """Every tagged rule in plain words, with ``rules``' numbers, in the rules page's order."""
    return tuple(PlainRule(tag, anchor(tag), title, say(rules)) for tag, title, say in _NOTES)


# The choices of each house-rule list, as players say them.
OPTION_WORDS: dict[type[StrEnum], dict[str, str]] = {
    KnockCompare: {"lte": "no more than the limit", "lt": "less than the limit"},
    AceRank: {"low": "low only (A-2-3)", "high_or_low": "high or low (A-2-3 or Q-K-A)"},
    TieOutcome: {
        "undercut": "the defender wins it (an undercut)",
        "wash": "nobody scores",
        "knocker_wins_zero": "the knocker wins it with 0",
    },
    UndercutMode: {
        "bonus_to_defender": "the defender scores the difference and the bonus",
        "penalty_to_knocker": "the knocker loses the amount",
        "flat_to_defender": "the defender scores the amount only",
    },
    ShutoutRule: {
        "none": "nothing extra",
        "flat": "the winner adds the shutout bonus",
        "double_margin": "the whole difference counts double",
        "double_hand_points": "the winner's hand points count double",
        "double_winner_total": "the winner's final total counts double",
        "loser_pays_extra": "the shut-out player pays the bonus more",
    },
    WallRule: {
        "pagat": "a knock on the last card scores; a plain discard kills the hand",
        "gra_50th_card": "that last discard may be taken only to knock or go gin",
        "no_knock_at_wall": "nobody may knock at the end: the hand is dead",
    },
    NextDealer: {
        "winner": "the winner of the hand",
        "alternate": "the players take turns",
        "loser": "the loser of the hand",
    },
    KnockerSpread: {
        "declared_else_auto": "the melds laid down (else the best)",
        "auto_optimal": "always the best melds",
    },
    OklahomaAce: {"gin_only": "gin only", "one": "a knock with 1 or less"},
    PartnershipZeroNet: {"no_box": "nobody scores", "box_each": "each team takes a box"},
    Rotation: {
        "loser_sits_idle_deals": "the loser sits out and deals",
        "loser_deals_sits_out": "the loser deals and sits out",
    },
    BattleRoyalFormula: {
        "sum_opponents_minus_own": "both others' counts added, less the winner's",
        "per_opponent_difference": "the difference with each other player, added",
    },
    BattleRoyalTiedLow: {
        "next_in_turn": "the one nearer the knocker's left wins",
        "both_score": "both score and win a box",
    },
    TargetTie: {"shared": "the game ends tied", "play_on": "play on until one is ahead"},
    ChouetteAfterGame: {
        "box_keeps_if_won_else_captain_becomes_box": (
            "the box stays if it won, else the captain takes the box"
        ),
        "rotate_by_cut": "the box passes down the order of the cut",
    },
}


def option_words(member: StrEnum) -> str:
    """A house-rule choice as players say it ("the loser sits out and deals"), else its name."""
    return OPTION_WORDS.get(type(member), {}).get(member.value, member.value.replace("_", " "))
