"""matches: the currency symbol money is shown in, and when a scorer archived or deleted one

``currency`` is the symbol chosen on the new-match form ("" shows bare amounts, as before).
``archived_at`` keeps a finished or abandoned match off its players' home pages;
``deleted_at`` marks a match its scorer deleted: it is gone for everyone once the undo
window has passed (the row stays, so an undo within the window brings it all back).

Revision ID: 0011a7c3e5d9
Revises: c1b5a7e2d013
Create Date: 2026-12-01 04:30:00.000000

"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0011a7c3e5d9"
down_revision = "c1b5a7e2d013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("currency", sa.String(8), nullable=False, server_default=""))
        batch.add_column(sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.drop_column("deleted_at")
        batch.drop_column("archived_at")
        batch.drop_column("currency")
