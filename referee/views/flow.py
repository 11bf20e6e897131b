"""What the entry pages share: errors on their fields, the preview-before-save digest, saving
a new or changed hand (or deal) with its conflict page, and the new-match preset reload."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from flask import flash, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from referee.forms import RULE_PREFIX
from referee.games.presets import get_preset
from referee.i18n import say
from referee.models import Hand, Match, db
from referee.rules.errors import InputError
from referee.services import matches as match_service
from referee.services.matches import Conflict
from referee.views.access import web_actor

Page = tuple[str, int]


def parse_int(value: str | None) -> int | None:
    """A hidden field's number (version, revision, expected hand), or None when absent or bad."""
    try:
        return int(value) if value not in (None, "") else None
    except ValueError:
        return None


def attach_error(
    form: Any, error: InputError, *, rules: bool = False, flash_other: bool = False
) -> None:
    """Put the error on its field (with ``rules``, also a house-rule field of that name);
    otherwise on the form as a whole, or with ``flash_other`` as a flashed message."""
    names = (error.field or "", RULE_PREFIX + (error.field or "")) if rules else (error.field,)
    for name in names:
        field = getattr(form, name, None) if name else None
        if field is not None and hasattr(field, "errors"):
            field.errors = [*list(field.errors), say(error)]
            return
    if flash_other:
        flash(say(error), "error")
    else:
        form.form_errors.append(say(error))


def digest(normalised: Mapping[str, Any]) -> str:
    """A short fingerprint of an entry as normalised, its note aside."""
    data = {k: v for k, v in normalised.items() if k != "note"}
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:20]


def _to_scoreboard(match: Match) -> Response:
    return redirect(url_for("matches.scoreboard", view_id=match.view_id))


def save_new(
    match: Match,
    form: Any,
    *,
    on_conflict: Callable[[Conflict], Page],
    on_error: Callable[[InputError], Page],
    noun: str = "hand",
) -> Response | Page:
    """Record the form's new hand (once, whatever the retries) and go back to the scoreboard;
    someone else's change first gives ``on_conflict``'s page (after a rollback)."""
    try:
        hand, created = match_service.add_hand(
            match,
            form.entry_fields(),
            web_actor(),
            idempotency_key=form.idempotency_key.data,
            expected_number=parse_int(form.expected_number.data),
        )
    except Conflict as e:
        db.session.rollback()
        return on_conflict(e)
    except InputError as e:
        attach_error(form, e)
        return on_error(e)
    if not created:
        return already_saved(match, hand, noun)
    number = match_service.number_of(match, hand)
    flash(
        _("Deal %(number)s saved.", number=number)
        if noun == "deal"
        else _("Hand %(number)s saved.", number=number),
        "ok",
    )
    return _to_scoreboard(match)


def sent_before(match: Match, form_data: Mapping[str, Any]) -> Hand | None:
    """The hand a form with this idempotency key already recorded (Back, then Save or Check
    again), whatever the form holds now; None for a form not sent before."""
    key = str(form_data.get("idempotency_key") or "").strip()
    return match_service.find_by_key(match, key) if key else None


def already_saved(match: Match, hand: Hand, noun: str = "hand") -> Response:
    """The first result of a form sent again: the scoreboard, saying it was saved once."""
    number = match_service.number_of(match, hand)
    flash(
        _(
            "That deal was already saved (deal %(number)s); it was not recorded twice.",
            number=number,
        )
        if noun == "deal"
        else _(
            "That hand was already saved (hand %(number)s); it was not recorded twice.",
            number=number,
        ),
        "info",
    )
    return _to_scoreboard(match)


def resubmit_page(match: Match, form: Any, e: Conflict, render: Callable[[], Page]) -> Page:
    """A new hand that lost the race: its form again, numbered for the match as it is now."""
    form.expected_number.data = str(len(match.live_hands) + 1)
    form.checked.data = ""
    form.form_errors.append(say(e.said))
    page, _ = render()
    return page, 409


def conflict_page(
    match: Match,
    board: Any,
    message: str,
    hand_id: int,
    *,
    mine: Mapping[str, Any] | None = None,
    deleted_too: bool = False,
) -> Page:
    """The 409 page: what changed, the hand as it stands (unless deleted, or ``deleted_too``),
    and with ``mine`` what this browser tried to save."""
    current = db.session.get(Hand, hand_id)
    if current is not None and current.deleted_at is not None and not deleted_too:
        current = None
    return render_template(
        "conflict.html", match=match, board=board, message=message, hand=current, mine=mine
    ), 409


def save_edit(
    match: Match,
    hand: Hand,
    form: Any,
    *,
    build_board: Callable[[Match], Any],
    mine: Callable[[dict[str, Any]], Mapping[str, Any]],
    on_error: Callable[[InputError], Page],
    noun: str = "hand",
) -> Response | Page:
    """Record the form's change to ``hand`` at the version it was loaded at and go back to the
    scoreboard; a change by someone else first gives the conflict page."""
    try:
        match_service.edit_hand(
            match, hand.id, form.entry_fields(), web_actor(), parse_int(form.version.data)
        )
    except Conflict as e:
        db.session.rollback()
        return conflict_page(
            match, build_board(match), say(e.said), hand.id, mine=mine(form.entry_fields())
        )
    except InputError as e:
        attach_error(form, e)
        return on_error(e)
    number = match_service.number_of(match, hand)
    flash(
        _("Deal %(number)s changed; later totals re-derived.", number=number)
        if noun == "deal"
        else _("Hand %(number)s changed; later totals re-derived.", number=number),
        "ok",
    )
    return _to_scoreboard(match)


def reload_preset(form: Any, preset_name: str) -> bool:
    """The preset was changed without the page's script filling in its rules: fill them in
    (True, the page is shown again to check them); False when they are already that preset's."""
    if form.rules_from.data == preset_name:
        return False
    preset = get_preset(preset_name)
    form.fill_rules(preset.rules)
    form.rules_from.data = preset.name
    flash(
        _(
            "Loaded the rules of “%(preset)s”. Check them and start the match.",
            preset=_(preset.title),
        ),
        "info",
    )
    return True
