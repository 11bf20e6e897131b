"""The hand form by cards holds still while it loads: its picker is laid out with the page,
not pushed in after it (Cumulative Layout Shift, as the browser itself counts it)."""

from __future__ import annotations

import time

import pytest

from tests.browser.steps import scorer_of
from tests.web.every_format import GEM_DECK

pytestmark = pytest.mark.browser

# Every layout shift since the page began loading that no tap or key caused, summed after the
# scripts have run (a "good" page stays under 0.1).
SHIFT = """() => new Promise((done) => {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => done(total), 1000);
})"""


@pytest.mark.parametrize(
    ("preset", "names"),
    [
        ("american", ["Ann", "Ben"]),
        ("cutthroat", ["Ann", "Ben", "Cat"]),
        ("rum_500", ["Ann", "Ben", "Cat"]),
        ("gem", ["Ann", "Ben"]),
        ("contract_7", ["Ann", "Ben", "Cat"]),
    ],
)
def test_the_cards_form_does_not_shift_while_it_loads(live_server, phone, preset, names):
    page = phone
    deck = {"deck": GEM_DECK} if preset == "gem" else {}
    match = scorer_of(page, live_server, names, preset=preset, **deck)

    def slowly(route):  # one bar of signal: each script and stylesheet arrives 0.3 s late
        time.sleep(0.3)
        route.continue_()

    page.route("**/*.js", slowly)
    page.route("**/*.css", slowly)
    page.goto(f"{live_server}/m/{match['id']}/hands/new?entry=cards")
    page.locator("#picker .pc").first.wait_for()
    assert page.evaluate(SHIFT) < 0.1
