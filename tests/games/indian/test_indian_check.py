"""Indian Rummy's check without a match: the check page's tab and ``referee indian``."""

from __future__ import annotations

import json
from typing import Any

from tests.shell.test_shell import run
from tests.web.helpers import csrf_from

WRONG = "7H 8H JK / 5S 6S 2D / 9C 9D 9S / KD KC KH 2C"
VALID = "AH 2H 3H 5S 6S JK 9C 9D 9S KD KC KH 4D"


def test_the_check_tab_names_the_rule_a_declaration_breaks(client: Any) -> None:
    page = client.get("/check").get_data(as_text=True)
    assert 'data-testid="indian-check"' in page
    page = client.get("/check/indian").get_data(as_text=True)
    data = {"csrf_token": csrf_from(page), "cut": "2S", "groups": WRONG}
    html = client.post("/check/indian", data=data).get_data(as_text=True)
    assert "A wrong declaration" in html
    assert "no pure sequence: 7♥ 8♥ JK, 5♠ 6♠ 2♦ are impure" in html
    assert "capped at 80" in html


def test_the_check_tab_groups_cards_shown_without_groups(client: Any) -> None:
    page = client.get("/check/indian").get_data(as_text=True)
    data = {"csrf_token": csrf_from(page), "cut": "4C", "cards": VALID}
    html = client.post("/check/indian", data=data).get_data(as_text=True)
    assert "A valid declaration" in html


def test_the_check_tab_refuses_a_missing_cut_card_on_its_field(client: Any) -> None:
    page = client.get("/check/indian").get_data(as_text=True)
    response = client.post("/check/indian", data={"csrf_token": csrf_from(page), "cards": VALID})
    assert response.status_code == 400
    assert "enter the card cut for the wild joker" in response.get_data(as_text=True)


def test_referee_indian_checks_a_declaration() -> None:
    code, out = run(["indian", "--cut", "2S", "--groups", WRONG])
    assert code == 0
    assert "declaration: wrong: no pure sequence: 7♥ 8♥ JK, 5♠ 6♠ 2♦ are impure" in out
    assert "as a loser:" in out and "= 80 (capped from 83)" in out


def test_referee_indian_in_json() -> None:
    code, out = run(["indian", "--json", "--cut", "4C", "--cards", VALID])
    assert code == 0
    answer = json.loads(out)
    assert answer["valid"] and answer["points"] == 0 and answer["wild"] == "4"


def test_the_api_checks_a_hand(client: Any) -> None:
    response = client.post("/api/v1/indian/check", json={"cut": "2S", "groups": WRONG.split("/")})
    assert response.status_code == 200
    answer = response.get_json()
    assert not answer["valid"] and answer["points"] == 80 and answer["uncapped"] == 83
    refused = client.post("/api/v1/indian/check", json={"cards": VALID})
    assert refused.status_code == 400 and refused.get_json()["error"]["field"] == "cut"
