"""matches: the format's own setup in one column, not a column per game

A match frozen with something of its format's own when it starts (Gem Rummy's gem deck) keeps
it in ``setup``, stored as the format stores it (``Format.setup_in``), so a game that needs a
setup of its own adds no column. Gem Rummy's deck text moves from ``gem_deck`` into
``setup`` unchanged; downgrading moves it back.

Revision ID: ce8680feb743
Revises: 0012b8d4f6a1
Create Date: 2026-12-04 06:00:00.000000

"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "ce8680feb743"
down_revision = "0012b8d4f6a1"
branch_labels = None
depends_on = None


def _match() -> sa.TableClause:
    """The columns the move reads and writes (quoted as each database needs: "match" is a
    keyword in SQLite)."""
    return sa.table(
        "match",
        sa.column("variant", sa.String()),
        sa.column("gem_deck", sa.Text()),
        sa.column("setup", sa.Text()),
    )


def upgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("setup", sa.Text(), nullable=True))
    match = _match()
    op.execute(match.update().where(match.c.gem_deck.is_not(None)).values(setup=match.c.gem_deck))
    with op.batch_alter_table("match") as batch:
        batch.drop_column("gem_deck")


def downgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("gem_deck", sa.Text(), nullable=True))
    match = _match()
    op.execute(
        match.update()
        .where(match.c.variant == "gem", match.c.setup.is_not(None))
        .values(gem_deck=match.c.setup)
    )
    with op.batch_alter_table("match") as batch:
        batch.drop_column("setup")
