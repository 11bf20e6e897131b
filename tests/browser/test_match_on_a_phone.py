"""A short match played to its end on a phone-sized screen, as a scorer at the table would."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import pick_cards, type_instead

pytestmark = pytest.mark.browser

R7_KNOCKER = ["5S", "6S", "7S", "KH", "KD", "KC", "AH", "AD", "AC", "3D"]
R7_DEFENDER = ["8S", "8H", "8D", "8C", "9S", "KS", "2C", "2H", "QD", "JC"]


def quick(page, base, who, kind, k, d):
    page.click("text=Enter hand")
    page.check("#entry-0")
    page.locator(f"#knocker_seat label:has-text('{who}')").click()
    page.locator(f"#kind label:has-text('{kind}')").first.click()
    if kind == "Knock":
        page.fill("#knocker_deadwood", str(k))
    page.fill("#defender_deadwood", str(d))
    page.click("input[name=save]")
    page.wait_for_selector(".flash.ok")


def total(page, seat):
    return int(page.inner_text(f'[data-testid="total-{seat}"]'))


def test_a_short_match_with_the_card_picker(live_server, phone, shots):
    page = phone
    page.goto(live_server + "/")
    page.click("text=Start a match")
    page.wait_for_load_state()
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Ben")
    page.select_option("#preset", "classic")
    expect(page.locator("#preset-descriptions")).to_contain_text("pagat")
    page.select_option("#preset", "american")
    page.fill("#stake_per_point", "0.50")
    page.click("summary:has-text('House rules')")
    page.fill("#rule_game_target", "60")
    page.screenshot(path=shots / "1-new-match.png")
    page.click("input[name=submit]")
    page.wait_for_selector('[data-testid="total-0"]')

    # Hand 1 with the card picker: Ann knocks; the R7 ruling (chained layoffs) gives +21.
    pick_cards(page, "Ann", R7_KNOCKER)
    expect(page.locator('[data-count-for="knocker_cards"]')).to_have_text("10/10 or 11")
    # the picker moved on to the defender by itself
    assert "active" in page.get_attribute('.target[data-target="defender_cards"]', "class")
    for code in R7_DEFENDER[:-1]:
        page.click(f'#picker .pc[data-card="{code}"]')
    expect(page.locator('[data-count-for="defender_cards"]')).to_have_text("9/10")
    # live validation while typing: a bad token, then a card already in the other hand
    type_instead(page)
    page.fill("#defender_cards", " ".join(R7_DEFENDER[:-1]) + " 1H")
    expect(page.locator('[data-live-for="defender_cards"]')).to_contain_text("`1H` is not a card")
    page.fill("#defender_cards", " ".join(R7_DEFENDER[:-1]) + " 5S")
    expect(page.locator('[data-live-for="defender_cards"]')).to_contain_text("in both hands")
    page.fill("#defender_cards", " ".join(R7_DEFENDER[:-1]))
    page.click('#picker .target[data-target="defender_cards"]')
    page.click('#picker .pc[data-card="JC"]')
    expect(page.locator('[data-count-for="defender_cards"]')).to_have_text("10/10")
    expect(page.locator('[data-live-for="defender_cards"]')).to_have_text("")
    page.screenshot(path=shots / "2-card-picker.png", full_page=True)
    page.click("input[name=check]")
    assert "Ann +21" in page.inner_text('[data-testid="ruling-head"]')
    page.screenshot(path=shots / "3-ruling.png", full_page=True)
    page.click("input[name=save]")
    page.wait_for_selector(".flash.ok")
    assert (total(page, 0), total(page, 1)) == (21, 0)

    quick(page, live_server, "Ben", "Gin", None, 30)  # Ben +55 (entered wrongly)
    quick(page, live_server, "Ann", "Knock", 3, 40)  # Ann +37
    assert (total(page, 0), total(page, 1)) == (58, 55)

    # Fix hand 2: the defender's deadwood was 20, not 30.
    page.click("table.history tr:nth-child(2) td:first-child a")
    page.click("text=Edit hand 2")
    page.fill("#defender_deadwood", "20")
    page.click("input[name=save]")
    page.wait_for_selector(".flash.ok")
    assert (total(page, 0), total(page, 1)) == (58, 45)

    quick(page, live_server, "Ann", "Knock", 2, 12)  # Ann +10: 68, the game is won
    state = page.inner_text('[data-testid="state"]')
    assert "Game over: Ann wins" in state
    # Ann 68 + 3 boxes × 25 + game 100 = 243; Ben 45 + 1 box = 70; margin 173 × 0.50
    assert page.inner_text('[data-testid="final-0"]') == "243"
    assert page.inner_text('[data-testid="final-1"]') == "70"
    settlement = page.inner_text('[data-testid="settlement"]')
    assert "Margin 173" in settlement and "Ben pays Ann 86.50" in settlement
    page.screenshot(path=shots / "4-scoreboard-won.png")
    page.screenshot(path=shots / "5-scoreboard-full.png", full_page=True)

    # Anyone with the view link sees the same board, without the buttons that write.
    watcher = page.context.browser.new_context(viewport={"width": 390, "height": 844})
    other = watcher.new_page()
    other.goto(page.url.split("#")[0])
    assert other.inner_text('[data-testid="final-0"]') == "243"
    assert other.locator("a.button", has_text="Enter hand").count() == 0
    assert other.locator("form[action$='/undo']").count() == 0
    assert re.search(r"Ben pays Ann 86\.50", other.inner_text('[data-testid="settlement"]'))
    watcher.close()


def test_the_scoreboard_in_play_reads_at_a_glance(live_server, phone, shots):
    page = phone
    page.goto(live_server + "/new")
    page.fill("#player_0", "Margaret")
    page.fill("#player_1", "Bartholomew")
    page.click("input[name=submit]")
    quick(page, live_server, "Margaret", "Knock", 4, 21)  # 17
    quick(page, live_server, "Bartholomew", "Gin", None, 12)  # 37
    quick(page, live_server, "Margaret", "Knock", 6, 19)  # 13
    quick(page, live_server, "Bartholomew", "Knock", 9, 30)  # 21
    page.screenshot(path=shots / "6-scoreboard-in-play.png")
    assert "Bartholomew deals next" in page.inner_text('[data-testid="state"]')
    assert (total(page, 0), total(page, 1)) == (30, 58)
    # the totals are large on a phone
    size = page.eval_on_selector('[data-testid="total-0"]', "e => getComputedStyle(e).fontSize")
    assert float(size.rstrip("px")) >= 48
    # the undo button takes the last hand back
    page.click('[data-testid="undo"]')
    page.wait_for_selector(".flash.ok")
    assert "4 hands" not in page.inner_text('[data-testid="state"]')
    assert "3 hands played" in page.inner_text('[data-testid="state"]')
