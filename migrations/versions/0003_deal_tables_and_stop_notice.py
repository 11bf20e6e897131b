"""hands: a partnership deal's two tables, and Hollywood's notice to stop

Revision ID: 3c1f7a9e5b20
Revises: 9d5047e83721
Create Date: 2026-11-30 09:00:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "3c1f7a9e5b20"
down_revision = "9d5047e83721"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.add_column(sa.Column("tables", sa.JSON(), nullable=True))
        batch_op.add_column(
            sa.Column("stop_after", sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade():
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_column("stop_after")
        batch_op.drop_column("tables")
