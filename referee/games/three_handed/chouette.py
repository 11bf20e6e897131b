"""Chouette ("Captains"): the man in the box against a team of two or more (docs/rules.md
§6.3, §10 "Chouette", §11 ``chouette.after_game``).

Roles come from the cut: the highest card is in the box, the second-highest captains the
team, the rest queue in cut order. Every hand is an ordinary two-handed hand, the box
against the captain, ruled by :mod:`referee.rules.adjudicate`. The captain keeps the seat while
winning; on losing a hand the captaincy passes to the next partner in line and the old captain
goes to the back of the queue. The box plays the whole game. A dead hand changes nothing.

There are two scores — the box's and the team's — kept as a two-seat game by
:func:`~referee.rules.ledger.fold_match` (side 0 is the box, side 1 the team), so boxes,
game bonus and shutouts are exactly the two-handed table's. The game's value V is the winning
side's final total less the losing side's; the box then collects V from **each** partner, or
pays V to each (box net ±(n − 1)·V). Partners are square with each other.

Who is in the box for the next game is not in any source (§12.5): ``chouette_after_game`` is
``box_keeps_if_won_else_captain_becomes_box`` (the backgammon convention: a winning box stays;
when the team wins, its captain takes the box and the old box joins the back of the
queue) or ``rotate_by_cut`` (the box passes down the first game's cut order each game).

Seats are indices into the match's players; there are at least three.

>>> seating = first_chouette_seating((3, 0, 2, 1))  # seat 1 cut highest, then 2, 0, 3
>>> seating.box, seating.captain, seating.queue
(1, 2, (0, 3))
>>> after = next_captain(seating, box_won=True)
>>> after.captain, after.queue
(0, (3, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from referee.rules.errors import HandError
from referee.rules.labels import Label, labeller, names_needed, step
from referee.rules.ledger import GameLedger, MatchLedger, fold_match
from referee.rules.messages import Message, Value, listed, msg
from referee.rules.results import HandResult, HandScore, Role, Step
from referee.rules.ruleset import ChouetteAfterGame, Ruleset
from referee.rules.settlement import Settlement, SettlementRounding, settle

CHOUETTE = Ruleset()
"""Chouette under the app's default two-handed table (RG-3: "a 2-player game")."""

BOX, TEAM = 0, 1
"""The two sides of every Chouette game's ledger."""


class ChouetteError(HandError):
    """A Chouette seating or hand that cannot be: too few players, a seat twice, a knocker who
    was neither the box nor the captain. The message names the hand and the seats."""


@dataclass(frozen=True)
class ChouetteSeating:
    """Who is in the box, who captains, and the partners waiting their turn (next first)."""

    box: int
    captain: int
    queue: tuple[int, ...]

    def __post_init__(self) -> None:
        seats = (self.box, self.captain, *self.queue)
        for seat in seats:
            if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
                raise ChouetteError(msg("{seat} is not a seat", seat=repr(seat)))
        if len(seats) < 3:
            raise ChouetteError(_too_few(len(seats)))
        if sorted(seats) != list(range(len(seats))):
            repeated = sorted({s for s in seats if seats.count(s) > 1})
            if repeated:
                roles = listed([msg("seat {number}", number=s) for s in repeated])
                raise ChouetteError(
                    msg("{seats} cannot hold two places (box, captain, queue)", seats=roles)
                )
            raise ChouetteError(
                msg(
                    "the seats must be 0–{last}, each once (got {seats})",
                    last=len(seats) - 1,
                    seats=str(seats),
                )
            )

    @property
    def players(self) -> int:
        return 2 + len(self.queue)

    @property
    def partners(self) -> tuple[int, ...]:
        """The team: the captain, then the queue."""
        return (self.captain, *self.queue)

    def side(self, seat: int) -> int:
        """:data:`BOX` or :data:`TEAM`."""
        return BOX if seat == self.box else TEAM

    def with_captain(self, captain: int, label: Label | None = None) -> ChouetteSeating:
        """This seating with ``captain`` captaining instead (the others keep their order)."""
        who = (label or labeller(None))(captain)
        if captain == self.box:
            raise ChouetteError(msg("{who} is in the box: it cannot captain the team", who=who))
        if captain not in self.partners:
            raise ChouetteError(msg("{who} is not at this table", who=who))
        rest = tuple(s for s in self.partners if s != captain)
        return ChouetteSeating(self.box, captain, rest)


def _too_few(players: int) -> Message:
    return msg("Chouette needs at least 3 players (got {got})", got=players)


def first_chouette_seating(cut_low_to_high: Sequence[int]) -> ChouetteSeating:
    """The first game's roles from the cut, seats listed from the lowest card to the highest
    (as :func:`.rotation.seats_by_cut` gives them): highest in the box, second-highest captain,
    the rest queue from high to low (RG-3)."""
    order = tuple(reversed(tuple(cut_low_to_high)))
    if len(order) < 3:
        raise ChouetteError(_too_few(len(order)))
    return ChouetteSeating(order[0], order[1], order[2:])


def next_captain(seating: ChouetteSeating, box_won: bool | None) -> ChouetteSeating:
    """The seating after a hand: a captain who lost passes the captaincy to the next partner in
    line and goes to the back of the queue; otherwise (won, or a dead hand) nothing changes."""
    if not box_won:
        return seating
    return ChouetteSeating(seating.box, seating.queue[0], (*seating.queue[1:], seating.captain))


def next_game_seating(
    end: ChouetteSeating,
    first: ChouetteSeating,
    games_played: int,
    box_won: bool | None,
    rule: ChouetteAfterGame,
) -> ChouetteSeating:
    """The roles for the game after ``games_played`` games.

    ``end`` is the seating after the last hand of the game just finished, ``first`` the first
    game's (the cut order), ``box_won`` that game's result (None: tied).

    - ``box_keeps_if_won_else_captain_becomes_box``: a box that won (or tied) keeps the box and
      the team carries on in order; when the team won, its captain takes the box,
      the old box goes to the back of the queue and the next partner captains.
    - ``rotate_by_cut``: game ``g`` (0-based) has the box at place ``g`` of the first game's cut
      order (highest first), the captain next, the rest following round the order.
    """
    if ChouetteAfterGame(rule) is ChouetteAfterGame.ROTATE_BY_CUT:
        order = (first.box, first.captain, *first.queue)
        shift = games_played % len(order)
        turned = order[shift:] + order[:shift]
        return ChouetteSeating(turned[0], turned[1], turned[2:])
    if box_won is False:
        return ChouetteSeating(end.captain, end.queue[0], (*end.queue[1:], end.box))
    return end


@dataclass(frozen=True)
class ChouetteHand:
    """One hand as entered: its two-handed ruling, who knocked (the box or the captain), and —
    only when the table did not follow the queue — who actually captained.

    ``knocker`` may be None only for a hand nobody scored (a dead hand).
    """

    result: HandResult
    knocker: int | None = None
    captain: int | None = None


@dataclass(frozen=True)
class ChouetteGame:
    """One game: its roles at the start, every hand's captain, and the two sides' ledger.

    ``ledger`` is a two-seat game: side :data:`BOX` and side :data:`TEAM`.
    """

    number: int
    seating: ChouetteSeating
    captains: tuple[int, ...]
    ledger: GameLedger

    @property
    def box(self) -> int:
        return self.seating.box

    @property
    def partners(self) -> tuple[int, ...]:
        return self.seating.partners

    @property
    def finished(self) -> bool:
        return self.ledger.finished

    @property
    def box_won(self) -> bool | None:
        """True or False once finished with a winner; None while in progress or when tied."""
        if self.ledger.winner is None:
            return None
        return self.ledger.winner == BOX

    @property
    def value(self) -> int | None:
        """The game value V: the winning side's final total less the losing side's (0 when
        tied; None while in progress)."""
        if not self.ledger.finished:
            return None
        return self.ledger.margin or 0

    def player_totals(self) -> tuple[int, ...]:
        """What settles the game, by player seat: V to each player of the winning side, 0 to the
        others. Pairwise, the box then collects V from or pays V to each partner."""
        value = self.value
        if value is None:
            raise ValueError(f"game {self.number} is not finished: it cannot be settled yet")
        won = self.box_won
        totals = [0] * self.seating.players
        if won is True:
            totals[self.box] = value
        elif won is False:
            for seat in self.partners:
                totals[seat] = value
        return tuple(totals)

    def settle(
        self,
        stake_per_point: Decimal | int | str = Decimal(1),
        rounding: SettlementRounding = SettlementRounding.NONE,
    ) -> Settlement:
        """The box against each partner in full (§6.3); pairwise table, nets, transfers."""
        return settle(self.player_totals(), stake_per_point, rounding=rounding)


@dataclass(frozen=True)
class ChouetteMatch:
    """A Chouette match folded from its hands.

    ``seatings[i]`` is the box and captain of hand ``i``; ``steps[i]`` why, and
    ``recorded[i]`` whether the table's captain was not the queue's (an override); ``next`` and
    ``next_step`` the same for the next hand (a new game's roles once a game is over).
    ``ledger`` folds every hand as box (side 0) against team (side 1).
    """

    rules: Ruleset
    first: ChouetteSeating
    seatings: tuple[ChouetteSeating, ...]
    steps: tuple[Step, ...]
    scores: tuple[HandScore, ...]
    games: tuple[ChouetteGame, ...]
    ledger: MatchLedger
    next: ChouetteSeating
    next_step: Step
    recorded: tuple[bool, ...] = ()

    @property
    def players(self) -> int:
        return self.first.players

    @property
    def finished_games(self) -> tuple[ChouetteGame, ...]:
        return tuple(g for g in self.games if g.finished)

    def settle_match(
        self,
        stake_per_point: Decimal | int | str = Decimal(1),
        rounding: SettlementRounding = SettlementRounding.NONE,
    ) -> Settlement:
        """Every finished game at once: each player's game totals summed, settled pairwise
        (the same nets as settling the games one by one)."""
        sums = [0] * self.players
        for game in self.finished_games:
            for seat, total in enumerate(game.player_totals()):
                sums[seat] += total
        return settle(sums, stake_per_point, rounding=rounding)


def fold_chouette(
    first: ChouetteSeating,
    hands: Sequence[ChouetteHand],
    rules: Ruleset,
    names: Sequence[str] | None = None,
) -> ChouetteMatch:
    """Fold a match's hands, in order: every hand's box and captain, the two sides' scores,
    each game and its value, and who plays next.

    Raises :class:`ChouetteError` naming the hand for a knocker who was neither the box nor
    the captain, a captain override naming the box, or an unfinished (illegal) hand.
    """
    if names is not None and len(names) != first.players:
        raise ChouetteError(names_needed(first.players, len(names)))
    label = labeller(names)
    seatings: list[ChouetteSeating] = []
    steps: list[Step] = []
    recorded: list[bool] = []
    scores: list[HandScore] = []
    starts: list[ChouetteSeating] = [first]  # each game's roles at its start
    game_scores: list[HandScore] = []
    current = first
    why = step(_from_the_cut(first, label), "§6.3")
    for index, hand in enumerate(hands):
        number = index + 1
        overridden = hand.captain is not None and hand.captain != current.captain
        if overridden:
            assert hand.captain is not None
            try:
                current = current.with_captain(hand.captain, label)
            except ChouetteError as exc:
                raise exc.at_hand(number) from None
            why = step(
                msg(
                    "Hand {number} was played as the table recorded it: {captain} captained "
                    "against {box}.",
                    number=number,
                    captain=label(current.captain),
                    box=label(current.box),
                ),
                "§6.3",
            )
        seatings.append(current)
        steps.append(why)
        recorded.append(overridden)
        try:
            score, box_won = _hand(hand, current, label)
        except ChouetteError as exc:
            raise exc.at_hand(number) from None
        scores.append(score)
        game_scores.append(score)
        after = next_captain(current, box_won)
        why = _hand_step(number, current, box_won, after, label)
        # Has this hand ended the game? (The whole match is folded once below.)
        game = fold_match(game_scores, rules, players=2).games[0]
        if game.finished:
            box_won_game = None if game.winner is None else game.winner == BOX
            after = next_game_seating(
                after, first, len(starts), box_won_game, rules.chouette_after_game
            )
            why = _game_step(len(starts), game, after, rules.chouette_after_game, label)
            starts.append(after)
            game_scores = []
        current = after

    ledger = fold_match(scores, rules, players=2)
    games = tuple(
        ChouetteGame(
            number=g.number,
            seating=starts[i],
            captains=tuple(seatings[line.hand_index].captain for line in g.lines),
            ledger=g,
        )
        for i, g in enumerate(ledger.games)
    )
    return ChouetteMatch(
        rules=rules,
        first=first,
        seatings=tuple(seatings),
        steps=tuple(steps),
        scores=tuple(scores),
        games=games,
        ledger=ledger,
        next=current,
        next_step=why,
        recorded=tuple(recorded),
    )


def _hand(
    hand: ChouetteHand, seating: ChouetteSeating, label: Label
) -> tuple[HandScore, bool | None]:
    result = hand.result
    if not result.finished:
        raise ChouetteError(
            msg("an illegal knock is not a finished hand; record the hand when it ends")
        )
    if hand.knocker is None:
        if result.scorer is not None:
            raise ChouetteError(msg("say who knocked: the hand was scored"))
        return HandScore.nothing(2), None
    if hand.knocker not in (seating.box, seating.captain):
        raise ChouetteError(
            msg(
                "{knocker} is recorded as the knocker, but only the box ({box}) and the "
                "captain ({captain}) play",
                knocker=label(hand.knocker),
                box=label(seating.box),
                captain=label(seating.captain),
            )
        )
    knocker_side = seating.side(hand.knocker)
    score = result.score(knocker_side, seats=2)
    if result.scorer is None:
        return score, None
    scorer_side = knocker_side if result.scorer is Role.KNOCKER else 1 - knocker_side
    if result.scorer is Role.KNOCKER and result.points < 0:  # an undercut penalty
        scorer_side = 1 - knocker_side
    return score, scorer_side == BOX


# -- steps ---------------------------------------------------------------------------------


def _queue(seating: ChouetteSeating, label: Label) -> Value:
    return listed([label(s) for s in seating.queue])


def _from_the_cut(first: ChouetteSeating, label: Label) -> Message:
    box, captain = label(first.box), label(first.captain)
    if not first.queue:
        return msg(
            "From the cut: {box} is in the box; {captain} captains.", box=box, captain=captain
        )
    return msg(
        "From the cut: {box} is in the box; {captain} captains; next in line: {queue}.",
        box=box,
        captain=captain,
        queue=_queue(first, label),
    )


def _hand_step(
    number: int,
    played: ChouetteSeating,
    box_won: bool | None,
    after: ChouetteSeating,
    label: Label,
) -> Step:
    captain = label(played.captain)
    if box_won is None:
        said = msg(
            "Nobody won hand {number}: {captain} captains again.", number=number, captain=captain
        )
    elif box_won:
        said = msg(
            "The box beat {captain} in hand {number}: the captaincy passes to {next}; "
            "{captain} goes to the back of the queue.",
            captain=captain,
            number=number,
            next=label(after.captain),
        )
    else:
        said = msg(
            "{captain} won hand {number} and keeps the captaincy.", captain=captain, number=number
        )
    return step(said, "§6.3")


def _game_step(
    number: int, game: GameLedger, after: ChouetteSeating, rule: ChouetteAfterGame, label: Label
) -> Step:
    won = None if game.winner is None else game.winner == BOX
    value = game.margin or 0
    if won:
        result = msg("the box won")
    elif won is False:
        result = msg("the team won")
    else:
        result = msg("it was tied")
    if rule is ChouetteAfterGame.ROTATE_BY_CUT:
        how = msg("the box passes down the cut order")
    elif won is False:
        how = msg("the winning captain takes the box; the old box joins the back of the queue")
    else:
        how = msg("the box stays")
    values: dict[str, Value] = {
        "number": number,
        "result": result,
        "value": value,
        "how": how,
        "rule": rule.value,
        "box": label(after.box),
        "captain": label(after.captain),
    }
    if not after.queue:
        said = msg(
            "Game {number} is over ({result}, value {value}); {how} "
            "(chouette_after_game={rule}): {box} is in the box, {captain} captains.",
            **values,
        )
    else:
        said = msg(
            "Game {number} is over ({result}, value {value}); {how} "
            "(chouette_after_game={rule}): {box} is in the box, {captain} captains; "
            "next in line: {queue}.",
            **values,
            queue=_queue(after, label),
        )
    return step(said, "§6.3")
