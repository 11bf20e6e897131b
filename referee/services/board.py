"""A match folded into its scoreboard: each hand's ruling, running lines, game state, money.

Everything here is derived on every call from the hands as entered, through the engine
(``adjudicate`` for each hand, ``ledger`` for the fold, ``settlement`` for the money; for the
variants ``variants.hollywood`` and ``variants.partnership``). The only thing this module adds
is arrangement for display. It switches on the match's play family:

- ``two_handed`` (American, Classic, Oklahoma, Straight Gin, ...): one game at a time.
- ``hollywood``: the same hands, posted to several games at once (:attr:`Board.sheet`).
- ``partnership``: each line is a deal of two tables, scored for the two sides; the standing
  has the sides as its seats (:attr:`Board.sides`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from referee.models import Hand, MatchStatus
from referee.rules.cards import parse_card
from referee.rules.results import HandResult, HandScore, Outcome
from referee.rules.ruleset import Ruleset
from referee.rules.variants import Family, hollywood, partnership
from referee.rules.variants.oklahoma import UpcardNote, upcard_note

from . import engine
from .entry import EntryError, rule_deal, rule_entry

if TYPE_CHECKING:
    from referee.models import Match


def describe(
    result: HandResult, knocker: str | None, scorer: str | None, points: int | None = None
) -> str:
    """One hand in a few words: "Ann knocks +7", "Ben undercuts +27", "Dead hand: no score"."""
    outcome = result.outcome.value
    if outcome == "dead":
        return "Dead hand: no score"
    knocker = knocker or "?"
    text = {
        "knock": f"{knocker} knocks",
        "undercut": f"{scorer} undercuts",
        "gin": f"{knocker} gin",
        "big_gin": f"{knocker} big gin",
        "wash": f"{knocker} knocks: tie, no score",
    }.get(outcome, outcome)
    if scorer is not None and outcome != "wash":
        text += f" +{result.points if points is None else points}"
    return text


@dataclass(frozen=True)
class TableLine:
    """One table of a partnership deal: who played whom, who dealt, what was entered there,
    and what it came to (``outcome`` is None when the deal could not be ruled)."""

    table: partnership.Table
    entry: dict[str, Any]
    outcome: partnership.TableOutcome | None

    @property
    def result(self) -> HandResult | None:
        return self.outcome.result if self.outcome else None

    def summary(self, names: list[str]) -> str:
        players = " v ".join(names[s] for s in self.table.players)
        o = self.outcome
        if o is None:
            return players
        if o.drawn:
            what = "dead hand" if o.result.outcome is Outcome.DEAD else "tie, no score"
            return f"{players}: {what}"
        knocker = names[o.knocker] if o.knocker is not None else None
        scorer = names[o.winner] if o.winner is not None else None
        return f"{players}: {describe(o.result, knocker, scorer, o.points)}"


@dataclass
class Line:
    """One hand (a deal, in partnership) on the scoreboard."""

    hand: Hand
    number: int
    result: HandResult | None
    error: str | None
    score: HandScore
    totals: tuple[int, ...] = ()
    boxes: tuple[int, ...] = ()
    game: int = 1
    upcard: UpcardNote | None = None  # Oklahoma: the limit and doubling the upcard set
    posting: hollywood.Posting | None = None  # Hollywood: the games the hand went to
    deal: partnership.DealScore | None = None  # partnership: the deal scored for the sides
    tables: list[TableLine] = field(default_factory=list)  # partnership: both tables
    sides: list[str] = field(default_factory=list)  # the score columns' names

    def summary(self, names: list[str]) -> str:
        """One line for the history: who did what, and who scored how much."""
        if self.error is not None and self.result is None and self.deal is None:
            return f"Not scored: {self.error}"
        if self.hand.tables is not None:
            return self._deal_summary()
        assert self.result is not None
        knocker = names[self.hand.knocker_seat] if self.hand.knocker_seat is not None else None
        scorer = self.scorer_seat
        return describe(self.result, knocker, names[scorer] if scorer is not None else None)

    def _deal_summary(self) -> str:
        deal = self.deal
        if deal is None:
            return f"Not scored: {self.error}"
        if deal.winner is None:
            if all(t.drawn for t in deal.tables):
                return "Both tables drawn: no score"
            boxed = " (a box each)" if any(deal.score.boxes) else ""
            return f"The tables cancel out: no points{boxed}"
        return f"{self.sides[deal.winner]} +{deal.score.points[deal.winner]}"

    @property
    def scorer_seat(self) -> int | None:
        for seat, pts in enumerate(self.score.points):
            if pts or self.score.boxes[seat]:
                return seat
        return None

    @property
    def posted_to(self) -> tuple[tuple[int, ...], ...]:
        """Hollywood: the games each seat's score was entered in."""
        return self.posting.games if self.posting else ()


@dataclass
class Board:
    match: Match
    rules: Ruleset
    names: list[str]
    lines: list[Line]
    standing: engine.Standing | None
    next_dealer: int
    settlement: engine.Money | None
    family: str = Family.TWO_HANDED.value
    sides: list[str] = field(default_factory=list)
    sheet: engine.Sheet | None = None  # Hollywood
    next_tables: tuple[partnership.Table, ...] = ()  # partnership: the next deal's tables
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        """Two-handed and partnership: the game on show is over (the next hand starts a new
        one). Hollywood: every game has closed, so the match is over."""
        if self.sheet is not None:
            return self.sheet.finished
        assert self.standing is not None
        return self.standing.over

    @property
    def status(self) -> str:
        return MatchStatus.FINISHED if self.over else MatchStatus.IN_PLAY

    @property
    def hands_played(self) -> int:
        return len(self.lines)

    @property
    def totals(self) -> tuple[int, ...]:
        if self.standing is None:
            return self.sheet.totals if self.sheet else ()
        return self.standing.points

    @property
    def boxes(self) -> tuple[int, ...]:
        return self.standing.boxes if self.standing else ()

    @property
    def is_hollywood(self) -> bool:
        return self.family == Family.HOLLYWOOD

    @property
    def is_partnership(self) -> bool:
        return self.family == Family.PARTNERSHIP

    @property
    def headline(self) -> str:
        """The score in one short line (the hand form's top)."""
        if self.sheet is not None:
            parts = [
                f"G{c.number} {' – '.join(str(p) for p in c.points)}"
                for c in self.sheet.open_columns
            ]
            return " · ".join(parts) or "every game closed"
        return " – ".join(str(t) for t in self.totals)

    @property
    def stop_given(self) -> int | None:
        """Hollywood: the number of the hand after which notice to stop was given."""
        for line in self.lines:
            if line.hand.stop_after:
                return line.number
        return None

    @property
    def refusal(self) -> str | None:
        """Why the match as stored cannot be folded whole (a Hollywood hand entered after
        every game had closed); None when it can."""
        return self.sheet.refusal if self.sheet else None


def build(match: Match) -> Board:
    from . import threehand

    if threehand.handles(match):  # three or more players: referee.services.threehand
        from .threehand import board as threehand_board

        return threehand_board.build(match)  # type: ignore[return-value]
    from .matches import family_of, rules_of

    rules = rules_of(match)
    family = family_of(match)
    if family == Family.PARTNERSHIP:
        return _partnership(match, rules)
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
        lines.append(
            Line(
                hand=hand,
                number=number,
                result=result,
                error=error,
                score=score,
                upcard=upcard_of(rules, hand.upcard),
                sides=names,
            )
        )
    last = lines[-1] if lines else None
    dealer = engine.dealer_after(
        last.hand.dealer_seat if last else None, last.score if last else None, rules, len(names)
    )
    stake = Decimal(match.stake_per_point or 0)
    if family == Family.HOLLYWOOD:
        return _hollywood(match, rules, names, lines, dealer, stake)
    standing = engine.fold([line.score for line in lines], rules, len(names))
    for line, running in zip(lines, standing.lines, strict=True):
        line.totals, line.boxes, line.game = running.points, running.boxes, running.game
    money = engine.settle(standing, stake)
    return Board(match, rules, names, lines, standing, dealer, money, family, names)


def upcard_of(rules: Ruleset, code: str | None) -> UpcardNote | None:
    if not rules.oklahoma or not code:
        return None
    try:
        return upcard_note(rules, parse_card(code))
    except ValueError:
        return None


def _hollywood(
    match: Match,
    rules: Ruleset,
    names: list[str],
    lines: list[Line],
    dealer: int,
    stake: Decimal,
) -> Board:
    stop_before = next((i + 1 for i, line in enumerate(lines) if line.hand.stop_after), None)
    sheet = engine.fold_sheet([line.score for line in lines], rules, stop_before, stake)
    for line, posting in zip(lines, sheet.postings, strict=False):
        line.posting = posting
    for line in lines[sheet.folded :]:
        line.error = sheet.refusal
        line.result = None
        line.score = HandScore.nothing(len(names))
    return Board(
        match, rules, names, lines, None, dealer, sheet.settlement, Family.HOLLYWOOD, names, sheet
    )


def side_names(names: list[str]) -> list[str]:
    """The partnership's sides by their players: "Ann & Cat", "Ben & Dan"."""
    return [" & ".join(names[s] for s in members) for members in partnership.MEMBERS]


def _partnership(match: Match, rules: Ruleset) -> Board:
    names = match.names
    sides = side_names(names)
    lines: list[Line] = []
    for index, hand in enumerate(match.live_hands):
        error = None
        deal: partnership.DealScore | None
        try:
            deal = rule_deal(hand.fields(), rules, index, strict=False)
        except EntryError as e:
            deal, error = None, e.reason
        dealing = hand.dealer_seat if hand.dealer_seat in (0, 1) else None
        seating = partnership.pairings(index, dealing)
        entries = [*(hand.tables or []), {}, {}]
        tables = [
            TableLine(t, entries[i] or {}, deal.tables[i] if deal else None)
            for i, t in enumerate(seating)
        ]
        lines.append(
            Line(
                hand=hand,
                number=index + 1,
                result=None,
                error=error,
                score=deal.score if deal else HandScore.nothing(partnership.TEAMS),
                deal=deal,
                tables=tables,
                sides=sides,
            )
        )
    standing = engine.fold([line.score for line in lines], rules, partnership.TEAMS)
    for line, running in zip(lines, standing.lines, strict=True):
        line.totals, line.boxes, line.game = running.points, running.boxes, running.game
    last = lines[-1] if lines else None
    dealing_side = engine.dealer_after(
        last.hand.dealer_seat if last else None,
        last.score if last else None,
        rules,
        partnership.TEAMS,
    )
    money = engine.settle(standing, Decimal(match.stake_per_point or 0))
    return Board(
        match,
        rules,
        names,
        lines,
        standing,
        dealing_side,
        money,
        Family.PARTNERSHIP,
        sides,
        next_tables=partnership.pairings(len(lines), dealing_side),
    )
