"""What a page in a language must not show: a placeholder left unfilled, template syntax, or an
engine sentence the language's catalog does not translate."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from referee import i18n

_LANG = re.compile(r'<html[^>]*\blang="([a-z]+)"')
_HIDDEN = re.compile(r"<(script|style|template)\b.*?</\1>", re.S)
_UNFILLED = re.compile(r"%\(\w+\)[sd]|\{\w+\}|\{\{|\}\}|\{%|%\}")


def language_of(page: str) -> str:
    found = _LANG.search(page)
    assert found, "the page does not say its language"
    return found.group(1)


def unfilled(page: str) -> list[str]:
    """Placeholders and template syntax left in what the page shows (its text and the values
    of its attributes; scripts and styles aside)."""
    shown = _HIDDEN.sub(" ", page)
    return sorted(set(_UNFILLED.findall(shown)))


@cache
def _catalog(language: str) -> Any:
    from babel.messages.pofile import read_po

    po = Path(i18n.TRANSLATIONS) / language / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as f:
        return read_po(f, locale=language)


def untranslated(heard: list[object], language: str) -> list[str]:
    """The engine sentences a page said (rulings' steps, summaries, seating reasons) that are
    plain text rather than a keyed message, or whose template the catalog leaves untranslated."""
    from referee.rules.messages import Message
    from referee.rules.results import Step

    problems = set()
    for said in heard:
        if isinstance(said, Step):
            said = said.said
        if said is None or said == "":
            continue
        if not isinstance(said, Message):
            problems.add(f"plain text: {said}")
            continue
        for message in said.templates():
            if message.template == "{text}" or language == "en":
                continue
            held = _catalog(language).get(message.template)
            strings = () if held is None else held.string
            strings = strings if isinstance(strings, tuple) else (strings,)
            if held is None or held.fuzzy or not all(strings):
                problems.add(f"no translation: {message.template}")
    return sorted(problems)
