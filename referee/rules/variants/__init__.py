"""Named presets (every table is a Ruleset) and the few functions where a variant really differs.

>>> get_preset("american").rules.gin_bonus
25
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import Ruleset
from . import standard


@dataclass(frozen=True)
class Preset:
    """A named table: its rules, the game family it belongs to, and a one-line description."""

    name: str
    title: str
    description: str
    rules: Ruleset
    family: str = "two_handed"
    source: str = ""


class UnknownPresetError(KeyError):
    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)

    def __str__(self) -> str:
        known = ", ".join(PRESETS)
        return f"`{self.name}` is not a preset (known: {known})"


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(name=name, title=title, description=description, rules=rules, source=source)
        for name, title, description, rules, source in standard.TABLES
    )
}

DEFAULT_PRESET = "american"


def get_preset(name: str) -> Preset:
    """The preset called ``name`` (case and ``-``/``_`` insensitive)."""
    key = name.strip().lower().replace("-", "_")
    try:
        return PRESETS[key]
    except KeyError:
        raise UnknownPresetError(name) from None


def list_presets() -> list[Preset]:
    return list(PRESETS.values())
