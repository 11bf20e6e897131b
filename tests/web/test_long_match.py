"""A long match stays light to read: conditional reads (ETag / If-None-Match) on the
scoreboard, the match read and the hand list; the hand list and the match read a page at a
time (newest first, complete and stable while hands are added); the small answer to a hand
write; the scoreboard showing the game in play with earlier games folded away."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.helpers import add_quick, api_match, start_match


def knock(who: str = "Ann", k: int = 5, d: int = 20) -> dict[str, Any]:
    return {"kind": "knock", "knocker": who, "knocker_deadwood": k, "defender_deadwood": d}


def add(client: Any, view_id: str, token: str, body: dict[str, Any] | None = None) -> Any:
    response = client.post(
        f"/api/v1/matches/{view_id}/hands", json=body or knock(), headers={"X-Edit-Token": token}
    )
    assert response.status_code == 201, response.get_json()
    return response


# -- conditional reads ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/m/{id}", "/api/v1/matches/{id}", "/api/v1/matches/{id}/hands?limit=5"]
)
def test_an_unchanged_match_answers_304_and_a_new_hand_a_new_tag(client: Any, path: str) -> None:
    view_id, token = api_match(client)
    add(client, view_id, token)
    url = path.format(id=view_id)
    first = client.get(url)
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag
    again = client.get(url, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == tag
    add(client, view_id, token, knock("Ben", 3, 30))
    changed = client.get(url, headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert client.get(url, headers={"If-None-Match": changed.headers["ETag"]}).status_code == 304


def test_the_tag_follows_the_parameters_the_edit_right_and_the_language(client: Any) -> None:
    view_id = start_match(client)  # this client holds the edit link
    editor = client.get(f"/m/{view_id}").headers["ETag"]
    assert client.get(f"/m/{view_id}?hands=all").headers["ETag"] != editor
    german = client.get(f"/m/{view_id}", headers={"Accept-Language": "de"}).headers["ETag"]
    assert german != editor
    with client.application.test_client() as stranger:
        viewer = stranger.get(f"/m/{view_id}", headers={"If-None-Match": editor})
        assert viewer.status_code == 200  # the editor's page has buttons a viewer's lacks
        assert viewer.headers["ETag"] != editor


# -- pages of hands ------------------------------------------------------------------------


def test_pages_of_hands_are_newest_first_and_complete(client: Any) -> None:
    view_id, token = api_match(client, rules={"game_target": 10000})
    ids = [add(client, view_id, token).get_json()["hand"]["id"] for _ in range(7)]
    seen: list[int] = []
    url = f"/api/v1/matches/{view_id}/hands?limit=3"
    page = client.get(url).get_json()
    assert [h["number"] for h in page["hands"]] == [7, 6, 5]
    # a hand added between two pages comes after every cursor: no page repeats or skips one
    added = add(client, view_id, token).get_json()["hand"]["id"]
    while True:
        seen += [h["id"] for h in page["hands"]]
        if page["next_cursor"] is None:
            break
        page = client.get(f"{url}&cursor={page['next_cursor']}").get_json()
    assert seen == ids[::-1]
    assert added not in seen
    newest = client.get(url).get_json()["hands"][0]
    assert newest["id"] == added and newest["number"] == 8


def test_pages_of_hands_skip_deleted_hands_and_stay_stable(client: Any) -> None:
    view_id, token = api_match(client, rules={"game_target": 10000})
    ids = [add(client, view_id, token).get_json()["hand"]["id"] for _ in range(6)]
    headers = {"X-Edit-Token": token}
    first = client.get(f"/api/v1/matches/{view_id}?limit=2").get_json()
    assert [h["id"] for h in first["hands"]] == [ids[5], ids[4]]
    assert first["hands_played"] == 6 and "totals" in first
    client.delete(f"/api/v1/matches/{view_id}/hands/{ids[2]}", headers=headers)
    add(client, view_id, token)
    rest = client.get(f"/api/v1/matches/{view_id}?limit=10&cursor={first['next_cursor']}")
    body = rest.get_json()
    assert [h["id"] for h in body["hands"]] == [ids[3], ids[1], ids[0]]
    assert body["next_cursor"] is None
    assert [h["number"] for h in body["hands"]] == [3, 2, 1]


def test_the_match_read_without_parameters_is_as_before(client: Any) -> None:
    view_id, token = api_match(client)
    for _ in range(3):
        add(client, view_id, token)
    whole = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert [h["number"] for h in whole["hands"]] == [1, 2, 3]
    assert "next_cursor" not in whole
    assert client.get(f"/api/v1/matches/{view_id}?hands=all").get_json() == whole


@pytest.mark.parametrize(
    ("query", "field"),
    [("limit=0", "limit"), ("limit=x", "limit"), ("limit=501", "limit"), ("cursor=-1", "cursor")],
)
def test_a_bad_page_is_a_400_naming_the_parameter(client: Any, query: str, field: str) -> None:
    view_id, _ = api_match(client)
    for url in (f"/api/v1/matches/{view_id}?{query}", f"/api/v1/matches/{view_id}/hands?{query}"):
        response = client.get(url)
        assert response.status_code == 400
        assert response.get_json()["error"]["field"] == field


# -- the small answer ------------------------------------------------------------------------


def test_a_small_answer_carries_the_hand_its_ruling_and_the_new_totals(client: Any) -> None:
    view_id, token = api_match(client, rules={"game_target": 100})
    headers = {"X-Edit-Token": token}
    url = f"/api/v1/matches/{view_id}/hands?answer=small"
    sizes = []
    for n in range(40):
        response = client.post(url, json=knock("Ann" if n % 3 else "Ben"), headers=headers)
        assert response.status_code == 201
        sizes.append(len(response.get_data()))
    body = response.get_json()
    whole = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert body["hand"] == whole["hands"][-1]
    assert body["hand"]["result"]["steps"]  # the ruling, step by step
    small = body["match"]
    assert small["totals"] == whole["totals"] and small["revision"] == whole["revision"]
    assert small["hands_played"] == 40 and small["status"] == whole["status"]
    assert small["match_totals"] == whole["match_totals"]
    assert small["game"] == whole["game"]["number"]
    assert small["games_won"] == {
        name: sum(1 for g in whole["games"] if g["winner"] == name) for name in ("Ann", "Ben")
    }
    assert small["next_dealer"] == whole["next_dealer"]
    assert "hands" not in small
    assert max(sizes) < 10_000 and max(sizes) - min(sizes) < 300  # not growing with the match
    hand_id = body["hand"]["id"]
    edited = client.patch(
        f"/api/v1/matches/{view_id}/hands/{hand_id}?answer=small",
        json={"defender_deadwood": 30},
        headers=headers,
    )
    assert edited.status_code == 200 and "hands" not in edited.get_json()["match"]
    assert edited.get_json()["hand"]["points"]["Ben"] == 25  # hand 40: Ben knocked
    put = client.put(
        f"/api/v1/matches/{view_id}/hands/{hand_id}?answer=small", json=knock(), headers=headers
    )
    assert put.status_code == 200 and put.get_json()["match"]["hands_played"] == 40
    # without the parameter, the answer is the whole match, as clients rely on
    assert (
        len(
            client.post(
                f"/api/v1/matches/{view_id}/hands", json=knock(), headers=headers
            ).get_json()["match"]["hands"]
        )
        == 41
    )


# -- the scoreboard lists the game in play -----------------------------------------------------


def test_the_scoreboard_folds_earlier_games_into_a_row_each(client: Any) -> None:
    view_id, token = api_match(client, rules={"game_target": 50})
    ids = []
    for _ in range(7):  # Ann gin 20+25 each: a game every two hands
        body = {"kind": "gin", "knocker": "Ann", "defender_deadwood": 20}
        ids.append(add(client, view_id, token, body).get_json()["hand"]["id"])
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert f'id="hand-{ids[-1]}"' in page
    assert all(f'id="hand-{i}"' not in page for i in ids[:-1])
    assert 'data-testid="game-fold-1"' in page and 'data-testid="game-fold-3"' in page
    assert "Game 2 · hands 3–4" in page and "3 earlier games folded" in page
    everything = client.get(f"/m/{view_id}?hands=all").get_data(as_text=True)
    assert all(f'id="hand-{i}"' in everything for i in ids)
    assert "game-fold-1" not in everything and "show only the game in play" in everything


def test_a_three_player_scoreboard_folds_earlier_games_too(client: Any) -> None:
    view_id, token = api_match(
        client, ("Ann", "Ben", "Cat"), "cutthroat", rules={"game_target": 50}
    )
    ids = []
    for _ in range(4):
        board = client.get(f"/api/v1/matches/{view_id}").get_json()
        body = {"kind": "gin", "knocker": board["next"]["players"][0], "defender_deadwood": 30}
        ids.append(add(client, view_id, token, body).get_json()["hand"]["id"])
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert f'id="hand-{ids[-1]}"' in page and f'id="hand-{ids[0]}"' not in page
    assert 'data-testid="game-fold-1"' in page
    assert f'id="hand-{ids[0]}"' in client.get(f"/m/{view_id}?hands=all").get_data(as_text=True)


# -- the summary kept with each match --------------------------------------------------------


def test_the_kept_summary_follows_every_change_and_rederive_checks_it(
    app: Any, client: Any
) -> None:
    from referee.models import Match, db

    view_id, token = api_match(client, rules={"game_target": 50})
    headers = {"X-Edit-Token": token}
    runner = app.test_cli_runner()
    ids = [add(client, view_id, token).get_json()["hand"]["id"] for _ in range(4)]
    url = f"/api/v1/matches/{view_id}/hands"
    client.patch(f"{url}/{ids[1]}", json={"defender_deadwood": 40}, headers=headers)
    client.delete(f"{url}/{ids[0]}", headers=headers)
    client.post(f"/api/v1/matches/{view_id}/undo", headers=headers)
    add(client, view_id, token, {"kind": "gin", "knocker": "Ben", "defender_deadwood": 30})
    checked = runner.invoke(args=["rederive", "--check"])
    assert checked.exit_code == 0, checked.output
    assert "0 differ" in checked.output
    whole = client.get(f"/api/v1/matches/{view_id}").get_json()
    with app.app_context():
        match = Match.by_view_id(view_id)
        assert match is not None and match.summary_json
        kept = __import__("json").loads(match.summary_json)
        assert kept["hands"] == whole["hands_played"] == 5
        assert kept["totals"] == list(whole["totals"].values())
        assert kept["status"] == whole["status"]
        match.summary_json = match.summary_json.replace('"hands": 5', '"hands": 4')
        db.session.commit()
    broken = runner.invoke(args=["rederive", "--check"])
    assert broken.exit_code == 1 and view_id in broken.output and "1 differ" in broken.output
    fixed = runner.invoke(args=["rederive"])
    assert fixed.exit_code == 0 and "1 derived again" in fixed.output
    assert runner.invoke(args=["rederive", "--check"]).exit_code == 0


def test_the_home_page_reads_the_kept_summary(app: Any, client: Any) -> None:
    from referee.models import Match, db

    view_id = start_match(client, game_target=50)
    for _ in range(2):
        assert add_quick(client, view_id, 0, "gin", None, 30).status_code == 302
    home = client.get("/").get_data(as_text=True)
    assert "Ann won" in home
    with app.app_context():  # the home page shows what is kept, without folding the hands
        match = Match.by_view_id(view_id)
        assert match is not None and match.summary_json
        match.summary_json = match.summary_json.replace('"winner": 0', '"winner": 1')
        db.session.commit()
    assert "Ben won" in client.get("/").get_data(as_text=True)


def test_two_workers_resuming_from_older_folds_answer_as_a_fresh_fold(app: Any) -> None:
    """Two processes on one database, each folding from whatever revision it last saw (the
    other made the revisions between): every read equals a fold from scratch."""
    from referee import create_app

    def worker(fold_cache: int) -> Any:
        other = create_app(
            {
                **{k: v for k, v in app.config.items() if k.startswith(("SQLALCHEMY", "TESTING"))},
                "SERVER_NAME": app.config["SERVER_NAME"],
                "SECRET_KEY": app.config["SECRET_KEY"],
                "RATELIMIT_ENABLED": False,
                "AUTO_MIGRATE": False,
                "FOLD_CACHE_SIZE": fold_cache,
                "PAGE_CACHE_SIZE": 0,
            }
        )
        apps.append(other)
        return other.test_client()

    apps: list[Any] = []
    try:
        _two_workers(app, worker(256), worker(256), worker(0))
    finally:
        from referee.models import db

        for other in apps:  # each instance's own connections, closed as a worker's would be
            with other.app_context():
                db.session.remove()
                db.engine.dispose()


def _two_workers(app: Any, a: Any, b: Any, fresh: Any) -> None:
    view_id, token = api_match(a, rules={"game_target": 60})
    headers = {"X-Edit-Token": token}
    url = f"/api/v1/matches/{view_id}"
    ids: list[int] = []
    for n in range(14):
        client = a if n % 3 else b
        body = knock("Ann" if n % 2 else "Ben", n % 5, 10 + 3 * n)
        ids.append(add(client, view_id, token, body).get_json()["hand"]["id"])
        if n == 6:
            b.patch(f"{url}/hands/{ids[2]}", json={"defender_deadwood": 35}, headers=headers)
        if n == 9:
            a.delete(f"{url}/hands/{ids[4]}", headers=headers)
        if n == 11:
            b.post(f"{url}/undo", headers=headers)
        expected = _untimed(fresh.get(url).get_json())
        assert _untimed(a.get(url).get_json()) == expected
        assert _untimed(b.get(url).get_json()) == expected


def _untimed(body: dict[str, Any]) -> dict[str, Any]:
    """A match read without its hands' times: SQLite gives back a stored time without its
    zone, so the process that wrote a hand says "+00:00" where another does not."""
    hands = [
        {k: v for k, v in h.items() if k not in ("created_at", "edited_at")} for h in body["hands"]
    ]
    return {**body, "hands": hands}


def test_each_hand_of_a_match_reads_as_itself(client: Any) -> None:
    view_id, token = api_match(client)
    first = add(client, view_id, token).get_json()["hand"]["id"]
    second = add(client, view_id, token, knock("Ben", 2, 40)).get_json()["hand"]["id"]
    url = f"/api/v1/matches/{view_id}/hands"
    one, two = client.get(f"{url}/{first}"), client.get(f"{url}/{second}")
    assert one.get_json()["id"] == first and two.get_json()["id"] == second
    assert one.headers["ETag"] != two.headers["ETag"]
    again = client.get(f"{url}/{second}", headers={"If-None-Match": one.headers["ETag"]})
    assert again.status_code == 200 and again.get_json()["id"] == second
