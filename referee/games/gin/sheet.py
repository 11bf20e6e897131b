"""A Hollywood match folded as its paper sheet: one column per game, each player's entries
posted to the games open when the hand was scored (docs/rules.md §4), and the money of each
closed game and of the match."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from referee.games.gin import hollywood
from referee.games.standing import Money, money_of, tally_of
from referee.rules.errors import said_of
from referee.rules.messages import Message
from referee.rules.results import HandScore
from referee.rules.ruleset import Ruleset


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
    by_game = {g.number: money_of(g.settlement) for g in money.games}
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
                tally=tally_of(game),
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
        settlement=money_of(money.total) if folded.finished_games else None,
        folded=count,
        refusal=refusal,
    )
