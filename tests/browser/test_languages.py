"""German and Russian on a 390 px phone: the scoreboard, a hand's ruling and a checked ruling
fit the screen (long German words and Russian phrases break, the page never scrolls sideways),
and the switcher under the page changes the language and keeps it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

WIDTH = 390
KNOCKER = ["5S", "6S", "7S", "KH", "KD", "KC", "AH", "AD", "AC", "3D"]
DEFENDER = ["8S", "8H", "8D", "8C", "9S", "KS", "2C", "2H", "QD", "JC"]
PLAYERS = ["Schwarzwaldhochstraßenwirtin", "Константинопольская"]


def _width(page: Any) -> int:
    return int(page.evaluate("document.scrollingElement.scrollWidth"))


def test_german_and_russian_pages_fit_a_phone(phone: Any, live_server: str, shots: Path) -> None:
    page = phone
    made = page.request.post(
        live_server + "/api/v1/matches",
        data={"players": PLAYERS, "preset": "american", "stake_per_point": "0.05", "currency": "€"},
    )
    assert made.status == 201, made.text()
    match = made.json()
    api = f"{live_server}/api/v1/matches/{match['id']}/hands"
    hands = [
        {
            "kind": "knock",
            "knocker": PLAYERS[0],
            "knocker_cards": " ".join(KNOCKER),
            "defender_cards": " ".join(DEFENDER),
        },
        {"kind": "knock", "knocker": PLAYERS[1], "knocker_deadwood": 4, "defender_deadwood": 62},
    ]
    for hand in hands:
        added = page.request.post(api, data=hand, headers={"X-Edit-Token": match["edit_token"]})
        assert added.status == 201, added.text()
    ruled = page.request.post(
        live_server + "/api/v1/rulings",
        data={"knocker": " ".join(KNOCKER), "defender": " ".join(DEFENDER), "preset": "american"},
    )
    assert ruled.status in (200, 201), ruled.text()
    ruling_path = ruled.json()["url"].split("://", 1)[-1].split("/", 1)[1]

    three = page.request.post(
        live_server + "/api/v1/matches",
        data={"players": [*PLAYERS, "Ann"], "preset": "cutthroat", "stake_per_point": "0.05"},
    )
    assert three.status == 201, three.text()
    seated = three.json()
    added = page.request.post(
        f"{live_server}/api/v1/matches/{seated['id']}/hands",
        data={
            "kind": "knock",
            "knocker": "Ann",
            "knocker_deadwood": 5,
            "defender_deadwood": 60,
        },
        headers={"X-Edit-Token": seated["edit_token"]},
    )
    assert added.status == 201, added.text()

    page.goto(match["edit_url"])  # a scorer: every control of the scoreboard shows
    page.wait_for_url(f"{live_server}/m/{match['id']}")
    board = f"/m/{match['id']}"
    expected = {
        "de": ("Punktestand", "Die Entscheidung, Schritt für Schritt", "Hand 3 eintragen"),
        "ru": ("Счёт", "Решение шаг за шагом", "Записать раздачу 3"),
    }
    too_wide = []
    for language, (scores, steps, enter) in expected.items():
        for name, path in (
            ("scoreboard", f"{board}?lang={language}"),
            ("hand", f"{board}/hands/1"),
            ("hand-form", f"{board}/hands/new?entry=cards"),
            ("ruling", f"/{ruling_path}"),
            ("check", "/check"),
            ("new", "/new"),
            ("cutthroat", f"/m/{seated['id']}"),
        ):
            response = page.goto(live_server + path, wait_until="load")
            assert response is not None and response.status == 200, path
            assert page.get_attribute("html", "lang") == language
            if name == "scoreboard":
                assert page.locator(f'section.board[aria-label="{scores}"]').count() == 1
                assert page.get_by_text(enter).count() >= 1
            if name in ("hand", "ruling"):
                assert page.get_by_role("heading", name=steps).count() == 1
            page.screenshot(path=shots / f"lang-{language}-{name}.png", full_page=True)
            if _width(page) > WIDTH:
                too_wide.append(f"{language} {path}: {_width(page)}px")
    assert too_wide == [], "\n".join(too_wide)


def test_the_switcher_changes_the_language_and_keeps_it(phone: Any, live_server: str) -> None:
    page = phone
    page.goto(live_server + "/")
    assert page.get_attribute("html", "lang") == "en"
    page.click('[data-testid="languages"] a[data-lang="de"]')
    page.wait_for_url("**/?lang=de")
    assert page.get_attribute("html", "lang") == "de"
    page.click("text=Strittige Hand prüfen")
    page.wait_for_url("**/check")
    assert page.get_attribute("html", "lang") == "de"
    assert page.get_by_role("heading", name="Hand prüfen").count() == 1
    switcher = page.locator('[data-testid="languages"]').bounding_box()
    assert switcher is not None and switcher["width"] <= WIDTH
    page.click('[data-testid="languages"] a[data-lang="ru"]')
    assert page.get_attribute("html", "lang") == "ru"
    page.goto(live_server + "/")
    assert page.get_attribute("html", "lang") == "ru"
    assert _width(page) <= WIDTH


def test_every_format_fits_a_phone_in_german_and_russian(
    phone: Any, live_server: str, shots: Path
) -> None:
    """Each format's scoreboard and first hand, with its ruling's steps and seating said in
    German and Russian (longer than the English), never scroll sideways at 390 px."""
    from tests.web.every_format import SAMPLES

    page = phone
    boards = []
    for name, (names, body, hands) in SAMPLES.items():
        made = page.request.post(live_server + "/api/v1/matches", data={"players": names, **body})
        assert made.status == 201, (name, made.text())
        match = made.json()
        for hand in hands:
            added = page.request.post(
                f"{live_server}/api/v1/matches/{match['id']}/hands",
                data=hand,
                headers={"X-Edit-Token": match["edit_token"]},
            )
            assert added.status == 201, (name, added.text())
        boards.append((name, f"/m/{match['id']}"))
    too_wide = []
    for language in ("de", "ru"):
        page.goto(f"{live_server}/?lang={language}")
        for name, board in boards:
            for what, path in (("scoreboard", board), ("hand", f"{board}/hands/1")):
                response = page.goto(live_server + path, wait_until="load")
                assert response is not None and response.status == 200, path
                assert page.get_attribute("html", "lang") == language
                if _width(page) > WIDTH:
                    too_wide.append(f"{language} {name} {what}: {_width(page)}px")
                    page.screenshot(
                        path=shots / f"wide-{language}-{name}-{what}.png", full_page=True
                    )
            if name in ("gem", "contract", "chouette"):
                page.screenshot(path=shots / f"lang-{language}-{name}-hand.png", full_page=True)
    assert too_wide == [], "\n".join(too_wide)
