"""Where the money stands during play: the match settled as if the game in progress ended now.

Players at a money table want to know, between hands, what they would pay if they stopped
(issue 14: "if the game ended now: Ben pays Ann 4.30"). Two answers, both exact settlements
of the whole match (the finished games' totals plus the game in progress):

- ``as_it_stands``: the game in progress counts each player's hand points and boxes (each box
  at the box bonus), no game bonus — what the sheet shows now;
- ``with_bonus``: the game closed on its last hand as the ledger closes a finished one (the
  leader wins the game bonus and any shutout) — what the leader would collect if the game
  ended now. None when nobody leads (a tie for the lead has no winner).

Both come from :func:`~referee.rules.ledger.close_game` and
:func:`~referee.rules.settlement.settle`, so they round as the final settlement rounds.

>>> from referee.rules.ledger import fold_match
>>> from referee.rules.results import HandScore
>>> from referee.rules.ruleset import Ruleset
>>> ledger = fold_match([HandScore.to_seat(0, 43)], Ruleset(box_bonus=25))
>>> now = if_ended_now(ledger, "0.10")
>>> now.as_it_stands.nets, now.with_bonus.nets
((68, -68), (268, -268))
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from referee.rules.ledger import GameLedger, MatchLedger, close_game, extras_of, summed_totals
from referee.rules.settlement import Settlement, SettlementRounding, settle


@dataclass(frozen=True)
class IfEndedNow:
    """The match settled as if its game in progress ended after its last hand.

    ``game`` is the game's number, ``counted`` each seat's hand points plus box points in it,
    ``leader`` the seat that would win it (None on a tie for the lead) and ``bonus`` the
    points closing it would add to the leader (game bonus and any shutout bonus)."""

    game: int
    counted: tuple[int, ...]
    leader: int | None
    bonus: int
    as_it_stands: Settlement
    with_bonus: Settlement | None


def if_ended_now(
    ledger: MatchLedger,
    stake_per_point: Decimal | int | str = Decimal(0),
    rounding: SettlementRounding = SettlementRounding.NONE,
) -> IfEndedNow | None:
    """The match as if the game in progress ended now; None when no game is in progress (no
    hand played yet, or the last hand finished a game)."""
    game = ledger.current
    if not game.lines:
        return None
    rules, players = ledger.rules, ledger.players
    finished = ledger.finished_games
    before = summed_totals(finished, players)
    counted = tuple(p + b * rules.box_bonus for p, b in zip(game.points, game.boxes, strict=True))
    as_it_stands = settle(
        tuple(t + c for t, c in zip(before, counted, strict=True)),
        stake_per_point,
        extras_of(finished),
        rounding,
    )
    closed: GameLedger = close_game(game.number, players, rules, game.lines)
    if closed.winner is None:
        return IfEndedNow(game.number, counted, None, 0, as_it_stands, None)
    with_bonus = settle(
        summed_totals((*finished, closed), players),
        stake_per_point,
        extras_of((*finished, closed)),
        rounding,
    )
    bonus = closed.tally[closed.winner].total - counted[closed.winner]
    return IfEndedNow(game.number, counted, closed.winner, bonus, as_it_stands, with_bonus)
