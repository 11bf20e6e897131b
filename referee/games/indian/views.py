"""Indian Rummy's own pages: the check page's tab (is a declaration valid, and what do the
cards count?). A match's deals go through the one set of hand views (the format names its
form)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, render_template, request
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import Length, Optional

from referee.api.errors import json_body, refuse_input
from referee.forms import CARD_INPUT
from referee.games.indian import check as indian_check
from referee.i18n import lazy_gettext as _l
from referee.i18n import say
from referee.rules.errors import InputError
from referee.throttle import anonymous_write
from referee.views.game_routes import CheckTab

bp = Blueprint("indian", __name__)
api_bp = Blueprint("indian_api", __name__)

BLUEPRINTS = (bp,)
API_BLUEPRINTS = (api_bp,)
CHECK_TABS = (CheckTab("indian.check", _l("Indian Rummy"), "indian-check"),)


class IndianCheckForm(FlaskForm):
    cut = StringField(
        _l("Cut card (the wild joker)"),
        validators=[Optional(), Length(max=8)],
        render_kw={**CARD_INPUT, "placeholder": "e.g. 7H or JK"},
    )
    cards = StringField(
        _l("The 13 cards"),
        validators=[Optional(), Length(max=200)],
        render_kw={**CARD_INPUT, "placeholder": "AH 2H 3H 5S 6S JK …"},
    )
    groups = StringField(
        _l('Or the groups as shown ("/" between groups)'),
        validators=[Optional(), Length(max=300)],
        render_kw={**CARD_INPUT, "placeholder": "AH 2H 3H / 5S 6S JK / …"},
    )


@bp.route("/check/indian", methods=["GET", "POST"])
@anonymous_write
def check() -> str | tuple[str, int]:
    """Check an Indian Rummy hand: the declaration's ruling, the best grouping, the count."""
    form = IndianCheckForm()
    if request.method == "GET" or not form.validate_on_submit():
        status = 200 if request.method == "GET" else 400
        return render_template("indian/check.html", form=form, checked=None), status
    groups = [g for g in (form.groups.data or "").split("/") if g.strip()]
    try:
        checked = indian_check.check_hand(form.cut.data, form.cards.data, groups or None)
    except InputError as e:
        target = getattr(form, e.field or "", None)
        if target is not None and hasattr(target, "errors"):
            target.errors = [*list(target.errors), say(e)]
        else:
            form.form_errors.append(say(e))
        return render_template("indian/check.html", form=form, checked=None), 400
    return render_template("indian/check.html", form=form, checked=checked)


@api_bp.post("/indian/check")
@anonymous_write
def api_check() -> tuple[Response, int]:
    """Check one Indian Rummy hand: ``{"cut": "7H", "cards": "..."}`` or ``{"cut": ...,
    "groups": ["AH 2H 3H", ...]}``."""
    data = json_body("send a JSON object")
    try:
        answer = indian_check.check_request(data)
    except InputError as e:
        refuse_input(e, e.field)
    return jsonify(answer), 200
