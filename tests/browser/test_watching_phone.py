"""A spectator's phone keeps up by itself: a hand entered on the scorer's phone appears on
the watching phone's scoreboard within a few seconds, without a reload, and the page's
buttons still work on the new content."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


def test_a_watching_phone_shows_a_new_hand_without_reloading(
    live_server: str, browser: Any, phone: Any, shots: Any
) -> None:
    made = phone.request.post(
        live_server + "/api/v1/matches", data={"players": ["Ann", "Ben"], "preset": "american"}
    ).json()
    scorer = phone
    scorer.goto(made["edit_url"])
    scorer.wait_for_url(f"**/m/{made['id']}")
    watcher_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        watcher = watcher_context.new_page()
        watcher.goto(made["view_url"])
        expect(watcher.locator("text=No hands yet.")).to_be_visible()
        watcher.evaluate("window.__notReloaded = true")
        watcher.locator("details.qr-box > summary").click()  # a panel the viewer opened

        scorer.click("text=Enter hand")
        scorer.check("#entry-0")
        scorer.locator("#knocker_seat label:has-text('Ann')").click()
        scorer.locator("#kind label:has-text('Knock')").first.click()
        scorer.fill("#knocker_deadwood", "4")
        scorer.fill("#defender_deadwood", "30")
        scorer.click("input[name=save]")
        scorer.wait_for_selector(".flash.ok")

        expect(watcher.locator('[data-testid="total-0"]')).to_have_text("26", timeout=6_000)
        expect(watcher.locator("table.history")).to_contain_text("Ann knocks +26")
        assert watcher.evaluate("window.__notReloaded") is True
        assert watcher.locator("details.qr-box").get_attribute("open") is not None
        # the new content is enhanced as the first was: its share link's copy button shows
        watcher.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        copy = watcher.locator("button.copy")
        has_clipboard = watcher.evaluate("Boolean(navigator.clipboard)")
        assert copy.is_hidden() is not has_clipboard
        watcher.screenshot(path=str(shots / "watching-phone.png"), full_page=False)
    finally:
        watcher_context.close()


def test_earlier_games_fold_into_a_row_each_and_open_on_request(
    live_server: str, phone: Any, shots: Any
) -> None:
    made = phone.request.post(
        live_server + "/api/v1/matches",
        data={"players": ["Ann", "Ben"], "preset": "american", "rules": {"game_target": 50}},
    ).json()
    headers = {"X-Edit-Token": made["edit_token"]}
    for who in ("Ann", "Ann", "Ben", "Ben", "Ann"):  # two games of two gins, then one hand
        body = {"kind": "gin", "knocker": who, "defender_deadwood": 20}
        url = f"{live_server}/api/v1/matches/{made['id']}/hands"
        assert phone.request.post(url, data=body, headers=headers).status == 201
    phone.goto(made["view_url"])
    expect(phone.get_by_test_id("game-fold-1")).to_contain_text("Game 1 · hands 1–2")
    expect(phone.get_by_test_id("game-fold-2")).to_contain_text("Game 2 · hands 3–4")
    expect(phone.locator("table.history tbody tr")).to_have_count(3)
    phone.screenshot(path=str(shots / "earlier-games-folded.png"), full_page=True)
    phone.get_by_test_id("show-all-hands").click()
    expect(phone.locator("table.history tbody tr")).to_have_count(5)
    expect(phone.get_by_test_id("fold-earlier")).to_be_visible()
