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
