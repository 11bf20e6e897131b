"""The JSON API for three or more players: creating matches, hands with their seats, the read
model with the seating and the settlement, errors naming the field, nothing stored on error."""

from __future__ import annotations

import pytest

from tests.games.three_handed.test_threehand_cutthroat import VECTOR
from tests.web.test_hands import stored


def create(client, **body):
    return client.post("/api/v1/matches", json=body)


def make(client, names=("A", "B", "C"), preset="cutthroat", **extra):
    response = create(client, players=list(names), preset=preset, **extra)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return data["id"], data["edit_token"]


def add(client, view_id, token, **body):
    return client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )


def knock(who, k, d, **extra):
    return {"kind": "knock", "knocker": who, "knocker_deadwood": k, "defender_deadwood": d, **extra}


def read(client, view_id):
    return client.get(f"/api/v1/matches/{view_id}").get_json()


def test_the_section_10_vector_through_the_api(client):
    view_id, token = make(client, cut=["9H", "KC", "2S"], stake_per_point="0.10")
    match = read(client, view_id)
    assert match["variant"] == "cutthroat" and match["cut"] == ["9H", "KC", "2S"]
    assert match["next"]["players"] == ["A", "B"] and match["next"]["sitting_out"] == ["C"]
    assert match["next"]["dealer"] == "A"
    assert "lowest cut sits out" in match["next"]["why"]["text"]
    for knocker, k, d in VECTOR:
        response = add(client, view_id, token, **knock("ABC"[knocker], k, d))
        assert response.status_code == 201, response.get_json()
    match = read(client, view_id)
    assert match["game"]["over"] and match["game"]["winner"] == "A"
    assert match["game"]["final"] == {"A": 310, "B": 95, "C": 0}
    assert match["games"][0]["winner"] == "A"
    assert match["game"]["shutout_payments"] == [{"payer": "C", "payee": "A", "points": 100}]
    settlement = match["settlement"]
    pairs = {(p["payer"], p["payee"]): p["points"] for p in settlement["pairs"]}
    assert pairs == {("B", "A"): 215, ("C", "A"): 410, ("C", "B"): 95}
    extra = {(p["payer"], p["payee"]): p["shutout_extra"] for p in settlement["pairs"]}
    assert extra[("C", "A")] == 100
    assert settlement["nets"] == {"A": 625, "B": -120, "C": -505}
    assert settlement["money_nets"] == {"A": "62.5000", "B": "-12.0000", "C": "-50.5000"}
    transfers = {
        (t["payer"], t["payee"]): (t["points"], t["amount"]) for t in settlement["transfers"]
    }
    assert transfers == {("B", "A"): (120, "12.0000"), ("C", "A"): (505, "50.5000")}
    hand = match["hands"][1]
    assert hand["players"] == ["B", "C"] and hand["sitting_out"] == "A"
    assert hand["dealer"] == "C" and hand["points"] == {"A": 0, "B": 25, "C": 0}
    assert hand["seating"]["overridden"] is False
    assert "A lost hand 1, so sits out" in hand["seating"]["why"]["text"]
    assert hand["result"]["points"] == 25


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["A", "B"], "preset": "cutthroat"}, "players"),
        ({"players": ["A", "B", "C", "D"], "preset": "cutthroat"}, "players"),
        ({"players": ["A", "B", "C", "D"], "preset": "battle_royal"}, "players"),
        ({"players": ["A", "B"], "preset": "chouette"}, "players"),
        ({"players": [f"P{i}" for i in range(9)], "preset": "chouette"}, "players"),
        ({"players": ["A", "B", "a"], "preset": "cutthroat"}, "player_2"),
        ({"players": ["A", "B", "C"], "preset": "cutthroat", "cut": ["9H", "KC"]}, "cut"),
        ({"players": ["A", "B", "C"], "preset": "cutthroat", "cut": ["9H", "KC", "9S"]}, "cut_2"),
        ({"players": ["A", "B", "C"], "preset": "cutthroat", "cut": ["9H", "1C", "2S"]}, "cut_1"),
        ({"players": ["A", "B", "C"], "preset": "battle_royal", "rules": {"next_dealer": "loser"}},
         "next_dealer"),
        ({"players": ["A", "B", "C"], "preset": "cutthroat", "rules": {"hollywood": True}},
         "hollywood"),
    ],
)  # fmt: skip
def test_create_errors_name_the_field(client, body, field):
    response = create(client, **body)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == field


def test_the_players_error_says_how_many(client):
    response = create(client, players=["A", "B"], preset="cutthroat")
    assert "takes 3 players (got 2)" in response.get_json()["error"]["reason"]
    response = create(client, players=["A", "B"], preset="chouette")
    assert "takes 3 to 8 players (got 2)" in response.get_json()["error"]["reason"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (knock("C", 5, 20), "knocker"),  # C sits out the first hand
        (knock("A", 5, 20, sitting_out="A"), "knocker"),  # the knocker sat out
        (knock("A", 5, 20, players=["A", "B"], sitting_out="A"), "sitting_out"),
        (knock("A", 5, 20, players=["A", "B"], sitting_out="B"), "sitting_out"),
        (knock("A", 5, 20, players=["A", "Zed"]), "players"),
        (knock("A", 5, 20, players=["A"]), "players"),
        (knock("A", 5, 20, players=["A", "A"]), "players"),
        (knock("A", 5, 20, sitting_out="Zed"), "sitting_out"),
        (knock("A", 5, 20, sitting_out=7), "sitting_out"),
        (knock("Zed", 5, 20), "knocker"),
        (knock("A", 5, 20, dealer="Zed"), "dealer"),
        (knock("A", 5, 20, captain="B"), "captain"),  # not a Cutthroat field
        (knock("A", 5, 20, deadwoods=[1, 2, 3]), "deadwoods"),
        (knock("A", 12, 20), "knocker_deadwood"),  # illegal knock
        ({"kind": "knock", "knocker": "A", "knocker_deadwood": 5}, "defender_deadwood"),
    ],
)
def test_bad_hands_are_400_naming_the_field_and_store_nothing(client, app, body, field):
    view_id, token = make(client, cut=["9H", "KC", "2S"])  # A v B, C out
    before = stored(app, view_id)
    response = add(client, view_id, token, **body)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]["field"] == field
    assert stored(app, view_id) == before


def test_an_override_through_the_api_and_the_rotation_carries_on_from_it(client):
    view_id, token = make(client, cut=["9H", "KC", "2S"])  # the rotation: A v B, C out
    response = add(client, view_id, token, **knock("A", 5, 20, players=["A", "C"], dealer="C"))
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()["hand"]
    assert hand["sitting_out"] == "B" and hand["players"] == ["A", "C"]
    assert hand["seating"]["overridden"] is True
    assert "played as the table recorded it" in hand["seating"]["why"]["text"]
    following = response.get_json()["match"]["next"]
    # C lost and sits out; B, who sat out, deals to A.
    assert following["players"] == ["A", "B"] and following["dealer"] == "B"
    assert following["sitting_out"] == ["C"]


def test_edit_patch_delete_and_undo_a_seated_hand(client):
    view_id, token = make(client, cut=["9H", "KC", "2S"])
    headers = {"X-Edit-Token": token}
    first = add(client, view_id, token, **knock("A", 5, 20)).get_json()["hand"]
    add(client, view_id, token, **knock("A", 5, 25))  # A v C: A +20
    assert read(client, view_id)["totals"] == {"A": 35, "B": 0, "C": 0}
    # PATCH the first hand: B knocked instead; the second hand's seating (A v C) stays as
    # recorded and is now shown as the table's own seating.
    url = f"/api/v1/matches/{view_id}/hands/{first['id']}"
    response = client.patch(url, json={"knocker": "B", "version": 1}, headers=headers)
    assert response.status_code == 200, response.get_json()
    match = response.get_json()["match"]
    assert match["totals"] == {"A": 20, "B": 15, "C": 0}
    assert match["hands"][1]["seating"]["overridden"] is True
    # A stale version is a conflict
    response = client.patch(url, json={"knocker": "A", "version": 1}, headers=headers)
    assert response.status_code == 409
    # PATCH to counts changed: still B knocking
    response = client.patch(url, json={"knocker_deadwood": 2, "version": 2}, headers=headers)
    assert response.get_json()["match"]["totals"] == {"A": 20, "B": 18, "C": 0}
    response = client.delete(url, json={"version": 3}, headers=headers)
    assert response.status_code == 200
    assert read(client, view_id)["totals"] == {"A": 20, "B": 0, "C": 0}
    response = client.post(f"/api/v1/matches/{view_id}/undo", headers=headers)
    assert response.status_code == 200
    assert read(client, view_id)["totals"] == {"A": 20, "B": 18, "C": 0}


def test_idempotency_key_and_expected_number(client):
    view_id, token = make(client)
    headers = {"X-Edit-Token": token, "Idempotency-Key": "hand-one"}
    url = f"/api/v1/matches/{view_id}/hands"
    # names in cut order: A lowest sits out, B deals and plays C
    first = client.post(url, json=knock("B", 5, 20), headers=headers)
    again = client.post(url, json=knock("B", 5, 20), headers=headers)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.get_json()["hand"]["id"] == again.get_json()["hand"]["id"]
    stale = add(client, view_id, token, expected_number=1, **knock("A", 5, 20))
    assert stale.status_code == 409


@pytest.mark.parametrize("token", [None, "wrong-" + "x" * 40])
def test_writes_need_the_token(client, app, token):
    view_id, real = make(client)
    hand = add(client, view_id, real, **knock("B", 5, 20)).get_json()["hand"]
    before = stored(app, view_id)
    headers = {"X-Edit-Token": token} if token else {}
    base = f"/api/v1/matches/{view_id}"
    for method, url, body in [
        ("post", f"{base}/hands", knock("A", 5, 20)),
        ("put", f"{base}/hands/{hand['id']}", knock("B", 1, 20)),
        ("patch", f"{base}/hands/{hand['id']}", {"knocker_deadwood": 1}),
        ("delete", f"{base}/hands/{hand['id']}", None),
        ("post", f"{base}/undo", None),
    ]:
        response = getattr(client, method)(url, json=body, headers=headers)
        assert response.status_code == 403, (method, url)
    assert stored(app, view_id) == before


def test_presets_list_the_three_handed_tables(client):
    presets = {p["name"]: p for p in client.get("/api/v1/presets").get_json()["presets"]}
    assert presets["cutthroat"]["playable"] and presets["cutthroat"]["seats"] == [3, 3]
    assert presets["chouette"]["seats"] == [3, 8]
    assert presets["chouette"]["options"] == ["chouette_after_game"]
    assert presets["battle_royal"]["playable"]
