"""A club's charts on a phone, light and dark: a player's rating over time (from the ladder)
and the win rates by format on the statistics page, each within the phone's width and with
its numbers a tap away."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _api(page: Any, base: str, path: str, body: Any, token: str | None = None) -> Any:
    headers = {"X-Edit-Token": token} if token else {}
    response = page.request.post(base + path, data=body, headers=headers)
    assert response.status, response.text()
    return response.json()


def _club(page: Any, base: str) -> str:
    """Ann, Ben and a long-named player play gin and Cutthroat: a few finished games each."""
    long_name = "Bartholomew the Magnificent"
    club = _api(page, base, "/api/v1/clubs", {"name": "Friday", "players": ["Ann", "Ben"]})
    cid, token = club["id"], club["edit_token"]

    def play(players: list[str], preset: str, winners: list[str]) -> None:
        match = _api(
            page, base, f"/api/v1/clubs/{cid}/matches", {"players": players, "preset": preset},
            token,
        )  # fmt: skip
        for who in winners:
            body = {"kind": "gin", "knocker": who, "knocker_deadwood": 0, "defender_deadwood": 80}
            _api(page, base, f"/api/v1/matches/{match['id']}/hands", body, match["edit_token"])

    play(["Ann", "Ben"], "american", ["Ann", "Ann", "Ben", "Ann", "Ben", "Ann"])
    play(["Ann", long_name], "american", ["Ann", long_name, long_name])
    play(["Ann", "Ben", long_name], "cutthroat", ["Ben", "Ann"])
    return str(cid)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_rating_and_win_rate_charts_fit_a_phone(live_server, phone, shots, scheme):
    page = phone
    page.emulate_media(color_scheme=scheme)
    club = _club(page, live_server)
    page.goto(f"{live_server}/c/{club}/ladder")
    page.click('[data-testid="ladder"] >> text=Ann')
    expect(page.locator("h1")).to_have_text("Ann")
    expect(page.locator('[data-testid="chart"] figcaption')).to_have_text("Ann: rating over time")
    expect(page.locator('[data-testid="bar-chart"] figcaption')).to_contain_text("win rate")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    svg = page.locator('[data-testid="chart"] svg')
    assert svg.bounding_box()["width"] <= 390
    page.screenshot(path=shots / f"player-{scheme}.png", full_page=True)
    page.click('[data-testid="chart"] summary')
    expect(page.locator('[data-testid="chart"] table tbody tr').first).to_be_visible()
    page.goto(f"{live_server}/c/{club}/stats")
    charts = page.locator('[data-testid="bar-chart"]')
    expect(charts).to_have_count(2)
    expect(charts.first.locator("figcaption")).to_have_text("Win rate: Cutthroat")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    charts.nth(1).scroll_into_view_if_needed()
    page.screenshot(path=shots / f"win-rates-{scheme}.png", full_page=False)


def test_a_club_file_imported_on_a_phone(live_server, phone, shots, tmp_path):
    page = phone
    club = _club(page, live_server)
    raw = page.request.get(f"{live_server}/c/{club}/export.json").body()
    good, bad = tmp_path / "club.json", tmp_path / "match.json"
    good.write_bytes(raw)
    bad.write_text('{"format": "gin-referee-match", "version": 1}')
    page.goto(live_server + "/")
    page.click('[data-testid="import-club"]')
    page.set_input_files("#file", str(bad))
    page.click("button:has-text('Import')")
    expect(page.locator("#file-problem")).to_contain_text("a club's file is needed here")
    page.set_input_files("#file", str(good))
    page.click("button:has-text('Import')")
    expect(page.locator(".flash.ok")).to_contain_text("Imported as a new club")
    assert f"/c/{club}" not in page.url
    expect(page.locator('[data-testid="standings"]')).to_contain_text("Bartholomew")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=shots / "club-imported.png")
    # the same file again: the club it made, not a second one
    first = page.url
    page.goto(live_server + "/clubs/import")
    page.set_input_files("#file", str(good))
    page.click("button:has-text('Import')")
    expect(page.locator(".flash.ok")).to_contain_text("imported before")
    assert page.url == first
