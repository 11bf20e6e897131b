"""Saved Gem Rummy decks: entered once by a table, checked against the published structure,
reused by name; a match copies the deck it starts with (``Match.setup``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import select

from referee.games.gem.deck import GemDeck, GemDeckError, parse_deck
from referee.games.gem.saved_decks import SavedDeck
from referee.models import db
from referee.rules.errors import InputError
from referee.rules.messages import msg, msg_n

MAX_NAME = 60


def check_deck(entries: Any) -> GemDeck:
    """The checked deck of ``entries`` (its text, or a mapping card → gems); raises
    :class:`InputError` naming the card (or block, ``kings``, gem) and the rule it breaks."""
    if not isinstance(entries, str | Mapping):
        raise InputError(
            "deck",
            msg(
                "the deck as {text} or an object {example}",
                text='"AS=G 2S=A ..."',
                example='{"AS": "G", ...}',
            ),
        )
    try:
        return parse_deck(entries)
    except GemDeckError as e:
        raise InputError(e.field, e.message, api_field=e.field) from None


def _clean_name(name: Any) -> str:
    text = " ".join(str(name or "").split())
    if not text:
        raise InputError("name", msg("give the deck a name"))
    if len(text) > MAX_NAME:
        raise InputError(
            "name", msg_n("at most {count} character", "at most {count} characters", MAX_NAME)
        )
    return text


def find(name: str) -> SavedDeck | None:
    return db.session.scalars(select(SavedDeck).where(SavedDeck.name == name)).first()


def save_deck(name: Any, entries: Any) -> SavedDeck:
    """Save the deck called ``name``, once: a saved deck is never changed, since a table that
    names it to start a match must get the deck it agreed to (anyone may save a deck, so
    anyone could otherwise change another table's). The same deck under its name again is
    that deck; a different one is refused on ``name``. Nothing is stored when the deck
    breaks the structure."""
    clean = _clean_name(name)
    deck = check_deck(entries)
    saved = find(clean)
    if saved is not None:
        if saved.entries == deck.to_text():
            return saved
        raise InputError(
            "name",
            msg(
                "a different deck is already saved as {name}: choose another name, or use "
                "that deck by its name",
                name=repr(clean),
            ),
        )
    saved = SavedDeck(name=clean, entries=deck.to_text())
    db.session.add(saved)
    db.session.commit()
    return saved


def all_decks() -> list[SavedDeck]:
    return list(db.session.scalars(select(SavedDeck).order_by(SavedDeck.name)))


def resolve(value: Any) -> str | None:
    """A new match's deck: a saved deck's name, or a whole deck (text or mapping); its
    checked text, or None when none is given."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and len(value) <= MAX_NAME:
        saved = find(" ".join(value.split()))  # a saved name first, "=" in it or not
        if saved is not None:
            return saved.entries
        if "=" not in value:
            raise InputError("deck", msg("no saved deck is called {name}", name=repr(value)))
    return check_deck(value).to_text()
