"""What people entered: matches, their players, the hands as entered, and the audit trail.

Nothing here is derived. Totals, boxes, games and settlements are folded from the hands by
:mod:`referee.rules` every time they are shown, so an edit of hand 3 of 12 can never leave a
stale running total behind. ``Match.status`` is the one exception: a label for the home
page's two lists, rewritten from the fold in the same transaction as every change.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import secrets
from decimal import Decimal
from typing import Any

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    false,
    select,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from referee.rules.formats.kinds import EntryMode, HandKindChoice

__all__ = ["EntryMode", "HandKindChoice"]  # the entry vocabulary, re-exported for the web layer

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


db = SQLAlchemy(model_class=Base)


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class MatchStatus:
    IN_PLAY = "in_play"
    FINISHED = "finished"


class Match(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    view_id: Mapped[str] = mapped_column(String(32), unique=True)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(40), default="two_handed")
    preset: Mapped[str] = mapped_column(String(60))
    rules_json: Mapped[str] = mapped_column(Text)
    stake_per_point: Mapped[Decimal] = mapped_column(Numeric(12, 4), default=Decimal(0))
    # Three or more players: the cards each seat cut, as entered ("9H 2S KC"); None when the
    # players were listed from the lowest cut to the highest (or the format needs no cut).
    cut: Mapped[str | None] = mapped_column(String(60))
    status: Mapped[str] = mapped_column(String(16), default=MatchStatus.IN_PLAY, index=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revision: Mapped[int] = mapped_column(Integer, default=0)  # bumped by every change

    players: Mapped[list[Player]] = relationship(
        back_populates="match", order_by="Player.seat", cascade="all, delete-orphan"
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="match", order_by="Hand.seq", cascade="all, delete-orphan"
    )

    @staticmethod
    def new_token() -> str:
        return secrets.token_urlsafe(32)

    @staticmethod
    def new_view_id() -> str:
        return secrets.token_urlsafe(9)

    def set_edit_token(self, token: str) -> None:
        self.edit_token_hash = hash_token(token)

    def check_edit_token(self, token: str | None) -> bool:
        if not token:
            return False
        return hmac.compare_digest(self.edit_token_hash, hash_token(token))

    @property
    def live_hands(self) -> list[Hand]:
        return [h for h in self.hands if h.deleted_at is None]

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @classmethod
    def by_view_id(cls, view_id: str) -> Match | None:
        return db.session.scalar(select(cls).where(cls.view_id == view_id))


class Player(db.Model):
    __table_args__ = (UniqueConstraint("match_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))

    match: Mapped[Match] = relationship(back_populates="players")


# The fields of a hand that people enter; an audit entry keeps them before and after a change.
HAND_FIELDS = (
    "dealer_seat",
    "knocker_seat",
    "kind",
    "entry",
    "knocker_cards",
    "defender_cards",
    "spread",
    "knocker_deadwood",
    "defender_deadwood",
    "upcard",
    "note",
    "tables",
    "stop_after",
    # three-handed formats: who sat out (Cutthroat), who captained (Chouette), and Battle
    # Royal's three counts and three hands by seat
    "sitting_out_seat",
    "captain_seat",
    "seat_deadwoods",
    "seat_cards",
)


class Hand(db.Model):
    __table_args__ = (
        UniqueConstraint("match_id", "seq"),
        UniqueConstraint("match_id", "idempotency_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # order of play; gaps where hands were deleted
    dealer_seat: Mapped[int] = mapped_column(Integer)
    knocker_seat: Mapped[int | None] = mapped_column(Integer)  # None for a dead hand
    kind: Mapped[str] = mapped_column(String(16))
    entry: Mapped[str] = mapped_column(String(8))
    knocker_cards: Mapped[str | None] = mapped_column(String(200))  # card codes, as entered
    defender_cards: Mapped[str | None] = mapped_column(String(200))
    # Full cards: the melds the knocker laid down, as entered ("5S 6S 7S | KH KD KC"); None
    # when not entered (the engine takes the best spread, RULES.md R3).
    spread: Mapped[str | None] = mapped_column(Text)
    knocker_deadwood: Mapped[int | None] = mapped_column(Integer)
    defender_deadwood: Mapped[int | None] = mapped_column(Integer)
    upcard: Mapped[str | None] = mapped_column(String(8))
    note: Mapped[str] = mapped_column(Text, default="")
    # A partnership deal: both tables as entered, each a dict of the two-handed fields above
    # (entry, kind, knocker_seat 0–3, deadwoods or cards, upcard); ``dealer_seat`` is then
    # the dealing side (0: seats 0 and 2, 1: seats 1 and 3). None for a two-handed hand.
    tables: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)
    # Hollywood continuous play: a player gave notice after this deal to open no new game.
    stop_after: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Three-handed formats (None elsewhere): the seat that sat out (Cutthroat, dealer sits out),
    # the partnership's captain (Chouette), and for Battle Royal the three counts ("4 15 22")
    # and the three hands ("AS 2S ... | ... | ..."), by seat, as entered.
    sitting_out_seat: Mapped[int | None] = mapped_column(Integer)
    captain_seat: Mapped[int | None] = mapped_column(Integer)
    seat_deadwoods: Mapped[str | None] = mapped_column(String(40))
    seat_cards: Mapped[str | None] = mapped_column(Text)
    idempotency_key: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    edited_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer, default=1)

    match: Mapped[Match] = relationship(back_populates="hands")

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - SQLAlchemy's own hook

    def fields(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in HAND_FIELDS}

    def set_fields(self, values: dict[str, Any]) -> None:
        defaults = {"note": "", "stop_after": False}
        for name in HAND_FIELDS:
            value = values.get(name)
            setattr(self, name, defaults.get(name) if value is None else value)


class AuditAction:
    ADD = "add"
    EDIT = "edit"
    DELETE = "delete"
    UNDO = "undo"


class AuditEntry(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id", ondelete="SET NULL"))
    action: Mapped[str] = mapped_column(String(8))
    before_json: Mapped[str | None] = mapped_column(Text)
    after_json: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    via: Mapped[str] = mapped_column(String(8))  # "web" or "api"
    device: Mapped[str] = mapped_column(String(80), default="")
    undoes_id: Mapped[int | None] = mapped_column(ForeignKey("audit_entry.id"))
    undone: Mapped[bool] = mapped_column(default=False)

    hand: Mapped[Hand | None] = relationship()

    @property
    def before(self) -> dict[str, Any] | None:
        return json.loads(self.before_json) if self.before_json else None

    @property
    def after(self) -> dict[str, Any] | None:
        return json.loads(self.after_json) if self.after_json else None


class RulingKind:
    RULING = "ruling"  # both hands of a knock
    ANALYSIS = "analysis"  # one hand


class Ruling(db.Model):
    """A checked hand behind a short shareable link: the inputs and the frozen rules, never the
    output. Its page rules again from these, so it reads the same after a preset changes."""

    id: Mapped[int] = mapped_column(primary_key=True)
    short_id: Mapped[str] = mapped_column(String(16), unique=True)
    kind: Mapped[str] = mapped_column(String(16))
    inputs_json: Mapped[str] = mapped_column(Text)
    rules_json: Mapped[str] = mapped_column(Text)
    preset: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    @staticmethod
    def new_short_id() -> str:
        return secrets.token_urlsafe(7)  # 10 characters, 56 random bits

    @property
    def inputs(self) -> dict[str, Any]:
        data = json.loads(self.inputs_json)
        return data if isinstance(data, dict) else {}

    @classmethod
    def by_short_id(cls, short_id: str) -> Ruling | None:
        return db.session.scalar(select(cls).where(cls.short_id == short_id))
