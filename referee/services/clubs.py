"""Clubs: a roster of players kept across matches, and the matches played in the club.

A club is a household, a Friday group or a ladder, reached like a match by a view link and a
secret edit link. Each seat of a club's match points at one roster player (``member_id``), so
the same Ann in ten matches is one person: renaming her renames her everywhere the club shows
her, and merging a duplicate ("Anne") into her moves every seat the duplicate had. A match
keeps the names typed at its table; the club reads them through the roster.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from referee.models import Club, ClubMember, Match, Player, db
from referee.rules.errors import InputError
from referee.rules.messages import msg, msg_n
from referee.services.matches import HIDDEN_REASON, MAX_NAME, create_match, hides_characters

MAX_CLUB_NAME = 60


def clean_name(name: Any, field: str, most: int = MAX_NAME) -> str:
    text = " ".join(str(name or "").split())
    if not text:
        raise InputError(field, msg("enter a name"))
    if len(text) > most:
        raise InputError(
            field, msg_n("at most {count} character", "at most {count} characters", most)
        )
    if hides_characters(text):
        raise InputError(field, HIDDEN_REASON)
    return text


def create_club(name: str, roster: Sequence[str] = ()) -> tuple[Club, str]:
    """A new club with its first players; returns it and its edit token."""
    club = Club(name=clean_name(name, "name", MAX_CLUB_NAME), view_id=Club.new_view_id())
    token = Club.new_token()
    club.set_edit_token(token)
    seen: set[str] = set()
    for i, raw in enumerate(roster):
        if not " ".join(str(raw).split()):
            continue
        clean = clean_name(raw, f"roster[{i}]")
        if clean.casefold() not in seen:
            seen.add(clean.casefold())
            club.members.append(ClubMember(name=clean))
    db.session.add(club)
    db.session.commit()
    return club, token


def find_member(club: Club, name: str) -> ClubMember | None:
    folded = " ".join(name.split()).casefold()
    return next((m for m in club.members if m.name.casefold() == folded), None)


def member_for(club: Club, name: str) -> ClubMember:
    """The roster player called ``name`` (any case); a new name joins the roster."""
    member = find_member(club, name)
    if member is None:
        member = ClubMember(name=clean_name(name, "name"))
        club.members.append(member)
        db.session.flush()
    return member


def add_member(club: Club, name: str) -> ClubMember:
    clean = clean_name(name, "name")
    if find_member(club, clean) is not None:
        raise InputError("name", msg("{name} is already on the roster", name=clean))
    member = member_for(club, clean)
    db.session.commit()
    return member


def _attach(club: Club, match: Match) -> None:
    if match.club_id is not None and match.club_id != club.id:
        raise InputError("match", msg("that match already belongs to another club"))
    match.club_id = club.id
    for player in match.players:
        if player.member_id is None:
            player.member_id = member_for(club, player.name).id


def attach(club: Club, match: Match) -> None:
    """A match played alone becomes the club's: each seat joins (or is found on) the roster
    by its name."""
    try:
        _attach(club, match)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def start_match(
    club: Club,
    names: Sequence[str],
    preset: str,
    overrides: Mapping[str, Any] | None = None,
    stake_per_point: Decimal | str | int = 0,
) -> tuple[Match, str]:
    """A new match of the club's players (new names join the roster); its edit token."""
    match, token = create_match(names, preset, overrides, stake_per_point)
    attach(club, match)
    return match, token


def club_matches(club: Club) -> list[Match]:
    return list(
        db.session.scalars(
            select(Match).where(Match.of_club(club.id)).order_by(Match.created_at.desc())
        )
    )


def _member(club: Club, member_id: int, field: str) -> ClubMember:
    member = db.session.get(ClubMember, member_id)
    if member is None or member.club_id != club.id:
        raise InputError(field, msg("not a player of this club"))
    return member


def rename(club: Club, member_id: int, name: str) -> ClubMember:
    """A roster player's new name; every match of the club shows them by it."""
    member = _member(club, member_id, "member")
    clean = clean_name(name, "name")
    other = find_member(club, clean)
    if other is not None and other.id != member.id:
        raise InputError(
            "name",
            msg(
                "{name} is already on the roster: merge the two instead of renaming",
                name=other.name,
            ),
        )
    member.name = clean
    db.session.commit()
    return member


def merge(club: Club, duplicate_id: int, into_id: int) -> ClubMember:
    """The duplicate's seats become the kept player's, and the duplicate leaves the roster.
    Refused for a player into themselves, and for two who sat at one match together (they
    are two people)."""
    if duplicate_id == into_id:
        raise InputError("into", msg("a player cannot be merged into themselves"))
    duplicate = _member(club, duplicate_id, "duplicate")
    kept = _member(club, into_id, "into")
    seats = list(db.session.scalars(select(Player).where(Player.member_id == duplicate.id)))
    kept_matches = set(
        db.session.scalars(select(Player.match_id).where(Player.member_id == kept.id))
    )
    shared = [p for p in seats if p.match_id in kept_matches]
    if shared:
        raise InputError(
            "into",
            msg(
                "{first} and {second} played in the same match: they are two players",
                first=duplicate.name,
                second=kept.name,
            ),
        )
    for seat in seats:
        seat.member_id = kept.id
    club.members.remove(duplicate)
    db.session.commit()
    return kept


# -- backup ------------------------------------------------------------------------------------


def club_record(club: Club, secrets: bool = False) -> dict[str, Any]:
    """The club as stored: its roster and which roster player sat in each seat of its
    matches (the matches themselves travel as match records)."""
    names = {m.id: m.name for m in club.members}
    record: dict[str, Any] = {
        "view_id": club.view_id,
        "name": club.name,
        "created_at": club.created_at.isoformat(),
        "members": [m.name for m in club.members],
        "matches": [
            {"view_id": m.view_id, "seats": [names.get(p.member_id or 0) for p in m.players]}
            for m in club_matches(club)
        ],
    }
    if secrets:
        record["edit_token_hash"] = club.edit_token_hash
    return record


def club_records() -> list[dict[str, Any]]:
    clubs = db.session.scalars(select(Club).order_by(Club.id)).all()
    return [club_record(c, secrets=True) for c in clubs]


def restore_club(raw: Any, where: str, matches: Mapping[str, Match]) -> bool:
    """A club of a backup, unless one with its link is here already (False then)."""
    from referee.services.transfer import ImportRefused

    if not isinstance(raw, dict):
        raise ImportRefused(where.rstrip("."), "a club is an object")
    view_id, token_hash = raw.get("view_id"), raw.get("edit_token_hash")
    if not isinstance(view_id, str) or not isinstance(token_hash, str) or len(token_hash) != 64:
        raise ImportRefused(where + "view_id", "a backup's club keeps its links")
    if Club.by_view_id(view_id) is not None:
        return False
    members = raw.get("members")
    if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
        raise ImportRefused(where + "members", "a list of names")
    try:  # the same limits as a club started or renamed here, so every backup restores
        club_name = clean_name(raw.get("name"), where + "name", MAX_CLUB_NAME)
        club = Club(view_id=view_id, edit_token_hash=token_hash, name=club_name)
        for i, name in enumerate(members):
            club.members.append(ClubMember(name=clean_name(name, f"{where}members[{i}]")))
    except InputError as e:
        raise ImportRefused(e.field or where + "name", e.reason) from None
    db.session.add(club)
    db.session.flush()
    played = raw.get("matches", [])
    if not isinstance(played, list):
        raise ImportRefused(where + "matches", "a list")
    for i, item in enumerate(played):
        here = f"{where}matches[{i}]"
        key = str(item.get("view_id")) if isinstance(item, dict) else ""
        match = matches.get(key) or Match.by_view_id(key)
        if match is None:
            raise ImportRefused(here, "a match of the club that the file does not hold")
        seats = item.get("seats")
        if not isinstance(seats, list) or len(seats) != len(match.players):
            raise ImportRefused(here + ".seats", "one roster name (or null) per seat")
        if match.club_id is not None and match.club_id != club.id:
            continue  # a match here in another club stays there: a file cannot take it
        match.club_id = club.id
        for player, name in zip(match.players, seats, strict=True):
            member = find_member(club, name) if isinstance(name, str) else None
            player.member_id = member.id if member else None
    return True
