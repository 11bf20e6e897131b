"""Phones racing to enter hands into one match, through gunicorn with several workers, on
SQLite and on PostgreSQL: every hand stored once, none lost, one revision per change, and each
hand number won by exactly one send (bench/concurrency.py at a small size; counts, not times)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench.concurrency import fresh_database, run, serve
from tests.conftest import POSTGRES_URL

GUNICORN = shutil.which("gunicorn") or str(Path(__import__("sys").executable).with_name("gunicorn"))


def _servers() -> list[object]:
    skip_pg = pytest.mark.skipif(not POSTGRES_URL, reason="TEST_DATABASE_URL is not set")
    return [
        pytest.param("sqlite", 1, id="sqlite"),
        pytest.param("sqlite", 2, id="sqlite-threads"),  # gunicorn --threads 2
        pytest.param(POSTGRES_URL, 1, marks=skip_pg, id="postgresql"),
    ]


@pytest.mark.skipif(not Path(GUNICORN).exists(), reason="gunicorn is not installed")
@pytest.mark.parametrize(("database", "threads"), _servers())
def test_racing_phones_store_every_hand_once(database: str, threads: int) -> None:
    phones, hands = 4, 4
    with (
        fresh_database(database) as (url, folder),
        serve(url, folder, workers=3, threads=threads) as base,
    ):
        figures = run(base, phones, hands)
    assert figures.errors == []
    assert figures.stored == phones * hands
    assert figures.duplicates == 0
    assert figures.lost == 0
    assert figures.revision == phones * hands
    assert figures.races_won_once == figures.numbers == phones * hands
    # a first try is refused only when another phone just took its number, never by a lock
    assert figures.first_tries == phones * hands
    assert figures.first_refused_otherwise == 0
