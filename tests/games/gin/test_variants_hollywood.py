"""Hollywood (docs/rules.md §4, R19) through the pages and the API: the three-column sheet, its
posting rule, closing games, settlement per game and in total, continuous play and notice."""

from __future__ import annotations

import re

import pytest

from tests.web.helpers import add_quick, api_match, form_values, start_match
from tests.web.test_hands import _edit, hand_ids, plain, stored, text


def won(client, view_id, seat, points):
    """A knock worth exactly ``points`` to ``seat`` (deadwood 2 against points + 2)."""
    response = add_quick(client, view_id, knocker=seat, k=2, d=points + 2)
    assert response.status_code == 302, plain(response)
    return response


def sheet(client, view_id) -> dict[int, tuple[int, int]]:
    """Each game's running points on the scoreboard, as the sheet shows them."""
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    found = re.findall(r'data-testid="g(\d+)-points-(\d)">(-?\d+)<', page)
    games: dict[int, list[int]] = {}
    for game, seat, points in found:
        games.setdefault(int(game), [0, 0])[int(seat)] = int(points)
    return {g: tuple(p) for g, p in games.items()}


def column(client, view_id, game) -> list[list[int]]:
    """The running entries of each player in one game (the paper sheet's column)."""
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    block = page.split(f'data-testid="game-{game}"')[1].split("</tbody>")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", block, re.S)
    cols: list[list[int]] = [[], []]
    for row in rows:
        cells = re.findall(r"<td>(.*?)</td>", row, re.S)
        for seat, cell in enumerate(cells):
            number = re.search(r">(\d+)<", cell)
            if number:
                cols[seat].append(int(number.group(1)))
    return cols


def test_pw_hw_vector_posts_one_two_three_columns(client):
    """§4 (PW-HW, 150-point Hollywood): A+25, A+18, A+36, then B+30 → A 79/54/36, B 30."""
    view_id = start_match(client, preset="hollywood", hollywood_target=150)
    for points in (25, 18, 36):
        won(client, view_id, 0, points)
    won(client, view_id, 1, 30)
    assert sheet(client, view_id) == {1: (79, 30), 2: (54, 0), 3: (36, 0)}
    assert column(client, view_id, 1) == [[25, 43, 79], [30]]
    assert column(client, view_id, 2) == [[18, 54], []]
    assert column(client, view_id, 3) == [[36], []]
    page = plain(client.get(f"/m/{view_id}"))
    assert "Games 1, 2, 3 open" in page and "each game to 150" in page


GRC = ((0, 18), (1, 12), (0, 25), (1, 30), (0, 15), (0, 22), (1, 20))


def test_grc_vector_and_an_edit_that_reposts_the_later_hands(client):
    """§4 (GRC): You+18, Opp+12, You+25, Opp+30, You+15, You+22, Opp+20
    ⇒ You 80/62/37, Opp 62/50/20. Without You's first 18 (hand 1 made a dead hand) every
    later hand of You's moves one column left: You 62/37/22, Opp unchanged."""
    view_id = start_match(client, names=("You", "Opp"), preset="hollywood")
    for seat, points in GRC:
        won(client, view_id, seat, points)
    assert sheet(client, view_id) == {1: (80, 62), 2: (62, 50), 3: (37, 20)}
    first = hand_ids(client, view_id)[0]
    response, _ = _edit(client, view_id, first, kind="dead")
    assert response.status_code == 302, plain(response)
    assert sheet(client, view_id) == {1: (62, 62), 2: (37, 50), 3: (22, 20)}
    assert column(client, view_id, 3) == [[22], [20]]
    # and undo puts hand 1 back where it was
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert client.post(f"/m/{view_id}/undo", data=form_values(board)).status_code == 302
    assert sheet(client, view_id) == {1: (80, 62), 2: (62, 50), 3: (37, 20)}


def test_a_game_closes_with_its_bonuses_and_settles_on_its_own(client):
    """GRC's seven hands, then You+25: game 1 closes at 105. Its tally: You 105 + 5 boxes
    × 25 + 100 = 330; Opp 62 + 3 × 25 = 137; margin 193 at 0.10 = 19.30."""
    view_id = start_match(client, names=("You", "Opp"), preset="hollywood", stake="0.10")
    for seat, points in (*GRC, (0, 25)):
        won(client, view_id, seat, points)
    page = text(client.get(f"/m/{view_id}"))
    assert sheet(client, view_id) == {1: (105, 62), 2: (87, 50), 3: (62, 20)}
    assert re.search(r'data-testid="g1-final-0">330<', page)
    assert re.search(r'data-testid="g1-final-1">137<', page)
    game1 = page.split('data-testid="settlement-1"')[1].split("</p>")[0]
    assert "Margin <strong>193</strong>" in game1 and "Opp pays You 19.30" in game1
    assert "★ You" in page.split('data-testid="game-1"')[1].split("</h3>")[0]
    assert "Games 2, 3 open" in plain(client.get(f"/m/{view_id}"))
    # the hand that closed it says so on its ruling page
    last = hand_ids(client, view_id)[-1]
    assert "Game 1 closed on this hand." in plain(client.get(f"/m/{view_id}/hands/{last}"))


def test_a_shut_out_player_enters_the_next_open_game_first(client):
    """R19: game 1 closes with Ben at 0; Ben's next score is his first entry in game 2."""
    view_id = start_match(client, preset="hollywood", hollywood_target=50)
    won(client, view_id, 0, 30)
    won(client, view_id, 0, 30)  # game 1 closes: Ann 60, Ben shut out
    won(client, view_id, 1, 10)  # Ben: game 2 only (his first entry there)
    won(client, view_id, 1, 10)  # games 2 and 3
    assert sheet(client, view_id) == {1: (60, 0), 2: (30, 20), 3: (0, 10)}
    page = plain(client.get(f"/m/{view_id}"))
    assert "Game 1 · Ann wins by a shutout" in page
    # Ann 60 + 2 boxes × 25 + 100 + shutout 100 = 310
    assert re.search(r'data-testid="g1-final-0">310<', text(client.get(f"/m/{view_id}")))


def _close_all(client, view_id):
    """Target 30: three wins of 40 close games 1, 2 and 3 one by one."""
    for _ in range(3):
        won(client, view_id, 0, 40)


def test_a_hand_after_every_game_has_closed_is_refused(client, app):
    view_id = start_match(client, preset="hollywood", hollywood_target=30, stake="1")
    _close_all(client, view_id)
    page = plain(client.get(f"/m/{view_id}"))
    assert "Match over: every game has closed." in page
    assert "Enter hand" not in page
    # each game: Ann 40 + 25 + 100 + 100 (Ben shut out) = 265; the match 795
    assert re.search(r'data-testid="hollywood-total-0">795<', text(client.get(f"/m/{view_id}")))
    assert "Ben pays Ann 795.00" in page
    before = stored(app, view_id)
    response = add_quick(client, view_id, knocker=1, k=2, d=12)
    assert response.status_code == 400
    assert "Every Hollywood game has closed, so the match is over: hand 4" in plain(response)
    assert stored(app, view_id) == before
    form = plain(client.get(f"/m/{view_id}/hands/new"))
    assert "the match is over, so there is no hand 4 to enter" in form


def test_an_edit_that_would_close_every_game_early_is_refused(client, app):
    view_id = start_match(client, preset="hollywood", hollywood_target=30)
    for points in (10, 10, 10, 40):
        won(client, view_id, 0, points)
    page = plain(client.get(f"/m/{view_id}"))
    assert "Match over" in page
    before = stored(app, view_id)
    third = hand_ids(client, view_id)[2]
    response, _ = _edit(client, view_id, third, defender_deadwood=42)  # +40: all close on 3
    assert response.status_code == 400
    assert "every Hollywood game would close before hand 4, which is already entered" in plain(
        response
    )
    assert stored(app, view_id) == before


def test_continuous_play_opens_game_four_until_notice_is_given(client, app):
    view_id = start_match(
        client, preset="hollywood", hollywood_target=30, hollywood_continuous=True
    )
    won(client, view_id, 0, 40)  # game 1 closes, game 4 opens
    assert set(sheet(client, view_id)) == {1, 2, 3, 4}
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "Stop after hand 1" in board
    response = client.post(f"/m/{view_id}/stop", data=form_values(board))
    assert response.status_code == 302
    page = plain(client.get(f"/m/{view_id}"))
    assert "Notice to stop given after hand 1" in page
    assert "notice to stop after it: no → yes" in page  # the audit trail
    # undo takes the notice back; give it again
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert "Undo edit of hand 1" in board
    client.post(f"/m/{view_id}/undo", data=form_values(board))
    assert "Continuous play: a new game opens" in plain(client.get(f"/m/{view_id}"))
    board = client.get(f"/m/{view_id}").get_data(as_text=True)
    assert client.post(f"/m/{view_id}/stop", data=form_values(board)).status_code == 302
    for _ in range(3):  # games 2, 3, 4 close one by one; none replaced
        won(client, view_id, 0, 40)
    assert set(sheet(client, view_id)) == {1, 2, 3, 4}
    assert "Match over: every game has closed." in plain(client.get(f"/m/{view_id}"))
    assert add_quick(client, view_id, knocker=1, k=2, d=12).status_code == 400


def test_notice_can_be_ticked_on_the_hand_and_undone(client):
    view_id = start_match(
        client, preset="hollywood", hollywood_target=30, hollywood_continuous=True
    )
    response = add_quick(client, view_id, knocker=0, k=2, d=42, stop_after="y")
    assert response.status_code == 302
    page = plain(client.get(f"/m/{view_id}"))
    assert "Notice to stop given after hand 1" in page
    # notice given after the hand that closed game 1: game 4 had opened already
    assert set(sheet(client, view_id)) == {1, 2, 3, 4}
    # untick it by editing the hand: continuous play goes on
    first = hand_ids(client, view_id)[0]
    url = f"/m/{view_id}/hands/{first}/edit"
    data = form_values(client.get(url).get_data(as_text=True))
    data.pop("stop_after", None)
    data.update(save="1", knocker_seat="0", kind="knock", entry="counts")
    assert client.post(url, data=data).status_code == 302
    assert "Continuous play: a new game opens" in plain(client.get(f"/m/{view_id}"))


def test_hollywood_overlay_on_oklahoma(client):
    """Hollywood is an overlay on any two-handed table: Oklahoma hands, three columns."""
    view_id = start_match(client, preset="oklahoma", hollywood=True)
    add_quick(client, view_id, knocker=0, k=4, d=18, upcard="6S")  # +28
    add_quick(client, view_id, knocker=0, k=2, d=12, upcard="9H")  # +10
    assert sheet(client, view_id) == {1: (38, 0), 2: (10, 0), 3: (0, 0)}
    assert "6♠ · knock ≤ 6 · doubled" in plain(client.get(f"/m/{view_id}"))


@pytest.mark.parametrize("preset", ["partnership"])
def test_hollywood_is_refused_on_a_partnership(client, preset):
    response = client.post(
        "/api/v1/matches",
        json={"players": ["A", "B", "C", "D"], "preset": preset, "rules": {"hollywood": True}},
    )
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "hollywood"


def api_add(client, view_id, token, seat_name, points, **extra):
    return client.post(
        f"/api/v1/matches/{view_id}/hands",
        json={
            "kind": "knock",
            "knocker": seat_name,
            "knocker_deadwood": 2,
            "defender_deadwood": points + 2,
            **extra,
        },
        headers={"X-Edit-Token": token},
    )


def test_the_api_reads_the_games_columns_and_settlement(client):
    view_id, token = api_match(
        client, names=("You", "Opp"), preset="hollywood", stake_per_point="0.10"
    )
    for seat, points in (*GRC, (0, 25)):
        response = api_add(client, view_id, token, ("You", "Opp")[seat], points)
        assert response.status_code == 201
    data = response.get_json()
    assert data["hand"]["posted_to"] == {"You": [1, 2, 3], "Opp": []}
    match = data["match"]
    assert match["variant"] == "hollywood"
    hw = match["hollywood"]
    assert hw["open_games"] == [2, 3] and not hw["finished"]
    game1, game2, game3 = hw["games"]
    assert [e["running"] for e in game1["columns"]["You"]] == [18, 43, 58, 80, 105]
    assert [e["running"] for e in game1["columns"]["Opp"]] == [12, 42, 62]
    assert game1["final"] == {"You": 330, "Opp": 137} and game1["winner"] == "You"
    assert game1["settlement"]["amount"] == "19.3000"
    assert game2["points"] == {"You": 87, "Opp": 50} and game2["open"]
    assert game3["points"] == {"You": 62, "Opp": 20}
    assert hw["settlement"]["games"][0]["payer"] == "Opp"
    assert hw["settlement"]["total"]["points"] == 193
    assert hw["totals"] == {"You": 330, "Opp": 137}
    # the notice to stop is refused outside continuous play
    response = client.post(f"/api/v1/matches/{view_id}/stop", headers={"X-Edit-Token": token})
    assert response.status_code == 409


def test_the_api_refuses_a_hand_after_the_last_game_closed(client):
    view_id, token = api_match(client, preset="hollywood", rules={"hollywood_target": 30})
    for _ in range(3):
        assert api_add(client, view_id, token, "Ann", 40).status_code == 201
    response = api_add(client, view_id, token, "Ben", 10)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] is None and "match is over" in error["reason"]
    data = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert data["status"] == "finished" and data["hands_played"] == 3
    assert data["hollywood"]["settlement"]["total"]["points"] == 795


def test_continuous_play_notice_through_the_api(client):
    view_id, token = api_match(
        client, preset="hollywood", rules={"hollywood_target": 30, "hollywood_continuous": True}
    )
    assert api_add(client, view_id, token, "Ann", 40).status_code == 201
    response = client.post(f"/api/v1/matches/{view_id}/stop", headers={"X-Edit-Token": token})
    assert response.status_code == 200
    hw = response.get_json()["match"]["hollywood"]
    assert hw["notice_to_stop_after_hand"] == 1 and hw["open_games"] == [2, 3, 4]
    again = client.post(f"/api/v1/matches/{view_id}/stop", headers={"X-Edit-Token": token})
    assert again.status_code == 409 and "already given" in again.get_json()["error"]["reason"]
