"""Benchmark of the fast exact deadwood solver.

    python bench/solver.py ../shared/bench/hands-uniform-10.txt ../shared/bench/hands-rich-11.txt

Each file holds one hand per line. Every line is parsed before the clock starts. A file of
10-card hands times ``min_deadwood``; a file of 11-card hands times the after-draw question
(the least deadwood after the best discard, and whether all 11 cards meld: big gin). One
core, garbage collector paused, best of several repeats. Prints one line per file:

    FILE hands_per_second N

then the time for the worst hand known (three ranks held three times, woven into runs).

For files of 10-card hands it also times the value path on card integers
(``min_deadwood_of_indices``) next to OpenSpiel's C++ ``GinRummyUtils.min_deadwood`` called
from Python with the same integers, one after the other on the same core:

    FILE ints hands_per_second N openspiel hands_per_second M ratio R

OpenSpiel is a benchmark-only dependency: install it into a separate environment
(``python -m venv .venv-bench && .venv-bench/bin/pip install -e . open-spiel``) and run this
script with that environment's Python. Without it the column is skipped with a message.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.rules.cards import Card, parse_cards
from referee.rules.fast_deadwood import (
    deadwood_and_after_discard,
    min_deadwood,
    min_deadwood_after_discard,
    min_deadwood_of_indices,
)
from referee.rules.ruleset import DEFAULT_RULES, Ruleset

WORST_HAND = "AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H"


def solve_ten(hands: Sequence[Sequence[Card]], rules: Ruleset) -> int:
    """Least deadwood of every hand; returns a checksum so the work cannot be skipped."""
    total = 0
    for hand in hands:
        total += min_deadwood(hand, rules)
    return total


def solve_eleven(hands: Sequence[Sequence[Card]], rules: Ruleset) -> int:
    """After the draw: least deadwood after the best discard, and big gin."""
    total = 0
    for hand in hands:
        deadwood, after = deadwood_and_after_discard(hand, rules)
        total += after + (deadwood == 0)
    return total


def openspiel_min_deadwood() -> Callable[[list[int]], int] | None:
    """OpenSpiel's exact least deadwood (10-card hands), or None when it is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    return utils.min_deadwood  # type: ignore[no-any-return]


def best_time(run: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            run()
            elapsed = time.perf_counter() - start
        finally:
            gc.enable()
        best = min(best, elapsed)
    return best


def compare_openspiel(
    name: str, hands: Sequence[Sequence[Card]], rules: Ruleset, repeats: int
) -> None:
    """Both solvers on the same card integers. OpenSpiel numbers suits in another order;
    least deadwood does not depend on which suit is which, so the same integers serve both."""
    ints = [[c.index for c in hand] for hand in hands]

    def ours() -> int:
        return sum(min_deadwood_of_indices(hand, rules) for hand in ints)

    ours()
    mine = len(ints) / best_time(ours, repeats)
    spiel = openspiel_min_deadwood()
    if spiel is None:
        print(f"{name} ints hands_per_second {int(mine)} openspiel skipped: pyspiel not installed")
        return
    if sum(spiel(hand) for hand in ints[:2000]) != sum(
        min_deadwood_of_indices(hand, rules) for hand in ints[:2000]
    ):
        raise SystemExit("OpenSpiel and the fast solver disagree: the comparison is void")

    def spiels() -> int:
        return sum(spiel(hand) for hand in ints)

    # one run of each in turn, best of each kept: a busy machine slows both alike
    mine = theirs = 0.0
    for _ in range(repeats):
        mine = max(mine, len(ints) / best_time(ours, 1))
        theirs = max(theirs, len(ints) / best_time(spiels, 1))
    print(
        f"{name} ints hands_per_second {int(mine)} openspiel hands_per_second {int(theirs)} "
        f"ratio {mine / theirs:.2f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="hand files, one hand per line")
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per file (best kept)")
    args = parser.parse_args(argv)
    rules = DEFAULT_RULES

    for name in args.files:
        lines = [line for line in Path(name).read_text().splitlines() if line.strip()]
        hands = [parse_cards(line) for line in lines]
        sizes = {len(hand) for hand in hands}
        if sizes == {10}:
            solve = solve_ten
        elif sizes == {11}:
            solve = solve_eleven
        else:
            parser.error(f"{name}: hands must all hold 10 or all hold 11 cards (got {sizes})")
        solve(hands[:100], rules)  # build the tables outside the clock
        elapsed = best_time(lambda: solve(hands, rules), args.repeats)  # noqa: B023
        print(f"{name} hands_per_second {int(len(hands) / elapsed)}")
        if sizes == {10}:
            compare_openspiel(name, hands, rules, args.repeats)

    worst = parse_cards(WORST_HAND)
    loops = 2000
    min_deadwood_after_discard(worst, rules)

    def worst_loop() -> None:
        for _ in range(loops):
            min_deadwood_after_discard(worst, rules)

    elapsed = best_time(worst_loop, args.repeats)
    print(f"worst-hand {WORST_HAND} microseconds {elapsed / loops * 1e6:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
