"""Home, new match, scoreboard, the edit link, and undo."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

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
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from referee.forms import (
    ActionForm,
    ClaimForm,
    ScorerForm,
)
from referee.i18n import say
from referee.models import Match, MatchStatus, db
from referee.rules.errors import InputError
from referee.services import board as board_service
from referee.services import matches as match_service
from referee.services.matches import Conflict
from referee.throttle import anonymous_write
from referee.views import my_matches
from referee.views import new_match as new_match_page
from referee.views.access import (
    can_edit,
    claim_url,
    editable_ids,
    forget,
    load_match,
    remember,
    remember_scorer,
    require_edit,
    token_from,
    web_actor,
)
from referee.views.etag import drawn_once, tag_of, unless_unchanged
from referee.views.flow import parse_int
from referee.views.new_match import preset_or_none

bp = Blueprint("matches", __name__)
T = TypeVar("T")


@bp.get("/")
def home() -> str:
    """This browser's matches only (started, opened or scored here); a fresh browser sees
    none of the server's matches."""
    rows = my_matches.my_matches(my_matches.my_view_ids())
    live = [(m, n) for m, n in rows if m.archived_at is None]
    return render_template(
        "home.html",
        in_play=[(m, n) for m, n in live if m.status != MatchStatus.FINISHED],
        finished=[
            (m, n, my_matches.result_line(m)) for m, n in live if m.status == MatchStatus.FINISHED
        ],
        archived=[(m, n) for m, n in rows if m.archived_at is not None],
        deleted=my_matches.recently_deleted(),
        mine=editable_ids(),
        action=ActionForm(),
    )


@bp.route("/new", methods=["GET", "POST"])
@anonymous_write
def new_match() -> str | Response | tuple[str, int]:
    """The new-match page of the game asked for (``?preset=``), with the game picker."""
    return new_match_page.answer()


bp.add_app_template_global(new_match_page.picker, "game_picker")


AUDIT_SHOWN = 20  # the latest changes a scoreboard lists
AUDIT_ALL = 200  # ... and with ?audit=all
SCOREBOARD_PARAMS = ("audit", "hands")  # what the scoreboard reads of its query


@bp.get("/m/<view_id>")
def scoreboard(view_id: str) -> Response:
    """The scoreboard; unchanged since the browser's copy (its ETag), a 304 that renders
    nothing."""
    match = load_match(view_id)
    editor = can_edit(match)
    my_matches.remember_seen(match)

    tag = tag_of(match, editor=editor, kind="scoreboard", params=SCOREBOARD_PARAMS)

    def render() -> str:
        board = board_service.build(match)
        audit = match_service.audit_trail(
            match, AUDIT_ALL if request.args.get("audit") == "all" else AUDIT_SHOWN
        )
        audit_total = match_service.audit_count(match) if len(audit) == AUDIT_SHOWN else len(audit)
        return render_template(
            board.format.template_file("scoreboard"),
            match=match,
            board=board,
            editor=editor,
            action=ActionForm(revision=match.revision),
            audit=audit,
            audit_total=audit_total,
            undoable=match_service.last_undoable(match) if editor else None,
            redoable=match_service.last_redoable(match) if editor else None,
            view_link=url_for("matches.scoreboard", view_id=view_id, _external=True),
            preset=preset_or_none(match.preset),
            watch={"etag": f'"{tag}"'},  # as the ETag header quotes it
        )

    if editor:  # a scorer's page carries their CSRF token and buttons: drawn each time
        return unless_unchanged(tag, render)
    return unless_unchanged(tag, lambda: drawn_once(tag, render))


@bp.get("/m/<view_id>/settlement")
def settlement(view_id: str) -> str | Response:
    """Payouts game by game, for the formats that settle between several players."""
    match = load_match(view_id)
    board = board_service.build(match)
    if not board.format.settlement_page:
        return redirect(url_for("matches.scoreboard", view_id=view_id))
    return render_template("three_handed/settlement.html", match=match, board=board)


@bp.get("/m/<view_id>/edit/<token>")
def claim(view_id: str, token: str) -> Response:
    """The secret edit link: this browser keeps the token, then shows the scoreboard."""
    match = load_match(view_id)
    if not match.check_edit_token(token):
        abort(403)
    remember(match, token)
    flash(_("This browser can now enter and change hands for this match."), "ok")
    return redirect(url_for("matches.scoreboard", view_id=view_id))


@bp.route("/m/<view_id>/edit", methods=["GET", "POST"])
def claim_page(view_id: str) -> str | Response | tuple[str, int]:
    """The edit link ``/m/<id>/edit#<token>``: the page posts the token from the fragment
    (the script does it at once; without it, the scorer pastes the link)."""
    match = load_match(view_id)
    form = ClaimForm()
    if request.method == "POST":
        if not form.validate_on_submit():
            return render_template("claim.html", match=match, form=form), 400
        token = token_from(form.token.data or "")
        if not match.check_edit_token(token):
            form.token.errors = ["That is not this match's edit link (or it was replaced)."]
            return render_template("claim.html", match=match, form=form), 403
        remember(match, token)
        flash(_("This browser can now enter and change hands for this match."), "ok")
        return redirect(url_for("matches.scoreboard", view_id=view_id))
    return render_template("claim.html", match=match, form=form)


@bp.post("/m/<view_id>/forget")
def sign_out(view_id: str) -> Response:
    """Sign this phone out of the match: it keeps no edit link for it."""
    match = load_match(view_id)
    if not ActionForm().validate_on_submit():
        abort(400)
    forget(match)
    flash(_("This phone is signed out of the match: it can watch, not enter hands."), "ok")
    return redirect(url_for("matches.scoreboard", view_id=view_id))


@bp.post("/m/<view_id>/link/replace")
def replace_link(view_id: str) -> Response:
    """A new edit link; the old one stops working on every phone that holds it."""
    match = load_match(view_id)
    require_edit(match)
    if not ActionForm().validate_on_submit():
        abort(400)
    token = Match.new_token()
    match.set_edit_token(token)
    db.session.commit()
    remember(match, token)
    flash(
        _(
            "The edit link was replaced: the old one no longer works anywhere. Give the new one "
            "to the scorers who should keep entering hands."
        ),
        "ok",
    )
    return redirect(url_for("matches.edit_link", view_id=view_id))


@bp.route("/m/<view_id>/link", methods=["GET", "POST"])
def edit_link(view_id: str) -> str | Response:
    """The edit link itself, shown only to a browser that already holds it; and the name this
    browser's changes carry in the change log."""
    match = load_match(view_id)
    require_edit(match)
    from referee.views.access import session_token

    form = ScorerForm(scorer=session.get("scorer") or "")
    if form.validate_on_submit():
        remember_scorer(form.scorer.data or "")
        flash(_("Saved: your changes carry that name in the change log."), "ok")
        return redirect(url_for("matches.scoreboard", view_id=view_id))
    token = session_token(match)
    link = claim_url(match, token) if token else None
    return render_template("edit_link.html", match=match, link=link, form=form, action=ActionForm())


@bp.post("/m/<view_id>/undo")
def undo(view_id: str) -> Response | tuple[str, int]:
    match = load_match(view_id)
    return _match_action(
        match,
        lambda revision: match_service.undo(match, web_actor(), revision),
        lambda entry: undone_text(entry, _noun(match)),
    )


@bp.post("/m/<view_id>/redo")
def redo(view_id: str) -> Response | tuple[str, int]:
    match = load_match(view_id)
    return _match_action(
        match,
        lambda revision: match_service.redo(match, web_actor(), revision),
        lambda entry: redone_text(entry, _noun(match)),
    )


@bp.post("/m/<view_id>/stop")
def stop(view_id: str) -> Response | tuple[str, int]:
    """Notice to stop after the last deal entered, where the format takes notice
    (``Format.takes_notice``: continuous play)."""
    match = load_match(view_id)
    return _match_action(
        match,
        lambda revision: match_service.give_notice(match, web_actor(), revision),
        lambda hand: _(
            "Notice given after hand %(number)s: no new game opens; the open games play out.",
            number=match_service.number_of(match, hand),
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
    except InputError as e:
        flash(say(e), "error")
        return redirect(url_for("matches.scoreboard", view_id=match.view_id))
    flash(done(result), "ok")
    return redirect(url_for("matches.scoreboard", view_id=match.view_id))


def _noun(match: Match) -> str:
    return board_service.format_of(match).noun


def undone_text(entry: object, noun: str = "hand") -> str:
    """What Undo did, as a whole sentence in the reader's language."""
    from referee.models import AuditEntry

    assert isinstance(entry, AuditEntry)
    target = entry
    if entry.undoes_id is not None:
        target = db.session.get(AuditEntry, entry.undoes_id) or entry
    number = (target.before or target.after or {}).get("number")
    deal = noun == "deal"
    if target.action == "add":
        return (
            _("Undone: adding deal %(number)s.", number=number)
            if deal
            else _("Undone: adding hand %(number)s.", number=number)
        )
    if target.action == "edit":
        return (
            _("Undone: the edit of deal %(number)s.", number=number)
            if deal
            else _("Undone: the edit of hand %(number)s.", number=number)
        )
    return (
        _("Undone: deleting deal %(number)s.", number=number)
        if deal
        else _("Undone: deleting hand %(number)s.", number=number)
    )


def redone_text(entry: object, noun: str = "hand") -> str:
    """What Redo did, as a whole sentence in the reader's language."""
    from referee.models import AuditEntry

    assert isinstance(entry, AuditEntry)
    number = (entry.after or entry.before or {}).get("number")
    if noun == "deal":
        return _("Made again: the change to deal %(number)s.", number=number)
    return _("Made again: the change to hand %(number)s.", number=number)


def _conflict(match: Match, e: Conflict) -> tuple[str, int]:
    board = board_service.build(match)
    return render_template("conflict.html", match=match, board=board, message=say(e.said)), 409
