"""The entry page of a Contract Rummy deal."""

from __future__ import annotations

from typing import Any, ClassVar

from referee.games.contract.forms import ContractHandForm
from referee.games.rummy.entry_page import RummyEntryPage


class ContractEntryPage(RummyEntryPage):
    """A deal: who went out, each player's contract made or not, and their points or cards
    left."""

    form: ClassVar[Any] = ContractHandForm
    template: ClassVar[str] = "contract/hand_form.html"
