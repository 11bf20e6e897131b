"""Exact least deadwood for the common gin table, fast enough to run on every keystroke.

This is the fast path behind the best-arrangement search (docs/rules.md §9 R1: deadwood is the
minimum over *every* disjoint packing of sets and runs; greedy "longest meld first" is
wrong). It applies to the tables :func:`supports` accepts — ace low, one deck, no wild
cards, sets of 3 or 4 — which is every two-handed gin preset. Jokers that are not wild may
be in the hand: they never meld and each adds ``rules.joker_value``.

How it works
------------
A hand is four 13-bit suit masks (bit ``rank - 1``). Runs never leave their suit, so for
each table (min/max run length, ace and court values) we precompute, for all 8192 masks:

* ``run[mask]``: least deadwood of one suit's cards when only runs may meld them;
* ``gain[mask]``: ``run[mask] - min(run[mask - c] for c in mask)``, what the best single
  discard from that suit saves (a large negative number for the empty mask);
* ``runnable[mask]``: the cards that lie in a block of at least ``min_run`` consecutive
  ranks, i.e. the only cards that could ever be in a run.

Sets are the only melds that cross suits. A rank held three or four times offers: no set,
each 3-card set, or the 4-card set. The solver enumerates those choices for every such rank
(at most 6³ = 216 for 11 cards, usually 1), removes the set cards from the suit masks and
sums the four ``run`` values. A rank none of whose cards is runnable simply takes its whole
set (nothing can do better with those cards).

After the draw, the best single discard is folded in without trying each card: for a fixed
choice of sets the result is ``sum(run) - max(gain)`` over the suits, since a discard from a
chosen set is the same as choosing the smaller set (or no set) and discarding that card,
which the enumeration already covers.

>>> from referee.rules.cards import parse_cards
>>> min_deadwood(parse_cards("4H 5H 6H 7H 7S 7D KC QD 2S AC"))
23
>>> min_deadwood_after_discard(parse_cards("AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H"))
0
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from referee.rules.cards import Card, Suit
from referee.rules.ruleset import DEFAULT_RULES, AceRank, Ruleset

__all__ = [
    "UnsupportedRulesError",
    "deadwood_and_after_discard",
    "deadwood_without_each",
    "is_all_melded",
    "min_deadwood",
    "min_deadwood_after_discard",
    "min_deadwood_of_indices",
    "supports",
]

_FULL = (1 << 13) - 1
_NEG = -(1 << 30)  # "no card to discard here"
_INF = 1 << 30

# Bit of each rank (index = rank value, 1..13); index 0 is never used by a natural card.
_BIT: tuple[int, ...] = (0, *(1 << r for r in range(13)))
_S, _H, _D = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS


class UnsupportedRulesError(ValueError):
    """The table's rules are outside what the fast solver handles (see :func:`supports`)."""


class _Tables(NamedTuple):
    run: list[int]
    gain: list[int]
    runnable: list[int]
    rank_value: tuple[int, ...]  # deadwood value by bit index (rank - 1)


def supports(rules: Ruleset) -> bool:
    """Whether the fast solver is exact for ``rules``.

    Ace low, a single deck, no wild cards, sets of 3 or 4. Run lengths and card values may
    be anything; jokers are allowed as long as they are not wild.
    """
    return (
        rules.ace is AceRank.LOW
        and rules.decks == 1
        and not rules.has_wilds
        and rules.min_set == 3
        and rules.max_set == 4
    )


@lru_cache(maxsize=32)
def _build_tables(min_run: int, max_run: int | None, ace_value: int, court_value: int) -> _Tables:
    """The per-suit tables for one table's run lengths and card values (about 30 ms)."""
    values = (ace_value, *range(2, 11), court_value, court_value, court_value)
    longest = 13 if max_run is None else min(max_run, 13)

    run = [0] * (_FULL + 1)
    for mask in range(1, _FULL + 1):
        # The lowest card is either deadwood or the low end of a run.
        low = mask & -mask
        i = low.bit_length() - 1
        best = values[i] + run[mask ^ low]
        segment = 0
        for j in range(i, min(i + longest, 13)):
            if not mask >> j & 1:
                break
            segment |= 1 << j
            if j - i + 1 >= min_run:
                rest = run[mask ^ segment]
                if rest < best:
                    best = rest
        run[mask] = best

    gain = [_NEG] * (_FULL + 1)
    for mask in range(1, _FULL + 1):
        best_rest = _INF
        bits = mask
        while bits:
            low = bits & -bits
            bits ^= low
            rest = run[mask ^ low]
            if rest < best_rest:
                best_rest = rest
        gain[mask] = run[mask] - best_rest

    runnable = [0] * (_FULL + 1)
    for mask in range(1, _FULL + 1):
        cards = 0
        j = 0
        while j < 13:
            if mask >> j & 1:
                start = j
                while j < 13 and mask >> j & 1:
                    j += 1
                if j - start >= min_run:
                    cards |= ((1 << (j - start)) - 1) << start
            else:
                j += 1
        runnable[mask] = cards

    return _Tables(run, gain, runnable, values)


# Tables by the identity of the Ruleset in use. Hashing a Ruleset (40-odd fields) would cost
# more than solving a hand, so each entry keeps a reference to its Ruleset: while the entry
# lives, that object (and so its id) cannot be reused by another.
_Entry = tuple[Ruleset, list[int], list[int], list[int], tuple[int, ...], int]
_BY_ID: dict[int, _Entry] = {}


def _entry(rules: Ruleset) -> _Entry:
    entry = _BY_ID.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry
    if not supports(rules):
        raise UnsupportedRulesError(
            "the fast deadwood solver needs ace low, one deck, no wild cards and sets of 3-4"
        )
    tables = _build_tables(rules.min_run, rules.max_run, rules.ace_value, rules.court_value)
    entry = (rules, tables.run, tables.gain, tables.runnable, tables.rank_value, rules.joker_value)
    if len(_BY_ID) >= 256:
        _BY_ID.clear()
    _BY_ID[id(rules)] = entry
    return entry


def _masks_with_jokers(cards: Sequence[Card]) -> tuple[int, int, int, int, int]:
    """Suit masks and the number of jokers; the slow path, taken only when jokers are held."""
    masks = [0, 0, 0, 0]
    jokers = 0
    for card in cards:
        if card.rank is None or card.suit is None:
            jokers += 1
        else:
            masks[card.suit.index] |= _BIT[card.rank]
    return masks[0], masks[1], masks[2], masks[3], jokers


def _read_hand(cards: Sequence[Card], rules: Ruleset) -> tuple[_Entry, int, int, int, int, int]:
    """The table's precomputed entry, and the hand as four suit masks plus its joker count.

    The one place a hand is read: a tight loop, because it runs once per evaluated hand.
    """
    entry = _BY_ID.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _entry(rules)
    m0 = m1 = m2 = m3 = 0
    try:
        for c in cards:
            s = c.suit
            if s is _S:
                m0 |= _BIT[c.rank]  # type: ignore[index]
            elif s is _H:
                m1 |= _BIT[c.rank]  # type: ignore[index]
            elif s is _D:
                m2 |= _BIT[c.rank]  # type: ignore[index]
            else:
                m3 |= _BIT[c.rank]  # type: ignore[index]
    except TypeError:  # a joker: no rank, no suit
        return (entry, *_masks_with_jokers(cards))
    return entry, m0, m1, m2, m3, 0


def _set_choices(m0: int, m1: int, m2: int, m3: int, ranks: int) -> list[tuple[int, int, int, int]]:
    """Suit masks left by every choice of sets among ``ranks`` (each held 3 or 4 times)."""
    states = [(m0, m1, m2, m3)]
    while ranks:
        b = ranks & -ranks
        ranks ^= b
        nb = ~b
        grown: list[tuple[int, int, int, int]] = []
        if m0 & m1 & m2 & m3 & b:
            for a0, a1, a2, a3 in states:
                c0, c1, c2, c3 = a0 & nb, a1 & nb, a2 & nb, a3 & nb
                grown += (
                    (a0, a1, a2, a3),
                    (c0, c1, c2, c3),
                    (a0, c1, c2, c3),
                    (c0, a1, c2, c3),
                    (c0, c1, a2, c3),
                    (c0, c1, c2, a3),
                )
        else:
            # Three suits hold the rank: clearing the bit in all four takes exactly those.
            for a0, a1, a2, a3 in states:
                grown += ((a0, a1, a2, a3), (a0 & nb, a1 & nb, a2 & nb, a3 & nb))
        states = grown
    return states


def _least_with_sets(
    m0: int, m1: int, m2: int, m3: int, ge3: int, run: list[int], runnable: list[int]
) -> int:
    whole = ge3 & ~(runnable[m0] | runnable[m1] | runnable[m2] | runnable[m3])
    if whole:
        # Ranks none of whose cards can be in a run: their whole set is always best.
        keep = ~whole
        m0 &= keep
        m1 &= keep
        m2 &= keep
        m3 &= keep
        ge3 ^= whole
        if not ge3:
            return run[m0] + run[m1] + run[m2] + run[m3]
    best = _INF
    for a0, a1, a2, a3 in _set_choices(m0, m1, m2, m3, ge3):
        total = run[a0] + run[a1] + run[a2] + run[a3]
        if total < best:
            best = total
    return best


def _both_with_sets(
    m0: int,
    m1: int,
    m2: int,
    m3: int,
    ge3: int,
    tables: _Entry,
    joker_gain: int,
) -> tuple[int, int]:
    """(least deadwood, least deadwood after the best discard) when some rank is held 3+."""
    _, run, gain, runnable, values, _ = tables
    floor = joker_gain  # what the best discard saves at least, whatever the suits offer
    break_three = _INF  # extra deadwood if a whole 3-card set is broken to discard from it
    whole = ge3 & ~(runnable[m0] | runnable[m1] | runnable[m2] | runnable[m3])
    if whole:
        # Ranks none of whose cards can be in a run take their whole set. After the draw the
        # alternatives that can still matter are: from a 4-card set, discard one card (the
        # other three still meld: a saving of 0); from a 3-card set, discard one card and
        # keep the other two as deadwood (worth it only when every other card is in a run of
        # exactly the least length, so any other discard breaks a run).
        four = whole & m0 & m1 & m2 & m3
        if four and floor < 0:
            floor = 0
        three = whole ^ four
        while three:
            b = three & -three
            three ^= b
            extra = 2 * values[b.bit_length() - 1]
            if extra < break_three:
                break_three = extra
        keep = ~whole
        m0 &= keep
        m1 &= keep
        m2 &= keep
        m3 &= keep
        ge3 ^= whole
    best = _INF
    best_after = _INF
    for a0, a1, a2, a3 in _set_choices(m0, m1, m2, m3, ge3):
        total = run[a0] + run[a1] + run[a2] + run[a3]
        if total < best:
            best = total
        saved = max(gain[a0], gain[a1], gain[a2], gain[a3], floor)
        after = total - saved
        if break_three < -saved:
            after = total + break_three
        if after < best_after:
            best_after = after
    return best, best_after


def min_deadwood(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> int:
    """Least deadwood of ``cards`` over every arrangement of disjoint sets and runs.

    Any number of cards (10 for a knock, 11 after the draw, 13 ...). The cards must be
    distinct, as :func:`~referee.rules.cards.parse_cards` guarantees for a one-deck table.
    Raises :class:`UnsupportedRulesError` for tables :func:`supports` rejects.

    >>> from referee.rules.cards import parse_cards
    >>> min_deadwood(parse_cards("AS 2S 3S 4S 7H 7D 7C KH KD 9C"))
    29
    """
    entry, m0, m1, m2, m3, jokers = _read_hand(cards, rules)
    run = entry[1]
    extra = jokers * entry[5]
    ge3 = (m0 & m1 & (m2 | m3)) | ((m0 | m1) & m2 & m3)
    if not ge3:
        return run[m0] + run[m1] + run[m2] + run[m3] + extra
    return _least_with_sets(m0, m1, m2, m3, ge3, run, entry[3]) + extra


# Suit-mask word and bit of each natural card index (0-51, suit-major as Card.index).
_WORD: tuple[int, ...] = tuple(i // 13 for i in range(52))
_INDEX_BIT: tuple[int, ...] = tuple(1 << (i % 13) for i in range(52))
_BIT_OF: tuple[int, ...] = tuple(1 << i for i in range(52))


def min_deadwood_of_indices(cards: Sequence[int], rules: Ruleset = DEFAULT_RULES) -> int:
    """:func:`min_deadwood` of natural cards given as their indices (:attr:`Card.index`,
    0-51): the form a program that deals millions of hands keeps them in.

    >>> min_deadwood_of_indices([0, 1, 2, 3, 19, 32, 45, 25, 38, 47])
    29
    """
    entry = _BY_ID.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _entry(rules)
    # card i is bit i of one int (13 bits a suit, suit-major): one lookup and one "or" a card
    held = 0
    bit = _BIT_OF
    for i in cards:
        held |= bit[i]
    m0 = held & 0x1FFF
    m1 = held >> 13 & 0x1FFF
    m2 = held >> 26 & 0x1FFF
    m3 = held >> 39
    run = entry[1]
    ge3 = (m0 & m1 & (m2 | m3)) | ((m0 | m1) & m2 & m3)
    if not ge3:
        return run[m0] + run[m1] + run[m2] + run[m3]
    return _least_with_sets(m0, m1, m2, m3, ge3, run, entry[3])


def deadwood_without_each(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> list[int]:
    """``[min_deadwood(cards less card i) for each i]``, reading the hand once: what each
    discard leaves. The cards must be distinct naturals (a joker raises ``ValueError``)."""
    entry = _BY_ID.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _entry(rules)
    _, run, _, runnable, _, _ = entry
    masks = [0, 0, 0, 0]
    for c in cards:
        if c.index >= 52:
            raise ValueError("deadwood_without_each takes natural cards only")
        masks[_WORD[c.index]] |= _INDEX_BIT[c.index]
    out = []
    for c in cards:
        m0, m1, m2, m3 = masks
        bit = _INDEX_BIT[c.index]
        word = _WORD[c.index]
        if word == 0:
            m0 ^= bit
        elif word == 1:
            m1 ^= bit
        elif word == 2:
            m2 ^= bit
        else:
            m3 ^= bit
        ge3 = (m0 & m1 & (m2 | m3)) | ((m0 | m1) & m2 & m3)
        if ge3:
            out.append(_least_with_sets(m0, m1, m2, m3, ge3, run, runnable))
        else:
            out.append(run[m0] + run[m1] + run[m2] + run[m3])
    return out


def deadwood_and_after_discard(
    cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES
) -> tuple[int, int]:
    """``(min_deadwood(cards), min_deadwood_after_discard(cards))`` in one pass.

    What a referee needs after the draw: the first is 0 for big gin, the second is what the
    player could knock with.
    """
    entry, m0, m1, m2, m3, jokers = _read_hand(cards, rules)
    run = entry[1]
    gain = entry[2]
    extra = jokers * entry[5]
    joker_gain = entry[5] if jokers else _NEG
    ge3 = (m0 & m1 & (m2 | m3)) | ((m0 | m1) & m2 & m3)
    if not ge3:
        total = run[m0] + run[m1] + run[m2] + run[m3]
        saved = max(gain[m0], gain[m1], gain[m2], gain[m3], joker_gain)
        if saved == _NEG:
            raise ValueError("there is no card to discard")
        return total + extra, total + extra - saved
    best, after = _both_with_sets(m0, m1, m2, m3, ge3, entry, joker_gain)
    return best + extra, after + extra


def min_deadwood_after_discard(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> int:
    """Least deadwood of the cards left after the best single discard.

    For a hand after the draw (usually 11 cards): what the player could knock with.
    Raises ``ValueError`` for an empty hand (there is nothing to discard).

    >>> from referee.rules.cards import parse_cards
    >>> min_deadwood_after_discard(parse_cards("AS 2S 3S 4S 7H 7D 7C KH KD 9C QS"))
    29
    """
    return deadwood_and_after_discard(cards, rules)[1]


def is_all_melded(cards: Sequence[Card], rules: Ruleset = DEFAULT_RULES) -> bool:
    """Whether every card melds (gin on 10 cards, big gin on 11). A joker never melds."""
    for c in cards:
        if c.joker:
            return False
    return min_deadwood(cards, rules) == 0
