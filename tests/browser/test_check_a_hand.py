"""A disputed hand settled on a phone: the card picker, the drawn ruling, the shared link."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

R7_KNOCKER = ["5S", "6S", "7S", "KH", "KD", "KC", "AH", "AD", "AC", "3D"]
R7_DEFENDER = ["8S", "8H", "8D", "8C", "9S", "KS", "2C", "2H", "QD", "JC"]


def test_settle_r7_with_the_card_picker_and_share_it(live_server, phone, browser, shots):
    page = phone
    page.goto(live_server + "/")
    page.click("text=Check a disputed hand")
    page.wait_for_load_state()
    expect(page.locator("#preset-descriptions")).to_contain_text("Knock ≤ 10; gin 25")
    # the upcard only matters in Oklahoma: hidden until the table is Oklahoma
    expect(page.locator("#upcard")).to_be_hidden()
    page.select_option("#preset", "oklahoma")
    expect(page.locator("#upcard")).to_be_visible()
    expect(page.locator("#preset-descriptions")).to_contain_text("upcard sets")
    page.select_option("#preset", "american")
    expect(page.locator("#upcard")).to_be_hidden()

    for code in R7_KNOCKER:
        page.click(f'#picker .pc[data-card="{code}"]')
    expect(page.locator('[data-count-for="knocker_cards"]')).to_have_text("10/10 or 11")
    # the picker moved on to the defender by itself
    assert "active" in page.get_attribute('.target[data-target="defender_cards"]', "class")
    for code in R7_DEFENDER:
        page.click(f'#picker .pc[data-card="{code}"]')
    expect(page.locator('[data-count-for="defender_cards"]')).to_have_text("10/10")
    assert page.input_value("#knocker_cards") == " ".join(R7_KNOCKER)
    assert page.input_value("#defender_cards") == " ".join(R7_DEFENDER)
    # a typo is caught while typing, naming the token
    page.fill("#defender_cards", " ".join(R7_DEFENDER[:-1]) + " 1C")
    expect(page.locator('[data-live-for="defender_cards"]')).to_contain_text("`1C` is not a card")
    page.fill("#defender_cards", " ".join(R7_DEFENDER))
    page.screenshot(path=shots / "check-1-form.png", full_page=True)

    page.click("input[name=submit]")
    page.wait_for_selector('[data-testid="verdict"]')
    assert page.inner_text('[data-testid="headline"]') == "Knocker scores 21"
    assert page.inner_text('[data-testid="knocker-deadwood"]') == "3"
    assert page.inner_text('[data-testid="defender-deadwood"]') == "24"
    # the layoffs lie on the knocker's melds, marked as laid off
    extended = page.locator('[data-testid="extended-meld"]')
    assert extended.count() == 2
    laid = [
        extended.nth(i).locator(".pcard.laid").evaluate_all("els => els.map(e => e.dataset.card)")
        for i in range(2)
    ]
    assert laid == [["8S", "9S"], ["KS"]]
    assert "+2 laid off" in extended.nth(0).inner_text()
    steps = page.locator('[data-testid="steps"] li')
    assert steps.count() == 8
    assert "breaks up a meld of its own" in steps.nth(4).inner_text()
    assert steps.nth(4).locator(".rule").inner_text() == "R7"
    assert "9♠ joins a run the defender's own layoff extended" in steps.nth(5).inner_text()
    assert steps.nth(5).locator(".rule").inner_text() == "R5"
    # readable at a glance: a big headline, cards wide enough to tap and read
    size = page.eval_on_selector('[data-testid="headline"]', "e => getComputedStyle(e).fontSize")
    assert float(size.rstrip("px")) >= 24
    width = page.eval_on_selector(".hand-drawn .pcard", "e => e.getBoundingClientRect().width")
    assert width >= 30
    # nothing sticks out sideways on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=shots / "check-2-ruling.png")
    page.screenshot(path=shots / "check-3-ruling-full.png", full_page=True)

    # the other player opens the link on their own phone and sees the same ruling
    link = page.input_value('[data-testid="permalink"]')
    assert link == page.url
    other = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    them = other.new_page()
    them.goto(link)
    assert them.inner_text('[data-testid="headline"]') == "Knocker scores 21"
    assert them.locator('[data-testid="extended-meld"] .pcard.laid').count() == 3
    them.screenshot(path=shots / "check-4-shared-link.png")
    other.close()

    # "Change something" brings the same hand back into the form
    page.click("text=Change something")
    expect(page.locator("#knocker_cards")).to_have_value(" ".join(R7_KNOCKER))


def test_a_declared_spread_and_an_illegal_knock_on_a_phone(live_server, phone, shots):
    page = phone
    page.goto(live_server + "/check")
    page.fill("#knocker_cards", "3S 4S 5S 6S 6H 6D KC KH KD 2C")
    page.fill("#defender_cards", "5H 7H 8H 9C 9D QS QH JC 3D AD")
    # the spread, tapped meld by meld from the knocker's cards
    page.click('#picker .target[data-target="spread"]')
    for code in ("3S", "4S", "5S", "6S"):
        page.click(f'#picker .pc[data-card="{code}"]')
    page.click("#picker [data-sep]")
    for code in ("KC", "KH", "KD"):
        page.click(f'#picker .pc[data-card="{code}"]')
    assert page.input_value("#spread") == "3S 4S 5S 6S | KC KH KD"
    page.click("input[name=submit]")
    page.wait_for_selector('[data-testid="verdict"]')
    assert page.inner_text('[data-testid="headline"]') == "Illegal knock: nobody scores"
    why = page.inner_text('[data-testid="illegal"]')
    assert "14, outside the knock limit" in why and "could have laid down was 2" in why
    page.screenshot(path=shots / "check-5-illegal.png", full_page=True)


def test_analyse_one_hand_on_a_phone(live_server, phone, shots):
    page = phone
    page.goto(live_server + "/check")
    page.click("text=Analyse one hand")
    page.wait_for_load_state()
    for code in ("AS", "2S", "3S", "7H", "7D", "7C", "9C", "10C", "JC", "KD", "4S"):
        page.click(f'#picker .pc[data-card="{code}"]')
    expect(page.locator('[data-count-for="hand"]')).to_have_text("11/10 or 11")
    page.click("input[name=submit]")
    page.wait_for_selector('[data-testid="verdict"]')
    headline = page.inner_text('[data-testid="headline"]')
    assert headline == "Discard K♦: gin, the other 10 cards all meld."
    assert page.inner_text('[data-testid="analysis-deadwood"]') == "0"
    page.screenshot(path=shots / "check-6-analysis.png", full_page=True)
