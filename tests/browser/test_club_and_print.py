"""A club on a phone: started with its roster, a match started from the roster (a new name
joins it), the standings and the ladder; and the print view of a scoreboard and its paper
score sheet, checked as a PDF."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from playwright.sync_api import expect

from tests.browser.test_match_on_a_phone import quick

pytestmark = pytest.mark.browser

# How far the widest figures table reaches past its box (0 or less: it fits, nothing to scroll)
WIDEST_TABLE = """() => Math.max(0, ...[...document.querySelectorAll("table.stats")].map(
  (t) => t.scrollWidth - t.parentElement.clientWidth))"""


def test_a_friday_club_on_a_phone(live_server, phone, shots):
    page = phone
    page.goto(live_server + "/")
    page.click('[data-testid="new-club"]')
    page.fill("#name", "Friday group")
    page.fill("#roster", "Ann\nBen\nCat")
    page.click("text=Start the club")
    expect(page.locator(".flash.ok")).to_contain_text("Club started")
    club_url = page.url
    # start a match from the roster; "Dot" is new and joins it
    page.select_option("#preset", "american")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Dot")
    page.click("text=Start the match")
    expect(page.locator(".flash.ok")).to_contain_text("Match started in Friday group")
    quick(page, live_server, "Ann", "Gin", 0, 60)
    quick(page, live_server, "Ann", "Gin", 0, 40)
    expect(page.locator('[data-testid="state"]')).to_contain_text("Ann wins")
    page.goto(club_url)
    expect(page.locator('[data-testid="roster"]')).to_contain_text("Dot")
    standings = page.locator('[data-testid="standings"]')
    expect(standings.locator("tr", has_text="Ann")).to_contain_text("1 / 1")
    # nothing on the club page is wider than the phone, nor scrolls inside it
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(WIDEST_TABLE) <= 0
    page.screenshot(path=shots / "club-phone.png", full_page=True)
    # the statistics: every figure of every table on the screen, beside its column's name
    page.click('[data-testid="stats-link"]')
    page.wait_for_load_state()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(WIDEST_TABLE) <= 0
    expect(page.locator("table.stats td[data-label]").first).to_be_visible()
    page.screenshot(path=shots / "club-stats-phone.png", full_page=True)
    page.goto(club_url)
    page.click("text=Ladder")
    expect(page.locator('[data-testid="ladder"] tbody tr').first).to_contain_text("Ann")
    page.screenshot(path=shots / "club-ladder.png")


def test_the_print_view_and_the_paper_sheet(live_server, phone, shots, tmp_path):
    page = phone
    page.goto(live_server + "/new?preset=hollywood")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Ben")
    page.click("input[name=submit]")
    page.wait_for_selector(".sheet")
    quick(page, live_server, "Ann", "Gin", 0, 40)
    quick(page, live_server, "Ben", "Knock", 3, 30)
    page.emulate_media(media="print")
    expect(page.locator("header.top")).to_be_hidden()
    expect(page.locator("a.button").first).to_be_hidden()
    expect(page.locator('[data-testid="chart"]').first).to_be_visible()
    page.emulate_media(media="screen")
    page.click('[data-testid="score-sheet-link"]')
    expect(page.locator(".hollywood-pad th.game-head")).to_have_count(3)
    expect(page.locator(".hollywood-pad tbody tr").first).to_contain_text("65")
    pdf = tmp_path / "sheet.pdf"
    page.pdf(path=str(pdf), format="A4")
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(pdf), str(shots / "sheet")],
            check=True,
        )
        assert list(shots.glob("sheet*.png"))
