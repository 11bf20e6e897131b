"""The Battle Royal hand score from three counts (docs/rules.md §6.5, §12.4, R14).

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

>>> from referee.games.three_handed.battle_royal import BATTLE_ROYAL
>>> score_hand(Finish.KNOCK, 0, (8, 5, 20), BATTLE_ROYAL).points
(-20, 23, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.three_handed.battle_royal_layoffs import SEATS, layoff_order
from referee.rules.hand_conditions import HandConditions
from referee.rules.labels import Label, labeller, step
from referee.rules.messages import Message, msg
from referee.rules.results import Outcome, Step
from referee.rules.ruleset import (
    BattleRoyalFormula,
    BattleRoyalTiedLow,
    Ruleset,
    TieOutcome,
    UndercutMode,
)
from referee.rules.scoring import Finish

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
                msg(
                    "{who}'s {count} equals the lowest other count: under tie_outcome=wash "
                    "nobody scores.",
                    who=self.label(self.knocker),
                    count=k,
                ),
                "R14",
            )
            outcome, winners = Outcome.WASH, ()
        else:
            outcome, winners = self._undercut(k, low)

        points = self.points
        if conditions.multiplier != 1 and any(points):
            points = [p * conditions.multiplier for p in points]
            self._say(
                msg(
                    "Every score × {multiplier} for the spade upcard.",
                    multiplier=conditions.multiplier,
                ),
                "R17",
            )
        boxes = [conditions.box_multiplier if s in winners else 0 for s in range(SEATS)]
        return ThreeWayScore(
            outcome,
            winners,
            tuple(points),
            tuple(boxes),
            tuple(self.steps),
            tuple(self.options),
        )

    def _say(self, said: Message, rule: str) -> None:
        self.steps.append(step(said, rule))

    def _gin(self) -> tuple[Outcome, tuple[int, ...]]:
        big = self.finish is Finish.BIG_GIN
        bonus = self.rules.big_gin_bonus if big else self.rules.gin_bonus
        base, how = winner_score(self.knocker, self.counts, self.rules)
        self.points[self.knocker] = base + bonus
        values: dict[str, Message | str | int] = {
            "who": self.label(self.knocker),
            "how": how,
            "base": base,
            "bonus": bonus,
            "total": base + bonus,
            "note": self.formula_note,
        }
        if big:
            said = msg(
                "Big gin: {who} scores {how} = {base}, + big gin bonus {bonus} = {total} ({note}).",
                **values,
            )
        else:
            said = msg(
                "Gin: {who} scores {how} = {base}, + gin bonus {bonus} = {total} ({note}).",
                **values,
            )
        self._say(said, "§6.5")
        return (Outcome.BIG_GIN if big else Outcome.GIN), (self.knocker,)

    def _knocker_wins(self, k: int, low: int) -> tuple[Outcome, tuple[int, ...]]:
        who = self.label(self.knocker)
        base, how = winner_score(self.knocker, self.counts, self.rules)
        self.points[self.knocker] = base
        if k == low:
            self.options.append(("tie_outcome", self.rules.tie_outcome.value))
            said = msg(
                "{who}'s {count} equals the lowest other count; under tie_outcome={tie} the "
                "knocker wins and scores {how} = {base} ({note}).",
                who=who,
                count=k,
                tie=self.rules.tie_outcome.value,
                how=how,
                base=base,
                note=self.formula_note,
            )
        else:
            said = msg(
                "{who}'s {count} is the lowest count: the knocker wins and scores {how} = "
                "{base} ({note}).",
                who=who,
                count=k,
                how=how,
                base=base,
                note=self.formula_note,
            )
        self._say(said, "§6.5")
        return Outcome.KNOCK, (self.knocker,)

    def _undercut(self, k: int, low: int) -> tuple[Outcome, tuple[int, ...]]:
        rules, label, knocker = self.rules, self.label, self.knocker
        lowest = tuple(s for s in layoff_order(knocker) if self.counts[s] == low)
        if k == low:
            self.options.append(("tie_outcome", rules.tie_outcome.value))
            self._say(
                msg(
                    "{who}'s {count} equals the lowest other count: a tie is an undercut "
                    "(tie_outcome=undercut).",
                    who=label(knocker),
                    count=k,
                ),
                "R14",
            )
        winners = lowest
        if len(lowest) == 2:
            tied = rules.battle_royal_tied_low
            self.options.append(("battle_royal_tied_low", tied.value))
            if tied is BattleRoyalTiedLow.BOTH_SCORE:
                said = msg(
                    "{a} and {b} both have the lowest count, {low}: both win the hand "
                    "(battle_royal_tied_low={tied}).",
                    a=label(lowest[0]),
                    b=label(lowest[1]),
                    low=low,
                    tied=tied.value,
                )
            else:
                winners = lowest[:1]
                said = msg(
                    "{a} and {b} both have the lowest count, {low}: {first}, nearer the knocker's "
                    "left, wins the hand (battle_royal_tied_low={tied}).",
                    a=label(lowest[0]),
                    b=label(lowest[1]),
                    first=label(lowest[0]),
                    low=low,
                    tied=tied.value,
                )
            self._say(said, "§12.4")
        mode = rules.undercut_mode
        for seat in winners:
            base, how = winner_score(seat, self.counts, rules)
            if mode is UndercutMode.BONUS_TO_DEFENDER:
                self.points[seat] = base + rules.undercut_bonus
            elif mode is UndercutMode.FLAT_TO_DEFENDER:
                self.points[seat] = rules.undercut_bonus
            else:
                self.points[seat] = base
            self._say(self._undercut_said(seat, k, low, how, base), "§6.5")
        if mode is UndercutMode.PENALTY_TO_KNOCKER:
            self._penalty(k, low)
        return Outcome.UNDERCUT, winners

    def _undercut_said(self, seat: int, k: int, low: int, how: str, base: int) -> Message:
        """Why ``seat`` undercut the knocker (lower, or level on a tie) and what it scores
        under the table's ``undercut_mode``."""
        rules, label = self.rules, self.label
        mode = rules.undercut_mode
        values: dict[str, Message | str | int] = {
            "who": label(seat),
            "winner": label(seat),
            "knocker": label(self.knocker),
            "how": how,
            "base": base,
            "bonus": rules.undercut_bonus,
            "note": self.formula_note,
        }
        if k > low:
            values.update(count=low, knocker_count=k)
            if mode is UndercutMode.BONUS_TO_DEFENDER:
                return msg(
                    "{who}'s {count} is below {knocker}'s {knocker_count}: {winner} scores {how} = "
                    "{base}, + undercut bonus {bonus} ({note}).",
                    **values,
                )
            if mode is UndercutMode.FLAT_TO_DEFENDER:
                return msg(
                    "{who}'s {count} is below {knocker}'s {knocker_count}: {winner} scores a flat "
                    "{bonus} (undercut_mode=flat_to_defender) ({note}).",
                    **values,
                )
            return msg(
                "{who}'s {count} is below {knocker}'s {knocker_count}: {winner} scores {how} = "
                "{base}; no undercut bonus ({note}).",
                **values,
            )
        if mode is UndercutMode.BONUS_TO_DEFENDER:
            return msg(
                "{who} undercuts {knocker} on the tie: {winner} scores {how} = {base}, + undercut "
                "bonus {bonus} ({note}).",
                **values,
            )
        if mode is UndercutMode.FLAT_TO_DEFENDER:
            return msg(
                "{who} undercuts {knocker} on the tie: {winner} scores a flat {bonus} "
                "(undercut_mode=flat_to_defender) ({note}).",
                **values,
            )
        return msg(
            "{who} undercuts {knocker} on the tie: {winner} scores {how} = {base}; no undercut "
            "bonus ({note}).",
            **values,
        )

    def _penalty(self, k: int, low: int) -> None:
        rules, who = self.rules, self.label(self.knocker)
        penalty = rules.undercut_bonus
        pays = rules.battle_royal_undercut_pays_difference
        self.options.append(("battle_royal_undercut_pays_difference", "on" if pays else "off"))
        if pays:
            difference = k - low
            self.points[self.knocker] = -(penalty + difference)
            said = msg(
                "{who}, undercut, loses {penalty} and the difference {count} − {low} = "
                "{difference}: −{total} (battle_royal_undercut_pays_difference=on).",
                who=who,
                penalty=penalty,
                count=k,
                low=low,
                difference=difference,
                total=penalty + difference,
            )
        else:
            self.points[self.knocker] = -penalty
            said = msg(
                "{who}, undercut, has {penalty} deducted and pays no difference "
                "(battle_royal_undercut_pays_difference=off).",
                who=who,
                penalty=penalty,
            )
        self._say(said, "§6.5")
