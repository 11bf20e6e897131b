"""Three people play a Cutthroat game to 100 on a phone, as the scorer at the table would:
the cut seats the first hand, the scoreboard says who plays, deals and sits out, and the
payouts at the end are docs/rules.md §10's pairwise table and nets."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# (knocker, knocker's deadwood, defender's deadwood), then who plays, deals and sits out next
HANDS = [
    (("Ben", 5, 25), ("Ben v Cat", "Cat", "Ann")),  # Ben +20 against Ann
    (("Ben", 3, 28), ("Ann v Ben", "Ann", "Cat")),  # Ben +25 against Cat
    (("Ann", 2, 32), ("Ann v Cat", "Cat", "Ben")),  # Ann +30
    (("Ann", 5, 30), ("Ann v Ben", "Ben", "Cat")),  # Ann +25
    (("Ann", 5, 30), ("Ann v Cat", "Cat", "Ben")),  # Ann +25
    (("Ann", 2, 32), None),  # Ann +30: 110, the game is over
]


def seating(page):
    return (
        page.locator('[data-testid="players"]'),
        page.locator('[data-testid="dealer"]'),
        page.locator('[data-testid="sitting-out"]'),
    )


def enter(page, knocker, k, d, shot=None):
    page.click("text=Enter hand")
    page.wait_for_load_state()
    page.check("#entry-0")
    page.locator(f"#knocker_seat label:has-text('{knocker}')").click()
    page.locator("#kind label:has-text('Knock')").first.click()
    page.fill("#knocker_deadwood", str(k))
    page.fill("#defender_deadwood", str(d))
    if shot:
        page.screenshot(path=shot)
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")


def test_three_people_play_a_cutthroat_game_to_100(live_server, phone, shots):
    page = phone
    page.goto(live_server + "/")
    page.click("text=Three or more players")
    page.wait_for_load_state()
    page.select_option("#preset", "cutthroat")
    for seat, (name, cut) in enumerate([("Ann", "9H"), ("Ben", "KC"), ("Cat", "2S")]):
        page.fill(f"#player_{seat}", name)
        page.fill(f"#cut_{seat}", cut)
    # Chouette takes up to eight players: its extra rows appear only when it is chosen
    expect(page.locator('.player-row[data-seat="3"]')).to_be_hidden()
    page.select_option("#preset", "chouette")
    expect(page.locator('.player-row[data-seat="3"]')).to_be_visible()
    expect(page.locator("#rule_chouette_after_game")).to_be_visible()
    page.select_option("#preset", "cutthroat")
    expect(page.locator('.player-row[data-seat="3"]')).to_be_hidden()
    expect(page.locator("#rule_cutthroat_rotation")).to_be_visible()
    expect(page.locator("#rule_chouette_after_game")).to_be_hidden()
    page.fill("#stake_per_point", "0.10")
    page.screenshot(path=shots / "cutthroat-1-new-match.png", full_page=True)
    page.click("input[name=submit]")

    # The cut: Cat (2♠) lowest sits out, Ann (9♥) deals and plays Ben (K♣).
    players, dealer, out = seating(page)
    expect(players).to_have_text("Ann v Ben")
    expect(dealer).to_have_text("Ann")
    expect(out).to_have_text("Cat")
    expect(page.locator('[data-testid="why"]')).to_contain_text("First hand from the cut")
    page.screenshot(path=shots / "cutthroat-2-first-hand.png")

    for number, ((knocker, k, d), following) in enumerate(HANDS, start=1):
        shot = shots / "cutthroat-3-hand-form.png" if number == 2 else None
        if number == 2:
            # The form offers as knocker only the two seated for the hand: Ann sits out.
            page.click("text=Enter hand")
            page.wait_for_load_state()
            expect(page.locator(".seat-now")).to_contain_text("Ben v Cat")
            expect(page.locator("#knocker_seat label:has-text('Ann')")).to_be_hidden()
            expect(page.locator("#knocker_seat label:has-text('Cat')")).to_be_visible()
            page.click("summary:has-text('seated this hand differently')")
            expect(page.locator("#sitting_out_seat")).to_be_visible()
            page.screenshot(path=shots / "cutthroat-3a-override.png")
            page.go_back()
            page.wait_for_load_state()
        enter(page, knocker, k, d, shot)
        if following is not None:
            players, dealer, out = seating(page)
            expect(players).to_have_text(following[0])
            expect(dealer).to_have_text(following[1])
            expect(out).to_have_text(following[2])
        if number == 3:
            page.screenshot(path=shots / "cutthroat-4-in-play.png")

    expect(page.locator('[data-testid="state"]')).to_contain_text(
        "Game over: Ann wins by a shutout."
    )
    for seat, final in enumerate(("310", "95", "0")):
        expect(page.locator(f'[data-testid="final-{seat}"]')).to_have_text(final)
    expect(page.locator('[data-testid="shutout"]')).to_have_text(
        "Cat was shut out: pays Ann 100 more"
    )
    # The pairwise table: Ben → Ann 215, Cat → Ann 310 + 100, Cat → Ben 95
    payouts = page.locator("#payouts")
    for (payer, payee), points in {(1, 0): "215", (2, 0): "410", (2, 1): "95"}.items():
        row = payouts.locator(f'[data-testid="pair-{payer}-{payee}"]')
        expect(row.locator('[data-testid="pair-points"]')).to_have_text(points)
    expect(payouts.locator('[data-testid="pair-2-0"]')).to_contain_text(
        "difference 310 + shutout 100"
    )
    expect(payouts.locator('[data-testid="pair-1-0"]')).to_contain_text("21.50")
    for seat, net in enumerate(("+625", "-120", "-505")):
        expect(payouts.locator(f'[data-testid="net-{seat}"]')).to_have_text(net)
    for seat, money in enumerate(("+62.50", "-12.00", "-50.50")):
        expect(payouts.locator(f'[data-testid="money-net-{seat}"]')).to_have_text(money)
    transfers = payouts.locator('[data-testid="transfers"]')
    expect(transfers).to_contain_text("Ben pays Ann 120 points = 12.00")
    expect(transfers).to_contain_text("Cat pays Ann 505 points = 50.50")
    page.screenshot(path=shots / "cutthroat-5-game-over.png")
    page.locator("#payouts").scroll_into_view_if_needed()
    page.screenshot(path=shots / "cutthroat-6-payouts.png")
    page.screenshot(path=shots / "cutthroat-7-scoreboard-full.png", full_page=True)

    # The settlement page and a hand's ruling say the same, for anyone with the view link.
    page.click("text=The settlement page")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="net-0"]')).to_have_text("+625")
    page.screenshot(path=shots / "cutthroat-8-settlement.png", full_page=True)
    page.go_back()
    page.wait_for_load_state()
    page.click(
        "table.history tr#"
        + page.locator("table.history tbody tr").nth(1).get_attribute("id")
        + " td:first-child a"
    )
    page.wait_for_load_state()
    expect(page.locator('[data-testid="hand-seating"]')).to_contain_text("Ben v Cat")
    expect(page.locator('[data-testid="seating-why"]')).to_contain_text(
        "Ann lost hand 1, so sits out"
    )
    expect(page.locator("ol.steps")).to_contain_text("the knocker scores 28 − 3 = 25")
    page.screenshot(path=shots / "cutthroat-9-ruling.png", full_page=True)
