"""A card's name in words, in the reader's language ("Queen of hearts", "Herz-Dame", "дама
червей"): what a screen reader says for a card the picker shows as "Q♥"."""

from __future__ import annotations

from flask_babel import gettext, pgettext

from referee.rules.cards import Card, Suit

_RANKS = {
    1: lambda: pgettext("a card's rank", "Ace"),
    2: lambda: pgettext("a card's rank", "Two"),
    3: lambda: pgettext("a card's rank", "Three"),
    4: lambda: pgettext("a card's rank", "Four"),
    5: lambda: pgettext("a card's rank", "Five"),
    6: lambda: pgettext("a card's rank", "Six"),
    7: lambda: pgettext("a card's rank", "Seven"),
    8: lambda: pgettext("a card's rank", "Eight"),
    9: lambda: pgettext("a card's rank", "Nine"),
    10: lambda: pgettext("a card's rank", "Ten"),
    11: lambda: pgettext("a card's rank", "Jack"),
    12: lambda: pgettext("a card's rank", "Queen"),
    13: lambda: pgettext("a card's rank", "King"),
}
_SUITS = {
    Suit.SPADES: lambda: pgettext("a card's suit, as in Queen of hearts", "spades"),
    Suit.HEARTS: lambda: pgettext("a card's suit, as in Queen of hearts", "hearts"),
    Suit.DIAMONDS: lambda: pgettext("a card's suit, as in Queen of hearts", "diamonds"),
    Suit.CLUBS: lambda: pgettext("a card's suit, as in Queen of hearts", "clubs"),
}


def card_name(card: Card) -> str:
    """``card`` in words: "Queen of hearts", "Joker 2"."""
    if card.is_joker:
        return gettext("Joker %(number)s", number=card.joker)
    assert card.rank is not None and card.suit is not None
    return gettext("%(rank)s of %(suit)s", rank=_RANKS[int(card.rank)](), suit=_SUITS[card.suit]())


def jokers(count: int) -> tuple[Card, ...]:
    """The pack's ``count`` jokers (JK1, JK2, ...), for the picker."""
    return tuple(Card.make_joker(n) for n in range(1, count + 1))
