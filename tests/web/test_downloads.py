"""Downloads as a spreadsheet and a WSGI server take them: a name or note that reads as a
formula stays text in the CSV, and any player's name (Cyrillic, CJK) makes a file name the
server can send."""

from __future__ import annotations

import csv
import io
import json
import shutil
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from bench.concurrency import fresh_database, serve
from tests.web.helpers import api_match

GUNICORN = shutil.which("gunicorn") or str(Path(__import__("sys").executable).with_name("gunicorn"))
FORMULAS = ["=cmd|' /C calc'!A0", "@SUM(1+1)", "+1+1", "-2+3"]


def test_a_name_or_note_that_reads_as_a_formula_stays_text(client: Any) -> None:
    """OWASP's CSV injection: a cell starting with = + - @ tab or CR gets an apostrophe; the
    scores, negative ones too, stay numbers; the JSON export keeps the names as entered."""
    view_id, token = api_match(client, names=('=HYPERLINK("x")', "@Ben"))
    for note in FORMULAS:
        added = client.post(
            f"/api/v1/matches/{view_id}/hands",
            json={
                "kind": "knock",
                "knocker": "@Ben",
                "knocker_deadwood": 9,
                "defender_deadwood": 4,
                "note": note,
            },
            headers={"X-Edit-Token": token},
        )
        assert added.status_code == 201, added.get_json()
    text = client.get(f"/m/{view_id}/export.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")], cells
    assert not [c for c in cells if c.startswith("-") and not _number(c)], cells
    head = rows[0]
    notes = [row[head.index("note")] for row in rows[1:]]
    assert notes == ["'" + n for n in FORMULAS]
    points = [row[head.index('points =HYPERLINK("x")')] for row in rows[1:]]
    assert all(_number(p) or p == "" for p in points), points
    exported = client.get(f"/m/{view_id}/export.json").get_json()
    assert exported["match"]["players"] == ['=HYPERLINK("x")', "@Ben"]
    assert [h["note"] for h in exported["match"]["hands"]] == FORMULAS


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


@pytest.mark.skipif(not Path(GUNICORN).exists(), reason="gunicorn is not installed")
def test_downloads_of_a_match_of_cyrillic_and_cjk_names_under_gunicorn() -> None:
    with fresh_database("sqlite") as (url, folder), serve(url, folder, workers=1) as base:
        made = _request(base, "POST", "/api/v1/matches", {"players": ["Анна", "王芳"]})
        view_id = made["id"]
        for path, suffix in (("export.csv", "csv"), ("export.json", "json")):
            with urllib.request.urlopen(f"{base}/m/{view_id}/{path}") as response:
                assert response.status == 200
                disposition = response.headers["Content-Disposition"]
                body = response.read()
            assert disposition.startswith('attachment; filename="gin-')
            assert disposition.encode("latin-1")  # what a WSGI server can send
            name = unquote(disposition.split("filename*=UTF-8''", 1)[1])
            assert name == f"gin-Анна-王芳-{view_id}.{suffix}"
            assert body
        with urllib.request.urlopen(f"{base}/api/v1/matches/{view_id}/export?as=csv") as response:
            assert (
                response.status == 200 and "filename*=" in response.headers["Content-Disposition"]
            )


def _request(base: str, method: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method=method,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())
