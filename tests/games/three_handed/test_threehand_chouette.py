"""Chouette through the pages and the API: the box against the captain, the captaincy passing
when a captain loses, one score per side, the box settling ±V with each partner, the next
game's box by the table's option, overrides and bad input."""

from __future__ import annotations

import pytest

from tests.web.test_hands import stored
from tests.web.threehand_helpers import (
    add_seated,
    marked,
    nets,
    pairs,
    plain,
    scoreboard,
    seated_form,
    seating,
    start_three,
    text,
    totals,
)

FOUR = ("Ann", "Ben", "Cat", "Dan")  # listed from the lowest cut: Dan in the box, Cat captains
ANN, BEN, CAT, DAN = range(4)


def test_a_game_with_the_captaincy_passing_and_the_box_collecting_v_from_each(client):
    view_id = start_three(client, FOUR, preset="chouette", stake="0.10")
    assert seating(client, view_id) == {
        "box": "Dan", "captain": "Cat", "queue": "Ben, Ann", "dealer": "Dan"
    }  # fmt: skip
    assert "From the cut: Dan is in the box; Cat captains" in scoreboard(client, view_id)
    hands = [
        # (knocker, k, d, kind) -> box, captain, queue after it
        ((DAN, 5, 25, "knock"), ("Dan", "Ben", "Ann, Cat"), "captaincy passes to Ben"),
        ((BEN, 2, 32, "knock"), ("Dan", "Ben", "Ann, Cat"), "Ben won hand 2 and keeps"),
        ((None, None, None, "dead"), ("Dan", "Ben", "Ann, Cat"), "Nobody won hand 3"),
        ((DAN, None, 30, "gin"), ("Dan", "Ann", "Cat, Ben"), "captaincy passes to Ann"),
    ]
    for (knocker, k, d, kind), (box, captain, queue), why in hands:
        response = add_seated(client, view_id, knocker, k, d, kind=kind)
        assert response.status_code == 302, plain(response)
        now = seating(client, view_id)
        assert (now["box"], now["captain"], now["queue"]) == (box, captain, queue)
        assert why in marked(scoreboard(client, view_id), "why")
    assert totals(client, view_id, columns=2) == (20 + 55, 30)
    # The box beats Ann: 105, the game is over and the box won.
    assert add_seated(client, view_id, DAN, 5, 35).status_code == 302
    page = scoreboard(client, view_id)
    assert "Game over: the box wins." in " ".join(plain_page(page).split())
    finals = tuple(int(marked(page, f"final-{s}")) for s in range(2))
    assert finals == (105 + 100 + 3 * 25, 30 + 25)  # 280 and 55: V = 225
    assert "Game value 225 : Dan collects 225 from each partner." in plain_page(page)
    assert pairs(page) == {(ANN, DAN): 225, (BEN, DAN): 225, (CAT, DAN): 225}
    assert "Every other pair is square" in marked(page, "square")
    assert nets(page, 4) == (-225, -225, -225, 675)
    assert "Ann pays Dan 225 points = 22.50" in marked(page, "transfers")
    # A winning box keeps the box; the partnership carries on in order (Cat captains next).
    now = seating(client, view_id)
    assert (now["box"], now["captain"], now["queue"]) == ("Dan", "Cat", "Ben, Ann")
    assert "the box stays" in marked(page, "why")
    # Each hand's page names the box and the captain of that hand
    hand_page = text(client.get(f"/m/{view_id}/hands/{hand_id(page, 2)}"))
    assert "Dan (box) v Ben (captain)" in hand_page
    assert "The box beat Cat in hand 1: the captaincy passes to Ben" in hand_page


def plain_page(page: str) -> str:
    import re

    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def hand_id(page: str, number: int) -> int:
    import re

    return [int(x) for x in re.findall(r'<tr id="hand-(\d+)"', page)][number - 1]


@pytest.mark.parametrize(
    ("after_game", "box", "captain", "queue"),
    [
        ("box_keeps_if_won_else_captain_becomes_box", "Ben", "Ann", "Cat, Dan"),
        ("rotate_by_cut", "Cat", "Ben", "Ann, Dan"),
    ],
)
def test_when_the_partnership_wins_the_next_box_follows_the_option(
    client, after_game, box, captain, queue
):
    view_id = start_three(
        client, FOUR, preset="chouette", stake="1", game_target=25, chouette_after_game=after_game
    )
    assert add_seated(client, view_id, DAN, 5, 15).status_code == 302  # box +10; Ben captains
    assert add_seated(client, view_id, BEN, 2, 30).status_code == 302  # team +28: game over
    page = scoreboard(client, view_id)
    assert "Game over: the team wins." in plain_page(page)
    finals = tuple(int(marked(page, f"final-{s}")) for s in range(2))
    assert finals == (10 + 25, 28 + 100 + 25)  # V = 118
    assert nets(page, 4) == (118, 118, 118, -354)
    assert "Dan pays 118 to each partner." in plain_page(page)
    now = seating(client, view_id)
    assert (now["box"], now["captain"], now["queue"]) == (box, captain, queue)
    # the reason in words, without the setting's key (the API's steps keep it)
    assert "chouette_after_game" not in marked(page, "why")


def test_another_captain_on_the_form_is_kept_and_the_queue_carries_on(client):
    view_id = start_three(client, FOUR, preset="chouette")  # Dan box, Cat captain, Ben, Ann
    # Ann captained instead of Cat, and lost to the box.
    response = add_seated(client, view_id, DAN, 5, 25, captain_seat=ANN)
    assert response.status_code == 302, plain(response)
    page = scoreboard(client, view_id)
    assert "as seated" in page
    assert "Hand 1 was played as the table recorded it: Ann captained against Dan." in text(
        client.get(f"/m/{view_id}/hands/{hand_id(page, 1)}")
    )
    now = seating(client, view_id)
    # Ann lost: the next partner in line captains (Cat), Ann goes to the back.
    assert (now["box"], now["captain"], now["queue"]) == ("Dan", "Cat", "Ben, Ann")


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"captain_seat": str(DAN)}, "captain_seat", "Dan is in the box for this hand"),
        ({"knocker_seat": str(ANN)}, "knocker_seat", "only Dan (the box) and Cat (the captain)"),
        ({"captain_seat": "11"}, "captain_seat", "is not a player of this match"),
    ],
)
def test_bad_chouette_hands_show_the_error_by_the_field(client, app, change, field, reason):
    view_id = start_three(client, FOUR, preset="chouette")
    before = stored(app, view_id)
    data = seated_form(client, view_id)
    data.update(entry="counts", kind="knock", knocker_seat=str(DAN), knocker_deadwood="5")
    data.update(defender_deadwood="20", save="Save hand", **change)
    response = client.post(f"/m/{view_id}/hands/new", data=data)
    assert response.status_code == 400
    page = text(response)
    at = page.find(f'id="{field}"')
    assert reason in page[at : at + 3000], plain(response)[:800]
    assert stored(app, view_id) == before


def test_chouette_through_the_api(client):
    response = client.post(
        "/api/v1/matches",
        json={"players": ["P1", "P2", "P3", "P4", "P5"], "preset": "chouette",
              "cut": ["2H", "KS", "7C", "9D", "4S"], "stake_per_point": "2",
              "rules": {"game_target": 25}},
    )  # fmt: skip
    assert response.status_code == 201, response.get_json()
    view_id, token = response.get_json()["id"], response.get_json()["edit_token"]
    headers = {"X-Edit-Token": token}
    following = response.get_json()["match"]["next"]
    # Cut high to low: P2 (K), P4 (9), P3 (7), P5 (4), P1 (2)
    assert (following["box"], following["captain"]) == ("P2", "P4")
    assert following["queue"] == ["P3", "P5", "P1"]
    url = f"/api/v1/matches/{view_id}/hands"

    def post(**body):
        return client.post(url, json={"kind": "knock", **body}, headers=headers)

    bad = post(knocker="P1", knocker_deadwood=5, defender_deadwood=20)
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "knocker"
    bad = post(knocker="P2", captain="P2", knocker_deadwood=5, defender_deadwood=20)
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "captain"
    hand = post(knocker="P4", knocker_deadwood=1, defender_deadwood=30)
    assert hand.status_code == 201, hand.get_json()
    match = hand.get_json()["match"]
    assert match["game"]["over"] and match["game"]["winner"] == "partnership"
    # 29 + 100 + 25 + shutout 100 = 254 against 0: V = 254, P2 pays each of 4 partners
    assert match["game"]["final"] == {"box": 0, "partnership": 254}
    assert match["games"][0]["value"] == 254 and match["games"][0]["box"] == "P2"
    assert match["games"][0]["winner"] == "partnership"
    assert match["settlement"]["nets"] == {"P1": 254, "P2": -1016, "P3": 254, "P4": 254, "P5": 254}
    assert match["settlement"]["money_nets"]["P2"] == "-2032.0000"
    assert match["hands"][0]["box"] == "P2" and match["hands"][0]["captain"] == "P4"
    assert (match["next"]["box"], match["next"]["captain"]) == ("P4", "P3")
