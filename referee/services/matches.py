"""Creating matches and changing their hands: locks, versions, idempotency, audit, undo.

Every write runs in one transaction that first locks the match row (``SELECT ... FOR UPDATE``
on PostgreSQL; on SQLite the transaction took the database's write lock when it began, see
:mod:`referee.database`), so two phones saving at once are ordered and the second sees the
first's change. The database itself refuses a second hand with the same place in the order
of play, or a second use of one idempotency key, in a match (unique constraints).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from referee.games import format_for
from referee.games.base import Format, Place, Table
from referee.games.presets import Preset, UnknownPresetError, get_preset, list_presets
from referee.models import (
    AuditAction,
    AuditEntry,
    Hand,
    Match,
    MatchStatus,
    Player,
    db,
    utcnow,
)
from referee.rules.budget import TooComplexError
from referee.rules.errors import InputError, said_of
from referee.rules.messages import Message, as_message, msg, msg_n
from referee.rules.ruleset import RulesetError, table_problems
from referee.services import board as board_service
from referee.services.board import format_of, rules_of

MAX_NAME = 40
MAX_KEY = 64  # an idempotency key's length (the column's): a longer one is refused, not cut

__all__ = ["format_of", "rules_of"]


def playable_presets(seated: bool = False) -> list[Preset]:
    """The presets of a new-match page: tables of two or four (``seated`` False), or of three
    and more seated by a rotation (the "Three or more players" page)."""
    return [
        p
        for p in list_presets()
        if format_for(p, p.rules).seated == seated and not format_for(p, p.rules).own_page
    ]


class Conflict(Exception):
    """Someone else changed the match first; ``message`` says what in English, for a 409,
    and ``said`` the same for a page in the reader's language."""

    def __init__(self, message: Message | str, hand: Hand | None = None) -> None:
        self.said = as_message(message)
        self.message = str(message)
        self.hand = hand
        super().__init__(self.message)


@dataclass(frozen=True)
class Actor:
    """Who made a change, for the audit trail: ``via`` web or api, and a device label."""

    via: str
    device: str = ""


def create_match(
    names: Sequence[str],
    preset: str,
    overrides: Mapping[str, Any] | None = None,
    stake_per_point: Decimal | str | int = 0,
    cut: Any = None,
    setup: str | None = None,
    currency: Any = "",
) -> tuple[Match, str]:
    """A new match and its edit token (only the token's hash is stored).

    ``names`` are in seat order (a format of teams says where each team sits). ``cut``: the
    cards the players cut, one per player, for the formats seated by the cut
    (:attr:`Format.seated_by_cut`); left out, the players are listed in cut order. ``setup``
    is the format's own setup of the match as it stores it (checked by the format's
    :meth:`Format.check_table`), frozen with the match. ``currency`` is the symbol amounts
    are shown with ("" for none).
    """
    symbol = currency_symbol(currency)
    try:
        chosen = get_preset(preset)
    except UnknownPresetError as e:
        raise InputError("preset", said_of(e)) from None
    try:
        rules = chosen.rules.with_overrides(**dict(overrides or {}))
    except RulesetError as e:
        field, reason = e.problems[0]
        raise InputError(field, reason) from None
    for field, reason in table_problems(rules):
        raise InputError(field, reason)
    fmt = format_for(chosen, rules)
    clean = _names(names, chosen, fmt)
    try:
        rules = fmt.table_rules(chosen, rules, len(clean), dict(overrides or {}))
    except RulesetError as e:
        field, reason = e.problems[0]
        raise InputError(field, reason) from None
    stored_cut = fmt.check_table(chosen, Table(rules, tuple(clean), setup=setup), cut)
    stake = _stake(stake_per_point)
    token = Match.new_token()
    match = Match(
        view_id=Match.new_view_id(),
        variant=fmt.name,
        preset=chosen.name,
        rules_json=rules.to_json(),
        stake_per_point=stake,
        status=MatchStatus.IN_PLAY,
        revision=0,
        cut=stored_cut,
        setup=setup or None,
        currency=symbol,
    )
    match.set_edit_token(token)
    match.players = [Player(seat=i, name=n) for i, n in enumerate(clean)]
    board_service.keep_summary(match, board_service.fold_hands(match, []))
    db.session.add(match)
    db.session.commit()
    return match, token


CURRENCY_MAX = 8


def currency_symbol(currency: Any) -> str:
    """The currency symbol as stored: trimmed text of at most :data:`CURRENCY_MAX`
    characters, no digits (an amount follows it)."""
    if currency is None:
        return ""
    if not isinstance(currency, str):
        raise InputError("currency", 'a symbol such as "€" or "$" (text)')
    symbol = " ".join(currency.split())
    if len(symbol) > CURRENCY_MAX:
        raise InputError("currency", f"at most {CURRENCY_MAX} characters")
    if any(ch.isdigit() for ch in symbol):
        raise InputError("currency", 'a symbol such as "€" or "$", without digits')
    return symbol


# Characters that show nothing or turn the text's direction: two names that look the same
# on a phone could be two players ("Ann" and "An\u200bn"), or a name could reverse the line
# it stands in. Joiners (U+200C, U+200D) stay: scripts and emoji need them.
_HIDDEN = re.compile("[\u200b\u200e\u200f\u061c\u2060\ufeff\u202a-\u202e\u2066-\u2069]")
HIDDEN_REASON = msg("must not hold invisible or direction-changing characters")


def hides_characters(name: str) -> bool:
    """Whether ``name`` holds a character that shows nothing or turns the text around.

    >>> hides_characters("An\u200bn"), hides_characters("\u202eAnn"), hides_characters("Zoë")
    (True, True, False)
    """
    return _HIDDEN.search(name) is not None


def _names(names: Sequence[str], preset: Preset, fmt: Format) -> list[str]:
    clean = [" ".join(str(n).split()) for n in names]
    if len(clean) not in preset.seats:
        raise InputError("players", fmt.players_needed(preset, len(clean)))
    for seat, name in enumerate(clean):
        if not name:
            raise InputError(f"player_{seat}", "enter a name")
        if len(name) > MAX_NAME:
            raise InputError(f"player_{seat}", f"at most {MAX_NAME} characters")
        if hides_characters(name):
            raise InputError(f"player_{seat}", HIDDEN_REASON)
    seen: dict[str, int] = {}
    for seat, name in enumerate(clean):
        if name.casefold() in seen:
            other = "the two players need" if len(clean) == 2 else "every player needs"
            raise InputError(f"player_{seat}", f"{other} different names")
        seen[name.casefold()] = seat
    return clean


def _stake(value: Decimal | str | int | float) -> Decimal:
    try:
        stake = Decimal(str(value).strip() or "0")
    except ArithmeticError:
        raise InputError("stake_per_point", "must be a number such as 0.10") from None
    if not stake.is_finite() or stake < 0:
        raise InputError("stake_per_point", "must be zero or more")
    if stake >= Decimal(10) ** 8 or stake != stake.quantize(Decimal("0.0001")):
        raise InputError("stake_per_point", "at most 4 decimal places and below 100,000,000")
    return stake


def prepare(
    match: Match, fields: Mapping[str, Any], position: int, hand: Hand | None = None
) -> dict[str, Any]:
    """What to store for a hand (or deal) entered as ``position`` (0-based)
    in the match (replacing ``hand``, for an edit): the normalised entry, after the format has
    verified it where the rotation put it. Raises :class:`InputError` naming the field."""
    fmt = format_of(match)
    values = fmt.normalise(fields)
    context = board_service.context_at(match, hand)
    fmt.verify_hand(values, board_service.table_of(match), Place(position, context))
    return values


def lock(match: Match) -> Match:
    """Re-read the match row under a write lock for the rest of the transaction."""
    locked: Match | None = db.session.scalar(
        select(Match)
        .where(Match.id == match.id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    assert locked is not None
    return locked


def _snapshot(hand: Hand, number: int | None = None) -> str:
    data = hand.fields()
    data["seq"] = hand.seq
    if number is not None:
        data["number"] = number
    data["deleted"] = hand.deleted_at is not None
    return json.dumps(data, sort_keys=True)


def _audit(
    match: Match, hand: Hand | None, action: str, before: str | None, after: str | None, by: Actor
) -> AuditEntry:
    entry = AuditEntry(
        match_id=match.id,
        hand_id=hand.id if hand is not None else None,
        action=action,
        before_json=before,
        after_json=after,
        via=by.via,
        device=by.device[:80],
    )
    db.session.add(entry)
    return entry


Write = Literal["change", "new", "undo"]


def _touch(match: Match, write: Write = "change", hand: Hand | None = None) -> None:
    """Bump the revision and refresh the status label from the fold, in the same transaction.

    The fold made here is the one the rest of the request reads (the page or the API's
    answer). A change the fold cannot take — a hand that would come after the match ended
    (:attr:`Board.refusal`), or a hand the rotation refuses where it now stands — raises
    :class:`InputError` saying so (the format words it for the ``write`` at fault), and the
    caller rolls back.
    """
    db.session.flush()
    db.session.expire(match, ["hands"])
    match.revision = (match.revision or 0) + 1
    match.updated_at = utcnow()
    board = board_service.build(match, pending=True)
    total = board_service.fold_budget()
    if total is not None and board_service.folded_short():
        # a worker re-ruling many stored hands ran out of the fold's budget: the write needs
        # the whole fold, so it is refused (422); the next try finds those rulings kept
        raise TooComplexError(total.spent, total.limit)
    if board.refusal:
        said = board.format.refused_write(write, board.refused_from or 0, board.refusal)
        raise InputError(None, said)
    line = board.line_of(hand.id) if hand is not None else None
    if line is not None and line.error is not None:
        raise InputError(line.error_field, line.error)
    match.status = MatchStatus.FINISHED if board.over else MatchStatus.IN_PLAY
    board_service.keep_summary(match, board)


def find_by_key(match: Match, key: str) -> Hand | None:
    return db.session.scalar(
        select(Hand).where(Hand.match_id == match.id, Hand.idempotency_key == key)
    )


def add_hand(
    match: Match,
    fields: Mapping[str, Any],
    by: Actor,
    *,
    idempotency_key: str | None = None,
    expected_number: int | None = None,
    expected_revision: int | None = None,
) -> tuple[Hand, bool]:
    """Record a hand; returns (hand, created). A repeated idempotency key returns the first.

    ``expected_number`` is the hand number the sender thought it was entering: if another
    device recorded a hand meanwhile, that is a :class:`Conflict`, not a silent second copy.
    ``expected_revision`` (a hand a phone kept while offline) is the match's revision the
    sender last saw: any change since, an edit too, is a :class:`Conflict`.
    """
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > MAX_KEY:
        # cut short, two different hands whose keys share a beginning would be one hand
        raise InputError(
            "idempotency_key",
            msg_n("at most {count} character", "at most {count} characters", MAX_KEY),
        )
    try:
        match = lock(match)
        if key and (existing := find_by_key(match, key)) is not None:
            db.session.rollback()
            return existing, False
        played = live_count(match)  # counted, not loaded: a long match has many hands
        _check_revision(
            match,
            expected_revision,
            msg(
                "Another device changed this match after this phone last saw it: compare the "
                "two and choose."
            ),
        )
        if expected_number is not None and expected_number != played + 1:
            live = match.live_hands
            latest = live[-1] if live else None
            raise Conflict(_number_taken(format_of(match).noun, played, expected_number), latest)
        values = prepare(match, fields, played)
        seq = (
            db.session.scalar(select(func.max(Hand.seq)).where(Hand.match_id == match.id)) or 0
        ) + 1
        hand = Hand(match_id=match.id, seq=seq, idempotency_key=key)
        hand.set_fields(values)
        db.session.add(hand)
        db.session.flush()
        _audit(match, hand, AuditAction.ADD, None, _snapshot(hand, played + 1), by)
        _touch(match, "new", hand)
        db.session.commit()
        board_service.committed(match)
    except IntegrityError:
        db.session.rollback()
        board_service.forget(match)
        if key and (existing := find_by_key(match, key)) is not None:
            return existing, False
        raise Conflict(
            msg("Another device saved a hand at the same moment: check and try again.")
        ) from None
    except BaseException:
        db.session.rollback()
        board_service.forget(match)
        raise
    return hand, True


@contextmanager
def _committed(match: Match) -> Iterator[None]:
    """Commit the block's changes; on any failure roll them back (and forget the request's
    fold of them). A row another device wrote meanwhile (a stale version) is a
    :class:`Conflict`."""
    try:
        yield
        db.session.commit()
        board_service.committed(match)
    except StaleDataError:
        db.session.rollback()
        board_service.forget(match)
        raise Conflict(msg("Another device changed this hand at the same moment.")) from None
    except BaseException:
        db.session.rollback()
        board_service.forget(match)
        raise


def _number_taken(noun: str, played: int, expected: int) -> Message:
    if noun == "deal":
        return msg_n(
            "Another device changed this match while you were entering: it now has {count} "
            "deal, so yours would be deal {next}, not {expected}. Check the scoreboard; if "
            "your deal is not there yet, save it again.",
            "Another device changed this match while you were entering: it now has {count} "
            "deals, so yours would be deal {next}, not {expected}. Check the scoreboard; if "
            "your deal is not there yet, save it again.",
            played,
            next=played + 1,
            expected=expected,
        )
    return msg_n(
        "Another device changed this match while you were entering: it now has {count} hand, "
        "so yours would be hand {next}, not {expected}. Check the scoreboard; if your hand is "
        "not there yet, save it again.",
        "Another device changed this match while you were entering: it now has {count} "
        "hands, so yours would be hand {next}, not {expected}. Check the scoreboard; if your "
        "hand is not there yet, save it again.",
        played,
        next=played + 1,
        expected=expected,
    )


def _check_revision(match: Match, expected_revision: int | None, message: Message) -> None:
    if expected_revision is not None and expected_revision != match.revision:
        raise Conflict(message)


def _check_version(match: Match, hand: Hand, expected_version: int | None) -> None:
    deal = format_of(match).noun == "deal"
    if hand.deleted_at is not None:
        gone = (
            msg("This deal was deleted by another device.")
            if deal
            else msg("This hand was deleted by another device.")
        )
        raise Conflict(gone, hand)
    if expected_version is not None and expected_version != hand.version:
        changed = (
            msg(
                "Another device changed this deal while you were editing it. Here it is as it "
                "stands now; make your change again if it is still needed."
            )
            if deal
            else msg(
                "Another device changed this hand while you were editing it. Here it is as it "
                "stands now; make your change again if it is still needed."
            )
        )
        raise Conflict(changed, hand)


def _locked_hand(match: Match, hand_id: int) -> tuple[Match, Hand]:
    match = lock(match)
    hand = db.session.get(Hand, hand_id, populate_existing=True)
    if hand is None or hand.match_id != match.id:
        raise LookupError(hand_id)
    return match, hand


def number_of(match: Match, hand: Hand) -> int | None:
    for i, h in enumerate(match.live_hands, start=1):
        if h.id == hand.id:
            return i
    return None


def edit_hand(
    match: Match, hand_id: int, fields: Mapping[str, Any], by: Actor, expected_version: int | None
) -> Hand:
    with _committed(match):
        match, hand = _locked_hand(match, hand_id)
        _check_version(match, hand, expected_version)
        number = number_of(match, hand)
        values = prepare(match, fields, (number or 1) - 1, hand)
        before = _snapshot(hand, number)
        hand.set_fields(values)
        hand.edited_at = utcnow()
        db.session.flush()
        after = _snapshot(hand, number)
        if after != before:
            _audit(match, hand, AuditAction.EDIT, before, after, by)
            _touch(match, hand=hand)
    return hand


def delete_hand(match: Match, hand_id: int, by: Actor, expected_version: int | None) -> Hand:
    with _committed(match):
        match, hand = _locked_hand(match, hand_id)
        _check_version(match, hand, expected_version)
        number = number_of(match, hand)
        before = _snapshot(hand, number)
        hand.deleted_at = utcnow()
        db.session.flush()
        _audit(match, hand, AuditAction.DELETE, before, _snapshot(hand, number), by)
        _touch(match)
    return hand


def last_undoable(match: Match) -> AuditEntry | None:
    return db.session.scalar(
        select(AuditEntry)
        .where(
            AuditEntry.match_id == match.id,
            AuditEntry.action != AuditAction.UNDO,
            AuditEntry.undone.is_(False),
        )
        .order_by(AuditEntry.id.desc())
        .limit(1)
    )


def undo(match: Match, by: Actor, expected_revision: int | None) -> AuditEntry:
    """Reverse the latest change not yet undone (repeated undos walk further back)."""
    with _committed(match):
        match = lock(match)
        _check_revision(
            match,
            expected_revision,
            msg(
                "Another device changed this match since you loaded the page, so undo was not "
                "applied. Here is the match as it stands; undo again if it is still wanted."
            ),
        )
        target = last_undoable(match)
        if target is None:
            raise InputError(None, "There is nothing to undo.")
        hand, before, after = _replay(target, backwards=True)
        target.undone = True
        db.session.flush()
        entry = _audit(match, hand, AuditAction.UNDO, before, after, by)
        entry.undoes_id = target.id
        _touch(match, "undo")
    return entry


def _replay(target: AuditEntry, *, backwards: bool) -> tuple[Hand, str, str]:
    """Take the logged change ``target`` back (Undo), or make it again (Redo), on its hand;
    returns the hand and its snapshots before and after, for the change log."""
    hand = db.session.get(Hand, target.hand_id, populate_existing=True) if target.hand_id else None
    if hand is None:
        gone = "undone" if backwards else "made again"
        raise InputError(None, "That change can no longer be " + gone + ".")
    number = (target.after or target.before or {}).get("number")
    before = _snapshot(hand, number)
    if target.action == AuditAction.EDIT:
        hand.set_fields((target.before if backwards else target.after) or {})
        hand.edited_at = utcnow()
    elif (target.action == AuditAction.ADD) == backwards:  # an add undone, a delete made again
        hand.deleted_at = utcnow()
        if backwards:
            hand.idempotency_key = None  # the same form sent again records it anew
    else:
        hand.deleted_at = None
    return hand, before, _snapshot(hand, number)


def last_redoable(match: Match) -> AuditEntry | None:
    """The undo that Redo takes back: the newest undo with nothing but redos and redone undos
    after it (any other change since ends the chance to redo, as in an editor)."""
    recent = db.session.scalars(
        select(AuditEntry)
        .where(AuditEntry.match_id == match.id)
        .order_by(AuditEntry.id.desc())
        .limit(200)
    )
    for entry in recent:
        if entry.action == AuditAction.UNDO:
            if not entry.undone:
                return entry
            continue  # an undo already redone: look further back
        if entry.undoes_id is not None:
            continue  # a redo (a change made again, pointing at the undo it took back)
        return None
    return None


def redo(match: Match, by: Actor, expected_revision: int | None) -> AuditEntry:
    """Make again the change the latest undo took back (repeated redos walk forward again);
    the change made again is recorded as that change, so Undo can take it back once more."""
    with _committed(match):
        match = lock(match)
        _check_revision(
            match,
            expected_revision,
            msg(
                "Another device changed this match since you loaded the page, so redo was not "
                "applied. Here is the match as it stands; redo again if it is still wanted."
            ),
        )
        undo_entry = last_redoable(match)
        target = (
            db.session.get(AuditEntry, undo_entry.undoes_id)
            if undo_entry is not None and undo_entry.undoes_id is not None
            else None
        )
        if undo_entry is None or target is None:
            raise InputError(None, "There is nothing to redo.")
        hand, before, after = _replay(target, backwards=False)
        undo_entry.undone = True
        db.session.flush()
        entry = _audit(match, hand, target.action, before, after, by)
        entry.undoes_id = undo_entry.id
        _touch(match, "undo")
    return entry


def give_notice(match: Match, by: Actor, expected_revision: int | None) -> Hand:
    """A player gives notice to stop after the last deal entered, in a format that takes one
    (:meth:`Format.takes_notice`; RG-HW), so no new game opens from the next deal on and the
    open games are played out.

    Stored as entered data on that hand (``stop_after``) and recorded as an edit of it, so
    the audit trail shows it and undo takes it back.
    """
    with _committed(match):
        match = lock(match)
        _check_revision(
            match,
            expected_revision,
            msg(
                "Another device changed this match since you loaded the page, so the notice "
                "was not recorded. Here is the match as it stands; give it again if wanted."
            ),
        )
        fmt = format_of(match)
        if not fmt.takes_notice(rules_of(match)):
            raise InputError(None, fmt.no_notice())
        live = match.live_hands
        given = next((n for n, h in enumerate(live, start=1) if h.stop_after), None)
        if given is not None:
            raise InputError(None, f"Notice to stop was already given after hand {given}.")
        if not live:
            raise InputError(None, "Notice to stop is given after a deal: enter a hand first.")
        hand = live[-1]
        number = len(live)
        before = _snapshot(hand, number)
        hand.stop_after = True
        hand.edited_at = utcnow()
        db.session.flush()
        _audit(match, hand, AuditAction.EDIT, before, _snapshot(hand, number), by)
        _touch(match)
    return hand


def audit_trail(match: Match, limit: int = 200) -> list[AuditEntry]:
    return list(
        db.session.scalars(
            select(AuditEntry)
            .where(AuditEntry.match_id == match.id)
            .order_by(AuditEntry.id.desc())
            .limit(limit)
        )
    )


def audit_count(match: Match) -> int:
    """How many changes the match's log holds."""
    return int(
        db.session.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.match_id == match.id))
        or 0
    )


def live_count(match: Match) -> int:
    """How many hands the match has (deleted ones not counted)."""
    return int(
        db.session.scalar(
            select(func.count(Hand.id)).where(Hand.match_id == match.id, Hand.deleted_at.is_(None))
        )
        or 0
    )


def purge_deleted(window: dt.timedelta) -> int:
    """Remove for good the matches deleted longer than ``window`` ago (the time "Undo" had
    to bring them back): their hands, seats and change log go with them, so nothing of a
    deleted match is kept, counted or served. Returns how many were removed."""
    cutoff = utcnow() - window
    ids = list(db.session.scalars(select(Match.id).where(Match.deleted_at < cutoff)))
    if not ids:
        return 0
    db.session.execute(delete(AuditEntry).where(AuditEntry.match_id.in_(ids)))
    for match in db.session.scalars(select(Match).where(Match.id.in_(ids))):
        db.session.delete(match)
    db.session.commit()
    return len(ids)
