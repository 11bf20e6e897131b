"""The hand form of the rummy games (Basic Rummy, 500 Rum; a game built on them may extend it): how
the hand ended, who went out, and every player's points or cards, melds and layoffs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from flask_babel import gettext as _
from wtforms import Field, RadioField, StringField
from wtforms.validators import Length, Optional

from referee.forms import (
    CARD_INPUT,
    EntryForm,
    cards_field,
    choice,
    count_field,
    text_or_none,
)
from referee.games.rummy.format import stored_layoffs, typed_layoffs
from referee.games.three_handed.seated_entry import split_cards, split_deadwoods
from referee.i18n import lazy_gettext as _l

RUMMY_SEATS = 8
"""The most players a rummy game seats (500 Rum: 8)."""


def _melds_field(seat: int) -> StringField:
    return StringField(
        f"Seat {seat}'s melds",
        validators=[Optional(), Length(max=300)],
        render_kw={**CARD_INPUT, "placeholder": "e.g. 5S 6S 7S / KH KD KC"},
    )


def _layoffs_field(seat: int) -> StringField:
    return StringField(
        f"Seat {seat}'s layoffs",
        validators=[Optional(), Length(max=300)],
        render_kw={**CARD_INPUT, "placeholder": "e.g. 9H 10H > Ann 1"},
    )


class RummyEntry(TypedDict):
    """A rummy hand as entered: how it ended, who went out, and each player's part by seat."""

    entry: str | None
    kind: str | None
    knocker_seat: int | None
    dealer_seat: int | None
    seat_deadwoods: list[int | None]
    seat_melded: list[int | None]
    seat_cards: list[str]
    seat_melds: list[str]
    seat_layoffs: list[str]
    note: str | None


class RummyHandForm(EntryForm):
    """A Basic Rummy or 500 Rum hand: how it ended, who went out, and for each player the
    points (left in hand; 500 Rum also melded) or the cards (left in hand, and the melds
    laid down)."""

    entry = RadioField(
        _l("Entry"),
        choices=[choice("counts", _l("Quick: points")), choice("cards", _l("By cards"))],
        default="counts",
    )
    kind = RadioField(_l("How the hand ended"), choices=[], default="out")
    knocker_seat = RadioField(
        _l("Who went out"), coerce=int, validate_choice=False, validators=[Optional()]
    )
    players = 2
    names: tuple[str, ...] = ()

    def set_players(self, names: list[str]) -> None:
        super().set_players(names)
        self.players = len(names)
        self.names = tuple(names)
        for seat, name in enumerate(names[:RUMMY_SEATS]):
            self[f"count_{seat}"].label.text = name
            self[f"melded_{seat}"].label.text = name
            self[f"cards_{seat}"].label.text = _("%(name)s's cards left", name=name)
            self[f"melds_{seat}"].label.text = _("%(name)s's melds", name=name)
            self[f"layoffs_{seat}"].label.text = _(
                "%(name)s laid off onto other players' melds", name=name
            )

    def set_endings(self, endings: list[tuple[str, str]]) -> None:
        self.kind.choices = [choice(value, label) for value, label in endings]

    def counts(self) -> list[Field]:
        return [self[f"count_{s}"] for s in range(self.players)]

    def melded(self) -> list[Field]:
        return [self[f"melded_{s}"] for s in range(self.players)]

    def hands(self) -> list[Field]:
        return [self[f"cards_{s}"] for s in range(self.players)]

    def melds(self) -> list[Field]:
        return [self[f"melds_{s}"] for s in range(self.players)]

    def layoffs(self) -> list[Field]:
        return [self[f"layoffs_{s}"] for s in range(self.players)]

    def entry_fields(self) -> RummyEntry:
        return {
            "entry": self.entry.data,
            "kind": self.kind.data,
            "knocker_seat": self.knocker_seat.data,
            "dealer_seat": self.dealer_seat.data,
            "seat_deadwoods": [f.data for f in self.counts()],
            "seat_melded": [f.data for f in self.melded()],
            "seat_cards": [f.data or "" for f in self.hands()],
            "seat_melds": [f.data or "" for f in self.melds()],
            "seat_layoffs": [stored_layoffs(f.data, self.names) for f in self.layoffs()],
            "note": self.note.data,
        }

    def fill(self, values: Mapping[str, object]) -> None:
        """Fill the form from a stored hand's fields."""
        for name in ("entry", "kind", "knocker_seat", "dealer_seat", "note"):
            if values.get(name) is not None:
                self[name].data = values[name]
        seats = self.players
        for key, prefix in (("seat_deadwoods", "count"), ("seat_melded", "melded")):
            for seat, count in enumerate(split_deadwoods(text_or_none(values.get(key)), seats)):
                if isinstance(count, int):
                    self[f"{prefix}_{seat}"].data = count
        for key, prefix in (("seat_cards", "cards"), ("seat_melds", "melds")):
            for seat, cards in enumerate(split_cards(text_or_none(values.get(key)), seats)):
                if cards:
                    self[f"{prefix}_{seat}"].data = cards
        stored = split_cards(text_or_none(values.get("seat_layoffs")), seats)
        for seat, text in enumerate(stored):
            if text:
                self[f"layoffs_{seat}"].data = typed_layoffs(text, self.names)


for _seat in range(RUMMY_SEATS):  # each seat's five fields, added as the form's own
    setattr(RummyHandForm, f"count_{_seat}", count_field(_seat))
    setattr(RummyHandForm, f"melded_{_seat}", count_field(_seat))
    setattr(RummyHandForm, f"cards_{_seat}", cards_field(_seat))
    setattr(RummyHandForm, f"melds_{_seat}", _melds_field(_seat))
    setattr(RummyHandForm, f"layoffs_{_seat}", _layoffs_field(_seat))
