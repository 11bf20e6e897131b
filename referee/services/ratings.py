"""A club's ladder: a rating per player that every finished game moves, from the history.

Ratings use OpenSkill's Plackett-Luce model (PyPI ``openskill``): it is made for games of any
number of players and of teams, so one model rates two-handed gin, three-handed games, a
rummy table of six, two teams of two and one player in the box against the rest. (Glicko-2
rates one-on-one games; a three-handed game would have to be cut into pairs, which counts
the same game several times.) A player's rating is ``mu`` (the
estimate) and ``sigma`` (how unsure it still is); the ladder ranks by ``mu − 3·sigma``, a
rating the player is very likely above, so one lucky game does not top the ladder.

Each finished game is one event, in the order played (matches by their start, games in
order): the winning side ranks first and every other side ties behind it. Nothing is stored:
the ladder is recomputed from the games, which are read from the stored hands. Because that
is the whole history, an edit of any hand gives the same ladder as a recompute from scratch;
to keep the recompute cheap, the ratings after every :data:`SNAPSHOT_EVERY`-th game are kept
per club, and a change replays only from the snapshot before the first game that changed.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import current_app
from openskill.models import PlackettLuce
from sqlalchemy import select

from referee.games.facts import GameFact
from referee.models import Club, Match
from referee.services import stats as stats_service

MODEL = PlackettLuce(limit_sigma=True)  # a game never makes the ladder less sure of anyone
MU, SIGMA = MODEL.mu, MODEL.sigma
SNAPSHOT_EVERY = 64


@dataclass(frozen=True)
class Event:
    """One finished game to rate: its sides (roster player ids) and the winning sides."""

    key: tuple[Any, ...]  # (match id, game number, sides, won): all that its rating reads
    sides: tuple[tuple[int, ...], ...]
    won: tuple[bool, ...]
    when: dt.datetime | None = field(default=None, compare=False)  # the match's start


Ratings = dict[int, tuple[float, float]]
"""Roster player id → (mu, sigma)."""

Trail = tuple[tuple[int, float, float], ...]
"""One game's players, each with (roster player id, mu, sigma) after it."""


def rate(ratings: Ratings, event: Event) -> Ratings:
    """The ratings after one game (a new dict; the players not in it keep theirs)."""
    teams = [
        [MODEL.create_rating([*ratings.get(m, (MU, SIGMA))]) for m in side] for side in event.sides
    ]
    ranks: list[float] = [1.0 if won else 2.0 for won in event.won]
    rated = MODEL.rate(teams, ranks=ranks)
    after = dict(ratings)
    for side, team in zip(event.sides, rated, strict=True):
        for member, rating in zip(side, team, strict=True):
            after[member] = (rating.mu, rating.sigma)
    return after


def replay(events: Sequence[Event], start: Ratings | None = None) -> Ratings:
    ratings: Ratings = dict(start or {})
    for event in events:
        ratings = rate(ratings, event)
    return ratings


def events_of(club: Club) -> list[Event]:
    """Every finished game of the club that two or more roster sides played, in order."""
    query = select(Match).where(Match.of_club(club.id)).order_by(Match.created_at, Match.id)
    seat_map = stats_service.seat_map(club)
    memo = replayer().events
    events: list[Event] = []
    for facts in stats_service.facts_of_matches(query):
        seats = seat_map.get(facts.match_id, {})
        key = (facts.match_id, tuple(sorted(seats.items())))
        kept = memo.get(key)
        if kept is None or kept[0] is not facts:  # new facts (an edit) or new seats (a merge)
            made = (
                _event(facts.match_id, n, g, seats, facts.created_at)
                for n, g in enumerate(facts.games, 1)
            )
            kept = memo[key] = (facts, [e for e in made if e is not None])
        events.extend(kept[1])
    return events


def _event(
    match_id: int,
    number: int,
    game: GameFact,
    seats: dict[int, int],
    when: dt.datetime | None = None,
) -> Event | None:
    if not game.winners:
        return None  # a tied game moves nobody
    sides = game.sides or tuple((s,) for s in game.players)
    rated_sides = []
    won = []
    for side in sides:
        members = tuple(seats[s] for s in side if s in seats)
        if members:
            rated_sides.append(members)
            won.append(any(s in game.winners for s in side))
    if len(rated_sides) < 2 or all(won) or not any(won):
        return None
    sides_, won_ = tuple(rated_sides), tuple(won)
    return Event((match_id, number, sides_, won_), sides_, won_, when)


class Replayer:
    """The ratings after each stretch of a club's games, so a change replays from the last
    snapshot before it rather than from the first game."""

    def __init__(self, every: int = SNAPSHOT_EVERY) -> None:
        self.every = every
        # each match's events, by (match, its seats), with the facts they were read from
        self.events: dict[tuple[Any, ...], tuple[Any, list[Event]]] = {}
        self._kept: dict[int, tuple[list[tuple[Any, ...]], list[Ratings]]] = {}
        self._final: dict[int, tuple[Ratings, dict[int, int]]] = {}
        # per club, each game's players' ratings after it, in order (a player's history)
        self._trail: dict[int, tuple[list[Event], list[Trail]]] = {}
        self._lock = threading.Lock()

    def ladder(self, club_id: int, events: Sequence[Event]) -> tuple[Ratings, dict[int, int]]:
        """The ratings after ``events`` and each player's number of rated games."""
        keys = [e.key for e in events]
        with self._lock:
            old_keys, snapshots = self._kept.get(club_id, ([], [{}]))
            final = self._final.get(club_id)
        if final is not None and old_keys == keys:
            return final
        same = 0
        for a, b in zip(old_keys, keys, strict=False):
            if a != b:
                break
            same += 1
        stretch = min(same // self.every, len(snapshots) - 1)
        kept = snapshots[: stretch + 1]
        ratings = kept[-1]
        with self._lock:
            trail = list(self._trail.get(club_id, ([], []))[1][: stretch * self.every])
        if len(trail) < stretch * self.every:  # none kept that far: start again
            stretch, kept, ratings, trail = 0, snapshots[:1], snapshots[0], []
        for i in range(stretch * self.every, len(events)):
            ratings = rate(ratings, events[i])
            trail.append(tuple((m, *ratings[m]) for side in events[i].sides for m in side))
            if (i + 1) % self.every == 0:
                kept.append(ratings)
        games: dict[int, int] = {}
        for e in events:
            for side in e.sides:
                for m in side:
                    games[m] = games.get(m, 0) + 1
        with self._lock:
            self._kept[club_id] = (keys, kept)
            self._final[club_id] = (ratings, games)
            self._trail[club_id] = (list(events), trail)
        return ratings, games

    def trail(self, club_id: int) -> tuple[list[Event], list[Trail]]:
        """The club's rated games as last replayed, and each one's players' ratings after it."""
        with self._lock:
            return self._trail.get(club_id, ([], []))

    def forget(self) -> None:
        with self._lock:
            self._kept.clear()
            self._final.clear()
            self._trail.clear()
            self.events.clear()


def replayer() -> Replayer:
    """This app's replay snapshots (one per app: club ids repeat across databases)."""
    kept = current_app.extensions.get("referee.ratings")
    if not isinstance(kept, Replayer):
        kept = current_app.extensions["referee.ratings"] = Replayer()
    return kept


@dataclass(frozen=True)
class Rung:
    """One player on the ladder."""

    member_id: int
    name: str
    mu: float
    sigma: float
    games: int

    @property
    def rating(self) -> float:
        """The conservative rating the ladder ranks by: mu − 3·sigma."""
        return self.mu - 3 * self.sigma

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.member_id,
            "name": self.name,
            "rating": round(self.rating, 2),
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "games": self.games,
        }


def ladder(club: Club) -> list[Rung]:
    """The club's players by rating (highest first); players yet to finish a game last."""
    ratings, games = replayer().ladder(club.id, events_of(club))
    rungs = [
        Rung(m.id, m.name, *ratings.get(m.id, (MU, SIGMA)), games.get(m.id, 0))
        for m in club.members
    ]
    return sorted(rungs, key=lambda r: (r.games == 0, -r.rating, r.name.casefold()))


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after one of their rated games (the ``game``-th they played)."""

    game: int
    when: dt.datetime | None
    mu: float
    sigma: float
    won: bool

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


def history(club: Club, member_id: int) -> list[RatingPoint]:
    """The player's rating after each finished game of theirs, oldest first (the same replay
    as the ladder's, so its last point is their rating there)."""
    keeper = replayer()
    keeper.ladder(club.id, events_of(club))
    events, trail = keeper.trail(club.id)
    points: list[RatingPoint] = []
    for event, after in zip(events, trail, strict=True):
        for member, mu, sigma in after:
            if member == member_id:
                won = any(
                    w and member_id in side for side, w in zip(event.sides, event.won, strict=True)
                )
                points.append(RatingPoint(len(points) + 1, event.when, mu, sigma, won))
    return points
