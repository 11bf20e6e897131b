"""Scoring Contract Rummy deals and folding them into a game (docs/rules.md §8.5).

A deal ends when a player goes out; every other player adds the penalty value of the cards
left in hand (entered as a count, or as the cards, which the table's values price). The
7-deal game plays its list once, everyone on the same deal: the lowest total after the last
deal wins. In 12-Step each player works through the list: a player moves to the next
contract only after laying down the current one (entered per player per deal: made it or
not), and the first to make the last contract wins; when two make it in the same deal, the
fewer points wins.

>>> from referee.games.contract.contracts import SEVEN_DEAL_BICYCLE
>>> from referee.games.contract.table import SEVEN_DEAL_TABLE
>>> deal = score_deal(0, [0, 23, 40], [True, False, True], [1, 1, 1], SEVEN_DEAL_BICYCLE,
...                   SEVEN_DEAL_TABLE, ("Ann", "Ben", "Cat"))
>>> deal.points
(0, 23, 40)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.contract.contracts import ContractList
from referee.games.contract.table import ContractTable, said_list
from referee.rules.cards import Card, format_cards
from referee.rules.errors import InputError
from referee.rules.labels import player_label
from referee.rules.messages import Message, joined, msg, msg_n
from referee.rules.results import HandScore, Step

__all__ = ["ContractDeal", "ContractGame", "ContractSeat", "fold_game", "score_deal"]

RULE = "§8.5"
MIN_PLAYERS = 2
MAX_PLAYERS = 8

Held = Sequence[Card] | int | None
"""One player's cards left in hand, or their penalty count, or nothing entered."""


@dataclass(frozen=True)
class ContractSeat:
    """One player's deal: the contract worked on (1-based), whether it was laid down, the
    cards left (None for a count) and their penalty."""

    seat: int
    contract: int
    made: bool
    held: tuple[Card, ...] | None
    penalty: int

    def held_text(self) -> str:
        return str(self.held_said())

    def held_said(self) -> Message | int | str:
        """The cards left and their penalty (``5♦ 7♣ = 12``), the penalty alone for a count,
        or nothing."""
        if self.held is None:
            return self.penalty
        return f"{format_cards(self.held)} = {self.penalty}" if self.held else msg("nothing")


@dataclass(frozen=True)
class ContractDeal:
    """A scored deal: who went out, every player's part, the points, and the steps."""

    winner: int
    seats: tuple[ContractSeat, ...]
    points: tuple[int, ...]
    steps: tuple[Step, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return (self.winner,)

    @property
    def stalemate(self) -> bool:
        return False

    def score(self) -> HandScore:
        return HandScore(self.points, (0,) * len(self.points))


def score_deal(
    went_out: int | None,
    held: Sequence[Held],
    made: Sequence[bool],
    contracts_on: Sequence[int],
    contracts: ContractList,
    table: ContractTable,
    names: Sequence[str] | None = None,
) -> ContractDeal:
    """Score one deal. ``contracts_on`` is the contract (1-based) each player worked on.
    The player who went out laid down their contract and holds nothing. Raises
    :class:`InputError` naming the field."""
    out = _checked_went_out(went_out, len(held))
    seats = [
        _seat_of(seat, entry, out, contracts_on[seat], bool(made[seat]), contracts, table, names)
        for seat, entry in enumerate(held)
    ]
    points = tuple(s.penalty if s.seat != out else 0 for s in seats)
    return ContractDeal(out, tuple(seats), points, _deal_steps(out, seats, contracts, names))


def _checked_went_out(went_out: int | None, players: int) -> int:
    """The table seats 3 to 8 players, and one of them went out."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(
            "players",
            msg(
                "Contract Rummy takes {least} to {most} players (got {count})",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=players,
            ),
        )
    if went_out is None:
        raise InputError("knocker_seat", msg("choose who went out"), api_field="went_out")
    if not 0 <= went_out < players:
        raise InputError(
            "knocker_seat", msg("{seat} is not a player", seat=repr(went_out)), api_field="went_out"
        )
    return went_out


def _refuse(what: str, reason: Message, seat: int) -> InputError:
    """A seat's entry refused: its count (``count_N``) or its cards (``cards_N``)."""
    api = "counts" if what == "count" else "hands"
    return InputError(f"{what}_{seat}", reason, api_field=api, seat=seat)


def _seat_of(
    seat: int,
    entry: Held,
    went_out: int,
    on: int,
    made: bool,
    contracts: ContractList,
    table: ContractTable,
    names: Sequence[str] | None,
) -> ContractSeat:
    """One player's part of the deal from what was entered: nothing (the one who went out),
    the points it holds, or the cards it holds."""
    who = player_label(names, seat)
    deal = contracts.deal(min(on, len(contracts)))
    laid = made or seat == went_out
    if entry is None:
        if seat != went_out:
            raise _refuse(
                "count", msg("enter {player}'s cards left, or their points", player=who), seat
            )
        return ContractSeat(seat, on, laid, (), 0)
    if isinstance(entry, int):
        _check_points(entry, seat, went_out, deal.cards, table, who)
        return ContractSeat(seat, on, laid, None, entry)
    cards = tuple(entry)
    _check_cards_held(cards, seat, went_out, deal.cards, who)
    value = sum(table.penalty(c) for c in cards)
    return ContractSeat(seat, on, laid, cards, value)


def _check_points(
    entry: int, seat: int, went_out: int, dealt: int, table: ContractTable, who: Message | str
) -> None:
    """Points held: not negative, none for the one who went out, no more than the cards dealt
    and one drawn can count."""
    most = (dealt + 1) * max(
        table.penalties.ace, table.penalties.joker, table.penalties.wild or 0, 10
    )
    if entry < 0:
        raise _refuse("count", msg("{player}'s points cannot be negative", player=who), seat)
    if seat == went_out and entry:
        raise _refuse(
            "count",
            msg(
                "{player} went out, so holds no cards (points 0, got {points})",
                player=who,
                points=entry,
            ),
            seat,
        )
    if entry > most:
        raise _refuse(
            "count",
            msg_n(
                "{player}'s {count} cards at most cannot count more than {most}",
                "{player}'s {count} cards at most cannot count more than {most}",
                dealt + 1,
                player=who,
                most=most,
            ),
            seat,
        )


def _check_cards_held(
    cards: tuple[Card, ...], seat: int, went_out: int, dealt: int, who: Message | str
) -> None:
    """Cards held: none for the one who went out, no more than those dealt and one drawn."""
    if seat == went_out and cards:
        raise _refuse(
            "cards",
            msg(
                "{player} went out, so holds no cards (got {cards})",
                player=who,
                cards=format_cards(cards),
            ),
            seat,
        )
    if len(cards) > dealt + 1:
        raise _refuse(
            "cards",
            msg_n(
                "{player} holds {count} cards: more than the {dealt} dealt and one drawn",
                "{player} holds {count} cards: more than the {dealt} dealt and one drawn",
                len(cards),
                player=who,
                dealt=dealt,
            ),
            seat,
        )


def _deal_steps(
    went_out: int,
    seats: Sequence[ContractSeat],
    contracts: ContractList,
    names: Sequence[str] | None,
) -> tuple[Step, ...]:
    """Who went out, then each other player's contract and the penalty it holds."""
    out = seats[went_out]
    steps = [  # going out needs the contract laid down, so who went out made theirs
        Step(
            msg(
                "{player} laid down contract {number} ({contract}) and went out.",
                player=player_label(names, went_out),
                number=out.contract,
                contract=contracts.deal(min(out.contract, len(contracts))).said,
            ),
            RULE,
        )
    ]
    for s in seats:
        if s.seat == went_out:
            continue
        deal = contracts.deal(min(s.contract, len(contracts)))
        values: dict[str, Message | int | str] = {
            "player": player_label(names, s.seat),
            "number": s.contract,
            "contract": deal.said,
            "held": s.held_said(),
            "points": s.penalty,
        }
        if s.made:
            said = msg(
                "{player} laid down contract {number} ({contract}); holds {held}: +{points}.",
                **values,
            )
        else:
            said = msg(
                "{player} did not lay down contract {number} ({contract}); holds {held}: "
                "+{points}.",
                **values,
            )
        steps.append(Step(said, f"{RULE} penalties"))
    return tuple(steps)


@dataclass(frozen=True)
class ContractGame:
    """The deals folded: totals, the contract each player is on next, how many each has
    made, and once the game is over, the winner (None: tied) and why."""

    totals: tuple[int, ...]
    on: tuple[int, ...]
    made: tuple[int, ...]
    deals: int
    over: bool
    winner: int | None
    finishers: tuple[int, ...]
    why: Message  # empty (false) while the game goes on


def contracts_on(
    made_so_far: Sequence[int], deals_so_far: int, carry_over: bool
) -> tuple[int, ...]:
    """The contract (1-based) each player works on in the next deal."""
    if carry_over:
        return tuple(m + 1 for m in made_so_far)
    return tuple(deals_so_far + 1 for _ in made_so_far)


def fold_game(
    deals: Sequence[ContractDeal],
    players: int,
    contracts: ContractList,
    carry_over: bool,
    names: Sequence[str] | None = None,
) -> ContractGame:
    """Fold scored deals (in order) into the game. Deals after the game ended are refused
    (:class:`InputError` on ``hand``)."""
    totals = [0] * players
    made = [0] * players
    last = len(contracts)
    for number, deal in enumerate(deals, 1):
        if number > 1 and _finished(totals, made, number - 1, last, carry_over):
            raise InputError("hand", msg("the game ended with deal {number}", number=number - 1))
        for seat, pts in enumerate(deal.points):
            totals[seat] += pts
        for s in deal.seats:
            if s.made:
                made[s.seat] += 1
    count = len(deals)
    over = bool(count) and _finished(totals, made, count, last, carry_over)
    on = contracts_on(made, count, carry_over)
    winner: int | None = None
    finishers: tuple[int, ...] = ()
    why = joined()
    if over:
        if carry_over:
            finishers = tuple(s for s in range(players) if made[s] >= last)
            low = min(totals[s] for s in finishers)
            best = [s for s in finishers if totals[s] == low]
            if len(finishers) == 1:
                why = msg_n(
                    "{player} made all {count} contracts first.",
                    "{player} made all {count} contracts first.",
                    last,
                    player=player_label(names, finishers[0]),
                )
            else:
                why = msg(
                    "{players} made contract {number} in the same deal: fewer points wins.",
                    players=said_list([player_label(names, s) for s in finishers]),
                    number=last,
                )
        else:
            low = min(totals)
            best = [s for s in range(players) if totals[s] == low]
            why = msg("After deal {number}, the lowest total wins.", number=last)
        winner = best[0] if len(best) == 1 else None
        if winner is None:
            tied = msg(
                "Tied: {players} on {points}.",
                players=said_list([player_label(names, s) for s in best]),
                points=low,
            )
            why = joined(why, tied)
    return ContractGame(tuple(totals), on, tuple(made), count, over, winner, finishers, why)


def _finished(
    totals: Sequence[int], made: Sequence[int], count: int, last: int, carry: bool
) -> bool:
    if carry:
        return any(m >= last for m in made)
    return count >= last
