"""A 500 Rum game on a phone: three players, a hand by points (melded and left), a hand by
cards with melds typed ("/" between melds, a wild joker), its ruling checked card by card."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.steps import type_instead

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat"]


def test_a_500_rum_game_on_a_phone(live_server, phone, shots):
    page = phone
    page.goto(live_server + "/new/three?preset=rum_500")
    page.wait_for_load_state()
    for seat, name in enumerate(NAMES):
        page.fill(f"#player_{seat}", name)
    expect(page.locator('.player-row[data-seat="7"]')).to_be_visible()  # up to eight
    page.click("input[name=submit]")
    expect(page.locator(".format")).to_contain_text("to 500")

    page.click("text=Enter hand")
    page.wait_for_load_state()
    page.locator("#knocker_seat label:has-text('Ben')").click()
    for seat, (melded, left) in enumerate([(40, 12), (95, 0), (10, 35)]):
        page.fill(f"#melded_{seat}", str(melded))
        page.fill(f"#count_{seat}", str(left))
    page.screenshot(path=shots / "rum500-1-points.png", full_page=True)
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    expect(page.locator('[data-testid="total-0"]')).to_have_text("28")
    expect(page.locator('[data-testid="total-2"]')).to_have_text("-25")

    page.click("text=Enter with cards")
    page.wait_for_load_state()
    page.locator("#kind label:has-text('The stock ran out')").click()
    type_instead(page)
    page.fill("#melds_0", "AH 2H 3H / KS KH KD")
    page.fill("#cards_0", "9C")
    page.fill("#melds_1", "5S JK 7S")
    page.fill("#cards_1", "AS")
    page.fill("#cards_2", "QD 4C")
    page.click("input[name=check]")
    page.wait_for_load_state()
    parts = page.locator('[data-testid="rummy-parts"]')
    expect(page.locator('[data-testid="points-0"]')).to_have_text("27")  # 6 + 30 − 9
    expect(page.locator('[data-testid="points-1"]')).to_have_text("12")  # 5 + 15 + 7 − 15
    expect(page.locator('[data-testid="points-2"]')).to_have_text("-14")
    expect(parts).to_contain_text("A♠")
    # the ruling fits the phone's width (no sideways scrolling)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=shots / "rum500-2-ruling.png")
    # the Save button sits in the bar pinned to the bottom of the form: go to the form's end
    page.locator("#note").scroll_into_view_if_needed()
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    expect(page.locator('[data-testid="total-0"]')).to_have_text("55")
    page.screenshot(path=shots / "rum500-3-scoreboard.png", full_page=True)
