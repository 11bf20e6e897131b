"""Home, new match, scoreboard, the edit link, and undo."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from sqlalchemy import func, select
from werkzeug.wrappers import Response

from referee.forms import ActionForm, ScorerForm, new_match_form
from referee.models import Hand, Match, MatchStatus, db
from referee.rules.ruleset import FIELD_HELP
from referee.rules.variants import DEFAULT_PRESET, get_preset
from referee.services import board as board_service
from referee.services import matches as match_service
from referee.services import threehand
from referee.services.entry import EntryError
from referee.services.matches import Conflict

from . import threehand as threehand_views
from .access import (
    can_edit,
    editable_ids,
    load_match,
    remember,
    remember_scorer,
    require_edit,
    web_actor,
)
from .flow import attach_error, parse_int, reload_preset

bp = Blueprint("matches", __name__)
T = TypeVar("T")


@bp.get("/")
def home() -> str:
    counts = (
        select(Hand.match_id, func.count(Hand.id).label("n"))
        .where(Hand.deleted_at.is_(None))
        .group_by(Hand.match_id)
        .subquery()
    )
    lists = {}
    for status in (MatchStatus.IN_PLAY, MatchStatus.FINISHED):
        rows = db.session.execute(
            select(Match, func.coalesce(counts.c.n, 0))
            .outerjoin(counts, counts.c.match_id == Match.id)
            .where(Match.status == status)
            .order_by(Match.updated_at.desc())
            .limit(30)
        ).all()
        lists[status] = rows
    return render_template(
        "home.html",
        in_play=lists[MatchStatus.IN_PLAY],
        finished=lists[MatchStatus.FINISHED],
        mine=editable_ids(),
    )


def _preset_data() -> dict[str, object]:
    return {
        p.name: {
            "description": p.description,
            "rules": p.rules.to_dict(),
            "family": p.family,
            "players": p.players,
        }
        for p in match_service.playable_presets()
    }


@bp.route("/new", methods=["GET", "POST"])
def new_match() -> str | Response | tuple[str, int]:
    form = new_match_form()
    if request.method == "GET":
        preset = get_preset(request.args.get("preset") or DEFAULT_PRESET)
        form.preset.data = preset.name
        form.rules_from.data = preset.name
        form.fill_rules(preset.rules)
        return _render_new(form)
    if not form.validate_on_submit():
        return _render_new(form), 400
    preset_name = form.preset.data or DEFAULT_PRESET
    if reload_preset(form, preset_name):
        return _render_new(form)
    seats = get_preset(preset_name).players
    try:
        match, token = match_service.create_match(
            [f.data or "" for f in form.player_fields(seats)],
            preset_name,
            form.overrides(),
            form.stake_per_point.data or 0,
        )
    except EntryError as e:
        attach_error(form, e, rules=True, flash_other=True)
        return _render_new(form), 400
    remember(match, token)
    flash("Match started. This browser keeps the edit link; share it only with scorers.", "ok")
    return redirect(url_for("matches.scoreboard", view_id=match.view_id))


def _render_new(form: Any) -> str:
    chosen = _preset_or_none(form.preset.data or DEFAULT_PRESET)
    return render_template(
        "new_match.html",
        form=form,
        presets=match_service.playable_presets(),
        preset_data=_preset_data(),
        help=FIELD_HELP,
        family=getattr(chosen, "family", "two_handed"),
    )


@bp.get("/m/<view_id>")
def scoreboard(view_id: str) -> str:
    match = load_match(view_id)
    if threehand.handles(match):
        return threehand_views.scoreboard(match)
    board = board_service.build(match)
    editor = can_edit(match)
    return render_template(
        "scoreboard.html",
        match=match,
        board=board,
        editor=editor,
        action=ActionForm(revision=match.revision),
        audit=match_service.audit_trail(match),
        undoable=match_service.last_undoable(match) if editor else None,
        edit_link=url_for("matches.claim", view_id=view_id, token="TOKEN", _external=True)
        if editor
        else None,
        view_link=url_for("matches.scoreboard", view_id=view_id, _external=True),
        preset=_preset_or_none(match.preset),
    )


def _preset_or_none(name: str) -> object:
    try:
        return get_preset(name)
    except KeyError:
        return None


@bp.get("/m/<view_id>/edit/<token>")
def claim(view_id: str, token: str) -> Response:
    """The secret edit link: this browser keeps the token, then shows the scoreboard."""
    match = load_match(view_id)
    if not match.check_edit_token(token):
        abort(403)
    remember(match, token)
    flash("This browser can now enter and change hands for this match.", "ok")
    return redirect(url_for("matches.scoreboard", view_id=view_id))


@bp.route("/m/<view_id>/link", methods=["GET", "POST"])
def edit_link(view_id: str) -> str | Response:
    """The edit link itself, shown only to a browser that already holds it; and the name this
    browser's changes carry in the change log."""
    match = load_match(view_id)
    require_edit(match)
    from .access import session_token

    form = ScorerForm(scorer=session.get("scorer") or "")
    if form.validate_on_submit():
        remember_scorer(form.scorer.data or "")
        flash("Saved: your changes carry that name in the change log.", "ok")
        return redirect(url_for("matches.scoreboard", view_id=view_id))
    link = url_for("matches.claim", view_id=view_id, token=session_token(match), _external=True)
    return render_template("edit_link.html", match=match, link=link, form=form)


@bp.post("/m/<view_id>/undo")
def undo(view_id: str) -> Response | tuple[str, int]:
    match = load_match(view_id)
    return _match_action(
        match,
        lambda revision: match_service.undo(match, web_actor(), revision),
        lambda entry: f"Undone: {describe(entry, _noun(match))}.",
    )


@bp.post("/m/<view_id>/stop")
def stop(view_id: str) -> Response | tuple[str, int]:
    """Hollywood continuous play: notice to stop after the last deal entered."""
    match = load_match(view_id)
    return _match_action(
        match,
        lambda revision: match_service.give_notice(match, web_actor(), revision),
        lambda hand: (
            f"Notice given after hand {match_service.number_of(match, hand)}: "
            "no new game opens; the open games play out."
        ),
    )


def _match_action(
    match: Match, act: Callable[[int | None], T], done: Callable[[T], str]
) -> Response | tuple[str, int]:
    """A scorer's button on the whole match (undo, notice to stop), at the revision the page
    showed: the match changed meanwhile gives the conflict page."""
    require_edit(match)
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    try:
        result = act(parse_int(form.revision.data))
    except Conflict as e:
        return _conflict(match, e)
    except EntryError as e:
        flash(e.reason, "error")
        return redirect(url_for("matches.scoreboard", view_id=match.view_id))
    flash(done(result), "ok")
    return redirect(url_for("matches.scoreboard", view_id=match.view_id))


def _noun(match: Match) -> str:
    return "deal" if match_service.family_of(match) == "partnership" else "hand"


def describe(entry: object, noun: str = "hand") -> str:
    from referee.models import AuditEntry

    assert isinstance(entry, AuditEntry)
    target = entry
    if entry.undoes_id is not None:
        original = db.session.get(AuditEntry, entry.undoes_id)
        target = original or entry
    data = target.before or target.after or {}
    number = data.get("number")
    label = {"add": "adding", "edit": "the edit of", "delete": "deleting"}.get(target.action, "")
    return f"{label} {noun} {number}" if number else label


def _conflict(match: Match, e: Conflict) -> tuple[str, int]:
    board = board_service.build(match)
    return render_template("conflict.html", match=match, board=board, message=e.message), 409
