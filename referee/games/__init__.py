"""The games: the one registry of formats, found by name.

A match stores its format's name (``variant``); everything else asks :func:`find_format` for
the object and calls its hooks (:class:`~referee.games.base.Format`): how many players, how a
hand is stored, verified and folded, which presets it plays, and what the pages and the API say
of it. A game is its folder under ``referee/games/``, its templates folder and one line in
``_REGISTERED`` below.

The formats load on first use, so importing one game's engine does not load every game.

>>> find_format("cutthroat").noun
'hand'
>>> find_format("partnership").noun
'deal'
>>> format_for(get_preset("american"), get_preset("american").rules.with_overrides(
...     hollywood=True)).name
'hollywood'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from referee.games.presets import Preset, get_preset, play_family
from referee.rules.errors import InputError, said_of
from referee.rules.ruleset import Ruleset

if TYPE_CHECKING:
    from referee.games.base import Format

__all__ = [
    "FORMATS",
    "UnknownFormatError",
    "all_formats",
    "find_format",
    "format_for",
    "get_preset",
]

_REGISTERED = (
    "gin.format:TwoHanded",
    "gin.format:Hollywood",
    "gin.partnership_format:Partnership",
    "three_handed.cutthroat_format:Cutthroat",
    "three_handed.chouette_format:Chouette",
    "three_handed.battle_royal_format:BattleRoyal",
    "rummy.format:BasicRummy",
    "rummy.format:Rum500",
    "gem.format:GemRummy",
    "contract.format:ContractRummy",
    "contract.format:TwelveStep",
    "indian.format:IndianPoints",
    "indian.format:IndianPool",
    "indian.format:IndianDeals",
)
"""Every format, as ``module:class`` under this package, in the order pages list them."""

_LOADED: dict[str, Format] = {}


def _formats() -> dict[str, Format]:
    if not _LOADED:
        for entry in _REGISTERED:
            module, _, cls = entry.partition(":")
            fmt: Format = getattr(importlib.import_module(f"{__name__}.{module}"), cls)()
            _LOADED[fmt.name] = fmt
    return _LOADED


def __getattr__(name: str) -> dict[str, Format]:
    """``FORMATS``: every format by the name a match stores, loaded when first asked for."""
    if name == "FORMATS":
        return _formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def all_formats() -> tuple[Format, ...]:
    """Every registered format, in the order pages list them."""
    return tuple(_formats().values())


class UnknownFormatError(KeyError):
    """A format name nothing is registered under."""


def find_format(name: str) -> Format:
    """The format registered as ``name``."""
    try:
        return _formats()[name]
    except KeyError:
        raise UnknownFormatError(name) from None


def format_for(preset: Preset, rules: Ruleset) -> Format:
    """The format a new match of ``preset`` with ``rules`` is played in: the preset's, with
    the Hollywood overlay (``rules.hollywood``) applied to a two-handed table. Raises
    :class:`InputError` on ``hollywood`` for the overlay on any other table."""
    try:
        return find_format(play_family(preset.family, rules))
    except ValueError as e:
        raise InputError("hollywood", said_of(e)) from None
