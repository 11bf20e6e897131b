"""Gem Rummy: saved gem decks, and the deck a match was started with

Revision ID: 8e6a1c0f4d27
Revises: c0a7e11d0007
Create Date: 2026-12-01 04:00:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "8e6a1c0f4d27"
down_revision = "c0a7e11d0007"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "saved_deck",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("entries", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("gem_deck", sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_column("gem_deck")
    op.drop_table("saved_deck")
