"""Wiring of the web app: CSRF, blueprints, error pages, template helpers, security headers."""

from __future__ import annotations

import datetime as dt
import functools
import secrets
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Protocol

import segno
from flask import Flask, Response, g, render_template, request, session
from flask_babel import gettext
from flask_wtf.csrf import CSRFError, CSRFProtect
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException, SecurityError

from referee import i18n
from referee.api.errors import refusal
from referee.assets import is_file_request
from referee.games import find_format
from referee.i18n import N_
from referee.models import Match
from referee.rules.cards import CardError, Deck, parse_cards
from referee.services.charts import charts_panel, match_charts, shown_title
from referee.services.shown import earlier_rows_html, shown_hands
from referee.views.game_routes import check_tabs, rule_words

csrf = CSRFProtect()

_SUIT_CLASS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_LOOSE_DECK = Deck(decks=8, jokers=8)  # any code a scorer may have typed, shown as a card


def _register_game_routes(app: Flask) -> None:
    """The pages a game keeps in its own folder (``BLUEPRINTS`` of its ``Format.routes``)."""
    from referee.views.game_routes import game_routes

    for routes in game_routes():
        for blueprint in routes.BLUEPRINTS:
            app.register_blueprint(blueprint)


def _register_api(app: Flask) -> None:
    """The JSON API with every route under it (the games' too). It authenticates each write
    by the match's or club's ``X-Edit-Token``, or the write makes something new, never by a
    cookie: the whole of it is exempt from the forms' CSRF check."""
    from referee import api

    app.register_blueprint(api.blueprint())
    for blueprint in api.tree(app):
        csrf.exempt(blueprint)


def init_app(app: Flask) -> None:
    from referee.views import (
        check,
        club_import,
        clubs,
        hands,
        matches,
        my_matches,
        offline,
        rules_page,
        table_play,
        transfer,
    )

    csrf.init_app(app)
    app.register_blueprint(matches.bp)
    app.register_blueprint(hands.bp)
    app.register_blueprint(my_matches.bp)
    app.register_blueprint(check.bp)
    app.register_blueprint(rules_page.bp)
    _register_game_routes(app)
    app.register_blueprint(transfer.bp)
    app.register_blueprint(clubs.bp)
    app.register_blueprint(club_import.bp)
    app.register_blueprint(table_play.bp)
    _register_api(app)
    offline.init_app(app)

    app.jinja_env.filters["names_of"] = names_of
    app.jinja_env.filters["table_label"] = table_label
    app.jinja_env.filters["versus"] = i18n.versus_text
    app.jinja_env.filters["cards"] = cards_html
    app.jinja_env.filters["card"] = cards_html
    app.jinja_env.filters["money"] = money
    app.jinja_env.filters["iso"] = iso
    app.jinja_env.filters["qr"] = qr_svg
    app.jinja_env.filters["when"] = when
    app.jinja_env.filters["local_when"] = local_when
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["preset_name"] = preset_name
    app.jinja_env.globals["rule_value"] = rule_value
    app.jinja_env.globals["seat_class"] = seat_class
    app.jinja_env.globals["rule_href"] = rules_page.rule_href
    app.jinja_env.globals["shown_hands"] = shown_hands
    app.jinja_env.globals["charts_panel"] = charts_panel
    app.jinja_env.globals["format_title"] = shown_title
    app.jinja_env.globals["earlier_rows_html"] = earlier_rows_html
    app.jinja_env.globals["check_tabs"] = check_tabs
    app.jinja_env.filters["changes"] = audit_changes
    app.jinja_env.filters["match_charts"] = match_charts

    @app.before_request
    def _device() -> None:
        if is_file_request():  # a file never reads the session (nor sets its cookie)
            return
        if "device" not in session and request.method != "OPTIONS":
            session["device"] = secrets.token_hex(4)

    @app.after_request
    def _headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        # Only the origin, never a path: a page's address (an old /m/<id>/edit/<token> link)
        # reaches no log, and a form posted over https carries the same-origin Referer that
        # the CSRF check there requires (with no Referer at all every form would be refused)
        response.headers.setdefault("Referrer-Policy", "strict-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
            "form-action 'self'; base-uri 'none'",
        )
        return response

    for code in (400, 403, 404, 405, 409, 413, 429):
        app.register_error_handler(code, _error_page)
    app.register_error_handler(CSRFError, _csrf_error)
    app.register_error_handler(SecurityError, _unknown_host)


def _unknown_host(error: SecurityError) -> tuple[Response, int]:
    """A request for a host not in ``TRUSTED_HOSTS``: no page can be drawn for it (its links
    would need the host), so a plain answer."""
    return Response("This server does not answer to that host name.\n", mimetype="text/plain"), 400


_ERROR_TEXT = {
    400: N_("That request could not be understood."),
    403: N_("This needs the match's edit link. Ask a scorer for it; nothing was changed."),
    404: N_("There is no such page, match or hand."),
    405: N_("That is not something this page does."),
    409: N_("Someone else changed this first; nothing was changed."),
    413: N_("That request is too large."),
    429: N_("Too many requests from here: wait a little and try again; nothing was changed."),
}
_CLUB_FORBIDDEN = N_(
    "This needs the club's edit link. Ask its organiser for it; nothing was changed."
)


def _error_text(code: int) -> str | None:
    """The page's words for a refusal: a club's page or API asks for the club's link."""
    club = request.path.startswith(("/c/", "/clubs/", "/api/v1/clubs/"))
    return _CLUB_FORBIDDEN if code == 403 and club else _ERROR_TEXT.get(code)


def _error_page(error: HTTPException) -> Response:
    """A refusal: the API says the status's words in English; a page says a reason given
    where the request was refused as given, else the page's words in the reader's language
    (Werkzeug's own description of the status gives way to them)."""
    code = error.code or 500
    given = error.description != type(error).description
    message = error.description if given and code not in (403, 404, 429) else None
    text = _error_text(code)
    fallback = gettext(text) if text else gettext("Something went wrong.")
    return refusal(code, None, text or "error", page=message or fallback)


def _csrf_error(error: CSRFError) -> tuple[str, int]:
    return render_template(
        "error.html",
        code=400,
        message=gettext(
            "The form had expired or was not sent from this site (%(reason)s). "
            "Go back, reload the page and try again; nothing was changed.",
            reason=error.description,
        ),
    ), 400


def seat_class(seat: int | None) -> str:
    return f"seat{seat}" if seat is not None else ""


def cards_html(value: str | Iterable[object] | None) -> Markup:
    """Card codes (``"10H AS"``) as coloured labels; anything unparseable is shown as typed."""
    if not value:
        return Markup("")
    tokens = value.split() if isinstance(value, str) else [str(v) for v in value]
    try:
        cards = parse_cards(tokens, deck=_LOOSE_DECK)
    except CardError:
        return Markup(escape(" ".join(tokens)))
    parts = []
    for card in cards:
        label = card.label
        suit = _SUIT_CLASS.get(label[-1], "j")
        parts.append(f'<span class="card {suit}">{escape(label)}</span>')
    return Markup(" ".join(parts))


_AUDIT_LABELS = {
    "kind": N_("how"),
    "entry": N_("entry"),
    "knocker_seat": N_("knocker"),
    "dealer_seat": N_("dealer"),
    "knocker_deadwood": N_("knocker deadwood"),
    "defender_deadwood": N_("defender deadwood"),
    "knocker_cards": N_("knocker's cards"),
    "defender_cards": N_("defender's cards"),
    "spread": N_("spread laid down"),
    "upcard": N_("upcard"),
    "tables": N_("tables"),
    "stop_after": N_("notice to stop after it"),
    "note": N_("note"),
    "sitting_out_seat": N_("sat out"),
    "captain_seat": N_("captain"),
    "seat_deadwoods": N_("counts by seat"),
    "seat_cards": N_("cards by seat"),
    "seat_melded": N_("melded points by seat"),
    "seat_melds": N_("melds by seat"),
    "seat_layoffs": N_("layoffs by seat"),
    "deleted": N_("deleted"),
}


def _table_text(table: object, names: list[str]) -> str:
    """One table of a deal played at several tables (an entry's ``tables``), as entered, in
    a few words: "Ann knock 5/21"."""
    if not isinstance(table, dict):
        return "—"
    seat = table.get("knocker_seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    kind = str(table.get("kind") or "").replace("_", " ")
    if kind == "dead":
        return gettext("dead hand")
    k, d = table.get("knocker_deadwood"), table.get("defender_deadwood")
    counts = f" {'' if k is None else k}/{'' if d is None else d}" if k or d else ""
    up = " " + gettext("(upcard %(card)s)", card=table["upcard"]) if table.get("upcard") else ""
    return f"{who} {i18n.translate(kind)}{counts}{up}".strip()


class Audited(Protocol):
    """An audit entry as the change log reads it: a hand's fields before and after a change
    (JSON values; ``None`` before an add)."""

    @property
    def before(self) -> Mapping[str, object] | None: ...

    @property
    def after(self) -> Mapping[str, object] | None: ...


def audit_changes(
    entry: Audited, names: list[str], sides: list[str] | None = None
) -> list[tuple[str, str, str]]:
    """An audit entry as (what, old, new) lines: every field for an add, the changed ones for
    an edit, undo or delete. ``sides`` name the dealing side where a side of players deals
    (``dealer_seat`` is then a side)."""
    before: Mapping[str, object] = entry.before or {}
    after: Mapping[str, object] = entry.after or {}

    def show(name: str, value: object) -> str:
        if value is None or value == "":
            return "—"
        if name == "dealer_seat" and sides and isinstance(value, int) and 0 <= value < len(sides):
            return sides[value]
        if name == "tables" and isinstance(value, list):
            return "; ".join(f"{n}. {_table_text(t, names)}" for n, t in enumerate(value, 1))
        if name.endswith("_seat") and isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        if isinstance(value, bool):
            return gettext("yes") if value else gettext("no")
        return i18n.translate(str(value).replace("_", " "))  # a kind of hand: "knock"

    lines = []
    for name, label in _AUDIT_LABELS.items():
        old, new = before.get(name), after.get(name)
        if name == "stop_after":  # absent from entries made before it existed
            old, new = bool(old), bool(new)
        if before and old == new:
            continue
        if not before and (new is None or new == "" or new is False):
            continue
        lines.append((label, show(name, old) if before else "", show(name, new)))
    return lines


def money(value: Decimal | int | None, currency: str | None = None) -> str:
    """An amount with at least two decimals, with the currency symbol of the match the page
    shows (``g.currency``, set when the match is loaded) unless one is given, written as the
    reader's language writes money (``€4.80`` in English, ``4,80 €`` in German)."""
    if value is None:
        return ""
    amount = Decimal(value)
    symbol = g.get("currency", "") if currency is None else currency
    return i18n.money_text(amount, symbol)


@functools.lru_cache(maxsize=512)
def qr_svg(text: str, label: str = "QR code") -> Markup:
    """``text`` as a QR code in inline SVG, scaled by the page's CSS (segno draws it: a
    phone's camera opens the link, no copy and paste)."""
    svg = segno.make(text, error="m").svg_inline(scale=4, border=2, svgclass="qr")
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1))


def local_when(value: dt.datetime | None) -> Markup:
    """A stored time for a page: in UTC as the reader's language writes it, in a <time> the
    page's script (static/local_time.js) rewrites in the phone's own time zone."""
    if value is None:
        return Markup("")
    return Markup('<time datetime="{}" data-local>{}</time>').format(iso(value), when(value))


def iso(value: dt.datetime | None) -> str:
    """A stored time as ISO 8601 in UTC, for the page's script to show in local time."""
    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value.isoformat()


def rule_value(name: str, value: object) -> str:
    """A house rule's value as the new-match form says it, in the reader's language: a choice
    in players' words ("the loser sits out and deals"), on/off, or the number."""
    from enum import StrEnum

    from referee.games.words import option_words
    from referee.rules.ruleset import FIELD_TYPES

    if value is True or value is False:
        return gettext("on") if value else gettext("off")
    game_words = rule_words().get(name)
    if game_words is not None:  # a rule a game says in words of its own (its RULE_WORDS)
        return game_words(str(value))
    kind = FIELD_TYPES.get(name)
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        try:
            return i18n.translate(option_words(kind(str(value))))
        except ValueError:
            pass
    return i18n.translate(str(value).replace("_", " "))


def preset_name(code: str | None) -> str:
    """A format's short name in the reader's language, for a list ("American", "Basic
    Rummy"): its title up to the parenthesis; a code no preset has, as written."""
    from referee.games.presets import get_preset

    try:
        preset = get_preset(code or "")
    except (KeyError, ValueError):
        return (code or "").replace("_", " ")
    return i18n.translate(preset.title).split(" (")[0]


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def when(value: dt.datetime | None) -> str:
    """A stored time in UTC, as the reader's language writes a date and time."""
    if value is None:
        return ""
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return i18n.when_text(value)


def names_of(seats: Iterable[int], names: Sequence[str]) -> list[str]:
    """Seats → the players' names, in the order given."""
    return [names[s] for s in seats]


def table_label(match: Match) -> str:
    """Who plays a match, as its format names them ("Ann & Cat v Ben & Dan")."""
    return i18n.say(find_format(match.variant or "two_handed").table_said(match.names))
