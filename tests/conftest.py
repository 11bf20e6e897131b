"""Fixtures for the web app: an app on a fresh database per test, clients, and helpers.

Every database test runs on a real SQLite file in the test's tmp folder, and once more on
PostgreSQL (a schema of its own, dropped afterwards) when ``TEST_DATABASE_URL`` is set.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from typing import Any

import pytest

POSTGRES_URL = os.environ.get("TEST_DATABASE_URL", "")


def _database_params() -> list[Any]:
    skip_pg = pytest.mark.skipif(not POSTGRES_URL, reason="TEST_DATABASE_URL is not set")
    return ["sqlite", pytest.param("postgresql", marks=skip_pg)]


@pytest.fixture(params=_database_params())
def database(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[dict[str, Any]]:
    """SQLAlchemy settings for one test's own empty database."""
    if request.param == "sqlite":
        yield {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'referee.sqlite'}"}
        return
    from sqlalchemy import create_engine, text

    from referee.config import database_url

    url = database_url(POSTGRES_URL)
    schema = "t_" + secrets.token_hex(6)
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield {
            "SQLALCHEMY_DATABASE_URI": url,
            "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"options": f"-csearch_path={schema}"}},
        }
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def app(database: dict[str, Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    from referee import create_app
    from referee.models import db

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    # Rate limits are tested on their own (tests/web/test_rate_limits.py): here a test may send
    # hundreds of checks from one address.
    config = {"TESTING": True, "SERVER_NAME": "referee.test", "RATELIMIT_ENABLED": False}
    app = create_app({**config, **database})
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


@pytest.fixture
def other_client(app: Any) -> Any:
    """A second phone: its own cookies, no edit token."""
    return app.test_client()
