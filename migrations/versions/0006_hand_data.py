"""hands: what a format enters beyond the common columns, as one JSON object ``data``

Every hand keeps as columns what all formats have (seq, kind, entry, dealer_seat, note,
stop_after, ...). The twelve columns only some formats used move into ``data``, holding only
the keys the hand has (a NULL column is left out):

- ``knocker_seat``, ``knocker_cards``, ``defender_cards``, ``knocker_deadwood``,
  ``defender_deadwood``, ``upcard``, ``sitting_out_seat``, ``captain_seat``: as they were;
- ``tables`` (a partnership deal): the list of both tables, as it was;
- ``spread``: "5S 6S 7S | KH KD KC" becomes a list of melds of card codes,
  ``[["5S", "6S", "7S"], ["KH", "KD", "KC"]]``;
- ``seat_deadwoods`` (Battle Royal): "4 15 22" becomes ``[4, 15, 22]`` (``_``, a count left
  empty, becomes null; a token that is not a whole number is kept as its text);
- ``seat_cards`` (Battle Royal): "AS 2S ... | ... | ..." becomes ``["AS 2S ...", "...",
  "..."]``.

The rows are copied in Python, a page of hands at a time, so it reads the same on SQLite
(batch mode: the table is rebuilt without the old columns) and PostgreSQL (ALTER TABLE).
The downgrade adds the columns back and writes each value in its old form.

Revision ID: 7425f6b9eaee
Revises: 5a2d8e4c1b07
Create Date: 2026-12-01 09:00:00.000000

"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = "7425f6b9eaee"
down_revision = "5a2d8e4c1b07"
branch_labels = None
depends_on = None

# The columns that move into ``data``, with their types at revision 5a2d8e4c1b07.
MOVED = (
    ("knocker_seat", sa.Integer()),
    ("knocker_cards", sa.String(length=200)),
    ("defender_cards", sa.String(length=200)),
    ("spread", sa.Text()),
    ("knocker_deadwood", sa.Integer()),
    ("defender_deadwood", sa.Integer()),
    ("upcard", sa.String(length=8)),
    ("tables", sa.JSON()),
    ("sitting_out_seat", sa.Integer()),
    ("captain_seat", sa.Integer()),
    ("seat_deadwoods", sa.String(length=40)),
    ("seat_cards", sa.Text()),
)
MISSING = "_"
PAGE = 500


def _hand_table(*columns: sa.ColumnClause[Any]) -> sa.TableClause:
    return sa.table("hand", sa.column("id", sa.Integer()), *columns)


def _moved_columns() -> list[sa.ColumnClause[Any]]:
    return [sa.column(name, type_) for name, type_ in MOVED]


def _data_column() -> sa.ColumnClause[Any]:
    return sa.column("data", sa.JSON())


def _pages(bind: sa.Connection, query: sa.Select[Any], id_column: Any) -> Any:
    """The query's rows in pages of :data:`PAGE`, by id."""
    last = 0
    while True:
        rows = bind.execute(query.where(id_column > last).order_by(id_column).limit(PAGE)).all()
        if not rows:
            return
        yield rows
        last = rows[-1].id


# -- the old columns' text ⇄ the JSON values -----------------------------------------------


def _codes(text: str) -> str:
    return " ".join(text.split())


def _count(token: str) -> int | str | None:
    if token == MISSING:
        return None
    try:
        number = int(token)
    except ValueError:
        return token
    return number if str(number) == token else token


def to_data(row: Any) -> dict[str, Any]:
    """One hand's old columns → its ``data``."""
    data: dict[str, Any] = {}
    for name, _type in MOVED:
        value = getattr(row, name)
        if value is None:
            continue
        if name == "spread":
            value = [_codes(meld).split() for meld in value.split("|")]
        elif name == "seat_deadwoods":
            value = [_count(token) for token in value.split()]
        elif name == "seat_cards":
            value = [_codes(cards) for cards in value.split("|")]
        data[name] = value
    return data


def from_data(data: dict[str, Any] | None) -> dict[str, Any]:
    """One hand's ``data`` → its old columns."""
    data = data or {}
    values: dict[str, Any] = {}
    for name, _type in MOVED:
        value = data.get(name)
        if value is not None and name == "spread":
            value = " | ".join(" ".join(meld) for meld in value)
        elif value is not None and name == "seat_deadwoods":
            value = " ".join(MISSING if count is None else str(count) for count in value)
        elif value is not None and name == "seat_cards":
            value = " | ".join(value)
        values[name] = value
    return values


# -- the migration ---------------------------------------------------------------------------


def upgrade():
    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.add_column(sa.Column("data", sa.JSON(), nullable=True))

    bind = op.get_bind()
    hand = _hand_table(*_moved_columns(), _data_column())
    update = (
        sa.update(hand)
        .where(hand.c.id == sa.bindparam("hand_id"))
        .values(data=sa.bindparam("hand_data", type_=sa.JSON()))
    )
    query = sa.select(hand.c.id, *(hand.c[name] for name, _type in MOVED))
    for rows in _pages(bind, query, hand.c.id):
        bind.execute(update, [{"hand_id": row.id, "hand_data": to_data(row)} for row in rows])

    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.alter_column("data", existing_type=sa.JSON(), nullable=False)
        for name, _type in reversed(MOVED):
            batch_op.drop_column(name)


def downgrade():
    with op.batch_alter_table("hand", schema=None) as batch_op:
        for name, type_ in MOVED:
            batch_op.add_column(sa.Column(name, type_, nullable=True))

    bind = op.get_bind()
    hand = _hand_table(*_moved_columns(), _data_column())
    update = (
        sa.update(hand)
        .where(hand.c.id == sa.bindparam("hand_id"))
        .values({name: sa.bindparam(f"old_{name}", type_=type_) for name, type_ in MOVED})
    )
    query = sa.select(hand.c.id, hand.c.data)
    for rows in _pages(bind, query, hand.c.id):
        params = []
        for row in rows:
            old = from_data(row.data)
            params.append({"hand_id": row.id, **{f"old_{k}": v for k, v in old.items()}})
        bind.execute(update, params)

    with op.batch_alter_table("hand", schema=None) as batch_op:
        batch_op.drop_column("data")
