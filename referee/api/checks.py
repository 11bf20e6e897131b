"""A hand checked without a match, as JSON: ``referee rule``'s and ``referee analyze``'s inputs
in, their answers out, each kept behind the same short link as the check page's
(:mod:`referee.views.check`)."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Response, jsonify, url_for

from referee.api import bp
from referee.api.errors import fail, json_body
from referee.inputs import AnalyzeInputs, RuleInputs, analysis_to_dict
from referee.models import Ruling, RulingKind
from referee.rules.budget import TooComplexError
from referee.rules.report import hand_result_to_dict
from referee.services import rulings as ruling_service
from referee.throttle import anonymous_write
from referee.views.check import parse_check

_RULING_KEYS = {"knocker", "defender", "preset", "rules", "upcard", "kind", "spread"}
_ANALYSIS_KEYS = {"hand", "preset", "rules", "upcard"}


def _known(data: Mapping[str, object], keys: set[str]) -> None:
    unknown = sorted(set(data) - keys)
    if unknown:
        fail(400, unknown[0], f"is not an input here (known: {', '.join(sorted(keys))})")


@bp.post("/rulings")
@anonymous_write
def create_ruling() -> tuple[Response, int]:
    """``referee rule``'s inputs → its ruling JSON, plus ``id`` and ``url`` of the link."""
    data = json_body()
    _known(data, _RULING_KEYS)
    inputs = parse_check(RulingKind.RULING, data)
    assert isinstance(inputs, RuleInputs)
    result = inputs.rule()
    ruling, created = ruling_service.store(inputs)
    body = _ruling_json(ruling, inputs, hand_result_to_dict(result))
    return jsonify(body), 201 if created else 200


@bp.post("/analyze")
@anonymous_write
def create_analysis() -> tuple[Response, int]:
    """``referee analyze``'s inputs → the analysis JSON, plus ``id`` and ``url``; a hand too
    complex to analyse is refused on ``hand`` (422)."""
    data = json_body()
    _known(data, _ANALYSIS_KEYS)
    try:
        inputs = parse_check(RulingKind.ANALYSIS, data)
        assert isinstance(inputs, AnalyzeInputs)
        analysis = inputs.analyze()
        ruling, created = ruling_service.store(inputs)
    except TooComplexError as e:
        fail(422, "hand", e.reason)
    body = _ruling_json(ruling, inputs, analysis_to_dict(analysis))
    return jsonify(body), 201 if created else 200


@bp.get("/rulings/<short_id>")
def read_ruling(short_id: str) -> Response:
    ruling = ruling_service.load(short_id)
    if ruling is None:
        fail(404, None, "no such ruling")
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
