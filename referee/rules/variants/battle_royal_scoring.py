"""The Battle Royal hand score from three counts (RULES.md §6.5, §12.4, R14).

Kept apart from the card work, like two-handed ``scoring``, so that quick entry (declared
counts) and full-card entry (the engine's counts) are scored by the very same function.

RG-3: "the winner of each hand scores the difference between his count and the sum of his
opponents' counts"; no undercut bonus, but 20 deducted from an undercut knocker; gin 40. Where
the text leaves room the table's rules decide, and each step that depends on one names it:

- ``battle_royal_winner_formula``: ``sum_opponents_minus_own`` (literal) or
  ``per_opponent_difference``;
- ``battle_royal_tied_low``: both other players lowest with the same count, undercutting the
  knocker — ``next_in_turn`` (the one nearer the knocker's left wins) or ``both_score``;
- ``battle_royal_undercut_pays_difference``: whether an undercut knocker also loses its count
  less the winner's (default off: §10's vector has the knocker at −20 only);
- ``tie_outcome``: a knocker level with the lowest other count is undercut (default), the hand
  is a wash, or the knocker wins (and scores the formula);
- ``undercut_mode``: Battle Royal's ``penalty_to_knocker`` (20); a table may choose the
  two-handed bonus or a flat score for the undercutter instead.

>>> from .battle_royal import BATTLE_ROYAL
>>> score_hand(Finish.KNOCK, 0, (8, 5, 20), BATTLE_ROYAL).points
(-20, 23, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..hand_conditions import HandConditions
from ..results import Outcome, Step
from ..ruleset import BattleRoyalFormula, BattleRoyalTiedLow, Ruleset, TieOutcome, UndercutMode
from ..scoring import Finish
from .battle_royal_layoffs import SEATS, layoff_order
from .labels import Label, labeller, step

_PLAIN = HandConditions(knock_limit=None, multiplier=1, box_multiplier=1, steps=())


@dataclass(frozen=True)
class ThreeWayScore:
    """What a hand gives each seat, who won it, the steps, and the open points it relied on."""

    outcome: Outcome
    winners: tuple[int, ...]
    points: tuple[int, ...]
    boxes: tuple[int, ...]
    steps: tuple[Step, ...]
    options: tuple[tuple[str, str], ...]


def winner_score(winner: int, counts: Sequence[int], rules: Ruleset) -> tuple[int, str]:
    """The §6.5 score of ``winner`` from the three counts, and the sum written out."""
    own = counts[winner]
    opponents = [counts[s] for s in layoff_order(winner)]
    if rules.battle_royal_winner_formula is BattleRoyalFormula.PER_OPPONENT_DIFFERENCE:
        return sum(d - own for d in opponents), " + ".join(f"({d} − {own})" for d in opponents)
    return sum(opponents) - own, f"({' + '.join(str(d) for d in opponents)}) − {own}"


def score_hand(
    finish: Finish,
    knocker: int,
    counts: Sequence[int],
    rules: Ruleset,
    conditions: HandConditions = _PLAIN,
    label: Label | None = None,
) -> ThreeWayScore:
    """Score a legal finish from the three counts by seat: the knocker's deadwood, the others'
    after their layoffs (their whole deadwood after gin). The caller has checked the knock."""
    return _Scorer(finish, knocker, tuple(counts), rules, label or labeller(None)).score(conditions)


class _Scorer:
    def __init__(
        self, finish: Finish, knocker: int, counts: tuple[int, ...], rules: Ruleset, label: Label
    ) -> None:
        self.finish = finish
        self.knocker = knocker
        self.counts = counts
        self.rules = rules
        self.label = label
        self.points = [0] * SEATS
        self.steps: list[Step] = []
        self.options: list[tuple[str, str]] = [
            ("battle_royal_winner_formula", rules.battle_royal_winner_formula.value)
        ]

    @property
    def formula_note(self) -> str:
        return f"battle_royal_winner_formula={self.rules.battle_royal_winner_formula.value}"

    def score(self, conditions: HandConditions) -> ThreeWayScore:
        k = self.counts[self.knocker]
        low = min(self.counts[s] for s in layoff_order(self.knocker))
        tie = self.rules.tie_outcome
        if self.finish is not Finish.KNOCK:
            outcome, winners = self._gin()
        elif k < low or (k == low and tie is TieOutcome.KNOCKER_WINS_ZERO):
            outcome, winners = self._knocker_wins(k, low)
        elif k == low and tie is TieOutcome.WASH:
            self.options.append(("tie_outcome", tie.value))
            self._say(
                f"{self.label(self.knocker)}'s {k} equals the lowest other count: under "
                "tie_outcome=wash nobody scores.",
                "R14",
            )
            outcome, winners = Outcome.WASH, ()
        else:
            outcome, winners = self._undercut(k, low)

        points = self.points
        if conditions.multiplier != 1 and any(points):
            points = [p * conditions.multiplier for p in points]
            self._say(f"Every score × {conditions.multiplier} for the spade upcard.", "R17")
        boxes = [conditions.box_multiplier if s in winners else 0 for s in range(SEATS)]
        return ThreeWayScore(
            outcome,
            winners,
            tuple(points),
            tuple(boxes),
            tuple(self.steps),
            tuple(self.options),
        )

    def _say(self, text: str, rule: str) -> None:
        self.steps.append(step(text, rule))

    def _gin(self) -> tuple[Outcome, tuple[int, ...]]:
        big = self.finish is Finish.BIG_GIN
        name = "big gin" if big else "gin"
        bonus = self.rules.big_gin_bonus if big else self.rules.gin_bonus
        base, how = winner_score(self.knocker, self.counts, self.rules)
        self.points[self.knocker] = base + bonus
        self._say(
            f"{name.capitalize()}: {self.label(self.knocker)} scores {how} = {base}, + {name} "
            f"bonus {bonus} = {base + bonus} ({self.formula_note}).",
            "§6.5",
        )
        return (Outcome.BIG_GIN if big else Outcome.GIN), (self.knocker,)

    def _knocker_wins(self, k: int, low: int) -> tuple[Outcome, tuple[int, ...]]:
        who = self.label(self.knocker)
        base, how = winner_score(self.knocker, self.counts, self.rules)
        self.points[self.knocker] = base
        if k == low:
            self.options.append(("tie_outcome", self.rules.tie_outcome.value))
            why = (
                f"{who}'s {k} equals the lowest other count; under tie_outcome="
                f"{self.rules.tie_outcome.value} the knocker wins"
            )
        else:
            why = f"{who}'s {k} is the lowest count: the knocker wins"
        self._say(f"{why} and scores {how} = {base} ({self.formula_note}).", "§6.5")
        return Outcome.KNOCK, (self.knocker,)

    def _undercut(self, k: int, low: int) -> tuple[Outcome, tuple[int, ...]]:
        rules, label, knocker = self.rules, self.label, self.knocker
        lowest = tuple(s for s in layoff_order(knocker) if self.counts[s] == low)
        if k == low:
            self.options.append(("tie_outcome", rules.tie_outcome.value))
            self._say(
                f"{label(knocker)}'s {k} equals the lowest other count: a tie is an undercut "
                "(tie_outcome=undercut).",
                "R14",
            )
        winners = lowest
        if len(lowest) == 2:
            tied = rules.battle_royal_tied_low
            self.options.append(("battle_royal_tied_low", tied.value))
            if tied is BattleRoyalTiedLow.BOTH_SCORE:
                text = "both win the hand"
            else:
                winners = lowest[:1]
                text = f"{label(lowest[0])}, nearer the knocker's left, wins the hand"
            self._say(
                f"{label(lowest[0])} and {label(lowest[1])} both have the lowest count, {low}: "
                f"{text} (battle_royal_tied_low={tied.value}).",
                "§12.4",
            )
        mode = rules.undercut_mode
        for seat in winners:
            base, how = winner_score(seat, self.counts, rules)
            if mode is UndercutMode.BONUS_TO_DEFENDER:
                self.points[seat] = base + rules.undercut_bonus
                text = f"scores {how} = {base}, + undercut bonus {rules.undercut_bonus}"
            elif mode is UndercutMode.FLAT_TO_DEFENDER:
                self.points[seat] = rules.undercut_bonus
                text = f"scores a flat {rules.undercut_bonus} (undercut_mode=flat_to_defender)"
            else:
                self.points[seat] = base
                text = f"scores {how} = {base}; no undercut bonus"
            why = (
                f"{label(seat)}'s {low} is below {label(knocker)}'s {k}"
                if k > low
                else f"{label(seat)} undercuts {label(knocker)} on the tie"
            )
            self._say(f"{why}: {label(seat)} {text} ({self.formula_note}).", "§6.5")
        if mode is UndercutMode.PENALTY_TO_KNOCKER:
            self._penalty(k, low)
        return Outcome.UNDERCUT, winners

    def _penalty(self, k: int, low: int) -> None:
        rules, who = self.rules, self.label(self.knocker)
        penalty = rules.undercut_bonus
        pays = rules.battle_royal_undercut_pays_difference
        self.options.append(("battle_royal_undercut_pays_difference", "on" if pays else "off"))
        if pays:
            difference = k - low
            self.points[self.knocker] = -(penalty + difference)
            text = (
                f"{who}, undercut, loses {penalty} and the difference {k} − {low} = "
                f"{difference}: −{penalty + difference} "
                "(battle_royal_undercut_pays_difference=on)."
            )
        else:
            self.points[self.knocker] = -penalty
            text = (
                f"{who}, undercut, has {penalty} deducted and pays no difference "
                "(battle_royal_undercut_pays_difference=off)."
            )
        self._say(text, "§6.5")
