"""What one deal's conditions make of the table's rules: the knock limit and the multipliers.

In the standard game these are the table's fixed numbers (Straight Gin's limit 0 means gin
only, docs/rules.md §5). Where the first upcard sets each hand's knock limit (docs/rules.md §3)
and a spade doubles the hand, the limit has to be worked out per hand and explained in the
ruling.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.cards import Card, Suit
from referee.rules.messages import Message, msg
from referee.rules.results import Step
from referee.rules.ruleset import Ruleset


@dataclass(frozen=True)
class HandConditions:
    """The knock limit for this deal (None: gin only), and how the score and box multiply."""

    knock_limit: int | None
    multiplier: int
    box_multiplier: int
    steps: tuple[Step, ...]

    def knock_allowed(self, deadwood: int, rules: Ruleset) -> bool:
        if self.knock_limit is None:
            return deadwood == 0
        return deadwood == 0 or rules.knock_allowed(deadwood, self.knock_limit)

    def limit_text(self, rules: Ruleset) -> str:
        """The knock limit in English ("deadwood ≤ 10", "gin only")."""
        return str(self.limit_message(rules))

    def limit_message(self, rules: Ruleset) -> Message:
        """The knock limit as a message, for a sentence that says it ("deadwood ≤ 10")."""
        if self.knock_limit is None or self.knock_limit == 0:
            return msg("gin only")
        return msg("deadwood {limit}", limit=rules.knock_limit_text(self.knock_limit))


class UpcardRequiredError(ValueError):
    """A table whose upcard sets the knock limit needs it to rule a hand; ``message`` says why
    (``str()`` is its English)."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


def upcard_needed(rules: Ruleset) -> Message | None:
    """Why a hand under ``rules`` cannot be entered without its first upcard (None: it can).

    >>> upcard_needed(Ruleset()) is None
    True
    """
    if rules.upcard_sets_knock_limit:
        return msg("enter the first upcard: at this table it sets the knock limit")
    return None


def hand_conditions(rules: Ruleset, upcard: Card | None = None) -> HandConditions:
    """The knock limit and multipliers for one deal under ``rules``, with the steps saying why."""
    if not rules.upcard_sets_knock_limit:
        if rules.knock_limit == 0:
            # Straight Gin (docs/rules.md §5): the limit 0 allows no knock at all, only gin.
            step = Step(msg("No knocking at this table: only gin or big gin ends a hand."), "§5")
            return HandConditions(0, 1, 1, (step,))
        return HandConditions(rules.knock_limit, 1, 1, ())
    if upcard is None:
        raise UpcardRequiredError(msg("this table needs the first upcard: it sets the knock limit"))
    return _upcard_conditions(rules, upcard)


def _upcard_conditions(rules: Ruleset, upcard: Card) -> HandConditions:
    steps: list[Step] = []
    if upcard.is_joker or upcard.rank is None:
        raise UpcardRequiredError(msg("a joker cannot be the upcard that sets the knock limit"))
    rank = int(upcard.rank)
    limit: int | None
    if rank == 1 and rules.ace_upcard_gin_only:
        limit = None
        steps.append(
            Step(
                msg("The upcard {card} is an ace: this hand is gin only.", card=upcard.label), "§3"
            )
        )
    else:
        limit = min(rank, 10)
        steps.append(
            Step(
                msg(
                    "The upcard {card} sets this hand's knock limit: deadwood {limit}.",
                    card=upcard.label,
                    limit=rules.knock_limit_text(limit),
                ),
                "§3",
            )
        )
    multiplier = box_multiplier = 1
    if rules.spade_double and upcard.suit is Suit.SPADES:
        multiplier = 2
        if rules.spade_double_box:
            box_multiplier = 2
            steps.append(
                Step(msg("The upcard is a spade: the hand's score and box count double."), "R17")
            )
        else:
            steps.append(
                Step(
                    msg(
                        "The upcard is a spade: the hand's score (bonuses included) counts "
                        "double; the box counts once."
                    ),
                    "R17",
                )
            )
    return HandConditions(limit, multiplier, box_multiplier, tuple(steps))
