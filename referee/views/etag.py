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
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from importlib import metadata

from flask import Response, current_app, g, make_response, request, session
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from referee import assets
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


def _files() -> str:
    """The static files the page names by their digests (a deploy that changes one draws the
    page again)."""
    folder = current_app.static_folder
    return assets.fingerprint(folder) if folder else ""


def tag_of(
    match: Match, *, editor: bool = False, kind: str = "page", params: Iterable[str] = ()
) -> str:
    """The ETag of a read of ``match`` at its revision: ``kind`` (which page or answer), the
    request's path, the site it was asked of (a page's links and QR code name it), the query
    ``params`` the read depends on (any others are ignored, so they neither split the page
    cache nor reach a cached page's links), the viewer's edit right and language, the app's
    build and its static files (the page names them by their digests)."""
    wanted = set(params)
    g.read_params = wanted
    query = "&".join(f"{k}={v}" for k, v in sorted(request.args.items(multi=True)) if k in wanted)
    parts = [
        kind,
        request.host_url,
        request.path,
        match.view_id,
        str(match.revision or 0),
        query,
        "edit" if editor else "view",
        _language(),
        _BUILD,
        _files(),
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
    """The pages (and API reads) last drawn for viewers, by their ETag: what a viewer may see
    is a function of its tag (the site, the match's revision, the parameters, the language, no
    edit right), so every spectator of an unchanged match gets it drawn once. Bounded in
    pages and in bytes: one long match's pages are large, and a worker's memory is what a
    cache of them costs."""

    def __init__(self, size: int, most_bytes: int) -> None:
        self.size, self.most_bytes = size, most_bytes
        self.bytes = 0
        self._pages: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, tag: str) -> str | None:
        with self._lock:
            page = self._pages.get(tag)
            if page is not None:
                self._pages.move_to_end(tag)
            return page

    def put(self, tag: str, page: str) -> None:
        cost = sys.getsizeof(page)
        if cost > self.most_bytes:
            return  # larger than the whole cache: drawn each time
        with self._lock:
            old = self._pages.pop(tag, None)
            if old is not None:
                self.bytes -= sys.getsizeof(old)
            self._pages[tag] = page
            self.bytes += cost
            while len(self._pages) > self.size or self.bytes > self.most_bytes:
                _, dropped = self._pages.popitem(last=False)
                self.bytes -= sys.getsizeof(dropped)


def drawn_once(tag: str, draw: Callable[[], str]) -> str:
    """A viewer's page with this ``tag``: drawn once per process (at most ``PAGE_CACHE_SIZE``
    pages and ``PAGE_CACHE_BYTES`` bytes kept), then reused; a page with a message waiting (a
    flash) is always drawn."""
    size = int(current_app.config.get("PAGE_CACHE_SIZE", 0) or 0)
    most_bytes = int(current_app.config.get("PAGE_CACHE_BYTES", 0) or 0)
    if size <= 0 or most_bytes <= 0 or session.get("_flashes"):
        return draw()
    cache = current_app.extensions.get("referee.pages")
    if not isinstance(cache, PageCache):
        cache = current_app.extensions["referee.pages"] = PageCache(size, most_bytes)
    page = cache.get(tag)
    if page is None:
        page = draw()
        if not board_service.folded_short():  # hands left unruled: drawn again next time
            cache.put(tag, page)
    return page
