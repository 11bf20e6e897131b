"""A sample match played as a phone plays it: through the JSON API (docs/api.md) or through
the pages (the new-match page, then each hand's form checked and saved), counting the folds
each write makes."""

from __future__ import annotations

import re
from typing import Any

from tests.conformance.forms import browser_form, checked_form, typed_over
from tests.conformance.samples import Sample

FOLDS_A_HAND = 1
"""A match folds once per revision (docs/architecture.md principle 7): a hand's write folds the
match once (its check and its answer read the same fold), and the read after it folds
nothing."""
FOLDS_A_NEW_MATCH = 2
"""A new match folds to check its table can be folded, and once for the answer."""


def prepare(client: Any, sample: Sample) -> None:
    """Save what the sample's match is started with (a Gem deck), through the API."""
    for request in sample.before:
        response = client.post(request["path"], json=request["json"])
        assert response.status_code == 201, response.get_json()


def read(client: Any, view_id: str) -> dict[str, Any]:
    response = client.get(f"/api/v1/matches/{view_id}")
    assert response.status_code == 200, response.status_code
    body: dict[str, Any] = response.get_json()
    return body


def play_api(client: Any, sample: Sample, folds: list[str]) -> tuple[str, str]:
    """Start the sample match and enter its hands through the API; returns (id, edit token).
    Each write folds the match at most once per revision, and the read after it not at all."""
    folds.clear()
    response = client.post("/api/v1/matches", json={"players": sample.players, **sample.match})
    assert response.status_code == 201, response.get_json()
    assert len(folds) <= FOLDS_A_NEW_MATCH, ("new match", folds)
    view_id, token = response.get_json()["id"], response.get_json()["edit_token"]
    url = f"/api/v1/matches/{view_id}/hands"
    for number, hand in enumerate(sample.hands, 1):
        folds.clear()
        response = client.post(url, json=hand.api, headers={"X-Edit-Token": token})
        assert response.status_code == 201, (number, hand.outcome, response.get_json())
        assert len(folds) == FOLDS_A_HAND, (number, hand.outcome, folds)
        folds.clear()
        assert read(client, view_id)["hands_played"] == number
        assert folds == [], (number, "the read after a write folds again", folds)
    return view_id, token


def play_pages(client: Any, sample: Sample, folds: list[str]) -> str:
    """Start the sample match on its new-match page and enter its hands on the hand form (each
    checked, then saved); returns its id. Each save folds at most once per revision, and the
    scoreboard after it folds nothing."""
    page = client.get(sample.page, follow_redirects=True)
    assert page.status_code == 200, (sample.page, page.status_code)
    data = typed_over(browser_form(page.get_data(as_text=True)), sample.page_fields)
    query = page.request.query_string.decode()
    folds.clear()
    started = client.post(page.request.path + (f"?{query}" if query else ""), data=data)
    assert started.status_code == 302, (sample.page, _said(started))
    assert len(folds) <= FOLDS_A_NEW_MATCH, ("new match", folds)
    view_id = started.headers["Location"].rstrip("/").split("/")[-1]
    for number, hand in enumerate(sample.hands, 1):
        url = f"/m/{view_id}/hands/new"
        data = checked_form(client, url, hand.form)
        folds.clear()
        saved = client.post(url, data=data)
        assert saved.status_code in (302, 303), (number, hand.outcome, _said(saved))
        assert len(folds) == FOLDS_A_HAND, (number, hand.outcome, folds)
        folds.clear()
        assert client.get(f"/m/{view_id}").status_code == 200
        assert folds == [], (number, "the scoreboard after a save folds again", folds)
        assert read(client, view_id)["hands_played"] == number
    return view_id


def _said(response: Any) -> str:
    """A page's text, for an assertion's message."""
    text = response.get_data(as_text=True)
    found = re.search(r'data-testid="error-summary"(.*?)</section>', text, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1) if found else text[:1500]).split())
