"""The entry pages of a table seated by a rotation: a two-player hand (who sat out or
captained, too) and a Battle Royal hand (three players' counts or cards)."""

from __future__ import annotations

from typing import Any, ClassVar

from referee.games.base import Board, NextHand
from referee.games.gin.entry_page import HandEntryPage
from referee.games.three_handed.chouette import ChouetteSeating
from referee.games.three_handed.forms import BattleRoyalHandForm, SeatedHandForm


class SeatedEntryPage(HandEntryPage):
    """A two-player hand at a table of three or more: who sat out or captained, too."""

    form: ClassVar[Any] = SeatedHandForm
    template: ClassVar[str] = "three_handed/hand_form.html"

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        form.dealer_seat.data = context.dealer
        form.sitting_out_seat.data = context.sitting_out[0] if context.sitting_out else None
        boxed = context.detail
        form.captain_seat.data = boxed.captain if isinstance(boxed, ChouetteSeating) else None


class BattleRoyalEntryPage(HandEntryPage):
    """Three players' counts or cards."""

    form: ClassVar[Any] = BattleRoyalHandForm
    template: ClassVar[str] = "three_handed/hand_form.html"

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        form.dealer_seat.data = context.dealer
