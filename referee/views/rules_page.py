"""The rules in plain words: what each ruling tag ("R2", "§2.1") means, one paragraph per
rule with the numbers of the standard table (``/rules``) or of one match (``/m/<id>/rules``).
Every tag on a ruling links to its paragraph here."""

from __future__ import annotations

from flask import Blueprint, render_template, request, url_for

from referee.games.presets import DEFAULT_PRESET, get_preset
from referee.games.words import plain_rules
from referee.i18n import versus_text
from referee.rules.plain_words import anchor
from referee.services import board as board_service
from referee.views.access import load_match

bp = Blueprint("rules_page", __name__)


@bp.get("/rules")
def standard() -> str:
    preset = get_preset(DEFAULT_PRESET)
    return render_template(
        "rules.html", notes=plain_rules(preset.rules), match=None, title=preset.title
    )


@bp.get("/m/<view_id>/rules")
def of_match(view_id: str) -> str:
    match = load_match(view_id)
    rules = board_service.rules_of(match)
    names = versus_text(match.names)
    return render_template("rules.html", notes=plain_rules(rules), match=match, title=names)


def rule_href(tag: str) -> str:
    """Where a ruling's tag links: its paragraph on this match's rules page when the page
    belongs to a match, else on the standard table's."""
    view_id = (request.view_args or {}).get("view_id") if request else None
    if view_id:
        page = url_for("rules_page.of_match", view_id=view_id)
    else:
        page = url_for("rules_page.standard")
    return f"{page}#{anchor(tag)}"
