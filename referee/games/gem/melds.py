"""Gem Rummy's four melds (docs/rules.md §8.3): sets, runs (ace low), stashes and Queen's Diamonds.

- a set: three or four cards of one rank;
- a run: three or more cards in sequence in one suit, the ace low only;
- a stash: four or more cards of one gem; a king counts as one of its two gems (the meld
  records which: ``readings``);
- Queen's Diamonds: any queen with that hand's diamond card (the dice's), two cards.

:func:`candidate_melds` lists every meld a hand holds, for the search; :func:`meld_problem`
says why a declared meld is not one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations

from referee.games.gem.deck import Gem, GemDeck
from referee.rules.cards import Card, Rank, Suit
from referee.rules.messages import Message, Value, chained, msg
from referee.rules.messages import listed as comma_listed

MIN_SET = 3
MIN_RUN = 3
MIN_STASH = 4


class GemMeldKind(StrEnum):
    SET = "set"
    RUN = "run"
    STASH = "stash"
    QUEENS_DIAMONDS = "queens_diamonds"

    @property
    def words(self) -> str:
        return _TITLES[self]


_TITLES = {
    GemMeldKind.SET: "set",
    GemMeldKind.RUN: "run",
    GemMeldKind.STASH: "stash",
    GemMeldKind.QUEENS_DIAMONDS: "Queen's Diamonds",
}


@dataclass(frozen=True)
class GemMeld:
    """One meld as laid down. ``gem`` is a stash's gem; ``readings`` pairs each king of a
    stash with the gem it is read as (always ``gem``), so a ruling can say so."""

    kind: GemMeldKind
    cards: tuple[Card, ...]
    gem: Gem | None = None
    readings: tuple[tuple[Card, Gem], ...] = field(default=())

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def label(self) -> str:
        return " ".join(c.label for c in self.cards)

    @property
    def codes(self) -> list[str]:
        return [c.code for c in self.cards]

    @property
    def title(self) -> str:
        if self.kind is GemMeldKind.STASH and self.gem is not None:
            return f"{self.gem.title} stash"
        return self.kind.words

    @property
    def heading(self) -> Message:
        """The meld's kind in words, as :attr:`title` (a stash with its gem), for the pages."""
        if self.kind is GemMeldKind.STASH and self.gem is not None:
            return msg("{gem} stash", gem=self.gem.title)
        return _HEADINGS[self.kind]

    @property
    def description(self) -> Message:
        """The meld and its cards, with how its kings are read (:meth:`describe`'s words)."""
        if self.kind is GemMeldKind.STASH and self.gem is not None:
            shown = msg("{gem} stash {cards}", gem=self.gem.title, cards=self.label)
        elif self.kind is GemMeldKind.SET:
            shown = msg("set {cards}", cards=self.label)
        elif self.kind is GemMeldKind.RUN:
            shown = msg("run {cards}", cards=self.label)
        elif self.kind is GemMeldKind.STASH:
            shown = msg("stash {cards}", cards=self.label)
        else:
            shown = msg("Queen's Diamonds {cards}", cards=self.label)
        if not self.readings:
            return shown
        read = [msg("{card} read as {gem}", card=k.label, gem=g.title) for k, g in self.readings]
        return msg("{meld} ({readings})", meld=shown, readings=listed(read))

    def describe(self) -> str:
        """``"Ruby stash 4♠ 9♥ J♦ K♣ (K♣ read as Ruby)"``."""
        return str(self.description)


_HEADINGS = {
    GemMeldKind.SET: msg("set"),
    GemMeldKind.RUN: msg("run"),
    GemMeldKind.STASH: msg("stash"),
    GemMeldKind.QUEENS_DIAMONDS: msg("Queen's Diamonds"),
}


def listed(items: Sequence[Message | str], semicolons: bool = False) -> Value:
    """Phrases one after another, split by commas (or semicolons), each said in its turn;
    ``""`` when there are none."""
    if not semicolons:
        return comma_listed(items)
    return chained(items, lambda first, rest: msg("{first}; {rest}", first=first, rest=rest))


def card_value(card: Card) -> int:
    """Deadwood value: ace 1, pips at face value, J Q K 10."""
    assert card.rank is not None
    return card.rank.pip_value


def _run_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: int(c.rank or 0)))


def _set(cards: Sequence[Card]) -> GemMeld:
    return GemMeld(GemMeldKind.SET, tuple(sorted(cards)))


def _stash(cards: Sequence[Card], gem: Gem) -> GemMeld:
    ordered = tuple(sorted(cards))
    kings = tuple((c, gem) for c in ordered if c.rank is Rank.KING)
    return GemMeld(GemMeldKind.STASH, ordered, gem, kings)


def candidate_melds(
    cards: Sequence[Card], deck: GemDeck, diamond: Card, stashes: bool = True
) -> list[GemMeld]:
    """Every meld whose cards are all among ``cards`` (each card once in ``cards``); without
    the stashes when ``stashes`` is false (the search makes those itself)."""
    out: list[GemMeld] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[Suit, dict[int, Card]] = {}
    by_gem: dict[Gem, list[Card]] = {}
    for card in cards:
        assert card.rank is not None and card.suit is not None
        by_rank.setdefault(int(card.rank), []).append(card)
        by_suit.setdefault(card.suit, {})[int(card.rank)] = card
        for gem in deck.gems_of(card):
            by_gem.setdefault(gem, []).append(card)
    for same in by_rank.values():
        for size in range(MIN_SET, len(same) + 1):
            out.extend(_set(combo) for combo in combinations(same, size))
    for ranks in by_suit.values():
        for low in sorted(ranks):
            if low - 1 in ranks:
                continue
            high = low
            while high + 1 in ranks:
                high += 1
            for a in range(low, high + 1):
                for b in range(a + MIN_RUN - 1, high + 1):
                    out.append(GemMeld(GemMeldKind.RUN, tuple(ranks[r] for r in range(a, b + 1))))
    for gem, holding in by_gem.items() if stashes else ():
        for size in range(MIN_STASH, len(holding) + 1):
            out.extend(_stash(combo, gem) for combo in combinations(holding, size))
    if diamond in cards:
        for queen in by_rank.get(int(Rank.QUEEN), ()):
            if queen != diamond:
                out.append(GemMeld(GemMeldKind.QUEENS_DIAMONDS, (queen, diamond)))
    return out


def meld_problem(
    cards: Sequence[Card], deck: GemDeck, diamond: Card, gem: Gem | None = None
) -> str | None:
    """Why ``cards`` declared as one meld are not a Gem Rummy meld (None: they are one).
    ``gem`` is the gem a declared stash is read as, where its kings make it matter."""
    problem = meld_refusal(cards, deck, diamond, gem)
    return None if problem is None else str(problem)


def meld_refusal(
    cards: Sequence[Card], deck: GemDeck, diamond: Card, gem: Gem | None = None
) -> Message | None:
    """:func:`meld_problem`'s reason as a sentence (its key and values, for the pages)."""
    labels = " ".join(c.label for c in cards)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            if card.rank is Rank.KING:
                return msg(
                    "{card} is counted twice in {cards}: a king counts as one of its two gems, "
                    "once",
                    card=card.label,
                    cards=labels,
                )
            return msg("{card} appears twice in {cards}", card=card.label, cards=labels)
        seen.add(card)
    if meld_of(cards, deck, diamond, gem) is not None:
        return None
    if len(cards) == 2:
        return msg(
            "{cards} is not Queen's Diamonds: a two-card meld is a queen with this hand's "
            "diamond card ({diamond})",
            cards=labels,
            diamond=diamond.label,
        )
    if len(cards) < MIN_SET:
        return msg("{cards} is not a meld: too few cards", cards=labels)
    return msg(
        "{cards} is not a meld: not three of a rank, not a run in one suit (ace low), and "
        "not four or more of one gem",
        cards=labels,
    )


def meld_of(
    cards: Sequence[Card], deck: GemDeck, diamond: Card, gem: Gem | None = None
) -> GemMeld | None:
    """The meld ``cards`` make (a set, then a run, then a stash — of ``gem`` if given —,
    then Queen's Diamonds), or None."""
    if len(set(cards)) != len(cards) or any(c.is_joker for c in cards):
        return None
    n = len(cards)
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if n >= MIN_SET and len(ranks) == 1:
        return _set(cards)
    if n >= MIN_RUN and len(suits) == 1:
        ordered = _run_order(cards)
        values = [int(c.rank or 0) for c in ordered]
        if values == list(range(values[0], values[0] + n)):
            return GemMeld(GemMeldKind.RUN, ordered)
    if n >= MIN_STASH:
        shared = set(deck.gems_of(cards[0]))
        for card in cards[1:]:
            shared &= set(deck.gems_of(card))
        if gem is not None:
            shared &= {gem}
        if shared:
            return _stash(cards, sorted(shared, key=lambda g: g.value)[0])
    if n == 2 and diamond in cards:
        other = cards[0] if cards[1] == diamond else cards[1]
        if other.rank is Rank.QUEEN:
            return GemMeld(GemMeldKind.QUEENS_DIAMONDS, (other, diamond))
    return None
