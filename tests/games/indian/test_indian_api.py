"""Indian Rummy through the JSON API and its pages: Points, Pool 101 and Deals matches,
deals by counts and by cards, the pool's eliminations and end, the settlement, and refusals
naming the field with nothing stored."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import open_edit_link

FOUR = ["Ann", "Ben", "Cat", "Dan"]
DECLARED = ["AH 2H 3H", "5S 6S 7D", "9C 9D 9S", "KD KC KH 7C"]  # sevens wild
NO_PURE = "7H 8H JK 5S 6S 2S 9C 9D 9S KD KC QC 4D"  # twos wild: 87, capped at 80


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


def test_points_rummy_pays_every_deal_at_the_stake(client: Any) -> None:
    view_id, token = make(client, FOUR, "indian_points", stake_per_point="0.10")
    match = read(client, view_id)
    assert match["variant"] == "indian_points"
    assert match["rules"]["decks"] == 2 and match["rules"]["jokers"] == 4
    response = add(
        client, view_id, token, winner="Ben", parts={"Cat": "drop", "Dan": "middle_drop"},
        counts={"Ann": 37},
    )  # fmt: skip
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()["hand"]
    assert hand["points"] == {"Ann": -37, "Ben": 97, "Cat": -20, "Dan": -40}
    match = read(client, view_id)
    assert match["totals"] == {"Ann": -37, "Ben": 97, "Cat": -20, "Dan": -40}
    nets = match["settlement"]["nets"]
    assert nets["Ben"] == 97 and nets["Ann"] == -37


def test_a_loser_by_cards_with_no_pure_sequence_counts_80(client: Any) -> None:
    view_id, token = make(client, FOUR[:2], "indian_points")
    response = add(client, view_id, token, winner="Ann", cut="2D", hands={"Ben": NO_PURE})
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()["hand"]
    assert hand["points"] == {"Ann": 80, "Ben": -80}
    ben = hand["result"]["seats"][1]
    assert ben["uncapped"] == 87 and ben["points"] == 80
    assert "no pure sequence: every card counts" in hand["result"]["steps"][1]["text"]
    assert hand["result"]["steps"][1]["text"].endswith("capped at 80.")


def test_a_wrong_declaration_is_refused_naming_the_rule_and_nothing_is_stored(
    client: Any,
) -> None:
    view_id, token = make(client, FOUR[:3], "indian_pool_101")
    shown = ["7H 8H JK", "5S 6S 2D", "9C 9D 9S", "KD KC KH 2C"]
    response = add(client, view_id, token, winner="Ann", cut="2S", melds={"Ann": shown},
                   hands={"Ben": NO_PURE})  # fmt: skip
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "melds"
    assert "no pure sequence: 7♥ 8♥ JK, 5♠ 6♠ 2♦ are impure" in error["reason"]
    assert read(client, view_id)["hands_played"] == 0


def test_cards_need_the_cut_card(client: Any) -> None:
    view_id, token = make(client, FOUR[:2], "indian_points")
    response = add(client, view_id, token, winner="Ann", hands={"Ben": NO_PURE})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "cut"


def test_a_count_above_80_is_refused_naming_the_counts(client: Any) -> None:
    view_id, token = make(client, FOUR[:2], "indian_points")
    response = add(client, view_id, token, winner="Ann", counts={"Ben": 81})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "counts"


def test_pool_101_to_an_elimination_and_the_end(client: Any) -> None:
    view_id, token = make(client, FOUR[:3], "indian_pool_101", stake_per_point="5")
    ok = add(client, view_id, token, winner="Ann", parts={"Cat": "drop"}, counts={"Ben": 80})
    assert ok.status_code == 201
    ok = add(client, view_id, token, winner="Cat", cut="7H", parts={"Ben": "middle_drop"},
             hands={"Ann": "AS 2S 3S 5H 6H JK 9H 9D 10C QC 4C 4D 8D"},
             melds={"Cat": DECLARED})  # fmt: skip
    assert ok.status_code == 201, ok.get_json()
    match = read(client, view_id)
    assert match["totals"] == {"Ann": 45, "Ben": 120, "Cat": 20}
    assert match["indian"]["out"] == ["Ben"] and match["next"]["players"] == ["Ann", "Cat"]
    # Ben is out of the pool: a deal that deals him in is refused
    refused = add(client, view_id, token, winner="Cat", counts={"Ann": 10, "Ben": 10})
    assert refused.status_code == 400
    assert "Ben is out of the pool" in refused.get_json()["error"]["reason"]
    ok = add(client, view_id, token, winner="Cat", parts={"Ann": "wrong", "Ben": "out"})
    assert ok.status_code == 201
    match = read(client, view_id)
    assert match["status"] == "finished"
    assert match["indian"]["winners"] == ["Cat"] and match["indian"]["over"]
    assert match["settlement"]["nets"] == {"Ann": -1, "Ben": -1, "Cat": 2}
    refused = add(client, view_id, token, winner="Cat", parts={"Ben": "out"}, counts={"Ann": 9})
    assert refused.status_code == 400
    assert "Nothing was saved" in refused.get_json()["error"]["reason"]
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert 'data-testid="out-1"' in page and "Cat wins it" in page


def test_deals_rummy_ends_after_its_deals(client: Any) -> None:
    view_id, token = make(client, FOUR[:2], "indian_deals", rules={"decks": 1})
    assert read(client, view_id)["rules"]["jokers"] == 2
    assert add(client, view_id, token, winner="Ann", counts={"Ben": 42}).status_code == 201
    assert add(client, view_id, token, winner="Ben", counts={"Ann": 12}).status_code == 201
    match = read(client, view_id)
    assert match["totals"] == {"Ann": 190, "Ben": 130}
    assert match["status"] == "finished" and match["indian"]["winners"] == ["Ann"]


def test_one_pack_is_for_two_players_only(client: Any) -> None:
    response = client.post(
        "/api/v1/matches",
        json={"players": FOUR[:3], "preset": "indian_points", "rules": {"decks": 1}},
    )
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "decks"


def test_the_deal_page_shows_the_groups_and_the_steps(client: Any) -> None:
    view_id, token = make(client, FOUR[:2], "indian_points")
    add(client, view_id, token, winner="Ann", cut="2D", hands={"Ben": NO_PURE})
    page = client.get(f"/m/{view_id}/hands/1").get_data(as_text=True)
    assert 'data-testid="indian-parts"' in page and "capped at 80" in page
    open_edit_link(client, f"/m/{view_id}/edit#{token}")
    form = client.get(f"/m/{view_id}/hands/new")
    assert form.status_code == 200 and "Cut card" in form.get_data(as_text=True)


def test_a_card_held_more_often_than_the_pack_holds_it_is_refused(client: Any) -> None:
    view_id, token = make(client, FOUR[:3], "indian_points")
    hand = "AS 2S 3S 5H 6H JK 9H 9D 10C QC 4C 4D 8D"
    response = add(
        client,
        view_id,
        token,
        winner="Cat",
        cut="7H",
        hands={"Ann": hand, "Ben": hand.replace("JK", "JK2")},
    )
    assert response.status_code == 201, response.get_json()
    view_id, token = make(client, FOUR[:2], "indian_points", rules={"decks": 1})
    response = add(
        client,
        view_id,
        token,
        winner="Ann",
        cut="7H",
        hands={"Ann": hand, "Ben": hand.replace("JK", "JK2")},
    )
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "hands" and "A♠ is held 2 times across the table" in error["reason"]
