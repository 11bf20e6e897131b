"""Where an Indian Rummy match is started: the seated tables' new-match page, opened on
Indian Rummy's Points table."""

from __future__ import annotations

from typing import ClassVar

from referee.games.three_handed.new_match_page import SeatedNewMatch
from referee.i18n import N_


class IndianNewMatch(SeatedNewMatch):
    """The seated tables' page, offered in the picker as Indian Rummy."""

    default: ClassVar[str] = "indian_points"
    label: ClassVar[str] = N_("Indian Rummy, 13 cards: Points, Pool, Deals (2 to 6) →")
    start_label: ClassVar[str] = N_("Indian Rummy")
    testid: ClassVar[str] = "indian-rummy"
