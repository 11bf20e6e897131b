"""Layoffs onto the knocker's melds in Gem Rummy, and the turns of a three-player knock.

A non-knocker lays off onto the knocker's melds only (never onto its own, none after gin):
the fourth card of a set, cards extending a run at either end (onto its own earlier layoffs
too when ``layoff_chain``), a card of a stash's gem (a king read as that gem) when stashes
take layoffs, another queen onto Queen's Diamonds when it takes layoffs. A player's best play
is the joint choice of layoffs and own melds with the least deadwood (docs/rules.md R4, R7).

With two non-knockers the layoffs are played in turns, clockwise, one card at a time
(seed 003): on each turn the player re-plans against the table as it now stands and lays off
the first card of its best plan (or passes), until a whole round passes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product

from referee.games.gem.deck import Gem, GemDeck
from referee.games.gem.melds import GemMeld, GemMeldKind
from referee.games.gem.search import GemArrangement, GemSearch
from referee.games.gem.table_rules import GemRules
from referee.rules.cards import Card, Rank


@dataclass(frozen=True)
class TableMeld:
    """A knocker's meld as it stands on the table, with the cards laid off onto it."""

    meld: GemMeld
    added: tuple[Card, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.meld.cards + self.added

    def run_span(self) -> tuple[int, int]:
        ranks = [int(c.rank or 0) for c in self.cards]
        return min(ranks), max(ranks)


@dataclass(frozen=True)
class GemLayoff:
    """One card laid off: by whom (``seat``), onto which of the knocker's melds (index into
    the spread), and the gem a king was read as onto a stash."""

    card: Card
    meld_index: int
    seat: int = 1
    reading: Gem | None = None


def _fits(table: TableMeld, card: Card, deck: GemDeck, rules: GemRules) -> bool:
    meld = table.meld
    if meld.kind is GemMeldKind.SET:
        return card.rank == meld.cards[0].rank
    if meld.kind is GemMeldKind.RUN:
        return card.suit == meld.cards[0].suit
    if meld.kind is GemMeldKind.STASH:
        return rules.stash_layoffs and meld.gem in deck.gems_of(card)
    return rules.queens_diamonds_layoffs and card.rank is Rank.QUEEN


def _options(
    table: TableMeld, cards: Sequence[Card], deck: GemDeck, rules: GemRules
) -> list[tuple[Card, ...]]:
    """Each group of ``cards`` the meld could take at once (the empty group first); a run's
    groups are in the order they must go down (nearest first)."""
    fitting = [c for c in cards if _fits(table, c, deck, rules)]
    if not fitting:
        return [()]
    if table.meld.kind is GemMeldKind.RUN:
        have = {int(c.rank or 0): c for c in fitting}
        low, high = table.run_span()
        below: list[Card] = []
        r = low - 1
        while r in have and (rules.layoff_chain or not below):
            below.append(have[r])
            r -= 1
        above: list[Card] = []
        r = high + 1
        while r in have and (rules.layoff_chain or not above):
            above.append(have[r])
            r += 1
        return [
            tuple(below[:a]) + tuple(above[:b])
            for a in range(len(below) + 1)
            for b in range(len(above) + 1)
        ]
    out: list[tuple[Card, ...]] = []
    for size in range(len(fitting) + 1):
        out.extend(combinations(fitting, size))
    return out


@dataclass(frozen=True)
class LayoffPlan:
    """A player's best play against a table: the layoffs (in an order they can go down), the
    arrangement of what is left, and its deadwood."""

    layoffs: tuple[GemLayoff, ...]
    arrangement: GemArrangement

    @property
    def deadwood(self) -> int:
        return self.arrangement.deadwood


def _plans(
    table: Sequence[TableMeld], cards: Sequence[Card], deck: GemDeck, rules: GemRules
) -> Iterator[tuple[tuple[Card, int], ...]]:
    per_meld = [_options(t, cards, deck, rules) for t in table]
    for choice in product(*per_meld):
        used: set[Card] = set()
        clash = False
        for group in choice:
            for card in group:
                if card in used:
                    clash = True
                    break
                used.add(card)
            if clash:
                break
        if not clash:
            yield tuple((card, i) for i, group in enumerate(choice) for card in group)


def best_layoffs(
    table: Sequence[TableMeld],
    cards: Sequence[Card],
    deck: GemDeck,
    diamond: Card,
    rules: GemRules,
    seat: int = 1,
) -> LayoffPlan:
    """The play with the least deadwood; among equals, the fewest cards laid off."""
    search = GemSearch(cards, deck, diamond)
    best: tuple[int, int] | None = None
    chosen: tuple[tuple[Card, int], ...] = ()
    for plan in _plans(table, cards, deck, rules):
        left = search.full & ~search.mask_of([c for c, _ in plan])
        key = (search.least(left), len(plan))
        if best is None or key < best:
            best, chosen = key, plan
    left = search.full & ~search.mask_of([c for c, _ in chosen])
    layoffs = tuple(
        GemLayoff(
            c,
            i,
            seat,
            table[i].meld.gem
            if table[i].meld.kind is GemMeldKind.STASH and c.rank is Rank.KING
            else None,
        )
        for c, i in chosen
    )
    return LayoffPlan(layoffs, search.best(left))


def lay_off(table: Sequence[TableMeld], layoff: GemLayoff) -> list[TableMeld]:
    """The table after one card is laid off."""
    out = list(table)
    out[layoff.meld_index] = replace(
        out[layoff.meld_index], added=(*out[layoff.meld_index].added, layoff.card)
    )
    return out


@dataclass(frozen=True)
class LayoffTurns:
    """The layoffs of every non-knocker, in the order they were played, and each one's
    arrangement of what it kept (by seat)."""

    turns: tuple[GemLayoff, ...]
    kept: dict[int, GemArrangement]
    passes: int = 0


def play_layoff_turns(
    spread: Sequence[GemMeld],
    hands: dict[int, Sequence[Card]],
    order: Sequence[int],
    deck: GemDeck,
    diamond: Card,
    rules: GemRules,
) -> LayoffTurns:
    """Lay off in turns clockwise (``order``: the non-knockers from the knocker's left), one
    card a turn, each player re-planning against the table as it stands, until a round in
    which nobody lays off."""
    table = [TableMeld(m) for m in spread]
    held = {seat: list(hands[seat]) for seat in order}
    turns: list[GemLayoff] = []
    while True:
        laid = False
        for seat in order:
            plan = best_layoffs(table, held[seat], deck, diamond, rules, seat)
            if not plan.layoffs:
                continue
            first = plan.layoffs[0]
            turns.append(first)
            table = lay_off(table, first)
            held[seat].remove(first.card)
            laid = True
        if not laid:
            break
    kept = {seat: GemSearch(held[seat], deck, diamond).best() for seat in order}
    return LayoffTurns(tuple(turns), kept)
