"""Schema 0007 adds the library of saved contract lists: a database at 0006 migrates
forward with its matches untouched, the table takes a list, and the downgrade removes it."""

from __future__ import annotations

from typing import Any

import pytest
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text

from referee.migrate import MIGRATIONS, heads_and_current
from referee.models import db

BEFORE = "7425f6b9eaee"
AFTER = "c0a7e11d0007"


@pytest.fixture
def at_0006(database: dict[str, Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    from referee import create_app

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": True, "AUTO_MIGRATE": False, **database})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=BEFORE)
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_contract_lists_table_forward_and_back(at_0006: Any) -> None:
    with at_0006.app_context():
        assert "contract_list" not in inspect(db.engine).get_table_names()
        upgrade(directory=str(MIGRATIONS), revision=AFTER)
        assert heads_and_current(at_0006)[1] == {AFTER}
        with db.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO contract_list (name, list_json, created_at) "
                    "VALUES ('ours', '{}', CURRENT_TIMESTAMP)"
                )
            )
            assert conn.execute(text("SELECT name FROM contract_list")).scalar() == "ours"
        downgrade(directory=str(MIGRATIONS), revision=BEFORE)
        db.engine.dispose()
        assert "contract_list" not in inspect(db.engine).get_table_names()
