"""The entry pages of two-handed gin (and its variants) and of the partnership game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from referee.games.base import Board, NextHand
from referee.games.gin import partnership
from referee.games.gin.forms import DealForm, HandForm
from referee.models import EntryMode, HandKindChoice
from referee.views.entry_pages import EntryPage


class HandEntryPage(EntryPage):
    """A two-handed hand's form (knocker and defender, counts or cards)."""

    form: ClassVar[Any] = HandForm
    template: ClassVar[str] = "gin/hand_form.html"

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        """A new hand: who the rotation has dealing; Straight Gin (no knocking) starts on gin."""
        form.dealer_seat.data = context.dealer
        if board.rules.knock_limit == 0 and not board.rules.oklahoma:
            form.kind.data = HandKindChoice.GIN

    def cards(self, form: Any) -> None:
        form.entry.data = EntryMode.CARDS
        form.kind.data = HandKindChoice.AUTO

    def fill(self, form: Any, values: Mapping[str, Any]) -> None:
        values = dict(values)
        if values.get("kind") == HandKindChoice.DEAD:
            values["knocker_seat"] = None
        form.fill(values)


class DealEntryPage(EntryPage):
    """A partnership deal: the dealing side and both tables."""

    form: ClassVar[Any] = DealForm
    template: ClassVar[str] = "gin/deal_form.html"

    def seat(self, form: Any, board: Board, position: int) -> None:
        form.set_seating(board.names, board.sides, partnership.pairings(position))

    def cards(self, form: Any) -> None:
        """Both tables by cards (each may still switch back to counts on its own)."""
        for number in form.TABLES:
            form.table(number, "entry").data = EntryMode.CARDS

    def page_context(self, form: Any, board: Board, position: int) -> dict[str, Any]:
        """Who plays whom at each table of this deal."""
        side = form.dealer_seat.data if form.dealer_seat.data in (0, 1) else board.next_dealer
        return {"tables": partnership.pairings(position, side)}

    def has_cards(self, values: Mapping[str, Any]) -> bool:
        return any(t and t.get("entry") == EntryMode.CARDS for t in values.get("tables") or ())
