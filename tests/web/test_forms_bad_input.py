"""Whatever a browser (or a tampered one) posts to a form, the page answers without a crash, and
a refused form stores nothing: hypothesis fills the hand form's and the new-match form's fields
with arbitrary text."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.helpers import csrf_from, hand_form, rule_form_data, start_match
from tests.web.test_hands import stored

TEXT = st.text(max_size=40) | st.sampled_from(
    ["", "0", "-5", "99999999999999999999", "1", "knock", "gin", "big_gin", "dead", "counts",
     "cards", "AS 2S 3S", "5S 6S 7S KH KD KC AH AD AC 3D", "8S 8H 8D 8C 9S KS 2C 2H QD JC",
     "JK", "1H", "6S", "Save hand", "Check"]
)  # fmt: skip

HAND_FIELDS = [
    "entry", "kind", "knocker_seat", "dealer_seat", "knocker_deadwood", "defender_deadwood",
    "knocker_cards", "defender_cards", "upcard", "note", "stop_after", "idempotency_key",
    "expected_number", "version", "checked", "check", "save",
]  # fmt: skip

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@SETTINGS
@given(changes=st.dictionaries(st.sampled_from(HAND_FIELDS), TEXT, max_size=8))
def test_the_hand_form_never_crashes_and_a_refusal_stores_nothing(app, client, changes) -> None:
    view_id = start_match(client)
    before = stored(app, view_id)
    data = hand_form(client, f"/m/{view_id}/hands/new") | changes
    response = client.post(f"/m/{view_id}/hands/new", data=data)
    assert response.status_code in (200, 302, 400, 409), response.status_code
    if response.status_code != 302:
        assert stored(app, view_id) == before


@SETTINGS
@given(
    names=st.lists(TEXT, min_size=0, max_size=3),
    preset=TEXT | st.sampled_from(["american", "oklahoma", "hollywood", "partnership"]),
    stake=TEXT,
    rule=st.sampled_from(["knock_limit", "gin_bonus", "max_run", "tie_outcome", "wild_ranks"]),
    value=TEXT,
)
def test_the_new_match_form_never_crashes(client, names, preset, stake, rule, value) -> None:
    page = client.get("/new").get_data(as_text=True)
    data = {
        "csrf_token": csrf_from(page),
        **{f"player_{seat}": name for seat, name in enumerate(names)},
        "preset": preset,
        "rules_from": preset,
        "stake_per_point": stake,
        **rule_form_data(),
        f"rule_{rule}": value,
    }
    response = client.post("/new", data=data)
    assert response.status_code in (200, 302, 400), response.status_code


@pytest.mark.parametrize("name", ["An\u200bn", "\u202eAnn", "Ann\u2066", "\ufeffBen"])
def test_a_name_with_hidden_or_direction_characters_is_refused(client, name):
    """Two names that look alike on a phone ("Ann" and "An\u200bn") would be two players."""
    made = client.post("/api/v1/matches", json={"players": [name, "Ben"]})
    assert made.status_code == 400 and made.get_json()["error"]["field"] == "player_0"
    assert "invisible" in made.get_json()["error"]["reason"]
    club = client.post("/api/v1/clubs", json={"name": "Friday", "players": [name]})
    assert club.status_code == 400, club.get_json()
    assert client.post("/api/v1/matches", json={"players": ["Zoë", "👨‍👩‍👧"]}).status_code == 201
