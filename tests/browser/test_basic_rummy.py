"""Four people score a Basic Rummy game to 200 on one phone: the new match for four, hands by
points, one hand entered card by card with the picker (its ruling checked before saving),
the dealer passing to the left, and the payouts when Ann reaches 200."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.steps import start_from_home, totals, type_instead

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat", "Dan"]
# who went out, how, and the others' points left; then every total after it
BY_POINTS = [
    ("Ann", "Went out", {"Ben": 30, "Cat": 25, "Dan": 15}, (70, 0, 0, 0)),
    ("Ben", "Went rummy", {"Ann": 10, "Cat": 12, "Dan": 18}, (70, 80, 0, 0)),
]
# hand 3 by cards: Cat goes out; Ann K♠ 7♦ 2♣ = 19, Ben 4♥ = 4, Dan Q♥ Q♦ 9♣ = 29
BY_CARDS = {"Ann": ["KS", "7D", "2C"], "Ben": ["4H"], "Dan": ["QH", "QD", "9C"]}


def enter(page, went_out, how, counts):
    page.click("text=Enter hand")
    page.wait_for_load_state()
    page.locator(f"#kind label:has-text('{how}')").click()
    page.locator(f"#knocker_seat label:has-text('{went_out}')").click()
    for seat, name in enumerate(NAMES):
        if name in counts:
            page.fill(f"#count_{seat}", str(counts[name]))
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")


def test_four_people_play_basic_rummy_to_200(live_server, phone, shots):
    page = phone
    start_from_home(page, live_server, "rummy-games", "basic_rummy", NAMES)
    expect(page.locator('.player-row[data-seat="5"]')).to_be_visible()  # up to six
    expect(page.locator('.player-row[data-seat="6"]')).to_be_hidden()
    page.fill("#stake_per_point", "0.05")
    page.screenshot(path=shots / "rummy-1-new-match.png", full_page=True)
    page.click("input[name=submit]")
    expect(page.locator(".format")).to_contain_text("to 200")
    expect(page.locator('[data-testid="dealer"]')).to_have_text("Ann")

    for went_out, how, counts, after in BY_POINTS:
        enter(page, went_out, how, counts)
        assert totals(page, 4) == after
    # the deal passes to the left after every hand
    expect(page.locator('[data-testid="dealer"]')).to_have_text("Cat")

    # Hand 3, card by card with the picker
    page.click("text=Enter with cards")
    page.wait_for_load_state()
    page.locator("#knocker_seat label:has-text('Cat')").click()
    for name, cards in BY_CARDS.items():
        seat = NAMES.index(name)
        page.click(f'#picker .target[data-target="cards_{seat}"]')
        for code in cards:
            page.click(f'#picker .pc[data-card="{code}"]')
        expect(page.locator(f'[data-count-for="cards_{seat}"]')).to_have_text(f"{len(cards)}/7")
    # a card typed for a second player is flagged at once
    type_instead(page)
    page.fill("#cards_2", "4H")
    expect(page.locator('[data-live-for="cards_2"]')).to_contain_text("another player")
    page.fill("#cards_2", "")
    page.locator("#picker").scroll_into_view_if_needed()
    page.screenshot(path=shots / "rummy-2-picker.png")
    page.click("input[name=check]")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="ruling-head"]')).to_have_text("Cat went out +52")
    expect(page.locator('[data-testid="steps"]')).to_contain_text(
        "Cat went out; Ann holds K♠ 7♦ 2♣ = 19, Ben holds 4♥ = 4, Dan holds Q♥ Q♦ 9♣ = 29; "
        "Cat scores 52."
    )
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=shots / "rummy-3-ruling.png", full_page=True)
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    assert totals(page, 4) == (70, 80, 52, 0)

    # Ann takes the game past 200
    enter(page, "Ann", "Went out", {"Ben": 50, "Cat": 45, "Dan": 40})
    expect(page.locator('[data-testid="state"]')).to_contain_text("Game over: Ann wins.")
    expect(page.locator('[data-testid="final-0"]')).to_have_text("205")
    expect(page.locator("#payouts")).to_be_visible()
    page.screenshot(path=shots / "rummy-4-game-over.png")
    # the hand entered by cards can be checked card by card
    page.click("text=Cat went out +52")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="rummy-parts"]')).to_contain_text("19")
    expect(page.locator('[data-testid="points-2"]')).to_have_text("52")
    page.screenshot(path=shots / "rummy-5-hand.png", full_page=True)
