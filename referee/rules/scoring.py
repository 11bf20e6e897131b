"""The two-handed hand score of RULES.md §2.1, given the deadwood counts.

Kept apart from ``adjudicate`` so that quick entry (counts only) and full-card entry (the
engine computes the counts) are scored by the very same function and can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .hand_conditions import HandConditions
from .results import Outcome, Role, Step
from .ruleset import Ruleset, TieOutcome, UndercutMode


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
                f"Big gin: the knocker scores the defender's deadwood {d} + big gin bonus "
                f"{bonus} = {base + bonus}.",
                "§2.1",
            )
        )
        extra_boxes = 2 if rules.kisses else 0
    elif finish is Finish.GIN:
        base, bonus = d, rules.gin_bonus
        outcome, scorer = Outcome.GIN, Role.KNOCKER
        steps.append(
            Step(
                f"Gin: the knocker scores the defender's deadwood {d} + gin bonus {bonus} = "
                f"{base + bonus}. Gin cannot be undercut.",
                "§2.1",
            )
        )
        extra_boxes = 2 if rules.kisses else 0
    elif k < d:
        base, bonus = d - k, 0
        outcome, scorer = Outcome.KNOCK, Role.KNOCKER
        text = f"The knocker's {k} is less than the defender's {d}: the knocker scores {d} − {k}"
        if base < rules.knocker_min_score:
            text += f" = {base}, raised to the minimum {rules.knocker_min_score}"
            base = rules.knocker_min_score
        else:
            text += f" = {base}"
        steps.append(Step(text + ".", "§2.1"))
    elif k == d and rules.tie_outcome is TieOutcome.WASH:
        steps.append(
            Step(f"Both deadwoods are {k}: under this table's tie rule the hand is a wash.", "R14")
        )
        return HandScoreLine(Outcome.WASH, None, 0, 0, tuple(steps))
    elif k == d and rules.tie_outcome is TieOutcome.KNOCKER_WINS_ZERO:
        base, bonus = max(0, rules.knocker_min_score), 0
        outcome, scorer = Outcome.KNOCK, Role.KNOCKER
        steps.append(
            Step(
                f"Both deadwoods are {k}: under this table's tie rule the knocker wins the hand "
                f"with {base}.",
                "R14",
            )
        )
    else:
        outcome = Outcome.UNDERCUT
        why = (
            f"Both deadwoods are {k}: a tie is an undercut"
            if k == d
            else f"The defender's {d} is less than the knocker's {k}: undercut"
        )
        rule = "R14" if k == d else "§2.1"
        if rules.undercut_mode is UndercutMode.PENALTY_TO_KNOCKER:
            scorer, base, bonus = Role.KNOCKER, -rules.undercut_bonus, 0
            steps.append(Step(f"{why}; the knocker loses {rules.undercut_bonus}.", rule))
        elif rules.undercut_mode is UndercutMode.FLAT_TO_DEFENDER:
            scorer, base, bonus = Role.DEFENDER, 0, rules.undercut_bonus
            steps.append(Step(f"{why}; the defender scores a flat {bonus}.", rule))
        else:
            scorer, base, bonus = Role.DEFENDER, k - d, rules.undercut_bonus
            steps.append(
                Step(
                    f"{why}; the defender scores {k} − {d} + undercut bonus {bonus} = "
                    f"{base + bonus}.",
                    rule,
                )
            )
        extra_boxes = 1 if rules.kisses else 0
    points = (base + bonus) * conditions.multiplier
    if conditions.multiplier != 1:
        doubled = f"{base + bonus} × {conditions.multiplier} = {points}"
        steps.append(Step(f"Doubled for the spade upcard: {doubled}.", "R17"))
    boxes = 0 if points < 0 else (1 + extra_boxes) * conditions.box_multiplier
    if extra_boxes:
        plural = "es" if extra_boxes > 1 else ""
        steps.append(Step(f"Kisses: {extra_boxes} extra box{plural}.", "§3"))
    return HandScoreLine(outcome, scorer, points, boxes, tuple(steps))
