"""No page scrolls sideways on a 320 px phone, whatever the players are called (issue 14):
every page of a match of each format, with 30-character names, measured by the width of the
document against the width of the window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

NARROW = {"width": 320, "height": 640}
LONG = "Wolfeschlegelsteinhausenberg"  # 28 letters and no space to break at


def names(count: int) -> list[str]:
    """Thirty-character names, one with spaces, the rest one unbreakable word."""
    first = "Grandma Josephine Bartholomews"
    return [first] + [f"{LONG}{chr(ord('a') + i)}{i}" for i in range(count - 1)]


def knock(knocker: str, **extra: Any) -> dict[str, Any]:
    return {"kind": "knock", "knocker": knocker, "knocker_deadwood": 5, "defender_deadwood": 60}


def two(players: list[str]) -> list[dict[str, Any]]:
    return [knock(players[0]), knock(players[1])]


def partnership(players: list[str]) -> list[dict[str, Any]]:
    table = {"kind": "knock", "knocker_deadwood": 5, "defender_deadwood": 60}
    return [{"tables": [{**table, "knocker": players[0]}, {**table, "knocker": players[2]}]}]


def battle_royal(players: list[str]) -> list[dict[str, Any]]:
    counts = dict(zip(players, (4, 40, 55), strict=True))
    return [{"kind": "knock", "knocker": players[0], "deadwoods": counts}] * 2


def rummy(players: list[str]) -> list[dict[str, Any]]:
    counts = {name: 0 if name == players[0] else 30 for name in players}
    return [{"went_out": players[0], "ending": "out", "counts": counts}] * 2


def rum_500(players: list[str]) -> list[dict[str, Any]]:
    (hand,) = rummy(players)[:1]
    melded = {name: 300 if name == players[0] else 0 for name in players}
    return [{**hand, "melded": melded}] * 2


def gem(players: list[str]) -> list[dict[str, Any]]:
    counts = {name: 0 if name == players[0] else 30 for name in players}
    return [{"dice": 7, "knocker": players[0], "counts": counts}] * 2


def contract(players: list[str]) -> list[dict[str, Any]]:
    counts = {name: 40 for name in players[1:]}
    return [{"went_out": players[0], "counts": counts, "made": [True] * len(players)}] * 2


DECK = (Path(__file__).parent.parent / "data" / "gem_synthetic_deck.txt").read_text().strip()
SHORT_LIST = {
    "name": "two deals",
    "deals": [{"cards": 13, "contract": c} for c in ("2 groups", "1 group and 1 sequence")],
}
LOW_TARGET = {"rules": {"game_target": 50}}
# preset, players, hands, the rest of the new match: games short enough that one ends (its
# settlement shows)
FORMATS = [
    ("american", 2, two, LOW_TARGET),
    ("hollywood", 2, two, LOW_TARGET),
    ("partnership", 4, partnership, LOW_TARGET),
    ("cutthroat", 3, lambda p: [knock(p[1])], LOW_TARGET),
    ("chouette", 8, lambda p: [knock(p[7])], LOW_TARGET),
    ("battle_royal", 3, battle_royal, LOW_TARGET),
    ("basic_rummy", 6, rummy, LOW_TARGET),
    ("rum_500", 8, rum_500, LOW_TARGET),
    ("gem", 3, gem, {"deck": DECK, **LOW_TARGET}),
    ("contract_7", 5, contract, {"rules": {"contract_list": SHORT_LIST}}),
    ("twelve_step", 5, contract, {"rules": {"contract_list": SHORT_LIST}}),
]
PAGES = ("/", "/new", "/new/three", "/new/contract", "/gem/new", "/decks", "/check")
CHECKS = ("/check/analyze", "/check/contract", "/check/gem")


def test_no_page_of_any_format_scrolls_sideways_at_320px(live_server, browser, shots) -> None:
    context = browser.new_context(viewport=NARROW, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    too_wide: list[str] = []

    def measure(path: str) -> None:
        response = page.goto(live_server + path, wait_until="domcontentloaded")
        assert response is not None and response.status == 200, (path, response)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > NARROW["width"]:
            too_wide.append(f"{path}: {width}px")

    for path in PAGES + CHECKS:
        measure(path)
    for preset, count, hands, rest in FORMATS:
        players = names(count)
        made = page.request.post(
            live_server + "/api/v1/matches",
            data={"players": players, "preset": preset, "stake_per_point": "0.05", **rest},
        )
        assert made.status == 201, (preset, made.text())
        match = made.json()
        token = match["edit_token"]
        base = f"/m/{match['id']}"
        for hand in hands(players):
            added = page.request.post(
                f"{live_server}/api/v1{base.replace('/m/', '/matches/')}/hands",
                data=hand,
                headers={"X-Edit-Token": token},
            )
            assert added.status == 201, (preset, added.text())
        page.goto(match["edit_url"])  # this browser becomes a scorer: every control shows
        page.wait_for_url(live_server + base)
        for path in (f"{base}/hands/1", f"{base}/hands/1/edit", f"{base}/link", base):
            measure(path)
        page.screenshot(path=shots / f"narrow-{preset}.png", full_page=True)
        if page.locator(f'a[href="{base}/settlement"]').count():
            measure(f"{base}/settlement")
    context.close()
    assert too_wide == [], "\n".join(too_wide)
