"""Battle Royal layoffs: two players answer one knock (docs/rules.md R6, R4, R7, §6.5).

In two-handed gin one defender lays off (:func:`referee.rules.layoffs.defender_best`). In
Battle Royal both other players do, in turn from the knocker's left, and RG-3 limits them to
the knocker's **original** melds: a card another player laid off is not a place to lay off
(4-5-6♠ + 7♠ from one player: the other may not add 8♠). So each player's best play depends on
what the earlier player left open, and the search here works on places rather than cards:

- a set takes cards while it is not full (``max_set``), whoever added the earlier ones;
- a run takes cards only at an original end nobody has used yet (``layoff_original_melds_only``;
  off, the earlier player's layoffs are open to build on);
- a player may build on its **own** layoffs (8♠ after its own 7♠) only with ``layoff_chain``
  (R6 leaves it open; the Battle Royal table forbids it).

With one pack and no wild cards the two players can never want the same place, so the order
only shows in the steps; with wild cards or several decks the first in turn gets it.

Within those places each player's play is exact: every group of its cards that may join each
meld is tried together with its own best arrangement of the rest (it may break a meld of its
own to lay off, R7), choosing the least deadwood, then the fewest layoffs.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from referee.rules import melds
from referee.rules.cards import Card
from referee.rules.layoffs import layoff_options
from referee.rules.results import Arrangement, Layoff, Meld, MeldKind
from referee.rules.ruleset import Ruleset

SEATS = 3


def layoff_order(knocker: int) -> tuple[int, int]:
    """The other two seats in turn from the knocker's left (§6.5's recommended order; seats are
    numbered clockwise)."""
    return ((knocker + 1) % SEATS, (knocker + 2) % SEATS)


@dataclass(frozen=True)
class OpponentPlay:
    """One player's best answer to the knock, against the spread as it stands in its turn.

    ``arrangement`` holds its own melds and the deadwood left after its layoffs; ``layoffs``
    (onto the knocker's spread, by meld index) are in playing order; ``before`` is its least
    deadwood without laying off.
    """

    arrangement: Arrangement
    layoffs: tuple[Layoff, ...]
    deadwood: int
    before: int


@dataclass(frozen=True)
class TablePlays:
    """Both players' answers by seat, and the knocker's spread with all their layoffs on it."""

    plays: dict[int, OpponentPlay]
    extended: tuple[Meld, ...]

    @property
    def total(self) -> int:
        return sum(a.deadwood for a in self.plays.values())


def plays_against(
    knocker: int, spread: Arrangement, cards: tuple[tuple[Card, ...], ...], rules: Ruleset
) -> TablePlays:
    """Both other players' best plays, in turn from the knocker's left; each sees the spread
    with the earlier player's layoffs on it."""
    original = spread.melds
    current = original
    plays: dict[int, OpponentPlay] = {}
    for seat in layoff_order(knocker):
        answer, current = best_play(original, current, cards[seat], rules)
        plays[seat] = answer
    return TablePlays(plays, current)


_Pack = tuple[tuple[int, ...], Meld]  # indices of the hand's cards in playing order, and result


def best_play(
    original: tuple[Meld, ...],
    current: tuple[Meld, ...],
    hand: tuple[Card, ...],
    rules: Ruleset,
) -> tuple[OpponentPlay, tuple[Meld, ...]]:
    """A player's least deadwood choosing its own melds and its layoffs together (R4, R7),
    where a run takes cards only at an original end nobody has used (unless the table lets
    players build on each other's layoffs), chaining on its own cards only with
    ``layoff_chain``. Among equal plays: the fewest layoffs, then the first found."""
    packs = [_packs(o, c, hand, rules) for o, c in zip(original, current, strict=True)]
    before = melds.min_deadwood(hand, rules)
    best: tuple[int, int] | None = None
    choice: tuple[_Pack, ...] = tuple(p[0] for p in packs)
    for combo in itertools.product(*packs):
        used = [i for indices, _ in combo for i in indices]
        if len(used) != len(set(used)):
            continue
        if not used:
            key = (before, 0)
        else:
            taken = set(used)
            rest = [c for i, c in enumerate(hand) if i not in taken]
            key = (melds.min_deadwood(rest, rules), len(used))
        if best is None or key < best:
            best, choice = key, combo
    used_set = {i for indices, _ in choice for i in indices}
    rest = [c for i, c in enumerate(hand) if i not in used_set]
    arrangement = melds.best_arrangement(rest, rules)
    layoffs = tuple(
        Layoff(hand[i], meld_index)
        for meld_index, (indices, _) in enumerate(choice)
        for i in indices
    )
    answer = OpponentPlay(arrangement, layoffs, arrangement.deadwood, before)
    return answer, tuple(extended for _, extended in choice)


def _packs(original: Meld, current: Meld, hand: tuple[Card, ...], rules: Ruleset) -> list[_Pack]:
    """Every distinct group of the hand's cards that may join one meld (nothing first)."""
    found: dict[tuple[int, ...], _Pack] = {(): ((), current)}
    chain = rules.layoff_chain

    def add(indices: tuple[int, ...], meld: Meld) -> None:
        key = tuple(sorted(indices))
        if key not in found:
            found[key] = (indices, meld)

    if current.kind is MeldKind.SET:

        def grow_set(meld: Meld, indices: tuple[int, ...], start: int) -> None:
            add(indices, meld)
            for i in range(start, len(hand)):
                for extended in layoff_options(meld, hand[i], rules):
                    grow_set(extended, (*indices, i), i + 1)

        grow_set(current, (), 0)
        return list(found.values())

    open_top = open_bottom = True
    if rules.layoff_original_melds_only:
        open_top = current.high == original.high
        open_bottom = current.low == original.low

    def grow_run(meld: Meld, indices: tuple[int, ...], top: bool, bottom: bool) -> None:
        add(indices, meld)
        for i in range(len(hand)):
            if i in indices:
                continue
            for extended in layoff_options(meld, hand[i], rules):
                at_top = (extended.high or 0) > (meld.high or 0)
                if (at_top and not top) or (not at_top and not bottom):
                    continue
                # Without chaining each end takes one card; with it, the same end stays open.
                grow_run(
                    extended,
                    (*indices, i),
                    top and (chain or not at_top),
                    bottom and (chain or at_top),
                )

    grow_run(current, (), open_top, open_bottom)
    return list(found.values())
