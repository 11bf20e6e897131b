"""A match folded into its scoreboard: each hand's ruling, running lines, game state, money.

Everything here is derived on every call from the hands as entered, through the engine
(``adjudicate`` for each hand, ``ledger`` for the fold, ``settlement`` for the money). The
only thing this module adds is arrangement for display.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from referee.models import Hand, MatchStatus
from referee.rules.results import HandResult, HandScore
from referee.rules.ruleset import Ruleset

from . import engine
from .entry import EntryError, rule_entry

if TYPE_CHECKING:
    from referee.models import Match


@dataclass
class Line:
    """One hand on the scoreboard."""

    hand: Hand
    number: int
    result: HandResult | None
    error: str | None
    score: HandScore
    totals: tuple[int, ...] = ()
    boxes: tuple[int, ...] = ()
    game: int = 1

    def summary(self, names: list[str]) -> str:
        """One line for the history: who did what, and who scored how much."""
        if self.result is None:
            return f"Not scored: {self.error}"
        outcome = self.result.outcome.value
        if outcome == "dead":
            return "Dead hand: no score"
        knocker = names[self.hand.knocker_seat] if self.hand.knocker_seat is not None else "?"
        scorer = self.scorer_seat
        who = names[scorer] if scorer is not None else None
        pts = self.result.points
        text = {
            "knock": f"{knocker} knocks",
            "undercut": f"{who} undercuts",
            "gin": f"{knocker} gin",
            "big_gin": f"{knocker} big gin",
            "wash": f"{knocker} knocks: tie, no score",
        }.get(outcome, outcome)
        if who is not None and outcome != "wash":
            text += f" +{pts}"
        return text

    @property
    def scorer_seat(self) -> int | None:
        for seat, pts in enumerate(self.score.points):
            if pts or self.score.boxes[seat]:
                return seat
        return None


@dataclass
class Board:
    match: Match
    rules: Ruleset
    names: list[str]
    lines: list[Line]
    standing: engine.Standing
    next_dealer: int
    settlement: engine.Money | None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.standing.over

    @property
    def status(self) -> str:
        return MatchStatus.FINISHED if self.over else MatchStatus.IN_PLAY

    @property
    def hands_played(self) -> int:
        return len(self.lines)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.standing.points

    @property
    def boxes(self) -> tuple[int, ...]:
        return self.standing.boxes


def build(match: Match) -> Board:
    from . import threehand

    if threehand.handles(match):  # three or more players: referee.services.threehand
        from .threehand import board as threehand_board

        return threehand_board.build(match)  # type: ignore[return-value]
    from .matches import rules_of

    rules = rules_of(match)
    names = match.names
    lines: list[Line] = []
    for number, hand in enumerate(match.live_hands, start=1):
        result: HandResult | None
        error = None
        try:
            result = rule_entry(hand.fields(), rules)
        except EntryError as e:  # a hand the engine now refuses: shown, scores nothing
            result, error = None, e.reason
        if result is None:
            score = HandScore.nothing(len(names))
        else:
            seat = hand.knocker_seat if hand.knocker_seat is not None else 0
            score = result.score(seat, len(names))
        lines.append(Line(hand=hand, number=number, result=result, error=error, score=score))
    standing = engine.fold([line.score for line in lines], rules, len(names))
    for line, running in zip(lines, standing.lines, strict=True):
        line.totals, line.boxes, line.game = running.points, running.boxes, running.game
    last = lines[-1] if lines else None
    dealer = engine.dealer_after(
        last.hand.dealer_seat if last else None, last.score if last else None, rules, len(names)
    )
    money = engine.settle(standing, Decimal(match.stake_per_point or 0))
    return Board(match, rules, names, lines, standing, dealer, money)
