"""The data a ruling produces: melds, arrangements, steps, and one hand's result.

These are plain frozen values so that the web pages, the JSON API, the shell and the ledger
all read the same thing. Functions that make them live in ``melds``, ``layoffs`` and
``adjudicate``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from referee.rules.cards import Card, Suit
from referee.rules.messages import Message, as_message, to_json


class MeldKind(StrEnum):
    SET = "set"  # 3–4 cards of one rank
    RUN = "run"  # 3+ consecutive cards of one suit


@dataclass(frozen=True)
class Meld:
    """One meld as placed on the table.

    ``cards`` are in table order (a run from low to high, wilds at the places they fill).
    For a set, ``rank`` is its rank; for a run, ``suit`` and ``low``..``high`` its span, with
    a high ace counted as 14.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: int | None = None
    suit: Suit | None = None
    low: int | None = None
    high: int | None = None

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def label(self) -> str:
        return " ".join(c.label for c in self.cards)

    @property
    def codes(self) -> list[str]:
        return [c.code for c in self.cards]


@dataclass(frozen=True)
class Arrangement:
    """A hand split into melds and deadwood; ``deadwood`` is the deadwood cards' value."""

    melds: tuple[Meld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int
    # when the arrangement stands for several that differ only in which wild card is where
    # (cards of a wild rank in different places), which cards could change places: ``note``
    # in English (for the JSON), ``note_message`` the same as a Message (for the pages)
    note: str = ""
    note_message: Message | None = field(default=None, compare=False, repr=False)

    @property
    def melded_cards(self) -> tuple[Card, ...]:
        return tuple(c for m in self.melds for c in m.cards)


@dataclass(frozen=True)
class Layoff:
    """One card the defender lays off, and the knocker's meld (index into the spread) it joins."""

    card: Card
    meld_index: int


@dataclass(frozen=True)
class Step:
    """One plain-language step of a ruling, tagged with the rule it applies (e.g. "R4", "§2.1").

    ``said`` is the sentence as a :class:`Message` (its key and values, for the pages to say it
    in the reader's language); ``text`` is its English, as the shell and the API show it.
    """

    said: Message | str
    rule: str

    @property
    def text(self) -> str:
        return str(self.said)

    @property
    def message(self) -> Message:
        return as_message(self.said)

    def as_json(self) -> dict[str, object]:
        """The step for the API: its English ``text`` and ``rule``, and (for clients that say
        it in their own language) its ``key`` and ``values``."""
        out: dict[str, object] = {"text": self.text, "rule": self.rule}
        if isinstance(self.said, Message):
            out.update(to_json(self.said))
        return out


class Outcome(StrEnum):
    KNOCK = "knock"  # knocker wins on a legal knock
    UNDERCUT = "undercut"  # defender's deadwood ≤ knocker's (per tie rule)
    GIN = "gin"
    BIG_GIN = "big_gin"
    WASH = "wash"  # a tie scored 0-0 under tie_outcome=wash
    DEAD = "dead"  # drawn hand: nobody knocked before the wall
    ILLEGAL_KNOCK = "illegal_knock"  # refused: scores nothing, not a finished hand


class Role(StrEnum):
    KNOCKER = "knocker"
    DEFENDER = "defender"


@dataclass(frozen=True)
class HandResult:
    """One finished (or refused) two-handed hand, with its numbers and the steps that explain it.

    ``points`` go to ``scorer`` (``None`` when nobody scores). ``boxes`` is how many boxes the
    scorer wins (1 normally; kisses and a doubled box give more). ``knocker_arrangement`` and
    ``defender_arrangement`` are present when cards were entered, absent for quick entry.
    """

    outcome: Outcome
    scorer: Role | None
    points: int
    boxes: int
    knocker_deadwood: int | None
    defender_deadwood: int | None
    defender_deadwood_before_layoffs: int | None = None
    knocker_arrangement: Arrangement | None = None
    defender_arrangement: Arrangement | None = None
    layoffs: tuple[Layoff, ...] = ()
    steps: tuple[Step, ...] = ()
    knock_limit: int | None = None
    multiplier: int = 1
    notes: tuple[str, ...] = field(default=())

    @property
    def finished(self) -> bool:
        """A refused (illegal) knock is not a finished hand and is never recorded as one."""
        return self.outcome is not Outcome.ILLEGAL_KNOCK

    @property
    def scored(self) -> bool:
        return self.scorer is not None

    def score(self, knocker_seat: int, seats: int = 2) -> HandScore:
        """This result as the ledger reads it, with the knocker in ``knocker_seat``.

        In a two-seat game the defender is the other seat.
        """
        if self.scorer is None or not self.finished:
            return HandScore.nothing(seats)
        if self.scorer is Role.KNOCKER:
            seat = knocker_seat
        else:
            if seats != 2:
                raise ValueError("the defender's seat is only implied in a two-seat game")
            seat = 1 - knocker_seat
        return HandScore.to_seat(seat, self.points, self.boxes, seats)


@dataclass(frozen=True)
class HandScore:
    """What one hand adds to each seat of a game, by seat index: hand points and boxes won.

    This is all the ledger needs of a hand; it is the same for every variant, so the ledger
    never needs to know how a hand was played. A dead hand is all zeros.
    """

    points: tuple[int, ...]
    boxes: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.points) != len(self.boxes):
            raise ValueError("points and boxes need one entry per seat")

    @classmethod
    def nothing(cls, seats: int = 2) -> HandScore:
        return cls((0,) * seats, (0,) * seats)

    @classmethod
    def to_seat(cls, seat: int, points: int, boxes: int = 1, seats: int = 2) -> HandScore:
        """``points`` and ``boxes`` to one seat, nothing to the others."""
        pts = [0] * seats
        bxs = [0] * seats
        pts[seat] = points
        bxs[seat] = boxes
        return cls(tuple(pts), tuple(bxs))

    @property
    def seats(self) -> int:
        return len(self.points)
