"""What people entered: matches, their players, the hands as entered, and the audit trail.

Nothing here is derived. Totals, boxes, games and settlements are folded from the hands by
:mod:`referee.rules` every time they are shown, so an edit of hand 3 of 12 can never leave a
stale running total behind. ``Match.status`` is the one exception: a label for the home
page's two lists, rewritten from the fold in the same transaction as every change.
"""

from __future__ import annotations

import copy
import datetime as dt
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
    # Gem Rummy: the gem deck the match was started with ("AS=G 2S=A ... KC=TS"), frozen.
    gem_deck: Mapped[str | None] = mapped_column(Text)
    # The symbol money is shown in ("€", "$", "" for bare amounts), chosen at the start.
    currency: Mapped[str] = mapped_column(String(8), default="", server_default="")
    # A scorer archived the match (off the home pages) or deleted it (gone once the undo
    # window has passed).
    archived_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    # Derived from the hands, written with each change: the match in a few numbers
    # (referee.games.summary); None until derived (``flask rederive``).
    summary_json: Mapped[str | None] = mapped_column(Text)
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
    # rummy games: the points each player melded (500 Rum by counts) and the melds each laid
    # down, by seat
    "seat_melded",
    "seat_melds",
    # 500 Rum: the cards each player laid off onto another player's meld, by seat
    "seat_layoffs",
    # Gem Rummy: the dice ("3+4" or the sum "7") and who claims Gem Parts (1/0 by seat)
    "dice",
    "gem_parts",
    # Contract Rummy: who laid down their contract in the deal, by seat
    "seat_made",
)

# Battle Royal's counts and hands as the rest of the app reads and writes them: "4 15 22"
# ("_" for a count left empty) and "AS 2S ... | ... | ...", by seat.
MISSING_COUNT = "_"
SEAT_SEPARATOR = " | "


def _same(value: Any) -> Any:
    return value


def _copied(value: Any) -> Any:
    return copy.deepcopy(value)


def _count_of(token: Any) -> int | str | None:
    """One count as stored: a whole number, None for "_", and anything else (never stored by the
    app, which rules a hand before saving it) kept as its text rather than lost."""
    if token is None or token == MISSING_COUNT:
        return None
    if isinstance(token, int) and not isinstance(token, bool):
        return token
    text = str(token)
    try:
        number = int(text)
    except ValueError:
        return text
    return number if str(number) == text else text


def _counts_stored(value: Any) -> list[int | str | None]:
    """``"4 15 _"`` (or a list by seat) → ``[4, 15, None]``."""
    tokens = value.split() if isinstance(value, str) else list(value)
    return [_count_of(token) for token in tokens]


def _counts_text(value: list[int | str | None]) -> str:
    """``[4, 15, None]`` → ``"4 15 _"``."""
    return " ".join(MISSING_COUNT if count is None else str(count) for count in value)


def _codes_text(value: Any) -> str:
    """A group of cards, as text or a list of codes → codes separated by single spaces."""
    if isinstance(value, list | tuple):
        value = " ".join(str(code) for code in value)
    return " ".join(str(value or "").split())


def _hands_stored(value: Any) -> list[str]:
    """``"AS 2S ... | ... | ..."`` (or a list by seat) → one string of codes per seat."""
    groups = value.split("|") if isinstance(value, str) else list(value)
    return [_codes_text(group) for group in groups]


def _hands_text(value: list[str]) -> str:
    return SEAT_SEPARATOR.join(value)


def _spread_stored(value: Any) -> list[list[str]]:
    """``"5S 6S 7S | KH KD KC"`` (or a list of melds) → ``[["5S", "6S", "7S"], [...]]``."""
    groups = value.split("|") if isinstance(value, str) else list(value)
    return [_codes_text(group).split() for group in groups]


def _spread_text(value: list[list[str]]) -> str:
    return " | ".join(" ".join(meld) for meld in value)


# The entered fields kept in ``Hand.data``, each with how it is stored and how it is read
# back: (to the JSON value, from the JSON value). The rest of HAND_FIELDS are columns.
DATA_FIELDS: dict[str, tuple[Any, Any]] = {
    "knocker_seat": (_same, _same),
    "knocker_cards": (_same, _same),
    "defender_cards": (_same, _same),
    "spread": (_spread_stored, _spread_text),
    "knocker_deadwood": (_same, _same),
    "defender_deadwood": (_same, _same),
    "upcard": (_same, _same),
    "tables": (_copied, _copied),
    "sitting_out_seat": (_same, _same),
    "captain_seat": (_same, _same),
    "seat_deadwoods": (_counts_stored, _counts_text),
    "seat_cards": (_hands_stored, _hands_text),
    "seat_melded": (_counts_stored, _counts_text),
    "seat_melds": (_hands_stored, _hands_text),
    "seat_layoffs": (_hands_stored, _hands_text),
    "dice": (_same, _same),
    "gem_parts": (_counts_stored, _counts_text),
    "seat_made": (_counts_stored, _counts_text),
}


# Each of HAND_FIELDS with how it is read from ``data`` (None: it is a column).
_FIELD_LOADERS: tuple[tuple[str, Any], ...] = tuple(
    (name, DATA_FIELDS[name][1] if name in DATA_FIELDS else None) for name in HAND_FIELDS
)


def _entered(name: str) -> property:
    """``hand.<name>``: one entered field read from and written to ``Hand.data`` in the form
    the rest of the app uses (None when the hand does not have it)."""
    dump, load = DATA_FIELDS[name]

    def get(hand: Hand) -> Any:
        value = (hand.data or {}).get(name)
        return None if value is None else load(value)

    def put(hand: Hand, value: Any) -> None:
        data = {k: v for k, v in (hand.data or {}).items() if k != name}
        if value is not None:
            data[name] = dump(value)
        hand.data = data  # a new dict: the ORM sees the change

    return property(get, put, doc=f"The hand's ``{name}``, kept in ``Hand.data``.")


class Hand(Model):
    """One hand (a deal, in partnership) as entered.

    Columns hold what every format has: the order of play, the kind and the entry (counts or
    cards), the dealer, the note and Hollywood's notice to stop. Everything else a format
    enters is in ``data``, a JSON object holding only the keys the hand uses (a key whose
    value would be None is left out):

    - two-handed (American, classic, Oklahoma, Straight Gin, Hollywood): ``knocker_seat``
      (left out for a dead hand); by counts ``knocker_deadwood`` and ``defender_deadwood``;
      by cards ``knocker_cards`` and ``defender_cards`` (codes separated by spaces, "5S 6S
      7S ...") and, when the knocker's spread was declared, ``spread`` as a list of melds,
      each a list of card codes (``[["5S", "6S", "7S"], ["KH", "KD", "KC"]]``); ``upcard``
      ("6S") when entered (always in Oklahoma).
    - partnership: ``tables``, both tables of the deal as a list of two objects with the
      two-handed fields (``entry``, ``kind``, ``knocker_seat`` 0–3, ``knocker_deadwood``,
      ``defender_deadwood``, ``knocker_cards``, ``defender_cards``, ``upcard``), kept as
      entered, None values included; ``dealer_seat`` is then the dealing side (0: seats 0 and
      2, 1: seats 1 and 3) and ``kind`` is "deal".
    - Cutthroat and dealer-sits-out: the two-handed keys and ``sitting_out_seat``.
    - Chouette: the two-handed keys and ``captain_seat``.
    - Battle Royal: ``knocker_seat``, ``upcard``, and by counts ``seat_deadwoods``, a list
      by seat (``[4, 15, 22]``; null for a count left empty), or by cards ``seat_cards``, a
      list of card texts by seat (``["AS 2S ...", "...", "..."]``).
    - Contract Rummy and 12-Step: the rummy keys below (by counts or cards left) and
      ``seat_made``, a list by seat of 1 (laid down the contract that deal) or 0.
    - Basic Rummy and 500 Rum: ``knocker_seat`` (who went out; left out for a stalemate),
      ``seat_deadwoods`` (points left in hand by seat), ``seat_melded`` (500 Rum: points
      melded by seat), ``seat_cards`` (cards left in hand by seat) and ``seat_melds`` (the
      melds each laid down, a text by seat, melds separated by "/": "5S 6S 7S / KH KD KC");
      500 Rum also ``seat_layoffs`` (the cards each laid off onto another player's meld, a
      text by seat, a token a card: "9H>0.1" is 9♥ onto seat 0's first meld).

    The app reads and writes these as attributes (``hand.knocker_seat``, ``hand.spread``,
    ...), and :meth:`fields` / :meth:`set_fields` exchange them all, in the forms it has
    always used: a spread as "5S 6S 7S | KH KD KC", Battle Royal's counts as "4 15 22" ("_"
    for an empty one) and hands as "AS 2S ... | ... | ...". So the audit trail's snapshots
    keep one shape whichever way the row stores them. ``data`` is replaced, never changed in
    place, so every change reaches the database.
    """

    __table_args__ = (
        UniqueConstraint("match_id", "seq"),
        UniqueConstraint("match_id", "idempotency_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # order of play; gaps where hands were deleted
    # The dealer's seat; for a partnership deal the dealing side (0: seats 0 and 2, 1: 1 and 3).
    dealer_seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    entry: Mapped[str] = mapped_column(String(8))
    note: Mapped[str] = mapped_column(Text, default="")
    # Hollywood continuous play: a player gave notice after this deal to open no new game.
    stop_after: Mapped[bool] = mapped_column(default=False, server_default=false())
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # see the class docstring
    idempotency_key: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    edited_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(Integer, default=1)

    match: Mapped[Match] = relationship(back_populates="hands")

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 - SQLAlchemy's own hook

    knocker_seat = _entered("knocker_seat")  # None for a dead hand
    knocker_cards = _entered("knocker_cards")
    defender_cards = _entered("defender_cards")
    spread = _entered("spread")  # None when not declared: the engine takes the best (R3)
    knocker_deadwood = _entered("knocker_deadwood")
    defender_deadwood = _entered("defender_deadwood")
    upcard = _entered("upcard")
    tables = _entered("tables")
    sitting_out_seat = _entered("sitting_out_seat")
    captain_seat = _entered("captain_seat")
    seat_deadwoods = _entered("seat_deadwoods")
    seat_cards = _entered("seat_cards")
    seat_melded = _entered("seat_melded")
    seat_melds = _entered("seat_melds")
    seat_layoffs = _entered("seat_layoffs")
    dice = _entered("dice")
    gem_parts = _entered("gem_parts")
    seat_made = _entered("seat_made")

    def fields(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in HAND_FIELDS}

    @staticmethod
    def fields_of_row(columns: Any, data: dict[str, Any] | None) -> dict[str, Any]:
        """:meth:`fields` of a row read without the ORM (``columns`` has the hand's column
        values by name, ``data`` its JSON object): a fold of many matches reads their hands
        this way, in one query, rather than as objects."""
        data = data or {}
        out: dict[str, Any] = {}
        for name, load in _FIELD_LOADERS:
            if load is None:
                out[name] = columns[name]
            else:
                value = data.get(name)
                out[name] = None if value is None else load(value)
        return out

    def set_fields(self, values: dict[str, Any]) -> None:
        defaults = {"note": "", "stop_after": False}
        data: dict[str, Any] = {}
        for name in HAND_FIELDS:
            value = values.get(name)
            if name in DATA_FIELDS:
                if value is not None:
                    data[name] = DATA_FIELDS[name][0](value)
            else:
                setattr(self, name, defaults.get(name) if value is None else value)
        self.data = data


class SavedDeck(Model):
    """A Gem Rummy deck a table entered once and reuses by name: ``entries`` is the checked
    card → gem map ("AS=G 2S=A ... KC=TS"). A match copies it when it starts
    (``Match.gem_deck``), so editing a saved deck never changes a match."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    entries: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


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


class SavedContractList(Model):
    """A table's own contract list, saved by name to start later matches with (12-Step's
    twelve contracts are published nowhere). A match copies the list into its rules when it
    starts, so changing or replacing a saved list never rewrites a match."""

    __tablename__ = "contract_list"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    list_json: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    @classmethod
    def by_name(cls, name: str) -> SavedContractList | None:
        return db.session.scalar(select(cls).where(cls.name == name.strip()))
