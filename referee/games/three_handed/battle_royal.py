"""Battle Royal: three players in every hand, a three-way hand score (docs/rules.md §6.5, R6,
§10 "Battle Royal", §11 ``battle_royal.winner_formula``, §12.4).

Two ways in, one result type, as for two-handed hands: full cards (the engine finds the
knocker's spread, both other players' best plays and every count) or declared counts (who
knocked, the three counts). Both are scored by the same function, so they can never disagree.

The rules (RG-3), and how the open points are settled — each named in the ruling's steps:

- Layoffs only on the knocker's **original** melds, never on a card another player laid off
  (4-5-6♠ + 7♠ from one player: the other may not add 8♠), R6. Whether a player may chain onto
  **its own** layoff is not settled by the source: ``layoff_chain`` (the Battle Royal table:
  off). With ``layoff_original_melds_only`` off, a later player may also build on an earlier
  player's layoffs. Players lay off in turn from the knocker's left (§6.5's recommendation);
  it matters only when two players could use the same place (wild cards, several decks).
- The winner of a hand is the player with the lowest count. The winner scores "the difference
  between his count and the sum of his opponents' counts": ``battle_royal_winner_formula``
  ``sum_opponents_minus_own`` (literal, default) or ``per_opponent_difference`` (Σ(opp − own)).
- No undercut bonus: an undercut knocker has 20 deducted (``undercut_mode=penalty_to_knocker``,
  ``undercut_bonus=20``); whether it also loses its count less the winner's is
  ``battle_royal_undercut_pays_difference`` (default off: §10's vector has A −20 only).
- Both non-knockers lowest with the same count: ``battle_royal_tied_low`` — ``next_in_turn``
  (default: the one nearer the knocker's left wins) or ``both_score``.
- A knocker level with the lowest other count follows the table's ``tie_outcome`` (default: an
  undercut, as in two-handed gin).
- Gin 40, no layoffs after gin; dead hand when nobody has knocked with 3 cards left in the stock;
  game to 200, then the two-handed game bonus, boxes and shutout; pairwise settlement.

Seats are 0, 1 and 2 in clockwise order; the seat after the knocker is on its left.

>>> r = rule_counts(BATTLE_ROYAL, knocker=0, deadwoods=(4, 15, 22))
>>> r.points, r.winners
((33, 0, 0), (0,))
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from referee.games.three_handed.battle_royal_layoffs import (
    SEATS,
    OpponentPlay,
    TablePlays,
    layoff_order,
    plays_against,
)
from referee.games.three_handed.battle_royal_scoring import score_hand
from referee.rules import melds
from referee.rules.adjudicate import HandInputError, HandKind
from referee.rules.cards import Card, CardError, format_cards, parse_cards
from referee.rules.errors import said_of
from referee.rules.hand_conditions import HandConditions
from referee.rules.labels import Label, capitalized, labeller, step
from referee.rules.ledger import MatchLedger, dealers, fold_match, settle_game
from referee.rules.ledger import next_dealer as following_dealer
from referee.rules.messages import Message, joined, msg, msg_n
from referee.rules.report import arrangement_to_dict, meld_to_dict
from referee.rules.results import Arrangement, HandScore, Layoff, Meld, Outcome, Step
from referee.rules.ruleset import Ruleset, ShutoutRule, UndercutMode
from referee.rules.ruling_steps import (
    KnockerWords,
    checked_conditions,
    declared_spread,
    layoffs_laid,
    melds_text,
    most_left_for_others,
    read_knocker,
    spread_is_declared,
)
from referee.rules.scoring import Finish
from referee.rules.settlement import Settlement, SettlementRounding

__all__ = [
    "BATTLE_ROYAL",
    "BattleRoyalMatch",
    "BattleRoyalPlay",
    "BattleRoyalResult",
    "fold_battle_royal",
    "layoff_order",
    "rule_cards",
    "rule_counts",
    "rule_dead_hand",
    "settle_game",
]

BATTLE_ROYAL = Ruleset(
    gin_bonus=40,
    big_gin_enabled=False,
    undercut_mode=UndercutMode.PENALTY_TO_KNOCKER,
    undercut_bonus=20,
    layoff_original_melds_only=True,
    layoff_chain=False,
    wall_size=3,
    game_target=200,
    shutout_rule=ShutoutRule.LOSER_PAYS_EXTRA,
    shutout_bonus=100,
)
"""RG-3's Battle Royal: gin 40 (big gin not played), an undercut knocker loses 20, layoffs only
on the knocker's original melds and not onto one's own (R6's default), dead at 3 stock cards,
game 200 with the two-handed game bonus 100 and box 25. A shut-out player pays the winner 100
more — the two-handed shutout, paid by whoever was shut out."""


# -- results -------------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleRoyalPlay:
    """One player's part in a hand.

    ``deadwood`` is the count that scores: the knocker's spread's deadwood; another player's
    deadwood after its layoffs on a knock, or its whole deadwood after gin.
    ``deadwood_before_layoffs``, ``arrangement`` (own melds and the deadwood cards left) and
    ``layoffs`` (onto ``BattleRoyalResult.knocker_spread``'s melds, by index) are known when
    cards were entered. ``points`` and ``boxes`` are what the hand gives this seat.
    """

    seat: int
    knocker: bool
    deadwood: int
    points: int
    boxes: int
    deadwood_before_layoffs: int | None = None
    arrangement: Arrangement | None = None
    layoffs: tuple[Layoff, ...] = ()


@dataclass(frozen=True)
class BattleRoyalResult:
    """One Battle Royal hand, ruled: the numbers and the steps that explain them.

    ``plays`` has one entry per seat (none for a dead hand). ``winners`` are the seats that won
    the hand (two only under ``battle_royal_tied_low=both_score``; none for a dead hand, a wash
    or an illegal knock). ``points``/``boxes`` are by seat. ``extended_spread`` is the knocker's
    spread with every layoff added. ``options`` are the open points of docs/rules.md that this
    ruling depended on, as (Ruleset field, value).
    """

    outcome: Outcome
    knocker: int | None
    winners: tuple[int, ...]
    points: tuple[int, ...]
    boxes: tuple[int, ...]
    plays: tuple[BattleRoyalPlay, ...] = ()
    knocker_spread: Arrangement | None = None
    extended_spread: tuple[Meld, ...] = ()
    steps: tuple[Step, ...] = ()
    options: tuple[tuple[str, str], ...] = ()
    knock_limit: int | None = None
    multiplier: int = 1

    @property
    def finished(self) -> bool:
        """A refused (illegal) knock is not a finished hand and is never recorded as one."""
        return self.outcome is not Outcome.ILLEGAL_KNOCK

    @property
    def deadwoods(self) -> tuple[int, ...] | None:
        """The three counts by seat (None for a dead hand)."""
        return tuple(p.deadwood for p in self.plays) if self.plays else None

    def score(self) -> HandScore:
        """What the ledger folds: points and boxes by seat (nothing for an illegal knock)."""
        if not self.finished:
            return HandScore.nothing(SEATS)
        return HandScore(self.points, self.boxes)

    def as_json(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        """The ruling as the API says it: every player's count, arrangement and layoffs
        (``names``: players by name, else by seat)."""
        result = self

        def who(seat: int | None) -> str | int | None:
            if seat is None:
                return None
            return names[seat] if names is not None else seat

        spread = result.knocker_spread
        return {
            "outcome": result.outcome.value,
            "knocker": who(result.knocker),
            "winners": [who(s) for s in result.winners],
            "points": [{"player": who(s), "points": p} for s, p in enumerate(result.points)],
            "boxes": [{"player": who(s), "boxes": b} for s, b in enumerate(result.boxes)],
            "plays": [
                {
                    "player": who(play.seat),
                    "knocker": play.knocker,
                    "deadwood": play.deadwood,
                    "deadwood_before_layoffs": play.deadwood_before_layoffs,
                    "arrangement": arrangement_to_dict(play.arrangement)
                    if play.arrangement
                    else None,
                    "layoffs": [
                        {
                            "card": lo.card.code,
                            "meld_index": lo.meld_index,
                            "onto": spread.melds[lo.meld_index].codes if spread else None,
                        }
                        for lo in play.layoffs
                    ],
                }
                for play in result.plays
            ],
            "knocker_spread": arrangement_to_dict(spread) if spread else None,
            "extended_spread": [meld_to_dict(m) for m in result.extended_spread],
            "options": dict(result.options),
            "knock_limit": result.knock_limit,
            "multiplier": result.multiplier,
            "steps": [s.as_json() for s in result.steps],
        }


# -- quick entry -----------------------------------------------------------------------------


def rule_counts(
    rules: Ruleset,
    *,
    knocker: int,
    deadwoods: Sequence[int],
    kind: HandKind = HandKind.KNOCK,
    upcard: Card | None = None,
    names: Sequence[str] | None = None,
) -> BattleRoyalResult:
    """Rule a hand from declared counts, by seat: the knocker's deadwood, and each other
    player's deadwood after its layoffs (for gin or big gin, its whole deadwood, R8)."""
    label = labeller(names, SEATS)
    conditions = checked_conditions(rules, upcard)
    knocker = _seat(knocker)
    kind = HandKind(kind)
    counts = _counts(deadwoods, rules, label)
    if kind is not HandKind.KNOCK and counts[knocker] != 0:
        raise HandInputError(
            "deadwoods",
            msg("the knocker's count is {count}, but gin leaves none", count=counts[knocker]),
        )
    if kind is HandKind.BIG_GIN and not rules.big_gin_enabled:
        kind = HandKind.GIN
    steps = list(conditions.steps)
    finish = Finish.BIG_GIN if kind is HandKind.BIG_GIN else Finish.GIN
    if kind is HandKind.KNOCK:
        if counts[knocker] == 0 and rules.gin_cards_speak:
            steps.append(
                step(
                    msg("{who}'s count is 0: cards speak, scored as gin.", who=label(knocker)),
                    "R11",
                )
            )
        else:
            finish = Finish.KNOCK
    plays = [BattleRoyalPlay(s, s == knocker, counts[s], 0, 0) for s in range(SEATS)]
    if finish is Finish.KNOCK and not conditions.knock_allowed(counts[knocker], rules):
        steps.append(_illegal_step(knocker, counts[knocker], conditions, rules, label))
        return _illegal(knocker, plays, steps, conditions)
    if finish is Finish.KNOCK:
        steps.append(_legal_step(knocker, counts[knocker], (), conditions, rules, label))
    return _scored(finish, knocker, plays, rules, conditions, steps, label)


def rule_dead_hand(rules: Ruleset = BATTLE_ROYAL) -> BattleRoyalResult:
    """A drawn hand: nobody knocked before the stock was down to ``wall_size`` (RG-3: 3)."""
    # The English says "cards are" for one card too, as it always has.
    dead = step(
        msg_n(
            "Nobody knocked and only {count} cards are left in the stock: a dead hand. "
            "No points and no box.",
            "Nobody knocked and only {count} cards are left in the stock: a dead hand. "
            "No points and no box.",
            rules.wall_size,
        ),
        "§6.5",
    )
    return BattleRoyalResult(
        outcome=Outcome.DEAD,
        knocker=None,
        winners=(),
        points=(0,) * SEATS,
        boxes=(0,) * SEATS,
        steps=(dead,),
        knock_limit=rules.knock_limit,
    )


# -- full cards ------------------------------------------------------------------------------


def rule_cards(
    hands: Sequence[Sequence[Card]],
    rules: Ruleset,
    *,
    knocker: int,
    kind: HandKind | None = None,
    spread: Sequence[Sequence[Card]] | None = None,
    upcard: Card | None = None,
    names: Sequence[str] | None = None,
) -> BattleRoyalResult:
    """Rule a hand from all three players' cards, ``hands[seat]``.

    The knocker's hand is its ten cards after the knock discard, or eleven (all melded: big
    gin; otherwise the engine discards the card that leaves the least deadwood and says so).
    ``spread``: the melds the knocker laid down, when known (R3); otherwise the referee takes the
    least-deadwood spread that leaves the other two the fewest layoff points. ``kind``: what was
    announced, when known; the cards decide otherwise (R11).
    """
    label = labeller(names, SEATS)
    conditions = checked_conditions(rules, upcard)
    knocker = _seat(knocker)
    kind = HandKind(kind) if kind is not None else None
    cards = _checked_hands(hands, knocker, rules, label)
    steps: list[Step] = list(conditions.steps)
    read = read_knocker(cards[knocker], kind, rules, steps, _knocker_words(knocker, rules, label))
    own = read.cards
    if read.finish is not None:
        return _gin_from_cards(read.finish, knocker, own, cards, rules, conditions, steps, label)
    best = read.best
    assert best is not None  # a knock is read with its best arrangement
    chosen, answers = _knocker_spread(knocker, own, cards, spread, best, rules, steps, label)
    k = chosen.deadwood
    if not conditions.knock_allowed(k, rules):
        steps.append(_illegal_step(knocker, k, conditions, rules, label, best))
        return _illegal_from_cards(knocker, chosen, cards, rules, steps, conditions)
    steps.append(_legal_step(knocker, k, chosen.deadwood_cards, conditions, rules, label))
    steps.append(_layoff_rule_step(knocker, rules, label))
    plays = _answered_plays(knocker, chosen, answers, rules, steps, label)
    return _scored(
        Finish.KNOCK,
        knocker,
        plays,
        rules,
        conditions,
        steps,
        label,
        spread=chosen,
        extended=answers.extended,
    )


def _knocker_words(knocker: int, rules: Ruleset, label: Label) -> KnockerWords:
    """The shared knocker steps, naming the knocker by its seat's label."""

    def too_few(entered: int) -> HandInputError:
        return HandInputError(
            f"hand_{knocker}",
            msg_n(
                "big gin needs all {needed} cards (before any discard); {count} was entered",
                "big gin needs all {needed} cards (before any discard); {count} were entered",
                entered,
                needed=rules.hand_size + 1,
            ),
        )

    def not_gin(best: Arrangement) -> Message:
        return capitalized(
            msg(
                "Gin was announced, but {who}'s best arrangement leaves {deadwood} deadwood "
                "({cards}): ruled as a knock.",
                who=label(knocker),
                deadwood=best.deadwood,
                cards=format_cards(best.deadwood_cards),
            )
        )

    speak = msg("{who}'s ten cards all meld: cards speak, scored as gin.", who=label(knocker))
    return KnockerWords(too_few, capitalized(speak), not_gin)


def _illegal_from_cards(
    knocker: int,
    chosen: Arrangement,
    cards: tuple[tuple[Card, ...], ...],
    rules: Ruleset,
    steps: list[Step],
    conditions: HandConditions,
) -> BattleRoyalResult:
    """An illegal knock: every seat's count as it stands, nothing scored (R2)."""
    k = chosen.deadwood
    plays = [
        BattleRoyalPlay(
            s,
            s == knocker,
            k if s == knocker else melds.min_deadwood(cards[s], rules),
            0,
            0,
            arrangement=chosen if s == knocker else None,
        )
        for s in range(SEATS)
    ]
    return _illegal(knocker, plays, steps, conditions, chosen)


def _answered_plays(
    knocker: int,
    chosen: Arrangement,
    answers: TablePlays,
    rules: Ruleset,
    steps: list[Step],
    label: Label,
) -> list[BattleRoyalPlay]:
    """Each seat's play after a legal knock, the others' answers in turn (R6)."""
    k = chosen.deadwood
    plays_by_seat: dict[int, BattleRoyalPlay] = {
        knocker: BattleRoyalPlay(knocker, True, k, 0, 0, k, chosen)
    }
    for seat in layoff_order(knocker):
        answer = answers.plays[seat]
        steps.extend(_answer_steps(seat, answer, chosen, rules, label))
        plays_by_seat[seat] = BattleRoyalPlay(
            seat,
            False,
            answer.deadwood,
            0,
            0,
            answer.before,
            answer.arrangement,
            answer.layoffs,
        )
    return [plays_by_seat[s] for s in range(SEATS)]


def _gin_from_cards(
    finish: Finish,
    knocker: int,
    own: tuple[Card, ...],
    cards: tuple[tuple[Card, ...], ...],
    rules: Ruleset,
    conditions: HandConditions,
    steps: list[Step],
    label: Label,
) -> BattleRoyalResult:
    spread = melds.best_arrangement(own, rules)
    plays: list[BattleRoyalPlay] = []
    for seat in range(SEATS):
        if seat == knocker:
            plays.append(BattleRoyalPlay(seat, True, 0, 0, 0, 0, spread))
            continue
        arrangement = melds.best_arrangement(cards[seat], rules)
        d = arrangement.deadwood
        plays.append(BattleRoyalPlay(seat, False, d, 0, 0, d, arrangement))
        if arrangement.deadwood_cards:
            said = msg(
                "{who}'s deadwood {deadwood} ({cards}); no layoffs after gin.",
                who=label(seat),
                deadwood=d,
                cards=format_cards(arrangement.deadwood_cards),
            )
        else:
            said = msg(
                "{who}'s deadwood {deadwood}; no layoffs after gin.", who=label(seat), deadwood=d
            )
        steps.append(step(said, "R8"))
    return _scored(finish, knocker, plays, rules, conditions, steps, label, spread=spread)


# -- scoring ----------------------------------------------------------------------------------


def _scored(
    finish: Finish,
    knocker: int,
    plays: list[BattleRoyalPlay],
    rules: Ruleset,
    conditions: HandConditions,
    steps: list[Step],
    label: Label,
    spread: Arrangement | None = None,
    extended: tuple[Meld, ...] = (),
) -> BattleRoyalResult:
    """Score a legal finish from the plays' counts (:func:`.battle_royal_scoring.score_hand`)."""
    counts = [p.deadwood for p in plays]
    score = score_hand(finish, knocker, counts, rules, conditions, label)
    final = tuple(
        dataclasses.replace(p, points=score.points[p.seat], boxes=score.boxes[p.seat])
        for p in plays
    )
    return BattleRoyalResult(
        outcome=score.outcome,
        knocker=knocker,
        winners=score.winners,
        points=score.points,
        boxes=score.boxes,
        plays=final,
        knocker_spread=spread,
        extended_spread=extended,
        steps=(*steps, *score.steps),
        options=score.options,
        knock_limit=conditions.knock_limit,
        multiplier=conditions.multiplier,
    )


def _illegal(
    knocker: int,
    plays: list[BattleRoyalPlay],
    steps: list[Step],
    conditions: HandConditions,
    spread: Arrangement | None = None,
) -> BattleRoyalResult:
    return BattleRoyalResult(
        outcome=Outcome.ILLEGAL_KNOCK,
        knocker=knocker,
        winners=(),
        points=(0,) * SEATS,
        boxes=(0,) * SEATS,
        plays=tuple(plays),
        knocker_spread=spread,
        steps=tuple(steps),
        knock_limit=conditions.knock_limit,
        multiplier=conditions.multiplier,
    )


def _knocker_spread(
    knocker: int,
    own: tuple[Card, ...],
    cards: tuple[tuple[Card, ...], ...],
    spread: Sequence[Sequence[Card]] | None,
    best: Arrangement,
    rules: Ruleset,
    steps: list[Step],
    label: Label,
) -> tuple[Arrangement, TablePlays]:
    if spread is not None and spread_is_declared(spread, rules):
        declared, said = declared_spread(
            own, spread, best, rules, lambda laid: _laid_down(knocker, laid, label)
        )
        steps.extend(said)
        return declared, plays_against(knocker, declared, cards, rules)
    chosen, answers = most_left_for_others(
        melds.best_arrangements(own, rules),
        lambda a: plays_against(knocker, a, cards, rules),
        lambda plays: plays.total,
    )
    steps.append(
        step(
            msg(
                "{who}'s spread is taken as {melds} (least deadwood, {deadwood}; among those, "
                "the fewest layoff points for the other two).",
                who=label(knocker),
                melds=melds_text(chosen),
                deadwood=chosen.deadwood,
            ),
            "R3",
        )
    )
    return chosen, answers


# -- steps -----------------------------------------------------------------------------------


def _laid_down(knocker: int, declared: Arrangement, label: Label) -> Message:
    if declared.deadwood_cards:
        said = msg(
            "{who} laid down {melds}, leaving {deadwood} ({cards}).",
            who=label(knocker),
            melds=melds_text(declared),
            deadwood=declared.deadwood,
            cards=format_cards(declared.deadwood_cards),
        )
    else:
        said = msg(
            "{who} laid down {melds}, leaving {deadwood}.",
            who=label(knocker),
            melds=melds_text(declared),
            deadwood=declared.deadwood,
        )
    return capitalized(said)


def _legal_step(
    knocker: int,
    deadwood: int,
    cards: Sequence[Card],
    conditions: HandConditions,
    rules: Ruleset,
    label: Label,
) -> Step:
    values: dict[str, Message | str | int] = {
        "who": label(knocker),
        "deadwood": deadwood,
        "limit": conditions.limit_message(rules),
    }
    if cards:
        said = msg(
            "{who} knocks with deadwood {deadwood} ({cards}), within the knock limit "
            "({limit}): a legal knock.",
            cards=format_cards(cards),
            **values,
        )
    else:
        said = msg(
            "{who} knocks with deadwood {deadwood}, within the knock limit ({limit}): a legal "
            "knock.",
            **values,
        )
    return step(said, "R2")


def _illegal_step(
    knocker: int,
    deadwood: int,
    conditions: HandConditions,
    rules: Ruleset,
    label: Label,
    best: Arrangement | None = None,
) -> Step:
    said = msg(
        "{who}'s deadwood is {deadwood}, outside the knock limit ({limit}): an illegal knock. "
        "It scores nothing and the hand is not over.",
        who=label(knocker),
        deadwood=deadwood,
        limit=conditions.limit_message(rules),
    )
    if best is not None and best.deadwood < deadwood:
        better = msg(
            "The best spread would have left {deadwood} ({melds}).",
            deadwood=best.deadwood,
            melds=melds_text(best),
        )
        return step(joined(said, better), "R2")
    return step(said, "R2")


def _layoff_rule_step(knocker: int, rules: Ruleset, label: Label) -> Step:
    first, second = layoff_order(knocker)
    where = (
        msg("only onto the knocker's original melds, never onto a card another player laid off")
        if rules.layoff_original_melds_only
        else msg("onto the knocker's melds as the earlier player left them")
    )
    own = (
        msg("may build on its own layoffs (layoff_chain=on)")
        if rules.layoff_chain
        else msg("may not build on its own layoffs (layoff_chain=off)")
    )
    return step(
        msg(
            "The others lay off in turn from the knocker's left, {first} then {second}: "
            "{where}; each {own}.",
            first=label(first),
            second=label(second),
            where=where,
            own=own,
        ),
        "R6",
    )


def _answer_steps(
    seat: int, answer: OpponentPlay, spread: Arrangement, rules: Ruleset, label: Label
) -> list[Step]:
    own = answer.arrangement
    melds = msg("melds {melds}", melds=melds_text(own)) if own.melds else msg("has no melds")
    if answer.layoffs:
        laid, total = layoffs_laid(answer.layoffs, spread.melds, rules)
        # The English says "points" for one point too, as it always has.
        layoffs = msg_n(
            "lays off {cards} ({count} points)",
            "lays off {cards} ({count} points)",
            total,
            cards=laid,
        )
    else:
        layoffs = msg("nothing to lay off")
    values: dict[str, Message | str | int] = {
        "who": label(seat),
        "melds": melds,
        "before": answer.before,
        "layoffs": layoffs,
        "count": answer.deadwood,
    }
    if own.deadwood_cards:
        said = msg(
            "{who} {melds}; deadwood before layoffs {before}; {layoffs}; count {count} ({cards}).",
            cards=format_cards(own.deadwood_cards),
            **values,
        )
    else:
        said = msg(
            "{who} {melds}; deadwood before layoffs {before}; {layoffs}; count {count}.",
            **values,
        )
    return [step(said, "R6" if answer.layoffs else "R4")]


# -- input -----------------------------------------------------------------------------------


def _seat(knocker: int) -> int:
    if isinstance(knocker, bool) or not isinstance(knocker, int) or not 0 <= knocker < SEATS:
        raise HandInputError(
            "knocker",
            msg("must be a seat 0–{last} (got {got})", last=SEATS - 1, got=repr(knocker)),
        )
    return knocker


def _counts(deadwoods: Sequence[int], rules: Ruleset, label: Label) -> tuple[int, ...]:
    values = tuple(deadwoods)
    if len(values) != SEATS:
        raise HandInputError(
            "deadwoods",
            msg("one count per seat is needed: {seats} (got {got})", seats=SEATS, got=len(values)),
        )
    ceiling = (rules.hand_size + 1) * max(
        rules.court_value, rules.ace_value, 10, rules.joker_value if rules.jokers else 0
    )
    for seat, value in enumerate(values):
        who = label(seat)
        if isinstance(value, bool) or not isinstance(value, int):
            raise HandInputError(
                "deadwoods",
                msg("{who}'s count must be a whole number (got {got})", who=who, got=repr(value)),
                seat=seat,
            )
        if value < 0:
            raise HandInputError(
                "deadwoods",
                msg("{who}'s count cannot be negative (got {got})", who=who, got=value),
                seat=seat,
            )
        if value > ceiling:
            raise HandInputError(
                "deadwoods",
                msg(
                    "{who}'s count {count} is more than {size} cards can count ({ceiling})",
                    who=who,
                    count=value,
                    size=rules.hand_size,
                    ceiling=ceiling,
                ),
                seat=seat,
            )
    return values


def _checked_hands(
    hands: Sequence[Sequence[Card]], knocker: int, rules: Ruleset, label: Label
) -> tuple[tuple[Card, ...], ...]:
    if len(hands) != SEATS:
        raise HandInputError(
            "hands",
            msg("Battle Royal needs {seats} hands (got {got})", seats=SEATS, got=len(hands)),
        )
    n = rules.hand_size
    out: list[tuple[Card, ...]] = []
    for seat, hand in enumerate(hands):
        expected = (n, n + 1) if seat == knocker else (n,)
        what = msg("{name} (the knocker)", name=label(seat)) if seat == knocker else label(seat)
        try:
            out.append(
                parse_cards([c.code for c in hand], rules.deck, expected=expected, what=what)
            )
        except CardError as exc:
            raise HandInputError(f"hand_{seat}", said_of(exc), seat=seat) from None
    held = Counter(c for hand in out for c in hand)
    for card, count in held.items():
        if count > rules.deck.copies(card):
            seats = [seat for seat, hand in enumerate(out) if card in hand]
            if len(seats) > 1:
                raise HandInputError(
                    f"hand_{seats[-1]}",
                    msg("`{card}` is also in {name}'s hand", card=card.label, name=label(seats[0])),
                    seat=seats[-1],
                )
    return tuple(out)


# -- a match ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleRoyalMatch:
    """A Battle Royal match folded from its hands: scores, games (to 200), who deals.

    ``dealers[i]`` dealt hand ``i`` (the table's ``next_dealer`` rule: the winner by default;
    after a dead hand the same dealer), ``next_dealer`` deals the next.
    """

    rules: Ruleset
    results: tuple[BattleRoyalResult, ...]
    scores: tuple[HandScore, ...]
    ledger: MatchLedger
    dealers: tuple[int, ...]
    next_dealer: int

    def settle_game(
        self,
        number: int,
        stake_per_point: Decimal | int | str = Decimal(1),
        rounding: SettlementRounding = SettlementRounding.NONE,
    ) -> Settlement:
        """Settle finished game ``number`` (1-based): pairwise, each pays each higher player
        the difference, plus shutout extras."""
        for game in self.ledger.games:
            if game.number == number:
                return settle_game(game, stake_per_point, rounding)
        raise ValueError(f"there is no game {number} (the match has {len(self.ledger.games)})")


def fold_battle_royal(
    results: Sequence[BattleRoyalResult], rules: Ruleset, first_dealer: int = 0
) -> BattleRoyalMatch:
    """Fold a match's ruled hands, in order, into games, totals and the deal."""
    for index, result in enumerate(results):
        if not result.finished:
            raise HandInputError(
                "hands",
                msg("hand {number}: an illegal knock is not a finished hand", number=index + 1),
            )
    scores = tuple(r.score() for r in results)
    return BattleRoyalMatch(
        rules=rules,
        results=tuple(results),
        scores=scores,
        ledger=fold_match(scores, rules, players=SEATS),
        dealers=dealers(first_dealer, scores, rules, players=SEATS),
        next_dealer=following_dealer(first_dealer, scores, rules, players=SEATS),
    )
