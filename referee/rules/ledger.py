"""A match's totals as a fold over its hands (docs/rules.md §2.2, §2.3, §6.2, §9 R16, R18).

Store what people entered; derive everything else. Nothing here keeps state: a match is the
sequence of its hands' :class:`~referee.rules.results.HandScore` values, and
:func:`fold_match` works out every game, running line, box, bonus, shutout and winner from
them each time. Editing hand 3 of 12 simply folds again.

A match is a sequence of games. Hands add up in the current game until a player's total that
counts toward the target (hand points, plus box bonuses if ``boxes_count_toward_target``)
reaches ``game_target``; that game then ends and the next hand starts a new one. The last game
may still be in progress.

Where docs/rules.md leaves room, the ledger decides:

- A loser is shut out when their hand points in the game are 0 *or less* (a penalty-only
  player "failed to score anything at all" too); wash and dead hands give no points.
- When the highest target total at the end is shared, the game ends ``tied``: no winner, no
  game bonus, no shutout; each final total is hand points plus boxes.
- Among more than two players, FLAT, DOUBLE_HAND_POINTS and DOUBLE_WINNER_TOTAL change the
  winner's total once if any opponent is shut out; DOUBLE_MARGIN (a pair's difference) and
  LOSER_PAYS_EXTRA become extra payments from each shut-out player to the winner.
- The dealing rule runs on from one game to the next; after a hand with no clear winner (not
  dead, e.g. only a penalty) the same dealer deals again under WINNER and LOSER.

>>> from referee.rules.ruleset import Ruleset
>>> hands = [HandScore.to_seat(0, 60), HandScore.to_seat(1, 40), HandScore.to_seat(0, 48)]
>>> game = fold_match(hands, Ruleset(box_bonus=20)).games[0]
>>> game.winner, game.final_totals, game.margin
(0, (248, 60), 188)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from referee.rules.results import HandScore
from referee.rules.ruleset import NextDealer, Ruleset, ShutoutRule, TargetTie
from referee.rules.settlement import ExtraPayment, Settlement, SettlementRounding, settle

# -- results -------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandLine:
    """The scoreboard line after one hand of a game.

    ``hand_index`` is the hand's 0-based position in the match (in the sequence given to
    :func:`fold_match`); ``game`` the 1-based game number. ``points``, ``boxes`` and
    ``target_totals`` are running values for the game, by seat, after this hand; ``score`` is
    what the hand itself gave.
    """

    hand_index: int
    game: int
    hands_played: int
    score: HandScore
    points: tuple[int, ...]
    boxes: tuple[int, ...]
    hands_won: tuple[int, ...]
    target_totals: tuple[int, ...]

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in the match, as people count."""
        return self.hand_index + 1


@dataclass(frozen=True)
class TallyPart:
    """One labelled line of a player's final tally; ``key`` is for programs, ``label`` for
    people."""

    key: str
    label: str
    points: int


@dataclass(frozen=True)
class PlayerTally:
    """A player's final score for a finished game, broken into its parts (docs/rules.md §2.3).

    ``total = hand_points + box_points + game_bonus + shutout``.
    """

    seat: int
    hand_points: int
    boxes: int
    box_bonus: int
    box_points: int
    game_bonus: int
    shutout: int
    shutout_label: str
    total: int

    @property
    def parts(self) -> tuple[TallyPart, ...]:
        """Lines for a page: hand points, boxes, game bonus and shutout when earned, total."""
        parts = [
            TallyPart("hand_points", "Hand points", self.hand_points),
            TallyPart("boxes", f"Boxes ({self.boxes} × {self.box_bonus})", self.box_points),
        ]
        if self.game_bonus:
            parts.append(TallyPart("game_bonus", "Game bonus", self.game_bonus))
        if self.shutout:
            parts.append(TallyPart("shutout", self.shutout_label, self.shutout))
        parts.append(TallyPart("total", "Total", self.total))
        return tuple(parts)


@dataclass(frozen=True)
class GameLedger:
    """One game of a match: its running lines and, once finished, its result.

    ``crossed_by`` are the seats whose target total reached the target on the last hand.
    ``winner`` is the seat with the highest target total then; when the highest is shared the
    game is ``tied`` and has no winner (no game bonus, no shutout). ``shut_out`` are the
    losers whose hand points in the game are 0 or less. ``tally`` holds each player's final
    score (empty while the game is in progress); ``margins[p]`` is the winner's final total
    less player ``p``'s (empty without a winner). ``extras`` are payments the rules add
    outside the totals (a shut-out player's extra payment), for
    :func:`~referee.rules.settlement.settle`.
    """

    number: int
    players: int
    rules: Ruleset
    lines: tuple[HandLine, ...]
    finished: bool = False
    crossed_by: tuple[int, ...] = ()
    winner: int | None = None
    tied: bool = False
    shut_out: tuple[int, ...] = ()
    tally: tuple[PlayerTally, ...] = ()
    margins: tuple[int, ...] = ()
    extras: tuple[ExtraPayment, ...] = ()

    @property
    def hands_played(self) -> int:
        return len(self.lines)

    @property
    def first_hand(self) -> int | None:
        """Match index of the game's first hand (None for a game not yet started)."""
        return self.lines[0].hand_index if self.lines else None

    @property
    def ended_on(self) -> int | None:
        """Match index of the hand on which the target was reached (None while in progress)."""
        return self.lines[-1].hand_index if self.finished else None

    @property
    def points(self) -> tuple[int, ...]:
        """Running hand points by seat."""
        return self.lines[-1].points if self.lines else (0,) * self.players

    @property
    def boxes(self) -> tuple[int, ...]:
        """Boxes won by seat (a hand may give more than one: kisses, a doubled box)."""
        return self.lines[-1].boxes if self.lines else (0,) * self.players

    @property
    def hands_won(self) -> tuple[int, ...]:
        """Hands in which each seat won at least one box."""
        return self.lines[-1].hands_won if self.lines else (0,) * self.players

    @property
    def target_totals(self) -> tuple[int, ...]:
        """What counts toward the target by seat: hand points (+ box bonuses if they count)."""
        return self.lines[-1].target_totals if self.lines else (0,) * self.players

    @property
    def leader(self) -> int | None:
        """The seat with the highest target total, or None when it is shared (as at 0–0)."""
        return _unique_max(self.target_totals)

    @property
    def needed(self) -> tuple[int, ...]:
        """Points each seat still needs to reach the target (0 once reached)."""
        return tuple(max(0, self.rules.game_target - t) for t in self.target_totals)

    @property
    def final_totals(self) -> tuple[int, ...] | None:
        """Each seat's final total once the game is finished, else None."""
        return tuple(t.total for t in self.tally) if self.finished else None

    @property
    def margin(self) -> int | None:
        """Two players: the winner's final total less the loser's; otherwise None."""
        if self.winner is None or self.players != 2:
            return None
        return self.margins[1 - self.winner]


@dataclass(frozen=True)
class MatchLedger:
    """Every game of a match, folded from its hands. ``hands`` is how many hands were folded."""

    players: int
    rules: Ruleset
    games: tuple[GameLedger, ...]
    hands: int

    @property
    def finished_games(self) -> tuple[GameLedger, ...]:
        return tuple(g for g in self.games if g.finished)

    @property
    def current(self) -> GameLedger:
        """The game being played: the unfinished last game, or a new empty game when the last
        one is over (or no hand has been played). What a scoreboard shows."""
        if self.games and not self.games[-1].finished:
            return self.games[-1]
        return GameLedger(
            number=len(self.games) + 1, players=self.players, rules=self.rules, lines=()
        )

    @property
    def lines(self) -> tuple[HandLine, ...]:
        """Every hand's line, in match order."""
        return tuple(line for g in self.games for line in g.lines)

    @property
    def totals(self) -> tuple[int, ...]:
        """Sum of the final totals of the finished games, by seat."""
        return summed_totals(self.finished_games, self.players)

    @property
    def games_won(self) -> tuple[int, ...]:
        return games_won_by_seat(self.finished_games, self.players)

    @property
    def extras(self) -> tuple[ExtraPayment, ...]:
        """Extra payments of all finished games; ``settle(ledger.totals, stake, ledger.extras)``
        settles the match."""
        return extras_of(self.finished_games)


def summed_totals(games: Sequence[GameLedger], players: int) -> tuple[int, ...]:
    """Final totals of ``games`` added up by seat: a match (or a sheet of games played at
    once) in total."""
    sums = [0] * players
    for g in games:
        for t in g.tally:
            sums[t.seat] += t.total
    return tuple(sums)


def games_won_by_seat(games: Sequence[GameLedger], players: int) -> tuple[int, ...]:
    won = [0] * players
    for g in games:
        if g.winner is not None:
            won[g.winner] += 1
    return tuple(won)


def extras_of(games: Sequence[GameLedger]) -> tuple[ExtraPayment, ...]:
    """Payments made outside the totals (a shut-out player's extra payment), game by game."""
    return tuple(e for g in games for e in g.extras)


# -- folding -------------------------------------------------------------------------------


def fold_match(scores: Sequence[HandScore], rules: Ruleset, players: int = 2) -> MatchLedger:
    """Fold a match's hands, in order, into its games.

    Every ``HandScore`` must have ``players`` seats; a dead or washed hand is all zeros (it is
    played, so it counts in ``hands_played``, but gives no points and no box).
    """
    return fold_match_from((), scores, rules, players)


def fold_match_from(
    finished: Sequence[GameLedger], scores: Sequence[HandScore], rules: Ruleset, players: int = 2
) -> MatchLedger:
    """Fold a match's hands after its first games, ``finished`` (the games a fold of the same
    first hands closed): the hands of those games are taken as they were, and folding starts
    at the hand after the last of them. Games close on their own hands only, so this is
    :func:`fold_match` of ``scores`` without refolding the hands before the last boundary.
    """
    check_players(players)
    games: list[GameLedger] = list(finished)
    start = sum(len(g.lines) for g in games)
    if any(not g.finished for g in games) or start > len(scores):
        raise ValueError("resume only after finished games of these hands")
    check_scores(scores[start:], players, start)
    lines: list[HandLine] = []
    for index in range(start, len(scores)):
        score = scores[index]
        line = advance(lines[-1] if lines else None, index, len(games) + 1, score, rules)
        lines.append(line)
        if reached_target(line, rules):
            games.append(close_game(len(games) + 1, players, rules, tuple(lines)))
            lines = []
    if lines:
        games.append(GameLedger(len(games) + 1, players, rules, tuple(lines)))
    return MatchLedger(players=players, rules=rules, games=tuple(games), hands=len(scores))


# -- the pieces of a game, for variants that post hands to games their own way ---------------
#
# A format that posts one hand to several games at once builds each game from these same
# pieces, so every game closes, tallies and pays exactly as here.


def advance(
    previous: HandLine | None, hand_index: int, game: int, score: HandScore, rules: Ruleset
) -> HandLine:
    """A game's next scoreboard line: the running line ``previous`` (None for the game's first
    hand) with ``score`` added. ``hand_index`` is the hand's place in the match."""
    seats = score.seats
    if previous is None:
        points, boxes, won, played = [0] * seats, [0] * seats, [0] * seats, 0
    else:
        if previous.score.seats != seats:
            raise ValueError(
                f"hand {hand_index + 1} has {seats} seats, but the game has {previous.score.seats}"
            )
        points, boxes = list(previous.points), list(previous.boxes)
        won, played = list(previous.hands_won), previous.hands_played
    for seat in range(seats):
        points[seat] += score.points[seat]
        boxes[seat] += score.boxes[seat]
        won[seat] += 1 if score.boxes[seat] > 0 else 0
    return HandLine(
        hand_index=hand_index,
        game=game,
        hands_played=played + 1,
        score=score,
        points=tuple(points),
        boxes=tuple(boxes),
        hands_won=tuple(won),
        target_totals=_target_totals(points, boxes, rules),
    )


def reached_target(line: HandLine, rules: Ruleset) -> bool:
    """Whether a game ends on this line: some seat's target total reached ``game_target``
    (under ``rummy_penalty``, also some seat's charges reached it: a total of −target or
    less). When the highest totals are then tied and ``target_tie`` is PLAY_ON, the game
    goes on."""
    totals = line.target_totals
    reached = max(totals) >= rules.game_target or (
        rules.rummy_penalty and min(totals) <= -rules.game_target
    )
    if reached and rules.target_tie is TargetTie.PLAY_ON and _unique_max(totals) is None:
        return False
    return reached


_SHUTOUT_LABELS = {
    ShutoutRule.FLAT: "Shutout bonus",
    ShutoutRule.DOUBLE_MARGIN: "Shutout: margin doubled",
    ShutoutRule.DOUBLE_HAND_POINTS: "Shutout: hand points doubled",
    ShutoutRule.DOUBLE_WINNER_TOTAL: "Shutout: total doubled",
}


def close_game(
    number: int, players: int, rules: Ruleset, lines: tuple[HandLine, ...]
) -> GameLedger:
    """A finished game from its lines (the last one reached the target): the winner, game
    bonus, shutout and each player's tally."""
    if not lines:
        raise ValueError("a game needs at least one hand to finish")
    last = lines[-1]
    totals = last.target_totals
    crossed = tuple(s for s in range(players) if totals[s] >= rules.game_target)
    winner = _unique_max(totals)
    points, boxes = last.points, last.boxes

    base = [points[s] + boxes[s] * rules.box_bonus for s in range(players)]
    game_bonus = [0] * players
    shutout = [0] * players
    shut_out: tuple[int, ...] = ()
    extras: list[ExtraPayment] = []
    if winner is not None:
        game_bonus[winner] = rules.game_bonus
        shut_out = tuple(s for s in range(players) if s != winner and points[s] <= 0)
        before = base[winner] + game_bonus[winner]  # the winner's total before any shutout
        rule = rules.shutout_rule
        if shut_out:
            if rule is ShutoutRule.FLAT:
                shutout[winner] = rules.shutout_bonus
            elif rule is ShutoutRule.DOUBLE_HAND_POINTS:
                shutout[winner] = max(0, points[winner])
            elif rule is ShutoutRule.DOUBLE_WINNER_TOTAL:
                shutout[winner] = max(0, before)
            elif rule is ShutoutRule.DOUBLE_MARGIN and players == 2:
                shutout[winner] = max(0, before - base[1 - winner])
            elif rule is ShutoutRule.DOUBLE_MARGIN:
                # Between more than two players "the difference" is a pair's: each shut-out
                # player pays the winner their difference once more, outside the totals.
                extras = [ExtraPayment(s, winner, max(0, before - base[s])) for s in shut_out]
            elif rule is ShutoutRule.LOSER_PAYS_EXTRA:
                extras = [ExtraPayment(s, winner, rules.shutout_bonus) for s in shut_out]

    tally = tuple(
        PlayerTally(
            seat=s,
            hand_points=points[s],
            boxes=boxes[s],
            box_bonus=rules.box_bonus,
            box_points=boxes[s] * rules.box_bonus,
            game_bonus=game_bonus[s],
            shutout=shutout[s],
            shutout_label=_SHUTOUT_LABELS.get(rules.shutout_rule, "Shutout"),
            total=base[s] + game_bonus[s] + shutout[s],
        )
        for s in range(players)
    )
    margins = () if winner is None else tuple(tally[winner].total - t.total for t in tally)
    return GameLedger(
        number=number,
        players=players,
        rules=rules,
        lines=lines,
        finished=True,
        crossed_by=crossed,
        winner=winner,
        tied=winner is None,
        shut_out=shut_out,
        tally=tally,
        margins=margins,
        extras=tuple(extras),
    )


def _target_totals(points: list[int], boxes: list[int], rules: Ruleset) -> tuple[int, ...]:
    if rules.boxes_count_toward_target:
        return tuple(p + b * rules.box_bonus for p, b in zip(points, boxes, strict=True))
    return tuple(points)


def _unique_max(values: Sequence[int]) -> int | None:
    top = max(values)
    seats = [s for s, v in enumerate(values) if v == top]
    return seats[0] if len(seats) == 1 else None


def check_players(players: int) -> None:
    """Refuse a player count a match cannot have (a ValueError saying why)."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ValueError(f"a match needs at least 2 players (got {players!r})")


def check_scores(scores: Sequence[HandScore], players: int, first: int = 0) -> None:
    """Refuse hand scores that do not fit a ``players``-seat match, naming the hand (the
    first of ``scores`` being the match's hand ``first + 1``)."""
    for index, score in enumerate(scores, first):
        if score.seats != players:
            raise ValueError(
                f"hand {index + 1} has {score.seats} seats, but the match has {players} players"
            )
        for seat, boxes in enumerate(score.boxes):
            if boxes < 0:
                raise ValueError(
                    f"hand {index + 1}: seat {seat} cannot win a negative number of boxes ({boxes})"
                )


# -- dealing -------------------------------------------------------------------------------


def is_dead(score: HandScore) -> bool:
    """A dead (drawn) or washed hand: nobody scores a point or a box (R16)."""
    return not any(score.points) and not any(score.boxes)


def hand_winner(score: HandScore) -> int | None:
    """The seat that won a hand: the one with the most boxes when any box was won, else the one
    with the most points when that is a single seat; None for a dead hand or no clear winner."""
    if any(score.boxes):
        return _unique_max(score.boxes)
    return _unique_max(score.points)


def dealers(
    first_dealer: int, scores: Sequence[HandScore], rules: Ruleset, players: int = 2
) -> tuple[int, ...]:
    """The dealer of each hand in ``scores`` (the first is ``first_dealer``).

    After a dead hand the same dealer deals again, whatever the rule (docs/rules.md §2.2, R16).
    Otherwise, per ``rules.next_dealer``: WINNER — the hand's winner deals (the same dealer
    when a hand has no clear winner); ALTERNATE — the deal passes to the next seat; LOSER —
    the other seat of a two-player game. The rule runs on across games.
    """
    check_players(players)
    check_scores(scores, players)
    if isinstance(first_dealer, bool) or not 0 <= first_dealer < players:
        raise ValueError(f"the first dealer must be a seat 0–{players - 1} (got {first_dealer})")
    if rules.next_dealer is NextDealer.LOSER and players != 2:
        raise ValueError(
            f"next_dealer=loser names one seat only in a two-player game (got {players} players)"
        )
    out = [first_dealer]
    for score in scores:
        out.append(_following(out[-1], score, rules.next_dealer, players))
    return tuple(out[:-1])


def next_dealer(
    first_dealer: int, scores: Sequence[HandScore], rules: Ruleset, players: int = 2
) -> int:
    """Who deals the hand after ``scores`` (see :func:`dealers`)."""
    each = dealers(first_dealer, scores, rules, players)
    if not scores:
        return first_dealer
    return _following(each[-1], scores[-1], rules.next_dealer, players)


def _following(dealer: int, score: HandScore, rule: NextDealer, players: int) -> int:
    if is_dead(score):
        return dealer
    if rule is NextDealer.ALTERNATE:
        return (dealer + 1) % players
    winner = hand_winner(score)
    if winner is None:
        return dealer
    if rule is NextDealer.LOSER:
        return 1 - winner
    return winner


def settle_game(
    game: GameLedger,
    stake_per_point: Decimal | int | str = Decimal(1),
    rounding: SettlementRounding = SettlementRounding.NONE,
) -> Settlement:
    """A finished game's settlement: each player pays each higher player the difference of
    their final totals, plus each shut-out player's extra to the winner (RG-3): how every game
    of three or more players is settled."""
    if not game.finished or game.final_totals is None:
        raise ValueError(f"game {game.number} is not finished: it cannot be settled yet")
    return settle(game.final_totals, stake_per_point, game.extras, rounding)
