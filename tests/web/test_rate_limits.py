"""Anonymous writes are rate-limited per client (429 with Retry-After), in memory or in Redis;
identical checks share one stored row."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.test_check import R7_DEFENDER, R7_KNOCKER, page_form, rulings_stored

REDIS_URL = os.environ.get("TEST_REDIS_URL", "")


def _storages() -> list[Any]:
    skip = pytest.mark.skipif(not REDIS_URL, reason="TEST_REDIS_URL is not set")
    return ["memory://", pytest.param("redis", marks=skip)]


@pytest.fixture(params=_storages())
def limited(request: pytest.FixtureRequest, app: Any) -> Iterator[Any]:
    """The app with a small anonymous-write limit, counted in memory or in Redis (under a key
    prefix of this test's own)."""
    from referee import throttle

    app.config.update(
        RATELIMIT_ENABLED=True,
        ANONYMOUS_WRITE_LIMIT="3 per minute",
        RATELIMIT_STORAGE_URI=REDIS_URL if request.param == "redis" else "memory://",
        RATE_LIMIT_PREFIX="referee-test-" + secrets.token_hex(6),
    )
    throttle.limiter.init_app(app)
    # no reset afterwards: it would clear every counter in the database, not only this
    # test's; its own keys expire within the minute
    yield app


def _analyze(client: Any, hand: str, address: str = "10.0.0.1") -> Any:
    return client.post(
        "/api/v1/analyze", json={"hand": hand}, environ_base={"REMOTE_ADDR": address}
    )


HANDS = [
    "4H 5H 6H 7H 7S 7D KC QD 2S AC",
    "4H 5H 6H 7H 7S 7D KC QD 2S AD",
    "4H 5H 6H 7H 7S 7D KC QD 3S AC",
    "4H 5H 6H 7H 7S 7D KC QD 3S AD",
]


def test_past_the_limit_is_429_with_retry_after(limited: Any) -> None:
    client = limited.test_client()
    for hand in HANDS[:3]:
        assert _analyze(client, hand).status_code == 201
    refused = _analyze(client, HANDS[3])
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0
    error = refused.get_json()["error"]
    assert error["field"] is None and "Too many requests" in error["reason"]
    assert rulings_stored(limited) == 3
    # another client has its own budget; reading is never limited
    assert _analyze(client, HANDS[3], "10.0.0.2").status_code == 201
    assert client.get("/api/v1/presets").status_code == 200
    assert client.get("/check").status_code == 200


def test_matches_and_rulings_share_the_budget(limited: Any) -> None:
    client = limited.test_client()
    env = {"REMOTE_ADDR": "10.0.0.3"}
    body = {"knocker": R7_KNOCKER, "defender": R7_DEFENDER}
    assert client.post("/api/v1/rulings", json=body, environ_base=env).status_code == 201
    match = {"players": ["Ann", "Ben"]}
    assert client.post("/api/v1/matches", json=match, environ_base=env).status_code == 201
    assert _analyze(client, HANDS[0], "10.0.0.3").status_code == 201
    assert client.post("/api/v1/matches", json=match, environ_base=env).status_code == 429


def test_the_check_page_is_limited_too(limited: Any) -> None:
    client = limited.test_client()
    data = page_form(client)
    data.update(knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER)
    for _ in range(3):
        assert client.post("/check", data=data).status_code == 303
    refused = client.post("/check", data=data)
    assert refused.status_code == 429
    assert "Retry-After" in refused.headers
    assert "Too many requests" in refused.get_data(as_text=True)
    assert rulings_stored(limited) == 1  # the same check, one stored row


def test_identical_checks_share_one_row_and_one_id(client: Any, app: Any) -> None:
    body = {"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "rules": {"gin_bonus": 30}}
    first = client.post("/api/v1/rulings", json=body)
    second = client.post("/api/v1/rulings", json=dict(reversed(list(body.items()))))
    assert (first.status_code, second.status_code) == (201, 200)
    assert first.get_json()["id"] == second.get_json()["id"]
    assert first.get_json() == second.get_json()
    other = client.post("/api/v1/rulings", json={**body, "rules": {"gin_bonus": 31}})
    assert other.status_code == 201 and other.get_json()["id"] != first.get_json()["id"]
    assert rulings_stored(app) == 2


def test_a_refused_check_stores_nothing(client: Any, app: Any) -> None:
    assert client.post("/api/v1/analyze", json={"hand": "AS 1H"}).status_code == 400
    assert rulings_stored(app) == 0


def test_an_old_random_id_still_reads(client: Any, app: Any) -> None:
    from referee.models import Ruling, db

    made = client.post("/api/v1/analyze", json={"hand": HANDS[0]}).get_json()
    with app.app_context():
        row = Ruling.by_short_id(made["id"])
        assert row is not None
        row.short_id = "oldRandom1"  # as stored before ids were content addresses
        db.session.commit()
    again = client.get("/api/v1/rulings/oldRandom1")
    assert again.status_code == 200 and again.get_json()["deadwood"] == made["deadwood"]
    assert client.get("/r/oldRandom1").status_code == 200
    # the same inputs sent again get their content address, a row of their own
    assert client.post("/api/v1/analyze", json={"hand": HANDS[0]}).status_code == 201


def test_with_redis_down_writes_go_on_and_the_limits_hold_in_memory(app: Any) -> None:
    """Redis stopped (nothing listens on its port): anonymous writes still answer, the limits
    fall back to the worker's memory, and the health check says so while staying 200."""
    from referee import throttle

    app.config.update(
        RATELIMIT_ENABLED=True,
        ANONYMOUS_WRITE_LIMIT="3 per minute",
        RATELIMIT_STORAGE_URI="redis://127.0.0.1:1/0",  # a port nothing listens on
        RATE_LIMIT_PREFIX="referee-test-" + secrets.token_hex(6),
    )
    throttle.limiter.init_app(app)
    client = app.test_client()
    statuses = [_analyze(client, hand).status_code for hand in HANDS]
    assert statuses == [201, 201, 201, 429]
    started = client.post(
        "/api/v1/matches",
        json={"players": ["Ann", "Ben"]},
        environ_base={"REMOTE_ADDR": "10.0.0.2"},
    )
    assert started.status_code == 201, started.get_data(as_text=True)[:300]
    health = client.get("/healthz")
    assert health.status_code == 200
    assert health.get_json() == {"status": "ok", "database": "ok", "rate_limits": "failing"}
