"""What a request may carry before any view reads it, and what a crash answers.

- Path ids: a number past the database's integer range (``<int:...>``) is a 404, not a
  database overflow; a control character anywhere in the path is a 404.
- Text: a control character (other than tab, line feed and carriage return) or a lone
  surrogate in a query value, a form field or any string or key of a JSON body is a 400 that
  names the field. PostgreSQL refuses NUL in text; SQLite would store it silently.
- JSON bodies nest at most :data:`MAX_JSON_DEPTH` deep; deeper (or past Python's own
  recursion limit) is a 400.
- An unexpected exception is logged with a request id, which the answer carries too (in
  ``X-Request-Id`` and in the refusal: :func:`referee.api.errors.refusal` answers the API in
  JSON and a page with the error page).
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
from collections.abc import Iterator
from typing import Any

from flask import Flask, Response, g, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import InternalServerError

from referee.api.errors import refusal
from referee.i18n import say
from referee.rules.budget import TooComplexError, reset_per_ruling, set_per_ruling

MAX_JSON_DEPTH = 32
DB_INT_MAX = 2**31 - 1  # PostgreSQL's INTEGER; SQLite takes more, the schema does not

_BAD_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
_BAD_PATH = re.compile(r"[\x00-\x1f\x7f]")
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
CONTROL_REASON = "must not contain control characters"


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON with a depth limit: a body nested too deep does not parse (a 400)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            value = json.loads(s, **kwargs)
        except RecursionError:
            raise ValueError("the JSON is nested too deeply") from None
        if _too_deep(value):
            raise ValueError(f"the JSON is nested more than {MAX_JSON_DEPTH} deep")
        return value


def _too_deep(value: object) -> bool:
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > MAX_JSON_DEPTH:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def bad_text(text: str) -> bool:
    """True when ``text`` holds a character no text field may hold."""
    return _BAD_TEXT.search(text) is not None


def json_problem(value: object) -> tuple[str | None, str] | None:
    """What no parsed JSON a request or an imported file holds may hold: a string or key with
    a control character (or a lone surrogate, which no database stores), or a whole number
    beyond the database's integer; (field, reason) of the first found, None when clean."""
    for field, item in _json_items(value):
        if isinstance(item, str) and bad_text(item):
            return field, CONTROL_REASON
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) > DB_INT_MAX:
            return field, f"a whole number between -{DB_INT_MAX:,} and {DB_INT_MAX:,}"
    return None


def _json_items(value: object, path: str = "") -> Iterator[tuple[str | None, object]]:
    """Every key, string and number in a parsed JSON value, with the field it is in."""
    stack: list[tuple[object, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                yield where or None, str(key)
                stack.append((child, f"{where}.{key}" if where else str(key)))
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))
        else:
            yield where or None, item


def _refused(field: str | None, reason: str, status: int = 400) -> Response:
    return refusal(status, field, reason)


def _check_request() -> Response | None:
    if _BAD_PATH.search(request.path):
        return _refused(None, "no such page, match or hand", 404)
    for value in (request.view_args or {}).values():
        if isinstance(value, int) and not -DB_INT_MAX <= value <= DB_INT_MAX:
            return _refused(None, "no such page, match or hand", 404)
    for name, text in request.args.items(multi=True):
        if bad_text(name) or bad_text(text):
            return _refused(name, CONTROL_REASON)
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        if request.is_json:
            problem = json_problem(request.get_json(silent=True))
            if problem is not None:
                return _refused(*problem)
        else:
            for name, text in request.form.items(multi=True):
                if bad_text(name) or bad_text(text):
                    return _refused(name, CONTROL_REASON)
    for header in ("X-Edit-Token", "X-Scorer", "Idempotency-Key", "If-Match"):
        if bad_text(request.headers.get(header, "")):
            return _refused(header, CONTROL_REASON)
    return None


def request_id() -> str:
    """This request's id: the proxy's ``X-Request-Id`` when it is a plain token, else new."""
    rid = g.get("request_id")
    if rid is None:
        sent = request.headers.get("X-Request-Id", "")
        rid = sent if _REQUEST_ID.fullmatch(sent) else secrets.token_hex(8)
        g.request_id = rid
    return str(rid)


def _server_error(error: InternalServerError) -> Response:
    rid = request_id()
    original = error.original_exception or error
    from flask import current_app

    current_app.logger.error(
        "request %s failed: %s %s", rid, request.method, request.path, exc_info=original
    )
    reason = f"the server failed on this request (request id {rid}); nothing was changed"
    return refusal(500, None, reason, page=reason.capitalize() + ".", request_id=rid)


def init_app(app: Flask) -> None:
    """Install the JSON depth limit, the request checks and the crash answer."""
    # A path with an empty segment (``/api/v1/matches//hands``) is a 404 of its own blueprint
    # (JSON under /api/), not a redirect to another path.
    app.url_map.merge_slashes = False
    app.json_provider_class = JSONProvider
    app.json = JSONProvider(app)

    @app.before_request
    def _guard() -> Response | None:
        request_id()
        return _check_request()

    @app.after_request
    def _request_id_header(response: Response) -> Response:
        response.headers.setdefault("X-Request-Id", request_id())
        return response

    app.register_error_handler(InternalServerError, _server_error)
    app.register_error_handler(TooComplexError, _too_complex)

    @app.before_request
    def _ruling_budget() -> None:
        g.ruling_budget = set_per_ruling(app.config.get("RULING_BUDGET"))

    @app.teardown_request
    def _end_ruling_budget(_: BaseException | None) -> None:
        token = g.pop("ruling_budget", None)
        if token is not None:
            with contextlib.suppress(ValueError):  # a context other than the request's
                reset_per_ruling(token)


def _too_complex(error: TooComplexError) -> Response:
    """A ruling past its work budget: 422, and nothing stored (the write rolled back)."""
    from referee.models import db

    db.session.rollback()
    said = say(error)
    return refusal(422, error.field, error.reason, page=said[:1].upper() + said[1:] + ".")
