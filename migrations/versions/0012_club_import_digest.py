"""clubs: the digest of the club file a club was imported from

A club file imported twice finds the club its first import made (``import_digest``, unique)
rather than making a second; a club started here has none.

Revision ID: 0014d1e5c7a2
Revises: 0015e7a1c4b2
Create Date: 2026-12-01 08:30:00.000000

"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0014d1e5c7a2"
down_revision = "0015e7a1c4b2"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("club") as batch:
        batch.add_column(sa.Column("import_digest", sa.String(64), nullable=True))
        batch.create_unique_constraint(op.f("uq_club_import_digest"), ["import_digest"])


def downgrade() -> None:
    with op.batch_alter_table("club") as batch:
        batch.drop_constraint(op.f("uq_club_import_digest"), type_="unique")
        batch.drop_column("import_digest")
