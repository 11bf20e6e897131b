"""The new-match page of a table of two or four: two-handed gin and its variants, and the
partnership game (the variant options shown beside the table's name)."""

from __future__ import annotations

from typing import Any, ClassVar

from flask import render_template, request

from referee.games.gin.forms import new_match_form
from referee.games.presets import DEFAULT_PRESET, UnknownPresetError, get_preset
from referee.games.words import rule_help
from referee.i18n import N_, say
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


class TwoHandedNewMatch(NewMatchPage):
    """Two players (or four, in two teams), a table's rules and its variant options."""

    default: ClassVar[str] = DEFAULT_PRESET
    label: ClassVar[str] = N_("Two players? The two-handed tables →")
    start_label: ClassVar[str] = N_("Start a match")
    primary: ClassVar[bool] = True

    def answer(self) -> Page:
        form = new_match_form()
        if request.method == "GET":
            try:
                preset = get_preset(request.args.get("preset") or self.default)
            except UnknownPresetError as e:
                return render_template("error.html", code=404, message=say(e)), 404
            show_preset(form, preset)
            return self.render(form)
        if not form.validate_on_submit():
            return self.render(form), 400
        preset_name = form.preset.data or self.default
        if reload_preset(form, preset_name):
            return self.render(form)
        seats = get_preset(preset_name).players
        try:
            match, token = match_service.create_match(
                [f.data or "" for f in form.player_fields(seats)],
                preset_name,
                form.overrides(),
                form.stake_per_point.data or 0,
                currency=form.currency.data or "",
            )
        except InputError as e:
            attach_error(form, e, rules=True, flash_other=True)
            return self.render(form), 400
        return started(match, token)

    def render(self, form: Any) -> str:
        chosen = preset_or_none(form.preset.data or self.default)
        return render_template(
            "new_match.html",
            form=form,
            page=self,
            presets=match_service.playable_presets(),
            preset_data=preset_data(match_service.playable_presets()),
            help=rule_help(),
            family=getattr(chosen, "family", "two_handed"),
            seats=getattr(chosen, "players", 2),
            teams=board_service.format_for(chosen).teams if chosen else False,
        )
