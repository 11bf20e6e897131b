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
