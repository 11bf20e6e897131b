"""Static files as a real site serves them (referee/assets.py): pages name each file by a URL
with its content's digest, kept for a year; the plain or an old URL still answers, asked again
each time; text is compressed when the browser asks; a file varies on Accept-Encoding only,
never on the session or the language; a changed file gets a new URL."""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from referee import PROJECT_ROOT, assets
from tests.web.helpers import start_match

STATIC = PROJECT_ROOT / "static"
TEMPLATES = PROJECT_ROOT / "templates"
HASHED = re.compile(r'(?:href|src)="(/static/([^"?]+)\?v=([0-9a-f]{12}))"')


def _named(html: str) -> dict[str, str]:
    """The static files a page names: {file: its URL}."""
    return {name: url for url, name, _ in HASHED.findall(html)}


def test_every_page_names_static_files_by_their_digest(client: Any) -> None:
    view_id = start_match(client)
    for path in ("/", "/new", "/check", f"/m/{view_id}", f"/m/{view_id}/hands/new"):
        html = client.get(path).get_data(as_text=True)
        assert "app.css" in _named(html), path
        plain = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
        assert plain == [url for url in plain if "?v=" in url], (path, plain)
        for name, url in _named(html).items():
            digest = url.rsplit("=", 1)[1]
            assert digest == assets.find(str(STATIC), name).digest  # type: ignore[union-attr]


def test_templates_name_static_files_only_through_static_url() -> None:
    for template in TEMPLATES.rglob("*.html"):
        source = template.read_text(encoding="utf-8")
        assert "url_for('static'" not in source and 'url_for("static"' not in source, template
        assert "/static/" not in source, template
        for name in re.findall(r"static_url\('([^']+)'\)", source):
            assert (STATIC / name).is_file(), (template, name)
        for pair in re.findall(r"static_url\('([^']+)' if .*? else '([^']+)'\)", source):
            assert all((STATIC / name).is_file() for name in pair), (template, pair)


def test_the_url_with_its_digest_is_kept_for_a_year(client: Any) -> None:
    named = _named(client.get("/").get_data(as_text=True))
    for name, url in named.items():
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.get_data() == (STATIC / name).read_bytes()
        assert "Set-Cookie" not in response.headers
    # its ETag answers 304 with nothing sent
    response = client.get(named["app.css"])
    again = client.get(named["app.css"], headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""


def test_the_plain_or_an_old_url_still_answers_and_is_asked_again(client: Any) -> None:
    current = (STATIC / "app.css").read_bytes()
    for url in ("/static/app.css", "/static/app.css?v=000000000000", "/static/icons/icon-192.png"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.headers["Cache-Control"] == "no-cache", url
        assert response.headers["ETag"], url
    assert client.get("/static/app.css?v=000000000000").get_data() == current
    assert client.get("/static/no-such.css").status_code == 404
    assert client.get("/static/../referee/__init__.py").status_code == 404
    assert client.get("/static/icons").status_code == 404


def test_text_is_gzipped_when_asked_and_unpacks_to_the_file(client: Any) -> None:
    url = _named(client.get("/").get_data(as_text=True))["app.js"]
    plain = client.get(url)
    assert "Content-Encoding" not in plain.headers
    assert plain.get_data() == (STATIC / "app.js").read_bytes()
    packed = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert packed.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert packed.headers["ETag"] != plain.headers["ETag"]
    assert len(packed.get_data()) < len(plain.get_data())
    assert gzip.decompress(packed.get_data()) == (STATIC / "app.js").read_bytes()
    assert int(packed.headers["Content-Length"]) == len(packed.get_data())
    # refused (q=0), or a PNG (already compressed): sent as it is
    refused = client.get(url, headers={"Accept-Encoding": "gzip;q=0"})
    assert "Content-Encoding" not in refused.headers
    for name in ("icons/icon-192.png", "js_on.js"):  # compressed already, or too short
        small = client.get(f"/static/{name}", headers={"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in small.headers and "Vary" not in small.headers, name
        assert small.get_data() == (STATIC / name).read_bytes()


def test_brotli_when_asked_and_installed(client: Any) -> None:
    brotli = pytest.importorskip("brotli")
    url = _named(client.get("/").get_data(as_text=True))["app.css"]
    packed = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert packed.headers["Content-Encoding"] == "br"
    assert brotli.decompress(packed.get_data()) == (STATIC / "app.css").read_bytes()


def test_a_file_varies_on_accept_encoding_only(client: Any) -> None:
    view_id = start_match(client)  # this browser has a session, a match and a language
    client.get("/?lang=de")
    url = _named(client.get(f"/m/{view_id}").get_data(as_text=True))["app.css"]
    headers = {"Accept-Encoding": "gzip", "Accept-Language": "de"}
    for path in (url, "/static/app.css", "/sw.js", "/manifest.webmanifest"):
        response = client.get(path, headers=headers)
        assert response.status_code == 200, path
        assert response.headers["Vary"] == "Accept-Encoding", path
        assert "Content-Language" not in response.headers, path
        assert "Set-Cookie" not in response.headers, path
    # a first visit's file starts no session either
    fresh = client.application.test_client()
    assert "Set-Cookie" not in fresh.get(url).headers
    # the pages keep theirs
    page = client.get(f"/m/{view_id}")
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in page.headers["Vary"].split(",")}
    assert page.headers["ETag"] and "no-cache" in page.headers["Cache-Control"]


def test_a_changed_file_gets_a_new_url(
    app: Any, client: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(assets, "FINGERPRINT_SECONDS", 0.0)
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    app.static_folder = str(copy)
    view_id = start_match(client)
    before = client.get(f"/m/{view_id}")
    old = _named(before.get_data(as_text=True))
    (copy / "app.css").write_text("body { color: red; }\n" * 40, encoding="utf-8")
    after = client.get(f"/m/{view_id}")
    new = _named(after.get_data(as_text=True))
    assert new["app.css"] != old["app.css"]
    assert {k: v for k, v in new.items() if k != "app.css"} == {
        k: v for k, v in old.items() if k != "app.css"
    }
    # the page names other URLs now: its ETag is another
    assert after.headers["ETag"] != before.headers["ETag"]
    fresh = client.get(new["app.css"])
    assert fresh.get_data(as_text=True).startswith("body { color: red; }")
    assert fresh.headers["Cache-Control"].startswith("public")
    # a page drawn before still gets the file, asked again each time
    stale = client.get(old["app.css"])
    assert stale.status_code == 200 and stale.headers["Cache-Control"] == "no-cache"
    assert stale.get_data() == fresh.get_data()
