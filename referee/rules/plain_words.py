"""The rules in plain words, with a table's own numbers: what a ruling's tag ("R2", "§2.1")
means to someone at the table, and the choices of a house rule said the way players say them.

The tags are the numbers of docs/rules.md (§9's rulings R1-R21, the sections §2-§12); a ruling step
carries one so a dispute can be traced to its source. This module turns each into one short
paragraph a player can read beside the cards, filled in from the match's :class:`Ruleset`:
whole sentences (a :class:`~.messages.Message` each, said one after another where a paragraph
has several), so the rules page can say them in the reader's language.

The paragraphs here are the rules every table shares; a game adds its own (its sections, the
rulings only it makes, the words of its house rules) as a :class:`GameWords`, which the games'
registry gathers (``referee.games.words``) and passes in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from referee.rules.messages import N_ as N_  # re-exported: the games mark their texts with it
from referee.rules.messages import Message, joined, msg, msg_n
from referee.rules.ruleset import (
    AceRank,
    KnockCompare,
    KnockerSpread,
    NextDealer,
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


@dataclass(frozen=True)
class Note:
    """A tag's paragraph before a table's numbers are known: its tag, its title (a fixed
    English text, listed for the catalogs where it is written) and how to say it."""

    tag: str
    title: str
    say: Callable[[Ruleset], Message]


@dataclass(frozen=True, eq=False)
class GameWords:
    """What one game adds to the rules in plain words and to the catalogs.

    ``notes`` are the paragraphs of its own tags (its section of docs/rules.md, a ruling only
    it makes); ``option_words`` says the choices of its house rules as players say them;
    ``knock_limit`` says R2's first sentence when the game sets the knock limit its own way
    (None: the table's ``knock_limit``); ``terms`` are the fixed English texts its pages show
    as data (preset titles and descriptions, its house rules' labels), each marked ``N_()``
    where written so that pybabel finds it; ``rule_help`` is the help of the house rules only
    this game plays (the :class:`Ruleset` fields whose help is not the shared one);
    ``rule_titles`` are what a ruling's step with one of the game's own tags is about.
    """

    notes: tuple[Note, ...] = ()
    option_words: Mapping[type[StrEnum], Mapping[str, str]] = field(default_factory=dict)
    knock_limit: Callable[[Ruleset], Message | None] | None = None
    terms: tuple[str, ...] = ()
    rule_help: Mapping[str, str] = field(default_factory=dict)
    rule_titles: Mapping[str, str] = field(default_factory=dict)


NO_WORDS = GameWords()
"""A game that adds nothing to the shared rules' words."""


def anchor(tag: str) -> str:
    """Where a tag's paragraph sits on the rules page: "R2" → "r2", "§8.4 melds" → "s8-4".

    >>> anchor("§2.1"), anchor("R14"), anchor("§8.4 winner takes all")
    ('s2-1', 'r14', 's8-4')
    """
    base = tag.split()[0] if tag.strip() else ""
    if base.startswith("§"):
        return "s" + re.sub(r"[^0-9]+", "-", base[1:]).strip("-")
    return re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-") or "rules"


def _may_knock(r: Ruleset, games: Sequence[GameWords]) -> Message:
    """R2's first sentence: what the deadwood may add up to for a knock (a game that sets the
    limit its own way says it, through :attr:`GameWords.knock_limit`)."""
    for game in games:
        said = game.knock_limit(r) if game.knock_limit else None
        if said is not None:
            return said
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


def _layoff_notes() -> tuple[Note, ...]:
    """The paragraphs on the defender's count and laying off (R4-R9)."""
    return (
        Note(
            "R4",
            "The defender's count",
            lambda r: msg(
                "The defender makes their own melds and lays loose cards off onto the knocker's "
                "melds (never onto the knocker's loose cards); what is left is their count."
            ),
        ),
        Note("R5", "Laying off in a chain", _chain),
        Note(
            "R7",
            "Breaking a meld to lay off",
            lambda r: msg(
                "The defender may break up one of their own melds to lay cards off, when that "
                "leaves less deadwood."
            ),
        ),
        Note(
            "R8",
            "No laying off against gin",
            lambda r: msg("Nobody lays off against gin or big gin."),
        ),
        Note(
            "R9",
            "Laying off everything",
            lambda r: msg(
                "A defender who lays off every loose card has not gone gin: it scores as an "
                "ordinary undercut."
            ),
        ),
    )


def _shared_notes(games: Sequence[GameWords]) -> tuple[Note, ...]:
    """The paragraphs every table shares (R2's limit as the games say it)."""
    return (
        Note("§2.1", "How a hand scores", _hand_scores),
        Note("§2.2", "The game", _the_game),
        Note(
            "R1",
            "Counting a hand",
            lambda r: msg(
                "Cards are counted the way that leaves the least deadwood: every way of making "
                "sets and runs is tried, and a card belongs to one meld only."
            ),
        ),
        Note(
            "R2",
            "When you may knock",
            lambda r: joined(
                _may_knock(r, games),
                msg("A knock with more is refused, and the hand is not scored."),
            ),
        ),
        Note("R3", "The knocker's melds", _knocker_melds),
        *_layoff_notes(),
        Note(
            "R10",
            "Gin cannot be undercut",
            lambda r: msg(
                "Gin always wins: it scores the defender's deadwood plus {bonus}, even when the "
                "defender has no deadwood either.",
                bonus=r.gin_bonus,
            ),
        ),
        Note(
            "R11",
            "Cards speak",
            lambda r: (
                msg("A knock whose ten cards all meld is scored as gin.")
                if r.gin_cards_speak
                else msg("This table scores a knock as a knock, even when all ten cards meld.")
            ),
        ),
        Note("R12", "Big gin", _big_gin),
        Note(
            "R13",
            "Aces",
            lambda r: (
                msg("Aces are low: A-2-3 is a run, Q-K-A is not.")
                if r.ace is AceRank.LOW
                else msg("An ace is high or low: A-2-3 and Q-K-A are runs, K-A-2 is not.")
            ),
        ),
        Note("R14", "Equal counts", _tie),
        Note(
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
        Note(
            "§12.3",
            "Where the sources disagree",
            lambda r: msg(
                "The rule books do not agree on this point; the app follows the table's setting "
                "and says which in the step."
            ),
        ),
    )


def _place(note: Note) -> tuple[int, int, int]:
    """Where a tag's paragraph stands on the page: §2 (how a hand and a game score) first,
    then the rulings R1-R21 in number order, then the sections §3 on by their number (the
    paragraphs of one section in the order they were gathered).

    >>> [_place(Note(t, "", str)) for t in ("§2.2", "R17", "§6.3", "§12.3")]
    [(0, 2, 2), (1, 17, 0), (2, 6, 0), (2, 12, 0)]
    """
    number = re.findall(r"\d+", note.tag.split()[0])
    major = int(number[0]) if number else 99
    if note.tag.startswith("R"):
        return (1, major, 0)
    if major == 2:
        return (0, 2, int(number[1]) if len(number) > 1 else 0)
    return (2, major, 0)


def plain_rules(rules: Ruleset, games: Sequence[GameWords] = ()) -> tuple[PlainRule, ...]:
    """Every tagged rule in plain words, with ``rules``' numbers, in the rules page's order:
    the shared paragraphs and each of ``games``' own."""
    notes = (*_shared_notes(games), *(note for game in games for note in game.notes))
    return tuple(
        PlainRule(note.tag, anchor(note.tag), note.title, note.say(rules))
        for note in sorted(notes, key=_place)
    )


# The choices of each shared house-rule list, as players say them.
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
    TargetTie: {"shared": "the game ends tied", "play_on": "play on until one is ahead"},
}


def option_words(member: StrEnum, games: Sequence[GameWords] = ()) -> str:
    """A house-rule choice as players say it ("the loser sits out and deals"), else its name:
    the shared lists', or the game's whose list it is."""
    kind = type(member)
    for words in (OPTION_WORDS, *(game.option_words for game in games)):
        if kind in words:
            return words[kind].get(member.value, member.value.replace("_", " "))
    return member.value.replace("_", " ")
