"""Layoffs: what may join the knocker's melds, and the defender's best joint play.

docs/rules.md §1 (the defender lays off onto the knocker's melds: a card to a set, either end of a
run), R4 (only onto the knocker's melds), R5/R6 (chains, Battle Royal), R7 (the defender may
break its own meld to lay off), R8 (no layoffs after gin — the caller's ruling), R3 (the
knocker's spread when only cards are entered).

How the open points are settled:

* ``layoff_chain`` (default on) lets a card join a run at an end made by an earlier layoff
  (8♠ then 9♠ onto 5-6-7♠; 4♠ then 3♠ at the low end). Off, or with
  ``layoff_original_melds_only`` (Battle Royal, R6: "own chaining ambiguous ⇒ default forbid"),
  a run takes at most one card at each of its original ends.
* A set takes cards up to ``max_set`` in every mode: each such card fits the set as it was
  laid down.
* A wild card laid off on a run goes at one end and stays there (a laid-off joker below
  5-6-7♠ is the 4♠); both ends are tried.
* Among equally good plays the defender makes the fewest layoffs, then the first in a fixed
  order (by meld, then card).
* Knocker's spread when not declared (R3): least knocker deadwood, then the spread that leaves
  the defender the most deadwood after its best play. When the defender's cards are not known,
  the spread with the least *layoff potential*: the deadwood points (then the number) of the
  pack's cards outside the knocker's ten that could be laid off directly onto the spread.

>>> from referee.rules.cards import parse_cards
>>> from referee.rules.melds import validate_meld
>>> run = validate_meld(parse_cards("5S 6S 7S"))
>>> layoff_fits(run, parse_cards("8S")[0]).label
'5♠ 6♠ 7♠ 8♠'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from referee.rules.budget import charge
from referee.rules.cards import Card
from referee.rules.melds import (
    JOKER,
    _Ctx,
    _ctx,
    _natural_at,
    _Reals,
    _set_reading,
    _shared_cards,
    _Solver,
    _solver_for,
    _type,
    best_arrangements,
)
from referee.rules.results import Arrangement, Layoff, Meld, MeldKind
from referee.rules.ruleset import DEFAULT_RULES, Ruleset
from referee.rules.values import card_value

__all__ = [
    "DefenderPlay",
    "SpreadChoice",
    "choose_knocker_spread",
    "defender_best",
    "knocker_spread_choice",
    "layoff_fits",
    "layoff_options",
    "layoff_potential",
]


# -- one card onto one meld -----------------------------------------------------------------


def _extend_set(meld: Meld, card: Card, ctx: _Ctx) -> Meld | None:
    cards = (*meld.cards, card)
    rank = meld.rank
    if rank is None:  # a wild-only set takes the rank of the first natural card it gets
        fixed = {int(c.rank) for c in cards if c.rank is not None and not ctx.wild(c)}
        if len(fixed) > 1:
            return None
        rank = fixed.pop() if fixed else None
    if _set_reading(cards, rank, ctx) is None:
        return None
    return Meld(MeldKind.SET, cards, rank=rank)


def _end_is_wild(meld: Meld, top: bool) -> bool:
    assert meld.low is not None and meld.high is not None
    if top:
        return not _natural_at(meld.cards[-1], meld.suit, meld.high)
    return not _natural_at(meld.cards[0], meld.suit, meld.low)


def _extend_run(meld: Meld, card: Card, top: bool, ctx: _Ctx) -> Meld | None:
    assert meld.low is not None and meld.high is not None
    if len(meld.cards) + 1 > ctx.max_run:
        return None
    low, high = (meld.low, meld.high + 1) if top else (meld.low - 1, meld.high)
    if low < 1 or high > ctx.top or (low == 1 and high == 14):
        return None
    position = high if top else low
    if not _natural_at(card, meld.suit, position):
        if not ctx.wild(card):
            return None
        if not ctx.adjacent_ok and _end_is_wild(meld, top):
            return None
    cards = (*meld.cards, card) if top else (card, *meld.cards)
    return Meld(MeldKind.RUN, cards, suit=meld.suit, low=low, high=high)


def layoff_options(meld: Meld, card: Card, rules: Ruleset = DEFAULT_RULES) -> tuple[Meld, ...]:
    """Every way ``card`` may join ``meld``: the extended meld (a run: top end first)."""
    ctx = _ctx(rules)
    if not ctx.meldable(card):
        return ()
    if meld.kind is MeldKind.SET:
        extended = _extend_set(meld, card, ctx)
        return () if extended is None else (extended,)
    found = [_extend_run(meld, card, True, ctx), _extend_run(meld, card, False, ctx)]
    return tuple(m for m in found if m is not None)


def layoff_fits(meld: Meld, card: Card, rules: Ruleset = DEFAULT_RULES) -> Meld | None:
    """The extended meld if ``card`` may be laid off on ``meld`` (a run: top end preferred)."""
    options = layoff_options(meld, card, rules)
    return options[0] if options else None


# -- the defender's best play -----------------------------------------------------------------


@dataclass(frozen=True)
class DefenderPlay:
    """The defender's best answer to a knock (docs/rules.md R4, R5, R7).

    ``arrangement`` holds the defender's own melds and the deadwood left after the layoffs;
    ``layoffs`` are in a playable order (a chain reads 8♠ then 9♠); ``extended_spread`` is
    the knocker's spread with the layoffs added.
    """

    arrangement: Arrangement
    layoffs: tuple[Layoff, ...]
    deadwood: int
    deadwood_without_layoffs: int
    extended_spread: tuple[Meld, ...]

    @property
    def laid_off_points(self) -> int:
        """How much deadwood the layoffs save the defender."""
        return self.deadwood_without_layoffs - self.deadwood


@dataclass(frozen=True)
class _Pack:
    """Cards laid off on one meld: their code in the defender's solver, play order, result."""

    code: int
    cards: tuple[Card, ...]  # solver types (jokers as JOKER), in playing order
    extended: Meld

    @property
    def key(self) -> tuple[int, ...]:
        return tuple(c.index for c in self.cards)


def _packs(meld: Meld, solver: _Solver, ctx: _Ctx, chain: bool) -> list[_Pack]:
    """Every distinct set of defender cards that may be laid off on ``meld`` (empty first).

    Remembered by the defender's solver: the knocker's candidate spreads share their melds.
    """
    key = (meld.kind, meld.cards, meld.low, meld.high, chain)
    memo = solver.pack_memo
    hit: list[_Pack] | None = memo.get(key)
    if hit is None:
        if meld.kind is MeldKind.SET:
            hit = _set_packs(meld, solver, ctx)
        else:
            hit = _run_packs(meld, solver, ctx, chain)
        memo[key] = hit
    return hit


def _set_packs(meld: Meld, solver: _Solver, ctx: _Ctx) -> list[_Pack]:
    """A set takes its cards in any order: each multiset once, types in ascending order."""
    found: list[_Pack] = []
    types = solver.types
    full = solver.full
    unit = solver.unit
    # only a card of the set's rank or a wild card can join it (any card, a wild-only set)
    fitting = [
        i
        for i, t in enumerate(types)
        if meld.rank is None or ctx.wild(t) or (t.rank is not None and int(t.rank) == meld.rank)
    ]

    def grow(m: Meld, cards: tuple[Card, ...], code: int, start: int) -> None:
        charge()
        found.append(_Pack(code, cards, m))
        for i in fitting:
            if i < start or not solver.fits(full, code + unit[i]):
                continue
            nxt = _extend_set(m, types[i], ctx)
            if nxt is not None:
                grow(nxt, (*cards, types[i]), code + unit[i], i)

    grow(meld, (), 0, 0)
    return sorted(found, key=_pack_order)


def _pack_order(pack: _Pack) -> tuple[int, tuple[int, ...]]:
    return len(pack.cards), pack.key


# One way to lay cards off on a run: (top end, solver type) moves in playing order.
_Moves = tuple[tuple[bool, int], ...]


def _run_packs(meld: Meld, solver: _Solver, ctx: _Ctx, chain: bool) -> list[_Pack]:
    """Every distinct set of cards a run can take, each in its first least playing order.

    Cards go on the top end first, then the bottom end (a chain grows one end at a time). The
    same cards laid in another order reach the same run, so the search is memoised on where
    the run stands (its span, whether each end is a wild card, the ends used, the cards laid):
    each such position is expanded once, whatever order of wilds led to it.
    """
    types = solver.types
    unit = solver.unit
    full = solver.full
    order = [t.index for t in types]
    # only a card of the run's suit or a wild card can join it
    fitting = [i for i, t in enumerate(types) if t.suit is meld.suit or ctx.wild(t)]
    # what each fitting card is at each run position: its own (natural), a wild, or neither
    suit = meld.suit
    natural = [
        t.suit is suit and t.rank is not None and not t.is_joker for t in types
    ]  # natural at the position of its own rank (a high ace also at 14)
    rank = [0 if t.rank is None else int(t.rank) for t in types]
    wild = [ctx.wild(t) for t in types]
    longest, top_position, adjacent_ok = ctx.max_run, ctx.top, ctx.adjacent_ok
    assert meld.low is not None and meld.high is not None
    _Best = dict[int, tuple[tuple[int, ...], _Moves]]
    memo: dict[tuple[int, int, bool, bool, bool, int, int], _Best] = {}

    def options(
        low: int, high: int, wild_top: bool, wild_low: bool, code: int, top: bool, ends: int
    ) -> _Best:
        state = (low, high, wild_top, wild_low, top, ends, code)
        hit = memo.get(state)
        if hit is not None:
            return hit
        charge()
        best: _Best = {0: ((), ())}
        if high - low + 2 > longest:
            memo[state] = best
            return best
        for go_top in (True, False) if top else (False,):
            bit = 1 if go_top else 2
            if not chain and ends & bit:
                continue
            if go_top:
                new_low, new_high, position, end_wild = low, high + 1, high + 1, wild_top
            else:
                new_low, new_high, position, end_wild = low - 1, high, low - 1, wild_low
            if new_low < 1 or new_high > top_position or (new_low == 1 and new_high == 14):
                continue
            wanted = 1 if position == 14 else position
            for i in fitting:
                if not solver.fits(full, code + unit[i]):
                    continue
                as_itself = natural[i] and rank[i] == wanted
                if not as_itself and (not wild[i] or (not adjacent_ok and end_wild)):
                    continue
                if go_top:
                    after = options(
                        low, new_high, not as_itself, wild_low, code + unit[i], True, ends | bit
                    )
                else:
                    after = options(
                        new_low, high, wild_top, not as_itself, code + unit[i], False, ends | bit
                    )
                head = (order[i],)
                move = (go_top, i)
                for rest, (key, moves) in after.items():
                    total = rest + unit[i]
                    candidate = head + key
                    old = best.get(total)
                    if old is None or candidate < old[0]:
                        best[total] = (candidate, (move, *moves))
        memo[state] = best
        return best

    start = options(
        meld.low,
        meld.high,
        _end_is_wild(meld, True),
        _end_is_wild(meld, False),
        0,
        True,
        0,
    )
    found = []
    for code, (_, moves) in start.items():
        m = meld
        cards: list[Card] = []
        for go_top, i in moves:
            extended = _extend_run(m, types[i], go_top, ctx)
            assert extended is not None
            m = extended
            cards.append(types[i])
        found.append(_Pack(code, tuple(cards), m))
    return sorted(found, key=_pack_order)


def _chaining(rules: Ruleset) -> bool:
    return rules.layoff_chain and not rules.layoff_original_melds_only


def _defender_least(spread: Sequence[Meld], defender: Sequence[Card], rules: Ruleset) -> int:
    """``defender_best(spread, defender, rules).deadwood``, without building the play."""
    ctx = _ctx(rules)
    solver = _solver_for(defender, rules)
    chain = _chaining(rules)
    packs = [_packs(meld, solver, ctx, chain) for meld in spread]
    full = solver.full
    least = solver.least

    def best(i: int, code: int) -> int:
        charge()
        if i == len(packs):
            return least(full - code)
        found = -1
        for pack in packs[i]:
            if solver.fits(full, code + pack.code):
                value = best(i + 1, code + pack.code)
                if found < 0 or value < found:
                    found = value
                    if not value:
                        break
        return found

    return best(0, 0)


def defender_best(
    spread: Sequence[Meld], defender: Sequence[Card], rules: Ruleset = DEFAULT_RULES
) -> DefenderPlay:
    """The defender's least deadwood, choosing its melds and its layoffs together (R4, R7).

    The defender may break a meld of its own to lay off when that pays; among equally good
    plays it makes the fewest layoffs. (After gin there are no layoffs at all, R8: the caller
    rules that and does not call this.)
    """
    ctx = _ctx(rules)
    solver = _solver_for(defender, rules)
    chain = _chaining(rules)
    packs = [_packs(meld, solver, ctx, chain) for meld in spread]
    full = solver.full
    best: tuple[int, int, tuple[tuple[int, ...], ...]] | None = None
    best_choice: tuple[_Pack, ...] = ()

    def combos(i: int, code: int, chosen: tuple[_Pack, ...]) -> Iterator[tuple[_Pack, ...]]:
        charge()
        if i == len(packs):
            yield chosen
            return
        for pack in packs[i]:
            if solver.fits(full, code + pack.code):
                yield from combos(i + 1, code + pack.code, (*chosen, pack))

    for chosen in combos(0, 0, ()):
        code = sum(p.code for p in chosen)
        dead = solver.least(full - code)
        count = sum(len(p.cards) for p in chosen)
        if best is not None and (dead, count) > best[:2]:
            continue
        key = (dead, count, tuple(p.key for p in chosen))
        if best is None or key < best:
            best, best_choice = key, chosen

    assert best is not None
    reals = _Reals(_shared_cards(defender, rules), ctx)
    layoffs: list[Layoff] = []
    extended: list[Meld] = []
    for index, (meld, pack) in enumerate(zip(spread, best_choice, strict=True)):
        real = [reals.card(c, meld.suit) for c in pack.cards]
        layoffs.extend(Layoff(card, index) for card in real)
        if not pack.cards:
            extended.append(meld)
        else:
            extended.append(_place_real(pack.extended, meld, real))
    rest = full - sum(p.code for p in best_choice)
    meld_ids, dead_ids = next(solver.arrangements(rest, limit=1))
    left = [c for cards in reals.pool.values() for c in cards]
    arrangement = solver.arrangement(meld_ids, dead_ids, left)
    return DefenderPlay(
        arrangement=arrangement,
        layoffs=tuple(layoffs),
        deadwood=arrangement.deadwood,
        deadwood_without_layoffs=solver.least(full),
        extended_spread=tuple(extended),
    )


def _place_real(extended: Meld, original: Meld, laid: Sequence[Card]) -> Meld:
    """``extended`` with the real laid-off cards (jokers by number) and the original's cards."""
    sentinel_cards = list(extended.cards)
    # the original meld's cards sit as one block inside the extended meld
    start = 0 if extended.kind is MeldKind.SET else (original.low or 0) - (extended.low or 0)
    out: list[Card | None] = [None] * len(sentinel_cards)
    out[start : start + len(original.cards)] = original.cards
    laid_iter = iter(laid)
    if extended.kind is MeldKind.SET:
        slots = list(range(len(original.cards), len(out)))
    else:
        high_end = list(range(start + len(original.cards), len(out)))
        low_end = list(range(start - 1, -1, -1))
        # cards were laid top end first, outward, then the low end outward
        slots = high_end + low_end
    for slot in slots:
        out[slot] = next(laid_iter)
    cards = tuple(c for c in out if c is not None)
    return Meld(extended.kind, cards, extended.rank, extended.suit, extended.low, extended.high)


# -- the knocker's spread when only cards were entered -----------------------------------------


def layoff_potential(
    spread: Sequence[Meld], knocker: Sequence[Card], rules: Ruleset = DEFAULT_RULES
) -> tuple[int, int]:
    """(points, cards) of the pack's cards outside ``knocker`` that fit the spread directly."""
    held = Counter(_type(c) for c in knocker)
    points = cards = 0
    deck = rules.deck
    for card in set(deck.cards()):
        copies = deck.copies(card) - held.get(_type(card), 0)
        if card.is_joker:  # jokers are counted together
            continue
        if copies > 0 and any(layoff_options(m, card, rules) for m in spread):
            points += copies * card_value(card, rules)
            cards += copies
    jokers_out = deck.jokers - held.get(JOKER, 0)
    if jokers_out > 0 and any(layoff_options(m, JOKER, rules) for m in spread):
        points += jokers_out * rules.joker_value
        cards += jokers_out
    return points, cards


@dataclass(frozen=True)
class SpreadChoice:
    """The knocker's spread the referee takes when none was declared (docs/rules.md R3), and why.

    ``candidates`` are every least-deadwood spread; ``defender_deadwood`` the defender's
    deadwood after its best play against the chosen one (when its cards are known);
    ``potential`` the chosen spread's layoff potential (points, cards) when they are not.
    """

    arrangement: Arrangement
    candidates: tuple[Arrangement, ...]
    defender_deadwood: int | None = None
    potential: tuple[int, int] | None = None

    @property
    def optimal_spreads(self) -> int:
        return len(self.candidates)


def knocker_spread_choice(
    knocker: Sequence[Card],
    defender: Sequence[Card] | None,
    rules: Ruleset = DEFAULT_RULES,
) -> SpreadChoice:
    """The spread docs/rules.md prescribes: least deadwood, then fewest defender layoff points.

    With gin there are no layoffs (R8), so the first least-deadwood spread is taken.
    """
    candidates = best_arrangements(knocker, rules)
    first = candidates[0]
    if defender is not None:
        if first.deadwood == 0:
            solver = _solver_for(defender, rules)
            return SpreadChoice(first, candidates, solver.least(solver.full))
        scored = [(_defender_least(a.melds, defender, rules), a) for a in candidates]
        top = max(d for d, _ in scored)
        chosen = next(a for d, a in scored if d == top)
        return SpreadChoice(chosen, candidates, defender_deadwood=top)
    if first.deadwood == 0:
        return SpreadChoice(first, candidates)
    measured = [(layoff_potential(a.melds, knocker, rules), a) for a in candidates]
    low = min(p for p, _ in measured)
    chosen = next(a for p, a in measured if p == low)
    return SpreadChoice(chosen, candidates, potential=low)


def choose_knocker_spread(
    knocker: Sequence[Card],
    defender: Sequence[Card] | None,
    rules: Ruleset = DEFAULT_RULES,
) -> Arrangement:
    """The arrangement of :func:`knocker_spread_choice`."""
    return knocker_spread_choice(knocker, defender, rules).arrangement
