"""A live server for the browser tests, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if os.path.exists(CHROMIUM):
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing (apt-get install chromium)")
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(skip)


@contextlib.contextmanager
def serving(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    config: dict[str, Any] | None = None,
    wrap: Callable[[Any], Any] = lambda app: app,
    ssl_context: Any = None,
) -> Iterator[str]:
    """The app on a fresh SQLite file, served in a thread (``wrap`` puts something in front
    of it: a proxy), with the rate limits off; yields its base URL."""
    from werkzeug.serving import make_server

    from referee import create_app
    from referee.models import db

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    # a browser test may send more checks than the anonymous-write limit allows a minute
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'live.sqlite'}",
            "RATELIMIT_ENABLED": False,
            **(config or {}),
        }
    )
    server = make_server("127.0.0.1", 0, wrap(app), threaded=True, ssl_context=ssl_context)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    scheme = "https" if ssl_context else "http"
    try:
        yield f"{scheme}://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
        with app.app_context():
            db.engine.dispose()


@pytest.fixture
def live_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with serving(tmp_path, monkeypatch) as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Chromium per test process (each test gets its own context: cookies, storage and
    service workers are the context's)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go (REFEREE_SCREENSHOTS keeps them in a known folder)."""
    folder = os.environ.get("REFEREE_SCREENSHOTS")
    if folder:
        path = Path(folder)
        path.mkdir(parents=True, exist_ok=True)
        return path
    return tmp_path_factory.mktemp("screenshots")
