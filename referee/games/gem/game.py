"""A Gem Rummy match folded: running totals per player, games to 110, who deals next.

The first to reach the target (110) wins the game; if two pass it on the same hand, the one
who scored more in that hand wins (seed 003). The hand's winner deals the next hand; after a
dead hand the same dealer deals again. A new game starts after a finished one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.gem.hand import GemEnding, GemResult
from referee.rules.messages import all_of, msg
from referee.rules.results import Step

RULE = "§8.3"


@dataclass(frozen=True)
class GemHandLine:
    """One hand folded: its game, the totals after it (in that game), and who deals next."""

    game: int
    totals: tuple[int, ...]
    ends_game: bool = False


@dataclass(frozen=True)
class GemGame:
    """One game: its number, the totals so far, and — once over — the winner and why."""

    number: int
    totals: tuple[int, ...]
    hands: int
    finished: bool = False
    winner: int | None = None
    why: Step | None = None


def _game_winner(
    totals: Sequence[int], points: Sequence[int], target: int, names: Sequence[str]
) -> tuple[int | None, Step] | None:
    passed = [s for s, t in enumerate(totals) if t >= target]
    if not passed:
        return None
    if len(passed) == 1:
        s = passed[0]
        return s, Step(
            msg(
                "{name} reached {total} (game {target}) and wins the game.",
                name=names[s],
                total=totals[s],
                target=target,
            ),
            RULE,
        )
    most = max(points[s] for s in passed)
    top = [s for s in passed if points[s] == most]
    who = all_of([names[s] for s in passed])
    if len(top) == 1:
        s = top[0]
        return s, Step(
            msg(
                "{who} both passed {target} on the same hand: {name} scored more in it "
                "({most}) and wins the game.",
                who=who,
                target=target,
                name=names[s],
                most=most,
            ),
            RULE,
        )
    high = max(totals[s] for s in top)
    best = [s for s in top if totals[s] == high]
    if len(best) == 1:
        s = best[0]
        return s, Step(
            msg(
                "{who} passed {target} on the same hand with equal points in it; {name} has "
                "the higher total and wins the game.",
                who=who,
                target=target,
                name=names[s],
            ),
            RULE,
        )
    return None, Step(
        msg(
            "{who} passed {target} on the same hand, equal in it and in total: the game is shared.",
            who=who,
            target=target,
        ),
        RULE,
    )


def fold_games(
    results: Sequence[GemResult | None], seats: int, target: int, names: Sequence[str]
) -> tuple[list[GemHandLine], list[GemGame]]:
    """Every hand's line and every game (the last one maybe unfinished). A hand that could
    not be ruled (None) scores nothing."""
    lines: list[GemHandLine] = []
    games: list[GemGame] = []
    totals = [0] * seats
    number, hands = 1, 0
    for result in results:
        points = result.points if result is not None else (0,) * seats
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        hands += 1
        won = _game_winner(totals, points, target, names)
        lines.append(GemHandLine(number, tuple(totals), won is not None))
        if won is not None:
            games.append(GemGame(number, tuple(totals), hands, True, won[0], won[1]))
            number, hands, totals = number + 1, 0, [0] * seats
    games.append(GemGame(number, tuple(totals), hands))
    return lines, games


def next_dealer(dealer: int, result: GemResult | None, names: Sequence[str]) -> tuple[int, Step]:
    """Who deals after ``result`` was dealt by ``dealer``: the hand's winner; the same
    dealer after a dead (or unscored) hand."""
    if result is None or result.ending is GemEnding.DEAD or result.winner is None:
        return dealer, Step(msg("No winner: {name} deals again.", name=names[dealer]), RULE)
    w = result.winner
    return w, Step(msg("{name} won the hand, so deals next.", name=names[w]), RULE)
