"""What a first-time scorer meets on every format's pages: a refused form's summary at its top
linking each problem to its field, the rules in plain words behind every rule tag, a form sent
again by its key, and the scorer's one tap to the last hand."""

from __future__ import annotations

import pathlib
import re

import pytest

from referee.games.words import game_words, plain_rules
from referee.rules.plain_words import OPTION_WORDS, anchor
from referee.rules.ruleset import Ruleset
from tests.web.helpers import add_quick, hand_form, new_match_data, start_match
from tests.web.threehand_helpers import start_three


def summary_of(page: str) -> str:
    found = re.search(r'<section class="error-summary".*?</section>', page, re.S)
    assert found, "no error summary"
    return found.group(0)


def assert_summary_links_fields(page: str, form_id: str) -> list[str]:
    """The summary comes before the form, and each of its links names a field of the page."""
    summary = summary_of(page)
    assert page.index(summary) < page.index(f'id="{form_id}"')
    targets = re.findall(r'<a href="#([^"]+)" data-field="\1">', summary)
    for target in targets:
        assert f'id="{target}"' in page, target
    return targets


@pytest.mark.parametrize(
    ("preset", "seated"),
    [
        ("american", False),
        ("hollywood", False),
        ("partnership", False),
        ("cutthroat", True),
        ("chouette", True),
        ("battle_royal", True),
        ("basic_rummy", True),
        ("rum_500", True),
    ],
)
def test_every_entry_form_refused_names_its_problems_at_the_top(client, preset, seated):
    if seated:
        names = ("Ann", "Ben", "Cat", "Dan") if preset == "chouette" else ("Ann", "Ben", "Cat")
        view_id = start_three(client, names, preset=preset)
    else:
        names = ("Ann", "Ben", "Cat", "Dan") if preset == "partnership" else ("Ann", "Ben")
        view_id = start_match(client, names=names, preset=preset)
    url = f"/m/{view_id}/hands/new"
    data = hand_form(client, url)
    # a card entry with a token that is no card: refused, nothing saved
    entry = {k: v for k, v in data.items() if k.endswith("entry")}
    data.update({k: "cards" for k in entry})
    for prefix in ("t1_", "t2_") if preset == "partnership" else ("",):
        # a seat that plays this hand (the dealer deals; in Cutthroat another sits out)
        data[f"{prefix}knocker_seat"] = data.get("dealer_seat", "0")
    field = next(k for k in data if k in ("knocker_cards", "t1_knocker_cards", "cards_0"))
    data[field] = "1H 2S"
    response = client.post(url, data={**data, "save": "1"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    form_id = "deal-form" if preset == "partnership" else "hand-form"
    assert field in assert_summary_links_fields(page, form_id)
    assert "`1H` is not a card" in summary_of(page)


@pytest.mark.parametrize("page", ["/new", "/new/three"])
def test_both_new_match_pages_refused_name_their_problems_at_the_top(client, page):
    data = new_match_data(client, page, ("", "Ben", "Cat"), "american", "-1")
    if page == "/new/three":
        data["preset"] = data["rules_from"] = "cutthroat"
    response = client.post(page, data=data)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    targets = assert_summary_links_fields(html, "new-match")
    assert "stake_per_point" in targets
    if page == "/new":
        assert "player_0" in targets


def test_a_form_sent_again_by_its_key_returns_the_first_hand_whatever_it_holds(client, app):
    view_id = start_match(client, preset="oklahoma")
    url = f"/m/{view_id}/hands/new"
    data = hand_form(client, url)
    data.update(entry="counts", kind="knock", knocker_seat="0", save="1")
    data.update(knocker_deadwood="3", defender_deadwood="20", upcard="6S")
    assert client.post(url, data=data).status_code == 302
    # Back, the upcard lost, Save again: the first result, not a refusal or a second hand
    again = client.post(url, data={**data, "upcard": ""}, follow_redirects=True)
    page = again.get_data(as_text=True)
    assert again.status_code == 200
    assert "already saved (hand 1)" in page and page.count('<tr id="hand-') == 1


def test_rule_tags_link_to_the_plain_words_page_with_the_match_numbers(client):
    view_id = start_match(client, preset="american", knock_limit=8, gin_bonus=30)
    add_quick(client, view_id, knocker=0, k=5, d=20)
    hand_page = client.get(f"/m/{view_id}").get_data(as_text=True)
    hand_url = re.search(rf'href="(/m/{view_id}/hands/\d+)"', hand_page).group(1)
    # the scorer's one tap to fix the last hand
    assert re.search(rf'href="{hand_url}/edit">Fix hand 1<', hand_page)
    ruling = client.get(hand_url).get_data(as_text=True)
    assert f'<a class="rule" href="/m/{view_id}/rules#s2-1"' in ruling
    rules = client.get(f"/m/{view_id}/rules").get_data(as_text=True)
    r2 = rules.split('id="r2"')[1].split("</div>")[0]
    assert "no more than 8" in r2
    assert "plus 30" in rules.split('id="r10"')[1].split("</div>")[0]
    standard = client.get("/rules").get_data(as_text=True)
    assert "no more than 10" in standard.split('id="r2"')[1].split("</div>")[0]
    # the check page (no match) links to the standard rules
    assert client.get("/rules").status_code == 200


def test_every_rule_tag_the_engine_uses_has_a_paragraph_and_every_choice_plain_words():
    notes = {n.anchor for n in plain_rules(Ruleset())}
    source = "\n".join(p.read_text() for p in pathlib.Path("referee/rules").rglob("*.py"))
    tags = set(re.findall(r'"(R\d+|§\d+(?:\.\d+)?)[^"]{0,30}"', source))
    missing = {t for t in tags if anchor(t) not in notes}
    assert not missing, missing
    every_list = [OPTION_WORDS, *(game.option_words for game in game_words())]
    for enum, words in (item for lists in every_list for item in lists.items()):
        assert set(words) == {m.value for m in enum}, enum


def test_gem_and_contract_rulings_link_their_rule_tags_to_the_match_rules(client):
    """A Gem Rummy hand and a Contract Rummy deal tag their steps as the Gin rulings do: each
    tag is a link to a paragraph that is on the match's rules page."""
    deck = (pathlib.Path(__file__).parent.parent / "data" / "gem_synthetic_deck.txt").read_text()
    gem = {"players": ["Ann", "Ben"], "preset": "gem", "deck": deck.strip()}
    gem_hand = {"dice": 7, "knocker": "Ann", "counts": {"Ann": 5, "Ben": 9}}
    contract = {"players": ["Ann", "Ben", "Cat"], "preset": "contract_7"}
    deal = {"went_out": "Ann", "counts": {"Ben": 20, "Cat": 35}}
    for match, hand in ((gem, gem_hand), (contract, deal)):
        made = client.post("/api/v1/matches", json=match).get_json()
        view_id = made["id"]
        headers = {"X-Edit-Token": made["edit_token"]}
        added = client.post(f"/api/v1/matches/{view_id}/hands", json=hand, headers=headers)
        assert added.status_code == 201, added.get_json()
        ruling = client.get(f"/m/{view_id}/hands/1").get_data(as_text=True)
        links = re.findall(rf'<a class="rule" href="/m/{view_id}/rules#([\w-]+)"', ruling)
        assert links, match["preset"]
        rules = client.get(f"/m/{view_id}/rules").get_data(as_text=True)
        assert all(f'id="{a}"' in rules for a in links), (match["preset"], links)
