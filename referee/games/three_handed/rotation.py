"""Three players, two at a time: who deals, who plays and who sits out each hand
(docs/rules.md §6.1, §6.2, §11 ``cutthroat.rotation``).

The seating of every hand is derived, never stored: the first hand comes from the cut, and each
later hand from the one before and who won it. A table sometimes does something else (a player
steps away, the wrong person deals); a hand may then record the seating it was actually played
with, and the rotation simply continues from that hand. Editing an early hand re-derives every
seating after it, exactly as the ledger re-derives the totals.

Two rotations are published:

- ``loser_sits_idle_deals`` (Cutthroat / Round Robin, RG-3): the loser of a hand sits out the
  next; the player who sat out deals it and plays the winner. First hand: all cut, the lowest
  sits out, the second-lowest deals and plays the highest.
- ``loser_deals_sits_out`` (pagat's three-handed gin, §6.1): the dealer deals to the other two
  and does not play; the loser of a hand deals the next, so the next hand is the winner against
  the player who dealt. First hand: the lowest cut deals (and so sits out).

A hand nobody won (a dead hand, or a tie scored as a wash) is replayed by the same two with the
same dealer (docs/rules.md §6.2 "Undefined", R16).

Seats are 0, 1 and 2, in the order the players sit (clockwise).

>>> first = first_seating((2, 0, 1), Rotation.LOSER_SITS_IDLE_DEALS)
>>> first.sitting_out, first.dealer, first.players
(2, 0, (0, 1))
>>> after = next_seating(first, winner=1, rotation=Rotation.LOSER_SITS_IDLE_DEALS)
>>> after.sitting_out, after.dealer, after.players
(0, 2, (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.cards import Card
from referee.rules.errors import HandError
from referee.rules.labels import Label, labeller, step
from referee.rules.messages import Message, msg
from referee.rules.results import Step
from referee.rules.ruleset import Rotation

SEATS = 3
"""Three players, two of whom play each hand."""


class SeatingError(HandError):
    """A seating or a hand's record that cannot be: a seat out of range, a player both sitting
    out and playing, a winner who did not play. The message names the hand and the seats."""


class CutTieError(SeatingError):
    """Two players cut the same rank: they cut again (ties are not broken by suit)."""


@dataclass(frozen=True)
class Seating:
    """One hand's seating: who deals, the two who play, the one who sits out.

    ``players`` are the two active seats in ascending order; ``sitting_out`` is the third. The
    dealer plays under Cutthroat and sits out under pagat's rotation, but a seating recorded
    from the table may name any seat as dealer.
    """

    dealer: int
    players: tuple[int, int]
    sitting_out: int

    def __post_init__(self) -> None:
        seats = (*self.players, self.sitting_out, self.dealer)
        for seat in seats:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
                raise SeatingError(_not_a_seat(seat))
        if len(self.players) != 2:
            raise SeatingError(msg("two players play each hand (got {got})", got=len(self.players)))
        a, b = self.players
        if a == b:
            raise SeatingError(msg("seat {seat} cannot play against itself", seat=a))
        if self.sitting_out in self.players:
            raise SeatingError(
                msg("seat {seat} cannot both sit out and play", seat=self.sitting_out)
            )
        if a > b:
            object.__setattr__(self, "players", (b, a))

    @classmethod
    def of(cls, dealer: int, sitting_out: int) -> Seating:
        """The seating in which ``sitting_out`` sits out and ``dealer`` deals."""
        players = tuple(s for s in range(SEATS) if s != sitting_out)
        if len(players) != 2:
            raise SeatingError(_not_a_seat(sitting_out))
        return cls(dealer, (players[0], players[1]), sitting_out)

    @property
    def dealer_plays(self) -> bool:
        return self.dealer in self.players

    def plays(self, seat: int) -> bool:
        return seat in self.players

    def opponent(self, seat: int) -> int:
        """The other active seat; ``seat`` must be playing this hand."""
        if seat not in self.players:
            raise SeatingError(msg("seat {seat} is not playing this hand (it sits out)", seat=seat))
        a, b = self.players
        return b if seat == a else a


def _not_a_seat(seat: object) -> Message:
    return msg("{seat} is not a seat (0–{last})", seat=repr(seat), last=SEATS - 1)


def seats_by_cut(cards: Sequence[Card]) -> tuple[int, ...]:
    """Seats ordered from the lowest cut card to the highest (ace low, king high; docs/rules.md §1).

    ``cards[s]`` is the card seat ``s`` cut. Equal ranks must cut again: suits do not break ties
    in any source, so the referee does not invent an order.

    >>> from referee.rules.cards import parse_cards
    >>> seats_by_cut(parse_cards("9H 2S KC"))
    (1, 0, 2)
    """
    ranks: list[int] = []
    for seat, card in enumerate(cards):
        if card.rank is None:
            raise SeatingError(msg("seat {seat} cut a joker: cut again", seat=seat))
        ranks.append(int(card.rank))
    for seat, rank in enumerate(ranks):
        for other in range(seat + 1, len(ranks)):
            if ranks[other] == rank:
                raise CutTieError(
                    msg(
                        "seats {seat} and {other} cut the same rank ({card}, {other_card}): "
                        "they cut again",
                        seat=seat,
                        other=other,
                        card=cards[seat].label,
                        other_card=cards[other].label,
                    )
                )
    return tuple(sorted(range(len(ranks)), key=lambda s: ranks[s]))


def first_seating(cut_low_to_high: Sequence[int], rotation: Rotation) -> Seating:
    """The first hand's seating from the cut, seats listed from the lowest card to the highest.

    Cutthroat (RG-3): the lowest sits out; the second-lowest deals and plays the highest.
    pagat (§6.1): the lowest deals and sits out; the other two play.
    """
    order = tuple(cut_low_to_high)
    if sorted(order) != list(range(SEATS)):
        raise SeatingError(
            msg(
                "the cut must list each of the seats 0–{last} once (got {order})",
                last=SEATS - 1,
                order=str(order),
            )
        )
    low, middle, _high = order
    if Rotation(rotation) is Rotation.LOSER_DEALS_SITS_OUT:
        return Seating.of(dealer=low, sitting_out=low)
    return Seating.of(dealer=middle, sitting_out=low)


def next_seating(seating: Seating, winner: int | None, rotation: Rotation) -> Seating:
    """The seating of the hand after one played with ``seating`` and won by ``winner``.

    ``winner`` None (a dead or washed hand): the same two replay with the same dealer.
    """
    if winner is None:
        return seating
    loser = seating.opponent(winner)
    idle = seating.sitting_out
    if Rotation(rotation) is Rotation.LOSER_DEALS_SITS_OUT:
        return Seating.of(dealer=loser, sitting_out=loser)
    return Seating.of(dealer=idle, sitting_out=loser)


@dataclass(frozen=True)
class HandOutcome:
    """What the rotation needs of one hand: who won it, and the seating it was really played
    with when the table did not follow the rotation.

    ``winner`` is None for a hand nobody won (dead, or a tie scored as a wash).
    """

    winner: int | None
    seating: Seating | None = None


@dataclass(frozen=True)
class SeatingPlan:
    """Every hand's seating, and the next hand's.

    ``expected[i]`` is what the rotation called for at hand ``i``, ``played[i]`` the seating the
    hand was played with (the same unless the hand recorded an override). ``steps[i]`` says why
    hand ``i`` was seated so; ``next_steps`` why the next hand is.
    """

    rotation: Rotation
    expected: tuple[Seating, ...]
    played: tuple[Seating, ...]
    steps: tuple[Step, ...]
    next: Seating
    next_step: Step

    @property
    def overridden(self) -> tuple[int, ...]:
        """Indices of the hands the table seated differently from the rotation."""
        return tuple(
            i for i, (e, p) in enumerate(zip(self.expected, self.played, strict=True)) if e != p
        )


def plan_seatings(
    first: Seating,
    outcomes: Sequence[HandOutcome],
    rotation: Rotation,
    names: Sequence[str] | None = None,
) -> SeatingPlan:
    """Fold the hands' outcomes into every hand's seating, starting from ``first`` (the cut).

    A hand that records its own seating overrides the rotation for that hand; the next hand
    follows from that seating and its winner. Raises :class:`SeatingError` naming the hand when
    a winner did not play in it.
    """
    rotation = Rotation(rotation)
    label = labeller(names, SEATS)
    expected: list[Seating] = []
    played: list[Seating] = []
    steps: list[Step] = []
    current, why = first, _first_step(first, rotation, label)
    for index, outcome in enumerate(outcomes):
        number = index + 1
        expected.append(current)
        actual = outcome.seating if outcome.seating is not None else current
        if actual != current:
            why = step(
                msg(
                    "Hand {number} was played as the table recorded it: {played} "
                    "(the rotation called for {expected}).",
                    number=number,
                    played=_describe(actual, label),
                    expected=_describe(current, label),
                ),
                "§6",
            )
        played.append(actual)
        steps.append(why)
        winner = outcome.winner
        if winner is not None and not actual.plays(winner):
            raise SeatingError(
                msg(
                    "{winner} is recorded as the winner but sat out (the players were {a} and {b})",
                    winner=label(winner),
                    a=label(actual.players[0]),
                    b=label(actual.players[1]),
                )
            ).at_hand(number)
        current = next_seating(actual, winner, rotation)
        why = _rotation_step(number, actual, winner, current, rotation, label)
    return SeatingPlan(
        rotation=rotation,
        expected=tuple(expected),
        played=tuple(played),
        steps=tuple(steps),
        next=current,
        next_step=why,
    )


# -- steps ---------------------------------------------------------------------------------


def _describe(seating: Seating, label: Label) -> Message:
    a, b = (label(s) for s in seating.players)
    dealer = label(seating.dealer)
    if seating.dealer_plays:
        other = b if seating.dealer == seating.players[0] else a
        return msg(
            "{dealer} deals to {other}, {out} sits out",
            dealer=dealer,
            other=other,
            out=label(seating.sitting_out),
        )
    if seating.dealer == seating.sitting_out:
        return msg("{dealer} deals to {a} and {b} and sits out", dealer=dealer, a=a, b=b)
    return msg(
        "{dealer} deals, {a} plays {b}, {out} sits out",
        dealer=dealer,
        a=a,
        b=b,
        out=label(seating.sitting_out),
    )


def _first_step(first: Seating, rotation: Rotation, label: Label) -> Step:
    seating = _describe(first, label)
    if rotation is Rotation.LOSER_DEALS_SITS_OUT:
        said = msg(
            "First hand from the cut (the lowest cut deals and sits out): {seating}.",
            seating=seating,
        )
        return step(said, "§6.1")
    said = msg(
        "First hand from the cut (the lowest cut sits out, the second-lowest deals and plays "
        "the highest): {seating}.",
        seating=seating,
    )
    return step(said, "§6.2")


def _rotation_step(
    number: int,
    played: Seating,
    winner: int | None,
    following: Seating,
    rotation: Rotation,
    label: Label,
) -> Step:
    if winner is None:
        return step(
            msg(
                "Nobody won hand {number}: the same two replay with the same dealer ({seating}).",
                number=number,
                seating=_describe(following, label),
            ),
            "R16",
        )
    loser = played.opponent(winner)
    if rotation is Rotation.LOSER_DEALS_SITS_OUT:
        return step(
            msg(
                "{loser} lost hand {number}, so deals the next and sits out: "
                "{winner} plays {idle}.",
                loser=label(loser),
                number=number,
                winner=label(winner),
                idle=label(played.sitting_out),
            ),
            "§6.1",
        )
    return step(
        msg(
            "{loser} lost hand {number}, so sits out; {idle}, who sat out, deals to {winner}.",
            loser=label(loser),
            number=number,
            idle=label(played.sitting_out),
            winner=label(winner),
        ),
        "§6.2",
    )
