"""Every route of the app, with arbitrary path segments, query, method and body: never a 5xx,
and under ``/api/`` always a JSON answer.

Each example is one request; ``FUZZ_EXAMPLES`` sets how many (120 in CI). The public-server
sweep is 10,000 per database, twice:

    FUZZ_EXAMPLES=10000 TEST_DATABASE_URL=postgresql+psycopg://... \
        python -m pytest tests/web/test_fuzz_routes.py --hypothesis-show-statistics
"""

from __future__ import annotations

import os
import re
from typing import Any
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.helpers import api_match

_CONVERTER = re.compile(r"<(?:(\w+):)?(\w+)>")

SEGMENT = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["\x00", "a\x00", "%", "..", " ", "é", "\ud800"]),
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(["0", "1", "2147483647", "2147483648", "9223372036854775808"]),
)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)
HEADERS = ["X-Edit-Token", "Idempotency-Key", "If-None-Match", "X-Scorer", "X-CSRFToken"]
HEADER_VALUE = st.one_of(
    st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60),
    st.sampled_from(["", "*", '"1"', 'W/"x"', "9" * 30]),
)
BODY = st.one_of(
    st.none(),
    JSON.map(lambda value: ("json", value)),
    st.dictionaries(st.text(max_size=8), st.text(max_size=12), max_size=3).map(
        lambda value: ("form", value)
    ),
    st.binary(max_size=40).map(lambda value: ("raw", value)),
)


def _rules(app: Any) -> list[tuple[str, list[str]]]:
    rules = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        methods = sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
        rules.append((rule.rule, methods))
    return sorted(rules)


def _path(pattern: str, view_id: str, draw: Any) -> str:
    def fill(m: re.Match[str]) -> str:
        name = m.group(2)
        if name == "view_id" and draw(st.booleans()):
            return view_id
        if m.group(1) == "int" and draw(st.booleans()):
            return str(draw(st.integers(0, 2**64)))
        return quote(draw(SEGMENT).encode("utf-8", "surrogatepass"), safe="")

    return _CONVERTER.sub(fill, pattern)


@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES") or 120),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_route_answers_a_server_error(app: Any, client: Any, data: Any) -> None:
    if not hasattr(app, "_fuzz_match"):
        app._fuzz_match = api_match(client)
        app.config["PROPAGATE_EXCEPTIONS"] = False
    view_id, token = app._fuzz_match
    pattern, methods = data.draw(st.sampled_from(_rules(app)))
    path = _path(pattern, view_id, data.draw)
    method = data.draw(st.sampled_from([*methods, "GET", "DELETE"]))
    query = data.draw(st.dictionaries(st.sampled_from(["preset", "from", "entry", "x"]), SEGMENT))
    if query:
        path += "?" + "&".join(
            f"{k}={quote(v.encode('utf-8', 'surrogatepass'), safe='')}" for k, v in query.items()
        )
    headers = {"X-Edit-Token": token} if data.draw(st.booleans()) else {}
    for name in data.draw(st.lists(st.sampled_from(HEADERS), max_size=2, unique=True)):
        headers[name] = data.draw(HEADER_VALUE)
    kwargs: dict[str, Any] = {"headers": headers}
    body = data.draw(BODY)
    if body is not None:
        kind, value = body
        if kind == "json":
            kwargs["json"] = value
        elif kind == "form":
            kwargs["data"] = {k.encode("utf-8", "surrogatepass"): v for k, v in value.items()}
        else:
            kwargs["data"] = value
            kwargs["content_type"] = "application/json"
    response = client.open(path, method=method, **kwargs)
    assert response.status_code < 500, (method, path, body, response.get_data(as_text=True))
    if path.startswith("/api/") and response.status_code != 304:  # a 304 has no body
        assert response.is_json, (method, path, response.status_code)
