"""Clubs: a roster across matches, matches started from it or attached later, renames and
merges that carry the history, the club's links; and the statistics counted from the stored
hands, checked against figures worked out by hand."""

from __future__ import annotations

from typing import Any

from tests.web.every_format import gin, knock
from tests.web.helpers import csrf_from


def make_club(client: Any, *players: str) -> tuple[str, str]:
    response = client.post("/api/v1/clubs", json={"name": "Friday", "players": list(players)})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return body["id"], body["edit_token"]


def start(client: Any, club: str, token: str, players: list[str], preset: str, **extra: Any):
    response = client.post(
        f"/api/v1/clubs/{club}/matches",
        json={"players": players, "preset": preset, **extra},
        headers={"X-Edit-Token": token},
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"], response.get_json()["edit_token"]


def hands(client: Any, view_id: str, token: str, *bodies: dict[str, Any]) -> list[int]:
    ids = []
    for body in bodies:
        response = client.post(
            f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
        )
        assert response.status_code == 201, response.get_json()
        ids.append(response.get_json()["hand"]["id"])
    return ids


def stats(client: Any, club: str, **query: str) -> Any:
    return client.get(f"/api/v1/clubs/{club}/stats", query_string=query)


def by_name(body: dict[str, Any]) -> dict[str, Any]:
    return {p["name"]: p for p in body["players"]}


def friday(client: Any) -> tuple[str, str, dict[str, Any]]:
    """The fixture: Ann beats Ben at American gin (a finished game), and a Cutthroat match of
    Ann, Ben and Cat in play."""
    club, token = make_club(client, "Ann", "Ben", "Cat")
    two, two_token = start(client, club, token, ["Ann", "Ben"], "american", stake_per_point="0.10")
    hands(
        client, two, two_token,
        knock("Ann", 5, 20),  # Ann knocks: 15
        gin("Ben", 30),  # Ben gin: 25 + 30 = 55
        knock("Ben", 9, 7),  # Ann undercuts: 2 + 25 = 27
        gin("Ann", 60),  # Ann gin: 25 + 60 = 85; Ann 127 – 55 ends the game
    )  # fmt: skip
    three, three_token = start(client, club, token, ["Ann", "Ben", "Cat"], "cutthroat")
    cut_ids = hands(
        client, three, three_token,
        knock("Ben", 5, 20),  # Ben v Cat: Ben knocks, 15
        gin("Ann", 33),  # Ann v Ben: Ann gin, 25 + 33 = 58
        knock("Cat", 8, 3),  # Ann v Cat: Ann undercuts, 5 + 25 = 30
    )  # fmt: skip
    return club, token, {"two": two, "three": three, "three_token": three_token, "ids": cut_ids}


def test_statistics_match_the_figures_worked_out_by_hand(client):
    club, _, played = friday(client)
    body = stats(client, club).get_json()
    assert body["matches"] == 2
    ann, ben, cat = (by_name(body)[n]["overall"] for n in ("Ann", "Ben", "Cat"))
    assert (ann["matches"], ann["matches_won"], ann["games"], ann["games_won"]) == (2, 1, 1, 1)
    assert (ann["hands"], ann["hands_won"]) == (6, 5)
    assert (ann["knocks"], ann["gins"], ann["big_gins"], ann["undercuts"]) == (1, 2, 0, 2)
    assert ann["average_points_per_hand_won"] == 43.0  # (15 + 27 + 85 + 58 + 30) / 5
    assert ann["gin_rate"] == round(2 / 6, 3)
    # Ann's game: 127 hand points + 3 boxes of 25 + 100 for the game (docs/rules.md, American)
    final = client.get(f"/api/v1/matches/{played['two']}").get_json()
    assert ann["biggest_game"] == 302 == max(final["game"]["final"].values())
    assert ann["shutouts"] == 0
    assert (ben["hands"], ben["hands_won"], ben["knocks"], ben["gins"]) == (6, 2, 2, 1)
    assert (ben["matches_won"], ben["games_won"], ben["biggest_game"]) == (0, 0, None)
    assert (cat["hands"], cat["hands_won"], cat["knocks"], cat["undercuts"]) == (2, 0, 1, 0)
    # money: Ann wins 302 − 80 = 222 points at 0.10
    assert ann["money"] == {"stake": "22.2000"} and ben["money"] == {"stake": "-22.2000"}
    by_format = by_name(body)["Ann"]["by_format"]
    assert set(by_format) == {"two_handed", "cutthroat"}
    assert by_format["cutthroat"]["hands_won"] == 2 and by_format["two_handed"]["hands"] == 4
    ids = {p["name"]: p["id"] for p in body["players"]}
    assert body["head_to_head"] == [
        {"players": [ids["Ann"], ids["Ben"]], "games": 1, "won": [1, 0]}
    ]


def test_statistics_follow_an_edit_and_a_date_range(client):
    club, _, played = friday(client)
    # Cat's knock of 8 against Ann's 3 becomes 8 against 12: Cat wins it
    response = client.patch(
        f"/api/v1/matches/{played['three']}/hands/{played['ids'][2]}",
        json={"defender_deadwood": 12, "version": 1},
        headers={"X-Edit-Token": played["three_token"]},
    )
    assert response.status_code == 200, response.get_json()
    cat = by_name(stats(client, club).get_json())["Cat"]["overall"]
    assert (cat["hands_won"], cat["knocks"]) == (1, 1)
    empty = stats(client, club, **{"from": "2999-01-01"}).get_json()
    assert (
        empty["matches"] == 0
        and "No match of this club was started in this range" in (empty["empty"])
    )
    backwards = stats(client, club, **{"from": "2026-02-01", "to": "2026-01-01"})
    assert (
        backwards.status_code == 400
        and "before its start" in backwards.get_json()["error"]["reason"]
    )
    page = client.get(f"/c/{club}/stats?from=2999-01-01").get_data(as_text=True)
    assert "No match of this club was started in this range." in page
    bad = client.get(f"/c/{club}/stats?from=soon")
    assert bad.status_code == 400 and "is not a date" in bad.get_data(as_text=True)


def test_rename_and_merge_carry_the_history(client):
    club, token, _ = friday(client)
    headers = {"X-Edit-Token": token}
    # a match with a new name: Benny joins the roster
    benny, benny_token = start(client, club, token, ["Cat", "Benny"], "american")
    hands(client, benny, benny_token, gin("Benny", 20))
    read = client.get(f"/api/v1/clubs/{club}").get_json()
    ids = {p["name"]: p["id"] for p in read["players"]}
    assert set(ids) == {"Ann", "Ben", "Benny", "Cat"}
    url = f"/api/v1/clubs/{club}/players"
    # merging a player into themselves, or into someone they played against, is refused
    same = client.post(f"{url}/{ids['Ben']}", json={"merge_into": ids["Ben"]}, headers=headers)
    assert same.status_code == 400 and "into themselves" in same.get_json()["error"]["reason"]
    rivals = client.post(f"{url}/{ids['Ann']}", json={"merge_into": ids["Ben"]}, headers=headers)
    assert rivals.status_code == 400 and "same match" in rivals.get_json()["error"]["reason"]
    # a rename onto an existing name says to merge instead
    clash = client.post(f"{url}/{ids['Benny']}", json={"name": "ben"}, headers=headers)
    assert clash.status_code == 400 and "merge" in clash.get_json()["error"]["reason"]
    merged = client.post(f"{url}/{ids['Benny']}", json={"merge_into": ids["Ben"]}, headers=headers)
    assert merged.status_code == 200, merged.get_json()
    renamed = client.post(f"{url}/{ids['Ben']}", json={"name": "Benjamin"}, headers=headers)
    assert [p["name"] for p in renamed.get_json()["players"]] == ["Ann", "Benjamin", "Cat"]
    benjamin = by_name(stats(client, club).get_json())["Benjamin"]["overall"]
    assert (benjamin["matches"], benjamin["gins"], benjamin["hands"]) == (3, 2, 7)
    # without the club's edit token nothing changes
    assert client.post(f"{url}/{ids['Ann']}", json={"name": "X"}).status_code == 403


def test_a_lone_match_is_attached_with_its_edit_link(client):
    club, token, _ = friday(client)
    response = client.post(
        "/api/v1/matches", json={"players": ["Ann", "Dot"], "preset": "american"}
    )
    lone, lone_token = response.get_json()["id"], response.get_json()["edit_token"]
    url = f"/api/v1/clubs/{club}/attach"
    wrong = client.post(
        url, json={"match": lone, "edit_token": "nope"}, headers={"X-Edit-Token": token}
    )
    assert wrong.status_code == 400 and wrong.get_json()["error"]["field"] == "edit_token"
    ok = client.post(
        url, json={"match": lone, "edit_token": lone_token}, headers={"X-Edit-Token": token}
    )
    assert ok.status_code == 200
    body = ok.get_json()
    assert lone in [m["id"] for m in body["matches"]]
    assert "Dot" in [p["name"] for p in body["players"]]
    # another club cannot take it
    other, other_token = make_club(client, "Zed")
    taken = client.post(
        f"/api/v1/clubs/{other}/attach",
        json={"match": lone, "edit_token": lone_token},
        headers={"X-Edit-Token": other_token},
    )
    assert taken.status_code == 400 and "another club" in taken.get_json()["error"]["reason"]


def test_the_club_pages_start_a_match_from_the_roster(client, other_client):
    page = client.get("/clubs/new")
    created = client.post(
        "/clubs/new",
        data={
            "csrf_token": csrf_from(page.get_data(as_text=True)),
            "name": "Home",
            "roster": "Ann\nBen\n",
        },
    )
    assert created.status_code == 302
    club = created.headers["Location"].rstrip("/").split("/")[-1]
    html = client.get(f"/c/{club}").get_data(as_text=True)
    assert 'data-testid="club-start"' in html and '<option value="Ann">' in html
    token = csrf_from(html)
    bad = client.post(
        f"/c/{club}/matches",
        data={"csrf_token": token, "preset": "american", "player_0": "Ann", "player_1": "ann"},
    )
    assert bad.status_code == 400 and "different names" in bad.get_data(as_text=True)
    started = client.post(
        f"/c/{club}/matches",
        data={"csrf_token": token, "preset": "american", "player_0": "Ann", "player_1": "Cy"},
    )
    assert started.status_code == 302 and "/m/" in started.headers["Location"]
    html = client.get(f"/c/{club}").get_data(as_text=True)
    assert "Ann v Cy" in html and 'data-testid="player-link">Cy</a>' in html
    merged = client.post(
        f"/c/{club}/members/merge", data={"csrf_token": token, "duplicate": "1", "into": "1"}
    )
    assert merged.status_code == 400 and "cannot be merged into themselves" in merged.get_data(
        as_text=True
    )
    # a phone with the view link only reads: no forms, and a POST is refused
    view = other_client.get(f"/c/{club}").get_data(as_text=True)
    assert "Ann v Cy" in view and 'data-testid="club-start"' not in view
    other_token = csrf_from(other_client.get("/clubs/new").get_data(as_text=True))
    refused = other_client.post(f"/c/{club}/members", data={"name": "X", "csrf_token": other_token})
    assert refused.status_code == 403
    assert '<span class="name">X</span>' not in client.get(f"/c/{club}").get_data(as_text=True)
    assert client.get("/c/nope").status_code == 404


def test_a_partnerships_money_is_shared_by_the_partners_half_each(client):
    """docs/rules.md §7 settles a partnership team against team and splits nothing per partner, so
    each partner counts half of what the team paid or got; the four add up to nothing."""
    from decimal import Decimal

    club, token = make_club(client, "Ann", "Ben", "Cat", "Dan")
    match, match_token = start(
        client, club, token, ["Ann", "Ben", "Cat", "Dan"], "partnership", stake_per_point="0.05"
    )
    hands(client, match, match_token, {"tables": [gin("Ann", 61), gin("Cat", 60)]})
    read = client.get(f"/api/v1/matches/{match}").get_json()
    assert read["game"]["over"] or read["games"], read["game"]
    settlement = read["settlement"]
    players = by_name(stats(client, club).get_json())
    money = {n: Decimal(players[n]["overall"]["money"]["stake"]) for n in players}
    paid = Decimal(str(settlement["amount"]))
    assert paid > 0
    assert money["Ann"] == money["Cat"] == paid / 2
    assert money["Ben"] == money["Dan"] == -paid / 2
    assert sum(money.values()) == 0


def _as_scorer(client: Any, app: Any, view_id: str) -> None:
    """This client opens the match's edit link (a new one, as "Replace the edit link" makes)."""
    from referee.models import Match, db
    from tests.web.helpers import open_edit_link

    with app.app_context():
        token = Match.new_token()
        match = Match.by_view_id(view_id)
        assert match is not None
        match.set_edit_token(token)
        db.session.commit()
    assert open_edit_link(client, f"/m/{view_id}/edit#{token}").status_code == 302


def _post_button(client: Any, view_id: str, action: str) -> int:
    token = csrf_from(client.get(f"/m/{view_id}").get_data(as_text=True))
    return int(client.post(f"/m/{view_id}/{action}", data={"csrf_token": token}).status_code)


def _club_reads(client: Any, club: str) -> tuple[list[str], int, str, Any]:
    matches = [m["id"] for m in client.get(f"/api/v1/clubs/{club}").get_json()["matches"]]
    ann = by_name(stats(client, club).get_json())["Ann"]["overall"]["matches"]
    exported = client.get(f"/api/v1/clubs/{club}/export").get_data(as_text=True)
    return matches, ann, exported, client.get(f"/api/v1/clubs/{club}/ladder").get_json()


def test_a_deleted_match_leaves_the_club_and_is_purged_after_its_undo_window(client, app):
    from tests.web.test_export_import import _cli, _count

    club, _, played = friday(client)
    two = played["two"]
    matches, ann, exported, ladder = _club_reads(client, club)
    assert two in matches and ann == 2 and two in exported
    _as_scorer(client, app, two)
    assert _post_button(client, two, "delete") == 302

    matches, ann, exported, gone = _club_reads(client, club)
    assert two not in matches and ann == 1 and two not in exported
    assert two not in client.get(f"/c/{club}").get_data(as_text=True)
    assert gone != ladder  # its finished game no longer moves anyone's rating
    # "Undo" within the window: the club counts it again
    token = csrf_from(client.get("/new").get_data(as_text=True))
    restored = client.post(f"/m/{two}/restore", data={"csrf_token": token})
    assert restored.status_code == 302
    back = _club_reads(client, club)
    assert two in back[0] and back[1] == 2 and back[3] == ladder

    # past the window it goes for good, its hands and change log with it
    counts = _count(app, "Match"), _count(app, "Hand"), _count(app, "AuditEntry")
    assert _post_button(client, two, "delete") == 302
    assert _count(app, "Match") == counts[0]  # its window is open: "Undo" still works
    import datetime as dt

    from referee.models import Match, db

    with app.app_context():
        match = Match.by_view_id(two)
        assert match is not None
        match.deleted_at = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=11)
        db.session.commit()
    result = _cli(app, "purge-deleted")
    assert result.exit_code == 0 and "1 deleted matches removed" in result.output
    after = _count(app, "Match"), _count(app, "Hand"), _count(app, "AuditEntry")
    assert after[0] == counts[0] - 1 and after[1] == counts[1] - 4 and after[2] < counts[2]
    assert client.get(f"/m/{two}").status_code == 404


def test_a_club_write_without_its_link_asks_for_the_clubs_link(client, other_client):
    club, _ = make_club(client, "Ann", "Ben")
    refused = other_client.post(f"/api/v1/clubs/{club}/matches", json={"players": ["Ann", "Ben"]})
    assert refused.status_code == 403
    assert refused.get_json()["error"]["reason"].startswith("This needs the club's edit link")
    german = other_client.post(
        f"/api/v1/clubs/{club}/attach", json={}, headers={"Accept-Language": "de"}
    )
    assert german.status_code == 403 and "club" in german.get_json()["error"]["reason"]
