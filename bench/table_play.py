"""Playing at the table under load: from the last seat's send to the ruling on every phone.

    python bench/table_play.py [--tables 20] [--hands 3] [--workers 4] [--database sqlite]
    python bench/table_play.py --database postgresql+psycopg://postgres@127.0.0.1:5432/test
    python bench/table_play.py --url http://127.0.0.1:8000   # a server already running

Starts gunicorn on a fresh database (as ``bench/concurrency.py`` does) and plays ``--tables``
Cutthroat tables at once, each with four phones: the three players' (seat links) and the
scorer's. Every phone polls the hand at the table as the pages do (``GET .../table`` with its
ETag, once a second while a hand is open). For each hand a player of it calls it, the two
players send their cards a moment apart, and each phone notes when it first sees the ruling;
the scorer then stores the hand. Prints one line: ``tables T phones P hands H ruling_seen_ms
p50 X p95 Y max Z stored S (expected E) polls N not_modified M errors K``, where the times
run from the last send's answer to the phone's first read holding the ruling.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import random
import re
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from concurrency import _call, fresh_database, serve

POLL_S = 1.0  # the pages' pace while a hand is open (views/table_play.POLL_OPEN_MS)
KNOCKER = "5S 6S 7S KH KD KC AH AD AC 3D"
DEFENDER = "8S 8H 8D 8C 9S KS 2C 2H QD JC"
NAMES = ["Ann", "Ben", "Cat"]


class Table:
    """One match at the table: its seat tokens, and what its phones saw."""

    def __init__(self, base: str) -> None:
        status, made = _call(base, "POST", "/api/v1/matches",
                             {"players": NAMES, "preset": "cutthroat"})  # fmt: skip
        if status != 201:
            raise SystemExit(f"could not start a match: {made}")
        self.base, self.id, self.edit = base, made["id"], made["edit_token"]
        self.tokens = self._seat_tokens()
        self.last_send = 0.0  # when the last seat's cards were taken, this hand
        self.seen: list[float] = []
        self.polls = self.not_modified = 0
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.stop = False

    def _seat_tokens(self) -> list[str]:
        """The seat links as the scorer's page shows them (its browser claims the edit link)."""
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        opener.open(f"{self.base}/m/{self.id}/edit/{self.edit}", timeout=30).read()
        page = opener.open(f"{self.base}/m/{self.id}/table", timeout=30).read().decode()
        return re.findall(r'value="[^"#]+/seat/\d#([^"]+)"', page)

    def api(self, method: str, path: str, body: object = None, seat: int | None = None) -> object:
        headers = {"X-Seat-Token": self.tokens[seat]} if seat is not None else {}
        if seat is None:
            headers["X-Edit-Token"] = self.edit
        status, answer = _call(self.base, method, f"/api/v1/matches/{self.id}/table{path}",
                               body, headers)  # fmt: skip
        if status >= 400:
            with self.lock:
                self.errors.append(f"{method} {path}: {status} {answer}")
        return answer


def phone(table: Table, seat: int | None, hand_open: threading.Event) -> None:
    """Poll as a page does; note the first read of each hand that holds its ruling."""
    etag = None
    seen_hand = None
    headers_base = {"X-Seat-Token": table.tokens[seat]} if seat is not None else {}
    while not table.stop:
        headers = dict(headers_base)
        if seat is None:
            headers["X-Edit-Token"] = table.edit
        if etag:
            headers["If-None-Match"] = etag
        req = urllib.request.Request(f"{table.base}/api/v1/matches/{table.id}/table",
                                     headers=headers)  # fmt: skip
        try:
            with urllib.request.urlopen(req, timeout=60) as response:
                etag = response.headers.get("ETag")
                state = json.loads(response.read())
                hand = state.get("hand") or {}
                if hand.get("ruling") and hand.get("number") != seen_hand and table.last_send:
                    seen_hand = hand.get("number")
                    with table.lock:
                        table.seen.append(time.perf_counter() - table.last_send)
        except urllib.error.HTTPError as e:
            if e.code == 304:
                with table.lock:
                    table.not_modified += 1
            else:
                with table.lock:
                    table.errors.append(f"poll: {e.code}")
        except OSError as e:
            with table.lock:
                table.errors.append(f"poll: {e}")
        with table.lock:
            table.polls += 1
        time.sleep(POLL_S if hand_open.is_set() else POLL_S * 3)


def play(table: Table, hands: int) -> None:
    """The hands of one table: called by a player, two sends a moment apart, stored."""
    open_ = threading.Event()
    phones = [threading.Thread(target=phone, args=(table, s, open_)) for s in (0, 1, 2, None)]
    for t in phones:
        t.start()
    try:
        for _ in range(hands):
            _status, match = _call(table.base, "GET", f"/api/v1/matches/{table.id}")
            players = match["next"]["players"]
            knocker, defender = (NAMES.index(n) for n in players)
            table.last_send = 0.0
            table.api("POST", "/hand", {"knocker": NAMES[knocker], "kind": "knock"}, knocker)
            open_.set()
            time.sleep(random.uniform(0.5, 2.0))  # tapping ten cards
            table.api("PUT", "/cards", {"cards": KNOCKER}, knocker)
            time.sleep(random.uniform(0.0, 1.5))
            table.api("PUT", "/cards", {"cards": DEFENDER}, defender)
            table.last_send = time.perf_counter()
            time.sleep(3 * POLL_S)  # every phone's next polls
            table.api("POST", "/store")
            open_.clear()
    finally:
        table.stop = True
        for t in phones:
            t.join()


def run(base: str, tables: int, hands: int) -> str:
    made = [Table(base) for _ in range(tables)]
    threads = [threading.Thread(target=play, args=(t, hands)) for t in made]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seen = sorted(s * 1000 for t in made for s in t.seen)
    stored = sum(_call(base, "GET", f"/api/v1/matches/{t.id}")[1]["hands_played"] for t in made)
    errors = [e for t in made for e in t.errors]
    p95 = seen[int(0.95 * (len(seen) - 1))] if seen else 0.0
    line = (
        f"tables {tables} phones {4 * tables} hands {hands} ruling_seen_ms "
        f"p50 {statistics.median(seen) if seen else 0:.0f} p95 {p95:.0f} "
        f"max {max(seen) if seen else 0:.0f} (of {len(seen)} views) "
        f"stored {stored} (expected {tables * hands}) "
        f"polls {sum(t.polls for t in made)} not_modified {sum(t.not_modified for t in made)} "
        f"errors {len(errors)}"
    )
    for error in errors[:5]:
        line += f"\n   {error}"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=1, help="gunicorn threads per worker")
    parser.add_argument("--database", default="sqlite", help="sqlite or a PostgreSQL URL")
    parser.add_argument("--url", help="a running server: play there")
    args = parser.parse_args()
    if args.url:
        print(run(args.url.rstrip("/"), args.tables, args.hands))
        return
    kind = "sqlite" if args.database == "sqlite" else "postgresql"
    with (
        fresh_database(args.database) as (url, folder),
        serve(url, folder, args.workers, args.threads) as base,
    ):
        line = run(base, args.tables, args.hands)
    print(f"{kind} workers {args.workers} threads {args.threads}: {line}")


if __name__ == "__main__":
    main()
