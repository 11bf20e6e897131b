"""Every write needs the match's edit token: without it, or with a wrong one, 403 and nothing
changes. Every form needs its CSRF token."""

from __future__ import annotations

import pytest

from tests.web.helpers import (
    HAND_WRITES,
    add_quick,
    api_match,
    csrf_from,
    form_values,
    start_match,
)
from tests.web.test_hands import hand_ids, stored

WRONG = "not-the-token-" + "x" * 30


@pytest.fixture
def played(client):
    """A match with one hand, created by ``client`` (which holds the edit token)."""
    view_id = start_match(client)
    add_quick(client, view_id, knocker=0, k=5, d=25)
    add_quick(client, view_id, knocker=1, k=5, d=25)
    return view_id, hand_ids(client, view_id)[0]


def _csrf(c) -> str:
    return csrf_from(c.get("/new").get_data(as_text=True))


def _give_wrong_token(c, app, view_id):
    with c.session_transaction() as session:
        session["edit"] = {view_id: WRONG}


WEB_WRITES = [
    *HAND_WRITES,
    ("POST", "/m/{v}/stop"),
    ("GET", "/m/{v}/link"),
    ("POST", "/m/{v}/link"),
]


@pytest.mark.parametrize("token", ["missing", "wrong"])
@pytest.mark.parametrize(("method", "path"), WEB_WRITES)
def test_web_writes_need_the_edit_token(app, client, other_client, played, method, path, token):
    view_id, hand_id = played
    if token == "wrong":
        _give_wrong_token(other_client, app, view_id)
    before = stored(app, view_id)
    url = path.format(v=view_id, h=hand_id)
    data = {
        "csrf_token": _csrf(other_client),
        "entry": "counts",
        "kind": "knock",
        "knocker_seat": "0",
        "dealer_seat": "0",
        "knocker_deadwood": "1",
        "defender_deadwood": "30",
        "version": "1",
        "save": "1",
    }
    response = other_client.open(url, method=method, data=data if method == "POST" else None)
    assert response.status_code == 403
    assert "edit link" in response.get_data(as_text=True)
    assert stored(app, view_id) == before


@pytest.mark.parametrize(
    "path",
    ["/m/{v}/hands/new", "/m/{v}/hands/{h}/delete", "/m/{v}/undo", "/m/{v}/redo", "/m/{v}/stop"],
)
def test_forms_without_csrf_are_refused(app, client, played, path):
    view_id, hand_id = played
    before = stored(app, view_id)
    url = path.format(v=view_id, h=hand_id)
    data = form_values(client.get(f"/m/{view_id}/hands/{hand_id}").get_data(as_text=True))
    data.pop("csrf_token")
    data.update(entry="counts", kind="knock", knocker_seat="0", save="1")
    data.update(knocker_deadwood="1", defender_deadwood="30")
    response = client.post(url, data=data)
    assert response.status_code == 400
    assert "nothing was changed" in response.get_data(as_text=True)
    assert stored(app, view_id) == before


def test_a_wrong_edit_link_is_refused(client, other_client, played):
    view_id, _ = played
    assert other_client.get(f"/m/{view_id}/edit/{WRONG}").status_code == 403
    assert "Enter hand" not in other_client.get(f"/m/{view_id}").get_data(as_text=True)


def test_one_matchs_token_does_not_open_another(app, client, other_client):
    mine = start_match(client)
    theirs = start_match(other_client)
    with client.session_transaction() as session:
        token = session["edit"][mine]
    assert client.get(f"/m/{theirs}/edit/{token}").status_code == 403
    with client.session_transaction() as session:
        session["edit"] = {theirs: token}
    assert client.get(f"/m/{theirs}/hands/new").status_code == 403


API_WRITES = [
    ("POST", "/api/v1/matches/{v}/hands", {"kind": "knock", "knocker": "Ann",
                                           "knocker_deadwood": 1, "defender_deadwood": 30}),
    ("PUT", "/api/v1/matches/{v}/hands/{h}", {"kind": "knock", "knocker": "Ben",
                                              "knocker_deadwood": 1, "defender_deadwood": 30}),
    ("PATCH", "/api/v1/matches/{v}/hands/{h}", {"defender_deadwood": 31}),
    ("DELETE", "/api/v1/matches/{v}/hands/{h}", None),
    ("POST", "/api/v1/matches/{v}/undo", None),
    ("POST", "/api/v1/matches/{v}/redo", None),
    ("POST", "/api/v1/matches/{v}/stop", None),
]  # fmt: skip


@pytest.mark.parametrize("token", [None, WRONG, ""])
@pytest.mark.parametrize(("method", "path", "body"), API_WRITES)
def test_api_writes_need_the_edit_token(app, client, method, path, body, token):
    view_id, real = api_match(client)
    created = client.post(
        f"/api/v1/matches/{view_id}/hands",
        json={"kind": "knock", "knocker": "Ann", "knocker_deadwood": 2, "defender_deadwood": 9},
        headers={"X-Edit-Token": real},
    )
    hand_id = created.get_json()["hand"]["id"]
    before = stored(app, view_id)
    headers = {} if token is None else {"X-Edit-Token": token}
    response = client.open(
        path.format(v=view_id, h=hand_id), method=method, json=body, headers=headers
    )
    assert response.status_code == 403
    assert response.get_json()["error"]["field"] == "X-Edit-Token"
    assert stored(app, view_id) == before
