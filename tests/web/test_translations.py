"""Every text the pages show has a German and a Russian translation.

The strings are extracted exactly as the commands of docs/i18n.md do (pybabel with
``babel.cfg``) into a temporary catalog template, and each language's ``messages.po`` must hold
every one of them with a translation that is not empty and not fuzzy, and that keeps the
original's placeholders (``%(name)s``) and markup. The engine's fixed texts shown as data
(preset titles and descriptions) must be listed in ``referee/i18n_terms.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "referee" / "translations"
LANGUAGES = ("de", "ru")

# Templates whose texts are not wrapped for translation yet: their strings are not checked
# (and they show English in every language). Empty this as they are done.
PENDING: frozenset[str] = frozenset()

# The options docs/i18n.md gives pybabel extract (the test adds locations, to name the files).
EXTRACT = ["-F", "babel.cfg", "-k", "lazy_gettext", "-k", "_l", "-k", "lazy_ngettext:1,2"]
EXTRACT += ["-k", "msg", "-k", "msg_n:1,2"]  # the engine's sentences (referee.rules.messages)

_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def _places(text: str) -> set[str]:
    """A text's placeholders: ``%(name)s`` (the pages) and ``{name}`` (the engine)."""
    return {a or b for a, b in _PLACEHOLDER.findall(text)}


_TAG = re.compile(r"</?([a-z]+)[\s>]")


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    pot = tmp_path_factory.mktemp("i18n") / "messages.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", *EXTRACT, "-o", str(pot), str(ROOT)])
    with pot.open("rb") as f:
        return read_po(f)


def _checked(message) -> bool:  # type: ignore[no-untyped-def]
    files = {path for path, _line in message.locations}
    return not files or not files <= PENDING


def _catalog(language: str):  # type: ignore[no-untyped-def]
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=language)


def test_extraction_finds_the_pages_texts(template) -> None:  # type: ignore[no-untyped-def]
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    assert "Check a hand" in ids  # templates
    assert "Stake per point" in ids  # form labels
    assert "Too late to undo: the match is deleted." in ids  # messages from views
    assert len(ids) > 400


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_text_is_translated(template, language: str) -> None:  # type: ignore[no-untyped-def]
    catalog = _catalog(language)
    missing, fuzzy, empty = [], [], []
    for message in template:
        if not message.id or not _checked(message):
            continue
        held = catalog.get(message.id, context=message.context)
        if held is None:
            missing.append(message.id)
        elif held.fuzzy:
            fuzzy.append(message.id)
        elif not all(held.string) if isinstance(held.string, tuple) else not held.string:
            empty.append(message.id)
    assert not missing, f"{language}: not in messages.po (see docs/i18n.md): {missing}"
    assert not fuzzy, f"{language}: fuzzy (check and clear the flag): {fuzzy}"
    assert not empty, f"{language}: no translation yet: {empty}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_placeholders_and_markup(language: str) -> None:
    catalog = _catalog(language)
    assert catalog.num_plurals == (2 if language == "de" else 3)
    for message in catalog:
        if not message.id or not message.string:
            continue
        source = message.id if isinstance(message.id, str) else message.id[1]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            assert _places(form) <= _places(source) | {"num", "count"}, (
                language,
                message.id,
                form,
            )
            assert sorted(_TAG.findall(form)) == sorted(_TAG.findall(source)), (
                language,
                message.id,
                form,
            )
        if isinstance(message.id, str):  # a plural may leave out its number ("ein Punkt")
            assert _places(forms[0]) == _places(source), (
                language,
                message.id,
            )


def test_every_preset_text_is_listed_for_the_catalogs() -> None:
    from referee.games.presets import PRESETS
    from referee.games.words import listed_terms

    listed = listed_terms()
    for preset in PRESETS.values():
        for text in (preset.title, preset.description):
            assert text in listed, (
                f"add N_({text!r}) to its game's words.py, then update and translate"
            )


def test_catalogs_compile_where_the_package_folder_is_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app compiles each .po when it starts; where the package folder cannot be written,
    it compiles them into a folder of its own."""
    import shutil

    from referee import i18n

    source = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, source, ignore=shutil.ignore_patterns("*.mo", "*.sha256"))
    real_compile = i18n._compile

    def read_only(po: Path, mo: Path) -> None:
        if source in mo.parents:
            raise PermissionError(13, "Read-only file system", str(mo))
        real_compile(po, mo)

    monkeypatch.setattr(i18n, "_compile", read_only)
    target = i18n.compile_catalogs(source)
    assert target != source
    for language in LANGUAGES:
        assert (target / language / "LC_MESSAGES" / "messages.mo").stat().st_size > 1000


def test_a_changed_catalog_is_compiled_again(tmp_path: Path) -> None:
    import shutil

    from referee import i18n

    source = tmp_path / "translations"
    shutil.copytree(TRANSLATIONS, source, ignore=shutil.ignore_patterns("*.mo", "*.sha256"))
    i18n.compile_catalogs(source)
    mo = source / "de" / "LC_MESSAGES" / "messages.mo"
    first = mo.read_bytes()
    po = source / "de" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text().replace('msgstr "Hand prüfen"', 'msgstr "Eine Hand prüfen"'))
    i18n._compiled.clear()
    i18n.compile_catalogs(source)
    assert mo.read_bytes() != first
    i18n._compiled.clear()


def test_every_house_rule_text_is_listed_for_the_catalogs() -> None:
    """Each knob of the new-match and check forms shows its rule's label, help and choices
    in the reader's language: a new rule fails here until its texts are listed."""
    import dataclasses
    from enum import StrEnum

    from referee.games.words import listed_terms, option_words, rule_help
    from referee.rules.ruleset import FIELD_TYPES, Ruleset

    listed = listed_terms()

    missing = []
    for field in dataclasses.fields(Ruleset):
        texts = [field.name.replace("_", " ").capitalize(), rule_help()[field.name]]
        kind = FIELD_TYPES[field.name]
        if isinstance(kind, type) and issubclass(kind, StrEnum):
            texts += [option_words(member) for member in kind]
        missing += [text for text in texts if text not in listed]
    assert not missing, f"add to RULE_TEXTS in referee/i18n_terms.py or its game's words: {missing}"


def test_a_german_new_match_form_shows_the_rules_in_german(client) -> None:  # type: ignore[no-untyped-def]
    html = client.get("/new?lang=de").get_data(as_text=True)
    assert "Klopfgrenze" in html  # a knob's label
    assert "größtes Totholz, mit dem geklopft werden darf (0 = nur Gin)" in html  # its help
    assert "höchstens die Grenze" in html  # a choice
    assert "Hausregeln" in html and "Einsatz pro Punkt" in html


def test_every_rules_page_heading_is_listed_for_the_catalogs() -> None:
    from referee.games.presets import get_preset
    from referee.games.words import listed_terms, plain_rules

    titles = {note.title for note in plain_rules(get_preset("american").rules)}
    assert titles <= listed_terms(), titles - listed_terms()


# -- the engine's sentences ------------------------------------------------------------------

_SENTENCE_CALLS = {"Step"}  # the said sentence is the first argument
# errors only a caller's mistake raises, never shown to a player (the fast solver's callers ask
# ``supports()`` first)
_FOR_PROGRAMMERS = {"UnsupportedRulesError"}


def _engine_errors() -> set[str]:
    """The exception classes referee/rules defines: what they carry reaches a reader."""
    import ast

    names = set()
    for path in (ROOT / "referee" / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and (
                node.name.endswith("Error") or node.name in {"IllegalKnock"}
            ):
                names.add(node.name)
    return names - _FOR_PROGRAMMERS


def _is_sentence(node) -> bool:  # type: ignore[no-untyped-def]
    """A literal text of words (a field name such as ``"knocker"`` is not one), or an
    f-string: a sentence that no catalog can hold."""
    import ast

    if isinstance(node, ast.JoinedStr):  # f"cards_{seat}" names a field
        return any(
            isinstance(part, ast.Constant) and " " in str(part.value) for part in node.values
        )
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value


def test_the_engine_says_every_step_and_refusal_as_a_keyed_message() -> None:
    """A ruling step or an engine refusal written as a plain (or f-) string would show English
    on a German page: each must be a ``msg(...)`` whose template the catalogs translate."""
    import ast

    errors = _engine_errors()
    plain = []
    for path in sorted((ROOT / "referee" / "rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in _SENTENCE_CALLS:
                args = node.args[:1]
            elif name in errors:
                args = node.args
            else:
                continue
            plain += [
                f"{path.relative_to(ROOT)}:{node.lineno} {name}"
                for arg in args
                if _is_sentence(arg)
            ]
    assert not plain, f"plain-text sentences (use msg(...)): {plain}"


def test_every_engine_template_keeps_its_places(template) -> None:  # type: ignore[no-untyped-def]
    """An engine template (``{name}`` places) is translated with exactly the same places."""
    from referee.rules.messages import places

    for language in LANGUAGES:
        catalog = _catalog(language)
        for message in template:
            source = message.id if isinstance(message.id, str) else message.id[0]
            if not source or "{" not in source:
                continue
            held = catalog.get(message.id, context=message.context)
            if held is None or not held.string:
                continue
            forms = held.string if isinstance(held.string, tuple) else (held.string,)
            for form in forms:
                assert places(form) <= places(source) | {"count"}, (language, source, form)
                if isinstance(message.id, str):
                    assert places(form) == places(source), (language, source, form)
