"""The installable, offline app: the service worker at the site's root (so its scope is every
page), the page shown for a page this phone never opened, what each match page tells the
phone's offline queue (its match, revision, hand count, when it was drawn), and how a hand
the phone kept is read when it is sent (by the match's own entry form).

The service worker's cache is named after a fingerprint of every file in ``static/`` and of
the worker itself: a deploy that changes any of them installs a new cache and drops the old.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import mimetypes
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, current_app, render_template, url_for
from flask_wtf.csrf import generate_csrf
from werkzeug.datastructures import MultiDict

from referee.games.base import Board
from referee.models import Match
from referee.rules.errors import InputError
from referee.views.access import can_edit
from referee.views.entry_pages import entry_page

# Python's table lacks the web app manifest's type before 3.13; browsers want it exact.
mimetypes.add_type("application/manifest+json", ".webmanifest")

bp = Blueprint("offline", __name__)

WORKER = "sw.js"
"""The worker's source in ``static/``; served at ``/sw.js`` with its version and shell."""


def shell(static_folder: str) -> tuple[str, tuple[str, ...]]:
    """The cache version (a fingerprint of every static file) and the app shell's URLs.

    Files are read again only when one changed (by its size and time), so a request for the
    worker costs a directory listing."""
    root = Path(static_folder)
    files = sorted(p for p in root.rglob("*") if p.is_file())
    stamp = tuple((p.as_posix(), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    return _fingerprint(static_folder, stamp)


@lru_cache(maxsize=8)
def _fingerprint(
    static_folder: str, stamp: tuple[tuple[str, int, int], ...]
) -> tuple[str, tuple[str, ...]]:
    root = Path(static_folder)
    digest = hashlib.sha256()
    urls = []
    for name, _, _ in stamp:
        path = Path(name)
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
        if path.name != WORKER:
            urls.append("/static/" + path.relative_to(root).as_posix())
    return digest.hexdigest()[:12], tuple(urls)


@bp.get("/sw.js")
def service_worker() -> Response:
    folder = current_app.static_folder
    assert folder is not None
    version, urls = shell(folder)
    source = (Path(folder) / WORKER).read_text(encoding="utf-8")
    source = source.replace('"__VERSION__"', json.dumps(version))
    source = source.replace('["__SHELL__"]', json.dumps([*urls, "/offline"]))
    response = Response(source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # a deploy is seen on the next visit
    return response


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
