"""Gem Rummy's forms: a new match (two or three players, a saved deck, the table's options)
and a hand's entry (the dice, who knocked, every player's count and Gem Parts claim, or every
player's cards)."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import BooleanField, DecimalField, Field, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from referee.forms import (
    CARD_INPUT,
    EntryForm,
    cards_field,
    choice,
    count_field,
    text_or_none,
)
from referee.games.three_handed.seated_entry import split_cards, split_deadwoods
from referee.i18n import lazy_gettext as _l
from referee.rules.ruleset import GemPairing


class GemMatchForm(FlaskForm):
    """A new Gem Rummy match: two or three players, the deck, the stake and the options."""

    player_0 = StringField(_l("Player 1"))
    player_1 = StringField(_l("Player 2"))
    player_2 = StringField(_l("Player 3 (optional)"))
    deck = SelectField(_l("Gem deck"), choices=[], validate_choice=False)
    stake_per_point = DecimalField(_l("Stake per point"), places=2, validators=[Optional()])
    gem_undercut_plus_difference = BooleanField(_l("An undercut scores 25 + the difference"))
    gem_stash_layoffs = BooleanField(_l("Stashes take layoffs"), default=True)
    gem_queens_diamonds_layoffs = BooleanField(_l("Queen's Diamonds takes another queen"))
    gem_pairing = SelectField(
        _l("Three players: who the knocker is scored against"),
        choices=[
            choice(GemPairing.EACH_NON_KNOCKER.value, _l("each non-knocker")),
            choice(GemPairing.LOWEST_NON_KNOCKER.value, _l("only the lowest non-knocker")),
        ],
        default=GemPairing.EACH_NON_KNOCKER.value,
    )


RULE_FIELDS = (
    "gem_undercut_plus_difference",
    "gem_stash_layoffs",
    "gem_queens_diamonds_layoffs",
    "gem_pairing",
)


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
            split_deadwoods(text_or_none(values.get("seat_deadwoods")), seats)
        ):
            if isinstance(count, int):
                self[f"count_{seat}"].data = count
        for seat, claim in enumerate(split_deadwoods(text_or_none(values.get("gem_parts")), seats)):
            self[f"gem_parts_{seat}"].data = bool(claim)
        for seat, cards in enumerate(split_cards(text_or_none(values.get("seat_cards")), seats)):
            if cards:
                self[f"cards_{seat}"].data = cards


for _seat in range(GEM_SEATS):
    setattr(GemHandForm, f"count_{_seat}", count_field(_seat))
    setattr(GemHandForm, f"gem_parts_{_seat}", BooleanField(f"Seat {_seat}: Gem Parts"))
    setattr(GemHandForm, f"cards_{_seat}", cards_field(_seat))
