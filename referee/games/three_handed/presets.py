"""The three-handed tables: Cutthroat and dealer-sits-out, Chouette, Battle Royal."""

from __future__ import annotations

from referee.games.presets import Preset
from referee.games.three_handed import battle_royal, chouette, cutthroat

PRESETS: tuple[Preset, ...] = (
    Preset(
        name="cutthroat",
        title="Cutthroat (three players)",
        description="Two play, the loser sits out and the idle player deals to the winner; "
        "game 100 +100, box 25; a shut-out player pays 100 more.",
        rules=cutthroat.CUTTHROAT,
        family="cutthroat",
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
        family="cutthroat",
        source="docs/rules.md §6.1 (pagat)",
        players=3,
        options=("cutthroat_rotation",),
    ),
    Preset(
        name="chouette",
        title="Chouette (box against a team)",
        description="The box plays the whole game against the team's captain, who "
        "gives way on losing a hand; the box collects from or pays each partner in full.",
        rules=chouette.CHOUETTE,
        family="chouette",
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
        family="battle_royal",
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
)
