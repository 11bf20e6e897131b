"""The installable, offline app: the service worker at the site's root (so its scope is every
page), the app's manifest, the page shown for a page this phone never opened, what each match
page tells the phone's offline queue (its match, revision, hand count, when it was drawn), and
how a hand the phone kept is read when it is sent (by the match's own entry form).

The service worker's shell (the files it keeps when it installs) is every file in ``static/``
by the URL pages name it with (:func:`referee.assets.static_url`, with its content's digest),
and its cache is named after that list and the worker itself: a deploy that changes any file
changes the list, installs a new cache and drops the old.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Flask, Response, abort, current_app, render_template, url_for
from flask_wtf.csrf import generate_csrf
from werkzeug.datastructures import MultiDict

from referee import assets
from referee.assets import static_url
from referee.games.base import Board
from referee.models import Match
from referee.rules.errors import InputError
from referee.views.access import can_edit
from referee.views.entry_pages import entry_page

bp = Blueprint("offline", __name__)

WORKER = "sw.js"
"""The worker's source in ``static/``; served at ``/sw.js`` with its version and shell."""
MANIFEST = "manifest.webmanifest"
"""The manifest's source in ``static/``; served at ``/manifest.webmanifest`` with its icons'
URLs through :func:`static_url` (the source names them relative to ``static/``)."""


def shell() -> tuple[str, list[str]]:
    """The worker's cache version and the app shell's URLs: every static file but the worker
    by its URL with digest, and the offline page. The version is a digest of the list and the
    worker's own source, so it changes whenever the list does."""
    folder = current_app.static_folder
    assert folder is not None
    urls = [static_url(name) for name in assets.names(folder) if name != WORKER]
    urls.append(url_for("offline.offline_page"))
    worker = assets.find(folder, WORKER)
    assert worker is not None
    digest = hashlib.sha256("\n".join([worker.digest, *urls]).encode())
    return digest.hexdigest()[:12], urls


@bp.get("/sw.js")
def service_worker() -> Response:
    folder = current_app.static_folder
    worker = assets.find(folder, WORKER) if folder else None
    assert worker is not None
    version, urls = shell()
    source = worker.data.decode("utf-8")
    source = source.replace('"__VERSION__"', json.dumps(version))
    source = source.replace('["__SHELL__"]', json.dumps(urls))
    served = assets.StaticFile(WORKER, source.encode("utf-8"), worker.mtime)
    return assets.send(served, "no-cache")  # a deploy is seen on the next visit


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, its icons named by their URLs with digest."""
    folder = current_app.static_folder
    source = assets.find(folder, MANIFEST) if folder else None
    if source is None:
        abort(404)
    body = json.loads(source.data)
    for icon in body.get("icons", []):
        icon["src"] = static_url(icon["src"])
    text = json.dumps(body, ensure_ascii=False, indent=1) + "\n"
    served = assets.StaticFile(MANIFEST, text.encode("utf-8"), source.mtime)
    return assets.send(served, "no-cache")


@bp.get("/offline")
def offline_page() -> str:
    """What the phone shows for a page it never opened while there is no connection."""
    return render_template("offline.html")


def page_state(match: Match, hands: int) -> dict[str, str]:
    """What a match page tells the phone's offline queue, as ``data-`` attributes: the
    match as this page drew it (a copy the phone keeps says how old it is), and for a scorer
    the CSRF token that lets the queue send with this browser's edit right."""
    editor = can_edit(match)
    return {
        "data-match": match.view_id,
        "data-scoreboard": url_for("matches.scoreboard", view_id=match.view_id),
        "data-revision": str(match.revision or 0),
        "data-hands": str(hands),
        "data-drawn": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "data-editor": "1" if editor else "",
        "data-csrf": generate_csrf() if editor else "",
    }


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["offline_state"] = page_state


def form_fields(board: Board, sent: Any) -> dict[str, Any]:
    """A hand a phone kept offline, sent as its entry form's fields (``{"name": "value"}``,
    a list for a field sent more than once), read by the very form the match's page uses:
    the same checks and the same stored fields as a hand saved on the page. Raises
    :class:`InputError` naming the form's field."""
    if not isinstance(sent, dict):
        raise InputError("fields", "an object of the entry form's fields")
    pairs: list[tuple[str, str]] = []
    for name, value in sent.items():
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str) for v in values):
            raise InputError(str(name), "a form field's value is text")
        pairs.extend((str(name), v) for v in values)
    page = entry_page(board.format)
    form = page.form(formdata=MultiDict(pairs), meta={"csrf": False})
    page.seat(form, board, len(board.lines))
    if not form.validate():
        field, reason = _first_error(form.errors)
        raise InputError(field, reason)
    return dict(form.entry_fields())


def _first_error(errors: Mapping[str | None, Any]) -> tuple[str | None, str]:
    """The first of a form's errors as (field, reason); ``None`` is the form as a whole."""
    for name, reasons in errors.items():
        first = reasons[0] if isinstance(reasons, list | tuple) and reasons else reasons
        return name, str(first)
    return None, "is not valid"
