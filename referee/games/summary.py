"""A folded match in a few numbers: what a list of matches, a small answer or a result line
needs, without the hands.

:func:`summary_of` picks them from a :class:`~.base.Board` (any format), in plain JSON
values by score column, so they can be kept beside the match (derived data, re-derivable
from the hands at any time) and read back without folding.
"""

from __future__ import annotations

from typing import Any

from referee.games.base import Board
from referee.games.standing import Money

SUMMARY_VERSION = 1
"""Bumped when the summary's shape changes, so kept summaries of an older shape are derived
again rather than read."""


def summary_of(board: Board) -> dict[str, Any]:
    """The match's status, hands, totals of the game on show, games won, match totals, the
    winner of the game on show, and the money of the finished games (payer, payee, amount)
    where one player pays one other. Seats and sides are 0-based indices of
    :attr:`Board.sides`."""
    money = board.settlement
    games = board.format.summary_fields(board)
    body: dict[str, Any] = {
        "v": SUMMARY_VERSION,
        "status": "finished" if board.over else "in_play",
        "hands": board.hands_played,
        "totals": list(board.totals),
        "game": games["game"],
        "games_won": games["games_won"],
        "match_totals": games["match_totals"],
        "winner": games["winner"],
        "finals": games["finals"],
        "next_dealer": board.next_dealer,
        "sheet": games["sheet"],
        "sides": list(board.sides),
        "payer": None,
        "payee": None,
        "amount": None,
    }
    if isinstance(money, Money) and money.payer is not None and money.payee is not None:
        body.update(payer=money.payer, payee=money.payee, amount=str(money.amount))
    return body


def named(board_sides: list[str], columns: list[str], values: list[Any]) -> dict[str, Any]:
    """``values`` by the names they are counted by: the sides, else the score columns."""
    names = board_sides if len(values) == len(board_sides) else columns
    return dict(zip(names, values, strict=False))
