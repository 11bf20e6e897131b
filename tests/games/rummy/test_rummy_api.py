"""Basic Rummy and 500 Rum through the JSON API: creating a match for N players, hands by
points and by cards (players by name), the ruling's steps, totals, the dealer, a PATCH, the
settlement, and bad input naming the API's field with nothing stored."""

from __future__ import annotations

from typing import Any

import pytest

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def make(client: Any, names: list[str], preset: str, **extra: Any) -> tuple[str, str]:
    response = client.post("/api/v1/matches", json={"players": names, "preset": preset, **extra})
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return data["id"], data["edit_token"]


def add(client: Any, view_id: str, token: str, **body: Any) -> Any:
    return client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )


def read(client: Any, view_id: str) -> Any:
    return client.get(f"/api/v1/matches/{view_id}").get_json()


def test_basic_rummy_by_points_and_by_cards(client):
    view_id, token = make(client, FOUR[:3], "basic_rummy", stake_per_point="0.10")
    match = read(client, view_id)
    assert match["variant"] == "basic_rummy"
    assert match["rules"]["game_target"] == 150 and match["rules"]["hand_size"] == 7
    assert match["next"]["dealer"] == "Ann"
    response = add(
        client,
        view_id,
        token,
        ending="rummy",
        went_out="Cat",
        hands={"Ann": "KS 7D 2C", "Ben": ["4H"]},
    )
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()["hand"]
    assert hand["went_out"] == "Cat" and hand["ending"] == "rummy"
    assert hand["hands"] == {"Ann": ["KS", "7D", "2C"], "Ben": ["4H"], "Cat": []}
    assert hand["points"] == {"Ann": 0, "Ben": 0, "Cat": 46}
    assert hand["result"]["steps"][-1]["text"] == (
        "Cat went out; Ann holds K♠ 7♦ 2♣ = 19, Ben holds 4♥ = 4; Cat scores 23, doubled for "
        "going rummy: 46."
    )
    assert hand["result"]["seats"][0]["value"] == 19
    response = add(client, view_id, token, went_out="Ann", counts={"Ben": 60, "Cat": 50})
    assert response.status_code == 201, response.get_json()
    match = read(client, view_id)
    assert match["totals"] == {"Ann": 110, "Ben": 0, "Cat": 46}
    assert match["next_dealer"] == "Cat"
    # a PATCH of the counts re-derives the totals
    hand_id = response.get_json()["hand"]["id"]
    patched = client.patch(
        f"/api/v1/matches/{view_id}/hands/{hand_id}",
        json={"counts": {"Ben": 70, "Cat": 50}, "version": 1},
        headers={"X-Edit-Token": token},
    )
    assert patched.status_code == 200, patched.get_json()
    assert read(client, view_id)["totals"] == {"Ann": 120, "Ben": 0, "Cat": 46}
    response = add(client, view_id, token, went_out="Ben", counts={"Ann": 100, "Cat": 60})
    assert response.status_code == 201
    match = read(client, view_id)
    assert match["game"]["over"] and match["game"]["winner"] == "Ben"
    assert match["games"][0]["settlement"]["nets"]["Ben"] > 0
    assert match["settlement"] is not None


def test_basic_rummy_bad_input(client):
    view_id, token = make(client, FOUR, "basic_rummy")
    cases = [
        ({"went_out": "Ann", "hands": {"Ann": "KS", "Ben": "4H"}}, "hands", "went out"),
        ({"went_out": "Ann", "hands": {"Ben": "4H", "Cat": "4H"}}, "hands", "appears twice"),
        (
            {"went_out": "Ann", "counts": {"Ann": 3, "Ben": 1, "Cat": 1, "Dan": 1}},
            "counts",
            "went out",
        ),
        ({"went_out": "Zed", "counts": {}}, "went_out", "not a player"),
        ({"ending": "gin", "went_out": "Ann"}, "ending", "how the hand ended"),
        (
            {"went_out": "Ann", "hands": {"Ben": "4H"}, "melds": {"Cat": ["5S 6S 8S"]}},
            "melds",
            "not a run",
        ),
        ({"went_out": "Ann", "upcard": "5S"}, "upcard", "not a field"),
    ]
    for body, field, reason in cases:
        response = add(client, view_id, token, **body)
        assert response.status_code == 400, (body, response.get_json())
        error = response.get_json()["error"]
        assert error["field"] == field, (body, error)
        assert reason in error["reason"], (body, error)
    assert read(client, view_id)["hands"] == []


def test_500_rum_through_the_api(client):
    view_id, token = make(client, FOUR[:2], "rum_500")
    match = read(client, view_id)
    assert match["rules"]["hand_size"] == 13 and match["rules"]["game_target"] == 500
    response = add(
        client,
        view_id,
        token,
        went_out="Ann",
        melds={"Ann": ["AH 2H 3H", "KS KH KD"], "Ben": [["7C", "8C", "9C"]]},
        hands={"Ben": "AS QD"},
    )
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()["hand"]
    assert hand["points"] == {"Ann": 36, "Ben": -1}
    assert hand["melds"]["Ann"] == [["AH", "2H", "3H"], ["KS", "KH", "KD"]]
    assert hand["result"]["seats"][1] == {
        "player": "Ben",
        "melds": [["7C", "8C", "9C"]],
        "held": ["AS", "QD"],
        "laid_off": [],
        "melded": 24,
        "left": 25,
        "net": -1,
    }
    response = add(client, view_id, token, ending="stalemate", melded=[480, 10], counts=[0, 20])
    assert response.status_code == 201, response.get_json()
    match = read(client, view_id)
    assert match["game"]["over"] and match["game"]["winner"] == "Ann"
    assert match["game"]["final"] == {"Ann": 516, "Ben": -11}
    bad = add(client, view_id, token, went_out="Ben", melds={"Ben": ["7S 7H 7D 7C JK"]})
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "melds"


def test_stalemate_passes_the_deal_left_through_the_api_8_4(client):
    view_id, token = make(client, FOUR[:3], "basic_rummy")
    response = add(client, view_id, token, ending="stalemate", dealer="Ann")
    assert response.status_code == 201, response.get_json()
    match = read(client, view_id)
    assert match["next_dealer"] == "Ben"
    assert match["next"]["why"]["text"] == (
        "Hand 1 scored nothing; the deal still passes to the left: Ben deals "
        "(next_dealer=alternate)."
    )


def test_going_rummy_multiplier_through_the_api_11(client):
    view_id, token = make(client, FOUR[:3], "basic_rummy", rules={"going_rummy_multiplier": 3})
    assert read(client, view_id)["rules"]["going_rummy_multiplier"] == 3
    response = add(
        client, view_id, token, ending="rummy", went_out="Cat", counts={"Ann": 19, "Ben": 4}
    )
    assert response.status_code == 201, response.get_json()
    result = response.get_json()["hand"]["result"]
    assert result["multiplier"] == 3 and result["points"]["Cat"] == 69
    bad = client.post(
        "/api/v1/matches",
        json={"players": FOUR[:3], "preset": "basic_rummy", "rules": {"going_rummy_multiplier": 0}},
    )
    assert bad.status_code == 400
    assert bad.get_json()["error"]["field"] == "going_rummy_multiplier"


def test_a_layoff_onto_another_players_meld_through_the_api_8_4(client):
    """§8.4: a card laid off onto another player's meld scores for the player who laid it
    off; entered per card, by name and the meld's number; read back as entered."""
    view_id, token = make(client, FOUR[:3], "rum_500")
    body = {
        "went_out": "Ann",
        "melds": {"Ann": ["6H 7H 8H", "2S 3S 4S"], "Ben": ["KC KD KS"]},
        "layoffs": {
            "Ben": [
                {"card": "9H", "onto": "Ann", "meld": 1},
                {"card": "AS", "onto": "Ann", "meld": 2},
            ],
            "Cat": "10H > ann 1",
        },
        "hands": {"Ben": "5D", "Cat": "QC"},
    }
    response = add(client, view_id, token, **body)
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()["hand"]
    assert hand["points"] == {"Ann": 30, "Ben": 35, "Cat": 0}
    assert hand["layoffs"] == {
        "Ann": [],
        "Ben": [{"card": "9H", "onto": "Ann", "meld": 1}, {"card": "AS", "onto": "Ann", "meld": 2}],
        "Cat": [{"card": "10H", "onto": "Ann", "meld": 1}],
    }
    ben = hand["result"]["seats"][1]
    assert ben["melded"] == 40 and ben["laid_off"][1] == {
        "card": "AS",
        "onto": "Ann",
        "meld": 2,
        "extended": ["AS", "2S", "3S", "4S"],
        "points": 1,
    }
    assert read(client, view_id)["totals"] == {"Ann": 30, "Ben": 35, "Cat": 0}
    # a PATCH of something else keeps the layoffs as entered
    patched = client.patch(
        f"/api/v1/matches/{view_id}/hands/{hand['id']}",
        json={"note": "checked", "version": 1},
        headers={"X-Edit-Token": token},
    )
    assert patched.status_code == 200, patched.get_json()
    assert patched.get_json()["hand"]["layoffs"] == hand["layoffs"]
    assert read(client, view_id)["totals"] == {"Ann": 30, "Ben": 35, "Cat": 0}


@pytest.mark.parametrize(
    ("layoffs", "reason"),
    [
        ({"Ben": [{"card": "10C", "onto": "Ann", "meld": 1}]}, "do not make a meld"),
        ({"Ben": [{"card": "8H", "onto": "Ann", "meld": 1}]}, "8♥ appears twice"),
        ({"Ben": [{"card": "9H", "onto": "Zed", "meld": 1}]}, "Zed"),
        ({"Ben": [{"card": "9H", "onto": "Ann", "meld": 3}]}, "Ann's meld 3"),
        ({"Ben": "9H to Ann"}, "write each layoff as the card"),
        ({"Ben": [{"card": "9H"}]}, "the player it went onto"),
        ({"Ben": 5}, "a list of layoffs"),
    ],
)
def test_a_bad_layoff_is_refused_naming_the_field_8_4(client, layoffs, reason):
    view_id, token = make(client, FOUR[:3], "rum_500")
    body = {
        "went_out": "Ann",
        "melds": {"Ann": ["6H 7H 8H", "2S 3S 4S"], "Ben": ["KC KD KS"]},
        "layoffs": layoffs,
        "hands": {"Ben": "5D", "Cat": "QC"},
    }
    response = add(client, view_id, token, **body)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "layoffs" and reason in error["reason"], error
    assert read(client, view_id)["hands"] == []
