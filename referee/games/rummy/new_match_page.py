"""Where a rummy game (Basic Rummy, 500 Rum: two to eight players) is started: the seated
tables' new-match page, opened on Basic Rummy."""

from __future__ import annotations

from typing import ClassVar

from referee.games.three_handed.new_match_page import SeatedNewMatch
from referee.i18n import N_


class RummyNewMatch(SeatedNewMatch):
    """The seated tables' page, offered in the picker as the rummy games."""

    default: ClassVar[str] = "basic_rummy"
    label: ClassVar[str] = N_("Basic Rummy or 500 Rum (2 to 8) →")
    start_label: ClassVar[str] = N_("Basic Rummy or 500 Rum")
    testid: ClassVar[str] = "rummy-games"
