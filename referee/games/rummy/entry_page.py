"""The entry page of a rummy hand (Basic Rummy, 500 Rum; a game built on them may extend it)."""

from __future__ import annotations

from typing import Any, ClassVar

from referee.games.base import Board, NextHand
from referee.games.rummy.format import RummyFormat
from referee.games.rummy.forms import RummyHandForm
from referee.i18n import N_, translate
from referee.views.entry_pages import EntryPage

ENDING_LABELS = {
    "out": N_("Went out"),
    "rummy": N_("Went rummy (all in one turn)"),
    "stalemate": N_("Stalemate: no score"),
}


class RummyEntryPage(EntryPage):
    """A rummy hand: how it ended, who went out, every player's points or cards."""

    form: ClassVar[Any] = RummyHandForm
    template: ClassVar[str] = "rummy/hand_form.html"

    def seat(self, form: Any, board: Board, position: int) -> None:
        fmt = board.format
        assert isinstance(fmt, RummyFormat)
        form.set_players(list(board.names))
        labels = {**ENDING_LABELS, **fmt.ending_labels}
        form.set_endings([(e.value, translate(labels[e.value])) for e in fmt.endings])

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        form.dealer_seat.data = context.dealer
        form.kind.data = "out"
