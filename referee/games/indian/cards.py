"""Indian Rummy's cards (docs/rules.md §8.6): the pack, the wild joker and the card values.

Two 52-card packs with two printed jokers each (``JK1`` … ``JK4``); two players may play one
pack and its two jokers (a table setting). At the start of each deal a card is cut: every card
of its rank is wild for that deal (the *wild joker*); when the cut card is a printed joker,
aces are wild. Printed jokers are always wild.

A card left ungrouped counts: A, K, Q, J 10; 2–10 their face value; a printed joker or a card
of the wild rank 0.

>>> from referee.rules.cards import parse_card
>>> wild_rank_of(parse_card("7H"))
<Rank.SEVEN: 7>
>>> wild_rank_of(parse_card("JK2"))
<Rank.ACE: 1>
>>> [value(parse_card(c), Rank.SEVEN) for c in ("AS", "KD", "9C", "7S", "JK")]
[10, 10, 9, 0, 0]
"""

from __future__ import annotations

from referee.rules.cards import Card, CardError, Deck, Rank, parse_cards
from referee.rules.messages import Message, msg

TWO_PACKS = Deck(decks=2, jokers=4)
"""The pack of three to six players, and of two by default: two packs, four printed jokers."""
ONE_PACK = Deck(decks=1, jokers=2)
"""One pack and its two printed jokers: two players' table setting."""
HAND_SIZE = 13


def pack_for(packs: int) -> Deck:
    """The pack of ``packs`` 52-card packs, each with its two printed jokers."""
    return Deck(decks=packs, jokers=2 * packs)


def wild_rank_of(cut: Card) -> Rank:
    """The wild rank a cut card makes: its rank; a printed joker makes aces wild."""
    if cut.rank is None:
        return Rank.ACE
    return cut.rank


def is_wild(card: Card, wild: Rank | None) -> bool:
    """A printed joker, or a card of the deal's wild rank."""
    return card.rank is None or card.rank == wild


def value(card: Card, wild: Rank | None) -> int:
    """What the card counts left ungrouped: wild 0; A, K, Q, J 10; the others face value."""
    if is_wild(card, wild):
        return 0
    assert card.rank is not None
    if card.rank == Rank.ACE or card.rank >= Rank.JACK:
        return 10
    return int(card.rank)


def cut_card(text: str, deck: Deck = TWO_PACKS) -> Card:
    """The cut card as typed (``7H``, ``JK``); raises :class:`CardError` for anything but one
    card of the pack."""
    cards = parse_cards(text, deck, what=msg("the cut card"))
    if len(cards) != 1:
        raise CardError(one_cut_card())
    return cards[0]


def one_cut_card() -> Message:
    return msg("the cut card is one card (7H, or JK for a printed joker)")
