"""Request latency of the pages people reload most: the scoreboard and the JSON match read.

    python bench/requests.py [--hands 30] [--requests 50]

Builds a match in a throwaway SQLite database through the JSON API (half the hands entered as
full cards, so each reload re-rules real card hands), then times GET requests through the
WSGI app in this process (no network) and prints one line per route:
``ROUTE median_ms X p90_ms Y max_ms Z``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee import create_app

KNOCKER = "5S 6S 7S KH KD KC AH AD AC 3D"
DEFENDER = "8S 8H 8D 8C 9S KS 2C 2H QD JC"


def build_match(client, hands: int) -> str:
    made = client.post(
        "/api/v1/matches",
        json={"players": ["Ann", "Ben"], "preset": "american", "rules": {"game_target": 10000}},
    ).get_json()
    view_id, token = made["id"], made["edit_token"]
    for n in range(hands):
        who = "Ann" if n % 2 == 0 else "Ben"
        if n % 2 == 0:
            body = {
                "kind": "knock",
                "knocker": who,
                "knocker_cards": KNOCKER,
                "defender_cards": DEFENDER,
            }
        else:
            body = {"kind": "knock", "knocker": who, "knocker_deadwood": 4, "defender_deadwood": 20}
        response = client.post(
            f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
        )
        if response.status_code != 201:
            raise SystemExit(f"could not add hand {n + 1}: {response.get_json()}")
    return view_id


def time_route(client, route: str, requests: int) -> list[float]:
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        response = client.get(route)
        times.append((time.perf_counter() - start) * 1000)
        if response.status_code != 200:
            raise SystemExit(f"{route}: {response.status_code}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--requests", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.sqlite",
                "SECRET_KEY": "bench",
                "WTF_CSRF_ENABLED": False,
            }
        )
        client = app.test_client()
        view_id = build_match(client, args.hands)
        for route in (f"/m/{view_id}", f"/api/v1/matches/{view_id}"):
            times = sorted(time_route(client, route, args.requests))
            p90 = times[int(0.9 * (len(times) - 1))]
            print(
                f"GET {route} ({args.hands} hands) median_ms {statistics.median(times):.1f} "
                f"p90_ms {p90:.1f} max_ms {times[-1]:.1f}"
            )


if __name__ == "__main__":
    main()
