"""The package passes ``mypy --strict`` over the files ``[tool.mypy]`` in pyproject.toml lists."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_reports_no_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")
    from mypy import api

    # mypy reads its files and settings from pyproject.toml in the working directory, and
    # keeps its cache in .mypy_cache there
    monkeypatch.chdir(ROOT)
    stdout, stderr, status = api.run([])
    assert status == 0, f"mypy found problems:\n{stdout}{stderr}"
    assert stdout.startswith("Success: no issues found"), stdout
