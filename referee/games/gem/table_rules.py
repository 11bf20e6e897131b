"""Every number and house rule of a Gem Rummy table (docs/rules.md §8.3, §11, §12.3).

The open points of §12.3 are options, each named in the steps of a ruling that uses it:
whether an undercut scores 25 flat or 25 + the difference, whether stashes and Queen's
Diamonds take layoffs, and how a three-player knock pairs the knocker with the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.messages import Message, msg
from referee.rules.ruleset import GemPairing as Pairing
from referee.rules.ruleset import Ruleset, ShutoutRule, UndercutMode

__all__ = ["DEFAULT_GEM_RULES", "GEM_RUMMY", "GemRules", "Pairing", "gem_rules_of"]


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
    def layoff_option_text(self) -> Message:
        """How the table takes layoffs onto the special melds, in words (for the steps)."""
        if self.stash_layoffs and self.queens_diamonds_layoffs:
            return msg(
                "stashes take layoffs (gem_stash_layoffs), Queen's Diamonds takes layoffs "
                "(gem_queens_diamonds_layoffs)"
            )
        if self.stash_layoffs:
            return msg(
                "stashes take layoffs (gem_stash_layoffs), Queen's Diamonds takes no layoffs "
                "(gem_queens_diamonds_layoffs)"
            )
        if self.queens_diamonds_layoffs:
            return msg(
                "stashes take no layoffs (gem_stash_layoffs), Queen's Diamonds takes layoffs "
                "(gem_queens_diamonds_layoffs)"
            )
        return msg(
            "stashes take no layoffs (gem_stash_layoffs), Queen's Diamonds takes no layoffs "
            "(gem_queens_diamonds_layoffs)"
        )


DEFAULT_GEM_RULES = GemRules()


def gem_rules_of(rules: Ruleset) -> GemRules:
    """A match's Gem Rummy numbers, read from its frozen :class:`Ruleset`."""
    return GemRules(
        hand_size=rules.hand_size,
        knocker_minimum=rules.knocker_min_score,
        undercut_bonus=rules.undercut_bonus,
        undercut_plus_difference=rules.gem_undercut_plus_difference,
        gin_bonus=rules.gin_bonus,
        big_gin_bonus=rules.big_gin_bonus,
        gem_parts_knocker=rules.gem_parts_knocker,
        gem_parts_non_knocker=rules.gem_parts_non_knocker,
        stash_layoffs=rules.gem_stash_layoffs,
        queens_diamonds_layoffs=rules.gem_queens_diamonds_layoffs,
        layoff_chain=rules.layoff_chain,
        game_target=rules.game_target,
        pairing=rules.gem_pairing,
    )


GEM_RUMMY = Ruleset(
    hand_size=11,
    knock_limit=12,
    gin_bonus=25,
    big_gin_bonus=35,
    undercut_bonus=25,
    knocker_min_score=11,
    box_bonus=0,
    game_target=110,
    game_bonus=0,
    shutout_rule=ShutoutRule.NONE,
    shutout_bonus=0,
    undercut_mode=UndercutMode.FLAT_TO_DEFENDER,
)
"""The published Gem Rummy table (seed 003): the dice set each hand's knock limit."""
