"""Write ``tests/data/legacy_0005.json``: a database at schema revision 0005 (5a2d8e4c1b07),
one or more matches of every family and preset kind, as stored and as the API reads them.

Run it from the project root, on the code whose newest migration is 0005::

    .venv/bin/python tests/data/make_legacy_matches.py

It starts the app on a fresh SQLite database in a temporary folder and plays the matches
through the Flask test client: the JSON API for most hands, the hand form for the classic
match. The file it writes holds

- ``rows``: every row of ``match``, ``player``, ``hand`` and ``audit_entry`` exactly as stored
  (column → value; datetimes as ISO text, decimals as text, JSON columns as JSON);
- ``matches``: for each match its edit token, ``GET /api/v1/matches/<id>`` and each live
  hand's ``GET /api/v1/matches/<id>/hands/<hand id>``, as that code reads them;
- ``undo_walk``: for each match, ``POST /api/v1/matches/<id>/undo`` repeated until it is
  refused: each step's status, the change undone, the SHA-256 of the whole match read after
  it (every hand's ``edited_at`` reduced to whether it is set, for an undone edit stamps the
  time of the undo) and, to read at a glance, its hands, totals and revision.

``tests/web/test_migrate_hand_data.py`` loads these rows into a database migrated to 0005,
migrates it to the newest schema and checks that the API reads every match and hand the same.
The script refuses to run once a later migration exists: the rows are the 0005 schema's.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import sys
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LEGACY_REVISION = "5a2d8e4c1b07"
OUT = Path(__file__).with_name("legacy_0005.json")
TABLES = ("match", "player", "hand", "audit_entry")
SERVER_NAME = "referee.test"

# Two-handed hands of full cards (docs/rules.md R7 and R3).
R7_KNOCKER = "5S 6S 7S KH KD KC AH AD AC 3D"
R7_DEFENDER = "8S 8H 8D 8C 9S KS 2C 2H QD JC"
R3_KNOCKER = "AS 2S 3S 4S 4H 4D KC KH KD 2C"
R3_DEFENDER = "5S 6H 7H 8H 9C 9D QS QH JC 3D"
R3_SPREAD = "AS 2S 3S 4S | KC KH KD"  # laid down: 10 deadwood instead of the best 2
GIN_KNOCKER = "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C"
GIN_DEFENDER = "5S 6S 7H 8H 9H KD QD JS 2D 3D"
# Battle Royal: three hands of ten.
BR_KNOCKER = "4S 5S 6S KH KD KC AH AD AC 2D"
BR_LAYS_OFF_7S = "7S 9H JD QC 3C 5H 8D 10C 2H 4C"
BR_HOLDS_8S = "8S 3H 6H 9D QD QS JH 2C 5C 6C"


class Api:
    """One match through the JSON API with its edit token."""

    def __init__(self, client: Any, view_id: str, token: str) -> None:
        self.client, self.view_id, self.token = client, view_id, token
        self.headers = {"X-Edit-Token": token, "User-Agent": "legacy-maker", "X-Scorer": "Sam"}

    @classmethod
    def create(cls, client: Any, players: list[str], preset: str, **extra: Any) -> Api:
        body = {"players": players, "preset": preset, **extra}
        response = client.post("/api/v1/matches", json=body)
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        return cls(client, body["id"], body["edit_token"])

    def add(self, expect: int = 201, **body: Any) -> dict[str, Any]:
        response = self.client.post(
            f"/api/v1/matches/{self.view_id}/hands", json=body, headers=self.headers
        )
        assert response.status_code == expect, (body, response.get_json())
        return response.get_json()

    def hand_id(self, number: int) -> int:
        hands = self.read()["hands"]
        return hands[number - 1]["id"]

    def change(self, method: str, number: int, **body: Any) -> dict[str, Any]:
        url = f"/api/v1/matches/{self.view_id}/hands/{self.hand_id(number)}"
        response = getattr(self.client, method)(url, json=body, headers=self.headers)
        assert response.status_code == 200, (method, body, response.get_json())
        return response.get_json()

    def delete(self, number: int) -> None:
        url = f"/api/v1/matches/{self.view_id}/hands/{self.hand_id(number)}"
        response = self.client.delete(url, headers=self.headers)
        assert response.status_code == 200, response.get_json()

    def act(self, what: str) -> Any:
        """``undo`` or ``stop``."""
        return self.client.post(f"/api/v1/matches/{self.view_id}/{what}", headers=self.headers)

    def read(self) -> dict[str, Any]:
        return self.client.get(f"/api/v1/matches/{self.view_id}").get_json()


def knock(who: str, k: int, d: int, **extra: Any) -> dict[str, Any]:
    return {"kind": "knock", "knocker": who, "knocker_deadwood": k, "defender_deadwood": d, **extra}


# -- the matches -----------------------------------------------------------------------------


def american(client: Any) -> Api:
    """Counts (knock, gin, big gin, undercut, dead), cards with and without a declared spread,
    an edited hand, a deleted hand and an undone edit."""
    m = Api.create(client, ["Ann", "Ben"], "american", stake_per_point="0.10")
    m.add(**knock("Ann", 5, 25, note="first hand", upcard="7H"))
    m.add(kind="gin", knocker="Ben", defender_deadwood=30, idempotency_key="hand-2")
    m.add(kind="big_gin", knocker="Ann", defender_deadwood=20)
    m.add(**knock("Ben", 8, 5))  # Ann undercuts
    m.add(kind="dead", note="nobody knocked")
    m.add(kind="auto", knocker="Ann", knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER)
    m.add(kind="auto", knocker="Ann", knocker_cards=R3_KNOCKER, defender_cards=R3_DEFENDER,
          spread=R3_SPREAD)  # fmt: skip
    m.add(
        kind="knock",
        knocker="Ben",
        knocker_cards=R3_KNOCKER.split(),
        defender_cards=R3_DEFENDER,
        spread=[["AS", "2S", "3S"], ["4S", "4H", "4D"], ["KC", "KH", "KD"]],
        dealer="Ann",
    )
    m.add(**knock("Ann", 3, 12, note="edit me"))
    m.change("patch", 9, knocker_deadwood=2, note="edited: Ann had 2")
    m.add(**knock("Ben", 4, 9))
    m.delete(10)
    m.add(**knock("Ann", 6, 30))
    m.change("put", 10, **knock("Ann", 1, 30))
    assert m.act("undo").status_code == 200  # the edit of hand 10 undone
    m.add(kind="auto", knocker="Ben", knocker_cards=GIN_KNOCKER, defender_cards=GIN_DEFENDER)
    return m


def classic(client: Any) -> Api:
    """Through the hand form, as a phone enters it."""
    from tests.web.helpers import add_quick

    m = Api.create(client, ["Cat", "Dan"], "classic", stake_per_point="0.25")
    assert client.get(f"/m/{m.view_id}/edit/{m.token}").status_code in (200, 302)
    for knocker, kind, k, d in ((0, "knock", 5, 35), (1, "gin", None, 22), (0, "knock", 9, 7)):
        response = add_quick(client, m.view_id, knocker=knocker, kind=kind, k=k, d=d)
        assert response.status_code == 302, response.get_data(as_text=True)[:500]
    response = add_quick(client, m.view_id, kind="dead", k=None, d=None, note="wash")
    assert response.status_code == 302
    m.add(kind="auto", knocker="Dan", knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER)
    return m


def variant(client: Any) -> Api:
    """A preset with house rules changed: knock under 10, gin 30."""
    m = Api.create(client, ["Eve", "Fay"], "knock_under_10_gin_30", rules={"undercut_bonus": 15})
    m.add(**knock("Eve", 9, 20))
    m.add(**knock("Fay", 7, 4))
    m.add(kind="gin", knocker="Fay", defender_deadwood=41)
    return m


def oklahoma(client: Any) -> Api:
    m = Api.create(client, ["Ann", "Ben"], "oklahoma", stake_per_point="0.05")
    m.add(**knock("Ann", 4, 18, upcard="6S"))
    m.add(kind="gin", knocker="Ben", defender_deadwood=25, upcard="KH")
    m.add(kind="dead", upcard="AS")
    m.add(kind="auto", knocker="Ann", knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER,
          upcard="9H")  # fmt: skip
    m.add(**knock("Ben", 2, 30, upcard="10D"))
    m.change("patch", 5, upcard="JD")
    return m


def straight_gin(client: Any) -> Api:
    m = Api.create(client, ["Ann", "Ben"], "straight_gin")
    m.add(kind="gin", knocker="Ann", defender_deadwood=30)
    m.add(kind="big_gin", knocker="Ben", defender_deadwood=20)
    m.add(kind="auto", knocker="Ann", knocker_cards=GIN_KNOCKER, defender_cards=GIN_DEFENDER)
    m.add(kind="dead")
    return m


def hollywood(client: Any) -> Api:
    """Continuous play with notice to stop, then the open games played out."""
    rules = {"hollywood_target": 50, "hollywood_continuous": True}
    m = Api.create(client, ["You", "Opp"], "hollywood", rules=rules, stake_per_point="0.10")
    m.add(**knock("You", 2, 32))
    m.add(**knock("Opp", 3, 20))
    m.add(kind="gin", knocker="You", defender_deadwood=15)
    response = m.act("stop")
    assert response.status_code == 200, response.get_json()
    m.add(**knock("You", 1, 31))
    m.add(kind="auto", knocker="Opp", knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER)
    return m


def hollywood_overlay(client: Any) -> Api:
    """``"hollywood": true`` on a two-handed table's rules."""
    m = Api.create(client, ["Gus", "Hal"], "american", rules={"hollywood": True})
    m.add(**knock("Gus", 2, 42))
    m.add(kind="gin", knocker="Hal", defender_deadwood=18, stop_after=False)
    m.add(**knock("Gus", 5, 20))
    return m


def seats(m: Api) -> list[list[str]]:
    """Who plays whom at each table of the next deal."""
    return [t["players"] for t in m.read()["next_deal"]["tables"]]


def partnership(client: Any) -> Api:
    """Deals by counts and with cards at a table; an edited deal and a deleted one."""
    names = ["Ann", "Ben", "Cat", "Dan"]
    m = Api.create(client, names, "partnership", stake_per_point="1")
    m.add(tables=[knock("Ann", 2, 18), knock("Cat", 3, 15)], dealer="Ben", idempotency_key="d1")
    one, two = seats(m)
    cards = {"kind": "auto", "knocker": one[0], "knocker_cards": R7_KNOCKER,
             "defender_cards": R7_DEFENDER}  # fmt: skip
    m.add(tables=[cards, knock(two[1], 2, 14)], note="cards at table 1")
    one, two = seats(m)
    m.add(tables=[{"kind": "gin", "knocker": one[1], "defender_deadwood": 22}, {"kind": "dead"}])
    one, two = seats(m)
    m.add(tables=[knock(one[1], 4, 9), knock(two[0], 5, 30)])
    m.change("patch", 4, tables=[{}, {"knocker_deadwood": 1}])
    one, two = seats(m)
    m.add(tables=[knock(one[0], 1, 11), knock(two[0], 1, 11)])
    m.delete(5)
    one, two = seats(m)
    gin = {"kind": "auto", "knocker": two[1], "knocker_cards": GIN_KNOCKER,
           "defender_cards": GIN_DEFENDER}  # fmt: skip
    m.add(tables=[knock(one[0], 6, 26), gin])
    return m


def partnership_oklahoma(client: Any) -> Api:
    """An upcard at each table."""
    m = Api.create(client, ["Ann", "Ben", "Cat", "Dan"], "partnership", rules={"oklahoma": True})
    m.add(tables=[{**knock("Ann", 2, 18), "upcard": "6S"}, {**knock("Cat", 3, 15), "upcard": "KH"}])
    two = seats(m)[1]
    m.add(tables=[{"kind": "dead", "upcard": "AS"}, {**knock(two[1], 4, 14), "upcard": "8C"}])
    return m


def playing(m: Api) -> list[str]:
    """The two players the rotation seats next (Cutthroat, dealer sits out)."""
    return m.read()["next"]["players"]


def cutthroat(client: Any) -> Api:
    """The rotation, a seating override, cards and counts, an edit, a delete and an undo."""
    m = Api.create(client, ["A", "B", "C"], "cutthroat", cut=["9H", "KC", "2S"],
                   stake_per_point="0.10")  # fmt: skip
    m.add(**knock("A", 5, 20))
    m.add(**knock("A", 5, 25, players=["A", "C"], dealer="C"))  # the table seated it so
    m.add(kind="auto", knocker=playing(m)[0], knocker_cards=R7_KNOCKER,
          defender_cards=R7_DEFENDER)  # fmt: skip
    m.add(kind="gin", knocker=playing(m)[1], defender_deadwood=31)
    m.add(kind="dead")
    m.add(**knock("A", 2, 19, sitting_out="B"))
    m.change("patch", 6, knocker_deadwood=3)
    m.add(**knock(playing(m)[1], 1, 40))
    m.delete(7)
    assert m.act("undo").status_code == 200  # the delete undone
    return m


def dealer_sits_out(client: Any) -> Api:
    m = Api.create(client, ["Ann", "Ben", "Cat"], "dealer_sits_out")
    m.add(**knock(playing(m)[0], 4, 22))
    m.add(kind="auto", knocker=playing(m)[1], knocker_cards=R7_KNOCKER,
          defender_cards=R7_DEFENDER)  # fmt: skip
    m.add(**knock("Ann", 6, 16, sitting_out="Cat", dealer="Cat"))
    m.add(kind="dead")
    return m


def chouette(client: Any) -> Api:
    names = ["P1", "P2", "P3", "P4", "P5"]
    m = Api.create(client, names, "chouette", cut=["2H", "KS", "7C", "9D", "4S"],
                   stake_per_point="2", rules={"game_target": 60})  # fmt: skip
    nxt = m.read()["next"]
    m.add(**knock(nxt["captain"], 1, 30))
    nxt = m.read()["next"]
    m.add(kind="auto", knocker=nxt["box"], knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER)
    nxt = m.read()["next"]
    m.add(kind="gin", knocker=nxt["box"], defender_deadwood=12)
    nxt = m.read()["next"]
    other = next(p for p in names if p not in (nxt["box"], nxt["captain"]))
    m.add(**knock(other, 3, 17, captain=other))  # a captain other than the queue's
    m.add(kind="dead")
    m.change("patch", 4, defender_deadwood=27)
    return m


def chouette_small(client: Any) -> Api:
    """Four players listed from the lowest cut to the highest."""
    m = Api.create(client, ["W", "X", "Y", "Z"], "chouette")
    nxt = m.read()["next"]
    m.add(**knock(nxt["box"], 2, 8))
    nxt = m.read()["next"]
    m.add(**knock(nxt["captain"], 6, 4))  # the box undercuts
    return m


def battle_royal(client: Any) -> Api:
    m = Api.create(client, ["A", "B", "C"], "battle_royal", stake_per_point="0.10")
    m.add(kind="knock", knocker="A", deadwoods={"A": 4, "B": 15, "C": 22})
    m.add(kind="knock", knocker="A", deadwoods=[8, 5, 20])  # B undercuts
    m.add(kind="gin", knocker="C", deadwoods={"A": 30, "B": 12})
    m.add(kind="auto", knocker="A", hands=[BR_KNOCKER, BR_LAYS_OFF_7S.split(), BR_HOLDS_8S])
    m.add(kind="dead", note="all passed")
    m.add(kind="knock", knocker="B", deadwoods=[31, 2, 19], upcard="QS")
    m.change("patch", 6, deadwoods=[33, 2, 19])
    m.add(kind="knock", knocker="C", hands={"A": BR_HOLDS_8S, "B": BR_LAYS_OFF_7S,
                                           "C": BR_KNOCKER})  # fmt: skip
    m.delete(7)
    return m


BUILDERS = (
    american,
    classic,
    variant,
    oklahoma,
    straight_gin,
    hollywood,
    hollywood_overlay,
    partnership,
    partnership_oklahoma,
    cutthroat,
    dealer_sits_out,
    chouette,
    chouette_small,
    battle_royal,
)


# -- what is written -------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """A column value as JSON: datetimes as ISO text, decimals as text."""
    if isinstance(value, dt.datetime):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def rows(db: Any) -> dict[str, list[dict[str, Any]]]:
    from sqlalchemy import select

    out = {}
    with db.engine.connect() as conn:
        for name in TABLES:
            table = db.metadata.tables[name]
            result = conn.execute(select(table).order_by(table.c.id))
            out[name] = [{k: plain(v) for k, v in row._mapping.items()} for row in result]
    return out


def without_edit_times(value: Any) -> Any:
    """``edited_at`` reduced to whether it is set (an undone edit stamps the undo's time)."""
    if isinstance(value, dict):
        return {
            k: (v is not None) if k == "edited_at" else without_edit_times(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [without_edit_times(v) for v in value]
    return value


def digest(match: dict[str, Any]) -> str:
    """A match read, every key and value of it, as one SHA-256 (``edited_at`` as set or not)."""
    canonical = json.dumps(without_edit_times(match), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def summary(match: dict[str, Any]) -> dict[str, Any]:
    """What a person would look at first: the live hands and the totals."""
    return {
        "hands": [[h["id"], h["number"], h["version"], h["kind"]] for h in match["hands"]],
        "totals": match.get("totals"),
        "revision": match["revision"],
    }


def reads(client: Any, api: Api) -> dict[str, Any]:
    match = api.read()
    hands = {}
    for hand in match["hands"]:
        response = client.get(f"/api/v1/matches/{api.view_id}/hands/{hand['id']}")
        assert response.status_code == 200
        hands[str(hand["id"])] = response.get_json()
    return {"edit_token": api.token, "match": match, "hands": hands}


def undo_walk(api: Api, limit: int = 60) -> list[dict[str, Any]]:
    steps = []
    for _ in range(limit):
        response = api.act("undo")
        body = response.get_json()
        if response.status_code != 200:
            steps.append({"status": response.status_code, "error": body["error"]})
            return steps
        match = body["match"]
        steps.append(
            {"status": 200, "undone": body["undone"], "digest": digest(match), **summary(match)}
        )
    raise AssertionError(f"{api.view_id}: still undoing after {limit} steps")


def main() -> None:
    from referee import create_app
    from referee.migrate import heads_and_current
    from referee.models import db

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["REFEREE_INSTANCE_PATH"] = str(Path(tmp) / "instance")
        app = create_app(
            {
                "TESTING": True,
                "SERVER_NAME": SERVER_NAME,
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(tmp) / 'legacy.sqlite'}",
            }
        )
        with app.app_context():
            heads, current = heads_and_current(app)
            if heads != {LEGACY_REVISION} or current != heads:
                sys.exit(
                    f"the newest migration is {sorted(heads)}, not {LEGACY_REVISION}: run this "
                    "on the code whose schema it records"
                )
        client = app.test_client()
        matches = [build(client) for build in BUILDERS]
        with app.app_context():
            stored = rows(db)
        recorded = {api.view_id: reads(client, api) for api in matches}
        walks = {api.view_id: undo_walk(api) for api in matches}
        with app.app_context():
            db.session.remove()
            db.engine.dispose()

    data = {
        "revision": LEGACY_REVISION,
        "server_name": SERVER_NAME,
        "rows": stored,
        "matches": recorded,
        "undo_walk": walks,
    }
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    counts = ", ".join(f"{len(v)} {k}" for k, v in stored.items())
    print(f"wrote {OUT.relative_to(ROOT)}: {len(matches)} matches; rows: {counts}")


if __name__ == "__main__":
    main()
