"""Melds: validation with the reason, every meld in a hand, every best arrangement.

A *meld* is a set (cards of one rank) or a run (consecutive cards of one suit), as docs/rules.md
§1 and §11 define them, with the table's wild cards (§8.5): jokers when ``jokers_wild``, and
every card of a rank in ``wild_ranks`` (such a card may also stand for itself).

How the open points are settled (each one a choice the rules leave to us):

* **Identity.** Two melds are the same when they are of the same kind and hold the same
  cards (all jokers count alike). Where a meld's cards could be read several ways (which wild
  stands where), the reading with the most natural cards is taken, then the highest run
  (wilds placed above the naturals before below them). A meld given in a valid table order
  (``JK 5♠ 6♠``: the joker is the 4♠) keeps that order.
* **Sets and duplicates.** With one deck a set holds each suit once. With several decks a set
  still holds each suit once while ``max_set`` is 4 or less; a table that allows bigger sets
  (``max_set`` > 4) allows repeated suits (7♠ 7♠ 7♥). A spare copy of a *wild* rank may
  always act as a wild card.
* **Aces.** ``ace=low``: A-2-3 only. ``ace=high_or_low``: A-2-3 or Q-K-A, never K-A-2, and
  never an ace at both ends of one run.
* **Wild-only melds** (possible only when ``min_naturals_in_meld`` is 0) count as a set with
  no rank.
* **Which wild card stands where.** Where wild cards may stand side by side and a meld needs
  at most one natural card (the usual deuces-wild table), every card of a wild rank can take
  another's place in any arrangement (see :func:`_class_of`). Arrangements that differ only
  in which of them stands where are one arrangement: searched, counted and listed once, its
  ``note`` naming the cards that could change places; the cards shown are placed where they
  stand as themselves when they can. Jokers were always alike.
* **Order of arrangements.** Arrangements come in search order: the lowest card (suit-major,
  wilds and jokers last) is placed first, in its longest meld first, deadwood last; then the
  next lowest card, and so on. The order depends only on the cards, not on how they were
  typed, so ``best_arrangement`` is always ``best_arrangements(...)[0]``.

>>> from referee.rules.cards import parse_cards
>>> best_arrangement(parse_cards("4H 5H 6H 7H 7S 7D KC QD 2S AC")).deadwood
23
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, pairwise
from types import ModuleType
from typing import Any

from referee.rules.budget import charge, current
from referee.rules.cards import _SUIT_INDEX, ALL_NATURALS, SUITS, Card, Suit, sort_cards
from referee.rules.messages import Message, Value, all_of, as_message, joined, listed, msg, msg_n
from referee.rules.results import Arrangement, Meld, MeldKind
from referee.rules.ruleset import DEFAULT_RULES, AceRank, Ruleset
from referee.rules.values import card_value, deadwood_of

__all__ = [
    "InvalidMeldError",
    "KnockOptions",
    "SpreadCardError",
    "all_melds",
    "best_arrangement",
    "best_arrangements",
    "check_spread",
    "knock_options",
    "meld_identity",
    "meld_problem",
    "min_deadwood",
    "validate_meld",
]

JOKER = Card.make_joker(1)
"""Every joker is counted as this one while solving; real jokers are handed back at the end."""


class InvalidMeldError(ValueError):
    """A meld (or a declared spread) that breaks the rules; the message is the human reason.

    ``message`` is the reason as a :class:`Message` (its key and values, for the pages to say
    it in the reader's language); ``str()`` is its English.
    """

    def __init__(self, reason: str | Message) -> None:
        self.message = as_message(reason)
        super().__init__(str(reason))


class SpreadCardError(ValueError):
    """A declared spread names a card the hand does not hold, or uses one twice; ``message``
    says which (``str()`` is its English)."""

    def __init__(self, reason: Message) -> None:
        self.message = reason
        super().__init__(str(reason))


# -- the table's meld rules, read once per Ruleset ----------------------------------------


@dataclass(frozen=True)
class _Ctx:
    rules: Ruleset
    jokers_wild: bool
    wild_ranks: frozenset[int]
    top: int  # highest run position: 13 (ace low) or 14 (ace may be high)
    min_set: int
    max_set: int
    min_run: int
    max_run: int  # effective: never more than 13 positions
    min_nat: int
    adjacent_ok: bool
    repeat_suits: bool  # a set may hold a suit twice (max_set > 4)
    simple: bool  # no wild cards and a set holds each suit once: melds from tables
    values: tuple[int, ...]  # deadwood value by card index (52: any joker)
    # wild ranks whose cards the solver counts as one card type (see _class_of)
    merged_ranks: frozenset[int] = frozenset()

    def wild(self, card: Card) -> bool:
        if card.is_joker:
            return self.jokers_wild
        assert card.rank is not None
        return int(card.rank) in self.wild_ranks

    def meldable(self, card: Card) -> bool:
        return not card.is_joker or self.jokers_wild


# Contexts by the identity of the Ruleset. Hashing a Ruleset (40-odd fields) costs more than
# a small search, so each entry keeps its Ruleset alive: its id cannot be reused meanwhile.
_CTX_BY_ID: dict[int, tuple[Ruleset, _Ctx]] = {}


def _ctx(rules: Ruleset) -> _Ctx:
    entry = _CTX_BY_ID.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if len(_CTX_BY_ID) >= 256:
        _CTX_BY_ID.clear()
    ctx = _make_ctx(rules)
    _CTX_BY_ID[id(rules)] = (rules, ctx)
    return ctx


@lru_cache(maxsize=64)
def _make_ctx(rules: Ruleset) -> _Ctx:
    max_run = 13 if rules.max_run is None else min(rules.max_run, 13)
    return _Ctx(
        rules=rules,
        jokers_wild=rules.jokers_wild,
        wild_ranks=frozenset(rules.wild_ranks),
        top=14 if rules.ace is AceRank.HIGH_OR_LOW else 13,
        min_set=rules.min_set,
        max_set=rules.max_set,
        min_run=rules.min_run,
        max_run=max_run,
        min_nat=rules.min_naturals_in_meld,
        adjacent_ok=rules.wilds_adjacent_in_run,
        repeat_suits=rules.max_set > 4,
        simple=not rules.has_wilds and rules.max_set <= 4,
        values=(*(card_value(c, rules) for c in ALL_NATURALS), rules.joker_value),
        merged_ranks=(
            frozenset(rules.wild_ranks)
            if rules.wilds_adjacent_in_run and rules.min_naturals_in_meld <= 1
            else frozenset()
        ),
    )


def _type(card: Card) -> Card:
    return JOKER if card.is_joker else card


def _class_of(card: Card, ctx: _Ctx) -> Card:
    """The card type the solver counts ``card`` as: every joker as :data:`JOKER`, and every
    card of a *merged* wild rank as that rank's spade.

    Why merging is exact: where wild cards may stand side by side and a meld needs at most one
    natural card (``ctx.merged_ranks``), whether cards make a meld depends only on how many
    cards of a wild rank it holds, not which: each of them may stand as a wild anywhere, a
    meld whose only natural card would be one of them is as good with any other (a run of
    that card's suit at the same places, a set of that rank), and they share one deadwood
    value. So the least deadwood is the same, and the arrangements that differ only in which
    of these cards stands where are one arrangement: searched once, listed once, counted once.
    The real cards are handed back at the edge (:class:`_Reals`).
    """
    if card.is_joker:
        return JOKER
    rank = card.rank
    if ctx.merged_ranks and rank is not None and int(rank) in ctx.merged_ranks:
        return ALL_NATURALS[int(rank) - 1]
    return card


def _shared(card: Card, ctx: _Ctx) -> bool:
    """Whether the solver's type of ``card`` stands for several real cards."""
    return card.is_joker or (
        card.rank is not None and bool(ctx.merged_ranks) and int(card.rank) in ctx.merged_ranks
    )


def _rank_at(position: int) -> int:
    return 1 if position == 14 else position


def _card_at(suit: Suit, position: int) -> Card:
    return ALL_NATURALS[_SUIT_INDEX[suit] * 13 + (0 if position == 14 else position - 1)]


def _natural_at(card: Card, suit: Suit | None, position: int) -> bool:
    """Whether ``card`` is the natural card for run position ``position`` of ``suit``."""
    return (
        not card.is_joker
        and card.suit is suit
        and card.rank is not None
        and int(card.rank) == _rank_at(position)
    )


def meld_identity(meld: Meld) -> tuple[str, tuple[int, ...]]:
    """What makes two melds the same: the kind and the cards (jokers alike), not their order."""
    return (meld.kind.value, tuple(sorted(_type(c).index for c in meld.cards)))


# -- generating every meld of a multiset of cards ----------------------------------------

_Items = Sequence[tuple[Card, int]]


def _submultisets(items: _Items, lo: int, hi: int) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``items`` (type, count) with lo..hi cards, in a fixed order."""
    n = len(items)
    rest = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        rest[i] = rest[i + 1] + items[i][1]
    out: list[Card] = []

    def rec(i: int, size: int) -> Iterator[tuple[Card, ...]]:
        if size + rest[i] < lo:
            return
        if i == n:
            yield tuple(out)
            return
        card, count = items[i]
        most = min(count, hi - size)
        for k in range(most + 1):
            if k:
                out.append(card)
            yield from rec(i + 1, size + k)
        if most:
            del out[-most:]

    if hi >= lo:
        yield from rec(0, 0)


# A run not built yet: (suit, low, high, natural places, natural cards, wild places, wild
# cards); most generated melds are never shown, so the solver makes the Meld only when an
# arrangement or all_melds asks for it.
_RunPlan = tuple[
    Suit, int, int, tuple[int, ...], tuple[Card, ...], tuple[int, ...], tuple[Card, ...]
]


def _built(meld: Meld | _RunPlan) -> Meld:
    if isinstance(meld, Meld):
        return meld
    suit, low, high, at, naturals, wild_at, wilds = meld
    slots = dict(zip(at, naturals, strict=True))
    slots.update(zip(wild_at, wilds, strict=True))
    cards = tuple(slots[p] for p in range(low, high + 1))
    return Meld(MeldKind.RUN, cards, suit=suit, low=low, high=high)


class _Collector:
    """Keeps one canonical meld per identity: most natural cards, then the highest run."""

    def __init__(self) -> None:
        self.best: dict[tuple[str, tuple[int, ...]], tuple[tuple[int, int], Meld | _RunPlan]]
        self.best = {}

    def add(self, meld: Meld, score: tuple[int, int]) -> None:
        charge()
        key = meld_identity(meld)
        held = self.best.get(key)
        if held is None or score > held[0]:
            self.best[key] = (score, meld)

    def melds(self) -> list[Meld]:
        return [_built(m) for _, m in self.best.values()]

    def found(self) -> list[_Found]:
        """The melds as the solver takes them, read from their identities (not built)."""
        return [
            (m, cards, (-len(cards), 0 if kind == "set" else 1, cards))
            for (kind, cards), (_, m) in self.best.items()
        ]


class _MeldList:
    """The solver's melds by id, each built on first use (see :data:`_RunPlan`)."""

    def __init__(self, melds: Iterable[Meld | _RunPlan]) -> None:
        self.items = list(melds)

    def __getitem__(self, i: int) -> Meld:
        meld = self.items[i]
        if not isinstance(meld, Meld):
            meld = self.items[i] = _built(meld)
        return meld

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Meld]:
        return (self[i] for i in range(len(self.items)))


def _set_meld(rank: int | None, naturals: Iterable[Card], wilds: Iterable[Card]) -> Meld:
    cards = tuple(sorted(naturals, key=_key)) + tuple(sorted(wilds, key=_key))
    return Meld(MeldKind.SET, cards, rank=rank)


def _key(card: Card) -> int:
    return card.index


def _set_reading(cards: Sequence[Card], rank: int | None, ctx: _Ctx) -> int | None:
    """How many cards of ``cards`` stand as natural ``rank`` cards in a valid set, else None.

    ``rank`` None reads every card as wild (a wild-only set).
    """
    if not ctx.min_set <= len(cards) <= ctx.max_set:
        return None
    naturals: list[Card] = []
    for card in cards:
        if not card.is_joker and card.rank is not None and int(card.rank) == rank:
            naturals.append(card)
        elif not ctx.wild(card):
            return None
    if ctx.repeat_suits:
        nat = len(naturals)
    else:
        nat = len(set(naturals))
        if nat < len(naturals) and rank not in ctx.wild_ranks:
            return None
    if nat < ctx.min_nat or (rank is not None and nat == 0):
        return None
    return nat


def _gen_sets(items: _Items, ctx: _Ctx, out: _Collector, size: int | None) -> None:
    wilds = [(t, c) for t, c in items if ctx.wild(t)]
    by_rank: dict[int, list[tuple[Card, int]]] = {}
    for t, c in items:
        if not t.is_joker:
            assert t.rank is not None
            by_rank.setdefault(int(t.rank), []).append((t, c))
    lo_size = ctx.min_set if size is None else max(ctx.min_set, size)
    hi_size = ctx.max_set if size is None else min(ctx.max_set, size)
    if lo_size > hi_size:
        return
    for rank in sorted(by_rank):
        rank_wild = rank in ctx.wild_ranks
        naturals = [(t, c if (ctx.repeat_suits or rank_wild) else 1) for t, c in by_rank[rank]]
        pool = [(t, c) for t, c in wilds if t.is_joker or t.rank != rank]
        pool_total = sum(c for _, c in pool)
        for chosen in _submultisets(naturals, 1, hi_size):
            a = len(chosen)
            if a + pool_total < lo_size:
                continue
            nat = a if ctx.repeat_suits else len(set(chosen))
            if nat < ctx.min_nat:
                continue
            for extra in _submultisets(pool, max(0, lo_size - a), hi_size - a):
                if ctx.repeat_suits:
                    meld = _set_meld(rank, chosen, extra)
                else:
                    # spare copies of a wild rank act as wilds (standing for missing suits)
                    firsts = tuple(dict.fromkeys(chosen))
                    spares = list((Counter(chosen) - Counter(firsts)).elements())
                    meld = _set_meld(rank, firsts, [*spares, *extra])
                out.add(meld, (nat, -rank))
    if ctx.min_nat == 0:
        for extra in _submultisets(wilds, lo_size, hi_size):
            out.add(_set_meld(None, (), extra), (0, -99))


def _gen_runs(items: _Items, ctx: _Ctx, out: _Collector, size: int | None) -> None:
    counts = dict(items)
    wilds = [(t, c) for t, c in items if ctx.wild(t)]
    wild_total = sum(c for _, c in wilds)
    lo_len = ctx.min_run if size is None else max(ctx.min_run, size)
    hi_len = ctx.max_run if size is None else min(ctx.max_run, size)
    if lo_len > hi_len:
        return
    need_nat = max(1, ctx.min_nat)
    for suit in SUITS:
        present = [False] * 16
        for pos in range(1, ctx.top + 1):
            present[pos] = counts.get(_card_at(suit, pos), 0) > 0
        if not any(present):
            continue
        # the same natural cards with the same number of wilds make the same melds wherever
        # they stand: keep only the highest valid placement of each
        placements: dict[tuple[tuple[int, ...], int], tuple[int, int, tuple[int, ...]]] = {}
        for lo in range(1, ctx.top - lo_len + 2):
            if wild_total == 0 and not present[lo]:
                continue
            mandatory: list[int] = []
            for hi in range(lo, min(ctx.top, lo + hi_len - 1) + 1):
                if lo == 1 and hi == 14:
                    break
                if not present[hi]:
                    mandatory.append(hi)
                    if len(mandatory) > wild_total:
                        break
                if hi - lo + 1 < lo_len:
                    continue
                avail = [p for p in range(lo, hi + 1) if present[p]]
                if len(avail) < need_nat:
                    continue
                spare = wild_total - len(mandatory)
                for k in range(min(spare, len(avail) - need_nat) + 1):
                    for replaced in combinations(avail, k):
                        wild_pos = tuple(sorted([*mandatory, *replaced]))
                        if not ctx.adjacent_ok and _touching(wild_pos):
                            continue
                        naturals = tuple(p for p in avail if p not in replaced)
                        key = (
                            tuple(sorted(_card_at(suit, p).index for p in naturals)),
                            len(wild_pos),
                        )
                        placements[key] = (lo, hi, wild_pos)
        for (_, _), (lo, hi, wild_pos) in placements.items():
            _emit_runs(suit, lo, hi, wild_pos, wilds, out)


_Combos = dict[tuple[tuple[tuple[Card, int], ...], int], list[tuple[tuple[Card, ...], list[int]]]]


def _gen_runs_adjacent(items: _Items, ctx: _Ctx, out: _Collector) -> None:
    """:func:`_gen_runs` (every size) for a table where wild cards may stand side by side,
    built from the natural cards rather than from every span: each set of natural cards of
    one suit and each number ``k`` of wild cards make one meld per choice of wild cards,
    placed at its highest span (the same melds and readings, without trying every span and
    every natural left out of it)."""
    counts = dict(items)
    wilds = [(t, c) for t, c in items if ctx.wild(t)]
    combos: _Combos = {}
    for suit in SUITS:
        base = _SUIT_INDEX[suit] * 13
        line = [ALL_NATURALS[base + (0 if p == 14 else p - 1)] for p in range(15)]
        held = [p for p in range(1, ctx.top + 1) if counts.get(line[p], 0) > 0]
        if held:
            _suit_runs(suit, line, held, wilds, ctx, out, combos)


def _suit_runs(
    suit: Suit,
    line: list[Card],
    held: list[int],
    wilds: list[tuple[Card, int]],
    ctx: _Ctx,
    out: _Collector,
    combos: _Combos,
) -> None:
    """The runs of one suit for :func:`_gen_runs_adjacent`: ``line[p]`` is the suit's card at
    run position ``p``, ``held`` the positions the hand holds, ``wilds`` its wild cards."""
    wild_total = sum(c for _, c in wilds)
    need_nat = max(1, ctx.min_nat)
    longest, shortest, top = ctx.max_run, ctx.min_run, ctx.top
    best = out.best
    chosen: list[int] = []
    wild_at = [ctx.wild(c) for c in line]

    def emit() -> None:
        n = len(chosen)
        low_s, high_s = chosen[0], chosen[-1]
        gaps = high_s - low_s + 1 - n
        nat_cards = tuple([line[p] for p in chosen])
        natural = [c.index for c in nat_cards]
        at = tuple(chosen)
        # the wild cards the naturals leave (a card of a wild rank may stand as itself)
        pool = wilds
        if any(wild_at[p] for p in chosen):
            used = Counter(nat_cards)
            pool = [(t, c - used.get(t, 0)) for t, c in wilds if c - used.get(t, 0) > 0]
        spare = sum(c for _, c in pool)
        pool_key = tuple(pool)
        for k in range(max(gaps, shortest - n, 0), min(spare, longest - n, top - n) + 1):
            lo = min(low_s, top - n - k + 1)
            hi = lo + n + k - 1
            score = (n, lo)
            choices = combos.get((pool_key, k))
            if choices is None:
                choices = combos[(pool_key, k)] = [
                    (extra, [_type(c).index for c in extra]) for extra in _submultisets(pool, k, k)
                ]
            wild_pos = tuple([p for p in range(lo, hi + 1) if p not in at])
            charge(len(choices))
            for extra, extra_keys in choices:
                key = ("run", tuple(sorted(natural + extra_keys)))
                kept = best.get(key)
                if kept is None or score > kept[0]:
                    best[key] = (score, (suit, lo, hi, at, nat_cards, wild_pos, extra))

    def grow(i: int) -> None:
        """Every set of naturals starting with ``chosen``, extended from ``held[i:]``."""
        if len(chosen) >= need_nat:
            emit()
        first = chosen[0]
        for j in range(i, len(held)):
            p = held[j]
            # a longer span, or more gaps than wild cards, only grows from here
            if p - first + 1 > longest or (first == 1 and p == 14):
                break
            if p - first - len(chosen) > wild_total:
                break
            chosen.append(p)
            grow(j + 1)
            chosen.pop()

    for i, p in enumerate(held):
        chosen.append(p)
        grow(i + 1)
        chosen.pop()


def _touching(positions: Sequence[int]) -> bool:
    """Two of these (sorted) run positions stand side by side."""
    return any(b - a == 1 for a, b in pairwise(positions))


def _emit_runs(
    suit: Suit, lo: int, hi: int, wild_pos: tuple[int, ...], wilds: _Items, out: _Collector
) -> None:
    nat_cards = {p: _card_at(suit, p) for p in range(lo, hi + 1) if p not in wild_pos}
    used = Counter(nat_cards.values())
    pool = [(t, c - used.get(t, 0)) for t, c in wilds if c - used.get(t, 0) > 0]
    natural = [_type(c).index for c in nat_cards.values()]
    score = (len(nat_cards), lo)
    best = out.best
    for extra in _submultisets(pool, len(wild_pos), len(wild_pos)):
        # the identity first (as meld_identity reads it): a meld is built only when it is kept
        key = ("run", tuple(sorted([*natural, *(_type(c).index for c in extra)])))
        charge()
        held = best.get(key)
        if held is not None and score <= held[0]:
            continue
        placed = dict(zip(wild_pos, extra, strict=True))
        cards = tuple(nat_cards.get(p) or placed[p] for p in range(lo, hi + 1))
        best[key] = (score, Meld(MeldKind.RUN, cards, suit=suit, low=lo, high=hi))


def _generate(items: _Items, ctx: _Ctx, size: int | None = None) -> list[Meld]:
    """Every meld (one canonical reading per identity) formable from ``items``.

    ``size`` restricts to melds of exactly that many cards (used to validate one meld).
    """
    return _collect(items, ctx, size).melds()


def _collect(items: _Items, ctx: _Ctx, size: int | None = None) -> _Collector:
    items = [(t, c) for t, c in items if c > 0 and ctx.meldable(t)]
    out = _Collector()
    _gen_sets(items, ctx, out, size)
    if size is None and ctx.adjacent_ok:
        _gen_runs_adjacent(items, ctx, out)
    else:
        _gen_runs(items, ctx, out, size)
    return out


def _items_of(cards: Iterable[Card], ctx: _Ctx | None = None) -> list[tuple[Card, int]]:
    """(type, count) of ``cards``; with ``ctx``, as the solver counts them (:func:`_class_of`)."""
    cards = tuple(cards)
    if ctx is not None and ctx.merged_ranks:
        counts = Counter(_class_of(c, ctx) for c in cards)
        return sorted(counts.items(), key=lambda tc: tc[0].index)
    if len({c.index for c in cards}) == len(cards) and all(c.index < 52 for c in cards):
        return [(c, 1) for c in sorted(cards, key=_key)]  # distinct naturals: the usual hand
    counts = Counter(_type(c) for c in cards)
    return sorted(counts.items(), key=lambda tc: tc[0].index)


# -- validating one meld ------------------------------------------------------------------


def _run_in_given_order(cards: Sequence[Card], ctx: _Ctx) -> Meld | None:
    """The run exactly as the cards were laid (first card lowest), when that order is valid."""
    n = len(cards)
    if not ctx.min_run <= n <= ctx.max_run:
        return None
    best: tuple[int, Meld] | None = None
    for suit in SUITS:
        for lo in range(1, ctx.top - n + 2):
            hi = lo + n - 1
            if lo == 1 and hi == 14:
                continue
            nat = 0
            wild_pos: list[int] = []
            ok = True
            for i, card in enumerate(cards):
                if _natural_at(card, suit, lo + i):
                    nat += 1
                elif ctx.wild(card):
                    wild_pos.append(lo + i)
                else:
                    ok = False
                    break
            if not ok or nat < max(1, ctx.min_nat):
                continue
            if not ctx.adjacent_ok and _touching(wild_pos):
                continue
            if best is None or nat > best[0]:
                best = (nat, Meld(MeldKind.RUN, tuple(cards), suit=suit, low=lo, high=hi))
    return None if best is None else best[1]


def _with_real_jokers(meld: Meld, jokers: Iterator[Card]) -> Meld:
    if not any(c.is_joker for c in meld.cards):
        return meld
    cards = tuple(next(jokers) if c.is_joker else c for c in meld.cards)
    return Meld(meld.kind, cards, meld.rank, meld.suit, meld.low, meld.high)


def validate_meld(
    cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES, kind: MeldKind | None = None
) -> Meld:
    """The meld these cards make, in table order; raises :class:`InvalidMeldError` with why not.

    ``kind`` forces a set or a run where wild cards allow both (``7♠ JK JK``); otherwise a set
    is preferred when the natural cards share a rank. A run given in a valid table order keeps
    it (``JK 5♠ 6♠`` puts the joker at 4♠); otherwise wilds go above the naturals, then below.

    >>> from referee.rules.cards import parse_cards
    >>> validate_meld(parse_cards("9S 7S 8S")).label
    '7♠ 8♠ 9♠'
    >>> validate_meld(parse_cards("7S 8S 10S"))
    Traceback (most recent call last):
    ...
    referee.rules.melds.InvalidMeldError: 7♠ 8♠ 10♠ is not a run: 9♠ is missing
    """
    cards = tuple(cards)
    ctx = _ctx(rules)
    found = {m.kind: m for m in _generate(_items_of(cards), ctx, size=len(cards))}
    if kind is not None:
        found = {k: m for k, m in found.items() if k is kind}
    if not found:
        raise InvalidMeldError(_diagnose(cards, ctx, kind))
    if MeldKind.SET in found and (MeldKind.RUN not in found or _prefer_set(cards, ctx)):
        meld = found[MeldKind.SET]
    else:
        meld = _run_in_given_order(cards, ctx) or found[MeldKind.RUN]
    jokers = iter(sorted((c for c in cards if c.is_joker), key=_key))
    return _with_real_jokers(meld, jokers)


def _prefer_set(cards: Sequence[Card], ctx: _Ctx) -> bool:
    ranks = {c.rank for c in cards if not c.is_joker and not ctx.wild(c)}
    return len(ranks) <= 1


def meld_problem(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> str | None:
    """Why these cards are not a meld, or ``None`` when they are one."""
    try:
        validate_meld(cards, rules)
    except InvalidMeldError as err:
        return str(err)
    return None


def _labels(cards: Iterable[Card]) -> str:
    return " ".join(c.label for c in cards)


def _join(words: Sequence[str]) -> Value:
    """``A♠``, ``A♠ and 2♠``, ``A♠, 2♠ and 3♠``: names said as one list."""
    if len(words) <= 1:
        return "".join(words)
    return listed([*words[:-2], all_of(words[-2:])])


def _diagnose(cards: Sequence[Card], ctx: _Ctx, kind: MeldKind | None) -> Message:
    shown: Value = _labels(cards) or msg("nothing")
    smallest = min(ctx.min_set, ctx.min_run)
    if len(cards) < smallest:
        return msg_n(
            "{cards} is not a meld: a meld needs at least {count} card",
            "{cards} is not a meld: a meld needs at least {count} cards",
            smallest,
            cards=shown,
        )
    if any(c.is_joker and not ctx.jokers_wild for c in cards):
        return msg("{cards} is not a meld: jokers are not wild in this game", cards=shown)
    fixed = [c for c in cards if not ctx.wild(c)]  # cards that can only stand as themselves
    wilds = len(cards) - len(fixed)
    set_shape = len({c.rank for c in fixed}) <= 1
    run_shape = len({c.suit for c in fixed}) <= 1
    if kind is MeldKind.SET or (kind is None and set_shape and not run_shape):
        return msg("{cards} is not a set: {why}", cards=shown, why=_set_reason(cards, fixed, ctx))
    if kind is MeldKind.RUN or (kind is None and run_shape and not set_shape):
        why = _run_reason(cards, fixed, wilds, ctx)
        return msg("{cards} is not a run: {why}", cards=shown, why=why)
    if not set_shape and not run_shape:
        return msg(
            "{cards} is not a meld: a set needs cards of one rank and a run cards of one suit",
            cards=shown,
        )
    as_set = _set_reason(cards, fixed, ctx)
    as_run = _run_reason(cards, fixed, wilds, ctx)
    if str(as_set) == str(as_run):
        return msg("{cards} is not a meld: {why}", cards=shown, why=as_set)
    return msg(
        "{cards} is neither a set ({as_set}) nor a run ({as_run})",
        cards=shown,
        as_set=as_set,
        as_run=as_run,
    )


def _naturals_reason(ctx: _Ctx) -> Message:
    return msg_n(
        "a meld needs at least {count} natural card",
        "a meld needs at least {count} natural cards",
        max(1, ctx.min_nat),
    )


def _set_reason(cards: Sequence[Card], fixed: Sequence[Card], ctx: _Ctx) -> Message:
    n = len(cards)
    if len({c.rank for c in fixed}) > 1:
        return msg("its cards are not all of one rank")
    if not ctx.min_set <= n <= ctx.max_set:
        if ctx.min_set == ctx.max_set:
            return msg_n(
                "a set needs exactly {count} card of one rank",
                "a set needs exactly {count} cards of one rank",
                ctx.min_set,
            )
        return msg(
            "a set needs {least} to {most} cards of one rank",
            least=ctx.min_set,
            most=ctx.max_set,
        )
    if not ctx.repeat_suits:
        twice = [c for c, k in Counter(fixed).items() if k > 1]
        if twice:
            return msg(
                "{card} appears twice, and a set holds each suit once (repeated suits need sets "
                "of more than 4 cards)",
                card=twice[0].label,
            )
    return _naturals_reason(ctx)


def _run_reason(cards: Sequence[Card], fixed: Sequence[Card], wilds: int, ctx: _Ctx) -> Message:
    n = len(cards)
    if n < ctx.min_run:
        return msg_n(
            "a run needs at least {count} card", "a run needs at least {count} cards", ctx.min_run
        )
    if n > ctx.max_run:
        return msg_n(
            "a run holds at most {count} card", "a run holds at most {count} cards", ctx.max_run
        )
    twice = [c for c, k in Counter(fixed).items() if k > 1]
    if twice:
        return msg("{card} appears twice", card=twice[0].label)
    if not fixed:
        return _naturals_reason(ctx)
    suit = fixed[0].suit
    assert suit is not None
    ranks = sorted(int(c.rank) for c in fixed if c.rank is not None)
    low_reading = ranks
    high_reading = sorted([14 if r == 1 else r for r in ranks]) if 1 in ranks else None
    if high_reading is not None and ctx.top == 13 and _missing(high_reading) <= wilds:
        return msg("the ace is low in this game")
    if 1 in ranks and 13 in ranks and len(ranks) > 2:
        return msg("a run may not turn the corner from K to A to 2")
    readings = [low_reading]
    if high_reading is not None and ctx.top == 14:
        readings.append(high_reading)
    best = min(readings, key=_missing)
    if _missing(best) > wilds:
        gaps = [p for p in range(best[0], best[-1] + 1) if p not in best]
        return _missing_reason([_card_at(suit, p).label for p in gaps], wilds)
    if not ctx.adjacent_ok and wilds > 1:
        return msg("two wild cards may not stand side by side in a run")
    if ctx.min_nat > len(fixed):
        return _naturals_reason(ctx)
    return msg("its cards do not fit one run")


def _missing_reason(names: Sequence[str], wilds: int) -> Message:
    """The cards a run lacks ("9♠ is missing"), and the wild cards too few to fill them."""
    cards = _join(names)
    if len(names) == 1:
        if not wilds:
            return msg("{card} is missing", card=cards)
        return msg_n(
            "{card} is missing and there is only {count} wild card",
            "{card} is missing and there are only {count} wild cards",
            wilds,
            card=cards,
        )
    if not wilds:
        return msg("{cards} are missing", cards=cards)
    return msg_n(
        "{cards} are missing and there is only {count} wild card",
        "{cards} are missing and there are only {count} wild cards",
        wilds,
        cards=cards,
    )


def _missing(positions: Sequence[int]) -> int:
    return positions[-1] - positions[0] + 1 - len(positions)


# -- all melds ------------------------------------------------------------------------------


def _meld_order(meld: Meld) -> tuple[int, int, tuple[int, ...]]:
    return (-len(meld.cards), 0 if meld.kind is MeldKind.SET else 1, meld_identity(meld)[1])


def all_melds(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> tuple[Meld, ...]:
    """Every meld that can be formed from the hand's cards, longest first, then sets first.

    A meld uses the hand's jokers from the lowest number up.
    """
    solver = _solver(tuple(_items_of(cards)), rules)
    jokers = sorted((c for c in cards if c.is_joker), key=_key)
    melds = sorted(solver.melds, key=_meld_order)
    return tuple(_with_real_jokers(m, iter(jokers)) for m in melds)


# -- melds as the solver takes them: (meld, card indices, search order) ----------------------

_Found = tuple[Meld | _RunPlan, tuple[int, ...], tuple[int, int, tuple[int, ...]]]


def _third(found: _Found) -> tuple[int, int, tuple[int, ...]]:
    return found[2]


def _found(meld: Meld) -> _Found:
    cards = tuple(c.index if c.index < 52 else 52 for c in meld.cards)
    kind = 0 if meld.kind is MeldKind.SET else 1
    return meld, cards, (-len(cards), kind, tuple(sorted(cards)))


def _melds_with_keys(items: _Items, ctx: _Ctx) -> list[_Found]:
    return _collect(items, ctx).found()


# Every run and set a table without wild cards can make, built once and shared by every hand:
# a run by (suit, low, high), a set by (rank, suits).
_RUNS: dict[tuple[int, int, int], _Found] = {}
_SETS: dict[tuple[int, tuple[int, ...]], _Found] = {}


def _table_run(suit: int, low: int, high: int) -> _Found:
    found = _RUNS.get((suit, low, high))
    if found is None:
        cards = tuple(_card_at(SUITS[suit], p) for p in range(low, high + 1))
        meld = Meld(MeldKind.RUN, cards, suit=SUITS[suit], low=low, high=high)
        found = _RUNS[(suit, low, high)] = _found(meld)
    return found


def _table_set(rank: int, suits: tuple[int, ...]) -> _Found:
    found = _SETS.get((rank, suits))
    if found is None:
        cards = tuple(ALL_NATURALS[s * 13 + rank - 1] for s in suits)
        found = _SETS[(rank, suits)] = _found(Meld(MeldKind.SET, cards, rank=rank))
    return found


def _table_melds(items: _Items, ctx: _Ctx) -> list[_Found]:
    """What :func:`_generate` finds for a table without wild cards whose sets hold each suit
    once, read from the shared tables: the runs of each suit's mask of held cards, the sets
    of each rank's mask of suits holding it."""
    masks = [0, 0, 0, 0]
    for t, c in items:
        i = t.index
        if c > 0 and i < 52:
            masks[i // 13] |= 1 << (i % 13)
    m0, m1, m2, m3 = masks
    runs, sets = _mask_tables(ctx)
    found: list[_Found] = []
    rich = (m0 & m1 & (m2 | m3)) | ((m0 | m1) & m2 & m3) if ctx.min_set >= 3 else m0 | m1 | m2 | m3
    while rich:
        low = rich & -rich
        rich ^= low
        r = low.bit_length() - 1
        suits = (m0 >> r & 1) | (m1 >> r & 1) << 1 | (m2 >> r & 1) << 2 | (m3 >> r & 1) << 3
        found.extend(sets[r][suits])
    for s, mask in enumerate(masks):
        if mask:
            found.extend(runs[s][mask])
    return found


class _LazyTable(dict[int, tuple[_Found, ...]]):
    """Melds by mask, each entry worked out on first use by ``make``."""

    def __init__(self, make: Callable[[int], tuple[_Found, ...]]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, mask: int) -> tuple[_Found, ...]:
        value = self[mask] = self.make(mask)
        return value


_MASK_TABLES: dict[tuple[int, ...], tuple[list[_LazyTable], list[_LazyTable]]] = {}


def _mask_tables(ctx: _Ctx) -> tuple[list[_LazyTable], list[_LazyTable]]:
    """Per suit, the runs a 13-bit mask of held ranks makes; per rank, the sets a 4-bit mask
    of held suits makes (both in :func:`_generate`'s terms, shared by equal tables)."""
    need = max(1, ctx.min_nat)
    key = (ctx.top, max(ctx.min_run, need), ctx.max_run, max(ctx.min_set, need), ctx.max_set)
    tables = _MASK_TABLES.get(key)
    if tables is None:
        top, shortest, longest, low_set, high_set = key

        def runs_of(s: int) -> Callable[[int], tuple[_Found, ...]]:
            def make(mask: int) -> tuple[_Found, ...]:
                at = [False, *(bool(mask >> p & 1) for p in range(13)), bool(mask & 1)]
                out = []
                for low in range(1, top - shortest + 2):
                    if not at[low]:
                        continue
                    for high in range(low + 1, min(top, low + longest - 1) + 1):
                        if not at[high] or (low == 1 and high == 14):
                            break
                        if high - low + 1 >= shortest:
                            out.append(_table_run(s, low, high))
                return tuple(out)

            return make

        def sets_of(r: int) -> Callable[[int], tuple[_Found, ...]]:
            def make(mask: int) -> tuple[_Found, ...]:
                suits = tuple(s for s in range(4) if mask >> s & 1)
                return tuple(
                    _table_set(r + 1, chosen)
                    for size in range(low_set, min(high_set, len(suits)) + 1)
                    for chosen in combinations(suits, size)
                )

            return make

        tables = (
            [_LazyTable(runs_of(s)) for s in range(4)],
            [_LazyTable(sets_of(r)) for r in range(13)],
        )
        _MASK_TABLES[key] = tables
    return tables


# -- real cards behind the solver's shared types ----------------------------------------------


# A meld's canonical reading by (kind, card keys, context id), with its context kept alive.
_READINGS: dict[tuple[str, tuple[int, ...], int], tuple[_Ctx, Meld]] = {}


def _reading(kind: MeldKind, cards: Sequence[Card], ctx: _Ctx) -> Meld:
    """The canonical meld of ``kind`` these real cards make (as :func:`_generate` reads it:
    the most natural cards, then the highest run), read directly where it is quick to;
    remembered by the cards (jokers alike) for the table."""
    key = (kind.value, tuple(sorted(_type(c).index for c in cards)), id(ctx))
    hit = _READINGS.get(key)
    if hit is None or hit[0] is not ctx:
        meld = _set_reading_of(cards, ctx) if kind is MeldKind.SET else _run_reading_of(cards, ctx)
        if meld is None:
            meld = _generic_reading(kind, cards, ctx)
        if len(_READINGS) >= 4096:
            _READINGS.clear()
        hit = _READINGS[key] = (ctx, _as_types(meld))
    return _with_real_jokers(hit[1], iter(sorted((c for c in cards if c.is_joker), key=_key)))


def _as_types(meld: Meld) -> Meld:
    """``meld`` with every joker as :data:`JOKER` (as the generator gives melds)."""
    if not any(c.is_joker for c in meld.cards):
        return meld
    cards = tuple(_type(c) for c in meld.cards)
    return Meld(meld.kind, cards, meld.rank, meld.suit, meld.low, meld.high)


def _generic_reading(kind: MeldKind, cards: Sequence[Card], ctx: _Ctx) -> Meld:
    """:func:`_reading` by generating every meld of exactly these cards."""
    found = [m for m in _generate(_items_of(cards), ctx, size=len(cards)) if m.kind is kind]
    return _with_real_jokers(found[0], iter(sorted((c for c in cards if c.is_joker), key=_key)))


def _set_reading_of(cards: Sequence[Card], ctx: _Ctx) -> Meld | None:
    """A set's reading when its rank is plain: that of its cards not wild, or the one wild
    rank of the table when every card is of it or a joker (None: ask the generator)."""
    fixed = {int(c.rank) for c in cards if c.rank is not None and not ctx.wild(c)}
    if len(fixed) > 1:
        return None
    if fixed:
        rank = fixed.pop()
    elif len(ctx.wild_ranks) == 1 and any(not c.is_joker for c in cards):
        rank = next(iter(ctx.wild_ranks))
    else:
        return None
    of_rank = sorted((c for c in cards if c.rank is not None and int(c.rank) == rank), key=_key)
    naturals = of_rank if ctx.repeat_suits else list(dict.fromkeys(of_rank))
    rest = list((Counter(cards) - Counter(naturals)).elements())
    return Meld(MeldKind.SET, (*naturals, *sorted(rest, key=_key)), rank=rank)


def _run_reading_of(cards: Sequence[Card], ctx: _Ctx) -> Meld | None:
    """A run's reading: of every suit and span these cards fill, the one with the most
    natural cards, then the highest; wild cards fill the other places lowest first."""
    if not ctx.adjacent_ok:
        return None
    n = len(cards)
    wild = [c for c in cards if ctx.wild(c)]
    plain = [c for c in cards if not ctx.wild(c)]
    plain_suits = {c.suit for c in plain}
    if len(plain_suits) > 1 or any(c.rank is None for c in plain):
        return None
    suits = [s for s in SUITS if s in plain_suits] if plain else list(SUITS)
    ordered = sorted(plain, key=_key) + sorted(wild, key=_key)
    # the places the natural cards that are not aces pin down
    pinned = [int(c.rank) for c in plain if c.rank is not None and int(c.rank) != 1]
    top_lo = min([ctx.top - n + 1, *pinned])
    bottom_lo = max([1, *(p - n + 1 for p in pinned)])
    best: tuple[tuple[int, int], Suit, int, dict[int, Card]] | None = None
    for suit in suits:
        for lo in range(top_lo, bottom_lo - 1, -1):
            hi = lo + n - 1
            if lo == 1 and hi == 14:
                continue
            placed: dict[int, Card] = {}
            ok = True
            for card in ordered:
                rank = 0 if card.rank is None or card.suit is not suit else int(card.rank)
                spot = 0
                if rank == 1:
                    if 1 not in placed and 14 not in placed:
                        spot = 14 if hi == 14 else 1 if lo == 1 else 0
                elif rank and lo <= rank <= hi and rank not in placed:
                    spot = rank
                if spot:
                    placed[spot] = card
                elif not ctx.wild(card):
                    ok = False
                    break
            if ok and len(placed) >= max(1, ctx.min_nat):
                score = (len(placed), lo)
                if best is None or score > best[0]:
                    best = (score, suit, lo, placed)
    if best is None:
        return None
    _, suit, lo, placed = best
    left = iter(sorted((Counter(cards) - Counter(placed.values())).elements(), key=_key))
    row = tuple(placed[p] if p in placed else next(left) for p in range(lo, lo + n))
    return Meld(MeldKind.RUN, row, suit=suit, low=lo, high=lo + n - 1)


class _Reals:
    """The real cards behind the solver's shared types (every joker; every card of a merged
    wild rank, :func:`_class_of`), handed out to one arrangement's melds and deadwood.

    A merged card goes first to a run of its own suit (where it may stand as itself), and a
    meld holding one is read again from its real cards (the reading with the most natural
    cards), so the arrangement shown is the one a player would lay down.
    """

    def __init__(self, cards: Iterable[Card], ctx: _Ctx) -> None:
        self.ctx = ctx
        self.pool: dict[Card, list[Card]] = {}
        for card in sorted(cards, key=_key):
            self.pool.setdefault(_class_of(card, ctx), []).append(card)

    def copy(self) -> _Reals:
        """A fresh pool with the same cards (one per arrangement)."""
        fresh = _Reals((), self.ctx)
        fresh.pool = {t: list(cards) for t, cards in self.pool.items()}
        return fresh

    def _take(self, t: Card, suit: Suit | None = None) -> Card:
        cards = self.pool[t]
        if suit is not None:
            for i, card in enumerate(cards):
                if card.suit is suit:
                    return cards.pop(i)
        return cards.pop(0)

    def melds(self, melds: Sequence[Meld], kinds: Sequence[int]) -> tuple[Meld, ...]:
        """Real melds for ``melds``; ``kinds[i]`` says what shared types meld i holds: 0 none,
        1 jokers only, 2 a merged wild rank's (see :meth:`_Solver.sharing`)."""
        pool = self.pool
        # first the runs take the merged cards of their own suit, then every slot in order
        rows: list[list[Card | None] | None] = []
        for meld, kind in zip(melds, kinds, strict=True):
            if not kind:
                rows.append(None)
                continue
            row: list[Card | None] = [None if c in pool else c for c in meld.cards]
            if kind == 2 and meld.kind is MeldKind.RUN:
                for i, c in enumerate(meld.cards):
                    if row[i] is None and not c.is_joker:
                        for x in pool[c]:
                            if x.suit is meld.suit:
                                pool[c].remove(x)
                                row[i] = x
                                break
            rows.append(row)
        out = []
        for meld, kind, maybe in zip(melds, kinds, rows, strict=True):
            if maybe is None:
                out.append(meld)
                continue
            cards = tuple(
                self._take(meld.cards[i]) if c is None else c for i, c in enumerate(maybe)
            )
            if kind == 2:
                out.append(_reading(meld.kind, cards, self.ctx))
            else:
                out.append(Meld(meld.kind, cards, meld.rank, meld.suit, meld.low, meld.high))
        return tuple(out)

    def card(self, t: Card, suit: Suit | None = None) -> Card:
        """A real card for one card of type ``t`` (of ``suit`` when there is one)."""
        return self._take(t, suit) if t in self.pool else t


def _swap_note(melds: Sequence[Meld], dead: Sequence[Card], ctx: _Ctx) -> Message:
    """The note of an arrangement standing for several: which cards of a merged wild rank
    could change places (in different melds, or one melded and one in the deadwood)."""
    if not ctx.merged_ranks:
        return joined()
    places: dict[int, dict[Card, int]] = {}
    for where, cards in enumerate([*(m.cards for m in melds), tuple(dead)]):
        for card in cards:
            if not card.is_joker and _shared(card, ctx):
                assert card.rank is not None
                places.setdefault(int(card.rank), {})[card] = where
    notes = []
    for _, held in sorted(places.items()):
        if len(set(held.values())) > 1:
            names = [c.label for c in sort_cards(held)]
            notes.append(
                msg("{cards} may change places (the same arrangement).", cards=_join(names))
            )
    return joined(*notes)


# -- the solver: least deadwood over disjoint melds, memoised on the remaining cards --------


class _Solver:
    """Exact least deadwood for every sub-multiset of one hand.

    The work has a ceiling fixed by the hand: a state is a sub-multiset of the solver's card
    types, so there are at most the product of (count + 1) over the types (2 ** n for n
    cards, and far fewer once the cards of a wild rank and the jokers are each one type:
    2 ** (n - w) * (d + 1) * (j + 1) with d of a wild rank and j jokers); each state is solved
    once (memoised) and tries the melds whose lowest card is its lowest card. So one least
    deadwood search costs at most states * (1 + the most melds sharing a lowest card) nodes,
    whatever the cards; the count and the listing walk the same memoised states.

    A state is the count of each card type, packed into one int: a field of ``width`` bits per
    type with a guard bit on top, so "does meld m fit" is one subtraction (SWAR). The search
    takes the lowest remaining card and tries each meld that contains it, then deadwood.
    """

    def __init__(self, items: Sequence[tuple[Card, int]], rules: Ruleset) -> None:
        ctx = _ctx(rules)
        self.rules = rules
        order = sorted(items, key=lambda tc: (ctx.wild(tc[0]) or tc[0].is_joker, tc[0].index))
        self.types: tuple[Card, ...] = tuple(t for t, _ in order)
        self.index = {t: i for i, t in enumerate(self.types)}
        position = [-1] * 53  # type number by card index (52: the jokers)
        for i, t in enumerate(self.types):
            position[min(t.index, 52)] = i
        top = max((c for _, c in order), default=1)
        self.width = top.bit_length() + 1
        w = self.width
        unit = self.unit = tuple(1 << (i * w) for i in range(len(order)))
        self.guard = sum(1 << (i * w + w - 1) for i in range(len(order)))
        self.full = sum(c << (i * w) for i, (_, c) in enumerate(order))
        self.values = tuple(ctx.values[min(t.index, 52)] for t in self.types)
        found = _table_melds(order, ctx) if ctx.simple else _melds_with_keys(order, ctx)
        found.sort(key=_third)
        self.melds = _MeldList(m for m, _, _ in found)
        codes: list[int] = []
        options: list[list[int]] = [[] for _ in order]
        option_codes: list[list[int]] = [[] for _ in order]
        for mid, (_, cards, _) in enumerate(found):
            code = 0
            first = len(order)
            for c in cards:
                p = position[c]
                code += unit[p]
                if p < first:
                    first = p
            codes.append(code)
            options[first].append(mid)
            option_codes[first].append(code)
        self.codes = tuple(codes)
        self.options = tuple(tuple(o) for o in options)
        self.option_codes = tuple(tuple(o) for o in option_codes)
        self.memo: dict[int, int] = {0: 0}
        self.choice_memo: dict[int, tuple[int, tuple[tuple[int, int, int], ...]]] = {}
        self.ctx = ctx
        self.shared = tuple(_shared(t, ctx) for t in self.types)
        self.has_shared = any(self.shared)
        # per meld: 0 no shared type, 1 jokers only, 2 a merged wild rank's type
        merged = [s and not t.is_joker for s, t in zip(self.shared, self.types, strict=True)]
        self.merged = tuple(merged)
        self.reals: dict[tuple[Card, ...], _Reals] = {}  # pools of real cards by hand
        self.merged_count = sum(c for (_, c), m in zip(order, merged, strict=True) if m)
        self.merged_keys = {min(t.index, 52) for t, m in zip(self.types, merged, strict=True) if m}
        self.shared_keys = {
            min(t.index, 52) for t, sh in zip(self.types, self.shared, strict=True) if sh
        }
        self.meld_keys = tuple(cards for _, cards, _ in found)
        self.sharing_memo: dict[int, int] = {}
        self.pack_memo: dict[object, Any] = {}  # layoffs.py's packs by meld (see _packs)

    def sharing(self, meld_id: int) -> int:
        """What shared types a meld holds: 0 none, 1 jokers only, 2 a merged wild rank's."""
        hit = self.sharing_memo.get(meld_id)
        if hit is None:
            cards = self.meld_keys[meld_id]
            hit = (
                0
                if self.shared_keys.isdisjoint(cards)
                else 2
                if not self.merged_keys.isdisjoint(cards)
                else 1
            )
            self.sharing_memo[meld_id] = hit
        return hit

    def type_of(self, card: Card) -> Card:
        """The type this solver counts ``card`` as (:func:`_class_of`)."""
        return _class_of(card, self.ctx)

    def encode(self, cards: Iterable[Card]) -> int:
        return sum(self.unit[self.index[_class_of(c, self.ctx)]] for c in cards)

    def fits(self, state: int, code: int) -> bool:
        """Whether the cards of ``code`` are all among those of ``state``."""
        g = self.guard
        return ((state | g) - code) & g == g

    def count(self, state: int, t: int) -> int:
        return (state >> (t * self.width)) & ((1 << (self.width - 1)) - 1)

    def least(self, state: int) -> int:
        """Least deadwood of the cards in ``state`` (memoised)."""
        memo = self.memo
        hit = memo.get(state)
        if hit is not None:
            return hit
        g = self.guard
        w = self.width
        values = self.values
        unit = self.unit
        option_codes = self.option_codes
        counted = current() is not None  # charging nothing costs a call per node otherwise

        def solve(s: int) -> int:
            r = memo.get(s)
            if r is not None:
                return r
            t = ((s & -s).bit_length() - 1) // w
            if counted:
                charge(1 + len(option_codes[t]))
            best = values[t] + solve(s - unit[t])
            if best:
                for code in option_codes[t]:
                    if ((s | g) - code) & g == g:
                        v = solve(s - code)
                        if v < best:
                            best = v
                            if not v:
                                break
            memo[s] = best
            return best

        return solve(state)

    def optimal_choices(self, s: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        """The lowest card type of ``s`` and the choices for it that keep the least deadwood.

        A choice is (option index, meld id or -1 for deadwood, the state after it).
        """
        hit = self.choice_memo.get(s)
        if hit is not None:
            return hit
        t = ((s & -s).bit_length() - 1) // self.width
        goal = self.least(s)
        g = self.guard
        found: list[tuple[int, int, int]] = []
        opts = self.options[t]
        memo = self.memo
        least = self.least
        for i, code in enumerate(self.option_codes[t]):
            if ((s | g) - code) & g == g:
                rest = s - code
                value = memo.get(rest)
                if (least(rest) if value is None else value) == goal:
                    found.append((i, opts[i], rest))
        nxt = s - self.unit[t]
        if self.values[t] + self.least(nxt) == goal:
            found.append((len(opts), -1, nxt))
        result = (t, tuple(found))
        self.choice_memo[s] = result
        return result

    def arrangements(
        self, state: int, limit: int | None = None
    ) -> Iterator[tuple[list[int], list[int]]]:
        """Every least-deadwood arrangement of ``state``: (meld ids, deadwood type ids).

        Each multiset of melds comes once: while the lowest card type stays the same (copies
        of one card in a several-deck game), options are taken in non-decreasing order.
        """
        melds: list[int] = []
        dead: list[int] = []
        counted = current() is not None

        def rec(s: int, min_opt: int) -> Iterator[tuple[list[int], list[int]]]:
            if counted:
                charge()
            if s == 0:
                yield list(melds), list(dead)
                return
            t, choices = self.optimal_choices(s)
            for i, meld_id, nxt in choices:
                if i < min_opt:
                    continue
                if meld_id >= 0:
                    melds.append(meld_id)
                else:
                    dead.append(t)
                yield from rec(nxt, i if self.count(nxt, t) else 0)
                if meld_id >= 0:
                    melds.pop()
                else:
                    dead.pop()

        for produced, found in enumerate(rec(state, 0), start=1):
            yield found
            if limit is not None and produced >= limit:
                return

    def count_arrangements(self, state: int) -> int:
        """How many arrangements :meth:`arrangements` yields for ``state``, counted without
        walking them (memoised on the state and the lowest option still allowed)."""
        memo: dict[tuple[int, int], int] = {}

        def count(s: int, min_opt: int) -> int:
            if s == 0:
                return 1
            hit = memo.get((s, min_opt))
            if hit is not None:
                return hit
            charge()
            t, choices = self.optimal_choices(s)
            total = 0
            for i, _, nxt in choices:
                if i >= min_opt:
                    total += count(nxt, i if self.count(nxt, t) else 0)
            memo[(s, min_opt)] = total
            return total

        return count(state, 0)

    def arrangement(
        self, meld_ids: Sequence[int], dead: Sequence[int], shared: Sequence[Card]
    ) -> Arrangement:
        """An Arrangement with real cards: ``shared`` (the real cards behind this solver's
        shared types: jokers, merged wild ranks) go to melds first, then to the deadwood."""
        charge(1 + len(meld_ids))
        if not self.has_shared:
            melds = tuple(self.melds[m] for m in meld_ids)
            dead_cards = sort_cards(self.types[t] for t in dead)
            return Arrangement(melds, dead_cards, sum(self.values[t] for t in dead))
        key = tuple(shared)
        template = self.reals.get(key)
        if template is None:
            template = self.reals[key] = _Reals(shared, self.ctx)
        reals = template.copy()
        kinds = [self.sharing(m) for m in meld_ids]
        melds = reals.melds([self.melds[m] for m in meld_ids], kinds)
        types = self.types
        dead_sorted = sort_cards(reals.card(types[t]) for t in dead)
        # every card of one solver type has one deadwood value (jokers; a wild rank's cards)
        value = sum(self.values[t] for t in dead)
        places = kinds.count(2) + any(self.merged[t] for t in dead)
        note = _swap_note(melds, dead_sorted, self.ctx) if places > 1 else None
        if not note:
            return Arrangement(melds, dead_sorted, value)
        return Arrangement(melds, dead_sorted, value, str(note), note_message=note)


# Solvers by the hand's cards and the identity of the Ruleset (kept alive by its entry), most
# recently used last.
_SOLVERS: dict[tuple[tuple[tuple[Card, int], ...], int], tuple[Ruleset, _Solver]] = {}
_SOLVERS_KEPT = 64


def _solver(items: tuple[tuple[Card, int], ...], rules: Ruleset) -> _Solver:
    key = (items, id(rules))
    entry = _SOLVERS.pop(key, None)
    if entry is None or entry[0] is not rules:
        entry = (rules, _Solver(items, rules))
        if len(_SOLVERS) >= _SOLVERS_KEPT:
            del _SOLVERS[next(iter(_SOLVERS))]
    _SOLVERS[key] = entry
    return entry[1]


def clear_hand_caches() -> None:
    """Forget every hand's solver (for benchmarks: a repeated hand then costs its first call)."""
    _SOLVERS.clear()
    _BY_HAND.clear()


# The same hand is asked about several times in one ruling (its best arrangement, every
# optimal one, its layoffs): the last few hands, as given, lead straight to their solver.
_BY_HAND: dict[tuple[tuple[Card, ...], int], tuple[Ruleset, _Solver]] = {}


def _solver_for(cards: Sequence[Card], rules: Ruleset) -> _Solver:
    key = (tuple(cards), id(rules))
    entry = _BY_HAND.get(key)
    if entry is not None and entry[0] is rules:
        return entry[1]
    solver = _solver(tuple(_items_of(cards, _ctx(rules))), rules)
    if len(_BY_HAND) >= 64:
        _BY_HAND.clear()
    _BY_HAND[key] = (rules, solver)
    return solver


def _jokers(cards: Iterable[Card]) -> list[Card]:
    return sorted((c for c in cards if c.is_joker), key=_key)


def _shared_cards(cards: Iterable[Card], rules: Ruleset) -> list[Card]:
    """The cards of ``cards`` that the solver counts under a shared type (:func:`_class_of`)."""
    ctx = _ctx(rules)
    return sorted((c for c in cards if _shared(c, ctx)), key=_key)


# -- the fast path (no wilds, one deck, ace low), when that module is present ---------------

_FAST: list[ModuleType | None] = []


def _fast(rules: Ruleset) -> ModuleType | None:
    """``fast_deadwood`` when it is installed and handles ``rules``, else None."""
    if not _FAST:
        try:
            _FAST.append(importlib.import_module(".fast_deadwood", __package__))
        except ImportError:
            _FAST.append(None)
    module = _FAST[0]
    if module is not None and bool(module.supports(rules)):
        return module
    return None


# -- public search API ----------------------------------------------------------------------


def _general_min_deadwood(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> int:
    solver = _solver_for(cards, rules)
    return solver.least(solver.full)


def min_deadwood(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> int:
    """Least deadwood over every arrangement of ``cards`` (docs/rules.md R1)."""
    fast = _fast(rules)
    if fast is not None:
        return int(fast.min_deadwood(cards, rules))
    return _general_min_deadwood(cards, rules)


def best_arrangements(
    cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES, limit: int | None = None
) -> tuple[Arrangement, ...]:
    """Every arrangement with the least deadwood (each multiset of melds once), in search order.

    ``limit`` stops after that many; the first ``limit`` are the same as without it.

    >>> from referee.rules.cards import parse_cards
    >>> [(a.melds[0].label, a.deadwood) for a in best_arrangements(parse_cards("JS QS KS KH KD"))]
    [('J♠ Q♠ K♠', 20), ('K♠ K♥ K♦', 20)]
    """
    solver = _solver_for(cards, rules)
    shared = _shared_cards(cards, rules)
    return tuple(
        solver.arrangement(m, d, shared) for m, d in solver.arrangements(solver.full, limit)
    )


def count_best_arrangements(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> int:
    """``len(best_arrangements(cards, rules))``, counted without building them.

    >>> from referee.rules.cards import parse_cards
    >>> count_best_arrangements(parse_cards("JS QS KS KH KD"))
    2
    """
    solver = _solver_for(cards, rules)
    return solver.count_arrangements(solver.full)


def best_arrangement(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> Arrangement:
    """The first of :func:`best_arrangements`."""
    return best_arrangements(cards, rules, limit=1)[0]


# -- after the draw: which discards are best ------------------------------------------------


@dataclass(frozen=True)
class KnockOptions:
    """A hand after the draw (hand size + 1 cards): what discarding each card leaves.

    ``deadwood`` is the least deadwood after the best discard; ``discards`` every card whose
    discard reaches it (sorted); ``big_gin`` whether every card melds with no discard;
    ``deadwood_by_discard`` each distinct card and the least deadwood after discarding it.
    """

    cards: tuple[Card, ...]
    rules: Ruleset = field(repr=False)
    deadwood: int
    discards: tuple[Card, ...]
    big_gin: bool
    deadwood_by_discard: tuple[tuple[Card, int], ...]

    @property
    def gin(self) -> bool:
        """Some discard leaves every other card melded."""
        return self.deadwood == 0

    def deadwood_after(self, discard: Card) -> int:
        for card, value in self.deadwood_by_discard:
            if card == discard:
                return value
        raise ValueError(f"{discard.label} is not in the hand")

    def arrangements_after(
        self, discard: Card, limit: int | None = None
    ) -> tuple[Arrangement, ...]:
        """Every best arrangement of the cards left after discarding ``discard``."""
        left = _without(self.cards, [discard])
        solver, state = self._after(discard)
        shared = _shared_cards(left, self.rules)
        return tuple(solver.arrangement(m, d, shared) for m, d in solver.arrangements(state, limit))

    def count_after(self, discard: Card) -> int:
        """How many best arrangements the cards left after discarding ``discard`` have."""
        _without(self.cards, [discard])
        solver, state = self._after(discard)
        return solver.count_arrangements(state)

    def _after(self, discard: Card) -> tuple[_Solver, int]:
        """The whole hand's solver and its state without ``discard``: the melds of the cards
        left are those of the whole hand that fit them, so one solver serves every discard."""
        solver = _solver_for(self.cards, self.rules)
        return solver, solver.full - solver.unit[solver.index[solver.type_of(discard)]]

    def can_knock(self, limit: int | None = None) -> bool:
        """Whether the best discard leaves a legal knock (``limit``: this hand's knock limit)."""
        return self.rules.knock_allowed(self.deadwood, limit)


def _without(cards: Sequence[Card], remove: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` less one copy of each card in ``remove``; ValueError if one is not there."""
    left = list(cards)
    for card in remove:
        try:
            left.remove(card)
        except ValueError:
            raise ValueError(f"{card.label} is not in the hand") from None
    return tuple(left)


def knock_options(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> KnockOptions:
    """What each discard leaves, for a hand after the draw (docs/rules.md §1 "Knock", R12)."""
    cards = tuple(cards)
    if not cards:
        raise ValueError("there is no card to discard")
    fast = _fast(rules)
    by_type: dict[Card, int] = {}
    if fast is not None and all(c.index < 52 for c in cards) and len(set(cards)) == len(cards):
        for card, value in zip(cards, fast.deadwood_without_each(cards, rules), strict=True):
            by_type[card] = int(value)
        big = int(fast.min_deadwood(cards, rules)) == 0
    elif fast is not None:
        for card in set(cards):
            by_type[_type(card)] = int(fast.min_deadwood(_without(cards, [card]), rules))
        big = int(fast.min_deadwood(cards, rules)) == 0
    else:
        solver = _solver_for(cards, rules)
        for t, i in solver.index.items():
            by_type[t] = solver.least(solver.full - solver.unit[i])
        big = solver.least(solver.full) == 0
        by_type = {_type(c): by_type[solver.type_of(c)] for c in cards}
    per_card = tuple((c, by_type[_type(c)]) for c in sort_cards(set(cards)))
    least = min(v for _, v in per_card)
    discards = tuple(c for c, v in per_card if v == least)
    return KnockOptions(cards, rules, least, discards, big, per_card)


# -- a declared spread ------------------------------------------------------------------------


def check_spread(
    hand: Sequence[Card],
    melds: Sequence[Sequence[Card]],
    rules: Ruleset = DEFAULT_RULES,
) -> Arrangement:
    """The arrangement a player declares: each meld valid, every card from the hand, once.

    The spread need not be the least-deadwood one (docs/rules.md R3). Jokers are interchangeable:
    a declared ``JK`` takes any joker the hand holds. Raises :class:`InvalidMeldError` for an
    invalid meld and :class:`SpreadCardError` (a ``ValueError``) for a card the hand does not
    hold or uses twice.
    """
    hand = tuple(hand)
    available = Counter(_type(c) for c in hand)
    declared: list[Meld] = []
    for number, cards in enumerate(melds, start=1):
        cards = tuple(cards)
        try:
            meld = validate_meld(cards, rules)
        except InvalidMeldError as err:
            raise InvalidMeldError(
                msg("meld {number}: {why}", number=number, why=err.message)
            ) from None
        for card in cards:
            t = _type(card)
            if available[t] <= 0:
                held = sum(1 for c in hand if _type(c) == t)
                if held == 0:
                    raise SpreadCardError(
                        msg(
                            "meld {number}: {card} is not in the hand",
                            number=number,
                            card=card.label,
                        )
                    )
                raise SpreadCardError(
                    msg("meld {number}: {card} is used twice", number=number, card=card.label)
                )
            available[t] -= 1
        declared.append(meld)
    jokers = iter(_jokers(hand))
    real = tuple(_with_real_jokers(m, jokers) for m in declared)
    dead: list[Card] = []
    for c in sort_cards(hand):
        t = _type(c)
        if c.is_joker:
            continue
        if available[t] > 0:
            dead.append(c)
            available[t] -= 1
    dead.extend(next(jokers) for _ in range(available[JOKER]))
    dead_cards = sort_cards(dead)
    return Arrangement(real, dead_cards, deadwood_of(dead_cards, rules))
