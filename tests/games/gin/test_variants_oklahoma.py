"""Oklahoma (docs/rules.md §3, R17) and Straight Gin (§5) played through the pages and the API."""

from __future__ import annotations

import re

from tests.web.helpers import add_quick, api_match, hand_form, start_match
from tests.web.test_hands import hand_ids, plain, stored, text, totals


def add(client, view_id, token, **body):
    return client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )


# -- Oklahoma ------------------------------------------------------------------------------


def test_the_six_of_spades_sets_the_limit_and_doubles_the_hand(client):
    """§3 worked case: upcard 6♠, knock 4 against 18: (18 − 4) × 2 = 28."""
    view_id = start_match(client, preset="oklahoma")
    response = add_quick(client, view_id, knocker=0, k=4, d=18, upcard="6S")
    assert response.status_code == 302, text(response)
    assert totals(client, view_id) == (28, 0)
    page = plain(client.get(f"/m/{view_id}"))
    # the history row carries the upcard's note: its limit and the doubling
    assert "Ann knocks +28" in page
    assert "6♠ · knock ≤ 6 · doubled" in page
    assert "Game to 150" in page
    # the ruling says which limit applied and why, and shows the note
    ruling = plain(client.get(f"/m/{view_id}/hands/{hand_ids(client, view_id)[0]}"))
    assert "Upcard 6♠ · knock ≤ 6 · doubled" in ruling
    assert "The upcard 6♠ sets this hand's knock limit: deadwood ≤ 6." in ruling
    assert "counts double; the box counts once" in ruling
    assert "14 × 2 = 28" in ruling


def test_a_hand_sheet_of_oklahoma_to_150(client):
    """A hand-kept sheet: each upcard its own limit; a spade doubles; game at 150.

    hand  upcard  what              Ann   Ben
    1     6♠      Ann knocks 4/18   +28
    2     9♥      Ben knocks 9/30         +21
    3     K♣      Ann gin, Ben 40   +65          (40 + 25)
    4     3♠      Ben knocks 3/2    +52          undercut (1 + 25) × 2
    Ann 145, Ben 21; then 5: 2♦, Ann knocks 1/12 → +11: Ann 156 ends the game.
    Final: Ann 156 + 4 boxes × 25 + 100 = 356; Ben 21 + 1 box × 25 = 46; margin 310.
    """
    view_id = start_match(client, preset="oklahoma", stake="0.10")
    for knocker, kind, k, d, upcard in (
        (0, "knock", 4, 18, "6S"),
        (1, "knock", 9, 30, "9H"),
        (0, "gin", None, 40, "KC"),
        (1, "knock", 3, 2, "3S"),
    ):
        response = add_quick(client, view_id, knocker=knocker, kind=kind, k=k, d=d, upcard=upcard)
        assert response.status_code == 302, text(response)
    assert totals(client, view_id) == (145, 21)
    assert add_quick(client, view_id, knocker=0, k=1, d=12, upcard="2D").status_code == 302
    page = text(client.get(f"/m/{view_id}"))
    assert "Game over: Ann wins" in page
    assert re.search(r'data-testid="final-0">356<', page)
    assert re.search(r'data-testid="final-1">46<', page)
    assert "Ben pays Ann 31.00" in page
    for label in ("9♥ · knock ≤ 9", "K♣ · knock ≤ 10", "3♠ · knock ≤ 3 · doubled"):
        assert label in page


def test_the_upcard_is_required_beside_its_field(client, app):
    view_id = start_match(client, preset="oklahoma")
    before = stored(app, view_id)
    response = add_quick(client, view_id, knocker=0, k=4, d=18)
    assert response.status_code == 400
    page = text(response)
    block = page.split('id="upcard"')[1].split("</label>")[0]
    assert "enter the first upcard" in block
    assert stored(app, view_id) == before
    # a dead hand records its upcard too
    response = add_quick(client, view_id, kind="dead", k=None, d=None)
    assert response.status_code == 400 and "enter the first upcard" in text(response)
    assert stored(app, view_id) == before
    # a joker is not an upcard, a typo is named
    response = add_quick(client, view_id, knocker=0, k=4, d=18, upcard="1S")
    assert response.status_code == 400 and "`1S` is not a card" in text(response)
    assert stored(app, view_id) == before


def test_a_knock_over_the_upcards_limit_is_refused_with_the_reason(client, app):
    view_id = start_match(client, preset="oklahoma")
    before = stored(app, view_id)
    response = add_quick(client, view_id, knocker=0, k=7, d=30, upcard="6H")
    assert response.status_code == 400
    page = plain(response)
    assert "Illegal knock" in page and "deadwood ≤ 6" in page
    # an ace: gin only
    response = add_quick(client, view_id, knocker=0, k=1, d=30, upcard="AH")
    assert response.status_code == 400 and "gin only" in plain(response)
    assert stored(app, view_id) == before
    response = add_quick(client, view_id, knocker=0, kind="gin", k=None, d=30, upcard="AH")
    assert response.status_code == 302
    assert totals(client, view_id) == (55, 0)
    assert "A♥ · gin only" in plain(client.get(f"/m/{view_id}"))


def test_kisses_and_the_doubled_box_are_options_of_the_new_match_form(client):
    page = text(client.get("/new?preset=oklahoma"))
    options = page.split('id="variant-options"')[1].split("</fieldset>")[0]
    for name in ("oklahoma_ace", "spade_double", "spade_double_box", "kisses"):
        assert f'name="rule_{name}"' in options
    # gin with kisses: 2 extra boxes; a spade doubles the box too when the table says so
    view_id = start_match(client, preset="oklahoma", kisses=True, spade_double_box=True)
    add_quick(client, view_id, knocker=0, kind="gin", k=None, d=10, upcard="4S")
    page = text(client.get(f"/m/{view_id}"))
    assert re.search(r'data-testid="boxes-0">6<', page)  # (1 + 2) × 2
    assert totals(client, view_id) == (70, 0)  # (10 + 25) × 2
    assert "4♠ · knock ≤ 4 · doubled, box too" in page


def test_oklahoma_through_the_api(client):
    view_id, token = api_match(client, preset="oklahoma")
    knock = {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 4, "defender_deadwood": 18}
    response = add(client, view_id, token, **knock)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "upcard"
    response = add(client, view_id, token, **knock, upcard="6S")
    assert response.status_code == 201
    data = response.get_json()
    assert data["hand"]["upcard_note"] == "6♠ · knock ≤ 6 · doubled"
    assert data["hand"]["result"]["knock_limit"] == 6
    assert data["hand"]["result"]["multiplier"] == 2
    assert data["match"]["totals"] == {"Ann": 28, "Ben": 0}
    assert data["match"]["rules"]["game_target"] == 150


# -- Straight Gin ----------------------------------------------------------------------------


def test_straight_gin_takes_gin_only(client, app):
    view_id = start_match(client, preset="straight_gin")
    form = client.get(f"/m/{view_id}/hands/new")
    page = text(form)
    assert "No knocking at this table" in page
    assert 'value="knock"' not in page.split('id="kind"')[1].split("</fieldset>")[0]
    assert hand_form(client, f"/m/{view_id}/hands/new")["kind"] == "gin"
    before = stored(app, view_id)
    # a knock sent anyway is refused with the reason
    response = add_quick(client, view_id, knocker=0, kind="knock", k=3, d=30)
    assert response.status_code == 400
    assert "Illegal knock" in plain(response) and "gin only" in plain(response)
    assert stored(app, view_id) == before
    assert add_quick(client, view_id, knocker=0, kind="gin", k=None, d=30).status_code == 302
    assert add_quick(client, view_id, knocker=1, kind="big_gin", k=None, d=20).status_code == 302
    assert totals(client, view_id) == (55, 51)


def test_straight_gin_without_the_gin_bonus(client):
    view_id, token = api_match(client, preset="straight_gin", rules={"gin_bonus": 0})
    response = add(client, view_id, token, kind="gin", knocker="Ben", defender_deadwood=30)
    assert response.get_json()["match"]["totals"] == {"Ann": 0, "Ben": 30}
    response = add(
        client,
        view_id,
        token,
        kind="knock",
        knocker="Ann",
        knocker_deadwood=2,
        defender_deadwood=30,
    )
    assert response.status_code == 400
    assert "gin only" in response.get_json()["error"]["reason"]
