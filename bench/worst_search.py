"""Hill-climb for the slowest hands of each wild-card table: the worst cases of bench/worst.txt.

    python bench/worst_search.py [--steps 300] [--restarts 3] [--seed 1]

Work is measured in search nodes (the work budget's count, the same for every machine), not
seconds. From a random hand, each step swaps one card for one from the rest of the pack and
keeps the swap when the analysis needs at least as much work. Prints, per table, the worst
hand found and its node count, in bench/worst.txt's format.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ruling import table
from referee.inputs import analyze_hand
from referee.rules import melds
from referee.rules.budget import work_budget
from referee.rules.cards import Card, format_cards
from referee.rules.ruleset import Ruleset

TABLES = (
    "american+wild_ranks=2",
    "american+wild_ranks=2+jokers=2+jokers_wild=true",
    "american+jokers=4+jokers_wild=true+decks=2",
    "rum_500",
)


def work(hand: Sequence[Card], rules: Ruleset) -> int:
    """Search nodes one cold analysis of ``hand`` needs."""
    melds.clear_hand_caches()
    with work_budget(10**12) as spent:
        analyze_hand(tuple(hand), rules)
    return spent.spent


def climb(rules: Ruleset, rnd: random.Random, steps: int, size: int) -> tuple[int, list[Card]]:
    pack = list(rules.deck.cards())
    hand = rnd.sample(pack, size)
    best = work(hand, rules)
    for _ in range(steps):
        i = rnd.randrange(size)
        rest = [c for c in pack if c not in hand]
        trial = [*hand[:i], rnd.choice(rest), *hand[i + 1 :]]
        nodes = work(trial, rules)
        if nodes >= best:
            best, hand = nodes, trial
    return best, hand


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--restarts", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", nargs="*", default=list(TABLES))
    args = parser.parse_args(argv)
    rnd = random.Random(args.seed)
    for text in args.tables:
        rules = table(text)
        size = rules.hand_size + 1
        found = max(climb(rules, rnd, args.steps, size) for _ in range(args.restarts))
        hand = format_cards(melds.sort_cards(found[1]), ascii=True)
        print(f"analyze | {text} | {hand}    # {found[0]} nodes", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
