"""Schema migrations (Flask-Migrate / Alembic), applied when the app starts.

The first start of a fresh clone creates ``instance/referee.sqlite`` at the newest schema, so
README's start command is one command. Several workers starting together take a lock first
(a PostgreSQL advisory lock, or a lock file beside a SQLite database).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
from collections.abc import Iterator
from pathlib import Path

from flask import Flask
from flask_migrate import Migrate
from sqlalchemy import text

from referee import SITE_ROOT
from referee.models import db

MIGRATIONS = SITE_ROOT / "migrations"
migrate = Migrate(directory=str(MIGRATIONS), render_as_batch=True, compare_type=True)
_ADVISORY_KEY = 0x6E1_4EF  # any constant shared by every worker of this app


def init_app(app: Flask) -> None:
    migrate.init_app(app, db)


@functools.cache
def _script_heads() -> frozenset[str]:
    """The newest revisions the shipped migrations lead to: read once per process (reading
    every script costs more than the rest of a start when the database is already there)."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = migrate.get_config()
    # Flask-Migrate's Config subclasses Alembic's; its stubs cannot say so yet
    assert isinstance(cfg, Config)
    return frozenset(ScriptDirectory.from_config(cfg).get_heads())


def heads_and_current(app: Flask) -> tuple[set[str], set[str]]:
    from alembic.runtime.migration import MigrationContext

    heads = set(_script_heads())
    with db.engine.connect() as conn:
        current = set(MigrationContext.configure(conn).get_current_heads())
    return heads, current


def upgrade_on_start(app: Flask) -> None:
    from flask_migrate import upgrade

    with app.app_context():
        heads, current = heads_and_current(app)
        if heads == current:
            return
        with _start_lock(app):
            heads, current = heads_and_current(app)
            if heads != current:
                upgrade(directory=str(MIGRATIONS))


@contextlib.contextmanager
def _start_lock(app: Flask) -> Iterator[None]:
    url = db.engine.url
    if url.get_backend_name() == "postgresql":
        with db.engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": _ADVISORY_KEY})
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": _ADVISORY_KEY})
                conn.commit()
        return
    lock_dir = Path(url.database).parent if url.database and url.database != ":memory:" else None
    lock_path = (lock_dir or Path(app.instance_path)) / ".migrate.lock"
    with open(lock_path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
