"""The forms of a table seated by a rotation or the cut: the new-match form (players up to
eight, each one's cut, the format's options and every house rule; the rummy games start with
it too), a seated two-player hand (Cutthroat, dealer-sits-out, Chouette: the two-handed hand
form plus who sat out or captained) and a Battle Royal hand (three counts or three hands)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TypedDict

from flask_babel import gettext as _
from wtforms import Field, HiddenField, RadioField, StringField
from wtforms.validators import Length, Optional

from referee.forms import (
    CARD_INPUT,
    RULE_PREFIX,
    EntryForm,
    MatchFormBase,
    cards_field,
    choice,
    count_field,
    match_form,
    text_or_none,
)
from referee.games.gin.forms import HandEntry, HandForm
from referee.games.presets import Preset
from referee.games.three_handed.seated_entry import BR_SEATS, split_cards, split_deadwoods
from referee.i18n import lazy_gettext as _l

MAX_PLAYERS = 8
"""Chouette seats up to eight; the other formats exactly three."""


def seated_presets() -> list[Preset]:
    """The tables this form offers: those its page lists (one source for both)."""
    from referee.services.matches import playable_presets

    return playable_presets(seated=True)


def option_names() -> dict[str, list[str]]:
    """Each format option (a Ruleset field) and the presets that offer it."""
    out: dict[str, list[str]] = {}
    for preset in seated_presets():
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


class SeatedMatchBase(MatchFormBase):
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


def new_match_form() -> SeatedMatchBase:
    fields: dict[str, Field] = {f"player_{s}": _name_field(s) for s in range(2, MAX_PLAYERS)}
    fields.update({f"cut_{s}": _cut_field(s) for s in range(MAX_PLAYERS)})
    return match_form(SeatedMatchBase, seated_presets(), fields)


# -- hands -----------------------------------------------------------------------------------


class SeatedHandEntry(HandEntry):
    """A seated two-player hand as entered: the two-handed hand, plus who sat out or
    captained (seats by number)."""

    sitting_out_seat: int | None
    captain_seat: int | None


class SeatedHandForm(HandForm):
    """A two-player hand of a three-or-more-player table: the two-handed hand form, plus who
    sat out (Cutthroat, dealer-sits-out) or who captained the team against the box
    (Chouette)."""

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

    deadwood_0 = count_field(0)
    deadwood_1 = count_field(1)
    deadwood_2 = count_field(2)
    cards_0 = cards_field(0)
    cards_1 = cards_field(1)
    cards_2 = cards_field(2)

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
        deadwoods = split_deadwoods(text_or_none(values.get("seat_deadwoods")))
        for seat, count in enumerate(deadwoods):
            if isinstance(count, int):
                self[f"deadwood_{seat}"].data = count
        for seat, cards in enumerate(split_cards(text_or_none(values.get("seat_cards")))):
            if cards:
                self[f"cards_{seat}"].data = cards
