"""Fixtures of the conformance suite: every fold of a whole match, counted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from referee import games


@pytest.fixture
def folds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every fold of a whole match, by format name: a fold from the first hand (``fold``) or
    one resumed from an earlier fold (``fold_from``), counted once however it folds inside
    (as tests/web/test_one_fold.py counts ``fold``)."""
    calls: list[str] = []
    depth = [0]
    for fmt in games.all_formats():
        for hook in ("fold", "fold_from"):
            original = getattr(fmt, hook)

            def counted(
                *args: Any, _original: Any = original, _name: str = fmt.name, **kw: Any
            ) -> Any:
                if depth[0] == 0:
                    calls.append(_name)
                depth[0] += 1
                try:
                    return _original(*args, **kw)
                finally:
                    depth[0] -= 1

            monkeypatch.setattr(fmt, hook, counted)
    yield calls
