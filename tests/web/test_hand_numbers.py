"""A hand's page is addressed by its number in the match (issue 14): ``/m/<id>/hands/1`` is
the first hand whatever the database calls it, numbers follow the hands after a delete or an
undo, and links of the older form (a hand's id) are sent on to the hand's number."""

from __future__ import annotations

import re

from tests.web.helpers import add_quick, form_values, start_match


def links(client, view_id) -> list[str]:
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    return re.findall(rf'href="(/m/{view_id}/hands/\d+)"', page)


def test_hands_are_addressed_by_number_and_old_links_redirect(client):
    other = start_match(client, ("Cat", "Dan"))
    for _ in range(3):
        add_quick(client, other)  # ids 1-3 belong to another match
    view_id = start_match(client)
    for k in (1, 2, 3):
        add_quick(client, view_id, knocker=0, k=k, d=20)
    assert sorted(set(links(client, view_id))) == [f"/m/{view_id}/hands/{n}" for n in (1, 2, 3)]
    first = client.get(f"/m/{view_id}/hands/1")
    assert first.status_code == 200 and "Hand 1" in first.get_data(as_text=True)

    # delete hand 2: the third hand becomes hand 2, and its links say so
    action = form_values(client.get(f"/m/{view_id}/hands/2").get_data(as_text=True))
    delete = re.search(
        r'action="([^"]+/delete[^"]*)"', client.get(f"/m/{view_id}/hands/2").get_data(as_text=True)
    )
    assert delete is not None
    assert client.post(delete.group(1).replace("&amp;", "&"), data=action).status_code == 302
    assert sorted(set(links(client, view_id))) == [f"/m/{view_id}/hands/{n}" for n in (1, 2)]
    second = client.get(f"/m/{view_id}/hands/2").get_data(as_text=True)
    assert "Hand 2" in second and "3" in second
    assert client.get(f"/m/{view_id}/hands/3").status_code == 404

    # the older links name a hand by id: the old third hand (id 6) is now hand 2
    old = client.get(f"/m/{view_id}/hands/6")
    assert (old.status_code, old.headers["Location"]) == (302, f"/m/{view_id}/hands/2")
    old_edit = client.get(f"/m/{view_id}/hands/6/edit")
    assert old_edit.headers["Location"] == f"/m/{view_id}/hands/2/edit"
    # a deleted hand's id and another match's hand stay not found
    assert client.get(f"/m/{view_id}/hands/5").status_code == 404
    assert client.get(f"/m/{view_id}/hands/3").status_code == 404

    # undo brings hand 2 back: the numbers follow
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    client.post(f"/m/{view_id}/undo", data=form_values(board))
    assert sorted(set(links(client, view_id))) == [f"/m/{view_id}/hands/{n}" for n in (1, 2, 3)]


def test_a_form_saves_to_its_hand_even_if_the_hands_were_renumbered(client):
    view_id = start_match(client)
    for k in (1, 2, 3):
        add_quick(client, view_id, knocker=0, k=k, d=20)
    page = client.get(f"/m/{view_id}/hands/3/edit").get_data(as_text=True)
    form = form_values(page)
    action = re.search(r'<form[^>]*action="([^"]*/hands/3/edit[^"]*)"', page)
    assert action is not None and "hand=" in action.group(1)
    # meanwhile another phone deletes hand 1: the form's hand is now hand 2
    shown = client.get(f"/m/{view_id}/hands/1").get_data(as_text=True)
    delete = re.search(r'action="([^"]+/delete[^"]*)"', shown)
    assert delete is not None
    client.post(delete.group(1).replace("&amp;", "&"), data=form_values(shown))
    form.update(defender_deadwood="30", save="1")
    assert client.post(action.group(1).replace("&amp;", "&"), data=form).status_code == 302
    hand_2 = client.get(f"/api/v1/matches/{view_id}").get_json()["hands"]
    assert [(h["number"], h["knocker_deadwood"], h["defender_deadwood"]) for h in hand_2] == [
        (1, 2, 20),
        (2, 3, 30),
    ]
    # once its hand is deleted, the form saves nowhere (not to whichever hand now has its number)
    shown = client.get(f"/m/{view_id}/hands/2").get_data(as_text=True)
    delete = re.search(r'action="([^"]+/delete[^"]*)"', shown)
    assert delete is not None
    client.post(delete.group(1).replace("&amp;", "&"), data=form_values(shown))
    add_quick(client, view_id, knocker=0, k=9, d=20)  # a new hand 2
    form.update(defender_deadwood="40")
    assert client.post(action.group(1).replace("&amp;", "&"), data=form).status_code == 404
    hands = client.get(f"/api/v1/matches/{view_id}").get_json()["hands"]
    assert [(h["number"], h["knocker_deadwood"]) for h in hands] == [(1, 2), (2, 9)]
