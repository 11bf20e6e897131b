"""Playing at the table on three phones: the scorer shows the seat links, Ann's and Ben's
phones open theirs, Ann calls her knock, both tap their own cards at the same time, the
ruling appears on all three screens without a reload, Ben disputes and then agrees, and the
scorer stores it once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser

ANN = "5S 6S 7S KH KD KC AH AD AC 3D"  # R7's knocker: deadwood 3
BEN = "8S 8H 8D 8C 9S KS 2C 2H QD JC"


def _scorer_at_the_table(phone: Any, base: str) -> dict[str, Any]:
    """A two-handed match made through the API; this phone its scorer, on the table page."""
    made: dict[str, Any] = phone.request.post(
        base + "/api/v1/matches", data={"players": ["Ann", "Ben"], "preset": "american"}
    ).json()
    phone.goto(made["edit_url"])
    phone.wait_for_url(f"**/m/{made['id']}")
    phone.goto(f"{base}/m/{made['id']}/table")
    return made


def _tap(page: Any, cards: str) -> None:
    for code in cards.split():
        page.locator(f'#picker .pc[data-card="{code}"]').click()


def test_two_seats_send_their_cards_and_every_phone_shows_the_ruling(
    live_server: str, browser: Any, phone: Any, shots: Any
) -> None:
    made = phone.request.post(
        live_server + "/api/v1/matches", data={"players": ["Ann", "Ben"], "preset": "american"}
    ).json()
    scorer = phone
    contexts, (ann, ben) = _seat_phones(browser, scorer, live_server, made, 2)
    scorer.screenshot(path=str(shots / "table-scorer-links.png"), full_page=True)
    try:
        for page in (ann, ben):
            # the token stays on the phone, not in a cookie
            assert all("seat" not in c["name"] for c in page.context.cookies())
            expect(page.locator('[data-testid="table-idle"]')).to_be_visible()

        # Ann calls her knock on her own phone; Ben's phone learns of it by itself
        _call(ann, "Ann")
        expect(ann.locator('[data-testid="table-hand"]')).to_have_text("Hand 1: Ann knocked")
        expect(ben.locator('[data-testid="table-hand"]')).to_have_text("Hand 1: Ann knocked")
        expect(ben.locator('[data-testid="seat-form"]')).to_be_visible()

        ann.screenshot(path=str(shots / "table-called-ann.png"), full_page=True)
        # each taps their own cards: ten taps and Send, at the same time
        _tap(ann, ANN)
        _tap(ben, BEN)
        taps = len(ANN.split()) + 1
        ann.click('[data-testid="send"]')
        ben.click('[data-testid="send"]')
        assert taps <= len(ANN.split()) + 2  # the cards held + 2

        for page in (ann, ben, scorer):
            expect(page.locator('[data-testid="table-ruling"]')).to_be_visible(timeout=6_000)
            expect(page.locator('[data-testid="ruling-head"]')).to_contain_text("Ann")
        ben.screenshot(path=str(shots / "table-ruling-ben.png"), full_page=True)

        # Ben disputes, everyone sees it; then he agrees
        ben.click('[data-testid="dispute"]')
        expect(scorer.locator('[data-testid="verdicts"]')).to_contain_text("Ben disputes")
        ben.click('[data-testid="agree"]')
        ann.click('[data-testid="agree"]')
        expect(scorer.locator('[data-testid="verdicts"]')).to_contain_text("Ben agrees")

        # a seat's phone has no Store button; the scorer stores it, once
        assert ben.locator('[data-testid="store"]').count() == 0
        scorer.click('[data-testid="store"]')
        for page in (ann, ben, scorer):
            expect(page.locator('[data-testid="table-stored"]')).to_be_visible(timeout=6_000)
        ann.screenshot(path=str(shots / "table-stored-ann.png"), full_page=True)
        hands = phone.request.get(f"{live_server}/api/v1/matches/{made['id']}/hands").json()
        assert len(hands["hands"]) == 1
        assert hands["hands"][0]["knocker_cards"] == ANN.split()
        # the next hand starts clean on both phones
        expect(ann.locator('[data-testid="table-call"]')).to_be_visible()
        assert ann.input_value("#cards") == ""
        for page in (ann, ben):
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    finally:
        for context in contexts:
            context.close()


def test_a_card_claimed_by_the_second_phone_is_refused_with_whose_it_is(
    live_server: str, browser: Any, phone: Any
) -> None:
    _scorer_at_the_table(phone, live_server)
    link = phone.input_value('[data-testid="seat-url-1"]')
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        ben = context.new_page()
        ben.set_default_timeout(10_000)
        ben.goto(link)
        # the scorer calls the hand and enters Ann's cards (her phone has no signal)
        phone.click('[data-testid="call"]')
        expect(phone.locator('[data-testid="fill-0"]')).to_be_visible()
        phone.click('[data-testid="fill-0"]')
        _tap(phone, ANN)
        phone.click('[data-testid="send"]')
        expect(phone.locator('[data-testid="sent-0"]')).to_contain_text("✓")
        expect(ben.locator('[data-testid="seat-form"]')).to_be_visible()
        _tap(ben, "5S" + BEN[2:])
        ben.click('[data-testid="send"]')
        expect(ben.locator('[data-testid="send-error"]')).to_have_text("5♠ is in Ann's hand")
        assert ben.locator('[data-testid="sent-1"]').inner_text().endswith("…")
    finally:
        context.close()


def test_the_table_pages_pass_axe_in_three_languages(live_server: str, browser: Any) -> None:
    """axe-core finds nothing on the scorer's page and on a seat's page showing the ruling,
    in English, German and Russian (issue 26's standard for every page), and neither page is
    wider than a 320 px phone."""
    from tests.browser.test_accessibility import axe

    narrow = {"width": 320, "height": 640}
    context = browser.new_context(viewport=narrow, is_mobile=True, has_touch=True, bypass_csp=True)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        made = page.request.post(
            live_server + "/api/v1/matches", data={"players": ["Ann", "Ben"], "preset": "american"}
        ).json()
        page.goto(made["edit_url"])
        page.wait_for_url(f"**/m/{made['id']}")
        page.goto(f"{live_server}/m/{made['id']}/table")
        links = [page.input_value(f'[data-testid="seat-url-{seat}"]') for seat in (0, 1)]
        api = f"{live_server}/api/v1/matches/{made['id']}/table"
        tokens = [link.split("#")[1] for link in links]
        page.request.post(api + "/hand", data={"knocker": "Ann", "kind": "knock"},
                          headers={"X-Seat-Token": tokens[0]})  # fmt: skip
        for token, cards in zip(tokens, (ANN, BEN), strict=True):
            sent = page.request.put(api + "/cards", data={"cards": cards},
                                    headers={"X-Seat-Token": token})  # fmt: skip
            assert sent.ok, sent.text()
        found = []
        for lang in ("en", "de", "ru"):
            page.goto(f"{live_server}/m/{made['id']}/join?lang={lang}")
            found += [f"{lang} join: {v}" for v in axe(page)]
            page.goto(f"{live_server}/m/{made['id']}/table?lang={lang}")
            expect(page.locator('[data-testid="table-ruling"]')).to_be_visible()
            found += [f"{lang} table: {v}" for v in axe(page)]
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), lang
            page.goto(f"{links[1].split('#')[0]}?lang={lang}#{tokens[1]}")
            expect(page.locator('[data-testid="table-ruling"]')).to_be_visible()
            found += [f"{lang} seat: {v}" for v in axe(page)]
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), lang
            text = page.inner_text("body")
            assert "_" not in text.replace("__", ""), text  # no snake_case word on screen
        assert not found, "\n".join(found)
    finally:
        context.close()


def _seat_phones(
    browser: Any, scorer: Any, base: str, made: dict[str, Any], count: int
) -> tuple[list[Any], list[Any]]:
    """The scorer opens the table page; each player's phone opens its own seat link."""
    scorer.goto(made["edit_url"])
    scorer.wait_for_url(f"**/m/{made['id']}")
    scorer.click('[data-testid="play-at-table"]')
    links = [scorer.input_value(f'[data-testid="seat-url-{seat}"]') for seat in range(count)]
    contexts = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) for _ in links]
    pages = [context.new_page() for context in contexts]
    assert all("#" in link for link in links)
    for page, link in zip(pages, links, strict=True):
        page.set_default_timeout(10_000)
        page.goto(link)
        page.wait_for_function("() => !location.hash")  # the token leaves the address bar
    return contexts, pages


def _call(page: Any, name: str) -> None:
    page.locator(f'#table-call label:has-text("{name}")').click()
    page.locator('#table-call label:has-text("Knock")').click()
    page.click('[data-testid="call"]')


def _send(page: Any, cards: str) -> None:
    expect(page.locator('[data-testid="seat-form"]')).to_be_visible()
    _tap(page, cards)
    page.click('[data-testid="send"]')


def test_three_phones_at_cutthroat_the_one_sitting_out_only_watches(
    live_server: str, browser: Any, phone: Any
) -> None:
    made = phone.request.post(
        live_server + "/api/v1/matches",
        data={"players": ["Ann", "Ben", "Cat"], "preset": "cutthroat"},
    ).json()
    playing = made["match"]["next"]["players"]
    names = ["Ann", "Ben", "Cat"]
    contexts, pages = _seat_phones(browser, phone, live_server, made, 3)
    try:
        knocker, defender = (pages[names.index(n)] for n in playing)
        idle = pages[next(i for i, n in enumerate(names) if n not in playing)]
        expect(idle.locator('[data-testid="table-idle"]')).to_be_visible()
        assert idle.locator("#table-call").count() == 0  # no call for one sitting out
        _call(knocker, playing[0])
        _send(knocker, ANN)
        _send(defender, BEN)
        for page in (*pages, phone):
            expect(page.locator('[data-testid="table-ruling"]')).to_be_visible(timeout=6_000)
        assert idle.locator('[data-testid="seat-form"]').is_hidden()
        phone.click('[data-testid="store"]')
        for page in pages:
            expect(page.locator('[data-testid="table-stored"]')).to_be_visible(timeout=6_000)
    finally:
        for context in contexts:
            context.close()


def test_four_phones_at_a_partnership_deal_each_table_called_by_its_players(
    live_server: str, browser: Any, phone: Any, shots: Any
) -> None:
    made = phone.request.post(
        live_server + "/api/v1/matches",
        data={"players": ["Ann", "Ben", "Cat", "Dan"], "preset": "partnership"},
    ).json()
    contexts, pages = _seat_phones(browser, phone, live_server, made, 4)
    try:
        ann, ben, cat, dan = pages
        _call(ann, "Ann")  # table 1 ends first
        expect(dan.locator('[data-testid="table-call-2"]')).to_contain_text("not called yet")
        _send(ann, ANN)
        _send(ben, BEN)
        _call(cat, "Cat")  # then table 2, with its own pack
        _send(cat, ANN)
        _send(dan, BEN)
        expect(dan.locator('[data-testid="sent-3"]')).to_contain_text("✓")
        for page in (*pages, phone):
            expect(page.locator('[data-testid="table-ruling"]')).to_be_visible(timeout=6_000)
        dan.screenshot(path=str(shots / "table-partnership-dan.png"), full_page=True)
        phone.click('[data-testid="store"]')
        for page in pages:
            expect(page.locator('[data-testid="table-stored"]')).to_be_visible(timeout=6_000)
        deal = phone.request.get(f"{live_server}/api/v1/matches/{made['id']}/hands").json()
        assert [t["knocker"] for t in deal["hands"][0]["tables"]] == ["Ann", "Cat"]
    finally:
        for context in contexts:
            context.close()


def test_500_rum_at_the_table_melds_and_a_layoff_from_three_phones(
    live_server: str, browser: Any, phone: Any, shots: Any
) -> None:
    made = phone.request.post(
        live_server + "/api/v1/matches",
        data={"players": ["Ann", "Ben", "Cat"], "preset": "rum_500"},
    ).json()
    contexts, pages = _seat_phones(browser, phone, live_server, made, 3)
    try:
        ann, ben, cat = pages
        ann.locator('#table-call label:has-text("Ann")').click()
        ann.locator('#table-call label:has-text("Went out")').click()
        ann.click('[data-testid="call"]')
        expect(cat.locator('[data-testid="table-hand"]')).to_have_text("Hand 1: Ann went out")
        # Ann went out: no cards left; her two melds tapped one after the other
        expect(ann.locator('[data-testid="seat-form"]')).to_be_visible()
        ann.locator(".picker-targets .melds-target").click()
        _tap(ann, "AH 2H 3H")
        ann.locator(".picker-targets [data-sep]").click()
        _tap(ann, "KS KH KD")
        assert ann.input_value("#melds_0") == "AH 2H 3H / KS KH KD"
        ann.click('[data-testid="send"]')
        # Ben: cards left, a meld, and 4H laid off onto Ann's first meld
        expect(ben.locator('[data-testid="seat-form"]')).to_be_visible()
        _tap(ben, "AS QD")
        ben.locator(".picker-targets .melds-target").click()
        _tap(ben, "7C 8C 9C")
        ben.fill("#layoffs", "4H > Ann 1")
        ben.screenshot(path=str(shots / "table-rum500-ben.png"), full_page=True)
        ben.click('[data-testid="send"]')
        _send(cat, "2S 9D JH")
        for page in (*pages, phone):
            expect(page.locator('[data-testid="table-ruling"]')).to_be_visible(timeout=6_000)
        expect(cat.locator('[data-testid="laid-off-1"]')).to_be_visible()
        cat.screenshot(path=str(shots / "table-rum500-cat.png"), full_page=True)
        phone.click('[data-testid="store"]')
        expect(ann.locator('[data-testid="table-stored"]')).to_be_visible(timeout=6_000)
    finally:
        for context in contexts:
            context.close()


def test_one_qr_code_for_the_table_each_phone_picks_its_seat(
    live_server: str, browser: Any, phone: Any
) -> None:
    made = _scorer_at_the_table(phone, live_server)
    join = phone.input_value('[data-testid="join-url"]')
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        ben = context.new_page()
        ben.set_default_timeout(10_000)
        ben.goto(join)
        ben.click('[data-testid="join-1"]')
        ben.wait_for_url(f"**/m/{made['id']}/seat/2")
        expect(ben.locator("h1")).to_have_text("Ben at the table")
        expect(ben.locator('[data-testid="no-seat"]')).to_be_hidden()
        _call(ben, "Ben")  # his own seat link works: he calls his knock
        expect(phone.locator('[data-testid="table-hand"]')).to_have_text("Hand 1: Ben knocked")
    finally:
        context.close()


def test_contract_and_indian_rummy_at_the_table_each_seat_answers_beside_its_cards(
    live_server: str, browser: Any, phone: Any, shots: Any
) -> None:
    """A Contract deal: the seat that did not go out says whether it laid down its contract
    (jokers tappable); an Indian Rummy deal: called with the cut for the wild joker, one seat
    drops and sends no cards."""
    contract = phone.request.post(
        live_server + "/api/v1/matches", data={"players": ["Ann", "Ben"], "preset": "contract_7"}
    ).json()
    contexts, (ann, ben) = _seat_phones(browser, phone, live_server, contract, 2)
    try:
        ann.locator('#table-call label:has-text("Ben")').click()
        ann.click('[data-testid="call"]')
        expect(ann.locator('[data-testid="table-hand"]')).to_have_text("Deal 1: Ben went out")
        expect(ann.locator('[data-testid="seat-form"]')).to_be_visible()
        _tap(ann, "AS JK1 KD")
        ann.locator('.seat-choice label:has-text("I did not lay it down")').click()
        ann.screenshot(path=str(shots / "table-contract-ann.png"), full_page=True)
        ann.click('[data-testid="send"]')
        ben.click('[data-testid="send"]')  # went out: no cards left
        expect(ben.locator('[data-testid="table-ruling"]')).to_be_visible(timeout=6_000)
        expect(ben.locator('[data-testid="made-0"]')).to_contain_text("not made")
        expect(ben.locator('[data-testid="points-0"]')).to_have_text(
            "40"
        )  # ace 15, joker 15, king 10
        phone.click('[data-testid="store"]')
        expect(ann.locator('[data-testid="table-stored"]')).to_be_visible(timeout=6_000)
    finally:
        for context in contexts:
            context.close()

    indian = phone.request.post(
        live_server + "/api/v1/matches",
        data={"players": ["Ann", "Ben", "Cat"], "preset": "indian_pool_101"},
    ).json()
    contexts, (ann, ben, cat) = _seat_phones(browser, phone, live_server, indian, 3)
    try:
        cat.locator('#table-call label:has-text("Cat")').click()
        cat.fill("#table-upcard", "7H")
        cat.click('[data-testid="call"]')
        expect(ann.locator('[data-testid="table-hand"]')).to_contain_text("Deal 1: Cat declared")
        expect(ann.locator('[data-testid="table-hand"]')).to_contain_text("Cut 7♥")
        expect(ben.locator('[data-testid="seat-form"]')).to_be_visible()
        ben.locator('.seat-choice label:has-text("I dropped later")').click()
        ben.click('[data-testid="send"]')
        _send(ann, "AS 2S 3S 5H 6H JK1 9H 9D 10C QC 4C 4D 8D")
        _send(cat, "AH 2H 3H 5S 6S 7D 9C 9D 9S KD KC KH 7C")
        for page in (ann, ben, cat, phone):
            expect(page.locator('[data-testid="table-ruling"]')).to_be_visible(timeout=6_000)
        expect(ann.locator('[data-testid="part-1"]')).to_have_attribute("data-part", "middle_drop")
        ann.screenshot(path=str(shots / "table-indian-ann.png"), full_page=True)
    finally:
        for context in contexts:
            context.close()


def test_gem_rummy_at_the_table_called_with_the_dice(
    live_server: str, browser: Any, phone: Any, shots: Any
) -> None:
    """Ann knocks with dice 3+4 (knock limit 7); both phones send 11 cards; the ruling draws
    every card with its gem from the match's deck."""
    deck = (Path(__file__).resolve().parents[1] / "data" / "gem_synthetic_deck.txt").read_text()
    saved = phone.request.post(live_server + "/api/v1/decks", data={"name": "Ours", "deck": deck})
    assert saved.status == 201, saved.text()
    made = phone.request.post(
        live_server + "/api/v1/matches",
        data={"players": ["Ann", "Ben"], "preset": "gem", "deck": "Ours"},
    ).json()
    contexts, (ann, ben) = _seat_phones(browser, phone, live_server, made, 2)
    try:
        ann.locator('#table-call label:has-text("Knock")').click()
        expect(ann.locator("#table-upcard")).to_have_attribute("required", "")
        ann.fill("#table-upcard", "13")
        ann.click('[data-testid="call"]')
        expect(ann.locator('[data-testid="call-error"]')).to_contain_text("2–12")
        ann.fill("#table-upcard", "3+4")
        ann.click('[data-testid="call"]')
        expect(ben.locator('[data-testid="table-hand"]')).to_contain_text("Ann knocked")
        expect(ben.locator('[data-testid="table-hand"]')).to_contain_text("Dice 3+4")
        _send(ann, "AS 4C 6D 8H 9S 9H 9D QH 7D 2C 3D")
        _send(ben, "2S 2H 2D 3S 4S 5S JS JH JD 10S 9C")
        for page in (ann, ben, phone):
            expect(page.locator('[data-testid="table-ruling"]')).to_be_visible(timeout=6_000)
        expect(ann.locator('[data-testid="table-ruling"] .gem-G').first).to_be_visible()
        ben.screenshot(path=str(shots / "table-gem-ben.png"), full_page=True)
        phone.click('[data-testid="store"]')
        expect(ann.locator('[data-testid="table-stored"]')).to_be_visible(timeout=6_000)
    finally:
        for context in contexts:
            context.close()
