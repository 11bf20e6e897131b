"""The home page lists only this browser's matches, a scorer archives or deletes one (with an
undo window), finished rows show the result; money during play with the match's currency;
QR codes of the links (issue 14)."""

from __future__ import annotations

import re
from decimal import Decimal

from tests.web.helpers import add_quick, csrf_from, new_match_data, start_match


def test_home_lists_only_this_browsers_matches_and_archive_delete_undo(app, client):
    other = app.test_client()
    theirs = start_match(other, ("Zed", "Yan"))
    assert "Zed" not in client.get("/").get_data(as_text=True)  # a fresh browser sees none
    mine = start_match(client, ("Ann", "Ben"), game_target=50)
    add_quick(client, mine, knocker=0, k=5, d=60)  # Ann 55 + box: the game is over
    home = client.get("/").get_data(as_text=True)
    assert "Ann v Ben" in home and "Zed" not in home
    assert re.search(r'data-testid="result">Ann won \d+ – 0', home)
    assert "<time datetime=" in home
    # opening someone's view link lists it here too
    client.get(f"/m/{theirs}")
    assert "Zed v Yan" in client.get("/").get_data(as_text=True)

    board = client.get(f"/m/{mine}").get_data(as_text=True)
    token = csrf_from(board)
    # only a scorer may archive or delete
    assert other.post(f"/m/{mine}/delete", data={"csrf_token": token}).status_code in (400, 403)
    assert client.post(f"/m/{mine}/archive", data={"csrf_token": token}).status_code == 302
    home = client.get("/").get_data(as_text=True)
    assert "Archived (1)" in home
    assert client.post(f"/m/{mine}/delete", data={"csrf_token": token}).status_code == 302
    assert client.get(f"/m/{mine}").status_code == 404
    assert other.get(f"/api/v1/matches/{mine}").status_code == 404
    home = client.get("/").get_data(as_text=True)
    assert 'data-testid="deleted"' in home and "Ann v Ben" in home
    assert client.post(f"/m/{mine}/restore", data={"csrf_token": token}).status_code == 302
    assert client.get(f"/m/{mine}").status_code == 200
    # past the undo window a delete stays done
    app.config["MATCH_UNDO_SECONDS"] = 0
    client.post(f"/m/{mine}/delete", data={"csrf_token": token})
    client.post(f"/m/{mine}/restore", data={"csrf_token": token})
    assert client.get(f"/m/{mine}").status_code == 404


def test_money_during_play_in_the_matchs_currency_and_qr_codes(client):
    data = new_match_data(client, "/new", ("Ann", "Ben"), "american", "0.10")
    response = client.post("/new", data={**data, "currency": "€"})
    view_id = response.headers["Location"].rstrip("/").split("/")[-1]
    add_quick(client, view_id, knocker=0, k=2, d=20)  # Ann 18 and a box
    add_quick(client, view_id, knocker=1, k=5, d=10)  # Ben 5 and a box
    page = client.get(f"/m/{view_id}").get_data(as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "hand points" in text
    assert 'data-testid="with-boxes-0">43<' in page and 'data-testid="with-boxes-1">30<' in page
    # 43 against 30: Ben pays Ann 13 points, €1.30; the game to Ann adds 100: €11.30
    assert "If the game ended now: Ben pays Ann €1.30" in text
    assert "With the game to Ann (+100: game bonus): Ben pays Ann €11.30" in text
    read = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert read["currency"] == "€"
    # the API says the same: 13 points now, 113 with the game to Ann
    now = read["if_ended_now"]
    assert now["counted"] == {"Ann": 43, "Ben": 30} and now["leader"] == "Ann"
    assert now["bonus"] == 100
    [paid] = now["as_it_stands"]["transfers"]
    assert (paid["payer"], paid["payee"], paid["points"]) == ("Ben", "Ann", 13)
    assert Decimal(paid["amount"]) == Decimal("1.30")
    assert Decimal(now["with_bonus"]["transfers"][0]["amount"]) == Decimal("11.30")
    assert '<svg role="img" aria-label="QR code of the view link"' in page
    link = client.get(f"/m/{view_id}/link").get_data(as_text=True)
    assert 'aria-label="QR code of the edit link"' in link and 'data-share="' in link


def test_a_currency_with_digits_is_refused_beside_its_field(client):
    data = new_match_data(client, "/new", ("Ann", "Ben"), "american", "0.10")
    response = client.post("/new", data={**data, "currency": "1€"})
    assert response.status_code == 400
    assert "without digits" in response.get_data(as_text=True)


def test_no_money_during_play_before_the_first_hand_or_after_a_game(client):
    """`if_ended_now` is there only while a game is in progress."""
    data = new_match_data(client, "/new", ("Ann", "Ben"), "american", "0.10")
    view_id = client.post("/new", data=data).headers["Location"].rstrip("/").split("/")[-1]
    assert "if_ended_now" not in client.get(f"/api/v1/matches/{view_id}").get_json()
    add_quick(client, view_id, knocker=0, k=0, d=80, kind="gin")  # 80 + 25: the game is Ann's
    read = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert "if_ended_now" not in read
