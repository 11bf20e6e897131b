"""The offline app from the server's side: the manifest and icons, the service worker at the
site's root with a cache named after the deploy, what a match page tells the phone, and the
API's door for hands a phone kept while offline (the entry form's fields, sent with the
browser's edit right and CSRF token; a retry never records twice; a change since the phone
last saw the match is a 409 with both versions)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from referee import PROJECT_ROOT
from referee.views.offline import shell
from tests.web.helpers import api_match, start_match

STATIC = PROJECT_ROOT / "static"


def _state(client: Any, view_id: str) -> dict[str, str]:
    html = client.get(f"/m/{view_id}").get_data(as_text=True)
    tag = re.search(r'<div id="offline-state"[^>]*>', html)
    assert tag, "the scoreboard tells the phone nothing"
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', tag.group(0)))


def _kept(view_id: str, state: dict[str, str], key: str = "k1", **fields: str) -> dict[str, Any]:
    """A kept quick-count hand as the phone sends it."""
    form = {"entry": "counts", "kind": "knock", "knocker_seat": "0", "dealer_seat": "0"}
    form.update({"knocker_deadwood": "5", "defender_deadwood": "20"} | fields)
    return {
        "fields": form,
        "idempotency_key": key,
        "expected_number": int(state["hands"]) + 1,
        "revision": int(state["revision"]),
    }


def _send(client: Any, view_id: str, body: Any, csrf: str | None) -> Any:
    headers = {"X-CSRFToken": csrf} if csrf else {}
    return client.post(f"/api/v1/matches/{view_id}/queued-hands", json=body, headers=headers)


def test_the_manifest_and_its_icons_install_the_app(client: Any) -> None:
    html = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    with client.get("/manifest.webmanifest") as response:
        assert response.status_code == 200
        assert response.mimetype == "application/manifest+json"
        manifest = json.loads(response.get_data(as_text=True))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert re.fullmatch(r"/static/icons/[a-z0-9-]+\.(png|svg)\?v=[0-9a-f]{12}", icon["src"])
        with client.get(icon["src"]) as png:
            assert png.status_code == 200 and png.mimetype == icon["type"]
            data = png.get_data()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20]), int.from_bytes(data[20:24])
            assert f"{width}x{height}" == icon["sizes"]


def test_the_service_worker_covers_the_site_and_names_its_cache_after_the_deploy(
    app: Any, client: Any, tmp_path: Path
) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    source = response.get_data(as_text=True)
    assert "__VERSION__" not in source and "__SHELL__" not in source
    with app.test_request_context("/"):
        version, urls = shell()
    assert f'const VERSION = "{version}";' in source
    # the shell is every static file by the URL pages name it with (its content's digest)
    files = [url for url in urls if url != "/offline"]
    assert all(re.fullmatch(r"/static/[a-z0-9_/.-]+\?v=[0-9a-f]{12}", url) for url in files)
    assert {"/static/app.css", "/static/app.js", "/static/offline.js"} <= {
        url.split("?")[0] for url in files
    }
    assert "/static/sw.js" not in {url.split("?")[0] for url in files}
    page = client.get("/").get_data(as_text=True)
    named = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert named and set(named) <= set(files)
    for url in (*urls, "/offline"):
        assert f'"{url}"' in source
    assert client.get("/offline").status_code == 200
    # a deploy that changes any static file changes the list, so the cache's name
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    app.static_folder = str(copy)
    with app.test_request_context("/"):
        assert shell() == (version, urls)
        (copy / "app.css").write_text("body { color: red; }\n", encoding="utf-8")
        changed, new_urls = shell()
    assert changed != version and new_urls != urls
    assert f'const VERSION = "{changed}";' in client.get("/sw.js").get_data(as_text=True)


def test_a_match_page_tells_the_phone_its_match_and_only_a_scorer_gets_the_token(
    client: Any, other_client: Any
) -> None:
    view_id = start_match(client)
    mine = _state(client, view_id)
    assert mine["match"] == view_id and mine["hands"] == "0" and mine["editor"] == "1"
    assert mine["scoreboard"] == f"/m/{view_id}" and mine["csrf"]
    theirs = _state(other_client, view_id)
    assert theirs["editor"] == "" and theirs["csrf"] == ""


def test_a_kept_hand_is_recorded_once_whatever_the_retries(client: Any) -> None:
    view_id = start_match(client)
    state = _state(client, view_id)
    body = _kept(view_id, state)
    first = _send(client, view_id, body, state["csrf"])
    assert first.status_code == 201, first.get_json()
    hand = first.get_json()["hand"]
    assert (hand["number"], hand["knocker"], hand["points"]) == (1, "Ann", {"Ann": 15, "Ben": 0})
    again = _send(client, view_id, body, state["csrf"])  # the answer was lost: sent again
    assert again.status_code == 200
    assert again.get_json()["hand"]["id"] == hand["id"]
    assert len(client.get(f"/api/v1/matches/{view_id}").get_json()["hands"]) == 1


def test_a_kept_hand_of_cards_is_ruled_by_the_server(client: Any) -> None:
    view_id = start_match(client)
    state = _state(client, view_id)
    cards = {
        "entry": "cards",
        "kind": "auto",
        "knocker_cards": "5S 6S 7S KH KD KC AH AD AC 3D",
        "defender_cards": "8S 8H 8D 8C 9S KS 2C 2H QD JC",
    }
    response = _send(client, view_id, _kept(view_id, state, **cards), state["csrf"])
    assert response.status_code == 201, response.get_json()
    result = response.get_json()["hand"]["result"]
    assert result["steps"] and response.get_json()["hand"]["points"]["Ann"] == 21


def test_a_change_since_the_phone_saw_the_match_is_a_conflict_with_both_versions(
    client: Any,
) -> None:
    view_id = start_match(client)
    state = _state(client, view_id)
    # another phone edits nothing but adds a hand
    first = _send(client, view_id, _kept(view_id, state, key="theirs"), state["csrf"])
    assert first.status_code == 201
    stale = _kept(view_id, state, key="mine", knocker_seat="1")
    stale["expected_number"] = 2  # the number is right, the revision is not
    response = _send(client, view_id, stale, state["csrf"])
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert "compare the two" in error["reason"]
    assert error["lines"] == [{"number": 1, "summary": "Ann knocks +15", "said": "Ann knocks +15"}]
    assert error["match"]["revision"] == 1
    # the scorer chooses to add theirs after: sent again on the match as it is now
    stale["revision"] = 1
    assert _send(client, view_id, stale, state["csrf"]).status_code == 201
    hands = client.get(f"/api/v1/matches/{view_id}").get_json()["hands"]
    assert [h["knocker"] for h in hands] == ["Ann", "Ben"]


def test_the_edit_right_of_the_session_needs_its_csrf_token(client: Any, other_client: Any) -> None:
    view_id = start_match(client)
    state = _state(client, view_id)
    body = _kept(view_id, state)
    assert _send(client, view_id, body, None).status_code == 403
    assert _send(client, view_id, body, "forged").status_code == 403
    # a viewer's own CSRF token is no edit right
    viewer = other_client.get("/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', viewer)
    assert token
    assert _send(other_client, view_id, body, token.group(1)).status_code == 403
    # the other API writes take it too, and X-Edit-Token still works alone
    api_id, edit_token = api_match(client)
    hand = {"kind": "gin", "knocker": "Ann", "defender_deadwood": 10}
    assert client.post(f"/api/v1/matches/{api_id}/hands", json=hand).status_code == 403
    sent = client.post(
        f"/api/v1/matches/{api_id}/hands", json=hand, headers={"X-Edit-Token": edit_token}
    )
    assert sent.status_code == 201
    assert len(client.get(f"/api/v1/matches/{view_id}").get_json()["hands"]) == 0


def test_bad_kept_hands_are_refused_with_the_field_and_nothing_is_stored(client: Any) -> None:
    view_id = start_match(client)
    state = _state(client, view_id)
    csrf = state["csrf"]
    cases = [
        ({**_kept(view_id, state), "fields": "knock"}, "fields"),
        ({**_kept(view_id, state), "fields": {"knocker_deadwood": 5}}, "knocker_deadwood"),
        (_kept(view_id, state, knocker_deadwood="-3"), "knocker_deadwood"),
        (_kept(view_id, state, knocker_seat="7"), "knocker_seat"),
        ({**_kept(view_id, state), "idempotency_key": None}, "idempotency_key"),
        ({**_kept(view_id, state), "revision": "one"}, "revision"),
        (_kept(view_id, state, knocker_deadwood="15"), "knocker_deadwood"),  # over the limit
    ]
    for body, field in cases:
        response = _send(client, view_id, body, csrf)
        assert response.status_code == 400, (body, response.get_json())
        error = response.get_json()["error"]
        assert error["field"] in (field, "knocker"), (body, error)
        assert error["reason"]
    assert _send(client, "nosuchmatch", _kept(view_id, state), csrf).status_code == 404
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["revision"] == 0


def test_every_format_keeps_hands_through_its_own_form(client: Any) -> None:
    """A Battle Royal hand kept offline: the form of its page, the same stored fields."""
    from tests.web.threehand_helpers import seated_form, start_three

    view_id = start_three(client, ("Ann", "Ben", "Cat"), preset="battle_royal")
    state = _state(client, view_id)
    form = seated_form(client, view_id)
    fields = {k: v for k, v in form.items() if k not in ("csrf_token", "idempotency_key")}
    fields |= {"entry": "counts", "kind": "knock", "knocker_seat": "1"}
    fields |= {"deadwood_0": "40", "deadwood_1": "3", "deadwood_2": "30"}
    body = {"fields": fields, "idempotency_key": "royal-1", "revision": int(state["revision"])}
    response = _send(client, view_id, body, state["csrf"])
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["hand"]["points"]["Ben"] == 67


def test_a_german_phone_gets_the_refusal_and_the_hands_in_german(client: Any) -> None:
    """The phone shows what the server said in its own language (``said``); the API's
    ``reason`` and ``summary`` stay English."""
    view_id = start_match(client)
    client.get("/?lang=de")
    state = _state(client, view_id)
    assert (
        _send(client, view_id, _kept(view_id, state, key="theirs"), state["csrf"]).status_code
        == 201
    )
    refused = _send(
        client, view_id, _kept(view_id, state, key="x", knocker_deadwood="15"), state["csrf"]
    )
    assert refused.status_code == 409  # the revision moved on: both versions, in German
    lines = refused.get_json()["error"]["lines"]
    assert lines == [{"number": 1, "summary": "Ann knocks +15", "said": "Ann klopft +15"}]
    state = _state(client, view_id)
    illegal = _send(
        client, view_id, _kept(view_id, state, key="y", knocker_deadwood="15"), state["csrf"]
    )
    assert illegal.status_code == 400
    error = illegal.get_json()["error"]
    assert error["field"] == "knocker_deadwood"
    assert "knock limit" in error["reason"] and "Klopfgrenze" in error["said"], error


def test_the_offline_page_leaves_a_message_for_the_page_it_was_meant_for(client) -> None:
    """The worker fetches ``/offline`` as it installs, which can fall between the edit link's
    redirect and the scoreboard it leads to: the scoreboard must still say the browser may
    now edit."""
    view_id, token = api_match(client)
    claimed = client.get(f"/m/{view_id}/edit/{token}")
    assert claimed.status_code == 302
    offline = client.get("/offline").get_data(as_text=True)
    assert "No connection" in offline and "can now enter and change hands" not in offline
    scoreboard = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "This browser can now enter and change hands for this match." in scoreboard
