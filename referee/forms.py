"""What every game's forms are built from: the new-match base (players, a preset, a knob per
Ruleset field, the stake), the hand-entry base, the fields of one seat's count or cards, the
check-a-hand forms, and the CSRF-only form behind every POST button (delete, undo).

Each game's own forms (its hand entry, its new-match form) live in its folder,
``referee/games/<family>/forms.py``, and are built from these."""

from __future__ import annotations

import dataclasses
import secrets
import types
from collections.abc import Collection, Iterable, Mapping
from decimal import Decimal
from enum import StrEnum
from typing import TypedDict, TypeVar, cast

from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DecimalField,
    Field,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from referee.games.presets import DEFAULT_PRESET, Preset
from referee.games.words import option_words, rule_help
from referee.i18n import lazy_gettext as _l
from referee.i18n import lazy_gettext as _lt
from referee.models import EntryMode, HandKindChoice
from referee.rules.ruleset import FIELD_TYPES, Ruleset

try:  # WTForms 3.3 wants choice objects; older versions take (value, label) pairs
    # types-WTForms describes WTForms 3.2, which has no SelectChoice
    from wtforms.fields.choices import SelectChoice as _SelectChoice  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - WTForms < 3.3
    _SelectChoice = None

# One option of a select or radio field, as types-WTForms knows it: a (value, label) pair.
Choice = tuple[object, str]


def choice(value: object, label: str) -> Choice:
    """An option for a select or radio field: a SelectChoice on WTForms 3.3 (which warns about
    pairs), else the (value, label) pair. The field reads either the same way; the stubs know
    only the pair, so that is its type here."""
    if _SelectChoice is None:
        return (value, label)
    return cast(Choice, _SelectChoice(value, label))


RULE_PREFIX = "rule_"
CARD_INPUT = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
"""How a field of typed cards is drawn: no autocompletion or spelling, capitals."""

# Headings for the house-rule knobs, by the first field of each group (Ruleset order): the
# field's ``heading``, shown translated.
RULE_GROUPS = {
    f.name: f.metadata["heading"] for f in dataclasses.fields(Ruleset) if "heading" in f.metadata
}


def group_heading(name: str) -> str:
    """The heading a group of house rules starting at field ``name`` shows."""
    heading = RULE_GROUPS.get(name)
    return _l(heading) if heading else _l("House rules")


# Rules held as text (a list a game builds on its own page): never shown as a knob.
TEXT_RULES = frozenset(name for name, kind in FIELD_TYPES.items() if kind is str)


def knocker_cards_field() -> StringField:
    """The knocker's ten cards (eleven for big gin), as the hand form and the check ask them."""
    return StringField(
        _l("Knocker's cards"),
        description=_l("the 10 cards after the knock discard (11 for big gin)"),
        validators=[Optional(), Length(max=200)],
        render_kw=CARD_INPUT,
    )


def defender_cards_field() -> StringField:
    """The defender's ten cards, as the hand form and the check ask them."""
    return StringField(
        _l("Defender's cards"),
        description=_l("all 10 cards"),
        validators=[Optional(), Length(max=200)],
        render_kw=CARD_INPUT,
    )


class ActionForm(FlaskForm):
    """CSRF only, plus the state the button was pressed against (for conflict checks)."""

    version = HiddenField()
    revision = HiddenField()


class ClaimForm(FlaskForm):
    """The edit link (or its token) a scorer opened or pasted."""

    token = StringField(
        _l("The edit link"),
        validators=[InputRequired(), Length(max=400)],
        description=_l("paste the whole link a scorer sent you"),
    )


class ScorerForm(FlaskForm):
    """The name this browser's changes carry in a match's change log."""

    scorer = StringField(
        _l("Your name in the change log"),
        validators=[Optional(), Length(max=40)],
        description=_l("shown beside every hand this phone adds, edits or deletes"),
    )


def _rule_field(f: dataclasses.Field[object]) -> Field:
    kind = FIELD_TYPES[f.name]
    # the texts are the engine's English, translated when shown (listed in i18n_terms.py or
    # in the game's words)
    help_text = _lt(rule_help()[f.name])
    label = _lt(f.name.replace("_", " ").capitalize())
    low, high = f.metadata.get("min"), f.metadata.get("max")
    if kind is bool:
        return BooleanField(label, description=help_text)
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        choices = [choice(m.value, _lt(option_words(m))) for m in kind]
        return SelectField(label, choices=choices, description=help_text)
    if kind is int:
        return IntegerField(
            label,
            description=help_text,
            validators=[InputRequired(), NumberRange(min=low, max=high)],
            render_kw={"inputmode": "numeric"},
        )
    # int | None, tuple[int, ...]: free text checked by the Ruleset itself
    return StringField(label, description=help_text, validators=[Optional(), Length(max=40)])


class MatchFormBase(FlaskForm):
    """What every new-match form asks: the players, the table's rules (a preset and every
    house rule, each a knob named ``rule_<field>`` added by the form's generated class) and the
    stake."""

    player_0 = StringField(_l("First player"), validators=[InputRequired(), Length(max=40)])
    player_1 = StringField(_l("Second player"), validators=[InputRequired(), Length(max=40)])
    # Four-seat games only: the partners sit opposite, so the teams are players 1 & 3 and 2 & 4.
    player_2 = StringField(_l("Third player"), validators=[Optional(), Length(max=40)])
    player_3 = StringField(_l("Fourth player"), validators=[Optional(), Length(max=40)])
    preset = SelectField(_l("Table rules"), default=DEFAULT_PRESET)
    rules_from = HiddenField()  # the preset whose values the knobs below hold
    stake_per_point = DecimalField(
        _l("Stake per point"),
        default=Decimal(0),
        places=None,
        validators=[
            Optional(),
            NumberRange(min=0, max=99_999_999, message=_l("must be between 0 and 99,999,999")),
        ],
        render_kw={"inputmode": "decimal", "step": "any"},
        description=_l("money per point of the final margin (0 to play for love)"),
    )
    currency = StringField(
        _l("Currency symbol"),
        validators=[Optional(), Length(max=8)],
        render_kw={"placeholder": "€, $, £ …", "autocomplete": "off"},
        description=_l("shown with every amount (leave empty for bare amounts)"),
    )
    submit = SubmitField(_l("Start the match"))

    def shown_apart(self) -> Collection[str]:
        """The rules whose knobs the page shows apart from the house rules."""
        return ()

    def rule_fields(self) -> list[tuple[str, list[Field]]]:
        """The house-rule knobs grouped under their headings, in Ruleset order (those shown
        apart left out)."""
        apart = self.shown_apart()
        groups: list[tuple[str, list[Field]]] = []
        for f in dataclasses.fields(Ruleset):
            if f.name in RULE_GROUPS or not groups:
                groups.append((group_heading(f.name), []))
            if f.name not in apart and f.name not in TEXT_RULES:
                groups[-1][1].append(self[RULE_PREFIX + f.name])
        return [(heading, fields) for heading, fields in groups if fields]

    def fill_rules(self, rules: Ruleset) -> None:
        for name, value in rules.to_dict().items():
            field = self[RULE_PREFIX + name]
            field.data = rule_text(value) if isinstance(field, StringField) else value

    def overrides(self) -> dict[str, object]:
        """The knobs as :meth:`Ruleset.with_overrides` reads them."""
        out: dict[str, object] = {}
        for f in dataclasses.fields(Ruleset):
            value = self[RULE_PREFIX + f.name].data
            if f.name in TEXT_RULES:
                continue  # kept as the preset has it
            out[f.name] = "none" if value is None and FIELD_TYPES[f.name] is not bool else value
            if FIELD_TYPES[f.name] == tuple[int, ...] and value in (None, "", "none"):
                out[f.name] = ""
        return out


def rule_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    return str(value)


MatchForm = TypeVar("MatchForm", bound=MatchFormBase)
_MATCH_FORMS: dict[type[MatchFormBase], type[MatchFormBase]] = {}


def match_form(
    base: type[MatchForm], presets: Iterable[Preset], fields: Mapping[str, Field] | None = None
) -> MatchForm:
    """A new-match form of ``base`` with a house-rule field per Ruleset field (and ``fields``),
    offering ``presets``; each form class is made once."""
    made = _MATCH_FORMS.get(base)
    if made is None:
        attrs = {RULE_PREFIX + f.name: _rule_field(f) for f in dataclasses.fields(Ruleset)}
        attrs.update(fields or {})
        name = base.__name__.replace("Base", "Form")
        made = _MATCH_FORMS[base] = types.new_class(
            name, (base,), exec_body=lambda ns: ns.update(attrs)
        )
    form = made()
    assert isinstance(form, base)  # the class made from ``base``
    form.preset.choices = [choice(p.name, _lt(p.title)) for p in presets]
    return form


KIND_CHOICES = [
    choice(HandKindChoice.KNOCK, _l("Knock")),
    choice(HandKindChoice.GIN, _l("Gin")),
    choice(HandKindChoice.BIG_GIN, _l("Big gin")),
    choice(HandKindChoice.DEAD, _l("Dead hand")),
]


class EntryForm(FlaskForm):
    """What every hand-entry form asks, whatever the game: counts or cards, how the hand ended,
    who knocked and dealt, the upcard, a note, and the hidden state that guards against a double
    tap and a stale page."""

    entry = RadioField(
        _l("Entry"),
        choices=[
            choice(EntryMode.COUNTS, _l("Quick: counts")),
            choice(EntryMode.CARDS, _l("Full cards")),
        ],
        default=EntryMode.COUNTS,
    )
    kind = RadioField(
        _l("How the hand ended"),
        choices=[*KIND_CHOICES, choice(HandKindChoice.AUTO, _l("Let the cards say"))],
        default=HandKindChoice.KNOCK,
    )
    knocker_seat = RadioField(
        _l("Who knocked or went gin"), coerce=int, validate_choice=False, validators=[Optional()]
    )
    dealer_seat = RadioField(_l("Dealer"), coerce=int)
    upcard = StringField(
        _l("Upcard"),
        description=_l("the first upcard, where it sets the knock limit"),
        validators=[Optional(), Length(max=8)],
        render_kw={"autocomplete": "off", "autocapitalize": "characters"},
    )
    note = TextAreaField(_l("Note"), validators=[Optional(), Length(max=500)])
    idempotency_key = HiddenField()
    expected_number = HiddenField()
    version = HiddenField()
    checked = HiddenField()  # digest of the entry whose ruling was shown
    check = SubmitField(_l("Check the ruling"))
    save = SubmitField(_l("Save hand"))

    def set_players(self, names: list[str]) -> None:
        self.knocker_seat.choices = [choice(i, n) for i, n in enumerate(names)]
        self.dealer_seat.choices = [choice(i, n) for i, n in enumerate(names)]


COUNT_INPUT = {"inputmode": "numeric", "min": 0}
"""How a field of a count (deadwood, points) is drawn: a number pad."""

ENTRY_CHOICES = [
    choice(EntryMode.COUNTS, _l("Quick: counts")),
    choice(EntryMode.CARDS, _l("Full cards")),
]


def count_field(seat: int) -> IntegerField:
    """One seat's count (deadwood, points) on a form that lists every player's."""
    return IntegerField(
        f"Seat {seat}",
        validators=[Optional(), NumberRange(min=0, message=_l("cannot be negative"))],
        render_kw=COUNT_INPUT,
    )


def cards_field(seat: int) -> StringField:
    """One seat's cards on a form that lists every player's."""
    return StringField(
        f"Seat {seat}'s cards",
        validators=[Optional(), Length(max=200)],
        render_kw=CARD_INPUT,
    )


def text_or_none(value: object) -> str | None:
    """A stored text field (anything else counts as missing)."""
    return value if isinstance(value, str) else None


def new_key() -> str:
    return secrets.token_urlsafe(16)


# -- check a hand: no match, just a table's rules and the cards --------------------------------

# The knobs that can change one hand's ruling: the Ruleset's fields not marked ``per_game``
# (the box, the game, the wall and the overlays cannot).
CHECK_RULES = tuple(f.name for f in dataclasses.fields(Ruleset) if not f.metadata.get("per_game"))

ANNOUNCED_CHOICES = [
    choice(HandKindChoice.AUTO, _l("Let the cards say")),
    choice(HandKindChoice.KNOCK, _l("Knock")),
    choice(HandKindChoice.GIN, _l("Gin")),
    choice(HandKindChoice.BIG_GIN, _l("Big gin")),
]


class CheckTable(TypedDict):
    """The table a checked hand is ruled under, as a request names it."""

    preset: str
    rules: dict[str, object] | None  # the knobs; None when they were filled for another preset


class RulingCheck(CheckTable):
    """A hand to rule on, as :func:`referee.inputs.parse_rule_request` reads it."""

    knocker: str
    defender: str
    upcard: str | None
    kind: str | None
    spread: str | None


class AnalysisCheck(CheckTable):
    """A hand to analyse, as :func:`referee.inputs.parse_analyze_request` reads it."""

    hand: str
    upcard: str | None


def _text(value: object) -> str:
    """A stored text input (anything else, such as a missing one, as empty)."""
    return value if isinstance(value, str) else ""


class CheckBase(FlaskForm):
    """A table's rules for checking a hand: a preset and the knobs that matter to one hand."""

    preset = SelectField(_l("Table rules"), default=DEFAULT_PRESET)
    rules_from = HiddenField()  # the preset whose values the knobs hold
    upcard = StringField(
        _l("Upcard"),
        description=_l("the first upcard, where it sets the knock limit"),
        validators=[Optional(), Length(max=8)],
        render_kw={"autocomplete": "off", "autocapitalize": "characters"},
    )

    def rule_fields(self) -> list[tuple[str, list[Field]]]:
        groups: list[tuple[str, list[Field]]] = []
        for name in CHECK_RULES:
            if name in RULE_GROUPS or not groups:
                groups.append((group_heading(name), []))
            groups[-1][1].append(self[RULE_PREFIX + name])
        return groups

    def fill_rules(self, rules: Ruleset) -> None:
        values = rules.to_dict()
        for name in CHECK_RULES:
            field = self[RULE_PREFIX + name]
            field.data = rule_text(values[name]) if isinstance(field, StringField) else values[name]

    def overrides(self) -> dict[str, object]:
        """The knobs as :meth:`Ruleset.with_overrides` reads them."""
        out: dict[str, object] = {}
        for name in CHECK_RULES:
            value = self[RULE_PREFIX + name].data
            out[name] = "none" if value is None and FIELD_TYPES[name] is not bool else value
            if FIELD_TYPES[name] == tuple[int, ...] and value in (None, "", "none"):
                out[name] = ""
        return out

    def table(self) -> CheckTable:
        """The preset and house rules as a request sends them. Knobs filled for another preset
        (the preset changed without the page's script) are left out."""
        preset = self.preset.data or DEFAULT_PRESET
        rules = self.overrides() if self.rules_from.data == preset else None
        return {"preset": preset, "rules": rules}


class RulingCheckBase(CheckBase):
    kind = RadioField(_l("What was announced"), choices=ANNOUNCED_CHOICES, default="auto")
    knocker_cards = knocker_cards_field()
    defender_cards = defender_cards_field()
    spread = StringField(
        _l("The spread the knocker laid down"),
        description=_l("the melds as laid down, separated by | (left empty: the best spread)"),
        validators=[Optional(), Length(max=200)],
        render_kw=CARD_INPUT,
    )
    submit = SubmitField(_l("Rule on this hand"))

    def request(self) -> RulingCheck:
        return {
            **self.table(),
            "knocker": self.knocker_cards.data or "",
            "defender": self.defender_cards.data or "",
            "upcard": self.upcard.data or None,
            "kind": self.kind.data,
            "spread": self.spread.data or None,
        }

    def fill(self, inputs: Mapping[str, object]) -> None:
        """Fill both hands from a stored ruling (:class:`~referee.inputs.RuleRequest`)."""
        self.knocker_cards.data = _text(inputs.get("knocker"))
        self.defender_cards.data = _text(inputs.get("defender"))
        self.upcard.data = _text(inputs.get("upcard"))
        self.kind.data = inputs.get("kind") or "auto"
        spread = inputs.get("spread")
        melds = spread if isinstance(spread, list) else []
        self.spread.data = " | ".join(" ".join(meld) for meld in melds)


class AnalysisCheckBase(CheckBase):
    hand = StringField(
        _l("Your cards"),
        description=_l("10 cards, or 11 to find the best discard"),
        validators=[Optional(), Length(max=200)],
        render_kw=CARD_INPUT,
    )
    submit = SubmitField(_l("Analyse this hand"))

    def request(self) -> AnalysisCheck:
        return {**self.table(), "hand": self.hand.data or "", "upcard": self.upcard.data or None}

    def fill(self, inputs: Mapping[str, object]) -> None:
        """Fill the hand from a stored analysis (:class:`~referee.inputs.AnalyzeRequest`)."""
        self.hand.data = _text(inputs.get("hand"))
        self.upcard.data = _text(inputs.get("upcard"))


_CHECK_FORMS: dict[str, type[CheckBase]] = {}


def check_form(kind: str) -> RulingCheckBase | AnalysisCheckBase:
    """The check-a-hand form for a ruling (``"ruling"``) or an analysis, with every preset."""
    if kind not in _CHECK_FORMS:
        base = RulingCheckBase if kind == "ruling" else AnalysisCheckBase
        fields = {f.name: f for f in dataclasses.fields(Ruleset)}
        attrs = {RULE_PREFIX + name: _rule_field(fields[name]) for name in CHECK_RULES}
        _CHECK_FORMS[kind] = types.new_class(
            base.__name__.replace("Base", "Form"), (base,), exec_body=lambda ns: ns.update(attrs)
        )
    form = _CHECK_FORMS[kind]()
    from referee.games.presets import list_presets
    from referee.inputs import rules_two_players

    form.preset.choices = [
        choice(p.name, _lt(p.title))
        for p in list_presets()
        if kind != "ruling" or rules_two_players(p)
    ]
    assert isinstance(form, RulingCheckBase | AnalysisCheckBase)
    return form
