"""A three-handed match folded into its scoreboard: every hand's seating and why, the running
totals, the games, who plays and deals next, and the settlement.

Everything is derived on every call from the hands as entered, by the engine:
``variants.cutthroat.fold_cutthroat`` (seatings by ``variants.rotation``),
``variants.chouette.fold_chouette`` and ``variants.battle_royal.fold_battle_royal``; the
running lines and tallies by ``ledger.fold_match`` (through :mod:`..engine`); the payouts by
``settlement.settle`` (through each match's ``settle_*``). This module arranges for display.

A hand the engine refuses (a knocker who sat out after an earlier hand was edited, say) is
shown with the reason and left out of the fold, as two-handed boards do.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from referee.models import HandKindChoice, MatchStatus
from referee.rules.results import HandScore, Outcome, Step
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import Settlement, settle
from referee.rules.variants import battle_royal, chouette, cutthroat
from referee.rules.variants.chouette import ChouetteHand, first_chouette_seating
from referee.rules.variants.cutthroat import CutthroatHand
from referee.rules.variants.rotation import Seating, first_seating

from .. import engine
from ..entry import EntryError
from . import BATTLE_ROYAL, CHOUETTE, CUTTHROAT
from .entry import Result, normalise, rule
from .setup import cut_order

if TYPE_CHECKING:
    from referee.models import Hand, Match


@dataclass
class Entry:
    """One hand to fold: its stored values and its row (None for a hand being checked)."""

    values: dict[str, Any]
    hand: Any = None


@dataclass
class ThreeLine:
    """One hand on the scoreboard.

    ``score`` is what the ledger folded (by player; for Chouette by side, box then
    partnership) and ``points`` what the hand gave each player. ``players`` played it,
    ``sitting_out`` did not (Chouette: the partners waiting their turn); ``why`` is the
    engine's reason for the seating, and ``overridden`` says the table seated it otherwise
    than the rotation.
    """

    hand: Any
    number: int
    values: dict[str, Any]
    players_count: int
    result: Result | None = None
    error: str | None = None
    error_field: str | None = None
    score: HandScore | None = None
    points: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    boxes: tuple[int, ...] = ()
    game: int = 1
    dealer: int | None = None
    players: tuple[int, ...] = ()
    sitting_out: tuple[int, ...] = ()
    box: int | None = None
    captain: int | None = None
    why: Step | None = None
    overridden: bool = False
    winners: tuple[int, ...] = ()

    @property
    def knocker(self) -> int | None:
        return self.values.get("knocker_seat")

    @property
    def defender(self) -> int | None:
        """The other active player of a two-player hand."""
        if self.knocker is None or len(self.players) != 2 or self.knocker not in self.players:
            return None
        a, b = self.players
        return b if self.knocker == a else a

    @property
    def dead(self) -> bool:
        return self.result is not None and self.result.outcome is Outcome.DEAD

    @property
    def won_class(self) -> str:
        """A CSS class for the hand's winner: its seat (Chouette: its side, box 0, team 1)."""
        if not self.winners:
            return ""
        if self.box is not None:
            return "won0" if self.winners[0] == self.box else "won1"
        return f"won{self.winners[0]}"

    def summary(self, names: Sequence[str]) -> str:
        """One line for the history: who did what, and what each player scored."""
        if self.result is None:
            return f"Not scored: {self.error}"
        outcome = self.result.outcome
        if outcome is Outcome.DEAD:
            return "Dead hand: no score"
        k = names[self.knocker] if self.knocker is not None else "?"
        if outcome is Outcome.WASH:
            return f"{k} knocks: tie, no score"
        if outcome is Outcome.UNDERCUT:
            who = self.winners[0] if self.winners else self.defender
            head = f"{names[who]} undercuts {k}" if who is not None else f"{k} is undercut"
        else:
            head = {
                Outcome.KNOCK: f"{k} knocks",
                Outcome.GIN: f"{k} gin",
                Outcome.BIG_GIN: f"{k} big gin",
            }.get(outcome, f"{k} {outcome.value}")
        scored = [(s, p) for s, p in enumerate(self.points) if p]
        if len(scored) == 1 and (scored[0][0] == self.knocker or outcome is Outcome.UNDERCUT):
            return f"{head} {_signed(scored[0][1])}"
        parts = [f"{names[s]} {_signed(p)}" for s, p in scored]
        return f"{head}: {', '.join(parts)}" if parts else head

    def seating_text(self, names: Sequence[str]) -> str:
        """Who played and dealt, in a few words."""
        if not self.players:
            return ""
        if self.box is not None:
            text = f"{names[self.box]} (box) v {names[self.captain]} (captain)"  # type: ignore[index]
        elif len(self.players) == 2:
            a, b = self.players
            text = f"{names[a]} v {names[b]}"
            if self.sitting_out:
                text += f" · {names[self.sitting_out[0]]} out"
        else:
            text = " v ".join(names[s] for s in self.players)
        if self.dealer is not None:
            text += f" · {names[self.dealer]} dealt"
        return text


@dataclass(frozen=True)
class NextHand:
    """Who plays and deals the next hand, and the engine's reason."""

    dealer: int
    players: tuple[int, ...]
    sitting_out: tuple[int, ...] = ()
    box: int | None = None
    captain: int | None = None
    queue: tuple[int, ...] = ()
    why: Step | None = None


@dataclass(frozen=True)
class GameSettlement:
    """One finished game and its settlement (pairwise, nets, fewest transfers)."""

    number: int
    label: str
    settlement: Settlement
    finals: tuple[int, ...] = ()
    winner: int | None = None  # the winning seat (Chouette: see box_won)
    value: int | None = None  # Chouette: the game value V
    box: int | None = None  # Chouette: who was in the box
    box_won: bool | None = None  # Chouette: the box won (False: the partnership; None: tied)


@dataclass
class ThreeBoard:
    match: Match
    rules: Ruleset
    names: list[str]
    family: str
    lines: list[ThreeLine]
    standing: engine.Standing
    columns: list[str]
    next: NextHand
    settlement: Settlement | None
    games: list[GameSettlement] = field(default_factory=list)
    shown_box: int | None = None
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
    def next_dealer(self) -> int:
        return self.next.dealer

    @property
    def chouette(self) -> bool:
        return self.family == CHOUETTE

    # What the shared pages and services ask of any board (Hollywood's sheet and a refused
    # fold, partnership's sides): none of them apply here.
    is_partnership = False
    is_hollywood = False
    sheet = None
    refusal: str | None = None

    @property
    def sides(self) -> list[str]:
        """The names :attr:`totals` are by: the players."""
        return list(self.names)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's running hand points in the game shown (Chouette: the player's side's)."""
        if self.family != CHOUETTE:
            return self.standing.points
        box, team = self.standing.points
        return tuple(box if s == self.shown_box else team for s in range(len(self.names)))

    @property
    def boxes(self) -> tuple[int, ...]:
        return self.standing.boxes

    @property
    def stake(self) -> Decimal:
        return Decimal(self.match.stake_per_point or 0)

    def tally_rows(self) -> list[tuple[str, list[tuple[int, str]]]]:
        """The final tally of the game shown, one row per part, one (points, how) cell per
        column: hand points, boxes (``4 × 25``), game bonus and shutout when earned, total."""
        ledger = self.standing.ledger
        if ledger is None or not ledger.games or not self.standing.over:
            return []
        tally = ledger.games[-1].tally
        rows: list[tuple[str, list[tuple[int, str]]]] = [
            ("Hand points", [(t.hand_points, "") for t in tally]),
            ("Boxes", [(t.box_points, f"{t.boxes} × {t.box_bonus}") for t in tally]),
        ]
        if any(t.game_bonus for t in tally):
            rows.append(("Game bonus", [(t.game_bonus, "") for t in tally]))
        if any(t.shutout for t in tally):
            rows.append((tally[0].shutout_label, [(t.shutout, "") for t in tally]))
        return rows

    def shutout_lines(self) -> list[str]:
        """The game shown's shutout payments, in words (paid outside the totals)."""
        ledger = self.standing.ledger
        if ledger is None or not ledger.games or not self.standing.over:
            return []
        game = ledger.games[-1]
        out = []
        for e in game.extras:
            payer, payee = self._side_name(e.payer), self._side_name(e.payee)
            out.append(f"{payer} was shut out: pays {payee} {e.points} more")
        return out

    def _side_name(self, column: int) -> str:
        if self.family == CHOUETTE:
            return self.columns[column]
        return self.names[column]


# -- building ------------------------------------------------------------------------------


def build(match: Match) -> ThreeBoard:
    """The scoreboard of ``match`` from its live hands."""
    return fold_entries(match, [Entry(dict(h.fields()), h) for h in match.live_hands])


def fold_entries(match: Match, entries: Sequence[Entry]) -> ThreeBoard:
    from ..matches import rules_of

    rules = rules_of(match)
    names = match.names
    family = match.variant
    order = cut_order(match.cut, len(names))
    lines = [_ruled(e, number, rules, family, names) for number, e in enumerate(entries, 1)]
    good = [line for line in lines if line.error is None]
    fold = _FOLDS[family]
    folded, good = _robust(lambda ls: fold(ls, rules, names, order), good, names)
    board = _BOARDS[family](match, rules, names, lines, good, folded)
    return board


def seating_at(match: Match, board: ThreeBoard, hand: Hand | None) -> NextHand:
    """What the rotation calls for at ``hand``: with none, the next hand's seating; for an
    edit, the seating the hands before it give."""
    if hand is None:
        return board.next
    entries = [Entry(dict(h.fields()), h) for h in match.live_hands]
    position = next(i for i, e in enumerate(entries) if e.hand.id == hand.id)
    return fold_entries(match, entries[:position]).next


def empty_fold(family: str, rules: Ruleset, order: Sequence[int]) -> None:
    """Fold no hands: raises ValueError when the table's rules cannot be folded at all."""
    names = [f"seat {s}" for s in range(len(order))]
    _FOLDS[family]([], rules, names, order)


def _ruled(entry: Entry, number: int, rules: Ruleset, family: str, names: list[str]) -> ThreeLine:
    seats = len(names)
    line = ThreeLine(hand=entry.hand, number=number, values=entry.values, players_count=seats)
    try:
        check_seats(entry.values, family, names)
        line.result = rule(entry.values, rules, family, names)
    except EntryError as e:
        line.error, line.error_field = e.reason, e.field
        line.score = HandScore.nothing(2 if family == CHOUETTE else seats)
        line.points = (0,) * seats
    return line


def check_seats(values: dict[str, Any], family: str, names: Sequence[str]) -> None:
    """The seats a hand names must be at the table, and (Cutthroat) the knocker must have
    played. Raises :class:`EntryError` naming the field."""
    seats = len(names)

    def seat(name: str) -> int | None:
        value = values.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
            raise EntryError(name, f"{value!r} is not a player of this match")
        return value

    dealer = seat("dealer_seat")
    if dealer is None:
        raise EntryError("dealer_seat", "choose who dealt")
    knocker = seat("knocker_seat")
    if family == CUTTHROAT:
        out = seat("sitting_out_seat")
        if out is None:
            raise EntryError("sitting_out_seat", "choose who sat out")
        if knocker == out:
            a, b = (names[s] for s in range(seats) if s != out)
            raise EntryError(
                "knocker_seat",
                f"{names[out]} sat out this hand, so cannot have knocked: {a} or {b} did",
            )
    elif family == CHOUETTE and seat("captain_seat") is None:
        raise EntryError("captain_seat", "choose who captained the partnership")


def _robust(
    fold: Callable[[list[ThreeLine]], Any], lines: list[ThreeLine], names: Sequence[str]
) -> tuple[Any, list[ThreeLine]]:
    """Fold ``lines``; when the engine refuses a hand, mark the first one it refuses, leave it
    out and fold again."""
    lines = list(lines)
    while True:
        try:
            return fold(lines), lines
        except ValueError as exc:
            for k in range(1, len(lines) + 1):
                try:
                    fold(lines[:k])
                except ValueError as e:
                    bad = lines[k - 1]
                    bad.error = _named(str(e), names)
                    bad.result = None
                    lines = lines[: k - 1] + lines[k:]
                    break
            else:
                raise exc from None


def _named(text: str, names: Sequence[str]) -> str:
    """An engine message for people: without its hand number, seats by name."""
    text = re.sub(r"^hand \d+: ", "", text)
    text = re.sub(
        r"\bseat (\d+)\b",
        lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0),
        text,
    )
    return text[:1].upper() + text[1:]


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


# -- Cutthroat and dealer-sits-out -----------------------------------------------------------


def _seating(values: dict[str, Any]) -> Seating:
    return Seating.of(dealer=values["dealer_seat"], sitting_out=values["sitting_out_seat"])


def _fold_cutthroat(
    lines: list[ThreeLine], rules: Ruleset, names: Sequence[str], order: Sequence[int]
) -> cutthroat.CutthroatMatch:
    first = first_seating(order, rules.cutthroat_rotation)
    hands = [
        CutthroatHand(line.result, line.knocker, _seating(line.values))  # type: ignore[arg-type]
        for line in lines
    ]
    return cutthroat.fold_cutthroat(first, hands, rules, names)


def _cutthroat_board(
    match: Match,
    rules: Ruleset,
    names: list[str],
    lines: list[ThreeLine],
    good: list[ThreeLine],
    folded: cutthroat.CutthroatMatch,
) -> ThreeBoard:
    plan = folded.seatings
    overridden = set(plan.overridden)
    for i, line in enumerate(good):
        seating = plan.played[i]
        line.dealer = seating.dealer
        line.players = seating.players
        line.sitting_out = (seating.sitting_out,)
        line.why = plan.steps[i]
        line.overridden = i in overridden
        line.score = folded.scores[i]
        line.points = folded.scores[i].points
        winner = folded.winners[i]
        line.winners = () if winner is None else (winner,)
    _seat_bad_lines(lines)
    standing = _standing(lines, good, folded.scores, rules, len(names))
    following = folded.next
    next_hand = NextHand(
        dealer=following.dealer,
        players=following.players,
        sitting_out=(following.sitting_out,),
        why=plan.next_step,
    )
    stake = Decimal(match.stake_per_point or 0)
    games = [
        GameSettlement(
            number=g.number,
            label=_game_label(g.number, g.winner, names),
            settlement=folded.settle_game(g.number, stake, rules.settlement_rounding),
            finals=g.final_totals or (),
            winner=g.winner,
        )
        for g in folded.ledger.finished_games
    ]
    money = folded.settle_match(stake, rules.settlement_rounding) if games else None
    return ThreeBoard(
        match, rules, names, CUTTHROAT, lines, standing, list(names), next_hand, money, games
    )


# -- Chouette --------------------------------------------------------------------------------


def _fold_chouette(
    lines: list[ThreeLine], rules: Ruleset, names: Sequence[str], order: Sequence[int]
) -> chouette.ChouetteMatch:
    first = first_chouette_seating(order)
    hands = [
        ChouetteHand(line.result, line.knocker, line.values.get("captain_seat"))  # type: ignore[arg-type]
        for line in lines
    ]
    return chouette.fold_chouette(first, hands, rules, names)


def _chouette_board(
    match: Match,
    rules: Ruleset,
    names: list[str],
    lines: list[ThreeLine],
    good: list[ThreeLine],
    folded: chouette.ChouetteMatch,
) -> ThreeBoard:
    seats = len(names)
    for i, line in enumerate(good):
        seating = folded.seatings[i]
        line.box, line.captain = seating.box, seating.captain
        line.players = (seating.box, seating.captain)
        line.sitting_out = seating.queue
        line.dealer = line.values.get("dealer_seat")
        line.why = folded.steps[i]
        # The engine's step says when the table's captain was not the queue's.
        line.overridden = folded.steps[i].text.startswith(
            f"Hand {i + 1} was played as the table recorded it"
        )
        score = folded.scores[i]
        line.score = score
        points = [0] * seats
        points[seating.box] += score.points[chouette.BOX]
        points[seating.captain] += score.points[chouette.TEAM]
        line.points = tuple(points)
        if score.boxes[chouette.BOX] or score.points[chouette.BOX] > 0:
            line.winners = (seating.box,)
        elif score.boxes[chouette.TEAM] or score.points[chouette.TEAM] > 0:
            line.winners = (seating.captain,)
    _seat_bad_lines(lines)
    standing = _standing(lines, good, folded.scores, rules, 2)
    following = folded.next
    next_hand = NextHand(
        dealer=_chouette_dealer(good, folded, rules),
        players=(following.box, following.captain),
        sitting_out=following.queue,
        box=following.box,
        captain=following.captain,
        queue=following.queue,
        why=folded.next_step,
    )
    stake = Decimal(match.stake_per_point or 0)
    games = []
    for g in folded.finished_games:
        won = g.box_won
        result = "the box won" if won else "the partnership won" if won is False else "tied"
        games.append(
            GameSettlement(
                number=g.number,
                label=f"Game {g.number} · {names[g.box]} in the box · {result}, value {g.value}",
                settlement=g.settle(stake, rules.settlement_rounding),
                finals=g.ledger.final_totals or (),
                value=g.value,
                box=g.box,
                box_won=won,
            )
        )
    money = folded.settle_match(stake, rules.settlement_rounding) if games else None
    shown = standing.game
    shown_box = folded.games[shown - 1].box if shown <= len(folded.games) else following.box
    board = ThreeBoard(
        match,
        rules,
        names,
        CHOUETTE,
        lines,
        standing,
        ["Box", "Partnership"],
        next_hand,
        money,
        games,
        shown_box=shown_box,
    )
    board.columns = [f"Box: {names[shown_box]}", "Partnership"]
    if standing.over:
        board.extra["partners"] = tuple(s for s in range(seats) if s != shown_box)
    else:  # the captain first, then the queue
        board.extra["partners"] = (following.captain, *following.queue)
        board.extra["captain"] = following.captain
    return board


def _chouette_dealer(good: list[ThreeLine], folded: chouette.ChouetteMatch, rules: Ruleset) -> int:
    """The next dealer by the table's ``next_dealer`` rule between the two sides (the box
    deals the first hand: it plays every hand)."""
    following = folded.next
    if not good:
        return following.box
    last = good[-1]
    last_side = chouette.BOX if last.dealer == last.box else chouette.TEAM
    side = engine.dealer_after(last_side, folded.scores[-1], rules, 2)
    return following.box if side == chouette.BOX else following.captain


# -- Battle Royal ------------------------------------------------------------------------------


def _fold_battle_royal(
    lines: list[ThreeLine], rules: Ruleset, names: Sequence[str], order: Sequence[int]
) -> battle_royal.BattleRoyalMatch:
    first_dealer = lines[0].values["dealer_seat"] if lines else 0
    results = [line.result for line in lines]
    return battle_royal.fold_battle_royal(results, rules, first_dealer)  # type: ignore[arg-type]


def _battle_royal_board(
    match: Match,
    rules: Ruleset,
    names: list[str],
    lines: list[ThreeLine],
    good: list[ThreeLine],
    folded: battle_royal.BattleRoyalMatch,
) -> ThreeBoard:
    seats = len(names)
    previous: ThreeLine | None = None
    for i, line in enumerate(good):
        line.players = tuple(range(seats))
        line.dealer = line.values["dealer_seat"]
        line.score = folded.scores[i]
        line.points = folded.scores[i].points
        result = folded.results[i]
        line.winners = result.winners
        if previous is not None and previous.score is not None:
            expected = engine.dealer_after(previous.dealer, previous.score, rules, seats)
            line.overridden = expected != line.dealer
        previous = line
    _seat_bad_lines(lines)
    standing = _standing(lines, good, folded.scores, rules, seats)
    if previous is not None and previous.score is not None and previous.dealer is not None:
        dealer = engine.dealer_after(previous.dealer, previous.score, rules, seats)
        why = _deal_step(previous, dealer, rules, names)
    else:
        dealer = 0
        why = Step("All three play every hand; choose who deals the first.", "§6.5")
    next_hand = NextHand(dealer=dealer, players=tuple(range(seats)), why=why)
    stake = Decimal(match.stake_per_point or 0)
    games = [
        GameSettlement(
            number=g.number,
            label=_game_label(g.number, g.winner, names),
            settlement=folded.settle_game(g.number, stake, rules.settlement_rounding),
            finals=g.final_totals or (),
            winner=g.winner,
        )
        for g in folded.ledger.finished_games
    ]
    ledger = folded.ledger
    money = (
        settle(ledger.totals, stake, ledger.extras, rules.settlement_rounding) if games else None
    )
    return ThreeBoard(
        match, rules, names, BATTLE_ROYAL, lines, standing, list(names), next_hand, money, games
    )


def _deal_step(previous: ThreeLine, dealer: int, rules: Ruleset, names: Sequence[str]) -> Step:
    """Why ``dealer`` deals the hand after ``previous`` (the engine chose the seat)."""
    rule = f"next_dealer={rules.next_dealer.value}"
    if previous.dead:
        return Step(f"Hand {previous.number} was dead: {names[dealer]} deals again.", "R16")
    if dealer in previous.winners and rules.next_dealer.value == "winner":
        return Step(f"{names[dealer]} won hand {previous.number}, so deals ({rule}).", "§2.2")
    return Step(f"{names[dealer]} deals ({rule}).", "§2.2")


# -- shared ----------------------------------------------------------------------------------


def _seat_bad_lines(lines: list[ThreeLine]) -> None:
    for line in lines:
        if line.error is not None:
            line.score = HandScore.nothing(len(line.score.points) if line.score else 2)
            line.points = (0,) * line.players_count


def _standing(
    lines: list[ThreeLine],
    good: list[ThreeLine],
    scores: Sequence[HandScore],
    rules: Ruleset,
    columns: int,
) -> engine.Standing:
    standing = engine.fold(list(scores), rules, columns)
    for line, running in zip(good, standing.lines, strict=True):
        line.totals, line.boxes, line.game = running.points, running.boxes, running.game
    # A refused hand shows the totals as they stood before it.
    last: ThreeLine | None = None
    for line in lines:
        if line.error is not None:
            line.totals = last.totals if last else (0,) * columns
            line.boxes = last.boxes if last else (0,) * columns
            line.game = last.game if last else 1
        else:
            last = line
    return standing


def _game_label(number: int, winner: int | None, names: Sequence[str]) -> str:
    if winner is None:
        return f"Game {number} · tied"
    return f"Game {number} · {names[winner]} won"


_FOLDS: dict[str, Callable[..., Any]] = {
    CUTTHROAT: _fold_cutthroat,
    CHOUETTE: _fold_chouette,
    BATTLE_ROYAL: _fold_battle_royal,
}
_BOARDS: dict[str, Callable[..., ThreeBoard]] = {
    CUTTHROAT: _cutthroat_board,
    CHOUETTE: _chouette_board,
    BATTLE_ROYAL: _battle_royal_board,
}


# -- checking a hand before it is stored -------------------------------------------------------


def check_hand(
    match: Match, fields: dict[str, Any], position: int | None = None
) -> tuple[dict[str, Any], ThreeLine, ThreeBoard]:
    """Check a hand to be added (``position`` None or the number of hands) or to replace the
    hand at ``position`` (0-based, among the live hands): its stored form, its line as the
    match would fold with it, and that board.

    Raises :class:`EntryError` naming the field at fault (the knocker who sat out, a captain
    who is in the box, a count left empty, ...); an illegal knock raises ``IllegalKnock``.
    """
    family = match.variant
    names = match.names
    values = normalise(fields, family)
    entries = [Entry(dict(h.fields()), h) for h in match.live_hands]
    if position is None or position > len(entries):
        position = len(entries)
    check_seats(values, family, names)
    from ..matches import rules_of

    rule(values, rules_of(match), family, names)
    context = fold_entries(match, entries[:position]).next
    if family == CHOUETTE:
        _check_chouette(values, context, names)
    candidate = Entry(values, None)
    board = fold_entries(match, [*entries[:position], candidate, *entries[position + 1 :]])
    line = board.lines[position]
    if line.error is not None:
        raise EntryError(line.error_field, line.error)
    return values, line, board


def _check_chouette(values: dict[str, Any], context: NextHand, names: Sequence[str]) -> None:
    box = context.box
    assert box is not None
    captain = values.get("captain_seat")
    if captain == box:
        raise EntryError(
            "captain_seat",
            f"{names[box]} is in the box for this hand; the captain is one of the partners",
        )
    knocker = values.get("knocker_seat")
    if values.get("kind") != HandKindChoice.DEAD and knocker not in (box, captain):
        raise EntryError(
            "knocker_seat",
            f"only {names[box]} (the box) and {names[captain]} (the captain) play this hand",
        )
