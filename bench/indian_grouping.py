"""Benchmark of Indian Rummy's best grouping (the fewest points of a loser's 13 cards).

    python bench/indian_grouping.py [--hands 2000] [--wilds 4] [--seed 30]

Draws random 13-card hands from two packs and four printed jokers, each holding exactly
``--wilds`` wild cards (printed jokers and cards of the wild rank, drawn at random), the wild
rank drawn at random; a second set of hands holds a pure sequence of three besides (the
hands the search works hardest on). Each hand is timed from scratch (a fresh search: every
pure sequence, the best cover of the rest, the groups rebuilt), one core, garbage collector
paused. Prints p50, p99 and max in milliseconds, wall time and CPU time.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games.indian.cards import TWO_PACKS, is_wild
from referee.games.indian.grouping import best_grouping
from referee.rules.cards import SUITS, Card, Rank


def random_hand(rng: random.Random, wilds: int) -> tuple[list[Card], Rank]:
    """13 cards of two packs holding exactly ``wilds`` wild cards, and the wild rank."""
    wild = Rank(rng.randint(1, 13))
    pack = list(TWO_PACKS.cards())
    wild_cards = [c for c in pack if is_wild(c, wild)]
    others = [c for c in pack if not is_wild(c, wild)]
    return rng.sample(wild_cards, wilds) + rng.sample(others, 13 - wilds), wild


def pure_hand(rng: random.Random, wilds: int) -> tuple[list[Card], Rank]:
    """As :func:`random_hand`, but holding a pure sequence of three (the hands the search
    works hardest on: without one, every card counts at once)."""
    while True:
        cards, wild = random_hand(rng, wilds)
        suit = rng.choice(SUITS)
        low = rng.randint(1, 11)
        run = [Card(Rank(r), suit) for r in range(low, low + 3)]
        if any(is_wild(c, wild) for c in run):
            continue
        rest = [c for c in cards if not is_wild(c, wild)]
        keep = [c for c in cards if is_wild(c, wild)]
        hand = keep + run + rest[: 13 - len(keep) - 3]
        if max(Counter(hand).values()) <= TWO_PACKS.decks:
            return hand, wild


def time_hands(hands: list[tuple[list[Card], Rank]]) -> tuple[list[float], list[float], int]:
    """Each hand's wall time and CPU time (ms), and how many are valid shows."""
    wall: list[float] = []
    cpu: list[float] = []
    valid = 0
    gc.disable()
    try:
        for cards, wild in hands:
            start, start_cpu = time.perf_counter(), time.thread_time()
            grouping = best_grouping(cards, wild)
            cpu.append((time.thread_time() - start_cpu) * 1000)
            wall.append((time.perf_counter() - start) * 1000)
            valid += grouping.valid
    finally:
        gc.enable()
    return wall, cpu, valid


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    p50 = statistics.median(ordered)
    p99 = ordered[max(0, int(len(ordered) * 0.99) - 1)]
    return f"p50={p50:.3f}ms p99={p99:.3f}ms max={ordered[-1]:.3f}ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--wilds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for name, make in (("random", random_hand), ("holding a pure sequence", pure_hand)):
        hands = [make(rng, args.wilds) for _ in range(args.hands)]
        wall, cpu, valid = time_hands(hands)
        print(
            f"{args.hands} {name} hands of 13 cards with {args.wilds} wild cards "
            f"({valid} valid shows)"
        )
        print(f"  wall: {_figures(wall)}")
        print(f"  cpu:  {_figures(cpu)}")


if __name__ == "__main__":
    main()
