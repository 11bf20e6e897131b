"""axe-core finds nothing to fix (issue 26): every page of a match of each format (its
scoreboard, a hand, the hand forms by counts and by cards, the rules, the link, the sheet, the
settlement), the check pages, the new-match forms, a club's pages and a shared ruling, in
English; the pages a table uses at the card table in German and Russian too; and the card
pickers with cards tapped, in each family.

axe-core comes from the npm registry (tests/browser/package.json; .ci/run installs it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_narrow_pages import FORMATS

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
FORMS = ["/", "/new", "/new/three", "/new/contract", "/gem/new", "/decks", "/check"]
FORMS += ["/check/analyze", "/check/contract", "/check/gem", "/rules", "/clubs/new", "/import"]
FORMS += ["/ratings"]
AT_THE_TABLE = ["", "/hands/1", "/hands/new", "/hands/new?entry=cards"]
EVERY = [*AT_THE_TABLE, "/hands/1/edit", "/rules", "/link", "/sheet", "/settlement"]
KNOCKER = "5S 6S 7S KH KD KC AH AD AC 3D"
DEFENDER = "8S 8H 8D 8C 9S KS 2C 2H QD JC"


def axe(page: Any) -> list[str]:
    """What axe-core finds on the page as it stands: one line per rule and element."""
    if not AXE.exists():  # as the browser tests skip without Chromium; .ci/run installs both
        pytest.skip(f"{AXE} is missing: npm ci --prefix tests/browser")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {n['target']} {n['html'][:90]}"
        for v in found["violations"]
        for n in v["nodes"][:3]
    ]


@pytest.fixture
def reader(browser: Any) -> Any:
    """A phone whose pages take the axe-core script (the pages' policy allows no other)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def post(page: Any, url: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"X-Edit-Token": token} if token else {}
    made = page.request.post(url, data=body, headers=headers)
    assert made.status in (200, 201), (url, made.text())
    return made.json()


def every_page(
    page: Any, base: str, per_match: list[str], formats: list[Any] = FORMATS, extras: bool = True
) -> list[str]:
    """A match of each of ``formats`` with its hands (this phone a scorer of each) and, with
    ``extras``, the forms, a club with two matches and a shared ruling: the paths to check."""
    paths = list(FORMS) if extras else []
    for preset, count, hands, rest in formats:
        players = NAMES[:count]
        match = post(page, base + "/api/v1/matches", {"players": players, "preset": preset, **rest})
        for hand in hands(players):
            post(page, f"{base}/api/v1/matches/{match['id']}/hands", hand, match["edit_token"])
        page.goto(match["edit_url"])
        page.wait_for_url(f"{base}/m/{match['id']}")
        paths += [f"/m/{match['id']}{p}" for p in per_match]
    if not extras:
        return paths
    club = post(page, base + "/api/v1/clubs", {"name": "Friday", "players": NAMES[:3]})
    for preset, players in (("american", NAMES[:2]), ("cutthroat", NAMES[:3])):
        match = post(
            page,
            f"{base}/api/v1/clubs/{club['id']}/matches",
            {"players": players, "preset": preset},
            club["edit_token"],
        )
        hand = {"kind": "knock", "knocker": players[1], "knocker_deadwood": 5}
        post(
            page,
            f"{base}/api/v1/matches/{match['id']}/hands",
            {**hand, "defender_deadwood": 20},
            match["edit_token"],
        )
    page.goto(f"{base}/c/{club['id']}/edit#{club['edit_token']}")
    page.wait_for_url(f"{base}/c/{club['id']}")
    player = page.locator('[data-testid="player-link"]').first.get_attribute("href")
    paths += [f"/c/{club['id']}{p}" for p in ("", "/stats", "/ladder", "/link")] + [player]
    ruling = post(
        page,
        base + "/api/v1/rulings",
        {"knocker": KNOCKER, "defender": DEFENDER, "preset": "american"},
    )
    paths.append("/" + ruling["url"].split("://", 1)[1].split("/", 1)[1])
    return paths


# Every page in English, in three parts that run side by side (each a few formats; the forms,
# the club and the ruling with the first); the pages at the card table in German and Russian.
SWEEPS = [
    ("en", EVERY, FORMATS[:4], True),
    ("en", EVERY, FORMATS[4:8], False),
    ("en", EVERY, FORMATS[8:], False),
    ("de", AT_THE_TABLE, FORMATS, True),
    ("ru", AT_THE_TABLE, FORMATS, True),
]


@pytest.mark.parametrize(
    ("language", "per_match", "formats", "extras"),
    SWEEPS,
    ids=[f"{sweep[0]}-{sweep[2][0][0]}" for sweep in SWEEPS],  # the language, the first format
)
def test_axe_finds_nothing_on_any_page(
    live_server, reader, language, per_match, formats, extras
) -> None:
    page = reader
    paths = every_page(page, live_server, per_match, formats, extras)
    page.goto(f"{live_server}/?lang={language}")
    found: list[str] = []
    for path in paths:
        response = page.goto(live_server + path)
        assert response is not None and response.status == 200, (path, response)
        assert page.get_attribute("html", "lang") == language
        found += [f"{path}: {line}" for line in axe(page)]
    assert len(paths) >= len(formats) * len(per_match)
    assert found == [], f"{len(found)} violations:\n" + "\n".join(found[:60])


# preset, players, the rest of the new match, what to tap (a target, then cards)
PICKERS = [
    ("american", 2, {}, ["knocker_cards", "QH", "5S", "defender_cards", "KD"]),
    ("battle_royal", 3, {}, ["cards_1", "QH", "cards_2", "KD"]),
    ("basic_rummy", 4, {}, ["cards_1", "QH", "melds_2", "5S", "6S"]),
    ("rum_500", 5, {}, ["cards_1", "QH", "JK1", "melds_0", "AH", "2H", "3H"]),
    (
        "twelve_step",
        3,
        {"rules": {"contract_list": FORMATS[-1][3]["rules"]["contract_list"]}},
        ["cards_2", "QH", "JK2"],
    ),
    ("gem", 3, {"deck": FORMATS[8][3]["deck"]}, ["cards_0", "QH", "AS", "cards_1", "QH"]),
]


@pytest.mark.parametrize(("preset", "players", "rest", "taps"), PICKERS)
def test_a_picker_with_cards_tapped_passes_axe(
    live_server, reader, shots, preset, players, rest, taps
) -> None:
    page = reader
    match = post(
        page,
        live_server + "/api/v1/matches",
        {"players": NAMES[:players], "preset": preset, **rest},
    )
    page.goto(match["edit_url"])
    page.wait_for_url(f"{live_server}/m/{match['id']}")
    page.goto(f"{live_server}/m/{match['id']}/hands/new?entry=cards")
    for tap in taps:
        if "_" in tap:
            page.click(f'#picker .target[data-target="{tap}"]')
        else:
            page.click(f'#picker .pc[data-card="{tap}"]')
    assert page.locator("#picker .pc[aria-pressed=true]").count() >= 2
    page.locator("#picker").scroll_into_view_if_needed()
    page.screenshot(path=shots / f"axe-picker-{preset}.png")
    assert axe(page) == []


def test_the_ruling_shown_while_cards_are_tapped_passes_axe(live_server, reader) -> None:
    """The ruling that appears above the Save bar as the cards are tapped, and its headline in
    the bar (a status a screen reader announces), pass axe-core like the rest of the form."""
    page = reader
    match = post(page, live_server + "/api/v1/matches", {"players": NAMES[:2]})
    page.goto(match["edit_url"])
    page.wait_for_url(f"{live_server}/m/{match['id']}")
    page.goto(f"{live_server}/m/{match['id']}/hands/new?entry=cards")
    page.locator("#knocker_seat label:has-text('Ann')").click()
    page.click('#picker .target[data-target="knocker_cards"]')
    for code in KNOCKER.split():
        page.click(f'#picker .pc[data-card="{code}"]')
    for code in DEFENDER.split():
        page.click(f'#picker .pc[data-card="{code}"]')
    headline = page.locator('[data-testid="live-head"]')
    expect(headline).to_contain_text("Ann +21")
    assert headline.get_attribute("role") == "status"
    expect(page.locator("#ruling[data-live]")).to_be_visible()
    assert axe(page) == []
