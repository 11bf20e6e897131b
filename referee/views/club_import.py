"""A club file imported as a new club: on a page (a file upload) and through the API.

``GET/POST /clubs/import``; ``POST /api/v1/clubs/import`` (the club file as the body: 201
with the new club's id, edit token and links; 200 with the club an earlier import of the same
file made, without a token; or 400 ``{"error": {"field", "reason"}}`` with nothing stored).
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers.response import Response as WerkzeugResponse

from referee.api.errors import fail
from referee.forms import ActionForm
from referee.services import club_transfer, transfer
from referee.throttle import anonymous_write
from referee.views.access import can_edit, remember

bp = Blueprint("club_import", __name__)
api_bp = Blueprint("club_import_api", __name__, url_prefix="/api/v1")


def _page(problem: str | None, status: int = 200) -> tuple[str, int]:
    return render_template("club_import.html", form=ActionForm(), problem=problem), status


def _browser() -> str | None:
    """This browser, as its signed session names it (None: no session yet)."""
    device = session.get("device")
    return device if isinstance(device, str) else None


@bp.route("/clubs/import", methods=["GET", "POST"])
@anonymous_write
def import_page() -> str | WerkzeugResponse | tuple[str, int]:
    if request.method == "GET":
        return _page(None)
    if not ActionForm().validate_on_submit():
        return _page(_("The form expired: try again."), 400)
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _page(_("Choose a file first."), 400)
    try:
        # the club this file made before is shown to a browser that can change it; anyone
        # else gets a club of their own (the first to import a file cannot block its owner)
        done = club_transfer.import_club(
            transfer.load_json(upload.read()), reuse=can_edit, importer=_browser()
        )
    except transfer.ImportRefused as e:
        # the reason is the file check's own English (its field and what it needs)
        return _page(_("Not imported: %(reason)s", reason=str(e)), 400)
    if done.token is None:
        flash(_("This file was imported before: here is the club it made."), "ok")
    else:
        remember(done.club, done.token)  # its link opens the club's matches too
        flash(
            _(
                "Imported as a new club with its own links; this browser keeps its edit link, "
                "which opens its matches too."
            ),
            "ok",
        )
    return redirect(url_for("clubs.club_page", view_id=done.club.view_id))


@api_bp.post("/clubs/import")
@anonymous_write
def api_import() -> tuple[Response, int]:
    from referee.views.clubs import club_edit_url, club_url

    try:
        # the same file again finds the club it made (a retry after a lost answer), unless
        # ?as_new=1 asks for a club of its own (a file someone else imported first)
        as_new = request.args.get("as_new") in ("1", "true")
        done = club_transfer.import_club(
            transfer.load_json(request.get_data()), reuse=lambda club: not as_new
        )
    except transfer.ImportRefused as e:
        fail(400, e.where or None, e.reason)
    body = {
        "id": done.club.view_id,
        "name": done.club.name,
        "view_url": club_url(done.club),
        "matches": done.matches,
        "already_imported": done.again,
    }
    if done.token is not None:
        body |= {"edit_token": done.token, "edit_url": club_edit_url(done.club, done.token)}
    return jsonify(body), 200 if done.again else 201
