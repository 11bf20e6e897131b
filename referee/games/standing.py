"""The match ledger and settlement of :mod:`referee.rules`, arranged for a scoreboard.

It only renames and picks: the scoreboard reads :class:`Standing` and :class:`Money`, and
this module is the one place that knows the ledger's own names. No point is added here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from referee.games.gin import hollywood
from referee.rules import ledger, settlement
from referee.rules.errors import said_of
from referee.rules.messages import Message
from referee.rules.results import HandScore
from referee.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Running:
    """A seat-by-seat line after one hand: hand points and boxes in its game so far."""

    points: tuple[int, ...]
    boxes: tuple[int, ...]
    game: int = 1


@dataclass(frozen=True)
class GameResult:
    """A finished game, for the list of earlier games."""

    number: int
    winner: int | None
    finals: tuple[int, ...]
    margin: int | None
    hands: int


@dataclass(frozen=True)
class Standing:
    """The game on show (the one in play, or the one just finished) and the match so far."""

    game: int
    points: tuple[int, ...]
    boxes: tuple[int, ...]
    hands_won: tuple[int, ...]
    needed: tuple[int, ...]
    lines: list[Running]
    over: bool
    winner: int | None
    tied: bool = False
    shutout: bool = False
    tally: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    finals: tuple[int, ...] = ()
    margin: int | None = None
    games: list[GameResult] = field(default_factory=list)
    match_totals: tuple[int, ...] = ()
    games_won: tuple[int, ...] = ()
    ledger: ledger.MatchLedger | None = None

    @property
    def box_bonus(self) -> int:
        return self.ledger.rules.box_bonus if self.ledger is not None else 0

    @property
    def with_boxes(self) -> tuple[int, ...]:
        """Each seat's hand points plus its boxes at the box bonus: the game total so far,
        before any game bonus (what the score cards show beside the hand points)."""
        return tuple(p + b * self.box_bonus for p, b in zip(self.points, self.boxes, strict=True))


@dataclass(frozen=True)
class Money:
    """What the finished games settle to: who pays whom, in points and at the stake.

    ``points`` are the points paid (rounded as the table rounds) and ``exact_points`` the
    margin before rounding; ``amount`` is always ``points`` at the stake.
    """

    stake: Decimal
    points: int
    payer: int | None
    payee: int | None
    amount: Decimal
    exact_points: int = 0

    @property
    def rounded(self) -> bool:
        """Whether rounding changed the points paid."""
        return self.points != self.exact_points


def fold(scores: Sequence[HandScore], rules: Ruleset, players: int = 2) -> Standing:
    return standing_of(ledger.fold_match(list(scores), rules, players=players))


def fold_from(
    before: Standing, start: int, scores: Sequence[HandScore], rules: Ruleset, players: int = 2
) -> Standing:
    """:func:`fold` of ``scores`` whose first ``start`` hands are those ``before`` folded and
    end a game there (``start`` is a game boundary of ``before``): the games before it are
    kept, only the hands after it are folded."""
    assert before.ledger is not None
    finished = [g for g in before.ledger.games if g.finished and g.lines[-1].hand_index < start]
    return standing_of(ledger.fold_match_from(finished, list(scores), rules, players))


def boundaries(standing: Standing) -> list[int]:
    """Where the games of ``standing`` start (0-based hand indices), and where the next will:
    the places a fold may resume from."""
    if standing.ledger is None:
        return [0]
    return [0] + [g.lines[-1].hand_index + 1 for g in standing.ledger.games if g.finished]


def standing_of(folded: ledger.MatchLedger) -> Standing:
    """The game on show and the match so far, as the ledger folded them."""
    shown = folded.games[-1] if folded.games else folded.current
    lines = [Running(line.points, line.boxes, line.game) for line in folded.lines]
    return Standing(
        game=shown.number,
        points=shown.points,
        boxes=shown.boxes,
        hands_won=shown.hands_won,
        needed=shown.needed,
        lines=lines,
        over=shown.finished,
        winner=shown.winner,
        tied=shown.tied,
        shutout=bool(shown.shut_out),
        tally=_tally(shown),
        finals=shown.final_totals or (),
        margin=shown.margin,
        games=[
            GameResult(g.number, g.winner, g.final_totals or (), g.margin, g.hands_played)
            for g in folded.finished_games
        ],
        match_totals=folded.totals,
        games_won=folded.games_won,
        ledger=folded,
    )


def _tally(game: ledger.GameLedger) -> list[tuple[str, tuple[str, ...]]]:
    """The final tally as table rows: one row per part, one cell per seat."""
    if not game.tally:
        return []
    keys: list[str] = []
    labels: dict[str, str] = {}
    cells: dict[str, dict[int, str]] = {}
    for player in game.tally:
        for part in player.parts:
            if part.key == "total":
                continue
            if part.key not in keys:
                keys.append(part.key)
                labels[part.key] = "Boxes" if part.key == "boxes" else part.label
            text = str(part.points)
            if part.key == "boxes":
                text = f"{player.boxes} × {player.box_bonus} = {part.points}"
            cells.setdefault(part.key, {})[player.seat] = text
    return [
        (labels[k], tuple(cells[k].get(seat, "") for seat in range(game.players))) for k in keys
    ]


def dealer_after(
    last_dealer: int | None, last_score: HandScore | None, rules: Ruleset, players: int = 2
) -> int:
    """Who deals next, after the last hand (dealt by ``last_dealer``) scored ``last_score``."""
    if last_dealer is None or last_score is None:
        return 0
    return ledger.next_dealer(last_dealer, [last_score], rules, players)


def settle(standing: Standing, stake: Decimal) -> Money | None:
    """The match's settlement over its finished games (None before the first game ends)."""
    folded = standing.ledger
    if folded is None or not folded.finished_games:
        return None
    return _money(
        settlement.settle(folded.totals, stake, folded.extras, folded.rules.settlement_rounding)
    )


def _money(result: settlement.Settlement) -> Money:
    """A two-seat settlement as one payment (its one pair)."""
    pair = next((p for p in result.pairs if p.points or p.exact_points), None)
    if pair is None or not pair.points:
        exact = pair.exact_points if pair else 0
        return Money(result.stake_per_point, 0, None, None, Decimal(0), exact)
    return Money(
        stake=result.stake_per_point,
        points=pair.points,
        payer=pair.payer,
        payee=pair.payee,
        amount=pair.money,
        exact_points=pair.exact_points,
    )


# -- Hollywood -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """One game of a Hollywood sheet: each player's entries in it (the paper sheet's column),
    the running points and boxes, and once it has closed its winner, tally and settlement."""

    number: int
    open: bool
    target: int
    entries: tuple[tuple[hollywood.SheetEntry, ...], ...]
    points: tuple[int, ...]
    boxes: tuple[int, ...]
    winner: int | None = None
    tied: bool = False
    shut_out: tuple[int, ...] = ()
    tally: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    finals: tuple[int, ...] = ()
    closed_on: int | None = None  # 1-based hand number it closed on
    settlement: Money | None = None

    @property
    def depth(self) -> int:
        """The longest list of entries in the column (rows the sheet needs)."""
        return max((len(e) for e in self.entries), default=0)


@dataclass(frozen=True)
class Sheet:
    """A Hollywood match folded: its columns, where each hand was posted, and the money.

    ``folded`` is how many hands the fold took; hands after it were entered after every game
    had closed (``refusal`` says so in the engine's words) and score nothing.
    """

    columns: list[Column]
    postings: tuple[hollywood.Posting, ...]
    finished: bool
    continuous: bool
    continuing: bool
    stop_before: int | None
    totals: tuple[int, ...]
    games_won: tuple[int, ...]
    settlement: Money | None
    folded: int
    refusal: Message | None = None

    @property
    def open_columns(self) -> list[Column]:
        return [c for c in self.columns if c.open]

    @property
    def closed_columns(self) -> list[Column]:
        return [c for c in self.columns if not c.open]


def fold_sheet(
    scores: Sequence[HandScore], rules: Ruleset, stop_before: int | None, stake: Decimal
) -> Sheet:
    """Fold a Hollywood match's hands (docs/rules.md §4) and settle each closed game and the total.

    A hand entered after every game had closed is not folded: the sheet stops before it and
    ``refusal`` holds the engine's reason (the services refuse such a change before it is
    stored; this keeps a page readable whatever is in the database).
    """
    refusal = None
    count = len(scores)
    while True:
        stop = None if stop_before is None else min(stop_before, count)
        try:
            folded = hollywood.fold_hollywood(list(scores[:count]), rules, stop_before=stop)
            break
        except ValueError as e:
            if count == 0:
                raise
            refusal = refusal or said_of(e)
            count -= 1
    money = hollywood.settle_hollywood(folded, stake, rules.settlement_rounding)
    by_game = {g.number: _money(g.settlement) for g in money.games}
    columns = []
    for game in folded.games:
        columns.append(
            Column(
                number=game.number,
                open=not game.finished,
                target=folded.game_rules.game_target,
                entries=tuple(folded.column(game.number, seat) for seat in range(folded.players)),
                points=game.points,
                boxes=game.boxes,
                winner=game.winner,
                tied=game.tied,
                shut_out=game.shut_out,
                tally=_tally(game),
                finals=game.final_totals or (),
                closed_on=game.ended_on + 1 if game.ended_on is not None else None,
                settlement=by_game.get(game.number),
            )
        )
    return Sheet(
        columns=columns,
        postings=folded.postings,
        finished=folded.finished,
        continuous=rules.hollywood_continuous,
        continuing=folded.continuing,
        stop_before=folded.stop_before,
        totals=folded.totals,
        games_won=folded.games_won,
        settlement=_money(money.total) if folded.finished_games else None,
        folded=count,
        refusal=refusal,
    )
