"""Downloads and imports: a match as CSV or JSON or a printable paper score sheet (its view
link is enough to read it), and a match file imported as a new match, on a page and through
the API.

``GET /m/<id>/export.csv``, ``GET /m/<id>/export.json``; ``GET/POST /import``;
``GET /api/v1/matches/<id>/export`` (``?as=csv`` for the CSV) and ``POST
/api/v1/matches/import`` (the match file as the body: 201 with the new match's id and edit
token, or 400 ``{"error": {"field", "reason"}}`` with nothing stored).
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

from flask import (
    Blueprint,
    Response,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers.response import Response as WerkzeugResponse

from referee.api.errors import fail
from referee.forms import ActionForm
from referee.models import Match
from referee.services import transfer
from referee.throttle import anonymous_write
from referee.views.access import claim_url, load_match, remember

bp = Blueprint("transfer", __name__)
api_bp = Blueprint("transfer_api", __name__, url_prefix="/api/v1")


def _download(body: str, mimetype: str, match: Match, suffix: str) -> Response:
    name = f"gin-{transfer.export_names(match.names)}-{match.view_id}.{suffix}"
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": attachment(name)})


def attachment(name: str) -> str:
    """A download's Content-Disposition for any name (RFC 6266): a plain-ASCII ``filename``
    every client reads, and the name itself as ``filename*`` in UTF-8 (RFC 5987) when it is
    not ASCII. A header outside Latin-1 is refused by the WSGI server.

    >>> attachment("gin-Ann-Ben.csv")
    'attachment; filename="gin-Ann-Ben.csv"'
    >>> print(attachment("gin-Анна-Éric.csv"))
    attachment; filename="gin-Eric.csv"; filename*=UTF-8''gin-%D0%90%D0%BD%D0%BD%D0%B0-%C3%89ric.csv
    """
    fallback = _ascii(name)
    header = f'attachment; filename="{fallback}"'
    return header if fallback == name else header + "; filename*=UTF-8''" + quote(name, safe="")


def _ascii(name: str) -> str:
    """The name in ASCII: accents dropped from their letters, other scripts left out."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"-{2,}", "-", text.replace('"', "").replace("\\", ""))


@bp.get("/m/<view_id>/export.csv")
def match_csv(view_id: str) -> Response:
    match = load_match(view_id)
    return _download(transfer.match_csv(match), "text/csv", match, "csv")


@bp.get("/m/<view_id>/export.json")
def match_json(view_id: str) -> Response:
    match = load_match(view_id)
    return _download(
        transfer.json_text(transfer.match_file(match)), "application/json", match, "json"
    )


@bp.get("/m/<view_id>/sheet")
def score_sheet(view_id: str) -> str:
    """The match as a paper Gin pad, to print (a format of several games at once: its sheet
    of a column per game)."""
    from referee.games.presets import UnknownPresetError, get_preset
    from referee.services import board as board_service

    match = load_match(view_id)
    try:
        preset = get_preset(match.preset)
    except UnknownPresetError:
        preset = None
    board = board_service.build(match)
    return render_template("score_sheet.html", match=match, board=board, preset=preset)


@bp.route("/import", methods=["GET", "POST"])
@anonymous_write
def import_page() -> str | WerkzeugResponse | tuple[str, int]:
    form = ActionForm()
    if request.method == "GET":
        return render_template("import.html", form=form, problem=None)
    if not form.validate_on_submit():
        return render_template(
            "import.html", form=form, problem=_("The form expired: try again.")
        ), 400
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return render_template("import.html", form=form, problem=_("Choose a file first.")), 400
    data = upload.read()
    if not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        # not a match file at all: say which file to choose, not what a parser thinks
        csv = b"," in data.split(b"\n", 1)[0]
        problem = (
            _(
                "This is the CSV download (a row per hand, for a spreadsheet): it cannot be "
                "imported. Choose the match's JSON download instead."
            )
            if csv
            else _("This is not a match file: choose the match's JSON download.")
        )
        return render_template("import.html", form=form, problem=problem), 400
    try:
        match, token = transfer.import_match(transfer.load_json(data))
    except transfer.ImportRefused as e:
        return render_template(
            "import.html", form=form, problem=_("Not imported: %(reason)s", reason=str(e))
        ), 400
    remember(match, token)
    flash(_("Imported as a new match with its own links; this browser keeps its edit link."), "ok")
    return redirect(url_for("matches.scoreboard", view_id=match.view_id))


@api_bp.get("/matches/<view_id>/export")
def api_export(view_id: str) -> Response:
    match = load_match(view_id)
    if request.args.get("as") == "csv":
        return _download(transfer.match_csv(match), "text/csv", match, "csv")
    return jsonify(transfer.match_file(match))


@api_bp.post("/matches/import")
@anonymous_write
def api_import() -> tuple[Response, int]:
    try:
        match, token = transfer.import_match(transfer.load_json(request.get_data()))
    except transfer.ImportRefused as e:
        fail(400, e.where or None, e.reason)
    return (
        jsonify(
            {
                "id": match.view_id,
                "edit_token": token,
                "view_url": url_for("matches.scoreboard", view_id=match.view_id, _external=True),
                "edit_url": claim_url(match, token),
            }
        ),
        201,
    )
