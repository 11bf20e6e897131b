"""Settlement rounding is a house rule (R20: no published rule, none by default): the money of
each payment is rounded as the table chose, and the page says so beside the amount."""

from __future__ import annotations

from tests.web.helpers import api_match


def finish_a_game(client, view_id, token, knocker="Ann"):
    """A gin against 40 deadwood: 65 points, past a target of 60."""
    response = client.post(
        f"/api/v1/matches/{view_id}/hands",
        json={"kind": "gin", "knocker": knocker, "knocker_deadwood": 0, "defender_deadwood": 40},
        headers={"X-Edit-Token": token},
    )
    assert response.status_code == 201, response.get_json()


def test_two_handed_payment_rounded_to_the_nearest_10(client):
    view_id, token = api_match(
        client,
        rules={"settlement_rounding": "half_up_10", "game_target": 60},
        stake_per_point="0.50",
    )
    finish_a_game(client, view_id, token)
    money = client.get(f"/api/v1/matches/{view_id}").get_json()["settlement"]
    # 65 + box 25 + game 100 + shutout 100 = 290 points × 0.50 = 145.00, rounded to 150
    assert (money["points"], money["amount"]) == (290, "150")
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "rounded to the nearest 10, halves up" in page


def test_no_rounding_by_default(client):
    view_id, token = api_match(client, rules={"game_target": 60}, stake_per_point="0.50")
    finish_a_game(client, view_id, token)
    money = client.get(f"/api/v1/matches/{view_id}").get_json()["settlement"]
    assert (money["points"], money["amount"]) == (290, "145.0000")
    assert "rounded to the nearest" not in client.get(f"/m/{view_id}").get_data(as_text=True)


def test_cutthroat_payments_rounded_each(client):
    view_id, token = api_match(
        client,
        ("Ann", "Ben", "Cat"),
        preset="cutthroat",
        rules={"settlement_rounding": "half_up_5", "game_target": 60},
        stake_per_point="0.10",
    )
    finish_a_game(client, view_id, token, knocker="Ben")  # the lowest cut, Ann, sits out
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert "each payment rounded to the nearest 5" in client.get(f"/m/{view_id}").get_data(
        as_text=True
    )
    # Ben 65 + box 25 + game 100 = 190; Ann and Cat, shut out, each pay 190 + 100 = 290
    # points × 0.10 = 29.00, rounded to 30
    pairs = {(p["payer"], p["payee"]): p for p in match["settlement"]["pairs"]}
    assert (pairs["Ann", "Ben"]["points"], pairs["Ann", "Ben"]["money"]) == (290, "30")
    assert (pairs["Cat", "Ben"]["points"], pairs["Cat", "Ben"]["money"]) == (290, "30")
    assert match["settlement"]["money_nets"] == {"Ann": "-30", "Ben": "60", "Cat": "-30"}
