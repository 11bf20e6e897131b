"""The edit link opened on a second phone: the page posts the token from the fragment, and the
address bar and the history no longer hold it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_opening_the_edit_link_makes_a_scorer_and_drops_the_token(live_server, phone) -> None:
    page = phone
    made = page.request.post(live_server + "/api/v1/matches", data={"players": ["Ann", "Ben"]})
    assert made.status == 201
    match = made.json()
    token = match["edit_token"]
    assert match["edit_url"].endswith("#" + token)
    page.goto(match["edit_url"])
    page.wait_for_url(f"{live_server}/m/{match['id']}")
    expect(page.get_by_text("This browser can now enter and change hands")).to_be_visible()
    assert token not in page.url
    page.go_back()
    assert token not in page.url
