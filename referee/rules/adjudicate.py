"""One finished two-handed hand → a HandResult with its rulings (docs/rules.md §2, §9).

Two ways in, one result type: full cards (the engine finds the spreads, layoffs and deadwood)
or declared counts (quick entry: who knocked, the two deadwoods). Both score through
``scoring.score_finish``, so the two can never disagree. Every decision adds a plain-language
step tagged with the rule it applies; a disputed hand is settled by reading them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from referee.rules import layoffs, melds
from referee.rules.cards import Card, CardError, format_cards, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.hand_conditions import HandConditions, UpcardRequiredError, hand_conditions
from referee.rules.messages import Value, joined, listed, msg, msg_n
from referee.rules.results import Arrangement, HandResult, Outcome, Step
from referee.rules.ruleset import KnockerSpread, Ruleset
from referee.rules.scoring import Finish, score_finish
from referee.rules.values import card_value


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
        raise HandInputError("upcard", said_of(exc)) from None


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
    conditions = hand_conditions(rules, upcard) if rules.oklahoma and upcard else None
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
    conditions = _conditions(rules, upcard)
    kind = HandKind(kind) if kind is not None else None
    knocker, defender = _checked_hands(knocker, defender, rules)
    steps: list[Step] = list(conditions.steps)

    if len(knocker) == rules.hand_size + 1:
        knocker, big_gin = _eleven_cards(knocker, kind, rules, steps)
        if big_gin:
            return _gin_result(Finish.BIG_GIN, knocker, defender, rules, conditions, steps)
    elif kind is HandKind.BIG_GIN:
        said = msg_n(
            "big gin needs all {count} card (before any discard); {entered} were entered",
            "big gin needs all {count} cards (before any discard); {entered} were entered",
            rules.hand_size + 1,
            entered=len(knocker),
        )
        raise HandInputError("knocker", said)

    best = melds.best_arrangement(knocker, rules)
    if best.deadwood == 0 and (rules.gin_cards_speak or kind is HandKind.GIN):
        if kind is HandKind.KNOCK:
            steps.append(
                Step(msg("The knocker's ten cards all meld: cards speak, scored as gin."), "R11")
            )
        return _gin_result(Finish.GIN, knocker, defender, rules, conditions, steps)
    if kind is HandKind.GIN:
        steps.append(
            Step(
                msg(
                    "Gin was announced, but the knocker's best arrangement leaves {deadwood} "
                    "deadwood ({cards}): ruled as a knock.",
                    deadwood=best.deadwood,
                    cards=format_cards(best.deadwood_cards),
                ),
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
    limit = conditions.limit_message(rules)
    if spread_arrangement.deadwood_cards:
        legal = msg(
            "Knocker's deadwood {deadwood} ({cards}) is within the knock limit ({limit}): a "
            "legal knock.",
            deadwood=k,
            cards=format_cards(spread_arrangement.deadwood_cards),
            limit=limit,
        )
    else:
        legal = msg(
            "Knocker's deadwood {deadwood} is within the knock limit ({limit}): a legal knock.",
            deadwood=k,
            limit=limit,
        )
    steps.append(Step(legal, "R2"))

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


def _eleven_cards(
    knocker: tuple[Card, ...], kind: HandKind | None, rules: Ruleset, steps: list[Step]
) -> tuple[tuple[Card, ...], bool]:
    """Eleven cards: big gin if they all meld and the table plays it; else the best discard."""
    options = melds.knock_options(knocker, rules)
    if options.big_gin and rules.big_gin_enabled:
        said = msg_n(
            "All {count} card meld without a discard: big gin.",
            "All {count} cards meld without a discard: big gin.",
            len(knocker),
        )
        steps.append(Step(said, "R12"))
        return knocker, True
    if kind is HandKind.BIG_GIN:
        if options.big_gin:
            steps.append(
                Step(
                    msg(
                        "All eleven cards meld, but this table does not play big gin: scored as "
                        "gin after a discard."
                    ),
                    "R12",
                )
            )
        else:
            said = msg_n(
                "the knocker's {count} card does not all meld, so this is not big gin (the best "
                "discard leaves {deadwood})",
                "the knocker's {count} cards do not all meld, so this is not big gin (the best "
                "discard leaves {deadwood})",
                len(knocker),
                deadwood=options.deadwood,
            )
            raise HandInputError("knocker", said)
    discard = options.discards[0]
    rest = list(knocker)
    rest.remove(discard)
    others = ", ".join(c.label for c in options.discards[1:])
    if others:
        said = msg_n(
            "{count} card was entered for the knocker: discarding {card} (as would {others}) "
            "leaves the least deadwood, {deadwood}.",
            "{count} cards were entered for the knocker: discarding {card} (as would {others}) "
            "leaves the least deadwood, {deadwood}.",
            len(knocker),
            card=discard.label,
            others=others,
            deadwood=options.deadwood,
        )
    else:
        said = msg_n(
            "{count} card was entered for the knocker: discarding {card} leaves the least "
            "deadwood, {deadwood}.",
            "{count} cards were entered for the knocker: discarding {card} leaves the least "
            "deadwood, {deadwood}.",
            len(knocker),
            card=discard.label,
            deadwood=options.deadwood,
        )
    steps.append(Step(said, "R2"))
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
    if spread is not None and rules.knocker_spread is KnockerSpread.DECLARED_ELSE_AUTO:
        try:
            declared = melds.check_spread(knocker, spread, rules)
        except ValueError as exc:
            raise HandInputError("spread", said_of(exc)) from None
        if declared.deadwood_cards:
            laid_down = msg(
                "The knocker laid down {melds}, leaving {deadwood} ({cards}).",
                melds=_melds_text(declared),
                deadwood=declared.deadwood,
                cards=format_cards(declared.deadwood_cards),
            )
        else:
            laid_down = msg(
                "The knocker laid down {melds}, leaving {deadwood}.",
                melds=_melds_text(declared),
                deadwood=declared.deadwood,
            )
        steps.append(Step(laid_down, "R3"))
        if declared.deadwood > best.deadwood:
            steps.append(
                Step(
                    msg(
                        "That spread leaves {more} more deadwood than the best one ({melds}: "
                        "{deadwood}); the spread laid down is the one that counts.",
                        more=declared.deadwood - best.deadwood,
                        melds=_melds_text(best),
                        deadwood=best.deadwood,
                    ),
                    "R3",
                )
            )
        return declared
    chosen = layoffs.choose_knocker_spread(knocker, defender, rules)
    steps.append(
        Step(
            msg(
                "The knocker's spread is taken as {melds} (least deadwood, {deadwood}; among "
                "those, the fewest layoff points for the defender).",
                melds=_melds_text(chosen),
                deadwood=chosen.deadwood,
            ),
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
    steps.append(
        Step(
            msg(
                "Without layoffs the defender's best is {melds}, leaving {deadwood} deadwood.",
                melds=_melds_text(alone),
                deadwood=play.deadwood_without_layoffs,
            ),
            "R4",
        )
    )
    if not play.layoffs:
        steps.append(Step(msg("Defender has nothing to lay off."), "R4"))
        return steps
    laid = listed(
        [
            msg("{card} onto {meld}", card=lo.card.label, meld=spread.melds[lo.meld_index].label)
            for lo in play.layoffs
        ]
    )
    total = sum(card_value(lo.card, rules) for lo in play.layoffs)
    kept: Value = _melds_text(own) if own.melds else msg("no melds of its own")
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
            melds=_melds_text(best),
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


def _melds_text(arrangement: Arrangement) -> Value:
    """The melds' labels ("5♠ 6♠ 7♠ / K♥ K♦ K♣"), or "no melds"."""
    if not arrangement.melds:
        return msg("no melds")
    return " / ".join(m.label for m in arrangement.melds)
