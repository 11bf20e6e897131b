"""The new-match page: one page for every game, with a picker of the games the registry lists.

Each format names the page its matches are started from (``Format.new_match_page``:
``module:class`` of a :class:`NewMatchPage` in the game's folder); formats that share a form
share a page. ``/new?preset=<name>`` opens the page of that preset's format and takes its form;
an older address a game keeps in its own folder answers with the same page. The picker, on the
home page and on every new-match page, lists one entry per page in the registry's order.
"""

from __future__ import annotations

import importlib
from typing import Any, ClassVar

from flask import flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from referee.games import all_formats
from referee.games.base import Format
from referee.games.presets import DEFAULT_PRESET, Preset, UnknownPresetError, get_preset
from referee.models import Match
from referee.services import board as board_service
from referee.views.access import remember

Page = str | Response | tuple[str, int]


class NewMatchPage:
    """A game's new-match form and page, and how the picker names it.

    ``default`` is the preset the page opens on (the picker links to it); ``label`` the
    picker's words for the game on another new-match page and ``start_label`` on the home
    page's start buttons (msgids, translated when shown); ``testid`` marks its link.
    """

    default: ClassVar[str]
    label: ClassVar[str]
    start_label: ClassVar[str]
    testid: ClassVar[str] = ""
    primary: ClassVar[bool] = False  # the home page's main start button

    def answer(self) -> Page:
        """The page (GET) or the match started from its form (POST)."""
        raise NotImplementedError

    @property
    def name(self) -> str:
        return f"{type(self).__module__}:{type(self).__name__}"

    def link(self) -> str:
        """The new-match page opened on this page's game (the default preset: plain ``/new``)."""
        if self.default == DEFAULT_PRESET:
            return url_for("matches.new_match")
        return url_for("matches.new_match", preset=self.default)


_PAGES: dict[str, NewMatchPage] = {}


def page_of(fmt: Format) -> NewMatchPage:
    """The new-match page ``fmt`` names, made once."""
    name = fmt.new_match_page
    if name not in _PAGES:
        module, _sep, cls = name.partition(":")
        page = getattr(importlib.import_module(module), cls)()
        assert isinstance(page, NewMatchPage), name
        _PAGES[name] = page
    return _PAGES[name]


def page_for(preset_name: str) -> NewMatchPage:
    """The page a match of ``preset_name`` is started from (an unknown name: the default
    preset's page, which says it is not a preset)."""
    try:
        preset = get_preset(preset_name)
    except UnknownPresetError:
        preset = get_preset(DEFAULT_PRESET)
    return page_of(board_service.format_for(preset))


def picker() -> list[NewMatchPage]:
    """Every new-match page, once, in the registry's order."""
    return list({page_of(f).name: page_of(f) for f in all_formats()}.values())


def answer() -> Page:
    """``/new``: the page of the preset asked for (the form's, else the query's)."""
    asked = request.form.get("preset") or request.args.get("preset") or DEFAULT_PRESET
    return page_for(asked).answer()


def preset_data(presets: list[Preset]) -> dict[str, object]:
    """What a new-match page's script knows of each preset it offers."""
    return {
        p.name: {
            "description": p.description,
            "rules": p.rules.to_dict(),
            "family": p.family,
            "players": p.players,
            "seats": [p.seats[0], p.seats[-1]],
            "cut": board_service.format_for(p).seated_by_cut,
            "teams": board_service.format_for(p).teams,
        }
        for p in presets
    }


def show_preset(form: Any, preset: Preset) -> None:
    """A new-match form showing ``preset`` and its rules."""
    form.preset.data = preset.name
    form.rules_from.data = preset.name
    form.fill_rules(preset.rules)


def preset_or_none(name: str) -> Preset | None:
    try:
        return get_preset(name)
    except KeyError:
        return None


def started(match: Match, token: str) -> Response:
    """This browser keeps the new match's edit link, and goes to its scoreboard."""
    remember(match, token)
    flash(_("Match started. This browser keeps the edit link; share it only with scorers."), "ok")
    return redirect(url_for("matches.scoreboard", view_id=match.view_id))
