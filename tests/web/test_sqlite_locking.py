"""On SQLite a write request takes the write lock when its transaction begins (BEGIN
IMMEDIATE), in WAL mode with a busy timeout; a read does not lock out writers."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from sqlalchemy import text


@pytest.fixture
def sqlite_app(app: Any) -> Any:
    from referee.models import db

    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("SQLite only")
    return app


def _other_writer_blocked(app: Any) -> bool:
    from referee.models import db

    with app.app_context():
        path = db.engine.url.database
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as e:
        assert "locked" in str(e)
        return True
    else:
        other.execute("ROLLBACK")
        return False
    finally:
        other.close()


@pytest.mark.parametrize(("method", "locks"), [("POST", True), ("PUT", True), ("GET", False)])
def test_a_write_request_takes_the_lock_first(sqlite_app: Any, method: str, locks: bool) -> None:
    from referee.models import db

    with sqlite_app.test_request_context("/", method=method):
        db.session.execute(text("SELECT 1"))  # the first read begins the transaction
        assert _other_writer_blocked(sqlite_app) is locks
        db.session.rollback()
        assert _other_writer_blocked(sqlite_app) is False


def test_wal_and_busy_timeout(sqlite_app: Any) -> None:
    from referee.models import db

    with sqlite_app.app_context():
        assert db.session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.session.execute(text("PRAGMA busy_timeout")).scalar() == 30_000
        db.session.rollback()


def test_one_hand_per_place_and_one_use_of_a_key_per_match(app: Any, client: Any) -> None:
    """The database itself refuses a second hand at one place or with one idempotency key."""
    from sqlalchemy.exc import IntegrityError

    from referee.models import Hand, Match, db
    from tests.web.helpers import api_match

    view_id, token = api_match(client)
    body = {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 5, "defender_deadwood": 20}
    headers = {"X-Edit-Token": token, "Idempotency-Key": "k1"}
    assert (
        client.post(f"/api/v1/matches/{view_id}/hands", json=body, headers=headers).status_code
        == 201
    )
    with app.app_context():
        match = Match.by_view_id(view_id)
        assert match is not None
        first = match.hands[0]
        for seq, key in ((first.seq, None), (first.seq + 1, "k1")):
            copy = Hand(match_id=match.id, seq=seq, idempotency_key=key, dealer_seat=0)
            copy.set_fields({**first.fields(), "dealer_seat": 0})
            db.session.add(copy)
            with pytest.raises(IntegrityError):
                db.session.commit()
            db.session.rollback()
