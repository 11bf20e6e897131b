"""Four people play an evening of Indian Rummy, Pool 101, on one phone (390 × 844): the new
match, a deal by points with a drop, a deal by cards (the loser's 13 cards tapped on the
picker of two packs and four jokers, the winner's groups typed, the ruling checked before
saving) that puts Ben out of the pool, then a wrong declaration that puts Ann out."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.steps import start_from_home, totals, type_instead

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat", "Dan"]
# sevens wild: Ann counts 45, Dan 32
ANN = ["AS", "2S", "3S", "5H", "6H", "JK1", "9H", "9D", "10C", "QC", "4C", "4D", "8D"]
DAN = "2D 3D 4D 6C 6S 6H 10H JH QH 8C 9S KS 5C"
CAT_GROUPS = "AH 2H 3H / 5S 6S 7D / 9C 9D 9S / KD KC KH 7C"


def save(page) -> None:  # type: ignore[no-untyped-def]
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")


def test_four_people_play_pool_101_to_an_elimination(live_server, phone, shots) -> None:  # type: ignore[no-untyped-def]
    page = phone
    start_from_home(page, live_server, "indian-rummy", "indian_points", NAMES)
    page.select_option("#preset", "indian_pool_101")
    page.fill("#stake_per_point", "5")
    page.screenshot(path=shots / "indian-1-new-match.png", full_page=True)
    page.click("input[name=submit]")
    expect(page.locator(".format")).to_contain_text("out at 101")

    # deal 1 by points: Ann wins, Ben 80, Cat drops, Dan 30
    page.click("text=Enter hand")
    page.wait_for_load_state()
    page.locator("#knocker_seat label:has-text('Ann')").click()
    page.select_option("#part_2", "drop")
    page.fill("#count_1", "80")
    page.fill("#count_3", "30")
    page.screenshot(path=shots / "indian-2-deal-by-points.png", full_page=True)
    save(page)
    assert totals(page, 4) == (0, 80, 20, 30)

    # deal 2 by cards: Cat declares, Ben drops in the middle
    page.click("text=Enter with cards")
    page.wait_for_load_state()
    page.locator("#knocker_seat label:has-text('Cat')").click()
    page.fill("#cut_card", "7H")
    page.select_option("#part_1", "middle_drop")
    page.click('#picker .target[data-target="cards_0"]')
    for code in ANN:
        page.click(f'#picker .pc[data-card="{code}"]')
    expect(page.locator('[data-count-for="cards_0"]')).to_have_text("13/13")
    type_instead(page)
    page.fill("#cards_3", DAN)
    page.fill("#melds_2", CAT_GROUPS)
    page.locator("#picker").scroll_into_view_if_needed()
    page.screenshot(path=shots / "indian-3-picker.png")
    page.click("input[name=check]")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="steps"]')).to_contain_text("a valid declaration")
    expect(page.locator('[data-testid="points-0"]')).to_have_text("45")
    expect(page.locator('[data-testid="points-3"]')).to_have_text("32")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.locator("#ruling").screenshot(path=shots / "indian-4-ruling.png")
    save(page)
    assert totals(page, 4) == (45, 120, 20, 62)
    expect(page.locator('[data-testid="out-1"]')).to_be_visible()
    page.screenshot(path=shots / "indian-5-ben-out.png", full_page=True)

    # deal 3: Ben is out (his part says so already); Ann declares wrongly, Dan wins
    page.click("text=Enter hand")
    page.wait_for_load_state()
    expect(page.locator("#part_1")).to_have_value("out")
    page.locator("#knocker_seat label:has-text('Dan')").click()
    page.select_option("#part_0", "wrong")
    page.fill("#count_2", "35")
    save(page)
    assert totals(page, 4) == (125, 120, 55, 62)
    expect(page.locator('[data-testid="out-0"]')).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=shots / "indian-6-ann-out.png", full_page=True)


def test_the_check_tab_names_the_rule_a_declaration_breaks(live_server, phone, shots) -> None:  # type: ignore[no-untyped-def]
    page = phone
    page.goto(live_server + "/check")
    page.click('[data-testid="indian-check"]')
    page.wait_for_load_state()
    page.fill("#cut", "2S")
    page.fill("#groups", "7H 8H JK / 5S 6S 2D / 9C 9D 9S / KD KC KH 2C")
    page.click("button[type=submit]")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="ruling-head"]')).to_have_text("A wrong declaration")
    expect(page.locator('[data-testid="problem"]')).to_have_text(
        "no pure sequence: 7♥ 8♥ JK, 5♠ 6♠ 2♦ are impure"
    )
    expect(page.locator('[data-testid="points"]')).to_contain_text("80")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=shots / "indian-7-check.png", full_page=True)
