"""The two-handed tables (standard bonus sets, Oklahoma, Straight), Hollywood and the
partnership table, as presets."""

from __future__ import annotations

from referee.games.gin import hollywood, partnership, standard
from referee.games.presets import Preset, presets_of

TWO_HANDED: tuple[Preset, ...] = presets_of(standard.TABLES, "two_handed")
HOLLYWOOD: tuple[Preset, ...] = presets_of(hollywood.TABLES, "hollywood")
PARTNERSHIP: tuple[Preset, ...] = presets_of(
    partnership.TABLES, "partnership", players=partnership.PLAYERS
)
