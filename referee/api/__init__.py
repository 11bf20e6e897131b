"""The JSON API, ``/api/v1``: one blueprint every API route hangs from.

Its own routes are the match API (:mod:`referee.api.matches`) and the checks without a match
(:mod:`referee.api.checks`); nested under it are the API routes kept beside their pages (a
match file's export and import, clubs, a club's import) and each game's own (the
``API_BLUEPRINTS`` of the module its format names in ``Format.routes``). Refusals are answered
by :mod:`referee.api.errors` for all of them. No route here takes the form's cookie: a write
carries the match's or club's ``X-Edit-Token``, or makes something new (a match, a ruling
link, a club), so the whole tree is exempt from the forms' CSRF check (:func:`tree`).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator

from flask import Blueprint, Flask

from referee.api import errors

bp = Blueprint("api", __name__, url_prefix="/api/v1")


@functools.cache
def blueprint() -> Blueprint:
    """The API's blueprint with every route on it or nested under it (built once: a
    blueprint takes no new routes after an app has registered it)."""
    from referee.api import checks, matches  # noqa: F401  (their routes are on bp)
    from referee.games import all_formats
    from referee.views import club_import, clubs, table_play, transfer

    errors.attach(bp)
    for nested in (transfer.api_bp, clubs.api_bp, club_import.api_bp, table_play.api_bp):
        bp.register_blueprint(nested, url_prefix="")  # they name /api/v1 themselves
    for module in dict.fromkeys(f.routes for f in all_formats() if f.routes):
        for nested in importlib.import_module(module).API_BLUEPRINTS:
            bp.register_blueprint(nested)
    return bp


def tree(app: Flask) -> Iterator[Blueprint]:
    """The API's blueprint and those nested under it, as ``app`` registered them."""
    for name, registered in app.blueprints.items():
        under = name == bp.name or name.startswith(bp.name + ".")
        if under and isinstance(registered, Blueprint):
            yield registered
