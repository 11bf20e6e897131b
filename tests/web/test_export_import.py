"""Export and import: every format's match round-trips through its JSON file to identical
reads (every total the same); the CSV has a row per hand with the ruling's numbers; the whole
instance goes out and back in as one backup file, all or nothing, never twice; files that are
not ours, cut short or too new are refused with a clear message and nothing stored."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

from tests.web.every_format import SAMPLES, play
from tests.web.helpers import csrf_from

IDS = {
    "id",
    "view_url",
    "edit_url",
    "settlement_url",
    "page_url",
    "created_at",
    "edited_at",
    "revision",
}


def _without_ids(value: Any) -> Any:
    """A read with what differs between two copies of a match (ids, links, dates) left out."""
    if isinstance(value, dict):
        return {k: _without_ids(v) for k, v in value.items() if k not in IDS}
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def _export(client: Any, view_id: str) -> dict[str, Any]:
    response = client.get(f"/m/{view_id}/export.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    return json.loads(response.get_data(as_text=True))


def _file(client: Any, view_id: str) -> bytes:
    return bytes(client.get(f"/m/{view_id}/export.json").data)


def _import(client: Any, body: Any) -> Any:
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post("/api/v1/matches/import", data=data, content_type="application/json")


def _count(app: Any, model: str) -> int:
    from sqlalchemy import func, select

    from referee import models
    from referee.models import db

    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(getattr(models, model))))


@pytest.mark.parametrize("name", list(SAMPLES))
def test_every_format_round_trips_to_identical_reads(client, name):
    view_id, _ = play(client, name, delete_second=True)
    exported = _export(client, view_id)
    assert exported["format"] == "gin-referee-match" and exported["version"] == 1
    assert "edit_token_hash" not in exported["match"]  # the view link never gives edit rights
    assert any(h["deleted_at"] for h in exported["match"]["hands"])  # deleted hands travel too
    response = _import(client, exported)
    assert response.status_code == 201, response.get_json()
    new_id, token = response.get_json()["id"], response.get_json()["edit_token"]
    assert new_id != view_id
    before = client.get(f"/api/v1/matches/{view_id}").get_json()
    after = client.get(f"/api/v1/matches/{new_id}").get_json()
    assert _without_ids(after) == _without_ids(before)
    assert after["hands_played"] == len(SAMPLES[name][2])
    # the copy exports the same file (but its own link), and the same CSV
    again = _export(client, new_id)
    assert {**again["match"], "view_id": view_id} == exported["match"]
    assert client.get(f"/m/{new_id}/export.csv").data == client.get(f"/m/{view_id}/export.csv").data
    # the copy's change log came along, so undo walks back as it would have
    undo = client.post(f"/api/v1/matches/{new_id}/undo", json={}, headers={"X-Edit-Token": token})
    assert undo.status_code == 200, undo.get_json()
    undone = client.get(f"/api/v1/matches/{new_id}").get_json()
    assert undone["hands_played"] == after["hands_played"] - 1


def test_the_csv_has_a_row_per_hand_with_the_rulings_numbers(client):
    view_id, _ = play(client, "two_handed")
    response = client.get(f"/api/v1/matches/{view_id}/export?as=csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [r["hand"] for r in rows] == ["1", "2", "3", "4", "5"]
    first, second, third, fourth = rows[:4]
    assert first["knocker"] == "Ann" and first["kind"] == "knock"
    assert (first["knocker deadwood"], first["defender deadwood"]) == ("5", "20")
    assert (first["points Ann"], first["boxes Ann"], first["total Ann"]) == ("15", "1", "15")
    assert (second["points Ben"], second["total Ben"]) == ("55", "55")
    assert third["entry"] == "cards" and third["knocker deadwood"] != ""
    assert fourth["what happened"] == "Ann undercuts +27"
    assert rows[-1]["total Ann"] == "174"


def test_the_json_api_exports_and_scoreboard_links_download(client):
    view_id, _ = play(client, "hollywood")
    body = client.get(f"/api/v1/matches/{view_id}/export").get_json()
    assert body["match"]["variant"] == "hollywood" and len(body["match"]["hands"]) == 4
    assert body["match"]["rules"]["hollywood"] is True
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert f"/m/{view_id}/export.csv" in page and f"/m/{view_id}/export.json" in page
    assert client.get("/api/v1/matches/nope/export").status_code == 404


BAD_FILES = [
    ("not json", b"Ann,Ben\n1,2\n", "not valid JSON"),
    ("truncated", None, "ends early"),
    ("not ours", json.dumps({"players": ["Ann", "Ben"]}), "not a Gin Referee export"),
    ("newer", "NEWER", "newer Gin Referee"),
    ("unfoldable", "UNFOLDABLE", "hand 1"),
    ("unknown format", "UNKNOWN", "is not a format this server knows"),
]


def _bad(client: Any, view_id: str, kind: Any) -> Any:
    good = _export(client, view_id)
    if kind is None:
        return json.dumps(good)[:-40]
    if kind == "NEWER":
        return json.dumps({**good, "version": 99})
    if kind == "UNFOLDABLE":
        good["match"]["hands"][0]["data"]["knocker_deadwood"] = 60  # a knock on 60 is illegal
        return json.dumps(good)
    if kind == "UNKNOWN":
        good["match"]["variant"] = "canasta"
        return json.dumps(good)
    return kind


def test_bad_files_are_refused_with_a_clear_message(client, app):
    view_id, _ = play(client, "two_handed")
    matches, hands = _count(app, "Match"), _count(app, "Hand")
    for label, kind, says in BAD_FILES:
        response = _import(client, _bad(client, view_id, kind))
        assert response.status_code == 400, label
        assert says in response.get_json()["error"]["reason"], (label, response.get_json())
    assert (_count(app, "Match"), _count(app, "Hand")) == (matches, hands)


def test_the_import_page_takes_a_file_and_says_what_is_wrong(client, app):
    view_id, _ = play(client, "cutthroat")
    page = client.get("/import")
    token = csrf_from(page.get_data(as_text=True))
    bad = client.post(
        "/import",
        data={"csrf_token": token, "file": (io.BytesIO(b'{"format": "x"}'), "x.json")},
        content_type="multipart/form-data",
    )
    assert bad.status_code == 400
    assert "Not imported: format: this is not a Gin Referee export" in bad.get_data(as_text=True)
    assert _count(app, "Match") == 1
    good = client.post(
        "/import",
        data={
            "csrf_token": token,
            "file": (io.BytesIO(client.get(f"/m/{view_id}/export.json").data), "m.json"),
        },
        content_type="multipart/form-data",
    )
    assert good.status_code == 302
    new_id = good.headers["Location"].rstrip("/").split("/")[-1]
    assert new_id != view_id and _count(app, "Match") == 2
    # the importing browser keeps the new match's edit link
    assert "/hands/new" in client.get(f"/m/{new_id}").get_data(as_text=True)


# -- the whole instance ------------------------------------------------------------------------


def _cli(app: Any, *args: str) -> Any:
    return app.test_cli_runner().invoke(args=list(args))


def test_the_backup_goes_out_and_back_in_once_and_all_or_nothing(client, app, tmp_path):
    first, token = play(client, "partnership")
    play(client, "battle_royal", delete_second=True)
    club = client.post("/api/v1/clubs", json={"name": "Friday", "players": ["Ann"]}).get_json()
    attached = client.post(
        f"/api/v1/clubs/{club['id']}/attach",
        json={"match": first, "edit_token": token},
        headers={"X-Edit-Token": club["edit_token"]},
    )
    assert attached.status_code == 200, attached.get_json()
    ruling = client.post(
        "/api/v1/rulings",
        json={
            "knocker": "AS 2S 3S 4H 5H 6H 7C 7D 7H 2C",
            "defender": "KS KH KD QC JC 9D 8D 3C 4C 5D",
        },
    )
    assert ruling.status_code in (200, 201), ruling.get_json()
    path = tmp_path / "backup.json"
    result = _cli(app, "export", str(path))
    assert result.exit_code == 0, result.output
    backup = json.loads(path.read_text())
    assert backup["format"] == "gin-referee-backup" and len(backup["matches"]) == 2
    assert all(len(m["edit_token_hash"]) == 64 for m in backup["matches"])
    assert [r["short_id"] for r in backup["rulings"]] == [ruling.get_json()["id"]]

    # the same file again adds nothing
    result = _cli(app, "import", str(path))
    assert result.exit_code == 0, result.output
    assert (
        "0 matches added, 2 already here; 0 rulings added, 1 already here; "
        "0 clubs added, 1 already here" in result.output
    )
    assert _count(app, "Match") == 2

    # a database that lost a match gets it back with its links: the old edit token still works
    from referee.models import Club, Match, db

    with app.app_context():
        db.session.delete(Match.by_view_id(first))
        db.session.delete(Club.by_view_id(club["id"]))
        db.session.commit()
    before = _count(app, "Hand"), _count(app, "AuditEntry")
    result = _cli(app, "import", str(path))
    assert "1 matches added, 1 already here" in result.output, result.output
    assert "1 clubs added, 0 already here" in result.output, result.output
    restored = client.get(f"/api/v1/clubs/{club['id']}").get_json()
    assert [m["id"] for m in restored["matches"]] == [first]
    assert [p["name"] for p in restored["players"]] == ["Ann", "Ben", "Cat", "Dan"]
    assert restored["standings"][0]["hands"] == 2  # Ann's seat is hers again
    assert _count(app, "Match") == 2 and _count(app, "Hand") > before[0]
    read = client.get(f"/api/v1/matches/{first}").get_json()
    assert read["totals"] == {"Ann & Cat": 28, "Ben & Dan": 24}
    undo = client.post(f"/api/v1/matches/{first}/undo", json={}, headers={"X-Edit-Token": token})
    assert undo.status_code == 200, undo.get_json()

    # a backup whose second match cannot be taken changes nothing, not even the first
    with app.app_context():
        db.session.delete(Match.by_view_id(first))
        db.session.commit()
    broken = json.loads(path.read_text())
    broken["matches"][1]["view_id"] = "brand-new-id"
    broken["matches"][1]["hands"][0]["data"]["seat_deadwoods"] = [99, 1, 2]
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(broken))
    counts = _count(app, "Match"), _count(app, "Hand"), _count(app, "AuditEntry")
    result = _cli(app, "import", str(bad))
    assert (
        result.exit_code != 0 and "Nothing imported. matches[1].hands[0]: hand 1" in result.output
    ), result.output
    assert (_count(app, "Match"), _count(app, "Hand"), _count(app, "AuditEntry")) == counts


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"format": "gin-referee-backup", "version": 1, "matches": [', "ends early"),
        ('{"format": "gin-referee-backup", "version": 7}', "version 7, made by a newer"),
        ('{"hello": "world"}', "not a Gin Referee export"),
        ('{"format": "gin-referee-match", "version": 1, "match": {}}', "holds one match"),
    ],
)
def test_the_backup_import_refuses_files_that_are_not_a_backup(app, tmp_path, text, says):
    path = tmp_path / "file.json"
    path.write_text(text)
    result = _cli(app, "import", str(path))
    assert result.exit_code != 0
    assert says in result.output, result.output


def _csv_rows(client: Any, view_id: str) -> list[dict[str, str]]:
    response = client.get(f"/m/{view_id}/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))


def test_the_contract_rummy_csv_has_each_players_contract_made_and_penalty(client):
    view_id, _ = play(client, "contract")
    rows = _csv_rows(client, view_id)
    assert [r["hand"] for r in rows] == ["1", "2", "3"]
    first, second, third = rows
    # deal 1: Ann went out; Ben laid down contract 1, Cat did not and kept 35
    assert (first["knocker"], first["kind"], first["entry"]) == ("Ann", "out", "counts")
    assert [first[f"contract {n}"] for n in ("Ann", "Ben", "Cat")] == ["1", "1", "1"]
    assert [first[f"made {n}"] for n in ("Ann", "Ben", "Cat")] == ["yes", "yes", "no"]
    assert [first[f"penalty {n}"] for n in ("Ann", "Ben", "Cat")] == ["0", "20", "35"]
    # deal 2 by cards: Ann is left with A♠, a joker and K♦, a penalty of 40 by the rules
    assert second["entry"] == "cards" and second["penalty Ann"] == "40"
    assert [second[f"points {n}"] for n in ("Ann", "Ben", "Cat")] == ["40", "0", "3"]
    assert [third[f"total {n}"] for n in ("Ann", "Ben", "Cat")] == ["52", "28", "38"]
    # the columns every format has come first, in the same order
    assert list(first)[:7] == [
        "hand",
        "game",
        "what happened",
        "entry",
        "kind",
        "knocker",
        "dealer",
    ]


def test_the_twelve_step_csv_follows_each_players_own_contract(client):
    view_id, _ = play(client, "twelve_step")
    first, second = _csv_rows(client, view_id)
    assert (first["contract Ann"], first["contract Ben"]) == ("1", "1")
    assert (first["made Ann"], first["made Ben"]) == ("yes", "no")
    # Ben did not make contract 1 in deal 1, so he is still on it in deal 2
    assert (second["contract Ann"], second["contract Ben"]) == ("2", "1")
    assert (second["total Ann"], second["total Ben"]) == ("0", "34")


def test_the_gem_rummy_csv_has_the_dice_deadwood_and_gem_parts(client):
    view_id, _ = play(client, "gem")
    first, second, third = _csv_rows(client, view_id)
    assert (first["dice"], first["deadwood Ann"], first["deadwood Ben"]) == ("3+4", "5", "0")
    assert (first["points Ann"], first["points Ben"]) == ("0", "25")  # Ben undercuts
    assert (second["dice"], second["gem parts Ann"], second["gem parts Ben"]) == ("7", "no", "yes")
    assert (second["points Ann"], second["points Ben"]) == ("11", "8")
    assert (third["dice"], third["kind"], third["total Ben"]) == ("5+6", "gin", "143")


# -- dates and times a database can store but not give back ------------------------------------

OUT_OF_RANGE = ["0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00"]


def _times(good: dict[str, Any], where: str, when: str) -> tuple[dict[str, Any], str]:
    match = good["match"]
    if where == "match":
        match["created_at"] = when
        return good, "match.created_at"
    if where == "updated":
        match["updated_at"] = when
        return good, "match.updated_at"
    if where == "hand":
        match["hands"][0]["created_at"] = when
        return good, "match.hands[0].created_at"
    match["audit"][0]["created_at"] = when
    return good, "match.audit[0].created_at"


@pytest.mark.parametrize("when", OUT_OF_RANGE)
@pytest.mark.parametrize("where", ["match", "updated", "hand", "audit"])
def test_a_time_outside_years_1_to_9999_is_refused_and_nothing_stored(client, app, where, when):
    """An instant whose UTC value falls outside the years 1 to 9999 would be stored and then
    fail every read of the match (its pages, the backup, a re-fold): refused with its field."""
    view_id, _ = play(client, "two_handed")
    counts = _count(app, "Match"), _count(app, "Hand"), _count(app, "AuditEntry")
    spoiled, field = _times(_export(client, view_id), where, when)
    response = _import(client, spoiled)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field and "between the years 1 and 9999" in error["reason"], error
    assert (_count(app, "Match"), _count(app, "Hand"), _count(app, "AuditEntry")) == counts


def test_times_with_an_offset_are_kept_as_their_utc_instant(client, app):
    view_id, _ = play(client, "two_handed")
    good = _export(client, view_id)
    good["match"]["created_at"] = "0001-01-03T00:00:00+23:59"  # the day before, in UTC
    good["match"]["hands"][0]["created_at"] = "2026-03-01T20:15:00+01:00"
    response = _import(client, good)
    assert response.status_code == 201, response.get_json()
    new_id = response.get_json()["id"]
    assert client.get(f"/m/{new_id}").status_code == 200
    again = _export(client, new_id)["match"]
    assert again["created_at"].startswith("0001-01-02T00:01:00")
    assert again["hands"][0]["created_at"].startswith("2026-03-01T19:15:00")
    result = _cli(app, "export", str(app.instance_path) + "/all.json")
    assert result.exit_code == 0, result.output


def _empty_the_instance(app: Any) -> None:
    from referee.models import db

    with app.app_context():
        for table in reversed(db.metadata.sorted_tables):
            if table.name != "alembic_version":
                db.session.execute(table.delete())
        db.session.commit()


def test_a_backup_with_every_field_at_its_limit_restores_into_a_fresh_instance(
    client, app, tmp_path
):
    """A backup always restores: a club's name of 60 characters (clubs allow more than the 40
    of a player's name), roster and seat names of 40, a note of 500, in any script."""
    club_name = "Клуб «Пятница» · " + "Ж" * 43
    players = ["Анна-" + "Я" * 35, "B" * 40]
    assert len(club_name) == 60 and all(len(p) == 40 for p in players)
    made = client.post("/api/v1/clubs", json={"name": club_name, "players": players})
    assert made.status_code == 201, made.get_json()
    club = made.get_json()
    started = client.post(
        f"/api/v1/clubs/{club['id']}/matches",
        json={"players": players, "preset": "american", "stake_per_point": "0.25"},
        headers={"X-Edit-Token": club["edit_token"]},
    )
    assert started.status_code == 201, started.get_json()
    match = started.get_json()
    hand = client.post(
        f"/api/v1/matches/{match['id']}/hands",
        json={
            "kind": "knock",
            "knocker": players[0],
            "knocker_deadwood": 4,
            "defender_deadwood": 21,
            "note": "н" * 500,
        },
        headers={"X-Edit-Token": match["edit_token"]},
    )
    assert hand.status_code == 201, hand.get_json()
    reads = (
        client.get(f"/api/v1/clubs/{club['id']}").get_json(),
        client.get(f"/api/v1/matches/{match['id']}").get_json(),
    )
    path = tmp_path / "backup.json"
    assert _cli(app, "export", str(path)).exit_code == 0

    _empty_the_instance(app)
    assert _count(app, "Club") == 0 and _count(app, "Match") == 0
    result = _cli(app, "import", str(path))
    assert result.exit_code == 0, result.output
    assert "1 clubs added" in result.output and "1 matches added" in result.output
    restored = client.get(f"/api/v1/clubs/{club['id']}").get_json()
    assert restored["name"] == club_name
    assert _without_ids(restored) == _without_ids(reads[0])  # row ids are the new instance's
    assert client.get(f"/api/v1/matches/{match['id']}").get_json() == reads[1]
    assert client.get(f"/c/{club['id']}").status_code == 200


def test_a_backup_club_name_over_its_limit_is_refused_with_its_field(client, app, tmp_path):
    client.post("/api/v1/clubs", json={"name": "Friday", "players": ["Ann"]})
    path = tmp_path / "backup.json"
    assert _cli(app, "export", str(path)).exit_code == 0
    backup = json.loads(path.read_text())
    backup["clubs"][0]["name"] = "F" * 61
    backup["clubs"][0]["members"][0] = "A" * 41
    _empty_the_instance(app)
    path.write_text(json.dumps(backup))
    result = _cli(app, "import", str(path))
    assert result.exit_code != 0
    assert "Nothing imported. clubs[0].name: at most 60 characters" in result.output, result.output
    backup["clubs"][0]["name"] = "Friday"
    path.write_text(json.dumps(backup))
    result = _cli(app, "import", str(path))
    assert "clubs[0].members[0]: at most 40 characters" in result.output, result.output
    assert _count(app, "Club") == 0


def _deep(levels: int) -> dict[str, Any]:
    value: Any = 1
    for _ in range(levels):
        value = {"x": value}
    return value


@pytest.mark.parametrize(
    ("before", "says"),
    [([1, 2], "as an object"), ("text", "as an object"), (_deep(60), "nested at most")],
)
def test_a_change_log_entry_the_page_could_not_show_is_refused(client, app, before, says):
    view_id, _ = play(client, "two_handed")
    good = _export(client, view_id)
    good["match"]["audit"][0]["before"] = before
    counts = _count(app, "Match"), _count(app, "AuditEntry")
    response = _import(client, good)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == "match.audit[0].before" and says in error["reason"], error
    assert (_count(app, "Match"), _count(app, "AuditEntry")) == counts


def test_a_long_change_log_imports_with_its_undos_in_place(client, app):
    """Thousands of changes go in at once (one insert, not one per change), each undo still
    pointing at the change it undid."""
    view_id, _ = play(client, "two_handed")
    good = _export(client, view_id)
    audit = good["match"]["audit"]
    audit.extend({"action": "edit", "via": "api"} for _ in range(2_000))
    audit.append({"action": "undo", "via": "api", "undoes": 5})
    response = _import(client, good)
    assert response.status_code == 201, response.get_json()
    again = _export(client, response.get_json()["id"])["match"]["audit"]
    assert len(again) == len(audit)
    assert again[-1]["undoes"] == 5 and again[-1]["action"] == "undo"


@pytest.mark.parametrize(
    ("spoil", "field", "says"),
    [
        (lambda m: m.update(players=[f"P{i}" for i in range(100)]), "match.players", "seats 2"),
        (lambda m: m["hands"][0].update(dealer_seat=7), "match.hands[0].dealer_seat", "seats"),
        (lambda m: m["hands"][0].update(dealer_seat=-1), "match.hands[0].dealer_seat", "seats"),
    ],
)
def test_an_import_is_checked_as_strictly_as_the_forms(client, app, spoil, field, says):
    view_id, _ = play(client, "two_handed")
    good = _export(client, view_id)
    spoil(good["match"])
    response = _import(client, good)
    assert response.status_code == 400, response.get_json()
    error = response.get_json()["error"]
    assert error["field"] == field and says in error["reason"], error
    assert _count(app, "Match") == 1


def test_a_backup_cannot_take_a_match_of_another_club_here(client, app, tmp_path):
    club = client.post("/api/v1/clubs", json={"name": "Friday", "players": ["Ann"]}).get_json()
    started = client.post(
        f"/api/v1/clubs/{club['id']}/matches",
        json={"players": ["Ann", "Ben"], "preset": "american"},
        headers={"X-Edit-Token": club["edit_token"]},
    ).get_json()
    path = tmp_path / "backup.json"
    assert _cli(app, "export", str(path)).exit_code == 0
    backup = json.loads(path.read_text())
    other = dict(backup["clubs"][0], view_id="a-club-not-here", name="Grabbers")
    backup["clubs"] = [other]
    path.write_text(json.dumps(backup))
    result = _cli(app, "import", str(path))
    assert result.exit_code == 0 and "1 clubs added" in result.output, result.output
    grabbers = client.get("/api/v1/clubs/a-club-not-here").get_json()
    assert grabbers["matches"] == []
    friday = client.get(f"/api/v1/clubs/{club['id']}").get_json()
    assert [m["id"] for m in friday["matches"]] == [started["id"]]
