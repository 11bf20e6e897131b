"""Three people play three deals of 12-Step on one phone: the table enters its own twelve
contracts once (saved by name), each deal is entered with who laid down their contract, a
disputed lay-down is checked card by card on the check page, and the scoreboard shows every
total and the contract each player is on."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.steps import start_from_home, totals
from tests.games.contract.test_contract import TWELVE

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat"]
# who went out, who laid down their contract, the others' points left; then the totals
DEALS = [
    ("Ann", {"Ann", "Cat"}, {"Ben": 45, "Cat": 12}, (0, 45, 12)),
    ("Cat", {"Ann", "Ben", "Cat"}, {"Ann": 20, "Ben": 8}, (20, 53, 12)),
    ("Ben", {"Ben"}, {"Ann": 35, "Cat": 60}, (55, 53, 72)),
]


def test_three_deals_of_twelve_step_on_a_phone(live_server, phone, shots):
    page = phone
    start_from_home(page, live_server, "contract-games", "twelve_step", NAMES)
    for n, contract in enumerate(TWELVE, 1):
        page.fill(f"#cards_{n}", "13")
        page.fill(f"#contract_{n}", contract)
    page.fill("#list_name", "Windsor twelve")
    page.screenshot(path=shots / "twelve-1-new-match.png", full_page=True)
    page.click("input[name=submit]")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="on-1"]')).to_contain_text("on 1: 2 groups of 3")
    board = page.url

    for number, (went_out, made, counts, after) in enumerate(DEALS, 1):
        if number == 3:
            # Ben's lay-down for contract 2 is disputed: checked card by card.
            page.click("text=Check a lay-down")
            page.wait_for_load_state()
            page.fill("#contract", "1 group of 3 + 1 sequence of 4")
            page.fill("#laid", "QS QH 2C / 5D 6D JK 8D")
            page.fill("#hand", "QS QH 2C 5D 6D JK 8D KS 9C")
            page.click("input[name=submit]")
            page.wait_for_load_state()
            expect(page.locator('[data-testid="verdict"]')).to_have_text("Contract met")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            page.screenshot(path=shots / "twelve-3-check.png", full_page=True)
            page.goto(board)
        page.click('[data-testid="enter-deal"]')
        page.wait_for_load_state()
        page.locator(f"#knocker_seat label:has-text('{went_out}')").click()
        for seat, name in enumerate(NAMES):
            if name in made:
                page.check(f'[data-testid="made-{seat}"]')
            if name in counts:
                page.fill(f"#count_{seat}", str(counts[name]))
        if number == 2:
            page.screenshot(path=shots / "twelve-2-deal.png", full_page=True)
        page.click("input[name=save]")
        page.wait_for_load_state()
        assert totals(page, 3) == after

    # Ann made 2, Ben 2 (carried once), Cat 2: each on contract 3
    expect(page.locator('[data-testid="on-0"]')).to_contain_text("on 3: 2 sequences of 4")
    expect(page.locator('[data-testid="on-1"]')).to_contain_text("on 3: 2 sequences of 4 · made 2")
    expect(page.locator('[data-testid="on-2"]')).to_contain_text("on 3:")
    page.screenshot(path=shots / "twelve-4-scoreboard.png", full_page=True)
