"""Every page renders, with what a player needs on it."""

from __future__ import annotations

import dataclasses
import html
import re

from referee.forms import TEXT_RULES
from referee.games.words import rule_help
from referee.rules.ruleset import Ruleset
from referee.services.matches import playable_presets
from tests.web.helpers import add_quick, csrf_from, rule_form_data, start_match


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def test_home_lists_matches_in_play_and_finished(client):
    page = text(client.get("/"))
    assert "Start a match" in page and "Matches you start or open on this device" in page
    live = start_match(client, names=("Ann", "Ben"))
    done = start_match(client, names=("Cat", "Dan"), game_target=10)
    add_quick(client, done, knocker=0, k=2, d=30)
    page = text(client.get("/"))
    in_play, finished = page.split("<h2>Finished</h2>")
    assert "Ann v Ben" in in_play and f"/m/{live}" in in_play
    assert "Cat v Dan" in finished and f"/m/{done}" in finished


def test_new_match_offers_every_preset_and_every_rule_with_its_help(client):
    page = text(client.get("/new"))
    for preset in playable_presets():
        assert preset.title in page
        assert preset.description in page
    for f in dataclasses.fields(Ruleset):
        if f.name in TEXT_RULES:
            continue  # set on its format's own page (a contract list)
        assert f'name="rule_{f.name}"' in page, f.name
        assert rule_help()[f.name] in page
    assert 'name="stake_per_point"' in page


def test_new_match_with_house_rules_freezes_them(client, app):
    view_id = start_match(client, preset="classic", stake="0.25", gin_bonus=30, knock_limit=8)
    with app.app_context():
        from referee.models import Match

        match = Match.by_view_id(view_id)
        rules = Ruleset.from_json(match.rules_json)
        assert (rules.gin_bonus, rules.knock_limit, rules.undercut_bonus) == (30, 8, 10)
        assert str(match.stake_per_point) == "0.2500"
        assert match.preset == "classic"
    page = text(client.get(f"/m/{view_id}"))
    assert "Gin bonus: 30" in page and "Knock limit: 8" in page


def _new_match_post(client, **changes):
    data = {
        "csrf_token": csrf_from(client.get("/new").get_data(as_text=True)),
        "player_0": "Ann",
        "player_1": "Ben",
        "preset": "american",
        "rules_from": "american",
        "stake_per_point": "1",
        **rule_form_data("american"),
    }
    data.update(changes)
    return client.post("/new", data=data)


def test_new_match_problems_are_shown_beside_their_fields(client, app):
    cases = [
        ({"player_1": ""}, "This field is required"),
        ({"player_1": " ann "}, "the two players need different names"),
        ({"rule_knock_limit": "99"}, "Number must be between 0 and 15"),
        ({"rule_max_run": "2"}, "must be at least 3"),
        ({"rule_min_run": "5", "rule_max_run": "4"}, "must be at least min_run (5)"),
        ({"rule_wild_ranks": "14"}, "14 is not a rank"),
        ({"stake_per_point": "-1"}, "must be between 0 and 99,999,999"),
    ]
    for changes, message in cases:
        response = _new_match_post(client, **changes)
        assert response.status_code == 400, changes
        assert message in text(response), (changes, message)
    with app.app_context():
        from referee.models import Match, db

        assert db.session.query(Match).count() == 0


def test_changing_the_preset_without_script_loads_its_rules_first(client):
    response = _new_match_post(client, preset="classic")
    assert response.status_code == 200
    page = text(response)
    assert "Loaded the rules of" in page
    assert (
        'id="rule_gin_bonus" name="rule_gin_bonus" type="text" value="20"'
        in page.replace('inputmode="numeric" ', "")
        or 'value="20"' in page
    )


def test_scoreboard_hand_and_ruling_pages(client, other_client):
    view_id = start_match(client)
    add_quick(client, view_id, knocker=0, k=4, d=19)
    add_quick(client, view_id, knocker=1, kind="gin", k=None, d=23)
    board = text(client.get(f"/m/{view_id}"))
    assert "Ann knocks +15" in board
    assert "Ben gin +48" in board
    assert "Ben deals next" in board
    assert "Enter hand 3" in board and "Undo adding hand 2" in board
    # a watcher sees the same scores but no buttons that write
    watcher = text(other_client.get(f"/m/{view_id}"))
    assert 'data-testid="total-1">48<' in watcher
    assert "Enter hand" not in watcher and "Undo" not in watcher
    # each hand links to its full ruling
    hand_id = board.split('id="hand-')[1].split('"')[0]
    ruling = text(other_client.get(f"/m/{view_id}/hands/{hand_id}"))
    assert "The ruling, step by step" in ruling and "legal knock" in ruling
    assert "Edit hand" not in ruling


def test_unknown_things_are_404(client):
    view_id = start_match(client)
    assert client.get("/m/nope").status_code == 404
    assert client.get(f"/m/{view_id}/hands/999").status_code == 404
    assert client.get("/api/v1/matches/nope").status_code == 404


def test_edit_link_page_shows_the_link_to_its_holder(client, other_client):
    view_id = start_match(client)
    page = text(client.get(f"/m/{view_id}/link"))
    link = re.search(r'value="([^"]+)" aria-label="edit link"', page).group(1)
    assert f"/m/{view_id}/edit#" in link
    assert other_client.get(f"/m/{view_id}/link").status_code == 403
    # opening the link makes the other phone a scorer: the page posts the fragment's token
    page, token = link.split("#")
    claim = other_client.get(page)
    assert claim.status_code == 200
    response = other_client.post(page, data={"csrf_token": csrf_from(text(claim)), "token": token})
    assert response.status_code == 302
    assert "Enter hand 1" in text(other_client.get(f"/m/{view_id}"))


def test_security_headers(client):
    response = client.get("/")
    # the origin alone: no path (an old edit link) ever leaves, and a form posted over https
    # still carries the same-origin Referer its CSRF check needs
    assert response.headers["Referrer-Policy"] == "strict-origin"
    assert '<meta name="referrer" content="strict-origin">' in response.get_data(as_text=True)
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_static_assets_are_local(client):
    for name in ("app.css", "app.js", "picker.js", "new_match.js"):
        with client.get(f"/static/{name}") as response:
            assert response.status_code == 200
    page = client.get("/new").get_data(as_text=True)
    assert "https://" not in page and "http://cdn" not in page
