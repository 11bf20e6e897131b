"""Cutthroat / Round Robin and pagat's dealer-sits-out game: three players, two at a time,
individual running totals, pairwise settlement (docs/rules.md §6.1, §6.2, §10 "Cutthroat").

Each hand is an ordinary two-handed hand between the two players seated for it, ruled by
:mod:`referee.rules.adjudicate` under the table's rules. This module only puts the pieces
together, so that nothing about a hand is scored twice:

1. :mod:`.rotation` says who plays each hand (the cut, the winner of each hand, overrides);
2. each hand's :class:`~referee.rules.results.HandResult` becomes a three-seat
   :class:`~referee.rules.results.HandScore` (points and box to the seat that scored);
3. :func:`~referee.rules.ledger.fold_match` with ``players=3`` folds those into games, boxes,
   game bonus and shutouts; under ``shutout_rule=loser_pays_extra`` a shut-out player pays the
   winner an extra ``shutout_bonus`` (RG-3's 100);
4. :func:`~referee.rules.settlement.settle` turns a game's final totals and extras into the
   pairwise table ("each player pays each higher opponent the difference"), nets that sum to
   zero, the fewest transfers and the money at the stake.

Which rotation is played is the table's ``cutthroat_rotation``; everything else is the
two-handed configuration (docs/rules.md §6.2 "hand-level bonuses as 2-player config").

>>> from referee.rules.adjudicate import HandKind, rule_counts
>>> from referee.games.three_handed.rotation import first_seating
>>> rules = CUTTHROAT
>>> first = first_seating((2, 0, 1), rules.cutthroat_rotation)  # seat 2 cut lowest
>>> hand = CutthroatHand(rule_counts(rules, kind=HandKind.KNOCK, knocker_deadwood=3,
...                                   defender_deadwood=20), knocker=1)
>>> match = fold_cutthroat(first, [hand], rules)
>>> match.scores[0].points, match.next.players, match.next.dealer
((0, 17, 0), (1, 2), 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from referee.games.three_handed.rotation import (
    SEATS,
    HandOutcome,
    Seating,
    SeatingError,
    SeatingPlan,
    next_seating,
    plan_seatings,
)
from referee.rules.labels import Label, labeller
from referee.rules.ledger import MatchLedger, fold_match, settle_game
from referee.rules.messages import msg
from referee.rules.results import HandResult, HandScore, Outcome, Role
from referee.rules.ruleset import Rotation, Ruleset, ShutoutRule
from referee.rules.settlement import Settlement, SettlementRounding, settle

CUTTHROAT = Ruleset(
    box_bonus=25,
    game_target=100,
    game_bonus=100,
    shutout_rule=ShutoutRule.LOSER_PAYS_EXTRA,
    shutout_bonus=100,
    cutthroat_rotation=Rotation.LOSER_SITS_IDLE_DEALS,
)
"""RG-3's Cutthroat: game 100, game bonus 100, box 25 per hand won, a shut-out player pays the
winner 100 more; the hands themselves under the American two-handed table."""

DEALER_SITS_OUT = Ruleset(
    shutout_rule=ShutoutRule.LOSER_PAYS_EXTRA,
    shutout_bonus=100,
    cutthroat_rotation=Rotation.LOSER_DEALS_SITS_OUT,
)
"""pagat's three-handed gin (§6.1): scored as two-handed gin with individual totals. The
two-handed +100 for a shutout is paid by each shut-out player, which is what it is between two
players (a flat bonus on the winner's total would also charge the player who did score)."""


class CutthroatHandError(SeatingError):
    """A hand that does not fit its seating (a knocker who sat out, an unfinished hand)."""


@dataclass(frozen=True)
class CutthroatHand:
    """One hand as entered: its two-handed ruling, who knocked, and — only when the table did
    not follow the rotation — the seating it was really played with.

    ``knocker`` may be None only for a hand nobody scored (a dead hand).
    """

    result: HandResult
    knocker: int | None = None
    seating: Seating | None = None


@dataclass(frozen=True)
class CutthroatMatch:
    """A Cutthroat (or dealer-sits-out) match folded from its hands.

    ``seatings.played[i]`` is who played and dealt hand ``i``; ``scores[i]`` what it gave each
    seat; ``winners[i]`` the seat that won it (None: nobody); ``ledger`` the games, running
    totals, tallies and shutout extras; ``next`` who plays and deals the next hand.
    """

    rules: Ruleset
    seatings: SeatingPlan
    scores: tuple[HandScore, ...]
    winners: tuple[int | None, ...]
    ledger: MatchLedger

    @property
    def next(self) -> Seating:
        return self.seatings.next

    def settle_game(
        self,
        number: int,
        stake_per_point: Decimal | int | str = Decimal(1),
        rounding: SettlementRounding = SettlementRounding.NONE,
    ) -> Settlement:
        """Settle finished game ``number`` (1-based) — see :func:`settle_game`."""
        for game in self.ledger.games:
            if game.number == number:
                return settle_game(game, stake_per_point, rounding)
        raise ValueError(f"there is no game {number} (the match has {len(self.ledger.games)})")

    def settle_match(
        self,
        stake_per_point: Decimal | int | str = Decimal(1),
        rounding: SettlementRounding = SettlementRounding.NONE,
    ) -> Settlement:
        """Settle every finished game at once: totals and extras summed over the games."""
        return settle(self.ledger.totals, stake_per_point, self.ledger.extras, rounding)


def hand_winner(result: HandResult, knocker: int, defender: int) -> int | None:
    """The seat that won a two-handed hand, for the rotation; None when nobody did.

    A knocker who scores points has won; a knocker who only loses points (an undercut scored as
    a penalty to the knocker) has lost, and the defender has won.
    """
    if not result.finished:
        raise CutthroatHandError(msg("an illegal knock is not a finished hand"))
    if result.scorer is None:
        return None
    if result.scorer is Role.DEFENDER:
        return defender
    if result.outcome is Outcome.UNDERCUT or result.points < 0:
        return defender
    return knocker


def seat_score(result: HandResult, knocker: int, defender: int, seats: int = SEATS) -> HandScore:
    """A two-handed hand's score spread over the table's ``seats``: the scorer's points and
    boxes go to the scorer's seat, nothing to anyone else (the player sitting out included)."""
    if knocker == defender:
        raise CutthroatHandError(msg("seat {seat} cannot knock against itself", seat=knocker))
    if not result.finished:
        raise CutthroatHandError(msg("an illegal knock is not a finished hand"))
    if result.scorer is None:
        return HandScore.nothing(seats)
    seat = knocker if result.scorer is Role.KNOCKER else defender
    return HandScore.to_seat(seat, result.points, result.boxes, seats)


def fold_cutthroat(
    first: Seating,
    hands: Sequence[CutthroatHand],
    rules: Ruleset,
    names: Sequence[str] | None = None,
) -> CutthroatMatch:
    """Fold a match's hands, in order: seatings, scores, games and the next seating.

    ``first`` is the first hand's seating (:func:`.rotation.first_seating` from the cut). The
    rotation runs on from one game to the next; a table that cuts again for a new game records
    that game's first hand with its seating. Raises :class:`SeatingError` (with the hand's
    number) for a knocker or winner who sat out, or an unfinished hand.
    """
    outcomes: list[HandOutcome] = []
    scores: list[HandScore] = []
    winners: list[int | None] = []
    seating = first
    label = labeller(names)
    for index, hand in enumerate(hands):
        number = index + 1
        played = hand.seating if hand.seating is not None else seating
        try:
            score, winner = _hand(hand, played, label)
        except SeatingError as exc:
            raise exc.at_hand(number) from None
        scores.append(score)
        winners.append(winner)
        outcomes.append(HandOutcome(winner, hand.seating))
        # Who plays the next hand, to find its defender; plan_seatings below re-derives the
        # same seatings with their explanations.
        seating = next_seating(played, winner, rules.cutthroat_rotation)
    plan = plan_seatings(first, outcomes, rules.cutthroat_rotation, names)
    ledger = fold_match(scores, rules, players=SEATS)
    return CutthroatMatch(rules, plan, tuple(scores), tuple(winners), ledger)


def _hand(hand: CutthroatHand, played: Seating, label: Label) -> tuple[HandScore, int | None]:
    result = hand.result
    if not result.finished:
        raise CutthroatHandError(
            msg("an illegal knock is not a finished hand; record the hand when it ends")
        )
    if hand.knocker is None:
        if result.scorer is not None:
            raise CutthroatHandError(msg("say who knocked: the hand was scored"))
        return HandScore.nothing(SEATS), None
    if not played.plays(hand.knocker):
        raise CutthroatHandError(
            msg(
                "{knocker} is recorded as the knocker but sat out ({a} and {b} played)",
                knocker=label(hand.knocker),
                a=label(played.players[0]),
                b=label(played.players[1]),
            )
        )
    defender = played.opponent(hand.knocker)
    return seat_score(result, hand.knocker, defender), hand_winner(result, hand.knocker, defender)
