"""Contract Rummy referee speed: 10,000 random 13-card hands from two packs and four jokers,
deuces wild (12-Step's pack), on one core.

    python bench/contract.py [--hands 10000] [--seed 1]

For every hand it times (1) checking a 13-card lay-down with the lay-down referee — the way
the search found, wilds left for the referee to place, when there is one; else the hand laid
as a group of 3 and two sequences of 5, which the referee refuses with its reason — and
(2) deciding whether the whole hand can make a contract, the contracts taken in turn from
the 7-deal lists and 12-Step-sized ones. Prints p50, p99 and the worst time of each in
milliseconds of CPU time (the process's own, so other work on the machine does not count).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from referee.games.contract import (
    TWELVE_STEP,
    Deal,
    LaidCombination,
    find_contract,
    parse_needs,
    referee_laydown,
)
from referee.games.contract.combos import Laid

CONTRACTS = (
    "2 groups of 3",
    "1 group of 3 + 1 sequence of 4",
    "2 sequences of 4",
    "3 groups of 3",
    "2 groups of 3 + 1 sequence of 4",
    "1 group of 3 + 2 sequences of 4",
    "3 sequences of 4",
    "4 groups of 3",
    "2 sequences of 5 + 1 group of 3",
)
LAYDOWN = Deal(13, parse_needs("1 group of 3 + 2 sequences of 4"))


def percentile(times: list[float], p: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pack = list(TWELVE_STEP.deck.cards())
    table = TWELVE_STEP
    needs = [parse_needs(c) for c in CONTRACTS]
    search_ms: list[float] = []
    check_ms: list[float] = []
    made = met = 0
    for i in range(args.hands):
        hand = rng.sample(pack, 13)
        contract = needs[i % len(needs)]
        start = time.process_time()
        way = find_contract(hand, contract, table)
        search_ms.append((time.process_time() - start) * 1000)
        made += way is not None
        layout = find_contract(hand, LAYDOWN.needs, table)
        if layout is not None:
            laid = [LaidCombination(tuple(Laid(c) for c in combo.cards)) for combo in layout]
        else:
            laid = [
                LaidCombination(tuple(Laid(c) for c in hand[a:b]))
                for a, b in ((0, 3), (3, 8), (8, 13))
            ]
        start = time.process_time()
        ruling = referee_laydown(LAYDOWN, laid, table)
        check_ms.append((time.process_time() - start) * 1000)
        met += ruling.met
    print(f"{args.hands} random 13-card hands, 2 packs + 4 jokers, deuces wild")
    for label, times, extra in (
        ("check a lay-down", check_ms, f"met {met}"),
        ("can the hand make a contract", search_ms, f"can {made}"),
    ):
        print(
            f"{label:<30} p50 {statistics.median(times):6.3f} ms  "
            f"p99 {percentile(times, 99):6.3f} ms  max {max(times):7.3f} ms  ({extra})"
        )


if __name__ == "__main__":
    main()
