"""No request a stranger can send keeps a worker busy: the rules are bounded to what real
tables play (400 naming the rule) and every ruling runs under a work budget (422)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.test_budget import WORST
from tests.web.helpers import api_match

WILD_RULES = {
    "decks": 2,
    "jokers": 4,
    "jokers_wild": True,
    "wild_ranks": [2],
    "hand_size": 13,
    "max_set": 8,
}
# 14 cards: about 15,000 search nodes (every deuce one card type, every joker another)
HEAVY = "JK JK JK JK 2S 2H 2D 2C 2S 2H 3S 4S 5S 6H"


def _rulings(client: Any) -> int:
    from referee.models import Ruling, db

    with client.application.app_context():
        return len(db.session.query(Ruling).all())


def test_the_worst_request_is_refused_naming_the_rule(client: Any) -> None:
    response = client.post("/api/v1/analyze", json=WORST)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "rules"
    assert error["reason"].startswith("jokers: at most 4 at a real table")
    assert _rulings(client) == 0


@pytest.mark.parametrize("rule", [{"decks": 3}, {"hand_size": 14}, {"wild_ranks": [2, 3]}])
def test_a_match_outside_a_real_table_is_refused(client: Any, rule: dict[str, Any]) -> None:
    body = {"players": ["Ann", "Ben"], "rules": rule}
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == next(iter(rule))


def test_a_heavy_analysis_is_too_complex_and_stores_nothing(app: Any, client: Any) -> None:
    app.config["RULING_BUDGET"] = 5_000
    response = client.post("/api/v1/analyze", json={"hand": HEAVY, "rules": WILD_RULES})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["field"] == "hand"
    assert error["reason"].startswith("too complex to rule here")
    assert _rulings(client) == 0


def test_the_budget_is_a_setting(app: Any, client: Any) -> None:
    app.config["RULING_BUDGET"] = None
    response = client.post("/api/v1/analyze", json={"hand": HEAVY, "rules": WILD_RULES})
    assert response.status_code == 201
    app.config["RULING_BUDGET"] = 5
    response = client.post("/api/v1/analyze", json={"hand": "JK 7S 8S QH", "rules": WILD_RULES})
    assert response.status_code == 422


def test_a_ruling_past_the_budget_is_422(app: Any, client: Any) -> None:
    app.config["RULING_BUDGET"] = 50
    body = {
        "knocker": "5S 6S 7S KH KD KC AH AD AC 3D",
        "defender": "8S 8H 8D 8C 9S KS 2C 2H QD JC",
    }
    response = client.post("/api/v1/rulings", json=body)
    assert response.status_code == 422
    assert response.get_json()["error"]["reason"].startswith("too complex")


def test_a_match_hand_past_the_budget_is_422_and_not_stored(app: Any, client: Any) -> None:
    view_id, token = api_match(client, rules={"jokers": 2, "jokers_wild": True})
    app.config["RULING_BUDGET"] = 50
    body = {
        "kind": "knock",
        "knocker": "Ann",
        "knocker_cards": "5S 6S 7S KH KD KC AH AD JK1 3D",
        "defender_cards": "8S 8H 8D 8C 9S KS 2C 2H QD JK2",
    }
    response = client.post(
        f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
    )
    assert response.status_code == 422
    assert response.get_json()["error"]["reason"].startswith("too complex")
    app.config["RULING_BUDGET"] = None
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["hands"] == []


def test_the_check_page_says_too_complex(app: Any, client: Any) -> None:
    from tests.web.test_check import page_form

    data = page_form(client, "/check/analyze")
    data["hand"] = "AS 2S 3S 9H KD KC KH 5D 6D 7D"
    app.config["RULING_BUDGET"] = 5
    response = client.post("/check/analyze", data=data)
    assert response.status_code == 422
    assert "too complex to rule here" in response.get_data(as_text=True)


def test_a_stored_hand_past_the_budget_is_shown_not_a_failed_page(app: Any, client: Any) -> None:
    """A hand stored before the budget (or under a larger one) reads as a hand the referee
    cannot rule here: the scoreboard and the API still answer."""
    view_id, token = api_match(client, rules={"jokers": 2, "jokers_wild": True})
    body = {
        "kind": "knock",
        "knocker": "Ann",
        "knocker_cards": "5S 6S 7S KH KD KC AH AD JK1 3D",
        "defender_cards": "8S 8H 8D 8C 9S KS 2C 2H QD JK2",
    }
    headers = {"X-Edit-Token": token}
    app.config["RULING_BUDGET"] = None
    assert (
        client.post(f"/api/v1/matches/{view_id}/hands", json=body, headers=headers).status_code
        == 201
    )
    from referee.games import hand_entry
    from referee.rules import melds

    # a fresh worker: nothing of the search or the ruling is remembered
    melds.clear_hand_caches()
    hand_entry._rule_cached.cache_clear()
    app.extensions.pop("referee.folds", None)  # nor any folded match
    app.config["RULING_BUDGET"] = 5
    page = client.get(f"/m/{view_id}")
    assert page.status_code == 200
    assert "too complex to rule here" in page.get_data(as_text=True)
    assert client.get(f"/api/v1/matches/{view_id}").status_code == 200


def test_the_folds_of_one_request_share_a_budget(app: Any, client: Any) -> None:
    """A cold read of a match re-rules every hand: past ``FOLD_BUDGET`` the rest read as too
    complex (the page still answers), that fold is not kept, and the next read goes on."""
    from referee.games import hand_entry
    from referee.rules import melds

    view_id, token = api_match(client, rules={"jokers": 2, "jokers_wild": True})
    body = {
        "kind": "knock",
        "knocker": "Ann",
        "knocker_cards": "5S 6S 7S KH KD KC AH AD JK1 3D",
        "defender_cards": "8S 8H 8D 8C 9S KS 2C 2H QD JK2",
    }
    for _ in range(3):
        response = client.post(
            f"/api/v1/matches/{view_id}/hands", json=body, headers={"X-Edit-Token": token}
        )
        assert response.status_code == 201
    whole = client.get(f"/api/v1/matches/{view_id}").get_json()["totals"]

    melds.clear_hand_caches()  # a fresh worker
    hand_entry._rule_cached.cache_clear()
    app.extensions.pop("referee.folds", None)
    app.extensions.pop("referee.pages", None)  # and its pages
    app.config["FOLD_BUDGET"] = 1
    cut_short = client.get(f"/api/v1/matches/{view_id}")
    assert cut_short.status_code == 200
    assert cut_short.get_json()["totals"] != whole
    page = client.get(f"/m/{view_id}")
    assert page.status_code == 200
    assert "too complex to rule here" in page.get_data(as_text=True)
    app.config["FOLD_BUDGET"] = None
    assert client.get(f"/api/v1/matches/{view_id}").get_json()["totals"] == whole


def test_a_write_whose_fold_runs_short_is_422_and_stores_nothing(app: Any, client: Any) -> None:
    """On a worker that must re-rule the match's hands first, a write needs the whole fold:
    past ``FOLD_BUDGET`` it is refused as too complex, and nothing is stored."""
    from referee.games import hand_entry
    from referee.rules import melds

    view_id, token = api_match(client, rules={"jokers": 2, "jokers_wild": True})
    body = {
        "kind": "knock",
        "knocker": "Ann",
        "knocker_cards": "5S 6S 7S KH KD KC AH AD JK1 3D",
        "defender_cards": "8S 8H 8D 8C 9S KS 2C 2H QD JK2",
    }
    headers = {"X-Edit-Token": token}
    path = f"/api/v1/matches/{view_id}/hands"
    assert client.post(path, json=body, headers=headers).status_code == 201
    melds.clear_hand_caches()
    hand_entry._rule_cached.cache_clear()
    app.extensions.pop("referee.folds", None)
    app.config["FOLD_BUDGET"] = 1
    body["knocker_cards"] = "5S 6S 7S KH KD KC AH AD JK1 4D"
    response = client.post(path, json=body, headers=headers)
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["error"]["reason"].startswith("too complex")
    app.config["FOLD_BUDGET"] = None
    assert len(client.get(f"/api/v1/matches/{view_id}").get_json()["hands"]) == 1
    assert client.post(path, json=body, headers=headers).status_code == 201


# Twenty cards with eight wild deuces that cannot make the contract: the can-make search
# tries every place for the wild cards before it says no (about 550,000 nodes unbounded).
CONTRACT_WORST = "AS 3D 4D 10H 9H JH QH 7H 6C 8H KS QS 2H 2D 2D 2S 2S 2H 2C 2C"


def test_a_contract_search_past_the_budget_is_refused_not_run(client: Any) -> None:
    body = {
        "check": "hand",
        "preset": "twelve_step",
        "contract": "3 sequences of 4 + 2 groups of 4",
        "cards": 20,
        "hand": CONTRACT_WORST,
    }
    response = client.post("/api/v1/contract/check", json=body)
    assert response.status_code == 422, response.get_json()
    assert "too complex to rule here" in response.get_json()["error"]["reason"]
    fits = client.post("/api/v1/contract/check", json={**body, "contract": "2 groups of 4"})
    assert fits.status_code == 200, fits.get_json()


def test_the_contract_search_charges_the_budget_it_runs_under() -> None:
    from referee.games.contract.contracts import parse_needs
    from referee.games.contract.search import can_make_contract
    from referee.games.contract.tables_of_play import contract_table
    from referee.games.presets import get_preset
    from referee.rules.budget import TooComplexError, per_ruling
    from referee.rules.cards import parse_cards

    table = contract_table(get_preset("twelve_step").rules)
    needs = parse_needs("3 sequences of 4 + 2 groups of 4", "contract")
    hand = parse_cards(CONTRACT_WORST, table.deck)
    with per_ruling(200_000), pytest.raises(TooComplexError):
        can_make_contract(hand, needs, table)
