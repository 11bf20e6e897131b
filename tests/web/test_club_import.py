"""A club's file imported into a new club: the same roster, every match with every total the
same, who sat where (so the same statistics and ladder); all or nothing; the same file twice
makes one club; on the page, through the API and from the shell."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.every_format import SAMPLES, play
from tests.web.helpers import csrf_from
from tests.web.test_clubs import friday, make_club
from tests.web.test_export_import import _without_ids


def _club_file(client: Any, club: str) -> dict[str, Any]:
    response = client.get(f"/c/{club}/export.json")
    assert response.status_code == 200
    return json.loads(response.get_data(as_text=True))


def _import(client: Any, body: Any) -> Any:
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post("/api/v1/clubs/import", data=data, content_type="application/json")


def _count(app: Any, model: str) -> int:
    from sqlalchemy import func, select

    from referee import models
    from referee.models import db

    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(getattr(models, model))))


def _reads(client: Any, club: str) -> dict[str, Any]:
    """Everything the club's API shows, and each of its matches' reads, ids left out."""
    body = client.get(f"/api/v1/clubs/{club}").get_json()
    matches = [client.get(f"/api/v1/matches/{m['id']}").get_json() for m in body["matches"]]
    stats = client.get(f"/api/v1/clubs/{club}/stats").get_json()
    ladder = client.get(f"/api/v1/clubs/{club}/ladder").get_json()
    return _without_ids(
        {
            "name": body["name"],
            "players": [p["name"] for p in body["players"]],
            "matches": matches,
            "standings": body["standings"],
            "stats": _names_for_ids(stats, body),
            "ladder": ladder,
        }
    )


def _names_for_ids(stats: dict[str, Any], body: dict[str, Any]) -> Any:
    """Head to head by names (the roster's ids differ between two copies of a club)."""
    names = {p["id"]: p["name"] for p in body["players"]}
    pairs = [
        {**row, "players": [names[i] for i in row["players"]]} for row in stats["head_to_head"]
    ]
    return {**stats, "head_to_head": sorted(pairs, key=lambda r: r["players"])}


def _attach_every_format(client: Any, club: str, token: str) -> None:
    for name in SAMPLES:
        view_id, match_token = play(client, name, delete_second=True)
        response = client.post(
            f"/api/v1/clubs/{club}/attach",
            json={"match": view_id, "edit_token": match_token},
            headers={"X-Edit-Token": token},
        )
        assert response.status_code == 200, response.get_json()


def test_a_club_file_imports_into_a_new_club_with_every_total_the_same(client, app):
    club, token, _ = friday(client)
    _attach_every_format(client, club, token)
    exported = _club_file(client, club)
    assert exported["format"] == "gin-referee-club"
    response = _import(client, exported)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    assert body["id"] != club and body["matches"] == len(exported["matches"])
    assert body["already_imported"] is False and body["edit_url"].endswith("#" + body["edit_token"])
    assert _reads(client, body["id"]) == _reads(client, club)
    # the copy exports the same club (its own links aside)
    again = _club_file(client, body["id"])
    assert _without_links(again) == _without_links(exported)
    # its matches open with the new club's edit token
    first = client.get(f"/api/v1/clubs/{body['id']}").get_json()["matches"][0]["id"]
    undo = client.post(
        f"/api/v1/matches/{first}/undo", json={}, headers={"X-Edit-Token": body["edit_token"]}
    )
    assert undo.status_code == 200, undo.get_json()


def _without_links(data: dict[str, Any]) -> Any:
    order = [m["view_id"] for m in data["club"]["matches"]]
    club = {k: v for k, v in data["club"].items() if k != "view_id"}
    club["matches"] = [m["seats"] for m in data["club"]["matches"]]
    matches = sorted(data["matches"], key=lambda m: order.index(m["view_id"]))
    return {
        "club": club,
        "matches": [{k: v for k, v in m.items() if k != "view_id"} for m in matches],
    }


def test_the_same_file_twice_makes_one_club(client, app):
    club, _, _ = friday(client)
    exported = _club_file(client, club)
    first = _import(client, exported)
    assert first.status_code == 201
    counts = {m: _count(app, m) for m in ("Club", "ClubMember", "Match", "Hand", "AuditEntry")}
    # the same content, written out differently (another spacing, another key order)
    text = json.dumps(exported, indent=4, sort_keys=False)
    second = _import(client, text)
    assert second.status_code == 200, second.get_json()
    body = second.get_json()
    assert body["already_imported"] is True and body["id"] == first.get_json()["id"]
    assert "edit_token" not in body
    assert {m: _count(app, m) for m in counts} == counts


def _broken_hand(data: dict[str, Any]) -> dict[str, Any]:
    data["matches"][-1]["hands"][0]["data"]["knocker_deadwood"] = 99
    return data


def _unknown_seat(data: dict[str, Any]) -> dict[str, Any]:
    data["club"]["matches"][0]["seats"][0] = "Zed"
    return data


def _missing_match(data: dict[str, Any]) -> dict[str, Any]:
    data["matches"].pop()
    return data


def _match_file(data: dict[str, Any]) -> dict[str, Any]:
    return {"format": "gin-referee-match", "version": 1, "match": data["matches"][0]}


def _newer(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "version": 99}


def _twice_on_roster(data: dict[str, Any]) -> dict[str, Any]:
    data["club"]["members"].append("ann")
    return data


def _seat_of_lists(data: dict[str, Any]) -> dict[str, Any]:
    data["club"]["matches"][0]["seats"] = [[["Ann"]], "Ben", "Cat"]
    return data


def _broken_change_log(data: dict[str, Any]) -> dict[str, Any]:
    data["matches"][1]["audit"][0]["before"] = [1, 2]
    return data


def _one_player_two_seats(data: dict[str, Any]) -> dict[str, Any]:
    seats = data["club"]["matches"][0]["seats"]
    seats[1] = seats[0]
    return data


def _created_before_year_1(data: dict[str, Any]) -> dict[str, Any]:
    data["club"]["created_at"] = "0001-01-01T00:00:00+23:59"  # year 0 in UTC
    return data


def _created_after_9999(data: dict[str, Any]) -> dict[str, Any]:
    data["club"]["created_at"] = "9999-12-31T23:59:59-14:00"  # year 10000 in UTC
    return data


def _match_created_after_9999(data: dict[str, Any]) -> dict[str, Any]:
    data["matches"][0]["created_at"] = "9999-12-31T23:59:59-14:00"
    return data


@pytest.mark.parametrize(
    ("spoil", "field", "says"),
    [
        (_one_player_two_seats, "club.matches[0].seats", "one seat at most"),
        (_broken_change_log, "matches[1].audit[0].before", "as an object"),
        (_seat_of_lists, "club.matches[0].seats", "one roster name"),
        (_created_before_year_1, "club.created_at", "between the years 1 and 9999"),
        (_created_after_9999, "club.created_at", "between the years 1 and 9999"),
        (_match_created_after_9999, "matches[0]", "between the years 1 and 9999"),
        (_broken_hand, "matches[", "hand 1"),
        (_unknown_seat, "club.matches[0].seats", "roster name"),
        (_missing_match, "club.matches", "not in the file"),
        (_match_file, "format", "one match"),
        (_newer, "version", "newer"),
        (_twice_on_roster, "club.members", "different name"),
    ],
)
def test_a_file_refused_anywhere_changes_nothing(client, app, spoil, field, says):
    club, _, _ = friday(client)
    data = spoil(_club_file(client, club))
    counts = {m: _count(app, m) for m in ("Club", "ClubMember", "Match", "Hand", "Player")}
    response = _import(client, data)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"].startswith(field) and says in error["reason"], error
    assert {m: _count(app, m) for m in counts} == counts


def test_a_truncated_file_is_refused(client, app):
    club, _, _ = friday(client)
    text = client.get(f"/c/{club}/export.json").get_data(as_text=True)
    response = _import(client, text[: len(text) // 2])
    assert response.status_code == 400
    assert "truncated" in response.get_json()["error"]["reason"]
    assert _count(app, "Club") == 1


def test_the_import_page_takes_a_club_file(client, app):
    import io

    club, _, _ = friday(client)
    raw = client.get(f"/c/{club}/export.json").data
    page = client.get("/clubs/import")
    assert page.status_code == 200 and b"Import a club" in page.data
    token = csrf_from(page.get_data(as_text=True))
    bad = client.post(
        "/clubs/import",
        data={"csrf_token": token, "file": (io.BytesIO(b"{}"), "club.json")},
        content_type="multipart/form-data",
    )
    assert bad.status_code == 400 and b"not a Gin Referee club file" in bad.data
    done = client.post(
        "/clubs/import",
        data={"csrf_token": token, "file": (io.BytesIO(raw), "club.json")},
        content_type="multipart/form-data",
    )
    assert done.status_code == 302
    new_page = client.get(done.headers["Location"])
    assert new_page.status_code == 200 and b"Friday" in new_page.data
    assert b"Imported as a new club" in new_page.data
    assert _count(app, "Club") == 2
    again = client.post(
        "/clubs/import",
        data={"csrf_token": token, "file": (io.BytesIO(raw), "club.json")},
        content_type="multipart/form-data",
    )
    assert again.status_code == 302 and again.headers["Location"] == done.headers["Location"]
    assert _count(app, "Club") == 2


def test_the_shell_exports_and_imports_a_club(client, app, tmp_path):
    club, _, _ = friday(client)
    path = tmp_path / "club.json"
    runner = app.test_cli_runner()
    out = runner.invoke(args=["export-club", club, str(path)])
    assert out.exit_code == 0, out.output
    first = runner.invoke(args=["import-club", str(path)])
    assert first.exit_code == 0 and "Edit link" in first.output, first.output
    second = runner.invoke(args=["import-club", str(path)])
    assert second.exit_code == 0 and "Imported before" in second.output, second.output
    assert _count(app, "Club") == 2
    path.write_text('{"format": "gin-referee-backup", "version": 1}')
    refused = runner.invoke(args=["import-club", str(path)])
    assert refused.exit_code != 0 and "Nothing imported" in refused.output
    missing = runner.invoke(args=["export-club", "nope", str(path)])
    assert missing.exit_code != 0 and "No club" in missing.output


def test_an_empty_club_round_trips(client, app):
    club, _ = make_club(client, "Ann", "Ben")
    response = _import(client, _club_file(client, club))
    assert response.status_code == 201, response.get_json()
    players = client.get(f"/api/v1/clubs/{response.get_json()['id']}").get_json()["players"]
    assert [p["name"] for p in players] == ["Ann", "Ben"]


def test_an_imported_clubs_matches_have_links_of_their_own(client, app, other_client):
    """A match's edit link never edits its club: each imported match has its own link, and
    the club's link opens the club's matches by the club's right, which replacing the club's
    link takes away."""
    from tests.web.helpers import csrf_from, open_edit_link

    club, _, _ = friday(client)
    made = _import(client, _club_file(client, club)).get_json()
    club_token = made["edit_token"]
    read = client.get(f"/api/v1/clubs/{made['id']}").get_json()
    view_id = read["matches"][0]["id"]
    from referee.models import Club, Match

    with app.app_context():
        match, new_club = Match.by_view_id(view_id), Club.by_view_id(made["id"])
        assert match is not None and new_club is not None
        assert match.edit_token_hash != new_club.edit_token_hash
        match_token = match.edit_token()
    assert match_token and match_token != club_token
    # the match's own link: its hands, not the club
    knock = {"kind": "knock", "knocker": "Ann", "knocker_deadwood": 5, "defender_deadwood": 20}
    hands = f"/api/v1/matches/{view_id}/hands"
    assert client.post(hands, json=knock, headers={"X-Edit-Token": match_token}).status_code == 201
    club_write = client.post(
        f"/api/v1/clubs/{made['id']}/players/{read['players'][0]['id']}",
        json={"name": "Annie"},
        headers={"X-Edit-Token": match_token},
    )
    assert club_write.status_code == 403
    # the club's link opens its matches, on the API and in a browser that opened it
    assert client.post(hands, json=knock, headers={"X-Edit-Token": club_token}).status_code == 201
    assert open_edit_link(other_client, f"/c/{made['id']}/edit#{club_token}").status_code == 302
    page = other_client.get(f"/m/{view_id}").get_data(as_text=True)
    assert f"/m/{view_id}/hands/new" in page
    # replacing the club's link takes that right away everywhere
    token = csrf_from(other_client.get(f"/c/{made['id']}/link").get_data(as_text=True))
    replaced = other_client.post(f"/c/{made['id']}/link/replace", data={"csrf_token": token})
    assert replaced.status_code == 302
    assert client.post(hands, json=knock, headers={"X-Edit-Token": club_token}).status_code == 403
    assert f"/m/{view_id}/hands/new" in other_client.get(f"/m/{view_id}").get_data(as_text=True)
    assert client.post(hands, json=knock, headers={"X-Edit-Token": match_token}).status_code == 201


def test_whoever_imports_a_file_first_cannot_keep_its_owner_from_importing_it(
    client, app, other_client
):
    """Anyone with a club's view link can download its file: a stranger's import of it must
    not leave its owner with "already imported" and no link."""
    import io

    from tests.web.helpers import csrf_from

    club, _, _ = friday(client)
    body = json.dumps(_club_file(client, club)).encode()

    def upload(who: Any) -> Any:
        token = csrf_from(who.get("/clubs/import").get_data(as_text=True))
        return who.post(
            "/clubs/import",
            data={"csrf_token": token, "file": (io.BytesIO(body), "club.json")},
            content_type="multipart/form-data",
        )

    squatted = upload(other_client)
    assert squatted.status_code == 302
    clubs = _count(app, "Club")
    mine = upload(client)
    assert mine.status_code == 302 and _count(app, "Club") == clubs + 1
    assert mine.headers["Location"] != squatted.headers["Location"]
    again = upload(client)  # the owner's own import again: the club it made
    assert again.headers["Location"] == mine.headers["Location"]
    assert _count(app, "Club") == clubs + 1
    # through the API, ?as_new=1 makes a club of its own with its link
    api = client.post("/api/v1/clubs/import?as_new=1", data=body, content_type="application/json")
    assert api.status_code == 201 and "edit_token" in api.get_json()
    retried = client.post("/api/v1/clubs/import", data=body, content_type="application/json")
    assert retried.status_code == 200 and retried.get_json()["already_imported"] is True
