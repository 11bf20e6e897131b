"""Pages for three or more players: the new match, the scoreboard with who plays and deals
next, hand entry with the seating (and its override), each hand's ruling, and the settlement.

The scoreboard and hand URLs are the same as for two-handed matches: the views of
:mod:`.matches` and :mod:`.hands` hand a three-handed match to the functions here.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from referee.forms import RULE_PREFIX, ActionForm, new_key
from referee.models import EntryMode, Hand, HandKindChoice, Match
from referee.rules.cards import ALL_NATURALS
from referee.rules.ruleset import FIELD_HELP
from referee.rules.variants import get_preset
from referee.services import matches as match_service
from referee.services import threehand
from referee.services.entry import EntryError, IllegalKnock
from referee.services.threehand import board as board_service
from referee.services.threehand.entry import normalise
from referee.threehand_forms import (
    MAX_PLAYERS,
    BattleRoyalHandForm,
    SeatedHandForm,
    new_match_form,
    option_names,
    three_handed_presets,
)

from .access import can_edit, load_match, remember, require_edit
from .flow import (
    attach_error,
    digest,
    needs_preview,
    reload_preset,
    resubmit_page,
    save_edit,
    save_new,
)

bp = Blueprint("threehand", __name__)


@bp.app_template_filter("names_of")
def names_of(seats: Any, names: list[str]) -> list[str]:
    """Seats → the players' names, in the order given."""
    return [names[s] for s in seats]


DEFAULT = "cutthroat"

HandFormType = SeatedHandForm | BattleRoyalHandForm


# -- new match ---------------------------------------------------------------------------------


@bp.route("/new/three", methods=["GET", "POST"])
def new_match() -> str | Response | tuple[str, int]:
    form = new_match_form()
    if request.method == "GET":
        name = request.args.get("preset") or DEFAULT
        preset = get_preset(name if name in _preset_names() else DEFAULT)
        form.preset.data = preset.name
        form.rules_from.data = preset.name
        form.fill_rules(preset.rules)
        return _render_new(form)
    if not form.validate_on_submit():
        return _render_new(form), 400
    preset_name = form.preset.data or DEFAULT
    if reload_preset(form, preset_name):
        return _render_new(form)
    names = form.names()
    try:
        match, token = match_service.create_match(
            names,
            preset_name,
            form.overrides(),
            form.stake_per_point.data or 0,
            cut=form.cut_cards(len(names)),
        )
    except EntryError as e:
        if e.field == "players":
            empty = next((s for s, n in enumerate(names) if not n), min(len(names), 2))
            e = EntryError(f"player_{min(empty, MAX_PLAYERS - 1)}", e.reason)
        attach_error(form, e, rules=True)
        return _render_new(form), 400
    remember(match, token)
    flash("Match started. This browser keeps the edit link; share it only with scorers.", "ok")
    return redirect(url_for("matches.scoreboard", view_id=match.view_id))


def _preset_names() -> set[str]:
    return {p.name for p in three_handed_presets()}


def _render_new(form: Any) -> str:
    presets = three_handed_presets()
    return render_template(
        "threehand/new_match.html",
        form=form,
        presets=presets,
        preset_data={
            p.name: {
                "description": p.description,
                "rules": p.rules.to_dict(),
                "players": [p.seats[0], p.seats[-1]],
                "family": p.family,
            }
            for p in presets
        },
        options=option_names(),
        help=FIELD_HELP,
        max_players=MAX_PLAYERS,
        chosen=_chosen(form.preset.data),
        house_open=any(
            name.startswith(RULE_PREFIX) and name.removeprefix(RULE_PREFIX) not in option_names()
            for name in form.errors
        ),
    )


def _chosen(name: str | None) -> Any:
    try:
        return get_preset(name or DEFAULT)
    except KeyError:
        return get_preset(DEFAULT)


# -- scoreboard and settlement ---------------------------------------------------------------


def scoreboard(match: Match) -> str:
    board = board_service.build(match)
    editor = can_edit(match)
    view_id = match.view_id
    return render_template(
        "threehand/scoreboard.html",
        match=match,
        board=board,
        editor=editor,
        action=ActionForm(revision=match.revision),
        audit=match_service.audit_trail(match),
        undoable=match_service.last_undoable(match) if editor else None,
        view_link=url_for("matches.scoreboard", view_id=view_id, _external=True),
        preset=_preset_or_none(match.preset),
    )


@bp.get("/m/<view_id>/settlement")
def settlement(view_id: str) -> str | Response:
    match = load_match(view_id)
    if not threehand.handles(match):
        return redirect(url_for("matches.scoreboard", view_id=view_id))
    board = board_service.build(match)
    return render_template("threehand/settlement.html", match=match, board=board)


def _preset_or_none(name: str) -> Any:
    try:
        return get_preset(name)
    except KeyError:
        return None


# -- hands -----------------------------------------------------------------------------------


def _form(match: Match) -> HandFormType:
    form: HandFormType
    form = BattleRoyalHandForm() if match.variant == threehand.BATTLE_ROYAL else SeatedHandForm()
    form.set_players(match.names)
    return form


def _digester(match: Match) -> Any:
    return lambda values: digest(normalise(values, match.variant))


def _render(
    match: Match,
    form: HandFormType,
    *,
    hand: Hand | None = None,
    line: board_service.ThreeLine | None = None,
    refused: Any = None,
    status: int = 200,
    board: board_service.ThreeBoard | None = None,
) -> tuple[str, int]:
    board = board or board_service.build(match)
    number = match_service.number_of(match, hand) if hand else len(board.lines) + 1
    seating = board_service.seating_at(match, board, hand)
    return render_template(
        "threehand/hand_form.html",
        match=match,
        board=board,
        form=form,
        hand=hand,
        number=number,
        line=line,
        refused=refused,
        seating=seating,
        deck=ALL_NATURALS,
        hand_size=board.rules.hand_size,
    ), status


def _fill_seating(form: HandFormType, seating: board_service.NextHand) -> None:
    form.dealer_seat.data = seating.dealer
    if isinstance(form, SeatedHandForm):
        form.sitting_out_seat.data = seating.sitting_out[0] if seating.sitting_out else None
        form.captain_seat.data = seating.captain


def _check(
    match: Match, form: HandFormType, hand: Hand | None
) -> tuple[board_service.ThreeLine | None, tuple[str, int] | None]:
    """Validate and rule the submitted hand in its place in the match; on a problem, the page
    to show instead."""
    if not form.validate_on_submit():
        return None, _render(match, form, hand=hand, status=400)
    try:
        position = (match_service.number_of(match, hand) or 1) - 1 if hand else None
        _, line, _ = board_service.check_hand(match, form.entry_fields(), position)
    except IllegalKnock as e:
        attach_error(form, e)
        return None, _render(match, form, hand=hand, refused=e.result, status=400)
    except EntryError as e:
        attach_error(form, e)
        return None, _render(match, form, hand=hand, status=400)
    return line, None


def new_hand(match: Match) -> str | Response | tuple[str, int]:
    require_edit(match)
    form = _form(match)
    if request.method == "GET":
        board = board_service.build(match)
        _fill_seating(form, board.next)
        form.idempotency_key.data = new_key()
        form.expected_number.data = str(len(board.lines) + 1)
        if request.args.get("entry") == EntryMode.CARDS:
            form.entry.data = EntryMode.CARDS
            form.kind.data = HandKindChoice.AUTO
        return _render(match, form, board=board)
    line, page = _check(match, form, None)
    if page is not None:
        return page
    if needs_preview(form, _digester(match)):
        form.checked.data = _digester(match)(form.entry_fields())
        return _render(match, form, line=line)
    return save_new(
        match,
        form,
        on_conflict=lambda e: resubmit_page(match, form, e, lambda: _render(match, form)),
        on_error=lambda e: _render(match, form, status=400),
    )


def edit_hand(match: Match, hand: Hand) -> str | Response | tuple[str, int]:
    require_edit(match)
    form = _form(match)
    if request.method == "GET":
        values = dict(hand.fields())
        if values["kind"] == HandKindChoice.DEAD:
            values["knocker_seat"] = None
        form.fill(values)
        form.version.data = str(hand.version)
        return _render(match, form, hand=hand)
    line, page = _check(match, form, hand)
    if page is not None:
        return page
    if needs_preview(form, _digester(match)):
        form.checked.data = _digester(match)(form.entry_fields())
        return _render(match, form, hand=hand, line=line)
    return save_edit(
        match,
        hand,
        form,
        build_board=board_service.build,
        mine=lambda values: normalise(values, match.variant),
        on_error=lambda e: _render(match, form, hand=hand, status=400),
    )


def show_hand(match: Match, hand: Hand) -> str:
    board = board_service.build(match)
    line = next((line for line in board.lines if line.hand.id == hand.id), None)
    if line is None:
        abort(404)
    return render_template(
        "threehand/hand.html",
        match=match,
        board=board,
        hand=hand,
        line=line,
        view=_drawn(board, line, hand),
        editor=can_edit(match),
        action=ActionForm(version=hand.version),
    )


def _drawn(board: board_service.ThreeBoard, line: board_service.ThreeLine, hand: Hand) -> Any:
    """A two-player hand's ruling in the view a two-handed hand (or a checked one) is drawn
    with, the knocker and defender by name; None for Battle Royal (drawn by its own macros)."""
    if line.result is None or board.family == threehand.BATTLE_ROYAL or len(line.players) != 2:
        return None
    from referee.rules.cards import parse_cards
    from referee.services import rulings as ruling_service

    names = board.names
    knocker, defender = line.knocker, line.defender
    if knocker is None or defender is None:  # a dead hand: the two who played
        knocker, defender = line.players
    deck = board.rules.deck
    k_cards = d_cards = upcard = None
    try:
        if hand.knocker_cards and hand.defender_cards:
            k_cards = parse_cards(hand.knocker_cards, deck)
            d_cards = parse_cards(hand.defender_cards, deck)
        if hand.upcard:
            upcard = parse_cards(hand.upcard, deck, expected=1)[0]
    except ValueError:
        k_cards = d_cards = None
    kind = hand.kind if hand.kind in ("knock", "gin", "big_gin") else None
    return ruling_service.draw(
        line.result,  # type: ignore[arg-type]
        board.rules,
        knocker=k_cards,
        defender=d_cards,
        upcard=upcard,
        kind=kind,
        names=(names[knocker], names[defender]),
    )
