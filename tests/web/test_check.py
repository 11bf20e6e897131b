"""Check a hand without a match: the worked cases of docs/rules.md §9/§10 through the JSON API and
the page, bad input, the permanent links (round trip, frozen rules), and one-hand analysis."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

from referee.games.presets import PRESETS
from referee.models import Ruling, db
from tests.web.helpers import add_quick, csrf_from, start_match

R7_KNOCKER = "5S 6S 7S KH KD KC AH AD AC 3D"
R7_DEFENDER = "8S 8H 8D 8C 9S KS 2C 2H QD JC"
GIN = "AS 2S 3S 4H 5H 6H 9C 9D 9H 9S"
DEFENDER_23 = "KD 8C 3D 2H 5D 6D 7D JH JS JC"  # melds 5-7♦ and the jacks; K 8 3 2 = 23
DEFENDER_ALL_MELD = "KS KH KD QS QH QD 5C 6C 7C 8C"
R3_KNOCKER = "AS 2S 3S 4S 4H 4D KC KH KD 2C"  # best: A-3♠ / 4♠4♥4♦ / K♥K♦K♣, deadwood 2
R3_DEFENDER = "5S 6H 7H 8H 9C 9D QS QH JC 3D"
R3_SPREAD = "AS 2S 3S 4S | KC KH KD"  # laid down: 10 deadwood, and 5♠ may be laid off
ILLEGAL_KNOCKER = "3S 4S 5S 6S 6H 6D KC KH KD 2C"
ILLEGAL_SPREAD = "3S 4S 5S 6S | KC KH KD"  # 14 deadwood; the best spread leaves 2
ILLEGAL_DEFENDER = "5H 7H 8H 9C 9D QS QH JC 3D AD"


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def plain(response) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", text(response)).split())


def rulings_stored(app) -> int:
    with app.app_context():
        return db.session.query(Ruling).count()


def api_rule(client, **body):
    return client.post("/api/v1/rulings", json=body)


# -- the worked cases through the API ------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # R7: the defender breaks its set of 8s, lays off 8♠ then 9♠ (chained) and K♠
        (
            {"knocker": R7_KNOCKER, "defender": R7_DEFENDER},
            {"outcome": "knock", "scorer": "knocker", "points": 21,
             "knocker_deadwood": 3, "defender_deadwood": 24},
        ),
        # R7 without chained layoffs: D = 33, knocker +30
        (
            {"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "rules": {"layoff_chain": False}},
            {"outcome": "knock", "points": 30, "defender_deadwood": 33},
        ),
        # R8/§10: gin against 23, no layoffs; modern 48, pagat 43
        (
            {"knocker": GIN, "defender": DEFENDER_23},
            {"outcome": "gin", "scorer": "knocker", "points": 48, "layoffs": []},
        ),
        (
            {"knocker": GIN, "defender": DEFENDER_23, "preset": "classic"},
            {"outcome": "gin", "points": 43},
        ),
        # R10: the defender's cards all meld too; gin cannot be undercut
        (
            {"knocker": GIN, "defender": DEFENDER_ALL_MELD},
            {"outcome": "gin", "scorer": "knocker", "points": 25, "defender_deadwood": 0},
        ),
        # R11: "knock" announced with ten melded cards: cards speak, gin
        (
            {"knocker": GIN, "defender": DEFENDER_23, "kind": "knock"},
            {"outcome": "gin", "points": 48},
        ),
        # R12/§10: big gin against 23 = 54
        (
            {"knocker": GIN + " 7H", "defender": DEFENDER_23, "kind": "big_gin"},
            {"outcome": "big_gin", "scorer": "knocker", "points": 54},
        ),
        # R9: a gin-off is an ordinary undercut: (3 − 0) + 25
        (
            {"knocker": R7_KNOCKER, "defender": "8S 9S 10S QH QD QC JH JD JC KS"},
            {"outcome": "undercut", "scorer": "defender", "points": 28, "defender_deadwood": 0},
        ),
        # §10 modern: K8 D6 → the defender +27
        (
            {"knocker": "AS 2S 3S 7H 7D 7C 9C 10C JC 8D",
             "defender": "KH KD KS QH QD QS 4C 5C 6C 6D"},
            {"outcome": "undercut", "scorer": "defender", "points": 27},
        ),
        # §10 pagat: K7 D7 → a tie is an undercut, the defender +10
        (
            {"knocker": "AS 2S 3S 8H 8D 8C 9C 10C JC 7D",
             "defender": "KH KD KS QH QD QS 4C 5C 6C 7S", "preset": "classic"},
            {"outcome": "undercut", "scorer": "defender", "points": 10},
        ),
        # §10 Oklahoma: 6♠ upcard, K4 D18 → (18 − 4) × 2 = 28
        (
            {"knocker": "AS 2S 3S 7H 7D 7C 9C 10C JC 4D",
             "defender": "KH KD KS QH QD QS 5H 3C 2D 8D", "preset": "oklahoma", "upcard": "6S"},
            {"outcome": "knock", "points": 28, "multiplier": 2, "knock_limit": 6},
        ),
        # R3: the spread laid down counts, even when it leaves more and lets 5♠ be laid off
        (
            {"knocker": R3_KNOCKER, "defender": R3_DEFENDER, "spread": R3_SPREAD},
            {"outcome": "knock", "points": 41, "knocker_deadwood": 10, "defender_deadwood": 51},
        ),
        (
            {"knocker": R3_KNOCKER, "defender": R3_DEFENDER},
            {"outcome": "knock", "points": 54, "knocker_deadwood": 2},
        ),
    ],
)  # fmt: skip
def test_worked_cases_through_the_api(client, app, body, expected):
    response = api_rule(client, **body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    for key, value in expected.items():
        assert data[key] == value, (key, data[key])
    assert data["steps"] and all({"text", "rule"} <= set(s) for s in data["steps"])
    assert data["url"].endswith("/r/" + data["id"]) and 8 <= len(data["id"]) <= 10
    assert rulings_stored(app) == 1


def test_r7_api_answer_has_the_fields_of_the_shell_command(client):
    from referee.inputs import rule_request

    data = api_rule(client, knocker=R7_KNOCKER, defender=R7_DEFENDER).get_json()
    shell = rule_request({"knocker": R7_KNOCKER, "defender": R7_DEFENDER})
    assert {k: data[k] for k in shell} == shell
    assert sorted(lo["card"] for lo in data["layoffs"]) == ["8S", "9S", "KS"]
    assert [s["rule"] for s in data["steps"]].count("R5") == 1
    assert data["preset"] == "american" and data["kind"] == "ruling"
    assert data["inputs"]["knocker"] == R7_KNOCKER


def test_r3_and_illegal_steps_say_why(client):
    declared = api_rule(client, knocker=R3_KNOCKER, defender=R3_DEFENDER, spread=R3_SPREAD)
    steps = [s["text"] for s in declared.get_json()["steps"]]
    assert any("8 more deadwood than the best one" in s for s in steps)
    illegal = api_rule(
        client, knocker=ILLEGAL_KNOCKER, defender=ILLEGAL_DEFENDER, spread=ILLEGAL_SPREAD
    ).get_json()
    assert (illegal["outcome"], illegal["scorer"], illegal["points"]) == ("illegal_knock", None, 0)
    reason = illegal["steps"][-1]
    assert reason["rule"] == "R2"
    assert "14, outside the knock limit (deadwood ≤ 10)" in reason["text"]
    assert "best the knocker could have laid down was 2" in reason["text"]


# -- bad input: a 400 naming the field and the token; nothing stored --------------------------


@pytest.mark.parametrize(
    ("body", "field", "reason"),
    [
        ({"knocker": R7_KNOCKER.replace("3D", "1H"), "defender": R7_DEFENDER}, "knocker",
         "`1H` is not a card"),
        ({"knocker": "5S 6S 7S KH KD KC AH AD AC", "defender": R7_DEFENDER}, "knocker",
         "the knocker holds 9 cards, 10 or 11 are needed"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER.replace("JC", "3D")}, "defender",
         "`3♦` is in both hands"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER.replace("JC", "8S")}, "defender",
         "`8♠` appears twice"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "preset": "nope"}, "preset",
         "`nope` is not a preset"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "preset": "battle_royal"}, "preset",
         "played by three at once"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "rules": {"knock_limit": 99}},
         "rules", "knock_limit must be at most 15 (got 99)"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "rules": {"no_such": 1}},
         "rules", "no_such is not a rule"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "spread": "5S 6S 8S"}, "spread",
         "meld 1: 5♠ 6♠ 8♠ is not a run: 7♠ is missing"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "spread": "8S 9S 10S"}, "spread",
         "8♠ is not in the hand"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "spread": "5S 6S XX"}, "spread",
         "`XX` is not a card"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "kind": "maybe"}, "kind",
         "must be knock, gin or big_gin"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "preset": "oklahoma"}, "upcard",
         "this table needs the first upcard"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "kind": "big_gin"}, "knocker",
         "big gin needs all 11 cards"),
        ({"defender": R7_DEFENDER}, "knocker", "missing"),
        ({"knocker": R7_KNOCKER, "defender": 7}, "defender", "must be a string of cards"),
        ({"knocker": R7_KNOCKER, "defender": R7_DEFENDER, "colour": "red"}, "colour",
         "is not an input here"),
    ],
)  # fmt: skip
def test_bad_input_is_a_400_naming_the_field(client, app, body, field, reason):
    response = api_rule(client, **body)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == field
    assert reason in error["reason"]
    assert rulings_stored(app) == 0


def test_not_json_is_a_400(client, app):
    response = client.post("/api/v1/rulings", data="knocker=AS", content_type="text/plain")
    assert response.status_code == 400 and "JSON object" in response.get_json()["error"]["reason"]
    assert client.post("/api/v1/analyze", json=["AS"]).status_code == 400
    assert rulings_stored(app) == 0


# -- the permanent link ----------------------------------------------------------------------


def test_permalink_round_trip(client):
    made = api_rule(client, knocker=R7_KNOCKER, defender=R7_DEFENDER).get_json()
    again = client.get(f"/api/v1/rulings/{made['id']}")
    assert again.status_code == 200
    assert again.get_json() == made
    page = client.get(f"/r/{made['id']}")
    assert page.status_code == 200
    words = plain(page)
    assert "Knocker scores 21" in words and "deadwood 3 v 24" in words
    assert made["url"] in text(page)


def test_permalink_keeps_its_rules_after_the_preset_changes(client, monkeypatch):
    made = api_rule(client, knocker=R7_KNOCKER, defender=R7_DEFENDER).get_json()
    american = PRESETS["american"]
    changed = american.rules.with_overrides(layoff_chain=False, gin_bonus=30)
    monkeypatch.setitem(PRESETS, "american", dataclasses.replace(american, rules=changed))
    # new rulings use the changed preset ...
    assert api_rule(client, knocker=R7_KNOCKER, defender=R7_DEFENDER).get_json()["points"] == 30
    # ... the stored one keeps its frozen rules
    again = client.get(f"/api/v1/rulings/{made['id']}").get_json()
    assert again["points"] == 21 and again["rules"]["layoff_chain"] is True
    page = plain(client.get(f"/r/{made['id']}"))
    assert "Knocker scores 21" in page
    assert "has changed since" in page and "layoff_chain now False" in page


def test_unknown_links_are_404(client):
    assert client.get("/r/nope").status_code == 404
    response = client.get("/api/v1/rulings/nope")
    assert response.status_code == 404 and response.get_json()["error"]["reason"]


def test_a_stored_ruling_the_engine_now_refuses_is_explained_not_crashed(client, app):
    made = api_rule(client, knocker=R7_KNOCKER, defender=R7_DEFENDER).get_json()
    with app.app_context():
        ruling = Ruling.by_short_id(made["id"])
        ruling.inputs_json = ruling.inputs_json.replace("3D", "1D")
        db.session.commit()
    page = client.get(f"/r/{made['id']}")
    assert page.status_code == 200
    assert "can no longer be worked out" in plain(page) and "`1D` is not a card" in plain(page)


# -- the page ------------------------------------------------------------------------------


def page_form(client, url: str = "/check") -> dict[str, str]:
    """What the check form posts untouched: inputs, checked boxes and radios, selections."""
    page = client.get(url)
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    values: dict[str, str] = {}
    for tag in re.findall(r"<input[^>]*>", body):
        attrs = dict(re.findall(r'([a-z_-]+)="([^"]*)"', tag))
        name, kind = attrs.get("name"), attrs.get("type", "text")
        if not name:
            continue
        if kind in ("checkbox", "radio"):
            if re.search(r"\schecked", tag):
                values[name] = attrs.get("value", "y")
        elif kind != "submit":
            values.setdefault(name, attrs.get("value", ""))
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', body, re.S):
        chosen = re.search(r'<option[^>]*selected[^>]*value="([^"]*)"', options) or re.search(
            r'<option[^>]*value="([^"]*)"[^>]*selected', options
        )
        values[name] = chosen.group(1) if chosen else ""
    assert values["csrf_token"] == csrf_from(body)
    return values


def check(client, **fields):
    data = page_form(client)
    data.update({k: v for k, v in fields.items() if v is not None})
    return client.post("/check", data=data)


def test_home_and_nav_lead_to_the_check_page(client):
    home = text(client.get("/"))
    assert 'href="/check"' in home and "Check a disputed hand" in home
    page = plain(client.get("/check"))
    assert "Rule on a knock" in page and "Analyse one hand" in page
    assert "Knock ≤ 10; gin 25" in page  # the chosen preset's description
    # a knock is ruled between two players: Battle Royal's three-way hands are not offered
    assert 'value="battle_royal"' not in text(client.get("/check"))
    assert 'value="battle_royal"' in text(client.get("/check/analyze"))


def test_r7_through_the_page(client, app):
    response = check(client, knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER)
    assert response.status_code == 303
    link = response.headers["Location"]
    assert re.fullmatch(r"/r/[A-Za-z0-9_-]{8,10}", link)
    page = client.get(link)
    body, words = text(page), plain(page)
    assert "Knocker scores 21" in words
    assert 'data-testid="knocker-deadwood">3<' in body
    assert 'data-testid="defender-deadwood">24<' in body
    assert "(43 before layoffs)" in words
    # the layoffs are drawn on the knocker's melds, marked as laid off
    extended = re.findall(r'data-testid="extended-meld">(.*?)</div>', body, re.S)
    laid = [re.findall(r'pcard (\w) laid" data-card="(\w+)"', meld) for meld in extended]
    assert [[code for _, code in meld] for meld in laid] == [["8S", "9S"], ["KS"]]
    assert re.findall(r'data-card="(\w+)"', extended[0]) == ["5S", "6S", "7S", "8S", "9S"]
    # the steps, numbered, each with its rule
    steps = re.search(r'data-testid="steps">(.*?)</ol>', body, re.S).group(1)
    assert steps.count("<li") == 8
    assert re.findall(r'class="rule"[^>]*>([^<]+)<', steps) == [
        "R3", "R2", "R4", "R4", "R7", "R5", "R4", "§2.1",
    ]  # fmt: skip
    assert rulings_stored(app) == 1


def test_declared_spread_that_cost_points_stands_out(client):
    response = check(client, knocker_cards=R3_KNOCKER, defender_cards=R3_DEFENDER, spread=R3_SPREAD)
    page = client.get(response.headers["Location"])
    words = plain(page)
    assert "Knocker scores 41" in words
    note = re.search(r'data-testid="spread-note">(.*?)</div>\s*</div>', text(page), re.S).group(1)
    note = " ".join(re.sub(r"<[^>]+>", " ", note).split())
    assert "leaves 10 deadwood where the best spread leaves 2: 8 more" in note
    assert "would be: Knocker scores 54" in note
    assert 'class="mark-cost"' in text(page)


def test_a_spread_as_good_but_not_the_referees_says_what_it_changed(client):
    # 7♠ ends the run or joins the 7s: the same 6 deadwood, but the run lets 8♠ be laid off
    response = check(
        client,
        knocker_cards="4S 5S 6S 7S 7H 7D 7C 2C 3D AH",
        defender_cards="8S 9H 10H JD QD 3C 4C 6H 9D AD",
        spread="4S 5S 6S 7S | 7H 7D 7C",
    )
    page = client.get(response.headers["Location"])
    assert "Knocker scores 56" in plain(page)
    note = re.search(r'data-testid="spread-note">(.*?)</div>\s*</div>', text(page), re.S).group(1)
    note = " ".join(re.sub(r"<[^>]+>", " ", note).split())
    assert "not the referee's choice" in note and "would be: Knocker scores 64" in note
    assert "more" not in note.split("would be")[0]  # no extra deadwood to report


def test_illegal_knock_through_the_page(client):
    response = check(
        client,
        knocker_cards=ILLEGAL_KNOCKER,
        defender_cards=ILLEGAL_DEFENDER,
        spread=ILLEGAL_SPREAD,
    )
    page = client.get(response.headers["Location"])
    words = plain(page)
    assert "Illegal knock: nobody scores" in words
    why = re.search(r'data-testid="illegal">(.*?)</div>', text(page), re.S).group(1)
    assert "14, outside the knock limit (deadwood ≤ 10)" in why
    assert "The best the knocker could have laid down was 2" in why


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"knocker_cards": GIN, "defender_cards": DEFENDER_23}, "Knocker scores 48"),
        ({"knocker_cards": GIN, "defender_cards": DEFENDER_ALL_MELD}, "gin cannot be undercut"),
        ({"knocker_cards": GIN, "defender_cards": DEFENDER_23, "kind": "knock"}, "cards speak"),
        ({"knocker_cards": GIN + " 7H", "defender_cards": DEFENDER_23, "kind": "big_gin"},
         "Knocker scores 54"),
        ({"knocker_cards": R7_KNOCKER, "defender_cards": "8S 9S 10S QH QD QC JH JD JC KS"},
         "Defender scores 28"),
        ({"knocker_cards": "AS 2S 3S 7H 7D 7C 9C 10C JC 4D",
          "defender_cards": "KH KD KS QH QD QS 5H 3C 2D 8D", "preset": "oklahoma",
          "rules_from": "oklahoma", "rule_oklahoma": "y", "upcard": "6S"}, "Knocker scores 28"),
    ],
)  # fmt: skip
def test_worked_cases_through_the_page(client, fields, expected):
    response = check(client, **fields)
    assert response.status_code == 303, plain(response)
    assert expected in plain(client.get(response.headers["Location"]))


def test_several_best_spreads_can_be_seen(client):
    # 8♠ ends the run 5-8♠ or fills the set of 8s: the same deadwood either way, but against
    # the run the defender lays off 9♠ 10♠, so the referee takes the set (R3)
    response = check(
        client,
        knocker_cards="5S 6S 7S 8S 8H 8D 8C AC 2C 3D",
        defender_cards="9S 10S 2H 4H 5D 7D QC KC JH QH",
    )
    page = text(client.get(response.headers["Location"]))
    assert "Knocker scores 71" in plain(client.get(response.headers["Location"]))
    options = re.search(r'data-testid="options">(.*?)</details>', page, re.S).group(1)
    assert "<strong>2</strong> spreads for the knocker" in options
    assert options.count("<li") == 2
    assert "the defender would be left with 58" in options
    chosen = re.search(r'<li class="chosen">(.*?)</li>', options, re.S).group(1)
    assert "left with 77" in chosen and "the referee's choice" in chosen


def page_error(response, field: str) -> str:
    """The error shown inside the field's own block of the form."""
    body = text(response)
    start = body.index(f'id="{field}"')
    block = body[start : body.index("</div>", start)]
    found = re.findall(r'<p class="error" role="alert">([^<]+)</p>', block)
    return " ".join(found)


@pytest.mark.parametrize(
    ("fields", "field", "reason"),
    [
        ({"knocker_cards": R7_KNOCKER.replace("3D", "1H")}, "knocker_cards", "`1H` is not a card"),
        ({"knocker_cards": "5S 6S 7S"}, "knocker_cards", "the knocker holds 3 cards"),
        ({"knocker_cards": ""}, "knocker_cards", "missing"),
        ({"defender_cards": R7_DEFENDER.replace("JC", "3D")}, "defender_cards",
         "`3♦` is in both hands"),
        ({"spread": "5S 6S 8S"}, "spread", "7♠ is missing"),
        ({"preset": "nope", "rules_from": "nope"}, "preset", "Not a valid choice"),
        ({"rule_knock_limit": "99"}, "rule_knock_limit", "Number must be between 0 and 15"),
        ({"rule_max_run": "two"}, "rule_max_run", "max_run must be a whole number"),
        ({"rule_oklahoma": "y"}, "upcard", "this table needs the first upcard"),
    ],
)  # fmt: skip
def test_bad_input_on_the_page_is_shown_beside_the_field(client, app, fields, field, reason):
    data = {"knocker_cards": R7_KNOCKER, "defender_cards": R7_DEFENDER, **fields}
    response = check(client, **data)
    assert response.status_code == 400
    assert reason in page_error(response, field)
    assert rulings_stored(app) == 0


def test_the_form_needs_its_csrf_token(client, app):
    data = page_form(client)
    data.pop("csrf_token")
    data.update(knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER)
    assert client.post("/check", data=data).status_code == 400
    assert rulings_stored(app) == 0


def test_a_double_submit_shares_one_link_and_never_fails(client, app):
    data = page_form(client)
    data.update(knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER)
    first, second = client.post("/check", data=data), client.post("/check", data=data)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert rulings_stored(app) == 1


def test_house_rules_from_the_knobs_are_kept_with_the_link(client):
    data = page_form(client)
    data.pop("rule_layoff_chain", None)  # unticked
    data.update(knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER)
    response = client.post("/check", data=data)
    words = plain(client.get(response.headers["Location"]))
    assert "Knocker scores 30" in words and "layoff_chain=False" in words
    # "Change something" fills the form with the same cards and rules
    short_id = response.headers["Location"].rsplit("/", 1)[1]
    again = page_form(client, f"/check?from={short_id}")
    assert again["knocker_cards"] == R7_KNOCKER and "rule_layoff_chain" not in again


def test_a_preset_changed_without_the_script_uses_that_preset(client):
    data = page_form(client)  # knobs filled for american
    data.update(
        knocker_cards=GIN, defender_cards=DEFENDER_23, preset="classic", rule_gin_bonus="99"
    )
    response = client.post("/check", data=data)
    assert "Knocker scores 43" in plain(client.get(response.headers["Location"]))


# -- one hand analysed ---------------------------------------------------------------------


def test_analysis_r1_through_the_api(client, app):
    response = client.post("/api/v1/analyze", json={"hand": "4H 5H 6H 7H 7S 7D KC QD 2S AC"})
    assert response.status_code == 201
    data = response.get_json()
    assert data["deadwood"] == 23 and data["may_knock"] is False
    assert "may not knock: 23 is outside the knock limit" in data["verdict"]
    assert data["kind"] == "analysis"
    assert client.get(f"/api/v1/rulings/{data['id']}").get_json() == data
    assert rulings_stored(app) == 1


def test_analysis_of_eleven_cards_gives_the_best_discard(client):
    data = client.post(
        "/api/v1/analyze", json={"hand": "AS 2S 3S 7H 7D 7C 9C 10C JC KD 4S"}
    ).get_json()
    after = data["after_discard"]
    assert after["discards"] == ["KD"] and after["deadwood"] == 0 and after["may_knock"]
    big = client.post(
        "/api/v1/analyze", json={"hand": "AC 2C 3C 4D 5D 6D 7D 9H 9S 9D 9C"}
    ).get_json()
    assert big["after_discard"]["big_gin"] is True and big["verdict"].startswith("Big gin")


def test_analysis_counts_every_best_arrangement(client):
    data = client.post("/api/v1/analyze", json={"hand": "JS QS KS KH KD"}).get_json()
    assert data["optimal_arrangements"] == 2 and len(data["arrangements"]) == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"hand": "AS 1S"}, "hand"),
        ({"hand": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"}, "hand"),
        ({}, "hand"),
        ({"hand": "AS", "preset": "nope"}, "preset"),
        ({"hand": "AS", "upcard": "ZZ"}, "upcard"),
    ],
)
def test_analysis_bad_input(client, app, body, field):
    response = client.post("/api/v1/analyze", json=body)
    assert response.status_code == 400 and response.get_json()["error"]["field"] == field
    assert rulings_stored(app) == 0


def test_analysis_through_the_page(client):
    data = page_form(client, "/check/analyze")
    data.update(hand="4H 5H 6H 7H 7S 7D KC QD 2S AC")
    response = client.post("/check/analyze", data=data)
    assert response.status_code == 303
    page = client.get(response.headers["Location"])
    words = plain(page)
    assert "Deadwood 23: may not knock" in words
    assert 'data-testid="analysis-deadwood">23<' in text(page)
    # Oklahoma: the upcard sets the limit
    data = page_form(client, "/check/analyze?preset=oklahoma")
    data.update(hand="AS 2S 3S 7H 7D 7C 9C 10C JC 4D", upcard="5H")
    words = plain(client.get(client.post("/check/analyze", data=data).headers["Location"]))
    assert "Deadwood 4: may knock (knock limit: deadwood ≤ 5)" in words
    bad = client.post("/check/analyze", data={**data, "hand": "AS QQ"})
    assert bad.status_code == 400 and "`QQ` is not a card" in page_error(bad, "hand")


def test_arrangements_that_differ_only_in_which_deuce_is_where_are_shown_once(client):
    body = {"hand": "2H 2C 5S 6S 7D 7C 9S 9H 9D KC", "rules": {"wild_ranks": [2]}}
    data = client.post("/api/v1/analyze", json=body).get_json()
    # 5♠ 6♠ takes one deuce, 7♦ 7♣ the other: either way round is the same arrangement
    assert data["optimal_arrangements"] == 1 and data["deadwood"] == 10
    assert data["arrangements"][0]["note"] == "2♥ and 2♣ may change places (the same arrangement)."
    plain_hand = client.post("/api/v1/analyze", json={"hand": "JS QS KS KH KD"}).get_json()
    assert "note" not in plain_hand["arrangements"][0]
    page = client.get(data["url"])
    assert 'data-testid="arrangement-note">2♥ and 2♣ may change places' in text(page)


# -- a match's hand uses the same ruling view ----------------------------------------------


def test_a_match_hand_links_to_the_same_ruling_view(client):
    view_id = start_match(client)
    page = client.get(f"/m/{view_id}/hands/new?entry=cards")
    data = dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', text(page)))
    data.update(
        entry="cards", kind="auto", knocker_seat="0", dealer_seat="1",
        knocker_cards=R7_KNOCKER, defender_cards=R7_DEFENDER, check="x",
    )  # fmt: skip
    checked = client.post(f"/m/{view_id}/hands/new", data=data)
    data["checked"] = re.search(r'name="checked"[^>]*value="([^"]*)"', text(checked)).group(1)
    data.pop("check")
    data["save"] = "x"
    assert client.post(f"/m/{view_id}/hands/new", data=data).status_code == 302
    board = text(client.get(f"/m/{view_id}"))
    hand_id = re.search(r'<tr id="hand-(\d+)"', board).group(1)
    hand = client.get(f"/m/{view_id}/hands/{hand_id}")
    body = text(hand)
    assert "Ann scores 21" in plain(hand)
    assert body.count('data-testid="extended-meld"') == 2
    assert 'data-testid="steps"' in body
    # a hand entered by counts shows the same view, without cards
    add_quick(client, view_id, knocker=1, k=4, d=19)
    board = text(client.get(f"/m/{view_id}"))
    second = re.findall(r'<tr id="hand-(\d+)"', board)[-1]
    quick = plain(client.get(f"/m/{view_id}/hands/{second}"))
    assert "Ben scores 15" in quick and "Entered as counts" in quick
