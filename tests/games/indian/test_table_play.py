"""Indian Rummy at the table: the player who declares calls the deal with the card cut for
the wild joker, each player sends their 13 cards (or says they dropped), and the referee
groups every hand and rules the deal as the scorer's form by cards would (docs/rules.md
§8.6)."""

from __future__ import annotations

from typing import Any

from tests.games.indian.test_indian_api import DECLARED, FOUR, NO_PURE, add, make, read
from tests.web.test_table_play import _error, _seat_tokens, _table

CAT_DECLARES = " ".join(DECLARED)  # sevens wild: the cut is a seven
ANN_LOSES = "AS 2S 3S 5H 6H JK 9H 9D 10C QC 4C 4D 8D"


def test_a_pool_deal_sent_from_three_phones_8_6(client: Any, other_client: Any) -> None:
    """§8.6: Cat declares with sevens wild; Ann's cards are grouped and counted; Ben's middle
    drop costs 40 without his cards. The same deal entered by the scorer gives the same."""
    view_id, edit = make(client, FOUR[:3], "indian_pool_101", stake_per_point="5")
    ann, ben, cat = _seat_tokens(client, view_id, edit)
    phone = other_client

    uncut = _table(phone, view_id, "post", "/hand", cat, knocker="Cat", kind="out")
    assert uncut.status_code == 400 and _error(uncut) == (
        "cut",
        "enter the card cut for the wild joker: it decides which cards are wild",
    )
    started = _table(phone, view_id, "post", "/hand", cat, knocker="Cat", kind="out", cut="7H")
    assert started.status_code == 201, started.get_json()
    assert started.get_json()["hand"]["calls"][0]["cut"] == "7H"

    odd = _table(phone, view_id, "put", "/cards", ben, cards="", part="fold")
    assert odd.status_code == 400 and _error(odd)[0] == "part"
    assert _table(phone, view_id, "put", "/cards", ben, part="middle_drop").status_code == 200
    assert _table(phone, view_id, "put", "/cards", ann, cards=ANN_LOSES).status_code == 200
    short = _table(phone, view_id, "put", "/cards", cat, cards=CAT_DECLARES + " 5C")
    assert short.status_code == 400 and _error(short)[0] == "cards"
    done = _table(phone, view_id, "put", "/cards", cat, cards=CAT_DECLARES)
    assert done.status_code == 200, done.get_json()
    hand = done.get_json()["hand"]
    assert hand["problem"] is None, hand["problem"]
    assert hand["answers"] == {"Ann": "played", "Ben": "middle_drop", "Cat": "played"}

    direct_id, direct_edit = make(client, FOUR[:3], "indian_pool_101", stake_per_point="5")
    hands = {"Ann": ANN_LOSES, "Cat": CAT_DECLARES}
    direct = add(
        client, direct_id, direct_edit, winner="Cat", cut="7H", parts={"Ben": "middle_drop"},
        hands=hands,
    )  # fmt: skip
    assert direct.status_code == 201, direct.get_json()
    assert hand["ruling"]["points"] == direct.get_json()["hand"]["points"]
    assert hand["ruling"]["points"]["Ben"] == 40

    stored = _table(client, view_id, "post", "/store", edit=edit)
    assert stored.status_code == 201, stored.get_json()
    assert read(client, view_id)["totals"] == read(client, direct_id)["totals"]


def test_a_loser_without_a_pure_sequence_counts_80_at_the_table(client: Any, other_client: Any):
    view_id, edit = make(client, FOUR[:2], "indian_points")
    ann, ben = _seat_tokens(client, view_id, edit)
    _table(other_client, view_id, "post", "/hand", ann, knocker="Ann", kind="out", cut="2D")
    _table(other_client, view_id, "put", "/cards", ben, cards=NO_PURE)
    hand = _table(other_client, view_id, "put", "/cards", ann,
                  cards="AH 2H 3H 5S 6S 7S 9C 9D 9S KD KC KH 2C").get_json()["hand"]  # fmt: skip
    assert hand["problem"] is None, hand["problem"]
    assert hand["ruling"]["points"] == {"Ann": 80, "Ben": -80}


def test_the_seat_page_asks_for_the_cut_and_whether_the_seat_dropped(client: Any) -> None:
    view_id, edit = make(client, FOUR[:2], "indian_points")
    _seat_tokens(client, view_id, edit)
    panel = client.get(f"/m/{view_id}/table/panel").get_data(as_text=True)
    assert "Who declared" in panel and "Cut card" in panel
    page = client.get(f"/m/{view_id}/seat/2").get_data(as_text=True)
    assert 'data-choice="part"' in page and "I dropped before my first draw" in page
