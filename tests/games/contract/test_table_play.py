"""Contract Rummy at the table: each player sends the cards left in their hand and says
whether they laid down their contract; the deal is ruled as the scorer's form by cards would
enter it (docs/rules.md §8.5)."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import api_match
from tests.web.test_table_play import _error, _seat_tokens, _table

SHORT = {"name": "short", "deals": [{"cards": 13, "contract": "2 groups of 3"}] * 3}


def test_three_phones_send_cards_left_and_made_8_5(client: Any, other_client: Any) -> None:
    """§8.5: the player who went out scores 0 and made the contract; the others pay the
    penalty of the cards left at the table's values, and those who laid down move on."""
    view_id, edit = api_match(
        client, ("Ann", "Ben", "Cat"), preset="twelve_step", rules={"contract_list": SHORT}
    )
    ann, ben, cat = _seat_tokens(client, view_id, edit)
    phone = other_client

    started = _table(phone, view_id, "post", "/hand", ben, knocker="Ben", kind="out")
    assert started.status_code == 201, started.get_json()
    # a seat that has not said whether it laid down its contract is asked to
    unanswered = _table(phone, view_id, "put", "/cards", ann, cards="AS JK KD")
    assert unanswered.status_code == 400 and _error(unanswered) == (
        "made",
        "answer this for your seat",
    )
    odd = _table(phone, view_id, "put", "/cards", ann, cards="AS JK KD", made="maybe")
    assert odd.status_code == 400 and _error(odd)[0] == "made"
    sent = _table(phone, view_id, "put", "/cards", ann, cards="AS JK KD", made=False)
    assert sent.status_code == 200
    assert _table(phone, view_id, "put", "/cards", ben, cards="").status_code == 200
    # two packs hold each card twice: a third ace of spades is refused, naming whose it is
    twice = _table(phone, view_id, "put", "/cards", cat, cards="AS AS", made="yes")
    assert twice.status_code == 400 and _error(twice)[0] == "cards"
    assert "Ann" in _error(twice)[1]
    done = _table(phone, view_id, "put", "/cards", cat, cards="3H", made="yes")
    assert done.status_code == 200, done.get_json()
    hand = done.get_json()["hand"]
    assert hand["answers"] == {"Ann": "no", "Cat": "yes"}

    direct_id, direct_edit = api_match(
        client, ("Ann", "Ben", "Cat"), preset="twelve_step", rules={"contract_list": SHORT}
    )
    direct = client.post(
        f"/api/v1/matches/{direct_id}/hands",
        json={"went_out": "Ben", "hands": {"Ann": "AS JK KD", "Cat": "3H"},
              "made": [False, True, True]},
        headers={"X-Edit-Token": direct_edit},
    ).get_json()  # fmt: skip
    ruling = hand["ruling"]
    assert ruling["result"]["points"] == direct["hand"]["result"]["points"]
    assert ruling["result"]["points"] == {"Ann": 40, "Ben": 0, "Cat": 3}
    assert ruling["made"] == {"Ann": False, "Ben": True, "Cat": True}

    stored = _table(client, view_id, "post", "/store", edit=edit)
    assert stored.status_code == 201, stored.get_json()
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert match["totals"] == direct["match"]["totals"]


def test_the_seat_page_asks_whether_the_contract_was_laid_down(client: Any) -> None:
    view_id, edit = api_match(client, ("Ann", "Ben"), preset="contract_7")
    _seat_tokens(client, view_id, edit)
    page = client.get(f"/m/{view_id}/seat/1").get_data(as_text=True)
    assert 'data-choice="made"' in page and "I laid it down" in page
    assert 'data-card="JK"' in page or "joker" in page.lower()
    panel = client.get(f"/m/{view_id}/table/panel").get_data(as_text=True)
    assert "Who went out" in panel and "Who knocked" not in panel
    german = client.get(f"/m/{view_id}/seat/1", headers={"Accept-Language": "de"})
    assert "I laid it down" not in german.get_data(as_text=True)
