"""The deal form of Indian Rummy: the rummy hand form (who won, each player's points or
cards, the winner's groups) with the card cut for the wild joker and each player's part in
the deal (lost on points, dropped, dropped in the middle, declared wrongly, out of the pool)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wtforms import SelectField, StringField
from wtforms.validators import Length, Optional

from referee.forms import CARD_INPUT, choice, text_or_none
from referee.games.rummy.forms import RUMMY_SEATS, RummyHandForm
from referee.games.three_handed.seated_entry import split_cards
from referee.i18n import lazy_gettext as _l

PART_CHOICES = (
    ("", _l("Lost: points")),
    ("drop", _l("Dropped (first)")),
    ("middle_drop", _l("Middle drop")),
    ("wrong", _l("Wrong declaration")),
    ("out", _l("Out of the pool")),
)


def _part_field(seat: int) -> SelectField:
    return SelectField(
        f"Seat {seat}'s part",
        choices=[choice(v, label) for v, label in PART_CHOICES],
        default="",
        validators=[Optional()],
    )


class IndianHandForm(RummyHandForm):
    """An Indian Rummy deal."""

    cut_card = StringField(
        _l("Cut card (the wild joker)"),
        validators=[Optional(), Length(max=8)],
        render_kw={**CARD_INPUT, "placeholder": "e.g. 7H or JK"},
    )

    def set_players(self, names: list[str]) -> None:
        super().set_players(names)
        for seat, name in enumerate(names[:RUMMY_SEATS]):
            self[f"part_{seat}"].label.text = name

    def parts(self) -> list[Any]:
        return [self[f"part_{s}"] for s in range(self.players)]

    def entry_fields(self) -> Any:
        fields: dict[str, Any] = dict(super().entry_fields())
        fields["kind"] = "out"
        fields["seat_parts"] = [f.data or "" for f in self.parts()]
        fields["cut_card"] = self.cut_card.data
        fields["seat_layoffs"] = None
        fields["seat_melded"] = None
        return fields

    def fill(self, values: Mapping[str, object]) -> None:
        super().fill(values)
        for seat, part in enumerate(
            split_cards(text_or_none(values.get("seat_parts")), self.players)
        ):
            self[f"part_{seat}"].data = part
        cut = values.get("cut_card")
        if isinstance(cut, str):
            self.cut_card.data = cut


for _seat in range(RUMMY_SEATS):
    setattr(IndianHandForm, f"part_{_seat}", _part_field(_seat))
