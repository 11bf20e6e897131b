"""A hand's entry page: what every game's page does with its form, and the page a format names.

A format names its entry page (``Format.entry_page``: ``module:class`` of a subclass of
:class:`EntryPage` in the game's folder); the page gives the form class, its template, and the
few steps where games differ: who is offered as knocker and dealer, what a new hand starts
with, and whether the entry has cards (then its ruling is shown first). The page is loaded on
first use, so a game's engine (its format) never imports the web.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, ClassVar

from referee.games.base import Board, Format, NextHand
from referee.models import EntryMode


class EntryPage:
    """A hand's form and page, with the steps every game shares; a game's page overrides
    the steps where its form differs."""

    form: ClassVar[Any]
    template: ClassVar[str]

    def seat(self, form: Any, board: Board, position: int) -> None:
        """Offer the match's players in the form's choices."""
        form.set_players(list(board.names))

    def start(self, form: Any, board: Board, context: NextHand) -> None:
        """A new hand: who the rotation has dealing."""
        form.dealer_seat.data = context.dealer

    def cards(self, form: Any) -> None:
        """Start the form on full cards."""
        form.entry.data = EntryMode.CARDS

    def fill(self, form: Any, values: Mapping[str, Any]) -> None:
        """A stored hand back into the form, for an edit."""
        form.fill(dict(values))

    def page_context(self, form: Any, board: Board, position: int) -> dict[str, Any]:
        """What the page's template is given beyond what every entry page is."""
        return {}

    def has_cards(self, values: Mapping[str, Any]) -> bool:
        """The entry has cards (its ruling is shown before it is saved)."""
        return values.get("entry") == EntryMode.CARDS


_PAGES: dict[str, EntryPage] = {}


def entry_page(fmt: Format) -> EntryPage:
    """The entry page ``fmt`` names (``Format.entry_page``), made once."""
    name = fmt.entry_page
    if name not in _PAGES:
        module, _, cls = name.partition(":")
        page = getattr(importlib.import_module(module), cls)()
        assert isinstance(page, EntryPage), name
        _PAGES[name] = page
    return _PAGES[name]
