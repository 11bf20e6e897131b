"""Settlement rounding is a house rule (R20: no published rule, none by default): the points of
each payment are rounded as the table chose, the money is the rounded points at the stake, and
the page says which was rounded."""

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


def test_two_handed_points_rounded_to_the_nearest_100(client):
    view_id, token = api_match(
        client,
        rules={"settlement_rounding": "half_up_100", "game_target": 60},
        stake_per_point="0.01",
    )
    finish_a_game(client, view_id, token)
    money = client.get(f"/api/v1/matches/{view_id}").get_json()["settlement"]
    # 65 + box 25 + game 100 + shutout 100 = 290 points, rounded to 300, × 0.01 = 3.00
    # (rounding the money, 2.90, to 100 would have paid nothing)
    assert (money["exact_points"], money["points"], money["amount"]) == (290, 300, "3.0000")
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "points rounded to the nearest 100, halves up" in page
    assert 'data-testid="rounded-points">300<' in page


def test_no_rounding_by_default(client):
    view_id, token = api_match(client, rules={"game_target": 60}, stake_per_point="0.50")
    finish_a_game(client, view_id, token)
    money = client.get(f"/api/v1/matches/{view_id}").get_json()["settlement"]
    assert (money["points"], money["exact_points"], money["amount"]) == (290, 290, "145.0000")
    assert "rounded to the nearest" not in client.get(f"/m/{view_id}").get_data(as_text=True)


def test_cutthroat_payments_rounded_each_and_transfers_settle_every_net(client):
    view_id, token = api_match(
        client,
        ("Ann", "Ben", "Cat"),
        preset="cutthroat",
        rules={"settlement_rounding": "half_up_100", "game_target": 60},
        stake_per_point="0.01",
    )
    finish_a_game(client, view_id, token, knocker="Ben")  # the lowest cut, Ann, sits out
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "each payment's points rounded to the nearest 100" in page
    # Ben 65 + box 25 + game 100 = 190; Ann and Cat, shut out, each pay 190 + 100 = 290
    # points, rounded to 300, × 0.01 = 3.00 (rounding money, 2.90 paid 0)
    settlement = match["settlement"]
    pairs = {(p["payer"], p["payee"]): p for p in settlement["pairs"]}
    assert (pairs["Ann", "Ben"]["exact_points"], pairs["Ann", "Ben"]["points"]) == (290, 300)
    assert (pairs["Cat", "Ben"]["points"], pairs["Cat", "Ben"]["money"]) == (300, "3.0000")
    assert settlement["money_nets"] == {"Ann": "-3.0000", "Ben": "6.0000", "Cat": "-3.0000"}
    assert settlement["exact_nets"] == {"Ann": -290, "Ben": 580, "Cat": -290}
    transfers = {
        (t["payer"], t["payee"]): (t["points"], t["amount"]) for t in settlement["transfers"]
    }
    assert transfers == {("Ann", "Ben"): (300, "3.0000"), ("Cat", "Ben"): (300, "3.0000")}
