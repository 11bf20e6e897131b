"""Named presets (every table is a Ruleset) and the few functions where a variant really differs.

A preset's ``family`` says which engine plays it, and so which pages and forms the web app
shows; the web app switches on it (via :func:`play_family`, which also honours the Hollywood
overlay set as a house rule):

- ``two_handed`` — one game at a time: ``adjudicate`` each hand, ``ledger.fold_match``,
  ``settlement.settle``. Oklahoma and Straight Gin are two-handed tables: their differences
  are in the Ruleset (``hand_conditions`` applies them; ``variants.oklahoma`` describes a
  hand's upcard for the scoreboard).
- ``hollywood`` — a two-handed table with ``rules.hollywood``: the hands are ruled the same,
  then folded by ``variants.hollywood.fold_hollywood`` into several games at once.
- ``partnership`` — four players in two teams: each deal's two tables are ruled as two-handed
  hands and combined by ``variants.partnership.deal_score``, then folded by the ledger.

>>> get_preset("american").rules.gin_bonus
25
>>> play_family(get_preset("american").family, get_preset("american").rules.with_overrides(
...     hollywood=True))
'hollywood'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..ruleset import Ruleset
from . import hollywood, partnership, standard


class Family(StrEnum):
    """Which engine plays a preset (see the module docstring)."""

    TWO_HANDED = "two_handed"
    HOLLYWOOD = "hollywood"
    PARTNERSHIP = "partnership"


@dataclass(frozen=True)
class Preset:
    """A named table: its rules, the game family it belongs to, and a one-line description.

    ``players`` is how many people the table seats (partnership: 4, in two teams).
    """

    name: str
    title: str
    description: str
    rules: Ruleset
    family: str = Family.TWO_HANDED.value
    source: str = ""
    players: int = 2


class UnknownPresetError(KeyError):
    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)

    def __str__(self) -> str:
        known = ", ".join(PRESETS)
        return f"`{self.name}` is not a preset (known: {known})"


def _presets(
    tables: tuple[tuple[str, str, str, Ruleset, str], ...], family: Family, players: int = 2
) -> list[Preset]:
    return [
        Preset(name, title, description, rules, family.value, source, players)
        for name, title, description, rules, source in tables
    ]


PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        *_presets(standard.TABLES, Family.TWO_HANDED),
        *_presets(hollywood.TABLES, Family.HOLLYWOOD),
        *_presets(partnership.TABLES, Family.PARTNERSHIP, players=partnership.PLAYERS),
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


def play_family(family: str, rules: Ruleset) -> str:
    """The family a match is played as: its preset's ``family``, except that the Hollywood
    overlay (``rules.hollywood``, e.g. set as a house rule on any two-handed table) makes a
    two-handed match ``hollywood``, and clearing it makes a Hollywood preset two-handed.

    Raises ValueError for Hollywood on a table that is not two-handed (RULES.md §4: Hollywood
    is an overlay on two-player gin).
    """
    if family in (Family.TWO_HANDED, Family.HOLLYWOOD):
        return (Family.HOLLYWOOD if rules.hollywood else Family.TWO_HANDED).value
    if rules.hollywood:
        raise ValueError(f"Hollywood scoring is for two-handed tables, not {family}")
    return family
