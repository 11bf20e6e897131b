"""One finished two-handed hand → a HandResult with its rulings (docs/rules.md §2, §9).

Two ways in, one result type: full cards (the engine finds the spreads, layoffs and deadwood)
or declared counts (quick entry: who knocked, the two deadwoods). Both score through
``scoring.score_finish``, so the two can never disagree. Every decision adds a plain-language
step tagged with the rule it applies; a disputed hand is settled by reading them.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules import layoffs, melds
from referee.rules.cards import Card, CardError, format_cards, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.hand_conditions import HandConditions, hand_conditions
from referee.rules.messages import Message, Value, joined, msg, msg_n
from referee.rules.results import Arrangement, HandResult, Outcome, Step
from referee.rules.ruleset import Ruleset
from referee.rules.ruling_steps import (
    HandKind as HandKind,
)
from referee.rules.ruling_steps import (
    KnockerWords,
    checked_conditions,
    declared_spread,
    layoffs_laid,
    melds_text,
    read_knocker,
    spread_is_declared,
)
from referee.rules.scoring import Finish, score_finish

HandInputError = InputError
"""Input that cannot be ruled on (the engine's one :class:`~.errors.InputError`)."""


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
    conditions = checked_conditions(rules, upcard)
    kind = HandKind(kind)
    ceiling = _max_deadwood(rules)
    for field, value in (
        ("knocker_deadwood", knocker_deadwood),
        ("defender_deadwood", defender_deadwood),
    ):
        if isinstance(value, bool) or not isinstance(value, int):
            raise HandInputError(
                field, msg("must be a whole number (got {value})", value=repr(value))
            )
        if value < 0:
            raise HandInputError(field, msg("cannot be negative (got {value})", value=value))
        if value > ceiling:
            said = msg_n(
                "{value} is more than {count} card can count ({ceiling})",
                "{value} is more than {count} cards can count ({ceiling})",
                rules.hand_size,
                value=value,
                ceiling=ceiling,
            )
            raise HandInputError(field, said)
    if kind is not HandKind.KNOCK and knocker_deadwood != 0:
        raise HandInputError(
            "knocker_deadwood",
            msg("is {deadwood}, but gin leaves none", deadwood=knocker_deadwood),
        )
    if kind is HandKind.BIG_GIN and not rules.big_gin_enabled:
        kind = HandKind.GIN
    steps = list(conditions.steps)
    finish = _finish_for_counts(kind, knocker_deadwood, rules)
    if finish is Finish.GIN and kind is HandKind.KNOCK:
        steps.append(Step(msg("The knocker's deadwood is 0: cards speak, scored as gin."), "R11"))
    if finish is Finish.KNOCK:
        if not conditions.knock_allowed(knocker_deadwood, rules):
            steps.append(_illegal_step(knocker_deadwood, conditions, rules))
            return _illegal(knocker_deadwood, defender_deadwood, conditions, steps)
        steps.append(
            Step(
                msg(
                    "The knocker's deadwood {deadwood} is within the knock limit ({limit}): a "
                    "legal knock.",
                    deadwood=knocker_deadwood,
                    limit=conditions.limit_message(rules),
                ),
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
    by_upcard = rules.upcard_sets_knock_limit and upcard is not None
    conditions = hand_conditions(rules, upcard) if by_upcard else None
    steps = list(conditions.steps) if conditions else []
    steps.append(
        Step(
            msg(
                "Nobody knocked before the stock was down to {wall} cards: a dead hand. No "
                "points and no box; the same dealer deals again.",
                wall=rules.wall_size,
            ),
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
    conditions = checked_conditions(rules, upcard)
    kind = HandKind(kind) if kind is not None else None
    knocker, defender = _checked_hands(knocker, defender, rules)
    steps: list[Step] = list(conditions.steps)
    read = read_knocker(knocker, kind, rules, steps, _knocker_words(rules))
    knocker = read.cards
    if read.finish is not None:
        return _gin_result(read.finish, knocker, defender, rules, conditions, steps)
    best = read.best
    assert best is not None  # a knock is read with its best arrangement
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
    steps.append(_legal_step(spread_arrangement, conditions, rules))
    return _knock_result(spread_arrangement, defender, rules, conditions, steps)


def _big_gin_too_few(entered: int, rules: Ruleset) -> InputError:
    said = msg_n(
        "big gin needs all {count} card (before any discard); {entered} were entered",
        "big gin needs all {count} cards (before any discard); {entered} were entered",
        rules.hand_size + 1,
        entered=entered,
    )
    return HandInputError("knocker", said)


def _not_gin(best: Arrangement) -> Message:
    return msg(
        "Gin was announced, but the knocker's best arrangement leaves {deadwood} "
        "deadwood ({cards}): ruled as a knock.",
        deadwood=best.deadwood,
        cards=format_cards(best.deadwood_cards),
    )


def _knocker_words(rules: Ruleset) -> KnockerWords:
    return KnockerWords(
        too_few_for_big_gin=lambda entered: _big_gin_too_few(entered, rules),
        cards_speak=msg("The knocker's ten cards all meld: cards speak, scored as gin."),
        not_gin=_not_gin,
    )


def _legal_step(spread: Arrangement, conditions: HandConditions, rules: Ruleset) -> Step:
    """The knocker's deadwood is within the knock limit (R2)."""
    limit = conditions.limit_message(rules)
    if spread.deadwood_cards:
        legal = msg(
            "Knocker's deadwood {deadwood} ({cards}) is within the knock limit ({limit}): a "
            "legal knock.",
            deadwood=spread.deadwood,
            cards=format_cards(spread.deadwood_cards),
            limit=limit,
        )
    else:
        legal = msg(
            "Knocker's deadwood {deadwood} is within the knock limit ({limit}): a legal knock.",
            deadwood=spread.deadwood,
            limit=limit,
        )
    return Step(legal, "R2")


def _knock_result(
    spread: Arrangement,
    defender: tuple[Card, ...],
    rules: Ruleset,
    conditions: HandConditions,
    steps: list[Step],
) -> HandResult:
    """A legal knock: the defender's best layoffs onto the spread (R4), then the score."""
    k = spread.deadwood
    play = layoffs.defender_best(spread.melds, defender, rules)
    steps.extend(_defender_steps(play, spread, defender, rules))
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
        knocker_arrangement=spread,
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
            [c.code for c in knocker], rules.deck, expected=(n, n + 1), what=msg("the knocker")
        )
    except CardError as exc:
        raise HandInputError("knocker", said_of(exc)) from None
    try:
        defender_cards = parse_cards(
            [c.code for c in defender], rules.deck, expected=n, what=msg("the defender")
        )
    except CardError as exc:
        raise HandInputError("defender", said_of(exc)) from None
    try:
        parse_cards([c.code for c in (*knocker_cards, *defender_cards)], rules.deck)
    except CardError as exc:
        if exc.token:
            said = msg("`{card}` is in both hands", card=exc.token)
        else:
            said = msg("`a card` is in both hands")
        raise HandInputError("defender", said) from None
    return knocker_cards, defender_cards


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
    if defender_arr.deadwood_cards:
        said = msg(
            "Defender's deadwood {deadwood} ({cards}); no layoffs after gin.",
            deadwood=defender_arr.deadwood,
            cards=format_cards(defender_arr.deadwood_cards),
        )
    else:
        said = msg(
            "Defender's deadwood {deadwood}; no layoffs after gin.",
            deadwood=defender_arr.deadwood,
        )
    steps.append(Step(said, "R8"))
    if defender_arr.deadwood == 0:
        steps.append(Step(msg("The defender's cards meld too, but gin cannot be undercut."), "R10"))
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
    if spread is not None and spread_is_declared(spread, rules):
        declared, said = declared_spread(knocker, spread, best, rules, _laid_down)
        steps.extend(said)
        return declared
    chosen = layoffs.choose_knocker_spread(knocker, defender, rules)
    steps.append(
        Step(
            msg(
                "The knocker's spread is taken as {melds} (least deadwood, {deadwood}; among "
                "those, the fewest layoff points for the defender).",
                melds=melds_text(chosen),
                deadwood=chosen.deadwood,
            ),
            "R3",
        )
    )
    return chosen


def _laid_down(declared: Arrangement) -> Message:
    if declared.deadwood_cards:
        return msg(
            "The knocker laid down {melds}, leaving {deadwood} ({cards}).",
            melds=melds_text(declared),
            deadwood=declared.deadwood,
            cards=format_cards(declared.deadwood_cards),
        )
    return msg(
        "The knocker laid down {melds}, leaving {deadwood}.",
        melds=melds_text(declared),
        deadwood=declared.deadwood,
    )


def _defender_steps(
    play: layoffs.DefenderPlay, spread: Arrangement, defender: Sequence[Card], rules: Ruleset
) -> list[Step]:
    steps: list[Step] = []
    own = play.arrangement
    alone = melds.best_arrangement(defender, rules)
    steps.append(
        Step(
            msg(
                "Without layoffs the defender's best is {melds}, leaving {deadwood} deadwood.",
                melds=melds_text(alone),
                deadwood=play.deadwood_without_layoffs,
            ),
            "R4",
        )
    )
    if not play.layoffs:
        steps.append(Step(msg("Defender has nothing to lay off."), "R4"))
        return steps
    laid, total = layoffs_laid(play.layoffs, spread.melds, rules)
    kept: Value = melds_text(own) if own.melds else msg("no melds of its own")
    steps.append(
        Step(
            msg(
                "Defender lays off {layoffs} ({points} points) and keeps {kept}.",
                layoffs=laid,
                points=total,
                kept=kept,
            ),
            "R4",
        )
    )
    broken = {c for m in alone.melds for c in m.cards} & {lo.card for lo in play.layoffs}
    if broken:
        cards_text = " ".join(c.label for c in sorted(broken, key=lambda c: c.index))
        steps.append(
            Step(
                msg(
                    "To lay off {cards} the defender breaks up a meld of its own: allowed, the "
                    "defender arranges its cards as it likes, each card used once.",
                    cards=cards_text,
                ),
                "R7",
            )
        )
    chained = _chained(play)
    if chained:
        steps.append(
            Step(
                msg(
                    "{card} joins a run the defender's own layoff extended: allowed.", card=chained
                ),
                "R5",
            )
        )
    if own.deadwood_cards:
        after = msg(
            "Defender's deadwood after layoffs: {deadwood} ({cards}).",
            deadwood=play.deadwood,
            cards=format_cards(own.deadwood_cards),
        )
    else:
        after = msg("Defender's deadwood after layoffs: {deadwood}.", deadwood=play.deadwood)
    steps.append(Step(after, "R4"))
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
    illegal = msg(
        "The knocker's deadwood is {deadwood}, outside the knock limit ({limit}): an illegal "
        "knock. It scores nothing and the hand is not over.",
        deadwood=deadwood,
        limit=conditions.limit_message(rules),
    )
    if best is None:
        return Step(illegal, "R2")
    if best.deadwood < deadwood:
        better = msg(
            "The best the knocker could have laid down was {deadwood} ({melds}).",
            deadwood=best.deadwood,
            melds=melds_text(best),
        )
    else:
        better = msg(
            "The least deadwood these cards can make is {deadwood}.", deadwood=best.deadwood
        )
    return Step(joined(illegal, better), "R2")


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
