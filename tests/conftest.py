"""Fixtures for the web app: an app on a fresh database per test, clients, and helpers.

Every database test runs on a real SQLite file in the test's tmp folder, and once more on
PostgreSQL when ``TEST_DATABASE_URL`` is set. Migrating a database from empty costs more than
most tests, so the app's database starts from one migrated once per test process: a copy of
a migrated SQLite file, or a PostgreSQL schema of the process emptied before each test (its
own schema per process, dropped at the end). ``database`` is still an empty database, for
the tests of the migrations themselves.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
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


def _migrate(settings: dict[str, Any], instance: Path) -> None:
    """Bring the database of ``settings`` to the newest schema, as the app's first start does."""
    from referee import create_app
    from referee.models import db

    before = os.environ.get("REFEREE_INSTANCE_PATH")
    os.environ["REFEREE_INSTANCE_PATH"] = str(instance)
    try:
        made = create_app({"TESTING": True, **settings})
        with made.app_context():
            db.session.remove()
            db.engine.dispose()
    finally:
        if before is None:
            os.environ.pop("REFEREE_INSTANCE_PATH", None)
        else:
            os.environ["REFEREE_INSTANCE_PATH"] = before


@pytest.fixture(scope="session")
def _sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("migrated")
    path = folder / "referee.sqlite"
    _migrate({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}, folder / "instance")
    return path


@pytest.fixture(scope="session")
def _postgres_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    from sqlalchemy import create_engine, text

    from referee.config import database_url

    url = database_url(POSTGRES_URL)
    schema = "t_" + secrets.token_hex(6)
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    settings = {
        "SQLALCHEMY_DATABASE_URI": url,
        "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"options": f"-csearch_path={schema}"}},
    }
    try:
        _migrate(settings, tmp_path_factory.mktemp("pg-instance"))
        with admin.connect() as conn:
            names = conn.execute(
                text("SELECT tablename FROM pg_tables WHERE schemaname = :s"), {"s": schema}
            ).scalars()
            tables = ", ".join(f'"{schema}"."{n}"' for n in names if n != "alembic_version")
        yield {**settings, "_truncate": f"TRUNCATE {tables} RESTART IDENTITY CASCADE"}
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(params=_database_params())
def migrated_database(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, Any]:
    """SQLAlchemy settings for one test's own database at the newest schema, holding nothing."""
    if request.param == "sqlite":
        template: Path = request.getfixturevalue("_sqlite_template")
        path = tmp_path / "referee.sqlite"
        shutil.copyfile(template, path)
        return {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}
    from sqlalchemy import create_engine, text

    settings = dict(request.getfixturevalue("_postgres_schema"))
    truncate = settings.pop("_truncate")
    engine = create_engine(
        settings["SQLALCHEMY_DATABASE_URI"], **settings["SQLALCHEMY_ENGINE_OPTIONS"]
    )
    with engine.begin() as conn:
        conn.execute(text("SET LOCAL lock_timeout = '20s'"))
        conn.execute(text(truncate))
    engine.dispose()
    return settings


@pytest.fixture
def app(
    migrated_database: dict[str, Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Any]:
    from referee import create_app
    from referee.models import db

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    # Rate limits are tested on their own (tests/web/test_rate_limits.py): here a test may send
    # hundreds of checks from one address.
    config = {"TESTING": True, "SERVER_NAME": "referee.test", "RATELIMIT_ENABLED": False}
    app = create_app({**config, **migrated_database})
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
