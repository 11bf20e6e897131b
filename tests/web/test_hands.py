"""Entering, checking, editing, deleting and undoing hands through the pages."""

from __future__ import annotations

import html
import re

import pytest

from referee.models import AuditEntry, Hand, Match, db
from tests.web.helpers import (
    add_quick,
    csrf_from,
    form_values,
    hand_form,
    open_edit_link,
    start_match,
)

R7_KNOCKER = "5S 6S 7S KH KD KC AH AD AC 3D"
R7_DEFENDER = "8S 8H 8D 8C 9S KS 2C 2H QD JC"
ILLEGAL_KNOCKER = "AS 2S 3S 7H 7D 7C 9C 10C QH KD"
OTHER_TEN = "4H 5H 6H 8D 9D JD QS JS 4C 5C"


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def plain(response) -> str:
    """The page's text without tags, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", text(response)).split())


def totals(client, view_id) -> tuple[int, int]:
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    return tuple(int(re.search(rf'data-testid="total-{s}">(\d+)<', page).group(1)) for s in (0, 1))


def stored(app, view_id) -> dict:
    """Everything stored for a match, to prove a refused request changed nothing."""
    with app.app_context():
        match = Match.by_view_id(view_id)
        hands = db.session.query(Hand).filter_by(match_id=match.id).order_by(Hand.id).all()
        audit = db.session.query(AuditEntry).filter_by(match_id=match.id).count()
        return {
            "revision": match.revision,
            "hands": [(h.id, h.version, h.deleted_at is not None, h.fields()) for h in hands],
            "audit": audit,
        }


def hand_ids(client, view_id) -> list[int]:
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    return [int(x) for x in re.findall(r'<tr id="hand-(\d+)"', page)]


def post_cards(client, view_id, knocker, defender, kind="auto", who=0, button="check", **extra):
    url = f"/m/{view_id}/hands/new"
    data = hand_form(client, url) if "data" not in extra else extra.pop("data")
    data.update(
        entry="cards",
        kind=kind,
        knocker_seat=str(who),
        knocker_cards=knocker,
        defender_cards=defender,
        **{button: "x"},
        **extra,
    )
    return client.post(url, data=data), data


def test_quick_entry_scores_through_the_engine(client):
    view_id = start_match(client)
    assert add_quick(client, view_id, knocker=0, k=5, d=12).status_code == 302
    assert totals(client, view_id) == (7, 0)
    # Ben knocks with 8 against Ann's 6: Ann undercuts, 2 + 25
    assert add_quick(client, view_id, knocker=1, k=8, d=6).status_code == 302
    assert totals(client, view_id) == (34, 0)
    assert add_quick(client, view_id, knocker=1, kind="gin", k=None, d=23).status_code == 302
    assert totals(client, view_id) == (34, 48)
    assert add_quick(client, view_id, kind="dead", k=None, d=None).status_code == 302
    page = text(client.get(f"/m/{view_id}"))
    assert "Dead hand: no score" in page
    assert "4 hands played" in page


def test_full_cards_show_the_ruling_before_saving(client, app):
    view_id = start_match(client)
    response, data = post_cards(client, view_id, R7_KNOCKER, R7_DEFENDER)
    assert response.status_code == 200
    page = text(response)
    assert "Ann +21" in page and "Not saved yet" in page
    assert "deadwood 24" in page
    assert stored(app, view_id)["hands"] == []
    # save what was checked
    data = form_values(response.get_data(as_text=True))
    response, _ = post_cards(client, view_id, R7_KNOCKER, R7_DEFENDER, button="save", data=data)
    assert response.status_code == 302
    assert totals(client, view_id) == (21, 0)
    hand_id = hand_ids(client, view_id)[0]
    ruling = text(client.get(f"/m/{view_id}/hands/{hand_id}"))
    assert "Ann (knocker)" in ruling and "8♠" in ruling and "R5" in ruling


def test_saving_cards_that_were_never_checked_shows_the_ruling_first(client, app):
    view_id = start_match(client)
    response, data = post_cards(client, view_id, R7_KNOCKER, R7_DEFENDER, button="save")
    assert response.status_code == 200 and "Not saved yet" in text(response)
    assert stored(app, view_id)["hands"] == []
    # cards changed after the check: checked again, not saved
    data = form_values(response.get_data(as_text=True))
    swapped = R7_DEFENDER.replace("QD", "QH")
    response, _ = post_cards(client, view_id, R7_KNOCKER, swapped, button="save", data=data)
    assert response.status_code == 200 and "Not saved yet" in text(response)
    assert stored(app, view_id)["hands"] == []


def test_an_illegal_knock_is_refused_with_its_reason(client, app):
    view_id = start_match(client)
    before = stored(app, view_id)
    response, _ = post_cards(client, view_id, ILLEGAL_KNOCKER, OTHER_TEN, kind="knock")
    assert response.status_code == 400
    page = text(response)
    assert "Illegal knock: not saved" in page and "nothing saved" in page
    assert stored(app, view_id) == before
    response = add_quick(client, view_id, knocker=0, k=15, d=30)
    assert response.status_code == 400
    assert "Illegal knock" in text(response)
    assert stored(app, view_id) == before


@pytest.mark.parametrize(
    ("knocker", "defender", "field", "message"),
    [
        ("1H " + R7_KNOCKER[3:], R7_DEFENDER, "knocker_cards", "`1H` is not a card"),
        (R7_KNOCKER, R7_DEFENDER.replace(" JC", ""), "defender_cards", "holds 9 cards"),
        (R7_KNOCKER, R7_DEFENDER.replace("JC", "5S"), "defender_cards", "`5♠` is in both hands"),
        (R7_KNOCKER.replace("3D", "5S"), R7_DEFENDER, "knocker_cards", "`5♠` appears twice"),
        ("", R7_DEFENDER, "knocker_cards", "enter the knocker's cards"),
    ],
)
def test_bad_cards_are_named_beside_the_field(client, app, knocker, defender, field, message):
    view_id = start_match(client)
    before = stored(app, view_id)
    response, _ = post_cards(client, view_id, knocker, defender, button="save")
    assert response.status_code == 400
    page = text(response)
    assert message in page
    # the message sits in the field's own block
    block = page.split(f'id="{field}"')[1].split("</div>")[0]
    assert message in block
    assert stored(app, view_id) == before


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"k": -3}, "cannot be negative"),
        ({"d": -1}, "cannot be negative"),
        ({"d": ""}, "enter the defender's deadwood"),
        ({"k": "x"}, "Not a valid integer value"),
        ({"d": 500}, "more than 10 cards can count"),
        ({"kind": "sneaky"}, "Not a valid choice"),
    ],
)
def test_bad_counts_are_refused(client, app, changes, message):
    view_id = start_match(client)
    before = stored(app, view_id)
    response = add_quick(client, view_id, **changes)
    assert response.status_code == 400
    assert message in text(response)
    assert stored(app, view_id) == before


def test_who_knocked_is_required(client, app):
    view_id = start_match(client)
    data = hand_form(client, f"/m/{view_id}/hands/new")
    data.update(entry="counts", kind="knock", knocker_deadwood="3", defender_deadwood="9", save="1")
    response = client.post(f"/m/{view_id}/hands/new", data=data)
    assert response.status_code == 400 and "choose who knocked" in text(response)


def _edit(client, view_id, hand_id, **changes):
    url = f"/m/{view_id}/hands/{hand_id}/edit"
    data = form_values(client.get(url).get_data(as_text=True))
    data.update({k: str(v) for k, v in changes.items()}, save="1")
    return client.post(url, data=data), data


def test_editing_an_earlier_hand_rederives_everything_after_it(client):
    view_id = start_match(client, game_target=50)
    add_quick(client, view_id, knocker=0, k=5, d=25)  # Ann 20
    add_quick(client, view_id, knocker=1, k=2, d=22)  # Ben 20
    add_quick(client, view_id, knocker=0, k=1, d=29)  # Ann 48
    assert totals(client, view_id) == (48, 20)
    first = hand_ids(client, view_id)[0]
    response, _ = _edit(client, view_id, first, defender_deadwood=30)  # Ann 25: game over at 53
    assert response.status_code == 302
    page = text(client.get(f"/m/{view_id}"))
    assert totals(client, view_id) == (53, 20)
    assert "Game over: Ann wins" in page
    response, _ = _edit(client, view_id, first, knocker_seat=1)  # now Ben's 25
    assert totals(client, view_id) == (28, 45)
    assert "Game over" not in text(client.get(f"/m/{view_id}"))


def test_delete_and_undo(client, app):
    view_id = start_match(client)
    add_quick(client, view_id, knocker=0, k=5, d=25)
    add_quick(client, view_id, knocker=1, k=2, d=12)
    first, second = hand_ids(client, view_id)
    action = form_values(client.get(f"/m/{view_id}/hands/{first}").get_data(as_text=True))
    response = client.post(f"/m/{view_id}/hands/{first}/delete", data=action)
    assert response.status_code == 302
    assert totals(client, view_id) == (0, 10)
    assert hand_ids(client, view_id) == [second]
    # hands are addressed by number: the second hand is now hand 1, and a link naming it by
    # its id (2, past the last number) is sent to its number
    assert client.get(f"/m/{view_id}/hands/3").status_code == 404
    moved = client.get(f"/m/{view_id}/hands/{second}")
    assert (moved.status_code, moved.headers["Location"]) == (302, f"/m/{view_id}/hands/1")
    # undo brings it back
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "Undo delete of hand 1" in board
    response = client.post(f"/m/{view_id}/undo", data=form_values(board))
    assert response.status_code == 302
    assert totals(client, view_id) == (20, 10)
    # undo again: the add of hand 2 goes
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "Undo adding hand 2" in board
    client.post(f"/m/{view_id}/undo", data=form_values(board))
    assert totals(client, view_id) == (20, 0)
    # and an edit is undone to the old values
    _edit(client, view_id, first, defender_deadwood=9)
    assert totals(client, view_id) == (4, 0)
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    client.post(f"/m/{view_id}/undo", data=form_values(board))
    assert totals(client, view_id) == (20, 0)
    audit = plain(client.get(f"/m/{view_id}"))
    assert audit.count(" undo hand ") == 3
    assert "defender deadwood: 25 → 9" in audit and "defender deadwood: 9 → 25" in audit


def test_nothing_to_undo(client):
    view_id = start_match(client)
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "Undo" not in board
    token = csrf_from(client.get("/new").get_data(as_text=True))
    response = client.post(f"/m/{view_id}/undo", data={"csrf_token": token}, follow_redirects=True)
    assert "There is nothing to undo." in text(response)


def test_double_submission_records_the_hand_once(client, app):
    view_id = start_match(client)
    data = hand_form(client, f"/m/{view_id}/hands/new")
    data.update(entry="counts", kind="knock", knocker_seat="0", save="1")
    data.update(knocker_deadwood="3", defender_deadwood="13")
    first = client.post(f"/m/{view_id}/hands/new", data=data)
    again = client.post(f"/m/{view_id}/hands/new", data=data, follow_redirects=True)
    assert first.status_code == 302 and again.status_code == 200
    assert "already saved (hand 1)" in text(again)
    assert len(stored(app, view_id)["hands"]) == 1
    assert totals(client, view_id) == (10, 0)


def test_two_phones_adding_the_same_hand_get_a_conflict(client, other_client, app):
    view_id = start_match(client)
    link = re.search(
        r'value="([^"]+)" aria-label="edit link"', client.get(f"/m/{view_id}/link").get_data(True)
    ).group(1)
    open_edit_link(other_client, link)
    mine = hand_form(client, f"/m/{view_id}/hands/new")
    theirs = hand_form(other_client, f"/m/{view_id}/hands/new")
    for form in (mine, theirs):
        form.update(entry="counts", kind="knock", knocker_seat="0", save="1")
        form.update(knocker_deadwood="3", defender_deadwood="13")
    assert client.post(f"/m/{view_id}/hands/new", data=mine).status_code == 302
    response = other_client.post(f"/m/{view_id}/hands/new", data=theirs)
    assert response.status_code == 409
    page = text(response)
    assert "Another device changed this match" in page and "hand 2" in page
    assert len(stored(app, view_id)["hands"]) == 1
    # the re-rendered form now expects hand 2: saving again is a deliberate second hand
    again = form_values(response.get_data(as_text=True))
    again.update(entry="counts", kind="knock", knocker_seat="0", save="1")
    again.update(knocker_deadwood="3", defender_deadwood="13")
    assert other_client.post(f"/m/{view_id}/hands/new", data=again).status_code == 302
    assert len(stored(app, view_id)["hands"]) == 2


def test_two_phones_editing_one_hand_never_overwrite_silently(client, app):
    view_id = start_match(client)
    add_quick(client, view_id, knocker=0, k=5, d=25)
    (hand_id,) = hand_ids(client, view_id)
    url = f"/m/{view_id}/hands/{hand_id}/edit"
    stale = form_values(client.get(url).get_data(as_text=True))
    response, _ = _edit(client, view_id, hand_id, defender_deadwood=30)
    assert response.status_code == 302
    before = stored(app, view_id)
    stale.update(entry="counts", kind="knock", knocker_seat="0", knocker_deadwood="5", save="1")
    stale["defender_deadwood"] = "11"
    response = client.post(url, data=stale)
    assert response.status_code == 409
    page = text(response)
    assert "Another device changed this hand" in page
    assert "Ann knocks +25" in page  # the current state is shown
    assert stored(app, view_id) == before
    # deleting with the stale version is refused too
    response = client.post(f"/m/{view_id}/hands/{hand_id}/delete", data=stale)
    assert response.status_code == 409
    assert stored(app, view_id) == before


def test_a_classic_game_to_its_end_with_settlement(client):
    """docs/rules.md §10: pagat, A 108 points in 4 hands, B 40 in 2: A 288, B 80, margin 208."""
    view_id = start_match(client, preset="classic", stake="0.10")
    for knocker, d in ((0, 35), (1, 22), (0, 35), (1, 22), (0, 35)):
        add_quick(client, view_id, knocker=knocker, k=5 if knocker == 0 else 2, d=d)
    assert totals(client, view_id) == (90, 40)
    add_quick(client, view_id, knocker=0, k=2, d=20)
    page = text(client.get(f"/m/{view_id}"))
    assert "Game over: Ann wins" in page
    assert re.search(r'data-testid="final-0">288<', page)
    assert re.search(r'data-testid="final-1">80<', page)
    assert "4 × 20 = 80" in page and "Game bonus" in page
    assert "Margin <strong>208</strong>" in page
    assert "Ben pays Ann 20.80" in page
    # the home page lists it as finished
    home = text(client.get("/"))
    assert f"/m/{view_id}" in home.split("<h2>Finished</h2>")[1]


def test_a_shutout_is_shown_line_by_line(client):
    view_id = start_match(client, preset="classic", stake="1")
    for _ in range(4):
        add_quick(client, view_id, knocker=0, k=2, d=30)
    page = text(client.get(f"/m/{view_id}"))
    assert "Game over: Ann wins by a shutout" in page
    assert "Shutout" in page or "shutout" in page.split("Final tally")[1]
    assert "Ben pays Ann" in page


def test_audit_trail_records_who_changed_what(client):
    view_id = start_match(client)
    add_quick(client, view_id, knocker=0, k=5, d=25, note="misdeal redone")
    page = plain(client.get(f"/m/{view_id}", headers={"User-Agent": "Mozilla Mobile"}))
    assert "add hand 1" in page and "web browser" in page
    assert "note: misdeal redone" in page


def test_playing_on_starts_a_second_game_and_keeps_the_settlement(client):
    view_id = start_match(client, preset="classic", stake="0.10", game_target=30)
    add_quick(client, view_id, knocker=0, k=2, d=40)  # Ann 38: game 1 won
    page = plain(client.get(f"/m/{view_id}"))
    assert "Game over: Ann wins" in page and "Play on: game 2" in page
    add_quick(client, view_id, knocker=1, k=2, d=12)  # game 2: Ben 10
    page = plain(client.get(f"/m/{view_id}"))
    assert "Game 2 to 30" in page
    assert totals(client, view_id) == (0, 10)
    assert "Games of this match" in page and "Game 1 · Ann" in page
    # game 1: Ann 38 + 20 box + 100 game + 100 shutout = 258; Ben pays 25.80
    assert "Margin 258" in page and "Ben pays Ann 25.80" in page
