"""Which hands a scoreboard lists: the game in play, with the games before it folded into
one summary row each (``?hands=all`` lists every hand).

A match of a thousand hands is mostly finished games nobody rereads at the table; listing
only the game in play keeps the page small and quick to draw, and a row per earlier game
still says how each went and links to its hands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import has_request_context, render_template, request
from markupsafe import Markup

from referee.games.base import Board, Line
from referee.i18n import current_locale


@dataclass(frozen=True)
class EarlierGame:
    """A game before the one in play, in one row: its number, its first and last hand
    numbers, and the running totals after its last hand (by score column)."""

    number: int
    first: int
    last: int
    totals: tuple[int, ...]

    @property
    def hands(self) -> int:
        return self.last - self.first + 1


@dataclass(frozen=True)
class Shown:
    """The hands a scoreboard lists (``lines``) and the earlier games folded away."""

    lines: list[Line]
    earlier: list[EarlierGame] = field(default_factory=list)
    everything: bool = False  # ``?hands=all``: every hand listed
    drawn: dict[str, Markup] = field(default_factory=dict, compare=False)  # rows drawn


def wants_all() -> bool:
    return has_request_context() and request.args.get("hands") == "all"


def shown_hands(board: Board, everything: bool | None = None) -> Shown:
    """The hands ``board``'s scoreboard lists: all of them (``everything``, or a format that
    posts hands to several games at once), else the game in play's; earlier games folded.
    Kept on the board, which is itself kept per revision."""
    everything = wants_all() if everything is None else everything
    key = f"shown:{everything}"
    kept = board.memo.get(key)
    if isinstance(kept, Shown):
        return kept
    shown = _shown(board, everything)
    board.memo[key] = shown
    return shown


def earlier_rows_html(shown: Shown, view_id: str, nouns: str) -> Markup:
    """The earlier games' rows of a scoreboard's table, drawn once per shown list (so once
    per revision) and language."""
    key = f"{view_id}:{nouns}:{current_locale()}"
    kept = shown.drawn.get(key)
    if kept is None:
        kept = shown.drawn[key] = Markup(
            render_template("_earlier_rows.html", shown=shown, view_id=view_id, nouns=nouns)
        )
    return kept


def _shown(board: Board, everything: bool) -> Shown:
    lines = board.lines
    if not lines or board.format.games_at_once:
        return Shown(lines, [], everything)
    if everything:
        return Shown(lines, [], True)
    current = lines[-1].game
    start = len(lines)
    while start > 0 and lines[start - 1].game == current:
        start -= 1
    earlier: list[EarlierGame] = []
    first = 0
    for i in range(1, start + 1):
        if i == start or lines[i].game != lines[first].game:
            earlier.append(
                EarlierGame(
                    lines[first].game, lines[first].number, lines[i - 1].number, lines[i - 1].totals
                )
            )
            first = i
    return Shown(lines[start:], earlier, False)
