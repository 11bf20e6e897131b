"""Basic Rummy for two to six players (docs/rules.md §8.4, seed 004): one player goes out and
takes the pip value of every card left in the losers' hands.

A hand ends with a player going out (``OUT``), going out in one turn with no meld or layoff
earlier in the hand (``RUMMY``: the points are doubled, or multiplied by the table's
``going_rummy_multiplier``), or as a stalemate (the stock ran
through twice, or nobody can finish) that scores nothing. Cards left in hand count whether
they would meld or not: face cards 10, ace 1, the others their rank.

Winner takes all (the seed's reading): the winner scores the losers' cards. Penalty scoring
(``rummy_penalty``, the other published reading) charges each loser their own cards instead;
the game then ends when a player's charges reach the target, and the least charged wins.

A player's part is entered as the cards left in hand, or just their count. The melds a
player laid down may be recorded too; they are checked as legal melds (sets of 3–4, runs of
3 or more, ace low, no wrap) and every card is checked to appear once in the hand.

>>> from referee.rules.cards import parse_cards
>>> r = rule_hand(Ending.RUMMY, 2, [parse_cards("KS 7D 2C"), parse_cards("4H"), ()],
...               names=("Ann", "Ben", "Cat"))
>>> r.points
(0, 0, 46)
>>> for part in r.steps[-1].text.split("; "):
...     print(part)
Cat went out
Ann holds K♠ 7♦ 2♣ = 19, Ben holds 4♥ = 4
Cat scores 23, doubled for going rummy: 46.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from referee.rules.cards import Card, format_cards
from referee.rules.errors import InputError, said_of
from referee.rules.labels import player_label
from referee.rules.melds import InvalidMeldError, validate_meld
from referee.rules.messages import Message, msg, msg_n
from referee.rules.results import HandScore, Meld, Step
from referee.rules.ruleset import NextDealer, Ruleset, ShutoutRule
from referee.rules.values import card_value

__all__ = [
    "BASIC_RUMMY",
    "BasicRummyResult",
    "Ending",
    "RummySeat",
    "check_cards",
    "hand_size",
    "pip_value",
    "rule_hand",
    "target_for",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6

BASIC_RUMMY = Ruleset(
    ace_value=1,
    court_value=10,
    hand_size=7,
    box_bonus=0,
    game_bonus=0,
    shutout_rule=ShutoutRule.NONE,
    shutout_bonus=0,
    game_target=200,
    next_dealer=NextDealer.ALTERNATE,
)
"""Seed 004's table: winner takes all, going rummy doubles, the deal passes to the left; no
boxes, game bonus or shutout. The target and the cards dealt follow the player count
(:func:`target_for`, :func:`hand_size`); 200 is the target for four and more."""


class Ending(StrEnum):
    """How a hand ended."""

    OUT = "out"  # a player went out
    RUMMY = "rummy"  # went out in one turn, nothing melded or laid off before: doubled
    STALEMATE = "stalemate"  # Basic Rummy: nobody scores; 500 Rum: the stock ran out


def hand_size(players: int) -> int:
    """Cards dealt to each player: 10 for two, 7 for three or four, 6 for five or six."""
    if players <= 2:
        return 10
    return 7 if players <= 4 else 6


def target_for(players: int) -> int | None:
    """Seed 004's target for ``players`` (None: a table setting, five and six)."""
    return {2: 100, 3: 150, 4: 200}.get(players)


def pip_value(card: Card, rules: Ruleset = BASIC_RUMMY) -> int:
    """A card left in hand: face cards 10, ace 1, the others their rank (a joker: the
    table's joker value).
    Valued as Gin values its cards (``values.card_value``)."""
    return card_value(card, rules)


@dataclass(frozen=True)
class RummySeat:
    """One player's part in a hand: the cards left in hand (None when only their value was
    entered), what they count, and the melds recorded as laid down."""

    seat: int
    held: tuple[Card, ...] | None
    value: int
    melds: tuple[Meld, ...] = ()

    def held_text(self) -> str:
        """``K♠ 7♦ 2♣ = 19``, or ``19`` for a count."""
        return str(self.held_said())

    def held_said(self) -> Message | int | str:
        """What :meth:`held_text` says, for any reader: the cards and their value, the value
        alone for a count, or nothing."""
        if self.held is None:
            return self.value
        if not self.held:
            return msg("nothing")
        return f"{format_cards(self.held)} = {self.value}"


@dataclass(frozen=True)
class BasicRummyResult:
    """A ruled Basic Rummy hand: who went out, each player's cards, the points by seat, and
    the steps that explain them."""

    ending: Ending
    winner: int | None
    seats: tuple[RummySeat, ...]
    base: int
    multiplier: int
    points: tuple[int, ...]
    penalty: bool
    steps: tuple[Step, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    @property
    def stalemate(self) -> bool:
        return self.ending is Ending.STALEMATE

    def score(self) -> HandScore:
        """What the hand adds to each seat (no boxes in this game)."""
        return HandScore(self.points, (0,) * len(self.points))


Held = Sequence[Card] | int | None
"""One player's entry: the cards left in hand, or their value, or nothing."""


def listed(parts: Sequence[Message | str]) -> Message | str:
    """Things said one after another with commas (``Ann 19, Ben 4``); none: an empty text."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = msg("{first}, {second}", first=out, second=part)
    return out


def not_a_player(seat: object) -> Message:
    return msg("{seat} is not a player", seat=repr(seat))


def check_melds(
    melds: Sequence[Sequence[Sequence[Card]]], rules: Ruleset, names: Sequence[str] | None
) -> tuple[tuple[Meld, ...], ...]:
    """Every recorded meld checked as a legal meld; raises :class:`InputError` on
    ``melds_<seat>`` with the reason."""
    out = []
    for seat, groups in enumerate(melds):
        checked = []
        for group in groups:
            try:
                checked.append(validate_meld(tuple(group), rules))
            except InvalidMeldError as e:
                raise InputError(
                    f"melds_{seat}",
                    msg(
                        "{player}: {problem}", player=player_label(names, seat), problem=said_of(e)
                    ),
                    api_field="melds",
                    seat=seat,
                ) from None
        out.append(tuple(checked))
    return tuple(out)


_API_FIELDS = {"cards": "hands", "melds": "melds", "layoffs": "layoffs"}
"""What the API calls each group of cards :func:`check_cards` checks."""


def check_cards(
    groups: Sequence[tuple[int, str, Sequence[Card]]],
    rules: Ruleset,
    names: Sequence[str] | None,
) -> None:
    """No card appears more often across the hand than the pack holds it. ``groups`` are
    (seat, what: ``cards``, ``melds`` or ``layoffs``, cards); the later of two holders is
    named."""
    deck = rules.deck
    seen: Counter[Card] = Counter()
    holder: dict[Card, int] = {}
    jokers = 0
    for seat, what, cards in groups:
        for card in cards:
            if card.is_joker:
                jokers += 1
                if jokers > deck.jokers:
                    raise InputError(
                        f"{what}_{seat}",
                        msg(
                            "{player}: more jokers than the pack's {jokers}",
                            player=player_label(names, seat),
                            jokers=deck.jokers,
                        ),
                        api_field=_API_FIELDS.get(what, what),
                        seat=seat,
                    )
                continue
            seen[card] += 1
            if seen[card] > deck.copies(card):
                first = holder[card]
                who: Message | str = (
                    msg(
                        "{first} and {second}",
                        first=player_label(names, first),
                        second=player_label(names, seat),
                    )
                    if first != seat
                    else player_label(names, seat)
                )
                if deck.copies(card) == 1:
                    twice = msg(
                        "{card} appears twice: held by {players}", card=card.label, players=who
                    )
                else:
                    twice = msg_n(
                        "{card} appears {count} times (the pack has {copies}): held by {players}",
                        "{card} appears {count} times (the pack has {copies}): held by {players}",
                        seen[card],
                        card=card.label,
                        copies=deck.copies(card),
                        players=who,
                    )
                raise InputError(
                    f"{what}_{seat}",
                    twice,
                    api_field=_API_FIELDS.get(what, what),
                    seat=seat,
                )
            holder.setdefault(card, seat)


def check_held(
    held: Sequence[Held],
    winner: int | None,
    rules: Ruleset,
    names: Sequence[str] | None,
    *,
    winner_field: str = "knocker_seat",
) -> None:
    """The player who went out holds nothing; nobody holds more than was dealt, or a
    negative value. Raises :class:`InputError` naming the player's field."""
    for seat, entry in enumerate(held):
        who = player_label(names, seat)
        if isinstance(entry, int):
            if entry < 0:
                raise InputError(
                    f"count_{seat}",
                    msg("{player}'s count cannot be negative", player=who),
                    api_field="counts",
                )
            if seat == winner and entry:
                raise InputError(
                    f"count_{seat}",
                    msg(
                        "{player} went out, so holds no cards (count 0, got {count})",
                        player=who,
                        count=entry,
                    ),
                    api_field="counts",
                    seat=seat,
                )
            most = rules.hand_size * max(rules.court_value, rules.ace_value, rules.joker_value)
            if entry > most:
                raise InputError(
                    f"count_{seat}",
                    msg_n(
                        "{player}'s {count} cards cannot count more than {most}",
                        "{player}'s {count} cards cannot count more than {most}",
                        rules.hand_size,
                        player=who,
                        most=most,
                    ),
                    api_field="counts",
                    seat=seat,
                )
        elif entry is not None:
            check_left(entry, seat, who, seat == winner, rules)


def check_left(
    held: Sequence[Card], seat: int, who: Message | str, went_out: bool, rules: Ruleset
) -> None:
    """The cards a player was left holding: none for the one who went out, and no more than
    were dealt. Raises :class:`InputError` on that seat's cards."""
    if went_out and held:
        raise InputError(
            f"cards_{seat}",
            msg(
                "{player} went out, so holds no cards (got {cards})",
                player=who,
                cards=format_cards(held),
            ),
            api_field="hands",
            seat=seat,
        )
    if len(held) > rules.hand_size:
        raise InputError(
            f"cards_{seat}",
            msg_n(
                "{player} holds {count} cards: more than the {dealt} dealt",
                "{player} holds {count} cards: more than the {dealt} dealt",
                len(held),
                player=who,
                dealt=rules.hand_size,
            ),
            api_field="hands",
            seat=seat,
        )


def rule_hand(
    ending: Ending,
    winner: int | None,
    held: Sequence[Held],
    melds: Sequence[Sequence[Sequence[Card]]] = (),
    rules: Ruleset = BASIC_RUMMY,
    names: Sequence[str] | None = None,
) -> BasicRummyResult:
    """Rule one hand: ``held`` by seat (cards left, a count, or None), ``melds`` by seat
    (the melds each laid down, optional). Raises :class:`InputError` naming the field."""
    players = len(held)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(
            "players",
            msg(
                "Basic Rummy takes {least} to {most} players (got {count})",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=players,
            ),
        )
    melds = list(melds) + [()] * (players - len(melds))
    if ending is Ending.STALEMATE:
        winner = None
    elif winner is None:
        raise InputError("knocker_seat", msg("choose who went out"), api_field="went_out")
    elif not 0 <= winner < players:
        raise InputError("knocker_seat", not_a_player(winner), api_field="went_out")
    checked = check_melds(melds, rules, names)
    check_held(held, winner, rules, names)
    check_cards(
        [(s, "melds", [c for m in ms for c in m]) for s, ms in enumerate(melds)]
        + [(s, "cards", h) for s, h in enumerate(held) if not isinstance(h, int) and h],
        rules,
        names,
    )
    if ending is Ending.RUMMY and winner is not None and checked[winner]:
        raise InputError(
            "kind",
            msg(
                "{player} is recorded with melds laid down earlier, so did not go rummy",
                player=player_label(names, winner),
            ),
            api_field="kind",
        )
    seats = []
    for seat, entry in enumerate(held):
        if isinstance(entry, int):
            seats.append(RummySeat(seat, None, entry, checked[seat]))
        elif entry is None:
            if ending is not Ending.STALEMATE and seat != winner:
                raise InputError(
                    f"count_{seat}",
                    msg(
                        "enter {player}'s cards left, or their count",
                        player=player_label(names, seat),
                    ),
                    api_field="counts",
                    seat=seat,
                )
            seats.append(RummySeat(seat, (), 0, checked[seat]))
        else:
            cards = tuple(entry)
            value = sum(pip_value(c, rules) for c in cards)
            seats.append(RummySeat(seat, cards, value, checked[seat]))
    return _score(ending, winner, tuple(seats), rules, names)


def _score(
    ending: Ending,
    winner: int | None,
    seats: tuple[RummySeat, ...],
    rules: Ruleset,
    names: Sequence[str] | None,
) -> BasicRummyResult:
    players = len(seats)
    steps = _melds_steps(seats, names)
    if ending is Ending.STALEMATE or winner is None:
        steps.append(
            Step(
                msg("Stalemate (the stock ran out twice, or nobody could finish): no score."),
                "§8.4",
            )
        )
        return BasicRummyResult(
            ending, None, seats, 0, 1, (0,) * players, rules.rummy_penalty, tuple(steps)
        )
    losers = [s for s in seats if s.seat != winner]
    base = sum(s.value for s in losers)
    multiplier = rules.going_rummy_multiplier if ending is Ending.RUMMY else 1
    holds = listed(
        [
            msg("{player} holds {held}", player=player_label(names, s.seat), held=s.held_said())
            for s in losers
        ]
    )
    if rules.rummy_penalty:
        points = [0] * players
        for s in losers:
            points[s.seat] = -s.value * multiplier
        steps.append(_penalty_step(winner, losers, points, holds, multiplier, names))
        return BasicRummyResult(
            ending, winner, seats, base, multiplier, tuple(points), True, tuple(steps)
        )
    steps.append(_winner_takes_all_step(winner, holds, base, multiplier, names))
    points = [0] * players
    points[winner] = base * multiplier
    return BasicRummyResult(
        ending, winner, seats, base, multiplier, tuple(points), False, tuple(steps)
    )


def _melds_steps(seats: tuple[RummySeat, ...], names: Sequence[str] | None) -> list[Step]:
    """What each player laid down (§8.4)."""
    steps: list[Step] = []
    for seat in seats:
        if seat.melds:
            shown = ", ".join(m.label for m in seat.melds)
            steps.append(
                Step(
                    msg(
                        "{player} laid down {melds}.",
                        player=player_label(names, seat.seat),
                        melds=shown,
                    ),
                    "§8.4 melds",
                )
            )
    return steps


def _penalty_step(
    winner: int,
    losers: list[RummySeat],
    points: list[int],
    holds: Message | str,
    multiplier: int,
    names: Sequence[str] | None,
) -> Step:
    """Penalty scoring: each other player is charged its own cards (§8.4)."""
    who = player_label(names, winner)
    charged = listed(
        [
            msg("{player} {points}", player=player_label(names, s.seat), points=-points[s.seat])
            for s in losers
            if points[s.seat]
        ]
    ) or msg("nothing")
    if multiplier == 2:
        text = msg(
            "{player} went out; {holds}; each is charged their own cards, doubled for "
            "going rummy: {charged}.",
            player=who,
            holds=holds,
            charged=charged,
        )
    elif multiplier > 1:
        text = msg(
            "{player} went out; {holds}; each is charged their own cards, times "
            "{multiplier} for going rummy: {charged}.",
            player=who,
            holds=holds,
            multiplier=multiplier,
            charged=charged,
        )
    else:
        text = msg(
            "{player} went out; {holds}; each is charged their own cards: {charged}.",
            player=who,
            holds=holds,
            charged=charged,
        )
    return Step(text, "§8.4 penalty scoring")


def _winner_takes_all_step(
    winner: int, holds: Message | str, base: int, multiplier: int, names: Sequence[str] | None
) -> Step:
    """Winner takes all: the one who went out scores every other player's cards (§8.4)."""
    who = player_label(names, winner)
    total = base * multiplier
    if multiplier == 2:
        text = msg(
            "{player} went out; {holds}; {player} scores {base}, doubled for going rummy: {total}.",
            player=who,
            holds=holds,
            base=base,
            total=total,
        )
    elif multiplier > 1:
        text = msg(
            "{player} went out; {holds}; {player} scores {base}, times {multiplier} for going "
            "rummy: {total}.",
            player=who,
            holds=holds,
            base=base,
            multiplier=multiplier,
            total=total,
        )
    else:
        text = msg(
            "{player} went out; {holds}; {player} scores {base}.",
            player=who,
            holds=holds,
            base=base,
        )
    return Step(text, "§8.4 winner takes all")
