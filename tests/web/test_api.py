"""The JSON API: the same operations as the pages, errors as JSON with the field at fault."""

from __future__ import annotations

import pytest

from tests.web.helpers import api_match
from tests.web.test_hands import R7_DEFENDER, R7_KNOCKER, stored


def add(client, view_id, token, **body):
    return client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )


def knock(k=5, d=25, who="Ann", **extra):
    return {"kind": "knock", "knocker": who, "knocker_deadwood": k, "defender_deadwood": d, **extra}


def test_create_match_returns_links_and_token(client):
    response = client.post(
        "/api/v1/matches",
        json={"players": ["Ann", "Ben"], "preset": "classic", "rules": {"gin_bonus": 30},
              "stake_per_point": "0.05"},
    )  # fmt: skip
    assert response.status_code == 201
    data = response.get_json()
    assert data["view_url"].endswith(f"/m/{data['id']}")
    # the token rides in the fragment, which no server log sees
    assert data["edit_url"].endswith(f"/m/{data['id']}/edit#{data['edit_token']}")
    assert len(data["edit_token"]) >= 40
    match = data["match"]
    assert match["rules"]["gin_bonus"] == 30 and match["rules"]["undercut_bonus"] == 10
    assert match["stake_per_point"] == "0.0500"
    assert match["players"] == [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Ben"}]
    assert match["totals"] == {"Ann": 0, "Ben": 0}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["Ann"]}, "players"),
        ({"players": "Ann, Ben"}, "players"),
        ({"players": ["Ann", "ann"]}, "player_1"),
        ({"players": ["Ann", ""]}, "player_1"),
        ({"players": ["Ann", "Ben"], "preset": "nope"}, "preset"),
        ({"players": ["Ann", "Ben"], "preset": "partnership"}, "players"),
        ({"players": ["Ann", "Ben", "Cat", "Dan"]}, "players"),
        ({"players": ["Ann", "Ben"], "preset": "cutthroat"}, "players"),  # three are needed
        ({"players": ["Ann", "Ben"], "rules": {"knock_limit": 99}}, "knock_limit"),
        ({"players": ["Ann", "Ben"], "rules": {"no_such_rule": 1}}, "no_such_rule"),
        ({"players": ["Ann", "Ben"], "stake_per_point": "-2"}, "stake_per_point"),
        ({"players": ["Ann", "Ben"], "stake_per_point": "lots"}, "stake_per_point"),
    ],
)
def test_create_match_errors_name_the_field(client, body, field):
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == field


def test_not_json_is_a_400(client):
    response = client.post("/api/v1/matches", data="players=Ann")
    assert response.status_code == 400 and "JSON" in response.get_json()["error"]["reason"]


def test_read_match_with_hands_results_totals_and_settlement(client):
    view_id, token = api_match(client, preset="classic", stake_per_point="0.10")
    for who, k, d in (("Ann", 5, 35), ("Ben", 2, 22)) * 2 + (("Ann", 5, 35), ("Ann", 2, 20)):
        assert add(client, view_id, token, **knock(k, d, who)).status_code == 201
    data = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert data["status"] == "finished"
    assert data["hands_played"] == 6
    assert data["totals"] == {"Ann": 108, "Ben": 40}
    assert data["boxes"] == {"Ann": 4, "Ben": 2}
    assert data["game"]["winner"] == "Ann" and data["game"]["over"]
    assert data["game"]["final"] == {"Ann": 288, "Ben": 80}
    assert data["game"]["margin"] == 208
    assert data["settlement"] == {
        "stake_per_point": "0.1000", "points": 208, "exact_points": 208,
        "payer": "Ben", "payee": "Ann",
        "amount": "20.8000",
    }  # fmt: skip
    hand = data["hands"][0]
    assert hand["result"]["outcome"] == "knock" and hand["result"]["points"] == 30
    assert hand["points"] == {"Ann": 30, "Ben": 0}
    assert hand["result"]["steps"][0]["text"]


def test_full_cards_through_the_api(client):
    view_id, token = api_match(client)
    response = add(
        client, view_id, token, kind="auto", knocker="Ann",
        knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER.split(),
    )  # fmt: skip
    assert response.status_code == 201
    hand = response.get_json()["hand"]
    assert hand["entry"] == "cards"
    assert hand["result"]["points"] == 21 and hand["result"]["defender_deadwood"] == 24
    assert hand["result"]["knocker"]["melds"]
    single = client.get(f"/api/v1/matches/{view_id}/hands/{hand['id']}").get_json()
    assert single["result"] == hand["result"]


@pytest.mark.parametrize(
    ("body", "field", "reason"),
    [
        (knock(k=-1), "knocker_deadwood", "negative"),
        (knock(d=-4), "defender_deadwood", "negative"),
        (knock(k=14), "knocker_deadwood", "Illegal knock"),
        (knock(k="5"), "knocker_deadwood", "whole number"),
        (knock(who="Zed"), "knocker", "a player's name"),
        ({"kind": "knock", "knocker_deadwood": 1, "defender_deadwood": 2}, "knocker", "who"),
        ({"knocker": "Ann"}, "kind", "knock"),
        (knock(kind="fold"), "kind", "choose"),
        (knock(colour="red"), "colour", "not a hand field"),
        ({"kind": "auto", "knocker": "Ann", "knocker_cards": "1H 2H", "defender_cards": "AS"},
         "knocker_cards", "`1H` is not a card"),
        ({"kind": "auto", "knocker": "Ann", "knocker_cards": R7_KNOCKER,
          "defender_cards": R7_DEFENDER.replace("JC", "5S")}, "defender_cards", "in both hands"),
        ({"kind": "knock", "knocker": "Ann", "knocker_cards": R7_KNOCKER,
          "defender_cards": R7_DEFENDER.replace(" JC", "")}, "defender_cards", "9 cards"),
        (knock(upcard="ZZ"), "upcard", "not a card"),
    ],
)  # fmt: skip
def test_bad_hands_are_400_naming_the_field(client, app, body, field, reason):
    view_id, token = api_match(client)
    before = stored(app, view_id)
    response = add(client, view_id, token, **body)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field
    assert reason in error["reason"]
    assert stored(app, view_id) == before


def test_illegal_knock_reports_the_ruling(client):
    view_id, token = api_match(client)
    error = add(client, view_id, token, **knock(k=14)).get_json()["error"]
    assert error["result"]["outcome"] == "illegal_knock"


def test_edit_patch_delete_and_undo(client):
    view_id, token = api_match(client)
    headers = {"X-Edit-Token": token}
    first = add(client, view_id, token, **knock(5, 25)).get_json()["hand"]
    add(client, view_id, token, **knock(2, 12, "Ben"))
    url = f"/api/v1/matches/{view_id}/hands/{first['id']}"
    response = client.put(url, json=knock(5, 35, version=first["version"]), headers=headers)
    assert response.status_code == 200
    assert response.get_json()["match"]["totals"] == {"Ann": 30, "Ben": 10}
    version = response.get_json()["hand"]["version"]
    response = client.patch(url, json={"knocker": "Ben", "version": version}, headers=headers)
    assert response.get_json()["match"]["totals"] == {"Ann": 0, "Ben": 40}
    response = client.delete(url, headers=headers)
    assert response.status_code == 200
    assert response.get_json()["match"]["totals"] == {"Ann": 0, "Ben": 10}
    assert client.get(url).status_code == 404
    response = client.post(f"/api/v1/matches/{view_id}/undo", headers=headers)
    assert response.get_json()["match"]["totals"] == {"Ann": 0, "Ben": 40}


def test_stale_versions_are_409_with_the_current_state(client, app):
    view_id, token = api_match(client)
    headers = {"X-Edit-Token": token}
    hand = add(client, view_id, token, **knock(5, 25)).get_json()["hand"]
    url = f"/api/v1/matches/{view_id}/hands/{hand['id']}"
    assert client.put(url, json=knock(5, 30, version=1), headers=headers).status_code == 200
    before = stored(app, view_id)
    response = client.put(url, json=knock(5, 11, version=1), headers=headers)
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert "Another device changed this hand" in error["reason"]
    assert error["match"]["totals"] == {"Ann": 25, "Ben": 0}
    assert client.delete(url, headers={**headers, "If-Match": "1"}).status_code == 409
    response = client.post(f"/api/v1/matches/{view_id}/undo", json={"revision": 1},
                           headers=headers)  # fmt: skip
    assert response.status_code == 409
    assert stored(app, view_id) == before


def test_idempotency_key_and_expected_number(client, app):
    view_id, token = api_match(client)
    headers = {"X-Edit-Token": token, "Idempotency-Key": "tap-1"}
    url = f"/api/v1/matches/{view_id}/hands"
    first = client.post(url, json=knock(expected_number=1), headers=headers)
    again = client.post(url, json=knock(expected_number=1), headers=headers)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json()["hand"]["id"] == again.get_json()["hand"]["id"]
    assert len(stored(app, view_id)["hands"]) == 1
    other = client.post(url, json=knock(expected_number=1), headers={"X-Edit-Token": token})
    assert other.status_code == 409
    assert other.get_json()["error"]["match"]["hands_played"] == 1


def test_not_found(client):
    view_id, token = api_match(client)
    headers = {"X-Edit-Token": token}
    assert client.get("/api/v1/matches/zzz").status_code == 404
    assert client.get(f"/api/v1/matches/{view_id}/hands/12345").status_code == 404
    response = client.delete(f"/api/v1/matches/{view_id}/hands/12345", headers=headers)
    assert response.status_code == 404
    assert response.get_json()["error"]["reason"]
    assert client.get("/api/v1/nothing-here").status_code == 404
    assert client.get("/api/v1/nothing-here").get_json()["error"]


def test_presets(client):
    data = client.get("/api/v1/presets").get_json()
    names = [p["name"] for p in data["presets"]]
    assert "american" in names and "classic" in names
    assert "knock_limit" in data["rule_help"]


def test_nothing_to_undo_is_409(client):
    view_id, token = api_match(client)
    response = client.post(f"/api/v1/matches/{view_id}/undo", headers={"X-Edit-Token": token})
    assert response.status_code == 409


def test_oklahoma_needs_the_upcard(client):
    view_id, token = api_match(client, preset="oklahoma")
    response = add(client, view_id, token, **knock(k=5, d=20))
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "upcard"
    # a 7♠ upcard: knock limit 7, spades double the hand
    response = add(client, view_id, token, **knock(k=5, d=20, upcard="7S"))
    assert response.status_code == 201
    assert response.get_json()["match"]["totals"]["Ann"] == 30
