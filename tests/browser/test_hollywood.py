"""A short Hollywood match on a phone-sized screen, played to the close of its first game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_match_on_a_phone import quick

pytestmark = pytest.mark.browser


def cell(page, game, kind, seat):
    return page.locator(f'[data-testid="g{game}-{kind}-{seat}"]')


def test_hollywood_to_the_close_of_game_one(live_server, phone, shots):
    page = phone
    page.goto(live_server + "/new")
    page.select_option("#preset", "hollywood")
    expect(page.locator("#preset-descriptions")).to_contain_text("three games at once")
    # Hollywood's own options sit beside the table's name; each game to 50 keeps it short
    target = page.locator("#rule_hollywood_target")
    expect(target).to_be_visible()
    target.fill("50")
    page.fill("#player_0", "Margaret")
    page.fill("#player_1", "Bartholomew")
    page.fill("#stake_per_point", "0.50")
    page.screenshot(path=shots / "hw-1-new-match.png")
    page.click("input[name=submit]")
    expect(page.locator('[data-testid="game-3"]')).to_be_visible()
    expect(page.locator('[data-testid="state"]')).to_contain_text("Games 1, 2, 3 open")

    quick(page, live_server, "Margaret", "Knock", 2, 32)  # +30: game 1 only
    expect(cell(page, 1, "points", 0)).to_have_text("30")
    quick(page, live_server, "Bartholomew", "Knock", 3, 13)  # +10: game 1 only
    expect(cell(page, 1, "points", 1)).to_have_text("10")
    expect(cell(page, 2, "points", 1)).to_have_text("0")
    page.screenshot(path=shots / "hw-2-sheet-in-play.png")

    # Margaret's second win goes to games 1 and 2 and closes game 1 at 55
    quick(page, live_server, "Margaret", "Knock", 2, 27)  # +25
    expect(page.locator('[data-testid="game-1"] h3')).to_contain_text("★ Margaret")
    expect(cell(page, 1, "points", 0)).to_have_text("55")
    expect(cell(page, 2, "points", 0)).to_have_text("25")
    expect(cell(page, 3, "points", 0)).to_have_text("0")
    # game 1's tally: 55 + 2 boxes × 25 + 100 = 205 against 10 + 25 = 35; margin 170 × 0.50
    expect(cell(page, 1, "final", 0)).to_have_text("205")
    expect(cell(page, 1, "final", 1)).to_have_text("35")
    expect(page.locator('[data-testid="settlement-1"]')).to_contain_text(
        "Bartholomew pays Margaret 85.00"
    )
    expect(page.locator('[data-testid="state"]')).to_contain_text("Games 2, 3 open")
    # the column's running entries, as the paper sheet lists them
    column = page.locator('[data-testid="game-1"] tbody')
    expect(column.locator("tr")).to_have_count(2)
    expect(column.locator("tr").nth(0)).to_contain_text("30")
    expect(column.locator("tr").nth(1)).to_contain_text("55")
    page.screenshot(path=shots / "hw-3-game-one-closed.png")
    page.screenshot(path=shots / "hw-4-game-one-closed-full.png", full_page=True)

    # the three columns fit a 390-pixel screen side by side, nothing cut off
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    boxes = [page.locator(f'[data-testid="game-{n}"]').bounding_box() for n in (1, 2, 3)]
    assert all(b is not None and b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)
    assert boxes[0]["y"] == boxes[1]["y"] == boxes[2]["y"]
    size = page.eval_on_selector(
        '[data-testid="g1-final-0"]', "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 16
