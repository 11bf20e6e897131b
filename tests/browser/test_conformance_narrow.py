"""Every registered format's sample match (tests/conformance) on a 320 px phone: its scoreboard
and its hand form fit the window, no element wider than the viewport, so nothing scrolls
sideways."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games import all_formats
from referee.games.base import Format
from tests.conformance.samples import load_sample

pytestmark = pytest.mark.browser

NARROW = {"width": 320, "height": 640}

WIDER_THAN_THE_WINDOW = """() => {
  const limit = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.width > limit + 0.5) {
      const id = el.id ? "#" + el.id : "";
      const cls = typeof el.className === "string" ? el.className.trim() : "";
      const name = el.tagName.toLowerCase() + id + (cls ? "." + cls.split(/\\s+/).join(".") : "");
      wide.push(`${name}: ${Math.round(box.width)}px`);
    }
  }
  const page = document.documentElement.scrollWidth;
  if (page > limit) wide.push(`the page: ${page}px`);
  return wide;
}"""
"""Each element wider than the window (and the page itself, if it scrolls sideways)."""


@pytest.mark.parametrize("fmt", all_formats(), ids=lambda fmt: fmt.name)
def test_the_scoreboard_and_hand_form_fit_320px(
    live_server: str, browser: Any, fmt: Format
) -> None:
    sample = load_sample(fmt)
    context = browser.new_context(viewport=NARROW, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        for request in sample.before:
            saved = page.request.post(live_server + request["path"], data=request["json"])
            assert saved.status == 201, saved.text()
        body = {"players": sample.players, **sample.match}
        made = page.request.post(live_server + "/api/v1/matches", data=body)
        assert made.status == 201, made.text()
        match = made.json()
        for hand in sample.hands:
            added = page.request.post(
                f"{live_server}/api/v1/matches/{match['id']}/hands",
                data=hand.api,
                headers={"X-Edit-Token": match["edit_token"]},
            )
            assert added.status == 201, (hand.outcome, added.text())
        base = f"{live_server}/m/{match['id']}"
        page.goto(match["edit_url"])  # a scorer: the hand form and every control show
        page.wait_for_url(base)
        too_wide = {}
        for path in (base, f"{base}/hands/new"):
            response = page.goto(path, wait_until="load")
            assert response is not None and response.status == 200, (path, response)
            wide = page.evaluate(WIDER_THAN_THE_WINDOW)
            if wide:
                too_wide[path.removeprefix(live_server)] = wide
        assert too_wide == {}, too_wide
    finally:
        context.close()
