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


def test_migration_files_sort_in_chain_order():
    """File names (0001_…, 0002_…) follow the down_revision chain, so `ls` reads as history."""
    import re
    from pathlib import Path

    versions = Path(__file__).resolve().parents[2] / "migrations" / "versions"
    files = sorted(versions.glob("[0-9][0-9][0-9][0-9]_*.py"))
    assert files
    previous = None
    for number, path in enumerate(files, start=1):
        text = path.read_text(encoding="utf-8")
        assert path.name.startswith(f"{number:04d}_"), path.name
        down = re.search(r'^down_revision = (None|"(\w+)")$', text, re.M)
        assert down is not None, path.name
        assert down.group(2) == previous, f"{path.name} revises {down.group(1)}, not {previous}"
        previous = re.search(r'^revision = "(\w+)"$', text, re.M).group(1)
