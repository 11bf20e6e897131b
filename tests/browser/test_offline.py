"""No signal at the table: a phone that opened a match keeps scoring with no connection. The
hands wait on the phone (IndexedDB) and arrive on the server exactly once when the
connection returns; a change made meanwhile on another phone is shown beside the kept hand
and the scorer chooses. Unreadable entries and hands for a deleted match are shown, never
lost."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.steps import pick_cards

pytestmark = pytest.mark.browser

SENDING = 30_000  # ms for the kept hands to be sent on a busy machine
HANDS = [("Ann", 5, 20), ("Ben", 3, 31)]
R7_KNOCKER = ["5S", "6S", "7S", "KH", "KD", "KC", "AH", "AD", "AC", "3D"]
R7_DEFENDER = ["8S", "8H", "8D", "8C", "9S", "KS", "2C", "2H", "QD", "JC"]


def _api(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Edit-Token"] = token
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def _scorer_phone(page: Any, base: str) -> tuple[str, str]:
    """A match made through the API, its edit link opened on this phone (a scorer), and the
    phone's copies of the scoreboard and the hand form in place."""
    made = _api(base, "/api/v1/matches", {"players": ["Ann", "Ben"]})
    page.goto(made["edit_url"])
    page.wait_for_url(f"{base}/m/{made['id']}")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now through the service worker: the scoreboard is kept on the phone
    kept = f"""() => caches.open("gin-pages-1").then(async (c) =>
        Boolean(await c.match("/m/{made["id"]}", {{ignoreVary: true}}))
        && Boolean(await c.match("/m/{made["id"]}/hands/new", {{ignoreVary: true}})))"""
    page.wait_for_function(kept)
    return made["id"], made["edit_token"]


def _enter_offline(page: Any, knocker: str, k: int, d: int) -> None:
    page.click("text=Enter hand")
    # the worker gives the network up to 10 s before it serves the phone's copy
    page.wait_for_selector("#entry-0", timeout=SENDING)
    page.check("#entry-0")
    page.locator(f"#knocker_seat label:has-text('{knocker}')").click()
    page.locator("#kind label:has-text('Knock')").first.click()
    page.fill("#knocker_deadwood", str(k))
    page.fill("#defender_deadwood", str(d))
    page.click("input[name=save]")
    page.wait_for_url(re.compile(r"/m/[^/]+$"))  # kept, and back on the scoreboard's copy
    page.wait_for_selector('[data-testid="sync-queue"]')


def _server_hands(base: str, view_id: str) -> list[dict[str, Any]]:
    hands: list[dict[str, Any]] = _api(base, f"/api/v1/matches/{view_id}")["hands"]
    return hands


def test_three_hands_entered_offline_arrive_once(live_server, phone, shots) -> None:
    page = phone
    view_id, _ = _scorer_phone(page, live_server)
    page.context.set_offline(True)
    for knocker, k, d in HANDS:
        _enter_offline(page, knocker, k, d)
    # the third with the card picker: kept as entered, ruled by the server when sent
    pick_cards(page, "Ann", R7_KNOCKER + R7_DEFENDER)
    page.click("input[name=save]")
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    # the queue is already on the page: wait for the third hand in it, not for the queue
    expect(page.locator('[data-testid="kept-hand"]')).to_have_count(3)
    page.reload()  # offline: the phone's copy, with the kept hands
    kept = page.locator('[data-testid="kept-hand"]')
    expect(kept).to_have_count(3)
    expect(page.get_by_test_id("offline")).to_contain_text("Offline since")
    for number, (_, k, d) in enumerate(HANDS, 1):
        row = kept.nth(number - 1)
        expect(row).to_contain_text(f"Hand {number} · waiting to sync")
        expect(row.get_by_test_id("kept-counts")).to_contain_text(f"Knocker's deadwood: {k}")
        expect(row.get_by_test_id("kept-counts")).to_contain_text(f"Defender's deadwood: {d}")
        expect(row).to_contain_text("Provisional")
    expect(kept.nth(2)).to_contain_text("Hand 3 · waiting to sync")
    expect(kept.nth(2).get_by_test_id("kept-counts")).to_contain_text(" ".join(R7_DEFENDER))
    expect(kept.nth(2)).to_contain_text("the server rules this hand")
    page.screenshot(path=shots / "offline-kept.png", full_page=True)
    assert _server_hands(live_server, view_id) == []
    # a send whose answer never came back is sent again with the same key
    page.evaluate(
        """() => new Promise((resolve) => indexedDB.open("gin-referee-offline").onsuccess = (e) => {
            const store = e.target.result.transaction("queue", "readwrite").objectStore("queue");
            store.openCursor().onsuccess = (c) => { store.add(c.target.result.value);
                store.transaction.oncomplete = resolve; };
        })"""
    )
    page.context.set_offline(False)
    expect(page.get_by_test_id("sync-queue")).to_have_count(0, timeout=SENDING)
    expect(page.get_by_test_id("offline")).to_have_count(0)
    hands = _server_hands(live_server, view_id)
    entered = [(h["knocker"], h["knocker_deadwood"], h["defender_deadwood"]) for h in hands]
    assert entered == [*HANDS, ("Ann", None, None)]
    assert hands[2]["knocker_cards"] == R7_KNOCKER and hands[2]["points"]["Ann"] == 21
    expect(page.get_by_test_id("total-0")).to_have_text(str(sum(h["points"]["Ann"] for h in hands)))


def test_a_change_meanwhile_is_shown_and_the_scorer_chooses(live_server, phone, shots) -> None:
    page = phone
    view_id, token = _scorer_phone(page, live_server)
    page.context.set_offline(True)
    _enter_offline(page, "Ann", 4, 30)
    _enter_offline(page, "Ben", 15, 20)  # over the knock limit: the server will refuse it
    # meanwhile another phone enters hand 1 for Ben
    body = {"kind": "knock", "knocker": "Ben", "knocker_deadwood": 2, "defender_deadwood": 12}
    _api(live_server, f"/api/v1/matches/{view_id}/hands", body, token)
    # and this phone holds an unreadable entry and a hand for a match deleted since
    page.evaluate(
        """() => new Promise((resolve) => indexedDB.open("gin-referee-offline").onsuccess = (e) => {
            const store = e.target.result.transaction("queue", "readwrite").objectStore("queue");
            store.add("{not a hand");
            store.add({key: "k-gone", match: "gone0000", scoreboard: "/m/gone0000", number: 1,
                base: 0, fields: {entry: "counts"}, summary: [["How", "Gin"]], status: "waiting",
                kept: new Date().toISOString(), title: "Cat v Dan"});
            store.transaction.oncomplete = resolve;
        })"""
    )
    page.context.set_offline(False)
    mine = page.locator('[data-testid="kept-hand"][data-status="conflict"]')
    expect(mine).to_contain_text("Hand 1 · changed meanwhile", timeout=SENDING)
    expect(mine.get_by_test_id("theirs")).to_contain_text("On the server now: 1 hand")
    expect(mine.get_by_test_id("their-hands")).to_contain_text("Ben")
    expect(mine.get_by_test_id("kept-counts")).to_contain_text("Knocker's deadwood: 4")
    gone = page.locator('[data-testid="kept-hand"][data-status="gone"]')
    expect(gone).to_contain_text("no longer on the server", timeout=SENDING)
    expect(page.get_by_test_id("kept-unreadable")).to_contain_text("could not be read")
    page.screenshot(path=shots / "offline-conflict.png", full_page=True)
    assert len(_server_hands(live_server, view_id)) == 1

    mine.get_by_test_id("keep-mine").click()
    conflicts = page.locator('[data-testid="kept-hand"][data-status="conflict"]')
    expect(conflicts).to_have_count(0, timeout=SENDING)
    # sent: the scoreboard shows the match as the server has it now
    expect(page.get_by_test_id("state")).to_contain_text("2 hands played", timeout=SENDING)
    hands = _server_hands(live_server, view_id)
    assert [(h["knocker"], h["knocker_deadwood"]) for h in hands] == [("Ben", 2), ("Ann", 4)]
    # the illegal knock came back refused, named by its field: changed in its form, sent again
    refused = page.locator('[data-testid="kept-hand"][data-status="refused"]')
    expect(refused).to_contain_text("Hand 3 · refused by the server")
    expect(refused.get_by_test_id("kept-problem")).to_contain_text("Knocker's deadwood: Illegal")
    refused.get_by_test_id("fix").click()
    expect(page.get_by_test_id("fixing")).to_contain_text("Changing the kept hand 3")
    expect(page.locator("#knocker_deadwood")).to_have_value("15")
    page.fill("#knocker_deadwood", "6")
    page.click("input[name=save]")
    expect(page.get_by_test_id("state")).to_contain_text("3 hands played", timeout=SENDING)
    hands = _server_hands(live_server, view_id)
    assert [(h["knocker"], h["knocker_deadwood"]) for h in hands][2] == ("Ben", 6)
    # the other two stay until the scorer discards them
    expect(page.get_by_test_id("kept-unreadable")).to_have_count(1)
    page.on("dialog", lambda dialog: dialog.accept())
    gone.get_by_test_id("discard").click()
    page.get_by_test_id("discard-unreadable").click()
    expect(page.get_by_test_id("sync-queue")).to_have_count(0, timeout=SENDING)


def _enter_offline_by_selectors(page: Any, knocker: str, k: int, d: int) -> None:
    """As :func:`_enter_offline`, by what the controls are rather than their words (the page
    speaks the reader's language)."""
    page.locator("a.button.primary[href$='/hands/new']").first.click()
    page.wait_for_selector("#entry-0", timeout=SENDING)  # as in _enter_offline
    page.check("#entry-0")
    page.locator(f"#knocker_seat label:has-text('{knocker}')").click()
    page.locator("#kind label.pill", has=page.locator("input[value='knock']")).click()
    page.fill("#knocker_deadwood", str(k))
    page.fill("#defender_deadwood", str(d))
    page.click("input[name=save]")
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    page.wait_for_selector('[data-testid="sync-queue"]')


def test_a_german_table_scores_an_evening_offline_in_german(live_server, phone, shots) -> None:
    """The issue's evening in a cabin: the phone speaks German, the hands wait in German, the
    reloaded copy says so in German, and each arrives on the server once, summed in German."""
    page = phone
    page.goto(live_server + "/?lang=de")  # the switcher's choice, remembered by the phone
    view_id, _ = _scorer_phone(page, live_server)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.context.set_offline(True)
    evening = [*HANDS, ("Ann", 7, 12)]
    for knocker, k, d in evening:
        _enter_offline_by_selectors(page, knocker, k, d)
    kept = page.locator('[data-testid="kept-hand"]')
    expect(kept).to_have_count(3)
    page.reload()  # offline: the phone's German copy, with the kept hands
    expect(kept).to_have_count(3)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_test_id("offline")).to_contain_text("Offline seit")
    for number in range(1, 4):
        expect(kept.nth(number - 1)).to_contain_text(f"Hand {number} · wartet auf Synchronisierung")
    page.screenshot(path=shots / "offline-de-kept.png", full_page=True)
    assert _server_hands(live_server, view_id) == []
    page.context.set_offline(False)
    expect(page.get_by_test_id("sync-queue")).to_have_count(0, timeout=SENDING)
    hands = _server_hands(live_server, view_id)
    assert [(h["knocker"], h["knocker_deadwood"], h["defender_deadwood"]) for h in hands] == evening
    # the scoreboard as the server has it, in German: the hands' summaries and the total
    history = page.locator("table.history tbody")
    expect(history).to_contain_text("Ann klopft +15")
    expect(history).to_contain_text("Ben klopft +28")
    expect(page.get_by_test_id("total-0")).to_have_text(str(sum(h["points"]["Ann"] for h in hands)))
    page.screenshot(path=shots / "offline-de-synced.png", full_page=True)


def _styled_and_scripted(page: Any) -> None:
    """The page has its styles and its scripts (from the phone's copies when offline): the
    shared stylesheet applies, and the offline script is running."""
    assert page.evaluate(
        """() => [...document.styleSheets].some((s) => {
            try {  // a sheet that failed to load has no rules to read
                return (s.href || "").includes("/static/app.css") && s.cssRules.length > 0;
            } catch (err) {
                return false;
            }
        })"""
    ), "the page has no styles"
    expect(page.locator("html")).to_have_class(re.compile(r"\bjs\b"))
    assert page.evaluate("typeof window.ginText === 'function'"), "the page has no scripts"


@pytest.fixture
def phone_with_language(browser: Any) -> Iterator[Any]:
    """A phone set to a language of its own, as every real phone is: its requests carry
    ``Accept-Language``, which the service worker sees (Playwright's ``locale``)."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="en-GB"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        yield page
    finally:
        context.close()


def test_hands_entered_offline_after_the_session_changed_arrive_once(
    live_server, phone_with_language, shots
) -> None:
    """A scorer opens the match by its edit link and enters a hand online (the session cookie
    changes), wanders (home page, another language, another match), comes back, loses
    signal and enters two more: the form has its styles and scripts (the phone's copies of
    the static files are found whatever the session, the cookies and the phone's language),
    the two wait on the phone, and each arrives once when the connection returns."""
    page = phone_with_language
    view_id, _ = _scorer_phone(page, live_server)
    # one hand online, through the form: the save answers with a new session cookie
    _enter_by_selectors(page, "Ann", 5, 20)
    expect(page.get_by_test_id("state")).to_contain_text("1 hand")
    # the session changes as a scorer's does between hands
    page.goto(live_server + "/")
    page.click('[data-testid="languages"] a[data-lang="de"]')
    page.wait_for_url("**/?lang=de")
    other = _api(live_server, "/api/v1/matches", {"players": ["Cat", "Dan"]})
    page.goto(other["edit_url"])
    page.wait_for_url(f"{live_server}/m/{other['id']}")
    page.goto(f"{live_server}/m/{view_id}")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.context.set_offline(True)
    page.locator("a.button.primary[href$='/hands/new']").first.click()
    page.wait_for_selector("#entry-0", timeout=SENDING)
    _styled_and_scripted(page)
    page.go_back()
    offline = [("Ben", 3, 31), ("Ann", 7, 12)]
    for knocker, k, d in offline:
        _enter_offline_by_selectors(page, knocker, k, d)
    kept = page.locator('[data-testid="kept-hand"]')
    expect(kept).to_have_count(2)
    page.screenshot(path=shots / "offline-after-session-change.png", full_page=True)
    assert len(_server_hands(live_server, view_id)) == 1
    page.context.set_offline(False)
    expect(page.get_by_test_id("sync-queue")).to_have_count(0, timeout=SENDING)
    hands = _server_hands(live_server, view_id)
    entered = [(h["knocker"], h["knocker_deadwood"], h["defender_deadwood"]) for h in hands]
    assert entered == [("Ann", 5, 20), *offline]
    assert [h["number"] for h in hands] == [1, 2, 3]
    assert _server_hands(live_server, other["id"]) == []
    expect(page.get_by_test_id("total-0")).to_have_text(str(sum(h["points"]["Ann"] for h in hands)))


def _enter_by_selectors(page: Any, knocker: str, k: int, d: int) -> None:
    """A hand entered online through the match's form, as a scorer does."""
    page.locator("a.button.primary[href$='/hands/new']").first.click()
    page.wait_for_selector("#entry-0")
    page.check("#entry-0")
    page.locator(f"#knocker_seat label:has-text('{knocker}')").click()
    page.locator("#kind label.pill", has=page.locator("input[value='knock']")).click()
    page.fill("#knocker_deadwood", str(k))
    page.fill("#defender_deadwood", str(d))
    page.click("input[name=save]")
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
