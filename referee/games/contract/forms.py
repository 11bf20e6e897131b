"""The forms of Contract Rummy's pages: a deal's entry (who went out, each player's contract
made or not, their points or cards left), a new match with its contract list built deal by
deal, and the lay-down check."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DecimalField,
    Field,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from referee.forms import CARD_INPUT, choice
from referee.games.contract.contracts import MAX_DEALS
from referee.games.contract.format import split_made
from referee.games.rummy.forms import RUMMY_SEATS, RummyHandForm
from referee.i18n import lazy_gettext as _l

MAX_PLAYERS = 8
DEAL_ROWS = 12
"""Deal rows the new-match page shows (12-Step's twelve); a list may have up to MAX_DEALS."""


class ContractHandForm(RummyHandForm):
    """A deal: who went out, and for each player whether they laid down their contract and
    their points (or cards) left in hand."""

    def made(self) -> list[Field]:
        return [self[f"made_{s}"] for s in range(self.players)]

    def set_players(self, names: list[str]) -> None:
        super().set_players(names)
        for seat, name in enumerate(names[:RUMMY_SEATS]):
            self[f"made_{seat}"].label.text = f"{name} laid down the contract"

    def entry_fields(self) -> Any:
        fields = dict(super().entry_fields())
        fields["kind"] = "out"
        fields["seat_melds"] = None
        fields["seat_melded"] = None
        fields["seat_made"] = [bool(f.data) for f in self.made()]
        return fields

    def fill(self, values: Mapping[str, object]) -> None:
        super().fill(values)
        for seat, made in enumerate(split_made(values.get("seat_made"), self.players)):
            self[f"made_{seat}"].data = made


for _seat in range(RUMMY_SEATS):
    setattr(ContractHandForm, f"made_{_seat}", BooleanField(f"Seat {_seat} laid down"))


PRESET_CHOICES = [
    choice("contract_7", _l("Contract Rummy, 7 deals")),
    choice("contract_7_pagat", _l("Contract Rummy, 7 deals (pagat-style list)")),
    choice("twelve_step", _l("12-Step Contract Rummy (your own list)")),
]


class ContractMatchForm(FlaskForm):
    """A new Contract Rummy match: players, the table (preset), the contract list (a saved
    one by name, or built deal by deal), wilds, pack and penalties, and the stake."""

    preset = SelectField(_l("Game"), choices=PRESET_CHOICES, default="twelve_step")
    saved = StringField(
        _l("Use a saved list"),
        validators=[Optional(), Length(max=60)],
        description=_l("the name a list was saved under; leave empty to use the deals below"),
    )
    list_name = StringField(
        _l("List name"),
        validators=[Optional(), Length(max=60)],
        description=_l("your table's list is saved under this name, to start the next match with"),
    )
    jokers = IntegerField(_l("Jokers in the pack"), validators=[Optional(), NumberRange(0, 4)])
    jokers_wild = BooleanField(_l("Jokers are wild"))
    twos_wild = BooleanField(_l("2s are wild"))
    ace_value = IntegerField(_l("Ace"), validators=[InputRequired(), NumberRange(1, 15)])
    joker_value = IntegerField(_l("Joker"), validators=[InputRequired(), NumberRange(0, 100)])
    wild_value = IntegerField(_l("Any wild"), validators=[InputRequired(), NumberRange(0, 100)])
    court_value = IntegerField(_l("J Q K"), validators=[InputRequired(), NumberRange(1, 15)])
    stake_per_point = DecimalField(
        _l("Stake per point"),
        default=Decimal(0),
        places=None,
        validators=[Optional(), NumberRange(min=0, max=99_999_999)],
        render_kw={"inputmode": "decimal", "step": "any"},
    )
    submit = SubmitField(_l("Start the match"))

    def players(self) -> list[Field]:
        return [self[f"player_{s}"] for s in range(MAX_PLAYERS)]

    def deal_rows(self) -> list[tuple[Field, Field, Field]]:
        return [
            (self[f"cards_{n}"], self[f"contract_{n}"], self[f"no_discard_{n}"])
            for n in range(1, DEAL_ROWS + 1)
        ]


for _seat in range(MAX_PLAYERS):
    setattr(
        ContractMatchForm,
        f"player_{_seat}",
        StringField(
            _l("Player %(number)s", number=_seat + 1),
            validators=[InputRequired() if _seat < 2 else Optional(), Length(max=40)],
        ),
    )
for _n in range(1, DEAL_ROWS + 1):
    setattr(
        ContractMatchForm,
        f"cards_{_n}",
        StringField(
            _l("Deal %(number)s: cards", number=_n),
            validators=[Optional(), Length(max=3)],
            render_kw={"inputmode": "numeric"},
        ),
    )
    setattr(
        ContractMatchForm,
        f"contract_{_n}",
        StringField(
            _l("Deal %(number)s: contract", number=_n),
            validators=[Optional(), Length(max=80)],
            render_kw={"placeholder": _l("2 groups of 3 + 1 sequence of 4")},
        ),
    )
    setattr(
        ContractMatchForm,
        f"no_discard_{_n}",
        BooleanField(_l("Deal %(number)s: no discard", number=_n)),
    )

assert DEAL_ROWS <= MAX_DEALS


class ContractCheckForm(FlaskForm):
    """The check page's Contract tab: the table, the contract, and what to check — a
    lay-down (given as combinations), a whole hand, a layoff or a liberated wild."""

    what = RadioField(
        _l("Check"),
        choices=[
            choice("laydown", _l("A lay-down")),
            choice("hand", _l("Can this hand make it?")),
            choice("layoff", _l("A layoff")),
            choice("liberate", _l("Liberating a wild")),
        ],
        default="laydown",
    )
    preset = SelectField(_l("Table"), choices=PRESET_CHOICES, default="twelve_step")
    contract = StringField(
        _l("Contract"),
        validators=[Optional(), Length(max=80)],
        default="1 group of 3 + 2 sequences of 4",
        description=_l("e.g. 2 groups of 3 + 1 sequence of 4"),
    )
    cards = IntegerField(_l("Cards dealt"), default=13, validators=[Optional(), NumberRange(3, 20)])
    no_discard = BooleanField(_l("No discard (laid down going out)"))
    laid = TextAreaField(
        _l("Laid down"),
        validators=[Optional(), Length(max=400)],
        description=_l('combinations separated by "/"; a wild may name its card: JK=6S'),
        render_kw={**CARD_INPUT, "rows": 3},
    )
    hand = StringField(
        _l("The player's hand"),
        validators=[Optional(), Length(max=200)],
        description=_l("optional for a lay-down: every laid card must come from it"),
        render_kw=CARD_INPUT,
    )
    meld = StringField(
        _l("The meld on the table"),
        validators=[Optional(), Length(max=120)],
        description=_l("for a layoff or liberating: wilds named as they stand (JK=5H)"),
        render_kw=CARD_INPUT,
    )
    played = StringField(
        _l("Card(s) played onto it"),
        validators=[Optional(), Length(max=80)],
        render_kw=CARD_INPUT,
    )
    contract_made = BooleanField(_l("The player has laid down their own contract"), default=True)
    own_meld = BooleanField(_l("The meld is the player's own"))
    submit = SubmitField(_l("Check"))
