"""A match folded into its scoreboard by its format, once per revision.

Everything on a scoreboard is derived from the hands as entered: the match's format
(:mod:`referee.rules.formats`) rules and folds them into one :class:`Board`. A fold is a pure
function of the stored hands and the match's table, and every change bumps the match's
revision, so a board is kept by (match, revision): for the rest of the request (a write's
check is the page's or the API's answer), and once the write has committed, in a bounded
cache of the process (``FOLD_CACHE_SIZE`` boards), so a read of an unchanged match folds
nothing. Boards hold :class:`HandRecord` snapshots, never database rows, so they outlive the
request that made them. A write that rolls back forgets what it folded.

A fold that misses resumes from the fold of the revision before, when this process has it
(:func:`referee.rules.formats.resume.resume`): a hand added at the end folds only the game in
play, not the match from its first hand.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from flask import current_app, g, has_app_context, has_request_context
from sqlalchemy import inspect, select

from referee.models import Hand, db
from referee.rules import formats
from referee.rules.errors import InputError
from referee.rules.formats import (
    Board,
    Folded,
    Format,
    Line,
    NextHand,
    StoredHand,
    Table,
    find_format,
)
from referee.rules.formats.resume import resume
from referee.rules.formats.summary import SUMMARY_VERSION, summary_of
from referee.rules.ruleset import Ruleset
from referee.rules.variants import Preset

if TYPE_CHECKING:
    from referee.models import Match

__all__ = ["Board", "build", "committed", "context_at", "forget", "format_of", "rules_of"]


def format_of(match: Match) -> Format:
    """The format the match is played in (chosen when it was created)."""
    return find_format(match.variant or "two_handed")


def format_for(preset: Preset) -> Format:
    """The format a preset's table is played in, as its rules stand."""
    return formats.format_for(preset, preset.rules)


def rules_of(match: Match) -> Ruleset:
    return Ruleset.from_json(match.rules_json)


@dataclass(frozen=True)
class HandRecord:
    """What the pages and the API show of a stored hand besides what was entered: which row
    it is, its version, note and dates. A board keeps these, not the database row."""

    id: int
    version: int
    note: str
    created_at: dt.datetime
    edited_at: dt.datetime | None
    seq: int = 0  # its place in the order of play (kept through deletes: a stable cursor)


def stored_hands(hands: list[Hand]) -> list[StoredHand]:
    return [
        StoredHand(
            h.fields(), HandRecord(h.id, h.version, h.note, h.created_at, h.edited_at, h.seq)
        )
        for h in hands
    ]


def live_stored(match: Match, previous: Folded | None) -> list[StoredHand]:
    """The match's live hands as a fold takes them. With the fold of an earlier revision at
    hand, only each live hand's id and version are read, and only the hands that fold has
    not seen at that version are loaded (every change to a hand bumps its version): adding
    a hand to a long match loads one row, not all of them."""
    if previous is None or match.id is None or "hands" in db_loaded(match):
        return stored_hands(match.live_hands)
    known = {(h.row.id, h.row.version): h for h in previous.hands if isinstance(h.row, HandRecord)}
    keys = db.session.execute(
        select(Hand.id, Hand.version)
        .where(Hand.match_id == match.id, Hand.deleted_at.is_(None))
        .order_by(Hand.seq)
    ).all()
    missing = [hand_id for hand_id, version in keys if (hand_id, version) not in known]
    loaded: dict[int, StoredHand] = {}
    if missing:
        rows = db.session.scalars(select(Hand).where(Hand.id.in_(missing))).all()
        loaded = {s.row.id: s for s in stored_hands(list(rows))}
    return [known.get((i, v)) or loaded[i] for i, v in keys]


def db_loaded(match: Match) -> set[str]:
    """The match's relationships already loaded in this session (nothing to save there)."""
    state = inspect(match)
    return set() if state is None else set(state.dict)


def fold_hands(match: Match, hands: list[Hand]) -> Board:
    """Fold ``hands`` of ``match`` (its live hands, or the ones before a hand)."""
    return _fold(match, stored_hands(hands))


def table_of(match: Match) -> Table:
    """The table the match is played at: its frozen rules, players, cut and stake."""
    return Table(
        rules_of(match),
        tuple(match.names),
        match.cut,
        Decimal(match.stake_per_point or 0),
        match.gem_deck,
    )


def _fold(match: Match, hands: list[StoredHand], previous: Folded | None = None) -> Board:
    return resume(format_of(match), table_of(match), hands, previous)


Key = tuple[int, int]


class FoldCache:
    """The last ``size`` folds made in this process (their hands and boards), by (match id,
    revision)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._boards: OrderedDict[Key, Folded] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Folded | None:
        with self._lock:
            board = self._boards.get(key)
            if board is not None:
                self._boards.move_to_end(key)
            return board

    def before(self, key: Key) -> Folded | None:
        """The newest fold kept of the same match at an earlier revision (another worker
        may have made the revisions between): where a fold of ``key`` can resume from."""
        with self._lock:
            older = [k for k in self._boards if k[0] == key[0] and k[1] < key[1]]
            return self._boards[max(older)] if older else None

    def put(self, key: Key, board: Folded) -> None:
        with self._lock:
            self._boards[key] = board
            self._boards.move_to_end(key)
            while len(self._boards) > self.size:
                self._boards.popitem(last=False)


def _kept() -> FoldCache | None:
    """The process's cache of committed folds (None outside the app, or when switched off)."""
    if not has_app_context():
        return None
    size = int(current_app.config.get("FOLD_CACHE_SIZE", 0) or 0)
    if size <= 0:
        return None
    cache = current_app.extensions.get("referee.folds")
    if not isinstance(cache, FoldCache):
        cache = current_app.extensions["referee.folds"] = FoldCache(size)
    return cache


def _pending() -> dict[Key, Folded]:
    """This request's folds of changes not yet committed."""
    pending: dict[Key, Folded] = g.setdefault("pending_folds", {})
    return pending


def _found(key: Key) -> Folded | None:
    """The fold kept for ``key``: committed in this process, or made by this request."""
    kept = _kept()
    folded = kept.get(key) if kept is not None else None
    if folded is None and has_request_context():
        folded = _pending().get(key)
    return folded


def latest(match: Match) -> Folded | None:
    """The fold of ``match`` at its revision (or the one before) this process holds, if any:
    where a fold of a change resumes from."""
    revision = match.revision or 0
    return _found((match.id, revision)) or _found((match.id, revision - 1))


def build(match: Match, *, pending: bool = False) -> Board:
    """The scoreboard of ``match`` from its live hands, folded once per revision. ``pending``:
    the fold of a change not yet committed (kept for this request until :func:`committed`)."""
    if match.id is None:
        return fold_hands(match, match.live_hands)
    key = (match.id, match.revision or 0)
    found = _found(key)
    if found is not None:
        return found.board
    previous = _found((key[0], key[1] - 1))
    if previous is None and (kept := _kept()) is not None:
        previous = kept.before(key)
    hands = live_stored(match, previous)
    folded = Folded(tuple(hands), _fold(match, hands, previous))
    kept = _kept()
    if pending and has_request_context():
        _pending()[key] = folded
    elif not pending and kept is not None:
        kept.put(key, folded)
    return folded.board


def committed(match: Match) -> None:
    """The request's change to ``match`` committed: its fold is kept for every request."""
    kept = _kept()
    if not has_request_context():
        return
    pending = _pending()
    for key in [k for k in pending if k[0] == match.id]:
        board = pending.pop(key)
        if kept is not None:
            kept.put(key, board)


def forget(match: Match) -> None:
    """The request's change to ``match`` rolled back: drop what it folded."""
    if has_request_context():
        pending = _pending()
        for key in [k for k in pending if k[0] == match.id]:
            del pending[key]
        g.pop("contexts", None)


def context_at(match: Match, hand: Hand | None) -> NextHand:
    """What the rotation calls for at ``hand``: with none, the next hand's seating; for an
    edit at a table seated by a rotation, the seating the hands before it give (folded once
    per revision in a request). Elsewhere no hand's entry depends on the hands before it."""
    if hand is None or not format_of(match).seated:
        return build(match).next
    if not has_request_context():
        return _context_before(match, hand)
    key = (match.id, match.revision or 0, hand.id)
    contexts: dict[tuple[int, int, int], NextHand] = g.setdefault("contexts", {})
    if key not in contexts:
        contexts[key] = _context_before(match, hand)
    return contexts[key]


def _context_before(match: Match, hand: Hand) -> NextHand:
    live = match.live_hands
    position = next(i for i, h in enumerate(live) if h.id == hand.id)
    return _fold(match, stored_hands(live[:position]), latest(match)).next


def preview(match: Match, values: dict[str, Any], hand: Hand | None, position: int) -> Line:
    """The line a hand would have, entered as ``values`` at ``position`` (replacing ``hand``
    for an edit), as the match would fold with it; raises :class:`InputError` when the fold
    refuses it there (a knocker the rotation had sitting out, say)."""
    live = match.live_hands
    hands = stored_hands(live)
    candidate = StoredHand(values, None)
    end = position + 1 if hand is not None else position
    board = _fold(match, [*hands[:position], candidate, *hands[end:]], latest(match))
    line = board.lines[position]
    if line.error is not None:
        raise InputError(line.error_field, line.error)
    return line


def keep_summary(match: Match, board: Board) -> None:
    """Write the match's summary (derived from ``board``) into its row, in the transaction
    of the change that made ``board``."""
    match.summary_json = json.dumps(summary_of(board), sort_keys=True)


def summary(match: Match) -> dict[str, Any]:
    """The match in a few numbers: as kept in its row when it is of today's shape, else
    folded (a row from before the summary was kept)."""
    if match.summary_json:
        kept = json.loads(match.summary_json)
        if isinstance(kept, dict) and kept.get("v") == SUMMARY_VERSION:
            return kept
    return summary_of(build(match))
