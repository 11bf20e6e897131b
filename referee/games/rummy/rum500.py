"""500 Rum for two to eight players (docs/rules.md §8.4): each player scores the cards they
melded or laid off this hand less the cards left in hand.

Cards count: jokers and aces 15 (except an ace in A-2-3, which counts 1), face cards 10, the
others their pip value; a joker counts 15 wherever it stands. So a hand score can be
negative. The game is to 500 and the highest total wins; when the highest totals are tied at
the target, the table's ``target_tie`` says whether the game ends tied or goes on.

The pack is 52 cards and two jokers (two packs and four jokers for five or more players);
13 cards each for two players, 7 otherwise. Jokers are wild: each stands for one named card
in its meld.

A player's part is entered by cards (the melds laid down; the cards laid off, each onto the
meld of another player it went onto; and the cards left in hand) or by counts (melded
points, points left). A card laid off scores for the player who laid it off (§8.4: melded
and laid-off cards score for the player who played them), valued where it stands in the
meld it extends (an ace laid off below 2-3 counts 1); each meld with the cards laid off onto
it must still be a meld, and no card is counted twice.

>>> from referee.rules.cards import parse_card, parse_cards
>>> r = rule_hand(0, [([parse_cards("AH 2H 3H"), parse_cards("KS KH KD")], ()),
...                   ([parse_cards("7C 8C 9C")], parse_cards("AS QD"))], names=("Ann", "Ben"))
>>> r.points
(36, -1)
>>> r = rule_hand(0, [([parse_cards("6H 7H 8H")], ()), ((), parse_cards("KS"))],
...               names=("Ann", "Ben"), layoffs=[(), [Layoff(parse_card("9H"), 0, 0)]])
>>> r.points, r.seats[1].melded
((21, -1), 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.rummy.basic_rummy import (
    Ending,
    check_cards,
    check_left,
    check_melds,
    not_a_player,
)
from referee.rules.cards import Card, format_cards
from referee.rules.errors import InputError, said_of
from referee.rules.labels import player_label
from referee.rules.melds import InvalidMeldError, validate_meld
from referee.rules.messages import Message, msg, msg_n
from referee.rules.results import HandScore, Meld, MeldKind, Step
from referee.rules.ruleset import AceRank, NextDealer, Ruleset, ShutoutRule
from referee.rules.values import card_value

__all__ = [
    "RUM_500",
    "LaidOff",
    "Layoff",
    "Rum500Result",
    "Rum500Seat",
    "card_points",
    "hand_size",
    "largest_set",
    "meld_points",
    "pack_for",
    "rule_hand",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 8

RUM_500 = Ruleset(
    jokers=2,
    jokers_wild=True,
    joker_value=15,
    ace_value=15,
    court_value=10,
    ace=AceRank.HIGH_OR_LOW,
    hand_size=7,
    box_bonus=0,
    game_bonus=0,
    shutout_rule=ShutoutRule.NONE,
    shutout_bonus=0,
    game_target=500,
    next_dealer=NextDealer.ALTERNATE,
)
"""500 Rum: one pack and two wild jokers, aces and jokers 15, game 500, the deal to the left;
no boxes, game bonus or shutout."""


def hand_size(players: int) -> int:
    """13 cards each for two players, 7 otherwise."""
    return 13 if players <= 2 else 7


def pack_for(players: int) -> tuple[int, int]:
    """(decks, jokers): one pack and two jokers; two packs and four jokers for five or more."""
    return (2, 4) if players >= 5 else (1, 2)


def largest_set(decks: int) -> int:
    """The most cards a set may hold: every card of its rank in the pack (four a pack; eight
    with the two packs of five or more players). docs/rules.md §8.4 gives sets of 3–4 for one
    pack; a second pack holds each rank twice over, so a set may run to eight."""
    return 4 * decks


def card_points(card: Card, rules: Ruleset = RUM_500) -> int:
    """A card's value: jokers and aces 15 (the table's values), faces 10, others pip.
    Valued as Gin values its cards (``values.card_value``)."""
    return card_value(card, rules)


def meld_points(meld: Meld, rules: Ruleset = RUM_500) -> int:
    """A meld's value; an ace at the low end of a run (A-2-3) counts 1."""
    total = 0
    for position, card in enumerate(meld.cards):
        low_ace = (
            meld.kind is MeldKind.RUN
            and not card.is_joker
            and card.rank is not None
            and int(card.rank) == 1
            and position == 0
            and meld.low == 1
        )
        total += 1 if low_ace else card_points(card, rules)
    return total


@dataclass(frozen=True)
class Layoff:
    """A card a player laid off onto another player's meld: ``onto`` is the meld's owner
    (a seat), ``meld`` its place among the owner's melds (0 the first)."""

    card: Card
    onto: int
    meld: int


@dataclass(frozen=True)
class LaidOff:
    """A layoff as ruled: the card, the meld it went onto as extended by every card laid
    off onto it, and the points it scores for the player who laid it off."""

    card: Card
    onto: int
    meld: int
    extended: Meld
    points: int


@dataclass(frozen=True)
class Rum500Seat:
    """One player's hand: the melds laid down (None when only counts were entered), the
    cards left in hand (likewise), the cards laid off onto other players' melds, and what
    each came to (``melded`` counts the cards laid off too)."""

    seat: int
    melds: tuple[Meld, ...] | None
    held: tuple[Card, ...] | None
    melded: int
    left: int
    laid_off: tuple[LaidOff, ...] = ()

    @property
    def net(self) -> int:
        return self.melded - self.left


@dataclass(frozen=True)
class Rum500Result:
    """A ruled 500 Rum hand: who went out (None: the stock ran out), every player's part,
    the points by seat and the steps that explain them."""

    winner: int | None
    seats: tuple[Rum500Seat, ...]
    points: tuple[int, ...]
    steps: tuple[Step, ...]

    @property
    def ending(self) -> Ending:
        return Ending.OUT if self.winner is not None else Ending.STALEMATE

    @property
    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    @property
    def stalemate(self) -> bool:
        return False

    @property
    def melded_total(self) -> int:
        return sum(s.melded for s in self.seats)

    @property
    def left_total(self) -> int:
        return sum(s.left for s in self.seats)

    def score(self) -> HandScore:
        return HandScore(self.points, (0,) * len(self.points))


Part = tuple[Sequence[Sequence[Card]], Sequence[Card]] | tuple[int, int] | None
"""One player's entry: (melds, cards left) by cards, or (melded points, points left)."""


def rule_hand(
    winner: int | None,
    parts: Sequence[Part],
    rules: Ruleset = RUM_500,
    names: Sequence[str] | None = None,
    layoffs: Sequence[Sequence[Layoff]] = (),
) -> Rum500Result:
    """Rule one hand: ``winner`` went out (None: the stock ran out); ``parts`` by seat;
    ``layoffs`` by seat, the cards each laid off onto other players' melds (by cards only).
    Raises :class:`InputError` naming the field."""
    players = len(parts)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(
            "players",
            msg(
                "500 Rum takes {least} to {most} players (got {count})",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=players,
            ),
        )
    if winner is not None and not 0 <= winner < players:
        raise InputError("knocker_seat", not_a_player(winner), api_field="went_out")
    melds: list[Sequence[Sequence[Card]]] = []
    for seat, part in enumerate(parts):
        if part is None:
            raise InputError(
                f"count_{seat}",
                msg(
                    "enter {player}'s melds and cards left, or their points",
                    player=player_label(names, seat),
                ),
                api_field="counts",
                seat=seat,
            )
        melds.append(part[0] if not isinstance(part[0], int) else ())
    checked = check_melds(melds, rules, names)
    laid = list(layoffs) + [()] * (players - len(layoffs))
    groups: list[tuple[int, str, Sequence[Card]]] = []
    for seat, part in enumerate(parts):
        assert part is not None
        groups.append((seat, "melds", [c for m in melds[seat] for c in m]))
        held = part[1]
        if not isinstance(held, int):
            groups.append((seat, "cards", held))
        groups.append((seat, "layoffs", [lay.card for lay in laid[seat]]))
    check_cards(groups, rules, names)
    ruled = _rule_layoffs(laid, parts, checked, rules, names)
    seats: list[Rum500Seat] = []
    for seat, part in enumerate(parts):
        assert part is not None
        who = player_label(names, seat)
        first, second = part
        if isinstance(first, int) and isinstance(second, int):
            for value, field in ((first, "melded"), (second, "count")):
                if value < 0:
                    raise InputError(
                        f"{field}_{seat}",
                        msg("{player}'s points cannot be negative", player=who),
                        api_field="counts",
                        seat=seat,
                    )
            if seat == winner and second:
                raise InputError(
                    f"count_{seat}",
                    msg(
                        "{player} went out, so holds no cards (points left 0, got {points})",
                        player=who,
                        points=second,
                    ),
                    api_field="counts",
                    seat=seat,
                )
            seats.append(Rum500Seat(seat, None, None, first, second))
            continue
        assert not isinstance(second, int)
        held = tuple(second)
        check_left(held, seat, who, seat == winner, rules)
        mine = ruled[seat]
        melded = sum(meld_points(m, rules) for m in checked[seat]) + sum(x.points for x in mine)
        left = sum(card_points(c, rules) for c in held)
        seats.append(Rum500Seat(seat, checked[seat], held, melded, left, mine))
    return _score(winner, tuple(seats), names, rules)


def _layoff_error(seat: int, reason: Message) -> InputError:
    return InputError(f"layoffs_{seat}", reason, api_field="layoffs", seat=seat)


def _rule_layoffs(
    laid: Sequence[Sequence[Layoff]],
    parts: Sequence[Part],
    checked: Sequence[tuple[Meld, ...]],
    rules: Ruleset,
    names: Sequence[str] | None,
) -> list[tuple[LaidOff, ...]]:
    """Every layoff checked (onto a meld of another player, entered by cards; the meld with
    all the cards laid off onto it still a meld) and valued where it stands in that meld.
    Raises :class:`InputError` on the ``layoffs_<seat>`` of the player whose layoff fails."""
    players = len(parts)
    onto: dict[tuple[int, int], list[tuple[int, Layoff]]] = {}
    for seat, lays in enumerate(laid):
        if not lays:
            continue
        who = player_label(names, seat)
        part = parts[seat]
        if part is None or isinstance(part[1], int):
            raise _layoff_error(
                seat, msg("{player}: layoffs are entered with the cards, not points", player=who)
            )
        for lay in lays:
            if not 0 <= lay.onto < players:
                raise _layoff_error(
                    seat,
                    msg(
                        "{player}: {card} laid off onto {owner}, who is not a player",
                        player=who,
                        card=lay.card.label,
                        owner=repr(lay.onto),
                    ),
                )
            owner = player_label(names, lay.onto)
            if lay.onto == seat:
                raise _layoff_error(
                    seat,
                    msg(
                        "{player}: {card} went onto {player}'s own meld: enter it in that meld",
                        player=who,
                        card=lay.card.label,
                    ),
                )
            if not 0 <= lay.meld < len(checked[lay.onto]):
                count = len(checked[lay.onto])
                raise _layoff_error(
                    seat,
                    msg_n(
                        "{player}: {card} laid off onto {owner}'s meld {number}, but {owner} "
                        "has {count} meld entered",
                        "{player}: {card} laid off onto {owner}'s meld {number}, but {owner} "
                        "has {count} melds entered",
                        count,
                        player=who,
                        card=lay.card.label,
                        owner=owner,
                        number=lay.meld + 1,
                    )
                    if count
                    else msg(
                        "{player}: {card} laid off onto {owner}, who has no melds entered",
                        player=who,
                        card=lay.card.label,
                        owner=owner,
                    ),
                )
            onto.setdefault((lay.onto, lay.meld), []).append((seat, lay))
    out: list[list[LaidOff]] = [[] for _ in range(players)]
    for (owner_seat, index), cards in sorted(onto.items()):
        meld = checked[owner_seat][index]
        added = [lay.card for _, lay in cards]
        try:
            extended = validate_meld((*meld.cards, *added), rules, meld.kind)
        except InvalidMeldError as e:
            seat = cards[-1][0]
            raise _layoff_error(
                seat,
                msg(
                    "{player}: {cards} laid off onto {owner}'s {meld} do not make a meld: "
                    "{problem}",
                    player=player_label(names, seat),
                    cards=format_cards(added),
                    owner=player_label(names, owner_seat),
                    meld=meld.label,
                    problem=said_of(e),
                ),
            ) from None
        values = _points_by_card(extended, rules)
        for seat, lay in cards:
            points = values[lay.card].pop(0)
            out[seat].append(LaidOff(lay.card, owner_seat, index, extended, points))
    return [tuple(x) for x in out]


def _points_by_card(meld: Meld, rules: Ruleset) -> dict[Card, list[int]]:
    """Each card's value where it stands in ``meld`` (an ace at the low end of a run 1)."""
    out: dict[Card, list[int]] = {}
    for position, card in enumerate(meld.cards):
        out.setdefault(card, []).append(_value_at(meld, position, rules))
    return out


def _value_at(meld: Meld, position: int, rules: Ruleset) -> int:
    card = meld.cards[position]
    low_ace = (
        meld.kind is MeldKind.RUN
        and not card.is_joker
        and card.rank is not None
        and int(card.rank) == 1
        and position == 0
        and meld.low == 1
    )
    return 1 if low_ace else card_points(card, rules)


def _score(
    winner: int | None,
    seats: tuple[Rum500Seat, ...],
    names: Sequence[str] | None,
    rules: Ruleset = RUM_500,
) -> Rum500Result:
    steps: list[Step] = []
    if winner is not None:
        steps.append(Step(msg("{player} went out.", player=player_label(names, winner)), "§8.4"))
    else:
        steps.append(Step(msg("The stock ran out: nobody went out."), "§8.4"))
    for s in seats:
        for lay in s.laid_off:
            steps.append(
                Step(
                    msg(
                        "{player} lays off {card} onto {owner}'s meld {number}: {meld}; "
                        "{points} to {player}.",
                        player=player_label(names, s.seat),
                        card=lay.card.label,
                        owner=player_label(names, lay.onto),
                        number=lay.meld + 1,
                        meld=lay.extended.label,
                        points=lay.points,
                    ),
                    "§8.4 layoffs",
                )
            )
    for s in seats:
        who = player_label(names, s.seat)
        if s.melds is not None:
            laid: Message | str = ", ".join(
                f"{m.label} ({meld_points(m, rules)})" for m in s.melds
            ) or msg("nothing")
            kept: Message | str = f"{format_cards(s.held)} = {s.left}" if s.held else msg("nothing")
            if s.laid_off:
                off = ", ".join(f"{x.card.label} ({x.points})" for x in s.laid_off)
                text = msg(
                    "{player} melded {melds} and laid off {laid_off} = {melded}; holds {held}; "
                    "scores {melded} − {left} = {net}.",
                    player=who,
                    melds=laid,
                    laid_off=off,
                    melded=s.melded,
                    held=kept,
                    left=s.left,
                    net=s.net,
                )
            else:
                text = msg(
                    "{player} melded {melds} = {melded}; holds {held}; scores {melded} − "
                    "{left} = {net}.",
                    player=who,
                    melds=laid,
                    melded=s.melded,
                    held=kept,
                    left=s.left,
                    net=s.net,
                )
        else:
            text = msg(
                "{player} melded {melded}; holds {left}; scores {melded} − {left} = {net}.",
                player=who,
                melded=s.melded,
                left=s.left,
                net=s.net,
            )
        steps.append(Step(text, "§8.4 500 Rum"))
    return Rum500Result(winner, seats, tuple(s.net for s in seats), tuple(steps))
