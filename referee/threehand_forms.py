"""WTForms for three or more players: the new-match form (players, the cut, the format's
options and every house rule) and the hand forms — a seated two-player hand (Cutthroat,
dealer-sits-out, Chouette: the two-handed hand form plus who sat out or captained) and a
Battle Royal hand (three counts or three hands)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TypedDict

from flask_babel import gettext as _
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
)
from wtforms.validators import Length, NumberRange, Optional

from referee.forms import (
    CARD_INPUT,
    RULE_PREFIX,
    EntryForm,
    HandEntry,
    HandForm,
    MatchFormBase,
    choice,
    match_form,
)
from referee.games import format_for
from referee.games.presets import Preset, list_presets
from referee.games.rummy.format import stored_layoffs, typed_layoffs
from referee.games.three_handed.seated_entry import BR_SEATS, split_cards, split_deadwoods
from referee.i18n import lazy_gettext as _l

MAX_PLAYERS = 8
"""Chouette seats up to eight; the other formats exactly three."""


def three_handed_presets() -> list[Preset]:
    return [p for p in list_presets() if format_for(p, p.rules).seated]


def option_names() -> dict[str, list[str]]:
    """Each format option (a Ruleset field) and the presets that offer it."""
    out: dict[str, list[str]] = {}
    for preset in three_handed_presets():
        for name in preset.options:
            out.setdefault(name, []).append(preset.name)
    return out


def _name_field(seat: int) -> StringField:
    return StringField(
        _l("Player %(number)s", number=seat + 1),
        validators=[Optional(), Length(max=40)],
        render_kw={"autocomplete": "off", "maxlength": 40},
    )


def _cut_field(seat: int) -> StringField:
    return StringField(
        _l("Player %(number)s's cut", number=seat + 1),
        validators=[Optional(), Length(max=8)],
        render_kw={**CARD_INPUT, "placeholder": "e.g. 9H"},
    )


class ThreeHandMatchBase(MatchFormBase):
    """Players (up to :data:`MAX_PLAYERS`), each one's cut card, the format and its options."""

    player_0 = _name_field(0)
    player_1 = _name_field(1)
    cut = HiddenField()  # the API's name for the whole cut; errors about it land here

    def names(self) -> list[str]:
        """The names typed, up to the last field filled in (an empty field before it stays)."""
        texts = [(self[f"player_{s}"].data or "").strip() for s in range(MAX_PLAYERS)]
        while texts and not texts[-1]:
            texts.pop()
        return texts

    def cut_cards(self, players: int) -> list[str] | None:
        texts = [(self[f"cut_{s}"].data or "").strip() for s in range(MAX_PLAYERS)]
        if not any(texts):
            return None
        return texts[: max(players, max(i + 1 for i, t in enumerate(texts) if t))]

    def player_fields(self) -> list[tuple[Field, Field]]:
        return [(self[f"player_{s}"], self[f"cut_{s}"]) for s in range(MAX_PLAYERS)]

    def option_fields(self) -> list[tuple[Field, list[str]]]:
        """The format options, each with the presets that offer it."""
        return [(self[RULE_PREFIX + name], presets) for name, presets in option_names().items()]

    def shown_apart(self) -> Collection[str]:
        """The format options: every other house rule is grouped under its heading."""
        return set(option_names())


def new_match_form() -> ThreeHandMatchBase:
    fields: dict[str, Field] = {f"player_{s}": _name_field(s) for s in range(2, MAX_PLAYERS)}
    fields.update({f"cut_{s}": _cut_field(s) for s in range(MAX_PLAYERS)})
    return match_form(ThreeHandMatchBase, three_handed_presets(), fields)


# -- hands -----------------------------------------------------------------------------------


class SeatedHandEntry(HandEntry):
    """A seated two-player hand as entered: the two-handed hand, plus who sat out or
    captained (seats by number)."""

    sitting_out_seat: int | None
    captain_seat: int | None


class SeatedHandForm(HandForm):
    """A two-player hand of a three-or-more-player table: the two-handed hand form, plus who
    sat out (Cutthroat, dealer-sits-out) or who captained the partnership (Chouette)."""

    sitting_out_seat = RadioField(
        _l("Sat out"), coerce=int, validate_choice=False, validators=[Optional()]
    )
    captain_seat = RadioField(
        _l("Captain"), coerce=int, validate_choice=False, validators=[Optional()]
    )

    def set_players(self, names: list[str]) -> None:
        super().set_players(names)
        self.sitting_out_seat.choices = [choice(i, n) for i, n in enumerate(names)]
        self.captain_seat.choices = [choice(i, n) for i, n in enumerate(names)]

    def entry_fields(self) -> SeatedHandEntry:
        return {
            **super().entry_fields(),
            "sitting_out_seat": self.sitting_out_seat.data,
            "captain_seat": self.captain_seat.data,
        }


def _count_field(seat: int) -> IntegerField:
    return IntegerField(
        f"Seat {seat}",
        validators=[Optional(), NumberRange(min=0, message=_l("cannot be negative"))],
        render_kw={"inputmode": "numeric", "min": 0},
    )


def _cards_field(seat: int) -> StringField:
    return StringField(
        f"Seat {seat}'s cards",
        validators=[Optional(), Length(max=200)],
        render_kw=CARD_INPUT,
    )


class BattleRoyalEntry(TypedDict):
    """A Battle Royal hand as entered: each seat's count and cards, in seat order."""

    entry: str | None
    kind: str | None
    knocker_seat: int | None
    dealer_seat: int | None
    seat_deadwoods: list[int | None]
    seat_cards: list[str]
    upcard: str | None
    note: str | None


class BattleRoyalHandForm(EntryForm):
    """A Battle Royal hand: who knocked, how it ended, and each player's count or cards."""

    deadwood_0 = _count_field(0)
    deadwood_1 = _count_field(1)
    deadwood_2 = _count_field(2)
    cards_0 = _cards_field(0)
    cards_1 = _cards_field(1)
    cards_2 = _cards_field(2)

    def set_players(self, names: list[str]) -> None:
        super().set_players(names)
        for seat, name in enumerate(names[:BR_SEATS]):
            self[f"deadwood_{seat}"].label.text = name
            self[f"cards_{seat}"].label.text = _("%(name)s's cards", name=name)

    def counts(self) -> list[Field]:
        return [self[f"deadwood_{s}"] for s in range(BR_SEATS)]

    def hands(self) -> list[Field]:
        return [self[f"cards_{s}"] for s in range(BR_SEATS)]

    def entry_fields(self) -> BattleRoyalEntry:
        return {
            "entry": self.entry.data,
            "kind": self.kind.data,
            "knocker_seat": self.knocker_seat.data,
            "dealer_seat": self.dealer_seat.data,
            "seat_deadwoods": [f.data for f in self.counts()],
            "seat_cards": [f.data or "" for f in self.hands()],
            "upcard": self.upcard.data,
            "note": self.note.data,
        }

    def fill(self, values: Mapping[str, object]) -> None:
        """Fill the form from a stored hand's fields (counts and cards kept as text)."""
        for name, value in values.items():
            if name in self and value is not None:
                self[name].data = value
        deadwoods = split_deadwoods(_text_or_none(values.get("seat_deadwoods")))
        for seat, count in enumerate(deadwoods):
            if isinstance(count, int):
                self[f"deadwood_{seat}"].data = count
        for seat, cards in enumerate(split_cards(_text_or_none(values.get("seat_cards")))):
            if cards:
                self[f"cards_{seat}"].data = cards


def _text_or_none(value: object) -> str | None:
    """A stored text field (anything else counts as missing)."""
    return value if isinstance(value, str) else None


# -- rummy games (Basic Rummy, 500 Rum) ------------------------------------------------------

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
            for seat, count in enumerate(split_deadwoods(_text_or_none(values.get(key)), seats)):
                if isinstance(count, int):
                    self[f"{prefix}_{seat}"].data = count
        for key, prefix in (("seat_cards", "cards"), ("seat_melds", "melds")):
            for seat, cards in enumerate(split_cards(_text_or_none(values.get(key)), seats)):
                if cards:
                    self[f"{prefix}_{seat}"].data = cards
        stored = split_cards(_text_or_none(values.get("seat_layoffs")), seats)
        for seat, text in enumerate(stored):
            if text:
                self[f"layoffs_{seat}"].data = typed_layoffs(text, self.names)


for _seat in range(RUMMY_SEATS):  # each seat's five fields, added as the form's own
    setattr(RummyHandForm, f"count_{_seat}", _count_field(_seat))
    setattr(RummyHandForm, f"melded_{_seat}", _count_field(_seat))
    setattr(RummyHandForm, f"cards_{_seat}", _cards_field(_seat))
    setattr(RummyHandForm, f"melds_{_seat}", _melds_field(_seat))
    setattr(RummyHandForm, f"layoffs_{_seat}", _layoffs_field(_seat))


# -- Gem Rummy (two or three players) ------------------------------------------------------

GEM_SEATS = 3


class GemHandForm(EntryForm):
    """A Gem Rummy hand: the dice, how it ended, who knocked, and for each player the
    deadwood (after layoffs) and a Gem Parts claim, or the cards."""

    entry = RadioField(
        _l("Entry"),
        choices=[choice("counts", _l("Quick: counts")), choice("cards", _l("Full cards"))],
        default="counts",
    )
    kind = RadioField(
        _l("How the hand ended"),
        choices=[
            choice("knock", _l("Knock")),
            choice("gin", _l("Gin")),
            choice("big_gin", _l("Big gin (12)")),
            choice("dead", _l("Dead hand")),
            choice("auto", _l("Let the cards say")),
        ],
        default="knock",
    )
    dice = StringField(
        _l("Dice"),
        description=_l("the two dice (3+4) or their sum (2–12)"),
        validators=[Optional(), Length(max=8)],
        render_kw={"inputmode": "text", "autocomplete": "off", "placeholder": "3+4"},
    )
    spread = StringField(
        _l("Knocker's melds as declared"),
        description=_l("optional: | between melds"),
        validators=[Optional(), Length(max=200)],
        render_kw=CARD_INPUT,
    )
    players = 2

    def set_players(self, names: list[str]) -> None:
        super().set_players(names)
        self.players = len(names)
        for seat, name in enumerate(names[:GEM_SEATS]):
            self[f"count_{seat}"].label.text = name
            self[f"gem_parts_{seat}"].label.text = _("%(name)s: Gem Parts", name=name)
            self[f"cards_{seat}"].label.text = _("%(name)s's cards", name=name)

    def counts(self) -> list[Field]:
        return [self[f"count_{s}"] for s in range(self.players)]

    def claims(self) -> list[Field]:
        return [self[f"gem_parts_{s}"] for s in range(self.players)]

    def hands(self) -> list[Field]:
        return [self[f"cards_{s}"] for s in range(self.players)]

    def entry_fields(self) -> dict[str, object]:
        return {
            "entry": self.entry.data,
            "kind": self.kind.data,
            "dice": self.dice.data,
            "knocker_seat": self.knocker_seat.data,
            "dealer_seat": self.dealer_seat.data,
            "seat_deadwoods": [f.data for f in self.counts()],
            "gem_parts": [1 if f.data else 0 for f in self.claims()],
            "seat_cards": [f.data or "" for f in self.hands()],
            "spread": self.spread.data,
            "note": self.note.data,
        }

    def fill(self, values: Mapping[str, object]) -> None:
        """Fill the form from a stored hand's fields."""
        for name in ("entry", "kind", "knocker_seat", "dealer_seat", "note", "dice", "spread"):
            if values.get(name) is not None:
                self[name].data = values[name]
        seats = self.players
        for seat, count in enumerate(
            split_deadwoods(_text_or_none(values.get("seat_deadwoods")), seats)
        ):
            if isinstance(count, int):
                self[f"count_{seat}"].data = count
        for seat, claim in enumerate(
            split_deadwoods(_text_or_none(values.get("gem_parts")), seats)
        ):
            self[f"gem_parts_{seat}"].data = bool(claim)
        for seat, cards in enumerate(split_cards(_text_or_none(values.get("seat_cards")), seats)):
            if cards:
                self[f"cards_{seat}"].data = cards


for _seat in range(GEM_SEATS):
    setattr(GemHandForm, f"count_{_seat}", _count_field(_seat))
    setattr(GemHandForm, f"gem_parts_{_seat}", BooleanField(f"Seat {_seat}: Gem Parts"))
    setattr(GemHandForm, f"cards_{_seat}", _cards_field(_seat))
