"""Gem Rummy's own pages and API: the deck page (enter a deck once, save it by name), a new
Gem Rummy match, the check page's Gem tab, and the JSON for decks and checked hands. A
match's hands go through the one set of hand views (the format names its form)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NoReturn

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for
from flask_babel import pgettext
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response as BaseResponse
from wtforms import SelectField, StringField, TextAreaField
from wtforms.validators import Optional

from referee.api.errors import fail, json_body, refuse_input
from referee.forms import choice
from referee.games.gem import check as gem_check
from referee.games.gem import decks as deck_service
from referee.games.gem.deck import GEMS, SYNTHETIC_DECK, GemDeck, parse_deck
from referee.games.gem.forms import RULE_FIELDS, GemMatchForm
from referee.i18n import N_, say
from referee.i18n import lazy_gettext as _l
from referee.rules.cards import ALL_NATURALS, SUITS, Card, Rank
from referee.rules.errors import InputError
from referee.rules.messages import Message, msg
from referee.services import matches as match_service
from referee.throttle import anonymous_write
from referee.views.game_routes import CheckTab
from referee.views.new_match import NewMatchPage, Page, started

bp = Blueprint("gem", __name__)
api_bp = Blueprint("gem_api", __name__)

BLUEPRINTS = (bp,)
"""Registered by the app through ``Format.routes``."""
API_BLUEPRINTS = (api_bp,)
"""Nested under the API's ``/api/v1``."""
CHECK_TABS = (CheckTab("gem.check", _l("Gem Rummy"), "gem-check"),)
"""The check page's Gem tab."""

RANKS_SHOWN = tuple(Rank)


class DeckForm(FlaskForm):
    """A deck's name, and the map pasted as text (the grid's choices are read by card)."""

    name = StringField(_l("Deck name"))
    paste = TextAreaField(_l("Or paste the whole map"), validators=[Optional()])


def _grid_entries(form: Any) -> dict[str, str]:
    """The grid's choices, card code → gem letters (a king's two joined)."""
    out: dict[str, str] = {}
    for card in ALL_NATURALS:
        if card.rank is Rank.KING:
            letters = (form.get(f"gem_{card.code}_1", ""), form.get(f"gem_{card.code}_2", ""))
            out[card.code] = "".join(x for x in letters if x)
        else:
            out[card.code] = form.get(f"gem_{card.code}", "")
    return out


def _render_deck(
    form: DeckForm,
    chosen: dict[str, str],
    problems: list[tuple[str, Message | str]],
    status: int = 200,
    saved: str | None = None,
) -> tuple[str, int]:
    by_card: dict[str, list[str]] = {}
    general: list[str] = []
    for field, reason in problems:  # said in the reader's language
        if field in chosen:
            by_card.setdefault(field, []).append(say(reason))
        else:
            general.append(say(reason))
    return render_template(
        "gem/deck.html",
        form=form,
        suits=SUITS,
        ranks=RANKS_SHOWN,
        gems=GEMS,
        chosen=chosen,
        card_errors=by_card,
        general=general,
        saved=saved,
        decks=deck_service.all_decks(),
        Card=Card,
    ), status


def _chosen_of(deck: GemDeck | None) -> dict[str, str]:
    if deck is None:
        return {c.code: "" for c in ALL_NATURALS}
    return {c.code: "".join(g.value for g in deck.gems_of(c)) for c in ALL_NATURALS}


@bp.route("/decks", methods=["GET", "POST"])
@anonymous_write
def decks() -> str | BaseResponse | tuple[str, int]:
    """Enter a gem deck on a 52-card grid (or paste its map) and save it by name."""
    form = DeckForm()
    if request.method == "GET":
        name = request.args.get("name")
        saved = deck_service.find(name) if name else None
        if saved is not None:
            form.name.data = saved.name
        deck = parse_deck(saved.entries) if saved is not None else None
        return _render_deck(form, _chosen_of(deck), [])
    chosen = _grid_entries(request.form)
    if not form.validate_on_submit():
        expired = msg("the form expired: send it again")
        return _render_deck(form, chosen, [("form", expired)], 400)
    entries: Any = form.paste.data if (form.paste.data or "").strip() else chosen
    try:
        saved = deck_service.save_deck(form.name.data, entries)
    except InputError as e:
        problems = _all_problems(entries) or [(e.field or "deck", e.message)]
        if e.field == "name":
            problems = [("name", e.message)]
            form.name.errors = [say(e)]
        return _render_deck(form, chosen, problems, 400)
    return redirect(url_for("gem.decks", name=saved.name, saved=1), 303)


def _all_problems(entries: Any) -> list[tuple[str, Message | str]]:
    """Every structural rule the entry breaks (the page lists them all at once)."""
    from referee.games.gem.deck import GemDeckError, deck_problems, parse_entries

    try:
        parsed = parse_entries(entries)
    except GemDeckError as e:
        return [(p.field, p.message) for p in e.problems]
    return [(p.field, p.message) for p in deck_problems(parsed)]


class GemNewMatch(NewMatchPage):
    """A Gem Rummy match of two or three players, played with a saved deck."""

    default: ClassVar[str] = "gem"
    label: ClassVar[str] = N_("Gem Rummy (2 or 3) →")
    start_label: ClassVar[str] = N_("Gem Rummy")
    testid: ClassVar[str] = "gem-rummy"

    def answer(self) -> Page:
        form = GemMatchForm()
        form.deck.choices = [choice("", _l("— none: score by counts only —"))] + [
            choice(d.name, d.name) for d in deck_service.all_decks()
        ]
        if request.method == "GET":
            if request.args.get("deck"):
                form.deck.data = request.args["deck"]
            return self.render(form)
        if not form.validate_on_submit():
            return self.render(form), 400
        names = [f.data or "" for f in (form.player_0, form.player_1, form.player_2)]
        if not names[2].strip():
            names = names[:2]
        overrides = {name: form[name].data for name in RULE_FIELDS}
        try:
            deck = deck_service.resolve(form.deck.data or None)
            match, token = match_service.create_match(
                names, self.default, overrides, form.stake_per_point.data or 0, setup=deck
            )
        except InputError as e:
            target = getattr(form, e.field or "", None)
            if target is not None and hasattr(target, "errors"):
                target.errors = [*list(target.errors), say(e)]
            else:
                form.form_errors.append(say(e))
            return self.render(form), 400
        return started(match, token)

    def render(self, form: GemMatchForm) -> str:
        return render_template("gem/new_match.html", form=form, page=self)


@bp.route("/gem/new", methods=["GET", "POST"])
@anonymous_write
def new_match() -> Page:
    """The new-match page, at the address Gem Rummy has always had."""
    return GemNewMatch().answer()


# -- the check page's Gem tab --------------------------------------------------------------


class GemCheckForm(FlaskForm):
    deck = SelectField(_l("Gem deck"), choices=[], validate_choice=False)
    dice = StringField(_l("Dice"), description=_l("the two dice (3+4) or their sum (2–12)"))
    cards_0 = StringField(_l("Knocker's 11 cards (12 for big gin)"))
    cards_1 = StringField(_l("Second player's 11 cards"))
    cards_2 = StringField(_l("Third player's 11 cards (optional)"), validators=[Optional()])
    spread = StringField(_l("Knocker's melds as declared (optional, | between melds)"))


@bp.route("/check/gem", methods=["GET", "POST"])
@anonymous_write
def check() -> str | tuple[str, int]:
    """Rule a disputed Gem Rummy hand: stashes, Queen's Diamonds, layoffs and Gem Parts,
    each card drawn with its gem."""
    form = GemCheckForm()
    form.deck.choices = [choice(d.name, d.name) for d in deck_service.all_decks()]
    if request.method == "GET" or not form.validate_on_submit():
        status = 200 if request.method == "GET" else 400
        return render_template("gem/check.html", form=form, ruling=None), status
    hands = [form.cards_0.data or "", form.cards_1.data or ""]
    if (form.cards_2.data or "").strip():
        hands.append(form.cards_2.data or "")
    try:
        checked = gem_check.check_hand(
            {
                "deck": form.deck.data,
                "dice": form.dice.data,
                "hands": hands,
                "spread": form.spread.data,
                # the page names the players in its reader's language (the API: English)
                "players": [
                    pgettext("a player of a checked hand", "Knocker"),
                    pgettext("a player of a checked hand", "Second"),
                    pgettext("a player of a checked hand", "Third"),
                ][: len(hands)],
            }
        )
    except InputError as e:
        target = getattr(form, e.field or "", None)
        if target is not None and hasattr(target, "errors"):
            target.errors = [*list(target.errors), say(e)]
        else:
            form.form_errors.append(say(e))
        return render_template("gem/check.html", form=form, ruling=None), 400
    return render_template("gem/check.html", form=form, ruling=checked)


# -- JSON ----------------------------------------------------------------------------------


def match_setup(data: Mapping[str, Any]) -> dict[str, Any]:
    """A new match's deck in the API's body (``deck``: a saved deck's name or a whole map)."""
    return {"setup": deck_service.resolve(data.get("deck"))}


def _refused(e: InputError) -> NoReturn:
    refuse_input(e, e.api_field or e.field)


def _deck_json(name: str, text: str) -> dict[str, Any]:
    deck = parse_deck(text)
    return {
        "name": name,
        "deck": {c.code: "".join(g.value for g in deck.gems_of(c)) for c in ALL_NATURALS},
        "text": text,
    }


@api_bp.get("/decks")
def api_decks() -> Response:
    return jsonify({"decks": [_deck_json(d.name, d.entries) for d in deck_service.all_decks()]})


@api_bp.get("/decks/<name>")
def api_deck(name: str) -> tuple[Response, int]:
    saved = deck_service.find(name)
    if saved is None:
        fail(404, "name", "no such deck")
    return jsonify(_deck_json(saved.name, saved.entries)), 200


@api_bp.post("/decks")
@anonymous_write
def api_save_deck() -> tuple[Response, int]:
    """Save a deck: ``{"name": "Our deck", "deck": {"AS": "G", ..., "KS": "GE"}}`` (or the
    deck as text); 400 naming the card and the rule it breaks, nothing stored."""
    data = json_body("send a JSON object")
    try:
        saved = deck_service.save_deck(data.get("name"), data.get("deck"))
    except InputError as e:
        _refused(e)
    return jsonify(_deck_json(saved.name, saved.entries)), 201


@api_bp.post("/gem/rulings")
@anonymous_write
def api_check() -> tuple[Response, int]:
    """Rule one Gem Rummy hand: ``{"deck": ..., "dice": "3+4", "hands": [...]}``."""
    data = json_body("send a JSON object")
    try:
        checked = gem_check.check_hand(data)
    except InputError as e:
        _refused(e)
    return jsonify(gem_check.answer(checked)), 200


def synthetic_deck_text() -> str:
    """The synthetic deck's map (a demo deck that satisfies the structure)."""
    return SYNTHETIC_DECK.to_text()
