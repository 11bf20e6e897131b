"""The pack, the wild cards and the penalty values of a Contract Rummy table (docs/rules.md §8.5).

Everything here is data a table may change: how many packs for how many players, how many
jokers go with them (sources give four, one, or players − 1), which ranks are wild, and what a
card left in hand costs. Aces rank high or low in a sequence, never both, and a sequence never
wraps (K-A-2).

>>> packs_for(5), packs_for(6), packs_for(8)
(2, 3, 4)
>>> jokers_for(JokerRule.TWO_PER_PACK, packs=2, players=4)
4
>>> TWELVE_STEP.deck.size
108
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from referee.rules.cards import Card, Deck, Rank
from referee.rules.messages import Message, all_of, as_message, listed, msg

__all__ = [
    "DEFAULT_PENALTIES",
    "SEVEN_DEAL_TABLE",
    "TWELVE_STEP",
    "ContractTable",
    "JokerRule",
    "PenaltyValues",
    "jokers_for",
    "packs_for",
    "said_and",
    "said_list",
]

ACE_HIGH = 14
"""An ace at the top of a sequence (Q-K-A) sits at position 14; at the bottom, at 1."""


class JokerRule(StrEnum):
    """How many jokers go with the packs: published tables differ (docs/rules.md §8.5)."""

    TWO_PER_PACK = "two_per_pack"  # 12-Step: each pack with its two jokers (108 for two packs)
    ONE_FEWER_THAN_PACKS = "one_fewer_than_packs"  # Bicycle: 2 packs + 1, 3 packs + 2
    PLAYERS_MINUS_ONE = "players_minus_one"  # pagat-style texts


JOKER_RULE_LABELS: dict[JokerRule, Message] = {
    JokerRule.TWO_PER_PACK: msg("two per pack (108 cards with two packs)"),
    JokerRule.ONE_FEWER_THAN_PACKS: msg("one fewer than the packs (Bicycle: 2 packs + 1 joker)"),
    JokerRule.PLAYERS_MINUS_ONE: msg("one fewer than the players"),
}


def said_and(parts: Sequence[Message | str]) -> Message:
    """Two or more things said as one list (``5s and 7s and 9s``). One thing is said as it
    is."""
    return as_message(all_of(parts))


def said_list(parts: Sequence[Message | str]) -> Message:
    """Things said one after another with commas (``Ann, Ben, Cat``)."""
    return as_message(listed(parts))


def rank_plural(rank: int) -> Message:
    """``5s``, ``aces``: a group's rank (or a wild rank) in words."""
    if rank == 1:
        return msg("aces")
    if rank == 11:
        return msg("jacks")
    if rank == 12:
        return msg("queens")
    if rank == 13:
        return msg("kings")
    return msg("{rank}s", rank=Rank(rank).label)


def packs_for(players: int) -> int:
    """Two packs for two to five players, one more pack for every two players more."""
    if players <= 5:
        return 2
    return 2 + (players - 4) // 2


def jokers_for(rule: JokerRule, packs: int, players: int) -> int:
    """The jokers shuffled in with ``packs`` packs for ``players`` players under ``rule``."""
    if rule is JokerRule.TWO_PER_PACK:
        return 2 * packs
    if rule is JokerRule.ONE_FEWER_THAN_PACKS:
        return packs - 1
    return max(players - 1, 0)


@dataclass(frozen=True)
class PenaltyValues:
    """What each card left in hand costs when another player goes out.

    Defaults are Bicycle's: an ace, a joker and any wild card 15, J Q K 10, the others their
    pip value (docs/rules.md §8.5, BIC-CR). 12-Step's values are unpublished: its tables start from
    these and may change them.
    """

    ace: int = 15
    joker: int = 15
    wild: int | None = 15  # None: a wild rank counts as its own card
    face: int = 10

    def value(self, card: Card, wild_ranks: tuple[int, ...] = ()) -> int:
        """The penalty of one card: a joker, then a wild rank, then ace, face, pip."""
        if card.is_joker:
            return self.joker
        assert card.rank is not None
        rank = int(card.rank)
        if rank in wild_ranks and self.wild is not None:
            return self.wild
        if rank == int(Rank.ACE):
            return self.ace
        return self.face if rank > 10 else rank


DEFAULT_PENALTIES = PenaltyValues()


@dataclass(frozen=True)
class ContractTable:
    """The cards a Contract Rummy table plays with: packs, jokers, which cards are wild, and
    the penalty values. Aces are high or low in a sequence, with no wrap."""

    packs: int = 2
    jokers: int = 4
    jokers_wild: bool = True
    wild_ranks: tuple[int, ...] = (2,)
    penalties: PenaltyValues = field(default_factory=PenaltyValues)

    def __post_init__(self) -> None:
        if self.packs < 1:
            raise ValueError("a table plays with at least one pack")
        if self.jokers < 0:
            raise ValueError("the number of jokers cannot be negative")
        for rank in self.wild_ranks:
            if not 1 <= rank <= 13:
                raise ValueError(f"{rank} is not a rank (1-13)")

    @property
    def deck(self) -> Deck:
        return Deck(self.packs, self.jokers)

    @property
    def has_wilds(self) -> bool:
        return bool(self.wild_ranks) or (self.jokers_wild and self.jokers > 0)

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` may stand for another card in a combination."""
        if card.is_joker:
            return self.jokers_wild
        return card.rank is not None and int(card.rank) in self.wild_ranks

    def penalty(self, card: Card) -> int:
        return self.penalties.value(card, self.wild_ranks)

    def wilds_text(self) -> str:
        """The table's wild cards in words ("2s and jokers", "jokers", "none")."""
        return str(self.wilds_said())

    def wilds_said(self) -> Message:
        """The table's wild cards in words, for any reader (see :meth:`wilds_text`)."""
        parts = [msg("{rank}s", rank=Rank(r).label) for r in self.wild_ranks]
        if self.jokers_wild and self.jokers:
            parts.append(msg("jokers"))
        return said_and(parts) if parts else msg("none")

    def most_of_a_rank(self) -> int:
        """The longest group the pack allows: every copy of one rank plus every wild."""
        wild = (self.jokers if self.jokers_wild else 0) + 4 * self.packs * len(self.wild_ranks)
        return 4 * self.packs + wild

    def with_changes(self, **changes: object) -> ContractTable:
        return replace(self, **changes)  # type: ignore[arg-type]


TWELVE_STEP = ContractTable(packs=2, jokers=4, jokers_wild=True, wild_ranks=(2,))
"""12-Step (seed 002): two packs with their jokers (108 cards), 2s and jokers wild."""

SEVEN_DEAL_TABLE = ContractTable(packs=2, jokers=1, jokers_wild=True, wild_ranks=())
"""The 7-deal game (docs/rules.md §11): jokers wild; Bicycle's two packs and one joker for 3–4."""
