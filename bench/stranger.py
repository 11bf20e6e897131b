"""The worst requests a stranger may send a public server, within every limit: how long each
kind keeps a worker busy (the target: no request over a second).

    python bench/stranger.py [--random 60] [--hands 60] [--seed 1]

Runs the app in this process on a throwaway SQLite database with the production settings
(``RULING_BUDGET``, ``MAX_CONTENT_LENGTH``; the rate limits off, since they count requests,
not their cost) and times each request through the WSGI app, so the time is the server's
alone. Kinds:

- ``analyze-worst`` / ``rule-worst``: the engine's named worst cases (bench/worst.txt);
- ``analyze-wild``: random hands heavy with wild cards under the widest rules a request may
  ask for (two decks, four wild jokers, deuces wild, 13 cards, sets of 8, runs and sets of 2);
- ``huge-body``: bodies just under ``MAX_CONTENT_LENGTH`` (a 250 KB hand, 20,000 keys or list
  items, a form of 10,000 fields, a 250 KB import file);
- ``deep-json``: JSON nested as deep as allowed, and 250 KB of ``[``;
- ``long-path``: 4,000-character ids in every kind of path;
- ``contract-can``: whether a 20-card hand with eight wild cards can make the longest
  contracts (the searches that fail after the most work);
- ``big-import``: a match file whose change log fills the body limit (about 7,000 entries);
- ``own-match``: a match of the heaviest hands its maker may enter (each within the budget),
  read cold (a fresh worker: no fold kept) as page, JSON, CSV and settlement; and the same
  match imported from its export file, which folds every hand in one request.

Prints one line per kind: ``KIND requests N statuses {...} max_cpu_ms X (wall W; the
slowest request)``: the CPU time is the worker's (the wall time also counts other processes
on a busy machine).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import create_app  # noqa: E402

WIDEST = {
    "decks": 2,
    "jokers": 4,
    "jokers_wild": True,
    "wild_ranks": [2],
    "hand_size": 13,
    "max_set": 8,
}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"


class Request:
    """One request, its body encoded beforehand so the timing is the server's alone."""

    def __init__(self, kind: str, method: str, path: str, label: str, **kwargs: Any) -> None:
        self.kind, self.method, self.path, self.label = kind, method, path, label
        if "json" in kwargs:
            kwargs["data"] = json.dumps(kwargs.pop("json")).encode()
            kwargs["content_type"] = "application/json"
        elif isinstance(kwargs.get("data"), dict) and not any(
            isinstance(v, tuple) for v in kwargs["data"].values()
        ):
            kwargs["data"] = urlencode(kwargs["data"]).encode()
            kwargs["content_type"] = "application/x-www-form-urlencoded"
        self.kwargs = kwargs


def _table(text: str) -> tuple[str, dict[str, Any]]:
    """``american+wild_ranks=2+jokers_wild=true`` → (preset, rules)."""
    preset, *pairs = text.strip().split("+")
    rules: dict[str, Any] = {}
    for pair in pairs:
        name, value = pair.split("=")
        if value in ("true", "false"):
            rules[name] = value == "true"
        elif name == "wild_ranks":
            rules[name] = [int(v) for v in value.split(",")]
        else:
            rules[name] = int(value)
    return preset, rules


def worst_cases() -> Iterator[Request]:
    for line in (ROOT / "bench" / "worst.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split("|")]
        preset, rules = _table(fields[1])
        if fields[0] == "analyze":
            body = {"hand": fields[2], "preset": preset, "rules": rules}
            yield Request("analyze-worst", "POST", "/api/v1/analyze", fields[2], json=body)
        else:
            body = {"knocker": fields[2], "defender": fields[3], "preset": preset, "rules": rules}
            yield Request("rule-worst", "POST", "/api/v1/rulings", fields[2], json=body)


def _pack(numbered: bool = False) -> list[str]:
    """Two decks and four jokers (numbered, as two hands of one deal must name them)."""
    jokers = [f"JK{i}" for i in range(1, 5)] if numbered else ["JK"] * 4
    return [r + s for r in RANKS for s in SUITS] * 2 + jokers


def _wild(card: str) -> bool:
    return card.startswith(("2", "JK"))


def wild_hands(count: int, rng: random.Random) -> Iterator[Request]:
    pack = _pack()
    wilds = [c for c in pack if c.startswith("2") or c == "JK"]
    naturals = [c for c in pack if c not in wilds]
    tables = [
        WIDEST,
        {**WIDEST, "min_run": 2, "min_set": 2},
        {**WIDEST, "max_set": 8, "min_run": 2},
    ]
    for i in range(count):
        size = rng.choice([13, 14])
        k = rng.randint(4, 12)
        hand = rng.sample(wilds, k) + rng.sample(naturals, size - k)
        rng.shuffle(hand)
        body = {"hand": " ".join(hand), "rules": tables[i % len(tables)]}
        yield Request("analyze-wild", "POST", "/api/v1/analyze", body["hand"], json=body)
    heavy = "JK JK JK JK 2S 2H 2D 2C 2S 2H 3S 4S 5S 6H"
    for rules in tables:
        body = {"hand": heavy, "rules": rules}
        yield Request("analyze-wild", "POST", "/api/v1/analyze", heavy, json=body)
        defender = "JK1 JK2 2S 2H 2D 2C 3S 4S 5S 6H 7H 8H 9H"
        knocker = "JK3 JK4 2S 2H 2D 2C 3D 4D 5D 6C 7C 8C 9C"
        body = {"knocker": knocker, "defender": defender, "rules": rules}
        yield Request("rule-wild", "POST", "/api/v1/rulings", knocker, json=body)


# Twenty cards heavy with wild deuces against the longest contracts: the searches that decide
# "can this hand make it" when it cannot (found by hill-climbing search nodes).
CONTRACT_WORST = (
    "AS 3D 4D 10H 9H JH QH 7H 6C 8H KS QS 2H 2D 2D 2S 2S 2H 2C 2C",
    "7C 6S 9S 9C 5S 4H 8C 10S 3H 5H JH 7S 2S 2C 2S 2H 2D 2H 2C 2D",
    "5H 3D 4D 4H 3H 9C 8C JC 6C AC 10C 7C JK JK JK JK 2S 2H 2D 2C",
)
CONTRACTS = ("3 sequences of 4 + 2 groups of 4", "2 sequences of 5 + 2 groups of 4")


def contract_searches(count: int, rng: random.Random) -> Iterator[Request]:
    """Can-make checks of Contract Rummy hands: the named worst, then random 20-card hands
    of two packs with eight wild cards."""
    pack = _pack()
    wilds = [c for c in pack if _wild(c)]
    naturals = [c for c in pack if not _wild(c)]
    hands = [*CONTRACT_WORST]
    for _ in range(count):
        hands.append(" ".join(rng.sample(wilds, 8) + rng.sample(naturals, 12)))
    for hand in hands:
        for contract in CONTRACTS:
            body = {"check": "hand", "preset": "twelve_step", "contract": contract}
            body |= {"cards": 20, "hand": hand}
            yield Request("contract-can", "POST", "/api/v1/contract/check", hand, json=body)


def long_change_log(export: bytes, limit: int) -> Iterator[Request]:
    """A match file whose change log fills the body limit: every entry is a row to insert."""
    data = json.loads(export)
    entry = {"action": "edit", "via": "api"}
    room = limit - len(json.dumps(data).encode()) - 100
    data["match"]["audit"].extend([entry] * (room // len(json.dumps(entry) + ", ")))
    body = json.dumps(data).encode()
    label = f"{len(data['match']['audit'])} changes ({len(body)} bytes)"
    yield Request(
        "big-import",
        "POST",
        "/api/v1/matches/import",
        label,
        data=body,
        content_type="application/json",
    )


def _fit(make: Any, room: int) -> Any:
    """``make(n)`` with the largest ``n`` whose JSON fits in ``room`` bytes."""
    low, high = 1, room
    while low < high:
        n = (low + high + 1) // 2
        if len(json.dumps(make(n))) <= room:
            low = n
        else:
            high = n - 1
    return make(low)


def huge_bodies(limit: int) -> Iterator[Request]:
    """Bodies just under the request size limit."""
    room = limit - 1_000
    bodies = [
        ("/api/v1/analyze", "250 KB hand", lambda n: {"hand": " ".join(["AS"] * n)}),
        (
            "/api/v1/rulings",
            "250 KB knocker",
            lambda n: {"knocker": " ".join(["AS"] * n), "defender": "AS"},
        ),
        (
            "/api/v1/analyze",
            "20k keys",
            lambda n: {"hand": "AS", **{f"k{i}": "" for i in range(n)}},
        ),
        ("/api/v1/matches", "20k players", lambda n: {"players": ["x" * 8] * n}),
        ("/api/v1/analyze", "20k list items", lambda n: {"hand": ["AS"] * n}),
        ("/api/v1/matches", "250 KB name", lambda n: {"players": ["n" * n, "Ben"]}),
    ]
    for path, label, make in bodies:
        yield Request("huge-body", "POST", path, label, json=_fit(make, room))
    fields = (room // 20) - 10
    form = {f"f{i:05}": "x" * 10 for i in range(fields)}
    yield Request("huge-body", "POST", "/check", "12k form fields", data=form)
    yield Request("huge-body", "POST", "/new", "12k form fields", data=form)


def deep_json(limit: int) -> Iterator[Request]:
    nested: Any = "AS"
    for _ in range(31):
        nested = [nested]
    yield Request("deep-json", "POST", "/api/v1/analyze", "32 deep", json={"hand": nested})
    for path in ("/api/v1/analyze", "/api/v1/rulings", "/api/v1/matches"):
        raw = "[" * (limit - 100)
        yield Request(
            "deep-json", "POST", path, "250 KB of [", data=raw, content_type="application/json"
        )
        wide = json.dumps({"hand": [[[[["x"]]]]] * 8_000})
        yield Request(
            "deep-json",
            "POST",
            path,
            "8,000 5-deep lists",
            data=wide,
            content_type="application/json",
        )


def long_paths(view_id: str) -> Iterator[Request]:
    long = "a" * 4_000
    for path in (
        f"/m/{long}",
        f"/m/{view_id}/hands/{'9' * 4_000}",
        f"/m/{view_id}/edit/{long}",
        f"/r/{long}",
        f"/api/v1/matches/{long}",
        f"/api/v1/matches/{view_id}/hands/{'9' * 4_000}",
        f"/api/v1/rulings/{long}",
        f"/{long}",
        f"/check?from={long}",
        f"/new?preset={long}",
    ):
        yield Request("long-path", "GET", path, path[:40])


def _time(client: Any, request: Request) -> tuple[float, float, int]:
    """(wall ms, CPU ms, status) of one request: the CPU time is what it kept the worker
    busy for, whatever else the machine was doing."""
    started, cpu = time.perf_counter(), time.process_time()
    response = client.open(request.path, method=request.method, **request.kwargs)
    response.close()
    wall = (time.perf_counter() - started) * 1000
    return wall, (time.process_time() - cpu) * 1000, response.status_code


def _cold(app: Any) -> None:
    """Forget every ruling, search and fold this process remembers: a fresh worker."""
    from referee.games import hand_entry
    from referee.rules import melds

    melds.clear_hand_caches()
    hand_entry._rule_cached.cache_clear()
    app.extensions.pop("referee.folds", None)


def heavy_match(
    app: Any,
    client: Any,
    hands: int,
    rng: random.Random,
    adds: list[tuple[tuple[float, float, int], str]],
) -> tuple[str, str, int]:
    """A match on the widest table a request may ask for, with the heaviest hands it takes:
    random deals heavy with wild cards, each ruled cold first (``/api/v1/rulings``), and the
    ones that took at least a quarter of the heaviest so far entered into the match."""
    rules = {**WIDEST, "min_run": 2, "min_set": 2}
    made = client.post(
        "/api/v1/matches",
        json={
            "players": ["Ann", "Ben"],
            "preset": "american",
            "rules": {**rules, "game_target": 10_000},
        },
    ).get_json()
    view_id, token = made["id"], made["edit_token"]
    pack = _pack(numbered=True)
    accepted, heaviest = 0, 0.0
    for _ in range(hands * 40):
        if accepted >= hands:
            break
        deck = pack[:]
        rng.shuffle(deck)
        wild = [c for c in deck if _wild(c)]
        natural = [c for c in deck if not _wild(c)]
        k = rng.randint(4, 9)  # the knocker's wild cards (a legal knock), the defender's
        d = rng.randint(2, min(12 - k, 8))
        knocker = " ".join(wild[:k] + natural[: 13 - k])
        defender = " ".join(wild[k : k + d] + natural[13 - k : 26 - k - d])
        _cold(app)
        probe = Request(
            "own-match-add",
            "POST",
            "/api/v1/rulings",
            "probe",
            json={"knocker": knocker, "defender": defender, "rules": rules},
        )
        _, cpu, status = _time(client, probe)
        if status != 201 or cpu < heaviest / 4:
            continue
        heaviest = max(heaviest, cpu)
        body = {
            "kind": "knock",
            "knocker": "Ann",
            "knocker_cards": knocker,
            "defender_cards": defender,
        }
        add = Request(
            "own-match-add",
            "POST",
            f"/api/v1/matches/{view_id}/hands",
            f"hand {accepted + 1}",
            json=body,
            headers={"X-Edit-Token": token},
        )
        timed = _time(client, add)
        adds.append((timed, add.label))
        if timed[2] == 201:
            accepted += 1
    return view_id, token, accepted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", type=int, default=60, help="random wild hands to analyse")
    parser.add_argument("--hands", type=int, default=60, help="hands in the heavy own match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--fold-budget", help="FOLD_BUDGET to run under (a number, or none: no total)"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
                "SECRET_KEY": "bench",
                "WTF_CSRF_ENABLED": False,
                "RATELIMIT_ENABLED": False,
                "ACCESS_LOG": False,
                **(
                    {}
                    if args.fold_budget is None
                    else {
                        "FOLD_BUDGET": None if args.fold_budget == "none" else int(args.fold_budget)
                    }
                ),
            }
        )
        import logging

        logging.getLogger("referee.access").disabled = True
        limit = int(app.config["MAX_CONTENT_LENGTH"])
        print(
            f"RULING_BUDGET {app.config['RULING_BUDGET']} "
            f"FOLD_BUDGET {app.config.get('FOLD_BUDGET')} MAX_CONTENT_LENGTH {limit}"
        )
        client = app.test_client()
        results: dict[str, list[tuple[float, float, int, str]]] = {}

        def record(kind: str, timed: tuple[float, float, int], label: str) -> None:
            wall, cpu, status = timed
            results.setdefault(kind, []).append((cpu, wall, status, label))

        # The match is built as a patient stranger would, on a worker that keeps its
        # rulings (so no fold runs short); its reads and writes are then timed cold.
        adds: list[tuple[tuple[float, float, int], str]] = []
        fold_budget = app.config.get("FOLD_BUDGET")
        app.config["FOLD_BUDGET"] = None
        view_id, token, accepted = heavy_match(app, client, args.hands, rng, adds)
        app.config["FOLD_BUDGET"] = fold_budget
        for knocker in (
            "5S 6S 7S KH KD KC AH AD JK1 3D 9H 9D 4C",
            "2S 2H JK1 JK2 3D 9H 9D 4C 5C 6C 7C 8C 10H",
        ):
            _cold(app)
            body = {
                "kind": "knock",
                "knocker": "Ann",
                "knocker_cards": knocker,
                "defender_cards": "8S 8H 8D 8C 9S KS 3C 3H QD JK3 4H 5H 6H",
            }
            add = Request(
                "own-match-add",
                "POST",
                f"/api/v1/matches/{view_id}/hands",
                "cold add",
                json=body,
                headers={"X-Edit-Token": token},
            )
            record("own-match-add", _time(client, add), add.label)
        requests = [
            *worst_cases(),
            *wild_hands(args.random, rng),
            *huge_bodies(limit),
            *deep_json(limit),
            *long_paths(view_id),
            *contract_searches(args.random, rng),
        ]
        for request in requests:
            record(request.kind, _time(client, request), request.label)

        export = client.get(f"/api/v1/matches/{view_id}/export").get_data()
        for request in long_change_log(export, limit):
            record(request.kind, _time(client, request), request.label)
        for path in (
            f"/m/{view_id}",
            f"/api/v1/matches/{view_id}",
            f"/m/{view_id}/settlement",
            f"/m/{view_id}/export.csv",
            f"/m/{view_id}/sheet",
            f"/m/{view_id}/hands/{accepted}",
            f"/m/{view_id}/rules",
        ):
            _cold(app)
            timed = _time(client, Request("own-match", "GET", path, path))
            record("own-match", timed, f"cold GET {path.replace(view_id, '<id>')}")
        _cold(app)
        upload = {"file": (io.BytesIO(export), "match.json")}
        timed = _time(client, Request("own-match", "POST", "/import", "import", data=upload))
        record("own-match", timed, f"import of its export ({len(export)} bytes)")
        print(f"own match: {accepted} hands of the widest table entered with cards")
        for kind, rows in results.items():
            statuses = Counter(status for _, _, status, _ in rows)
            cpu, wall, status, label = max(rows)
            print(
                f"{kind:13} requests {len(rows):3} statuses {dict(sorted(statuses.items()))} "
                f"max_cpu_ms {cpu:7.1f} (wall {wall:7.1f}; {status}: {label[:50]})"
            )


if __name__ == "__main__":
    main()
