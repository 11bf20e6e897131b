"""A partnership deal entered on a phone with full cards at one table: one picker per table,
live counts and duplicate checks within a table, the ruling before saving."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.steps import scorer_of, type_instead

pytestmark = pytest.mark.browser

R7_KNOCKER = ["5S", "6S", "7S", "KH", "KD", "KC", "AH", "AD", "AC", "3D"]
R7_DEFENDER = ["8S", "8H", "8D", "8C", "9S", "KS", "2C", "2H", "QD", "JC"]


def test_a_deal_with_cards_at_one_table(live_server, phone, shots):
    page = phone
    made = page.request.post(
        live_server + "/api/v1/matches",
        data={"players": ["Ann", "Ben", "Cat", "Dan"], "preset": "partnership"},
    )
    assert made.status == 201
    match = made.json()
    page.goto(f"{live_server}/m/{match['id']}/edit/{match['edit_token']}")
    page.goto(f"{live_server}/m/{match['id']}/hands/new")

    # table 1 with cards: its picker shows, table 2's stays with the counts
    table1, table2 = page.locator("#table-1"), page.locator("#table-2")
    expect(page.locator("#t1_picker")).to_be_hidden()
    table1.locator(".entry label:has-text('Full cards')").click()
    expect(page.locator("#t1_picker")).to_be_visible()
    expect(page.locator("#t2_picker")).to_be_hidden()
    expect(page.locator("#t1_knocker_deadwood")).to_be_hidden()
    table1.locator(".who label:has-text('Ann')").click()
    table1.locator(".kind label:has-text('Let the cards say')").click()
    for code in R7_KNOCKER:
        page.click(f'#t1_picker .pc[data-card="{code}"]')
    expect(page.locator('[data-count-for="t1_knocker_cards"]')).to_have_text("10/10 or 11")
    # the picker moved on to the defender by itself
    assert "active" in page.get_attribute('#t1_picker [data-target="t1_defender_cards"]', "class")
    for code in R7_DEFENDER:
        page.click(f'#t1_picker .pc[data-card="{code}"]')
    expect(page.locator('[data-count-for="t1_defender_cards"]')).to_have_text("10/10")
    assert "in-knocker_cards" in page.get_attribute('#t1_picker .pc[data-card="5S"]', "class")
    # within a table a card is in one hand only
    type_instead(page.locator("#table-1"))
    page.fill("#t1_defender_cards", " ".join(R7_DEFENDER[:-1]) + " 5S")
    expect(page.locator('[data-live-for="t1_defender_cards"]')).to_contain_text("in both hands")
    page.fill("#t1_defender_cards", " ".join(R7_DEFENDER))
    expect(page.locator('[data-live-for="t1_defender_cards"]')).to_have_text("")

    # table 2 with cards too: the same cards are fine, each table plays its own pack
    table2.locator(".entry label:has-text('Full cards')").click()
    table2.locator(".who label:has-text('Cat')").click()
    table2.locator(".kind label:has-text('Let the cards say')").click()
    type_instead(table2)
    page.fill("#t2_knocker_cards", " ".join(R7_KNOCKER))
    page.fill("#t2_defender_cards", " ".join(R7_DEFENDER[:-1]) + " 1H")
    live2 = page.locator('[data-live-for="t2_defender_cards"]')
    expect(live2).to_contain_text("`1H` is not a card")
    expect(page.locator('[data-live-for="t1_defender_cards"]')).to_have_text("")
    page.fill("#t2_defender_cards", " ".join(R7_DEFENDER))
    expect(live2).to_have_text("")
    expect(page.locator('[data-count-for="t2_defender_cards"]')).to_have_text("10/10")
    # table 2 back to counts: Cat knocks 2 against 14
    table2.locator(".entry label:has-text('Quick')").click()
    table2.locator(".kind label:has-text('Knock')").click()
    page.fill("#t2_knocker_deadwood", "2")
    page.fill("#t2_defender_deadwood", "14")
    page.screenshot(path=shots / "deal-cards.png", full_page=True)

    # the ruling of these cards is shown as they are entered, its headline beside Save: one
    # Save keeps it
    expect(page.locator('#ruling[data-live] [data-testid="deal-head"]')).to_contain_text(
        "Ann & Cat +33"
    )
    expect(page.locator('[data-testid="live-head"]')).to_contain_text("Ann & Cat +33")
    page.click("input[name=save]")
    page.wait_for_selector(".flash.ok")
    assert page.inner_text('[data-testid="total-0"]').strip() == "33"


def test_a_deal_by_cards_opens_at_table_one(live_server, phone):
    """ "Enter with cards" on a partnership: both tables by cards, table 1's picker in view."""
    page = phone
    scorer_of(page, live_server, ["Ann", "Ben", "Cat", "Dan"], preset="partnership")
    page.click("text=Enter with cards")
    page.wait_for_load_state()
    assert page.locator("input[name=t1_entry][value=cards]").is_checked()
    assert page.locator("input[name=t2_entry][value=cards]").is_checked()
    ann = page.locator("#t1_knocker_seat label:has-text('Ann')").bounding_box()
    cat = page.locator("#t2_knocker_seat label:has-text('Cat')").bounding_box()
    assert ann is not None and cat is not None
    assert 0 <= ann["y"] < 844 and cat["y"] > 844  # table 1 on screen, table 2 below it
