"""Statistics of a club's players, derived from the stored hands only.

Nothing here is stored: each match is folded by its format (the same fold the scoreboard
shows, cached by revision), read into a :class:`MatchFacts` — who sat where, each hand's
players, winners, knocker, outcome and points, each finished game's winners and totals, the
money — and the facts are counted per roster player. An edit anywhere bumps that match's
revision, so its facts are read again and every figure follows.

What a hand and a game are is the format's to say (:meth:`~referee.games.base.Format.hand_facts`,
:meth:`~referee.games.base.Format.game_facts`): a deal of two tables is two hands, a match
of several games at once has each of them as a game. Definitions (the page says them too):
*hands won* are those the player (or their side) scored; *knocks*, *gins* and *big gins*
count the hands the player ended; an *undercut* is counted for the defender who made it;
rates are per hand played; a *match* is won by the player (or team) who won
most of its finished games once it is over; *biggest game* is the highest final total of a
game the player won; a *shutout* is a game won while an opponent scored nothing.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from flask import current_app
from sqlalchemy import select

from referee.games.base import Board
from referee.games.facts import GameFact, HandFact
from referee.games.standing import Money
from referee.i18n import N_
from referee.models import Club, Match, Player, db
from referee.rules.results import Outcome
from referee.rules.settlement import Settlement
from referee.services import board as board_service


@dataclass(frozen=True)
class MatchFacts:
    """What the statistics read of one folded match, by seat."""

    match_id: int
    variant: str
    created_at: dt.datetime
    seats: int
    hands: tuple[HandFact, ...]
    games: tuple[GameFact, ...]
    over: bool
    winners: tuple[int, ...]
    money: dict[int, Decimal]
    currency: str
    figures: tuple[Figures, ...] = ()  # each seat's figures in this match (counted once)


# -- one match's facts ---------------------------------------------------------------------------


def _money(board: Board) -> dict[int, Decimal]:
    """What the match's settlement pays or costs each seat.

    Where the settlement is by seat (pairwise among three or more, a box against each of
    its opponents: docs/rules.md §6) each seat's net is its own. Teams settle one team
    against the other (§7: one score per team, the box bonus to the team, and the margin at
    the stake paid by the losing team to the winning one, as the scoreboard says "Ben & Dan
    pay Ann & Cat"); §7 and the uncertainty register (§12, item 6) leave open whether money
    is settled per player, and nothing in the rules splits a team's payment by what each
    partner scored at their table. So each partner's share of the team's payment is half:
    both played every deal for the team, and the two halves add up exactly to what the team
    paid or got (Decimal, no rounding). Should the rules settle per player some day, this is
    the one place to change."""
    settled = board.settlement
    n = len(board.names)
    fmt = board.format
    if isinstance(settled, Settlement):
        return {s: Decimal(m) for s, m in enumerate(settled.money_nets)}
    if isinstance(settled, Money) and settled.payer is not None and settled.payee is not None:
        money: dict[int, Decimal] = defaultdict(Decimal)
        payers = fmt.seats_of(board, settled.payer)
        payees = fmt.seats_of(board, settled.payee)
        for s in payers:
            money[s] -= settled.amount / len(payers)
        for s in payees:
            money[s] += settled.amount / len(payees)
        return dict(money)
    return dict.fromkeys(range(n), Decimal(0))


def facts_of(match: Match) -> MatchFacts:
    head = board_service.MatchHead(
        match.id,
        match.revision or 0,
        match.variant,
        match.created_at,
        str(getattr(match, "currency", "") or ""),
    )
    return facts_from(head, board_service.build(match))


def facts_from(match: board_service.MatchHead, board: Board) -> MatchFacts:
    """The facts of one match folded into ``board``."""
    fmt = board.format
    hands = [f for line in board.lines for f in fmt.hand_facts(board, line)]
    games = fmt.game_facts(board)
    won: dict[int, int] = defaultdict(int)
    for g in games:
        for s in g.winners:
            won[s] += 1
    winners: tuple[int, ...] = ()
    if board.over and won:
        best = max(won.values())
        top = tuple(sorted(s for s, c in won.items() if c == best))
        teams = {tuple(sorted(board.format.seats_of(board, c))) for c in range(len(board.columns))}
        if len(top) == 1 or (board.format.teams and top in teams):
            winners = top
    facts = MatchFacts(
        match_id=match.id,
        variant=match.variant,
        created_at=match.created_at,
        seats=len(board.names),
        hands=tuple(hands),
        games=tuple(games),
        over=board.over,
        winners=winners,
        money=_money(board),
        currency=match.currency,
    )
    figures = []
    for seat in range(facts.seats):
        fig = Figures()
        _count(fig, facts, seat)
        figures.append(fig)
    return replace(facts, figures=tuple(figures))


class FactsCache:
    """Each match's facts by (match id, revision), so a stats page reads only what changed.
    :meth:`get` folds a match it has not seen at this revision."""

    def __init__(self, size: int = 20_000) -> None:
        self.size = size
        self._facts: OrderedDict[tuple[int, int], MatchFacts] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, match: Match) -> MatchFacts:
        key = (match.id, match.revision or 0)
        with self._lock:
            facts = self._facts.get(key)
            if facts is not None:
                self._facts.move_to_end(key)
                return facts
        facts = facts_of(match)
        with self._lock:
            self._facts[key] = facts
            while len(self._facts) > self.size:
                self._facts.popitem(last=False)
        return facts

    def peek(self, match_id: int, revision: int) -> MatchFacts | None:
        with self._lock:
            return self._facts.get((match_id, revision))

    def put(self, facts: MatchFacts, revision: int) -> None:
        with self._lock:
            self._facts[(facts.match_id, revision)] = facts
            while len(self._facts) > self.size:
                self._facts.popitem(last=False)


def facts_cache() -> FactsCache:
    """This app's cache of match facts (one per app: ids repeat across databases)."""
    cache = current_app.extensions.get("referee.facts")
    if not isinstance(cache, FactsCache):
        cache = current_app.extensions["referee.facts"] = FactsCache()
    return cache


def facts_of_matches(query: Any) -> list[MatchFacts]:
    """The facts of the matches ``query`` selects, in its order: read from the cache by (id,
    revision) without loading a match whose facts are there; the rest loaded and folded."""
    cache = facts_cache()
    keys = db.session.execute(query.with_only_columns(Match.id, Match.revision)).all()
    missing = [i for i, rev in keys if cache.peek(i, rev or 0) is None]
    made: dict[int, MatchFacts] = {}
    for match_id, (head, board) in board_service.build_many(missing).items():
        made[match_id] = facts_from(head, board)
        cache.put(made[match_id], head.revision)
    out = []
    for match_id, revision in keys:
        facts = cache.peek(match_id, revision or 0) or made.get(match_id)
        if facts is not None:  # None: deleted since its id was read
            out.append(facts)
    return out


# -- counting ---------------------------------------------------------------------------------


@dataclass
class Figures:
    """One player's figures over a set of matches (one format, or all)."""

    matches: int = 0
    matches_won: int = 0
    games: int = 0
    games_won: int = 0
    hands: int = 0
    hands_won: int = 0
    knocks: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts: int = 0
    points_won: int = 0
    biggest_game: int | None = None
    shutouts: int = 0
    money: dict[str, Decimal] = field(default_factory=dict)

    def add(self, other: Figures) -> None:
        """Count ``other`` (another match's, say) in with these."""
        for name in SUMMED:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.biggest_game is not None and (
            self.biggest_game is None or other.biggest_game > self.biggest_game
        ):
            self.biggest_game = other.biggest_game
        for key, amount in other.money.items():
            self.money[key] = self.money.get(key, Decimal(0)) + amount

    def rate(self, count: int) -> float | None:
        return count / self.hands if self.hands else None

    @property
    def average_won(self) -> float | None:
        return self.points_won / self.hands_won if self.hands_won else None

    def as_json(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "matches_won": self.matches_won,
            "games": self.games,
            "games_won": self.games_won,
            "hands": self.hands,
            "hands_won": self.hands_won,
            "knocks": self.knocks,
            "gins": self.gins,
            "big_gins": self.big_gins,
            "undercuts": self.undercuts,
            "gin_rate": _round(self.rate(self.gins)),
            "knock_rate": _round(self.rate(self.knocks)),
            "undercut_rate": _round(self.rate(self.undercuts)),
            "big_gin_rate": _round(self.rate(self.big_gins)),
            "average_points_per_hand_won": _round(self.average_won),
            "biggest_game": self.biggest_game,
            "shutouts": self.shutouts,
            "money": {k: str(v) for k, v in sorted(self.money.items())},
        }


SUMMED = (
    "matches",
    "matches_won",
    "games",
    "games_won",
    "hands",
    "hands_won",
    "knocks",
    "gins",
    "big_gins",
    "undercuts",
    "points_won",
    "shutouts",
)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _count(fig: Figures, facts: MatchFacts, seat: int) -> None:
    fig.matches += 1
    fig.matches_won += int(seat in facts.winners)
    for g in facts.games:
        if seat in g.players:
            fig.games += 1
            if seat in g.winners:
                fig.games_won += 1
                fig.shutouts += int(g.shutout)
                if g.total is not None and (fig.biggest_game is None or g.total > fig.biggest_game):
                    fig.biggest_game = g.total
    for h in facts.hands:
        if seat not in h.players:
            continue
        fig.hands += 1
        if seat in h.winners:
            fig.hands_won += 1
            fig.points_won += max(h.points.get(seat, 0), 0)
        if h.knocker == seat:
            if h.outcome in (Outcome.KNOCK, Outcome.UNDERCUT):
                fig.knocks += 1
            elif h.outcome == Outcome.GIN:
                fig.gins += 1
            elif h.outcome == Outcome.BIG_GIN:
                fig.big_gins += 1
        elif h.outcome == Outcome.UNDERCUT and seat in h.winners:
            fig.undercuts += 1
    money = facts.money.get(seat)
    if money is not None:
        key = facts.currency or "stake"
        fig.money[key] = fig.money.get(key, Decimal(0)) + money


@dataclass
class PlayerStats:
    """A roster player's figures: overall and by format."""

    member_id: int
    name: str
    overall: Figures
    by_format: dict[str, Figures]


@dataclass
class ClubStats:
    players: list[PlayerStats]
    head_to_head: dict[tuple[int, int], tuple[int, int, int]]  # (a, b) → games, a won, b won
    matches: int
    empty_reason: str | None = None


class RangeError(ValueError):
    """A date range that cannot be read (the end before the start)."""


def seat_map(club: Club) -> dict[int, dict[int, int]]:
    """Match id → seat → roster player id, for every seat of the club's matches."""
    rows = db.session.execute(
        select(Player.match_id, Player.seat, Player.member_id)
        .join(Match, Match.id == Player.match_id)
        .where(Match.of_club(club.id), Player.member_id.is_not(None))
    )
    seats: dict[int, dict[int, int]] = defaultdict(dict)
    for match_id, seat, member_id in rows:
        if member_id is not None:
            seats[match_id][seat] = member_id
    return seats


def club_stats(club: Club, start: dt.date | None = None, end: dt.date | None = None) -> ClubStats:
    """Every roster player's figures over the club's matches started in [start, end]."""
    if start and end and end < start:
        raise RangeError("the end of the range is before its start")
    query = select(Match).where(Match.of_club(club.id)).order_by(Match.created_at)
    if start:
        query = query.where(Match.created_at >= _day(start))
    if end and end < dt.date.max:  # the last day a date can name leaves nothing after it
        query = query.where(Match.created_at < _day(end + dt.timedelta(days=1)))
    matches = facts_of_matches(query)
    seats_of = seat_map(club)
    names = {m.id: m.name for m in club.members}
    overall: dict[int, Figures] = {m: Figures() for m in names}
    by_format: dict[int, dict[str, Figures]] = {m: {} for m in names}
    h2h: dict[tuple[int, int], list[int]] = {}
    for facts in matches:
        seats = seats_of.get(facts.match_id, {})
        for seat, member in seats.items():
            if member not in names:
                continue
            overall[member].add(facts.figures[seat])
            by_format[member].setdefault(facts.variant, Figures()).add(facts.figures[seat])
        _head_to_head(h2h, facts, seats)
    players = [
        PlayerStats(m, names[m], overall[m], by_format[m])
        for m in sorted(names, key=lambda m: names[m].casefold())
    ]
    empty = None
    if not matches:
        empty = (
            N_("No match of this club was started in this range.")
            if (start or end)
            else N_("No match has been played in this club yet.")
        )
    return ClubStats(players, {k: (v[0], v[1], v[2]) for k, v in h2h.items()}, len(matches), empty)


def _head_to_head(
    h2h: dict[tuple[int, int], list[int]], facts: MatchFacts, seats: dict[int, int]
) -> None:
    """Each game two roster players both played as opponents: who of them won it."""
    for g in facts.games:
        side = {seat: i for i, members in enumerate(g.sides) for seat in members}
        present = [s for s in g.players if s in seats]
        for i, a in enumerate(present):
            for b in present[i + 1 :]:
                if a in side and side.get(a) == side.get(b):
                    continue  # partners are not opponents
                ma, mb = seats[a], seats[b]
                key, first = ((ma, mb), a) if ma < mb else ((mb, ma), b)
                second = b if first == a else a
                row = h2h.setdefault(key, [0, 0, 0])
                row[0] += 1
                row[1] += int(first in g.winners and second not in g.winners)
                row[2] += int(second in g.winners and first not in g.winners)


def _day(day: dt.date) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)


def club_table(club: Club) -> ClubStats:
    """The club page's standings: every player's overall figures (all time)."""
    return club_stats(club)


def club_table_json(club: Club) -> list[dict[str, Any]]:
    stats = club_stats(club)
    return [{"id": p.member_id, "name": p.name, **p.overall.as_json()} for p in stats.players]


def stats_json(stats: ClubStats) -> dict[str, Any]:
    return {
        "matches": stats.matches,
        "empty": stats.empty_reason,
        "players": [
            {
                "id": p.member_id,
                "name": p.name,
                "overall": p.overall.as_json(),
                "by_format": {k: v.as_json() for k, v in sorted(p.by_format.items())},
            }
            for p in stats.players
        ],
        "head_to_head": [
            {"players": [a, b], "games": g, "won": [wa, wb]}
            for (a, b), (g, wa, wb) in sorted(stats.head_to_head.items())
        ],
    }
