"""One finished two-handed hand → a HandResult with its rulings (RULES.md §2, §9).

Two ways in, one result type: full cards (the engine finds the spreads, layoffs and deadwood)
or declared counts (quick entry: who knocked, the two deadwoods). Both score through
``scoring.score_finish``, so the two can never disagree. Every decision adds a plain-language
step tagged with the rule it applies; a disputed hand is settled by reading them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from . import layoffs, melds
from .cards import Card, CardError, format_cards, parse_cards
from .errors import InputError
from .hand_conditions import HandConditions, UpcardRequiredError, hand_conditions
from .results import Arrangement, HandResult, Outcome, Step
from .ruleset import KnockerSpread, Ruleset
from .scoring import Finish, score_finish
from .values import card_value


class HandKind(StrEnum):
    """What the player announced."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"


HandInputError = InputError
"""Input that cannot be ruled on (the engine's one :class:`~.errors.InputError`)."""


def _conditions(rules: Ruleset, upcard: Card | None) -> HandConditions:
    try:
        return hand_conditions(rules, upcard)
    except UpcardRequiredError as exc:
        raise HandInputError("upcard", str(exc)) from None


# -- quick entry -------------------------------------------------------------------------------


def rule_counts(
    rules: Ruleset,
    *,
    kind: HandKind,
    knocker_deadwood: int,
    defender_deadwood: int,
    upcard: Card | None = None,
) -> HandResult:
    """Rule a hand from declared counts: the defender's deadwood after layoffs for a knock,
    the defender's whole deadwood for gin or big gin (no layoffs after gin, R8)."""
    conditions = _conditions(rules, upcard)
    kind = HandKind(kind)
    ceiling = _max_deadwood(rules)
    for field, value in (
        ("knocker_deadwood", knocker_deadwood),
        ("defender_deadwood", defender_deadwood),
    ):
        if isinstance(value, bool) or not isinstance(value, int):
            raise HandInputError(field, f"must be a whole number (got {value!r})")
        if value < 0:
            raise HandInputError(field, f"cannot be negative (got {value})")
        if value > ceiling:
            raise HandInputError(
                field, f"{value} is more than {rules.hand_size} cards can count ({ceiling})"
            )
    if kind is not HandKind.KNOCK and knocker_deadwood != 0:
        raise HandInputError("knocker_deadwood", f"is {knocker_deadwood}, but gin leaves none")
    if kind is HandKind.BIG_GIN and not rules.big_gin_enabled:
        kind = HandKind.GIN
    steps = list(conditions.steps)
    finish = _finish_for_counts(kind, knocker_deadwood, rules)
    if finish is Finish.GIN and kind is HandKind.KNOCK:
        steps.append(Step("The knocker's deadwood is 0: cards speak, scored as gin.", "R11"))
    if finish is Finish.KNOCK:
        if not conditions.knock_allowed(knocker_deadwood, rules):
            steps.append(_illegal_step(knocker_deadwood, conditions, rules))
            return _illegal(knocker_deadwood, defender_deadwood, conditions, steps)
        steps.append(
            Step(
                f"The knocker's deadwood {knocker_deadwood} is within the knock limit "
                f"({conditions.limit_text(rules)}): a legal knock.",
                "R2",
            )
        )
    line = score_finish(finish, knocker_deadwood, defender_deadwood, rules, conditions)
    return HandResult(
        outcome=line.outcome,
        scorer=line.scorer,
        points=line.points,
        boxes=line.boxes,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
        defender_deadwood_before_layoffs=defender_deadwood if finish is not Finish.KNOCK else None,
        steps=(*steps, *line.steps),
        knock_limit=conditions.knock_limit,
        multiplier=conditions.multiplier,
    )


def _finish_for_counts(kind: HandKind, knocker_deadwood: int, rules: Ruleset) -> Finish:
    if kind is HandKind.BIG_GIN:
        return Finish.BIG_GIN
    if kind is HandKind.GIN or (knocker_deadwood == 0 and rules.gin_cards_speak):
        return Finish.GIN
    return Finish.KNOCK


def _max_deadwood(rules: Ruleset) -> int:
    top = max(rules.court_value, rules.ace_value, 10, rules.joker_value if rules.jokers else 0)
    return (rules.hand_size + 1) * top


def rule_dead_hand(rules: Ruleset, upcard: Card | None = None) -> HandResult:
    """A drawn hand: the stock reached the wall with no knock (R16): nobody scores."""
    conditions = hand_conditions(rules, upcard) if rules.oklahoma and upcard else None
    steps = list(conditions.steps) if conditions else []
    steps.append(
        Step(
            f"Nobody knocked before the stock was down to {rules.wall_size} cards: a dead hand. "
            "No points and no box; the same dealer deals again.",
            "R16",
        )
    )
    return HandResult(
        outcome=Outcome.DEAD,
        scorer=None,
        points=0,
        boxes=0,
        knocker_deadwood=None,
        defender_deadwood=None,
        steps=tuple(steps),
        knock_limit=conditions.knock_limit if conditions else rules.knock_limit,
    )


# -- full cards --------------------------------------------------------------------------------


def rule_cards(
    knocker: Sequence[Card],
    defender: Sequence[Card],
    rules: Ruleset,
    *,
    kind: HandKind | None = None,
    spread: Sequence[Sequence[Card]] | None = None,
    upcard: Card | None = None,
) -> HandResult:
    """Rule a hand from both players' cards.

    ``knocker``: the ten cards after the knock discard, or eleven (all melded: big gin; else
    the engine discards the card that leaves the least deadwood and says so). ``spread``: the
    melds the knocker actually laid down, when known (R3). ``kind``: what was announced, when
    known; the cards decide otherwise (R11).
    """
    conditions = _conditions(rules, upcard)
    kind = HandKind(kind) if kind is not None else None
    knocker, defender = _checked_hands(knocker, defender, rules)
    steps: list[Step] = list(conditions.steps)

    if len(knocker) == rules.hand_size + 1:
        knocker, big_gin = _eleven_cards(knocker, kind, rules, steps)
        if big_gin:
            return _gin_result(Finish.BIG_GIN, knocker, defender, rules, conditions, steps)
    elif kind is HandKind.BIG_GIN:
        raise HandInputError(
            "knocker",
            f"big gin needs all {rules.hand_size + 1} cards (before any discard); "
            f"{len(knocker)} were entered",
        )

    best = melds.best_arrangement(knocker, rules)
    if best.deadwood == 0 and (rules.gin_cards_speak or kind is HandKind.GIN):
        if kind is HandKind.KNOCK:
            steps.append(
                Step("The knocker's ten cards all meld: cards speak, scored as gin.", "R11")
            )
        return _gin_result(Finish.GIN, knocker, defender, rules, conditions, steps)
    if kind is HandKind.GIN:
        steps.append(
            Step(
                f"Gin was announced, but the knocker's best arrangement leaves "
                f"{best.deadwood} deadwood ({format_cards(best.deadwood_cards)}): "
                "ruled as a knock.",
                "R11",
            )
        )

    spread_arrangement = _knocker_spread(knocker, defender, spread, best, rules, steps)
    k = spread_arrangement.deadwood
    if not conditions.knock_allowed(k, rules):
        steps.append(_illegal_step(k, conditions, rules, best))
        defender_alone = melds.best_arrangement(defender, rules)
        return _illegal(
            k,
            defender_alone.deadwood,
            conditions,
            steps,
            knocker_arrangement=spread_arrangement,
            defender_arrangement=defender_alone,
        )
    steps.append(
        Step(
            f"Knocker's deadwood {k}{_cards_in(spread_arrangement)} is within the knock limit "
            f"({conditions.limit_text(rules)}): a legal knock.",
            "R2",
        )
    )

    play = layoffs.defender_best(spread_arrangement.melds, defender, rules)
    steps.extend(_defender_steps(play, spread_arrangement, defender, rules))
    line = score_finish(Finish.KNOCK, k, play.deadwood, rules, conditions)
    steps.extend(line.steps)
    return HandResult(
        outcome=line.outcome,
        scorer=line.scorer,
        points=line.points,
        boxes=line.boxes,
        knocker_deadwood=k,
        defender_deadwood=play.deadwood,
        defender_deadwood_before_layoffs=play.deadwood_without_layoffs,
        knocker_arrangement=spread_arrangement,
        defender_arrangement=play.arrangement,
        layoffs=play.layoffs,
        steps=tuple(steps),
        knock_limit=conditions.knock_limit,
        multiplier=conditions.multiplier,
    )


def _checked_hands(
    knocker: Sequence[Card], defender: Sequence[Card], rules: Ruleset
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    n = rules.hand_size
    if (
        len(knocker) in (n, n + 1)
        and len(defender) == n
        and len({c.index for c in (*knocker, *defender)}) == len(knocker) + len(defender)
        and all(c.index < 52 for c in (*knocker, *defender))
    ):
        return tuple(knocker), tuple(defender)  # distinct natural cards: every pack holds them
    try:
        knocker_cards = parse_cards(
            [c.code for c in knocker], rules.deck, expected=(n, n + 1), what="the knocker"
        )
    except CardError as exc:
        raise HandInputError("knocker", str(exc)) from None
    try:
        defender_cards = parse_cards(
            [c.code for c in defender], rules.deck, expected=n, what="the defender"
        )
    except CardError as exc:
        raise HandInputError("defender", str(exc)) from None
    try:
        parse_cards([c.code for c in (*knocker_cards, *defender_cards)], rules.deck)
    except CardError as exc:
        shown = exc.token or "a card"
        raise HandInputError("defender", f"`{shown}` is in both hands") from None
    return knocker_cards, defender_cards


def _eleven_cards(
    knocker: tuple[Card, ...], kind: HandKind | None, rules: Ruleset, steps: list[Step]
) -> tuple[tuple[Card, ...], bool]:
    """Eleven cards: big gin if they all meld and the table plays it; else the best discard."""
    options = melds.knock_options(knocker, rules)
    if options.big_gin and rules.big_gin_enabled:
        steps.append(Step(f"All {len(knocker)} cards meld without a discard: big gin.", "R12"))
        return knocker, True
    if kind is HandKind.BIG_GIN:
        if options.big_gin:
            steps.append(
                Step(
                    "All eleven cards meld, but this table does not play big gin: scored as gin "
                    "after a discard.",
                    "R12",
                )
            )
        else:
            raise HandInputError(
                "knocker",
                f"the knocker's {len(knocker)} cards do not all meld, so this is not big gin "
                f"(the best discard leaves {options.deadwood})",
            )
    discard = options.discards[0]
    rest = list(knocker)
    rest.remove(discard)
    others = ", ".join(c.label for c in options.discards[1:])
    also = f" (as would {others})" if others else ""
    steps.append(
        Step(
            f"{len(knocker)} cards were entered for the knocker: discarding {discard.label}"
            f"{also} leaves the least deadwood, {options.deadwood}.",
            "R2",
        )
    )
    return tuple(rest), False


def _gin_result(
    finish: Finish,
    knocker: tuple[Card, ...],
    defender: tuple[Card, ...],
    rules: Ruleset,
    conditions: HandConditions,
    steps: list[Step],
) -> HandResult:
    knocker_arr = melds.best_arrangement(knocker, rules)
    defender_arr = melds.best_arrangement(defender, rules)
    steps.append(
        Step(
            f"Defender's deadwood {defender_arr.deadwood}{_cards_in(defender_arr)}; "
            "no layoffs after gin.",
            "R8",
        )
    )
    if defender_arr.deadwood == 0:
        steps.append(Step("The defender's cards meld too, but gin cannot be undercut.", "R10"))
    line = score_finish(finish, 0, defender_arr.deadwood, rules, conditions)
    steps.extend(line.steps)
    return HandResult(
        outcome=line.outcome,
        scorer=line.scorer,
        points=line.points,
        boxes=line.boxes,
        knocker_deadwood=0,
        defender_deadwood=defender_arr.deadwood,
        defender_deadwood_before_layoffs=defender_arr.deadwood,
        knocker_arrangement=knocker_arr,
        defender_arrangement=defender_arr,
        steps=tuple(steps),
        knock_limit=conditions.knock_limit,
        multiplier=conditions.multiplier,
    )


def _knocker_spread(
    knocker: tuple[Card, ...],
    defender: tuple[Card, ...],
    spread: Sequence[Sequence[Card]] | None,
    best: Arrangement,
    rules: Ruleset,
    steps: list[Step],
) -> Arrangement:
    if spread is not None and rules.knocker_spread is KnockerSpread.DECLARED_ELSE_AUTO:
        try:
            declared = melds.check_spread(knocker, spread, rules)
        except ValueError as exc:
            raise HandInputError("spread", str(exc)) from None
        steps.append(
            Step(
                f"The knocker laid down {_melds_text(declared)}, leaving "
                f"{declared.deadwood}{_cards_in(declared)}.",
                "R3",
            )
        )
        if declared.deadwood > best.deadwood:
            steps.append(
                Step(
                    f"That spread leaves {declared.deadwood - best.deadwood} more deadwood than "
                    f"the best one ({_melds_text(best)}: {best.deadwood}); the spread laid down "
                    "is the one that counts.",
                    "R3",
                )
            )
        return declared
    chosen = layoffs.choose_knocker_spread(knocker, defender, rules)
    steps.append(
        Step(
            f"The knocker's spread is taken as {_melds_text(chosen)} (least deadwood, "
            f"{chosen.deadwood}; among those, the fewest layoff points for the defender).",
            "R3",
        )
    )
    return chosen


def _defender_steps(
    play: layoffs.DefenderPlay, spread: Arrangement, defender: Sequence[Card], rules: Ruleset
) -> list[Step]:
    steps: list[Step] = []
    own = play.arrangement
    alone = melds.best_arrangement(defender, rules)
    alone_text = _melds_text(alone) if alone.melds else "no melds"
    steps.append(
        Step(
            f"Without layoffs the defender's best is {alone_text}, leaving "
            f"{play.deadwood_without_layoffs} deadwood.",
            "R4",
        )
    )
    if not play.layoffs:
        steps.append(Step("Defender has nothing to lay off.", "R4"))
        return steps
    laid = ", ".join(
        f"{lo.card.label} onto {spread.melds[lo.meld_index].label}" for lo in play.layoffs
    )
    total = sum(card_value(lo.card, rules) for lo in play.layoffs)
    kept = _melds_text(own) if own.melds else "no melds of its own"
    steps.append(Step(f"Defender lays off {laid} ({total} points) and keeps {kept}.", "R4"))
    broken = {c for m in alone.melds for c in m.cards} & {lo.card for lo in play.layoffs}
    if broken:
        cards_text = " ".join(c.label for c in sorted(broken, key=lambda c: c.index))
        steps.append(
            Step(
                f"To lay off {cards_text} the defender breaks up a meld of its own: allowed, "
                "the defender arranges its cards as it likes, each card used once.",
                "R7",
            )
        )
    chained = _chained(play)
    if chained:
        steps.append(
            Step(f"{chained} joins a run the defender's own layoff extended: allowed.", "R5")
        )
    steps.append(Step(f"Defender's deadwood after layoffs: {play.deadwood}{_cards_in(own)}.", "R4"))
    return steps


def _chained(play: layoffs.DefenderPlay) -> str:
    """The first layoff that only fits because of an earlier layoff on the same meld."""
    spread_by_index = play.extended_spread
    seen: dict[int, int] = {}
    for lo in play.layoffs:
        seen[lo.meld_index] = seen.get(lo.meld_index, 0) + 1
        meld = spread_by_index[lo.meld_index]
        if seen[lo.meld_index] > 1 and meld.kind == "run":
            return lo.card.label
    return ""


def _illegal_step(
    deadwood: int, conditions: HandConditions, rules: Ruleset, best: Arrangement | None = None
) -> Step:
    text = (
        f"The knocker's deadwood is {deadwood}, outside the knock limit "
        f"({conditions.limit_text(rules)}): an illegal knock. It scores nothing and the hand "
        "is not over."
    )
    if best is not None:
        if best.deadwood < deadwood:
            text += (
                f" The best the knocker could have laid down was {best.deadwood} "
                f"({_melds_text(best)})."
            )
        else:
            text += f" The least deadwood these cards can make is {best.deadwood}."
    return Step(text, "R2")


def _illegal(
    knocker_deadwood: int,
    defender_deadwood: int | None,
    conditions: HandConditions,
    steps: list[Step],
    knocker_arrangement: Arrangement | None = None,
    defender_arrangement: Arrangement | None = None,
) -> HandResult:
    return HandResult(
        outcome=Outcome.ILLEGAL_KNOCK,
        scorer=None,
        points=0,
        boxes=0,
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
        knocker_arrangement=knocker_arrangement,
        defender_arrangement=defender_arrangement,
        steps=tuple(steps),
        knock_limit=conditions.knock_limit,
        multiplier=conditions.multiplier,
    )


def _melds_text(arrangement: Arrangement) -> str:
    if not arrangement.melds:
        return "no melds"
    return " / ".join(m.label for m in arrangement.melds)


def _cards_in(arrangement: Arrangement) -> str:
    if not arrangement.deadwood_cards:
        return ""
    return f" ({format_cards(arrangement.deadwood_cards)})"
