"""Any JSON at all, sent to any write route of the API, gets an answer, never a crash: 2xx or a
4xx naming the field and the reason, and a refused request changes nothing stored.

Hypothesis sends arbitrary JSON values in every field a route reads (and whole arbitrary bodies),
on the match families that take different shapes (two-handed, partnership, Cutthroat, Battle
Royal).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.helpers import api_match

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(
        [
            "AS 2S 3S",
            "JK",
            "10H",
            "Ann",
            "knock",
            "gin",
            "-1",
            "1e9",
            "5S 6S 7S KH KD KC AH AD AC 3D",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=10,
)

HAND_FIELDS = [
    "kind", "knocker", "knocker_deadwood", "defender_deadwood", "knocker_cards", "defender_cards",
    "upcard", "dealer", "note", "version", "expected_number", "sitting_out", "players", "captain",
    "deadwoods", "hands", "tables", "spread",
]  # fmt: skip
MATCH_FIELDS = ["players", "preset", "rules", "stake_per_point", "cut"]
RULING_FIELDS = ["knocker", "defender", "preset", "rules", "upcard", "kind", "spread", "hand"]

FAMILIES = {
    "american": ("Ann", "Ben"),
    "partnership": ("Ann", "Ben", "Cat", "Dan"),
    "cutthroat": ("Ann", "Ben", "Cat"),
    "battle_royal": ("Ann", "Ben", "Cat"),
}

SLOW = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def body_of(fields: list[str]) -> st.SearchStrategy[Any]:
    return st.dictionaries(st.sampled_from(fields), JSON, max_size=6) | JSON


def assert_answered(response: Any) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400:
        error = response.get_json()["error"]
        assert error["reason"], error


@SLOW
@given(body=body_of(MATCH_FIELDS))
def test_creating_a_match_never_crashes(client, body) -> None:
    assert_answered(client.post("/api/v1/matches", json=body))


@SLOW
@given(preset=st.sampled_from(sorted(FAMILIES)), body=body_of(HAND_FIELDS))
def test_adding_a_hand_never_crashes_and_a_refusal_stores_nothing(client, preset, body) -> None:
    view_id, token = api_match(client, FAMILIES[preset], preset=preset)
    before = client.get(f"/api/v1/matches/{view_id}").get_json()
    response = client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )
    assert_answered(response)
    if response.status_code >= 400:
        assert client.get(f"/api/v1/matches/{view_id}").get_json() == before


@SLOW
@given(body=body_of(RULING_FIELDS), route=st.sampled_from(["rulings", "analyze"]))
def test_checking_a_hand_never_crashes(client, body, route) -> None:
    assert_answered(client.post(f"/api/v1/{route}", json=body))


@SLOW
@given(body=body_of(HAND_FIELDS))
def test_editing_a_hand_never_crashes_and_a_refusal_stores_nothing(client, body) -> None:
    view_id, token = api_match(client)
    added = client.post(
        f"/api/v1/matches/{view_id}/hands",
        json={"kind": "knock", "knocker": "Ann", "knocker_deadwood": 3, "defender_deadwood": 9},
        headers={"X-Edit-Token": token},
    ).get_json()
    hand_id = added["hand"]["id"] if "hand" in added else added["id"]
    before = client.get(f"/api/v1/matches/{view_id}").get_json()
    response = client.put(
        f"/api/v1/matches/{view_id}/hands/{hand_id}", json=body, headers={"X-Edit-Token": token}
    )
    assert_answered(response)
    if response.status_code >= 400:
        assert client.get(f"/api/v1/matches/{view_id}").get_json() == before
