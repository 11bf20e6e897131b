"""Sentences the engine writes, kept as a key and its values so any reader's language can say
them.

The engine stays English and pure: a ruling step, a refusal or a summary is a :class:`Message`
whose ``template`` is the English sentence with named places (``"The knocker's deadwood
{deadwood} is within the knock limit ({limit})."``) and whose values fill them. ``str()`` of
a message is the English text, as the shell and the JSON API show it (the API adds the key
and the values). The web layer renders the same message through the reader's catalog with
:func:`render`, translating the template and every value that is itself a message, and
formatting numbers for the reader's locale. The template is the catalog key (pybabel finds
it as the first argument of :func:`msg`, and of :func:`msg_n` with its plural).

A value is a number (formatted for the reader), a text left as it is (cards, a player's
name: the same in every language), or a message (translated in its turn, as "the knocker"
inside a sentence about either player). Sentences are never glued together from words; two
whole sentences may follow each other (:func:`joined`), each translated on its own.

>>> step = msg("{who} lays off {cards} ({points} points).", who=msg("Defender"),
...            cards="5♦", points=5)
>>> str(step)
'Defender lays off 5♦ (5 points).'
>>> render(step, Reader(gettext=lambda s: s.replace("Defender", "Verteidiger").replace(
...     "{who} lays off {cards} ({points} points).", "{who} legt {cards} an ({points} Punkte)."),
...     ngettext=lambda s, p, n: s if n == 1 else p, number=str))
'Verteidiger legt 5♦ an (5 Punkte).'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Union

Value = Union[int, Decimal, str, "Message"]
JsonValue = int | str | dict[str, object]


def N_(text: str) -> str:
    """Marks a fixed English text for the catalogs where it is written (pybabel finds
    ``N_()``); a page translates it when it shows it (the ``tr`` filter)."""
    return text


@dataclass(frozen=True)
class Message:
    """One sentence: the English ``template`` with ``{name}`` places, and their values.

    ``plural`` is the English plural template when the sentence depends on a count (the
    value named ``count``); ``parts`` holds whole messages said one after another (then
    ``template`` is empty).
    """

    template: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str | None = None
    parts: tuple[Message, ...] = ()
    capital: bool = False  # said with its first letter capitalised (it opens a line)

    def __str__(self) -> str:
        return render(self, ENGLISH)

    def __bool__(self) -> bool:
        return bool(self.template or self.parts)

    @property
    def value_map(self) -> dict[str, Value]:
        return dict(self.values)

    def templates(self) -> list[Message]:
        """This message and every message inside it, for a catalog check."""
        found = [self] if self.template else []
        for part in self.parts:
            found.extend(part.templates())
        for _name, value in self.values:
            if isinstance(value, Message):
                found.extend(value.templates())
        return found


def msg(template: str, /, **values: Value) -> Message:
    """A sentence (its English template is the catalog key) with its values."""
    return Message(template, tuple(values.items()))


def msg_n(singular: str, plural: str, count: int, /, **values: Value) -> Message:
    """A sentence whose words follow ``count`` (available in the templates as ``{count}``)."""
    return Message(singular, (("count", count), *values.items()), plural=plural)


def verbatim(text: str) -> Message:
    """A text said as it is in every language (already a reader's words, or a name)."""
    return Message("{text}", (("text", text),))


def joined(*parts: Message | str | None) -> Message:
    """Whole sentences said one after another (each translated on its own); empty ones left out."""
    kept = tuple(as_message(p) for p in parts if p)
    if len(kept) == 1:
        return kept[0]
    return Message("", parts=kept)


def capitalised(said: Message | str) -> Message:
    """``said`` with its first letter capitalised, as at the start of a line, in any language."""
    return replace(as_message(said), capital=True)


def chained(items: Sequence[Value], pair: Callable[[Value, Value], Message]) -> Value:
    """``items`` said as one list, each pair joined by ``pair`` (a message of its own, so each
    language says its own comma or "or"): ``pair(a, pair(b, c))``. One item is said as it
    is; none is ``""``."""
    if not items:
        return ""
    said = items[-1]
    for item in reversed(items[:-1]):
        said = pair(item, said)
    return said


def listed(items: Sequence[Value]) -> Value:
    """ "Ann, Ben, Cat": things said one after another with commas."""
    return chained(items, lambda first, rest: msg("{first}, {rest}", first=first, rest=rest))


def either(items: Sequence[Value]) -> Value:
    """ "5♦ or 7♣ or 9♠": any one of them."""
    return chained(items, lambda first, rest: msg("{first} or {rest}", first=first, rest=rest))


def all_of(items: Sequence[Value]) -> Value:
    """ "5s and 7s and 9s": every one of them."""
    return chained(
        items, lambda first, second: msg("{first} and {second}", first=first, second=second)
    )


def as_message(text: Value) -> Message:
    """A message as it is; a plain text (from code that has no key for it) said verbatim."""
    return text if isinstance(text, Message) else verbatim(str(text))


@dataclass(frozen=True)
class Reader:
    """How one reader's language says a message: its catalog and its numbers."""

    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]
    number: Callable[[int | Decimal], str]


ENGLISH = Reader(
    gettext=lambda s: s,
    ngettext=lambda s, p, n: s if n == 1 else p,
    number=str,
)


def render(message: Message | str, reader: Reader) -> str:
    """``message`` in ``reader``'s language: the template translated, its values filled in.

    A translation that names a place the English does not have (a broken catalog entry) falls
    back to the English template rather than failing the page.
    """
    if isinstance(message, str):
        return message
    if message.capital:
        said = render(replace(message, capital=False), reader)
        return said[:1].upper() + said[1:]
    if message.parts:
        return " ".join(render(p, reader) for p in message.parts)
    values = {name: _value(v, reader) for name, v in message.values}
    if message.plural is not None:
        count = message.value_map.get("count", 0)
        n = int(count) if isinstance(count, (int, Decimal)) else 0
        english = message.template if n == 1 else message.plural
        said = reader.ngettext(message.template, message.plural, n)
    else:
        english = message.template
        said = reader.gettext(message.template)
    try:
        return _fill(said, values)
    except (KeyError, IndexError, ValueError):
        return _fill(english, values)


def _value(value: Value, reader: Reader) -> str:
    if isinstance(value, Message):
        return render(value, reader)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, Decimal)):
        return reader.number(value)
    return value


_FORMATTER = string.Formatter()


def _fill(template: str, values: Mapping[str, str]) -> str:
    """Fill ``{name}`` places; a place whose value is missing stays as written."""
    out = []
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        out.append(literal)
        if name is None:
            continue
        if name not in values:
            raise KeyError(name)
        if spec or conversion:
            raise ValueError(f"place {name!r} carries a format")
        out.append(values[name])
    return "".join(out)


def places(template: str) -> set[str]:
    """The names of a template's places (a translation must keep the same set)."""
    return {name for _lit, name, _spec, _conv in _FORMATTER.parse(template) if name}


def to_json(message: Message) -> dict[str, object]:
    """The key and values of a message for API clients that say it in their own language."""
    if message.parts:
        return {"parts": [to_json(p) for p in message.parts]}
    out: dict[str, object] = {"key": message.template}
    if message.plural is not None:
        out["plural"] = message.plural
    if message.values:
        out["values"] = {name: _json_value(v) for name, v in message.values}
    return out


def _json_value(value: Value) -> JsonValue:
    if isinstance(value, Message):
        return to_json(value)
    if isinstance(value, Decimal):
        return str(value)
    return value
