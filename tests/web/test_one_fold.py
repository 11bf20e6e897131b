"""A request folds a match at most twice: once to check a new hand where it goes, once for the
answer (docs/architecture.md principle 7). Counted on every format, through the API and the form."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from referee import games as formats
from tests.web.helpers import add_quick, api_match, hand_form, start_match

HANDS = {
    "american": {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 5, "defender_deadwood": 20},
    "hollywood": {"kind": "gin", "knocker": "Ann", "defender_deadwood": 20},
    "partnership": {
        "tables": [
            {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 4, "defender_deadwood": 20},
            {"kind": "gin", "knocker": "Cat", "defender_deadwood": 12},
        ]
    },
    "cutthroat": {
        "kind": "knock",
        "knocker": "Ann",
        "knocker_deadwood": 5,
        "defender_deadwood": 20,
    },
    "chouette": {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 5, "defender_deadwood": 20},
    "battle_royal": {"kind": "knock", "knocker": "Ann", "deadwoods": [4, 15, 22]},
}
PLAYERS = {
    "partnership": ("Ann", "Ben", "Cat", "Dan"),
    "cutthroat": ("Ann", "Ben", "Cat"),
    "chouette": ("Ann", "Ben", "Cat", "Dan"),
    "battle_royal": ("Ann", "Ben", "Cat"),
}


@pytest.fixture
def folds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every fold of a whole match, by format name."""
    calls: list[str] = []
    for fmt in formats.FORMATS.values():
        original = fmt.fold

        def counted(*args: Any, _original: Any = original, _name: str = fmt.name, **kw: Any) -> Any:
            calls.append(_name)
            return _original(*args, **kw)

        monkeypatch.setattr(fmt, "fold", counted)
    yield calls


@pytest.mark.parametrize("preset", list(HANDS))
def test_adding_a_hand_through_the_api_folds_at_most_twice(
    client: Any, folds: list[str], preset: str
) -> None:
    view_id, token = api_match(client, PLAYERS.get(preset, ("Ann", "Ben")), preset)
    url = f"/api/v1/matches/{view_id}/hands"
    headers = {"X-Edit-Token": token}
    for number in (1, 2, 3):
        body = dict(HANDS[preset])
        seated = client.get(f"/api/v1/matches/{view_id}").get_json().get("next")
        if seated and "knocker" in body:  # one of the players the rotation seats
            body["knocker"] = seated["players"][0]
        folds.clear()
        response = client.post(url, json=body, headers=headers)
        assert response.status_code == 201, response.get_json()
        assert response.get_json()["match"]["hands_played"] == number
        assert len(folds) <= 2, folds


def test_adding_a_hand_through_the_form_folds_at_most_twice(client: Any, folds: list[str]) -> None:
    view_id = start_match(client)
    add_quick(client, view_id)
    data = hand_form(client, f"/m/{view_id}/hands/new")
    data.update(entry="counts", kind="knock", save="Save hand")
    data.update(knocker_seat="1", knocker_deadwood="3", defender_deadwood="30")
    folds.clear()
    response = client.post(f"/m/{view_id}/hands/new", data=data)
    assert response.status_code == 302
    assert len(folds) <= 2, folds
    folds.clear()
    assert client.get(f"/m/{view_id}").status_code == 200
    assert folds == []  # the scoreboard reads the fold the save made


def test_a_refused_hand_changes_nothing_and_the_next_read_is_fresh(
    client: Any, folds: list[str]
) -> None:
    view_id, token = api_match(client)
    url = f"/api/v1/matches/{view_id}/hands"
    headers = {"X-Edit-Token": token}
    assert client.post(url, json=HANDS["american"], headers=headers).status_code == 201
    bad = {**HANDS["american"], "knocker_deadwood": 15}  # over the knock limit
    response = client.post(url, json=bad, headers=headers)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "knocker_deadwood"
    read = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert read["hands_played"] == 1 and read["totals"] == {"Ann": 15, "Ben": 0}


def test_editing_a_hand_folds_twice_or_thrice_at_a_rotation(client: Any, folds: list[str]) -> None:
    """An edit folds to check and to answer; at a table seated by a rotation also the hands
    before the edited one, for the seating the rotation called for there."""
    for preset, most in (("american", 2), ("cutthroat", 3)):
        view_id, token = api_match(client, PLAYERS.get(preset, ("Ann", "Ben")), preset)
        headers = {"X-Edit-Token": token}
        url = f"/api/v1/matches/{view_id}/hands"
        read = client.get(f"/api/v1/matches/{view_id}").get_json()
        body = dict(HANDS[preset])
        if "next" in read:
            body["knocker"] = read["next"]["players"][0]
        hand = client.post(url, json=body, headers=headers).get_json()["hand"]
        folds.clear()
        response = client.patch(
            f"{url}/{hand['id']}", json={"knocker_deadwood": 2}, headers=headers
        )
        assert response.status_code == 200, response.get_json()
        assert response.get_json()["hand"]["knocker_deadwood"] == 2
        assert len(folds) <= most, (preset, folds)


def test_a_read_of_an_unchanged_match_folds_nothing(client: Any, folds: list[str]) -> None:
    """Folds are kept by (match, revision) across requests: reads fold once per change."""
    view_id, token = api_match(client)
    url = f"/api/v1/matches/{view_id}/hands"
    headers = {"X-Edit-Token": token}
    client.post(url, json=HANDS["american"], headers=headers)
    folds.clear()
    first = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert client.get(f"/m/{view_id}").status_code == 200
    assert client.get(f"/api/v1/matches/{view_id}").get_json() == first
    assert folds == []  # the add's own fold answers every read until the next change
    hand = first["hands"][0]
    client.patch(f"{url}/{hand['id']}", json={"defender_deadwood": 30}, headers=headers)
    read = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert read["totals"] == {"Ann": 25, "Ben": 0}  # a change is seen at once
    assert read["hands"][0]["version"] == hand["version"] + 1


def test_a_change_that_rolls_back_leaves_no_fold_behind(client: Any) -> None:
    """Hollywood refuses a hand after every game has closed: the refused fold is forgotten,
    and the next change at the same revision is folded afresh."""
    view_id, token = api_match(client, preset="hollywood")
    url = f"/api/v1/matches/{view_id}/hands"
    headers = {"X-Edit-Token": token}
    gin = {"kind": "gin", "knocker": "Ann", "defender_deadwood": 100}
    while client.get(f"/api/v1/matches/{view_id}").get_json()["status"] != "finished":
        assert client.post(url, json=gin, headers=headers).status_code == 201
    refused = client.post(url, json=gin, headers=headers)
    assert refused.status_code == 400
    read = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert read["status"] == "finished" and read["hands_played"] == len(read["hands"])
    last = read["hands"][-1]
    undone = client.post(f"/api/v1/matches/{view_id}/undo", headers=headers).get_json()
    assert undone["match"]["hands_played"] == read["hands_played"] - 1
    assert all(h["id"] != last["id"] for h in undone["match"]["hands"])


def test_a_phone_polling_an_unchanged_match_gets_304(client: Any) -> None:
    view_id, token = api_match(client)
    read = client.get(f"/api/v1/matches/{view_id}")
    tag = read.headers["ETag"]
    again = client.get(f"/api/v1/matches/{view_id}", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    hand_url = f"/api/v1/matches/{view_id}/hands"
    added = client.post(hand_url, json=HANDS["american"], headers={"X-Edit-Token": token})
    hand_id = added.get_json()["hand"]["id"]
    changed = client.get(f"/api/v1/matches/{view_id}", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.get_json()["hands_played"] == 1
    assert changed.headers["ETag"] != tag
    one = client.get(f"{hand_url}/{hand_id}")
    assert one.status_code == 200 and one.get_json()["number"] == 1
    assert (
        client.get(
            f"{hand_url}/{hand_id}", headers={"If-None-Match": one.headers["ETag"]}
        ).status_code
        == 304
    )
