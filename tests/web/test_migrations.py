"""The migrations build exactly the schema the models describe."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from referee.migrate import heads_and_current
from referee.models import db


def test_first_start_applies_every_migration(app):
    with app.app_context():
        heads, current = heads_and_current(app)
        assert heads == current and heads
        tables = set(inspect(db.engine).get_table_names())
        assert {"match", "player", "hand", "audit_entry", "alembic_version"} <= tables


def test_models_and_migrations_agree(app):
    with app.app_context(), db.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, db.metadata) == []


def test_a_second_start_changes_nothing(app):
    from referee import create_app

    again = create_app({**app.config, "TESTING": True})
    with again.app_context():
        heads, current = heads_and_current(again)
        assert heads == current
        db.engine.dispose()
