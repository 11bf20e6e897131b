"""Charts of a match: the running score by hand, as numbers a template draws as SVG.

The numbers are the fold's own (each line's running totals in its game, or the charts a
format draws its own way: one per game it scores at once), never added up here. A chart is
drawn server-side by the ``_chart.html`` macro: it prints, needs no script and no network,
and carries its numbers as a table for screen readers. A small macro rather than pygal:
pygal's SVG brings its own inline style sheet and script, which the pages' Content Security
Policy refuses, and its colours would not follow the page's (light or dark) palette.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from flask import render_template
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from referee.games.base import Board
from referee.i18n import translate

if TYPE_CHECKING:
    from referee.services.ratings import RatingPoint
    from referee.services.stats import ClubStats, PlayerStats

from referee.services import shown


@dataclass(frozen=True)
class Series:
    """One line of a chart: a score column's running total after each hand (None: no point),
    or a player's rating after each game (to one decimal)."""

    name: str
    values: tuple[int | float | None, ...]


@dataclass(frozen=True)
class Chart:
    """A chart's title, its hands (x), its series (y), and where a new game began."""

    title: str
    hands: tuple[int, ...]
    series: tuple[Series, ...]
    new_game_at: tuple[int, ...] = ()  # positions in ``hands`` where a game starts
    noun: str = "hand"
    games: tuple[int, ...] = field(default=())  # the game of each position
    measure: str = "Running score"  # what the lines are ("Rating": a player's over time)

    @property
    def top(self) -> int | float:
        values = [v for s in self.series for v in s.values if v is not None]
        return max([*values, 1])

    @property
    def bottom(self) -> int | float:
        values = [v for s in self.series for v in s.values if v is not None]
        return min([*values, 0])


@dataclass(frozen=True)
class Bar:
    """One bar: a share (0 to 1) of a whole, with the count it comes from."""

    label: str
    part: int
    whole: int

    @property
    def share(self) -> float:
        return self.part / self.whole if self.whole else 0.0

    @property
    def percent(self) -> int:
        return round(self.share * 100)


@dataclass(frozen=True)
class BarChart:
    """Shares side by side (a win rate per player, or per format), with their counts: the
    ``_chart.html`` macro draws them as horizontal bars, each label above its bar, so long
    names fit a phone, and puts the numbers in a table."""

    title: str
    bars: tuple[Bar, ...]
    label_head: str = "Player"
    part_head: str = "Games won"
    whole_head: str = "Games"
    measure: str = "Win rate"


CHART_HANDS = 120
"""A scoreboard charts the last this many hands (every hand with ``?hands=all``)."""


def charts_panel(board: Board) -> Markup:
    """The scoreboard's charts panel, drawn once per board (so once per revision of the
    match) for each language and choice of hands, and kept on the board."""
    everything = shown.wants_all()
    key = f"charts:{everything}:{get_locale()}"
    kept = board.memo.get(key)
    if isinstance(kept, Markup):
        return kept
    charts = match_charts(board, None if everything else CHART_HANDS)
    html = Markup(render_template("_charts.html", charts=charts))
    board.memo[key] = html
    return html


def match_charts(board: Board, last: int | None = None) -> list[Chart]:
    """The running score of a match: one chart (games marked where they begin), or the
    format's own (one per game it scores at once); ``last``: of the last so many hands
    only."""
    noun = board.format.noun
    own = board.format.score_charts(board)
    if own is not None:
        return [
            Chart(
                _("Game %(game)s", game=c.game) if c.game is not None else _("Running score"),
                c.hands,
                tuple(Series(name, values) for name, values in c.series),
                noun=noun,
            )
            for c in own
        ]
    lines = [line for line in board.lines if len(line.totals) == len(board.columns)]
    if last is not None:
        lines = lines[-last:]
    if not lines:
        return []
    starts = tuple(i for i, line in enumerate(lines) if i > 0 and line.game != lines[i - 1].game)
    by_column = tuple(
        Series(name, tuple(line.totals[c] for line in lines))
        for c, name in enumerate(board.columns)
    )
    return [
        Chart(
            _("Running score"),
            tuple(line.number for line in lines),
            by_column,
            starts,
            noun,
            tuple(line.game for line in lines),
        )
    ]


# -- a club's charts -----------------------------------------------------------------------------


def format_title(variant: str) -> str:
    """A format's name as people say it ("Battle Royal", "Gin" for every two-handed table)."""
    from referee.games import UnknownFormatError, find_format

    try:
        title = str(getattr(find_format(variant), "title", "") or "")
    except UnknownFormatError:
        title = ""
    return title or variant.replace("_", " ").capitalize()


def shown_title(variant: str) -> str:
    """A format's name in the reader's language (English outside a request)."""
    return translate(format_title(variant))


def _win_rate_chart(title: str, bars: tuple[Bar, ...], label_head: str) -> BarChart:
    """A win-rate chart with its headings and measure in the reader's language."""
    return BarChart(
        title,
        bars,
        label_head=label_head,
        part_head=_("Games won"),
        whole_head=_("Games"),
        measure=_("Win rate"),
    )


def win_rate_charts(stats: ClubStats) -> list[BarChart]:
    """One chart per format the club played: each player's share of the games they finished
    in it that they won, best first (players who finished none in it left out)."""
    formats = sorted({f for p in stats.players for f in p.by_format}, key=shown_title)
    charts = []
    for variant in formats:
        bars = [
            Bar(p.name, p.by_format[variant].games_won, p.by_format[variant].games)
            for p in stats.players
            if variant in p.by_format and p.by_format[variant].games
        ]
        if bars:
            bars.sort(key=lambda b: (-b.share, -b.whole, b.label.casefold()))
            title = _("Win rate: %(format)s", format=shown_title(variant))
            charts.append(_win_rate_chart(title, tuple(bars), _("Player")))
    return charts


def player_win_rates(player: PlayerStats) -> BarChart | None:
    """A player's share of games won in each format they finished a game of."""
    bars = [
        Bar(shown_title(variant), f.games_won, f.games)
        for variant, f in sorted(player.by_format.items(), key=lambda kv: shown_title(kv[0]))
        if f.games
    ]
    if not bars:
        return None
    title = _("%(name)s: win rate by format", name=player.name)
    return _win_rate_chart(title, tuple(bars), _("Format"))


def rating_chart(name: str, points: Sequence[RatingPoint]) -> Chart | None:
    """A player's rating (the ladder's, mu − 3·sigma) and skill (mu) after each of their
    rated games, to one decimal."""
    if not points:
        return None
    return Chart(
        _("%(name)s: rating over time", name=name),
        tuple(p.game for p in points),
        (
            Series(_("Rating"), tuple(round(p.rating, 1) for p in points)),
            Series(_("Skill"), tuple(round(p.mu, 1) for p in points)),
        ),
        noun="game",
        measure="Rating",  # which chart it is (the macro's descriptions), not a shown text
    )
