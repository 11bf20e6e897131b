"""Check a hand without a match: rule on a disputed knock or analyse one hand, each behind a
permanent short link; and the same as JSON under ``/api/v1`` (``rulings``, ``analyze``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NoReturn, overload

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for
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
    analysis_to_dict,
    parse_analyze_request,
    parse_rule_request,
)
from referee.models import Ruling, RulingKind, db
from referee.rules.budget import TooComplexError
from referee.rules.cards import ALL_NATURALS
from referee.rules.errors import InputError, error_key
from referee.rules.messages import msg
from referee.rules.report import hand_result_to_dict
from referee.rules.results import HandResult
from referee.rules.ruleset import table_problems
from referee.services import rulings as ruling_service
from referee.throttle import anonymous_write

bp = Blueprint("check", __name__)
api_bp = Blueprint("check_api", __name__, url_prefix="/api/v1")

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
        inputs = _parse(kind, form.request())
        _derive(inputs)
    except InputError as e:
        _attach(form, e)
        return _render(form, kind, 400)
    except TooComplexError as e:
        form.form_errors.append(say(e))
        return _render(form, kind, 422)
    ruling, _ = ruling_service.store(inputs)
    return redirect(url_for("check.permalink", short_id=ruling.short_id), 303)


def _parse(kind: str, data: Mapping[str, object]) -> RuleInputs | AnalyzeInputs:
    """A new check's inputs, within what a real table plays (:func:`table_problems`)."""
    inputs: RuleInputs | AnalyzeInputs = (
        parse_analyze_request(data) if kind == RulingKind.ANALYSIS else parse_rule_request(data)
    )
    for rule, reason in table_problems(inputs.rules):
        raise InputError("rules", msg("{rule}: {reason}", rule=rule, reason=reason), rule=rule)
    return inputs


@overload
def _derive(inputs: RuleInputs) -> HandResult: ...
@overload
def _derive(inputs: AnalyzeInputs) -> Analysis: ...
@overload
def _derive(inputs: RuleInputs | AnalyzeInputs) -> HandResult | Analysis: ...
def _derive(inputs: RuleInputs | AnalyzeInputs) -> HandResult | Analysis:
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
    try:
        preset = get_preset(request.args.get("preset") or DEFAULT_PRESET)
    except KeyError:
        preset = get_preset(DEFAULT_PRESET)
    form.preset.data = form.rules_from.data = preset.name
    form.fill_rules(preset.rules)
    if isinstance(form, RulingCheckBase):  # the form of kind RulingKind.RULING
        form.kind.data = "auto"


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
        derived = _derive(inputs)
    except InputError as e:  # a stored hand the engine now refuses: said, not crashed
        context["problem"] = f"{e.field}: {say(e)}"
        return render_template("ruling.html", **context)
    context.update(
        inputs=inputs,
        changed=ruling_service.preset_changed(ruling, inputs),
        preset=_preset_title(ruling.preset),
    )
    if isinstance(inputs, RuleInputs):
        assert isinstance(derived, HandResult)  # _derive rules on a ruling's inputs
        context["view"] = ruling_service.draw_inputs(inputs, derived)
    else:
        context["analysis"] = derived
    return render_template("ruling.html", **context)


def _preset_title(name: str) -> str:
    try:
        return get_preset(name).title
    except KeyError:
        return name.replace("_", " ")


# -- JSON ------------------------------------------------------------------------------------


class _BadRequest(Exception):
    def __init__(self, field: str | None, reason: str) -> None:
        self.field, self.reason = field, reason
        super().__init__(reason)


@api_bp.errorhandler(_BadRequest)
def _bad_request(e: _BadRequest) -> tuple[Response, int]:
    db.session.rollback()
    return jsonify({"error": {"field": e.field, "reason": e.reason}}), 400


@api_bp.errorhandler(InputError)
def _bad_input(e: InputError) -> tuple[Response, int]:
    db.session.rollback()
    return jsonify({"error": {"field": e.field, "reason": e.reason, **error_key(e)}}), 400


def _body() -> dict[str, object]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        _fail(None, "send a JSON object (Content-Type: application/json)")
    return data


def _fail(field: str | None, reason: str) -> NoReturn:
    raise _BadRequest(field, reason)


_RULING_KEYS = {"knocker", "defender", "preset", "rules", "upcard", "kind", "spread"}
_ANALYSIS_KEYS = {"hand", "preset", "rules", "upcard"}


def _known(data: Mapping[str, object], keys: set[str]) -> None:
    unknown = sorted(set(data) - keys)
    if unknown:
        _fail(unknown[0], f"is not an input here (known: {', '.join(sorted(keys))})")


@api_bp.post("/rulings")
@anonymous_write
def create_ruling() -> tuple[Response, int]:
    """``referee rule``'s inputs → its ruling JSON, plus ``id`` and ``url`` of the link."""
    data = _body()
    _known(data, _RULING_KEYS)
    inputs = _parse(RulingKind.RULING, data)
    assert isinstance(inputs, RuleInputs)
    result = inputs.rule()
    ruling, created = ruling_service.store(inputs)
    body = _ruling_json(ruling, inputs, hand_result_to_dict(result))
    return jsonify(body), 201 if created else 200


@api_bp.post("/analyze")
@anonymous_write
def create_analysis() -> tuple[Response, int]:
    """``referee analyze``'s inputs → the analysis JSON, plus ``id`` and ``url``."""
    data = _body()
    _known(data, _ANALYSIS_KEYS)
    inputs = _parse(RulingKind.ANALYSIS, data)
    assert isinstance(inputs, AnalyzeInputs)
    analysis = inputs.analyze()
    ruling, created = ruling_service.store(inputs)
    body = _ruling_json(ruling, inputs, analysis_to_dict(analysis))
    return jsonify(body), 201 if created else 200


@api_bp.get("/rulings/<short_id>")
def read_ruling(short_id: str) -> Response | tuple[Response, int]:
    ruling = ruling_service.load(short_id)
    if ruling is None:
        return jsonify({"error": {"field": None, "reason": "no such ruling"}}), 404
    inputs = ruling_service.inputs_of(ruling)
    body = (
        hand_result_to_dict(inputs.rule())
        if isinstance(inputs, RuleInputs)
        else analysis_to_dict(inputs.analyze())
    )
    return jsonify(_ruling_json(ruling, inputs, body))


def _ruling_json(
    ruling: Ruling, inputs: RuleInputs | AnalyzeInputs, body: Mapping[str, object]
) -> dict[str, object]:
    """The ruling or analysis JSON ``body`` with the link and what it was made from."""
    link = url_for("check.permalink", short_id=ruling.short_id, _external=True)
    return {**body, **ruling_service.api_body(ruling, inputs, link)}
