"""The forms of two-handed gin and its variants (Oklahoma, Hollywood, Straight) and of the
partnership game: the new-match form (two or four players, the variant options shown beside the
table's name), a two-handed hand, and a partnership deal (both tables)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any, TypedDict

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import Length, NumberRange, Optional

from referee.forms import (
    CARD_INPUT,
    COUNT_INPUT,
    ENTRY_CHOICES,
    KIND_CHOICES,
    RULE_PREFIX,
    EntryForm,
    MatchFormBase,
    choice,
    defender_cards_field,
    knocker_cards_field,
    match_form,
)
from referee.games.gin.deal_entry import TABLE_FIELDS
from referee.games.gin.partnership import Table
from referee.i18n import lazy_gettext as _l
from referee.models import EntryMode, HandKindChoice

# The knobs a variant turns on, shown beside the table's name rather than among the house
# rules, each for the play families it concerns (a preset's ``family``). ``needs`` is the
# switch a knob depends on: it shows only while that switch is on.
VARIANT_OPTIONS: dict[str, tuple[tuple[str, ...], str | None]] = {
    "oklahoma": (("two_handed", "hollywood"), None),
    "oklahoma_ace": (("two_handed", "hollywood"), "oklahoma"),
    "spade_double": (("two_handed", "hollywood"), "oklahoma"),
    "spade_double_box": (("two_handed", "hollywood"), "oklahoma"),
    "kisses": (("two_handed", "hollywood"), "oklahoma"),
    "hollywood": (("two_handed", "hollywood"), None),
    "hollywood_games": (("two_handed", "hollywood"), "hollywood"),
    "hollywood_target": (("two_handed", "hollywood"), "hollywood"),
    "hollywood_continuous": (("two_handed", "hollywood"), "hollywood"),
    "partnership_zero_net": (("partnership",), None),
}


class NewMatchBase(MatchFormBase):
    """A two-handed or partnership match: two or four players, and the variant options shown
    beside the table's name."""

    def player_fields(self, seats: int) -> list[Field]:
        return [self[f"player_{seat}"] for seat in range(seats)]

    def shown_apart(self) -> Collection[str]:
        return VARIANT_OPTIONS.keys()

    def variant_fields(self) -> list[tuple[Field, tuple[str, ...], str | None]]:
        """The variant options: (field, the families it concerns, the switch it needs)."""
        return [
            (self[RULE_PREFIX + name], families, needs)
            for name, (families, needs) in VARIANT_OPTIONS.items()
        ]


def new_match_form() -> NewMatchBase:
    """The new-match form of a table of two or four, offering the presets of that page."""
    from referee.services.matches import playable_presets

    return match_form(NewMatchBase, playable_presets())


class HandEntry(TypedDict):
    """A two-handed hand as entered on its form (seats by number)."""

    entry: str | None
    kind: str | None
    knocker_seat: int | None
    dealer_seat: int | None
    knocker_deadwood: int | None
    defender_deadwood: int | None
    knocker_cards: str | None
    defender_cards: str | None
    spread: str | None
    upcard: str | None
    note: str | None
    stop_after: bool


class HandForm(EntryForm):
    """A two-handed hand: both counts or both hands of cards, the spread laid down, and
    Hollywood's notice to stop."""

    knocker_deadwood = IntegerField(
        _l("Knocker's deadwood"),
        validators=[Optional(), NumberRange(min=0, message=_l("cannot be negative"))],
        render_kw={"inputmode": "numeric", "min": 0},
    )
    defender_deadwood = IntegerField(
        _l("Defender's deadwood"),
        description=_l("after laying off (for gin: all unmatched cards)"),
        validators=[Optional(), NumberRange(min=0, message=_l("cannot be negative"))],
        render_kw={"inputmode": "numeric", "min": 0},
    )
    knocker_cards = knocker_cards_field()
    defender_cards = defender_cards_field()
    spread = StringField(
        _l("Spread laid down"),
        description=_l(
            "the melds the knocker laid down, separated by | (left empty: the best spread)"
        ),
        validators=[Optional(), Length(max=200)],
        render_kw=CARD_INPUT,
    )
    stop_after = BooleanField(
        _l("Stop after this deal"),
        description=_l(
            "a player gives notice: no new game opens after this deal, the open "
            "games are played out"
        ),
    )

    def entry_fields(self) -> HandEntry:
        return {
            "entry": self.entry.data,
            "kind": self.kind.data,
            "knocker_seat": self.knocker_seat.data,
            "dealer_seat": self.dealer_seat.data,
            "knocker_deadwood": self.knocker_deadwood.data,
            "defender_deadwood": self.defender_deadwood.data,
            "knocker_cards": self.knocker_cards.data,
            "defender_cards": self.defender_cards.data,
            "spread": self.spread.data,
            "upcard": self.upcard.data,
            "note": self.note.data,
            "stop_after": bool(self.stop_after.data),
        }

    def fill(self, values: Mapping[str, object]) -> None:
        """Fill the form from a stored hand's fields."""
        for name, value in values.items():
            if name in self and value is not None:
                self[name].data = value


# The fields of one table of a deal, named ``t1_kind``, ``t2_knocker_cards``... in DealForm.
TABLE_INPUTS = TABLE_FIELDS


class TableEntry(TypedDict):
    """One table of a partnership deal as entered (``TABLE_INPUTS``)."""

    entry: str | None
    kind: str | None
    knocker_seat: int | None
    knocker_deadwood: int | None
    defender_deadwood: int | None
    knocker_cards: str | None
    defender_cards: str | None
    upcard: str | None


class DealEntry(TypedDict):
    """A partnership deal as entered: the side that dealt, each table, the note."""

    dealer_seat: int | None
    tables: list[TableEntry]
    note: str | None


def _table_fields(number: int) -> dict[str, Field]:
    """One table's result: the counts, or both players' cards (each field says its table, for
    the error summary to name it)."""
    at = {"data-table": number}
    fields: dict[str, Field] = {
        "entry": RadioField(
            _l("Entry"), choices=ENTRY_CHOICES, default=EntryMode.COUNTS, render_kw=at
        ),
        "kind": RadioField(
            _l("How it ended"),
            choices=[*KIND_CHOICES, choice(HandKindChoice.AUTO, _l("Let the cards say"))],
            default=HandKindChoice.KNOCK,
            render_kw=at,
        ),
        "knocker_seat": RadioField(
            _l("Who knocked or went gin"),
            coerce=int,
            validate_choice=False,
            validators=[Optional()],
            render_kw=at,
        ),
        "knocker_deadwood": IntegerField(
            _l("Knocker's deadwood"),
            validators=[Optional(), NumberRange(min=0, message=_l("cannot be negative"))],
            render_kw={**COUNT_INPUT, **at},
        ),
        "defender_deadwood": IntegerField(
            _l("Defender's deadwood"),
            description=_l("after laying off (for gin: all unmatched cards)"),
            validators=[Optional(), NumberRange(min=0, message=_l("cannot be negative"))],
            render_kw={**COUNT_INPUT, **at},
        ),
        "knocker_cards": StringField(
            _l("Knocker's cards"),
            description=_l("the 10 cards after the knock discard (11 for big gin)"),
            validators=[Optional(), Length(max=200)],
            render_kw={**CARD_INPUT, **at},
        ),
        "defender_cards": StringField(
            _l("Defender's cards"),
            description=_l("all 10 cards"),
            validators=[Optional(), Length(max=200)],
            render_kw={**CARD_INPUT, **at},
        ),
        "upcard": StringField(
            _l("Upcard"),
            validators=[Optional(), Length(max=8)],
            render_kw={"autocomplete": "off", "autocapitalize": "characters", **at},
        ),
    }
    return {f"t{number}_{name}": field for name, field in fields.items()}


class DealForm(FlaskForm):
    """A partnership deal: the side that dealt, and each table's result (deadwood counts or
    both players' cards, table by table)."""

    dealer_seat = RadioField(_l("The side that deals"), coerce=int)
    note = TextAreaField(_l("Note"), validators=[Optional(), Length(max=500)])
    idempotency_key = HiddenField()
    expected_number = HiddenField()
    version = HiddenField()
    checked = HiddenField()
    check = SubmitField(_l("Check the ruling"))
    save = SubmitField(_l("Save deal"))

    TABLES = (1, 2)

    def set_seating(self, names: list[str], sides: list[str], tables: Iterable[Table]) -> None:
        """Offer the sides as dealers and, at each table, its two players as knockers."""
        self.dealer_seat.choices = [choice(side, name) for side, name in enumerate(sides)]
        for t in tables:
            knocker = self.table(t.number, "knocker_seat")
            assert isinstance(knocker, RadioField)
            knocker.choices = [choice(s, names[s]) for s in t.players]

    def table(self, number: int, name: str) -> Field:
        return self[f"t{number}_{name}"]

    def table_entry(self, number: int) -> TableEntry:
        def data(name: str) -> Any:  # a field's data: WTForms types it Any
            return self.table(number, name).data

        return {
            "entry": data("entry"),
            "kind": data("kind"),
            "knocker_seat": data("knocker_seat"),
            "knocker_deadwood": data("knocker_deadwood"),
            "defender_deadwood": data("defender_deadwood"),
            "knocker_cards": data("knocker_cards"),
            "defender_cards": data("defender_cards"),
            "upcard": data("upcard"),
        }

    def entry_fields(self) -> DealEntry:
        return {
            "dealer_seat": self.dealer_seat.data,
            "tables": [self.table_entry(n) for n in self.TABLES],
            "note": self.note.data,
        }

    def fill(self, values: Mapping[str, object]) -> None:
        """Fill the form from a stored deal's fields."""
        if values.get("dealer_seat") is not None:
            self.dealer_seat.data = values["dealer_seat"]
        note = values.get("note")
        if note and isinstance(note, str):
            self.note.data = note
        tables = values.get("tables")
        for n, table in zip(self.TABLES, tables if isinstance(tables, list) else [], strict=False):
            for name in TABLE_INPUTS:
                if table and table.get(name) is not None:
                    self.table(n, name).data = table[name]


for _number in DealForm.TABLES:
    for _name, _field in _table_fields(_number).items():
        setattr(DealForm, _name, _field)  # WTForms' FormMeta takes fields added this way
