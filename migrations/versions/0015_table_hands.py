"""table mode: a hand whose seats send their own cards, and the match's seat-link number

A hand entered at the table is kept apart from the match's hands until it is stored: who
plays it and who called it (``table_hand``) and each seat's cards (``table_cards``). Seat
links are derived from the match, never stored; ``match.seat_links`` is bumped to replace
them all. ``match.table_stores_agreed`` is the table's house rule that a hand every player
agrees with is stored without the scorer.

Revision ID: 7b1e3c5a9d20
Revises: ce8680feb743
Create Date: 2026-12-04 09:00:00.000000

"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "7b1e3c5a9d20"
down_revision = "ce8680feb743"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match") as batch:
        batch.add_column(sa.Column("seat_links", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(
            sa.Column(
                "table_stores_agreed", sa.Boolean(), nullable=False, server_default=sa.false()
            )
        )
    op.create_table(
        "table_hand",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("groups", sa.JSON(), nullable=False),
        sa.Column("calls", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=8), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("hand_id", sa.Integer(), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["hand_id"], ["hand.id"], name=op.f("fk_table_hand_hand_id_hand"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["match.id"],
            name=op.f("fk_table_hand_match_id_match"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_hand")),
    )
    with op.batch_alter_table("table_hand") as batch:
        batch.create_index(batch.f("ix_table_hand_match_id"), ["match_id"], unique=False)
        batch.create_index(batch.f("ix_table_hand_status"), ["status"], unique=False)
    op.create_table(
        "table_cards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_hand_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("cards", sa.String(length=120), nullable=False),
        sa.Column("melds", sa.String(length=240), nullable=False, server_default=""),
        sa.Column("layoffs", sa.String(length=240), nullable=False, server_default=""),
        sa.Column("agrees", sa.Boolean(), nullable=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_hand_id"],
            ["table_hand.id"],
            name=op.f("fk_table_cards_table_hand_id_table_hand"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_cards")),
        sa.UniqueConstraint(
            "table_hand_id", "seat", name=op.f("uq_table_cards_table_hand_id_seat")
        ),
    )
    with op.batch_alter_table("table_cards") as batch:
        batch.create_index(batch.f("ix_table_cards_table_hand_id"), ["table_hand_id"], unique=False)


def downgrade() -> None:
    op.drop_table("table_cards")
    op.drop_table("table_hand")
    with op.batch_alter_table("match") as batch:
        batch.drop_column("table_stores_agreed")
        batch.drop_column("seat_links")
