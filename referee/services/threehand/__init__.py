"""Three or more players: Cutthroat and dealer-sits-out, Chouette, Battle Royal.

The web's side of :mod:`referee.rules.variants` for these families. As for two-handed
matches, a hand row keeps what people entered (who sat out or captained, who dealt, who
knocked, the counts or the cards) and everything else is folded by the engine on every view:

- :mod:`.entry` — one hand as entered → its ruling (two-handed for the two active players of a
  Cutthroat or Chouette hand; three-way for Battle Royal), problems named by form field;
- :mod:`.board` — a match folded into its scoreboard: each hand's seating and why, running
  totals, games, who plays and deals next, and the settlement;
- :mod:`.setup` — the players and the cut of a new match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.rules.variants import Family

if TYPE_CHECKING:
    from referee.models import Match

CUTTHROAT = Family.CUTTHROAT.value
CHOUETTE = Family.CHOUETTE.value
BATTLE_ROYAL = Family.BATTLE_ROYAL.value
FAMILIES = frozenset({CUTTHROAT, CHOUETTE, BATTLE_ROYAL})
"""The families played here (each match's ``variant``)."""


def handles(match: Match) -> bool:
    """Whether ``match`` is played by this package (three or more players)."""
    return match.variant in FAMILIES
