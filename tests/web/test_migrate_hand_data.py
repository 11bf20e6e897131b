"""Databases from before a hand kept its entered fields in ``data`` (schema 0005, revision
5a2d8e4c1b07) migrate with no hand lost or scored differently.

``tests/data/legacy_0005.json``, written by ``tests/data/make_legacy_matches.py`` on the code of
that schema, holds the rows of a match of every family and preset kind and what the API read
for each match and hand then. Each test migrates an empty database to 0005, inserts those
rows as they were stored, migrates to the newest schema and reads the matches back.

SQLite hands back the naive UTC datetimes it stored and PostgreSQL aware ones (the file was
written on SQLite), so on PostgreSQL a read's ``created_at`` and ``edited_at`` are compared
as the same instants in SQLite's form; everything else must be equal as it is.
"""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import DateTime, MetaData, Numeric, select, text

from referee.migrate import MIGRATIONS, heads_and_current
from referee.models import Hand, db, hand_fields
from tests.data.make_legacy_matches import digest, summary

DATA = Path(__file__).resolve().parents[1] / "data" / "legacy_0005.json"
LEGACY = json.loads(DATA.read_text())
LEGACY_REVISION = "5a2d8e4c1b07"
TABLES = ("match", "player", "hand", "audit_entry")
ROWS: dict[str, list[dict[str, Any]]] = LEGACY["rows"]
TIMES = ("created_at", "edited_at", "deleted_at", "updated_at")
# Ruleset fields added since schema 0005 (the rummy games' house rules): a match recorded
# then reads each at its default value; every other key is compared as recorded.
ADDED_RULES = {
    "rummy_penalty": False,
    "going_rummy_multiplier": 2,
    "target_tie": "shared",
    "contract_list": "",
    "contract_carry_over": False,
    "gem_undercut_plus_difference": False,
    "gem_stash_layoffs": True,
    "gem_queens_diamonds_layoffs": False,
    "gem_pairing": "each_non_knocker",
    "gem_parts_knocker": 16,
    "gem_parts_non_knocker": 8,
}
# Columns later migrations add to these tables (Gem Rummy's frozen deck): empty on old rows.
# Columns added since schema 0005, by table, with what a recorded row holds in them.
ADDED_COLUMNS: dict[str, dict[str, Any]] = {
    "match": {
        "setup": None,
        "club_id": None,
        "currency": "",
        "archived_at": None,
        "deleted_at": None,
        "edit_token_sealed": None,
        "summary_json": None,
        "seat_links": 0,
        "table_stores_agreed": False,
    },
    "player": {"member_id": None},
    "club": {"import_digest": None},
}


def _without_added_columns(name: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of table ``name`` without the columns added since, each checked at its default."""
    added = ADDED_COLUMNS.get(name, {})
    for row in rows:
        assert {k: row.get(k) for k in added} == added, (name, row.get("id"))
    return [{k: v for k, v in row.items() if k not in added} for row in rows]


@pytest.fixture
def legacy(database: dict[str, Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """An app on a database at 0005 holding the recorded rows (not yet migrated further)."""
    from referee import create_app

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app(
        {
            "TESTING": True,
            "SERVER_NAME": LEGACY["server_name"],
            "AUTO_MIGRATE": False,  # stop at 0005: the rows go in first
            **database,
        }
    )
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=LEGACY_REVISION)
        assert heads_and_current(app)[1] == {LEGACY_REVISION}
        _insert_rows()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _insert_rows() -> None:
    with db.engine.begin() as conn:
        meta = MetaData()
        meta.reflect(bind=conn, only=TABLES)
        for name in TABLES:
            table = meta.tables[name]
            rows = [
                {key: _column_value(table.c[key], value) for key, value in row.items()}
                for row in ROWS[name]
            ]
            conn.execute(table.insert(), rows)
        if conn.dialect.name == "postgresql":  # the ids were given: move the sequences on
            for name in TABLES:
                conn.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('\"{name}\"', 'id'), "
                        f'(SELECT max(id) FROM "{name}"))'
                    )
                )


def _column_value(column: Any, value: Any) -> Any:
    """A recorded value (ISO text, decimal text, JSON) as the column takes it."""
    if value is None:
        return None
    if isinstance(column.type, DateTime):
        moment = dt.datetime.fromisoformat(value)
        if column.type.timezone and moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)  # SQLite kept UTC without the zone
        return moment
    if isinstance(column.type, Numeric):
        return Decimal(value)
    return value


def _migrate(app: Any, revision: str = "head") -> None:
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=revision)
        heads, current = heads_and_current(app)
        assert current == heads


def _sqlite_form(value: Any) -> Any:
    """Datetimes (objects, or ISO text under a time key) as SQLite gives them back: naive
    UTC."""
    if isinstance(value, dt.datetime):
        return value.astimezone(dt.UTC).replace(tzinfo=None) if value.tzinfo else value
    if isinstance(value, dict):
        return {
            k: (
                _sqlite_form(dt.datetime.fromisoformat(v)).isoformat()
                if k in TIMES and isinstance(v, str)
                else _sqlite_form(v)
            )
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_sqlite_form(v) for v in value]
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        return _sqlite_form(value).isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _stored_rows(app: Any, names: tuple[str, ...] = TABLES) -> dict[str, list[dict[str, Any]]]:
    """The tables' rows as the generator recorded them (reflected: any schema)."""
    with app.app_context(), db.engine.connect() as conn:
        meta = MetaData()
        meta.reflect(bind=conn, only=names)
        out = {}
        for name in names:
            table = meta.tables[name]
            result = conn.execute(select(table).order_by(table.c.id))
            out[name] = [{k: _plain(v) for k, v in row._mapping.items()} for row in result]
        return out


def _read(client: Any, url: str, postgres: bool) -> Any:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    body = response.get_json()
    return _sqlite_form(body) if postgres else body


ADDED_KEYS = frozenset(
    {"currency", "page_url", "exact_points", "exact_nets", "rounding", "if_ended_now"}
)
"""Keys the API added since the recording (a match's currency, a hand's page, the points a
payment had before rounding): the recording's clients never read them."""


# a ruling step's key and values, added beside its English text since the recording
STEP_KEYS = frozenset({"key", "values", "plural", "parts"})


def _without_added(value: Any) -> Any:
    if isinstance(value, dict):
        step = "text" in value and "rule" in value
        return {
            k: _without_added(v)
            for k, v in value.items()
            if k not in ADDED_KEYS and not (step and k in STEP_KEYS)
        }
    if isinstance(value, list):
        return [_without_added(v) for v in value]
    return value


def _as_recorded(match: Any) -> Any:
    """A match read without the rules added since the recording, each checked at its
    default, and without the keys added since."""
    rules = dict(match["rules"])
    for name, default in ADDED_RULES.items():
        assert rules.pop(name) == default, name
    return _without_added({**match, "rules": rules})


def _is_postgres(app: Any) -> bool:
    with app.app_context():
        return db.engine.dialect.name == "postgresql"


# -- the tests -------------------------------------------------------------------------------


def test_every_match_and_hand_reads_the_same_after_the_migration(legacy):
    _migrate(legacy)
    postgres = _is_postgres(legacy)
    client = legacy.test_client()
    compared_matches = compared_hands = 0
    for view_id, recorded in LEGACY["matches"].items():
        read = _as_recorded(_read(client, f"/api/v1/matches/{view_id}", postgres))
        assert read == recorded["match"], view_id
        compared_matches += 1
        for hand_id, hand in recorded["hands"].items():
            url = f"/api/v1/matches/{view_id}/hands/{hand_id}"
            assert _without_added(_read(client, url, postgres)) == hand, (view_id, hand_id)
            compared_hands += 1
    # every family and preset kind, every live hand
    assert compared_matches == len(ROWS["match"]) == 14
    live = [row for row in ROWS["hand"] if row["deleted_at"] is None]
    assert compared_hands == len(live) == 67
    presets = {row["preset"] for row in ROWS["match"]}
    assert presets >= {
        "american", "classic", "oklahoma", "straight_gin", "hollywood", "partnership",
        "cutthroat", "dealer_sits_out", "chouette", "battle_royal",
    }  # fmt: skip


def test_no_row_is_lost_and_every_hand_gives_back_its_fields(legacy):
    _migrate(legacy)
    stored = _stored_rows(legacy)
    # matches, players and the audit trail are untouched, a deleted hand's row included
    for name in ("match", "player", "audit_entry"):
        assert _without_added_columns(name, stored[name]) == ROWS[name], name
    assert len(stored["hand"]) == len(ROWS["hand"]) == 70
    kept = ("id", "match_id", "seq", "idempotency_key", "created_at", "edited_at", "deleted_at",
            "version", "kind", "entry", "dealer_seat", "note", "stop_after")  # fmt: skip
    assert set(stored["hand"][0]) == {*kept, "data"}
    with legacy.app_context():
        for row, old in zip(stored["hand"], ROWS["hand"], strict=True):
            assert {k: row[k] for k in kept} == {k: old[k] for k in kept}
            # only the keys the hand uses
            assert None not in row["data"].values(), row
            assert set(row["data"]) == {
                k for k in hand_fields() if k not in kept and old.get(k) is not None
            }
            # the model reads today's fields back, shapes included (a field added since
            # schema 0005, such as the rummy games' melds, was never set: None)
            hand = db.session.get(Hand, row["id"])
            assert hand.fields() == {name: old.get(name) for name in hand_fields()}, row["id"]


def test_the_data_column_holds_each_format_as_structured_json(legacy):
    _migrate(legacy)
    hands = _stored_rows(legacy, ("hand",))["hand"]
    by_match = {m["id"]: m["preset"] for m in ROWS["match"]}

    def data(preset: str, **where: Any) -> list[dict[str, Any]]:
        return [
            h["data"]
            for h in hands
            if by_match[h["match_id"]] == preset and all(h[k] == v for k, v in where.items())
        ]

    royal_counts = data("battle_royal", entry="counts", kind="knock")
    assert royal_counts[0] == {"knocker_seat": 0, "seat_deadwoods": [4, 15, 22]}
    royal_cards = data("battle_royal", entry="cards")[0]
    assert royal_cards["seat_cards"][0] == "4S 5S 6S KH KD KC AH AD AC 2D"
    assert len(royal_cards["seat_cards"]) == 3 and "seat_deadwoods" not in royal_cards
    assert data("battle_royal", kind="dead")[0] == {}
    spread = [d["spread"] for d in data("american", entry="cards") if "spread" in d]
    assert spread == [
        [["AS", "2S", "3S", "4S"], ["KC", "KH", "KD"]],
        [["AS", "2S", "3S"], ["4S", "4H", "4D"], ["KC", "KH", "KD"]],
    ]
    deal = data("partnership", seq=1)[0]
    assert list(deal) == ["tables"] and deal["tables"][0]["knocker_deadwood"] == 2
    assert {"knocker_seat", "sitting_out_seat"} <= set(data("cutthroat", seq=2)[0])
    assert "captain_seat" in data("chouette", seq=1)[0]
    assert data("oklahoma", seq=1)[0]["upcard"] == "6S"


def test_old_audit_entries_still_undo(legacy):
    """Undo, again and again, walks back every change made before the migration exactly as
    the old code did (its snapshots were written before ``data`` existed)."""
    _migrate(legacy)
    postgres = _is_postgres(legacy)
    client = legacy.test_client()
    steps = 0
    for view_id, walk in LEGACY["undo_walk"].items():
        headers = {"X-Edit-Token": LEGACY["matches"][view_id]["edit_token"]}
        for number, expected in enumerate(walk, start=1):
            response = client.post(f"/api/v1/matches/{view_id}/undo", headers=headers)
            body = response.get_json()
            where = (view_id, number)
            assert response.status_code == expected["status"], (where, body)
            if response.status_code != 200:
                assert body["error"] == expected["error"], where
                continue
            match = _as_recorded(_sqlite_form(body["match"]) if postgres else body["match"])
            assert body["undone"] == expected["undone"], where
            assert summary(match) == {k: expected[k] for k in ("hands", "totals", "revision")}
            assert digest(match) == expected["digest"], where
            steps += 1
    assert steps == sum(len(walk) - 1 for walk in LEGACY["undo_walk"].values()) == 80


def test_a_hand_can_be_added_after_the_migration(legacy):
    _migrate(legacy)
    client = legacy.test_client()
    top = max(row["id"] for row in ROWS["hand"])
    by_preset = {}
    for view_id, recorded in LEGACY["matches"].items():
        by_preset.setdefault(recorded["match"]["preset"], (view_id, recorded))

    def post(preset: str, **body: Any) -> dict[str, Any]:
        view_id, recorded = by_preset[preset]
        response = client.post(
            f"/api/v1/matches/{view_id}/hands",
            json=body,
            headers={"X-Edit-Token": recorded["edit_token"]},
        )
        assert response.status_code == 201, response.get_json()
        hand = response.get_json()["hand"]
        assert hand["id"] > top and hand["number"] == len(recorded["match"]["hands"]) + 1
        return response.get_json()

    before = LEGACY["matches"][by_preset["american"][0]]["match"]
    after = post("american", kind="knock", knocker="Ben", knocker_deadwood=2, defender_deadwood=9)
    assert after["hand"]["points"] == {"Ann": 0, "Ben": 7}
    assert after["match"]["hands_played"] == before["hands_played"] + 1
    royal = post("battle_royal", kind="knock", knocker="B", deadwoods=[30, 1, 12])
    assert royal["hand"]["deadwoods"] == {"A": 30, "B": 1, "C": 12}
    view_id, recorded = by_preset["partnership"]
    tables = recorded["match"]["next_deal"]["tables"]
    knock = {"kind": "knock", "knocker_deadwood": 3, "defender_deadwood": 13}
    post("partnership", tables=[{**knock, "knocker": t["players"][0]} for t in tables])
    with legacy.app_context():
        hands = db.session.scalars(select(Hand).where(Hand.id > top).order_by(Hand.id)).all()
        assert [h.data for h in hands][:2] == [
            {"knocker_seat": 1, "knocker_deadwood": 2, "defender_deadwood": 9},
            {"knocker_seat": 1, "seat_deadwoods": [30, 1, 12]},
        ]
        assert hands[2].data["tables"][1]["knocker_deadwood"] == 3


def test_the_downgrade_gives_back_the_old_columns(legacy):
    _migrate(legacy)
    _migrate_down(legacy)
    assert _stored_rows(legacy) == ROWS
    _migrate(legacy)  # and up again
    client = legacy.test_client()
    view_id, recorded = next(iter(LEGACY["matches"].items()))
    read = _read(client, f"/api/v1/matches/{view_id}", _is_postgres(legacy))
    assert _as_recorded(read) == recorded["match"]


def _migrate_down(app: Any) -> None:
    with app.app_context():
        downgrade(directory=str(MIGRATIONS), revision=LEGACY_REVISION)
        assert heads_and_current(app)[1] == {LEGACY_REVISION}


def test_set_fields_and_fields_keep_the_entered_shapes():
    """What an old audit snapshot holds goes back in and comes out unchanged, odd tokens too."""
    snapshot = {name: None for name in hand_fields()} | {
        "dealer_seat": 2,
        "knocker_seat": 1,
        "kind": "knock",
        "entry": "counts",
        "note": "",
        "stop_after": False,
        "seat_deadwoods": "4 _ 22",
        "seat_cards": "AS 2S |  | 3H",
        "spread": "5S 6S 7S | KH KD KC",
        "seq": 3,  # a snapshot's extra keys are not fields
        "deleted": False,
    }
    hand = Hand()
    hand.set_fields(snapshot)
    assert hand.data == {
        "knocker_seat": 1,
        "seat_deadwoods": [4, None, 22],
        "seat_cards": ["AS 2S", "", "3H"],
        "spread": [["5S", "6S", "7S"], ["KH", "KD", "KC"]],
    }
    assert hand.fields() == {name: snapshot[name] for name in hand_fields()}
    # a token that is no whole number is kept, not dropped (the app never stores one)
    hand.seat_deadwoods = "4 x 07"
    assert hand.data["seat_deadwoods"] == [4, "x", "07"] and hand.seat_deadwoods == "4 x 07"
    # attribute writes replace ``data``; None removes the key
    hand.stop_after = True
    hand.knocker_seat = None
    hand.upcard = "6S"
    assert "knocker_seat" not in hand.data and hand.data["upcard"] == "6S" and hand.stop_after
    tables = [{"kind": "knock", "knocker_seat": 0, "upcard": None}]
    hand.tables = tables
    tables[0]["kind"] = "gin"  # the caller's list is not the stored one
    assert hand.tables == [{"kind": "knock", "knocker_seat": 0, "upcard": None}]


def test_the_formats_together_store_the_fields_hands_have_always_had():
    """Each format declares its own stored fields; together they are the fields a stored hand
    has always had (and a game added since appends its own), so every row and audit snapshot
    reads back as before."""
    assert hand_fields() == (
        "dealer_seat",
        "kind",
        "entry",
        "note",
        "stop_after",
        "knocker_seat",
        "knocker_cards",
        "defender_cards",
        "spread",
        "knocker_deadwood",
        "defender_deadwood",
        "upcard",
        "tables",
        "sitting_out_seat",
        "captain_seat",
        "seat_deadwoods",
        "seat_cards",
        "seat_melded",
        "seat_melds",
        "seat_layoffs",
        "dice",
        "gem_parts",
        "seat_made",
        "seat_parts",  # Indian Rummy, added since: a new game's own fields, after the others
        "cut_card",
    )
