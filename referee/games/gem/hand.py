"""One Gem Rummy hand ruled: from the cards (the app finds melds, layoffs and Gem Parts) or
from the counts a table reads out (deadwoods and Gem Parts claims).

Scoring (docs/rules.md §8.3): a knock scores the difference, at least 11 unless undercut; an
undercut (the non-knocker strictly fewer after layoffs) scores 25 to the non-knocker (flat,
or + the difference as a house rule); a tie is not an undercut; gin scores 25 + the
opponent's deadwood, big gin (12 cards) 35 + it, with no layoffs; Gem Parts adds 16 to the
knocker, 8 to a non-knocker; a dead hand scores nothing. With three players each
non-knocker is scored against the knocker (or, as a house rule, only the lowest one is).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from referee.games.gem.deck import Gem, GemDeck
from referee.games.gem.dice import Dice
from referee.games.gem.gem_parts import gem_parts, missing_gems
from referee.games.gem.layoffs import GemLayoff, TableMeld, best_layoffs, play_layoff_turns
from referee.games.gem.melds import GemMeld, GemMeldKind, listed, meld_of, meld_refusal
from referee.games.gem.search import GemArrangement, GemSearch
from referee.games.gem.table_rules import GemRules, Pairing
from referee.rules.cards import Card
from referee.rules.errors import InputError
from referee.rules.messages import Message, Value, joined, msg
from referee.rules.results import HandScore, Step
from referee.rules.ruling_steps import most_left_for_others

RULE = "§8.3"
SPREAD_CANDIDATES = 24  # optimal knocker spreads tried for the fewest layoffs


class GemEnding(StrEnum):
    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD = "dead"


class PairOutcome(StrEnum):
    KNOCK = "knock"
    UNDERCUT = "undercut"
    GIN = "gin"
    BIG_GIN = "big_gin"
    UNPAIRED = "unpaired"  # three players, lowest-only pairing: this one did not play the knocker


@dataclass(frozen=True)
class GemPair:
    """One non-knocker scored against the knocker."""

    seat: int
    outcome: PairOutcome
    deadwood: int
    knocker_points: int
    points: int


@dataclass(frozen=True)
class GemSeat:
    """One player's part: the cards (when entered), the arrangement kept, the deadwood
    (after layoffs for a non-knocker), Gem Parts and how its kings were read for it."""

    seat: int
    deadwood: int | None
    cards: tuple[Card, ...] | None = None
    arrangement: GemArrangement | None = None
    deadwood_before_layoffs: int | None = None
    gem_parts: bool = False
    gem_parts_claimed: bool = False
    gem_parts_readings: tuple[tuple[Card, Gem], ...] = ()
    gem_parts_points: int = 0


@dataclass(frozen=True)
class GemResult:
    """A ruled hand: ``points`` by seat, the pairs, every player's part, the layoffs in the
    order they went down, and the steps."""

    ending: GemEnding
    dice: Dice
    knocker: int | None
    seats: tuple[GemSeat, ...]
    pairs: tuple[GemPair, ...]
    points: tuple[int, ...]
    steps: tuple[Step, ...]
    spread: tuple[GemMeld, ...] = ()
    layoffs: tuple[GemLayoff, ...] = ()
    winner: int | None = None

    def score(self) -> HandScore:
        return HandScore(self.points, (0,) * len(self.points))

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)


def _label(cards: Sequence[Card]) -> Message | str:
    return " ".join(c.label for c in cards) or msg("none")


def _onto(meld: GemMeld) -> Message:
    """Where a layoff goes: "onto the Ruby stash 4♠ 9♥ J♦ K♣"."""
    if meld.kind is GemMeldKind.STASH and meld.gem is not None:
        return msg("onto the {gem} stash {cards}", gem=meld.gem.title, cards=meld.label)
    if meld.kind is GemMeldKind.SET:
        return msg("onto the set {cards}", cards=meld.label)
    if meld.kind is GemMeldKind.RUN:
        return msg("onto the run {cards}", cards=meld.label)
    if meld.kind is GemMeldKind.STASH:
        return msg("onto the stash {cards}", cards=meld.label)
    return msg("onto the Queen's Diamonds {cards}", cards=meld.label)


def _knocks(name: str, deadwood: int, limit: int) -> Message:
    return msg(
        "{name} knocks with {deadwood} (limit {limit}): legal.",
        name=name,
        deadwood=deadwood,
        limit=limit,
    )


def _clockwise(knocker: int, seats: int) -> list[int]:
    return [(knocker + i) % seats for i in range(1, seats)]


def score_pair(
    ending: GemEnding, knocker_deadwood: int, deadwood: int, rules: GemRules
) -> tuple[PairOutcome, int, int, Message]:
    """(outcome, knocker's points, non-knocker's points, why) for one pair."""
    if ending is GemEnding.GIN:
        pts = rules.gin_bonus + deadwood
        return (
            PairOutcome.GIN,
            pts,
            0,
            msg(
                "gin: {bonus} + deadwood {deadwood} = {points}",
                bonus=rules.gin_bonus,
                deadwood=deadwood,
                points=pts,
            ),
        )
    if ending is GemEnding.BIG_GIN:
        pts = rules.big_gin_bonus + deadwood
        return (
            PairOutcome.BIG_GIN,
            pts,
            0,
            msg(
                "big gin: {bonus} + deadwood {deadwood} = {points}",
                bonus=rules.big_gin_bonus,
                deadwood=deadwood,
                points=pts,
            ),
        )
    if deadwood < knocker_deadwood:
        diff = knocker_deadwood - deadwood
        if rules.undercut_plus_difference:
            pts = rules.undercut_bonus + diff
            why = msg(
                "undercut ({deadwood} < {knocker}): {bonus} + the difference {difference} = "
                "{points} (gem_undercut_plus_difference)",
                deadwood=deadwood,
                knocker=knocker_deadwood,
                bonus=rules.undercut_bonus,
                difference=diff,
                points=pts,
            )
        else:
            pts = rules.undercut_bonus
            why = msg(
                "undercut ({deadwood} < {knocker}): {points} flat",
                deadwood=deadwood,
                knocker=knocker_deadwood,
                points=pts,
            )
        return PairOutcome.UNDERCUT, 0, pts, why
    diff = deadwood - knocker_deadwood
    pts = max(diff, rules.knocker_minimum)
    if pts > diff and diff == 0:
        why = msg(
            "knock: difference {difference}, raised to the minimum {minimum} (a tie is not an "
            "undercut)",
            difference=diff,
            minimum=rules.knocker_minimum,
        )
    elif pts > diff:
        why = msg(
            "knock: difference {difference}, raised to the minimum {minimum}",
            difference=diff,
            minimum=rules.knocker_minimum,
        )
    else:
        why = msg(
            "knock: difference {deadwood} − {knocker} = {difference}",
            deadwood=deadwood,
            knocker=knocker_deadwood,
            difference=diff,
        )
    return PairOutcome.KNOCK, pts, 0, why


@dataclass
class _Part:
    seat: int
    deadwood: int
    gem_parts: bool
    claimed: bool = False
    cards: tuple[Card, ...] | None = None
    arrangement: GemArrangement | None = None
    before: int | None = None
    readings: tuple[tuple[Card, Gem], ...] = ()


def _finish(
    ending: GemEnding,
    dice: Dice,
    knocker: int,
    parts: list[_Part],
    rules: GemRules,
    names: Sequence[str],
    steps: list[Step],
    spread: tuple[GemMeld, ...] = (),
    layoffs: tuple[GemLayoff, ...] = (),
) -> GemResult:
    seats = len(parts)
    points = [0] * seats
    others = _clockwise(knocker, seats)
    paired = _paired_seats(knocker, parts, rules, names, steps)
    pairs = _score_pairs(ending, knocker, parts, paired, rules, names, steps, points)
    gem_points = _gem_parts_bonuses(knocker, parts, rules, names, steps, points)
    from_pairs = [p.knocker_points for p in pairs]
    best_other = max(pairs, key=lambda p: (p.points, -others.index(p.seat)))
    winner = best_other.seat if best_other.points > sum(from_pairs) else knocker
    result_seats = tuple(
        GemSeat(
            seat=p.seat,
            deadwood=p.deadwood,
            cards=p.cards,
            arrangement=p.arrangement,
            deadwood_before_layoffs=p.before,
            gem_parts=p.gem_parts,
            gem_parts_claimed=p.claimed,
            gem_parts_readings=p.readings,
            gem_parts_points=gem_points[p.seat],
        )
        for p in parts
    )
    steps.append(
        Step(
            msg(
                "Hand: {scores}.",
                scores=", ".join(f"{names[s]} {points[s]:+d}" for s in range(seats)),
            ),
            RULE,
        )
    )
    return GemResult(
        ending,
        dice,
        knocker,
        result_seats,
        tuple(pairs),
        tuple(points),
        tuple(steps),
        spread,
        layoffs,
        winner,
    )


def _paired_seats(
    knocker: int, parts: list[_Part], rules: GemRules, names: Sequence[str], steps: list[Step]
) -> list[int]:
    """The non-knockers scored against the knocker: each of them, or with three players under
    ``gem_pairing=lowest_non_knocker`` only the lowest (§12.3)."""
    others = _clockwise(knocker, len(parts))
    if len(parts) <= 2:
        return others
    if rules.pairing is Pairing.LOWEST_NON_KNOCKER:
        low = min(others, key=lambda s: (parts[s].deadwood, others.index(s)))
        steps.append(
            Step(
                msg(
                    "Three players: only the lowest non-knocker, {name}, is scored against "
                    "the knocker (gem_pairing=lowest_non_knocker).",
                    name=names[low],
                ),
                "§12.3",
            )
        )
        return [low]
    steps.append(
        Step(
            msg(
                "Three players: each non-knocker is scored against the knocker as in "
                "the two-player game (gem_pairing=each_non_knocker)."
            ),
            "§12.3",
        )
    )
    return others


def _score_pairs(
    ending: GemEnding,
    knocker: int,
    parts: list[_Part],
    paired: list[int],
    rules: GemRules,
    names: Sequence[str],
    steps: list[Step],
    points: list[int],
) -> list[GemPair]:
    """Each non-knocker against the knocker (:func:`score_pair`), added to ``points``."""
    pairs: list[GemPair] = []
    for seat in _clockwise(knocker, len(parts)):
        if seat not in paired:
            pairs.append(GemPair(seat, PairOutcome.UNPAIRED, parts[seat].deadwood, 0, 0))
            continue
        outcome, kp, dp, why = score_pair(
            ending, parts[knocker].deadwood, parts[seat].deadwood, rules
        )
        pairs.append(GemPair(seat, outcome, parts[seat].deadwood, kp, dp))
        points[knocker] += kp
        points[seat] += dp
        who = names[knocker] if kp else names[seat]
        steps.append(
            Step(
                msg(
                    "{knocker} v {other}: {why} to {who}.",
                    knocker=names[knocker],
                    other=names[seat],
                    why=why,
                    who=who,
                ),
                RULE,
            )
        )
    return pairs


def _gem_parts_bonuses(
    knocker: int,
    parts: list[_Part],
    rules: GemRules,
    names: Sequence[str],
    steps: list[Step],
    points: list[int],
) -> list[int]:
    """The Gem Parts bonus of each seat that has them (16 to the knocker, 8 to a non-knocker),
    added to ``points``; returned by seat."""
    gem_points = [0] * len(parts)
    for part in parts:
        if not part.gem_parts:
            continue
        bonus = rules.gem_parts_knocker if part.seat == knocker else rules.gem_parts_non_knocker
        gem_points[part.seat] = bonus
        points[part.seat] += bonus
        got: dict[str, Value] = {
            "name": names[part.seat],
            "how": _gem_parts_how(part),
            "bonus": bonus,
        }
        steps.append(
            Step(
                msg("Gem Parts for {name} ({how}): +{bonus} to the knocker.", **got)
                if part.seat == knocker
                else msg("Gem Parts for {name} ({how}): +{bonus} to a non-knocker.", **got),
                RULE,
            )
        )
    return gem_points


def _gem_parts_how(part: _Part) -> Message:
    """How a seat has its Gem Parts: claimed, or found among its cards; the kings' readings."""
    read = listed(
        [msg("{card} counts as {gem}", card=c.label, gem=g.title) for c, g in part.readings]
    )
    if part.claimed:
        return msg("claimed ({readings})", readings=read) if read else msg("claimed")
    if read:
        return msg("all eight gems among the cards ({readings})", readings=read)
    return msg("all eight gems among the cards")


def dead_hand(dice: Dice | None, seats: int, names: Sequence[str]) -> GemResult:
    """Two cards left in the stock at the start of a turn: nobody scores, the dealer deals again."""
    step = Step(msg("Dead hand: two cards were left in the stock; nobody scores."), RULE)
    return GemResult(
        GemEnding.DEAD,
        dice or Dice(7),
        None,
        tuple(GemSeat(s, None) for s in range(seats)),
        (),
        (0,) * seats,
        (step,),
    )


def _dice_step(dice: Dice) -> Step:
    return Step(
        msg(
            "Dice {dice}: knock limit {limit}, Queen's Diamonds is any queen with {card}.",
            dice=dice.label,
            limit=dice.knock_limit,
            card=dice.diamond.label,
        ),
        RULE,
    )


def rule_counts(
    dice: Dice,
    ending: GemEnding,
    knocker: int,
    deadwoods: Sequence[int | None],
    claims: Sequence[bool],
    rules: GemRules,
    names: Sequence[str],
) -> GemResult:
    """A hand from the counts read out: each player's deadwood (a non-knocker's after its
    layoffs; gin and big gin leave the knocker 0) and who claims Gem Parts."""
    seats = len(names)
    if ending is GemEnding.DEAD:
        return dead_hand(dice, seats, names)
    if not 0 <= knocker < seats:
        raise InputError("knocker_seat", msg("choose who knocked"))
    steps = [_dice_step(dice)]
    kdw = deadwoods[knocker]
    if ending in (GemEnding.GIN, GemEnding.BIG_GIN):
        if kdw not in (None, 0):
            raise InputError(
                "knocker_deadwood", msg("gin leaves no deadwood (got {deadwood})", deadwood=kdw)
            )
        kdw = 0
    if kdw is None:
        raise InputError("knocker_deadwood", msg("give {name}'s deadwood", name=names[knocker]))
    if kdw < 0:
        raise InputError("knocker_deadwood", msg("deadwood cannot be negative"))
    if ending is GemEnding.KNOCK and kdw > dice.knock_limit:
        raise InputError(
            "knocker_deadwood",
            msg(
                "deadwood {deadwood} is above the knock limit {limit} (dice {dice}): not a legal "
                "knock",
                deadwood=kdw,
                limit=dice.knock_limit,
                dice=dice.label,
            ),
        )
    if ending is GemEnding.KNOCK:
        steps.append(Step(_knocks(names[knocker], kdw, dice.knock_limit), RULE))
    parts: list[_Part] = []
    for seat in range(seats):
        dw = kdw if seat == knocker else deadwoods[seat]
        if dw is None:
            raise InputError(
                f"deadwood_{seat}", msg("give {name}'s deadwood", name=names[seat]), seat=seat
            )
        if dw < 0:
            raise InputError(f"deadwood_{seat}", msg("deadwood cannot be negative"), seat=seat)
        parts.append(_Part(seat, dw, bool(claims[seat]), claimed=bool(claims[seat])))
    return _finish(ending, dice, knocker, parts, rules, names, steps)


def check_hands(hands: Sequence[Sequence[Card]], names: Sequence[str]) -> None:
    """Cards the deck does not have: a joker, or a card in two players' hands."""
    owner: dict[Card, int] = {}
    for seat, cards in enumerate(hands):
        for card in cards:
            if card.is_joker:
                raise InputError(
                    f"cards_{seat}",
                    msg(
                        "{name}: {card} is not played in Gem Rummy (the jokers hold the dice)",
                        name=names[seat],
                        card=card.label,
                    ),
                    seat=seat,
                    api_field="hands",
                )
            if card in owner:
                raise InputError(
                    f"cards_{seat}",
                    msg(
                        "{card} is in both {first}'s and {second}'s hands: the deck has one of "
                        "each card",
                        card=card.label,
                        first=names[owner[card]],
                        second=names[seat],
                    ),
                    seat=seat,
                    api_field="hands",
                )
            owner[card] = seat


def parse_spread(
    melds: Sequence[Sequence[Card]], cards: Sequence[Card], deck: GemDeck, dice: Dice
) -> tuple[GemMeld, ...]:
    """The knocker's declared melds checked: each a meld, each card the knocker's and in one
    meld only (a king counted twice is refused)."""
    used: set[Card] = set()
    out: list[GemMeld] = []
    for cs in melds:
        problem = meld_refusal(cs, deck, dice.diamond)
        if problem:
            raise InputError("spread", problem)
        for card in cs:
            if card not in cards:
                raise InputError(
                    "spread", msg("{card} is not in the knocker's hand", card=card.label)
                )
            if card in used:
                raise InputError(
                    "spread",
                    msg(
                        "{card} is counted twice: a king counts as one of its two gems, in one "
                        "meld",
                        card=card.label,
                    )
                    if card.rank is not None and card.rank.label == "K"
                    else msg(
                        "{card} is counted twice: a card is in one meld only", card=card.label
                    ),
                )
            used.add(card)
        meld = meld_of(cs, deck, dice.diamond)
        assert meld is not None
        out.append(meld)
    return tuple(out)


def rule_cards(
    dice: Dice,
    knocker: int,
    hands: Sequence[Sequence[Card]],
    deck: GemDeck,
    rules: GemRules,
    names: Sequence[str],
    spread: Sequence[Sequence[Card]] | None = None,
) -> GemResult:
    """A hand from every player's cards: the knocker's 11 after the discard (12 for big gin),
    each other player's 11. The cards speak: 11 cards all melded is gin."""
    seats = len(names)
    if not 0 <= knocker < seats:
        raise InputError("knocker_seat", msg("choose who knocked"))
    check_hands(hands, names)
    _check_hand_sizes(knocker, hands, rules, names)
    steps = [_dice_step(dice)]
    kcards = tuple(hands[knocker])
    declared = parse_spread(spread, kcards, deck, dice) if spread is not None else None
    ksearch = GemSearch(kcards, deck, dice.diamond)
    kdw = ksearch.least()
    ending = _ending_of(kcards, kdw, dice, rules, names[knocker], knocker)
    table = _Table(hands, deck, dice, rules, _clockwise(knocker, seats))
    if declared is not None:
        candidates = _declared_candidates(
            declared, kcards, ksearch, ending, dice, steps, names, knocker
        )
    else:
        candidates = ksearch.arrangements(limit=SPREAD_CANDIDATES)
    spread_arr, (other_parts, turns) = most_left_for_others(
        candidates,
        lambda arrangement: _answers(arrangement, ending, table),
        lambda answered: sum(p.deadwood for p in answered[0]),
    )
    if spread is None:
        steps.append(_best_spread_step(names[knocker], spread_arr, len(candidates)))
    steps.extend(_ending_steps(ending, names, knocker, kdw, dice, rules, spread_arr, turns))
    steps.extend(_kept_steps(other_parts, names))
    kpart = _Part(
        knocker, spread_arr.deadwood, False, cards=kcards, arrangement=spread_arr, before=kdw
    )
    parts = sorted([kpart, *other_parts], key=lambda p: p.seat)
    steps.extend(_read_gem_parts(parts, deck, names))
    return _finish(
        ending, dice, knocker, parts, rules, names, steps, tuple(spread_arr.melds), turns
    )


def _check_hand_sizes(
    knocker: int, hands: Sequence[Sequence[Card]], rules: GemRules, names: Sequence[str]
) -> None:
    """Every hand holds the hand size; the knocker's may hold one more (big gin)."""
    size = rules.hand_size
    for seat, cards in enumerate(hands):
        allowed = (size, size + 1) if seat == knocker else (size,)
        if len(cards) not in allowed:
            held: dict[str, Value] = {"name": names[seat], "count": len(cards), "size": size}
            raise InputError(
                f"cards_{seat}",
                msg(
                    "{name} holds {count} cards, {size} (or {big} for big gin) are needed",
                    big=size + 1,
                    **held,
                )
                if seat == knocker
                else msg("{name} holds {count} cards, {size} are needed", **held),
                seat=seat,
                api_field="hands",
            )


def _ending_of(
    kcards: tuple[Card, ...], kdw: int, dice: Dice, rules: GemRules, name: str, knocker: int
) -> GemEnding:
    """The cards speak: 12 cards all melded are big gin, 11 all melded gin, else a knock within
    the dice's limit; anything else is refused."""
    size = rules.hand_size
    if len(kcards) == size + 1 and kdw:
        raise InputError(
            f"cards_{knocker}",
            msg(
                "{name}'s {count} cards do not all meld (deadwood {deadwood}): 12 cards are big "
                "gin only; enter the 11 kept after the discard",
                name=name,
                count=size + 1,
                deadwood=kdw,
            ),
            seat=knocker,
            api_field="hands",
        )
    if kdw > dice.knock_limit:
        raise InputError(
            f"cards_{knocker}",
            msg(
                "{name}'s deadwood is {deadwood} at best, above the knock limit {limit} (dice "
                "{dice}): not a legal knock",
                name=name,
                deadwood=kdw,
                limit=dice.knock_limit,
                dice=dice.label,
            ),
            seat=knocker,
            api_field="hands",
        )
    if len(kcards) == size + 1:
        return GemEnding.BIG_GIN
    return GemEnding.GIN if kdw == 0 else GemEnding.KNOCK


def _declared_candidates(
    declared: tuple[GemMeld, ...],
    kcards: tuple[Card, ...],
    ksearch: GemSearch,
    ending: GemEnding,
    dice: Dice,
    steps: list[Step],
    names: Sequence[str],
    knocker: int,
) -> list[GemArrangement]:
    """The knocker's declared spread as the one candidate, within the knock limit (R3); when
    every card melds anyway, the arrangement that melds them all (the cards speak, R11)."""
    melded = {c for m in declared for c in m.cards}
    dead = tuple(c for c in kcards if c not in melded)
    dead_value = sum(c.rank.pip_value for c in dead if c.rank is not None)
    if dead_value > dice.knock_limit:
        raise InputError(
            "spread",
            msg(
                "the declared spread leaves deadwood {deadwood} ({cards}), above the knock "
                "limit {limit}",
                deadwood=dead_value,
                cards=_label(dead),
                limit=dice.knock_limit,
            ),
        )
    steps.append(Step(msg("{name} declared the spread.", name=names[knocker]), "R3"))
    if not dead or ending is GemEnding.KNOCK:
        return [GemArrangement(declared, dead, dead_value)]
    # the cards speak (R11): every card melds, so the hand is gin with the
    # arrangement that melds them all, not the declared spread's deadwood
    best = ksearch.best()
    steps.append(
        Step(
            msg(
                "The declared spread leaves {cards} out, but {name}'s cards all meld: "
                "the cards speak, {melds}; deadwood 0.",
                cards=_label(dead),
                name=names[knocker],
                melds=listed([m.description for m in best.melds], semicolons=True),
            ),
            "R11",
        )
    )
    return [best]


@dataclass(frozen=True)
class _Table:
    """What the other players answer a knock with: their hands, the deck, the dice, the rules
    and their seats in turn from the knocker's left."""

    hands: Sequence[Sequence[Card]]
    deck: GemDeck
    dice: Dice
    rules: GemRules
    others: list[int]

    def least(self, seat: int) -> int:
        return GemSearch(self.hands[seat], self.deck, self.dice.diamond).least()


def _answers(
    arrangement: GemArrangement, ending: GemEnding, table: _Table
) -> tuple[list[_Part], tuple[GemLayoff, ...]]:
    """The other players' parts against one knocker spread, in turn from the knocker's left,
    and the layoffs in the order they went down: none after gin (§8.3), one player's best
    layoffs with two players, the turns of layoffs with three (§12.3)."""
    hands, deck, dice, rules, others = (
        table.hands,
        table.deck,
        table.dice,
        table.rules,
        table.others,
    )
    parts: list[_Part] = []
    if ending is not GemEnding.KNOCK:
        for seat in others:
            a = GemSearch(hands[seat], deck, dice.diamond).best()
            parts.append(
                _Part(
                    seat,
                    a.deadwood,
                    False,
                    cards=tuple(hands[seat]),
                    arrangement=a,
                    before=a.deadwood,
                )
            )
        return parts, ()
    if len(others) == 1:
        seat = others[0]
        melds = [TableMeld(m) for m in arrangement.melds]
        plan = best_layoffs(melds, hands[seat], deck, dice.diamond, rules, seat)
        before = table.least(seat)
        parts.append(
            _Part(
                seat,
                plan.deadwood,
                False,
                cards=tuple(hands[seat]),
                arrangement=plan.arrangement,
                before=before,
            )
        )
        return parts, plan.layoffs
    played = play_layoff_turns(
        arrangement.melds, {s: hands[s] for s in others}, others, deck, dice.diamond, rules
    )
    for seat in others:
        before = table.least(seat)
        parts.append(
            _Part(
                seat,
                played.kept[seat].deadwood,
                False,
                cards=tuple(hands[seat]),
                arrangement=played.kept[seat],
                before=before,
            )
        )
    return parts, played.turns


def _best_spread_step(name: str, spread: GemArrangement, candidates: int) -> Step:
    """The spread the referee took for the knocker (R1)."""
    best_spread: dict[str, Value] = {
        "name": name,
        "melds": listed([m.description for m in spread.melds], semicolons=True),
        "deadwood": spread.deadwood,
        "cards": _label(spread.deadwood_cards),
    }
    return Step(
        msg(
            "{name}'s best spread (of its best spreads, the one leaving the others the "
            "most deadwood): {melds}; deadwood {deadwood} ({cards}).",
            **best_spread,
        )
        if candidates > 1
        else msg("{name}'s best spread: {melds}; deadwood {deadwood} ({cards}).", **best_spread),
        "R1",
    )


def _ending_steps(
    ending: GemEnding,
    names: Sequence[str],
    knocker: int,
    kdw: int,
    dice: Dice,
    rules: GemRules,
    spread: GemArrangement,
    turns: tuple[GemLayoff, ...],
) -> list[Step]:
    """Gin and big gin (no layoffs), or a legal knock and each layoff in turn (R4, §12.3)."""
    if ending is GemEnding.GIN:
        return [
            Step(msg("{name}'s 11 cards all meld: gin (no layoffs).", name=names[knocker]), RULE)
        ]
    if ending is GemEnding.BIG_GIN:
        return [
            Step(
                msg("{name}'s 12 cards all meld: big gin (no layoffs).", name=names[knocker]),
                RULE,
            )
        ]
    steps = [
        Step(
            joined(
                _knocks(names[knocker], kdw, dice.knock_limit),
                msg(
                    "Layoffs onto the knocker's melds only; {options}.",
                    options=rules.layoff_option_text,
                ),
            ),
            "§12.3",
        )
    ]
    for n, lay in enumerate(turns, 1):
        target = spread.melds[lay.meld_index]
        laid: dict[str, Value] = {"number": n, "name": names[lay.seat], "card": lay.card.label}
        steps.append(
            Step(
                msg(
                    "Layoff {number}: {name} lays {card} (read as {gem}) {onto}.",
                    gem=lay.reading.title,
                    onto=_onto(target),
                    **laid,
                )
                if lay.reading
                else msg("Layoff {number}: {name} lays {card} {onto}.", onto=_onto(target), **laid),
                "R4",
            )
        )
    return steps


def _kept_steps(other_parts: list[_Part], names: Sequence[str]) -> list[Step]:
    """What each other player lays down of its own, and its deadwood (R1)."""
    steps: list[Step] = []
    for part in other_parts:
        assert part.arrangement is not None
        a = part.arrangement
        kept: dict[str, Value] = {
            "name": names[part.seat],
            "deadwood": a.deadwood,
            "cards": _label(a.deadwood_cards),
        }
        steps.append(
            Step(
                msg(
                    "{name} lays down {melds}; deadwood {deadwood} ({cards}).",
                    melds=listed([m.description for m in a.melds], semicolons=True),
                    **kept,
                )
                if a.melds
                else msg("{name} lays down no melds; deadwood {deadwood} ({cards}).", **kept),
                "R1",
            )
        )
    return steps


def _read_gem_parts(parts: list[_Part], deck: GemDeck, names: Sequence[str]) -> list[Step]:
    """Gem Parts read from each player's cards (every gem among them, a king as one of its
    two); a step for each player without them says what is missing."""
    steps: list[Step] = []
    for part in parts:
        assert part.cards is not None
        readings = gem_parts(part.cards, deck)
        part.gem_parts = readings is not None
        part.readings = readings or ()
        if readings is not None:
            continue
        lacking = ", ".join(g.title for g in missing_gems(part.cards, deck))
        if lacking:
            said = msg("{name} has no Gem Parts: no {gems}.", name=names[part.seat], gems=lacking)
        else:
            said = msg(
                "{name} has no Gem Parts: the kings cannot count for every missing "
                "gem (a king counts as one of its gems).",
                name=names[part.seat],
            )
        steps.append(Step(said, RULE))
    return steps
