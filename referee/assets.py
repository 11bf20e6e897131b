"""Static files as a real site serves them: every page names a file by a URL that changes
with its content, and that URL is kept by browsers and proxies for a year.

- :func:`static_url` is the one way pages (``static_url('app.css')`` in every template), the
  service worker's list and the manifest name a file in ``static/``:
  ``/static/app.css?v=<digest>``, the first 12 hex digits of the SHA-256 of its content.
- That URL answers with ``Cache-Control: public, max-age=31536000, immutable``. The same
  file asked without ``v``, or with a ``v`` of another content (a page drawn before a deploy),
  is still the current file, sent ``no-cache`` (kept, but asked again each time: its ETag
  answers 304).
- Text (CSS, scripts, SVG, the manifest) is compressed when the request's
  ``Accept-Encoding`` asks: brotli when the ``brotli`` package is installed (the ``server``
  extra), else gzip; each file is compressed once per process, on its first such request.
  The answer varies on ``Accept-Encoding`` only: a file is the same for every session and
  language (:data:`FILE_ENDPOINTS` are left out of the pages' ``Vary: Accept-Language,
  Cookie`` and never touch the session).
- The digests are worked out when the app starts and kept by each file's modification time
  and size: a request costs one ``stat`` per file it names, and a changed file (a deploy,
  an edit while developing) gets a new URL at once.
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import mimetypes
import os
import stat
import time
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Final

from flask import Flask, Response, abort, current_app, request, url_for
from werkzeug.security import safe_join

try:  # optional (the server extra): gzip alone where it is missing
    import brotli as _brotli

    _BROTLI: Callable[[bytes], bytes] | None = _brotli.compress
except ImportError:  # pragma: no cover - the test extra installs it
    _BROTLI = None

# Python's table lacks the web app manifest's type before 3.13; browsers want it exact.
mimetypes.add_type("application/manifest+json", ".webmanifest")

VERSION_ARG: Final = "v"
"""The query parameter of a file's content digest in its URL."""
DIGEST_LENGTH: Final = 12
FOREVER: Final = "public, max-age=31536000, immutable"
"""A URL with the file's digest: its content never changes."""
REVALIDATE: Final = "no-cache"
"""A file asked without its digest (or with an old one): kept, but asked again each time."""
FILE_ENDPOINTS: Final = frozenset({"static", "offline.service_worker", "offline.manifest"})
"""Answers that are files: the same for every session and language (no ``Vary`` on them)."""
_COMPRESSIBLE: Final = ("text/", "application/javascript", "application/json", "image/svg+xml")
_SMALLEST: Final = 256  # bytes: shorter files are sent as they are


class StaticFile:
    """One file of ``static/`` as read: its bytes, type, digest and compressed forms."""

    def __init__(self, name: str, data: bytes, mtime: float) -> None:
        self.name = name
        self.data = data
        self.mtime = mtime
        self.mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
        self.digest = hashlib.sha256(data).hexdigest()[:DIGEST_LENGTH]
        self._encoded: dict[str, bytes | None] = {}

    def encoded(self, coding: str) -> bytes | None:
        """The file compressed with ``coding`` (``br`` or ``gzip``), or ``None`` where that
        would not make it smaller; worked out once."""
        if coding not in self._encoded:
            self._encoded[coding] = compress(self.data, self.mimetype, coding)
        return self._encoded[coding]


_FILES: dict[str, tuple[tuple[int, int], StaticFile]] = {}


def find(folder: str, name: str) -> StaticFile | None:
    """The file ``name`` (``icons/icon-192.png``) of ``folder`` as it is now, or ``None`` (no
    such file, or a name that leaves the folder). Read again only when its modification time
    or size changed."""
    path = safe_join(folder, name)
    if path is None:
        return None
    try:
        info = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    stamp = (info.st_mtime_ns, info.st_size)
    known = _FILES.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    file = StaticFile(name, Path(path).read_bytes(), info.st_mtime)
    _FILES[path] = (stamp, file)
    return file


def names(folder: str) -> list[str]:
    """Every file of ``folder``, as the names :func:`find` takes, in order."""
    root = Path(folder)
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def scan(folder: str) -> None:
    """Read every file once (their digests), as the app starts."""
    for name in names(folder):
        find(folder, name)


_FINGERPRINTS: dict[str, tuple[float, str]] = {}
FINGERPRINT_SECONDS: Final = 2.0
"""How long :func:`fingerprint` trusts its last look at the folder (a page's ETag reads it)."""


def fingerprint(folder: str) -> str:
    """A digest of every file's name and content: it changes when any file does (seen within
    :data:`FINGERPRINT_SECONDS`, so a page read costs no listing of the folder)."""
    now = time.monotonic()
    known = _FINGERPRINTS.get(folder)
    if known is not None and now - known[0] < FINGERPRINT_SECONDS:
        return known[1]
    digest = _fingerprint(tuple((name, _digest(folder, name)) for name in names(folder)))
    _FINGERPRINTS[folder] = (now, digest)
    return digest


@lru_cache(maxsize=16)
def _fingerprint(files: tuple[tuple[str, str], ...]) -> str:
    text = "\n".join(f"{name} {digest}" for name, digest in files)
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_LENGTH]


def _digest(folder: str, name: str) -> str:
    found = find(folder, name)
    return found.digest if found else ""


def static_url(filename: str) -> str:
    """The URL of ``static/<filename>`` with its content's digest (the URL changes when the
    file does); a name that is no file gets its plain URL."""
    folder = current_app.static_folder
    found = find(folder, filename) if folder else None
    if found is None:
        return url_for("static", filename=filename)
    return url_for("static", filename=filename, v=found.digest)  # v: VERSION_ARG


def compress(data: bytes, mimetype: str, coding: str) -> bytes | None:
    """``data`` compressed with ``coding`` when its type is text and it gets smaller."""
    if len(data) < _SMALLEST or not compressible(mimetype):
        return None
    if coding == "br" and _BROTLI is not None:
        packed = _BROTLI(data)
    elif coding == "gzip":
        packed = gzip.compress(data, compresslevel=9, mtime=0)
    else:
        return None
    return packed if len(packed) < len(data) else None


def compressible(mimetype: str) -> bool:
    """Whether a file of this type is text, which compression makes smaller."""
    return mimetype.startswith(_COMPRESSIBLE) or "+json" in mimetype


def chosen_coding() -> str | None:
    """The encoding the request accepts that this server makes: brotli first, then gzip."""
    accepted = request.accept_encodings
    if _BROTLI is not None and accepted["br"] > 0:
        return "br"
    if accepted["gzip"] > 0:
        return "gzip"
    return None


def send(file: StaticFile, cache_control: str) -> Response:
    """``file`` as the answer: compressed as the request accepts, with its ETag (304 to a
    client that holds it), its modification time and ``cache_control``."""
    varies = file.encoded("gzip") is not None  # text that compression makes smaller
    coding = chosen_coding() if varies else None
    body = file.encoded(coding) if coding else None
    if body is None:
        coding, body = None, file.data
    response = Response(body, mimetype=file.mimetype)
    if coding:
        response.headers["Content-Encoding"] = coding
    if varies:
        response.vary.add("Accept-Encoding")
    response.set_etag(f"{file.digest}-{coding}" if coding else file.digest)
    response.last_modified = dt.datetime.fromtimestamp(file.mtime, dt.UTC)
    response.headers["Cache-Control"] = cache_control
    response.make_conditional(request)  # in place: 304 and no body to a client that holds it
    return response


def serve_static(filename: str) -> Response:
    """``/static/<filename>``: the file, kept for a year when asked by its current digest."""
    folder = current_app.static_folder
    found = find(folder, filename) if folder else None
    if found is None:
        abort(404)
    current = request.args.get(VERSION_ARG) == found.digest
    return send(found, FOREVER if current else REVALIDATE)


def is_file_request() -> bool:
    """Whether this request asks for a file (the same for every session and language)."""
    return request.endpoint in FILE_ENDPOINTS


def init_app(app: Flask) -> None:
    if app.static_folder is None:
        return
    scan(app.static_folder)
    app.view_functions["static"] = serve_static
    app.jinja_env.globals["static_url"] = static_url
