"""Bad input that once crashed the server (issue 13): each gets a 4xx, never a 500, on SQLite
and on PostgreSQL; and a crash under ``/api/`` still answers JSON, with a request id."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.helpers import api_match, start_match

BIG_IDS = ["9223372036854775808", "2147483648", "99999999999999999999999999"]


@pytest.mark.parametrize("number", BIG_IDS)
def test_a_hand_id_past_the_integer_range_is_not_found(client: Any, number: str) -> None:
    view_id, token = api_match(client)
    headers = {"X-Edit-Token": token}
    url = f"/api/v1/matches/{view_id}/hands/{number}"
    assert client.get(url).status_code == 404
    assert client.get(url).get_json()["error"]["reason"]
    body = {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 5, "defender_deadwood": 20}
    assert client.put(url, json=body, headers=headers).status_code == 404
    assert client.patch(url, json=body, headers=headers).status_code == 404
    assert client.delete(url, headers=headers).status_code == 404
    page = start_match(client)
    assert client.get(f"/m/{page}/hands/{number}").status_code == 404
    assert client.get(f"/m/{page}/hands/{number}/edit").status_code == 404
    assert client.post(f"/m/{page}/hands/{number}/delete").status_code in (400, 404)


@pytest.mark.parametrize("url", ["/new?preset=x", "/new/three?preset=x", "/check?preset=x"])
def test_an_unknown_preset_in_the_query_is_not_a_crash(client: Any, url: str) -> None:
    assert client.get(url).status_code in (200, 404)


def test_an_unknown_preset_on_the_new_match_page_is_not_found(client: Any) -> None:
    response = client.get("/new?preset=x")
    assert response.status_code == 404
    assert "is not a preset" in response.get_data(as_text=True)


DEEP = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize(
    "url",
    ["/api/v1/matches", "/api/v1/rulings", "/api/v1/analyze", "/api/v1/matches/{id}/hands"],
)
def test_deeply_nested_json_is_a_bad_request(client: Any, url: str) -> None:
    view_id, token = api_match(client)
    response = client.post(
        url.format(id=view_id),
        data=DEEP,
        content_type="application/json",
        headers={"X-Edit-Token": token},
    )
    assert response.status_code == 400
    assert response.get_json()["error"]["reason"]


def test_deep_json_in_a_field_is_a_bad_request(client: Any) -> None:
    body = '{"players": ["Ann", "Ben"], "rules": ' + "[" * 200 + "]" * 200 + "}"
    response = client.post("/api/v1/matches", data=body, content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize("key", [5, ["a"], {"a": 1}, True, 1.5])
def test_an_idempotency_key_must_be_text(client: Any, key: object) -> None:
    view_id, token = api_match(client)
    body = {
        "kind": "knock",
        "knocker": "Ann",
        "knocker_deadwood": 5,
        "defender_deadwood": 20,
        "idempotency_key": key,
    }
    response = client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "idempotency_key"
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands"] == []


def test_an_idempotency_key_over_64_characters_is_refused_not_cut(client: Any) -> None:
    """Two hands whose keys share their first 64 characters are two hands: a key is never cut
    to fit, it is refused (header or body), and a key of exactly 64 still works."""
    view_id, token = api_match(client)
    hand = {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 5, "defender_deadwood": 20}
    url = f"/api/v1/matches/{view_id}/hands"
    long_key = "k" * 64 + "-first"
    for headers, body in (
        ({"X-Edit-Token": token, "Idempotency-Key": long_key}, hand),
        ({"X-Edit-Token": token}, {**hand, "idempotency_key": long_key}),
    ):
        refused = client.post(url, json=body, headers=headers)
        assert refused.status_code == 400, refused.get_json()
        error = refused.get_json()["error"]
        assert error["field"] == "idempotency_key" and "at most 64" in error["reason"]
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands"] == []
    exact = {"X-Edit-Token": token, "Idempotency-Key": "k" * 64}
    assert client.post(url, json=hand, headers=exact).status_code == 201
    again = client.post(url, json=hand, headers=exact)
    assert again.status_code == 200  # the same key again: the first hand, not a second
    assert len(client.get(f"/api/v1/matches/{view_id}").get_json()["hands"]) == 1


@pytest.mark.parametrize(
    "url",
    [
        "/m/%00",
        "/m/%00/settlement",
        "/m/a%00b/hands/new",
        "/r/%00",
        "/api/v1/matches/%00",
        "/api/v1/rulings/%00",
        "/m/%01x",
    ],
)
def test_a_control_character_in_a_path_id_is_not_found(client: Any, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    if url.startswith("/api/"):
        assert response.get_json()["error"]["reason"]


@pytest.mark.parametrize("url", ["/check?from=%00", "/check/analyze?from=a%00", "/new?preset=%00"])
def test_a_control_character_in_the_query_is_refused(client: Any, url: str) -> None:
    assert client.get(url).status_code in (400, 404)


def test_a_nul_in_a_player_name_is_refused(client: Any) -> None:
    response = client.post("/api/v1/matches", json={"players": ["A\x00nn", "Ben"]})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "players[0]"
    assert "control character" in response.get_json()["error"]["reason"]


def test_a_nul_in_a_note_is_refused_and_stores_nothing(client: Any) -> None:
    view_id, token = api_match(client)
    body = {
        "kind": "knock",
        "knocker": "Ann",
        "knocker_deadwood": 5,
        "defender_deadwood": 20,
        "note": "spilled\x00coffee",
    }
    response = client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "note"
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands"] == []


def test_a_nul_in_a_json_key_is_refused(client: Any) -> None:
    response = client.post("/api/v1/analyze", json={"ha\x00nd": "AS"})
    assert response.status_code == 400


def test_a_nul_in_a_form_field_is_refused(client: Any) -> None:
    from tests.web.helpers import csrf_from, rule_form_data

    page = client.get("/new")
    data = {
        "csrf_token": csrf_from(page.get_data(as_text=True)),
        "player_0": "A\x00nn",
        "player_1": "Ben",
        "preset": "american",
        "rules_from": "american",
        "stake_per_point": "0",
        **rule_form_data("american"),
    }
    response = client.post("/new", data=data)
    assert response.status_code == 400
    assert "control character" in response.get_data(as_text=True)


def test_a_note_keeps_its_line_breaks(client: Any) -> None:
    view_id, token = api_match(client)
    body = {
        "kind": "knock",
        "knocker": "Ann",
        "knocker_deadwood": 5,
        "defender_deadwood": 20,
        "note": "first line\nsecond\tline",
    }
    response = client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )
    assert response.status_code == 201


def test_a_crash_under_the_api_answers_json_with_a_request_id(
    app: Any, client: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from referee.api import matches as api

    def boom() -> None:
        raise RuntimeError("engine fault")

    monkeypatch.setattr(api, "list_presets", boom)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = client.get("/api/v1/presets")
    assert response.status_code == 500
    error = response.get_json()["error"]
    assert error["field"] is None
    assert error["reason"]
    request_id = error["request_id"]
    assert response.headers["X-Request-Id"] == request_id
    assert any(request_id in record.getMessage() for record in caplog.records)
    assert "engine fault" not in response.get_data(as_text=True)


def test_a_crash_on_a_page_shows_the_request_id(
    app: Any, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee.views import matches

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("engine fault")

    monkeypatch.setattr(matches.match_service, "playable_presets", boom)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = client.get("/new")
    assert response.status_code == 500
    assert response.headers["X-Request-Id"] in response.get_data(as_text=True)


def test_an_empty_path_segment_under_the_api_is_a_json_404(client: Any) -> None:
    """Found by the route fuzz: ``//`` was merged by a redirect to another path (an HTML 308)."""
    for path in ("/api/v1/matches//hands", "/api/v1/matches//hands/1"):
        response = client.get(path)
        assert response.status_code == 404 and response.is_json, path
        assert response.get_json()["error"]["reason"]


@pytest.mark.parametrize("query", ["limit=²", "cursor=²", "limit=¹⁰", "cursor=³"])
def test_a_superscript_number_in_a_page_query_is_refused(client: Any, query: str) -> None:
    view_id, _ = api_match(client)
    response = client.get(f"/api/v1/matches/{view_id}/hands?{query}")
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert response.get_json()["error"]["field"] == query.split("=")[0]


@pytest.mark.parametrize(
    ("url", "body", "field"),
    [
        (
            "/api/v1/matches",
            {"players": ["Ann", "Ben"], "rules": {"game_target": "¹⁰⁰"}},
            "game_target",
        ),
        ("/api/v1/contract/check", {"contract": "1 group of 3", "cards": "¹³"}, "cards"),
    ],
)
def test_superscript_digits_in_a_body_are_refused(
    client: Any, url: str, body: dict[str, Any], field: str
) -> None:
    response = client.post(url, json=body)
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert response.get_json()["error"]["field"].startswith(field)


def test_superscript_dice_in_a_gem_hand_are_refused(client: Any) -> None:
    from tests.games.gem.test_gem import DECK

    made = client.post(
        "/api/v1/matches", json={"players": ["Ann", "Ben"], "preset": "gem", "deck": DECK}
    )
    assert made.status_code == 201, made.get_json()
    match = made.get_json()
    response = client.post(
        f"/api/v1/matches/{match['id']}/hands",
        json={"dice": "³+⁴", "knocker": "Ann", "counts": {"Ann": 5, "Ben": 9}},
        headers={"X-Edit-Token": match["edit_token"]},
    )
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert response.get_json()["error"]["field"] == "dice"


@pytest.mark.parametrize("end", ["9999-12-31", "9999-12-30"])
def test_club_statistics_to_the_last_day_there_is(client: Any, end: str) -> None:
    club = client.post("/api/v1/clubs", json={"name": "Friday", "players": ["Ann"]}).get_json()
    response = client.get(f"/api/v1/clubs/{club['id']}/stats?from=0001-01-01&to={end}")
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert client.get(f"/c/{club['id']}/stats?from=0001-01-01&to={end}").status_code == 200


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["Ann", "Ben"], "dealer_seat": 2**31}, "dealer_seat"),
        ({"players": ["Ann", "Ben"], "rules": {"game_target": -(2**40)}}, "rules.game_target"),
    ],
)
def test_a_number_past_the_databases_integer_is_refused(
    client: Any, body: dict[str, Any], field: str
) -> None:
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert response.get_json()["error"]["field"] == field


def test_a_number_of_thousands_of_digits_is_refused(client: Any) -> None:
    view_id, token = api_match(client)
    body = '{"kind": "knock", "knocker": "Ann", "knocker_deadwood": ' + "9" * 4_400 + "}"
    response = client.post(
        f"/api/v1/matches/{view_id}/hands",
        data=body,
        content_type="application/json",
        headers={"X-Edit-Token": token},
    )
    assert response.status_code == 400
    imported = client.post(
        "/api/v1/matches/import",
        data='{"format": "gin-referee-match", "version": ' + "1" * 4_400 + "}",
        content_type="application/json",
    )
    assert imported.status_code == 400, imported.get_data(as_text=True)[:300]


def test_club_writes_with_tokens_and_ids_of_the_wrong_kind_are_refused(client: Any) -> None:
    club = client.post("/api/v1/clubs", json={"name": "F", "players": ["Ann", "Ben"]}).get_json()
    view_id, _ = api_match(client)
    headers = {"X-Edit-Token": club["edit_token"]}
    for token in (5, ["x"], {"a": 1}, True):
        attach = client.post(
            f"/api/v1/clubs/{club['id']}/attach",
            json={"match": view_id, "edit_token": token},
            headers=headers,
        )
        assert attach.status_code == 400, attach.get_data(as_text=True)[:300]
        assert attach.get_json()["error"]["field"] == "edit_token"
    merge = client.post(
        f"/api/v1/clubs/{club['id']}/players/1", json={"merge_into": 2**70}, headers=headers
    )
    assert merge.status_code == 400 and merge.get_json()["error"]["field"] == "merge_into"


NUL_MATCH = (
    b'{"format": "gin-referee-match", "version": 1, "match": {"players": ["A\\u0000", "B"], '
    b'"variant": "two_handed", "preset": "american", "rules": {}, "hands": [], "audit": []}}'
)


@pytest.mark.parametrize("text", ["A\\u0000", "A\\ud800", "A\\u001b[31m"])
@pytest.mark.parametrize("page", ["/import", "/clubs/import"])
def test_an_uploaded_file_with_control_characters_is_refused(
    client: Any, app: Any, page: str, text: str
) -> None:
    """The uploads are checked as a JSON body is: a NUL or a lone surrogate in a name is
    refused with its field, never stored (SQLite kept it; PostgreSQL answered 500)."""
    import io

    from tests.web.helpers import csrf_from
    from tests.web.test_export_import import _count

    data = NUL_MATCH.replace(b"A\\u0000", text.encode())
    form = client.get(page)
    token = csrf_from(form.get_data(as_text=True))
    response = client.post(
        page,
        data={"csrf_token": token, "file": (io.BytesIO(data), "m.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400, response.get_data(as_text=True)[:300]
    assert "control characters" in response.get_data(as_text=True)
    assert _count(app, "Match") == 0
