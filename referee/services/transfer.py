"""Taking data out and putting it back: a match as CSV or JSON, the whole instance as one file.

A match's JSON is what was stored, never what was derived: its table (format, preset, the
frozen rules, players, cut, stake, the format's own setup under the key the format names),
every hand as entered (deleted ones too, so undo still
works after an import) and its change log. The hands are the rows' own columns and their
``data`` object, which every format fills through :meth:`Hand.set_fields`, so a format added
later is exported and imported with no change here. Importing folds the hands with the
match's format before anything is written, so a file whose hands do not fold (edited by hand,
or from a format this server does not have) is refused with the hand at fault, and what is
imported folds to the same totals as what was exported.

The CSV is for spreadsheets: one row per hand, with the ruling's numbers from the fold.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from sqlalchemy import select

from referee.games import UnknownFormatError, all_formats, find_format
from referee.games.base import Board, Format, StoredHand, Table
from referee.games.presets import UnknownPresetError, get_preset
from referee.games.summary import summary_of
from referee.models import (
    AuditEntry,
    Hand,
    Match,
    MatchStatus,
    Player,
    Ruling,
    data_fields,
    db,
)
from referee.rules.budget import charged_to
from referee.rules.errors import InputError
from referee.rules.results import HandResult
from referee.rules.ruleset import Ruleset, RulesetError
from referee.services import board as board_service
from referee.services.board import HandRecord
from referee.services.matches import HIDDEN_REASON, currency_symbol, hides_characters

MATCH_FORMAT = "gin-referee-match"
BACKUP_FORMAT = "gin-referee-backup"
VERSION = 1
"""The version of the file layout this server writes; it reads this one and older."""


class ImportRefused(ValueError):
    """A file that cannot be imported: ``where`` names the part at fault, ``reason`` says why.
    Nothing was written."""

    def __init__(self, where: str, reason: str) -> None:
        self.where, self.reason = where, reason
        super().__init__(f"{where}: {reason}" if where else reason)


# -- export ----------------------------------------------------------------------------------


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def match_record(match: Match, secrets: bool = False) -> dict[str, Any]:
    """The match as stored: its table, its hands as entered, its change log. ``secrets``
    adds what a backup needs to keep the links working (the view id is always there; the
    edit token's hash only in a backup of the whole instance)."""
    seqs = {h.id: h.seq for h in match.hands}
    audit = db.session.scalars(
        select(AuditEntry).where(AuditEntry.match_id == match.id).order_by(AuditEntry.id)
    ).all()
    positions = {entry.id: i for i, entry in enumerate(audit)}
    record: dict[str, Any] = {
        "view_id": match.view_id,
        "variant": match.variant,
        "preset": match.preset,
        "rules": json.loads(match.rules_json),
        "stake_per_point": str(match.stake_per_point),
        "cut": match.cut,
        "currency": match.currency,
        **_setup_record(match),
        "created_at": _when(match.created_at),
        "updated_at": _when(match.updated_at),
        "players": [p.name for p in match.players],
        "hands": [
            {
                "seq": h.seq,
                "dealer_seat": h.dealer_seat,
                "kind": h.kind,
                "entry": h.entry,
                "note": h.note,
                "stop_after": bool(h.stop_after),
                "data": h.data or {},
                "created_at": _when(h.created_at),
                "edited_at": _when(h.edited_at),
                "deleted_at": _when(h.deleted_at),
            }
            for h in match.hands
        ],
        "audit": [
            {
                "hand_seq": seqs.get(e.hand_id) if e.hand_id is not None else None,
                "action": e.action,
                "before": e.before,
                "after": e.after,
                "created_at": _when(e.created_at),
                "via": e.via,
                "device": e.device,
                "undoes": positions.get(e.undoes_id) if e.undoes_id is not None else None,
                "undone": bool(e.undone),
            }
            for e in audit
        ],
    }
    if secrets:
        record["edit_token_hash"] = match.edit_token_hash
    return record


def _setup_record(match: Match) -> dict[str, Any]:
    """The match's setup as its format writes it, beside every other format's setup key
    with nothing in it: a match file names each of them, whichever format it holds."""
    record: dict[str, Any] = {}
    for fmt in all_formats():
        record.update(fmt.setup_out(None))
    try:
        own = board_service.format_of(match)
    except UnknownFormatError:  # a format this server no longer has names no key to write
        return record
    return record | own.setup_out(match.setup)


def json_text(data: Any) -> str:
    """A file's JSON as written for download: readable, keys in order."""
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def match_file(match: Match) -> dict[str, Any]:
    """One match's JSON file."""
    return {"format": MATCH_FORMAT, "version": VERSION, "match": match_record(match)}


def ruling_record(ruling: Ruling) -> dict[str, Any]:
    return {
        "short_id": ruling.short_id,
        "kind": ruling.kind,
        "inputs": json.loads(ruling.inputs_json),
        "rules": json.loads(ruling.rules_json),
        "preset": ruling.preset,
        "created_at": _when(ruling.created_at),
    }


def backup_file() -> dict[str, Any]:
    """Everything this instance stores, as one file: every match and club (with their edit
    links' hashes, so the links people hold keep working) and every shared ruling."""
    from referee.services.clubs import club_records

    matches = db.session.scalars(select(Match).order_by(Match.id)).all()
    rulings = db.session.scalars(select(Ruling).order_by(Ruling.id)).all()
    return {
        "format": BACKUP_FORMAT,
        "version": VERSION,
        "exported_at": _when(dt.datetime.now(dt.UTC)),
        "matches": [match_record(m, secrets=True) for m in matches],
        "rulings": [ruling_record(r) for r in rulings],
        "clubs": club_records(),
    }


CSV_HEAD = ("hand", "game", "what happened", "entry", "kind", "knocker", "dealer")


def match_csv(match: Match) -> str:
    """One row per hand: its number, game, what happened, and the ruling's numbers (the
    knocker's and defender's deadwood where two played, every score column's points, boxes
    and running total), all as the fold gives them; then the format's own columns, if it has
    any (:meth:`Format.csv_head`), after the note so every format's first columns are the
    same."""
    board = board_service.build(match)
    columns = board.columns
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    head = [
        *CSV_HEAD,
        "knocker deadwood",
        "defender deadwood",
        *(f"points {c}" for c in columns),
        *(f"boxes {c}" for c in columns),
        *(f"total {c}" for c in columns),
        "note",
        *board.format.csv_head(board.names),
    ]
    writer.writerow([inert(cell) for cell in head])
    for line in board.lines:
        cells = [*_csv_row(board, line), *board.format.csv_cells(board, line)]
        writer.writerow([inert(cell) for cell in cells])
    return out.getvalue()


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert(cell: Any) -> Any:
    """A cell a spreadsheet shows as text, never runs: a name or note that starts as a formula
    would (``=``, ``+``, ``-``, ``@``, tab, CR) gets a leading apostrophe, as OWASP advises.
    Numbers, negative ones too, stay numbers.

    >>> [inert(c) for c in ["=HYPERLINK(1)", "@SUM(1+1)", "-12", -12, "Ann", "- Ann"]]
    ["'=HYPERLINK(1)", "'@SUM(1+1)", '-12', -12, 'Ann', "'- Ann"]
    """
    if not isinstance(cell, str) or not cell.startswith(_FORMULA_STARTS):
        return cell
    try:
        float(cell)
    except ValueError:
        return "'" + cell
    return cell


def _csv_row(board: Board, line: Any) -> list[Any]:
    names = board.names
    result = line.result
    two = isinstance(result, HandResult)
    totals = line.totals if len(line.totals) == len(board.columns) else ()
    return [
        line.number,
        line.game,
        str(line.summary or line.error or ""),
        line.values.get("entry") or "",
        line.values.get("kind") or "",
        names[line.knocker] if line.knocker is not None and line.knocker < len(names) else "",
        names[line.dealer] if line.dealer is not None and line.dealer < len(names) else "",
        result.knocker_deadwood if two and result.knocker_deadwood is not None else "",
        result.defender_deadwood if two and result.defender_deadwood is not None else "",
        *line.score.points,
        *line.score.boxes,
        *(totals or [""] * len(board.columns)),
        line.values.get("note") or "",
    ]


# -- import: reading and checking a file -------------------------------------------------------


@dataclass
class HandIn:
    """One hand of a file, checked: the row to insert and its fields for the fold."""

    row: dict[str, Any]
    deleted: bool


@dataclass(frozen=True)
class ChangeIn:
    """One entry of a file's change log, checked; nothing written yet."""

    hand_seq: int | None
    action: str
    before_json: str | None
    after_json: str | None
    via: str
    device: str
    undoes: int | None  # the earlier entry of the log it undid, by position
    undone: bool
    created_at: dt.datetime | None


def _change_in(raw: Any, position: int, where: str) -> ChangeIn:
    if not isinstance(raw, dict):
        raise ImportRefused(where.rstrip("."), "a change is an object")
    seq, undoes = raw.get("hand_seq"), raw.get("undoes")
    if undoes is not None and (not _is_int(undoes) or not 0 <= undoes < position):
        raise ImportRefused(where + "undoes", "an earlier change of this match")
    return ChangeIn(
        hand_seq=seq if _is_int(seq) else None,
        action=_text(raw, "action", where, 8),
        before_json=_hand_state(raw.get("before"), where + "before"),
        after_json=_hand_state(raw.get("after"), where + "after"),
        via=_text(raw, "via", where, 8),
        device=_text(raw, "device", where, 80, empty=True) if raw.get("device") else "",
        undoes=undoes,
        undone=bool(raw.get("undone")),
        created_at=_time(raw, "created_at", where),
    )


@dataclass
class MatchIn:
    """One match of a file, checked and folded; nothing written yet."""

    view_id: str | None
    edit_token_hash: str | None
    variant: str
    preset: str
    rules: Ruleset
    stake: Decimal
    cut: str | None
    created_at: dt.datetime | None
    updated_at: dt.datetime | None
    players: list[str]
    hands: list[HandIn]
    audit: list[ChangeIn]
    over: bool
    currency: str = ""
    setup: str | None = None  # the format's own setup, as a match stores it
    board: Board | None = field(default=None, repr=False)


def load_json(text: str | bytes) -> Any:
    """The file's JSON, or :class:`ImportRefused` saying it is not JSON (or cut short)."""
    try:
        data = json.loads(text)
    except UnicodeDecodeError:
        raise ImportRefused("", "the file is not text: it is not a Gin Referee export") from None
    except json.JSONDecodeError as e:
        # a string never closed ran into the end of the file (a newline inside one is a
        # different error), so it is cut short too
        near_end = e.pos >= len(text) - 2 or e.msg.startswith("Unterminated string")
        why = "it ends early (truncated?)" if near_end else f"line {e.lineno}: {e.msg}"
        raise ImportRefused("", f"the file is not valid JSON: {why}") from None
    except RecursionError:
        raise ImportRefused("", "the file is nested too deep to be ours") from None
    except ValueError:  # a number of more digits than Python converts (4,300)
        raise ImportRefused("", "the file is not valid JSON: a number far too long") from None
    # what a request's JSON may not hold, a file may not either (checked as the API checks)
    from referee.guard import json_problem

    problem = json_problem(data)
    if problem is not None:
        raise ImportRefused(problem[0] or "", problem[1])
    return data


def check_header(data: Any, kind: str) -> None:
    """The file is ours, of ``kind``, and of a version this server reads."""
    if not isinstance(data, dict) or data.get("format") not in (MATCH_FORMAT, BACKUP_FORMAT):
        raise ImportRefused(
            "format", 'this is not a Gin Referee export (no "format" of ours at the top)'
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused("version", "the file has no version number")
    if version > VERSION:
        raise ImportRefused(
            "version",
            f"the file is of version {version}, made by a newer Gin Referee; this server reads "
            f"version {VERSION} and older: upgrade it first",
        )
    if data["format"] != kind:
        want = "one match" if kind == MATCH_FORMAT else "a whole backup"
        got = "one match" if data["format"] == MATCH_FORMAT else "a whole backup"
        raise ImportRefused("format", f"this file holds {got}; {want} is needed here")


def _text(raw: Mapping[str, Any], key: str, where: str, most: int, empty: bool = False) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or len(value) > most or (not empty and not value):
        raise ImportRefused(where + key, f"text of at most {most} characters is needed")
    return value


def _whole(raw: Mapping[str, Any], key: str, where: str) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ImportRefused(where + key, "a whole number is needed")
    return value


def _time(raw: Mapping[str, Any], key: str, where: str) -> dt.datetime | None:
    return instant(raw.get(key), where + key)


# A day inside Python's years 1 to 9999 at either end: a database session in any time zone
# reads the stored instant back as a date Python can hold.
_EARLIEST = dt.datetime(1, 1, 2, tzinfo=dt.UTC)
_LATEST = dt.datetime(9999, 12, 30, tzinfo=dt.UTC)


def instant(value: Any, field: str) -> dt.datetime | None:
    """An imported date and time as the UTC instant it names (a time without an offset is
    UTC). Refused, naming ``field``, when it is not ISO 8601 or its UTC value lies outside
    the years 1 to 9999: such a row would be stored and then fail every read of it.

    >>> instant("2026-03-01T20:15:00+01:00", "created_at").isoformat()
    '2026-03-01T19:15:00+00:00'
    >>> instant("0001-01-01T00:00:00+23:59", "created_at")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    referee.services.transfer.ImportRefused: created_at: a date and time between the years 1 ...
    """
    if value is None:
        return None
    try:
        when = dt.datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ImportRefused(field, "a date and time (ISO 8601) is needed") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    try:
        utc = when.astimezone(dt.UTC)
    except OverflowError:
        utc = None
    if utc is None or not _EARLIEST <= utc <= _LATEST:
        raise ImportRefused(field, "a date and time between the years 1 and 9999 is needed")
    return utc


def _hand_in(raw: Any, where: str) -> HandIn:
    if not isinstance(raw, dict):
        raise ImportRefused(where, "a hand is an object")
    data = raw.get("data", {})
    if not isinstance(data, dict):
        raise ImportRefused(where + "data", "an object of the entered fields")
    unknown = sorted(set(data) - set(data_fields()))
    if unknown:
        raise ImportRefused(where + "data." + unknown[0], "is not a field this server stores")
    stop = raw.get("stop_after", False)
    if not isinstance(stop, bool):
        raise ImportRefused(where + "stop_after", "true or false")
    row = {
        "seq": _whole(raw, "seq", where),
        "dealer_seat": _whole(raw, "dealer_seat", where),
        "kind": _text(raw, "kind", where, 16),
        "entry": _text(raw, "entry", where, 8),
        "note": _text(raw, "note", where, 10_000, empty=True) if raw.get("note") else "",
        "stop_after": stop,
        "data": data,
        "created_at": _time(raw, "created_at", where),
        "edited_at": _time(raw, "edited_at", where),
        "deleted_at": _time(raw, "deleted_at", where),
    }
    return HandIn(row, row["deleted_at"] is not None)


def _stake(raw: Mapping[str, Any]) -> Decimal:
    try:
        stake = Decimal(str(raw.get("stake_per_point", "0")))
    except InvalidOperation:
        raise ImportRefused("stake_per_point", "a number such as 0.10") from None
    if not stake.is_finite() or stake < 0 or stake >= Decimal(10) ** 8:
        raise ImportRefused("stake_per_point", "zero or more, below 100,000,000")
    return stake


def _players(raw: Mapping[str, Any], where: str) -> list[str]:
    players = raw.get("players")
    if (
        not isinstance(players, list)
        or not players
        or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players)
    ):
        raise ImportRefused(where + "players", "a list of names (1 to 40 characters each)")
    for i, name in enumerate(players):
        if hides_characters(name):
            raise ImportRefused(f"{where}players[{i}]", str(HIDDEN_REASON))
    if len({p.casefold() for p in players}) != len(players):
        raise ImportRefused(where + "players", "every player needs a different name")
    return players


def _check_seats(preset: str, players: list[str], hands: list[HandIn], where: str) -> None:
    """As many players as the game seats (as a new match is checked), and each hand dealt
    by one of them: a file may not hold what the forms would refuse."""
    try:
        seats = get_preset(preset).seats
    except UnknownPresetError:
        seats = None  # a table this server no longer names: its format's fold checks it
    if seats is not None and len(players) not in seats:
        raise ImportRefused(where + "players", f"this game seats {_seat_counts(seats)} players")
    for i, hand in enumerate(hands):
        dealer = hand.row["dealer_seat"]
        if dealer is not None and not 0 <= dealer < len(players):
            raise ImportRefused(f"{where}hands[{i}].dealer_seat", "one of the match's seats")


def _seat_counts(seats: Sequence[int]) -> str:
    """How many a game seats, in words.

    >>> _seat_counts(range(2, 7)), _seat_counts(range(2, 3))
    ('2 to 6', '2')
    """
    low, high = min(seats), max(seats)
    return str(low) if low == high else f"{low} to {high}"


def read_match(raw: Any, where: str = "match.") -> MatchIn:
    """A match of a file, checked field by field and folded by its format: the hands must
    fold without a refusal, as they did where they were entered."""
    if not isinstance(raw, dict):
        raise ImportRefused(where.rstrip("."), "a match is an object")
    variant = _text(raw, "variant", where, 40)
    try:
        fmt = find_format(variant)
    except UnknownFormatError:
        raise ImportRefused(
            where + "variant", f"{variant!r} is not a format this server knows"
        ) from None
    rules_raw = raw.get("rules")
    if not isinstance(rules_raw, dict):
        raise ImportRefused(where + "rules", "the frozen rules, an object")
    try:
        rules = Ruleset.from_json(json.dumps(rules_raw))
    except (RulesetError, TypeError, ValueError, KeyError) as e:
        raise ImportRefused(where + "rules", f"not rules this server reads ({e})") from None
    players = _players(raw, where)
    cut = raw.get("cut")
    if cut is not None and (not isinstance(cut, str) or len(cut) > 60):
        raise ImportRefused(where + "cut", "the cut as text")
    hands_raw = raw.get("hands", [])
    if not isinstance(hands_raw, list):
        raise ImportRefused(where + "hands", "a list of hands")
    hands = [_hand_in(h, f"{where}hands[{i}].") for i, h in enumerate(hands_raw)]
    preset = _text(raw, "preset", where, 60)
    _check_seats(preset, players, hands, where)
    seqs = [h.row["seq"] for h in hands]
    if len(set(seqs)) != len(seqs) or seqs != sorted(seqs):
        raise ImportRefused(where + "hands", "each hand needs its own place (seq), in order")
    audit_raw = raw.get("audit", [])
    if not isinstance(audit_raw, list):
        raise ImportRefused(where + "audit", "a list of changes")
    audit = [_change_in(a, i, f"{where}audit[{i}].") for i, a in enumerate(audit_raw)]
    view_id = raw.get("view_id")
    token_hash = raw.get("edit_token_hash")
    if view_id is not None and (not isinstance(view_id, str) or not 0 < len(view_id) <= 32):
        raise ImportRefused(where + "view_id", "the match's link id")
    if token_hash is not None and (not isinstance(token_hash, str) or len(token_hash) != 64):
        raise ImportRefused(where + "edit_token_hash", "the edit token's hash")
    match = MatchIn(
        view_id=view_id,
        edit_token_hash=token_hash,
        variant=variant,
        preset=preset,
        rules=rules,
        stake=_stake(raw),
        cut=cut,
        created_at=_time(raw, "created_at", where),
        updated_at=_time(raw, "updated_at", where),
        players=players,
        hands=hands,
        audit=audit,
        over=False,
        currency=_currency_in(raw, where),
        setup=_setup_in(fmt, raw, where),
    )
    board = _fold(match, where)
    match.board = board
    match.over = board.over
    return match


def _currency_in(raw: Mapping[str, Any], where: str) -> str:
    """The money symbol, checked as a new match's is (files made before it was kept: none)."""
    try:
        return currency_symbol(raw.get("currency", ""))
    except InputError as e:
        raise ImportRefused(where + "currency", e.reason) from None


def _setup_in(fmt: Format, raw: Mapping[str, Any], where: str) -> str | None:
    """The match's setup, as its format reads it from the file (its hands' fold checks it)."""
    if fmt.setup_key is None:
        return None
    try:
        return fmt.setup_in(raw.get(fmt.setup_key))
    except InputError as e:
        raise ImportRefused(where + fmt.setup_key, str(e.reason)) from None


def _stored_form(fmt: Format, row: dict[str, Any], where: str) -> dict[str, Any]:
    """The hand's fields, kept as this server keeps a hand: what the format makes of them as
    an entry is what the file holds (a card list where a count goes, a number where cards go,
    would be stored and then break the match's pages). Deleted hands too: the change log
    shows them."""
    try:
        fields = _row_hand(row).fields()
        normal = fmt.normalise(fields)
    except InputError as e:
        raise ImportRefused(f"{where}.data.{e.field}" if e.field else where, e.reason) from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        raise ImportRefused(where, "not a hand as this server keeps one") from None
    for name, value in normal.items():  # the format's own data (the columns are checked above)
        if name in data_fields() and fields.get(name) != value:
            raise ImportRefused(f"{where}.data.{name}", "not as this server keeps it")
    return fields


def _fold(match: MatchIn, where: str) -> Board:
    """Fold the file's live hands as the match's format does; refuse a hand it cannot take."""
    live = []
    fmt = find_format(match.variant)
    for i, h in enumerate(match.hands):
        fields = _stored_form(fmt, h.row, f"{where}hands[{i}]")
        if h.deleted:
            continue
        record = HandRecord(0, 1, h.row["note"], h.row["created_at"] or _NOW, None)
        live.append(StoredHand(fields, record))
    table = Table(match.rules, tuple(match.players), match.cut, match.stake, match.setup)
    try:
        with charged_to(board_service.fold_budget()):
            board = find_format(match.variant).fold(live, table)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
        raise ImportRefused(where + "hands", f"the hands do not fold: {e}") from None
    live_at = [i for i, h in enumerate(match.hands) if not h.deleted]
    if board.refusal and board.refused_from is not None:
        at = live_at[board.refused_from - 1]
        raise ImportRefused(f"{where}hands[{at}]", f"hand {board.refused_from}: {board.refusal}")
    for line in board.lines:
        if line.error is not None:
            at = live_at[line.number - 1]
            raise ImportRefused(f"{where}hands[{at}]", f"hand {line.number}: {line.error}")
    return board


_NOW = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)  # a hand's date is never read by a fold


def _row_hand(row: dict[str, Any]) -> Hand:
    """A hand row (not in the session) holding the file's columns and ``data`` exactly."""
    hand = Hand(seq=row["seq"])
    hand.set_fields(row)
    hand.data = dict(row["data"])
    return hand


# -- import: writing -------------------------------------------------------------------------


def insert_match(checked: MatchIn, new_links: bool) -> tuple[Match, str | None]:
    """Add a checked match to the session (the caller commits); returns it and, for new
    links, its edit token."""
    token = None
    match = Match(
        variant=checked.variant,
        preset=checked.preset,
        rules_json=checked.rules.to_json(),
        stake_per_point=checked.stake,
        cut=checked.cut,
        currency=checked.currency,
        setup=checked.setup,
        status=MatchStatus.FINISHED if checked.over else MatchStatus.IN_PLAY,
        revision=len(checked.audit),
        summary_json=(
            json.dumps(summary_of(checked.board), sort_keys=True)
            if checked.board is not None
            else None
        ),
    )
    if new_links or checked.view_id is None or checked.edit_token_hash is None:
        token = Match.new_token()
        match.view_id = Match.new_view_id()
        match.set_edit_token(token)
    else:
        match.view_id = checked.view_id
        match.edit_token_hash = checked.edit_token_hash
    if checked.created_at is not None:
        match.created_at = checked.created_at
    if checked.updated_at is not None:
        match.updated_at = checked.updated_at
    match.players = [Player(seat=i, name=n) for i, n in enumerate(checked.players)]
    rows: dict[int, Hand] = {}
    for h in checked.hands:
        hand = _row_hand(h.row)
        for name in ("created_at", "edited_at", "deleted_at"):
            if h.row[name] is not None:
                setattr(hand, name, h.row[name])
        match.hands.append(hand)
        rows[hand.seq] = hand
    db.session.add(match)
    db.session.flush()
    entries: list[AuditEntry] = []
    undoing: list[tuple[AuditEntry, int]] = []
    for change in checked.audit:
        entry = AuditEntry(
            match_id=match.id,
            hand_id=rows[change.hand_seq].id if change.hand_seq in rows else None,
            action=change.action,
            before_json=change.before_json,
            after_json=change.after_json,
            via=change.via,
            device=change.device,
            undone=change.undone,
        )
        if change.created_at is not None:
            entry.created_at = change.created_at
        entries.append(entry)
        if change.undoes is not None:
            undoing.append((entry, change.undoes))
    # the whole change log in one INSERT (the ids come back in order), then the undos point
    # at the changes they undid: two statements for any length of log, not one per change
    db.session.add_all(entries)
    db.session.flush()
    for entry, undoes in undoing:
        entry.undoes_id = entries[undoes].id
    db.session.flush()
    return match, token


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


STATE_DEPTH = 10  # a hand's fields as the change log keeps them nest far less deep


def _hand_state(value: Any, where: str) -> str | None:
    """A change log's ``before`` or ``after``: a hand's fields (an object) or nothing, as the
    change log shows them; anything else would break the match's page."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ImportRefused(where, "the hand's fields as an object, or null")
    if _depth(value) > STATE_DEPTH:
        raise ImportRefused(where, f"nested at most {STATE_DEPTH} deep")
    return _json_or_none(value)


def _depth(value: Any) -> int:
    """How deep ``value`` nests (a scalar 0), without recursion, so any depth is measured."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def _json_or_none(value: Any) -> str | None:
    return json.dumps(value, sort_keys=True) if value is not None else None


def import_match(data: Any) -> tuple[Match, str]:
    """A match file → a new match with new links (the file's own links stay with the match
    it came from); returns it and its edit token. Raises :class:`ImportRefused`."""
    check_header(data, MATCH_FORMAT)
    checked = read_match(data.get("match"))
    try:
        match, token = insert_match(checked, new_links=True)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    assert token is not None
    return match, token


@dataclass(frozen=True)
class Restored:
    """What a backup's import did: how many of each it added and how many were already here."""

    added: dict[str, int]
    present: dict[str, int]

    def summary(self) -> str:
        parts = [f"{self.added[k]} {k} added, {self.present[k]} already here" for k in self.added]
        return "; ".join(parts)


def _items(data: Mapping[str, Any], key: str) -> Iterator[tuple[int, Any]]:
    items = data.get(key, [])
    if not isinstance(items, list):
        raise ImportRefused(key, "a list")
    return iter(enumerate(items))


def import_backup(data: Any) -> Restored:
    """A whole-instance backup → everything in it that is not here yet, in one transaction:
    a match or ruling already here (same link) is left as it is, so importing the same file
    twice adds nothing the second time; any problem rolls back everything."""
    from referee.services.clubs import restore_club

    check_header(data, BACKUP_FORMAT)
    added = {"matches": 0, "rulings": 0, "clubs": 0}
    present = dict(added)
    try:
        views: dict[str, Match] = {}
        for i, raw in _items(data, "matches"):
            checked = read_match(raw, f"matches[{i}].")
            if checked.view_id is None or checked.edit_token_hash is None:
                raise ImportRefused(f"matches[{i}]", "a backup's match keeps its links")
            existing = Match.by_view_id(checked.view_id)
            if existing is not None:
                present["matches"] += 1
                views[checked.view_id] = existing
                continue
            match, _ = insert_match(checked, new_links=False)
            views[match.view_id] = match
            added["matches"] += 1
        for i, raw in _items(data, "rulings"):
            if _add_ruling(raw, f"rulings[{i}]."):
                added["rulings"] += 1
            else:
                present["rulings"] += 1
        for i, raw in _items(data, "clubs"):
            if restore_club(raw, f"clubs[{i}].", views):
                added["clubs"] += 1
            else:
                present["clubs"] += 1
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return Restored(added, present)


def _add_ruling(raw: Any, where: str) -> bool:
    if not isinstance(raw, dict):
        raise ImportRefused(where.rstrip("."), "a ruling is an object")
    short_id = _text(raw, "short_id", where, 16)
    if Ruling.by_short_id(short_id) is not None:
        return False
    inputs, rules = raw.get("inputs"), raw.get("rules")
    if not isinstance(inputs, dict) or not isinstance(rules, dict):
        raise ImportRefused(where + "inputs", "the checked hand's inputs and rules, objects")
    ruling = Ruling(
        short_id=short_id,
        kind=_text(raw, "kind", where, 16),
        inputs_json=json.dumps(inputs),
        rules_json=json.dumps(rules),
        preset=_text(raw, "preset", where, 60),
    )
    when = _time(raw, "created_at", where)
    if when is not None:
        ruling.created_at = when
    db.session.add(ruling)
    db.session.flush()
    return True


def export_names(items: Sequence[str]) -> str:
    """A file name safe in a download header, from the players' names."""
    text = "-".join("".join(c for c in n if c.isalnum()) for n in items) or "match"
    return text[:60]
