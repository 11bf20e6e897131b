"""Chouette and Battle Royal on a phone: the box and the partnership on the scoreboard, and a
Battle Royal hand entered with the card picker for three players."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.steps import pick_cards, type_instead

pytestmark = pytest.mark.browser

KNOCKER = ["4S", "5S", "6S", "KH", "KD", "KC", "AH", "AD", "AC", "2D"]
LAYS_OFF_7S = ["7S", "9H", "JD", "QC", "3C", "5H", "8D", "10C", "2H", "4C"]
HOLDS_8S = ["8S", "3H", "6H", "9D", "QD", "QS", "JH", "2C", "5C", "6C"]


def start(page, base, preset, names):
    page.goto(base + "/new/three")
    page.wait_for_load_state()
    page.select_option("#preset", preset)
    for seat, name in enumerate(names):
        row = page.locator(f'.player-row[data-seat="{seat}"]')
        expect(row).to_be_visible()
        page.fill(f"#player_{seat}", name)
    page.click("input[name=submit]")
    expect(page.locator('[data-testid="seating"]')).to_be_visible()


def test_a_chouette_scoreboard_on_a_phone(live_server, phone, shots):
    page = phone
    start(page, live_server, "chouette", ["Ann", "Ben", "Cat", "Dan", "Eve"])
    expect(page.locator('[data-testid="box"]')).to_have_text("Eve")
    expect(page.locator('[data-testid="captain"]')).to_have_text("Dan")
    expect(page.locator('[data-testid="queue"]')).to_have_text("Cat, Ben, Ann")
    page.click("text=Enter hand")
    page.wait_for_load_state()
    # Only the box and the captain may have knocked
    expect(page.locator("#knocker_seat label:has-text('Ann')")).to_be_hidden()
    page.locator("#knocker_seat label:has-text('Eve')").click()
    page.fill("#knocker_deadwood", "4")
    page.fill("#defender_deadwood", "30")
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    expect(page.locator('[data-testid="total-0"]')).to_have_text("26")
    expect(page.locator('[data-testid="captain"]')).to_have_text("Cat")
    page.screenshot(path=shots / "chouette-1-scoreboard.png", full_page=True)
    # Cat captains now and wins big: the box (26) against the partnership (38 + 25 gin)
    page.click("text=Enter hand")
    page.wait_for_load_state()
    page.locator("#knocker_seat label:has-text('Cat')").click()
    page.locator("#kind label:has-text('Gin')").first.click()
    page.fill("#defender_deadwood", "80")
    page.click("input[name=save]")
    expect(page.locator('[data-testid="state"]')).to_contain_text("the team wins")
    # 105 + 100 game + 25 box = 230 against 26 + 25 = 51: V = 179 from Eve to each of four
    expect(page.locator('[data-testid="final-1"]')).to_have_text("230")
    expect(page.locator('[data-testid="net-4"]')).to_have_text("-716")
    expect(page.locator('[data-testid="net-0"]')).to_have_text("+179")
    page.screenshot(path=shots / "chouette-2-game-over.png")
    page.locator("#payouts").scroll_into_view_if_needed()
    page.screenshot(path=shots / "chouette-3-payouts.png")


def test_a_battle_royal_hand_with_the_card_picker(live_server, phone, shots):
    page = phone
    start(page, live_server, "battle_royal", ["Ann", "Ben", "Cat"])
    pick_cards(page, "Ann", KNOCKER)
    expect(page.locator('[data-count-for="cards_0"]')).to_have_text("10/10 or 11")
    # the picker moved on to the next player by itself
    expect(page.locator('#picker .target[data-target="cards_1"]')).to_have_class(
        "target seat1 active"
    )
    for code in LAYS_OFF_7S:
        page.click(f'#picker .pc[data-card="{code}"]')
    expect(page.locator('[data-count-for="cards_1"]')).to_have_text("10/10")
    type_instead(page)
    page.fill("#cards_2", " ".join([*HOLDS_8S[:-1], "4S"]))
    expect(page.locator('[data-live-for="cards_2"]')).to_contain_text("also in another hand")
    page.fill("#cards_2", " ".join(HOLDS_8S))
    expect(page.locator('[data-count-for="cards_2"]')).to_have_text("10/10")
    expect(page.locator('[data-live-for="cards_2"]')).to_have_text("")
    page.locator("#picker").scroll_into_view_if_needed()
    page.screenshot(path=shots / "royal-1-picker.png")
    page.click("input[name=check]")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="ruling-head"]')).to_have_text("Ann knocks +128")
    expect(page.locator('[data-testid="layoffs-1"]')).to_contain_text("Ben lays off 7♠")
    page.screenshot(path=shots / "royal-2-ruling.png")
    page.locator("ol.steps").scroll_into_view_if_needed()
    page.screenshot(path=shots / "royal-2b-steps.png")
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    expect(page.locator('[data-testid="total-0"]')).to_have_text("128")
    page.screenshot(path=shots / "royal-3-scoreboard.png")
