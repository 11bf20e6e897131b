"""The seated tables' own address: ``/new/three``, the new-match page of three or more (kept
for bookmarks and links; ``/new?preset=...`` opens the same page)."""

from __future__ import annotations

from flask import Blueprint

from referee.games.three_handed.new_match_page import SeatedNewMatch
from referee.throttle import anonymous_write
from referee.views.new_match import Page

bp = Blueprint("three_handed", __name__)

BLUEPRINTS = (bp,)
"""Registered by the app through ``Format.routes``."""
API_BLUEPRINTS = ()

_PAGE = SeatedNewMatch()


@bp.route("/new/three", methods=["GET", "POST"])
@anonymous_write
def new_match() -> Page:
    """A match of three or more players: Cutthroat, dealer-sits-out, Chouette, Battle Royal,
    and the rummy games (the same page, opened on one of their presets)."""
    return _PAGE.answer()
