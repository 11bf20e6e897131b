"""Schema 0014 keeps a match's own setup in one column (``setup``) instead of a column per
game: a database at 0013 migrates forward with a Gem Rummy match's deck moved unchanged, and
the downgrade moves it back."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from referee.migrate import MIGRATIONS, heads_and_current
from referee.models import db

BEFORE = "0012b8d4f6a1"
AFTER = "ce8680feb743"
DECK = "AS=G 2S=A KC=TS"

MATCH = sa.table(
    "match",
    sa.column("id", sa.Integer()),
    sa.column("view_id", sa.String()),
    sa.column("edit_token_hash", sa.String()),
    sa.column("variant", sa.String()),
    sa.column("preset", sa.String()),
    sa.column("rules_json", sa.Text()),
    sa.column("stake_per_point", sa.Numeric()),
    sa.column("status", sa.String()),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("updated_at", sa.DateTime(timezone=True)),
    sa.column("revision", sa.Integer()),
)


@pytest.fixture
def at_0013(database: dict[str, Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    from referee import create_app

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": True, "AUTO_MIGRATE": False, **database})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=BEFORE)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _row(number: int, variant: str) -> dict[str, Any]:
    when = sa.func.current_timestamp()
    return {
        "id": number,
        "view_id": f"m{number}",
        "edit_token_hash": "0" * 64,
        "variant": variant,
        "preset": variant,
        "rules_json": "{}",
        "stake_per_point": 0,
        "status": "in_play",
        "created_at": when,
        "updated_at": when,
        "revision": 0,
    }


def _columns(name: str) -> list[str]:
    return [c["name"] for c in inspect(db.engine).get_columns(name)]


def test_a_gem_deck_moves_into_setup_and_back(at_0013: Any) -> None:
    with at_0013.app_context():
        with db.engine.begin() as conn:
            for number, variant in ((1, "gem"), (2, "two_handed"), (3, "gem")):
                conn.execute(MATCH.insert().values(**_row(number, variant)))
            deck = sa.table("match", sa.column("id"), sa.column("gem_deck"))
            conn.execute(deck.update().where(deck.c.id == 1).values(gem_deck=DECK))
        upgrade(directory=str(MIGRATIONS), revision=AFTER)
        assert heads_and_current(at_0013)[1] == {AFTER}
        db.engine.dispose()
        assert "setup" in _columns("match") and "gem_deck" not in _columns("match")
        setup = sa.table("match", sa.column("id"), sa.column("setup"))
        with db.engine.begin() as conn:
            rows = conn.execute(sa.select(setup.c.id, setup.c.setup).order_by(setup.c.id)).all()
        assert [tuple(r) for r in rows] == [(1, DECK), (2, None), (3, None)]
        downgrade(directory=str(MIGRATIONS), revision=BEFORE)
        db.engine.dispose()
        assert "gem_deck" in _columns("match") and "setup" not in _columns("match")
        deck = sa.table("match", sa.column("id"), sa.column("gem_deck"))
        with db.engine.begin() as conn:
            rows = conn.execute(sa.select(deck.c.id, deck.c.gem_deck).order_by(deck.c.id)).all()
        assert [tuple(r) for r in rows] == [(1, DECK), (2, None), (3, None)]
