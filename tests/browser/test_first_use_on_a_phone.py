"""What a first-time scorer trips over on a phone (390 × 844): a refused save that hides its
reason, a cramped card picker, Back-then-Save, jargon, fixing a hand, and dark mode."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

R7_KNOCKER = ["5S", "6S", "7S", "KH", "KD", "KC", "AH", "AD", "AC", "3D"]
R7_DEFENDER = ["8S", "8H", "8D", "8C", "9S", "KS", "2C", "2H", "QD", "JC"]


def box(page, selector):
    return page.eval_on_selector(
        selector,
        "e => { const r = e.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, height: r.height}; }",
    )


def hands_played(page):
    return page.locator("table.history tbody tr").count()


def test_a_refused_save_says_why_at_the_top_and_back_after_save_saves_once(
    live_server, phone, shots
):
    page = phone
    # the new-match form refused: the summary names the problem and the field has focus
    page.goto(live_server + "/new")
    page.fill("#player_1", "Ben")
    page.click("input[name=submit]")
    summary = page.locator('[data-testid="error-summary"]')
    expect(summary).to_be_visible()
    expect(summary.locator('a[href="#player_0"]')).to_have_count(1)
    expect(page.locator("#player_0")).to_be_focused()  # once the deferred script has run

    page.fill("#player_0", "Ann")
    page.select_option("#preset", "oklahoma")
    page.click("input[name=submit]")
    page.wait_for_selector('[data-testid="total-0"]')

    # Oklahoma saved without its upcard: refused, said at the top, focus on the upcard, and
    # its message above the sticky Save bar
    page.click("text=Enter hand")
    page.locator("#knocker_seat label:has-text('Ann')").click()
    page.fill("#knocker_deadwood", "3")
    page.fill("#defender_deadwood", "20")
    page.click("input[name=save]")
    expect(summary).to_contain_text("upcard")
    assert summary.locator("a").first.get_attribute("href") == "#upcard"
    expect(page.locator("#upcard")).to_be_focused()
    message = box(page, "label:has(#upcard) .error")
    bar = box(page, ".actions.sticky")
    assert message["top"] >= 0 and message["bottom"] <= bar["top"]
    page.screenshot(path=shots / "first-use-1-refused.png")
    # the summary sits at the top of the page, above the form
    assert box(page, "#error-summary")["bottom"] <= box(page, "#hand-form")["top"]

    page.fill("#upcard", "6S")
    page.click("input[name=save]")
    page.wait_for_selector(".flash.ok")
    assert hands_played(page) == 1

    # Back shows the filled form again; saving it returns the first result
    page.go_back()
    page.wait_for_selector("#hand-form")
    page.click("input[name=save]")
    expect(page.locator(".flash.info")).to_contain_text("already saved")
    assert hands_played(page) == 1
    page.screenshot(path=shots / "first-use-2-already-saved.png")


def test_a_full_hand_by_the_picker_then_fixing_it_in_the_dark(live_server, browser, shots):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme="dark",
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(live_server + "/new")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Ben")
    # option labels in plain words
    expect(page.locator("#rule_tie_outcome option[value=undercut]")).to_have_text(
        "the defender wins it (an undercut)"
    )
    page.click("input[name=submit]")
    page.wait_for_selector('[data-testid="total-0"]')
    # dark mode follows the phone: a dark page
    # (once the stylesheet applies: before it, the body is transparent, rgba(0, 0, 0, 0))
    # (a function, not an expression: Playwright evaluates an expression with eval, which the
    # page's Content-Security-Policy refuses once the new page has loaded)
    page.wait_for_function(
        "() => getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)'"
    )
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert sum(int(c) for c in re.findall(r"\d+", background)[:3]) < 120, background

    page.click("text=Enter with cards")
    page.wait_for_selector("#picker .pc")
    # no upcard on an American form, and the Quick/Full switch is one row
    assert page.locator("#upcard").count() == 0
    tops = page.eval_on_selector_all("#entry .pill", "ps => ps.map(p => p.offsetTop)")
    assert len(set(tops)) == 1
    # the picker is in view above the Save bar, its typed fields folded away
    save_top = box(page, "input[name=save]")["top"]
    assert box(page, "#picker")["top"] >= 0
    assert box(page, '#picker .pc[data-card="KC"]')["bottom"] <= save_top
    expect(page.locator("#knocker_cards")).to_be_hidden()
    # every card a 44 × 44 target with its whole label, at 360 px wide too
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 844})
        cards = page.eval_on_selector_all(
            "#picker .pc",
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [r.width, r.height, e.scrollWidth <= e.clientWidth]; })",
        )
        assert len(cards) == 52
        assert min(w for w, _, _ in cards) >= 44 and min(h for _, h, _ in cards) >= 44
        assert all(whole for _, _, whole in cards)
    page.set_viewport_size({"width": 390, "height": 844})
    # red and black suits stay apart on the light card faces
    red = page.eval_on_selector('#picker .pc[data-card="10H"]', "e => getComputedStyle(e).color")
    black = page.eval_on_selector('#picker .pc[data-card="10S"]', "e => getComputedStyle(e).color")
    assert red != black and int(red[4:].split(",")[0]) > 150 > int(black[4:].split(",")[0])

    taps = 0

    def tap(selector):
        nonlocal taps
        taps += 1
        page.click(selector)

    tap("#knocker_seat label:has-text('Ann')")
    for code in R7_KNOCKER + R7_DEFENDER:
        tap(f'#picker .pc[data-card="{code}"]')
    # a card already in the other hand is not moved: the picker says whose it is
    page.click('#picker .pc[data-card="5S"]')
    expect(page.locator(".picker-notice")).to_contain_text("already in Knocker")
    expect(page.locator('[data-target-count="knocker_cards"]')).to_have_text("10/10 or 11")
    expect(page.locator('[data-target-count="defender_cards"]')).to_have_text("10/10")
    page.screenshot(path=shots / "first-use-3-picker-dark.png")
    tap("input[name=check]")
    assert "Ann +21" in page.inner_text('[data-testid="ruling-head"]')
    # a rule tag is a small link to its plain-words paragraph with this match's numbers
    tag = page.locator("#ruling a.rule", has_text="R2").first
    href = tag.get_attribute("href")
    tap("input[name=save]")
    page.wait_for_selector(".flash.ok")
    assert taps <= len(R7_KNOCKER + R7_DEFENDER) + 3

    # the hand's row is one tall tap target: a tap on its totals opens the hand, Edit at hand
    row = page.locator("table.history tbody tr").first
    assert row.bounding_box()["height"] >= 44
    scoreboard = page.url
    row.scroll_into_view_if_needed()
    cell = row.locator("td").last.bounding_box()
    page.mouse.click(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
    page.wait_for_url("**/hands/*")
    edit = page.locator('[data-testid="edit-hand"]')
    assert box(page, '[data-testid="edit-hand"]')["bottom"] <= 844
    expect(edit).to_have_text("Edit hand 1")
    page.screenshot(path=shots / "first-use-4-hand-dark.png")
    # one tap from the scoreboard fixes the last hand
    page.goto(scoreboard)
    page.click('[data-testid="fix-last"]')
    expect(page.locator("h1")).to_have_text("Edit hand 1")

    page.goto(live_server + href)
    paragraph = page.locator(href[href.index("#") :])
    expect(paragraph).to_contain_text("no more than 10")
    page.screenshot(path=shots / "first-use-5-rules-dark.png")
    context.close()
