"""What a scorer does on the pages, as steps the browser tests share."""

from __future__ import annotations

from typing import Any


def pick_cards(page: Any, knocker: str, codes: list[str]) -> None:
    """Open the hand form with cards, say who knocked, and tap the knocker's cards in the
    picker (as a scorer does)."""
    page.click("text=Enter with cards")
    page.wait_for_load_state()
    page.locator(f"#knocker_seat label:has-text('{knocker}')").click()
    for code in codes:
        page.click(f'#picker .pc[data-card="{code}"]')


def type_instead(scope: Any) -> None:
    """Unfold the typed card fields under the picker ("Type the cards instead"), as a scorer
    does who would rather type than tap."""
    for summary in scope.locator("details.typed:not([open]) > summary").all():
        summary.click()


def totals(page: Any, players: int) -> tuple[int, ...]:
    """The scoreboard's running total of each seat, in seat order."""
    return tuple(
        int(page.locator(f'[data-testid="total-{seat}"]').inner_text()) for seat in range(players)
    )


def start_from_home(page: Any, base: str, start: str, preset: str, names: list[str]) -> None:
    """Open the home page, tap the start button ``start`` (its test id), check the new-match
    form offers ``preset``, and type the players' names (as a table does before it deals)."""
    page.goto(base + "/")
    page.click(f"[data-testid={start}]")
    page.wait_for_load_state()
    page.locator("#preset").wait_for()
    assert page.locator("#preset").input_value() == preset
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)


def scorer_of(page: Any, base: str, players: list[str], **body: Any) -> dict[str, Any]:
    """Start a match through the API (``body``: its preset, deck, rules) and open its edit
    link on this phone, as a scorer handed the link does; returns the API's answer."""
    made = page.request.post(base + "/api/v1/matches", data={"players": players, **body})
    assert made.status == 201, made.text()
    match: dict[str, Any] = made.json()
    page.goto(match["edit_url"])
    page.wait_for_url(f"{base}/m/{match['id']}")
    return match
