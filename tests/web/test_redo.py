"""Redo beside Undo: the change the latest undo took back is made again, undos walk back and
redos walk forward again, and any other change since ends the chance to redo."""

from __future__ import annotations

import re
from typing import Any

from tests.web.helpers import api_match


def _add(client: Any, view_id: str, token: str, k: int) -> int:
    body = {"kind": "knock", "knocker": "Ann", "knocker_deadwood": k, "defender_deadwood": 30}
    made = client.post(f"/api/v1/matches/{view_id}/hands", json=body,
                       headers={"X-Edit-Token": token})  # fmt: skip
    assert made.status_code == 201
    return int(made.get_json()["hand"]["id"])


def _act(client: Any, view_id: str, token: str, action: str) -> Any:
    return client.post(f"/api/v1/matches/{view_id}/{action}", headers={"X-Edit-Token": token})


def _totals(client: Any, view_id: str) -> tuple[int, dict[str, int]]:
    read = client.get(f"/api/v1/matches/{view_id}").get_json()
    return read["hands_played"], read["totals"]


def test_undos_walk_back_and_redos_walk_forward_again(client):
    view_id, token = api_match(client)
    _add(client, view_id, token, 5)  # Ann +25
    _add(client, view_id, token, 10)  # Ann +20
    assert _totals(client, view_id) == (2, {"Ann": 45, "Ben": 0})
    nothing = _act(client, view_id, token, "redo")
    assert nothing.status_code == 409 and "nothing to redo" in nothing.get_json()["error"]["reason"]
    assert _act(client, view_id, token, "undo").status_code == 200
    assert _act(client, view_id, token, "undo").status_code == 200
    assert _totals(client, view_id) == (0, {"Ann": 0, "Ben": 0})
    first = _act(client, view_id, token, "redo")
    assert first.status_code == 200
    assert _totals(client, view_id) == (1, {"Ann": 25, "Ben": 0})
    assert _act(client, view_id, token, "redo").status_code == 200
    assert _totals(client, view_id) == (2, {"Ann": 45, "Ben": 0})
    assert _act(client, view_id, token, "redo").status_code == 409
    # what was made again can be undone again
    assert _act(client, view_id, token, "undo").status_code == 200
    assert _totals(client, view_id) == (1, {"Ann": 25, "Ben": 0})


def test_an_edit_is_made_again_and_a_new_change_ends_redo(client):
    view_id, token = api_match(client)
    hand_id = _add(client, view_id, token, 5)
    edited = client.patch(
        f"/api/v1/matches/{view_id}/hands/{hand_id}",
        json={"knocker_deadwood": 8},
        headers={"X-Edit-Token": token},
    )
    assert edited.status_code == 200
    assert _totals(client, view_id)[1]["Ann"] == 22
    _act(client, view_id, token, "undo")
    assert _totals(client, view_id)[1]["Ann"] == 25
    _act(client, view_id, token, "redo")
    assert _totals(client, view_id)[1]["Ann"] == 22
    _act(client, view_id, token, "undo")
    _add(client, view_id, token, 2)  # a new change: the undone edit cannot be redone now
    refused = _act(client, view_id, token, "redo")
    assert refused.status_code == 409
    assert _totals(client, view_id) == (2, {"Ann": 53, "Ben": 0})


def test_the_scoreboard_offers_redo_after_an_undo(client):
    view_id, token = api_match(client)
    _add(client, view_id, token, 5)
    client.get(f"/m/{view_id}/edit/{token}")
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert 'data-testid="redo"' not in page
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', page).group(1)
    undone = client.post(f"/m/{view_id}/undo", data={"csrf_token": csrf, "revision": revision},
                         follow_redirects=True)  # fmt: skip
    text = undone.get_data(as_text=True)
    assert 'data-testid="redo"' in text and "Redo the change to hand 1" in text
    revision = re.search(r'name="revision" type="hidden" value="(\d+)"', text).group(1)
    redone = client.post(f"/m/{view_id}/redo", data={"csrf_token": csrf, "revision": revision},
                         follow_redirects=True)  # fmt: skip
    assert "Made again: the change to hand 1." in redone.get_data(as_text=True)
    assert _totals(client, view_id) == (1, {"Ann": 25, "Ben": 0})
    # a page from before the undo cannot redo over a newer change
    stale = client.post(f"/m/{view_id}/redo", data={"csrf_token": csrf, "revision": "0"})
    assert stale.status_code == 409
