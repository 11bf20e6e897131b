"""Cutthroat and dealer-sits-out through the pages: the cut, the rotation after every hand,
overrides, dead hands, the §10 settlement vector."""

from __future__ import annotations

import re

import pytest

from tests.web.helpers import HAND_WRITES, csrf_from, form_values, hand_form
from tests.web.test_hands import hand_ids, stored
from tests.web.threehand_helpers import (
    add_seated,
    marked,
    nets,
    new_three_data,
    pairs,
    plain,
    scoreboard,
    seated_form,
    seating,
    start_three,
    text,
    totals,
)

# docs/rules.md §10 "Cutthroat": A 110 points in 4 hands, B 45 in 2, C none. With the cut C lowest,
# A next, B highest, the first hand is A (dealing) against B while C sits out; each winner plays
# on against whoever sat out.
VECTOR = [
    # (knocker, knocker's deadwood, defender's deadwood) -> winner +points
    (1, 5, 25),  # B +20 (A v B)
    (1, 3, 28),  # B +25 (B v C)
    (0, 2, 32),  # A +30 (A v B)
    (0, 5, 30),  # A +25 (A v C)
    (0, 5, 30),  # A +25 (A v B)
    (0, 2, 32),  # A +30 (A v C): A reaches 110
]


def test_section_10_cutthroat_vector_entered_as_hands(client):
    view_id = start_three(client, ("A", "B", "C"), cut=("9H", "KC", "2S"), stake="0.10")
    assert seating(client, view_id) == {"players": "A v B", "dealer": "A", "sitting-out": "C"}
    expected_seatings = [
        {"players": "B v C", "dealer": "C", "sitting-out": "A"},
        {"players": "A v B", "dealer": "A", "sitting-out": "C"},
        {"players": "A v C", "dealer": "C", "sitting-out": "B"},
        {"players": "A v B", "dealer": "B", "sitting-out": "C"},
        {"players": "A v C", "dealer": "C", "sitting-out": "B"},
    ]
    for (knocker, k, d), after in zip(VECTOR, expected_seatings, strict=False):
        assert add_seated(client, view_id, knocker, k, d).status_code == 302
        assert seating(client, view_id) == after
    assert add_seated(client, view_id, *VECTOR[-1]).status_code == 302
    page = scoreboard(client, view_id)
    assert "Game over: A wins by a shutout." in plain_text(page)
    assert tuple(int(marked(page, f"final-{s}")) for s in range(3)) == (310, 95, 0)
    assert "C was shut out: pays A 100 more" in page
    assert pairs(page) == {(1, 0): 215, (2, 0): 410, (2, 1): 95}
    assert nets(page) == (625, -120, -505)
    assert "difference 310 + shutout 100" in page
    transfers = marked(page, "transfers")
    assert "B pays A 120 points = 12.00" in transfers
    assert "C pays A 505 points = 50.50" in transfers


def plain_text(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())


def test_dealer_sits_out_rotation_after_every_hand_and_a_dead_hand(client):
    # Listed from the lowest cut: A deals and sits out, B plays C (docs/rules.md §6.1).
    view_id = start_three(client, ("A", "B", "C"), preset="dealer_sits_out")
    assert seating(client, view_id) == {"players": "B v C", "dealer": "A", "sitting-out": "A"}
    page = scoreboard(client, view_id)
    assert "the lowest cut deals and sits out" in page
    steps = [
        # (knocker, k, d, kind) -> the next seating, and the engine's reason for it
        (
            (1, 5, 25, "knock"),
            {"players": "A v B", "dealer": "C", "sitting-out": "C"},
            "C lost hand 1, so deals the next and sits out: B plays A.",
        ),
        (
            (None, None, None, "dead"),
            {"players": "A v B", "dealer": "C", "sitting-out": "C"},
            "Nobody won hand 2: the same two replay with the same dealer",
        ),
        (
            (0, 2, 20, "knock"),
            {"players": "A v C", "dealer": "B", "sitting-out": "B"},
            "B lost hand 3, so deals the next and sits out: A plays C.",
        ),
        (
            (2, 9, 5, "knock"),
            {"players": "A v B", "dealer": "C", "sitting-out": "C"},
            "C lost hand 4, so deals the next and sits out: A plays B.",
        ),
    ]
    for (knocker, k, d, kind), after, why in steps:
        response = add_seated(client, view_id, knocker, k, d, kind=kind)
        assert response.status_code == 302, plain(response)
        assert seating(client, view_id) == after
        assert why in marked(scoreboard(client, view_id), "why")
    page = scoreboard(client, view_id)
    # Hand 3: A +18. Hand 4: C knocked with 9 and A undercut with 5: A +4 + 25.
    assert totals(client, view_id) == (18 + 29, 20, 0)
    assert "A undercuts C" in page


def test_an_override_on_the_form_is_kept_and_the_rotation_carries_on(client, app):
    view_id = start_three(client, ("A", "B", "C"))  # B deals to C, A sits out
    # The table let A play C instead, with C dealing: B sat out.
    response = add_seated(client, view_id, 0, 3, 23, sitting_out_seat=1, dealer_seat=2)
    assert response.status_code == 302, plain(response)
    page = scoreboard(client, view_id)
    assert "as seated" in page
    assert "Hand 1 was played as the table recorded it: C deals to A, B sits out" in page
    # C lost: sits out; B, who sat out, deals to A.
    assert seating(client, view_id) == {"players": "A v B", "dealer": "B", "sitting-out": "C"}
    with app.app_context():
        from referee.models import Hand, db

        hand = db.session.query(Hand).one()
        assert (hand.sitting_out_seat, hand.dealer_seat, hand.knocker_seat) == (1, 2, 0)
    # The hand's page says why it was seated so, and rules it step by step.
    hand_page = client.get(f"/m/{view_id}/hands/{hand.id}").get_data(as_text=True)
    assert "as seated by the table" in hand_page
    assert "the rotation called for B deals to C, A sits out" in hand_page
    assert "within the knock limit" in hand_page


def test_the_form_pre_fills_the_rotation_and_opens_the_override_when_it_differs(client):
    view_id = start_three(client, ("A", "B", "C"))
    form = client.get(f"/m/{view_id}/hands/new").get_data(as_text=True)
    values = form_values(form)
    assert (values["sitting_out_seat"], values["dealer_seat"]) == ("0", "1")
    assert '<details class="override">' in form  # closed: the rotation is what is filled


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"knocker_seat": "0"}, "knocker_seat", "A sat out this hand, so cannot have knocked"),
        ({"sitting_out_seat": "1"}, "knocker_seat", "B sat out this hand"),
        ({"sitting_out_seat": "7"}, "sitting_out_seat", "is not a player of this match"),
        ({"sitting_out_seat": ""}, "sitting_out_seat", "choose who sat out"),
        ({"knocker_seat": "9"}, "knocker_seat", "is not a player of this match"),
        ({"knocker_deadwood": "12"}, "knocker_deadwood", "Illegal knock"),
        ({"defender_deadwood": ""}, "defender_deadwood", "enter the defender's deadwood"),
    ],
)
def test_bad_hands_on_the_form_show_the_error_by_the_field_and_store_nothing(
    client, app, change, field, reason
):
    view_id = start_three(client, ("A", "B", "C"))  # B v C, A sits out
    before = stored(app, view_id)
    data = seated_form(client, view_id)
    data.update(entry="counts", kind="knock", knocker_seat="1", knocker_deadwood="5")
    data.update(defender_deadwood="20", save="Save hand")
    data.update(change)
    if change.get("sitting_out_seat") == "":
        del data["sitting_out_seat"]
    response = client.post(f"/m/{view_id}/hands/new", data=data)
    assert response.status_code == 400
    page = text(response)
    assert reason in page
    assert error_by(page, field, reason), f"{reason!r} is not shown by {field}"
    assert stored(app, view_id) == before


def error_by(page: str, field: str, reason: str) -> bool:
    """Whether ``reason`` is shown inside the field's own block (its fieldset or label)."""
    for block in re.findall(
        rf'<(fieldset|label)[^>]*(?:id="{field}"|>[^<]*<input[^>]*id="{field}")(.*?)</\1>',
        page,
        re.S,
    ):
        if reason in block[1]:
            return True
    at = page.find(f'id="{field}"')
    near = page[at : at + 3000] if at >= 0 else ""
    return reason in near and '<p class="error"' in near


def test_edit_delete_and_undo_a_seated_hand_through_the_pages(client):
    view_id = start_three(client, ("A", "B", "C"))
    add_seated(client, view_id, 1, 5, 25)  # B +20 (B v C)
    add_seated(client, view_id, 0, 5, 25)  # A +20 (A v B)
    assert totals(client, view_id) == (20, 20, 0)
    first, second = hand_ids(client, view_id)
    # Edit hand 1: C knocked and won instead; hand 2 (A v B) stays as recorded
    form = hand_form(client, f"/m/{view_id}/hands/{first}/edit")
    form.update(knocker_seat="2", save="Save hand")
    response = client.post(f"/m/{view_id}/hands/{first}/edit", data=form)
    assert response.status_code == 302, plain(response)
    assert totals(client, view_id) == (20, 0, 20)
    page = scoreboard(client, view_id)
    assert "as seated" in page  # hand 2 no longer follows the rotation from hand 1
    # Delete hand 2, then undo the delete
    delete = client.post(
        f"/m/{view_id}/hands/{second}/delete",
        data={"csrf_token": csrf_from(page), "version": "1"},
    )
    assert delete.status_code == 302
    assert totals(client, view_id) == (0, 0, 20)
    page = scoreboard(client, view_id)
    undo = client.post(
        f"/m/{view_id}/undo", data={"csrf_token": csrf_from(page), "revision": revision(page)}
    )
    assert undo.status_code == 302
    assert totals(client, view_id) == (20, 0, 20)
    audit = scoreboard(client, view_id)
    assert "sat out" in audit and 'knocker: <span class="old">B</span>' in audit


def revision(page: str) -> str:
    found = re.search(r'name="revision" type="hidden" value="(\d+)"', page)
    assert found
    return found.group(1)


def test_a_full_card_hand_is_previewed_then_saved(client):
    view_id = start_three(client, ("A", "B", "C"))  # B v C
    data = seated_form(client, view_id)
    data.update(
        entry="cards",
        kind="auto",
        knocker_seat="1",
        knocker_cards="5S 6S 7S KH KD KC AH AD AC 3D",
        defender_cards="8S 8H 8D 8C 9S KS 2C 2H QD JC",
        save="Save hand",
    )
    first = client.post(f"/m/{view_id}/hands/new", data=data)
    assert first.status_code == 200  # the ruling is shown before it is saved
    page = text(first)
    assert "B knocks +21" in page and "B (knocker)" in page and "C (defender)" in page
    data["checked"] = re.search(r'name="checked" type="hidden" value="([^"]+)"', page).group(1)
    assert client.post(f"/m/{view_id}/hands/new", data=data).status_code == 302
    assert totals(client, view_id) == (0, 21, 0)


def test_new_match_errors_are_shown_by_their_fields_and_store_nothing(client, app):
    for names, cut, field, reason in [
        (("A", "B"), None, "player_2", "takes 3 players (got 2)"),
        (("A", "B", "b"), None, "player_2", "every player needs different names"),
        (("A", "B", "C"), ("9H", "KC", "9S"), "cut_2", "A and C cut the same rank"),
        (("A", "B", "C"), ("9H", "", "2S"), "cut_1", "enter the card B cut"),
        (("A", "B", "C"), ("9H", "1C", "2S"), "cut_1", "`1C` is not a card"),
    ]:
        response = client.post("/new/three", data=new_three_data(client, names, cut=cut))
        assert response.status_code == 400, names
        page = text(response)
        assert reason in page, (reason, plain(response)[:500])
        at = page.find(f'id="{field}"')
        assert reason in page[at : at + 1500], (field, reason)
    with app.app_context():
        from referee.models import Match, db

        assert db.session.query(Match).count() == 0


@pytest.mark.parametrize("preset", ["cutthroat", "chouette", "battle_royal"])
@pytest.mark.parametrize("token", ["missing", "wrong"])
def test_writes_need_the_edit_token(client, other_client, app, preset, token):
    view_id = start_three(client, ("A", "B", "C"), preset=preset)
    if preset == "battle_royal":
        from tests.web.threehand_helpers import add_royal

        assert add_royal(client, view_id, 0, (4, 15, 22)).status_code == 302
    else:
        knocker = 2 if preset == "chouette" else 1
        assert add_seated(client, view_id, knocker, 5, 25).status_code == 302
    (hand_id,) = hand_ids(client, view_id)
    if token == "wrong":
        with other_client.session_transaction() as session:
            session["edit"] = {view_id: "not-the-token-" + "x" * 30}
    before = stored(app, view_id)
    csrf = csrf_from(other_client.get("/new/three").get_data(as_text=True))
    for method, path in HAND_WRITES:
        url = path.format(v=view_id, h=hand_id)
        if method == "GET":
            response = other_client.get(url)
        else:
            response = other_client.post(
                url,
                data={"csrf_token": csrf, "entry": "counts", "kind": "knock", "knocker_seat": "1",
                      "dealer_seat": "0", "sitting_out_seat": "0", "captain_seat": "1",
                      "knocker_deadwood": "1", "defender_deadwood": "30", "version": "1",
                      "save": "1"},
            )  # fmt: skip
        assert response.status_code == 403, (method, url)
    assert stored(app, view_id) == before
    # Reading needs only the view link
    assert other_client.get(f"/m/{view_id}").status_code == 200
    assert other_client.get(f"/m/{view_id}/hands/{hand_id}").status_code == 200
    assert other_client.get(f"/m/{view_id}/settlement").status_code == 200


def test_a_double_tap_saves_once_and_a_stale_form_is_a_conflict(client, other_client):
    view_id = start_three(client, ("A", "B", "C"))
    data = seated_form(client, view_id)
    data.update(entry="counts", kind="knock", knocker_seat="1", knocker_deadwood="5")
    data.update(defender_deadwood="25", save="Save hand")
    first = client.post(f"/m/{view_id}/hands/new", data=data)
    again = client.post(f"/m/{view_id}/hands/new", data=data)
    assert (first.status_code, again.status_code) == (302, 302)
    page = scoreboard(client, view_id)
    assert "it was not recorded twice" in page
    assert len(re.findall(r'<tr id="hand-(\d+)"', page)) == 1
    # A form opened before another device saved hand 2 is refused, not saved as hand 3
    stale = seated_form(client, view_id)
    assert add_seated(client, view_id, 0, 5, 25).status_code == 302  # hand 2: A v B
    stale.update(entry="counts", kind="knock", knocker_seat="0", knocker_deadwood="5")
    stale.update(defender_deadwood="25", save="Save hand")
    response = client.post(f"/m/{view_id}/hands/new", data=stale)
    assert response.status_code == 409
    assert "Another device changed this match" in text(response)
    assert len(hand_ids(client, view_id)) == 2


def test_an_edit_from_a_stale_form_is_a_conflict_showing_the_hand_as_it_stands(client):
    view_id = start_three(client, ("A", "B", "C"))
    add_seated(client, view_id, 1, 5, 25)  # B +20
    (hand,) = hand_ids(client, view_id)
    url = f"/m/{view_id}/hands/{hand}/edit"
    stale = hand_form(client, url)
    fresh = hand_form(client, url)
    fresh.update(knocker_deadwood="3", save="Save hand")
    assert client.post(url, data=fresh).status_code == 302  # B +22, version 2
    stale.update(knocker_deadwood="1", save="Save hand")
    response = client.post(url, data=stale)
    assert response.status_code == 409
    page = text(response)
    assert "Another device changed this hand" in page
    assert "B knocks +22" in page
    assert totals(client, view_id) == (0, 22, 0)


def test_the_new_match_form_needs_its_csrf_token(client, app):
    data = new_three_data(client, ("A", "B", "C"))
    del data["csrf_token"]
    assert client.post("/new/three", data=data).status_code == 400
    with app.app_context():
        from referee.models import Match, db

        assert db.session.query(Match).count() == 0
