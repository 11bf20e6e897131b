"""What a folded match adds to the players' statistics, by seat: its hands and its games.

A format says what its lines and games come to (:meth:`~.base.Format.hand_facts`,
:meth:`~.base.Format.game_facts`); the statistics (``referee.services.stats``) count the
facts without knowing the format. The shapes live here, beside the formats, so a format's
folder can build them without importing the web's services.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from referee.rules.results import HandResult, Role

if TYPE_CHECKING:
    from referee.games.base import Line


class HandFact(NamedTuple):
    """One hand played, by seat: who played, who won, who ended it, how, and the points. A
    named tuple rather than a frozen dataclass: a club's statistics make one per hand, tens
    of thousands, and a tuple is made several times faster."""

    players: tuple[int, ...]
    winners: tuple[int, ...]
    knocker: int | None
    outcome: str | None
    points: dict[int, int]


@dataclass(frozen=True)
class GameFact:
    """One finished game: who played it, who won it, the winners' final total, shut out."""

    players: tuple[int, ...]
    winners: tuple[int, ...]
    total: int | None
    shutout: bool
    sides: tuple[tuple[int, ...], ...] = ()  # who played together (empty: each for themselves)


def two_player_fact(result: HandResult, knocker: int | None, defender: int | None) -> HandFact:
    """A knocker against a defender: the scorer won the hand's points."""
    players = tuple(s for s in (knocker, defender) if s is not None)
    winner: int | None = None
    if result.scorer is Role.KNOCKER:
        winner = knocker
    elif result.scorer is Role.DEFENDER:
        winner = defender
    points = {winner: result.points} if winner is not None else {}
    return HandFact(
        players, (winner,) if winner is not None else (), knocker, result.outcome.value, points
    )


def by_seat_fact(line: Line, seats: int) -> HandFact:
    """A hand read from its points by seat: its winners (else the top scorers), how it
    ended where it was a knocker's hand."""
    result = line.result
    players = line.players or tuple(range(seats))
    by_seat = line.points if len(line.points) == seats else line.score.points
    winners = tuple(line.winners)
    if not winners and len(by_seat) == seats:
        best = max(by_seat, default=0)
        winners = tuple(s for s, p in enumerate(by_seat) if p == best and p > 0)
    ended = result.outcome.value if isinstance(result, HandResult) else None
    points = {s: p for s, p in enumerate(by_seat) if p} if len(by_seat) == seats else {}
    return HandFact(tuple(players), winners, line.knocker, ended, points)
