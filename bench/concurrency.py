"""Many phones entering hands into one match at once, through the API of a running server.

    python bench/concurrency.py [--phones 20] [--hands 25] [--workers 4] [--threads 1]
                                [--database sqlite]
    python bench/concurrency.py --database postgresql+psycopg://postgres@127.0.0.1:5432/test
    python bench/concurrency.py --url http://127.0.0.1:8000   # a server already running

Starts gunicorn (``--workers`` processes) on a fresh database: a SQLite file in a throwaway
folder, or a new schema of the PostgreSQL database given (dropped afterwards). Each phone is
a thread that enters its hands one after another as a scorer would: it reads the match, sends
its hand with ``expected_number`` (the number it saw plus one) and an ``Idempotency-Key``,
and on a 409 (another phone got that number first) reads again and resends. Then it prints
one line: ``stored S duplicates D lost L revision R (expected E) first_try_refusals F
races_won_once W/N first_tries: lost_race X refused_otherwise Y of Z seconds T``.

- stored: hands in the match; duplicates: hands entered twice; lost: hands a phone was told
  were saved that are not in the match;
- revision: the match's revision, which must equal the number of changes (one per hand);
- first_try_refusals: sends refused with 409 (any try);
- races_won_once: hand numbers that exactly one accepted send asked for, of all numbers;
- first_tries: of each hand's first send, those refused because another phone had just
  taken that number (``lost_race``: the protocol's own outcome, one winner per number) and
  those refused for any other reason (``refused_otherwise``: a lock or uniqueness clash the
  server should have ordered; the target is under 5 %).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Figures:
    phones: int
    hands: int
    stored: int = 0
    duplicates: int = 0
    lost: int = 0
    revision: int = 0
    first_try_refusals: int = 0
    races_won_once: int = 0
    numbers: int = 0
    first_tries: int = 0
    first_lost_race: int = 0
    first_refused_otherwise: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def expected(self) -> int:
        return self.phones * self.hands

    def line(self) -> str:
        return (
            f"stored {self.stored} duplicates {self.duplicates} lost {self.lost} "
            f"revision {self.revision} (expected {self.expected}) "
            f"first_try_refusals {self.first_try_refusals} "
            f"races_won_once {self.races_won_once}/{self.numbers} "
            f"first_tries: lost_race {self.first_lost_race} "
            f"refused_otherwise {self.first_refused_otherwise} of {self.first_tries} "
            f"({100 * self.first_refused_otherwise / max(self.first_tries, 1):.1f} %) "
            f"errors {len(self.errors)} seconds {self.seconds:.1f}"
        )


def _call(
    base: str, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        req.add_header(name, value)
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as e:
        text = e.read()
        try:
            return e.code, json.loads(text)
        except ValueError:
            return e.code, text.decode(errors="replace")


def run(base: str, phones: int, hands: int) -> Figures:
    """Enter ``phones`` × ``hands`` hands into one new match at ``base``; count what came of it."""
    figures = Figures(phones, hands)
    status, made = _call(
        base,
        "POST",
        "/api/v1/matches",
        {"players": ["Ann", "Ben"], "preset": "american", "rules": {"game_target": 10_000}},
    )
    assert status == 201, (status, made)
    view_id, token = made["id"], made["edit_token"]
    headers = {"X-Edit-Token": token}
    saved: list[str] = []  # notes of the hands phones were told were saved
    accepted_numbers: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(phones)

    def phone(p: int) -> None:
        start.wait()
        for h in range(hands):
            note = f"phone {p} hand {h}"
            body = {
                "kind": "knock",
                "knocker": "Ann" if (p + h) % 2 else "Ben",
                "knocker_deadwood": 5,
                "defender_deadwood": 20,
                "note": note,
            }
            key = f"p{p}-h{h}-{secrets.token_hex(4)}"
            for attempt in range(10 * phones):
                status, match = _call(base, "GET", f"/api/v1/matches/{view_id}")
                if status != 200:
                    with lock:
                        figures.errors.append(f"read {status}")
                    continue
                number = len(match["hands"]) + 1
                status, answer = _call(
                    base,
                    "POST",
                    f"/api/v1/matches/{view_id}/hands",
                    {**body, "expected_number": number},
                    {**headers, "Idempotency-Key": key},
                )
                if attempt == 0:
                    with lock:
                        figures.first_tries += 1
                        if status == 409 and "so yours would be" in str(answer):
                            figures.first_lost_race += 1
                        elif status not in (200, 201):
                            figures.first_refused_otherwise += 1
                if status in (200, 201):
                    with lock:
                        saved.append(note)
                        if status == 201:
                            accepted_numbers.append(number)
                    break
                with lock:
                    if status == 409:
                        figures.first_try_refusals += 1
                    else:
                        figures.errors.append(f"add {status}: {str(answer)[:120]}")
            else:
                with lock:
                    figures.errors.append(f"{note}: gave up")

    threads = [threading.Thread(target=phone, args=(p,)) for p in range(phones)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    figures.seconds = time.perf_counter() - began

    status, match = _call(base, "GET", f"/api/v1/matches/{view_id}")
    assert status == 200, (status, match)
    notes = Counter(hand["note"] for hand in match["hands"])
    figures.stored = len(match["hands"])
    figures.duplicates = sum(n - 1 for n in notes.values() if n > 1)
    figures.lost = sum(1 for note in set(saved) if note not in notes)
    figures.revision = match["revision"]
    won = Counter(accepted_numbers)
    figures.numbers = figures.stored
    figures.races_won_once = sum(1 for n in range(1, figures.stored + 1) if won[n] == 1)
    return figures


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def fresh_database(database: str) -> Iterator[tuple[str, str]]:
    """(SQLAlchemy URL, instance folder) of a new empty database: ``sqlite`` for a file in a
    throwaway folder, or a PostgreSQL URL, in which a new schema is made (and dropped)."""
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        if database == "sqlite":
            yield f"sqlite:///{folder}/referee.sqlite", folder
            return
        from sqlalchemy import create_engine, text

        sys.path.insert(0, str(ROOT))
        from referee.config import database_url

        url = database_url(database)
        schema = "bench_" + secrets.token_hex(6)
        admin = create_engine(url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        try:
            joiner = "&" if "?" in url else "?"
            yield f"{url}{joiner}options={quote('-csearch_path=' + schema)}", folder
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
            admin.dispose()


@contextlib.contextmanager
def serve(
    database_url: str,
    instance: str,
    workers: int,
    threads: int = 1,
    settings: dict[str, str] | None = None,
) -> Iterator[str]:
    """A gunicorn server of the app on ``database_url`` (and ``REFEREE_*`` ``settings``);
    yields its base URL."""
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REFEREE_INSTANCE_PATH": instance,
        "REFEREE_SECRET_KEY": secrets.token_hex(16),
        **{f"REFEREE_{name}": value for name, value in (settings or {}).items()},
    }
    gunicorn = Path(sys.executable).with_name("gunicorn")
    log_path = Path(instance) / "gunicorn.log"
    log = open(log_path, "wb")  # noqa: SIM115 - closed below, after the server stops
    process = subprocess.Popen(
        [
            str(gunicorn),
            "-w",
            str(workers),
            "--threads",
            str(threads),
            "-b",
            f"127.0.0.1:{port}",
            "--timeout",
            "60",
            "referee:create_app()",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            if process.poll() is not None:
                raise RuntimeError(log_path.read_text(errors="replace"))
            with contextlib.suppress(OSError):
                if _call(base, "GET", "/api/v1/presets")[0] == 200:
                    break
            time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=20)
    parser.add_argument("--hands", type=int, default=25)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--threads", type=int, default=1, help="gunicorn threads per worker")
    parser.add_argument("--database", default="sqlite", help="sqlite or a PostgreSQL URL")
    parser.add_argument("--url", help="a running server: enter the hands there")
    args = parser.parse_args()
    if args.url:
        print(run(args.url.rstrip("/"), args.phones, args.hands).line())
        return
    kind = "sqlite" if args.database == "sqlite" else "postgresql"
    with (
        fresh_database(args.database) as (url, folder),
        serve(url, folder, args.workers, args.threads) as base,
    ):
        figures = run(base, args.phones, args.hands)
    print(
        f"{kind} workers {args.workers} threads {args.threads} "
        f"phones {args.phones} hands {args.hands}: ",
        end="",
    )
    print(figures.line())
    for error in figures.errors[:5]:
        print("  ", error)


if __name__ == "__main__":
    main()
