"""A long match under load: the figures of "a long match stays instant", with their targets.

    python bench/load.py [--database sqlite] [--seconds 5] [--clients 50]
    python bench/load.py --database postgresql+psycopg://postgres@127.0.0.1:5432/test

On loopback only, in bounded time (about a minute and a half): makes a fresh database (a
SQLite file in a throwaway folder, or a new schema of the PostgreSQL database given, dropped
afterwards), starts gunicorn with two workers on it, builds a 300-hand and a 1,000-hand match
through the JSON API (half the hands entered as cards, games to 100 as the American preset
plays them), starts a bare Flask hello-world on the same gunicorn settings, then drives each
route with ``--clients`` concurrent clients for ``--seconds`` (an asyncio load generator: a
new connection per request, as gunicorn's sync workers close each) and the one-client rows
one request at a time. CPU per request is the workers' own CPU time (``/proc``) over the
requests they answered. ``--draw-every-time`` turns off the pages kept for viewers, so each
read is drawn (what a scorer's page costs). It prints every row of the issue's table with
its target and whether it is met, then the other figures measured.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from concurrency import ROOT, _free_port, fresh_database

KNOCKER = "5S 6S 7S KH KD KC AH AD AC 3D"
DEFENDER = "8S 8H 8D 8C 9S KS 2C 2H QD JC"
TICKS = os.sysconf("SC_CLK_TCK")


# -- the servers -------------------------------------------------------------------------------


@dataclass
class Server:
    base: str
    process: subprocess.Popen[bytes]

    def workers(self) -> list[int]:
        """The gunicorn workers' process ids (the master's children)."""
        pid = self.process.pid
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        return [int(p) for p in text.split()]

    def cpu_seconds(self) -> float:
        """The workers' CPU time so far (user and system)."""
        total = 0
        for pid in self.workers():
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / TICKS


@contextlib.contextmanager
def gunicorn(app: str, cwd: Path, env: dict[str, str], log: Path) -> Iterator[Server]:
    """gunicorn -w 2 serving ``app`` on a free loopback port, stopped afterwards."""
    port = _free_port()
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("gunicorn")),
                "-w",
                "2",
                "-b",
                f"127.0.0.1:{port}",
                "--timeout",
                "60",
                "--backlog",
                "2048",
                app,
            ],
            cwd=cwd,
            env={**os.environ, **env},
            stdout=subprocess.DEVNULL,
            stderr=out,
        )
        server = Server(f"http://127.0.0.1:{port}", process)
        try:
            for _ in range(300):
                if process.poll() is not None:
                    raise RuntimeError(log.read_text(errors="replace"))
                with (
                    contextlib.suppress(OSError),
                    urllib.request.urlopen(server.base + "/", timeout=5),
                ):
                    break
                time.sleep(0.1)
            else:
                raise RuntimeError("the server did not start")
            while len(server.workers()) < 2:
                time.sleep(0.1)
            yield server
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# -- the matches -------------------------------------------------------------------------------


def call(base: str, method: str, path: str, body: object = None, token: str = "") -> bytes:
    request = urllib.request.Request(
        base + path, data=json.dumps(body).encode() if body is not None else None, method=method
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("X-Edit-Token", token)
    with urllib.request.urlopen(request, timeout=60) as response:
        return bytes(response.read())


def hand(n: int) -> dict[str, object]:
    who = "Ann" if n % 2 == 0 else "Ben"
    if n % 2 == 0:
        return {
            "kind": "knock",
            "knocker": who,
            "knocker_cards": KNOCKER,
            "defender_cards": DEFENDER,
        }
    return {"kind": "knock", "knocker": who, "knocker_deadwood": 4, "defender_deadwood": 20}


def build(base: str, hands: int) -> tuple[str, str]:
    """A match of ``hands`` hands, entered through the API; (view id, edit token)."""
    made = json.loads(call(base, "POST", "/api/v1/matches", {"players": ["Ann", "Ben"]}))
    view_id, token = made["id"], made["edit_token"]
    for n in range(hands):
        call(base, "POST", f"/api/v1/matches/{view_id}/hands?answer=small", hand(n), token)
    return view_id, token


# -- the load ------------------------------------------------------------------------------------


@dataclass
class Run:
    """What one route answered under load."""

    times: list[float] = field(default_factory=list)  # seconds, per answered request
    sizes: list[int] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0
    cpu: float = 0.0  # the workers' CPU seconds over the run

    @property
    def rate(self) -> float:
        return len(self.times) / self.seconds if self.seconds else 0.0

    def ms(self, q: float) -> float:
        if not self.times:
            return float("nan")
        ordered = sorted(self.times)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def cpu_ms(self) -> float:
        return 1000 * self.cpu / len(self.times) if self.times else float("nan")

    @property
    def size(self) -> int:
        return int(statistics.median(self.sizes)) if self.sizes else 0


async def fetch(host: str, port: int, request: bytes) -> tuple[int, int]:
    """One request on a new connection: (status, body bytes)."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(request)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        body = await reader.readexactly(length) if length else b""
        return status, len(body)
    finally:
        writer.close()
        with contextlib.suppress(Exception):
            await writer.wait_closed()


def raw(method: str, path: str, port: int, body: bytes = b"", headers: str = "") -> bytes:
    extra = f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n" if body else ""
    return (
        f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
        f"User-Agent: bench/load.py\r\n{extra}{headers}\r\n"
    ).encode() + body


async def _drive(server: Server, path: str, clients: int, seconds: float) -> Run:
    port = int(server.base.rsplit(":", 1)[1])
    request = raw("GET", path, port)
    run = Run()
    stop = time.perf_counter() + seconds

    async def client() -> None:
        while time.perf_counter() < stop:
            began = time.perf_counter()
            try:
                status, size = await fetch("127.0.0.1", port, request)
            except (OSError, asyncio.IncompleteReadError):
                run.errors += 1
                continue
            if status != 200:
                run.errors += 1
                continue
            run.times.append(time.perf_counter() - began)
            run.sizes.append(size)

    cpu = server.cpu_seconds()
    began = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    run.seconds = time.perf_counter() - began
    run.cpu = server.cpu_seconds() - cpu
    return run


def drive(server: Server, path: str, clients: int, seconds: float) -> Run:
    """``clients`` clients GETting ``path`` as fast as answered, for ``seconds`` (after a
    short warm-up, so each worker has read the match once)."""
    asyncio.run(_drive(server, path, min(clients, 4), 0.5))
    return asyncio.run(_drive(server, path, clients, seconds))


def one_by_one(
    server: Server, method: str, path: str, count: int, body: bytes = b"", headers: str = ""
) -> Run:
    """``count`` requests one after another (one client)."""
    port = int(server.base.rsplit(":", 1)[1])
    run = Run()

    async def go() -> None:
        for _ in range(count):
            began = time.perf_counter()
            status, size = await fetch("127.0.0.1", port, raw(method, path, port, body, headers))
            if status not in (200, 201):
                run.errors += 1
                continue
            run.times.append(time.perf_counter() - began)
            run.sizes.append(size)

    cpu = server.cpu_seconds()
    began = time.perf_counter()
    asyncio.run(go())
    run.seconds = time.perf_counter() - began
    run.cpu = server.cpu_seconds() - cpu
    return run


# -- the table ----------------------------------------------------------------------------------


def row(what: str, measured: str, target: str, met: bool) -> str:
    return f"| {what} | {measured} | {target} | {'MET' if met else 'NOT MET'} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="sqlite", help="sqlite or a PostgreSQL URL")
    parser.add_argument("--seconds", type=float, default=5.0, help="each loaded run")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument(
        "--draw-every-time",
        action="store_true",
        help="no kept pages (PAGE_CACHE_SIZE=0): every read drawn, as for a scorer",
    )
    args = parser.parse_args()
    kind = "sqlite" if args.database == "sqlite" else "postgresql"
    with fresh_database(args.database) as (url, folder):
        env = {
            "DATABASE_URL": url,
            "REFEREE_INSTANCE_PATH": folder,
            "REFEREE_SECRET_KEY": secrets.token_hex(16),
            "REFEREE_ACCESS_LOG": "false",
        }
        if args.draw_every_time:
            env["REFEREE_PAGE_CACHE_SIZE"] = "0"
        folder_path = Path(folder)
        with gunicorn("referee:create_app()", ROOT, env, folder_path / "app.log") as app:
            began = time.perf_counter()
            short, _ = build(app.base, 300)
            long_, token = build(app.base, 1000)
            built = time.perf_counter() - began
            c, s = args.clients, args.seconds
            board = drive(app, f"/m/{short}", c, s)
            api_page = drive(app, f"/api/v1/matches/{short}?limit=50", c, s)
            api_full = drive(app, f"/api/v1/matches/{short}", c, s)
            long_board_loaded = drive(app, f"/m/{long_}", c, s)
            long_board = one_by_one(app, "GET", f"/m/{long_}", 50)
            body = json.dumps(hand(1)).encode()
            posts = one_by_one(
                app,
                "POST",
                f"/api/v1/matches/{long_}/hands?answer=small",
                40,
                body,
                f"X-Edit-Token: {token}\r\n",
            )
            posts_full = one_by_one(
                app,
                "POST",
                f"/api/v1/matches/{long_}/hands",
                5,
                body,
                f"X-Edit-Token: {token}\r\n",
            )
        with gunicorn("hello:app", ROOT / "bench", {}, folder_path / "hello.log") as hello_server:
            hello = drive(hello_server, "/", c, s)

    share = 100 * board.rate / hello.rate if hello.rate else 0.0
    drawn = ", every read drawn (no kept pages)" if args.draw_every_time else ""
    print(f"## bench/load.py: {kind}, gunicorn -w 2, {c} clients, {s:g} s a run{drawn}")
    print(f"(built the 300- and 1,000-hand matches through the API in {built:.0f} s)")
    print()
    print("| what | measured | target | |")
    print("|---|---|---|---|")
    print(
        row(
            "scoreboard `GET /m/<id>` throughput, share of hello-world, 300 hands",
            f"{share:.1f} % ({board.rate:.0f} req/s v {hello.rate:.0f})",
            "≥ 10 %",
            share >= 10,
        )
    )
    print(
        row(
            f"scoreboard p50 / p99 at {c} clients, 300 hands",
            f"{board.ms(0.5):.0f} ms / {board.ms(0.99):.0f} ms",
            "≤ 100 ms / 300 ms",
            board.ms(0.5) <= 100 and board.ms(0.99) <= 300,
        )
    )
    print(
        row(
            "CPU per scoreboard request, 300 hands",
            f"{board.cpu_ms:.1f} ms",
            "≤ 4 ms",
            board.cpu_ms <= 4,
        )
    )
    print(
        row(
            "`GET /api/v1/matches/<id>?limit=50`, 300 hands (CPU, size)",
            f"{api_page.cpu_ms:.1f} ms, {api_page.size / 1000:.0f} KB, 50 hands a page",
            "≤ 4 ms, paginated hands",
            api_page.cpu_ms <= 4,
        )
    )
    print(
        row(
            "hand POST `?answer=small` p50, 1,000-hand match (one client)",
            f"{posts.ms(0.5):.1f} ms, {posts.size / 1000:.1f} KB",
            "≤ 30 ms, ≤ 10 KB",
            posts.ms(0.5) <= 30 and posts.size <= 10_000,
        )
    )
    print(
        row(
            "scoreboard p50, 1,000-hand match (one client)",
            f"{long_board.ms(0.5):.1f} ms, {long_board.size / 1000:.0f} KB",
            "≤ 15 ms",
            long_board.ms(0.5) <= 15,
        )
    )
    print()
    print("Other figures:")
    for name, r in [
        ("hello-world", hello),
        ("scoreboard, 300 hands", board),
        ("match read ?limit=50, 300 hands", api_page),
        ("match read, every hand (the default shape), 300 hands", api_full),
        ("scoreboard, 1,000 hands", long_board_loaded),
    ]:
        print(
            f"- {name}, {c} clients: {r.rate:.0f} req/s, p50 {r.ms(0.5):.1f} ms, "
            f"p99 {r.ms(0.99):.1f} ms, CPU {r.cpu_ms:.2f} ms a request, "
            f"{r.size / 1000:.1f} KB, errors {r.errors}"
        )
    for name, r in [
        ("scoreboard, 1,000 hands, one client", long_board),
        ("hand POST ?answer=small, 1,000 hands, one client", posts),
        ("hand POST (whole match answered), 1,000 hands, one client", posts_full),
    ]:
        print(
            f"- {name}: p50 {r.ms(0.5):.1f} ms, p99 {r.ms(0.99):.1f} ms, "
            f"CPU {r.cpu_ms:.2f} ms a request, {r.size / 1000:.1f} KB, errors {r.errors}"
        )


if __name__ == "__main__":
    main()
