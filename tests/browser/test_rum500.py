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


def test_a_layoff_onto_another_players_meld_with_the_picker_8_4(live_server, phone, shots):
    """§8.4: Ben lays 9♥ off onto Ann's 6♥ 7♥ 8♥ and Cat lays A♠ below Ann's 2♠ 3♠ 4♠, all
    with the picker: a player's "laid off" target, the meld chosen under the targets, then
    the card. The ruling scores each laid-off card for the player who laid it off."""
    page = phone
    page.goto(live_server + "/new/three?preset=rum_500")
    page.wait_for_load_state()
    for seat, name in enumerate(NAMES):
        page.fill(f"#player_{seat}", name)
    page.click("input[name=submit]")
    expect(page.locator(".format")).to_contain_text("to 500")
    page.click("text=Enter with cards")
    page.wait_for_load_state()
    page.locator("#knocker_seat label:has-text('Ann')").click()

    def tap(target: str, *codes: str) -> None:
        page.click(f'#picker .target[data-target="{target}"]')
        for code in codes:
            page.click(f'#picker .pc[data-card="{code}"]')

    tap("melds_0", "6H", "7H", "8H")
    page.click("#picker .target[data-sep]")
    tap("melds_0", "2S", "3S", "4S")
    tap("melds_1", "KC", "KD", "KS")
    tap("cards_1", "5D")
    tap("cards_2", "QC")
    onto = page.locator('[data-testid="layoff-onto"]')
    page.click('[data-testid="lays-off-1"]')
    expect(onto).to_be_visible()
    expect(onto.locator("option")).to_have_count(2)  # Ann's two melds (Ben's own are not)
    onto.select_option("Ann 1")
    page.click('#picker .pc[data-card="9H"]')
    page.click('[data-testid="lays-off-2"]')
    expect(onto.locator("option")).to_have_count(3)  # Ann's two, Ben's one
    onto.select_option("Ann 2")
    page.click('#picker .pc[data-card="AS"]')
    # a card already entered for another player is refused, not moved
    page.click('#picker .pc[data-card="KC"]')
    expect(page.locator(".picker-notice")).to_contain_text("K♣ is already in")
    assert page.input_value("#layoffs_1") == "9H > Ann 1"
    assert page.input_value("#layoffs_2") == "AS > Ann 2"
    page.locator("#picker").scroll_into_view_if_needed()
    page.screenshot(path=shots / "rum500-4-layoff-picker.png")
    page.click("input[name=check]")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="points-0"]')).to_have_text("30")  # 21 + 9
    expect(page.locator('[data-testid="points-1"]')).to_have_text("34")  # 30 + 9 − 5
    expect(page.locator('[data-testid="points-2"]')).to_have_text("-9")  # 1 − 10
    expect(page.locator('[data-testid="laid-off-1"]')).to_have_text("9♥ laid off onto Ann")
    steps = page.locator('[data-testid="steps"]')
    expect(steps).to_contain_text("Ben lays off 9♥ onto Ann's meld 1: 6♥ 7♥ 8♥ 9♥; 9 to Ben.")
    expect(steps).to_contain_text("Cat lays off A♠ onto Ann's meld 2: A♠ 2♠ 3♠ 4♠; 1 to Cat.")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.locator("#ruling").screenshot(path=shots / "rum500-5-layoff-ruling.png")
    page.locator("#note").scroll_into_view_if_needed()
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    expect(page.locator('[data-testid="total-1"]')).to_have_text("34")
