"""Contract Rummy on the web: a new match with the table's own list (saved by name and
reused), deals entered by counts or cards with contracts made or not, the scoreboard, the
check page's Contract tab, and the JSON API — bad input refused with field + reason and
nothing stored."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.web.helpers import api_match, csrf_from, form_values

TWELVE = [
    "2 groups of 3",
    "1 group of 3 + 1 sequence of 4",
    "2 sequences of 4",
    "3 groups of 3",
    "1 group of 4 + 1 sequence of 4",
    "2 groups of 4",
    "2 sequences of 5",
    "1 group of 3 + 2 sequences of 4",
    "3 sequences of 4",
    "4 groups of 3",
    "1 group of 5 + 1 sequence of 5",
    "1 sequence of 7 + 1 group of 3",
]


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def new_match_data(client: Any, deals: list[str], **extra: str) -> dict[str, str]:
    page = client.get("/new/contract?preset=twelve_step").get_data(as_text=True)
    data = form_values(page)
    data.update(
        csrf_token=csrf_from(page),
        preset="twelve_step",
        player_0="Ann",
        player_1="Ben",
        player_2="Cat",
        jokers_wild="y",
        twos_wild="y",
    )
    for n, contract in enumerate(deals, 1):
        data[f"cards_{n}"] = "13"
        data[f"contract_{n}"] = contract
    data.update(extra)
    return data


def counts(app: Any) -> tuple[int, int]:
    from referee.games.contract.saved_lists import SavedContractList
    from referee.models import Match, db

    with app.app_context():
        return db.session.query(Match).count(), db.session.query(SavedContractList).count()


def start(client: Any, **extra: str) -> str:
    response = client.post("/new/contract", data=new_match_data(client, TWELVE, **extra))
    assert response.status_code == 302, text(response)[:2000]
    return response.headers["Location"].rsplit("/", 1)[-1]


def enter(client: Any, view_id: str, out: int, points: list[int], made: list[int]) -> Any:
    page = client.get(f"/m/{view_id}/hands/new")
    assert page.status_code == 200
    assert "<h1>Deal " in page.get_data(as_text=True)
    data = form_values(page.get_data(as_text=True))
    data.update(entry="counts", knocker_seat=str(out), save="Save")
    for seat, value in enumerate(points):
        data[f"count_{seat}"] = str(value)
    for seat, flag in enumerate(made):
        if flag:
            data[f"made_{seat}"] = "y"
    return client.post(f"/m/{view_id}/hands/new", data=data)


def test_twelve_step_match_with_a_saved_list_and_deals(client: Any, app: Any) -> None:
    view_id = start(client, list_name="Windsor twelve")
    board = text(client.get(f"/m/{view_id}"))
    assert "Windsor twelve" in board and "on 1: 2 groups of 3" in board
    assert enter(client, view_id, 0, [0, 30, 12], [1, 0, 1]).status_code == 302
    assert enter(client, view_id, 2, [25, 40, 0], [1, 1, 1]).status_code == 302
    board = text(client.get(f"/m/{view_id}"))
    assert 'data-testid="total-1">70<' in board
    assert "on 3: 2 sequences of 4" in board and "on 2: 1 group of 3 + 1 sequence of 4" in board
    # A second match starts from the saved list by name alone.
    page = client.get("/new/contract").get_data(as_text=True)
    assert "Windsor twelve" in page
    again = client.post("/new/contract", data=new_match_data(client, [], saved="Windsor twelve"))
    assert again.status_code == 302
    assert counts(app) == (2, 1)
    data = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert data["on"]["Ben"]["contract"] == 2
    assert data["contracts"]["name"] == "Windsor twelve"
    assert data["totals"] == {"Ann": 25, "Ben": 70, "Cat": 12}


def test_bad_lists_store_nothing(client: Any, app: Any) -> None:
    empty = client.post("/new/contract", data=new_match_data(client, [], list_name="x"))
    assert empty.status_code == 400 and "the list is empty" in text(empty)
    impossible = client.post(
        "/new/contract", data=new_match_data(client, ["1 group of 2"], list_name="y")
    )
    assert impossible.status_code == 400
    assert "deal 1: a group of 2 cannot exist" in text(impossible)
    # the refusal is named at the top of the page too
    top = impossible.get_data(as_text=True).split('data-testid="error-summary"')[1]
    assert "a group of 2 cannot exist" in top.split("</section>")[0]
    unknown = client.post("/new/contract", data=new_match_data(client, [], saved="nope"))
    assert unknown.status_code == 400 and "no list is saved as `nope`" in text(unknown)
    assert counts(app) == (0, 0)


def test_a_deal_refused_on_its_field_stores_nothing(client: Any) -> None:
    view_id = start(client)
    bad = enter(client, view_id, 0, [5, 30, 12], [1, 0, 0])
    assert bad.status_code == 400
    assert "Ann went out, so holds no cards" in text(bad)
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands_played"] == 0


def test_api_match_deals_and_the_end_of_a_game(client: Any) -> None:
    contracts = {
        "name": "short",
        "deals": [{"cards": 13, "contract": c} for c in ("2 groups", "2 runs")],
    }
    view_id, token = api_match(
        client, ("Ann", "Ben"), preset="twelve_step", rules={"contract_list": contracts}
    )
    headers = {"X-Edit-Token": token}
    url = f"/api/v1/matches/{view_id}/hands"
    for body in (
        {"went_out": "Ann", "counts": {"Ben": 20}, "made": {"Ann": True, "Ben": False}},
        {"went_out": "Ann", "counts": {"Ben": 7}, "made": [True, True]},
    ):
        response = client.post(url, json=body, headers=headers)
        assert response.status_code == 201, response.get_json()
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert match["game"]["over"] and match["game"]["winner"] == "Ann"
    assert match["settlement"]["nets"] == {"Ann": 27, "Ben": -27}
    assert match["settlement"]["pairs"][0]["payer"] == "Ben"
    late = client.post(url, json={"went_out": "Ben", "counts": {"Ann": 3}}, headers=headers)
    assert late.status_code == 400
    assert late.get_json()["error"]["reason"] == "the game is over: no more deals"
    bad = client.post(url, json={"went_out": "Ann", "made": {"Ann": "yes"}}, headers=headers)
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "made"


def test_api_refuses_a_match_without_its_list(client: Any) -> None:
    response = client.post("/api/v1/matches", json={"players": ["A", "B"], "preset": "twelve_step"})
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "contracts"


def check(client: Any, **body: Any) -> Any:
    return client.post("/api/v1/contract/check", json=body)


def test_api_check_laydown_hand_layoff_and_liberate(client: Any) -> None:
    ruled = check(
        client,
        contract="1 group of 3 + 2 sequences of 4",
        laid=["9H 9D 2C", "4H 5H 6H 7H", "4S 5S JK 2D 8S"],
    ).get_json()
    assert ruled["met"] is False
    assert "the second sequence 4♠ 5♠ JK 2♦ 8♠ puts two wilds side by side" in ruled["reason"]
    whole = check(
        client,
        check="hand",
        contract="1 group of 3 + 2 sequences of 4",
        hand="4D 5D 6D JK 9S 9H 9C KS QS 2C AS 8C 8D",
    ).get_json()
    assert whole["can"] is True and len(whole["way"]) == 3
    layoff = check(client, check="layoff", meld="4D 5D 6D 7D", played="3D").get_json()
    assert layoff["allowed"] and layoff["meld"]["cards"][0] == "3D"
    freed = check(client, check="liberate", meld="3H 4H JK 6H", played="5H", own_meld=True)
    assert freed.get_json()["allowed"] is False


def test_api_check_bad_input(client: Any) -> None:
    cases = [
        ({"contract": "", "laid": "9H 9D 9C"}, "contract", "name the contract"),
        ({"contract": "1 group of 3", "laid": "9H 9H 9H"}, "laid", "appears 3 times"),
        (
            {"contract": "1 group of 3", "laid": "9H 9D JK", "rules": {"jokers": 0}},
            "laid",
            "played without jokers",
        ),
        (
            {"contract": "1 group of 3", "laid": "9H 9D 2C=9", "preset": "contract_7"},
            "laid",
            "2♣ is not wild",
        ),
        (
            {"contract": "1 group of 3", "laid": "9H 9D 9C", "hand": "9H 9D 5S 6S"},
            "laid",
            "9♣ is not in the hand",
        ),
        ({"contract": "1 sequence of 14", "laid": "9H"}, "contract", "cannot exist"),
    ]
    for body, field, reason in cases:
        response = check(client, **body)
        assert response.status_code == 400, body
        error = response.get_json()["error"]
        assert error["field"] == field and reason in error["reason"], (body, error)


def test_check_page_contract_tab(client: Any) -> None:
    page = client.get("/check").get_data(as_text=True)
    assert 'href="/check/contract"' in page
    form = client.get("/check/contract").get_data(as_text=True)
    data = {
        "csrf_token": csrf_from(form),
        "what": "laydown",
        "preset": "twelve_step",
        "contract": "1 group of 3 + 2 sequences of 4",
        "cards": "13",
        "laid": "9H 9D 2C / 4H 5H 6H 7H / 4S 5S JK 2D 8S",
        "contract_made": "y",
    }
    ruled = text(client.post("/check/contract", data=data))
    assert "Contract not met" in ruled and "puts two wilds side by side" in ruled
    data["hand"] = "9H 9D"
    refused = client.post("/check/contract", data=data)
    assert refused.status_code == 400 and "2♣ is not in the hand" in text(refused)


def test_saved_lists_api(client: Any) -> None:
    body = {"name": "ours", "deals": [{"cards": 13, "contract": "2 groups of 3"}]}
    assert client.post("/api/v1/contract/lists", json=body).status_code == 201
    assert client.get("/api/v1/contract/lists").get_json()["saved"] == ["ours"]
    got = client.get("/api/v1/contract/lists/ours").get_json()
    assert got["deals"][0]["contract"] == "2 groups of 3"
    clash = {"name": "ours", "deals": [{"cards": 13, "contract": "2 runs"}]}
    response = client.post("/api/v1/contract/lists", json=clash)
    assert response.status_code == 400 and response.get_json()["error"]["field"] == "list_name"
    empty = client.post("/api/v1/contract/lists", json={"name": "e", "deals": []})
    assert empty.get_json()["error"] == {
        "field": "deals",
        "reason": "the list is empty: enter at least one deal",
        "key": "the list is empty: enter at least one deal",
    }


def test_deal_page_edit_and_settlement_page(client: Any) -> None:
    short = [{"cards": 13, "contract": "2 groups of 3"}]
    view_id, token = api_match(
        client,
        ("Ann", "Ben", "Cat"),
        preset="twelve_step",
        rules={"contract_list": {"name": "one", "deals": short}},
        stake_per_point="0.10",
    )
    from tests.web.helpers import open_edit_link

    added = client.post(
        f"/api/v1/matches/{view_id}/hands",
        json={"went_out": "Ben", "hands": {"Ann": "AS JK KD", "Cat": "3H"}, "made": [0, 1, 1]},
        headers={"X-Edit-Token": token},
    )
    assert added.status_code == 400  # made is true or false
    added = client.post(
        f"/api/v1/matches/{view_id}/hands",
        json={
            "went_out": "Ben",
            "hands": {"Ann": "AS JK KD", "Cat": "3H"},
            "made": [False, True, True],
        },
        headers={"X-Edit-Token": token},
    )
    assert added.status_code == 201, added.get_json()
    hand = added.get_json()["hand"] if "hand" in added.get_json() else added.get_json()
    hand_id = hand["id"]
    assert hand["result"]["points"] == {"Ann": 40, "Ben": 0, "Cat": 3}
    page = text(client.get(f"/m/{view_id}/hands/{hand_id}"))
    assert "1 · not made" in page and "A♠" in page
    board = text(client.get(f"/m/{view_id}"))
    assert "Game over: Ben wins." in board and "Ben, Cat made contract 1 in the same deal" in board
    settlement = text(client.get(f"/m/{view_id}/settlement"))
    assert "4.00" in settlement  # Ann pays Ben 40 points at 0.10
    open_edit_link(client, f"/m/{view_id}/edit#{token}")
    form = text(client.get(f"/m/{view_id}/hands/{hand_id}/edit"))
    boxes = {
        name: "checked" in tag
        for tag in re.findall(r"<input[^>]*made_[0-2][^>]*>", form)
        for name in re.findall(r'name="(made_[0-2])"', tag)
    }
    assert boxes == {"made_0": False, "made_1": True, "made_2": True}, boxes


def test_going_out_needs_the_contract_made_8_5(client: Any, app: Any) -> None:
    """§8.5: a player goes out only after laying down the contract, so a deal recording the
    player who went out as not having made it is refused, on that field, nothing stored."""
    contracts = {"name": "short", "deals": [{"cards": 13, "contract": "2 groups"}] * 3}
    view_id, token = api_match(
        client, ("Jo", "Dan"), preset="twelve_step", rules={"contract_list": contracts}
    )
    headers = {"X-Edit-Token": token}
    url = f"/api/v1/matches/{view_id}/hands"
    for made in ({"Jo": False, "Dan": False}, [True, False]):
        body = {"went_out": "Dan", "counts": {"Jo": 56}, "made": made}
        bad = client.post(url, json=body, headers=headers)
        assert bad.status_code == 400, bad.get_json()
        error = bad.get_json()["error"]
        assert error["field"] == "made"
        assert error["reason"] == (
            "Dan went out, so laid down the contract: mark it made, or choose who went out"
        )
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands_played"] == 0
    fine = {"went_out": "Dan", "counts": {"Jo": 56}, "made": {"Jo": False, "Dan": True}}
    response = client.post(url, json=fine, headers=headers)
    assert response.status_code == 201, response.get_json()


def test_going_out_needs_the_contract_made_on_the_form_8_5(client: Any) -> None:
    """The 7-deal page: the player who went out not among those who laid down the contract
    is refused beside that player's box."""
    view_id = start(client)
    bad = enter(client, view_id, 1, [30, 0, 12], [1, 0, 1])
    assert bad.status_code == 400
    page = text(bad)
    reason = "Ben went out, so laid down the contract: mark it made, or choose who went out"
    box = page.split('data-testid="made-1"')[1].split("</fieldset>")[0]
    assert reason in box
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands_played"] == 0


SEVEN = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]


def test_six_to_eight_players_play_with_more_packs_8_5(client: Any) -> None:
    """§8.5's deck sizes by players: two packs seat two to five, three six or seven (Bicycle:
    3 packs + 2 jokers), four eight (12-Step: a pack and its jokers per two more players)."""
    view_id, token = api_match(client, SEVEN, preset="contract_7")
    rules = client.get(f"/api/v1/matches/{view_id}").get_json()["rules"]
    assert (rules["decks"], rules["jokers"]) == (3, 2)
    # three packs: the same card held three times is no card held twice
    body = {
        "went_out": "Ann",
        "hands": {"Ben": "7H", "Cat": "7H", "Dan": "7H", "Eve": "2C", "Fay": "3C", "Gus": "4C"},
        "made": [True] * 7,
    }
    response = client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )
    assert response.status_code == 201, response.get_json()
    short = {"name": "short", "deals": [{"cards": 13, "contract": "2 groups"}]}
    eight, _ = api_match(
        client, (*SEVEN, "Hal"), preset="twelve_step", rules={"contract_list": short}
    )
    rules = client.get(f"/api/v1/matches/{eight}").get_json()["rules"]
    assert (rules["decks"], rules["jokers"]) == (4, 8)
    nine = client.post(
        "/api/v1/matches", json={"players": [*SEVEN, "Hal", "Ivy"], "preset": "contract_7"}
    )
    assert nine.status_code == 400 and nine.get_json()["error"]["field"] == "players"


def test_six_to_eight_players_start_on_the_page_8_5(client: Any) -> None:
    data = new_match_data(client, [], preset="contract_7", jokers="1")
    for seat, name in enumerate(SEVEN[:6]):
        data[f"player_{seat}"] = name
    response = client.post("/new/contract", data=data)
    assert response.status_code == 302, text(response)[:2000]
    view_id = response.headers["Location"].rsplit("/", 1)[-1]
    match = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert [p["name"] for p in match["players"]] == SEVEN[:6]
    assert (match["rules"]["decks"], match["rules"]["jokers"]) == (3, 2)


def test_the_ruling_says_who_went_out_laid_down_their_contract_8_5(client: Any) -> None:
    """Going out needs the contract laid down: the first step says so of who went out, not
    only of the others who made theirs."""
    contracts = {"name": "short", "deals": [{"cards": 13, "contract": "2 groups of 3"}]}
    view_id, token = api_match(
        client, ("Ann", "Ben"), preset="twelve_step", rules={"contract_list": contracts}
    )
    response = client.post(
        f"/api/v1/matches/{view_id}/hands",
        json={"went_out": "Ann", "counts": {"Ben": 20}, "made": {"Ann": True, "Ben": True}},
        headers={"X-Edit-Token": token},
    )
    assert response.status_code == 201, response.get_json()
    steps = [s["text"] for s in response.get_json()["hand"]["result"]["steps"]]
    assert steps[0] == "Ann laid down contract 1 (2 groups of 3) and went out.", steps
