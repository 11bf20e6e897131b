"""The pages' language: the browser's Accept-Language, a switcher that is remembered, English
otherwise; numbers, money and dates written as the language writes them."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from referee import i18n
from tests.web.helpers import add_quick, start_match


def _lang(html: str) -> str:
    found = re.search(r'<html lang="([a-z]+)"', html)
    assert found
    return found.group(1)


def test_no_accept_language_gives_english(client: Any) -> None:
    html = client.get("/").get_data(as_text=True)
    assert _lang(html) == "en"
    assert "Start a match" in html
    assert 'data-lang="de"' in html and "Deutsch" in html and "Русский" in html


def test_accept_language_de_gives_the_german_home_page(client: Any) -> None:
    response = client.get("/", headers={"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"})
    html = response.get_data(as_text=True)
    assert _lang(html) == "de"
    assert "Partie starten" in html
    assert "Strittige Hand prüfen" in html
    assert "Start a match" not in html
    assert response.headers["Content-Language"] == "de"
    assert "Accept-Language" in response.headers["Vary"]


def test_the_best_match_of_the_browser_languages_wins(client: Any) -> None:
    html = client.get("/", headers={"Accept-Language": "fr, ru;q=0.8, de;q=0.5"}).get_data(
        as_text=True
    )
    assert _lang(html) == "ru"
    assert "Начать матч" in html


def test_the_switcher_choice_is_remembered(client: Any) -> None:
    html = client.get("/?lang=ru").get_data(as_text=True)
    assert _lang(html) == "ru"
    # the next pages, with no ?lang= and a German browser, stay Russian
    html = client.get("/check", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert _lang(html) == "ru"
    assert "Проверить раздачу" in html
    html = client.get("/?lang=en", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert _lang(html) == "en"
    assert _lang(client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)) == "en"


def test_the_switcher_links_keep_the_page_and_its_query(client: Any) -> None:
    html = client.get("/check/analysis?from=abc").get_data(as_text=True)
    assert 'href="/check/analysis?from=abc&amp;lang=de"' in html


def test_an_unknown_language_is_harmless(client: Any) -> None:
    response = client.get("/?lang=xx")
    assert response.status_code == 200
    assert _lang(response.get_data(as_text=True)) == "en"
    response = client.get("/?lang=../../etc", headers={"Accept-Language": "xx-YY, *;q=0.1"})
    assert response.status_code == 200
    assert _lang(response.get_data(as_text=True)) == "en"
    # an unknown choice is not remembered, and does not hide the browser's language
    html = client.get("/?lang=klingon", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert _lang(html) == "de"


def test_a_german_scoreboard_renders(client: Any) -> None:
    view_id = start_match(client, stake="0.10")
    client.get("/?lang=de")
    assert add_quick(client, view_id, knocker=0, k=5, d=20).status_code == 302
    response = client.get(f"/m/{view_id}")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert _lang(html) == "de"
    assert "Hand 2 eintragen" in html
    assert "1 Hand gespielt" in html
    assert "Ann gibt als Nächstes" in html or "Ben gibt als Nächstes" in html
    assert "Wenn das Spiel jetzt endete:" in html
    assert "Hand 1 gespeichert." in html  # the flash after Save, in the language of the page
    hand = client.get(f"/m/{view_id}/hands/1").get_data(as_text=True)
    assert "Hand 1" in hand and "Gegeben von" in hand
    form = client.get(f"/m/{view_id}/hands/new").get_data(as_text=True)
    assert "Totholz des Klopfers" in form and "Hand speichern" in form


def test_a_russian_form_error_is_russian(client: Any) -> None:
    view_id = start_match(client)
    client.get("/?lang=ru")
    response = add_quick(client, view_id, knocker=0, k=-3, d=20)
    html = response.get_data(as_text=True)
    assert "не может быть отрицательным" in html
    assert "Не сохранено: исправьте отмеченное ниже" in html


def test_money_numbers_and_dates_follow_the_language(app: Any) -> None:
    from referee import i18n

    when = dt.datetime(2026, 12, 1, 8, 5, tzinfo=dt.UTC)
    cases = {
        "en": ("€1,234.50", "-€4.80", "2026-12-01 08:05 UTC", "12,345"),
        "de": ("1.234,50\u00a0€", "-4,80\u00a0€", "01.12.26, 08:05 UTC", "12.345"),
        "ru": ("1\u00a0234,50\u00a0€", "-4,80\u00a0€", "01.12.2026, 08:05 UTC", "12\u00a0345"),
    }
    for language, (big, negative, date, number) in cases.items():
        with app.test_request_context(f"/?lang={language}"):
            assert i18n.money_text(Decimal("1234.5"), "€") == big
            assert i18n.money_text(Decimal("-4.8"), "€") == negative
            assert i18n.money_text(Decimal("0.125"), "") == (
                "0.125" if language == "en" else "0,125"
            )
            assert i18n.when_text(when) == date
            assert i18n.number_text(12345) == number


def test_error_pages_speak_the_language_and_the_api_stays_english(client: Any) -> None:
    page = client.get("/m/nosuchmatch", headers={"Accept-Language": "de"})
    assert page.status_code == 404
    html = page.get_data(as_text=True)
    assert "Nicht gefunden" in html and "Diese Seite, Partie oder Hand gibt es nicht." in html
    api = client.get("/api/v1/matches/nosuchmatch", headers={"Accept-Language": "de"})
    assert api.status_code == 404
    assert api.get_json()["error"]["reason"] == "no such match"


def test_every_page_of_every_format_renders_in_german_and_russian(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each format's pages (as a scorer sees them) in both languages: every translation
    fills its placeholders, and the pages say which language they are in."""
    from tests.web.every_format import SAMPLES, play
    from tests.web.helpers import open_edit_link

    paths = ["/", "/new", "/new/three", "/check", "/check/analyze", "/rules", "/offline"]
    paths += ["/new/contract", "/check/contract", "/gem/new", "/check/gem", "/decks"]
    paths += ["/clubs/new", "/import", "/nowhere"]
    for name in SAMPLES:
        view_id, token = play(client, name)
        edit = client.get(f"/api/v1/matches/{view_id}", headers={"X-Edit-Token": token})
        assert edit.status_code == 200
        base = f"/m/{view_id}"
        paths += [base, f"{base}/hands/1", f"{base}/hands/1/edit", f"{base}/hands/new"]
        paths += [f"{base}/settlement", f"{base}/sheet", f"{base}/rules", f"{base}/link"]
        open_edit_link(client, f"/m/{view_id}/edit#{token}")
    heard: list[object] = []
    say = i18n.say

    def listening(said: object) -> str:
        heard.append(said)
        return say(said)

    monkeypatch.setattr(i18n, "say", listening)
    for language in ("de", "ru"):
        client.get(f"/?lang={language}")
        heard.clear()
        for path in paths:
            response = client.get(path)
            expected = (404,) if path == "/nowhere" else (200, 302)  # 302: no settlement yet
            assert response.status_code in expected, (language, path, response.status_code)
            if response.status_code != 302:
                assert _lang(response.get_data(as_text=True)) == language, (language, path)
        _every_engine_sentence_is_translated(heard, language)


def _every_engine_sentence_is_translated(heard: list[object], language: str) -> None:
    """Each engine sentence a page said (a step, a summary, a seating reason, a rules
    paragraph) is a keyed message, and the catalog translates each of its templates."""
    from babel.messages.pofile import read_po

    from referee.rules.messages import Message
    from referee.rules.results import Step

    po = Path(i18n.TRANSLATIONS) / language / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=language)
    unkeyed, untranslated = set(), set()
    for said in heard:
        if isinstance(said, Step):
            said = said.said
        if said is None or said == "":
            continue
        if not isinstance(said, Message):
            unkeyed.add(str(said))
            continue
        for message in said.templates():
            if message.template == "{text}":
                continue
            held = catalog.get(message.template)
            strings = (
                ()
                if held is None
                else (held.string if isinstance(held.string, tuple) else (held.string,))
            )
            if held is None or held.fuzzy or not all(strings):
                untranslated.add(message.template)
    assert len(heard) > 50
    assert not unkeyed, (
        f"{language}: said as plain text, not a keyed message: {sorted(unkeyed)[:20]}"
    )
    assert not untranslated, f"{language}: no translation: {sorted(untranslated)[:20]}"


def test_the_rules_page_says_its_paragraphs_in_the_readers_language(client: Any) -> None:
    """Each rule's paragraph, with the table's numbers, in the reader's language; English
    readers see exactly the engine's English."""

    def r2(html: str) -> str:
        return html.split('id="r2"')[1].split("</div>")[0]

    english = (
        "You may knock when your unmatched cards (deadwood) add up to no more than 10. "
        "A knock with more is refused, and the hand is not scored."
    )
    assert f"<dd>{english}</dd>" in r2(client.get("/rules").get_data(as_text=True))
    german = r2(client.get("/rules?lang=de").get_data(as_text=True))
    assert "Klopfen darf man, wenn die nicht kombinierten Karten (Totholz) zusammen " in german
    assert "höchstens 10 ergeben." in german and "You may knock" not in german
    russian = r2(client.get("/rules?lang=ru").get_data(as_text=True))
    assert "Стучать можно, когда карты вне комбинаций (мёртвые карты) дают в сумме " in russian
    assert "не больше 10." in russian and "You may knock" not in russian
