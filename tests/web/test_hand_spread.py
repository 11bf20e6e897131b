"""The knocker's declared spread on a match's hand (docs/rules.md R3): entered with the cards on the
hand form and through the API, stored as entered, and the one the ruling counts."""

from __future__ import annotations

import pytest

from referee.models import Hand, db
from tests.web.helpers import api_match, form_values, start_match
from tests.web.test_api import add
from tests.web.test_hands import hand_ids, plain, post_cards, stored, text, totals

R3_KNOCKER = "AS 2S 3S 4S 4H 4D KC KH KD 2C"  # best: A-3♠ / 4♠4♥4♦ / K♥K♦K♣, deadwood 2
R3_DEFENDER = "5S 6H 7H 8H 9C 9D QS QH JC 3D"
R3_SPREAD = "AS 2S 3S 4S | KC KH KD"  # laid down: 10 deadwood, and 5♠ may be laid off
ILLEGAL_KNOCKER = "3S 4S 5S 6S 6H 6D KC KH KD 2C"
ILLEGAL_SPREAD = "3S 4S 5S 6S | KC KH KD"  # 14 deadwood; the best spread leaves 2
ILLEGAL_DEFENDER = "5H 7H 8H 9C 9D QS QH JC 3D AD"

COSTLY = "That spread leaves 8 more deadwood than the best one"


def spread_of(app, hand_id: int) -> str | None:
    with app.app_context():
        return db.session.get(Hand, hand_id).spread


def save_cards(client, view_id, knocker, defender, **extra):
    """Check the hand's ruling, then save exactly what was checked."""
    response, data = post_cards(client, view_id, knocker, defender, **extra)
    assert response.status_code == 200, plain(response)
    data = form_values(response.get_data(as_text=True))
    response, _ = post_cards(client, view_id, knocker, defender, button="save", data=data, **extra)
    return response


# -- the hand form -----------------------------------------------------------------------------


def test_the_form_offers_the_spread_with_full_cards_only(client):
    view_id = start_match(client)
    page = text(client.get(f"/m/{view_id}/hands/new"))
    assert 'id="spread"' in page and "Spread laid down" in page
    # inside the full-card block (hidden for quick entry), with the picker's Spread target
    cards_block = page.split('<div class="cards-only">')[1].split("<label>Upcard")[0]
    assert 'name="spread"' in cards_block
    assert 'data-target="spread" data-role="spread" data-of="knocker_cards"' in cards_block


def test_r3_a_costly_spread_changes_the_points_and_the_step_says_so(client, app):
    view_id = start_match(client)
    response, _ = post_cards(client, view_id, R3_KNOCKER, R3_DEFENDER, spread=R3_SPREAD)
    assert response.status_code == 200
    preview = plain(response)
    assert "Ann +41" in preview and COSTLY in preview and "Not saved yet" in preview
    assert stored(app, view_id)["hands"] == []
    response = save_cards(client, view_id, R3_KNOCKER, R3_DEFENDER, spread=R3_SPREAD)
    assert response.status_code == 302
    assert totals(client, view_id) == (41, 0)
    hand_id = hand_ids(client, view_id)[0]
    assert spread_of(app, hand_id) == R3_SPREAD
    page = plain(client.get(f"/m/{view_id}/hands/{hand_id}"))
    assert COSTLY in page
    # the same cards without a spread: the best one, 54 points
    response = save_cards(client, view_id, R3_KNOCKER, R3_DEFENDER)
    assert response.status_code == 302
    assert totals(client, view_id) == (41 + 54, 0)
    assert spread_of(app, hand_ids(client, view_id)[1]) is None


def test_a_spread_that_makes_the_knock_illegal_is_refused(client, app):
    view_id = start_match(client)
    before = stored(app, view_id)
    for button in ("check", "save"):
        response, _ = post_cards(
            client, view_id, ILLEGAL_KNOCKER, ILLEGAL_DEFENDER, button=button, spread=ILLEGAL_SPREAD
        )
        assert response.status_code == 400
        page = text(response)
        assert "Illegal knock: not saved" in page
        spread_box = page.split('data-target="spread">', 2)[-1].split("</div>")[0]
        assert "Illegal knock, nothing saved" in spread_box
        assert stored(app, view_id) == before


@pytest.mark.parametrize(
    ("spread", "message"),
    [
        ("AS 2S 4S", "meld 1: A♠ 2♠ 4♠ is not a run"),
        ("AS 2S 3S | 5S 6S 7S", "5♠ is not in the hand"),
        ("AS 2S XX", "`XX` is not a card"),
        ("AS 2S 3S | 4S 4H 4D | 2S 3S 4S", "2♠ is used twice"),
    ],
)
def test_a_bad_spread_is_named_beside_its_field(client, app, spread, message):
    view_id = start_match(client)
    before = stored(app, view_id)
    response, _ = post_cards(client, view_id, R3_KNOCKER, R3_DEFENDER, button="save", spread=spread)
    assert response.status_code == 400
    spread_box = text(response).split('data-target="spread">', 2)[-1].split("</div>")[0]
    assert message in spread_box
    assert stored(app, view_id) == before


def test_editing_the_spread_rederives_the_totals_and_the_log_shows_it(client, app):
    view_id = start_match(client)
    assert save_cards(client, view_id, R3_KNOCKER, R3_DEFENDER).status_code == 302
    assert totals(client, view_id) == (54, 0)
    hand_id = hand_ids(client, view_id)[0]
    url = f"/m/{view_id}/hands/{hand_id}/edit"
    data = form_values(client.get(url).get_data(as_text=True))
    data.update(spread=R3_SPREAD, check="x")
    response = client.post(url, data=data)
    assert response.status_code == 200 and "Ann +41" in plain(response)
    data = form_values(response.get_data(as_text=True))
    data.update(spread=R3_SPREAD, save="x")
    assert client.post(url, data=data).status_code == 302
    assert totals(client, view_id) == (41, 0)
    assert spread_of(app, hand_id) == R3_SPREAD
    # the edit form keeps it
    assert 'value="AS 2S 3S 4S | KC KH KD"' in text(client.get(url))
    log = plain(client.get(f"/m/{view_id}"))
    assert f"spread laid down: — → {R3_SPREAD}" in log


# -- the API -----------------------------------------------------------------------------------


def cards(spread=None, knocker=R3_KNOCKER, defender=R3_DEFENDER, **extra):
    body = {"kind": "auto", "knocker": "Ann", "knocker_cards": knocker, "defender_cards": defender}
    if spread is not None:
        body["spread"] = spread
    return {**body, **extra}


AS_MELDS = [["AS", "2S", "3S", "4S"], ["KC", "KH", "KD"]]


@pytest.mark.parametrize("spread", [R3_SPREAD, AS_MELDS, ["AS 2S 3S 4S", "KC KH KD"]])
def test_api_takes_the_spread_as_text_or_melds(client, app, spread):
    view_id, token = api_match(client)
    response = add(client, view_id, token, **cards(spread))
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()["hand"]
    assert hand["spread"] == AS_MELDS
    result = hand["result"]
    assert (result["points"], result["knocker_deadwood"]) == (41, 10)
    assert any(COSTLY in s["text"] and s["rule"] == "R3" for s in result["steps"])
    assert spread_of(app, hand["id"]) == R3_SPREAD
    assert response.get_json()["match"]["totals"] == {"Ann": 41, "Ben": 0}


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (cards("AS 2S 4S"), "is not a run"),
        (cards("AS 2S 3S | 5S 6S 7S"), "5♠ is not in the hand"),
        (cards([["AS", "2S", "ZZ"]]), "`ZZ` is not a card"),
        (cards(7), "the melds laid down"),
        (cards([["AS", 2]]), "the melds laid down"),
        (cards(ILLEGAL_SPREAD, ILLEGAL_KNOCKER, ILLEGAL_DEFENDER), "Illegal knock"),
    ],
)
def test_api_a_bad_spread_is_400_naming_spread(client, app, body, reason):
    view_id, token = api_match(client)
    before = stored(app, view_id)
    response = add(client, view_id, token, **body)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "spread" and reason in error["reason"]
    assert stored(app, view_id) == before


def test_api_edit_keeps_or_changes_the_spread(client, app):
    view_id, token = api_match(client)
    headers = {"X-Edit-Token": token}
    hand = add(client, view_id, token, **cards(R3_SPREAD)).get_json()["hand"]
    url = f"/api/v1/matches/{view_id}/hands/{hand['id']}"
    # a PATCH of something else keeps the spread
    response = client.patch(url, json={"note": "checked twice"}, headers=headers)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["hand"]["spread"] == hand["spread"]
    assert response.get_json()["match"]["totals"] == {"Ann": 41, "Ben": 0}
    # clearing it: the best spread counts again
    response = client.patch(url, json={"spread": None}, headers=headers)
    assert response.get_json()["hand"]["spread"] is None
    assert response.get_json()["match"]["totals"] == {"Ann": 54, "Ben": 0}
    assert spread_of(app, hand["id"]) is None
    # a PUT with a bad spread changes nothing
    before = stored(app, view_id)
    response = client.put(url, json=cards("AS 2S 4S"), headers=headers)
    assert response.status_code == 400 and response.get_json()["error"]["field"] == "spread"
    assert stored(app, view_id) == before


def test_quick_entry_stores_no_spread(client, app):
    view_id, token = api_match(client)
    body = {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 5, "defender_deadwood": 25}
    hand = add(client, view_id, token, **body, spread=R3_SPREAD).get_json()["hand"]
    assert hand["spread"] is None and spread_of(app, hand["id"]) is None
