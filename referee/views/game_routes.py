"""The web modules the games keep in their own folders, one per format that names one
(``Format.routes``), found through the registry.

Such a module may hold ``BLUEPRINTS`` (its pages), ``API_BLUEPRINTS`` (its JSON routes, nested
under ``/api/v1``), ``CHECK_TABS`` (its tabs on the check page), ``RULE_WORDS`` (how a house
rule only it has is said on a page) and ``match_setup`` (what a new match's API body carries
for it beyond the common keys). The shared web code knows a game
only through these names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from referee.games import all_formats, format_for
from referee.games.presets import get_preset


@dataclass(frozen=True)
class CheckTab:
    """A game's tab on the check page: its page's endpoint and the tab's label (translated
    when shown); ``testid`` names the link for the tests."""

    endpoint: str
    label: str
    testid: str = ""


def game_routes() -> tuple[ModuleType, ...]:
    """Each games' routes module once, in the registry's order."""
    names = dict.fromkeys(f.routes for f in all_formats() if f.routes)
    return tuple(importlib.import_module(name) for name in names)


def check_tabs() -> tuple[CheckTab, ...]:
    """The games' own tabs on the check page, in the registry's order."""
    return tuple(tab for module in game_routes() for tab in getattr(module, "CHECK_TABS", ()))


def rule_words() -> dict[str, Callable[[str], str]]:
    """The house rules the games say in words of their own, by rule: the rule's stored
    value → the words a page shows."""
    return {
        rule: words
        for module in game_routes()
        for rule, words in getattr(module, "RULE_WORDS", {}).items()
    }


def match_setup(preset: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """What the game of ``preset`` reads of a new match's JSON body beyond the common keys
    (its routes module's ``match_setup``): none for a game without, or an unknown preset
    (creating the match names that)."""
    try:
        chosen = get_preset(preset)
        fmt = format_for(chosen, chosen.rules)
    except (KeyError, ValueError):
        return {}
    if not fmt.routes:
        return {}
    setup: Callable[[Mapping[str, Any]], dict[str, Any]] | None = getattr(
        importlib.import_module(fmt.routes), "match_setup", None
    )
    return setup(data) if setup is not None else {}
