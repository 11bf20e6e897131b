"""Battle Royal through the pages and the API: the §6.5 vectors by quick entry, a hand of full
cards with layoffs only on the knocker's original melds, the formula as an option, dead hands,
a game to 200 settled pairwise, bad input."""

from __future__ import annotations

import re

import pytest

from tests.web.helpers import hand_form
from tests.web.test_hands import stored
from tests.web.threehand_helpers import (
    add_royal,
    marked,
    nets,
    pairs,
    plain,
    scoreboard,
    seating,
    start_three,
    text,
    totals,
)

NAMES = ("A", "B", "C")
KNOCKER = "4S 5S 6S KH KD KC AH AD AC 2D"  # 4-5-6♠, three kings, three aces; 2♦ (2)
LAYS_OFF_7S = "7S 9H JD QC 3C 5H 8D 10C 2H 4C"  # no melds, 68; lays off 7♠: 61
HOLDS_8S = "8S 3H 6H 9D QD QS JH 2C 5C 6C"  # no melds, 69; 8♠ may not go on B's 7♠


@pytest.mark.parametrize(
    ("formula", "expected"),
    [
        ("sum_opponents_minus_own", [(33, 0, 0), (-20, 23, 0), (82, 0, 0)]),
        ("per_opponent_difference", [(29, 0, 0), (-20, 18, 0), (82, 0, 0)]),
    ],
)
def test_section_6_5_vectors_by_quick_entry(client, formula, expected):
    view_id = start_three(client, NAMES, preset="battle_royal", battle_royal_winner_formula=formula)
    hands = [
        (0, (4, 15, 22), "knock", "A knocks +"),
        (0, (8, 5, 20), "knock", "B undercuts A: A −20, B +"),
        (0, (0, 30, 12), "gin", "A gin +82"),
    ]
    running = [0, 0, 0]
    for (knocker, counts, kind, summary), points in zip(hands, expected, strict=True):
        response = add_royal(client, view_id, knocker, counts, kind=kind)
        assert response.status_code == 302, plain(response)
        running = [r + p for r, p in zip(running, points, strict=True)]
        assert totals(client, view_id) == tuple(running)
        assert summary in scoreboard(client, view_id)
    ids = re.findall(r'<tr id="hand-(\d+)"', scoreboard(client, view_id))
    ruling = text(client.get(f"/m/{view_id}/hands/{ids[0]}"))
    # the page says the scoring in words; the setting's key stays with the API's steps
    assert "battle_royal_winner_formula" not in ruling
    read = client.get(f"/api/v1/matches/{view_id}").get_data(as_text=True)
    assert f"battle_royal_winner_formula={formula}" in read
    undercut = text(client.get(f"/m/{view_id}/hands/{ids[1]}"))
    assert "battle_royal_undercut_pays_difference" not in undercut


def test_a_hand_of_full_cards_lays_off_only_on_the_knockers_original_melds(client):
    view_id = start_three(client, NAMES, preset="battle_royal")
    url = f"/m/{view_id}/hands/new"
    data = hand_form(client, url)
    data.update(
        entry="cards", kind="auto", knocker_seat="0", cards_0=KNOCKER, cards_1=LAYS_OFF_7S,
        cards_2=HOLDS_8S, check="Check the ruling",
    )  # fmt: skip
    preview = client.post(url, data=data)
    assert preview.status_code == 200
    page = text(preview)
    assert marked(page, "ruling-head") == "A knocks +128"
    assert "B lays off 7♠ onto 4♠ 5♠ 6♠ : count 61" in marked(page, "layoffs-1")
    assert "C lays nothing off: count 69" in marked(page, "layoffs-2")
    assert "only onto the knocker's original melds" in page
    assert "(61 + 69) − 2 = 128" in page
    data["checked"] = re.search(r'name="checked" type="hidden" value="([^"]+)"', page).group(1)
    data["save"] = "Save hand"
    assert client.post(url, data=data).status_code == 302
    assert totals(client, view_id) == (128, 0, 0)
    # The hand's ruling page shows every player's part, and the scoreboard the new total
    board = scoreboard(client, view_id)
    hand = re.findall(r'<tr id="hand-(\d+)"', board)[0]
    ruling = text(client.get(f"/m/{view_id}/hands/{hand}"))
    assert "B lays off" in ruling and "C lays nothing off" in ruling
    # With the house rule off, C may lay off 8♠ on B's 7♠: 61 + 61 − 2 = 120
    other = start_three(client, NAMES, preset="battle_royal", layoff_original_melds_only=False)
    data = hand_form(client, f"/m/{other}/hands/new")
    data.update(
        entry="cards", kind="auto", knocker_seat="0", cards_0=KNOCKER, cards_1=LAYS_OFF_7S,
        cards_2=HOLDS_8S, check="Check the ruling",
    )  # fmt: skip
    page = text(client.post(f"/m/{other}/hands/new", data=data))
    assert marked(page, "ruling-head") == "A knocks +120"
    assert "C lays off 8♠ onto 4♠ 5♠ 6♠" in marked(page, "layoffs-2")


def test_a_game_to_200_settled_pairwise_and_a_dead_hand(client):
    view_id = start_three(client, NAMES, preset="battle_royal", stake="0.05")
    assert seating(client, view_id) == {"players": "all three", "dealer": "A"}
    assert add_royal(client, view_id, None, kind="dead").status_code == 302
    assert seating(client, view_id)["dealer"] == "A"  # the same dealer after a dead hand
    assert "Hand 1 was dead: A deals again." in marked(scoreboard(client, view_id), "why")
    assert add_royal(client, view_id, 1, (40, 3, 30)).status_code == 302  # B +67
    assert seating(client, view_id)["dealer"] == "B"  # the winner deals
    for _ in range(3):
        assert add_royal(client, view_id, 0, (4, 15, 22)).status_code == 302  # A +33
    assert totals(client, view_id) == (99, 67, 0)
    for _ in range(4):
        assert add_royal(client, view_id, 0, (4, 15, 22)).status_code == 302
    page = scoreboard(client, view_id)
    assert "Game over: A wins by a shutout." in " ".join(re.sub(r"<[^>]+>", " ", page).split())
    # A reaches 231 on the hand that crosses 200: game bonus, 7 boxes to A, 1 to B
    finals = tuple(int(marked(page, f"final-{s}")) for s in range(3))
    assert finals == (231 + 100 + 7 * 25, 67 + 25, 0)
    assert "C was shut out: pays A 100 more" in page
    a, b, c = finals
    assert pairs(page) == {(1, 0): a - b, (2, 0): a - c + 100, (2, 1): b - c}
    assert nets(page) == ((a - b) + (a - c + 100), (b - c) - (a - b), -(a - c + 100) - (b - c))


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"deadwood_1": ""}, "deadwood_1", "enter B's count"),
        ({"knocker_seat": ""}, "knocker_seat", "choose who knocked"),
        ({"deadwood_0": "12"}, "deadwood_0", "Illegal knock"),
        ({"deadwood_2": "999"}, "deadwood_2", "more than 10 cards can count"),
        ({"kind": "gin", "deadwood_0": "3"}, None, None),  # gin: the knocker's count is 0
    ],
)
def test_bad_battle_royal_hands_show_the_error_by_the_field(client, app, change, field, reason):
    view_id = start_three(client, NAMES, preset="battle_royal")
    before = stored(app, view_id)
    data = hand_form(client, f"/m/{view_id}/hands/new")
    data.update(entry="counts", kind="knock", knocker_seat="0", save="Save hand")
    data.update(deadwood_0="4", deadwood_1="15", deadwood_2="22")
    data.update(change)
    data = {k: v for k, v in data.items() if v != ""}
    response = client.post(f"/m/{view_id}/hands/new", data=data)
    if field is None:
        assert response.status_code == 302
        assert totals(client, view_id) == (37 + 40, 0, 0)
        return
    assert response.status_code == 400
    page = text(response)
    at = page.find(f'id="{field}"')
    assert reason in page[max(0, at - 600) : at + 2500], plain(response)[:800]
    assert stored(app, view_id) == before


def test_cards_held_twice_are_refused_by_the_hand_that_repeats_them(client, app):
    view_id = start_three(client, NAMES, preset="battle_royal")
    data = hand_form(client, f"/m/{view_id}/hands/new")
    data.update(
        entry="cards", kind="auto", knocker_seat="0", cards_0=KNOCKER,
        cards_1=LAYS_OFF_7S.replace("9H", "4S"), cards_2=HOLDS_8S, save="Save hand",
    )  # fmt: skip
    response = client.post(f"/m/{view_id}/hands/new", data=data)
    assert response.status_code == 400
    page = text(response)
    at = page.find('id="cards_1"')
    assert "`4♠` is also in A's hand" in page[at - 600 : at + 1500]


def test_battle_royal_through_the_api(client):
    response = client.post(
        "/api/v1/matches", json={"players": list(NAMES), "preset": "battle_royal"}
    )
    view_id, token = response.get_json()["id"], response.get_json()["edit_token"]
    url = f"/api/v1/matches/{view_id}/hands"
    headers = {"X-Edit-Token": token}
    hand = client.post(
        url, json={"kind": "knock", "knocker": "A", "deadwoods": {"A": 4, "B": 15, "C": 22}},
        headers=headers,
    )  # fmt: skip
    assert hand.status_code == 201, hand.get_json()
    body = hand.get_json()
    assert body["hand"]["points"] == {"A": 33, "B": 0, "C": 0}
    assert body["hand"]["deadwoods"] == {"A": 4, "B": 15, "C": 22}
    result = body["hand"]["result"]
    assert result["winners"] == ["A"] and result["options"]["battle_royal_winner_formula"]
    cards = client.post(
        url, json={"kind": "auto", "knocker": "A",
                   "hands": [KNOCKER, LAYS_OFF_7S.split(), HOLDS_8S]},
        headers=headers,
    )  # fmt: skip
    assert cards.status_code == 201, cards.get_json()
    plays = {p["player"]: p for p in cards.get_json()["hand"]["result"]["plays"]}
    assert plays["B"]["layoffs"] == [{"card": "7S", "meld_index": 0, "onto": ["4S", "5S", "6S"]}]
    assert plays["C"]["layoffs"] == [] and plays["C"]["deadwood"] == 69
    assert cards.get_json()["match"]["totals"] == {"A": 161, "B": 0, "C": 0}
    for body, field in [
        ({"kind": "knock", "knocker": "A", "deadwoods": [4, 15]}, "deadwoods"),
        ({"kind": "knock", "knocker": "A", "deadwoods": {"A": 4, "Zed": 1}}, "deadwoods"),
        ({"kind": "knock", "knocker": "A", "deadwoods": [4, "x", 2]}, "deadwoods"),
        ({"kind": "knock", "knocker": "A", "deadwoods": [4, None, 2]}, "deadwoods"),
        ({"kind": "knock", "knocker": "A", "deadwoods": [40, 15, 22]}, "deadwoods"),
        ({"kind": "knock", "knocker": "A", "hands": [KNOCKER, KNOCKER, HOLDS_8S]}, "hands"),
        ({"kind": "knock", "knocker": "A", "sitting_out": "B"}, "sitting_out"),
    ]:
        response = client.post(url, json=body, headers=headers)
        assert response.status_code == 400, (body, response.get_json())
        assert response.get_json()["error"]["field"] == field, (body, response.get_json())
    illegal = client.post(url, json={"kind": "knock", "knocker": "A", "deadwoods": [40, 15, 22]},
                          headers=headers)  # fmt: skip
    assert "illegal" in illegal.get_json()["error"]["reason"].lower()
    assert illegal.get_json()["error"]["result"]["outcome"] == "illegal_knock"
