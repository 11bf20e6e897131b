"""Every registered format (``referee.games.all_formats()``) meets the same bar with its
sample match (``samples/<format>.json`` in the game's folder): the sample exists; it plays
through the JSON API and through the pages to the same totals, each write folding the match
once per revision; its match file exports and imports to identical reads; and its pages
render in English, German and Russian. A format added without a sample fails here."""

from __future__ import annotations

import io
import json
import tomllib
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

from referee import i18n
from referee.games import all_formats
from referee.games.base import Format
from tests.conformance.forms import browser_form
from tests.conformance.languages import language_of, unfilled, untranslated
from tests.conformance.play import FOLDS_A_HAND, play_api, play_pages, prepare, read
from tests.conformance.samples import load_sample, sample_file
from tests.web.helpers import open_edit_link

ROOT = Path(__file__).resolve().parents[2]
FORMATS = pytest.mark.parametrize("fmt", all_formats(), ids=lambda fmt: fmt.name)

DIFFERS_IN_A_COPY = {"id", "view_url", "edit_url", "settlement_url", "page_url"}
DIFFERS_IN_A_COPY |= {"created_at", "edited_at", "revision"}


def without_ids(value: Any, *also: str) -> Any:
    """A read with what differs between two copies of a match (ids, links, dates) left out,
    and any key in ``also``."""
    left_out = DIFFERS_IN_A_COPY | set(also)
    if isinstance(value, dict):
        return {k: without_ids(v, *also) for k, v in value.items() if k not in left_out}
    if isinstance(value, list):
        return [without_ids(v, *also) for v in value]
    return value


@FORMATS
def test_the_format_has_a_sample_match(fmt: Format) -> None:
    assert sample_file(fmt).is_file(), f"{fmt.name} has no sample match at {sample_file(fmt)}"
    sample = load_sample(fmt)
    assert sample.match["preset"] in {p.name for p in fmt.presets}, sample.match["preset"]
    assert len(sample.hands) >= 2, "a sample plays a few hands"
    assert len({h.outcome for h in sample.hands}) >= 2, "a sample covers the main outcomes"


def test_a_format_without_a_sample_is_caught() -> None:
    """The check above fails a format whose game folder has no sample for it."""

    class Unsampled(Format):
        name = "unsampled"

    assert not sample_file(Unsampled()).is_file()
    with pytest.raises(FileNotFoundError):
        load_sample(Unsampled())


@FORMATS
def test_the_sample_ships_with_the_package(fmt: Format) -> None:
    """pyproject.toml's package data takes the sample into the installed package."""
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    shipped = setup["package-data"]["referee"]
    where = Path(str(sample_file(fmt))).relative_to(ROOT / "referee").as_posix()
    assert any(fnmatch(where, pattern) for pattern in shipped), (where, shipped)


@FORMATS
def test_the_sample_plays_through_the_api_folding_once_per_revision(
    client: Any, folds: list[str], fmt: Format
) -> None:
    sample = load_sample(fmt)
    prepare(client, sample)
    view_id, token = play_api(client, sample, folds)
    match = read(client, view_id)
    assert match["variant"] == fmt.name
    assert match["hands_played"] == len(sample.hands)
    assert set(folds) <= {fmt.name}
    # deleting the last hand and undoing the delete are writes too: one fold each
    headers = {"X-Edit-Token": token}
    last = match["hands"][-1]["id"]
    for write, after in (
        (lambda: client.delete(f"/api/v1/matches/{view_id}/hands/{last}", headers=headers), -1),
        (lambda: client.post(f"/api/v1/matches/{view_id}/undo", json={}, headers=headers), 0),
    ):
        folds.clear()
        response = write()
        assert response.status_code == 200, response.get_json()
        assert len(folds) == FOLDS_A_HAND, folds
        folds.clear()
        assert read(client, view_id)["hands_played"] == len(sample.hands) + after
        assert folds == []
    # the hands' versions count their changes; everything else reads as before the delete
    assert without_ids(read(client, view_id), "version") == without_ids(match, "version")


@FORMATS
def test_the_sample_plays_through_the_pages_to_the_same_totals(
    client: Any, folds: list[str], fmt: Format
) -> None:
    sample = load_sample(fmt)
    prepare(client, sample)
    by_pages = read(client, play_pages(client, sample, folds))
    by_api = read(client, play_api(client, sample, folds)[0])
    assert by_pages["variant"] == fmt.name
    assert by_pages["hands_played"] == by_api["hands_played"] == len(sample.hands)
    assert by_pages["totals"] == by_api["totals"]
    assert by_pages["status"] == by_api["status"]


@FORMATS
def test_the_match_file_imports_to_identical_reads(
    client: Any, folds: list[str], fmt: Format
) -> None:
    sample = load_sample(fmt)
    prepare(client, sample)
    view_id, _ = play_api(client, sample, folds)
    download = client.get(f"/m/{view_id}/export.json")
    assert download.status_code == 200
    assert "attachment" in download.headers["Content-Disposition"]
    assert json.loads(download.data)["match"]["variant"] == fmt.name
    page = client.get("/import")
    assert page.status_code == 200
    form = browser_form(page.get_data(as_text=True))
    form["file"] = (io.BytesIO(download.data), "match.json")  # type: ignore[assignment]
    imported = client.post("/import", data=form, content_type="multipart/form-data")
    assert imported.status_code == 302, imported.get_data(as_text=True)[:2000]
    copy_id = imported.headers["Location"].rstrip("/").split("/")[-1]
    assert copy_id != view_id
    assert without_ids(read(client, copy_id)) == without_ids(read(client, view_id))
    assert (
        client.get(f"/m/{copy_id}/export.csv").data == client.get(f"/m/{view_id}/export.csv").data
    )


LANGUAGES = ("en", "de", "ru")


@FORMATS
def test_the_pages_render_in_three_languages(
    client: Any, folds: list[str], fmt: Format, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scoreboard, a hand, the hand form, the score sheet and (where the format has one)
    the settlement page answer 200 in each language, say which language they are in, fill
    every placeholder, and say each engine sentence as a message the catalog translates."""
    sample = load_sample(fmt)
    prepare(client, sample)
    view_id, token = play_api(client, sample, folds)
    assert open_edit_link(client, f"/m/{view_id}/edit#{token}").status_code in (200, 302)
    base = f"/m/{view_id}"
    paths = [base, f"{base}/hands/1", f"{base}/hands/new", f"{base}/sheet"]
    paths += [f"{base}/settlement"] if fmt.settlement_page else []
    heard: list[object] = []
    say = i18n.say

    def listening(said: object) -> str:
        heard.append(said)
        return say(said)

    monkeypatch.setattr(i18n, "say", listening)
    for language in LANGUAGES:
        for path in paths:
            heard.clear()
            response = client.get(path, headers={"Accept-Language": language})
            assert response.status_code == 200, (language, path, response.status_code)
            page = response.get_data(as_text=True)
            assert language_of(page) == language, (language, path)
            assert unfilled(page) == [], (language, path, unfilled(page))
            assert untranslated(heard, language) == [], (language, path)
