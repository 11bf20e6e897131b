"""The Gem Rummy deck as data: which gem each card carries (kings carry two).

The card → gem map of the printed deck is not published, so a table enters its own once and
the app checks it against the structure that is (docs/rules.md §8.3, GEM-PCF):

- eight gems, G E M P A R T S, each on exactly seven card slots (48 + 8 king slots);
- every block of eight cards of a rank pair (A–2, 3–4, 5–6, 7–8, 9–10, J–Q) holds all eight
  gems once;
- the four kings' eight gems are all eight (each king two different gems).

:func:`deck_problems` lists every rule an entry breaks, each with the card (or block) it is
about, so the deck page can put the reason beside the card.

>>> SYNTHETIC_DECK.gems_of(parse_card("KS"))
(<Gem.GOLD: 'G'>, <Gem.EMERALD: 'E'>)
>>> deck_problems(SYNTHETIC_DECK.entries())
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from referee.rules.cards import ALL_NATURALS, SUITS, Card, CardError, Rank, parse_card
from referee.rules.errors import said_of
from referee.rules.messages import Message, Value, as_message, msg, msg_n


class Gem(Enum):
    """The eight gems; their initials spell GEM PARTS."""

    GOLD = "G"
    EMERALD = "E"
    MOONSTONE = "M"
    PEARL = "P"
    AMETHYST = "A"
    RUBY = "R"
    TOPAZ = "T"
    SAPPHIRE = "S"

    @property
    def title(self) -> str:
        return self.name.title()

    @property
    def letter(self) -> str:
        return self.value


GEMS: tuple[Gem, ...] = tuple(Gem)
SLOTS_PER_GEM = 7
BLOCKS: tuple[tuple[Rank, Rank], ...] = tuple((Rank(r), Rank(r + 1)) for r in range(1, 12, 2))
"""The rank pairs whose eight cards hold every gem once: A–2, 3–4, … J–Q."""


_INDEX = {card: i for i, card in enumerate(ALL_NATURALS)}


def block_label(block: tuple[Rank, Rank]) -> str:
    return f"{block[0].label}–{block[1].label}"


@dataclass(frozen=True)
class DeckProblem:
    """One rule a deck entry breaks: ``field`` is the card's code (``KS``), a block
    (``block_A-2``), ``kings`` or a gem (``gem_R``); ``said`` says which rule and how (a
    sentence, for the pages to say in the reader's language), ``reason`` in English."""

    field: str
    said: Message | str

    @property
    def reason(self) -> str:
        return str(self.said)

    @property
    def message(self) -> Message:
        return as_message(self.said)


class GemDeckError(ValueError):
    """A deck map that breaks the published structure; ``problems`` lists every break."""

    def __init__(self, problems: Iterable[DeckProblem]) -> None:
        self.problems = tuple(problems)
        first = self.problems[0] if self.problems else DeckProblem("deck", msg("empty"))
        self.field = first.field
        self.message = first.message  # the first problem's key and values, for the pages
        self.reason = first.reason
        super().__init__("; ".join(f"{p.field}: {p.reason}" for p in self.problems))


class NotAGem(ValueError):
    """A text that names no gem; ``message`` says so (its English is ``str()``)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.message = msg("`{text}` is not a gem (one of G E M P A R T S)", text=text)
        super().__init__(str(self.message))


def parse_gem(text: str) -> Gem:
    """A gem by its letter or name (``R``, ``ruby``); :class:`NotAGem` (a ValueError) naming
    the text otherwise."""
    t = text.strip()
    for gem in GEMS:
        if t.upper() == gem.value or t.lower() == gem.name.lower():
            return gem
    raise NotAGem(text)


def _letters(gems: Iterable[Gem]) -> str:
    return "".join(g.value for g in gems)


def deck_problems(entries: Mapping[Card, tuple[Gem, ...]]) -> list[DeckProblem]:
    """Every structural rule ``entries`` (card → its gems) breaks, in card order; [] if none."""
    problems = _card_problems(entries)
    if problems:
        return problems
    for block in BLOCKS:
        problems.extend(_block_problems(entries, block))
    problems.extend(_king_problems(entries))
    problems.extend(_slot_problems(entries))
    return problems


def _card_problems(entries: Mapping[Card, tuple[Gem, ...]]) -> list[DeckProblem]:
    """Each card's own gems: one for a card, two different ones for a king, none for a joker."""
    problems: list[DeckProblem] = []
    for card in ALL_NATURALS:
        gems = entries.get(card, ())
        is_king = card.rank is Rank.KING
        need = 2 if is_king else 1
        if not gems:
            problems.append(DeckProblem(card.code, msg("{card}: no gem given", card=card.label)))
        elif len(gems) != need:
            got: dict[str, Value] = {"card": card.label, "count": len(gems), "gems": _letters(gems)}
            problems.append(
                DeckProblem(
                    card.code,
                    msg("{card}: a king carries two gems (got {count}: {gems})", **got)
                    if is_king
                    else msg("{card}: a card carries one gem (got {count}: {gems})", **got),
                )
            )
        elif is_king and gems[0] == gems[1]:
            problems.append(
                DeckProblem(
                    card.code,
                    msg(
                        "{card}: a king's two gems differ (got {gem} twice)",
                        card=card.label,
                        gem=gems[0].title,
                    ),
                )
            )
    for card in entries:
        if card.is_joker:
            problems.append(
                DeckProblem(card.code, msg("jokers carry no gem (they are not played)"))
            )
    return problems


def _block_problems(
    entries: Mapping[Card, tuple[Gem, ...]], block: tuple[Rank, Rank]
) -> list[DeckProblem]:
    """A block of a rank pair holds every gem once: none twice, none missing."""
    problems: list[DeckProblem] = []
    seen: dict[Gem, list[Card]] = {}
    for card in ALL_NATURALS:
        if card.rank in block:
            seen.setdefault(entries[card][0], []).append(card)
    name = block_label(block)
    for gem, cards in seen.items():
        if len(cards) > 1:
            labels = ", ".join(c.label for c in cards)
            problems.append(
                DeckProblem(
                    cards[1].code,
                    msg_n(
                        "the {block} block holds {gem} {count} time ({cards}): each block "
                        "of a rank pair holds every gem once",
                        "the {block} block holds {gem} {count} times ({cards}): each block "
                        "of a rank pair holds every gem once",
                        len(cards),
                        block=name,
                        gem=gem.title,
                        cards=labels,
                    ),
                )
            )
    missing = [g.title for g in GEMS if g not in seen]
    if missing:
        problems.append(
            DeckProblem(
                f"block_{block[0].label}-{block[1].label}",
                msg(
                    "the {block} block has no {gems}: each block of a rank pair holds every "
                    "gem once",
                    block=name,
                    gems=", ".join(missing),
                ),
            )
        )
    return problems


def _king_problems(entries: Mapping[Card, tuple[Gem, ...]]) -> list[DeckProblem]:
    """The four kings' eight gems are all eight gems."""
    kings = [card for card in ALL_NATURALS if card.rank is Rank.KING]
    king_gems = [g for k in kings for g in entries[k]]
    missing = [g.title for g in GEMS if g not in king_gems]
    if not missing:
        return []
    doubled = sorted({g.title for g in king_gems if king_gems.count(g) > 1})
    return [
        DeckProblem(
            "kings",
            msg(
                "the kings' eight gems must be all eight: {doubled} twice, no {missing}",
                doubled=", ".join(doubled),
                missing=", ".join(missing),
            ),
        )
    ]


def _slot_problems(entries: Mapping[Card, tuple[Gem, ...]]) -> list[DeckProblem]:
    """Every gem is on exactly seven card slots."""
    problems: list[DeckProblem] = []
    for gem in GEMS:
        slots = sum(entries[c].count(gem) for c in ALL_NATURALS)
        if slots != SLOTS_PER_GEM:
            problems.append(
                DeckProblem(
                    f"gem_{gem.value}",
                    msg(
                        "{gem} is on {count} card slots: every gem is on exactly seven",
                        gem=gem.title,
                        count=slots,
                    ),
                )
            )
    return problems


@dataclass(frozen=True)
class GemDeck:
    """A checked deck: ``gems`` by card index (0–51), each a tuple of one gem (two for a
    king). Build it with :func:`make_deck` or :func:`parse_deck`, which check the structure."""

    gems: tuple[tuple[Gem, ...], ...]

    def gems_of(self, card: Card) -> tuple[Gem, ...]:
        return self.gems[_INDEX[card]]

    def entries(self) -> dict[Card, tuple[Gem, ...]]:
        return {card: self.gems[card.index] for card in ALL_NATURALS}

    def to_text(self) -> str:
        """The stored form, ``AS=G 2S=A … KC=TS`` in card order (see :func:`parse_deck`)."""
        return " ".join(f"{c.code}={_letters(self.gems[c.index])}" for c in ALL_NATURALS)

    def gem_label(self, card: Card) -> str:
        return "/".join(g.title for g in self.gems_of(card))


def make_deck(entries: Mapping[Card, tuple[Gem, ...]]) -> GemDeck:
    """A deck from ``entries``; raises :class:`GemDeckError` listing every rule it breaks."""
    problems = deck_problems(entries)
    if problems:
        raise GemDeckError(problems)
    return GemDeck(tuple(tuple(entries[c]) for c in ALL_NATURALS))


def parse_entries(text: str | Mapping[str, str]) -> dict[Card, tuple[Gem, ...]]:
    """``"AS=G 2S=E … KS=GE"`` (or a mapping card → gem letters) → card → gems, unchecked;
    raises :class:`GemDeckError` naming the token that is not a card or a gem."""
    pairs: list[tuple[str, str]]
    if isinstance(text, str):
        pairs = []
        for token in text.replace(",", " ").split():
            card_text, sep, gem_text = token.partition("=")
            if not sep:
                card_text, sep, gem_text = token.partition(":")
            if not sep:
                raise GemDeckError(
                    [
                        DeckProblem(
                            "deck", msg("`{token}` is not card=gems (e.g. KS=GE)", token=token)
                        )
                    ]
                )
            pairs.append((card_text, gem_text))
    else:
        pairs = [(str(k), str(v) if v is not None else "") for k, v in text.items()]
    out: dict[Card, tuple[Gem, ...]] = {}
    for card_text, gem_text in pairs:
        try:
            card = parse_card(card_text)
        except CardError as e:
            raise GemDeckError([DeckProblem("deck", said_of(e))]) from None
        if card in out:
            raise GemDeckError(
                [DeckProblem(card.code, msg("{card} is given twice", card=card.label))]
            )
        letters = "".join(gem_text.replace("/", "").replace("+", "").split())
        try:
            out[card] = tuple(parse_gem(ch) for ch in letters)
        except NotAGem as e:
            raise GemDeckError(
                [
                    DeckProblem(
                        card.code,
                        msg(
                            "{card}: `{text}` is not a gem (one of G E M P A R T S)",
                            card=card.label,
                            text=e.text,
                        ),
                    )
                ]
            ) from None
    return out


def parse_deck(text: str | Mapping[str, str]) -> GemDeck:
    """A checked deck from its text or mapping form (see :func:`parse_entries`)."""
    return make_deck(parse_entries(text))


def _synthetic() -> GemDeck:
    """A deck that satisfies the structure, for tests and demos: in block ``b`` the lower
    rank's suits carry gems ``b … b+3`` and the upper rank's ``b+4 … b+7`` (mod 8); the kings
    carry G E, M P, A R, T S."""
    entries: dict[Card, tuple[Gem, ...]] = {}
    for b, (low, high) in enumerate(BLOCKS):
        for s, suit in enumerate(SUITS):
            entries[Card(low, suit)] = (GEMS[(b + s) % 8],)
            entries[Card(high, suit)] = (GEMS[(b + 4 + s) % 8],)
    for s, suit in enumerate(SUITS):
        entries[Card(Rank.KING, suit)] = (GEMS[2 * s], GEMS[2 * s + 1])
    return make_deck(entries)


SYNTHETIC_DECK = _synthetic()
