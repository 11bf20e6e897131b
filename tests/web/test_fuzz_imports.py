"""Import and club routes fuzzed with real files spoiled in one place: a valid export of a
match (every format) or of a club, with one value anywhere in it replaced by input of the
kinds that broke servers before (superscript digits, numbers past the database's integer or
of thousands of digits, NUL and lone surrogates, times outside the years 1 to 9999, deep
nesting, the wrong type, bidi and zero-width characters, long text). Never a 5xx; an import
that is taken reads back on every page of it; one refused stores nothing.

``FUZZ_EXAMPLES`` sets how many files (120 in CI); the public-server sweep is 20,000 per
database:

    FUZZ_EXAMPLES=20000 TEST_DATABASE_URL=postgresql+psycopg://... \\
        python -m pytest tests/web/test_fuzz_imports.py -p no:xdist
"""

from __future__ import annotations

import copy
import io
import json
import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.every_format import SAMPLES, play
from tests.web.helpers import csrf_from

HOSTILE = st.one_of(
    st.sampled_from(
        [
            "²",
            "¹⁰⁰",
            "³+⁴",
            "\x00",
            "A\x00B",
            "\ud800",
            "\u202eAnn",
            "A\u200bnn",
            "=cmd|' /C calc'!A0",
            "0001-01-01T00:00:00+23:59",
            "9999-12-31T23:59:59-14:00",
            "2026-13-45T99:00:00",
            "99999999.99999",
            "1e-999999999",
            "NaN",
            "",
            " ",
            "x" * 5_000,
        ]
    ),
    st.sampled_from([2**31, -(2**31), 2**63, 2**70, -1, 0, 7, 100, 10**300]),
    st.sampled_from([True, False, None, 1.5, float("1e308"), [], {}, [[]], {"a": {"b": 1}}]),
    st.text(max_size=20),
    st.integers(),
    st.just("DEEP"),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed JSON file (keys of objects, positions of lists)."""
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*path, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += _paths(child, (*path, i))
    return found


def _spoil(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if value == "DEEP":
        value = []
        for _ in range(40):
            value = [value]
    if not path:
        return value
    spoiled = copy.deepcopy(data)
    holder = spoiled
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return spoiled


def _files(app: Any, client: Any) -> list[dict[str, Any]]:
    """The valid files to spoil: one match of each format and a club, made once per app."""
    if not hasattr(app, "_fuzz_files"):
        from tests.web.test_clubs import friday

        files = []
        for name in SAMPLES:
            view_id, _ = play(client, name)
            files.append(client.get(f"/m/{view_id}/export.json").get_json())
        club, _, _ = friday(client)
        files.append(client.get(f"/c/{club}/export.json").get_json())
        app._fuzz_files = files
        app.config["PROPAGATE_EXCEPTIONS"] = False
    return list(app._fuzz_files)


def _count(app: Any) -> tuple[int, ...]:
    from sqlalchemy import func, select

    from referee.models import AuditEntry, Club, Hand, Match, db

    with app.app_context():
        return tuple(
            int(db.session.scalar(select(func.count()).select_from(m)))
            for m in (Match, Hand, AuditEntry, Club)
        )


def _post(client: Any, route: str, body: bytes) -> Any:
    if route.startswith("/api/"):
        return client.post(route, data=body, content_type="application/json")
    token = csrf_from(client.get(route).get_data(as_text=True))
    return client.post(
        route,
        data={"csrf_token": token, "file": (io.BytesIO(body), "file.json")},
        content_type="multipart/form-data",
    )


@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES") or 120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_spoiled_file_never_breaks_the_server(app: Any, client: Any, data: Any) -> None:
    files = _files(app, client)
    original = data.draw(st.sampled_from(files))
    path = data.draw(st.sampled_from(_paths(original)))
    spoiled = _spoil(original, path, data.draw(HOSTILE))
    club = original.get("format") == "gin-referee-club"
    route = data.draw(
        st.sampled_from(
            ["/api/v1/clubs/import", "/clubs/import"]
            if club
            else ["/api/v1/matches/import", "/import"]
        )
    )
    body = json.dumps(spoiled).encode("utf-8", "surrogatepass")
    before = _count(app)
    response = _post(client, route, body)
    assert response.status_code < 500, (route, path, response.get_data(as_text=True)[:500])
    if response.status_code == 400:
        assert _count(app) == before, (route, path)
        return
    # taken: every page of what it made reads back
    if club:
        made = response.get_json() if route.startswith("/api/") else None
        if made is not None:
            for page in (f"/c/{made['id']}", f"/c/{made['id']}/stats", f"/c/{made['id']}/ladder"):
                assert client.get(page).status_code == 200, (page, path)
        return
    location = (
        response.get_json()["id"]
        if route.startswith("/api/")
        else response.headers["Location"].rstrip("/").split("/")[-1]
    )
    for page in ("", "/settlement", "/export.csv", "/export.json", "/sheet", "/rules"):
        read = client.get(f"/m/{location}{page}")  # a page a format has not: a redirect
        assert read.status_code in (200, 302), (page, path, read.get_data(as_text=True)[:300])
    assert client.get(f"/api/v1/matches/{location}").status_code == 200
