"""The steps every full-cards ruling takes, whatever the table (docs/rules.md R2–R4, R11, R12).

A hand ruled from the cards goes the same way at every table: the upcard's conditions, the
knocker's cards read (eleven cards: big gin or the best discard; all melded: gin, whatever was
announced, R11), the spread the knocker laid down or the one the referee takes for it, the
layoffs the others make onto it. Each table words its steps its own way (naming "the knocker"
or a seat), so a caller hands in its wording as :class:`KnockerWords`; what the steps decide,
and every step worded the same at every table, lives here once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from referee.rules import melds
from referee.rules.cards import Card
from referee.rules.errors import InputError, said_of
from referee.rules.hand_conditions import HandConditions, UpcardRequiredError, hand_conditions
from referee.rules.messages import Message, Value, listed, msg, msg_n
from referee.rules.results import Arrangement, Layoff, Meld, Step
from referee.rules.ruleset import KnockerSpread, Ruleset
from referee.rules.scoring import Finish
from referee.rules.values import card_value

Candidate = TypeVar("Candidate")
Answer = TypeVar("Answer")


class HandKind(StrEnum):
    """What the player announced."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"


def checked_conditions(rules: Ruleset, upcard: Card | None) -> HandConditions:
    """The hand's conditions under ``upcard``; a missing upcard is the input's fault."""
    try:
        return hand_conditions(rules, upcard)
    except UpcardRequiredError as exc:
        raise InputError("upcard", said_of(exc)) from None


# -- the knocker's cards -------------------------------------------------------------------


@dataclass(frozen=True)
class KnockerWords:
    """How a table's steps name the knocker where the shared steps speak of it.

    ``too_few_for_big_gin(entered)``: the refusal of an announced big gin with too few cards;
    ``cards_speak``: the step that turns an announced knock into gin; ``not_gin(best)``: the
    step that turns an announced gin into a knock.
    """

    too_few_for_big_gin: Callable[[int], InputError]
    cards_speak: Message
    not_gin: Callable[[Arrangement], Message]


@dataclass(frozen=True)
class KnockerHand:
    """The knocker's cards as ruled: ``cards`` after any discard; ``finish`` is big gin or gin
    when the cards make it so, None for a knock still to be checked; ``best`` is the least
    deadwood arrangement (None after big gin)."""

    cards: tuple[Card, ...]
    finish: Finish | None
    best: Arrangement | None


def read_knocker(
    cards: tuple[Card, ...],
    kind: HandKind | None,
    rules: Ruleset,
    steps: list[Step],
    words: KnockerWords,
) -> KnockerHand:
    """Big gin (R12), gin by the cards (R11) or a knock, from the knocker's cards and what was
    announced; the steps say so."""
    if len(cards) == rules.hand_size + 1:
        cards, big_gin = eleven_cards(cards, kind, rules, steps)
        if big_gin:
            return KnockerHand(cards, Finish.BIG_GIN, None)
    elif kind is HandKind.BIG_GIN:
        raise words.too_few_for_big_gin(len(cards))
    best = melds.best_arrangement(cards, rules)
    if best.deadwood == 0 and (rules.gin_cards_speak or kind is HandKind.GIN):
        if kind is HandKind.KNOCK:
            steps.append(Step(words.cards_speak, "R11"))
        return KnockerHand(cards, Finish.GIN, best)
    if kind is HandKind.GIN:
        steps.append(Step(words.not_gin(best), "R11"))
    return KnockerHand(cards, None, best)


def eleven_cards(
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
        _refuse_big_gin(knocker, options, steps)
    discard = options.discards[0]
    rest = list(knocker)
    rest.remove(discard)
    steps.append(Step(_best_discard_said(knocker, options), "R2"))
    return tuple(rest), False


def _refuse_big_gin(
    knocker: tuple[Card, ...], options: melds.KnockOptions, steps: list[Step]
) -> None:
    """Big gin announced with eleven cards that do not make it: the table does not play it
    (a step), or the cards do not all meld (refused)."""
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
        return
    said = msg_n(
        "the knocker's {count} card does not all meld, so this is not big gin (the best "
        "discard leaves {deadwood})",
        "the knocker's {count} cards do not all meld, so this is not big gin (the best "
        "discard leaves {deadwood})",
        len(knocker),
        deadwood=options.deadwood,
    )
    raise InputError("knocker", said)


def _best_discard_said(knocker: tuple[Card, ...], options: melds.KnockOptions) -> Message:
    """The discard the engine makes from eleven cards, and any that would do as well."""
    discard = options.discards[0]
    others = ", ".join(c.label for c in options.discards[1:])
    if others:
        return msg_n(
            "{count} card was entered for the knocker: discarding {card} (as would {others}) "
            "leaves the least deadwood, {deadwood}.",
            "{count} cards were entered for the knocker: discarding {card} (as would {others}) "
            "leaves the least deadwood, {deadwood}.",
            len(knocker),
            card=discard.label,
            others=others,
            deadwood=options.deadwood,
        )
    return msg_n(
        "{count} card was entered for the knocker: discarding {card} leaves the least "
        "deadwood, {deadwood}.",
        "{count} cards were entered for the knocker: discarding {card} leaves the least "
        "deadwood, {deadwood}.",
        len(knocker),
        card=discard.label,
        deadwood=options.deadwood,
    )


# -- the knocker's spread ------------------------------------------------------------------


def spread_is_declared(spread: Sequence[Sequence[Card]] | None, rules: Ruleset) -> bool:
    """Whether the spread the knocker laid down is the one that counts (R3)."""
    return spread is not None and rules.knocker_spread is KnockerSpread.DECLARED_ELSE_AUTO


def declared_spread(
    cards: tuple[Card, ...],
    spread: Sequence[Sequence[Card]],
    best: Arrangement,
    rules: Ruleset,
    laid_down: Callable[[Arrangement], Message],
) -> tuple[Arrangement, list[Step]]:
    """The spread the knocker laid down, checked, and the steps that say what it leaves
    (``laid_down`` words the first) and whether a better one was there (R3)."""
    try:
        declared = melds.check_spread(cards, spread, rules)
    except ValueError as exc:
        raise InputError("spread", said_of(exc)) from None
    steps = [Step(laid_down(declared), "R3")]
    if declared.deadwood > best.deadwood:
        steps.append(
            Step(
                msg(
                    "That spread leaves {more} more deadwood than the best one ({melds}: "
                    "{deadwood}); the spread laid down is the one that counts.",
                    more=declared.deadwood - best.deadwood,
                    melds=melds_text(best),
                    deadwood=best.deadwood,
                ),
                "R3",
            )
        )
    return declared, steps


def most_left_for_others(
    candidates: Sequence[Candidate],
    answer_to: Callable[[Candidate], Answer],
    left: Callable[[Answer], int],
) -> tuple[Candidate, Answer]:
    """Of the knocker's equally good spreads, the one whose answers leave the other players
    the most deadwood (the fewest layoff points), the first on a tie (R3)."""
    chosen: tuple[int, Candidate, Answer] | None = None
    for candidate in candidates:
        answer = answer_to(candidate)
        total = left(answer)
        if chosen is None or total > chosen[0]:
            chosen = (total, candidate, answer)
    if chosen is None:
        raise ValueError("no spread to choose from")
    return chosen[1], chosen[2]


# -- words every table shares --------------------------------------------------------------


def melds_text(arrangement: Arrangement) -> Value:
    """The melds' labels ("5♠ 6♠ 7♠ / K♥ K♦ K♣"), or "no melds"."""
    if not arrangement.melds:
        return msg("no melds")
    return " / ".join(m.label for m in arrangement.melds)


def layoffs_laid(
    layoffs: Sequence[Layoff], spread: Sequence[Meld], rules: Ruleset
) -> tuple[Value, int]:
    """The layoffs as said in a step ("7♠ onto 4♠ 5♠ 6♠ and …") and the points they save."""
    laid = listed(
        [
            msg("{card} onto {meld}", card=lo.card.label, meld=spread[lo.meld_index].label)
            for lo in layoffs
        ]
    )
    return laid, sum(card_value(lo.card, rules) for lo in layoffs)
