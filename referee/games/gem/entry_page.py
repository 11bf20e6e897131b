"""The entry page of a Gem Rummy hand."""

from __future__ import annotations

from typing import Any, ClassVar

from referee.games.base import Board, NextHand
from referee.games.gem.forms import GemHandForm
from referee.models import EntryMode
from referee.views.entry_pages import EntryPage


class GemEntryPage(EntryPage):
    """A Gem Rummy hand: the dice, who knocked, every player's count and Gem Parts claim, or
    every player's cards."""

    form: ClassVar[Any] = GemHandForm
    template: ClassVar[str] = "gem/hand_form.html"

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        form.dealer_seat.data = context.dealer
        form.kind.data = "knock"

    def cards(self, form: Any) -> None:
        form.entry.data = EntryMode.CARDS
        form.kind.data = "auto"
