"""Gem Rummy through the web and the API: a deck saved once and frozen into a match, hands
by counts and by cards, a game to 110 with its settlement, the check page's Gem tab, and bad
input (a deck breaking the structure, dice outside 2–12, a king counted twice, cards the deck
does not have) answered with the field and the reason, nothing stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.games.gem.saved_decks import SavedDeck
from referee.models import Hand, Match, db
from referee.rules.cards import ALL_NATURALS, Rank
from tests.web.helpers import csrf_from, form_values

DECK = (Path(__file__).resolve().parents[2] / "data" / "gem_synthetic_deck.txt").read_text().strip()
KNOCKER = "AS 4C 6D 8H 9S 9H 9D QH 7D 2C 3D"  # Gold stash, 9s, Q♥+7♦; deadwood 5
UNDERCUTS = "2S 2H 2D 3S 4S 5S JS JH JD 10S 9C"  # lays off 10♠ (Gold) and 9♣: 0


def save(client: Any, name: str = "Ours", deck: Any = DECK) -> Any:
    return client.post("/api/v1/decks", json={"name": name, "deck": deck})


def start(client: Any, names: list[str], **extra: Any) -> tuple[str, str]:
    body = {"players": names, "preset": "gem", **extra}
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return data["id"], data["edit_token"]


def add(client: Any, view_id: str, token: str, **body: Any) -> Any:
    return client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )


def test_a_deck_saved_once_is_frozen_into_the_match_and_cards_are_ruled(client, app):
    assert save(client).status_code == 201
    view_id, token = start(client, ["Ann", "Ben"], deck="Ours")
    response = add(
        client, view_id, token, dice="3+4", knocker="Ann", hands={"Ann": KNOCKER, "Ben": UNDERCUTS}
    )
    assert response.status_code == 201, response.get_json()
    hand = response.get_json()["hand"]
    assert hand["points"] == {"Ann": 0, "Ben": 25}
    result = hand["result"]
    assert result["knock_limit"] == 7 and result["diamond"] == "7D"
    assert {lay["card"] for lay in result["layoffs"]} == {"10S", "9C"}
    assert any(m["kind"] == "stash" and m["gem"] == "Gold" for m in result["spread"])
    # A saved deck is never changed: another deck under its name is refused (anyone may
    # save a deck, so anyone could otherwise change the deck another table starts with);
    # the same deck again is that deck.
    changed = DECK.replace("AS=G", "AS=A").replace("2S=A", "2S=G")
    refused = save(client, deck=changed)
    assert refused.status_code == 400 and refused.get_json()["error"]["field"] == "name"
    assert "already saved" in refused.get_json()["error"]["reason"]
    assert save(client).status_code == 201
    assert save(client, name="Ours, repainted", deck=changed).status_code == 201
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert match["deck"] == DECK and match["totals"] == {"Ann": 0, "Ben": 25}
    assert client.get("/api/v1/decks/Ours").get_json()["deck"]["AS"] == "G"
    assert client.get("/api/v1/decks/Ours, repainted").get_json()["deck"]["AS"] == "A"
    # The hand's page draws each card with its gem; its edit form comes back filled.
    hand_id = hand["id"]
    page = client.get(f"/m/{view_id}/hands/{hand_id}").get_data(as_text=True)
    assert 'class="gem gem-G"' in page and "Gold stash" in page and "Layoff 1" in page
    client.get(f"/m/{view_id}/edit/{token}")  # this browser keeps the edit link
    edit = client.get(f"/m/{view_id}/hands/{hand_id}/edit").get_data(as_text=True)
    assert 'value="3+4"' in edit and KNOCKER in edit


def test_counts_game_to_110_both_passing_and_the_settlement(client):
    view_id, token = start(client, ["Ann", "Ben"], stake_per_point="0.10")
    for body in (
        {"dice": 7, "knocker": "Ann", "counts": {"Ann": 0, "Ben": 100}},  # Ann 100
        {"dice": "5+6", "knocker": "Ben", "ending": "gin", "counts": {"Ann": 85}},  # Ben 110
    ):
        assert add(client, view_id, token, **body).status_code == 201
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert match["games"][0]["winner"] == "Ben"
    assert match["games"][0]["final"] == {"Ann": 100, "Ben": 110}
    assert match["settlement"]["pairs"][0]["points"] == 10
    body = {"dice": 7, "knocker": "Ann", "counts": {"Ann": 5, "Ben": 9}, "gem_parts": ["Ben"]}
    hand = add(client, view_id, token, **body).get_json()["hand"]
    assert hand["points"] == {"Ann": 11, "Ben": 8} and hand["game"] == 2
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "Gem Rummy" in page and 'data-testid="total-0">11<' in page
    payouts = client.get(f"/m/{view_id}/settlement").get_data(as_text=True)
    assert "Ben" in payouts and "1.00" in payouts  # 10 points at 0.10


def test_three_players_each_scored_against_the_knocker(client):
    view_id, token = start(client, ["Ann", "Ben", "Cy"])
    body = {"dice": 7, "knocker": "Ann", "counts": {"Ann": 5, "Ben": 4, "Cy": 30}}
    hand = add(client, view_id, token, **body).get_json()["hand"]
    assert hand["points"] == {"Ann": 25, "Ben": 25, "Cy": 0}
    assert any("gem_pairing=each_non_knocker" in s["text"] for s in hand["result"]["steps"])


def test_bad_input_names_the_field_and_stores_nothing(client, app):
    broken = DECK.replace("AH=E", "AH=G")
    response = save(client, deck=broken)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "AH" and "A–2 block holds Gold 2 times" in error["reason"]
    view_id, token = start(client, ["Ann", "Ben"], deck=DECK)
    for body, field, words in (
        ({"dice": 13, "knocker": "Ann", "counts": [5, 9]}, "dice", "2–12"),
        ({"dice": "0+5", "knocker": "Ann", "counts": [5, 9]}, "dice", "1–6"),
        (
            {"dice": 7, "knocker": "Ann", "hands": [KNOCKER, KNOCKER.replace("QH", "QS")]},
            "hands",
            "in both Ann's and Ben's hands",
        ),
        (
            {"dice": 7, "knocker": "Ann", "hands": [KNOCKER, "JK " + UNDERCUTS[3:]]},
            "hands",
            "not played in Gem Rummy",
        ),
        (
            {
                "dice": 7,
                "knocker": "Ann",
                "hands": [KNOCKER.replace("QH", "KS"), UNDERCUTS],
                "spread": [["AS", "4C", "6D", "KS"], ["KS", "8H", "AS", "4C"]],
            },
            "spread",
            "counted twice",
        ),
    ):
        response = add(client, view_id, token, **body)
        assert response.status_code == 400, body
        error = response.get_json()["error"]
        assert error["field"] == field and words in error["reason"], error
    with app.app_context():
        assert db.session.query(SavedDeck).count() == 0
        assert db.session.query(Hand).count() == 0
        assert db.session.query(Match).count() == 1


def test_the_deck_page_saves_a_grid_and_marks_the_card_at_fault(client, app):
    page = client.get("/decks").get_data(as_text=True)
    assert page.count("<select") == 56  # 48 cards + two per king
    gems = dict(token.split("=") for token in DECK.split())
    data: dict[str, str] = {"csrf_token": csrf_from(page), "name": "Grid deck"}
    for card in ALL_NATURALS:
        if card.rank is Rank.KING:
            data[f"gem_{card.code}_1"], data[f"gem_{card.code}_2"] = gems[card.code]
        else:
            data[f"gem_{card.code}"] = gems[card.code]
    bad = data | {"gem_7C": data["gem_7S"]}
    response = client.post("/decks", data=bad)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert 'class="gem-cell bad" data-card="7C"' in html and "block holds" in html
    with app.app_context():
        assert db.session.query(SavedDeck).count() == 0
    response = client.post("/decks", data=data)
    assert response.status_code == 303
    with app.app_context():
        assert db.session.query(SavedDeck).one().entries == DECK


def test_new_match_hand_form_and_check_tab(client):
    assert save(client).status_code == 201
    page = client.get("/gem/new").get_data(as_text=True)
    data = {"csrf_token": csrf_from(page), "player_0": "Ann", "player_1": "Ben", "deck": "Ours"}
    data["gem_stash_layoffs"] = "y"
    data["gem_pairing"] = "each_non_knocker"
    response = client.post("/gem/new", data=data)
    assert response.status_code == 302
    view_id = response.headers["Location"].rstrip("/").split("/")[-1]
    form = form_values(client.get(f"/m/{view_id}/hands/new").get_data(as_text=True))
    form.update(
        dice="3+4",
        entry="counts",
        kind="knock",
        knocker_seat="0",
        count_0="5",
        count_1="9",
        gem_parts_0="y",
        save="Save hand",
    )
    assert client.post(f"/m/{view_id}/hands/new", data=form).status_code in (302, 303)
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert 'data-testid="total-0">27<' in page  # 11 + Gem Parts 16
    form = form_values(client.get(f"/m/{view_id}/hands/new").get_data(as_text=True))
    form.update(dice="13", entry="counts", kind="knock", knocker_seat="0", count_0="5", save="1")
    response = client.post(f"/m/{view_id}/hands/new", data=form)
    assert response.status_code == 400 and "two dice sum to 2–12" in response.get_data(as_text=True)
    # named at the top of the page, linked to its field
    summary = response.get_data(as_text=True).split('data-testid="error-summary"')[1]
    assert '<a href="#dice" data-field="dice">' in summary.split("</section>")[0]
    page = client.get("/check/gem").get_data(as_text=True)
    data = {"csrf_token": csrf_from(page), "deck": "Ours", "dice": "3+4"}
    data.update(cards_0=KNOCKER, cards_1=UNDERCUTS)
    html = client.post("/check/gem", data=data).get_data(as_text=True)
    assert "Gold stash" in html and 'class="gem gem-G"' in html and "Second lays 10♠" in html
    api = client.post(
        "/api/v1/gem/rulings", json={"deck": "Ours", "dice": "3+4", "hands": [KNOCKER, UNDERCUTS]}
    )
    assert api.status_code == 200 and api.get_json()["points"] == {"Knocker": 0, "Second": 25}


def test_a_deck_whose_name_holds_an_equals_sign_is_used_by_its_name(client):
    assert save(client, name="Ours = the blue box").status_code == 201
    view_id, _ = start(client, ["Ann", "Ben"], deck="Ours = the blue box")
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["deck"] == DECK
