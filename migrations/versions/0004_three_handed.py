"""three-handed formats: the cut, who sat out or captained, Battle Royal's counts and hands

A match's cut; for each hand who sat out, who captained, and Battle Royal's three counts and
hands.

Revision ID: 3f1c2b7a9d40
Revises: 3c1f7a9e5b20
Create Date: 2026-11-30 09:00:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "3f1c2b7a9d40"
down_revision = "3c1f7a9e5b20"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("cut", sa.String(length=60), nullable=True))

    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.add_column(sa.Column("sitting_out_seat", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("captain_seat", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("seat_deadwoods", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("seat_cards", sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_column("seat_cards")
        batch_op.drop_column("seat_deadwoods")
        batch_op.drop_column("captain_seat")
        batch_op.drop_column("sitting_out_seat")

    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_column("cut")
