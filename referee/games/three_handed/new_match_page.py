"""The new-match page of a table seated by a rotation or the cut (Cutthroat, dealer-sits-out,
Chouette, Battle Royal; the rummy games start from it too): the players and their cuts, the
format and its options, every house rule."""

from __future__ import annotations

from typing import Any, ClassVar

from flask import render_template, request

from referee.forms import RULE_PREFIX
from referee.games.presets import get_preset
from referee.games.three_handed.forms import MAX_PLAYERS, new_match_form, option_names
from referee.games.words import rule_help
from referee.i18n import N_
from referee.rules.errors import InputError
from referee.services import board as board_service
from referee.services import matches as match_service
from referee.views.flow import attach_error, reload_preset
from referee.views.new_match import (
    NewMatchPage,
    Page,
    preset_data,
    preset_or_none,
    show_preset,
    started,
)


class SeatedNewMatch(NewMatchPage):
    """Three or more players (up to eight), each one's cut, the format and its options."""

    default: ClassVar[str] = "cutthroat"
    label: ClassVar[str] = N_(
        "Three or more players? Cutthroat, dealer sits out, Chouette, Battle Royal →"
    )
    start_label: ClassVar[str] = N_("Three or more players")
    testid: ClassVar[str] = "three-players"

    def answer(self) -> Page:
        form = new_match_form()
        if request.method == "GET":
            name = request.args.get("preset") or self.default
            preset = get_preset(name if name in self.preset_names() else self.default)
            show_preset(form, preset)
            return self.render(form)
        if not form.validate_on_submit():
            return self.render(form), 400
        preset_name = form.preset.data or self.default
        if reload_preset(form, preset_name):
            return self.render(form)
        names = form.names()
        try:
            match, token = match_service.create_match(
                names,
                preset_name,
                form.overrides(),
                form.stake_per_point.data or 0,
                cut=form.cut_cards(len(names)),
                currency=form.currency.data or "",
            )
        except InputError as e:
            if e.field == "players":
                empty = next((s for s, n in enumerate(names) if not n), min(len(names), 2))
                e = InputError(f"player_{min(empty, MAX_PLAYERS - 1)}", e.message)
            attach_error(form, e, rules=True)
            return self.render(form), 400
        return started(match, token)

    def preset_names(self) -> set[str]:
        return {p.name for p in match_service.playable_presets(seated=True)}

    def render(self, form: Any) -> str:
        presets = match_service.playable_presets(seated=True)
        chosen = preset_or_none(form.preset.data or self.default) or get_preset(self.default)
        options = option_names()
        return render_template(
            "three_handed/new_match.html",
            form=form,
            page=self,
            presets=presets,
            preset_data=preset_data(presets),
            options=options,
            help=rule_help(),
            max_players=MAX_PLAYERS,
            chosen=chosen,
            cut_formats=[p.name for p in presets if board_service.format_for(p).seated_by_cut],
            house_open=any(
                name.startswith(RULE_PREFIX) and name.removeprefix(RULE_PREFIX) not in options
                for name in form.errors
            ),
        )
