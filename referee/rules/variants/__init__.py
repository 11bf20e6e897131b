"""Named presets (every table is a Ruleset) and the few functions where a variant really differs.

>>> get_preset("american").rules.gin_bonus
25
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import Ruleset
from . import battle_royal, chouette, cutthroat, standard

TWO_HANDED = "two_handed"
"""Two players, every hand: :mod:`referee.rules.adjudicate` and :mod:`referee.rules.ledger`."""
CUTTHROAT = "cutthroat"
"""Three players, two at a time, individual totals: :mod:`.rotation` and :mod:`.cutthroat`."""
CHOUETTE = "chouette"
"""The box against a partnership of two or more: :mod:`.chouette`."""
BATTLE_ROYAL = "battle_royal"
"""Three players in every hand, a three-way hand score: :mod:`.battle_royal`."""

FAMILIES: tuple[str, ...] = (TWO_HANDED, CUTTHROAT, CHOUETTE, BATTLE_ROYAL)
"""Every game family; a page or an API switches on :attr:`Preset.family`."""


@dataclass(frozen=True)
class Preset:
    """A named table: its rules, the game family it belongs to, and a one-line description.

    ``family`` says which engine plays it (one of :data:`FAMILIES`); ``players`` the fewest and
    most players it takes; ``options`` the :class:`~referee.rules.ruleset.Ruleset` fields that
    matter to this format beyond the two-handed ones, for the new-match form to offer as house
    rules (each has help text in ``FIELD_HELP``).
    """

    name: str
    title: str
    description: str
    rules: Ruleset
    family: str = TWO_HANDED
    source: str = ""
    players: tuple[int, int] = (2, 2)
    options: tuple[str, ...] = ()


class UnknownPresetError(KeyError):
    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)

    def __str__(self) -> str:
        known = ", ".join(PRESETS)
        return f"`{self.name}` is not a preset (known: {known})"


_TWO_HANDED = tuple(
    Preset(name=name, title=title, description=description, rules=rules, source=source)
    for name, title, description, rules, source in standard.TABLES
)

_THREE_HANDED = (
    Preset(
        name="cutthroat",
        title="Cutthroat (three players)",
        description="Two play, the loser sits out and the idle player deals to the winner; "
        "game 100 +100, box 25; a shut-out player pays 100 more.",
        rules=cutthroat.CUTTHROAT,
        family=CUTTHROAT,
        source="RULES.md §6.2 (RG-3)",
        players=(3, 3),
        options=("cutthroat_rotation",),
    ),
    Preset(
        name="dealer_sits_out",
        title="Three-handed, dealer sits out",
        description="The dealer deals to the other two and sits out; the loser deals next. "
        "Scored as two-handed gin with individual totals.",
        rules=cutthroat.DEALER_SITS_OUT,
        family=CUTTHROAT,
        source="RULES.md §6.1 (pagat)",
        players=(3, 3),
        options=("cutthroat_rotation",),
    ),
    Preset(
        name="chouette",
        title="Chouette (box against a partnership)",
        description="The box plays the whole game against the partnership's captain, who "
        "gives way on losing a hand; the box collects from or pays each partner in full.",
        rules=chouette.CHOUETTE,
        family=CHOUETTE,
        source="RULES.md §6.3 (RG-3)",
        players=(3, 8),
        options=("chouette_after_game",),
    ),
    Preset(
        name="battle_royal",
        title="Battle Royal (three players every hand)",
        description="All three play; layoffs only on the knocker's own melds; the lowest count "
        "scores the others' counts less its own; gin 40, an undercut knocker loses 20; game 200.",
        rules=battle_royal.BATTLE_ROYAL,
        family=BATTLE_ROYAL,
        source="RULES.md §6.5 (RG-3)",
        players=(3, 3),
        options=(
            "battle_royal_winner_formula",
            "battle_royal_tied_low",
            "battle_royal_undercut_pays_difference",
            "layoff_chain",
            "layoff_original_melds_only",
        ),
    ),
)

PRESETS: dict[str, Preset] = {p.name: p for p in (*_TWO_HANDED, *_THREE_HANDED)}

DEFAULT_PRESET = "american"


def get_preset(name: str) -> Preset:
    """The preset called ``name`` (case and ``-``/``_`` insensitive)."""
    key = name.strip().lower().replace("-", "_")
    try:
        return PRESETS[key]
    except KeyError:
        raise UnknownPresetError(name) from None


def list_presets(family: str | None = None) -> list[Preset]:
    """Every preset, or those of one family."""
    return [p for p in PRESETS.values() if family is None or p.family == family]
