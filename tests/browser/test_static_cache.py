"""A repeat visit makes no request for static files: the pages name them by content-hashed
URLs served as immutable, so a phone at the table with one bar of signal loads a scoreboard
it has seen before with one request, the page's own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import PHONE, serving

pytestmark = pytest.mark.browser


class Recorder:
    """WSGI middleware: the paths the server was asked for."""

    def __init__(self, app: Any) -> None:
        self.app, self.paths = app, []

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        self.paths.append(environ.get("PATH_INFO", ""))
        return self.app(environ, start_response)


def test_a_second_visit_of_a_scoreboard_asks_the_server_for_no_static_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Any
) -> None:
    recorders: list[Recorder] = []

    def wrap(app: Any) -> Recorder:
        recorders.append(Recorder(app))
        return recorders[0]

    with serving(tmp_path, monkeypatch, wrap=wrap) as base:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            page = context.new_page()
            made = page.request.post(
                base + "/api/v1/matches", data={"players": ["Ann", "Ben"], "preset": "american"}
            ).json()
            page.goto(made["view_url"])
            page.wait_for_load_state("networkidle")
            first = [p for p in recorders[0].paths if p.startswith("/static/")]
            assert first, recorders[0].paths  # the first visit fetched them
            recorders[0].paths.clear()
            page.goto(base + "/")  # elsewhere, then back, as a scorer would
            page.goto(made["view_url"])
            page.wait_for_load_state("networkidle")
            again = [p for p in recorders[0].paths if p.startswith("/static/")]
            assert again == [], again
            assert f"/m/{made['id']}" in recorders[0].paths
        finally:
            context.close()
