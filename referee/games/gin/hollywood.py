"""Hollywood scoring (docs/rules.md §4, R19): a two-handed match scored as several games at once.

Hollywood is an overlay: the hands are played and ruled under any two-handed table, and only
the bookkeeping differs. Each hand's :class:`~referee.rules.results.HandScore` is *posted* to
some of the open games (the columns of the score sheet) by the posting algorithm of §4:

    for each open game g in order, credit the hand's points to g iff g is the lowest-numbered
    open game or the player already had at least one entry in game g − 1 before this hand.

So a player's first winning hand goes to Game 1 only, the second to Games 1 and 2, the third
and later to all three; and a player shut out of a game that closes has their next score
entered as their first in the next game still open (R19). Each game is an ordinary game of
the ledger — it closes at its own target with its own game bonus, boxes (for the hands
entered in it) and shutout — built from the ledger's own pieces (:func:`~referee.rules.ledger.
advance`, :func:`~referee.rules.ledger.close_game`), so a Hollywood game can never be scored
differently from a plain one.

The rules come from the :class:`~referee.rules.ruleset.Ruleset`: ``hollywood_games`` open at
once (3), each closing at ``hollywood_target`` (default: ``game_target``); with
``hollywood_continuous`` a new game opens each time one closes, until a player gives notice
to stop, after which the open games are played out. Settlement is per game, and the match is
the sum of the games (RG-HW, PW). Who deals does not depend on the games: it is the plain
two-handed rule, ``ledger.dealers(first_dealer, scores, rules)``.

Decisions where docs/rules.md leaves room:

- A hand that gives nobody anything (dead, washed) is entered nowhere: the paper sheet has no
  line for it. So a game's ``hands_played`` counts the hands entered in it.
- An *entry* is any score a seat receives: points (even 0 with a box, or a penalty) or boxes.
- Once every game has closed and no new one will open, the match is over; a further hand is
  an error rather than something silently dropped.
- Notice to stop is given *between* hands (``stop_before``): a game that closed on an earlier
  hand has already been replaced; games closing on the notice's hand or later are not.

>>> from referee.rules.ruleset import Ruleset
>>> won = [HandScore.to_seat(0, 25), HandScore.to_seat(0, 18), HandScore.to_seat(0, 36)]
>>> sheet = fold_hollywood([*won, HandScore.to_seat(1, 30)], Ruleset(hollywood_target=150))
>>> [g.points for g in sheet.games]
[(79, 30), (54, 0), (36, 0)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from referee.rules.ledger import (
    GameLedger,
    HandLine,
    advance,
    check_players,
    check_scores,
    close_game,
    extras_of,
    games_won_by_seat,
    is_dead,
    reached_target,
    summed_totals,
)
from referee.rules.messages import Message, msg
from referee.rules.results import HandScore
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import ExtraPayment, Settlement, SettlementRounding, settle

HOLLYWOOD = Ruleset(hollywood=True)

# (name, title, one-line description, rules, source) — the family is "hollywood".
TABLES: tuple[tuple[str, str, str, Ruleset, str], ...] = (
    (
        "hollywood",
        "Hollywood (three games at once)",
        "American hands scored in three games at once: a first win goes to game 1, a second "
        "to games 1–2, later ones to all three; each game to 100 with its own bonuses.",
        HOLLYWOOD,
        "docs/rules.md §4 (RG-HW, PW, GRC)",
    ),
)


# -- results -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Posting:
    """Where one hand of a Hollywood match was entered.

    ``games[seat]`` are the numbers of the games the seat's score was entered in (empty for a
    seat that scored nothing). ``closed`` are the games that ended on this hand, ``opened``
    the games that opened after it (continuous play), ``open_after`` the games still open
    once it is entered.
    """

    hand_index: int
    score: HandScore
    games: tuple[tuple[int, ...], ...]
    closed: tuple[int, ...]
    opened: tuple[int, ...]
    open_after: tuple[int, ...]

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in the match, as people count."""
        return self.hand_index + 1


@dataclass(frozen=True)
class SheetEntry:
    """One entry in a column of the paper sheet: a hand's points for one player in one game,
    and that player's running total in the game after it."""

    hand_index: int
    points: int
    boxes: int
    running: int

    @property
    def hand_number(self) -> int:
        return self.hand_index + 1


@dataclass(frozen=True)
class HollywoodLedger:
    """A Hollywood match folded from its hands.

    ``games`` are every game opened so far, in number order (1, 2, 3, then 4, ... in continuous
    play), each an ordinary :class:`~referee.rules.ledger.GameLedger` — finished ones with
    their tally, open ones with their running lines. Each game is scored with ``game_rules``:
    the match's rules with the Hollywood target as ``game_target``. ``postings`` say, hand by
    hand, where each score went. ``stop_before`` is the hand index before which notice to
    stop was given (None: no notice).
    """

    players: int
    rules: Ruleset
    game_rules: Ruleset
    games: tuple[GameLedger, ...]
    postings: tuple[Posting, ...]
    stop_before: int | None = None

    @property
    def hands(self) -> int:
        return len(self.postings)

    @property
    def open_games(self) -> tuple[GameLedger, ...]:
        """The games still being played, lowest number first: the sheet's live columns."""
        return tuple(g for g in self.games if not g.finished)

    @property
    def finished_games(self) -> tuple[GameLedger, ...]:
        return tuple(g for g in self.games if g.finished)

    @property
    def finished(self) -> bool:
        """Whether the match is over: every game has closed and no new one will open."""
        return not self.open_games

    @property
    def continuing(self) -> bool:
        """Whether a closing game will still be replaced by a new one (continuous play with
        no notice to stop given)."""
        return self.rules.hollywood_continuous and self.stop_before is None

    def game(self, number: int) -> GameLedger:
        """Game ``number`` (1-based)."""
        for g in self.games:
            if g.number == number:
                return g
        raise ValueError(f"there is no game {number} (games: 1–{len(self.games)})")

    def column(self, number: int, seat: int) -> tuple[SheetEntry, ...]:
        """The entries of one player in one game, as the paper sheet lists them."""
        out: list[SheetEntry] = []
        for line in self.game(number).lines:
            if _entered(line.score, seat):
                out.append(
                    SheetEntry(
                        hand_index=line.hand_index,
                        points=line.score.points[seat],
                        boxes=line.score.boxes[seat],
                        running=line.points[seat],
                    )
                )
        return tuple(out)

    @property
    def totals(self) -> tuple[int, ...]:
        """Sum of the final totals of the finished games, by seat (RG-HW: the match is the sum
        of its games)."""
        return summed_totals(self.finished_games, self.players)

    @property
    def games_won(self) -> tuple[int, ...]:
        return games_won_by_seat(self.finished_games, self.players)

    @property
    def extras(self) -> tuple[ExtraPayment, ...]:
        """Extra payments of all finished games (a shutout paid outside the totals)."""
        return extras_of(self.finished_games)


@dataclass(frozen=True)
class GameSettlement:
    """One finished game settled on its own, as a two-player game."""

    number: int
    settlement: Settlement


@dataclass(frozen=True)
class HollywoodSettlement:
    """Each finished game settled separately, and the match in total.

    In points the total is exactly the sum of the games. With settlement rounding the total's
    money is rounded once, on what actually changes hands, so it may differ from the sum of
    the games' rounded amounts (no source names a rounding rule, R20).
    """

    games: tuple[GameSettlement, ...]
    total: Settlement


# -- folding -------------------------------------------------------------------------------


def closed_refusal(hand: int) -> Message:
    """Why hand ``hand`` (1-based) has no game to go to: every game had closed before it."""
    return msg("hand {hand} was entered after every Hollywood game had closed", hand=hand)


class SheetClosedError(ValueError):
    """A hand entered after every game had closed (and no new one would open); ``message`` is
    the reason as a :class:`~referee.rules.messages.Message`, ``str()`` its English."""

    def __init__(self, hand: int) -> None:
        self.hand = hand
        self.message = closed_refusal(hand)
        super().__init__(str(self.message))


def fold_hollywood(
    scores: Sequence[HandScore],
    rules: Ruleset,
    *,
    stop_before: int | None = None,
    players: int = 2,
) -> HollywoodLedger:
    """Fold a Hollywood match's hands, in order, into its games (docs/rules.md §4, R19).

    ``scores`` are the hands' :class:`HandScore` values exactly as for the plain ledger (for a
    ruled hand: ``result.score(knocker_seat)``; a dead hand is all zeros). ``rules`` give the
    hands' bonuses and the Hollywood settings (``hollywood_games``, ``hollywood_target``,
    ``hollywood_continuous``). ``stop_before`` is the index of the first hand dealt after a
    player gave notice to stop continuous play (``len(scores)`` when notice was given after
    the last hand entered); it only matters in continuous play.

    Raises ValueError for a hand that does not fit the match, and for a hand entered after
    every game has closed.
    """
    check_players(players)
    check_scores(scores, players)
    if stop_before is not None and (
        isinstance(stop_before, bool) or not 0 <= stop_before <= len(scores)
    ):
        raise ValueError(
            f"notice to stop must be given before one of hands 1–{len(scores) + 1} "
            f"(got index {stop_before!r})"
        )
    game_rules = dataclasses.replace(rules, game_target=rules.hollywood_game_target)
    count = rules.hollywood_games
    open_numbers = list(range(1, count + 1))
    next_number = count + 1
    lines: dict[int, list[HandLine]] = {g: [] for g in open_numbers}
    closed: dict[int, GameLedger] = {}
    entries: dict[tuple[int, int], int] = {}  # (game, seat) → entries so far
    postings: list[Posting] = []

    for index, score in enumerate(scores):
        if not open_numbers:
            raise SheetClosedError(index + 1)
        if is_dead(score):
            postings.append(Posting(index, score, ((),) * players, (), (), tuple(open_numbers)))
            continue
        credited = [
            _credited(open_numbers, entries, seat) if _entered(score, seat) else ()
            for seat in range(players)
        ]
        closing: list[int] = []
        for number in open_numbers:
            seats = [s for s in range(players) if number in credited[s]]
            if not seats:
                continue
            part = _part(score, seats)
            previous = lines[number][-1] if lines[number] else None
            line = advance(previous, index, number, part, game_rules)
            lines[number].append(line)
            if reached_target(line, game_rules):
                closing.append(number)
        for seat in range(players):
            for number in credited[seat]:
                entries[(number, seat)] = entries.get((number, seat), 0) + 1
        opened: list[int] = []
        for number in closing:
            closed[number] = close_game(number, players, game_rules, tuple(lines.pop(number)))
            open_numbers.remove(number)
            if rules.hollywood_continuous and (stop_before is None or index < stop_before):
                opened.append(next_number)
                open_numbers.append(next_number)
                lines[next_number] = []
                next_number += 1
        postings.append(
            Posting(
                hand_index=index,
                score=score,
                games=tuple(credited),
                closed=tuple(closing),
                opened=tuple(opened),
                open_after=tuple(open_numbers),
            )
        )

    games = dict(closed)
    for number, game_lines in lines.items():
        games[number] = GameLedger(number, players, game_rules, tuple(game_lines))
    return HollywoodLedger(
        players=players,
        rules=rules,
        game_rules=game_rules,
        games=tuple(games[n] for n in sorted(games)),
        postings=tuple(postings),
        stop_before=stop_before,
    )


def _entered(score: HandScore, seat: int) -> bool:
    """Whether the hand gives ``seat`` an entry: any points (a penalty too) or any box."""
    return score.points[seat] != 0 or score.boxes[seat] > 0


def _credited(
    open_numbers: list[int], entries: dict[tuple[int, int], int], seat: int
) -> tuple[int, ...]:
    """§4's posting rule for one seat: the open games (in order) this hand is entered in."""
    return tuple(
        number
        for place, number in enumerate(open_numbers)
        if place == 0 or entries.get((number - 1, seat), 0) > 0
    )


def _part(score: HandScore, seats: list[int]) -> HandScore:
    """The share of a hand entered in one game: the scores of ``seats``, zeros elsewhere."""
    return HandScore(
        tuple(p if s in seats else 0 for s, p in enumerate(score.points)),
        tuple(b if s in seats else 0 for s, b in enumerate(score.boxes)),
    )


# -- settlement ----------------------------------------------------------------------------


def settle_hollywood(
    ledger: HollywoodLedger,
    stake_per_point: Decimal | int | str = Decimal(1),
    rounding: SettlementRounding = SettlementRounding.NONE,
) -> HollywoodSettlement:
    """Settle each finished game separately and the match in total (RG-HW, PW).

    Games still open are not settled; the total is over the finished games only.
    """
    per_game = tuple(
        GameSettlement(
            g.number,
            settle(g.final_totals or (), stake_per_point, g.extras, rounding),
        )
        for g in ledger.finished_games
    )
    total = settle(ledger.totals, stake_per_point, ledger.extras, rounding)
    return HollywoodSettlement(games=per_game, total=total)
