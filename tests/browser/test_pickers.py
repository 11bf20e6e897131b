"""Every card picker as the Gin picker (issue 26): a tapped card takes its holder's colour, the
Gem picker passes to the next player after a full hand and refuses a card another hand holds,
the games with jokers have joker buttons, two packs let a card be in two hands, the 500 Rum
targets wrap whole at 390 px, and the grid is one Tab stop that the arrow keys move in, each
card named in words in the reader's language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import totals

pytestmark = pytest.mark.browser

DECK = (Path(__file__).parent.parent / "data" / "gem_synthetic_deck.txt").read_text().strip()
# Ann: a Gold stash, the 9s, Q♥ 7♦ (deadwood 5); Ben lays off 10♠ and 9♣ and undercuts (25)
KNOCKER = ["AS", "4C", "6D", "8H", "9S", "9H", "9D", "QH", "7D", "2C", "3D"]
OTHER = ["2S", "2H", "2D", "3S", "4S", "5S", "JS", "JH", "JD", "10S", "9C"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
SHORT_LIST = {
    "name": "two deals",
    "deals": [{"cards": 13, "contract": c} for c in ("2 groups", "1 group and 1 sequence")],
}


def start(page: Any, base: str, preset: str, players: int, **rest: Any) -> str:
    """A new match through the API, opened on this phone with its edit link: its address."""
    made = page.request.post(
        base + "/api/v1/matches", data={"players": NAMES[:players], "preset": preset, **rest}
    )
    assert made.status == 201, made.text()
    match = made.json()
    page.goto(match["edit_url"])
    page.wait_for_url(f"{base}/m/{match['id']}")
    return f"{base}/m/{match['id']}"


def card(page: Any, code: str) -> Any:
    return page.locator(f'#picker .pc[data-card="{code}"]')


def background(locator: Any) -> str:
    return str(locator.evaluate("b => getComputedStyle(b).backgroundColor"))


def seat_colour(page: Any, seat: int) -> str:
    """The seat's colour as the browser computes it (rgb(...))."""
    return str(
        page.evaluate(
            """seat => { const probe = document.createElement("i");
                probe.style.color = `var(--seat${seat})`; document.body.append(probe);
                const colour = getComputedStyle(probe).color; probe.remove(); return colour; }""",
            seat,
        )
    )


def test_gem_picker_colours_passes_on_and_refuses(live_server, phone, shots) -> None:
    page = phone
    board = start(page, live_server, "gem", 2, deck=DECK)
    page.goto(board + "/hands/new?entry=cards")
    page.wait_for_load_state()
    # the picker is in view above the Save bar, not under the typed fields
    bar = page.locator(".actions.sticky").bounding_box()
    assert page.locator("#picker .grid").bounding_box()["y"] < bar["y"] - 100
    expect(page.locator("details.typed")).not_to_have_attribute("open", "")
    page.fill("#dice", "7")
    page.locator("#knocker_seat label:has-text('Ann')").click()

    for code in KNOCKER:
        card(page, code).click()
    # Ann's eleventh card passed the picker to Ben; Ann's cards show in her colour
    expect(page.locator("#picker .target.active")).to_have_attribute("data-target", "cards_1")
    expect(page.locator('[data-target-count="cards_0"]')).to_have_text("11/11")
    expect(card(page, "QH")).to_have_attribute("aria-pressed", "true")
    expect(card(page, "QH")).to_have_attribute("aria-label", "Queen of hearts: Ann")
    assert background(card(page, "QH")) == seat_colour(page, 0)
    assert background(card(page, "KH")) == "rgb(255, 255, 255)"

    card(page, "AS").click()  # Ann holds it: refused, not moved
    expect(page.locator(".picker-notice")).to_contain_text("A♠ is already in Ann")
    assert page.locator("#cards_1").input_value() == ""
    for code in OTHER:
        card(page, code).click()
    assert page.locator("#cards_0").input_value() == " ".join(KNOCKER)
    assert page.locator("#cards_1").input_value() == " ".join(OTHER)
    assert background(card(page, "JS")) == seat_colour(page, 1)
    page.locator("#picker").scroll_into_view_if_needed()
    page.screenshot(path=shots / "pickers-gem.png")

    page.click("input[name=check]")
    page.wait_for_load_state()
    expect(page.locator('[data-testid="steps"]')).to_contain_text("Ben lays 10♠")
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    assert totals(page, 2) == (0, 25)


# preset, players, the rest of the new match, the pack's jokers and packs, melds targets
RUMMY = [
    ("basic_rummy", 4, {}, 0, 1, True),
    ("rum_500", 8, {}, 4, 2, True),
    ("contract_7", 4, {"rules": {"contract_list": SHORT_LIST}}, 1, 2, False),
    ("twelve_step", 3, {"rules": {"contract_list": SHORT_LIST}}, 4, 2, False),
]


@pytest.mark.parametrize(("preset", "players", "rest", "jokers", "packs", "melds"), RUMMY)
def test_rummy_pickers_show_state_and_jokers(
    live_server, phone, shots, preset, players, rest, jokers, packs, melds
) -> None:
    page = phone
    board = start(page, live_server, preset, players, **rest)
    page.goto(board + "/hands/new?entry=cards")
    page.wait_for_load_state()
    assert page.locator("#picker .pc.joker").count() == jokers

    page.click('#picker .target[data-target="cards_1"]')
    card(page, "QH").click()
    expect(card(page, "QH")).to_have_class(re.compile(r"\bheld\b"))
    expect(card(page, "QH")).to_have_attribute("aria-label", "Queen of hearts: Ben")
    assert background(card(page, "QH")) == seat_colour(page, 1)
    if jokers:
        card(page, "JK1").click()
        assert page.locator("#cards_1").input_value() == "QH JK1"
        assert background(card(page, "JK1")) == seat_colour(page, 1)
        page.click('#picker .target[data-target="cards_0"]')
        card(page, "JK1").click()  # that joker is Ben's: refused
        expect(page.locator(".picker-notice")).to_contain_text("is already in Ben")
    # a second Q♥: refused with one pack, taken with two
    page.click('#picker .target[data-target="cards_0"]')
    card(page, "QH").click()
    if packs == 1:
        expect(page.locator(".picker-notice")).to_contain_text("Q♥ is already in Ben")
        assert page.locator("#cards_0").input_value() == ""
    else:
        assert page.locator("#cards_0").input_value() == "QH"
        expect(card(page, "QH")).to_have_class(re.compile(r"\btwice\b"))
    if melds:
        page.click('#picker .target[data-target="melds_2"]')
        card(page, "5S").click()
        assert page.locator("#melds_2").input_value() == "5S"
        expect(card(page, "5S")).to_have_class(re.compile(r"\bmeld\b"))
    page.locator("#picker").scroll_into_view_if_needed()
    page.screenshot(path=shots / f"pickers-{preset}.png")


def lines_of(page: Any) -> dict[str, int]:
    """How many lines each picker target's label takes."""
    return dict(
        page.evaluate(
            """() => [...document.querySelectorAll("#picker .picker-targets .target")].map(b => {
                const range = document.createRange(); range.selectNodeContents(b);
                const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                return [b.textContent.trim(), tops.size]; })"""
        )
    )


def test_500_rum_targets_wrap_whole_at_390px(live_server, phone, shots) -> None:
    page = phone
    board = start(page, live_server, "rum_500", 8)
    for language in ("en", "de", "ru"):
        page.goto(f"{board}/hands/new?entry=cards&lang={language}")
        page.wait_for_load_state()
        broken = {label: n for label, n in lines_of(page).items() if n != 1}
        assert broken == {}, (language, broken)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        page.locator("#picker").scroll_into_view_if_needed()
        page.screenshot(path=shots / f"pickers-500-targets-{language}.png")


def test_the_grid_is_one_tab_stop_with_arrow_keys_and_names(live_server, phone) -> None:
    page = phone
    board = start(page, live_server, "basic_rummy", 2)
    page.goto(board + "/hands/new?entry=cards")
    page.wait_for_load_state()
    assert page.locator('#picker .pc[tabindex="0"]').count() == 1
    focused = "() => document.activeElement.dataset.card || document.activeElement.id"
    card(page, "AS").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "2S"
    page.keyboard.press("ArrowDown")
    assert page.evaluate(focused) == "9S"
    page.keyboard.press("ArrowDown")
    assert page.evaluate(focused) == "2H"
    page.keyboard.press("ArrowUp")
    assert page.evaluate(focused) == "9S"
    page.keyboard.press("End")
    assert page.evaluate(focused) == "KC"
    page.keyboard.press("Enter")
    assert page.locator("#cards_0").input_value() == "KC"
    assert page.locator('#picker .pc[tabindex="0"]').count() == 1
    page.keyboard.press("Tab")  # one Tab leaves the grid
    assert page.evaluate("() => !document.activeElement.classList.contains('pc')")
    page.keyboard.press("Shift+Tab")  # and one comes back, to the card last visited
    assert page.evaluate(focused) == "KC"

    for language, queen in (("de", "Herz-Dame"), ("ru", "дама червей")):
        page.goto(f"{board}/hands/new?entry=cards&lang={language}")
        expect(card(page, "QH")).to_have_attribute("aria-label", queen)


def test_the_gin_and_battle_royal_pickers_name_who_holds_a_card(live_server, phone) -> None:
    page = phone
    for preset, players, holder in (("american", 2, "Knocker"), ("battle_royal", 3, "Ann")):
        board = start(page, live_server, preset, players)
        page.goto(board + "/hands/new?entry=cards")
        page.wait_for_load_state()
        card(page, "QH").click()
        expect(card(page, "QH")).to_have_attribute("aria-label", f"Queen of hearts: {holder}")
        expect(card(page, "QH")).to_have_attribute("aria-pressed", "true")
        card(page, "QH").click()
        expect(card(page, "QH")).to_have_attribute("aria-label", "Queen of hearts")
