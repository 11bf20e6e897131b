"""The pages' language: English (the source), German and Russian, through Flask-Babel.

The reader's language is, in order: ``?lang=`` on any page (remembered in a cookie of its own,
``lang``), the language remembered before, the browser's ``Accept-Language`` (best match), else
English. An unknown ``?lang=`` is ignored. The JSON API and the shell stay English; the rules
engine's sentences (ruling steps, refusals, summaries) are keyed messages that :func:`say`
renders in the reader's language.

The catalogs are ``referee/translations/<lang>/LC_MESSAGES/messages.po``. Only the ``.po``
files are kept in git: each ``.po`` is compiled to its ``.mo`` when the app starts and the
``.mo`` is missing or was compiled from another version of the ``.po`` (a fingerprint of the
``.po`` is kept beside it), so a fresh clone, a pull with new translations and CI need no
extra step. Where the package folder cannot be written, the catalogs are compiled into a
temporary folder instead.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import os
import re
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Final, cast
from urllib.parse import urlencode

from flask import Flask, g, request

if TYPE_CHECKING:
    from referee.rules.messages import Reader

TRANSLATIONS: Final = Path(__file__).resolve().parent / "translations"
LANGUAGES: Final = ("en", "de", "ru")
LANGUAGE_NAMES: Final = {"en": "English", "de": "Deutsch", "ru": "Русский"}
COOKIE: Final = "lang"  # the choice has a cookie of its own: a page's other requests
# (the phone's background fetches) write the session cookie as they read it, and would undo it
COOKIE_AGE: Final = 60 * 60 * 24 * 365

_compiled: dict[Path, Path] = {}


def init_app(app: Flask) -> None:
    from flask_babel import Babel

    from referee.assets import is_file_request
    from referee.card_names import card_name, jokers

    directory = compile_catalogs(TRANSLATIONS)
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(directory)
    Babel(app, locale_selector=select_locale)
    app.jinja_env.globals["language_links"] = language_links
    app.jinja_env.globals["page_language"] = page_language
    app.jinja_env.globals["card_name"] = card_name
    app.jinja_env.globals["jokers"] = jokers
    app.jinja_env.filters["tr"] = translate
    app.jinja_env.filters["said"] = lambda said: readable(say(said))  # looked up when called
    app.jinja_env.filters["number"] = number_text
    app.jinja_env.filters["decimal1"] = decimal1_text
    app.jinja_env.filters["percent"] = percent_text

    @app.after_request
    def _content_language(response):  # type: ignore[no-untyped-def]
        remember = g.get("_remember_lang")
        if remember:
            response.set_cookie(
                COOKIE,
                remember,
                max_age=COOKIE_AGE,
                samesite="Lax",
                httponly=True,
                secure=bool(app.config.get("HTTPS")),
            )
        if is_file_request():  # the same file for every reader: no language, no Vary
            return response
        response.headers.setdefault("Content-Language", page_language())
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
        return response


def select_locale() -> str:
    """``?lang=`` (remembered), else the remembered choice, else Accept-Language, else en."""
    cached: str | None = g.get("_lang")
    if cached:
        return cached
    chosen = request.args.get("lang", "").strip().lower()
    if chosen in LANGUAGES:
        if request.cookies.get(COOKIE) != chosen:
            g._remember_lang = chosen
    else:
        remembered = request.cookies.get(COOKIE, "")
        if remembered in LANGUAGES:
            chosen = remembered
        else:
            chosen = request.accept_languages.best_match(LANGUAGES) or "en"
    g._lang = chosen
    return chosen


def page_language() -> str:
    """The language this page is in (for ``<html lang>``); English outside a request."""
    try:
        return select_locale()
    except RuntimeError:
        return "en"


def language_links() -> list[tuple[str, str, str, bool]]:
    """The switcher: (code, native name, link to this page in it, is it this page's)."""
    current = page_language()
    # a read that declared what it depends on (a page kept for every viewer) links only those
    kept: set[str] | None = g.get("read_params")
    args = {
        k: v
        for k, v in request.args.items(multi=True)
        if k != "lang" and (kept is None or k in kept)
    }
    links = []
    for code in LANGUAGES:
        query = urlencode([*args.items(), ("lang", code)])
        links.append((code, LANGUAGE_NAMES[code], f"{request.path}?{query}", code == current))
    return links


def _fingerprint(po: Path) -> str:
    return hashlib.sha256(po.read_bytes()).hexdigest()


def _compile(po: Path, mo: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    # the language comes from the folder's name, so the plural rule is Babel's for it even in
    # a catalog kept without a header
    with po.open("rb") as source:
        catalog = read_po(source, locale=po.parent.parent.name)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)  # fuzzy entries are left out, as pybabel compile does
    mo.parent.mkdir(parents=True, exist_ok=True)
    # Several workers may start at once: each writes its own file and renames it into place.
    fd, tmp = tempfile.mkstemp(dir=mo.parent, suffix=".mo.tmp")
    with os.fdopen(fd, "wb") as out:
        out.write(buffer.getvalue())
    os.replace(tmp, mo)


def compile_catalogs(source: Path) -> Path:
    """Compile every stale ``.po`` under ``source``; returns the folder holding the ``.mo``
    files (``source`` itself, or a temporary copy when ``source`` is read-only)."""
    if source in _compiled:
        return _compiled[source]
    target = source
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        stamp_text = _fingerprint(po)
        relative = po.relative_to(source).with_suffix(".mo")
        mo = target / relative
        stamp = mo.with_suffix(".mo.sha256")
        if mo.exists() and stamp.exists() and stamp.read_text().strip() == stamp_text:
            continue
        try:
            _compile(po, mo)
            stamp.write_text(stamp_text + "\n")
        except OSError:
            if target is source:
                target = Path(tempfile.mkdtemp(prefix="referee-translations-"))
            mo = target / relative
            _compile(po, mo)
    if target is not source:  # every catalog in the one folder Flask-Babel reads
        for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
            mo = target / po.relative_to(source).with_suffix(".mo")
            if not mo.exists():
                _compile(po, mo)
    _compiled[source] = target
    return target


def current_locale() -> str:
    """The reader's language in a request, English outside one (the shell, the API's text)."""
    from flask import has_request_context
    from flask_babel import get_locale

    if not has_request_context():
        return "en"
    locale = get_locale()
    return str(locale) if locale else "en"


def money_text(amount: Decimal, symbol: str) -> str:
    """``amount`` with two to four decimals and ``symbol`` where the language puts it:
    ``-€1,234.50`` in English, ``-1.234,50 €`` in German, ``-1 234,50 €`` in Russian."""
    from babel import Locale
    from babel.numbers import format_decimal

    language = current_locale()
    digits = format_decimal(abs(amount), format="#,##0.00##", locale=language)
    sign = "-" if amount < 0 else ""
    if not symbol:
        return sign + digits
    pattern = Locale.parse(language).currency_formats["standard"].pattern
    if pattern.lstrip().startswith("¤"):
        return f"{sign}{symbol}{digits}"
    return f"{sign}{digits}\u00a0{symbol}"


def number_text(value: object) -> str:
    """A whole or decimal number with the language's digit grouping (1,234 / 1.234 / 1 234);
    anything else as it is."""
    from babel.numbers import format_decimal

    if isinstance(value, bool) or not isinstance(value, int | Decimal | float):
        return "" if value is None else str(value)
    return format_decimal(value, locale=current_locale())


def when_text(value: dt.datetime) -> str:
    """A UTC time as the language writes it: ``2026-12-01 08:05 UTC`` in English (as before),
    ``01.12.2026, 08:05 UTC`` in German."""
    from babel.dates import format_datetime

    language = current_locale()
    if language == "en":
        return value.strftime("%Y-%m-%d %H:%M UTC")
    return format_datetime(value, "short", tzinfo=dt.UTC, locale=language) + " UTC"


def translate(text: object) -> str:
    """A fixed English text that reached the page as data (a tally line's label, a preset's
    title) in the reader's language, when the catalog has it (see ``referee/i18n_terms.py``);
    as it is otherwise. No ``%`` formatting, so any text is safe."""
    from flask_babel import gettext

    if text is None:
        return ""
    value = str(text)
    return gettext(value) if value else value


def say(said: object) -> str:
    """An engine sentence (a :class:`~referee.rules.messages.Message`, a ruling step or a
    refusal) in the reader's language: its template from the catalog, its values filled in
    (numbers as the language writes them). A plain text is shown as it is. English readers
    see exactly the engine's own English."""
    from referee.rules.messages import Message, render
    from referee.rules.results import Step

    if said is None:
        return ""
    if isinstance(said, Step):
        said = said.said
    elif not isinstance(said, Message | str):
        carried = getattr(said, "message", None)  # an engine error's sentence
        if isinstance(carried, Message):
            said = carried
    if not isinstance(said, Message):
        return str(said)
    return render(said, reader())


_OPTION_NOTE = re.compile(r"\s*\((?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?:=[\w.+-]+)?(?:[,;]\s*)?)+\)")


def readable(text: str) -> str:
    """An engine sentence for a page: without the notes that name the house rule applied by
    its setting's key ("(next_dealer=winner)", "(layoff_chain)"), which the API's
    steps keep for programs; the step's rule tag links to the rule in plain words."""
    return _OPTION_NOTE.sub("", text)


def versus_text(names: object) -> str:
    """ "Ann v Ben" in the reader's language ("Ann gegen Ben")."""
    from referee.games.base import versus

    return say(versus([str(n) for n in names] if isinstance(names, list | tuple) else [str(names)]))


def reader() -> Reader:
    """How the reader's language says an engine message (English outside a request)."""
    from referee.rules.messages import ENGLISH, Reader

    if current_locale() == "en":
        return ENGLISH
    from flask_babel import get_domain

    catalog = get_domain().get_translations()
    return Reader(gettext=catalog.ugettext, ngettext=catalog.ungettext, number=number_text)


def lazy_gettext(text: str, **values: object) -> str:
    """``text`` translated when it is shown (a form's label, choice or message is made once,
    at import, and shown in each reader's language), its ``%(name)s`` places filled from
    ``values``. Typed as ``str``, which WTForms takes."""
    from flask_babel import lazy_gettext as lazy

    return cast(str, lazy(text, **values))


def N_(text: str) -> str:
    """Marks a fixed text for the catalogs without translating it here (the page translates
    it with the ``tr`` filter when it shows it)."""
    return text


def decimal1_text(value: float) -> str:
    """A rating or an average with one decimal, as the language writes it (25.3 / 25,3)."""
    from babel.numbers import format_decimal

    return format_decimal(value, format="0.0", locale=current_locale())


def percent_text(value: float) -> str:
    """A share as a whole percentage (0.25 → 25%, 25 %, 25 %)."""
    from babel.numbers import format_percent

    return format_percent(value, format="#,##0%", locale=current_locale())
