"""Benchmark of Gem Rummy's exact arrangement (stashes, Queen's Diamonds, kings' gems).

    python bench/gem.py [--hands 10000] [--seed 12]

Draws random 11- and 12-card hands (half each) from the synthetic gem deck, with random dice,
in two sets: plain random hands, and "rich" hands built to hold a stash of four or more of one
gem (with a king where the deck allows) and a Queen's Diamonds pair. Each hand is timed from
scratch (a fresh search, the best arrangement found with its melds), one core, garbage
collector paused. Prints p50, p99 and max per set in milliseconds.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games.gem.deck import SYNTHETIC_DECK, Gem
from referee.games.gem.dice import dice_from
from referee.games.gem.melds import GemMeldKind
from referee.games.gem.search import GemSearch
from referee.rules.cards import ALL_NATURALS, Card, Rank


def random_hand(rng: random.Random, size: int) -> list[Card]:
    return rng.sample(ALL_NATURALS, size)


def rich_hand(rng: random.Random, size: int, diamond: Card) -> list[Card]:
    """A hand holding a stash (4–6 of one gem, a king among them where possible) and a
    queen with the diamond card, filled up at random."""
    gem = rng.choice(list(Gem))
    holders = [c for c in ALL_NATURALS if gem in SYNTHETIC_DECK.gems_of(c)]
    hand = set(rng.sample(holders, rng.randint(4, 6)))
    hand.add(diamond)
    queens = [c for c in ALL_NATURALS if c.rank is Rank.QUEEN and c != diamond]
    hand.add(rng.choice(queens))
    rest = [c for c in ALL_NATURALS if c not in hand]
    hand.update(rng.sample(rest, size - len(hand)))
    return sorted(hand)[:size] if len(hand) > size else sorted(hand)


def time_hands(
    hands: list[tuple[list[Card], Card]],
) -> tuple[list[float], list[float], int]:
    """Each hand's wall time and CPU time (ms; CPU time leaves out the time other processes
    of a busy machine took the core), and how many best arrangements hold a special meld."""
    times: list[float] = []
    cpu: list[float] = []
    special = 0
    gc.disable()
    try:
        for cards, diamond in hands:
            start, start_cpu = time.perf_counter(), time.thread_time()
            best = GemSearch(cards, SYNTHETIC_DECK, diamond).best()
            cpu.append((time.thread_time() - start_cpu) * 1000)
            times.append((time.perf_counter() - start) * 1000)
            special += any(
                m.kind in (GemMeldKind.STASH, GemMeldKind.QUEENS_DIAMONDS) for m in best.melds
            )
    finally:
        gc.enable()
    return times, cpu, special


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    p50 = statistics.median(ordered)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    return f"p50={p50:.3f}ms p99={p99:.3f}ms max={ordered[-1]:.3f}ms"


def report(name: str, times: list[float], cpu: list[float], special: int) -> None:
    print(
        f"{name:6} hands={len(times)} wall {_figures(times)} | cpu {_figures(cpu)} | "
        f"best_with_stash_or_queens_diamonds={special}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    plain: list[tuple[list[Card], Card]] = []
    rich: list[tuple[list[Card], Card]] = []
    for i in range(args.hands):
        size = 11 + i % 2
        diamond = dice_from(total=rng.randint(2, 12)).diamond
        plain.append((random_hand(rng, size), diamond))
        rich.append((rich_hand(rng, size, diamond), diamond))
    report("random", *time_hands(plain))
    report("rich", *time_hands(rich))


if __name__ == "__main__":
    main()
