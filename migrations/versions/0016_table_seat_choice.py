"""table mode: a seat's answer beside its cards (laid down what the deal asked; dropped
out early)

Revision ID: 2d6f0b8e4a13
Revises: 7b1e3c5a9d20
Create Date: 2026-12-04 12:00:00.000000

"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "2d6f0b8e4a13"
down_revision = "7b1e3c5a9d20"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("table_cards") as batch:
        batch.add_column(
            sa.Column("choice", sa.String(length=16), nullable=False, server_default="")
        )


def downgrade() -> None:
    with op.batch_alter_table("table_cards") as batch:
        batch.drop_column("choice")
