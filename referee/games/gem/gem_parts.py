"""The Gem Parts bonus: one of each of the eight gems among a player's cards — melds,
laid-off cards and deadwood alike — each king counting as one of its two gems (seed 003).

>>> from referee.rules.cards import parse_cards
>>> from referee.games.gem.deck import SYNTHETIC_DECK
>>> gem_parts(parse_cards("AS AH AD AC 2S 2H 2D 2C"), SYNTHETIC_DECK) is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from referee.games.gem.deck import GEMS, Gem, GemDeck
from referee.rules.cards import Card, Rank


def gem_parts(cards: Sequence[Card], deck: GemDeck) -> tuple[tuple[Card, Gem], ...] | None:
    """How each king is read to hold all eight gems (``()`` when no king is needed), or
    None when ``cards`` do not hold all eight."""
    plain = {deck.gems_of(c)[0] for c in cards if c.rank is not Rank.KING}
    kings = [c for c in cards if c.rank is Rank.KING]
    missing = set(GEMS) - plain
    if not missing:
        return ()
    if len(missing) > len(kings):
        return None
    for reading in product(*(deck.gems_of(k) for k in kings)):
        if missing <= set(reading):
            return tuple((k, g) for k, g in zip(kings, reading, strict=True) if g in missing)
    return None


def missing_gems(cards: Sequence[Card], deck: GemDeck) -> list[Gem]:
    """The gems ``cards`` lack (kings counted with both of theirs), for the steps."""
    held = {g for c in cards for g in deck.gems_of(c)}
    return [g for g in GEMS if g not in held]
