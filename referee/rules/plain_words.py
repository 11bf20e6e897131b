"""The rules in plain words, with a table's own numbers: what a ruling's tag ("R2", "§2.1")
means to someone at the table, and the choices of a house rule said the way players say them.

The tags are the numbers of docs/rules.md (§9's rulings R1-R21, the sections §2-§12); a ruling step
carries one so a dispute can be traced to its source. This module turns each into one short
paragraph a player can read beside the cards, filled in from the match's :class:`Ruleset`:
whole sentences (a :class:`~.messages.Message` each, said one after another where a paragraph
has several), so the rules page can say them in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from referee.rules.messages import Message, joined, msg, msg_n
from referee.rules.ruleset import (
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
    the paragraph with the table's numbers (a :class:`Message`: its English is ``str(text)``,
    and a page says it in the reader's language; ``title`` is translated as a fixed text)."""

    tag: str
    anchor: str
    title: str
    text: Message


def anchor(tag: str) -> str:
    """Where a tag's paragraph sits on the rules page: "R2" → "r2", "§8.4 melds" → "s8-4".

    >>> anchor("§2.1"), anchor("R14"), anchor("§8.4 winner takes all")
    ('s2-1', 'r14', 's8-4')
    """
    base = tag.split()[0] if tag.strip() else ""
    if base.startswith("§"):
        return "s" + re.sub(r"[^0-9]+", "-", base[1:]).strip("-")
    return re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-") or "rules"


def _may_knock(r: Ruleset) -> Message:
    """R2's first sentence: what the deadwood may add up to for a knock."""
    if r.oklahoma:
        if r.oklahoma_ace is OklahomaAce.GIN_ONLY:
            return msg(
                "You may knock when your unmatched cards (deadwood) add up to no more than the "
                "value of the hand's first upcard (pictures 10; an ace allows gin only)."
            )
        return msg(
            "You may knock when your unmatched cards (deadwood) add up to no more than the "
            "value of the hand's first upcard (pictures 10; an ace: 1)."
        )
    if r.knock_limit == 0:
        return msg(
            "You may knock when your unmatched cards (deadwood) add up to nothing at all: this "
            "table plays gin only, with no knocking."
        )
    if r.knock_compare is KnockCompare.LTE:
        return msg(
            "You may knock when your unmatched cards (deadwood) add up to no more than {limit}.",
            limit=r.knock_limit,
        )
    return msg(
        "You may knock when your unmatched cards (deadwood) add up to less than {limit}.",
        limit=r.knock_limit,
    )


def _tie(r: Ruleset) -> Message:
    if r.tie_outcome is TieOutcome.WASH:
        return msg(
            "When the knocker's and the defender's counts are equal, nobody scores and nobody "
            "gets a box."
        )
    if r.tie_outcome is TieOutcome.KNOCKER_WINS_ZERO:
        return msg(
            "When the knocker's and the defender's counts are equal, the knocker wins the hand "
            "with 0 points (and its box)."
        )
    return msg(
        "When the knocker's and the defender's counts are equal, it is an undercut: the "
        "defender scores {bonus}.",
        bonus=r.undercut_bonus,
    )


def _undercut(r: Ruleset) -> Message:
    if r.undercut_mode is UndercutMode.PENALTY_TO_KNOCKER:
        return msg(
            "If the defender's count is as low or lower, the knocker loses {bonus} (an undercut).",
            bonus=r.undercut_bonus,
        )
    if r.undercut_mode is UndercutMode.FLAT_TO_DEFENDER:
        return msg(
            "If the defender's count is as low or lower, the defender scores {bonus} (an "
            "undercut).",
            bonus=r.undercut_bonus,
        )
    return msg(
        "If the defender's count is as low or lower, the defender scores the difference plus "
        "{bonus} (an undercut).",
        bonus=r.undercut_bonus,
    )


def _hand_scores(r: Ruleset) -> Message:
    return joined(
        msg("A knock scores the difference between the two deadwood counts for the knocker."),
        _undercut(r),
        msg("Gin scores the defender's deadwood plus {bonus}.", bonus=r.gin_bonus),
    )


def _the_game(r: Ruleset) -> Message:
    target = msg_n("A game goes to {count} point.", "A game goes to {count} points.", r.game_target)
    if r.boxes_count_toward_target:
        bonuses = msg(
            "The winner adds {game_bonus} for the game, and each player adds {box_bonus} for "
            "every hand they won (a box); boxes count toward the target as they are won.",
            game_bonus=r.game_bonus,
            box_bonus=r.box_bonus,
        )
    else:
        bonuses = msg(
            "The winner adds {game_bonus} for the game, and each player adds {box_bonus} for "
            "every hand they won (a box); boxes do not count toward the {target}.",
            game_bonus=r.game_bonus,
            box_bonus=r.box_bonus,
            target=r.game_target,
        )
    return joined(target, bonuses)


def _knocker_melds(r: Ruleset) -> Message:
    if r.knocker_spread is KnockerSpread.DECLARED_ELSE_AUTO:
        spread = msg(
            "When they were not entered, the app takes the spread with the least deadwood that "
            "leaves the defender the least to lay off."
        )
    else:
        spread = msg("This table always counts the knocker's best spread.")
    return joined(
        msg("The melds the knocker lays down decide what the defender may lay off."), spread
    )


def _chain(r: Ruleset) -> Message:
    if r.layoff_chain:
        return msg(
            "The defender may lay off onto a run they have just extended themselves (8♠ and "
            "then 9♠ onto 5♠ 6♠ 7♠)."
        )
    return msg(
        "The defender may not lay off onto a run they have just extended themselves (8♠ and "
        "then 9♠ onto 5♠ 6♠ 7♠)."
    )


def _big_gin(r: Ruleset) -> Message:
    if not r.big_gin_enabled:
        return msg("This table does not play big gin: eleven cards that all meld score as gin.")
    return msg(
        "Big gin is all eleven cards (the ten and the one drawn) in melds, with no discard: "
        "the defender's deadwood plus {bonus}.",
        bonus=r.big_gin_bonus,
    )


def _spade(r: Ruleset) -> Message:
    if not r.spade_double:
        return msg("This table does not double a hand for a spade upcard.")
    if r.spade_double_box:
        return msg(
            "When the first upcard is a spade, the hand's score (its bonus included) counts "
            "double, and so does its box."
        )
    return msg(
        "When the first upcard is a spade, the hand's score (its bonus included) counts "
        "double; the box once."
    )


def _oklahoma(r: Ruleset) -> Message:
    if r.oklahoma_ace is OklahomaAce.GIN_ONLY:
        return msg(
            "The first upcard of each hand sets how low you must be to knock: its value, "
            "pictures 10, and an ace means gin only."
        )
    return msg(
        "The first upcard of each hand sets how low you must be to knock: its value, pictures 10."
    )


def _hollywood(r: Ruleset) -> Message:
    return joined(
        msg_n(
            "{count} game is scored at once.",
            "{count} games are scored at once.",
            r.hollywood_games,
        ),
        msg(
            "A player's first winning hand goes into game 1, the second into games 1 and 2, and "
            "later ones into every game still open; a game closes when someone reaches its "
            "target."
        ),
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


# Each tag's title and paragraph, from the table's rules.
_NOTES: tuple[tuple[str, str, Callable[[Ruleset], Message]], ...] = (
    ("§2.1", "How a hand scores", _hand_scores),
    ("§2.2", "The game", _the_game),
    (
        "R1",
        "Counting a hand",
        lambda r: msg(
            "Cards are counted the way that leaves the least deadwood: every way of making sets "
            "and runs is tried, and a card belongs to one meld only."
        ),
    ),
    (
        "R2",
        "When you may knock",
        lambda r: joined(
            _may_knock(r), msg("A knock with more is refused, and the hand is not scored.")
        ),
    ),
    ("R3", "The knocker's melds", _knocker_melds),
    (
        "R4",
        "The defender's count",
        lambda r: msg(
            "The defender makes their own melds and lays loose cards off onto the knocker's "
            "melds (never onto the knocker's loose cards); what is left is their count."
        ),
    ),
    ("R5", "Laying off in a chain", _chain),
    (
        "R6",
        "Battle Royal: laying off",
        lambda r: msg(
            "In Battle Royal cards are laid off only onto the knocker's own melds, never onto "
            "cards another player laid off."
        ),
    ),
    (
        "R7",
        "Breaking a meld to lay off",
        lambda r: msg(
            "The defender may break up one of their own melds to lay cards off, when that "
            "leaves less deadwood."
        ),
    ),
    ("R8", "No laying off against gin", lambda r: msg("Nobody lays off against gin or big gin.")),
    (
        "R9",
        "Laying off everything",
        lambda r: msg(
            "A defender who lays off every loose card has not gone gin: it scores as an "
            "ordinary undercut."
        ),
    ),
    (
        "R10",
        "Gin cannot be undercut",
        lambda r: msg(
            "Gin always wins: it scores the defender's deadwood plus {bonus}, even when the "
            "defender has no deadwood either.",
            bonus=r.gin_bonus,
        ),
    ),
    (
        "R11",
        "Cards speak",
        lambda r: (
            msg("A knock whose ten cards all meld is scored as gin.")
            if r.gin_cards_speak
            else msg("This table scores a knock as a knock, even when all ten cards meld.")
        ),
    ),
    ("R12", "Big gin", _big_gin),
    (
        "R13",
        "Aces",
        lambda r: (
            msg("Aces are low: A-2-3 is a run, Q-K-A is not.")
            if r.ace is AceRank.LOW
            else msg("An ace is high or low: A-2-3 and Q-K-A are runs, K-A-2 is not.")
        ),
    ),
    ("R14", "Equal counts", _tie),
    (
        "R16",
        "A dead hand",
        lambda r: msg_n(
            "When nobody has knocked with {count} card left in the stock, the hand is dead: "
            "nobody scores, nobody gets a box, and the same dealer deals again.",
            "When nobody has knocked with {count} cards left in the stock, the hand is dead: "
            "nobody scores, nobody gets a box, and the same dealer deals again.",
            r.wall_size,
        ),
    ),
    ("R17", "Oklahoma: a spade upcard", _spade),
    ("§3", "Oklahoma", _oklahoma),
    ("§4", "Hollywood", _hollywood),
    ("§5", "Straight gin", lambda r: msg("Nobody may knock: only gin ends a hand.")),
    (
        "§6",
        "Three or more players",
        lambda r: msg("Two play each hand; who plays next follows from who won and lost."),
    ),
    (
        "§6.1",
        "Dealer sits out",
        lambda r: msg("The dealer deals the two others and sits the hand out."),
    ),
    (
        "§6.2",
        "Cutthroat",
        lambda r: (
            msg("The loser of a hand sits out the next one and deals it.")
            if r.cutthroat_rotation is Rotation.LOSER_SITS_IDLE_DEALS
            else msg("The loser of a hand deals the next one and sits it out.")
        ),
    ),
    (
        "§6.3",
        "Chouette",
        lambda r: msg(
            "One player (the box) plays each hand against the captain of the others; the box "
            "wins or loses the hand's score against every other player."
        ),
    ),
    (
        "§6.5",
        "Battle Royal",
        lambda r: msg(
            "Three play at once. The knocker's count is compared with both others'; the hand's "
            "score is worked out from all three counts."
        ),
    ),
    (
        "§7",
        "Partnership",
        lambda r: joined(
            msg("Two tables play at once."),
            msg(
                "Each team's results at the two tables are added: only the difference scores, "
                "and a game goes to {target}.",
                target=r.game_target,
            ),
        ),
    ),
    (
        "§8.4",
        "Basic Rummy and 500 Rum",
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
    (
        "§8.3",
        "Gem Rummy",
        lambda r: msg(
            "Gem Rummy is played with its own deck of gems; a hand scores as the app's Gem "
            "Rummy page shows, step by step, and a game goes to {target}.",
            target=r.game_target,
        ),
    ),
    (
        "§8.5",
        "Contract Rummy",
        lambda r: msg(
            "Each deal has its contract (the sets and runs a player must lay down first); "
            "whoever goes out scores nothing, and everyone else counts the cards left in hand."
        ),
    ),
    (
        "§12.3",
        "Where the sources disagree",
        lambda r: msg(
            "The rule books do not agree on this point; the app follows the table's setting "
            "and says which in the step."
        ),
    ),
    ("§12.4", "Battle Royal: a shared low count", _shared_low),
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
