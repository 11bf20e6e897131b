"""One combination checked: a group or a sequence, with its wild cards placed.

Seed 002's placement rule, exactly: in a group (n of a kind) wild cards may sit side by side;
in a sequence they must be separated by a natural card — ``5 ★ ★`` is a group, ``5 ★ 7 ★`` a
sequence, ``5 ★ ★ 8`` is no sequence (the ★s would stand for 6 and 7, side by side).

A wild may name what it stands for (``JK=6S``); left unnamed the referee places it. A wild
standing for exactly itself (2♠ as the 2♠ of a spade sequence, or in a group of 2s) is a
natural card there. A group needs one natural card to say its rank. Aces are high or low in a
sequence, never both, and a sequence never wraps.

>>> from referee.games.contract.table import TWELVE_STEP
>>> from referee.rules.cards import parse_cards
>>> def laid(text):
...     return tuple(Laid(c) for c in parse_cards(text, TWELVE_STEP.deck))
>>> read_group(laid("5S JK 2C"), TWELVE_STEP).label
'5♠ JK(5) 2♣(5)'
>>> read_sequence(laid("5S JK 7S 2C"), TWELVE_STEP).label
'5♠ JK(6♠) 7♠ 2♣(8♠)'
>>> try:
...     read_sequence(laid("5S JK 2C 8S"), TWELVE_STEP)
... except CombinationError as e:
...     print(e)
puts two wilds side by side in a sequence (JK as 6♠, 2♣ as 7♠)
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass
from itertools import combinations, pairwise

from referee.games.contract.contracts import MAX_SEQUENCE, MIN_LENGTH, Kind
from referee.games.contract.table import ACE_HIGH, ContractTable, rank_plural, said_and
from referee.rules.cards import SUITS, Card, Rank, Suit
from referee.rules.messages import Message, as_message, msg, msg_n

__all__ = [
    "Combination",
    "CombinationError",
    "Laid",
    "Placed",
    "Target",
    "position_label",
    "read_as",
    "read_group",
    "read_sequence",
    "readings",
]


class CombinationError(ValueError):
    """Why cards are not the combination asked for, in words for the table: ``message`` is
    the sentence (its key and values), ``reason`` and ``str()`` its English."""

    def __init__(self, reason: Message | str) -> None:
        self.message = as_message(reason)
        super().__init__(str(reason))

    @property
    def reason(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class Target:
    """What a wild is said to stand for: a rank (1–13; an ace may then sit high or low in a
    sequence) and, for a sequence, a suit."""

    rank: int
    suit: Suit | None = None

    @property
    def label(self) -> str:
        text = Rank(self.rank).label
        return text + self.suit.symbol if self.suit else text


@dataclass(frozen=True)
class Laid:
    """A card as laid down, and what it was named to stand for (wilds only; None: infer)."""

    card: Card
    named: Target | None = None


def position_label(position: int, suit: Suit | None) -> str:
    """A place in a sequence (1–14) or a group's rank as a card: ``6♠``, ``A♥``, ``5``."""
    rank = Rank(1 if position == ACE_HIGH else position)
    return rank.label + (suit.symbol if suit else "")


@dataclass(frozen=True)
class Placed:
    """A card where it sits in a combination: its position (a sequence's 1–14, ace high 14;
    a group's rank), and whether it sits there as a wild."""

    card: Card
    position: int
    wild: bool

    def label(self, suit: Suit | None) -> str:
        if not self.wild:
            return self.card.label
        return f"{self.card.label}({position_label(self.position, suit)})"

    def stands_for(self, suit: Suit | None) -> Target:
        rank = 1 if self.position == ACE_HIGH else self.position
        return Target(rank, suit)


@dataclass(frozen=True)
class Combination:
    """A checked group or sequence: its cards in place (a sequence in rank order), its suit
    (sequences) and its rank (groups)."""

    kind: Kind
    placed: tuple[Placed, ...]
    suit: Suit | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.placed)

    @property
    def label(self) -> str:
        return " ".join(p.label(self.suit) for p in self.placed)

    @property
    def rank(self) -> int:
        """A group's rank (a sequence: its lowest position)."""
        return self.placed[0].position

    @property
    def low(self) -> int:
        return min(p.position for p in self.placed)

    @property
    def high(self) -> int:
        return max(p.position for p in self.placed)

    @property
    def wilds(self) -> tuple[Placed, ...]:
        return tuple(p for p in self.placed if p.wild)

    def as_laid(self) -> tuple[Laid, ...]:
        """The cards with every wild named as it stands (to extend or re-check it)."""
        return tuple(
            Laid(p.card, p.stands_for(self.suit) if p.wild or self.kind is Kind.SEQUENCE else None)
            for p in self.placed
        )

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind.value,
            "cards": [p.card.code for p in self.placed],
            "label": self.label,
            "wilds": {
                p.card.code: position_label(p.position, self.suit).replace("10", "10")
                for p in self.placed
                if p.wild
            },
        }


def _text(laid: Sequence[Laid]) -> str:
    return " ".join(
        x.card.label + (f"={x.named.label}" if x.named is not None else "") for x in laid
    )


def _check_names(laid: Sequence[Laid], table: ContractTable) -> None:
    for x in laid:
        if x.named is not None and not table.is_wild(x.card) and not _names_itself(x):
            raise CombinationError(
                msg(
                    "{card} is not wild at this table (wild: {wilds}), so it cannot stand for "
                    "{named}",
                    card=x.card.label,
                    wilds=table.wilds_said(),
                    named=x.named.label,
                )
            )
        if x.card.is_joker and not table.jokers_wild:
            raise CombinationError(
                msg("{card}: jokers are not wild at this table", card=x.card.label)
            )


def _names_itself(x: Laid) -> bool:
    card, named = x.card, x.named
    return (
        named is not None
        and card.rank is not None
        and int(card.rank) == named.rank
        and named.suit in (None, card.suit)
    )


def read_group(laid: Sequence[Laid], table: ContractTable) -> Combination:
    """``laid`` as a group (n cards of one rank, wilds anywhere), or :class:`CombinationError`."""
    _check_names(laid, table)
    if len(laid) < MIN_LENGTH:
        raise CombinationError(
            msg_n(
                "has {count} cards: a group has at least {least}",
                "has {count} cards: a group has at least {least}",
                len(laid),
                least=MIN_LENGTH,
            )
        )
    fixed = [x for x in laid if not table.is_wild(x.card)]
    ranks = sorted({int(x.card.rank) for x in fixed if x.card.rank is not None})
    if not ranks:
        # No card is natural by itself: a group of a wild rank (2s), or named wilds.
        own = sorted({int(x.card.rank) for x in laid if x.card.rank is not None})
        named = sorted({x.named.rank for x in laid if x.named is not None})
        candidates = [r for r in own if all(n == r for n in named)]
        if not candidates:
            raise CombinationError(msg("has no natural card: a group needs one to say its rank"))
        ranks = candidates[:1]
    if len(ranks) > 1:
        shown = said_and([rank_plural(r) for r in ranks])
        raise CombinationError(msg("mixes {ranks}: a group is of one rank", ranks=shown))
    rank = ranks[0]
    placed = []
    for x in laid:
        natural = x.card.rank is not None and int(x.card.rank) == rank
        if x.named is not None and x.named.rank != rank:
            raise CombinationError(
                msg(
                    "{card} is named {named}, but the group is of {ranks}",
                    card=x.card.label,
                    named=x.named.label,
                    ranks=rank_plural(rank),
                )
            )
        placed.append(Placed(x.card, rank, wild=not natural))
    return Combination(Kind.GROUP, tuple(placed))


def _spots(x: Laid, suit: Suit) -> tuple[int, ...]:
    """The positions a card may take in a sequence of ``suit`` as a natural or a named wild."""
    if x.named is not None:
        rank, named_suit = x.named.rank, x.named.suit
        if named_suit is not None and named_suit is not suit:
            return ()
    else:
        assert x.card.rank is not None
        rank, named_suit = int(x.card.rank), x.card.suit
        if named_suit is not suit:
            return ()
    return (1, ACE_HIGH) if rank == 1 else (rank,)


def read_sequence(laid: Sequence[Laid], table: ContractTable) -> Combination:
    """``laid`` as a sequence (n cards in rank order of one suit, no two wilds side by side),
    or :class:`CombinationError` with the most telling reason."""
    _check_names(laid, table)
    n = len(laid)
    if n < MIN_LENGTH:
        raise CombinationError(
            msg_n(
                "has {count} cards: a sequence has at least {least}",
                "has {count} cards: a sequence has at least {least}",
                n,
                least=MIN_LENGTH,
            )
        )
    if n > MAX_SEQUENCE:
        raise CombinationError(
            msg_n(
                "has {count} cards: a sequence has at most {most} (ace high or low, no wrap)",
                "has {count} cards: a sequence has at most {most} (ace high or low, no wrap)",
                n,
                most=MAX_SEQUENCE,
            )
        )
    fixed = [x for x in laid if not table.is_wild(x.card)]
    suits = {x.card.suit for x in fixed}
    suits |= {x.named.suit for x in laid if x.named is not None and x.named.suit is not None}
    if len(suits) > 1:
        shown = said_and([s.symbol for s in SUITS if s in suits])
        raise CombinationError(msg("mixes {suits}: a sequence is of one suit", suits=shown))
    if suits:
        candidates = [s for s in suits if s is not None]
    else:
        candidates = sorted(
            {x.card.suit for x in laid if x.card.suit is not None}, key=lambda s: s.index
        )
    best: CombinationError | None = None
    best_rank = -1
    for suit in candidates:
        written = _as_written(laid, suit, table)
        if written is not None:
            return written
    for suit in candidates:
        try:
            return _place_sequence(laid, suit, table)
        except _Miss as miss:
            if miss.rank > best_rank:
                best, best_rank = CombinationError(miss.reason), miss.rank
    if best is None:
        best = CombinationError(
            msg("has no natural card: a sequence needs natural cards between its wilds")
        )
    raise best


def _as_written(laid: Sequence[Laid], suit: Suit, table: ContractTable) -> Combination | None:
    """The sequence read in the order the cards were laid (up or down), when that order is a
    valid sequence: ``5 ★ 7 ★`` is 5 6 7 8 as laid, not 4 5 6 7."""
    n = len(laid)
    for order in (laid, laid[::-1]):
        for low in range(1, ACE_HIGH - n + 2):
            placed = []
            for offset, x in enumerate(order):
                position = low + offset
                own = _spots(x, suit) if x.named is not None or not table.is_wild(x.card) else ()
                if x.named is not None or not table.is_wild(x.card):
                    if position not in own:
                        break
                    wild = x.named is not None and not _names_itself(x)
                else:
                    natural = x.card.suit is suit and position in _spots(x, suit)
                    wild = not natural
                placed.append(Placed(x.card, position, wild))
            else:
                ordered = tuple(placed)
                if _side_by_side(ordered) is None:
                    return Combination(Kind.SEQUENCE, ordered, suit)
    return None


class _Miss(Exception):
    """A sequence reading that failed, ranked by how close it came (higher: closer)."""

    def __init__(self, reason: Message, rank: int) -> None:
        self.reason = reason
        self.rank = rank


def _place_sequence(laid: Sequence[Laid], suit: Suit, table: ContractTable) -> Combination:
    n = len(laid)
    # Cards with a place of their own: naturals and named wilds; flexible: wild-rank cards of
    # the suit (natural at their own rank, or wild); free: unnamed wilds.
    fixed: list[Laid] = []
    flexible: list[Laid] = []
    free: list[Laid] = []
    for x in laid:
        if x.named is not None or not table.is_wild(x.card):
            fixed.append(x)
        elif x.card.suit is suit:
            flexible.append(x)
        else:
            free.append(x)
    for x in fixed:
        if not _spots(x, suit):
            if x.named is not None:
                reason = msg(
                    "{card} is named {named} not {suit}: a sequence is of one suit",
                    card=x.card.label,
                    named=x.named.label,
                    suit=suit.symbol,
                )
            else:
                reason = msg(
                    "{card} is not {suit}: a sequence is of one suit",
                    card=x.card.label,
                    suit=suit.symbol,
                )
            raise _Miss(reason, 0)
    closest: _Miss | None = None
    for low in range(1, ACE_HIGH - n + 2):
        span = range(low, low + n)
        taken = _fit(fixed, span, suit)
        if taken is None:
            continue
        for natural_count in range(len(flexible), -1, -1):
            for chosen in combinations(range(len(flexible)), natural_count):
                placed = dict(taken)
                ok = True
                for i in chosen:
                    spot = _spots(flexible[i], suit)[0]
                    if spot not in span or spot in placed:
                        ok = False
                        break
                    placed[spot] = Placed(flexible[i].card, spot, wild=False)
                if not ok:
                    continue
                rest = [flexible[i] for i in range(len(flexible)) if i not in chosen] + free
                holes = [p for p in span if p not in placed]
                for p, x in zip(holes, rest, strict=True):
                    placed[p] = Placed(x.card, p, wild=True)
                ordered = tuple(placed[p] for p in span)
                side = _side_by_side(ordered)
                if side is None:
                    return Combination(Kind.SEQUENCE, ordered, suit)
                a, b = side
                miss = _Miss(
                    msg(
                        "puts two wilds side by side in a sequence ({first} as {first_place}, "
                        "{second} as {second_place})",
                        first=a.card.label,
                        first_place=position_label(a.position, suit),
                        second=b.card.label,
                        second_place=position_label(b.position, suit),
                    ),
                    2,
                )
                closest = closest or miss
    if closest is not None:
        raise closest
    raise _Miss(_no_span_reason(fixed, n, suit), 1)


def _fit(fixed: Sequence[Laid], span: range, suit: Suit) -> dict[int, Placed] | None:
    """Every fixed card in its place within ``span`` (an ace high or low), or None."""
    placed: dict[int, Placed] = {}
    for x in fixed:
        spots = [p for p in _spots(x, suit) if p in span and p not in placed]
        if not spots:
            return None
        wild = x.named is not None and not _names_itself(x)
        placed[spots[0]] = Placed(x.card, spots[0], wild=wild)
    return placed


def _side_by_side(ordered: Sequence[Placed]) -> tuple[Placed, Placed] | None:
    for a, b in pairwise(ordered):
        if a.wild and b.wild:
            return a, b
    return None


def _in_a_row(n: int) -> Message:
    return msg_n(
        "cannot be placed as {count} cards in a row",
        "cannot be placed as {count} cards in a row",
        n,
    )


def _no_span_reason(fixed: Sequence[Laid], n: int, suit: Suit) -> Message:
    ranks: dict[int, list[Laid]] = {}
    for x in fixed:
        spots = _spots(x, suit)
        ranks.setdefault(spots[0], []).append(x)
    for rank, xs in sorted(ranks.items()):
        if len(xs) > 1:
            shown = position_label(rank, suit)
            return msg("holds {card} twice: a sequence has one card of each rank", card=shown)
    positions = sorted(ranks)
    if positions:
        low, high = positions[0], positions[-1]
        if 1 in ranks and high - low + 1 > n:
            # An ace may sit high instead: measure from the next card up.
            rest = [p for p in positions if p != 1]
            if rest and ACE_HIGH - rest[0] + 1 <= n:
                return _in_a_row(n)
            high = ACE_HIGH if not rest else high
        first, last = position_label(low, suit), position_label(positions[-1], suit)
        return msg_n(
            "cannot reach from {first} to {last} with {count} cards: a sequence is {count} "
            "cards in a row (ace high or low, no wrap)",
            "cannot reach from {first} to {last} with {count} cards: a sequence is {count} "
            "cards in a row (ace high or low, no wrap)",
            n,
            first=first,
            last=last,
        )
    return _in_a_row(n)


def readings(laid: Sequence[Laid], table: ContractTable) -> dict[Kind, Combination]:
    """Every way ``laid`` reads: as a group, as a sequence, both or neither."""
    out: dict[Kind, Combination] = {}
    for kind in Kind:
        with suppress(CombinationError):
            out[kind] = read_as(laid, kind, table)
    return out


def read_as(laid: Sequence[Laid], kind: Kind, table: ContractTable) -> Combination:
    return read_group(laid, table) if kind is Kind.GROUP else read_sequence(laid, table)


def meant_kind(laid: Sequence[Laid], table: ContractTable) -> Kind:
    """What a combination that reads as neither was most likely meant as: a group when its
    natural cards share a rank, else a sequence."""
    ranks = {x.card.rank for x in laid if not table.is_wild(x.card)}
    return Kind.GROUP if len(ranks) <= 1 and len(laid) >= 1 else Kind.SEQUENCE


def laid_text(laid: Sequence[Laid]) -> str:
    return _text(laid)
