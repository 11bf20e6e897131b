"""The change log says who changed what: a scorer may name their phone, an API client itself."""

from __future__ import annotations

from tests.web.helpers import add_quick, api_match, csrf_from, start_match


def test_a_named_scorer_appears_in_the_change_log(client):
    view_id = start_match(client)
    page = client.get(f"/m/{view_id}/link").get_data(as_text=True)
    assert "<title>Edit link · Gin Referee</title>" in page
    assert page.count('data-testid="scorer-form"') == 1
    saved = client.post(
        f"/m/{view_id}/link", data={"csrf_token": csrf_from(page), "scorer": "  Aunt   May "}
    )
    assert saved.status_code == 302
    add_quick(client, view_id, knocker=0, k=5, d=25)
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "Aunt May (" in board


def test_a_scorer_name_longer_than_40_is_refused_beside_the_field(client):
    view_id = start_match(client)
    page = client.get(f"/m/{view_id}/link").get_data(as_text=True)
    response = client.post(
        f"/m/{view_id}/link", data={"csrf_token": csrf_from(page), "scorer": "x" * 41}
    )
    assert response.status_code == 200
    assert 'role="alert"' in response.get_data(as_text=True)
    with client.session_transaction() as session:
        assert "scorer" not in session


def test_the_api_names_its_scorer_with_x_scorer(client):
    view_id, token = api_match(client)
    response = client.post(
        f"/api/v1/matches/{view_id}/hands",
        json={"kind": "knock", "knocker": "Ann", "knocker_deadwood": 3, "defender_deadwood": 9},
        headers={"X-Edit-Token": token, "X-Scorer": "Club desk"},
    )
    assert response.status_code == 201
    assert "Club desk (" in client.get(f"/m/{view_id}").get_data(as_text=True)
