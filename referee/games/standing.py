"""The match ledger and settlement of :mod:`referee.rules`, arranged for a scoreboard.

It only renames and picks: the scoreboard reads :class:`Standing` and :class:`Money`, and
this module is the one place that knows the ledger's own names. No point is added here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from referee.rules import ledger, settlement
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
        tally=tally_of(shown),
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


def tally_of(game: ledger.GameLedger) -> list[tuple[str, tuple[str, ...]]]:
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
    return money_of(
        settlement.settle(folded.totals, stake, folded.extras, folded.rules.settlement_rounding)
    )


def money_of(result: settlement.Settlement) -> Money:
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
