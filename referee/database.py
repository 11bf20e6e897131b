"""SQLite as a database for several workers: the write lock at the start of every write.

``SELECT ... FOR UPDATE`` (how a write locks its match on PostgreSQL) does nothing on SQLite,
and SQLite's default deferred transactions let two workers read the same match and then
both write from what they read. So on SQLite:

- a write transaction (any request other than GET, HEAD or OPTIONS, and any work outside a
  request: migrations, the shell commands) starts with ``BEGIN IMMEDIATE``, taking the write
  lock before its first read: writers are ordered, and each reads what the one before wrote;
- the database runs in WAL mode, so pages keep reading while a write is under way;
- a connection waits up to ``SQLITE_BUSY_TIMEOUT`` seconds for the lock instead of failing.

This is SQLAlchemy's documented recipe for pysqlite's transactions (the driver's own
``BEGIN`` is switched off and the ``begin`` event issues ours).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, has_request_context, request
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

_READS = frozenset({"GET", "HEAD", "OPTIONS"})


def init_app(app: Flask, db: Any) -> None:
    with app.app_context():
        engine: Engine = db.engine
    if engine.dialect.name != "sqlite":
        return
    timeout_ms = int(float(app.config.get("SQLITE_BUSY_TIMEOUT", 30)) * 1000)
    in_memory = engine.url.database in (None, "", ":memory:")

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: object) -> None:
        dbapi_connection.isolation_level = None  # no implicit BEGIN: ours below
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {timeout_ms}")
        if not in_memory:
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute("PRAGMA synchronous = NORMAL")  # durable at each checkpoint in WAL
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writes() else "BEGIN")


def writes() -> bool:
    """Whether a transaction begun now may write: outside a request, or a request that is
    not a read."""
    return not has_request_context() or request.method not in _READS
