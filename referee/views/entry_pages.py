"""The entry form each format names (``Format.form``), and what its page does with it.

A format says which form it is entered with; this registry gives the form class, its page
template, and the few steps where forms differ: who is offered as knocker and dealer, what a
new hand starts with, and whether the entry has cards (then its ruling is shown first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from referee.forms import DealForm, HandForm
from referee.games.base import Board, Format, NextHand
from referee.games.contract.forms import ContractHandForm
from referee.games.gin import partnership
from referee.games.rummy.format import RummyFormat
from referee.i18n import N_, translate
from referee.models import EntryMode, HandKindChoice
from referee.threehand_forms import (
    BattleRoyalHandForm,
    GemHandForm,
    RummyHandForm,
    SeatedHandForm,
)


class EntryPage:
    """A two-handed hand's form (knocker and defender, counts or cards)."""

    form: ClassVar[Any] = HandForm
    template: ClassVar[str] = "hand_form.html"

    def seat(self, form: Any, board: Board, position: int) -> None:
        """Offer the match's players (or sides) in the form's choices."""
        form.set_players(board.names)

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        """A new hand: who the rotation has dealing (and sitting out, captaining)."""
        form.dealer_seat.data = context.dealer
        if board.rules.knock_limit == 0 and not board.rules.oklahoma:
            form.kind.data = HandKindChoice.GIN  # Straight Gin: no knocking

    def cards(self, form: Any) -> None:
        """Start the form on full cards."""
        form.entry.data = EntryMode.CARDS
        form.kind.data = HandKindChoice.AUTO

    def fill(self, form: Any, values: Mapping[str, Any]) -> None:
        """A stored hand back into the form, for an edit."""
        values = dict(values)
        if values.get("kind") == HandKindChoice.DEAD:
            values["knocker_seat"] = None
        form.fill(values)

    def tables(self, form: Any, board: Board, position: int) -> tuple[partnership.Table, ...]:
        return ()

    def has_cards(self, values: Mapping[str, Any]) -> bool:
        return values.get("entry") == EntryMode.CARDS


class SeatedEntryPage(EntryPage):
    """A two-player hand at a table of three or more: who sat out or captained, too."""

    form: ClassVar[Any] = SeatedHandForm
    template: ClassVar[str] = "three_handed/hand_form.html"

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        form.dealer_seat.data = context.dealer
        form.sitting_out_seat.data = context.sitting_out[0] if context.sitting_out else None
        form.captain_seat.data = context.captain


class BattleRoyalEntryPage(SeatedEntryPage):
    """Three players' counts or cards."""

    form: ClassVar[Any] = BattleRoyalHandForm

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        form.dealer_seat.data = context.dealer


ENDING_LABELS = {
    "out": N_("Went out"),
    "rummy": N_("Went rummy (all in one turn)"),
    "stalemate": N_("Stalemate: no score"),
}


class RummyEntryPage(EntryPage):
    """A rummy hand (Basic Rummy, 500 Rum): how it ended, who went out, every player's
    points or cards."""

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

    def cards(self, form: Any) -> None:
        form.entry.data = EntryMode.CARDS

    def fill(self, form: Any, values: Mapping[str, Any]) -> None:
        form.fill(dict(values))


class ContractEntryPage(RummyEntryPage):
    """A Contract Rummy deal: who went out, each player's contract made or not, and their
    points or cards left."""

    form: ClassVar[Any] = ContractHandForm
    template: ClassVar[str] = "contract/hand_form.html"


class DealEntryPage(EntryPage):
    """A partnership deal: the dealing side and both tables."""

    form: ClassVar[Any] = DealForm
    template: ClassVar[str] = "deal_form.html"

    def seat(self, form: Any, board: Board, position: int) -> None:
        form.set_seating(board.names, board.sides, partnership.pairings(position))

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        form.dealer_seat.data = context.dealer

    def cards(self, form: Any) -> None:
        """Both tables by cards (each may still switch back to counts on its own)."""
        for number in form.TABLES:
            form.table(number, "entry").data = EntryMode.CARDS

    def fill(self, form: Any, values: Mapping[str, Any]) -> None:
        form.fill(dict(values))

    def tables(self, form: Any, board: Board, position: int) -> tuple[partnership.Table, ...]:
        side = form.dealer_seat.data if form.dealer_seat.data in (0, 1) else board.next_dealer
        return partnership.pairings(position, side)

    def has_cards(self, values: Mapping[str, Any]) -> bool:
        return any(t and t.get("entry") == EntryMode.CARDS for t in values.get("tables") or ())


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

    def fill(self, form: Any, values: Mapping[str, Any]) -> None:
        form.fill(dict(values))


PAGES: dict[str, EntryPage] = {
    "hand": EntryPage(),
    "seated": SeatedEntryPage(),
    "battle_royal": BattleRoyalEntryPage(),
    "rummy": RummyEntryPage(),
    "deal": DealEntryPage(),
    "contract": ContractEntryPage(),
    "gem": GemEntryPage(),
}
"""Every entry form, by the name a format gives in ``Format.form``."""


def entry_page(fmt: Format) -> EntryPage:
    return PAGES[fmt.form]
