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
import threading
from collections import OrderedDict
from collections.abc import Callable
from importlib import metadata

from flask import Response, current_app, make_response, request, session
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from referee.models import Match
from referee.services import board as board_service

try:
    _BUILD = metadata.version("gin-referee")
except metadata.PackageNotFoundError:  # running from a checkout without installing
    _BUILD = "dev"


def _language() -> str:
    """The language the page speaks, as chosen (``?lang=``, the kept choice, else the
    browser's ``Accept-Language``)."""
    return str(get_locale() or "")


def tag_of(match: Match, *, editor: bool = False, kind: str = "page") -> str:
    """The ETag of a read of ``match`` at its revision: ``kind`` (which page or answer), the
    request's path and parameters, the viewer's edit right and language, and the app's
    build."""
    params = "&".join(f"{k}={v}" for k, v in sorted(request.args.items(multi=True)))
    parts = [
        kind,
        request.path,
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


class PageCache:
    """The last ``size`` pages (and API reads) drawn for viewers, by their ETag: what a viewer
    may see is a function of its tag (the match's revision, the parameters, the language, no
    edit right), so every spectator of an unchanged match gets it drawn once."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._pages: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, tag: str) -> str | None:
        with self._lock:
            page = self._pages.get(tag)
            if page is not None:
                self._pages.move_to_end(tag)
            return page

    def put(self, tag: str, page: str) -> None:
        with self._lock:
            self._pages[tag] = page
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)


def drawn_once(tag: str, draw: Callable[[], str]) -> str:
    """A viewer's page with this ``tag``: drawn once per process (``PAGE_CACHE_SIZE`` pages
    kept), then reused; a page with a message waiting (a flash) is always drawn."""
    size = int(current_app.config.get("PAGE_CACHE_SIZE", 0) or 0)
    if size <= 0 or session.get("_flashes"):
        return draw()
    cache = current_app.extensions.get("referee.pages")
    if not isinstance(cache, PageCache):
        cache = current_app.extensions["referee.pages"] = PageCache(size)
    page = cache.get(tag)
    if page is None:
        page = draw()
        if not board_service.folded_short():  # hands left unruled: drawn again next time
            cache.put(tag, page)
    return page
