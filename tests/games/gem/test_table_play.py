"""Gem Rummy at the table: the knocker calls the hand with the dice, each player sends their
11 cards, and the referee rules them with the match's gem deck (docs/rules.md §8.3) exactly
as the scorer's form by cards would."""

from __future__ import annotations

from typing import Any

from tests.games.gem.test_gem import KNOCKER, UNDERCUTS, add, save, start
from tests.web.test_table_play import _error, _seat_tokens, _table


def test_two_phones_send_their_cards_and_the_dice_set_the_knock_limit_8_3(
    client: Any, other_client: Any
) -> None:
    """§8.3: dice 3+4 set the knock limit at 7 and the Queen's Diamonds card at 7♦; Ben lays
    off 10♠ and 9♣ and undercuts Ann: 25."""
    assert save(client).status_code == 201
    view_id, edit = start(client, ["Ann", "Ben"], deck="Ours")
    ann, ben = _seat_tokens(client, view_id, edit)
    phone = other_client

    no_dice = _table(phone, view_id, "post", "/hand", ann, knocker="Ann", kind="knock")
    assert no_dice.status_code == 400 and _error(no_dice) == (
        "dice",
        "give the two dice (3+4) or their sum (2–12)",
    )
    odd = _table(phone, view_id, "post", "/hand", ann, knocker="Ann", kind="knock", dice="13")
    assert odd.status_code == 400 and _error(odd)[0] == "dice"
    listed = _table(phone, view_id, "post", "/hand", ann, knocker="Ann", kind="knock",
                    dice=[3, 4])  # fmt: skip
    assert listed.status_code == 201, listed.get_json()
    call = listed.get_json()["hand"]["calls"][0]
    assert call["dice"] == "3+4" and call["upcard"] is None

    short = _table(phone, view_id, "put", "/cards", ann, cards=KNOCKER.rsplit(" ", 1)[0])
    assert short.status_code == 400 and _error(short)[0] == "cards"
    assert _table(phone, view_id, "put", "/cards", ann, cards=KNOCKER).status_code == 200
    done = _table(phone, view_id, "put", "/cards", ben, cards=UNDERCUTS)
    assert done.status_code == 200, done.get_json()
    hand = done.get_json()["hand"]
    assert hand["problem"] is None, hand["problem"]

    direct_id, direct_edit = start(client, ["Ann", "Ben"], deck="Ours")
    direct = add(client, direct_id, direct_edit, dice="3+4", knocker="Ann",
                 hands={"Ann": KNOCKER, "Ben": UNDERCUTS}).get_json()  # fmt: skip
    assert hand["ruling"]["points"] == direct["hand"]["points"] == {"Ann": 0, "Ben": 25}
    assert hand["ruling"]["result"]["knock_limit"] == 7

    panel = client.get(f"/m/{view_id}/table/panel").get_data(as_text=True)
    assert "Dice 3+4" in panel and 'class="gem gem-G"' in panel  # the ruling's gems

    stored = _table(client, view_id, "post", "/store", edit=edit)
    assert stored.status_code == 201, stored.get_json()
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert match["totals"] == direct["match"]["totals"]
