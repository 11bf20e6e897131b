"""Plays onto melds already on the table: laying off, and liberating a wild (seed 002).

Once a player has laid down their own contract they may lay cards off on any player's melds
("Greg could add a 3♦ to Isla's sequence 4-5-6-7♦"); the meld with the new cards must still be
a valid group or sequence, the wilds already in it standing for what they stood for. A player
may liberate another player's wild — put down the natural card it stands for and take the wild
("Isla could liberate Greg's wild card in 3-4-★-6♥ by putting the 5♥ down") — never on their
own tableau, and the freed wild must be played that round. Liberating is a play onto another
player's tableau, so it too waits for the player's own contract.

A card left in hand costs its penalty value when another player goes out
(:func:`penalty_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.contract.combos import (
    Combination,
    CombinationError,
    Laid,
    Placed,
    position_label,
    read_as,
)
from referee.games.contract.contracts import Kind
from referee.games.contract.table import ACE_HIGH, ContractTable, said_list
from referee.rules.cards import Card, format_cards
from referee.rules.messages import Message, msg
from referee.rules.results import Step

__all__ = ["PlayRuling", "lay_off", "liberate", "penalty_of"]

RULE = "§8.5 laying off"


@dataclass(frozen=True)
class PlayRuling:
    """Whether a play onto a meld is allowed, why, the meld after it, and (liberating) the
    wild taken back."""

    allowed: bool
    message: Message  # why (``reason``: its English)
    meld: Combination | None = None
    freed: Card | None = None
    steps: tuple[Step, ...] = ()

    @property
    def reason(self) -> str:
        return str(self.message)


def _refused(reason: Message) -> PlayRuling:
    return PlayRuling(
        False, reason, steps=(Step(msg("Not allowed: {reason}.", reason=reason), RULE),)
    )


def _allowed(reason: Message) -> tuple[Step, ...]:
    return (Step(msg("Allowed: {reason}.", reason=reason), RULE),)


def lay_off(
    meld: Combination,
    cards: Sequence[Laid],
    table: ContractTable,
    *,
    contract_made: bool,
) -> PlayRuling:
    """Lay ``cards`` off on ``meld`` (anyone's); the player must have made their contract."""
    if not contract_made:
        return _refused(msg("a player lays off only after laying down their own contract"))
    if not cards:
        return _refused(msg("no card to lay off"))
    combined = (*meld.as_laid(), *cards)
    shown = format_cards(x.card for x in cards)
    try:
        after = read_as(combined, meld.kind, table)
    except CombinationError as e:
        if meld.kind is Kind.GROUP:
            problem = msg(
                "{cards} on {meld}: the group then {problem}",
                cards=shown,
                meld=meld.label,
                problem=e.message,
            )
        else:
            problem = msg(
                "{cards} on {meld}: the sequence then {problem}",
                cards=shown,
                meld=meld.label,
                problem=e.message,
            )
        return _refused(problem)
    reason = msg("{cards} on {meld} makes {after}", cards=shown, meld=meld.label, after=after.label)
    return PlayRuling(True, reason, after, steps=_allowed(reason))


def liberate(
    meld: Combination,
    card: Card,
    table: ContractTable,
    *,
    own_meld: bool,
    contract_made: bool = True,
) -> PlayRuling:
    """Put down ``card`` in place of the wild in ``meld`` that stands for it, taking the wild."""
    if own_meld:
        return _refused(msg("a player may not liberate a wild on their own tableau"))
    if not contract_made:
        return _refused(msg("a player plays on another's tableau only after their own contract"))
    if table.is_wild(card) and not _natural_here(meld, card):
        return _refused(
            msg("{card} is itself wild: only the natural card frees a wild", card=card.label)
        )
    for i, placed in enumerate(meld.placed):
        if placed.wild and _stands_for(meld, placed, card):
            new = Placed(card, placed.position, wild=False)
            after = Combination(
                meld.kind, (*meld.placed[:i], new, *meld.placed[i + 1 :]), meld.suit
            )
            reason = msg(
                "{card} takes the place of {wild} in {meld}; {wild} must be played this round",
                card=card.label,
                wild=placed.card.label,
                meld=meld.label,
            )
            return PlayRuling(True, reason, after, placed.card, _allowed(reason))
    if not meld.wilds:
        return _refused(msg("{meld} holds no wild", meld=meld.label))
    wilds = said_list(
        [
            msg(
                "{wild} as {place}",
                wild=p.card.label,
                place=position_label(p.position, meld.suit),
            )
            for p in meld.wilds
        ]
    )
    return _refused(
        msg(
            "no wild in {meld} stands for {card} ({wilds})",
            meld=meld.label,
            card=card.label,
            wilds=wilds,
        )
    )


def _natural_here(meld: Combination, card: Card) -> bool:
    return any(p.wild and _stands_for(meld, p, card) for p in meld.placed)


def _stands_for(meld: Combination, placed: Placed, card: Card) -> bool:
    if card.rank is None:
        return False
    rank = int(card.rank)
    position = 1 if placed.position == ACE_HIGH else placed.position
    if meld.kind is Kind.GROUP:
        return rank == position
    return rank == position and card.suit is meld.suit


def penalty_of(cards: Sequence[Card], table: ContractTable) -> int:
    """The penalty of the cards left in a hand under the table's values."""
    return sum(table.penalty(c) for c in cards)
