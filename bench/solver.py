"""Benchmark of the fast exact deadwood solver.

    python bench/solver.py ../shared/bench/hands-uniform-10.txt ../shared/bench/hands-rich-11.txt

Each file holds one hand per line. Every line is parsed before the clock starts. A file of
10-card hands times ``min_deadwood``; a file of 11-card hands times the after-draw question
(the least deadwood after the best discard, and whether all 11 cards meld: big gin). One
core, garbage collector paused, best of several repeats. Prints one line per file:

    FILE hands_per_second N

then the time for the worst hand known (three ranks held three times, woven into runs).
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
