"""What people entered: matches, their players, the hands as entered, and the audit trail.

Nothing here is derived. Totals, boxes, games and settlements are folded from the hands by
:mod:`referee.rules` every time they are shown, so an edit of hand 3 of 12 can never leave a
stale running total behind. ``Match.status`` is the one exception: a label for the home
page's two lists, rewritten from the fold in the same transaction as every change.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import hmac
import json
import secrets
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import (
    JSON,
    ColumnElement,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    Numeric,
    String,
    Text,
    UniqueConstraint,
    and_,
    false,
    select,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from referee.games.kinds import EntryMode, HandKindChoice
from referee.games.stored import Codec, gathered

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

if TYPE_CHECKING:
    # db.Model is Base with Flask-SQLAlchemy's table names and query property; type checkers
    # cannot take a base class from an attribute, so they see Base.
    Model = Base
else:
    Model = db.Model


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class MatchStatus:
    IN_PLAY = "in_play"
    FINISHED = "finished"


class EditLinked:
    """A view link anyone may have and a secret edit link (a long random token whose hash
    alone is stored): a match's, a club's."""

    if TYPE_CHECKING:
        edit_token_hash: str
        edit_token_sealed: str | None

    @staticmethod
    def new_token() -> str:
        return secrets.token_urlsafe(32)

    @staticmethod
    def new_view_id() -> str:
        return secrets.token_urlsafe(9)

    def set_edit_token(self, token: str) -> None:
        """A new edit link: its hash proves a claim, and its seal (under the app's secret key)
        lets the server show the link to a browser that holds the claim."""
        self.edit_token_hash = hash_token(token)
        self.seal_edit_token(token)

    def seal_edit_token(self, token: str) -> None:
        from flask import current_app

        from referee.sealing import seal

        self.edit_token_sealed = seal(current_app.config["SECRET_KEY"], token)

    def edit_token(self) -> str | None:
        """The edit token, unsealed, while it is the current one (None when it was sealed
        under another secret key or never sealed: matches made before seals were kept)."""
        from flask import current_app

        from referee.sealing import unseal

        config = current_app.config
        for secret in [config["SECRET_KEY"], *(config.get("SECRET_KEY_FALLBACKS") or [])]:
            token = unseal(secret, self.edit_token_sealed)
            if token is not None:
                return token if self.check_edit_token(token) else None
        return None

    def check_edit_token(self, token: object) -> bool:
        """Whether ``token`` opens this; anything but a non-empty text (a number sent in JSON,
        a list) opens nothing."""
        if not isinstance(token, str) or not token:
            return False
        return hmac.compare_digest(self.edit_token_hash, hash_token(token))


class Match(EditLinked, Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    view_id: Mapped[str] = mapped_column(String(32), unique=True)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    edit_token_sealed: Mapped[str | None] = mapped_column(String(160))  # see EditLinked
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
    # The format's own setup of the match, frozen when it starts, as the format stores it
    # (Format.setup_in; None: the format has none or none was chosen).
    setup: Mapped[str | None] = mapped_column(Text)
    # The symbol money is shown in ("€", "$", "" for bare amounts), chosen at the start.
    currency: Mapped[str] = mapped_column(String(8), default="", server_default="")
    # A scorer archived the match (off the home pages) or deleted it (gone once the undo
    # window has passed).
    archived_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    # Derived from the hands, written with each change: the match in a few numbers
    # (referee.games.summary); None until derived (``flask rederive``).
    summary_json: Mapped[str | None] = mapped_column(Text)
    # Bumped to replace every seat link of the table at once (referee.services.table): a seat
    # link is derived from the match, the seat and this number, never stored.
    seat_links: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The table's house rule: a hand every player agrees with is stored without the scorer.
    table_stores_agreed: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The club the match was played in (None: a match on its own).
    club_id: Mapped[int | None] = mapped_column(
        ForeignKey("club.id", ondelete="SET NULL"), index=True
    )

    players: Mapped[list[Player]] = relationship(
        back_populates="match", order_by="Player.seat", cascade="all, delete-orphan"
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="match", order_by="Hand.seq", cascade="all, delete-orphan"
    )

    @property
    def live_hands(self) -> list[Hand]:
        return [h for h in self.hands if h.deleted_at is None]

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    @classmethod
    def by_view_id(cls, view_id: str) -> Match | None:
        return db.session.scalar(select(cls).where(cls.view_id == view_id))

    @classmethod
    def of_club(cls, club_id: int) -> ColumnElement[bool]:
        """The club's matches that count: one deleted (in its undo window, or before it was
        purged) is no longer the club's to list, count or rate."""
        return and_(cls.club_id == club_id, cls.deleted_at.is_(None))


class Player(Model):
    __table_args__ = (UniqueConstraint("match_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    # Who this seat was in the match's club (None: not in a club, or not yet matched).
    member_id: Mapped[int | None] = mapped_column(
        ForeignKey("club_member.id", ondelete="SET NULL"), index=True
    )

    match: Mapped[Match] = relationship(back_populates="players")


class Club(EditLinked, Model):
    """A household, a Friday group, a ladder: a roster of players and the matches they played.
    Like a match, it has a view link (``view_id``) and a secret edit link (its token's hash)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    view_id: Mapped[str] = mapped_column(String(32), unique=True)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    edit_token_sealed: Mapped[str | None] = mapped_column(String(160))  # see EditLinked
    name: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # A club imported from a club file: the file's digest, so the same file imported again
    # finds this club rather than making a second (None: started here).
    import_digest: Mapped[str | None] = mapped_column(String(64), unique=True)

    members: Mapped[list[ClubMember]] = relationship(
        back_populates="club", order_by="ClubMember.name", cascade="all, delete-orphan"
    )

    session_prefix = "club:"  # its edit token is kept in the browser beside the matches'

    @classmethod
    def by_view_id(cls, view_id: str) -> Club | None:
        return db.session.scalar(select(cls).where(cls.view_id == view_id))


class ClubMember(Model):
    """A player on a club's roster: the one person behind a seat in many matches."""

    id: Mapped[int] = mapped_column(primary_key=True)
    club_id: Mapped[int] = mapped_column(ForeignKey("club.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    club: Mapped[Club] = relationship(back_populates="members")


HAND_COLUMNS = ("dealer_seat", "kind", "entry", "note", "stop_after")
"""The entered fields every hand has, each a column of its own; whatever else a format enters
is kept in ``Hand.data`` as the format declares (:attr:`Format.stored_fields`)."""


@functools.cache
def data_fields() -> dict[str, Codec]:
    """Every entered field some format keeps in ``Hand.data``, with how it is stored and read
    back, gathered from the formats (a game that stores new data declares it in its folder)."""
    from referee.games import all_formats

    return gathered({fmt.name: fmt.stored_fields for fmt in all_formats()})


def hand_fields() -> tuple[str, ...]:
    """The fields of a hand that people enter: the columns, then every format's data fields.
    An audit entry keeps them before and after a change."""
    return HAND_COLUMNS + tuple(data_fields())


class Hand(Model):
    """One hand (a deal, where the format deals to two tables at once) as entered.

    Columns hold what every format has: the order of play, the kind and the entry (counts or
    cards), the dealer, the note and a player's notice to stop after the hand (for a format
    that takes one: :meth:`Format.takes_notice`). Everything else a format enters is in
    ``data``, a JSON object holding only the keys the hand uses (a key whose value would be
    None is left out), in the shapes its format declares (:attr:`Format.stored_fields`, with
    each field's meaning described where the format declares it).

    The app reads and writes these as attributes (``hand.knocker_seat``, ``hand.spread``,
    ...), and :meth:`fields` / :meth:`set_fields` exchange them all, in the forms it has
    always used (:mod:`referee.games.stored`: a spread as "5S 6S 7S | KH KD KC", counts by
    seat as "4 15 22" with "_" for an empty one, hands by seat as "AS 2S ... | ... | ...").
    So the audit trail's snapshots keep one shape whichever way the row stores them. ``data``
    is replaced, never changed in place, so every change reaches the database.
    """

    __table_args__ = (
        UniqueConstraint("match_id", "seq"),
        UniqueConstraint("match_id", "idempotency_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # order of play; gaps where hands were deleted
    # The dealer's seat (a format dealing to two tables: the dealing side).
    dealer_seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    entry: Mapped[str] = mapped_column(String(8))
    note: Mapped[str] = mapped_column(Text, default="")
    # A player gave notice after this hand to open no new game (Format.takes_notice).
    stop_after: Mapped[bool] = mapped_column(default=False, server_default=false())
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # see the class docstring
    idempotency_key: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    edited_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer, default=1)

    match: Mapped[Match] = relationship(back_populates="hands")

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - SQLAlchemy's own hook

    def entered(self, name: str) -> Any:
        """One entered field kept in ``data``, in the form the rest of the app uses (None
        when the hand does not have it)."""
        value = (self.data or {}).get(name)
        return None if value is None else data_fields()[name].load(value)

    def enter(self, name: str, value: Any) -> None:
        """Keep ``value`` as the entered field ``name`` in ``data`` (None: leave it out)."""
        data = {k: v for k, v in (self.data or {}).items() if k != name}
        if value is not None:
            data[name] = data_fields()[name].dump(value)
        self.data = data  # a new dict: the ORM sees the change

    if not TYPE_CHECKING:
        # ``hand.<field>`` for every data field (templates read ``hand.upcard``); hidden from
        # type checkers, which then still catch a misspelt column

        def __getattr__(self, name: str) -> Any:
            if name.startswith("_") or name not in data_fields():
                raise AttributeError(name)
            return self.entered(name)

        def __setattr__(self, name: str, value: Any) -> None:
            if not name.startswith("_") and name in data_fields():
                self.enter(name, value)
            else:
                super().__setattr__(name, value)

    def fields(self) -> dict[str, Any]:
        columns = {name: getattr(self, name) for name in HAND_COLUMNS}
        return columns | {name: self.entered(name) for name in data_fields()}

    @staticmethod
    def fields_of_row(columns: Any, data: dict[str, Any] | None) -> dict[str, Any]:
        """:meth:`fields` of a row read without the ORM (``columns`` has the hand's column
        values by name, ``data`` its JSON object): a fold of many matches reads their hands
        this way, in one query, rather than as objects."""
        data = data or {}
        out: dict[str, Any] = {name: columns[name] for name in HAND_COLUMNS}
        for name, codec in data_fields().items():
            value = data.get(name)
            out[name] = None if value is None else codec.load(value)
        return out

    def set_fields(self, values: dict[str, Any]) -> None:
        defaults = {"note": "", "stop_after": False}
        for name in HAND_COLUMNS:
            value = values.get(name)
            setattr(self, name, defaults.get(name) if value is None else value)
        data: dict[str, Any] = {}
        for name, codec in data_fields().items():
            value = values.get(name)
            if value is not None:
                data[name] = codec.dump(value)
        self.data = data


class AuditAction:
    ADD = "add"
    EDIT = "edit"
    DELETE = "delete"
    UNDO = "undo"


class AuditEntry(Model):
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


class TableHandStatus:
    OPEN = "open"  # the seats are sending their cards
    STORED = "stored"  # kept as the match's next hand (``hand_id``)
    DROPPED = "dropped"  # the scorer called it off


class TableHand(Model):
    """A hand (a deal) being entered at the table: the seats that play it, in the groups that
    play against each other with one pack (one group; a deal played at two tables: two), each
    group's call (who knocked, how, and its upcard: ``{"kind", "knocker", "upcard"}``, None
    until someone calls it), and each playing seat's cards as that seat's phone sent them
    (:class:`TableCards`). Nothing here is scored: when every group is called and every seat
    has sent, the ruling is derived from the match and these cards, and storing it adds an
    ordinary hand. ``revision`` is bumped by every change, so a phone polling with its ETag
    learns of a change at once and of nothing else."""

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # the hand number it becomes
    groups: Mapped[list[list[int]]] = mapped_column(JSON)
    calls: Mapped[list[dict[str, Any] | None]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(8), default=TableHandStatus.OPEN, index=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id", ondelete="SET NULL"))
    started_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    sent: Mapped[list[TableCards]] = relationship(
        back_populates="table_hand", cascade="all, delete-orphan", order_by="TableCards.seat"
    )


class TableCards(Model):
    """One seat's cards for a table hand (in a rummy game also its melds laid down, "/"
    between melds, and its layoffs, "9H > Ann 1"), and whether that seat agrees with the
    ruling (None: it has not said; a change of anyone's cards clears every verdict)."""

    __table_args__ = (UniqueConstraint("table_hand_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_hand_id: Mapped[int] = mapped_column(
        ForeignKey("table_hand.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    cards: Mapped[str] = mapped_column(String(120))  # held (a rummy game's: left in hand)
    melds: Mapped[str] = mapped_column(String(240), default="", server_default="")
    layoffs: Mapped[str] = mapped_column(String(240), default="", server_default="")
    # its answer to what the game asks each seat beside its cards ("yes", "drop", ...)
    choice: Mapped[str] = mapped_column(String(16), default="", server_default="")
    agrees: Mapped[bool | None] = mapped_column()
    sent_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    table_hand: Mapped[TableHand] = relationship(back_populates="sent")


class RulingKind:
    RULING = "ruling"  # both hands of a knock
    ANALYSIS = "analysis"  # one hand


class Ruling(Model):
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
