"""matches and clubs: the edit token sealed under the app's secret key

A browser's session cookie keeps only a proof of its edit right (it no longer holds the
token, which anyone could read out of the signed cookie); the server shows a scorer their
edit link from this seal. Rows made before have none: the seal is added the next time a
browser claims the link or brings an old cookie holding the token.

Revision ID: 0015e7a1c4b2
Revises: 0011a7c3e5d9
Create Date: 2026-12-01 08:30:00.000000

"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "0015e7a1c4b2"
down_revision = "0011a7c3e5d9"
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ("match", "club"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("edit_token_sealed", sa.String(160), nullable=True))


def downgrade() -> None:
    for table in ("club", "match"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("edit_token_sealed")
