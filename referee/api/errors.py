"""How a refusal is answered, in one place: as JSON under ``/api/``, as a page elsewhere.

The API's error is always ``{"error": {"field": ..., "reason": ...}}`` (with a few extra keys
where a route adds them: the ruling of an illegal knock, the match of a conflict, a request
id), its reason in English. A page shows the reason in the reader's language instead. Every
API route refuses through :func:`fail` (or lets an :class:`InputError` go: a 400 naming its
field); the app's error pages and the request guard ask :func:`refusal`, which alone decides
which of the two a request gets.
"""

from __future__ import annotations

from typing import Any, NoReturn

from flask import Blueprint, Response, jsonify, render_template, request

from referee.models import db
from referee.rules.errors import InputError, error_key

SEND_JSON = "send a JSON object (Content-Type: application/json)"


class ApiError(Exception):
    """A refused API request: its status, the field at fault (None: the request as a whole),
    the reason, and any extra keys of the error object."""

    def __init__(self, status: int, field: str | None, reason: str, **extra: Any) -> None:
        self.status, self.field, self.reason, self.extra = status, field, reason, extra
        super().__init__(reason)


def fail(status: int, field: str | None, reason: str, **extra: Any) -> NoReturn:
    """Refuse the request: the API answers ``status`` with the field and the reason."""
    raise ApiError(status, field, reason, **extra)


def refuse_input(e: InputError, field: str | None, **extra: Any) -> NoReturn:
    """Refuse bad input under the name the API gives its field (a 400 with the reason's key
    and values beside its English)."""
    fail(400, field, e.reason, **error_key(e), **extra)


def json_body(reason: str = SEND_JSON) -> dict[str, Any]:
    """The request's JSON object; anything else is refused with ``reason``."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        fail(400, None, reason)
    return data


def error_json(status: int, field: str | None, reason: str, **extra: Any) -> tuple[Response, int]:
    return jsonify({"error": {"field": field, "reason": reason, **extra}}), status


def is_api() -> bool:
    """Whether the request is the API's (any path under ``/api/``, a route or not)."""
    return request.path.startswith("/api/")


def refusal(
    status: int, field: str | None, reason: str, page: str | None = None, **extra: Any
) -> Response:
    """The answer to a refused request: the API's JSON error, or the error page saying
    ``page`` (by default the field and the reason as given)."""
    if is_api():
        response, _ = error_json(status, field, reason, **extra)
    else:
        where = f"{field}: " if field else ""
        shown = page if page is not None else f"{where}{reason}"
        html = render_template("error.html", code=status, message=shown)
        response = Response(html, mimetype="text/html")
    response.status_code = status
    return response


def _api_error(e: ApiError) -> tuple[Response, int]:
    db.session.rollback()
    return error_json(e.status, e.field, e.reason, **e.extra)


def _input_error(e: InputError) -> tuple[Response, int]:
    """Bad input no route caught: 400 with the field as the engine named it."""
    db.session.rollback()
    return error_json(400, e.field, e.reason, **error_key(e))


def attach(blueprint: Blueprint) -> None:
    """Answer the refusals of every route under ``blueprint`` (its nested ones too) as JSON;
    nothing a refused request wrote is kept."""
    blueprint.register_error_handler(ApiError, _api_error)
    blueprint.register_error_handler(InputError, _input_error)
