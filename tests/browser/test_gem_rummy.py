"""A couple enters their gem deck once on a phone (from a prepared map), starts a Gem Rummy
match with it, and scores hands by the dice and counts (a Gem Parts claim among them) and one
by cards, whose ruling draws each card's gem."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.steps import totals, type_instead

pytestmark = pytest.mark.browser

DECK = (Path(__file__).parent.parent / "data" / "gem_synthetic_deck.txt").read_text().strip()
KNOCKER = "AS 4C 6D 8H 9S 9H 9D QH 7D 2C 3D"  # Gold stash, 9s, Q♥ 7♦; deadwood 5
OTHER = "2S 2H 2D 3S 4S 5S JS JH JD 10S 9C"  # lays off 10♠ and 9♣: undercuts, 25


def counts_hand(page, dice, knocker, counts, gem_parts=()):
    page.click("text=Enter hand")
    page.wait_for_load_state()
    page.fill("#dice", dice)
    page.locator(f"#knocker_seat label:has-text('{knocker}')").click()
    for seat, count in enumerate(counts):
        page.fill(f"#count_{seat}", str(count))
    for seat in gem_parts:
        page.check(f"#gem_parts_{seat}")
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")


def test_a_couple_enters_their_deck_and_scores_gem_rummy(live_server, phone, shots):
    page = phone
    page.goto(live_server + "/")
    page.click("[data-testid=gem-rummy]")
    page.click("text=Enter or edit a gem deck")
    page.wait_for_load_state()
    assert page.locator(".gem-cell select").count() == 56
    page.fill("#name", "Our deck")
    page.click("text=Paste the whole map instead")
    page.fill("#paste", DECK.replace("AH=E", "AH=G"))  # a slip first: Gold twice in A–2
    page.click("text=Save the deck")
    expect(page.locator('[data-testid="deck-problems"]')).to_contain_text("no Emerald")
    page.fill("#paste", DECK)
    page.click("text=Save the deck")
    expect(page.locator('[data-testid="deck-saved"]')).to_contain_text("Our deck")
    expect(page.locator('.gem-cell[data-card="KS"] select').first).to_have_value("G")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=shots / "gem-1-deck.png", full_page=True)

    page.click("text=Start a match with it")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Ben")
    expect(page.locator("#deck")).to_have_value("Our deck")
    page.click("text=Start the match")
    expect(page.locator(".format")).to_contain_text("to 110")

    counts_hand(page, "3+4", "Ann", (5, 9))  # the minimum 11
    assert totals(page, 2) == (11, 0)
    counts_hand(page, "5+6", "Ben", (20, 0), gem_parts=(1,))  # knock 0 v 20: 20, + 16
    assert totals(page, 2) == (11, 36)

    page.click("text=Enter with cards")
    page.wait_for_load_state()
    page.fill("#dice", "7")
    page.locator("#knocker_seat label:has-text('Ann')").click()
    type_instead(page)
    page.fill("#cards_0", KNOCKER)
    page.fill("#cards_1", OTHER)
    page.click("input[name=check]")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="steps"]')).to_contain_text("Ben lays 10♠")
    expect(page.locator("#ruling .gem-meld[data-kind=stash]")).to_contain_text("Gold stash")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=shots / "gem-2-ruling.png", full_page=True)
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    assert totals(page, 2) == (11, 61)
    page.screenshot(path=shots / "gem-3-scoreboard.png", full_page=True)
