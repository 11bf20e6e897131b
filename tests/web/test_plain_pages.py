"""Pages that say things as a player would (issue 26): a 12-Step match's rules list its
contracts in the reader's language, a table may start from a common twelve and type its
contracts in its own language, an empty list is refused beside the first deal, Gem's first
hand names no last winner, and a club's menu and roster read cleanly."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.games.contract.test_contract import new_match_data
from tests.web.every_format import play
from tests.web.helpers import csrf_from, form_values, open_edit_link
from tests.web.test_clubs import friday


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def test_twelve_step_rules_list_the_contracts_in_words(client: Any) -> None:
    view_id, _ = play(client, "twelve_step")
    for language, first in (("en", "2 groups of 3"), ("de", "2 Sätze aus 3"), ("ru", "2 группы")):
        page = text(client.get(f"/m/{view_id}?lang={language}"))
        rules = page.split('<details class="panel small">')[1].split("</details>")[0]
        assert f"short: 1. {first}" in rules, (language, rules)
        assert '{"deals"' not in page


def test_an_empty_twelve_is_refused_beside_the_first_deal(client: Any) -> None:
    empty = client.post("/new/contract", data=new_match_data(client, [], list_name="x"))
    assert empty.status_code == 400
    summary = text(empty).split('data-testid="error-summary"')[1].split("</section>")[0]
    assert 'href="#contract_1"' in summary
    assert "Deal 1: contract: the list is empty" in summary


def test_a_common_twelve_fills_the_rows_and_starts(client: Any) -> None:
    data = new_match_data(client, [], list_name="Common")
    filled = client.post("/new/contract", data={**data, "example": "1"})
    assert filled.status_code == 200
    values = form_values(filled.get_data(as_text=True))
    contracts = [values[f"contract_{n}"] for n in range(1, 13)]
    assert contracts[0] == "2 groups of 3" and all(contracts), contracts
    assert all(values[f"cards_{n}"] == "13" for n in range(1, 13))
    started = client.post(
        "/new/contract", data={**data, **values, "csrf_token": data["csrf_token"]}
    )
    assert started.status_code == 302, text(started)[:2000]


def test_contracts_typed_in_german_or_russian_read_as_the_page_says_them(client: Any) -> None:
    for language, contract in (("de", "2 Sätze aus 3 + 1 Folge aus 4"), ("ru", "2 группы из 3")):
        client.get(f"/?lang={language}")
        page = client.get("/new/contract?preset=twelve_step").get_data(as_text=True)
        assert f'placeholder="{contract.split(" + ")[0]}' in html.unescape(page)
        data = new_match_data(client, [contract], list_name=f"Liste {language}")
        started = client.post("/new/contract", data=data)
        assert started.status_code == 302, text(started)[:2000]
        view_id = started.headers["Location"].rstrip("/").split("/")[-1]
        read = client.get(f"/api/v1/matches/{view_id}").get_json()
        assert read["contracts"]["deals"][0]["contract"].startswith("2 groups of 3")


def test_oklahoma_asks_the_upcard_first(client: Any) -> None:
    made = client.post("/api/v1/matches", json={"players": ["Ann", "Ben"], "preset": "oklahoma"})
    body = made.get_json()
    open_edit_link(client, f"/m/{body['id']}/edit#{body['edit_token']}")
    page = text(client.get(f"/m/{body['id']}/hands/new"))
    assert 'id="upcard"' in page
    assert page.index('id="upcard"') < page.index('id="kind"') < page.index('id="knocker_deadwood"')


def test_gem_hand_one_names_no_last_winner(client: Any) -> None:
    view_id, token = play(client, "gem")
    open_edit_link(client, f"/m/{view_id}/edit#{token}")
    first = text(client.get(f"/m/{view_id}/hands/1/edit"))
    assert "the last hand's winner" not in first
    assert "the last hand's winner" in text(client.get(f"/m/{view_id}/hands/new"))


def test_the_club_menu_says_each_player_count_once_and_names_link(client: Any) -> None:
    club, token, _ = friday(client)
    open_edit_link(client, f"/c/{club}/edit#{token}")
    page = text(client.get(f"/c/{club}"))
    options = re.findall(r"<option value=\"[a-z0-9_]+\"[^>]*>([^<]*)</option>", page)
    assert "Basic Rummy (2 to 6 players)" in options
    assert "Chouette (box against a team) (3 to 8 players)" in options
    assert "American (gin 25, undercut 25) (2 players)" in options
    assert not [o for o in options if o.count("player") > 1], options
    roster = page.split('data-testid="roster"')[1].split("</ul>")[0]
    links = re.findall(r'href="(/c/[^"]+/players/\d+)"[^>]*>(\w+)</a>', roster)
    assert sorted(name for _, name in links) == ["Ann", "Ben", "Cat"]
    assert client.get(links[0][0]).status_code == 200
    assert csrf_from(page)
