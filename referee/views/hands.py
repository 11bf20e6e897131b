"""Enter a hand (quick counts or full cards with the picker), see its ruling, edit, delete."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from referee.forms import ActionForm, DealForm, HandForm, new_key
from referee.models import EntryMode, Hand, Match, db
from referee.rules.cards import ALL_NATURALS
from referee.rules.results import HandResult
from referee.rules.variants import Family, partnership
from referee.services import board as board_service
from referee.services import matches as match_service
from referee.services import rulings as ruling_service
from referee.services import threehand
from referee.services.entry import (
    EntryError,
    IllegalKnock,
    normalise,
    normalise_deal,
    rule_deal,
    rule_entry,
)
from referee.services.matches import Conflict

from . import threehand as threehand_views
from .access import can_edit, load_match, require_edit, web_actor
from .flow import (
    attach_error,
    conflict_page,
    digest,
    needs_preview,
    parse_int,
    resubmit_page,
    save_edit,
    save_new,
)

bp = Blueprint("hands", __name__, url_prefix="/m/<view_id>/hands")


def _digest(values: dict[str, Any]) -> str:
    return digest(normalise(values))


def _load_hand(match: Match, hand_id: int) -> Hand:
    hand = db.session.get(Hand, hand_id)
    if hand is None or hand.match_id != match.id or hand.deleted_at is not None:
        abort(404)
    return hand


def _render(
    match: Match,
    form: HandForm,
    *,
    hand: Hand | None = None,
    result: HandResult | None = None,
    refused: HandResult | None = None,
    status: int = 200,
    board: board_service.Board | None = None,
) -> tuple[str, int]:
    board = board or board_service.build(match)
    return render_template(
        "hand_form.html",
        match=match,
        board=board,
        form=form,
        hand=hand,
        number=match_service.number_of(match, hand) if hand else len(board.lines) + 1,
        result=result,
        refused=refused,
        deck=ALL_NATURALS,
        hand_size=board.rules.hand_size,
        upcard=board_service.upcard_of(board.rules, form.upcard.data) if result else None,
    ), status


def _rule_form(
    match: Match, form: HandForm, hand: Hand | None
) -> tuple[HandResult | None, tuple[str, int] | None]:
    """Validate and rule the submitted entry; on a problem, the page to show instead."""
    if not form.validate_on_submit():
        return None, _render(match, form, hand=hand, status=400)
    values = form.entry_fields()
    try:
        return rule_entry(values, match_service.rules_of(match)), None
    except IllegalKnock as e:
        attach_error(form, e)
        return None, _render(match, form, hand=hand, refused=e.result, status=400)
    except EntryError as e:
        attach_error(form, e)
        return None, _render(match, form, hand=hand, status=400)


@bp.route("/new", methods=["GET", "POST"])
def new(view_id: str) -> str | Response | tuple[str, int]:
    match = load_match(view_id)
    if threehand.handles(match):
        return threehand_views.new_hand(match)
    require_edit(match)
    if match_service.family_of(match) == Family.PARTNERSHIP:
        return _new_deal(match)
    form = HandForm()
    form.set_players(match.names)
    if request.method == "GET":
        board = board_service.build(match)
        form.dealer_seat.data = board.next_dealer
        form.idempotency_key.data = new_key()
        form.expected_number.data = str(len(board.lines) + 1)
        if board.rules.knock_limit == 0 and not board.rules.oklahoma:
            form.kind.data = "gin"  # Straight Gin: no knocking
        if request.args.get("entry") == EntryMode.CARDS:
            form.entry.data = EntryMode.CARDS
            form.kind.data = "auto"
        return _render(match, form, board=board)
    result, page = _rule_form(match, form, None)
    if page is not None:
        return page
    if needs_preview(form, _digest):
        form.checked.data = _digest(form.entry_fields())
        return _render(match, form, result=result)
    return save_new(
        match,
        form,
        on_conflict=lambda e: resubmit_page(match, form, e, lambda: _render(match, form)),
        on_error=lambda e: _render(match, form, status=400),
    )


@bp.get("/<int:hand_id>")
def show(view_id: str, hand_id: int) -> str:
    match = load_match(view_id)
    hand = _load_hand(match, hand_id)
    if threehand.handles(match):
        return threehand_views.show_hand(match, hand)
    board = board_service.build(match)
    line = next(line for line in board.lines if line.hand.id == hand.id)
    view = None
    if line.result is not None:  # the same ruling view as a checked hand
        view = ruling_service.draw_match_hand(hand, line.result, board.rules, board.names)
    return render_template(
        "hand.html",
        match=match,
        board=board,
        hand=hand,
        line=line,
        view=view,
        editor=can_edit(match),
        action=ActionForm(version=hand.version),
    )


@bp.route("/<int:hand_id>/edit", methods=["GET", "POST"])
def edit(view_id: str, hand_id: int) -> str | Response | tuple[str, int]:
    match = load_match(view_id)
    require_edit(match)
    hand = _load_hand(match, hand_id)
    if threehand.handles(match):
        return threehand_views.edit_hand(match, hand)
    if match_service.family_of(match) == Family.PARTNERSHIP:
        return _edit_deal(match, hand)
    form = HandForm()
    form.set_players(match.names)
    if request.method == "GET":
        values = dict(hand.fields())
        if values["kind"] == "dead":
            values["knocker_seat"] = None
        form.fill(values)
        form.version.data = str(hand.version)
        return _render(match, form, hand=hand)
    result, page = _rule_form(match, form, hand)
    if page is not None:
        return page
    if needs_preview(form, _digest):
        form.checked.data = _digest(form.entry_fields())
        return _render(match, form, hand=hand, result=result)
    return save_edit(
        match,
        hand,
        form,
        build_board=board_service.build,
        mine=normalise,
        on_error=lambda e: _render(match, form, hand=hand, status=400),
    )


@bp.post("/<int:hand_id>/delete")
def delete(view_id: str, hand_id: int) -> Response | tuple[str, int]:
    match = load_match(view_id)
    require_edit(match)
    hand = _load_hand(match, hand_id)
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    number = match_service.number_of(match, hand)
    try:
        match_service.delete_hand(match, hand.id, web_actor(), parse_int(form.version.data))
    except Conflict as e:
        db.session.rollback()
        return conflict_page(
            match, board_service.build(match), e.message, hand.id, deleted_too=True
        )
    except EntryError as e:
        flash(e.reason, "error")
        return redirect(url_for("hands.show", view_id=view_id, hand_id=hand.id))
    flash(f"{_noun(match)} {number} deleted. Undo brings it back.", "ok")
    return redirect(url_for("matches.scoreboard", view_id=view_id))


# -- partnership deals -----------------------------------------------------------------------


def _noun(match: Match) -> str:
    return "Deal" if match_service.family_of(match) == Family.PARTNERSHIP else "Hand"


def _deal_form(match: Match, board: board_service.Board, position: int) -> DealForm:
    form = DealForm()
    form.set_seating(board.names, board.sides, partnership.pairings(position))
    return form


def _render_deal(
    match: Match,
    form: DealForm,
    *,
    board: board_service.Board,
    position: int,
    hand: Hand | None = None,
    deal: partnership.DealScore | None = None,
    status: int = 200,
) -> tuple[str, int]:
    side = form.dealer_seat.data if form.dealer_seat.data in (0, 1) else board.next_dealer
    return render_template(
        "deal_form.html",
        match=match,
        board=board,
        form=form,
        hand=hand,
        number=position + 1,
        tables=partnership.pairings(position, side),
        deal=deal,
        deck=ALL_NATURALS,
        hand_size=board.rules.hand_size,
    ), status


def _rule_deal_form(
    match: Match, form: DealForm, board: board_service.Board, position: int, hand: Hand | None
) -> tuple[partnership.DealScore | None, tuple[str, int] | None]:
    if not form.validate_on_submit():
        return None, _render_deal(
            match, form, board=board, position=position, hand=hand, status=400
        )
    try:
        return rule_deal(form.entry_fields(), match_service.rules_of(match), position), None
    except EntryError as e:
        attach_error(form, e)
        return None, _render_deal(
            match, form, board=board, position=position, hand=hand, status=400
        )


def _deal_needs_preview(form: DealForm) -> bool:
    """As for a two-handed hand: a deal with cards at a table is saved only after its ruling
    was shown for exactly these cards; counts alone save straight away."""
    if not form.save.data:
        return True
    values = form.entry_fields()
    if not any(t["entry"] == EntryMode.CARDS for t in values["tables"]):
        return False
    return bool(form.checked.data != digest(normalise_deal(values)))


def _preview_deal(form: DealForm) -> None:
    form.checked.data = digest(normalise_deal(form.entry_fields()))


def _new_deal(match: Match) -> str | Response | tuple[str, int]:
    board = board_service.build(match)
    position = len(board.lines)
    form = _deal_form(match, board, position)
    if request.method == "GET":
        form.dealer_seat.data = board.next_dealer
        form.idempotency_key.data = new_key()
        form.expected_number.data = str(position + 1)
        return _render_deal(match, form, board=board, position=position)
    deal, page = _rule_deal_form(match, form, board, position, None)
    if page is not None:
        return page
    if _deal_needs_preview(form):
        _preview_deal(form)
        return _render_deal(match, form, board=board, position=position, deal=deal)

    def conflict(e: Conflict) -> tuple[str, int]:
        fresh = board_service.build(match)
        form.expected_number.data = str(len(fresh.lines) + 1)
        form.form_errors.append(e.message.replace("hand", "deal"))
        page, _ = _render_deal(match, form, board=fresh, position=position)
        return page, 409

    return save_new(
        match,
        form,
        on_conflict=conflict,
        on_error=lambda e: _render_deal(match, form, board=board, position=position, status=400),
        noun="deal",
    )


def _edit_deal(match: Match, hand: Hand) -> str | Response | tuple[str, int]:
    board = board_service.build(match)
    position = (match_service.number_of(match, hand) or 1) - 1
    form = _deal_form(match, board, position)
    if request.method == "GET":
        form.fill(hand.fields())
        form.version.data = str(hand.version)
        return _render_deal(match, form, board=board, position=position, hand=hand)
    deal, page = _rule_deal_form(match, form, board, position, hand)
    if page is not None:
        return page
    if _deal_needs_preview(form):
        _preview_deal(form)
        return _render_deal(match, form, board=board, position=position, hand=hand, deal=deal)
    return save_edit(
        match,
        hand,
        form,
        build_board=board_service.build,
        mine=normalise_deal,
        on_error=lambda e: _render_deal(
            match, form, board=board, position=position, hand=hand, status=400
        ),
        noun="deal",
    )
