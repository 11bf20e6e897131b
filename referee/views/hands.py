"""Enter a hand (quick counts or full cards with the picker), see its ruling, edit, delete —
for every format: the match's format names the form and the page; the steps are the same."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from referee.forms import ActionForm, new_key
from referee.games.base import Board, Format, Line, NextHand, Place
from referee.games.hand_entry import IllegalKnock
from referee.i18n import say
from referee.models import EntryMode, Hand, Match, db
from referee.rules.cards import ALL_NATURALS
from referee.rules.errors import InputError
from referee.services import board as board_service
from referee.services import matches as match_service
from referee.services import rulings as ruling_service
from referee.services.matches import Conflict
from referee.views.access import can_edit, load_match, require_edit, web_actor
from referee.views.entry_pages import EntryPage, entry_page
from referee.views.flow import (
    Page,
    already_saved,
    attach_error,
    conflict_page,
    digest,
    parse_int,
    resubmit_page,
    save_edit,
    save_new,
    sent_before,
)

bp = Blueprint("hands", __name__, url_prefix="/m/<view_id>/hands")

STABLE_ID = "hand"
"""The query argument a form's action carries with the hand's id, so a save goes to the hand
the form was filled from even if an undo renumbered the hands meanwhile."""


def _live_hand(match: Match, hand_id: int | None) -> Hand | None:
    hand = db.session.get(Hand, hand_id) if hand_id is not None else None
    if hand is None or hand.match_id != match.id or hand.deleted_at is not None:
        return None
    return hand


def _load_hand(match: Match, number: int) -> Hand | Response:
    """The hand a page addresses: the ``number``-th hand of the match (1 is the first).

    A form's action names its hand's id too (``?hand=``), which wins. A number past the
    last hand may be a link of the older form, which named a hand by its id: that hand's
    page is a redirect to its number (a form sent to such a link saves to that hand).
    """
    if STABLE_ID in request.args:  # a form's own hand, or none if it was deleted meanwhile
        stable = _live_hand(match, request.args.get(STABLE_ID, type=int))
        if stable is None:
            abort(404)
        return stable
    live = match.live_hands
    if 1 <= number <= len(live):
        return live[number - 1]
    old = _live_hand(match, number)
    if old is None:
        abort(404)
    if request.method != "GET":
        return old
    assert request.endpoint is not None
    moved = match_service.number_of(match, old)
    args: dict[str, Any] = {k: v for k, v in request.args.items() if k != STABLE_ID}
    return redirect(url_for(request.endpoint, view_id=match.view_id, number=moved, **args))


@bp.app_template_global()
def hand_url(
    endpoint: str, match: Match, hand: Hand, number: int | None = None, action: bool = False
) -> str:
    """The address of ``hand``'s page (``hands.show``, ``hands.edit``) by its number in the
    match; a form's ``action`` (and ``hands.delete``) also names the hand's id."""
    number = number or match_service.number_of(match, hand)
    stable: dict[str, Any] = {STABLE_ID: hand.id} if action or endpoint == "hands.delete" else {}
    return url_for(endpoint, view_id=match.view_id, number=number, **stable)


class _Entry:
    """One visit to a hand's entry page: the match, its format and fold, where the hand goes
    and what the rotation calls for there."""

    def __init__(self, match: Match, hand: Hand | None) -> None:
        self.match = match
        self.hand = hand
        self.format: Format = board_service.format_of(match)
        self.page: EntryPage = entry_page(self.format)
        self.board: Board = board_service.build(match)
        number = match_service.number_of(match, hand) if hand else None
        self.position = (number or 1) - 1 if hand else len(self.board.lines)
        self.context: NextHand = board_service.context_at(match, hand)
        self.form: Any = self.page.form()
        self.page.seat(self.form, self.board, self.position)

    @property
    def noun(self) -> str:
        return self.format.noun

    def values(self) -> dict[str, Any]:
        return self.format.normalise(self.form.entry_fields())

    def digest(self) -> str:
        return digest(self.values())

    def render(
        self,
        *,
        ruled: Any = None,
        line: Line | None = None,
        refused: Any = None,
        status: int = 200,
        board: Board | None = None,
    ) -> Page:
        board = board or self.board
        form = self.form
        number = self.position + 1
        return render_template(
            self.page.template,
            match=self.match,
            board=board,
            form=form,
            hand=self.hand,
            number=number,
            result=ruled,
            deal=ruled,
            line=line,
            refused=refused,
            seating=self.context,
            **self.page.page_context(form, board, self.position),
            deck=ALL_NATURALS,
            hand_size=board.rules.hand_size,
        ), status

    def check(self) -> Page | None:
        """Validate and rule the submitted entry where it goes in the match: None when it
        may be saved, else the page to show instead."""
        if not self.form.validate_on_submit():
            return self.render(status=400)
        try:
            self.format.verify_hand(
                self.values(), self.board.table, Place(self.position, self.context)
            )
        except IllegalKnock as e:
            attach_error(self.form, e)
            return self.render(refused=e.result, status=400)
        except InputError as e:
            attach_error(self.form, e)
            return self.render(status=400)
        return None

    def preview(self) -> Page:
        """The entry's ruling, as the match would fold with it, shown before it is saved."""
        values = self.values()
        try:
            line = board_service.preview(self.match, values, self.hand, self.position)
        except InputError as e:
            attach_error(self.form, e)
            return self.render(status=400)
        self.form.checked.data = digest(values)
        ruled = self.format.shown_ruling(line)
        return self.render(ruled=ruled, line=line)

    def before_saving(self) -> Page | None:
        """The page to show instead of saving: the form with its problems, or the ruling of a
        full-card entry not yet shown for exactly these cards; None when it may be saved."""
        page = self.check()
        if page is None and self.needs_preview():
            page = self.preview()
        return page

    def needs_preview(self) -> bool:
        """Full-card hands are saved only after their ruling was shown for exactly these
        cards; counts alone save straight away."""
        if not self.form.save.data:
            return True
        if not self.page.has_cards(self.values()):
            return False
        return bool(self.form.checked.data != self.digest())


@bp.route("/new", methods=["GET", "POST"])
def new(view_id: str) -> str | Response | Page:
    match = load_match(view_id)
    require_edit(match)
    entry = _Entry(match, None)
    form = entry.form
    if request.method == "GET":
        entry.page.start(form, entry.board, entry.context)
        form.idempotency_key.data = new_key()
        form.expected_number.data = str(len(entry.board.lines) + 1)
        if request.args.get("entry") == EntryMode.CARDS:
            entry.page.cards(form)
        return entry.render()
    first = sent_before(match, request.form)
    if first is not None:
        return already_saved(match, first, entry.noun)
    page = entry.before_saving()
    if page is not None:
        return page

    def conflict(e: Conflict) -> Page:
        fresh = board_service.build(match)
        return resubmit_page(match, form, e, lambda: entry.render(board=fresh))

    return save_new(
        match,
        form,
        on_conflict=conflict,
        on_error=lambda e: entry.render(status=400),
        noun=entry.noun,
    )


@bp.get("/<int:number>")
def show(view_id: str, number: int) -> str | Response:
    match = load_match(view_id)
    hand = _load_hand(match, number)
    if isinstance(hand, Response):
        return hand
    board = board_service.build(match)
    line = board.line_of(hand.id)
    if line is None:
        abort(404)
    return render_template(
        board.format.template_file("hand"),
        match=match,
        board=board,
        hand=hand,
        line=line,
        view=ruling_service.draw_line(board, line),
        editor=can_edit(match),
        action=ActionForm(version=hand.version),
    )


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
def edit(view_id: str, number: int) -> str | Response | Page:
    match = load_match(view_id)
    require_edit(match)
    hand = _load_hand(match, number)
    if isinstance(hand, Response):
        return hand
    entry = _Entry(match, hand)
    form = entry.form
    if request.method == "GET":
        entry.page.fill(form, hand.fields())
        form.version.data = str(hand.version)
        return entry.render()
    page = entry.before_saving()
    if page is not None:
        return page
    return save_edit(
        match,
        hand,
        form,
        build_board=board_service.build,
        mine=lambda values: entry.format.normalise(values),
        on_error=lambda e: entry.render(status=400),
        noun=entry.noun,
    )


@bp.post("/<int:number>/delete")
def delete(view_id: str, number: int) -> Response | Page:
    match = load_match(view_id)
    require_edit(match)
    hand = _load_hand(match, number)
    if isinstance(hand, Response):
        return hand
    form = ActionForm()
    if not form.validate_on_submit():
        abort(400)
    noun = board_service.format_of(match).noun
    number = match_service.number_of(match, hand) or number
    try:
        match_service.delete_hand(match, hand.id, web_actor(), parse_int(form.version.data))
    except Conflict as e:
        db.session.rollback()
        return conflict_page(
            match, board_service.build(match), say(e.said), hand.id, deleted_too=True
        )
    except InputError as e:
        flash(say(e), "error")
        return redirect(url_for("hands.show", view_id=view_id, number=number))
    flash(
        _("Deal %(number)s deleted. Undo brings it back.", number=number)
        if noun == "deal"
        else _("Hand %(number)s deleted. Undo brings it back.", number=number),
        "ok",
    )
    return redirect(url_for("matches.scoreboard", view_id=view_id))
