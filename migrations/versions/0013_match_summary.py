"""matches: the match in a few numbers, derived from its hands when they change

``summary_json`` holds what a list of matches and a hand's small answer show (status, hands,
totals, games won, winner, the money): written in the same transaction as the hand that
changed it, so any worker reads it back without folding the match. It is derived data: the
hands stay the record, and ``flask --app referee rederive`` derives it again (``--check``
compares). Rows from before are NULL until then; readers fold those.

Revision ID: 0012b8d4f6a1
Revises: 0014d1e5c7a2
Create Date: 2026-12-01 09:00:00.000000

"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0012b8d4f6a1"
down_revision = "0014d1e5c7a2"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("summary_json", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.drop_column("summary_json")
