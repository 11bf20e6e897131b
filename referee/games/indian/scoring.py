"""One deal of Indian Rummy scored (docs/rules.md §8.6): the winner scores 0, every other
player what their part in the deal counts.

A player's part in a deal:

- ``won``: declared validly (or was the last left in the deal): 0;
- ``lost``: still in when the winner declared: the cards' points (entered as a count, or as
  the 13 cards, whose best grouping decides), capped at 80;
- ``drop``: dropped before their first draw: 20 (Pool 201: 25);
- ``middle_drop``: dropped later: 40 (Pool 201: 50);
- ``wrong``: declared wrongly: 80;
- ``out``: not dealt in (out of the pool).

>>> r = rule_deal(0, ["won", "lost", "drop", "wrong"], [None, 37, None, None],
...               names=("Ann", "Ben", "Cat", "Dan"))
>>> r.points
(0, 37, 20, 80)
>>> print(r.steps[-1].text)
Ann wins the deal and scores 0; the others score 137 in all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from referee.games.indian.cards import HAND_SIZE
from referee.games.indian.declaration import Declaration, check_cards, check_declaration
from referee.games.indian.grouping import CAP, Grouping, best_grouping
from referee.rules.cards import Card, Rank, format_cards
from referee.rules.errors import InputError
from referee.rules.messages import Message, msg
from referee.rules.results import Outcome, Step

RULE = "§8.6"


class Part(StrEnum):
    """A player's part in a deal."""

    WON = "won"
    LOST = "lost"
    DROP = "drop"
    MIDDLE_DROP = "middle_drop"
    WRONG = "wrong"
    OUT = "out"


PARTS = tuple(p.value for p in Part)


@dataclass(frozen=True)
class Penalties:
    """What a drop, a middle drop and a wrong declaration cost, and the cap on a loser's
    cards (the full count)."""

    drop: int = 20
    middle_drop: int = 40
    wrong: int = 80
    cap: int = CAP


POINTS_PENALTIES = Penalties()
"""Points, Deals and Pool 101 Rummy: drop 20, middle drop 40, wrong declaration 80, cap 80."""
POOL_201_PENALTIES = Penalties(drop=25, middle_drop=50)
"""Pool 201: drop 25, middle drop 50."""


def penalties_for(pool: int | None) -> Penalties:
    """The penalties of a table: Pool 201 (a pool of 201 or more) its own, the others 20/40."""
    return POOL_201_PENALTIES if pool is not None and pool >= 201 else POINTS_PENALTIES


@dataclass(frozen=True)
class SeatDeal:
    """One player's part in a deal, what it counts, and the cards it was counted from."""

    seat: int
    part: Part
    points: int
    cards: tuple[Card, ...] | None = None
    grouping: Grouping | None = None
    declaration: Declaration | None = None


@dataclass(frozen=True)
class DealResult:
    """A deal scored: the winner, every seat's part and points, the wild rank, the steps."""

    winner: int
    seats: tuple[SeatDeal, ...]
    wild: Rank | None
    steps: tuple[Step, ...]
    outcome: Outcome = Outcome.KNOCK

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(s.points for s in self.seats)

    @property
    def in_deal(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.seats if s.part is not Part.OUT)

    @property
    def collected(self) -> int:
        """The losers' points in all: what the winner collects (Points and Deals Rummy)."""
        return sum(self.points)


def rule_deal(
    winner: int | None,
    parts: Sequence[str | None],
    counts: Sequence[int | None] = (),
    cards: Sequence[Sequence[Card] | None] = (),
    shown: Sequence[Sequence[Card]] | None = None,
    wild: Rank | None = None,
    penalties: Penalties = POINTS_PENALTIES,
    names: Sequence[str] = (),
) -> DealResult:
    """Score a deal. ``parts`` by seat (None: ``lost``, or ``won`` for the winner);
    ``counts`` the losers' points as entered, or ``cards`` their 13 cards; ``shown`` the
    winner's groups (checked as a declaration) when entered. Raises :class:`InputError`
    naming the field at fault."""
    seats = len(parts)
    names = tuple(names) or tuple(f"Player {s + 1}" for s in range(seats))
    read = _parts(winner, parts, names)
    assert winner is not None
    steps: list[Step] = []
    out: list[SeatDeal] = []
    for seat, part in enumerate(read):
        count = counts[seat] if seat < len(counts) else None
        held = cards[seat] if seat < len(cards) else None
        done = _seat(seat, part, count, held, shown, wild, penalties, names[seat])
        out.append(done)
        said = _said(done, names[seat], penalties)
        if said is not None:
            steps.append(Step(said, RULE))
    collected = sum(s.points for s in out)
    steps.append(
        Step(
            msg(
                "{player} wins the deal and scores 0; the others score {points} in all.",
                player=names[winner],
                points=collected,
            ),
            RULE,
        )
    )
    return DealResult(winner, tuple(out), wild, tuple(steps))


def _parts(winner: int | None, parts: Sequence[str | None], names: Sequence[str]) -> list[Part]:
    seats = len(parts)
    if winner is None or not 0 <= winner < seats:
        raise InputError("knocker_seat", msg("choose who won the deal"), api_field="winner")
    read: list[Part] = []
    for seat, value in enumerate(parts):
        if value in (None, ""):
            read.append(Part.WON if seat == winner else Part.LOST)
            continue
        if value not in PARTS:
            raise InputError(
                f"part_{seat}",
                msg(
                    "{player}: {part} is not a part in a deal ({allowed})",
                    player=names[seat],
                    part=repr(value),
                    allowed=", ".join(PARTS),
                ),
                api_field="parts",
                seat=seat,
            )
        read.append(Part(value))
    if read[winner] is not Part.WON:
        raise InputError(
            "knocker_seat",
            msg(
                "{player} won the deal, so cannot have {part} too",
                player=names[winner],
                part=_part_said(read[winner]),
            ),
            api_field="winner",
        )
    for seat, part in enumerate(read):
        if part is Part.WON and seat != winner:
            raise InputError(
                f"part_{seat}",
                msg("{player}: only the winner wins the deal", player=names[seat]),
                api_field="parts",
                seat=seat,
            )
    if sum(p is not Part.OUT for p in read) < 2:
        raise InputError("knocker_seat", msg("a deal needs at least two players in it"))
    return read


def _part_said(part: Part) -> Message:
    return {
        Part.WON: msg("won"),
        Part.LOST: msg("lost"),
        Part.DROP: msg("dropped"),
        Part.MIDDLE_DROP: msg("dropped in the middle"),
        Part.WRONG: msg("declared wrongly"),
        Part.OUT: msg("been out of the deal"),
    }[part]


def _seat(
    seat: int,
    part: Part,
    count: int | None,
    held: Sequence[Card] | None,
    shown: Sequence[Sequence[Card]] | None,
    wild: Rank | None,
    penalties: Penalties,
    name: str,
) -> SeatDeal:
    if part is Part.WON:
        return _winner(seat, held, shown, wild, name)
    fixed = {
        Part.DROP: penalties.drop,
        Part.MIDDLE_DROP: penalties.middle_drop,
        Part.WRONG: penalties.wrong,
        Part.OUT: 0,
    }
    if part is not Part.LOST:
        return SeatDeal(seat, part, fixed[part])
    if held:
        if len(held) != HAND_SIZE:
            raise InputError(
                f"cards_{seat}",
                msg(
                    "{player}: {count} cards entered, a player holds {size}",
                    player=name,
                    count=len(held),
                    size=HAND_SIZE,
                ),
                api_field="hands",
                seat=seat,
            )
        grouping = best_grouping(held, wild)
        return SeatDeal(seat, part, grouping.capped(penalties.cap), tuple(held), grouping)
    if count is None:
        raise InputError(
            f"count_{seat}",
            msg(
                "{player}: enter the points of their cards (0 to {cap})",
                player=name,
                cap=penalties.cap,
            ),
            api_field="counts",
            seat=seat,
        )
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= penalties.cap:
        raise InputError(
            f"count_{seat}",
            msg(
                "{player}: a loser's points are a whole number from 0 to {cap} (the cap)",
                player=name,
                cap=penalties.cap,
            ),
            api_field="counts",
            seat=seat,
        )
    return SeatDeal(seat, part, count)


def _winner(
    seat: int,
    held: Sequence[Card] | None,
    shown: Sequence[Sequence[Card]] | None,
    wild: Rank | None,
    name: str,
) -> SeatDeal:
    """The winner's declaration, checked when their groups or cards were entered."""
    declaration: Declaration | None = None
    if shown:
        declaration = check_declaration(shown, wild)
        field = "melds"
    elif held:
        declaration = check_cards(held, wild)
        field = "hands"
    if declaration is not None and not declaration.valid:
        raise InputError(
            f"{field}_{seat}" if field == "melds" else f"cards_{seat}",
            msg(
                "{player}'s declaration is wrong: {problem} (enter it as a wrong declaration "
                "and choose who won)",
                player=name,
                problem=declaration.problem or "",
            ),
            api_field=field,
            seat=seat,
        )
    cards = tuple(c for g in shown for c in g) if shown else (tuple(held) if held else None)
    return SeatDeal(seat, Part.WON, 0, cards, declaration=declaration)


def _said(done: SeatDeal, name: str, penalties: Penalties) -> Message | None:
    part = done.part
    if part is Part.WON:
        if done.declaration is None:
            return msg("{player} won the deal.", player=name)
        return msg(
            "{player} declared: {groups}, a valid declaration.",
            player=name,
            groups=" | ".join(g.label for g in done.declaration.groups),
        )
    if part is Part.DROP:
        return msg(
            "{player} dropped before the first draw: {points}.", player=name, points=done.points
        )
    if part is Part.MIDDLE_DROP:
        return msg("{player} dropped in the middle: {points}.", player=name, points=done.points)
    if part is Part.WRONG:
        return msg("{player} declared wrongly: {points}.", player=name, points=done.points)
    if part is Part.OUT:
        return None
    if done.grouping is None:
        return msg("{player}'s cards count {points}.", player=name, points=done.points)
    return _grouping_said(done.grouping, name, penalties.cap)


def _grouping_said(g: Grouping, name: str, cap: int) -> Message:
    capped = g.points > cap
    if g.rule == "no_pure":
        said = msg(
            "{player} has no pure sequence: every card counts, {cards} = {total}",
            player=name,
            cards=format_cards(g.counted_cards),
            total=g.points,
        )
    elif g.rule == "pure_only":
        said = msg(
            "{player} has a pure sequence ({pure}) but no second sequence: every other card "
            "counts, {cards} = {total}",
            player=name,
            pure=g.groups[0].label,
            cards=format_cards(g.counted_cards),
            total=g.points,
        )
    else:
        said = msg(
            "{player} groups {groups}; left over {cards} = {total}",
            player=name,
            groups=" | ".join(x.label for x in g.groups),
            cards=format_cards(g.counted_cards) or "—",
            total=g.points,
        )
    if capped:
        return msg("{said}, capped at {cap}.", said=said, cap=cap)
    return msg("{said}.", said=said)
