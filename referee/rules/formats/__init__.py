"""The format registry: one object per way of playing, found by name.

A match stores its format's name (``variant``); everything else asks :func:`find_format` for
the object and calls its hooks (:class:`~.base.Format`): how many players, how a hand is
stored, verified and folded, and what the API says of it. A new family is its rules module,
its format object registered here, its form and one template fragment.

>>> find_format("cutthroat").noun
'hand'
>>> find_format("partnership").noun
'deal'
>>> format_for(get_preset("american"), get_preset("american").rules.with_overrides(
...     hollywood=True)).name
'hollywood'
"""

from __future__ import annotations

from ..errors import InputError, said_of
from ..ruleset import Ruleset
from ..variants import Preset, get_preset, play_family
from .base import (
    Board,
    Format,
    GameSettlement,
    Line,
    NextHand,
    Place,
    StoredHand,
    Table,
    TableLine,
)
from .battle_royal_format import BattleRoyal
from .chouette_format import Chouette
from .contract_format import ContractRummy, TwelveStep
from .cutthroat_format import Cutthroat
from .gem_format import GemRummy
from .partnership_format import Partnership
from .resume import Folded, resume
from .rummy_format import BasicRummy, Rum500
from .two_handed import Hollywood, TwoHanded

__all__ = [
    "FORMATS",
    "Board",
    "Folded",
    "Format",
    "GameSettlement",
    "Line",
    "NextHand",
    "Place",
    "StoredHand",
    "Table",
    "TableLine",
    "UnknownFormatError",
    "find_format",
    "format_for",
    "get_preset",
    "resume",
]

FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        TwoHanded(),
        Hollywood(),
        Partnership(),
        Cutthroat(),
        Chouette(),
        BattleRoyal(),
        BasicRummy(),
        Rum500(),
        GemRummy(),
        ContractRummy(),
        TwelveStep(),
    )
}
"""Every format, by the name a match stores."""


class UnknownFormatError(KeyError):
    """A format name nothing is registered under."""


def find_format(name: str) -> Format:
    """The format registered as ``name``."""
    try:
        return FORMATS[name]
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
