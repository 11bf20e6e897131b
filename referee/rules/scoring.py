"""The two-handed hand score of docs/rules.md §2.1, given the deadwood counts.

Kept apart from ``adjudicate`` so that quick entry (counts only) and full-card entry (the
engine computes the counts) are scored by the very same function and can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from referee.rules.hand_conditions import HandConditions
from referee.rules.messages import msg, msg_n
from referee.rules.results import Outcome, Role, Step
from referee.rules.ruleset import Ruleset, TieOutcome, UndercutMode


class Finish(StrEnum):
    """How the hand ended, as the table saw it (after "cards speak" has been applied)."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"


@dataclass(frozen=True)
class HandScoreLine:
    outcome: Outcome
    scorer: Role | None
    points: int
    boxes: int
    steps: tuple[Step, ...]


def score_finish(
    finish: Finish,
    knocker_deadwood: int,
    defender_deadwood: int,
    rules: Ruleset,
    conditions: HandConditions,
) -> HandScoreLine:
    """Score a legal finish. ``defender_deadwood`` is after layoffs for a knock, before for gin.

    The caller has already checked that a knock is within the limit.
    """
    steps: list[Step] = []
    k, d = knocker_deadwood, defender_deadwood
    outcome: Outcome
    scorer: Role | None
    extra_boxes = 0
    if finish is Finish.BIG_GIN:
        base, bonus = d, rules.big_gin_bonus
        outcome, scorer = Outcome.BIG_GIN, Role.KNOCKER
        steps.append(
            Step(
                msg(
                    "Big gin: the knocker scores the defender's deadwood {deadwood} + big gin "
                    "bonus {bonus} = {total}.",
                    deadwood=d,
                    bonus=bonus,
                    total=base + bonus,
                ),
                "§2.1",
            )
        )
        extra_boxes = 2 if rules.kisses else 0
    elif finish is Finish.GIN:
        base, bonus = d, rules.gin_bonus
        outcome, scorer = Outcome.GIN, Role.KNOCKER
        steps.append(
            Step(
                msg(
                    "Gin: the knocker scores the defender's deadwood {deadwood} + gin bonus "
                    "{bonus} = {total}. Gin cannot be undercut.",
                    deadwood=d,
                    bonus=bonus,
                    total=base + bonus,
                ),
                "§2.1",
            )
        )
        extra_boxes = 2 if rules.kisses else 0
    elif k < d:
        base, bonus = d - k, 0
        outcome, scorer = Outcome.KNOCK, Role.KNOCKER
        if base < rules.knocker_min_score:
            said = msg(
                "The knocker's {knocker} is less than the defender's {defender}: the knocker "
                "scores {defender} − {knocker} = {difference}, raised to the minimum {least}.",
                knocker=k,
                defender=d,
                difference=base,
                least=rules.knocker_min_score,
            )
            base = rules.knocker_min_score
        else:
            said = msg(
                "The knocker's {knocker} is less than the defender's {defender}: the knocker "
                "scores {defender} − {knocker} = {difference}.",
                knocker=k,
                defender=d,
                difference=base,
            )
        steps.append(Step(said, "§2.1"))
    elif k == d and rules.tie_outcome is TieOutcome.WASH:
        steps.append(
            Step(
                msg(
                    "Both deadwoods are {deadwood}: under this table's tie rule the hand is a "
                    "wash.",
                    deadwood=k,
                ),
                "R14",
            )
        )
        return HandScoreLine(Outcome.WASH, None, 0, 0, tuple(steps))
    elif k == d and rules.tie_outcome is TieOutcome.KNOCKER_WINS_ZERO:
        base, bonus = max(0, rules.knocker_min_score), 0
        outcome, scorer = Outcome.KNOCK, Role.KNOCKER
        steps.append(
            Step(
                msg(
                    "Both deadwoods are {deadwood}: under this table's tie rule the knocker wins "
                    "the hand with {points}.",
                    deadwood=k,
                    points=base,
                ),
                "R14",
            )
        )
    else:
        outcome = Outcome.UNDERCUT
        tie = k == d
        rule = "R14" if tie else "§2.1"
        if rules.undercut_mode is UndercutMode.PENALTY_TO_KNOCKER:
            scorer, base, bonus = Role.KNOCKER, -rules.undercut_bonus, 0
            if tie:
                said = msg(
                    "Both deadwoods are {deadwood}: a tie is an undercut; the knocker loses "
                    "{penalty}.",
                    deadwood=k,
                    penalty=rules.undercut_bonus,
                )
            else:
                said = msg(
                    "The defender's {defender} is less than the knocker's {knocker}: undercut; "
                    "the knocker loses {penalty}.",
                    defender=d,
                    knocker=k,
                    penalty=rules.undercut_bonus,
                )
        elif rules.undercut_mode is UndercutMode.FLAT_TO_DEFENDER:
            scorer, base, bonus = Role.DEFENDER, 0, rules.undercut_bonus
            if tie:
                said = msg(
                    "Both deadwoods are {deadwood}: a tie is an undercut; the defender scores a "
                    "flat {bonus}.",
                    deadwood=k,
                    bonus=bonus,
                )
            else:
                said = msg(
                    "The defender's {defender} is less than the knocker's {knocker}: undercut; "
                    "the defender scores a flat {bonus}.",
                    defender=d,
                    knocker=k,
                    bonus=bonus,
                )
        else:
            scorer, base, bonus = Role.DEFENDER, k - d, rules.undercut_bonus
            if tie:
                said = msg(
                    "Both deadwoods are {deadwood}: a tie is an undercut; the defender scores "
                    "{knocker} − {defender} + undercut bonus {bonus} = {total}.",
                    deadwood=k,
                    knocker=k,
                    defender=d,
                    bonus=bonus,
                    total=base + bonus,
                )
            else:
                said = msg(
                    "The defender's {defender} is less than the knocker's {knocker}: undercut; "
                    "the defender scores {knocker} − {defender} + undercut bonus {bonus} = "
                    "{total}.",
                    defender=d,
                    knocker=k,
                    bonus=bonus,
                    total=base + bonus,
                )
        steps.append(Step(said, rule))
        extra_boxes = 1 if rules.kisses else 0
    points = (base + bonus) * conditions.multiplier
    if conditions.multiplier != 1:
        said = msg(
            "Doubled for the spade upcard: {score} × {multiplier} = {points}.",
            score=base + bonus,
            multiplier=conditions.multiplier,
            points=points,
        )
        steps.append(Step(said, "R17"))
    boxes = 0 if points < 0 else (1 + extra_boxes) * conditions.box_multiplier
    if extra_boxes:
        said = msg_n("Kisses: {count} extra box.", "Kisses: {count} extra boxes.", extra_boxes)
        steps.append(Step(said, "§3"))
    return HandScoreLine(outcome, scorer, points, boxes, tuple(steps))
