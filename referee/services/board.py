"""A match folded into its scoreboard by its format, once per revision.

Everything on a scoreboard is derived from the hands as entered: the match's format
(:mod:`referee.games`) rules and folds them into one :class:`Board`. A fold is a pure
function of the stored hands and the match's table, and every change bumps the match's
revision, so a board is kept by (match, revision): for the rest of the request (a write's
check is the page's or the API's answer), and once the write has committed, in a bounded
cache of the process (``FOLD_CACHE_SIZE`` boards), so a read of an unchanged match folds
nothing. Boards hold :class:`HandRecord` snapshots, never database rows, so they outlive the
request that made them. A write that rolls back forgets what it folded.

A fold that misses resumes from the fold of the revision before, when this process has it
(:func:`referee.games.resume.resume`): a hand added at the end folds only the game in
play, not the match from its first hand.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from flask import current_app, g, has_app_context, has_request_context
from sqlalchemy import inspect, select

from referee import games as formats
from referee.games import find_format
from referee.games.base import Board, Format, Line, NextHand, StoredHand, Table
from referee.games.presets import Preset
from referee.games.resume import Folded, resume
from referee.games.summary import SUMMARY_VERSION, summary_of
from referee.models import Hand, db
from referee.rules import budget
from referee.rules.errors import InputError
from referee.rules.ruleset import Ruleset

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
    return _rules_from(match.rules_json)


@functools.lru_cache(maxsize=256)
def _rules_from(text: str) -> Ruleset:
    """A match's frozen rules, read once per distinct text (a club's matches share a few)."""
    return Ruleset.from_json(text)


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
    """The table the match is played at: its frozen rules, players, cut, stake and setup."""
    return Table(
        rules_of(match),
        tuple(match.names),
        match.cut,
        Decimal(match.stake_per_point or 0),
        match.setup,
    )


def _fold(match: Match, hands: list[StoredHand], previous: Folded | None = None) -> Board:
    with budget.charged_to(fold_budget()):
        return resume(format_of(match), table_of(match), hands, previous)


def folded_short() -> bool:
    """Whether this request's folds ran out of their budget (some hands went unruled)."""
    total = fold_budget()
    return total is not None and total.spent >= total.limit


def fold_budget() -> budget.Budget | None:
    """The search all the folds of this request may take together (``FOLD_BUDGET`` nodes):
    a worker that has not ruled a match's hands yet re-rules them all, and a match of many
    hands each just within the ruling budget must not keep it busy for seconds. Past it the
    remaining hands read as too complex to rule here, that board is not kept, and the next
    request goes on from the rulings this one kept. None outside a request or with no limit."""
    if not has_request_context():
        return None
    nodes = current_app.config.get("FOLD_BUDGET")
    if nodes is None:
        return None
    if "fold_budget" not in g:
        g.fold_budget = budget.Budget(int(nodes))
    total: budget.Budget = g.fold_budget
    return total


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
    if folded_short():  # hands left unruled for want of this request's budget: not kept
        return folded.board
    kept = _kept()
    if pending and has_request_context():
        _pending()[key] = folded
    elif not pending and kept is not None:
        kept.put(key, folded)
    return folded.board


@dataclass(frozen=True)
class MatchHead:
    """What a reader of many matches needs of each beside its board (no ORM object)."""

    id: int
    revision: int
    variant: str
    created_at: dt.datetime
    currency: str


BATCH = 500  # matches read per query when folding many


def build_many(ids: Sequence[int]) -> dict[int, tuple[MatchHead, Board]]:
    """The boards of the matches ``ids``, as :func:`build` gives them one by one, read in a
    few queries per :data:`BATCH` matches (their columns, seats and live hands as plain rows,
    never ORM objects) and folded once per revision (a kept fold is reused). A club's
    statistics and ladder read every match of the club this way."""
    from referee.models import Match, Player

    out: dict[int, tuple[MatchHead, Board]] = {}
    kept = _kept()
    for start in range(0, len(ids), BATCH):
        chunk = list(ids[start : start + BATCH])
        heads = db_rows(
            select(
                Match.id,
                Match.revision,
                Match.variant,
                Match.created_at,
                Match.currency,
                Match.rules_json,
                Match.cut,
                Match.stake_per_point,
                Match.setup,
            ).where(Match.id.in_(chunk))
        )
        todo = []
        for row in heads:
            head = MatchHead(
                row.id, row.revision or 0, row.variant, row.created_at, row.currency or ""
            )
            found = kept.get((row.id, head.revision)) if kept is not None else None
            if found is not None:
                out[row.id] = (head, found.board)
            else:
                todo.append((head, row))
        if not todo:
            continue
        wanted = [head.id for head, _ in todo]
        names: dict[int, list[str]] = {i: [] for i in wanted}
        for match_id, name in db_rows(
            select(Player.match_id, Player.name)
            .where(Player.match_id.in_(wanted))
            .order_by(Player.match_id, Player.seat)
        ):
            names[match_id].append(name)
        hands: dict[int, list[StoredHand]] = {i: [] for i in wanted}
        columns = ("dealer_seat", "kind", "entry", "note", "stop_after")
        for row in db_rows(
            select(
                Hand.match_id,
                Hand.id,
                Hand.version,
                Hand.created_at,
                Hand.edited_at,
                Hand.seq,
                Hand.data,
                *(getattr(Hand, c) for c in columns),
            )
            .where(Hand.match_id.in_(wanted), Hand.deleted_at.is_(None))
            .order_by(Hand.match_id, Hand.seq)
        ):
            match_id, hand_id, version, created_at, edited_at, seq, data, *values = row
            by_name = dict(zip(columns, values, strict=True))
            record = HandRecord(hand_id, version, by_name["note"], created_at, edited_at, seq)
            hands[match_id].append(StoredHand(Hand.fields_of_row(by_name, data), record))
        for head, row in todo:
            table = Table(
                _rules_from(row.rules_json),
                tuple(names[head.id]),
                row.cut,
                Decimal(row.stake_per_point or 0),
                row.setup,
            )
            board = find_format(head.variant or "two_handed").fold(hands[head.id], table)
            if kept is not None:
                kept.put((head.id, head.revision), Folded(tuple(hands[head.id]), board))
            out[head.id] = (head, board)
    return out


def db_rows(query: Any) -> list[Any]:
    return list(db.session.execute(query).all())


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
