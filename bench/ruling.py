"""Benchmark of the full ruling: every figure of the ruling-speed table, CPU time on one core.

    python bench/ruling.py ../shared/bench/*.txt [--pairs 2000] [--hands 2000]

For each hand file (one hand per line, all 10 or all 11 cards):

* ``analyze``: :func:`referee.inputs.analyze_hand` on each hand (the American table);
* ``rule``: :func:`referee.rules.adjudicate.rule_cards` on knocks paired from the file: each
  hand with the next hand that shares no card with it; of the two the one with the lesser
  deadwood knocks (an 11-card knocker keeps its 11 cards and the engine discards; the
  defender keeps its first 10 cards).

Then each named worst case of ``bench/worst.txt`` (cold: the per-hand caches are cleared
before every call), and the ``referee analyze`` process from start to first answer.
Every line is ``WHAT p50_ms X p99_ms Y max_ms Z n N``. The process is pinned to one core and
times are the CPU time of this thread (the garbage collector runs as usual).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, os.environ.get("REFEREE_ROOT", str(ROOT)))  # another checkout to compare

from referee.games.presets import get_preset  # noqa: E402
from referee.inputs import analyze_hand  # noqa: E402
from referee.rules import melds  # noqa: E402
from referee.rules.adjudicate import rule_cards  # noqa: E402
from referee.rules.cards import Card, parse_cards  # noqa: E402
from referee.rules.ruleset import DEFAULT_RULES, Ruleset  # noqa: E402

WORST = Path(__file__).resolve().parent / "worst.txt"


def table(text: str) -> Ruleset:
    """``american+wild_ranks=2+jokers=2+jokers_wild=true`` → that preset with those rules."""
    name, *overrides = text.strip().split("+")
    rules = get_preset(name).rules
    if not overrides:
        return rules
    values = dict(o.split("=", 1) for o in overrides)
    return rules.with_overrides(**values)


def cold() -> None:
    """Forget every per-hand cache, so a repeated case costs what its first call costs."""
    clear = getattr(melds, "clear_hand_caches", None)
    if clear is None:  # an engine from before the speed work: one lru_cache of solvers
        clear = melds._solver.cache_clear
    clear()


def timed(run: Callable[[], object], before: Callable[[], None] | None = None) -> float:
    """CPU milliseconds of one call (``before`` runs outside the clock)."""
    if before is not None:
        before()
    start = time.thread_time_ns()
    run()
    return (time.thread_time_ns() - start) / 1e6


def line(what: str, times: Sequence[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"{what} p50_ms {statistics.median(ordered):.3f} p99_ms {p99:.3f} "
        f"max_ms {ordered[-1]:.3f} n {len(ordered)}"
    )


def knocks(
    hands: Sequence[tuple[Card, ...]], rules: Ruleset, most: int
) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Knocker and defender pairs: each hand with the next one sharing no card."""
    pairs = []
    for i, first in enumerate(hands):
        if len(pairs) >= most:
            break
        for second in hands[i + 1 : i + 20]:
            a, b = (first, second) if len(first) == 10 else (first, second[:10])
            if set(a) & set(b):
                continue
            if len(a) == 10 and melds.min_deadwood(b, rules) < melds.min_deadwood(a, rules):
                a, b = b, a
            pairs.append((a, b))
            break
    return pairs


SHELL = ["analyze", "AS 2S 3S 7H 7D 7C KH KD 9C 4S"]


def shell_runs(repeats: int) -> tuple[list[float], list[float]]:
    """Milliseconds of ``referee analyze`` from process start to its answer: (CPU of the
    child, user + system; wall). As installed: byte code compiled (a first run writes it)."""
    exe = Path(sys.executable).parent / "referee"
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "referee.shell"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([*command, *SHELL], check=True, stdout=subprocess.DEVNULL, env=env)
    cpu, wall = [], []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([*command, *SHELL], check=True, stdout=subprocess.DEVNULL, env=env)
        wall.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        cpu.append(used * 1000)
    return cpu, wall


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="hand files, one hand per line")
    parser.add_argument("--hands", type=int, default=2000, help="hands analysed per file")
    parser.add_argument("--pairs", type=int, default=2000, help="knocks ruled per file")
    parser.add_argument("--repeats", type=int, default=5, help="calls per named worst case")
    parser.add_argument("--worst", default=str(WORST), help="file of named worst cases")
    parser.add_argument("--cpu", type=int, default=None, help="core to pin to (default: last)")
    args = parser.parse_args(argv)
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpus[-1] if args.cpu is None else args.cpu})
    rules = DEFAULT_RULES

    for name in args.files:
        lines = [x for x in Path(name).read_text().splitlines() if x.strip()]
        hands = [parse_cards(x) for x in lines]
        label = Path(name).name
        # warm the per-table work (meld tables, rule contexts) outside the clock
        for hand in hands[:20]:
            analyze_hand(hand, rules)
        sample = hands[: args.hands]
        print(line(f"analyze {label}", [timed(lambda h=h: analyze_hand(h, rules)) for h in sample]))
        pairs = knocks(hands, rules, args.pairs)
        print(
            line(
                f"rule {label}",
                [timed(lambda k=k, d=d: rule_cards(k, d, rules)) for k, d in pairs],
            ),
            flush=True,
        )

    for raw in Path(args.worst).read_text().splitlines():
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        kind, table_text, *cards = (f.strip() for f in raw.split("|"))
        case_rules = table(table_text)
        hands = [parse_cards(c, case_rules.deck) for c in cards]
        if kind == "analyze":

            def run(h: tuple[Card, ...] = hands[0], r: Ruleset = case_rules) -> object:
                return analyze_hand(h, r)

        else:

            def run(
                h: tuple[Card, ...] = hands[0],
                d: tuple[Card, ...] = hands[-1],
                r: Ruleset = case_rules,
            ) -> object:
                return rule_cards(h, d, r)

        times = [timed(run, cold) for _ in range(args.repeats)]
        print(line(f"worst {kind} [{table_text}] {' v '.join(cards)}", times), flush=True)

    cpu, wall = shell_runs(args.repeats)
    print(line("shell analyze start-to-answer (CPU)", cpu))
    print(line("shell analyze start-to-answer (wall)", wall))
    return 0


if __name__ == "__main__":
    sys.exit(main())
