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
- ``cutthroat`` — three players, two at a time (Cutthroat, and pagat's dealer-sits-out game,
  which differs only in ``cutthroat_rotation``): ``variants.rotation`` seats each hand,
  ``adjudicate`` rules it as a two-handed hand, ``variants.cutthroat.fold_cutthroat`` folds
  the match; ``variants.cutthroat.settle_game`` settles a game pairwise.
- ``chouette`` — the box against a partnership (3–8 players): ``adjudicate`` rules each hand
  (box against captain), ``variants.chouette.fold_chouette`` keeps the roles, the two scores
  and each game's value; ``ChouetteGame.settle`` settles the box against each partner.
- ``basic_rummy`` — two to six players, winner takes all: ``variants.basic_rummy.rule_hand``
  rules a hand, the ledger folds the match (no boxes), ``cutthroat.settle_game`` settles.
- ``rum_500`` — two to eight players, each scores melded less held:
  ``variants.rum500.rule_hand`` rules a hand; folded and settled as Basic Rummy.
- ``contract`` and ``twelve_step`` — Contract Rummy (docs/rules.md §8.5): the contract list is
  data in the Ruleset (``variants.contract_rummy``); ``rules.contract`` scores each deal and
  folds the game (the 7-deal game, or 12-Step's carried contracts); settled pairwise.
- ``battle_royal`` — three players in every hand: ``variants.battle_royal.rule_cards`` or
  ``rule_counts`` rules a hand, ``fold_battle_royal`` folds the match (the ledger with three
  seats), ``settle_game`` settles pairwise.

>>> get_preset("american").rules.gin_bonus
25
>>> play_family(get_preset("american").family, get_preset("american").rules.with_overrides(
...     hollywood=True))
'hollywood'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from enum import StrEnum
from types import ModuleType

from ..messages import Message, msg
from ..ruleset import Ruleset
from . import standard

# The family modules (engines and their tables) load when first used: a shell command or a
# request on a two-handed table needs only ``standard``'s presets.
_FAMILY_MODULES = (
    "basic_rummy",
    "battle_royal",
    "chouette",
    "contract_rummy",
    "cutthroat",
    "hollywood",
    "oklahoma",
    "partnership",
    "rotation",
    "rum500",
)


class Family(StrEnum):
    """Which engine plays a preset (see the module docstring)."""

    TWO_HANDED = "two_handed"
    HOLLYWOOD = "hollywood"
    PARTNERSHIP = "partnership"
    CUTTHROAT = "cutthroat"
    CHOUETTE = "chouette"
    BATTLE_ROYAL = "battle_royal"
    BASIC_RUMMY = "basic_rummy"
    RUM_500 = "rum_500"
    GEM = "gem"
    CONTRACT = "contract"
    TWELVE_STEP = "twelve_step"


@dataclass(frozen=True)
class Preset:
    """A named table: its rules, the game family it belongs to, and a one-line description.

    ``players`` is how many people the table seats (partnership: 4, in two teams), or the fewest
    when ``max_players`` says it takes more (Chouette: 3 to 8). ``options`` are the
    :class:`~referee.rules.ruleset.Ruleset` fields that matter to this format beyond the
    two-handed ones, for the new-match form to offer as house rules (each has help text in
    ``FIELD_HELP``).
    """

    name: str
    title: str
    description: str
    rules: Ruleset
    family: str = Family.TWO_HANDED.value
    source: str = ""
    players: int = 2
    max_players: int | None = None
    options: tuple[str, ...] = ()

    @property
    def seats(self) -> range:
        """Every number of players the table takes."""
        return range(self.players, (self.max_players or self.players) + 1)


class UnknownPresetError(KeyError):
    """No preset goes by ``name``; ``message`` says so with the names there are."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)

    @property
    def message(self) -> Message:
        known = ", ".join(_registry())
        return msg("`{name}` is not a preset (known: {known})", name=self.name, known=known)

    def __str__(self) -> str:
        return str(self.message)


class TableError(ValueError):
    """A table that cannot be played (the Hollywood overlay on a table that is not
    two-handed): ``message`` is the reason, ``str()`` its English."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


def _three_handed() -> tuple[Preset, ...]:
    from ..gem.table_rules import GEM_RUMMY
    from . import basic_rummy, battle_royal, chouette, cutthroat, rum500

    return (
        Preset(
            name="cutthroat",
            title="Cutthroat (three players)",
            description="Two play, the loser sits out and the idle player deals to the winner; "
            "game 100 +100, box 25; a shut-out player pays 100 more.",
            rules=cutthroat.CUTTHROAT,
            family=Family.CUTTHROAT.value,
            source="docs/rules.md §6.2 (RG-3)",
            players=3,
            options=("cutthroat_rotation",),
        ),
        Preset(
            name="dealer_sits_out",
            title="Three-handed, dealer sits out",
            description="The dealer deals to the other two and sits out; the loser deals next. "
            "Scored as two-handed gin with individual totals.",
            rules=cutthroat.DEALER_SITS_OUT,
            family=Family.CUTTHROAT.value,
            source="docs/rules.md §6.1 (pagat)",
            players=3,
            options=("cutthroat_rotation",),
        ),
        Preset(
            name="chouette",
            title="Chouette (box against a partnership)",
            description="The box plays the whole game against the partnership's captain, who "
            "gives way on losing a hand; the box collects from or pays each partner in full.",
            rules=chouette.CHOUETTE,
            family=Family.CHOUETTE.value,
            source="docs/rules.md §6.3 (RG-3)",
            players=3,
            max_players=8,
            options=("chouette_after_game",),
        ),
        Preset(
            name="battle_royal",
            title="Battle Royal (three players every hand)",
            description="All three play; layoffs only on the knocker's own melds; the lowest "
            "count scores the others' counts less its own; gin 40, an undercut knocker loses 20; "
            "game 200.",
            rules=battle_royal.BATTLE_ROYAL,
            family=Family.BATTLE_ROYAL.value,
            source="docs/rules.md §6.5 (RG-3)",
            players=3,
            options=(
                "battle_royal_winner_formula",
                "battle_royal_tied_low",
                "battle_royal_undercut_pays_difference",
                "layoff_chain",
                "layoff_original_melds_only",
            ),
        ),
        Preset(
            name="basic_rummy",
            title="Basic Rummy (2 to 6 players)",
            description="Go out first: the winner takes the pip value of every card left in the "
            "losers' hands, doubled for going rummy; game 100 for two, 150 for three, 200 for "
            "four or more.",
            rules=basic_rummy.BASIC_RUMMY,
            family=Family.BASIC_RUMMY.value,
            source="docs/rules.md §8.4 (seed 004)",
            players=2,
            max_players=6,
            options=("rummy_penalty", "going_rummy_multiplier", "next_dealer"),
        ),
        Preset(
            name="rum_500",
            title="500 Rum (2 to 8 players)",
            description="Each player scores the cards melded or laid off less the cards left in "
            "hand (aces and jokers 15, an ace in A-2-3 1); game 500, the highest total wins.",
            rules=rum500.RUM_500,
            family=Family.RUM_500.value,
            source="docs/rules.md §8.4",
            players=2,
            max_players=8,
            options=("target_tie",),
        ),
        Preset(
            name="gem",
            title="Gem Rummy (2 or 3 players)",
            description="11 cards each; the dice set the knock limit and the Queen's Diamonds "
            "card; stashes of four gems meld; knock at least 11, undercut 25, gin 25, big gin "
            "35, Gem Parts 16 / 8; game 110. Needs the table's gem deck.",
            rules=GEM_RUMMY,
            family=Family.GEM.value,
            source="docs/rules.md §8.3 (seed 003)",
            players=2,
            max_players=3,
            options=(
                "gem_undercut_plus_difference",
                "gem_stash_layoffs",
                "gem_queens_diamonds_layoffs",
                "gem_pairing",
            ),
        ),
    )


def _contract() -> tuple[Preset, ...]:
    """Contract Rummy's tables (docs/rules.md §8.5); two packs seat two to five, three six or
    seven, four eight."""
    from . import contract_rummy

    return (
        Preset(
            name="contract_7",
            title="Contract Rummy, 7 deals",
            description="Seven deals, each with its contract (2 groups, then a group and a "
            "sequence, ...); two packs and a wild joker; A and joker 15, faces 10; the lowest "
            "total after the seventh deal wins.",
            rules=contract_rummy.SEVEN_DEAL,
            family=Family.CONTRACT.value,
            source="docs/rules.md §8.5, §11 (Bicycle deal sizes)",
            players=2,
            max_players=8,
        ),
        Preset(
            name="contract_7_pagat",
            title="Contract Rummy, 7 deals (pagat-style list)",
            description="The same game with the pagat-style list: 12 cards from deal 4, and "
            "the last contract laid down going out, without a discard.",
            rules=contract_rummy.SEVEN_DEAL_PAGAT_RULES,
            family=Family.CONTRACT.value,
            source="docs/rules.md §8.5 (CR-P, BFG)",
            players=2,
            max_players=8,
        ),
        Preset(
            name="twelve_step",
            title="12-Step Contract Rummy",
            description="Each player works through the table's twelve contracts; one not made "
            "carries to the next deal; the first to make all twelve wins. 2s and jokers wild, "
            "13 cards, 108-card pack. The contracts and penalty values are the table's own "
            "(published nowhere; the penalties start from A / joker / wild 15, faces 10).",
            rules=contract_rummy.TWELVE_STEP_RULES,
            family=Family.TWELVE_STEP.value,
            source="docs/rules.md §8.5 (seed 002)",
            players=2,
            max_players=8,
        ),
    )


def _presets(
    tables: tuple[tuple[str, str, str, Ruleset, str], ...], family: Family, players: int = 2
) -> list[Preset]:
    return [
        Preset(name, title, description, rules, family.value, source, players)
        for name, title, description, rules, source in tables
    ]


_STANDARD: dict[str, Preset] = {p.name: p for p in _presets(standard.TABLES, Family.TWO_HANDED)}
_ALL: list[dict[str, Preset]] = []


def _registry() -> dict[str, Preset]:
    """Every preset by name (``PRESETS``), built on first use from every family module."""
    if not _ALL:
        from . import hollywood, partnership

        _ALL.append(
            {
                **_STANDARD,
                **{p.name: p for p in _presets(hollywood.TABLES, Family.HOLLYWOOD)},
                **{
                    p.name: p
                    for p in _presets(
                        partnership.TABLES, Family.PARTNERSHIP, players=partnership.PLAYERS
                    )
                },
                **{p.name: p for p in _three_handed()},
                **{p.name: p for p in _contract()},
            }
        )
    return _ALL[0]


def __getattr__(name: str) -> object:
    """``PRESETS`` and the family modules, loaded when first asked for."""
    if name == "PRESETS":
        return _registry()
    if name in _FAMILY_MODULES:
        module: ModuleType = importlib.import_module(f".{name}", __name__)
        return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


DEFAULT_PRESET = "american"


def get_preset(name: str) -> Preset:
    """The preset called ``name`` (case and ``-``/``_`` insensitive)."""
    key = name.strip().lower().replace("-", "_")
    table = _ALL[0] if _ALL else _STANDARD
    found = table.get(key)
    if found is None:
        found = _registry().get(key)
    if found is None:
        raise UnknownPresetError(name)
    return found


def list_presets(family: str | None = None) -> list[Preset]:
    """Every preset, or those of one family."""
    return [p for p in _registry().values() if family is None or p.family == family]


def play_family(family: str, rules: Ruleset) -> str:
    """The family a match is played as: its preset's ``family``, except that the Hollywood
    overlay (``rules.hollywood``, e.g. set as a house rule on any two-handed table) makes a
    two-handed match ``hollywood``, and clearing it makes a Hollywood preset two-handed.

    Raises :class:`TableError` (a ValueError) for Hollywood on a table that is not two-handed
    (docs/rules.md §4: Hollywood is an overlay on two-player gin).
    """
    if family in (Family.TWO_HANDED, Family.HOLLYWOOD):
        return (Family.HOLLYWOOD if rules.hollywood else Family.TWO_HANDED).value
    if rules.hollywood:
        raise TableError(
            msg("Hollywood scoring is for two-handed tables, not {family}", family=family)
        )
    return family
