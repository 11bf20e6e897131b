"""Four-handed partnership gin (docs/rules.md §7) through the pages and the API: four names, two
tables per deal in one form, team totals with one box, game 125, settlement side against side,
and the same edit, delete, undo, idempotency and conflict handling as a two-handed hand."""

from __future__ import annotations

import re

from tests.web.helpers import (
    api_match,
    csrf_from,
    form_values,
    hand_form,
    open_edit_link,
    start_match,
)
from tests.web.test_hands import hand_ids, plain, stored, text, totals

NAMES = ("Ann", "Ben", "Cat", "Dan")  # seats A, B, C, D: Ann & Cat against Ben & Dan
A, B, C, D = range(4)


def beats(knocker, by):
    """A table won by its knocker by ``by`` points (knock 2 against by + 2)."""
    return (knocker, "knock", 2, by + 2)


DEAD = (None, "dead", None, None)


def deal_data(base, t1, t2, dealer=None, **extra):
    data = dict(base)
    for n, (knocker, kind, k, d) in ((1, t1), (2, t2)):
        data[f"t{n}_kind"] = kind
        data.pop(f"t{n}_knocker_seat", None)
        if knocker is not None:
            data[f"t{n}_knocker_seat"] = str(knocker)
        data[f"t{n}_knocker_deadwood"] = "" if k is None else str(k)
        data[f"t{n}_defender_deadwood"] = "" if d is None else str(d)
    if dealer is not None:
        data["dealer_seat"] = str(dealer)
    data.update(extra)
    return data


def add_deal(client, view_id, t1, t2, dealer=None, button="save", **extra):
    url = f"/m/{view_id}/hands/new"
    data = deal_data(hand_form(client, url), t1, t2, dealer, **{button: "x"}, **extra)
    return client.post(url, data=data)


def four(client, **rules):
    return start_match(client, names=NAMES, preset="partnership", stake="0.10", **rules)


def test_the_new_match_form_takes_four_names_and_says_who_partners_whom(client):
    page = text(client.get("/new?preset=partnership"))
    assert 'name="player_2"' in page and 'name="player_3"' in page
    assert "first and third" in page and "second and fourth" in page
    view_id = four(client)
    board = plain(client.get(f"/m/{view_id}"))
    assert "Ann & Cat" in board and "Ben & Dan" in board
    assert "Game to 125" in board and "Ann & Cat deal next" in board
    assert "table 1 Ann v Ben (Ann deals) · table 2 Cat v Dan (Cat deals)" in board


def test_three_players_cannot_make_a_partnership(client):
    page = client.get("/new")
    data = {
        "csrf_token": csrf_from(page.get_data(as_text=True)),
        "player_0": "Ann",
        "player_1": "Ben",
        "player_2": "Cat",
        "preset": "partnership",
        "rules_from": "partnership",
        "stake_per_point": "0",
    }
    from tests.web.helpers import rule_form_data

    data.update(rule_form_data("partnership"))
    response = client.post("/new", data=data)
    assert response.status_code == 400
    block = text(response).split('name="player_3"')[1].split("</label>")[0]
    assert "enter a name" in block
    response = client.post("/api/v1/matches", json={"players": NAMES[:3], "preset": "partnership"})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "players" and "four players" in error["reason"]
    response = client.post(
        "/api/v1/matches", json={"players": ["Ann", "Ben", "Cat", "ann"], "preset": "partnership"}
    )
    assert response.get_json()["error"]["field"] == "player_3"


def test_section_7_vector_deal_by_deal(client):
    """§7: A beats B by 16, C beats D by 12 ⇒ AC +28 and the box. A later deal with the same
    pairing: A beats B by 7, D beats C by 13 ⇒ BD +6 and the box. In between, a deal with
    both tables drawn scores nothing and is not replayed."""
    view_id = four(client)
    # the form shows both tables, who plays whom, and which side deals where
    form = plain(client.get(f"/m/{view_id}/hands/new"))
    assert "Table 1: Ann v Ben" in form and "Table 2: Cat v Dan" in form
    assert "Table 1: Ann v Ben · Ann deals · Ben deals" in form  # the page shows the one chosen
    response = add_deal(client, view_id, beats(A, 16), beats(C, 12))
    assert response.status_code == 302, plain(response)
    assert totals(client, view_id) == (28, 0)
    # deal 2: the opponents change
    form = plain(client.get(f"/m/{view_id}/hands/new"))
    assert "Table 1: Ann v Dan" in form and "Table 2: Cat v Ben" in form
    assert add_deal(client, view_id, DEAD, DEAD).status_code == 302
    assert totals(client, view_id) == (28, 0)
    assert add_deal(client, view_id, beats(A, 7), beats(D, 13)).status_code == 302
    assert totals(client, view_id) == (28, 6)
    page = text(client.get(f"/m/{view_id}"))
    assert re.search(r'data-testid="boxes-0">1<', page)
    assert re.search(r'data-testid="boxes-1">1<', page)
    history = plain(client.get(f"/m/{view_id}"))
    assert "Ann & Cat +28 1. Ann v Ben: Ann knocks +16 2. Cat v Dan: Cat knocks +12" in history
    assert "Both tables drawn: no score" in history
    assert "Ben & Dan +6" in history and "Cat v Dan: Dan knocks +13" in history
    # the deal's ruling: each table's steps, then the team's net
    third = hand_ids(client, view_id)[2]
    ruling = plain(client.get(f"/m/{view_id}/hands/{third}"))
    assert "Table 1: Ann v Ben" in ruling and "Table 2: Cat v Dan" in ruling
    assert "Team BD nets −7 + 13 = 6 and takes the box." in ruling
    assert "A Ann, B Ben, C Cat, D Dan" in ruling


def test_a_game_to_125_with_its_bonus_and_the_sides_settle(client):
    """Deals 1–3 as §7 (AC 28, BD 6); deal 4 (A v D, C v B): D gin against 20 (+45),
    C knocks by 7 ⇒ BD +38 (44). Deal 5 (A v B, C v D): A gin against 40 (+65), C by 32
    ⇒ AC +97 = 125: game. AC 125 + 2 boxes × 25 + 100 = 275; BD 44 + 2 × 25 = 94;
    margin 181 at 0.10 ⇒ Ben & Dan pay Ann & Cat 18.10."""
    view_id = four(client)
    for t1, t2 in (
        (beats(A, 16), beats(C, 12)),
        (DEAD, DEAD),
        (beats(A, 7), beats(D, 13)),
        ((D, "gin", None, 20), beats(C, 7)),
    ):
        assert add_deal(client, view_id, t1, t2).status_code == 302
    assert totals(client, view_id) == (28, 44)
    assert add_deal(client, view_id, (A, "gin", None, 40), beats(C, 32)).status_code == 302
    page = text(client.get(f"/m/{view_id}"))
    assert "Game over: Ann & Cat win." in page
    assert re.search(r'data-testid="final-0">275<', page)
    assert re.search(r'data-testid="final-1">94<', page)
    assert "Ben & Dan pay Ann & Cat 18.10" in page
    assert "Play on: game 2" in page


def test_only_the_other_table_counts_when_one_is_drawn(client):
    view_id = four(client)
    assert add_deal(client, view_id, beats(A, 16), DEAD).status_code == 302
    assert totals(client, view_id) == (16, 0)
    ruling = plain(client.get(f"/m/{view_id}/hands/{hand_ids(client, view_id)[0]}"))
    assert "Only the other table counts: team AC scores 16 and the box." in ruling


def test_check_shows_the_deal_ruling_before_saving(client, app):
    view_id = four(client)
    response = add_deal(client, view_id, beats(A, 16), beats(C, 12), button="check")
    assert response.status_code == 200
    page = plain(response)
    assert "Ann & Cat +28" in page and "Not saved yet" in page
    assert stored(app, view_id)["hands"] == []


def test_a_deal_with_a_table_missing_is_refused_beside_the_field(client, app):
    view_id = four(client)
    before = stored(app, view_id)
    url = f"/m/{view_id}/hands/new"
    data = deal_data(hand_form(client, url), beats(A, 16), (None, "knock", None, None), save="1")
    response = client.post(url, data=data)
    assert response.status_code == 400
    page = text(response)
    block = page.split('id="t2_knocker_seat"')[1].split("</fieldset>")[0]
    assert "choose who knocked or went gin" in block
    assert stored(app, view_id) == before
    # the knocker must sit at that table this deal
    response = add_deal(client, view_id, beats(A, 16), beats(B, 12))
    assert response.status_code == 400
    block = text(response).split('id="t2_knocker_seat"')[1].split("</fieldset>")[0]
    assert "does not play at table 2 this deal" in block
    # counts are checked per table, and an illegal knock names its table's field
    response = add_deal(client, view_id, beats(A, 16), (C, "knock", 12, 30))
    assert response.status_code == 400
    block = text(response).split('id="table-2"')[1].split('name="note"')[0]
    assert "Illegal knock" in block
    assert stored(app, view_id) == before


def _edit_deal(client, view_id, hand_id, t1, t2):
    url = f"/m/{view_id}/hands/{hand_id}/edit"
    data = form_values(client.get(url).get_data(as_text=True))
    return client.post(url, data=deal_data(data, t1, t2, save="1"))


def test_edit_delete_and_undo_a_deal(client):
    view_id = four(client)
    add_deal(client, view_id, beats(A, 16), beats(C, 12))
    add_deal(client, view_id, DEAD, DEAD)
    add_deal(client, view_id, beats(A, 7), beats(D, 13))
    first, second, third = hand_ids(client, view_id)
    # the edit form comes back filled with the deal as entered
    values = form_values(client.get(f"/m/{view_id}/hands/{first}/edit").get_data(as_text=True))
    assert values["t1_knocker_seat"] == "0" and values["t1_defender_deadwood"] == "18"
    response = _edit_deal(client, view_id, first, beats(A, 16), beats(D, 12))
    assert response.status_code == 302, plain(response)
    assert totals(client, view_id) == (4, 6)  # deal 1 now nets AC 16 − 12
    # deleting the drawn deal 2 shifts the later deal's opponents but not its score
    action = form_values(client.get(f"/m/{view_id}/hands/{second}").get_data(as_text=True))
    assert client.post(f"/m/{view_id}/hands/{second}/delete", data=action).status_code == 302
    assert "Deal 2 deleted" in plain(client.get(f"/m/{view_id}"))
    assert totals(client, view_id) == (4, 6)
    # undo: the deal is back, then the edit is undone
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "Undo delete of deal 2" in board
    client.post(f"/m/{view_id}/undo", data=form_values(board))
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    client.post(f"/m/{view_id}/undo", data=form_values(board))
    assert totals(client, view_id) == (28, 6)
    audit = plain(client.get(f"/m/{view_id}"))
    assert "tables: 1. Ann knock 2/18; 2. Cat knock 2/14 → 1. Ann knock 2/18; 2. Dan knock" in audit
    assert hand_ids(client, view_id) == [first, second, third]


def test_two_phones_entering_the_same_deal_get_a_conflict(client, other_client, app):
    view_id = four(client)
    link = re.search(
        r'value="([^"]+)" aria-label="edit link"', client.get(f"/m/{view_id}/link").get_data(True)
    ).group(1)
    open_edit_link(other_client, link)
    url = f"/m/{view_id}/hands/new"
    mine = deal_data(hand_form(client, url), beats(A, 16), beats(C, 12), save="1")
    theirs = deal_data(hand_form(other_client, url), beats(A, 16), beats(C, 12), save="1")
    assert client.post(url, data=mine).status_code == 302
    # the same form sent twice is recorded once
    again = client.post(url, data=mine, follow_redirects=True)
    assert "already saved (deal 1)" in text(again)
    response = other_client.post(url, data=theirs)
    assert response.status_code == 409
    assert "it now has 1 deal" in plain(response)
    assert len(stored(app, view_id)["hands"]) == 1
    # a stale edit is refused too
    (hand_id,) = hand_ids(client, view_id)
    edit_url = f"/m/{view_id}/hands/{hand_id}/edit"
    stale = form_values(client.get(edit_url).get_data(as_text=True))
    assert _edit_deal(client, view_id, hand_id, beats(A, 20), beats(C, 12)).status_code == 302
    stale = deal_data(stale, beats(A, 16), beats(C, 2), save="1")
    response = client.post(edit_url, data=stale)
    assert response.status_code == 409 and "Another device changed this deal" in plain(response)
    assert totals(client, view_id) == (32, 0)


# -- the API ------------------------------------------------------------------------------


def api_deal(client, view_id, token, *tables, method="post", hand_id=None, **extra):
    body = {"tables": list(tables), **extra}
    url = f"/api/v1/matches/{view_id}/hands" + (f"/{hand_id}" if hand_id else "")
    return getattr(client, method)(url, json=body, headers={"X-Edit-Token": token})


def knock(who, k, d):
    return {"kind": "knock", "knocker": who, "knocker_deadwood": k, "defender_deadwood": d}


def test_the_api_takes_a_deal_with_both_tables(client, app):
    view_id, token = api_match(client, names=NAMES, preset="partnership", stake_per_point="1")
    created = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert created["teams"] == [
        {"name": "Ann & Cat", "players": ["Ann", "Cat"]},
        {"name": "Ben & Dan", "players": ["Ben", "Dan"]},
    ]
    assert created["next_deal"]["tables"][1] == {
        "table": 2, "players": ["Cat", "Dan"], "dealer": "Cat",
    }  # fmt: skip
    response = api_deal(
        client, view_id, token, knock("Ann", 2, 18), knock("Cat", 3, 15), dealer="Ben",
        idempotency_key="deal-1",
    )  # fmt: skip
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    deal = data["hand"]
    assert deal["dealing_side"] == "Ben & Dan"
    assert deal["tables"][0]["dealer"] == "Ben" and deal["tables"][1]["dealer"] == "Dan"
    assert deal["team_points"] == {"Ann & Cat": 28, "Ben & Dan": -28}
    assert deal["winner"] == "Ann & Cat" and deal["boxes"] == {"Ann & Cat": 1, "Ben & Dan": 0}
    assert deal["steps"][-1]["text"] == "Team AC nets 16 + 12 = 28 and takes the box."
    assert deal["tables"][0]["result"]["points"] == 16
    assert data["match"]["totals"] == {"Ann & Cat": 28, "Ben & Dan": 0}
    assert data["match"]["next_deal"]["dealing_side"] == "Ann & Cat"
    assert data["match"]["next_deal"]["tables"][0]["players"] == ["Ann", "Dan"]
    # the same key again: the first deal, not a second one
    again = api_deal(
        client, view_id, token, knock("Ann", 2, 18), knock("Cat", 3, 15), idempotency_key="deal-1"
    )
    assert again.status_code == 200 and again.get_json()["hand"]["id"] == deal["id"]
    # a stale expected number is a conflict
    stale = api_deal(client, view_id, token, knock("Ann", 2, 9), knock("Cat", 2, 9),
                     expected_number=1)  # fmt: skip
    assert stale.status_code == 409
    # PATCH one table: the other stays as it was
    response = api_deal(
        client, view_id, token, {}, {"knocker": "Dan"}, method="patch", hand_id=deal["id"]
    )
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["match"]["totals"] == {"Ann & Cat": 4, "Ben & Dan": 0}
    before = stored(app, view_id)
    # errors name the table's field
    for tables, field in (
        ([knock("Ann", 2, 18)], "tables"),
        ([knock("Ann", 2, 18), knock("Dan", 2, 18)], "tables[1].knocker"),
        ([knock("Ann", 2, 18), knock("Cat", 12, 30)], "tables[1].knocker_deadwood"),
        ([knock("Ann", 2, 18), {"kind": "knock", "knocker": "Cat"}], "tables[1].knocker_deadwood"),
        ([knock("Ann", 2, 18), {**knock("Cat", 2, 9), "sneaky": 1}], "tables[1].sneaky"),
        ([knock("Zed", 2, 18), knock("Cat", 2, 9)], "tables[0].knocker"),
    ):
        response = api_deal(client, view_id, token, *tables)
        assert response.status_code == 400, (tables, response.get_json())
        assert response.get_json()["error"]["field"] == field
    response = client.post(
        f"/api/v1/matches/{view_id}/hands", json={"kind": "knock"}, headers={"X-Edit-Token": token}
    )
    assert response.status_code == 400 and response.get_json()["error"]["field"] == "kind"
    assert stored(app, view_id) == before


def test_full_cards_at_a_table_through_the_api(client):
    view_id, token = api_match(client, names=NAMES, preset="partnership")
    cards = {
        "kind": "auto",
        "knocker": "Ann",
        "knocker_cards": "5S 6S 7S KH KD KC AH AD AC 3D",
        "defender_cards": "8S 8H 8D 8C 9S KS 2C 2H QD JC",
    }
    response = api_deal(client, view_id, token, cards, knock("Dan", 2, 14))
    assert response.status_code == 201, response.get_json()
    deal = response.get_json()["hand"]
    assert deal["tables"][0]["points"] == 21  # R7: chained layoffs leave the defender 24
    assert deal["team_points"] == {"Ann & Cat": 9, "Ben & Dan": -9}


def test_oklahoma_partnership_takes_an_upcard_per_table(client):
    view_id, token = api_match(client, names=NAMES, preset="partnership", rules={"oklahoma": True})
    response = api_deal(client, view_id, token, knock("Ann", 2, 18), knock("Cat", 3, 15))
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "tables[0].upcard"
    response = api_deal(
        client, view_id, token,
        {**knock("Ann", 2, 18), "upcard": "6S"}, {**knock("Cat", 3, 15), "upcard": "KH"},
    )  # fmt: skip
    assert response.status_code == 201, response.get_json()
    # table 1 doubled for the spade: 32; table 2: 12
    assert response.get_json()["match"]["totals"] == {"Ann & Cat": 44, "Ben & Dan": 0}
    client.get(f"/m/{view_id}/edit/{token}")  # this phone holds the edit link
    page = plain(client.get(f"/m/{view_id}/hands/new"))
    assert "the first upcard at this table" in page


def test_the_home_page_lists_a_partnership_by_its_sides(client):
    four(client)
    assert "Ann & Cat v Ben & Dan" in text(client.get("/"))


# -- full cards at a table in the deal form -------------------------------------------------

# R7: Ann knocks with 3 (3D) against a defender left with 24 after chained layoffs: +21.
KNOCKER_CARDS = "5S 6S 7S KH KD KC AH AD AC 3D"
DEFENDER_CARDS = "8S 8H 8D 8C 9S KS 2C 2H QD JC"


def with_cards(data, n, knocker, knocker_cards, defender_cards, kind="auto"):
    """The form's table ``n`` switched to full cards."""
    data = dict(data)
    data.update(
        {
            f"t{n}_entry": "cards",
            f"t{n}_kind": kind,
            f"t{n}_knocker_seat": str(knocker),
            f"t{n}_knocker_deadwood": "",
            f"t{n}_defender_deadwood": "",
            f"t{n}_knocker_cards": knocker_cards,
            f"t{n}_defender_cards": defender_cards,
        }
    )
    return data


def test_the_deal_form_offers_counts_or_cards_at_each_table(client):
    view_id = four(client)
    page = text(client.get(f"/m/{view_id}/hands/new"))
    for n in (1, 2):
        assert f'name="t{n}_entry"' in page and f'id="t{n}_picker"' in page
        assert f'name="t{n}_knocker_cards"' in page and f'name="t{n}_defender_cards"' in page
        assert f'data-target="t{n}_knocker_cards"' in page
    assert "picker.js" in page


def test_cards_at_one_table_score_as_the_counts_they_make(client, app):
    view_id = four(client)
    url = f"/m/{view_id}/hands/new"
    data = deal_data(hand_form(client, url), beats(A, 16), (C, "knock", 2, 14))
    data = with_cards(data, 1, A, KNOCKER_CARDS, DEFENDER_CARDS)
    # cards are saved only once their ruling was shown
    response = client.post(url, data={**data, "save": "1"})
    assert response.status_code == 200
    page = plain(response)
    assert "Ann & Cat +33" in page and "Not saved yet" in page
    assert stored(app, view_id)["hands"] == []
    checked = form_values(response.get_data(as_text=True))["checked"]
    response = client.post(url, data={**data, "checked": checked, "save": "1"})
    assert response.status_code == 302, plain(response)
    assert totals(client, view_id) == (33, 0)
    # the same deal as the counts the cards make (3 against 24) scores the same
    counts = four(client)
    assert add_deal(client, counts, (A, "knock", 3, 24), (C, "knock", 2, 14)).status_code == 302
    assert totals(client, counts) == totals(client, view_id)
    # stored as entered, and the edit form comes back with the cards
    ((_, _, _, fields),) = stored(app, view_id)["hands"]
    first, second = fields["tables"]
    assert first["entry"] == "cards" and first["knocker_cards"] == KNOCKER_CARDS
    assert first["knocker_deadwood"] is None
    assert second["entry"] == "counts" and second["defender_deadwood"] == 14
    (hand_id,) = hand_ids(client, view_id)
    values = form_values(client.get(f"/m/{view_id}/hands/{hand_id}/edit").get_data(as_text=True))
    assert values["t1_entry"] == "cards" and values["t1_kind"] == "auto"
    assert values["t1_defender_cards"] == DEFENDER_CARDS
    assert values["t2_entry"] == "counts" and values["t2_knocker_deadwood"] == "2"


def test_a_bad_card_at_table_2_is_refused_beside_its_field(client, app):
    view_id = four(client)
    before = stored(app, view_id)
    url = f"/m/{view_id}/hands/new"
    data = deal_data(hand_form(client, url), beats(A, 16), beats(C, 12))
    data = with_cards(data, 2, C, KNOCKER_CARDS, DEFENDER_CARDS.replace("2H", "1H"))
    for button in ("check", "save"):
        response = client.post(url, data={**data, button: "1"})
        assert response.status_code == 400
        page = text(response)
        block = page.split('name="t2_defender_cards"')[1].split("</div>")[0]
        assert "`1H` is not a card" in block
        # the summary at the top links to that field; no other field shows the error
        summary = re.search(r'<section class="error-summary".*?</section>', page, re.S).group(0)
        form = page.split('id="deal-form"')[1]
        assert 'href="#t2_defender_cards"' in summary and "`1H` is not a card" in summary
        assert "Table 2: Defender" in summary  # which table, as the form has two of each
        assert "is not a card" not in form.split('name="t2_defender_cards"')[0]
        assert stored(app, view_id) == before
    # a card twice at one table is refused too
    data = with_cards(data, 2, C, KNOCKER_CARDS, DEFENDER_CARDS.replace("2H", "3D"))
    response = client.post(url, data={**data, "check": "1"})
    assert response.status_code == 400
    block = text(response).split('name="t2_defender_cards"')[1].split("</div>")[0]
    assert "in both hands" in block
    assert stored(app, view_id) == before


def test_each_table_plays_its_own_pack_so_a_card_may_be_at_both(client, app):
    view_id = four(client)
    url = f"/m/{view_id}/hands/new"
    data = deal_data(hand_form(client, url), beats(A, 16), beats(C, 12))
    data = with_cards(data, 1, A, KNOCKER_CARDS, DEFENDER_CARDS)
    data = with_cards(data, 2, C, KNOCKER_CARDS, DEFENDER_CARDS)
    response = client.post(url, data={**data, "check": "1"})
    assert response.status_code == 200, plain(response)
    assert "Ann & Cat +42" in plain(response)
    checked = form_values(response.get_data(as_text=True))["checked"]
    response = client.post(url, data={**data, "checked": checked, "save": "1"})
    assert response.status_code == 302, plain(response)
    assert totals(client, view_id) == (42, 0)


def test_a_deal_can_be_entered_with_cards_from_the_scoreboard(client):
    view_id = four(client)
    board = text(client.get(f"/m/{view_id}"))
    link = f"/m/{view_id}/hands/new?entry=cards"
    assert f'href="{link}"' in board and "Enter with cards" in board
    form = text(client.get(link))
    for table in (1, 2):
        checked = re.search(rf'<input[^>]*name="t{table}_entry"[^>]*value="cards"[^>]*>', form)
        assert checked and "checked" in checked.group(0), table
