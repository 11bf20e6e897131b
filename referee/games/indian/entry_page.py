"""The entry page of an Indian Rummy deal."""

from __future__ import annotations

from typing import Any, ClassVar

from referee.games.base import Board, NextHand
from referee.games.indian.forms import IndianHandForm
from referee.games.indian.variants import IndianStanding
from referee.games.rummy.entry_page import RummyEntryPage


class IndianEntryPage(RummyEntryPage):
    """A deal: who won it, the cut card, each player's part and points or cards."""

    form: ClassVar[Any] = IndianHandForm
    template: ClassVar[str] = "indian/hand_form.html"

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        super().start(form, board, context)
        folded = board.detail
        if isinstance(folded, IndianStanding):
            for seat in folded.out:
                form[f"part_{seat}"].data = "out"

    def page_context(self, form: Any, board: Board, position: int) -> dict[str, Any]:
        folded = board.detail
        out = folded.out if isinstance(folded, IndianStanding) else ()
        return {"out_of_pool": out}
