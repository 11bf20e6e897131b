"""Charts of a match: the running score by hand, as numbers a template draws as SVG.

The numbers are the fold's own (each line's running totals in its game; Hollywood's sheet
entries, each with the player's running total in that game), never added up here. A chart is
drawn server-side by the ``_chart.html`` macro: it prints, needs no script and no network,
and carries its numbers as a table for screen readers. A small macro rather than pygal:
pygal's SVG brings its own inline style sheet and script, which the pages' Content Security
Policy refuses, and its colours would not follow the page's (light or dark) palette.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import render_template, request, session
from markupsafe import Markup

from referee.rules.formats import Board

from . import shown


@dataclass(frozen=True)
class Series:
    """One line of a chart: a score column's running total after each hand (None: no point)."""

    name: str
    values: tuple[int | None, ...]


@dataclass(frozen=True)
class Chart:
    """A chart's title, its hands (x), its series (y), and where a new game began."""

    title: str
    hands: tuple[int, ...]
    series: tuple[Series, ...]
    new_game_at: tuple[int, ...] = ()  # positions in ``hands`` where a game starts
    noun: str = "hand"
    games: tuple[int, ...] = field(default=())  # the game of each position

    @property
    def top(self) -> int:
        values = [v for s in self.series for v in s.values if v is not None]
        return max([*values, 1])

    @property
    def bottom(self) -> int:
        values = [v for s in self.series for v in s.values if v is not None]
        return min([*values, 0])


CHART_HANDS = 120
"""A scoreboard charts the last this many hands (every hand with ``?hands=all``)."""


def charts_panel(board: Board) -> Markup:
    """The scoreboard's charts panel, drawn once per board (so once per revision of the
    match) for each language and choice of hands, and kept on the board."""
    everything = shown.wants_all()
    key = f"charts:{everything}:{session.get('lang', '')}:{request.accept_languages}"
    kept = board.extra.get(key)
    if isinstance(kept, Markup):
        return kept
    charts = match_charts(board, None if everything else CHART_HANDS)
    html = Markup(render_template("_charts.html", charts=charts))
    board.extra[key] = html
    return html


def match_charts(board: Board, last: int | None = None) -> list[Chart]:
    """The running score of a match: one chart (games marked where they begin), or for
    Hollywood one chart per game of the sheet (its three columns); ``last``: of the last
    so many hands only."""
    noun = board.format.noun
    if board.sheet is not None:
        charts = []
        for column in board.sheet.columns:
            numbers = sorted({e.hand_number for entries in column.entries for e in entries})
            if not numbers:
                continue
            series = []
            for seat, entries in enumerate(column.entries):
                running = {e.hand_number: e.running for e in entries}
                values: list[int | None] = []
                last = 0
                for n in numbers:
                    last = running.get(n, last)
                    values.append(last)
                series.append(Series(board.names[seat], tuple(values)))
            charts.append(Chart(f"Game {column.number}", tuple(numbers), tuple(series), noun=noun))
        return charts
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
            "Running score",
            tuple(line.number for line in lines),
            by_column,
            starts,
            noun,
            tuple(line.game for line in lines),
        )
    ]
