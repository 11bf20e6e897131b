"""A club as one JSON file, and that file imported into a new club on another server (or this
one): its roster, every match in full and who of the roster sat in each seat.

The file is the club's record (:func:`clubs.club_record`: its name, roster, and each match's
seats by roster name) beside each match's own file record (:func:`transfer.match_record`:
everything entered plus the frozen rules). Importing it checks and folds every match first,
then writes the club, its roster and its matches in one transaction: a file refused anywhere
changes nothing. The new club has new links; its matches too, and they open with the club's
new edit token (one secret for whoever imported the club rather than one per match).

The same file imported twice makes one club: the club keeps the digest of the file's content
(``Club.import_digest``), and a second import finds that club and adds nothing.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from referee.models import Club, ClubMember, db
from referee.rules.errors import InputError
from referee.services import transfer
from referee.services.clubs import MAX_CLUB_NAME, clean_name, club_matches, club_record
from referee.services.transfer import ImportRefused

CLUB_FORMAT = "gin-referee-club"


def club_file(club: Club) -> dict[str, Any]:
    """The club as one JSON: its roster, who sat where, and every match of it in full."""
    return {
        "format": CLUB_FORMAT,
        "version": transfer.VERSION,
        "club": club_record(club),
        "matches": [transfer.match_record(m) for m in club_matches(club)],
    }


@dataclass(frozen=True)
class ClubImported:
    """What an import made: the club, its edit token (None when the file had been imported
    already and the club was found rather than made), and how many matches it holds."""

    club: Club
    token: str | None
    matches: int

    @property
    def again(self) -> bool:
        return self.token is None


def digest(data: Any) -> str:
    """The file's content as a fingerprint: its club and matches, whatever the spacing and
    key order of the file."""
    body = {"club": data.get("club"), "matches": data.get("matches")}
    text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def check_club_header(data: Any) -> None:
    """The file is ours, a club's, and of a version this server reads."""
    if isinstance(data, dict) and data.get("format") in (
        transfer.MATCH_FORMAT,
        transfer.BACKUP_FORMAT,
    ):
        got = "one match" if data["format"] == transfer.MATCH_FORMAT else "a whole backup"
        raise ImportRefused("format", f"this file holds {got}; a club's file is needed here")
    if not isinstance(data, dict) or data.get("format") != CLUB_FORMAT:
        raise ImportRefused(
            "format", 'this is not a Gin Referee club file (no "format" of ours at the top)'
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ImportRefused("version", "the file has no version number")
    if version > transfer.VERSION:
        raise ImportRefused(
            "version",
            f"the file is of version {version}, made by a newer Gin Referee; this server reads "
            f"version {transfer.VERSION} and older: upgrade it first",
        )


def _roster(raw: dict[str, Any]) -> list[str]:
    members = raw.get("members")
    if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
        raise ImportRefused("club.members", "a list of names")
    names = []
    for i, name in enumerate(members):
        try:
            names.append(clean_name(name, f"club.members[{i}]"))
        except InputError as e:
            raise ImportRefused(e.field or "club.members", e.reason) from None
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        raise ImportRefused("club.members", "every player on the roster needs a different name")
    return names


def _seats(raw: dict[str, Any], roster: list[str]) -> dict[str, list[str | None]]:
    """Each match's seats by roster name (None: a seat no roster player sat in), by the
    match's view id in the file."""
    played = raw.get("matches", [])
    if not isinstance(played, list):
        raise ImportRefused("club.matches", "a list")
    known = set(roster)
    seats: dict[str, list[str | None]] = {}
    for i, item in enumerate(played):
        here = f"club.matches[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("view_id"), str):
            raise ImportRefused(here, "a match of the club: its view_id and seats")
        names = item.get("seats")
        if not isinstance(names, list) or not all(
            n is None or (isinstance(n, str) and n in known) for n in names
        ):
            raise ImportRefused(here + ".seats", "one roster name (or null) per seat")
        sat = [n for n in names if n is not None]
        if len(set(sat)) != len(sat):  # one person in two seats would count twice
            raise ImportRefused(here + ".seats", "each roster player in one seat at most")
        if item["view_id"] in seats:
            raise ImportRefused(here, "this match is listed twice")
        seats[item["view_id"]] = names
    return seats


def import_club(
    data: Any, reuse: Callable[[Club], bool] = lambda club: True, importer: str | None = None
) -> ClubImported:
    """A club file → a new club with its roster and matches, all or nothing; the same file
    again → the club its first import made, when ``reuse`` says the importer may have it.
    Otherwise the importer gets a club of their own, marked as that file's for ``importer``
    alone (a browser: its next import of the file finds it): whoever imported a file first
    cannot keep its owner from importing it. Raises :class:`ImportRefused`."""
    check_club_header(data)
    raw = data.get("club")
    if not isinstance(raw, dict):
        raise ImportRefused("club", "the club, an object")
    fingerprint = digest(data)
    own = hashlib.sha256(f"{fingerprint}:{importer}".encode()).hexdigest() if importer else None
    for key in (own, fingerprint):
        found = _imported_as(key)
        if found is not None and reuse(found):
            return ClubImported(found, None, len(club_matches(found)))
    stored = fingerprint if _imported_as(fingerprint) is None else own
    try:
        name = clean_name(raw.get("name"), "club.name", MAX_CLUB_NAME)
    except InputError as e:
        raise ImportRefused("club.name", e.reason) from None
    roster = _roster(raw)
    seats = _seats(raw, roster)
    matches_raw = data.get("matches", [])
    if not isinstance(matches_raw, list):
        raise ImportRefused("matches", "a list of matches")
    checked = [transfer.read_match(m, f"matches[{i}].") for i, m in enumerate(matches_raw)]
    listed = set()
    for i, one in enumerate(checked):
        if one.view_id is None or one.view_id not in seats:
            raise ImportRefused(f"matches[{i}]", "a match the club's list of matches does not name")
        if len(seats[one.view_id]) != len(one.players):
            raise ImportRefused(f"club.matches[{one.view_id}].seats", "one name per seat")
        listed.add(one.view_id)
    missing = sorted(set(seats) - listed)
    if missing:
        raise ImportRefused("club.matches", f"match {missing[0]} is not in the file")
    created = _when(raw.get("created_at"))
    try:
        club = Club(name=name, view_id=Club.new_view_id(), import_digest=stored)
        token = Club.new_token()
        club.set_edit_token(token)
        if created is not None:
            club.created_at = created
        members = {n: ClubMember(name=n) for n in roster}
        club.members.extend(members.values())
        db.session.add(club)
        db.session.flush()
        for match_in in checked:
            assert match_in.view_id is not None
            match, match_token = transfer.insert_match(match_in, new_links=True)
            # each match its own link, kept sealed so a club scorer can pass it on; the club's
            # link opens its matches by the club's right (views/access.py), not by sharing one
            assert match_token is not None
            match.seal_edit_token(match_token)
            match.club_id = club.id
            for player, member in zip(match.players, seats[match_in.view_id], strict=True):
                player.member_id = members[member].id if member is not None else None
        db.session.commit()
    except IntegrityError:
        # the same file imported at the same moment by another request: that import stands
        db.session.rollback()
        found = _imported_as(stored)
        if found is None:
            raise
        return ClubImported(found, None, len(club_matches(found)))
    except BaseException:
        db.session.rollback()
        raise
    return ClubImported(club, token, len(checked))


def _imported_as(key: str | None) -> Club | None:
    if key is None:
        return None
    return db.session.scalar(select(Club).where(Club.import_digest == key))


def _when(value: Any) -> dt.datetime | None:
    return transfer.instant(value, "club.created_at") if isinstance(value, str) else None
