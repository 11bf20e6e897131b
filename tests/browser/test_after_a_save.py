"""After a hand is saved the scorer's next tap is "Enter hand": on a phone it is on the first
screen of the scoreboard, with the scores and who plays next, in every seated format."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.steps import scorer_of

pytestmark = pytest.mark.browser

FORMATS = [
    ("cutthroat", ["Ann", "Ben", "Cat"]),
    ("chouette", ["Ann", "Ben", "Cat"]),
]


@pytest.mark.parametrize(("preset", "names"), FORMATS)
def test_enter_hand_is_on_the_first_screen_after_a_save(live_server, phone, shots, preset, names):
    page = phone
    scorer_of(page, live_server, names, preset=preset)
    page.click("text=Enter hand")
    page.wait_for_load_state()
    page.check("#entry-0")
    page.locator("#knocker_seat label:visible").first.click()
    page.locator("#kind label:has-text('Knock')").first.click()
    page.fill("#knocker_deadwood", "5")
    page.fill("#defender_deadwood", "25")
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_be_visible()
    page.screenshot(path=shots / f"after-save-{preset}.png")
    button = page.locator("a.button.primary.big").first
    box = button.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= 844, (preset, box)
