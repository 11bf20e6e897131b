"""A scorer's whole evening on the documented club-server set-up: the app behind a TLS proxy
(``HTTPS=true``, ``PROXY_HOPS=1``), reached by a real browser over https.

Flask-WTF refuses a form posted over https without a same-origin Referer, so what the pages'
own ``Referrer-Policy`` lets the browser send decides whether any form works at all. The proxy
here is a WSGI layer in front of the app that does what nginx does: it terminates TLS, passes
the request on as plain http and says so in ``X-Forwarded-Proto``/``-For``/``-Host``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import serving

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the certificate"),
]


def _certificate(folder: Path) -> tuple[str, str]:
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
    )
    return str(cert), str(key)


def tls_proxy(app: Callable[..., Iterable[bytes]]) -> Callable[..., Iterable[bytes]]:
    """What a TLS-terminating proxy hands the app: plain http, with the X-Forwarded-* headers
    saying how the browser came in."""

    def forward(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        environ["HTTP_X_FORWARDED_PROTO"] = environ["wsgi.url_scheme"]
        environ["HTTP_X_FORWARDED_FOR"] = environ.get("REMOTE_ADDR", "")
        environ["HTTP_X_FORWARDED_HOST"] = environ.get("HTTP_HOST", "")
        environ["wsgi.url_scheme"] = "http"
        environ["REMOTE_ADDR"] = "10.0.0.2"  # the proxy's own address
        return app(environ, start_response)

    return forward


@pytest.fixture
def https_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with serving(
        tmp_path,
        monkeypatch,
        config={"HTTPS": True, "PROXY_HOPS": 1},
        wrap=tls_proxy,
        ssl_context=_certificate(tmp_path),
    ) as base:
        yield base


def _phone(browser: Any) -> Any:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, ignore_https_errors=True
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def _no_refusal(page: Any) -> None:
    body = page.inner_text("body")
    assert "referrer" not in body.lower(), body[:300]
    assert "could not be understood" not in body, body[:300]


def test_a_scorers_evening_over_https_behind_a_proxy(
    https_server: str, browser: Any, shots: Path, tmp_path: Path
) -> None:
    base = https_server
    page = _phone(browser)

    # Start a match with the new-match form.
    page.goto(base + "/new")
    page.fill("#player_0", "Ann")
    page.fill("#player_1", "Ben")
    page.click("input[name=submit]")
    page.wait_for_selector('[data-testid="total-0"]')
    _no_refusal(page)
    assert page.url.startswith(base + "/m/")
    cookies = page.context.cookies()
    assert cookies and all(c["secure"] for c in cookies), cookies

    # Two hands entered with the hand form.
    for who, knock, defence in (("Ann", 4, 21), ("Ben", 2, 30)):
        page.click("text=Enter hand")
        page.check("#entry-0")
        page.locator(f"#knocker_seat label:has-text('{who}')").click()
        page.locator("#kind label:has-text('Knock')").first.click()
        page.fill("#knocker_deadwood", str(knock))
        page.fill("#defender_deadwood", str(defence))
        page.click("input[name=save]")
        page.wait_for_selector(".flash.ok")
        _no_refusal(page)
    assert page.inner_text('[data-testid="total-0"]') == "17"
    assert page.inner_text('[data-testid="total-1"]') == "28"
    page.screenshot(path=shots / "https-scoreboard.png", full_page=True)

    # Undo the last hand (a button that posts a form).
    page.locator("form[action$='/undo'] [type=submit]").first.click()
    page.wait_for_selector(".flash.ok")
    _no_refusal(page)
    assert page.inner_text('[data-testid="total-1"]') == "0"

    # A second phone opens the secret edit link: its page posts the token (a form).
    view_id = page.url.split("/m/", 1)[1].split("?")[0].split("#")[0]
    exported = page.request.get(f"{base}/m/{view_id}/export.json")
    assert exported.status == 200
    second = _phone(browser)
    page.goto(f"{base}/m/{view_id}/link")
    edit_url = page.input_value("[data-testid=edit-link]")
    assert edit_url.startswith(f"{base}/m/{view_id}/edit#")  # links say https, not http
    second.goto(edit_url)
    second.wait_for_url(f"{base}/m/{view_id}")
    _no_refusal(second)
    expect(second.get_by_text("This browser can now enter and change hands")).to_be_visible()
    second.context.close()

    # Start a club with its form.
    page.goto(base + "/clubs/new")
    page.fill("#name", "Friday game")
    page.fill("#roster", "Ann\nBen\nCat")
    page.click("[data-testid=club-form] button[type=submit]")
    page.wait_for_load_state()
    _no_refusal(page)
    assert "/c/" in page.url
    expect(page.locator("body")).to_contain_text("Friday game")

    # Import the match exported above with the import form.
    saved = tmp_path / "match.json"
    saved.write_text(json.dumps(exported.json()))
    page.goto(base + "/import")
    page.set_input_files("#file", str(saved))
    page.click("[data-testid=import-form] button[type=submit]")
    page.wait_for_selector('[data-testid="total-0"]')
    _no_refusal(page)
    assert page.url.split("#")[0] != f"{base}/m/{view_id}"
    assert page.inner_text('[data-testid="total-0"]') == "17"
    page.screenshot(path=shots / "https-imported.png", full_page=True)
    page.context.close()
