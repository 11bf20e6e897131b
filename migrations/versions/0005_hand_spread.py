"""the spread a knocker laid down, as entered with a hand's cards

Revision ID: 5a2d8e4c1b07
Revises: 3f1c2b7a9d40
Create Date: 2026-11-30 12:00:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "5a2d8e4c1b07"
down_revision = "3f1c2b7a9d40"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.add_column(sa.Column("spread", sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_column("spread")
