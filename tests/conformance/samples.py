"""Each registered format's sample match: a small JSON file in the game's own folder
(``referee/games/<family>/samples/<format>.json``), read as the conformance tests play it.

A sample holds the players, the new match's body for the API (``match``), the same match as
its new-match page posts it (``page``: the page's path and the fields typed over what the page
fills in), anything to save before either (``before``: API requests, e.g. a Gem deck), and a
few hands covering the format's main outcomes, each as the API's request body (``api``) and as
the hand form's fields (``form``: typed over the form's own pre-filled values). Both ways of
entering a hand are the same hand, so the two matches end with the same totals.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from referee.games.base import Format


@dataclass(frozen=True)
class Hand:
    """One hand of a sample: its outcome in a word, its API body, its form fields."""

    outcome: str
    api: dict[str, Any]
    form: dict[str, str]


@dataclass(frozen=True)
class Sample:
    """A format's sample match, as its file says it."""

    players: list[str]
    match: dict[str, Any]
    page: str
    page_fields: dict[str, str]
    before: list[dict[str, Any]]
    hands: list[Hand]


def sample_file(fmt: Format) -> Traversable:
    """Where ``fmt``'s sample lives: ``samples/<name>.json`` in the package of its game (the
    package its format class is defined in)."""
    family = type(fmt).__module__.rsplit(".", 1)[0]
    return resources.files(family) / "samples" / f"{fmt.name}.json"


def load_sample(fmt: Format) -> Sample:
    """``fmt``'s sample; fails (``FileNotFoundError``) for a format without one."""
    data = json.loads(sample_file(fmt).read_text(encoding="utf-8"))
    return Sample(
        players=list(data["players"]),
        match=dict(data["match"]),
        page=data["page"]["path"],
        page_fields={k: str(v) for k, v in data["page"]["fields"].items()},
        before=list(data.get("before", [])),
        hands=[
            Hand(h["outcome"], dict(h["api"]), {k: str(v) for k, v in h["form"].items()})
            for h in data["hands"]
        ],
    )
