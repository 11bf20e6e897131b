"""The matches of this browser (issue 14): the home page lists only the matches this browser
started or opened, kept in its signed session cookie, never the server's other matches; a
scorer archives a match (off the list, under "Archived") or deletes it, with a window in
which "Undo" brings it back."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal

from flask import Blueprint, abort, current_app, flash, redirect, session, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import func, select
from werkzeug.wrappers import Response

from referee.forms import ActionForm
from referee.models import Hand, Match, db, utcnow
from referee.services import board as board_service
from referee.services import matches as match_service
from referee.views.access import can_edit, editable_ids, load_match, require_edit
from referee.web import money as money_text

bp = Blueprint("my_matches", __name__)

SEEN = "seen"
DELETED = "deleted"


def remember_seen(match: Match) -> None:
    """This browser opened ``match``: its home page lists it (newest last; the oldest fall off
    past twice ``REMEMBERED_MATCHES``)."""
    seen = [v for v in _list(SEEN) if v != match.view_id] + [match.view_id]
    cap = 2 * current_app.config["REMEMBERED_MATCHES"]
    if seen != _list(SEEN):
        session[SEEN] = seen[-cap:]
        session.permanent = True


def my_view_ids() -> list[str]:
    """The view ids this browser started, opened or holds an edit link for."""
    return list(dict.fromkeys([*_list(SEEN), *editable_ids()]))


def _list(key: str) -> list[str]:
    value = session.get(key) or []
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def undo_window() -> dt.timedelta:
    return dt.timedelta(seconds=current_app.config["MATCH_UNDO_SECONDS"])


def _aware(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def my_matches(view_ids: Iterable[str]) -> list[tuple[Match, int]]:
    """Those matches (not deleted) with their hand counts, the latest change first."""
    ids = list(view_ids)
    if not ids:
        return []
    counts = (
        select(Hand.match_id, func.count(Hand.id).label("n"))
        .where(Hand.deleted_at.is_(None))
        .group_by(Hand.match_id)
        .subquery()
    )
    rows = db.session.execute(
        select(Match, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.match_id == Match.id)
        .where(Match.view_id.in_(ids), Match.deleted_at.is_(None))
        .order_by(Match.updated_at.desc())
    ).all()
    return [(m, n) for m, n in rows]


def recently_deleted() -> list[Match]:
    """Matches this browser deleted whose undo window is still open."""
    ids = _list(DELETED)
    if not ids:
        return []
    since = utcnow() - undo_window()
    rows = db.session.scalars(select(Match).where(Match.view_id.in_(ids))).all()
    return [m for m in rows if m.deleted_at is not None and _aware(m.deleted_at) > since]


def result_line(match: Match) -> str:
    """A finished match's result in one line, from the summary kept with it (no fold): who
    won the game on show, the final totals, and who pays whom."""
    kept = board_service.summary(match)
    sides = kept["sides"]
    if kept["sheet"]:
        return "Totals " + " – ".join(str(t) for t in kept["match_totals"])
    if kept["winner"] is None:
        text = "A tie"
    else:
        text = f"{sides[kept['winner']]} won " + " – ".join(str(t) for t in kept["finals"])
    payer, payee = kept["payer"], kept["payee"]
    amount = Decimal(kept["amount"]) if kept["amount"] is not None else None
    if payer is not None and payee is not None and amount:
        text += f" · {sides[payer]} pays {sides[payee]} {money_text(amount, match.currency)}"
    return text


def _action(view_id: str) -> Match:
    match = load_match(view_id)
    require_edit(match)
    if not ActionForm().validate_on_submit():
        abort(400)
    return match


@bp.post("/m/<view_id>/archive")
def archive(view_id: str) -> Response:
    """Archive the match (or bring it back from the archive): it stays readable by its links."""
    match = _action(view_id)
    match.archived_at = None if match.archived_at else utcnow()
    db.session.commit()
    flash(_("Match archived.") if match.archived_at else _("Match back from the archive."), "ok")
    return redirect(url_for("matches.home"))


@bp.post("/m/<view_id>/delete")
def delete(view_id: str) -> Response:
    """Delete the match for everyone; "Undo" on the home page brings it back for a while."""
    match = _action(view_id)
    match.deleted_at = utcnow()
    db.session.commit()
    match_service.purge_deleted(undo_window())  # those whose window has closed go for good
    session[DELETED] = [*[v for v in _list(DELETED) if v != view_id], view_id][-10:]
    minutes = int(undo_window().total_seconds() // 60)
    flash(
        ngettext(
            "Match deleted. Undo on this page brings it back for %(num)d minute.",
            "Match deleted. Undo on this page brings it back for %(num)d minutes.",
            minutes,
        ),
        "ok",
    )
    return redirect(url_for("matches.home"))


@bp.post("/m/<view_id>/restore")
def restore(view_id: str) -> Response:
    """Undo a delete within the window (the same browser, still holding the edit link)."""
    match = db.session.scalar(select(Match).where(Match.view_id == view_id))
    if match is None or match.deleted_at is None:
        abort(404)
    if not can_edit(match):
        abort(403)
    if not ActionForm().validate_on_submit():
        abort(400)
    if _aware(match.deleted_at) <= utcnow() - undo_window():
        flash(_("Too late to undo: the match is deleted."), "error")
        return redirect(url_for("matches.home"))
    match.deleted_at = None
    db.session.commit()
    session[DELETED] = [v for v in _list(DELETED) if v != view_id]
    flash(_("Match brought back."), "ok")
    return redirect(url_for("matches.scoreboard", view_id=view_id))
