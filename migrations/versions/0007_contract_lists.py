"""contract lists: a table's own list of deals and contracts, saved by name

Contract Rummy tables (12-Step above all: its twelve contracts are published nowhere) enter
their list once and start later matches with it by name. A match copies the list into its
rules when it starts, so this table is only the library of lists.

Revision ID: c0a7e11d0007
Revises: 7425f6b9eaee
Create Date: 2026-12-01 04:00:00.000000

"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "c0a7e11d0007"
down_revision = "7425f6b9eaee"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "contract_list",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("list_json", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_contract_list")),
        sa.UniqueConstraint("name", name=op.f("uq_contract_list_name")),
    )


def downgrade() -> None:
    op.drop_table("contract_list")
