"""clubs: a roster of players and its matches (a match's club, a seat's roster player)

Revision ID: c1b5a7e2d013
Revises: 8e6a1c0f4d27
Create Date: 2026-12-01 04:00:00.000000

"""

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "c1b5a7e2d013"
down_revision = "8e6a1c0f4d27"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "club",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("view_id", sa.String(length=32), nullable=False),
        sa.Column("edit_token_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club")),
        sa.UniqueConstraint("view_id", name=op.f("uq_club_view_id")),
    )
    op.create_table(
        "club_member",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("club_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["club_id"], ["club.id"], name=op.f("fk_club_member_club_id_club"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_club_member")),
    )
    op.create_index(op.f("ix_club_member_club_id"), "club_member", ["club_id"], unique=False)
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.add_column(sa.Column("club_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_match_club_id"), ["club_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_match_club_id_club"), "club", ["club_id"], ["id"], ondelete="SET NULL"
        )
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.add_column(sa.Column("member_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_player_member_id"), ["member_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_player_member_id_club_member"),
            "club_member",
            ["member_id"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade():
    with op.batch_alter_table("player", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_player_member_id_club_member"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_player_member_id"))
        batch_op.drop_column("member_id")
    with op.batch_alter_table("match", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_match_club_id_club"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_match_club_id"))
        batch_op.drop_column("club_id")
    op.drop_index(op.f("ix_club_member_club_id"), table_name="club_member")
    op.drop_table("club_member")
    op.drop_table("club")
