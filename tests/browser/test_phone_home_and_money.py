"""A new user on a phone (issue 14): a fresh browser's home page shows no one else's match and
its start buttons apart; a money match started with a currency shows, during play, what the
score cards count and where the money stands; the links have QR codes and a share button."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_a_fresh_phone_starts_a_money_game_and_sees_where_the_money_stands(
    live_server, browser, phone, shots
) -> None:
    # someone else's match on the server
    made = phone.request.post(live_server + "/api/v1/matches", data={"players": ["Zed", "Yan"]})
    assert made.status == 201
    page = phone
    page.goto(live_server + "/")
    expect(page.get_by_test_id("no-matches")).to_be_visible()
    expect(page.get_by_text("Zed")).to_have_count(0)
    start = page.get_by_role("link", name="Start a match").bounding_box()
    three = page.get_by_role("link", name="Three or more players").bounding_box()
    assert start and three
    apart = (
        three["x"] - (start["x"] + start["width"])
        if abs(three["y"] - start["y"]) < 5
        else three["y"] - (start["y"] + start["height"])
    )
    assert apart >= 8, (start, three)

    page.click("text=Start a match")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Ben")
    page.fill("#stake_per_point", "0.10")
    page.fill("#currency", "€")
    page.click("input[name=submit]")
    expect(page.get_by_test_id("total-0")).to_have_text("0")
    for knocker, k, d in (("Ann", "2", "20"), ("Ben", "5", "10")):
        page.click("text=Enter hand")
        page.locator(f"#knocker_seat label:has-text('{knocker}')").click()
        page.fill("#knocker_deadwood", k)
        page.fill("#defender_deadwood", d)
        page.click("input[name=save]")
        expect(page.locator(".flash.ok")).to_contain_text("saved")
    expect(page.get_by_test_id("with-boxes-0")).to_have_text("43")
    expect(page.locator(".score .counts").first).to_have_text("hand points")
    expect(page.get_by_test_id("money-now-pays")).to_have_text("Ben pays Ann €1.30")
    expect(page.get_by_test_id("money-now-bonus")).to_have_text("Ben pays Ann €11.30")
    page.screenshot(path=shots / "money-now.png")
    page.get_by_text("QR code of the view link").click()
    expect(page.locator('[data-testid="view-qr"] svg.qr')).to_be_visible()
    page.click("text=Show the secret edit link")
    expect(page.locator('[data-testid="edit-qr"] svg.qr')).to_be_visible()
    page.screenshot(path=shots / "edit-link-qr.png", full_page=True)

    # back home: this phone's match only, and a second phone sees nothing
    page.goto(live_server + "/")
    expect(page.get_by_test_id("my-match")).to_have_count(1)
    expect(page.get_by_test_id("my-match")).to_contain_text("Ann v Ben")
    page.screenshot(path=shots / "home.png")
    fresh = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    other = fresh.new_page()
    other.goto(live_server + "/")
    expect(other.get_by_test_id("no-matches")).to_be_visible()
    expect(other.get_by_test_id("my-match")).to_have_count(0)
    fresh.close()
