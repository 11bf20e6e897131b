"""The two-handed hand score of docs/rules.md §2.1, given the deadwood counts.

Kept apart from ``adjudicate`` so that quick entry (counts only) and full-card entry (the
engine computes the counts) are scored by the very same function and can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from referee.rules.hand_conditions import HandConditions
from referee.rules.messages import Message, msg, msg_n
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
    k, d = knocker_deadwood, defender_deadwood
    if finish is Finish.BIG_GIN:
        base = _big_gin_base(d, rules)
    elif finish is Finish.GIN:
        base = _gin_base(d, rules)
    elif k < d:
        base = _knock_base(k, d, rules)
    elif k == d and rules.tie_outcome is TieOutcome.WASH:
        return HandScoreLine(Outcome.WASH, None, 0, 0, (_wash_step(k),))
    elif k == d and rules.tie_outcome is TieOutcome.KNOCKER_WINS_ZERO:
        base = _tie_won_by_knocker_base(k, rules)
    else:
        base = _undercut_base(k, d, rules)
    return _multiplied(base, conditions)


@dataclass(frozen=True)
class _Base:
    """A finish scored before the table's multipliers: the score is ``base + bonus``;
    ``extra_boxes`` are the kisses' boxes on top of the one box of the hand."""

    outcome: Outcome
    scorer: Role | None
    base: int
    bonus: int
    extra_boxes: int
    step: Step


def _big_gin_base(d: int, rules: Ruleset) -> _Base:
    """Big gin: the defender's whole deadwood plus the big gin bonus (§2.1)."""
    bonus = rules.big_gin_bonus
    said = msg(
        "Big gin: the knocker scores the defender's deadwood {deadwood} + big gin "
        "bonus {bonus} = {total}.",
        deadwood=d,
        bonus=bonus,
        total=d + bonus,
    )
    kisses = 2 if rules.kisses else 0
    return _Base(Outcome.BIG_GIN, Role.KNOCKER, d, bonus, kisses, Step(said, "§2.1"))


def _gin_base(d: int, rules: Ruleset) -> _Base:
    """Gin: the defender's whole deadwood plus the gin bonus; never undercut (§2.1)."""
    bonus = rules.gin_bonus
    said = msg(
        "Gin: the knocker scores the defender's deadwood {deadwood} + gin bonus "
        "{bonus} = {total}. Gin cannot be undercut.",
        deadwood=d,
        bonus=bonus,
        total=d + bonus,
    )
    kisses = 2 if rules.kisses else 0
    return _Base(Outcome.GIN, Role.KNOCKER, d, bonus, kisses, Step(said, "§2.1"))


def _knock_base(k: int, d: int, rules: Ruleset) -> _Base:
    """A knock that holds: the difference, raised to the table's minimum (§2.1)."""
    base = d - k
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
    return _Base(Outcome.KNOCK, Role.KNOCKER, base, 0, 0, Step(said, "§2.1"))


def _wash_step(k: int) -> Step:
    """A tie under ``tie_outcome=wash``: nobody scores (R14)."""
    return Step(
        msg(
            "Both deadwoods are {deadwood}: under this table's tie rule the hand is a wash.",
            deadwood=k,
        ),
        "R14",
    )


def _tie_won_by_knocker_base(k: int, rules: Ruleset) -> _Base:
    """A tie under ``tie_outcome=knocker_wins_zero``: the knocker wins the hand (R14)."""
    base = max(0, rules.knocker_min_score)
    said = msg(
        "Both deadwoods are {deadwood}: under this table's tie rule the knocker wins "
        "the hand with {points}.",
        deadwood=k,
        points=base,
    )
    return _Base(Outcome.KNOCK, Role.KNOCKER, base, 0, 0, Step(said, "R14"))


def _undercut_base(k: int, d: int, rules: Ruleset) -> _Base:
    """An undercut (a tie counts as one here, R14), scored by the table's ``undercut_mode``."""
    tie = k == d
    rule = "R14" if tie else "§2.1"
    kisses = 1 if rules.kisses else 0
    if rules.undercut_mode is UndercutMode.PENALTY_TO_KNOCKER:
        said = _undercut_penalty_said(k, d, rules.undercut_bonus)
        return _Base(
            Outcome.UNDERCUT, Role.KNOCKER, -rules.undercut_bonus, 0, kisses, Step(said, rule)
        )
    if rules.undercut_mode is UndercutMode.FLAT_TO_DEFENDER:
        said = _undercut_flat_said(k, d, rules.undercut_bonus)
        return _Base(
            Outcome.UNDERCUT, Role.DEFENDER, 0, rules.undercut_bonus, kisses, Step(said, rule)
        )
    said = _undercut_difference_said(k, d, rules.undercut_bonus)
    return _Base(
        Outcome.UNDERCUT, Role.DEFENDER, k - d, rules.undercut_bonus, kisses, Step(said, rule)
    )


def _undercut_penalty_said(k: int, d: int, penalty: int) -> Message:
    if k == d:
        return msg(
            "Both deadwoods are {deadwood}: a tie is an undercut; the knocker loses {penalty}.",
            deadwood=k,
            penalty=penalty,
        )
    return msg(
        "The defender's {defender} is less than the knocker's {knocker}: undercut; "
        "the knocker loses {penalty}.",
        defender=d,
        knocker=k,
        penalty=penalty,
    )


def _undercut_flat_said(k: int, d: int, bonus: int) -> Message:
    if k == d:
        return msg(
            "Both deadwoods are {deadwood}: a tie is an undercut; the defender scores a "
            "flat {bonus}.",
            deadwood=k,
            bonus=bonus,
        )
    return msg(
        "The defender's {defender} is less than the knocker's {knocker}: undercut; "
        "the defender scores a flat {bonus}.",
        defender=d,
        knocker=k,
        bonus=bonus,
    )


def _undercut_difference_said(k: int, d: int, bonus: int) -> Message:
    if k == d:
        return msg(
            "Both deadwoods are {deadwood}: a tie is an undercut; the defender scores "
            "{knocker} − {defender} + undercut bonus {bonus} = {total}.",
            deadwood=k,
            knocker=k,
            defender=d,
            bonus=bonus,
            total=k - d + bonus,
        )
    return msg(
        "The defender's {defender} is less than the knocker's {knocker}: undercut; "
        "the defender scores {knocker} − {defender} + undercut bonus {bonus} = "
        "{total}.",
        defender=d,
        knocker=k,
        bonus=bonus,
        total=k - d + bonus,
    )


def _multiplied(scored: _Base, conditions: HandConditions) -> HandScoreLine:
    """The score times the spade upcard's multiplier (R17), and the boxes with kisses (§3)."""
    steps = [scored.step]
    score = scored.base + scored.bonus
    points = score * conditions.multiplier
    if conditions.multiplier != 1:
        said = msg(
            "Doubled for the spade upcard: {score} × {multiplier} = {points}.",
            score=score,
            multiplier=conditions.multiplier,
            points=points,
        )
        steps.append(Step(said, "R17"))
    extra_boxes = scored.extra_boxes
    boxes = 0 if points < 0 else (1 + extra_boxes) * conditions.box_multiplier
    if extra_boxes:
        said = msg_n("Kisses: {count} extra box.", "Kisses: {count} extra boxes.", extra_boxes)
        steps.append(Step(said, "§3"))
    return HandScoreLine(scored.outcome, scored.scorer, points, boxes, tuple(steps))
