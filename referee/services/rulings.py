"""Checked hands: store them behind short links, rule on them again, and lay them out to draw.

A stored :class:`~referee.models.Ruling` holds what was entered and the frozen rules; every
view re-derives the ruling through :mod:`referee.inputs` and the engine. :func:`draw` turns an
engine ruling into what the ruling view draws (melds with the defender's layoffs placed on
them, deadwood apart, the alternatives the engine weighed); the match's own hand page uses
the same view. Nothing is scored here: every number comes from :mod:`referee.rules`.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError

from referee.games.base import Board, Line
from referee.games.presets import UnknownPresetError, get_preset
from referee.games.words import rule_titles
from referee.i18n import N_
from referee.i18n import translate as _t
from referee.inputs import (
    AnalyzeInputs,
    RuleInputs,
    parse_analyze_request,
    parse_rule_request,
)
from referee.models import Ruling, RulingKind, db
from referee.rules import layoffs, melds
from referee.rules.adjudicate import HandKind, rule_cards
from referee.rules.budget import budgeted
from referee.rules.cards import Card
from referee.rules.errors import InputError
from referee.rules.results import Arrangement, HandResult, Meld, Outcome, Role, Step
from referee.rules.ruleset import Ruleset, RulesetError

# What each shared rule tag of a step is about (docs/rules.md §9's questions, §2.1); a game's
# own tags' titles are in its words (``rule_titles``).
RULE_TITLES = {
    "R1": N_("Optimal arrangement: the least deadwood over every way of melding"),
    "R2": N_("Knock validity: the deadwood must be within the knock limit"),
    "R3": N_("The knocker's spread: the one laid down counts, else the best"),
    "R4": N_("The defender's deadwood: own melds plus layoffs onto the knocker's melds"),
    "R5": N_("Laying off onto a run the defender's own layoff extended"),
    "R7": N_("The defender may break a meld of its own to lay off"),
    "R8": N_("No layoffs after gin or big gin"),
    "R9": N_("A gin-off (laying off down to 0) is an ordinary undercut"),
    "R10": N_("Gin cannot be undercut"),
    "R11": N_("Cards speak: a knock whose cards all meld is gin"),
    "R12": N_("Big gin: all eleven cards meld"),
    "R13": N_("Aces are low"),
    "R14": N_("Equal deadwoods: the table's tie rule"),
    "R16": N_("A dead hand scores nothing"),
    "§2.1": N_("How a two-handed hand scores"),
}

OUTCOME_LABELS = {
    Outcome.KNOCK: N_("Knock"),
    Outcome.UNDERCUT: N_("Undercut"),
    Outcome.GIN: N_("Gin"),
    Outcome.BIG_GIN: N_("Big gin"),
    Outcome.WASH: N_("Tie: a wash"),
    Outcome.DEAD: N_("Dead hand"),
    Outcome.ILLEGAL_KNOCK: N_("Illegal knock"),
}


# -- storing and loading ---------------------------------------------------------------------


SHORT_ID = 10  # characters of a content address (60 bits); longer only on a collision


def content_id(kind: str, inputs_json: str, rules_json: str, preset: str, size: int) -> str:
    """The short id of a checked hand: a hash of everything it is ruled from.

    >>> content_id("analysis", '{"hand": "AS"}', "{}", "american", 10)
    'HQnabd1yP-'
    """
    payload = json.dumps([kind, inputs_json, rules_json, preset]).encode()
    digest = base64.urlsafe_b64encode(hashlib.sha256(payload).digest()).decode()
    return digest[:size]


def store(inputs: RuleInputs | AnalyzeInputs) -> tuple[Ruling, bool]:
    """Keep the inputs and the frozen rules behind their content address; returns (ruling,
    created). The same inputs under the same frozen rules share one row and one short id
    (ids stored before were random and keep working)."""
    kind = RulingKind.RULING if isinstance(inputs, RuleInputs) else RulingKind.ANALYSIS
    inputs_json = json.dumps(inputs.to_dict(), sort_keys=True)
    rules_json = inputs.rules.to_json()
    for size in range(SHORT_ID, 17):
        short_id = content_id(kind, inputs_json, rules_json, inputs.preset, size)
        for _attempt in range(2):
            held = Ruling.by_short_id(short_id)
            if held is not None:
                break
            ruling = Ruling(
                short_id=short_id,
                kind=kind,
                inputs_json=inputs_json,
                rules_json=rules_json,
                preset=inputs.preset,
            )
            db.session.add(ruling)
            try:
                db.session.commit()
            except IntegrityError:  # stored by another request this instant: read it
                db.session.rollback()
                continue
            return ruling, True
        if held is not None and (held.kind, held.inputs_json, held.rules_json, held.preset) == (
            kind,
            inputs_json,
            rules_json,
            inputs.preset,
        ):
            return held, False
    raise RuntimeError("no free short id")  # pragma: no cover - a 96-bit collision


def load(short_id: str) -> Ruling | None:
    if not short_id or len(short_id) > 16:
        return None
    return Ruling.by_short_id(short_id)


def frozen_rules(ruling: Ruling) -> Ruleset:
    try:
        return Ruleset.from_json(ruling.rules_json)
    except (RulesetError, ValueError) as exc:
        raise InputError("rules", f"the stored rules no longer load: {exc}") from None


def inputs_of(ruling: Ruling) -> RuleInputs | AnalyzeInputs:
    """The stored inputs parsed again under the stored (frozen) rules."""
    rules = frozen_rules(ruling)
    data = ruling.inputs
    data["preset"] = _known_preset(ruling.preset)
    if ruling.kind == RulingKind.ANALYSIS:
        parsed: RuleInputs | AnalyzeInputs = parse_analyze_request(data, rules=rules)
    else:
        parsed = parse_rule_request(data, rules=rules)
    # the house rules as they were when stored (the preset itself may have changed since)
    stored = data.get("house_rules")
    house = stored if isinstance(stored, dict) else parsed.house_rules
    return dataclasses.replace(parsed, preset=ruling.preset, house_rules=house)


def _known_preset(name: str) -> str | None:
    """A stored preset name that may since have been renamed or removed."""
    try:
        return get_preset(name).name
    except UnknownPresetError:
        return None


def preset_changed(ruling: Ruling, inputs: RuleInputs | AnalyzeInputs) -> dict[str, object]:
    """Rules where the preset, with the stored house rules, now differs from the frozen rules."""
    try:
        current = get_preset(ruling.preset).rules.with_overrides(**inputs.house_rules)
    except (UnknownPresetError, RulesetError):
        return {}
    return {name: ours for name, (ours, _) in current.differences(inputs.rules).items()}


def api_body(ruling: Ruling, inputs: RuleInputs | AnalyzeInputs, url: str) -> dict[str, object]:
    """What the API adds to a ruling or an analysis: the link and what it was made from."""
    return {
        "id": ruling.short_id,
        "url": url,
        "kind": ruling.kind,
        "preset": ruling.preset,
        "house_rules": inputs.house_rules,
        "inputs": {k: v for k, v in ruling.inputs.items() if k not in ("preset", "house_rules")},
        "rules": inputs.rules.to_dict(),
        "created_at": ruling.created_at.isoformat() if ruling.created_at else None,
    }


# -- drawing a ruling ------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawnMeld:
    """A meld as it lies on the table: each card, and whether the defender laid it off."""

    kind: str
    cards: tuple[tuple[Card, bool], ...]

    @property
    def laid_off(self) -> int:
        return sum(1 for _, laid in self.cards if laid)


@dataclass(frozen=True)
class DrawnHand:
    role: str  # "knocker" or "defender"
    name: str
    melds: tuple[DrawnMeld, ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int | None
    before_layoffs: int | None = None
    laid_off: tuple[Card, ...] = ()  # the defender's cards now on the knocker's melds
    discarded: tuple[Card, ...] = ()  # the knocker's discard when eleven cards were entered


@dataclass(frozen=True)
class Option:
    """One of several least-deadwood arrangements; for the knocker's spreads, the defender's
    deadwood against it (``None`` where no layoffs are played)."""

    arrangement: Arrangement
    defender_deadwood: int | None = None
    chosen: bool = False


@dataclass(frozen=True)
class SpreadNote:
    """The spread laid down against the referee's own choice, and what the difference cost."""

    declared: Arrangement
    best: Arrangement
    extra_deadwood: int
    other_headline: str | None  # the ruling with the referee's spread, when it differs


@dataclass(frozen=True)
class DrawnStep:
    number: int
    step: Step
    mark: str | None  # "illegal" or "cost": the step the page makes stand out
    title: str


@dataclass(frozen=True)
class DrawnRuling:
    result: HandResult
    names: tuple[str, str]
    headline: str
    outcome: str
    scorer: str | None
    knocker: DrawnHand | None
    defender: DrawnHand | None
    steps: tuple[DrawnStep, ...]
    illegal: Step | None = None  # the step that refuses the knock
    spread_note: SpreadNote | None = None
    knocker_options: tuple[Option, ...] = ()
    knocker_options_total: int = 0
    defender_options: tuple[Option, ...] = ()
    defender_options_total: int = 0
    upcard: Card | None = None
    detail: str = ""  # the line under the headline: how it ended, the two deadwoods

    @property
    def glossary(self) -> list[tuple[str, str]]:
        seen: dict[str, str] = {}
        for s in self.steps:
            seen.setdefault(s.step.rule, s.title)
        return [(tag, title) for tag, title in seen.items() if title]


def headline(result: HandResult, names: Sequence[str] | None = None) -> str:
    """The ruling in one line, in the reader's language: who scores how much."""
    if result.outcome is Outcome.ILLEGAL_KNOCK:
        return _("Illegal knock: nobody scores")
    if result.outcome is Outcome.DEAD:
        return _("Dead hand: nobody scores")
    if result.scorer is None:
        return _("A tie: nobody scores")
    names = names or (_("Knocker"), _("Defender"))
    who = names[0] if result.scorer is Role.KNOCKER else names[1]
    if result.points < 0:
        return _("%(name)s loses %(points)s", name=who, points=-result.points)
    return _("%(name)s scores %(points)s", name=who, points=result.points)


@budgeted
def draw(
    result: HandResult,
    rules: Ruleset,
    *,
    knocker: Sequence[Card] | None = None,
    defender: Sequence[Card] | None = None,
    spread_declared: bool = False,
    upcard: Card | None = None,
    kind: HandKind | str | None = None,
    names: Sequence[str] | None = None,
) -> DrawnRuling:
    """Everything the ruling view draws for ``result``; ``knocker``/``defender`` are the cards
    as entered (absent for a hand entered by counts), ``kind`` what was announced (a
    :class:`HandKind` or its value)."""
    names = names or (_("Knocker"), _("Defender"))
    pair = (names[0], names[1])
    k_arr, d_arr = result.knocker_arrangement, result.defender_arrangement
    knocker_hand = defender_hand = None
    ten: tuple[Card, ...] = ()
    if k_arr is not None and knocker is not None:
        ten = (*k_arr.melded_cards, *k_arr.deadwood_cards)
        placed = _placed_layoffs(result, rules, defender)
        knocker_hand = DrawnHand(
            role="knocker",
            name=pair[0],
            melds=tuple(
                DrawnMeld(m.kind.value, placed[i]) if i in placed else _plain(m)
                for i, m in enumerate(k_arr.melds)
            ),
            deadwood_cards=k_arr.deadwood_cards,
            deadwood=result.knocker_deadwood,
            discarded=_minus(knocker, ten),
        )
    if d_arr is not None:
        defender_hand = DrawnHand(
            role="defender",
            name=pair[1],
            melds=tuple(_plain(m) for m in d_arr.melds),
            deadwood_cards=d_arr.deadwood_cards,
            deadwood=result.defender_deadwood,
            before_layoffs=result.defender_deadwood_before_layoffs,
            laid_off=tuple(lo.card for lo in result.layoffs),
        )

    illegal = result.steps[-1] if result.outcome is Outcome.ILLEGAL_KNOCK else None
    note = None
    if spread_declared and ten and k_arr is not None and knocker is not None:
        note = _spread_note(result, rules, knocker, defender, upcard, kind, k_arr, ten, pair)
    k_options, k_total = _knocker_options(result, rules, ten, defender, spread_declared)
    d_options, d_total = _defender_options(result, rules, defender)

    steps = []
    last_r3 = max((i for i, s in enumerate(result.steps) if s.rule == "R3"), default=-1)
    for i, step in enumerate(result.steps):
        mark = None
        if illegal is not None and i == len(result.steps) - 1:
            mark = "illegal"
        elif note is not None and note.extra_deadwood > 0 and i == last_r3:
            mark = "cost"
        title = RULE_TITLES.get(step.rule) or rule_titles().get(step.rule, "")
        steps.append(DrawnStep(i + 1, step, mark, _t(title)))
    return DrawnRuling(
        detail=_detail(result, rules),
        result=result,
        names=pair,
        headline=headline(result, pair),
        outcome=_t(OUTCOME_LABELS.get(result.outcome, result.outcome.value)),
        scorer=result.scorer.value if result.scorer else None,
        knocker=knocker_hand,
        defender=defender_hand,
        steps=tuple(steps),
        illegal=illegal,
        spread_note=note,
        knocker_options=k_options,
        knocker_options_total=k_total,
        defender_options=d_options,
        defender_options_total=d_total,
        upcard=upcard,
    )


def _detail(result: HandResult, rules: Ruleset) -> str:
    label = _t(OUTCOME_LABELS.get(result.outcome, result.outcome.value))
    k, d = result.knocker_deadwood, result.defender_deadwood
    if result.outcome is Outcome.ILLEGAL_KNOCK:
        limit = result.knock_limit
        shown = _("gin only") if not limit else rules.knock_limit_text(limit)
        return _(
            "The knocker's deadwood %(points)s; the knock limit: %(limit)s", points=k, limit=shown
        )
    if k is None or d is None:
        return label
    return _(
        "%(outcome)s · deadwood %(knocker)s v %(defender)s", outcome=label, knocker=k, defender=d
    )


def draw_inputs(inputs: RuleInputs, result: HandResult) -> DrawnRuling:
    return draw(
        result,
        inputs.rules,
        knocker=inputs.knocker,
        defender=inputs.defender,
        spread_declared=inputs.spread is not None,
        upcard=inputs.upcard,
        kind=inputs.kind,
    )


def _plain(meld: Meld) -> DrawnMeld:
    return DrawnMeld(meld.kind.value, tuple((c, False) for c in meld.cards))


def _best(cards: Sequence[Card], rules: Ruleset) -> tuple[tuple[Arrangement, ...], int]:
    """Up to 24 least-deadwood arrangements, and how many there are in all."""
    shown = melds.best_arrangements(cards, rules, limit=25)
    total = len(shown) if len(shown) < 25 else melds.count_best_arrangements(cards, rules)
    return shown[:24], total


def _minus(cards: Sequence[Card], remove: Sequence[Card]) -> tuple[Card, ...]:
    left = Counter(remove)
    out = []
    for card in cards:
        if left[card] > 0:
            left[card] -= 1
        else:
            out.append(card)
    return tuple(out)


def _placed_layoffs(
    result: HandResult, rules: Ruleset, defender: Sequence[Card] | None
) -> dict[int, tuple[tuple[Card, bool], ...]]:
    """Each knocker's meld that took layoffs, with the laid-off cards where they lie.

    The engine's own play is asked again for the melds as extended (it places each card at
    the end of the run it extends); the laid-off cards are marked.
    """
    spread = result.knocker_arrangement
    if not result.layoffs or spread is None:
        return {}
    extended: Sequence[Meld] | None = None
    if defender is not None:
        play = layoffs.defender_best(spread.melds, defender, rules)
        if [(lo.card, lo.meld_index) for lo in play.layoffs] == [
            (lo.card, lo.meld_index) for lo in result.layoffs
        ]:
            extended = play.extended_spread
    placed: dict[int, tuple[tuple[Card, bool], ...]] = {}
    for index, meld in enumerate(spread.melds):
        laid = [lo.card for lo in result.layoffs if lo.meld_index == index]
        if not laid:
            continue
        if extended is not None:
            own = Counter(meld.cards)
            cards = []
            for card in extended[index].cards:
                if own[card] > 0:
                    own[card] -= 1
                    cards.append((card, False))
                else:
                    cards.append((card, True))
            placed[index] = tuple(cards)
        else:
            placed[index] = (*((c, False) for c in meld.cards), *((c, True) for c in laid))
    return placed


def _spread_note(
    result: HandResult,
    rules: Ruleset,
    knocker: Sequence[Card],
    defender: Sequence[Card] | None,
    upcard: Card | None,
    kind: HandKind | str | None,
    declared: Arrangement,
    ten: tuple[Card, ...],
    names: tuple[str, str],
) -> SpreadNote | None:
    """What the declared spread changed: its extra deadwood, and the ruling with the
    referee's own choice of spread when that ruling differs (R3)."""
    if not any(s.rule == "R3" and "laid down" in s.text for s in result.steps):
        return None  # no spread was laid down (gin, or a table where the best always counts)
    best = melds.best_arrangement(ten, rules)
    other = None
    if defender is not None:
        announced = HandKind(kind) if kind is not None else None
        alternative = rule_cards(knocker, defender, rules, kind=announced, upcard=upcard)
        same = (alternative.outcome, alternative.scorer, alternative.points) == (
            result.outcome,
            result.scorer,
            result.points,
        )
        if not same:
            other = headline(alternative, names)
            if alternative.knocker_arrangement is not None:
                best = alternative.knocker_arrangement
    extra = declared.deadwood - best.deadwood
    if extra <= 0 and other is None:
        return None
    return SpreadNote(declared, best, extra, other)


def _knocker_options(
    result: HandResult,
    rules: Ruleset,
    ten: tuple[Card, ...],
    defender: Sequence[Card] | None,
    declared: bool,
) -> tuple[tuple[Option, ...], int]:
    """The knocker's least-deadwood arrangements when there are several, and (for a legal
    knock) the defender's deadwood against each: why the referee took the one it did."""
    chosen = result.knocker_arrangement
    if chosen is None or not ten or declared:
        return (), 0
    candidates, total = _best(ten, rules)
    if total < 2:
        return (), total
    knock = result.outcome in (Outcome.KNOCK, Outcome.UNDERCUT, Outcome.WASH)
    options = []
    for arrangement in candidates:
        against = None
        if knock and defender is not None:
            against = layoffs.defender_best(arrangement.melds, defender, rules).deadwood
        options.append(Option(arrangement, against, _same(arrangement, chosen)))
    return tuple(options), total


def _defender_options(
    result: HandResult, rules: Ruleset, defender: Sequence[Card] | None
) -> tuple[tuple[Option, ...], int]:
    """The defender's least-deadwood arrangements where it plays no layoffs (gin, big gin,
    an illegal knock) and there are several."""
    chosen = result.defender_arrangement
    if defender is None or chosen is None or result.layoffs:
        return (), 0
    if result.outcome not in (Outcome.GIN, Outcome.BIG_GIN, Outcome.ILLEGAL_KNOCK):
        return (), 0
    candidates, total = _best(defender, rules)
    if total < 2:
        return (), total
    return tuple(Option(a, None, _same(a, chosen)) for a in candidates), total


def _same(a: Arrangement, b: Arrangement) -> bool:
    def key(arr: Arrangement) -> list[tuple[int, ...]]:
        return sorted(tuple(sorted(c.index for c in m.cards)) for m in arr.melds)

    return key(a) == key(b)


# -- a match's hand --------------------------------------------------------------------------


def draw_line(board: Board, line: Line) -> DrawnRuling | None:
    """A match's two-player hand drawn in the same view as a checked hand, the knocker and
    defender by name; None for a hand of three players or one not ruled."""
    from referee.rules.cards import parse_cards

    result = line.result
    if not isinstance(result, HandResult) or len(line.players) != 2:
        return None
    names = board.names
    knocker, defender = line.knocker, line.defender
    if knocker is None or defender is None:  # a dead hand: the two who played
        knocker, defender = line.players
    values = line.values
    k_cards = d_cards = upcard = None
    deck = board.rules.deck
    try:
        if values.get("knocker_cards") and values.get("defender_cards"):
            k_cards = parse_cards(values["knocker_cards"], deck)
            d_cards = parse_cards(values["defender_cards"], deck)
        if values.get("upcard"):
            upcard = parse_cards(values["upcard"], deck, expected=1)[0]
    except ValueError:
        k_cards = d_cards = None
    kind = values.get("kind")
    return draw(
        result,
        board.rules,
        knocker=k_cards,
        defender=d_cards,
        spread_declared=bool(values.get("spread")),
        upcard=upcard,
        kind=kind if kind in ("knock", "gin", "big_gin") else None,
        names=(names[knocker], names[defender]),
    )
