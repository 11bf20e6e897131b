"""Basic Rummy and 500 Rum through the pages: a new match for N players on the three-or-more
page (targets and cards dealt by player count), hands by points and by cards with their
rulings, the scoreboard's totals and dealer, a game settled pairwise, and bad input that
names the field and stores nothing."""

from __future__ import annotations

import re
from typing import Any

from tests.web.helpers import hand_form
from tests.web.threehand_helpers import (
    marked,
    new_three_data,
    plain,
    scoreboard,
    start_three,
    text,
    totals,
)

FOUR = ("Ann", "Ben", "Cat", "Dan")


def add_rummy(
    client: Any,
    view_id: str,
    went_out: int | None,
    counts: tuple[int | None, ...] | None = None,
    kind: str = "out",
    melded: tuple[int, ...] | None = None,
    **extra: Any,
) -> Any:
    """A rummy hand by points, as one tap on Save."""
    data = hand_form(client, f"/m/{view_id}/hands/new")
    data.update(entry="counts", kind=kind, save="Save hand")
    if went_out is not None:
        data["knocker_seat"] = str(went_out)
    for seat, count in enumerate(counts or ()):
        data[f"count_{seat}"] = "" if count is None else str(count)
    for seat, count in enumerate(melded or ()):
        data[f"melded_{seat}"] = str(count)
    data.update({key: str(value) for key, value in extra.items()})
    return client.post(f"/m/{view_id}/hands/new", data=data)


def by_cards(
    client: Any,
    view_id: str,
    went_out: int | None,
    hands: list[str],
    kind: str = "out",
    melds: list[str] | None = None,
    save: bool = True,
    layoffs: list[str] | None = None,
) -> Any:
    """A rummy hand by cards: checked first (its ruling shown), then saved."""
    data = hand_form(client, f"/m/{view_id}/hands/new")
    data.update(entry="cards", kind=kind)
    if went_out is not None:
        data["knocker_seat"] = str(went_out)
    for seat, cards in enumerate(hands):
        data[f"cards_{seat}"] = cards
    for seat, meld in enumerate(melds or ()):
        data[f"melds_{seat}"] = meld
    for seat, laid in enumerate(layoffs or ()):
        data[f"layoffs_{seat}"] = laid
    data.pop("save", None)
    data["check"] = "Check the ruling"
    checked = client.post(f"/m/{view_id}/hands/new", data=data)
    if not save or checked.status_code != 200:
        return checked
    page = text(checked)
    digest = re.search(r'name="checked"[^>]*value="([^"]*)"', page) or re.search(
        r'value="([^"]*)"[^>]*name="checked"', page
    )
    assert digest, page
    data["checked"] = digest.group(1)
    data.pop("check")
    data["save"] = "Save hand"
    return client.post(f"/m/{view_id}/hands/new", data=data)


def test_the_new_match_page_offers_both_games(client):
    page = plain(client.get("/new/three?preset=basic_rummy"))
    assert "Basic Rummy (2 to 6 players)" in page
    assert "500 Rum (2 to 8 players)" in page
    assert "2 to 6 players." in page


def test_targets_and_cards_dealt_follow_the_player_count(client):
    for names, target, size in (
        (FOUR[:2], 100, 10),
        (FOUR[:3], 150, 7),
        (FOUR, 200, 7),
        (("A", "B", "C", "D", "E"), 200, 6),
    ):
        view_id = start_three(client, names, preset="basic_rummy")
        page = plain(client.get(f"/m/{view_id}"))
        assert f"to {target}" in page and f"{size} cards each" in page, (names, page)


def test_an_edited_target_is_kept(client):
    view_id = start_three(client, FOUR[:2], preset="basic_rummy", game_target=60)
    assert "to 60" in plain(client.get(f"/m/{view_id}"))


def test_a_four_player_evening_by_points(client):
    view_id = start_three(client, FOUR, preset="basic_rummy", stake="0.10")
    assert add_rummy(client, view_id, 2, (19, 4, None, 30)).status_code == 302
    assert totals(client, view_id, 4) == (0, 0, 53, 0)
    page = scoreboard(client, view_id)
    assert marked(page, "dealer") == "Ben"  # Ann dealt; the deal passes to the left
    assert add_rummy(client, view_id, 0, (None, 10, 20, 30), kind="rummy").status_code == 302
    assert totals(client, view_id, 4) == (120, 0, 53, 0)
    assert "Ann went rummy +120" in plain(client.get(f"/m/{view_id}"))
    assert add_rummy(client, view_id, None, (), kind="stalemate").status_code == 302
    assert add_rummy(client, view_id, 0, (0, 40, 20, 30)).status_code == 302
    page = plain(client.get(f"/m/{view_id}"))
    assert "Game over: Ann wins." in page
    assert "Payouts" in page
    settle = plain(client.get(f"/m/{view_id}/settlement"))
    assert "Game 1 · Ann won" in settle


def test_a_hand_by_cards_is_ruled_card_by_card(client):
    view_id = start_three(client, FOUR[:3], preset="basic_rummy")
    checked = by_cards(client, view_id, 2, ["KS 7D 2C", "4H", ""], kind="rummy", save=False)
    assert checked.status_code == 200
    page = plain(checked)
    assert (
        "Cat went out; Ann holds K♠ 7♦ 2♣ = 19, Ben holds 4♥ = 4; Cat scores 23, doubled for "
        "going rummy: 46." in page
    )
    saved = by_cards(client, view_id, 2, ["KS 7D 2C", "4H", ""], kind="rummy")
    assert saved.status_code == 302, plain(saved)
    assert totals(client, view_id, 3) == (0, 0, 46)
    board = scoreboard(client, view_id)
    hand_id = int(re.search(r'id="hand-(\d+)"', board).group(1))
    ruling = plain(client.get(f"/m/{view_id}/hands/{hand_id}"))
    assert "The ruling, step by step" in ruling and "K♠ 7♦ 2♣ = 19" in ruling
    edit = client.get(f"/m/{view_id}/hands/{hand_id}/edit")
    assert edit.status_code == 200 and 'value="KS 7D 2C"' in text(edit)


def test_bad_input_names_the_field_and_stores_nothing(client):
    view_id = start_three(client, FOUR[:3], preset="basic_rummy")
    cases = [
        (["KS", "4H", ""], 0, "Ann went out, so holds no cards"),
        (["", "4H 5H", "4H"], 0, "4♥ appears twice: held by Ben and Cat"),
        (["", "AS 2S 3S 4S 5S 6S 7S 8S", ""], 0, "Ben holds 8 cards: more than the 7 dealt"),
        (["", "4H", "JX"], 0, "is not a card"),
    ]
    for hands, went_out, reason in cases:
        response = by_cards(client, view_id, went_out, hands, save=False)
        assert response.status_code == 400, hands
        assert reason in plain(response), (reason, plain(response))
    refused = by_cards(client, view_id, 0, ["", "4H", ""], kind="rummy", melds=["5S 6S 7S"])
    assert refused.status_code == 400 and "did not go rummy" in plain(refused)
    bad_meld = by_cards(client, view_id, 0, ["", "4H", ""], melds=["", "5S 6S 8S"], save=False)
    assert bad_meld.status_code == 400 and "is not a run" in plain(bad_meld)
    bad_count = add_rummy(client, view_id, 0, (5, 4, 3))
    assert bad_count.status_code == 400 and "went out, so holds no cards" in plain(bad_count)
    missing = add_rummy(client, view_id, 0, (None, 4, None))
    assert missing.status_code == 400 and "enter Cat's cards left" in plain(missing)
    assert "No hands yet" in plain(client.get(f"/m/{view_id}"))


def test_a_500_rum_game_by_points_and_cards(client):
    view_id = start_three(client, FOUR, preset="rum_500")
    page = plain(client.get(f"/m/{view_id}"))
    assert "to 500" in page and "7 cards each" in page
    response = add_rummy(client, view_id, 0, (0, 20, 5, 30), melded=(120, 15, 60, 0))
    assert response.status_code == 302, plain(response)
    assert totals(client, view_id, 4) == (120, -5, 55, -30)
    saved = by_cards(
        client,
        view_id,
        1,
        ["AS", "", "2C", "KD JK"],
        melds=["7H 8H 9H", "AH 2H 3H / QS QH QD", "", ""],
    )
    assert saved.status_code == 302, plain(saved)
    # Ann 24 − 15; Ben 6 + 30; Cat −2; Dan −25
    assert totals(client, view_id, 4) == (129, 31, 53, -55)
    five = start_three(client, ("A", "B", "C", "D", "E"), preset="rum_500")
    # two packs: a card may be held twice
    assert (
        by_cards(client, five, None, ["4H", "4H", "", "", ""], kind="stalemate").status_code == 302
    )


def test_500_rum_refuses_a_set_of_five_from_one_pack(client):
    view_id = start_three(client, FOUR[:2], preset="rum_500")
    response = by_cards(client, view_id, 0, ["", "2C"], melds=["7S 7H 7D 7C JK", ""], save=False)
    assert response.status_code == 400
    assert "Ann:" in plain(response)


def test_the_player_count_is_checked(client):
    from tests.web.threehand_helpers import new_three_data

    one = client.post("/new/three", data=new_three_data(client, ("Ann",), preset="basic_rummy"))
    assert one.status_code == 400
    assert "Basic Rummy (2 to 6 players) takes 2 to 6 players (got 1)" in plain(one)
    seven = tuple("ABCDEFG")
    too_many = client.post("/new/three", data=new_three_data(client, seven, preset="basic_rummy"))
    assert too_many.status_code == 400 and "got 7" in plain(too_many)
    assert start_three(client, tuple("ABCDEFGH"), preset="rum_500")


def test_the_winner_deals_as_a_house_rule(client):
    view_id = start_three(client, FOUR, preset="basic_rummy", next_dealer="winner")
    assert add_rummy(client, view_id, 2, (19, 4, None, 30)).status_code == 302
    assert marked(scoreboard(client, view_id), "dealer") == "Cat"


def test_penalty_scoring_as_a_house_rule(client):
    view_id = start_three(client, FOUR[:2], preset="basic_rummy", rummy_penalty="y")
    assert "penalty points" in plain(client.get(f"/m/{view_id}"))
    assert add_rummy(client, view_id, 0, (None, 60)).status_code == 302
    assert totals(client, view_id, 2) == (0, -60)
    assert add_rummy(client, view_id, 0, (None, 45)).status_code == 302
    page = plain(client.get(f"/m/{view_id}"))
    assert "Game over: Ann wins." in page


def test_going_rummy_multiplier_is_a_table_rule_11(client):
    """§11 ``rummy.going_rummy_multiplier`` (default 2): a table chooses it on the new-match
    page (1: no extra), and the hand's ruling multiplies by it."""
    page = client.get("/new/three?preset=basic_rummy").get_data(as_text=True)
    assert 'name="rule_going_rummy_multiplier"' in page
    view_id = start_three(client, FOUR[:3], preset="basic_rummy", going_rummy_multiplier="3")
    assert add_rummy(client, view_id, 2, (19, 4, None), kind="rummy").status_code == 302
    assert totals(client, view_id, 3) == (0, 0, 69)
    assert "Cat scores 23, times 3 for going rummy: 69." in plain(
        client.get(f"/m/{view_id}/hands/1")
    )
    off = start_three(client, FOUR[:3], preset="basic_rummy", going_rummy_multiplier="1")
    assert add_rummy(client, off, 2, (19, 4, None), kind="rummy").status_code == 302
    assert totals(client, off, 3) == (0, 0, 23)
    bad = client.post(
        "/new/three",
        data=new_three_data(client, FOUR[:3], preset="basic_rummy", going_rummy_multiplier="9"),
    )
    assert bad.status_code == 400


def test_a_layoff_onto_another_players_meld_on_the_page_8_4(client):
    """500 Rum by cards: Ben's 9♥ laid off onto Ann's run, typed "9H > Ann 1", scores for
    Ben; the hand's edit form shows it as typed; a layoff that breaks the meld is refused
    beside Ben's layoffs field, nothing stored."""
    view_id = start_three(client, FOUR[:3], preset="rum_500")
    bad = by_cards(
        client,
        view_id,
        0,
        ["", "5D", "QC"],
        melds=["6H 7H 8H", "KC KD KS", ""],
        layoffs=["", "10C > Ann 1", ""],
    )
    assert bad.status_code == 400
    page = text(bad)
    beside = page.split('id="layoffs_1"')[1].split("</div>")[0]
    assert "Ben: 10♣ laid off onto Ann's 6♥ 7♥ 8♥ do not make a meld" in beside
    assert totals(client, view_id, 3) == (0, 0, 0)
    saved = by_cards(
        client,
        view_id,
        0,
        ["", "5D", "QC"],
        melds=["6H 7H 8H", "KC KD KS", ""],
        layoffs=["", "9H > ann", "10H > Ann 1"],
    )
    assert saved.status_code == 302, text(saved)[:3000]
    assert totals(client, view_id, 3) == (21, 34, 0)
    shown = plain(client.get(f"/m/{view_id}/hands/1"))
    assert "Ben lays off 9♥ onto Ann's meld 1: 6♥ 7♥ 8♥ 9♥ 10♥; 9 to Ben." in shown
    edit = client.get(f"/m/{view_id}/hands/1/edit").get_data(as_text=True)
    layoffs_1 = re.search(r'<input[^>]*name="layoffs_1"[^>]*>', edit)
    assert layoffs_1 and 'value="9H &gt; Ann"' in layoffs_1.group(0)
    assert 'value="10H &gt; Ann 1"' in edit
