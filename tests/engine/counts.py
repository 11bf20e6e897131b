"""Rule a hand from declared counts for variant tests, through the very function the engine's
quick entry scores with (``scoring.score_finish`` under ``hand_conditions``), so these tests do
not depend on the meld search."""

from __future__ import annotations

from referee.rules.cards import Card, parse_card
from referee.rules.hand_conditions import hand_conditions
from referee.rules.results import HandResult, Outcome
from referee.rules.ruleset import Ruleset
from referee.rules.scoring import Finish, score_finish


def ruled(
    rules: Ruleset, finish: str, knocker: int, defender: int, upcard: str | Card | None = None
) -> HandResult:
    """A legal finish (``knock``, ``gin`` or ``big_gin``) as a HandResult."""
    card = parse_card(upcard) if isinstance(upcard, str) else upcard
    conditions = hand_conditions(rules, card)
    line = score_finish(Finish(finish), knocker, defender, rules, conditions)
    return HandResult(
        outcome=line.outcome,
        scorer=line.scorer,
        points=line.points,
        boxes=line.boxes,
        knocker_deadwood=knocker,
        defender_deadwood=defender,
        steps=(*conditions.steps, *line.steps),
        knock_limit=conditions.knock_limit,
        multiplier=conditions.multiplier,
    )


def drawn() -> HandResult:
    """A dead hand: nobody knocked before the wall."""
    return HandResult(Outcome.DEAD, None, 0, 0, None, None)


def illegal() -> HandResult:
    """A refused knock: not a finished hand."""
    return HandResult(Outcome.ILLEGAL_KNOCK, None, 0, 0, 12, 30)
