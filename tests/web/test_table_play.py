"""Playing at the table: each seat sends its own cards with its seat link, the referee rules
when every seat has sent, and the scorer stores the hand once.

Through the Flask test client on a real database: the seat links as the scorer's page shows
them, the API every phone's script uses, and the refusals (a card claimed twice, a seat link
that tries to edit or to read another seat's cards before the ruling, a replaced link).
"""

from __future__ import annotations

import re
from typing import Any

from tests.web.helpers import api_match
from tests.web.test_hands import R7_DEFENDER, R7_KNOCKER


def _seat_tokens(client: Any, view_id: str, token: str) -> list[str]:
    """The seat links' tokens as the scorer's page shows them (after "#")."""
    client.get(f"/m/{view_id}/edit/{token}")  # this browser takes the edit right
    page = client.get(f"/m/{view_id}/table")
    assert page.status_code == 200
    links = re.findall(r'value="[^"#]+/seat/\d#([^"]+)"[^>]*data-testid="seat-url-', page.text)
    assert links, page.text
    return links


def _table(client: Any, view_id: str, method: str, path: str, token: str | None = None,
           edit: str | None = None, **body: Any) -> Any:  # fmt: skip
    headers = {}
    if token is not None:
        headers["X-Seat-Token"] = token
    if edit is not None:
        headers["X-Edit-Token"] = edit
    call = getattr(client, method)
    return call(f"/api/v1/matches/{view_id}/table{path}", json=body or None, headers=headers)


def _error(response: Any) -> tuple[str | None, str]:
    error = response.get_json()["error"]
    return error["field"], error["reason"]


def test_two_phones_send_their_cards_and_the_scorer_stores_the_ruling_once(client, other_client):
    """R7's hand (docs/rules.md R4, R7) sent from two phones rules as the scorer's form by
    cards would enter it, and is stored once however often Store is tapped."""
    view_id, edit = api_match(client, ["Ann", "Ben"])
    ann, ben = _seat_tokens(client, view_id, edit)
    phone = other_client  # no edit right: only its seat links

    started = _table(phone, view_id, "post", "/hand", ann, knocker="Ann", kind="knock")
    assert started.status_code == 201
    hand = started.get_json()["hand"]
    assert hand["status"] == "open" and hand["number"] == 1
    assert hand["calls"] == [
        {"table": 1, "players": ["Ann", "Ben"], "kind": "knock", "knocker": "Ann", "upcard": None}
    ]
    assert [s["sent"] for s in hand["seats"]] == [False, False]

    sent = _table(phone, view_id, "put", "/cards", ann, cards=R7_KNOCKER)
    assert sent.status_code == 200, sent.get_json()
    assert sent.get_json()["hand"]["cards"] == {"Ann": R7_KNOCKER}
    # Ben sees that Ann has sent, not what
    seen = _table(phone, view_id, "get", "", ben).get_json()["hand"]
    assert seen["cards"] == {} and [s["sent"] for s in seen["seats"]] == [True, False]
    assert seen["ruling"] is None
    # a viewer with only the view link sees no cards either
    assert _table(phone, view_id, "get", "").get_json()["hand"]["cards"] == {}

    # a card Ann sent is refused to Ben, naming whose it is
    claimed = _table(phone, view_id, "put", "/cards", ben, cards="5S " + R7_DEFENDER[3:])
    assert claimed.status_code == 400
    assert _error(claimed) == ("cards", "5♠ is in Ann's hand")

    done = _table(phone, view_id, "put", "/cards", ben, cards=R7_DEFENDER)
    assert done.status_code == 200, done.get_json()
    ruled = done.get_json()["hand"]
    assert ruled["cards"] == {"Ann": R7_KNOCKER, "Ben": R7_DEFENDER}
    direct_id, direct_edit = api_match(client, ["Ann", "Ben"])
    direct = client.post(
        f"/api/v1/matches/{direct_id}/hands",
        json={"kind": "knock", "knocker": "Ann", "knocker_cards": R7_KNOCKER,
              "defender_cards": R7_DEFENDER},
        headers={"X-Edit-Token": direct_edit},
    ).get_json()  # fmt: skip
    assert ruled["ruling"]["points"] == direct["hand"]["points"]
    assert ruled["ruling"]["result"] == direct["hand"]["result"]

    # the seats say what they make of it; a seat cannot store it
    assert _table(phone, view_id, "post", "/verdict", ann, agree=True).status_code == 200
    disputed = _table(phone, view_id, "post", "/verdict", ben, agree=False).get_json()
    assert [s["agrees"] for s in disputed["hand"]["seats"]] == [True, False]
    refused = _table(phone, view_id, "post", "/store", ben)
    assert refused.status_code == 403 and _error(refused)[0] == "X-Edit-Token"

    stored = _table(client, view_id, "post", "/store", edit=edit)
    assert stored.status_code == 201, stored.get_json()
    again = _table(client, view_id, "post", "/store", edit=edit)
    assert again.get_json()["hand_id"] == stored.get_json()["hand_id"]
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert match["hands_played"] == 1
    assert match["totals"] == direct["match"]["totals"]
    after = _table(phone, view_id, "get", "", ann).get_json()["hand"]
    assert after["status"] == "stored" and after["hand_id"] == stored.get_json()["hand_id"]


def test_a_seat_link_cannot_edit_delete_or_read_before_the_ruling(client, other_client):
    view_id, edit = api_match(client, ["Ann", "Ben"])
    ann, ben = _seat_tokens(client, view_id, edit)
    hand = client.post(
        f"/api/v1/matches/{view_id}/hands",
        json={"kind": "knock", "knocker": "Ann", "knocker_deadwood": 5, "defender_deadwood": 20},
        headers={"X-Edit-Token": edit},
    ).get_json()["hand"]
    for token in (ann, ben):
        as_seat = {"X-Seat-Token": token}
        as_edit = {"X-Edit-Token": token}
        base = f"/api/v1/matches/{view_id}/hands"
        for headers in (as_seat, as_edit):
            patch = other_client.patch(f"{base}/{hand['id']}", json={"note": "x"}, headers=headers)
            assert patch.status_code == 403
            assert other_client.delete(f"{base}/{hand['id']}", headers=headers).status_code == 403
            assert (
                other_client.post(f"/api/v1/matches/{view_id}/undo", headers=headers).status_code
                == 403
            )
            assert (
                other_client.post(base, json={"kind": "dead"}, headers=headers).status_code == 403
            )
        # nor may it send another seat's cards, drop the hand or replace the links
        assert _table(other_client, view_id, "delete", "/hand", token).status_code == 403
    _table(other_client, view_id, "post", "/hand", ann, knocker="Ann", kind="knock")
    _table(other_client, view_id, "put", "/cards", ann, cards=R7_KNOCKER)
    other = _table(other_client, view_id, "put", "/cards", ben, seat="Ann", cards=R7_DEFENDER)
    assert other.status_code == 403 and _error(other)[0] == "seat"
    assert _table(other_client, view_id, "get", "", ben).get_json()["hand"]["cards"] == {}
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands_played"] == 1


def test_bad_calls_and_cards_are_refused_naming_the_field_and_nothing_changes(client, other_client):
    view_id, edit = api_match(client, ["Ann", "Ben"])
    ann, ben = _seat_tokens(client, view_id, edit)
    phone = other_client
    # nothing to send to, nothing to say about
    nothing = _table(phone, view_id, "put", "/cards", ann, cards=R7_KNOCKER)
    assert nothing.status_code == 409
    for body, field in (
        ({"knocker": "Ann", "kind": "dead"}, "kind"),
        ({"knocker": "Zed", "kind": "knock"}, "knocker"),
        ({"kind": "knock"}, "knocker"),
        ({"knocker": "Ann", "kind": "knock", "upcard": "ZZ"}, "upcard"),
        ({"knocker": "Ann", "kind": "knock", "upcard": 7}, "upcard"),
    ):
        refused = _table(phone, view_id, "post", "/hand", ann, **body)
        assert refused.status_code == 400, body
        assert _error(refused)[0] == field, body
    assert _table(phone, view_id, "get", "", ann).get_json()["hand"] is None

    _table(phone, view_id, "post", "/hand", ann, knocker="Ann", kind="knock")
    twice = _table(phone, view_id, "post", "/hand", ben, knocker="Ben", kind="gin")
    assert twice.status_code == 409
    for cards, reason in (
        (R7_KNOCKER[:-3], "Ann's hand holds 9 cards, 10 are needed"),
        ("5S 5S " + R7_KNOCKER[6:], "`5♠` appears twice"),
        (R7_KNOCKER[:-2] + "XX", "`XX` is not a card"),
    ):
        refused = _table(phone, view_id, "put", "/cards", ann, cards=cards)
        assert refused.status_code == 400, cards
        field, said = _error(refused)
        assert field == "cards" and reason in said, said
    assert _table(phone, view_id, "put", "/cards", ann, cards=7).status_code == 400
    early = _table(phone, view_id, "post", "/verdict", ann, agree=True)
    assert early.status_code == 409
    assert _table(phone, view_id, "post", "/verdict", ann, agree="yes").status_code == 400
    state = _table(phone, view_id, "get", "", ann).get_json()["hand"]
    assert [s["sent"] for s in state["seats"]] == [False, False]
    # a bad token is not a seat
    forged = _table(phone, view_id, "put", "/cards", "x" * 22, cards=R7_KNOCKER)
    assert forged.status_code == 403 and _error(forged)[0] == "X-Seat-Token"


def test_replacing_the_seat_links_stops_the_old_ones(client, other_client):
    view_id, edit = api_match(client, ["Ann", "Ben"])
    ann, _ben = _seat_tokens(client, view_id, edit)
    page = client.get(f"/m/{view_id}/table")
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.text).group(1)
    replaced = client.post(f"/m/{view_id}/table/replace", data={"csrf_token": csrf})
    assert replaced.status_code == 302
    old = _table(other_client, view_id, "post", "/hand", ann, knocker="Ann", kind="knock")
    assert old.status_code == 403 and _error(old)[0] == "X-Seat-Token"
    new_ann, _ = _seat_tokens(client, view_id, edit)
    assert new_ann != ann
    fresh = _table(other_client, view_id, "post", "/hand", new_ann, knocker="Ann", kind="knock")
    assert fresh.status_code == 201


def test_the_scorer_fills_in_a_seat_and_calls_a_hand_off(client):
    """A phone with no signal: the scorer sends that seat's cards; a hand entered another
    way is called off and nothing is stored."""
    view_id, edit = api_match(client, ["Ann", "Ben"])
    ann, _ben = _seat_tokens(client, view_id, edit)
    _table(client, view_id, "post", "/hand", edit=edit, knocker="Ben", kind="knock")
    # the knocker is Ben: his ten cards, Ann's as the defender
    filled = _table(client, view_id, "put", "/cards", edit=edit, seat="Ben", cards=R7_KNOCKER)
    assert filled.status_code == 200, filled.get_json()
    mine = _table(client, view_id, "put", "/cards", ann, cards=R7_DEFENDER).get_json()["hand"]
    assert mine["ruling"] is not None and mine["ruling"]["knocker"] == "Ben"
    dropped = _table(client, view_id, "delete", "/hand", edit=edit)
    assert dropped.get_json()["hand"]["status"] == "dropped"
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands_played"] == 0
    assert _table(client, view_id, "post", "/store", edit=edit).status_code == 409


def test_the_seat_sitting_out_has_no_cards_to_send_at_cutthroat(client, other_client):
    created = client.post(
        "/api/v1/matches", json={"players": ["Ann", "Ben", "Cat"], "preset": "cutthroat"}
    ).get_json()
    view_id, edit = created["id"], created["edit_token"]
    tokens = _seat_tokens(client, view_id, edit)
    playing = created["match"]["next"]["players"]
    idle = next(n for n in ("Ann", "Ben", "Cat") if n not in playing)
    seat_of = {"Ann": 0, "Ben": 1, "Cat": 2}
    start = _table(other_client, view_id, "post", "/hand", tokens[seat_of[idle]],
                   knocker=playing[0], kind="knock")  # fmt: skip
    assert start.status_code == 400 and idle in _error(start)[1]
    knocker, defender = playing
    _table(
        other_client,
        view_id,
        "post",
        "/hand",
        tokens[seat_of[knocker]],
        knocker=knocker,
        kind="knock",
    )
    sits = _table(other_client, view_id, "put", "/cards", tokens[seat_of[idle]], cards=R7_DEFENDER)
    assert sits.status_code == 400 and "sits out" in _error(sits)[1]
    _table(other_client, view_id, "put", "/cards", tokens[seat_of[knocker]], cards=R7_KNOCKER)
    ruled = _table(
        other_client, view_id, "put", "/cards", tokens[seat_of[defender]], cards=R7_DEFENDER
    )
    assert ruled.get_json()["hand"]["ruling"] is not None, ruled.get_json()
    stored = _table(client, view_id, "post", "/store", edit=edit)
    assert stored.status_code == 201, stored.get_json()
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert match["hands_played"] == 1


def test_oklahoma_needs_the_upcard_when_the_hand_is_called(client, other_client):
    created = client.post(
        "/api/v1/matches", json={"players": ["Ann", "Ben"], "preset": "oklahoma"}
    ).get_json()
    view_id, edit = created["id"], created["edit_token"]
    ann, _ = _seat_tokens(client, view_id, edit)
    missing = _table(other_client, view_id, "post", "/hand", ann, knocker="Ann", kind="knock")
    assert missing.status_code == 400 and _error(missing)[0] == "upcard"
    called = _table(
        other_client, view_id, "post", "/hand", ann, knocker="Ann", kind="knock", upcard="9h"
    )
    assert called.get_json()["hand"]["calls"][0]["upcard"] == "9H"


def test_the_panel_is_polled_with_its_etag(client, other_client):
    view_id, edit = api_match(client, ["Ann", "Ben"])
    ann, _ben = _seat_tokens(client, view_id, edit)
    first = other_client.get(f"/m/{view_id}/table/panel", headers={"X-Seat-Token": ann})
    assert first.status_code == 200 and 'data-status="none"' in first.text
    tag = first.headers["ETag"]
    same = other_client.get(
        f"/m/{view_id}/table/panel", headers={"X-Seat-Token": ann, "If-None-Match": tag}
    )
    assert same.status_code == 304
    _table(other_client, view_id, "post", "/hand", ann, knocker="Ann", kind="gin")
    changed = other_client.get(
        f"/m/{view_id}/table/panel", headers={"X-Seat-Token": ann, "If-None-Match": tag}
    )
    assert changed.status_code == 200 and 'data-status="open"' in changed.text
    assert "Ann went gin" in changed.text
    # the seat page itself holds no token, and the scorer's page needs the edit right
    seat_page = other_client.get(f"/m/{view_id}/seat/1")
    assert seat_page.status_code == 200 and ann not in seat_page.text
    assert other_client.get(f"/m/{view_id}/table").status_code == 403


def test_battle_royal_rules_when_all_three_have_sent(client, other_client):
    """Battle Royal: every player plays every hand, so all three phones send."""
    created = client.post(
        "/api/v1/matches", json={"players": ["Ann", "Ben", "Cat"], "preset": "battle_royal"}
    ).get_json()
    view_id, edit = created["id"], created["edit_token"]
    tokens = _seat_tokens(client, view_id, edit)
    third = "4H 5H 6H 9D 10D JD QS JS 4C 5C"
    _table(other_client, view_id, "post", "/hand", tokens[0], knocker="Ann", kind="knock")
    for token, cards in zip(tokens[:2], (R7_KNOCKER, R7_DEFENDER), strict=True):
        waiting = _table(other_client, view_id, "put", "/cards", token, cards=cards)
        assert waiting.get_json()["hand"]["ruling"] is None
    ruled = _table(other_client, view_id, "put", "/cards", tokens[2], cards=third).get_json()
    assert ruled["hand"]["ruling"] is not None, ruled
    stored = _table(client, view_id, "post", "/store", edit=edit)
    assert stored.status_code == 201, stored.get_json()
    hand = client.get(f"/api/v1/matches/{view_id}/hands").get_json()["hands"][0]
    assert hand["knocker"] == "Ann" and hand["entry"] == "cards"


def test_a_partnership_deal_is_called_table_by_table_and_sent_by_four_phones(client, other_client):
    """Partnership (docs/rules.md §7): two tables, each with its own pack, each called by its
    own players; the same card may be at both tables; the deal rules when all four have sent."""
    created = client.post(
        "/api/v1/matches", json={"players": ["Ann", "Ben", "Cat", "Dan"], "preset": "partnership"}
    ).get_json()
    view_id, edit = created["id"], created["edit_token"]
    ann, ben, cat, dan = _seat_tokens(client, view_id, edit)
    phone = other_client
    first = _table(phone, view_id, "post", "/hand", ann, knocker="Ann", kind="knock")
    assert first.status_code == 201, first.get_json()
    calls = first.get_json()["hand"]["calls"]
    assert [c["players"] for c in calls] == [["Ann", "Ben"], ["Cat", "Dan"]]
    assert calls[1]["knocker"] is None
    # Cat plays at table 2: she cannot call table 1 again, nor send before table 2 is called
    again = _table(phone, view_id, "post", "/hand", cat, knocker="Ben", kind="gin")
    assert again.status_code == 400
    early = _table(phone, view_id, "put", "/cards", cat, cards=R7_KNOCKER)
    assert early.status_code == 409
    second = _table(phone, view_id, "post", "/hand", cat, knocker="Cat", kind="knock")
    assert second.status_code == 201, second.get_json()
    for token, cards in ((ann, R7_KNOCKER), (ben, R7_DEFENDER), (cat, R7_KNOCKER)):
        sent = _table(phone, view_id, "put", "/cards", token, cards=cards)
        assert sent.status_code == 200, sent.get_json()  # table 2 has its own pack
        assert sent.get_json()["hand"]["ruling"] is None
    ruled = _table(phone, view_id, "put", "/cards", dan, cards=R7_DEFENDER).get_json()["hand"]
    assert ruled["ruling"] is not None, ruled
    shown = phone.get(f"/m/{view_id}/table/panel", headers={"X-Seat-Token": dan})
    assert shown.status_code == 200 and 'data-testid="table-ruling"' in shown.text
    assert "Table 1" in shown.text and "Table 2" in shown.text  # each table's hand
    stored = _table(client, view_id, "post", "/store", edit=edit)
    assert stored.status_code == 201, stored.get_json()
    deal = client.get(f"/api/v1/matches/{view_id}/hands").get_json()["hands"][0]
    assert [t["knocker"] for t in deal["tables"]] == ["Ann", "Cat"]
    panel = phone.get(f"/m/{view_id}/table/panel", headers={"X-Seat-Token": dan})
    assert 'data-testid="table-stored"' in panel.text


def test_a_table_that_stores_agreed_hands_plays_without_a_scorer(client, other_client):
    """The table's house rule: the last player to agree stores the hand; a dispute waits."""
    view_id, edit = api_match(client, ["Ann", "Ben"])
    ann, ben = _seat_tokens(client, view_id, edit)
    phone = other_client
    refused = _table(phone, view_id, "put", "/rules", ann, store_agreed=True)
    assert refused.status_code == 403
    bad = _table(client, view_id, "put", "/rules", edit=edit, store_agreed="yes")
    assert bad.status_code == 400 and _error(bad)[0] == "store_agreed"
    assert _table(client, view_id, "put", "/rules", edit=edit, store_agreed=True).status_code == 200
    for number in (1, 2):
        _table(phone, view_id, "post", "/hand", ann, knocker="Ann", kind="knock")
        _table(phone, view_id, "put", "/cards", ann, cards=R7_KNOCKER)
        _table(phone, view_id, "put", "/cards", ben, cards=R7_DEFENDER)
        _table(phone, view_id, "post", "/verdict", ann, agree=True)
        if number == 2:  # a dispute waits for the scorer
            waiting = _table(phone, view_id, "post", "/verdict", ben, agree=False).get_json()
            assert waiting["hand"]["status"] == "open"
            break
        done = _table(phone, view_id, "post", "/verdict", ben, agree=True).get_json()
        assert done["hand"]["status"] == "stored" and done["hand"]["hand_id"]
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands_played"] == 1
    log = client.get(f"/m/{view_id}?audit=all").get_data(as_text=True)
    assert "every player agreed" in log


def test_a_disputed_hand_opens_on_the_check_page_under_the_matchs_rules(client, other_client):
    view_id, edit = api_match(client, ["Ann", "Ben"], rules={"undercut_bonus": 20})
    ann, ben = _seat_tokens(client, view_id, edit)
    phone = other_client
    _table(phone, view_id, "post", "/hand", ann, knocker="Ann", kind="knock")
    _table(phone, view_id, "put", "/cards", ann, cards=R7_KNOCKER)
    _table(phone, view_id, "put", "/cards", ben, cards=R7_DEFENDER)
    _table(phone, view_id, "post", "/verdict", ben, agree=False)
    panel = phone.get(f"/m/{view_id}/table/panel", headers={"X-Seat-Token": ben}).text
    link = re.search(r'href="([^"]+)" data-testid="check-this-hand"', panel).group(1)
    check = phone.get(link.replace("&amp;", "&")).get_data(as_text=True)
    # the form holds both hands, the call and the match's house rule
    assert R7_KNOCKER in check and R7_DEFENDER in check
    assert re.search(r'name="rule_undercut_bonus"[^>]*value="20"', check), "house rule"


def test_500_rum_at_the_table_with_a_layoff_onto_another_players_meld(client, other_client):
    """500 Rum (docs/rules.md §8.4): who went out calls it; each phone sends its cards left,
    its melds and its layoffs; the hand rules as the form by cards would enter it."""
    view_id, edit = api_match(client, ["Ann", "Ben", "Cat"], preset="rum_500")
    ann, ben, cat = _seat_tokens(client, view_id, edit)
    phone = other_client
    called = _table(phone, view_id, "post", "/hand", ann, knocker="Ann", kind="out")
    assert called.status_code == 201, called.get_json()
    knocked = _table(phone, view_id, "post", "/hand", ben, knocker="Ben", kind="knock")
    assert knocked.status_code == 400 and _error(knocked)[0] == "kind"  # no knock in 500 Rum
    again = _table(phone, view_id, "post", "/hand", ben, knocker="Ben", kind="out")
    assert again.status_code == 409  # already called
    sent = _table(phone, view_id, "put", "/cards", ann, cards="", melds=["AH 2H 3H", "KS KH KD"])
    assert sent.status_code == 200, sent.get_json()
    # Ben lays 4H off onto Ann's first meld; a card Ann melded is refused to him
    twice = _table(phone, view_id, "put", "/cards", ben, cards="AS QD", melds="KH 5C 6C")
    assert twice.status_code == 400 and "in Ann's hand" in _error(twice)[1]
    _table(phone, view_id, "put", "/cards", ben, cards="AS QD", melds="7C 8C 9C",
           layoffs="4H > Ann 1")  # fmt: skip
    ruled = _table(phone, view_id, "put", "/cards", cat, cards="2S 9D JH").get_json()["hand"]
    assert ruled["ruling"] is not None, ruled
    stored = _table(client, view_id, "post", "/store", edit=edit)
    assert stored.status_code == 201, stored.get_json()
    hand = client.get(f"/api/v1/matches/{view_id}/hands").get_json()["hands"][0]
    assert hand["went_out"] == "Ann"
    assert hand["layoffs"]["Ben"] == [{"card": "4H", "onto": "Ann", "meld": 1}], hand["layoffs"]
    panel = phone.get(f"/m/{view_id}/table/panel", headers={"X-Seat-Token": cat}).text
    assert 'data-testid="table-stored"' in panel


def test_one_table_link_gives_each_phone_the_seat_it_picks(client, other_client):
    view_id, edit = api_match(client, ["Ann", "Ben"])
    ann, ben = _seat_tokens(client, view_id, edit)
    page = client.get(f"/m/{view_id}/table").text
    join = re.search(r'value="([^"]+/join#[^"]+)"[^>]*data-testid="join-url"', page).group(1)
    token = join.split("#")[1]
    assert token not in (ann, ben)
    url = f"/api/v1/matches/{view_id}/table/join"
    picked = other_client.post(url, json={"token": token, "seat": "Ben"}).get_json()
    assert picked["seat"] == "Ben" and picked["token"] == ben
    assert picked["seat_url"].endswith(f"/m/{view_id}/seat/2#{ben}")
    # the table's token is no seat's: it cannot send cards itself
    forged = _table(other_client, view_id, "post", "/hand", token, knocker="Ann", kind="knock")
    assert forged.status_code == 403
    wrong = other_client.post(url, json={"token": "x" * 22, "seat": "Ben"})
    assert wrong.status_code == 403 and _error(wrong)[0] == "token"
    for body, field in (({"token": token, "seat": "Zed"}, "seat"), ({"token": token}, "seat")):
        refused = other_client.post(url, json=body)
        assert refused.status_code == 400 and _error(refused)[0] == field
    assert other_client.get(f"/m/{view_id}/join").status_code == 200
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    client.post(f"/m/{view_id}/table/replace", data={"csrf_token": csrf})
    stale = other_client.post(url, json={"token": token, "seat": "Ben"})
    assert stale.status_code == 403
