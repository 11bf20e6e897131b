"""Check a hand without a match: rule on a disputed knock or analyse one hand, each behind a
permanent short link (the same as JSON: :mod:`referee.api.checks`). The games with a check
of their own add their tabs to the page (``CHECK_TABS`` of their routes module)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import overload

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from referee.forms import (
    CHECK_RULES,
    RULE_PREFIX,
    AnalysisCheckBase,
    RulingCheckBase,
    check_form,
)
from referee.games.presets import DEFAULT_PRESET, get_preset, list_presets
from referee.i18n import say
from referee.inputs import (
    Analysis,
    AnalyzeInputs,
    RuleInputs,
    parse_analyze_request,
    parse_rule_request,
)
from referee.models import Match, RulingKind
from referee.rules.budget import TooComplexError
from referee.rules.cards import ALL_NATURALS
from referee.rules.errors import InputError
from referee.rules.messages import msg
from referee.rules.results import HandResult
from referee.rules.ruleset import table_problems
from referee.services import board as board_service
from referee.services import rulings as ruling_service
from referee.throttle import anonymous_write

bp = Blueprint("check", __name__)

# Engine and request fields → the check form's fields.
_FORM_FIELD = {"knocker": "knocker_cards", "defender": "defender_cards"}


# -- pages ---------------------------------------------------------------------------------


@bp.route("/check", methods=["GET", "POST"])
@anonymous_write
def ruling_form() -> str | BaseResponse | tuple[str, int]:
    return _check("ruling")


@bp.route("/check/analyze", methods=["GET", "POST"])
@anonymous_write
def analysis_form() -> str | BaseResponse | tuple[str, int]:
    return _check("analysis")


def _check(kind: str) -> str | BaseResponse | tuple[str, int]:
    form = check_form(kind)
    if request.method == "GET":
        _prefill(form, kind)
        return _render(form, kind)
    if not form.validate_on_submit():
        return _render(form, kind, 400)
    try:
        inputs = parse_check(kind, form.request())
        derive(inputs)
    except InputError as e:
        _attach(form, e)
        return _render(form, kind, 400)
    except TooComplexError as e:
        form.form_errors.append(say(e))
        return _render(form, kind, 422)
    ruling, _ = ruling_service.store(inputs)
    return redirect(url_for("check.permalink", short_id=ruling.short_id), 303)


def parse_check(kind: str, data: Mapping[str, object]) -> RuleInputs | AnalyzeInputs:
    """A new check's inputs, within what a real table plays (:func:`table_problems`)."""
    inputs: RuleInputs | AnalyzeInputs = (
        parse_analyze_request(data) if kind == RulingKind.ANALYSIS else parse_rule_request(data)
    )
    for rule, reason in table_problems(inputs.rules):
        raise InputError("rules", msg("{rule}: {reason}", rule=rule, reason=reason), rule=rule)
    return inputs


@overload
def derive(inputs: RuleInputs) -> HandResult: ...
@overload
def derive(inputs: AnalyzeInputs) -> Analysis: ...
@overload
def derive(inputs: RuleInputs | AnalyzeInputs) -> HandResult | Analysis: ...
def derive(inputs: RuleInputs | AnalyzeInputs) -> HandResult | Analysis:
    return inputs.rule() if isinstance(inputs, RuleInputs) else inputs.analyze()


def _prefill(form: RulingCheckBase | AnalysisCheckBase, kind: str) -> None:
    """A fresh form on the chosen preset, or one filled from a stored ruling (``?from=``)."""
    stored = ruling_service.load(request.args.get("from", ""))
    if stored is not None and stored.kind == kind:
        try:
            rules = ruling_service.frozen_rules(stored)
            preset = get_preset(stored.preset)
        except (InputError, KeyError):
            stored = None
        else:
            form.preset.data = form.rules_from.data = preset.name
            form.fill_rules(rules)
            form.fill(stored.inputs)
            return
    if isinstance(form, RulingCheckBase) and _from_match(form):
        return
    try:
        preset = get_preset(request.args.get("preset") or DEFAULT_PRESET)
    except KeyError:
        preset = get_preset(DEFAULT_PRESET)
    form.preset.data = form.rules_from.data = preset.name
    form.fill_rules(preset.rules)
    if isinstance(form, RulingCheckBase):  # the form of kind RulingKind.RULING
        form.kind.data = "auto"


def _from_match(form: RulingCheckBase) -> bool:
    """A hand of a match to check under that match's rules (``?match=<view id>`` with
    ``knocker``, ``defender``, ``upcard`` and ``kind``), as a disputed hand at the table links
    it; False when the query names no such match."""
    view_id = request.args.get("match", "")
    match = Match.by_view_id(view_id) if view_id else None
    if match is None or match.deleted_at is not None:
        return False
    offered = {value for value, *_ in form.preset.iter_choices()}
    preset = match.preset if match.preset in offered else DEFAULT_PRESET
    form.preset.data = form.rules_from.data = preset
    form.fill_rules(board_service.rules_of(match))
    form.fill({name: request.args.get(name) for name in ("knocker", "defender", "upcard", "kind")})
    return True


def _attach(form: RulingCheckBase | AnalysisCheckBase, error: InputError) -> None:
    """Put the reason beside the field it is about (a house rule: beside its knob)."""
    names = [_FORM_FIELD.get(error.field, error.field)] if error.field else []
    if error.rule:
        names.insert(0, RULE_PREFIX + error.rule)
    for name in names:
        field = getattr(form, name, None)
        if field is not None and hasattr(field, "errors"):
            field.errors = [*list(field.errors), say(error)]
            return
    form.form_errors.append(f"{error.field}: {say(error)}" if error.field else say(error))


def _render(
    form: RulingCheckBase | AnalysisCheckBase, kind: str, status: int = 200
) -> tuple[str, int]:
    offered = {value for value, *_ in form.preset.iter_choices()}
    presets = [p for p in list_presets() if p.name in offered]
    rules_open = any(form[RULE_PREFIX + n].errors for n in CHECK_RULES)
    return render_template(
        "check.html",
        form=form,
        kind=kind,
        presets=presets,
        preset_data={
            p.name: {"description": p.description, "rules": p.rules.to_dict()} for p in presets
        },
        deck=ALL_NATURALS,
        hand_size=_hand_size(form),
        rules_open=rules_open,
    ), status


def _hand_size(form: RulingCheckBase | AnalysisCheckBase) -> int:
    value = getattr(form, RULE_PREFIX + "hand_size").data
    return value if isinstance(value, int) and 3 <= value <= 15 else 10


@bp.get("/r/<short_id>")
def permalink(short_id: str) -> str | tuple[str, int]:
    ruling = ruling_service.load(short_id)
    if ruling is None:
        return render_template(
            "error.html", code=404, message="There is no such ruling. Check the link."
        ), 404
    link = url_for("check.permalink", short_id=ruling.short_id, _external=True)
    context: dict[str, object] = {"ruling": ruling, "link": link, "problem": None}
    try:
        inputs = ruling_service.inputs_of(ruling)
        derived = derive(inputs)
    except InputError as e:  # a stored hand the engine now refuses: said, not crashed
        context["problem"] = f"{e.field}: {say(e)}"
        return render_template("ruling.html", **context)
    context.update(
        inputs=inputs,
        changed=ruling_service.preset_changed(ruling, inputs),
        preset=_preset_title(ruling.preset),
    )
    if isinstance(inputs, RuleInputs):
        assert isinstance(derived, HandResult)  # derive rules on a ruling's inputs
        context["view"] = ruling_service.draw_inputs(inputs, derived)
    else:
        context["analysis"] = derived
    return render_template("ruling.html", **context)


def _preset_title(name: str) -> str:
    try:
        return get_preset(name).title
    except KeyError:
        return name.replace("_", " ")
