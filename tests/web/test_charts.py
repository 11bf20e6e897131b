"""The running-score charts: server-side SVG on every scoreboard, with the fold's numbers (a
game boundary marked, Hollywood's three games, partnership's teams) and the same numbers as a
table for screen readers."""

from __future__ import annotations

import re

from tests.web.every_format import play


def _numbers(html: str) -> list[list[str]]:
    """The rows of the charts' number tables: hand, (game,) then each series."""
    tables = re.findall(r'<details class="chart-numbers">.*?</details>', html, re.S)
    rows = []
    for table in tables:
        for row in re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", table, re.S):
            rows.append(re.sub(r"<[^>]+>", " ", row).split())
    return rows


def test_charts_carry_the_folds_numbers_for_every_kind_of_table(client):
    two, _ = play(client, "two_handed")
    html = client.get(f"/m/{two}").get_data(as_text=True)
    assert html.count('<svg viewBox="0 0 360 180"') == 1
    assert 'role="img"' in html and "Ann ends on 174; Ben ends on 55" in html
    assert _numbers(html) == [
        ["1", "1", "15", "0"],
        ["2", "1", "15", "55"],
        ["3", "1", "62", "55"],
        ["4", "1", "89", "55"],
        ["5", "1", "174", "55"],
    ]
    hollywood, _ = play(client, "hollywood")
    html = client.get(f"/m/{hollywood}").get_data(as_text=True)
    assert re.findall(r'<figcaption id="chart\d-t">(.*?)</figcaption>', html) == [
        "Game 1", "Game 2", "Game 3",
    ]  # fmt: skip
    api = client.get(f"/api/v1/matches/{hollywood}").get_json()
    assert [row[1:] for row in _numbers(html)][-1] == ["20", "0"]
    assert api["hands_played"] == 4
    teams, _ = play(client, "partnership")
    html = client.get(f"/m/{teams}").get_data(as_text=True)
    assert '<li class="s0">Ann &amp; Cat</li><li class="s1">Ben &amp; Dan</li>' in html
    assert _numbers(html) == [["1", "1", "28", "0"], ["2", "1", "28", "24"]]


def test_a_new_game_is_marked_where_it_begins(client):
    from tests.web.every_format import gin

    response = client.post("/api/v1/matches", json={"players": ["A", "B"], "preset": "american"})
    view_id, token = response.get_json()["id"], response.get_json()["edit_token"]
    for who in ("A", "A", "B"):  # two gins of 85 end the first game; B's gin opens game 2
        body = gin(who, 60)
        r = client.post(
            f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
        )
        assert r.status_code == 201, r.get_json()
    html = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert html.count('class="game-start"') == 1 and ">G2</text>" in html
    assert [row[:2] for row in _numbers(html)] == [["1", "1"], ["2", "1"], ["3", "2"]]


def test_the_paper_sheet_has_hollywoods_three_columns_and_a_games_tally(client):
    hollywood, _ = play(client, "hollywood")
    html = client.get(f"/m/{hollywood}/sheet").get_data(as_text=True)
    assert html.count('class="game-head"') == 3 and "= 290 ★" in html
    two, _ = play(client, "two_handed")
    html = client.get(f"/m/{two}/sheet").get_data(as_text=True)
    assert "<caption>Game 1</caption>" in html and "4 × 25 = 100" in html
    assert client.get("/m/nope/sheet").status_code == 404


def _two_games_club(client):
    """Ann and Ben play two American games (a gin of 105 ends each: Ann's, then Ben's); Cat
    has played nothing yet."""
    from tests.web.every_format import gin
    from tests.web.test_clubs import hands, make_club, start

    club, token = make_club(client, "Ann", "Ben", "Cat")
    match, match_token = start(client, club, token, ["Ann", "Ben"], "american")
    ids = hands(client, match, match_token, gin("Ann", 80), gin("Ben", 80))
    return club, token, match, match_token, ids


def test_a_players_rating_over_time_is_drawn_with_its_numbers(client):
    club, _, match, match_token, ids = _two_games_club(client)
    body = client.get(f"/api/v1/clubs/{club}").get_json()
    ann = next(p["id"] for p in body["players"] if p["name"] == "Ann")
    history = client.get(f"/api/v1/clubs/{club}/players/{ann}/ratings").get_json()["ratings"]
    assert [(p["game"], p["won"]) for p in history] == [(1, True), (2, False)]
    ladder = client.get(f"/api/v1/clubs/{club}/ladder").get_json()["ladder"]
    assert history[-1]["rating"] == next(r["rating"] for r in ladder if r["id"] == ann)
    assert history[0]["rating"] > history[1]["rating"]  # a loss after a win
    html = client.get(f"/c/{club}/players/{ann}").get_data(as_text=True)
    assert "Ann: rating over time" in html and 'role="img"' in html
    rows = _numbers(html)
    assert [row[0] for row in rows[:2]] == ["1", "2"]
    assert [float(row[1]) for row in rows[:2]] == [round(p["rating"], 1) for p in history]
    assert "Rating after each game" in html
    # the ladder links to the page; a player with no finished game has no chart
    ladder_html = client.get(f"/c/{club}/ladder").get_data(as_text=True)
    assert f"/c/{club}/players/{ann}" in ladder_html
    cat = next(p["id"] for p in body["players"] if p["name"] == "Cat")
    cat_html = client.get(f"/c/{club}/players/{cat}").get_data(as_text=True)
    assert "No finished game yet" in cat_html and "<svg" not in cat_html
    assert client.get(f"/c/{club}/players/999999").status_code == 404
    # an edit of the first hand changes the history as a replay from scratch does
    response = client.patch(
        f"/api/v1/matches/{match}/hands/{ids[0]}",
        json={"knocker": "Ben", "version": 1},
        headers={"X-Edit-Token": match_token},
    )
    assert response.status_code == 200, response.get_json()
    edited = client.get(f"/api/v1/clubs/{club}/players/{ann}/ratings").get_json()["ratings"]
    assert edited != history
    from referee.services import ratings

    with client.application.app_context():
        ratings.replayer().forget()
    fresh = client.get(f"/api/v1/clubs/{club}/players/{ann}/ratings").get_json()["ratings"]
    assert fresh == edited


def test_the_stats_page_draws_win_rates_by_format(client):
    from tests.web.every_format import gin
    from tests.web.test_clubs import hands, start

    club, token, *_ = _two_games_club(client)
    three, three_token = start(client, club, token, ["Ann", "Ben", "Cat"], "cutthroat")
    hands(client, three, three_token, gin("Cat", 90))  # Cat's gin ends a game
    html = client.get(f"/c/{club}/stats").get_data(as_text=True)
    captions = re.findall(r'<figcaption id="rate\d+-t">(.*?)</figcaption>', html)
    assert captions == ["Win rate: Cutthroat", "Win rate: Gin"]
    tables = re.findall(r'<details class="chart-numbers">.*?</details>', html, re.S)
    cut, gin_rows = (
        [
            re.sub(r"<[^>]+>", " ", r).split()
            for r in re.findall(r"<tr><th scope=\"row\">(.*?)</tr>", t, re.S)
        ]
        for t in tables
    )
    assert cut[0] == ["Cat", "1", "1", "100%"] and sorted(r[0] for r in cut) == [
        "Ann",
        "Ben",
        "Cat",
    ]
    assert gin_rows == [["Ann", "2", "1", "50%"], ["Ben", "2", "1", "50%"]]
    body = client.get(f"/api/v1/clubs/{club}").get_json()
    ann = next(p["id"] for p in body["players"] if p["name"] == "Ann")
    player = client.get(f"/c/{club}/players/{ann}").get_data(as_text=True)
    assert "Ann: win rate by format" in player and "Cutthroat" in player


def test_the_paper_sheet_gives_the_losers_total_too(client):
    """A finished game's tally on the score sheet: the loser's total stands beside the
    winner's (the loser has no game bonus, so its parts are fewer: rows go by kind)."""
    import re

    from tests.web.every_format import play

    view_id, _ = play(client, "two_handed")
    sheet = client.get(f"/m/{view_id}/sheet").get_data(as_text=True)
    totals = dict(re.findall(r'data-testid="tally-total-(\d)">(-?\d+)', sheet))
    final = client.get(f"/api/v1/matches/{view_id}").get_json()["games"][0]["final"]
    assert totals == {"0": str(final["Ann"]), "1": str(final["Ben"])}, totals
