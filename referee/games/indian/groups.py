"""One group of an Indian Rummy hand: a set, a pure sequence or an impure sequence
(docs/rules.md §8.6), or why it is none of them.

- A **sequence** is three or more consecutive cards of one suit, the ace low (A-2-3) or high
  (Q-K-A), never both and never wrapping (K-A-2). It is **pure** when every card is the card
  it stands for: no printed joker, and a card of the wild rank only as itself in its own suit
  (7♠ 8♠ 9♠ with sevens wild is pure). Otherwise wild cards stand in and it is **impure**.
- A **set** is three or four cards of one rank in different suits; wild cards may stand in
  for the missing suits. Two identical cards (one from each pack) are never in one set.
- Every group holds at least one card that is not a printed joker (the project's reading:
  three printed jokers alone are no group; §12.10). A group made only of wild cards of which
  one is a card of the wild rank is an impure sequence (that card as itself, the others
  beside it).

>>> from referee.rules.cards import parse_cards, Rank
>>> classify(parse_cards("7S 8S 9S", TWO_PACKS), Rank.SEVEN).kind
<GroupKind.PURE: 'pure'>
>>> classify(parse_cards("7H 8H JK", TWO_PACKS), Rank.TWO).kind
<GroupKind.IMPURE: 'impure'>
>>> print(problem_of(parse_cards("7H 8S 9H", TWO_PACKS), Rank.TWO))
7♥ 8♠ 9♥ is neither a set (one rank, different suits) nor a sequence (one suit, in a row)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from referee.games.indian.cards import TWO_PACKS, is_wild
from referee.rules.cards import Card, Rank, format_cards
from referee.rules.messages import Message, msg

__all__ = ["TWO_PACKS", "Group", "GroupKind", "classify", "problem_of", "sequence_span"]

HIGHEST = 14  # a high ace
LONGEST = 13  # a sequence never holds both aces


class GroupKind(StrEnum):
    PURE = "pure"  # a pure sequence
    IMPURE = "impure"  # a sequence with a wild card standing in
    SET = "set"

    @property
    def sequence(self) -> bool:
        return self is not GroupKind.SET

    @property
    def said(self) -> Message:
        return {
            GroupKind.PURE: msg("a pure sequence"),
            GroupKind.IMPURE: msg("an impure sequence"),
            GroupKind.SET: msg("a set"),
        }[self]


@dataclass(frozen=True)
class Group:
    """A group as laid out: its cards and what it is."""

    cards: tuple[Card, ...]
    kind: GroupKind

    @property
    def label(self) -> str:
        return format_cards(self.cards)

    @property
    def codes(self) -> list[str]:
        return [c.code for c in self.cards]


def _positions(card: Card) -> tuple[int, ...]:
    assert card.rank is not None
    return (1, HIGHEST) if card.rank == Rank.ACE else (int(card.rank),)


def sequence_span(fixed: Sequence[Card], size: int) -> bool:
    """Whether the ``fixed`` cards (natural, one suit) fit in a run of ``size`` cards, the
    others wild: distinct places within one window of ``size`` of A(1)..A(14)."""
    if size > LONGEST or not fixed:
        return 0 < size <= LONGEST
    for ace_high in (False, True):
        places = [(p[-1] if ace_high else p[0]) for p in (_positions(c) for c in fixed)]
        if len(set(places)) == len(places) and max(places) - min(places) < size:
            return True
    return False


def _pure(cards: Sequence[Card]) -> bool:
    if any(c.is_joker for c in cards):
        return False
    if len({c.suit for c in cards}) != 1:
        return False
    return _tight(cards)


def _tight(cards: Sequence[Card]) -> bool:
    """Naturals alone fill every place of their run (no gap)."""
    for ace_high in (False, True):
        places = sorted((_positions(c)[-1] if ace_high else _positions(c)[0]) for c in cards)
        if len(set(places)) == len(places) and places[-1] - places[0] == len(places) - 1:
            return True
    return False


def classify(cards: Sequence[Card], wild: Rank | None) -> Group:
    """``cards`` as a group (pure sequence first, then impure sequence, then set); raises
    :class:`GroupError` carrying :func:`problem_of`'s words when they are none."""
    kind = _kind(cards, wild)
    if kind is None:
        problem = problem_of(cards, wild)
        assert problem is not None
        raise GroupError(problem)
    return Group(tuple(cards), kind)


class GroupError(ValueError):
    """A group that is no group: ``message`` says why."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


def _kind(cards: Sequence[Card], wild: Rank | None) -> GroupKind | None:
    if len(cards) < 3 or all(c.is_joker for c in cards):
        return None
    if _pure(cards):
        return GroupKind.PURE
    fixed = [c for c in cards if not is_wild(c, wild)]
    if len({c.suit for c in fixed}) <= 1 and sequence_span(fixed, len(cards)):
        return GroupKind.IMPURE
    ranks = {c.rank for c in fixed}
    suits = [c.suit for c in fixed]
    if len(cards) <= 4 and len(ranks) == 1 and len(set(suits)) == len(suits):
        return GroupKind.SET
    return None


def problem_of(cards: Sequence[Card], wild: Rank | None) -> Message | None:
    """Why ``cards`` are no group (None: they are one), in plain words."""
    said = format_cards(cards)
    if len(cards) < 3:
        return msg("{group}: a group holds at least 3 cards", group=said)
    if all(c.is_joker for c in cards):
        return msg("{group}: printed jokers alone are no group", group=said)
    if _kind(cards, wild) is not None:
        return None
    fixed = [c for c in cards if not is_wild(c, wild)]
    if len({c.rank for c in fixed}) == 1:
        if len(cards) > 4:
            return msg("{group}: a set holds at most 4 cards", group=said)
        seen: set[object] = set()
        for c in fixed:
            if c.suit in seen:
                return msg(
                    "{group}: a set's cards are of different suits ({suit} twice)",
                    group=said,
                    suit=c.suit.symbol if c.suit else "",
                )
            seen.add(c.suit)
    if len({c.suit for c in fixed}) == 1:
        return msg(
            "{group}: not in a row (a sequence runs A-2-3 up to Q-K-A, without a gap "
            "no wild card fills, and never K-A-2)",
            group=said,
        )
    return msg(
        "{group} is neither a set (one rank, different suits) nor a sequence (one suit, in a row)",
        group=said,
    )
