"""Conditional reads: a page or answer that has not changed is not sent again.

A match's pages and API reads are functions of the match's revision and of who asks how:
the page's parameters (``?hands=all``, a cursor), whether the viewer may edit (the buttons
shown), and the language the page speaks. :func:`tag_of` makes the ``ETag`` of exactly
those, and :func:`unless_unchanged` answers ``304 Not Modified`` to a client that sends it
back in ``If-None-Match`` without rendering anything — a phone polling an unchanged match
costs one query. A page with a message waiting to be shown (a flash) is always sent whole.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from importlib import metadata

from flask import Response, make_response, request, session
from flask.typing import ResponseReturnValue

from referee.models import Match

try:
    _BUILD = metadata.version("gin-referee")
except metadata.PackageNotFoundError:  # running from a checkout without installing
    _BUILD = "dev"


def _language() -> str:
    """What chooses the page's language: ``?lang=`` (in the parameters), the choice kept in
    the session, else the browser's ``Accept-Language``."""
    kept = session.get("lang")
    return kept if isinstance(kept, str) else request.headers.get("Accept-Language", "")


def tag_of(match: Match, *, editor: bool = False, kind: str = "page") -> str:
    """The ETag of a read of ``match`` at its revision: ``kind`` (which page or answer), the
    request's parameters, the viewer's edit right and language, and the app's build."""
    params = "&".join(f"{k}={v}" for k, v in sorted(request.args.items(multi=True)))
    parts = [
        kind,
        match.view_id,
        str(match.revision or 0),
        params,
        "edit" if editor else "view",
        _language(),
        _BUILD,
    ]
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:24]
    return f"{match.view_id}-{match.revision or 0}-{digest}"


def unless_unchanged(tag: str, render: Callable[[], ResponseReturnValue]) -> Response:
    """``render()``'s answer tagged ``tag``, or 304 when the client already holds it.
    Browsers are told to ask again each time (``no-cache``) so a reload is never stale."""
    if tag in request.if_none_match and not session.get("_flashes"):
        response = Response(status=304)
    else:
        response = make_response(render())
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache, private"
    return response
