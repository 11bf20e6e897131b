"""The pages' language: the browser's Accept-Language, a switcher that is remembered, English
otherwise; numbers, money and dates written as the language writes them."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any

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


def test_every_page_of_every_format_renders_in_german_and_russian(client: Any) -> None:
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
    for language in ("de", "ru"):
        client.get(f"/?lang={language}")
        for path in paths:
            response = client.get(path)
            expected = (404,) if path == "/nowhere" else (200, 302)  # 302: no settlement yet
            assert response.status_code in expected, (language, path, response.status_code)
            if response.status_code != 302:
                assert _lang(response.get_data(as_text=True)) == language, (language, path)
