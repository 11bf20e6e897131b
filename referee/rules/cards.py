"""Cards, decks and the one card notation used everywhere (forms, API, shell, tests).

Input: rank ``A 2-9 10|T J Q K`` followed by a suit ``S H D C`` or ``♠ ♥ ♦ ♣``, any case,
separated by spaces or commas; jokers ``JK`` (or numbered ``JK1``, ``JK2`` where a deck has
several); German and Russian rank letters are read too (:mod:`.rank_letters`). Output uses
``10`` and suit symbols for people (``10♥``) and ASCII codes for machines (``10H``, ``AS``,
``JK1``).

Every parse error names the exact token and the reason, because the message is shown to a
player beside the field they typed it in.

>>> [c.code for c in parse_cards("AS, 10h 7♦")]
['AS', '10H', '7D']
>>> format_cards(parse_cards("as th"))
'A♠ 10♥'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import total_ordering

from referee.rules.messages import Message, as_message, either, msg, msg_n
from referee.rules.rank_letters import english_rank


class Suit(Enum):
    """The four suits, in the order used for card indices (♠ ♥ ♦ ♣)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SUITS: tuple[Suit, ...] = _SUIT_ORDER
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUIT_ORDER)}


class Rank(IntEnum):
    """Ranks with the ace low (1); games where the ace may also rank high say so in their rules."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        return _RANK_LABELS[self.value]

    @property
    def pip_value(self) -> int:
        """Deadwood value in the gin family: ace 1, pips at face value, court cards 10."""
        return min(int(self), 10)


_RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K"} | {n: str(n) for n in range(2, 11)}
RANKS: tuple[Rank, ...] = tuple(Rank)


@total_ordering
@dataclass(frozen=True)
class Card:
    """One playing card. A joker has neither rank nor suit; ``joker`` numbers it (1, 2, ...).

    Natural cards are ordered by suit (♠ ♥ ♦ ♣) then rank; jokers sort last.

    ``index`` is 0–51 for naturals (suit-major: ♠A=0 … ♣K=51), 52 + n − 1 for joker n: the
    small integer the searches work on, worked out once here and also the card's hash (the
    searches hash cards by the million; hashing two enums each time would dominate them).
    """

    rank: Rank | None
    suit: Suit | None
    joker: int = 0
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.joker:
            if self.rank is not None or self.suit is not None:
                raise ValueError("a joker has no rank or suit")
            if self.joker < 1:
                raise ValueError("jokers are numbered from 1")
            index = 51 + self.joker
        elif self.rank is None or self.suit is None:
            raise ValueError("a natural card needs a rank and a suit")
        else:
            index = _SUIT_INDEX[self.suit] * 13 + int(self.rank) - 1
        object.__setattr__(self, "index", index)

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    @classmethod
    def make_joker(cls, number: int = 1) -> Card:
        return cls(None, None, number)

    @property
    def is_joker(self) -> bool:
        return self.joker > 0

    @property
    def code(self) -> str:
        """ASCII code for machines: ``AS``, ``10H``, ``JK1``."""
        if self.rank is None or self.suit is None:
            return f"JK{self.joker}"
        return self.rank.label + self.suit.value

    @property
    def label(self) -> str:
        """What people read: ``A♠``, ``10♥``, ``JK``/``JK2``."""
        if self.rank is None or self.suit is None:
            return "JK" if self.joker == 1 else f"JK{self.joker}"
        return self.rank.label + self.suit.symbol

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        if self.is_joker:
            return f"Card.make_joker({self.joker})"
        return f"Card(rank={self.rank!r}, suit={self.suit!r})"


def card_from_index(index: int) -> Card:
    """Inverse of :attr:`Card.index` (natural cards are shared, not made anew)."""
    if index >= 52:
        return Card.make_joker(index - 51)
    if index < 0:
        raise ValueError(f"no card has index {index}")
    return ALL_NATURALS[index]


ALL_NATURALS: tuple[Card, ...] = tuple(Card(Rank(i % 13 + 1), SUITS[i // 13]) for i in range(52))


@dataclass(frozen=True)
class Deck:
    """What the pack holds: how many 52-card decks and how many jokers.

    With more than one deck a card may legally appear more than once in a hand.
    """

    decks: int = 1
    jokers: int = 0

    def __post_init__(self) -> None:
        if self.decks < 1:
            raise ValueError("a pack holds at least one deck")
        if self.jokers < 0:
            raise ValueError("the number of jokers cannot be negative")

    @property
    def size(self) -> int:
        return 52 * self.decks + self.jokers

    def cards(self) -> tuple[Card, ...]:
        """Every card of the pack, duplicates included (for tests and simulations)."""
        jokers = tuple(Card.make_joker(n) for n in range(1, self.jokers + 1))
        return ALL_NATURALS * self.decks + jokers

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the pack holds."""
        if card.is_joker:
            return 1 if card.joker <= self.jokers else 0
        return self.decks


STANDARD_DECK = Deck()


class CardError(ValueError):
    """Bad card input. ``token`` is the offending text as typed (or None), ``reason`` the why
    (in English, as it follows the token), ``message`` the whole sentence (its key and values,
    for the pages to say it in the reader's language). ``str()`` is the English sentence.

    ``reason`` may be given as a whole-sentence :class:`Message` that names the token itself
    (``msg("`{token}` is not a card", token=token)``); a plain ``reason`` is English text
    following the token, said as it is.
    """

    def __init__(self, reason: str | Message, token: str | None = None) -> None:
        self.token = token
        prefix = f"`{token}` " if token is not None else ""
        if isinstance(reason, Message):
            text = str(reason)
            self.message = reason
            self.reason = text[len(prefix) :] if prefix and text.startswith(prefix) else text
        else:
            text = prefix + reason
            self.message = as_message(text)
            self.reason = reason
        super().__init__(text)


class NotACardError(CardError):
    pass


class DuplicateCardError(CardError):
    pass


class NoSuchJokerError(CardError):
    pass


class CardCountError(CardError):
    pass


_SUIT_BY_TEXT = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}  # fmt: skip
_RANK_BY_TEXT = {"A": Rank.ACE, "T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING} | {
    str(n): Rank(n) for n in range(2, 11)
}
_TOKEN_SPLIT = re.compile(r"[\s,;]+")
_JOKER = re.compile(r"^JK(\d*)$")


def parse_card(token: str) -> Card:
    """One card from one token; an unnumbered ``JK`` is joker 1.

    >>> parse_card("t♣").code
    '10C'
    """
    text = token.strip().upper().replace("\ufe0f", "")
    if not text:
        raise NotACardError(msg("`{token}` is empty", token=token), token)
    joker = _JOKER.match(text)
    if joker:
        number = int(joker.group(1) or "1")
        if number < 1:
            raise NotACardError(
                msg("`{token}` is not a card: jokers are numbered from 1", token=token), token
            )
        return Card.make_joker(number)
    rank_text, suit_text = text[:-1], text[-1]
    suit = _SUIT_BY_TEXT.get(suit_text)
    rank = _RANK_BY_TEXT.get(rank_text) or _RANK_BY_TEXT.get(english_rank(rank_text) or "")
    if suit is None and rank is None:
        raise NotACardError(msg("`{token}` is not a card", token=token), token)
    if suit is None:
        said = msg(
            "`{token}` is not a card: `{suit}` is not a suit (S H D C or ♠ ♥ ♦ ♣)",
            token=token,
            suit=token.strip()[-1],
        )
        raise NotACardError(said, token)
    if rank is None:
        if rank_text:
            said = msg(
                "`{token}` is not a card: `{rank}` is not a rank (A 2-9 10 or T J Q K)",
                token=token,
                rank=rank_text,
            )
        else:
            said = msg(
                "`{token}` is not a card: `nothing` is not a rank (A 2-9 10 or T J Q K)",
                token=token,
            )
        raise NotACardError(said, token)
    return ALL_NATURALS[_SUIT_INDEX[suit] * 13 + int(rank) - 1]


def parse_cards(
    text: str | Iterable[str],
    deck: Deck = STANDARD_DECK,
    expected: int | Iterable[int] | None = None,
    what: str | Message = "the hand",
) -> tuple[Card, ...]:
    """Parse a hand in the one notation, checking it against the pack.

    ``text`` is a string or already-split tokens. Unnumbered jokers (``JK``) take the lowest
    joker numbers the hand has not used. ``expected`` is the card count (or counts) the
    situation needs; ``what`` names the hand in messages ("the defender holds 9 cards, 10 are
    needed"): a :class:`Message` (``msg("{name}'s hand", name=...)``), or an English text,
    said in the reader's language when it is one of :data:`HAND_NAMES`, else as it is.
    """
    tokens = _split(text)
    parsed: list[Card | None] = [
        None if token.strip().upper() == "JK" else parse_card(token) for token in tokens
    ]
    used = {c.joker for c in parsed if c is not None and c.is_joker}
    free_numbers = (n for n in range(1, len(tokens) + len(used) + 2) if n not in used)
    cards = tuple(c if c is not None else Card.make_joker(next(free_numbers)) for c in parsed)
    _check_against_deck(cards, tokens, deck)
    if expected is not None:
        counts = (expected,) if isinstance(expected, int) else tuple(expected)
        if len(cards) not in counts:
            raise CardCountError(_count_refusal(len(cards), counts, what))
    return cards


HAND_NAMES: dict[str, Message] = {
    "the hand": msg("the hand"),
    "the cards": msg("the cards"),
    "the upcard": msg("the upcard"),
    "the knocker": msg("the knocker"),
    "the defender": msg("the defender"),
    "the lay-down": msg("the lay-down"),
    "a meld": msg("a meld"),
}
"""The names callers give a hand (``what``) that are said in the reader's language."""


def _count_refusal(held: int, counts: tuple[int, ...], what: str | Message) -> Message:
    """The refusal of a hand of the wrong size ("the defender holds 9 cards, 10 are needed")."""
    name = what if isinstance(what, Message) else HAND_NAMES.get(what, what)
    if counts == (1,):
        return msg_n(
            "{what} holds {count} card, 1 is needed",
            "{what} holds {count} cards, 1 is needed",
            held,
            what=name,
        )
    return msg_n(
        "{what} holds {count} card, {need} are needed",
        "{what} holds {count} cards, {need} are needed",
        held,
        what=name,
        need=either(counts),
    )


def _split(text: str | Iterable[str]) -> list[str]:
    if isinstance(text, str):
        return [t for t in _TOKEN_SPLIT.split(text.strip()) if t]
    return [t for t in (str(x).strip() for x in text) if t]


def _check_against_deck(cards: tuple[Card, ...], tokens: list[str], deck: Deck) -> None:
    counts = Counter(cards)
    for card, token in zip(cards, tokens, strict=True):
        allowed = deck.copies(card)
        if card.is_joker and allowed == 0:
            if deck.jokers == 0:
                said = msg(
                    "`{token}` is a joker, and this game is played without jokers", token=token
                )
                raise NoSuchJokerError(said, token)
            said = msg(
                "`{token}` is not in the pack: it has {jokers} joker(s)",
                token=token,
                jokers=deck.jokers,
            )
            raise NoSuchJokerError(said, token)
        if counts[card] > allowed:
            if allowed == 1:
                raise DuplicateCardError(msg("`{card}` appears twice", card=card.label), card.label)
            said = msg_n(
                "`{card}` appears {count} time; the pack has {allowed}",
                "`{card}` appears {count} times; the pack has {allowed}",
                counts[card],
                card=card.label,
                allowed=allowed,
            )
            raise DuplicateCardError(said, card.label)


def format_cards(cards: Iterable[Card], ascii: bool = False) -> str:
    """Cards for people (``A♠ 10♥``) or, with ``ascii``, for machines (``AS 10H``)."""
    return " ".join(c.code if ascii else c.label for c in cards)


def card_codes(cards: Iterable[Card]) -> list[str]:
    """ASCII codes, the form the JSON API and the shell speak."""
    return [c.code for c in cards]


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Suit-major, rank ascending, jokers last: how a hand is shown."""
    return tuple(sorted(cards, key=lambda c: c.index))
