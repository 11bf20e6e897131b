"""The Host header is the client's to say: a page or answer kept for every viewer must never
hold the host one request claimed, and a club server names the hosts it answers to."""

from __future__ import annotations

import http.client
import json
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bench.concurrency import fresh_database, serve

GUNICORN = shutil.which("gunicorn") or str(Path(__import__("sys").executable).with_name("gunicorn"))
pytestmark = pytest.mark.skipif(not Path(GUNICORN).exists(), reason="gunicorn is not installed")


def _get(base: str, path: str, **headers: str) -> tuple[int, str]:
    address = urlsplit(base)
    conn = http.client.HTTPConnection(address.hostname or "", address.port)
    try:
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def _match(base: str) -> str:
    address = urlsplit(base)
    conn = http.client.HTTPConnection(address.hostname or "", address.port)
    try:
        body = json.dumps({"players": ["Ann", "Ben"]})
        conn.request("POST", "/api/v1/matches", body, {"Content-Type": "application/json"})
        return str(json.loads(conn.getresponse().read())["id"])
    finally:
        conn.close()


def test_a_claimed_host_never_reaches_the_next_viewer() -> None:
    """One read with ``Host: evil.example`` (or ``X-Forwarded-Host`` behind a proxy) used to
    be kept and given to every later viewer, QR code included."""
    with (
        fresh_database("sqlite") as (url, folder),
        serve(url, folder, workers=1, settings={"PROXY_HOPS": "1"}) as base,
    ):
        view_id = _match(base)
        for path in (f"/m/{view_id}", f"/api/v1/matches/{view_id}"):
            status, poisoned = _get(base, path, Host="evil.example")
            assert status == 200 and "evil.example" in poisoned  # the claimant's own copy
            status, forwarded = _get(base, path, **{"X-Forwarded-Host": "evil2.example"})
            assert status == 200 and "evil2.example" in forwarded
            for _ in range(3):
                status, page = _get(base, path)
                assert status == 200
                assert "evil" not in page, path
                assert urlsplit(base).netloc in page


def test_a_server_with_trusted_hosts_refuses_any_other() -> None:
    with (
        fresh_database("sqlite") as (url, folder),
        serve(url, folder, workers=1, settings={"TRUSTED_HOSTS": '["127.0.0.1"]'}) as base,
    ):
        view_id = _match(base)
        status, _ = _get(base, f"/m/{view_id}", Host="evil.example")
        assert status == 400
        status, page = _get(base, f"/m/{view_id}")
        assert status == 200 and "evil" not in page


def test_parameters_a_read_ignores_share_its_cached_copy(client: Any, app: Any) -> None:
    """``?pad=N`` and the like neither split the page cache (a worker's memory) nor reach the
    kept page's links; the parameters a read does take still count."""
    made = client.post("/api/v1/matches", json={"players": ["Ann", "Ben"]}).get_json()
    view = app.test_client()  # a viewer: no edit right, so its pages are kept
    pages = [view.get(f"/m/{made['id']}?pad={n}") for n in range(20)]
    assert {p.status_code for p in pages} == {200}
    assert len({p.headers["ETag"] for p in pages}) == 1
    assert "pad=" not in pages[-1].get_data(as_text=True)
    cache = app.extensions["referee.pages"]
    assert len(cache._pages) == 1
    everything = view.get(f"/m/{made['id']}?hands=all")
    assert everything.headers["ETag"] != pages[0].headers["ETag"]
    listed = [view.get(f"/api/v1/matches/{made['id']}?x={n}").headers["ETag"] for n in range(5)]
    assert len(set(listed)) == 1


def test_the_page_cache_is_bounded_in_bytes() -> None:
    from referee.views.etag import PageCache

    cache = PageCache(size=100, most_bytes=10_000)
    for n in range(50):
        cache.put(f"t{n}", "x" * 1_000)
    assert cache.bytes <= 10_000 and len(cache._pages) < 10
    assert cache.get("t49") is not None and cache.get("t0") is None
    cache.put("huge", "y" * 20_000)  # more than the whole cache: not kept
    assert cache.get("huge") is None and cache.bytes <= 10_000
