"""Requests to rule on a knock or to analyse one hand, as the shell, the JSON API and the
check-a-hand page take them.

A request is a JSON-like dict (``{"knocker": "5S 6S ...", "defender": ..., "preset": ...}``).
Parsing turns it into :class:`RuleInputs` or :class:`AnalyzeInputs` (cards parsed, the rules
resolved) or raises :class:`InputError` naming the field and the reason, with the exact token
where a card is at fault. The inputs can be stored (:meth:`RuleInputs.to_dict`) and parsed
again later against a frozen Ruleset, which is how a shared ruling link re-derives its ruling.

Every number still comes from :mod:`referee.rules`; this module only reads requests and calls
the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from referee.games.presets import DEFAULT_PRESET, Preset, UnknownPresetError, get_preset
from referee.rules import melds
from referee.rules.adjudicate import HandKind, rule_cards
from referee.rules.budget import budgeted
from referee.rules.cards import Card, CardError, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.hand_conditions import HandConditions, UpcardRequiredError, hand_conditions
from referee.rules.messages import Message, either, msg
from referee.rules.report import arrangement_to_dict, hand_result_to_dict
from referee.rules.results import Arrangement, HandResult
from referee.rules.ruleset import Ruleset, RulesetError, parse_override

# The formats (every family's rules) load on first use: `referee analyze` never needs them.
ARRANGEMENTS_SHOWN = 24  # the most best arrangements an answer lists (it always says how many)


def resolve_rules(preset: str | None, overrides: object) -> Ruleset:
    """A preset's rules with house-rule overrides (a dict, or ``key=value`` strings)."""
    rules = preset_named(preset).rules
    if not overrides:
        return rules
    try:
        if isinstance(overrides, dict):
            return rules.with_overrides(**overrides)
        if isinstance(overrides, list | tuple):
            pairs = dict(parse_override(str(item)) for item in overrides)
            return rules.with_overrides(**pairs)
    except RulesetError as exc:
        raise InputError("rules", said_of(exc), rule=exc.problems[0][0]) from None
    raise InputError("rules", "must be an object of rule names to values")


def preset_named(name: object) -> Preset:
    """The preset a request names (the default when it names none), or :class:`InputError`
    on ``preset``."""
    if name is not None and not isinstance(name, str):
        raise InputError("preset", "must be a preset's name")
    try:
        return get_preset(name or DEFAULT_PRESET)
    except UnknownPresetError as exc:
        raise InputError("preset", said_of(exc)) from None


def _table(request: Mapping[str, object], rules: Ruleset | None) -> tuple[Ruleset, str]:
    """The rules a request is ruled under, and the preset they start from."""
    preset = preset_named(request.get("preset")).name
    if rules is None:
        rules = resolve_rules(preset, request.get("rules"))
    return rules, preset


def _cards(
    field: str,
    text: object,
    rules: Ruleset,
    expected: int | Iterable[int] | None = None,
    what: str = "",
) -> tuple[Card, ...]:
    if not isinstance(text, str | list) or (
        isinstance(text, list) and not all(isinstance(t, str) for t in text)
    ):
        raise InputError(field, "must be a string of cards")
    try:
        return parse_cards(text, rules.deck, expected=expected, what=what or f"the {field}")
    except CardError as exc:
        raise InputError(field, said_of(exc)) from None


def _upcard(request: Mapping[str, object], rules: Ruleset) -> Card | None:
    if not request.get("upcard"):
        return None
    return _cards("upcard", request["upcard"], rules, expected=1, what="the upcard")[0]


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join(c.code for c in cards)


# The house rules a request set: the rules that differ from its preset's, by name, as the JSON
# values :meth:`Ruleset.with_overrides` reads (``{"knock_limit": 7, "gin_bonus": 20}``).
HouseRules = dict[str, object]


# -- a ruling on a knock -----------------------------------------------------------------------


class RuleRequest(TypedDict):
    """A ruling's inputs as stored behind its link, in the request's own terms."""

    preset: str
    house_rules: HouseRules
    knocker: str
    defender: str
    upcard: str | None
    kind: str | None
    spread: list[list[str]] | None


@dataclass(frozen=True)
class RuleInputs:
    """Both hands of a finished hand, parsed, with the rules to rule it under."""

    rules: Ruleset
    preset: str
    knocker: tuple[Card, ...]
    defender: tuple[Card, ...]
    upcard: Card | None = None
    kind: HandKind | None = None
    spread: tuple[tuple[Card, ...], ...] | None = None
    house_rules: HouseRules = field(default_factory=dict)

    @budgeted
    def rule(self) -> HandResult:
        """The engine's ruling, or :class:`InputError` naming the field it cannot rule on."""
        try:
            return rule_cards(
                self.knocker,
                self.defender,
                self.rules,
                kind=self.kind,
                spread=self.spread,
                upcard=self.upcard,
            )
        except InputError as exc:
            raise InputError(exc.field, exc.reason) from None

    def to_dict(self) -> RuleRequest:
        """The inputs as a request again (card codes), to store and parse later."""
        return {
            "preset": self.preset,
            "house_rules": self.house_rules,
            "knocker": _codes(self.knocker),
            "defender": _codes(self.defender),
            "upcard": self.upcard.code if self.upcard else None,
            "kind": self.kind.value if self.kind else None,
            "spread": [[c.code for c in meld] for meld in self.spread] if self.spread else None,
        }


def rules_two_players(preset: Preset) -> bool:
    """Whether every hand at ``preset``'s table is one knocker against one defender (a
    ruling between two hands), as its format says."""
    from referee.games import format_for

    return format_for(preset, preset.rules).two_player


def parse_rule_request(request: Mapping[str, object], rules: Ruleset | None = None) -> RuleInputs:
    """``{"knocker": ..., "defender": ..., "preset": ..., "rules": ..., "upcard": ...,
    "kind": ..., "spread": ...}`` → :class:`RuleInputs`; ``rules`` (a frozen Ruleset) replaces
    the preset and house rules when given."""
    rules, preset = _table(request, rules)
    if not rules_two_players(get_preset(preset)):
        raise InputError(
            "preset",
            msg(
                "`{preset}` is played by three at once; a ruling here is between one knocker "
                "and one defender",
                preset=preset,
            ),
        )
    n = rules.hand_size
    hands = []
    for name, counts in (("knocker", (n, n + 1)), ("defender", n)):  # top to bottom
        if name not in request or request[name] in (None, ""):
            missing = (
                msg("the knocker's cards are missing")
                if name == "knocker"
                else msg("the defender's cards are missing")
            )
            raise InputError(name, missing)
        hands.append(_cards(name, request[name], rules, expected=counts))
    knocker, defender = hands
    upcard = _upcard(request, rules)
    kind = None
    if request.get("kind") and str(request["kind"]).lower() != "auto":
        try:
            kind = HandKind(str(request["kind"]).lower())
        except ValueError:
            raise InputError("kind", "must be knock, gin or big_gin") from None
    from referee.games.hand_entry import parse_spread

    spread = parse_spread(request.get("spread"), rules.deck)
    return RuleInputs(
        rules=rules,
        preset=preset,
        knocker=knocker,
        defender=defender,
        upcard=upcard,
        kind=kind,
        spread=spread,
        house_rules=_house_rules(preset, rules),
    )


def _house_rules(preset: str, rules: Ruleset) -> HouseRules:
    """The rules that differ from the preset's, as (JSON) values."""
    return {
        name: theirs for name, (_, theirs) in get_preset(preset).rules.differences(rules).items()
    }


def rule_request(request: Mapping[str, object]) -> dict[str, Any]:
    """``{"knocker": ..., "defender": ..., "preset": ...}`` → the ruling as JSON."""
    return hand_result_to_dict(parse_rule_request(request).rule())


# -- one hand analysed -----------------------------------------------------------------------


class AnalyzeRequest(TypedDict):
    """An analysis's inputs as stored behind its link."""

    preset: str
    house_rules: HouseRules
    hand: str
    upcard: str | None


@dataclass(frozen=True)
class AnalyzeInputs:
    """One hand, parsed, with the rules (and the upcard, at a table that turns one) to judge
    it under."""

    rules: Ruleset
    preset: str
    hand: tuple[Card, ...]
    upcard: Card | None = None
    house_rules: HouseRules = field(default_factory=dict)

    def analyze(self) -> Analysis:
        return analyze_hand(self.hand, self.rules, self.upcard)

    def to_dict(self) -> AnalyzeRequest:
        return {
            "preset": self.preset,
            "house_rules": self.house_rules,
            "hand": _codes(self.hand),
            "upcard": self.upcard.code if self.upcard else None,
        }


def parse_analyze_request(
    request: Mapping[str, object], rules: Ruleset | None = None
) -> AnalyzeInputs:
    """``{"hand": "AS 2S 3S ...", "preset": ..., "rules": ..., "upcard": ...}`` →
    :class:`AnalyzeInputs` (at most one card more than a dealt hand)."""
    rules, preset = _table(request, rules)
    if "hand" not in request or request["hand"] in (None, ""):
        raise InputError("hand", msg("the cards of the hand are missing"))
    hand = _cards("hand", request["hand"], rules, what="the hand")
    if not hand:
        raise InputError("hand", msg("holds no cards"))
    most = rules.hand_size + 1
    if len(hand) > most:
        raise InputError(
            "hand",
            msg(
                "the hand holds {count} cards, at most {most} are analysed "
                "({dealt} dealt and one drawn)",
                count=len(hand),
                most=most,
                dealt=rules.hand_size,
            ),
        )
    return AnalyzeInputs(rules, preset, hand, _upcard(request, rules), _house_rules(preset, rules))


@dataclass(frozen=True)
class Analysis:
    """A hand's best arrangements and whether it may knock (``may_knock`` None: unknown until
    the upcard is given, at a table whose upcard sets the knock limit). With one card more
    than a dealt hand, ``options`` holds the best discards and ``after`` the best
    arrangements after the first of them."""

    hand: tuple[Card, ...]
    rules: Ruleset
    arrangements: tuple[Arrangement, ...]
    count: int
    conditions: HandConditions | None
    may_knock: bool | None
    verdict: Message  # its English is the JSON's and the shell's verdict
    options: melds.KnockOptions | None = None
    after: tuple[Arrangement, ...] = ()
    after_count: int = 0
    after_may_knock: bool | None = None

    @property
    def best(self) -> Arrangement:
        return self.arrangements[0]

    @property
    def knock_limit(self) -> int | None:
        return self.conditions.knock_limit if self.conditions else None


@budgeted
def analyze_hand(hand: tuple[Card, ...], rules: Ruleset, upcard: Card | None = None) -> Analysis:
    """Best arrangement(s), deadwood, and whether the hand may knock under ``rules``."""
    try:
        conditions: HandConditions | None = hand_conditions(rules, upcard)
    except UpcardRequiredError as exc:
        if upcard is not None:
            raise InputError("upcard", said_of(exc)) from None
        conditions = None
    every = melds.best_arrangements(hand, rules, limit=ARRANGEMENTS_SHOWN + 1)
    count = (
        len(every)
        if len(every) <= ARRANGEMENTS_SHOWN
        else melds.count_best_arrangements(hand, rules)
    )
    best = every[0]
    may_knock = _may_knock(best.deadwood, conditions, rules)
    options = None
    after: tuple[Arrangement, ...] = ()
    after_count = 0
    after_may_knock = None
    if len(hand) == rules.hand_size + 1:
        options = melds.knock_options(hand, rules)
        after = options.arrangements_after(options.discards[0], ARRANGEMENTS_SHOWN + 1)
        after_count = (
            len(after)
            if len(after) <= ARRANGEMENTS_SHOWN
            else options.count_after(options.discards[0])
        )
        after = after[:ARRANGEMENTS_SHOWN]
        after_may_knock = _may_knock(options.deadwood, conditions, rules)
    return Analysis(
        hand=hand,
        rules=rules,
        arrangements=every[:ARRANGEMENTS_SHOWN],
        count=count,
        conditions=conditions,
        may_knock=may_knock,
        verdict=_verdict(hand, best, conditions, rules, options),
        options=options,
        after=after,
        after_count=after_count,
        after_may_knock=after_may_knock,
    )


def _may_knock(deadwood: int, conditions: HandConditions | None, rules: Ruleset) -> bool | None:
    if conditions is None:
        return None
    return conditions.knock_allowed(deadwood, rules)


def _verdict(
    hand: tuple[Card, ...],
    best: Arrangement,
    conditions: HandConditions | None,
    rules: Ruleset,
    options: melds.KnockOptions | None,
) -> Message:
    """One sentence: gin, may knock, or may not knock, and why."""
    n = rules.hand_size
    if options is not None:
        if options.big_gin:
            if rules.big_gin_enabled:
                return msg("Big gin: all {cards} cards meld without a discard.", cards=len(hand))
            return msg(
                "All {cards} cards meld, but this table does not play big gin: "
                "discard one and it is gin.",
                cards=len(hand),
            )
        discards = either([c.label for c in options.discards])
        if options.deadwood == 0:
            return msg("Discard {cards}: gin, the other {n} cards all meld.", cards=discards, n=n)
        return msg(
            "Discard {cards}, leaving {deadwood}: {verdict}",
            cards=discards,
            deadwood=options.deadwood,
            verdict=_knock_text(options.deadwood, conditions, rules),
        )
    if len(hand) != n:
        return msg(
            "Deadwood {deadwood}. Whether a hand may knock is judged on {n} cards "
            "({before} before the discard).",
            deadwood=best.deadwood,
            n=n,
            before=n + 1,
        )
    if best.deadwood == 0:
        return msg("Gin: all {n} cards meld.", n=n)
    return msg(
        "Deadwood {deadwood}: {verdict}",
        deadwood=best.deadwood,
        verdict=_knock_text(best.deadwood, conditions, rules),
    )


def _knock_text(deadwood: int, conditions: HandConditions | None, rules: Ruleset) -> Message:
    if deadwood == 0:
        return msg("gin, every card melds.")
    if conditions is None:
        return msg(
            "at this table the first upcard sets the knock limit; enter it to see whether it may "
            "knock."
        )
    limit = conditions.limit_text(rules)
    if conditions.knock_allowed(deadwood, rules):
        return msg("may knock (knock limit: {limit}).", limit=limit)
    if conditions.knock_limit in (None, 0):
        return msg("may not knock: this hand is {limit}.", limit=limit)
    return msg(
        "may not knock: {deadwood} is outside the knock limit ({limit}).",
        deadwood=deadwood,
        limit=limit,
    )


def analysis_to_dict(analysis: Analysis) -> dict[str, Any]:
    """The analysis as JSON; the first fields are those of ``referee analyze``."""
    answer = arrangement_to_dict(analysis.best)
    answer["optimal_arrangements"] = analysis.count
    answer["arrangements"] = [arrangement_to_dict(a) for a in analysis.arrangements]
    answer["may_knock"] = analysis.may_knock
    answer["knock_limit"] = analysis.knock_limit
    answer["verdict"] = str(analysis.verdict)
    if analysis.conditions is not None and analysis.conditions.steps:
        answer["conditions"] = [s.as_json() for s in analysis.conditions.steps]
    options = analysis.options
    if options is not None:
        answer["after_discard"] = {
            "deadwood": options.deadwood,
            "discards": [c.code for c in options.discards],
            "big_gin": options.big_gin,
            "may_knock": analysis.after_may_knock,
            "optimal_arrangements": analysis.after_count,
            "arrangements": [arrangement_to_dict(a) for a in analysis.after],
        }
    return answer


def analyze_request(request: Mapping[str, object]) -> dict[str, Any]:
    """``{"hand": "AS 2S 3S ..."}`` → the best arrangement (and, for 11 cards, the best discard)."""
    return analysis_to_dict(parse_analyze_request(request).analyze())
