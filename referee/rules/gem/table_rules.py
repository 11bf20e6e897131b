"""Every number and house rule of a Gem Rummy table (RULES.md §8.3, §11, §12.3).

The open points of §12.3 are options, each named in the steps of a ruling that uses it:
whether an undercut scores 25 flat or 25 + the difference, whether stashes and Queen's
Diamonds take layoffs, and how a three-player knock pairs the knocker with the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Pairing(StrEnum):
    """How a three-player knock is scored (RULES.md §12.3 leaves it open)."""

    EACH_NON_KNOCKER = "each_non_knocker"  # each non-knocker against the knocker, summed
    LOWEST_NON_KNOCKER = "lowest_non_knocker"  # only the lowest non-knocker plays the knocker


@dataclass(frozen=True)
class GemRules:
    """A Gem Rummy table's numbers. Defaults are the published game (seed 003, GEM-Y)."""

    hand_size: int = 11
    knocker_minimum: int = 11
    undercut_bonus: int = 25
    undercut_plus_difference: bool = False
    gin_bonus: int = 25
    big_gin_bonus: int = 35
    gem_parts_knocker: int = 16
    gem_parts_non_knocker: int = 8
    stash_layoffs: bool = True
    queens_diamonds_layoffs: bool = False
    layoff_chain: bool = True
    game_target: int = 110
    pairing: Pairing = Pairing.EACH_NON_KNOCKER

    @property
    def layoff_option_text(self) -> str:
        """How the table takes layoffs onto the special melds, in words (for the steps)."""
        stash = "take" if self.stash_layoffs else "take no"
        queens = "takes" if self.queens_diamonds_layoffs else "takes no"
        return (
            f"stashes {stash} layoffs (gem_stash_layoffs), Queen's Diamonds {queens} layoffs "
            "(gem_queens_diamonds_layoffs)"
        )


DEFAULT_GEM_RULES = GemRules()
