"""A big club: its statistics page, its ladder, and a full recompute of every rating.

    python bench/club.py [--players 50] [--matches 2000] [--hands 30] [--requests 15]
                         [--database postgresql+psycopg://...]

Generates a club straight into the database (bulk inserts of what people would have entered:
American gin matches between two roster players, hands by counts: knocks, gins, big gins,
undercuts and dead hands at the usual frequencies), then times through the WSGI app in this
process (no network):

- the stats page ``/c/<id>/stats`` and the ladder ``/c/<id>/ladder``: the first (cold: every
  match folded) request, then the median and p90 of the next ones;
- a full rating recompute from the stored games (the replay cache emptied): with each
  match's facts already read, and from nothing (every match read in bulk and folded again);
- a scorer's edit of hand 1 of the club's first match (through the API): the ladder and the
  stats page right after it, and the ladder of a process that has just started.

Prints one line per figure, in milliseconds of this process's CPU time (the request handling
is one thread, so it is its time on one core, whatever else the machine runs; the database
server's own time is not counted). Run it on one core with ``taskset -c 0``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert, select

from referee import create_app
from referee.games.presets import get_preset
from referee.models import Club, ClubMember, Hand, Match, Player, db, hash_token


def random_hand(rng: random.Random, seq: int, dealer: int) -> dict[str, Any]:
    """One hand by counts as a scorer enters it, legal under American rules."""
    roll = rng.random()
    knocker = rng.randrange(2)
    if roll < 0.05:
        return {"kind": "dead", "data": {}}
    if roll < 0.30:
        kind, k = "gin", 0
    elif roll < 0.33:
        kind, k = "big_gin", 0
    else:
        kind, k = "knock", rng.randint(1, 10)
    d = rng.randint(0, 60) if kind == "knock" else rng.randint(5, 80)
    return {
        "kind": kind,
        "data": {"knocker_seat": knocker, "knocker_deadwood": k, "defender_deadwood": d},
    }


def generate(players: int, matches: int, hands: int, seed: int = 17) -> str:
    """The club, written in bulk; returns its view id."""
    rng = random.Random(seed)
    rules = get_preset("american").rules.to_json()
    club = Club(view_id="bench-club", name="Bench club", edit_token_hash=hash_token("bench"))
    db.session.add(club)
    db.session.flush()
    members = [ClubMember(club_id=club.id, name=f"Player {i:02d}") for i in range(players)]
    db.session.add_all(members)
    db.session.flush()
    start = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    match_rows = [
        {
            "view_id": f"bench-{n:05d}",
            "edit_token_hash": hash_token(f"bench-{n}"),
            "variant": "two_handed",
            "preset": "american",
            "rules_json": rules,
            "stake_per_point": 0,
            "status": "finished",
            "created_at": start + dt.timedelta(hours=4 * n),
            "updated_at": start + dt.timedelta(hours=4 * n),
            "revision": hands,
            "club_id": club.id,
        }
        for n in range(matches)
    ]
    db.session.execute(insert(Match), match_rows)
    ids = dict(db.session.execute(select(Match.view_id, Match.id)).all())
    player_rows, hand_rows = [], []
    for n in range(matches):
        match_id = ids[f"bench-{n:05d}"]
        a, b = rng.sample(members, 2)
        for seat, member in enumerate((a, b)):
            player_rows.append(
                {"match_id": match_id, "seat": seat, "name": member.name, "member_id": member.id}
            )
        for seq in range(1, hands + 1):
            hand = random_hand(rng, seq, seq % 2)
            hand_rows.append(
                {
                    "match_id": match_id,
                    "seq": seq,
                    "dealer_seat": (seq - 1) % 2,
                    "kind": hand["kind"],
                    "entry": "counts",
                    "note": "",
                    "stop_after": False,
                    "data": hand["data"],
                    "created_at": start + dt.timedelta(hours=4 * n, minutes=seq),
                    "version": 1,
                }
            )
    db.session.execute(insert(Player), player_rows)
    for i in range(0, len(hand_rows), 5000):
        db.session.execute(insert(Hand), hand_rows[i : i + 5000])
    db.session.commit()
    return club.view_id


def timed(fn: Any) -> float:
    """Milliseconds of this process's CPU time (a shared machine's waits left out)."""
    began = time.process_time()
    fn()
    return (time.process_time() - began) * 1000


def wall(fn: Any) -> tuple[float, float]:
    """(CPU ms of this process, wall-clock ms): the second counts the database server's work
    and whatever else the machine was doing."""
    began, cpu = time.perf_counter(), time.process_time()
    fn()
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - began) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--requests", type=int, default=15)
    parser.add_argument("--database", default="")
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    url = args.database or f"sqlite:///{folder}/club.sqlite"
    config: dict[str, Any] = {
        "SQLALCHEMY_DATABASE_URI": url,
        "RATELIMIT_ENABLED": False,
        "FOLD_CACHE_SIZE": 4096,
    }
    schema = None
    if url.startswith("postgresql"):  # a schema of its own, dropped at the end
        schema = "bench_club_" + secrets.token_hex(4)
        _schema(url, f'CREATE SCHEMA "{schema}"')
        config["SQLALCHEMY_ENGINE_OPTIONS"] = {
            "connect_args": {"options": f"-csearch_path={schema}"}
        }
    try:
        run(args, create_app(config))
    finally:
        if schema:
            _schema(url, f'DROP SCHEMA "{schema}" CASCADE')


def _schema(url: str, statement: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(statement))
    engine.dispose()


def run(args: Any, app: Any) -> None:
    url = app.config["SQLALCHEMY_DATABASE_URI"]
    with app.app_context():
        began = time.perf_counter()
        view_id = generate(args.players, args.matches, args.hands)
        made = time.perf_counter() - began
        hands = db.session.query(Hand).count()
    print(f"generated players {args.players} matches {args.matches} hands {hands} in {made:.1f} s")
    client = app.test_client()
    from referee.services import ratings

    def forget() -> None:
        app.extensions.pop("referee.facts", None)
        app.extensions.pop("referee.ratings", None)

    for route in ("stats", "ladder"):
        forget()
        path = f"/c/{view_id}/{route}"
        cold = timed(lambda p=path: _ok(client.get(p)))
        warm = sorted(timed(lambda p=path: _ok(client.get(p))) for _ in range(args.requests))
        print(
            f"GET /c/<id>/{route} cold_ms {cold:.0f} median_ms {statistics.median(warm):.0f} "
            f"p90_ms {warm[int(len(warm) * 0.9) - 1]:.0f}"
        )
    with app.app_context():
        member = db.session.scalar(select(ClubMember.id).order_by(ClubMember.id))
    path = f"/c/{view_id}/players/{member}"
    warm = sorted(timed(lambda: _ok(client.get(path))) for _ in range(args.requests))
    print(
        f"GET /c/<id>/players/<id> (rating chart, win rates) median_ms "
        f"{statistics.median(warm):.0f} p90_ms {warm[int(len(warm) * 0.9) - 1]:.0f}"
    )
    with app.app_context():
        club = Club.by_view_id(view_id)
        assert club is not None
        ratings.replayer().forget()
        replay = timed(lambda: ratings.ladder(club))
        forget()
        app.extensions.pop("referee.folds", None)
        db.session.expire_all()
        scratch, scratch_wall = wall(lambda: ratings.ladder(club))
        games = len(ratings.events_of(club))
    print(
        f"rating recompute games {games} replay_ms {replay:.0f} from_nothing_ms {scratch:.0f} "
        f"(wall {scratch_wall:.0f})"
    )
    edit_early_hand(app, client, view_id)
    print(json.dumps({"database": url.split(":")[0]}))
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def edit_early_hand(app: Any, client: Any, view_id: str) -> None:
    """A scorer corrects hand 1 of the club's first match (through the API, as a phone
    would): every rating after it moves. Times the ladder and the stats page that follow
    (the one changed match folded again, every rated game replayed), and the same ladder in
    a process that has just started (nothing folded, nothing replayed)."""
    with app.app_context():
        first = db.session.scalar(
            select(Match).where(Match.club_id.is_not(None)).order_by(Match.created_at, Match.id)
        )
        assert first is not None
        hand = db.session.scalar(select(Hand).where(Hand.match_id == first.id, Hand.seq == 1))
        assert hand is not None
        path = f"/api/v1/matches/{first.view_id}/hands/{hand.id}"
        token = "bench-" + str(int(first.view_id.split("-")[1]))
    body = {
        "entry": "counts",
        "kind": "gin",
        "knocker": 1,
        "knocker_deadwood": 0,
        "defender_deadwood": 75,
        "dealer": 0,
    }
    response = client.put(path, json=body, headers={"X-Edit-Token": token})
    if response.status_code != 200:
        raise SystemExit(
            f"edit refused {response.status_code}: {response.get_data(as_text=True)[:300]}"
        )
    ladder, ladder_wall = wall(lambda: _ok(client.get(f"/c/{view_id}/ladder")))
    stats = timed(lambda: _ok(client.get(f"/c/{view_id}/stats")))
    app.extensions.pop("referee.facts", None)
    app.extensions.pop("referee.ratings", None)
    app.extensions.pop("referee.folds", None)
    fresh, fresh_wall = wall(lambda: _ok(client.get(f"/c/{view_id}/ladder")))
    print(
        f"after editing hand 1 of the first match: GET ladder_ms {ladder:.0f} "
        f"(wall {ladder_wall:.0f}) GET stats_ms {stats:.0f}; "
        f"GET ladder in a fresh process_ms {fresh:.0f} (wall {fresh_wall:.0f})"
    )


def _ok(response: Any) -> None:
    if response.status_code != 200:
        raise SystemExit(f"{response.status_code}: {response.get_data(as_text=True)[:300]}")


if __name__ == "__main__":
    main()
