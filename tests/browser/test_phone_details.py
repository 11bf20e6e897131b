"""Details of the pages on a phone (issue 26): times in the phone's own time zone on a hand's
page, the club's match list, the score sheet and a ruling; every small target 44 px high; an
import offered the CSV download says which file to choose; Straight Gin's form asks who went
gin and shows no empty knocker column."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.steps import scorer_of

pytestmark = pytest.mark.browser

KNOCK = {"kind": "knock", "knocker_deadwood": 5, "defender_deadwood": 20}


@pytest.fixture
def in_new_york(browser: Any) -> Any:
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, timezone_id="America/New_York"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def club_with_a_match(page: Any, base: str) -> tuple[str, str]:
    """A club (this phone its scorer) with one American match of one hand: (club, match)."""
    club = page.request.post(
        base + "/api/v1/clubs", data={"name": "Friday", "players": ["Ann", "Ben"]}
    ).json()
    made = page.request.post(
        f"{base}/api/v1/clubs/{club['id']}/matches",
        data={"players": ["Ann", "Ben"], "preset": "american"},
        headers={"X-Edit-Token": club["edit_token"]},
    ).json()
    added = page.request.post(
        f"{base}/api/v1/matches/{made['id']}/hands",
        data={**KNOCK, "knocker": "Ann"},
        headers={"X-Edit-Token": made["edit_token"]},
    )
    assert added.status == 201, added.text()
    page.goto(f"{base}/c/{club['id']}/edit#{club['edit_token']}")
    page.wait_for_url(f"{base}/c/{club['id']}")
    page.goto(f"{base}/m/{made['id']}/edit#{made['edit_token']}")
    page.wait_for_url(f"{base}/m/{made['id']}")
    return club["id"], made["id"]


def test_times_are_the_phones_own(live_server, in_new_york) -> None:
    page = in_new_york
    club, match = club_with_a_match(page, live_server)
    for path in (f"/m/{match}/hands/1", f"/c/{club}", f"/m/{match}/sheet", f"/m/{match}"):
        page.goto(live_server + path)
        times = page.locator("time[data-local]")
        expect(times.first).not_to_contain_text("UTC")
        assert times.count() >= 1, path
        shown = (times.first.text_content() or "").strip()
        # as the phone writes the stored moment in New York time
        local = page.evaluate(
            """s => new Date(s).toLocaleString(document.documentElement.lang, {
                dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York" })""",
            times.first.get_attribute("datetime"),
        )
        assert shown == local, (path, shown, local)


def test_small_targets_are_44px_high(live_server, phone) -> None:
    page = phone
    club, match = club_with_a_match(page, live_server)
    low: list[str] = []

    def measure(selector: str) -> None:
        """Each element takes a tap anywhere in a band 44 px high around its middle."""
        items = page.locator(selector).all()
        assert items, selector
        for item in items:
            item.scroll_into_view_if_needed()
            reach = item.evaluate(
                """el => { const r = el.getBoundingClientRect(), x = r.left + r.width / 2,
                    y = r.top + r.height / 2, hit = (dy) => {
                      const at = document.elementFromPoint(x, y + dy);
                      return at !== null && (at === el || el.contains(at)); };
                    return hit(-21) && hit(21); }"""
            )
            if not reach:
                low.append(f"{page.url} {selector}: {item.bounding_box()}")

    page.goto(f"{live_server}/m/{match}/hands/1")
    measure("a.rule")
    page.goto(f"{live_server}/m/{match}")
    measure("details.audit > summary")
    measure(".downloads a")
    page.goto(f"{live_server}/c/{club}/stats")
    measure("input[type=date]")
    page.goto(live_server + "/")
    measure("p.small > a")
    assert low == []


def test_an_import_of_the_csv_download_says_which_file_to_choose(live_server, phone) -> None:
    page = phone
    _, match = club_with_a_match(page, live_server)
    csv = page.request.get(f"{live_server}/m/{match}/export.csv").body()
    page.goto(live_server + "/import")
    page.set_input_files(
        "#file", files=[{"name": "match.csv", "mimeType": "text/csv", "buffer": csv}]
    )
    page.click("[data-testid=import-form] button[type=submit]")
    expect(page.locator("#file-problem")).to_contain_text("This is the CSV download")
    expect(page.locator("#file-problem")).not_to_contain_text("JSON: line 1")


def test_straight_gin_asks_who_went_gin(live_server, phone) -> None:
    page = phone
    made = scorer_of(page, live_server, ["Ann", "Ben"], preset="straight_gin")
    page.goto(f"{live_server}/m/{made['id']}/hands/new")
    expect(page.locator("#knocker_seat legend")).to_have_text("Who went gin")
    expect(page.locator("#knocker_deadwood")).to_be_hidden()
    page.locator("#knocker_seat label:has-text('Ben')").click()
    page.locator("#kind label:has-text('Gin')").first.click()
    page.fill("#defender_deadwood", "30")
    page.click("input[name=save]")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    expect(page.locator('[data-testid="total-1"]')).to_have_text("55")


def test_enter_in_a_number_field_saves_the_hand(live_server, phone) -> None:
    page = phone
    made = scorer_of(page, live_server, ["Ann", "Ben"], preset="american")
    page.goto(f"{live_server}/m/{made['id']}/hands/new")
    # the bar shows Check, then Save
    check = page.locator("input[name=check]").bounding_box()
    save = page.locator("input[name=save]").bounding_box()
    assert check["x"] < save["x"]
    page.locator("#knocker_seat label:has-text('Ann')").click()
    page.fill("#knocker_deadwood", "5")
    page.fill("#defender_deadwood", "20")
    page.press("#defender_deadwood", "Enter")
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    expect(page.locator('[data-testid="total-0"]')).to_have_text("15")
