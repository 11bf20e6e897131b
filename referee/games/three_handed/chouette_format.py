"""The box against a team, 3–8 players (docs/rules.md §6.3): the box plays every hand of a
game against the team's captain, who gives way on losing a hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.games import json_io as io
from referee.games import stored
from referee.games.base import Board, GameSettlement, Line, NextHand, Place, Table
from referee.games.facts import GameFact, HandFact, by_seat_fact
from referee.games.kinds import HandKindChoice
from referee.games.presets import Preset, of_family
from referee.games.standing import dealer_after
from referee.games.stored import Codec
from referee.games.three_handed import chouette
from referee.games.three_handed import presets as three_presets
from referee.games.three_handed.chouette import ChouetteHand, first_chouette_seating
from referee.games.three_handed.seated import SeatedFormat, not_a_player
from referee.games.three_handed.seated_entry import normalise_seated, rule_seated
from referee.rules.errors import InputError
from referee.rules.messages import msg
from referee.rules.results import HandResult, HandScore
from referee.rules.ruleset import Ruleset

# The team's side as the API and the CSV export name it (an older word for it, kept because
# clients and spreadsheets read it).
TEAM_KEY = "partnership"
TEAM_COLUMN = "Partnership"


@dataclass(frozen=True)
class BoxShown:
    """The game on show at a Chouette table: who is in the box, the box's opponents (the
    captain first, then the queue, while the game is in play) and the captain (None once the
    game is over)."""

    box: int
    partners: tuple[int, ...]
    captain: int | None = None


@dataclass(frozen=True)
class BoxGame:
    """A finished Chouette game's own detail: who was in the box, whether the box won
    (False: its opponents did; None: tied), and the game value V."""

    box: int
    box_won: bool | None
    value: int | None


def box_game(game: GameSettlement) -> BoxGame:
    """A Chouette game's own detail."""
    detail = game.detail
    assert isinstance(detail, BoxGame)
    return detail


def line_seating(line: Line) -> chouette.ChouetteSeating:
    """Who was in the box, who captained and who waited at a scored Chouette hand."""
    detail = line.detail
    assert isinstance(detail, chouette.ChouetteSeating)
    return detail


def next_seating(following: NextHand) -> chouette.ChouetteSeating:
    """Who is in the box, who captains and who waits at the hand the rotation calls for."""
    detail = following.detail
    assert isinstance(detail, chouette.ChouetteSeating)
    return detail


def box_shown(board: Board) -> BoxShown:
    """A Chouette board's game on show."""
    shown = board.detail
    assert isinstance(shown, BoxShown)
    return shown


class Chouette(SeatedFormat):
    """The box's side against the team's: two score columns, payouts per partner."""

    name: ClassVar[str] = "chouette"
    table_play: ClassVar[bool] = True
    presets: ClassVar[tuple[Preset, ...]] = of_family(three_presets.PRESETS, "chouette")
    title: ClassVar[str] = "Chouette"
    seated_by_cut: ClassVar[bool] = True
    seat_field: ClassVar[str | None] = "captain_seat"
    boxed: ClassVar[bool] = True
    api_keys: ClassVar[frozenset[str]] = io.COMMON_KEYS | io.TWO_PLAYER_KEYS | {"captain"}
    # a knock, and who captained the team against the box
    stored_fields: ClassVar[Mapping[str, Codec]] = {
        **stored.KNOCK_FIELDS,
        "captain_seat": stored.SAME,
    }

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        return normalise_seated(fields, "captain_seat")

    def check_seats(self, values: Mapping[str, Any], names: Sequence[str]) -> None:
        super().check_seats(values, names)
        captain = values.get("captain_seat")
        if captain is None:
            raise InputError("captain_seat", msg("choose who captained the team"))
        if isinstance(captain, bool) or not isinstance(captain, int):
            raise InputError("captain_seat", not_a_player(captain))
        if not 0 <= captain < len(names):
            raise InputError("captain_seat", not_a_player(captain))

    def rule(self, values: Mapping[str, Any], table: Table) -> HandResult:
        return rule_seated(values, table.rules)

    def verify_hand(self, values: Mapping[str, Any], table: Table, place: Place) -> HandResult:
        result = super().verify_hand(values, table, place)
        names = table.names
        box = next_seating(place.context).box
        captain = values.get("captain_seat")
        if captain == box:
            raise InputError(
                "captain_seat",
                msg(
                    "{box} is in the box for this hand; the captain is one of the partners",
                    box=names[box],
                ),
                api_field="captain",
            )
        knocker = values.get("knocker_seat")
        if values.get("kind") != HandKindChoice.DEAD and knocker not in (box, captain):
            assert isinstance(captain, int)
            raise InputError(
                "knocker_seat",
                msg(
                    "only {box} (the box) and {captain} (the captain) play this hand",
                    box=names[box],
                    captain=names[captain],
                ),
            )
        assert isinstance(result, HandResult)
        return result

    def _nothing(self, seats: int) -> HandScore:
        return HandScore.nothing(2)

    def totals(self, board: Board) -> tuple[int, ...]:
        """Each player's running points in the game shown: the player's side's."""
        box, team = board.standing.points
        shown = box_shown(board).box
        return tuple(box if s == shown else team for s in range(len(board.names)))

    def hand_facts(self, board: Board, line: Line) -> list[HandFact]:
        """A hand of the box against the captain, read by seat (each side's points)."""
        return [by_seat_fact(line, len(board.names))]

    def game_facts(self, board: Board) -> list[GameFact]:
        """Each game: the box against everyone else, the winners the side that won."""
        n = len(board.names)
        everyone = tuple(range(n))
        facts = []
        for g in board.games:
            box = box_game(g)
            others = tuple(s for s in everyone if s != box.box)
            winners = () if box.box_won is None else (box.box,) if box.box_won else others
            total = g.finals[g.winner] if g.winner is not None and len(g.finals) == n else None
            shutout = (
                bool(g.finals)
                and g.winner is not None
                and any(f == 0 for s, f in enumerate(g.finals) if s != g.winner)
            )
            facts.append(GameFact(everyone, winners, total, shutout, ((box.box,), others)))
        return facts

    def _fold(
        self, lines: list[Line], table: Table, order: Sequence[int]
    ) -> chouette.ChouetteMatch:
        first = first_chouette_seating(order)
        hands = []
        for line in lines:
            assert isinstance(line.result, HandResult)
            hands.append(ChouetteHand(line.result, line.knocker, line.values.get("captain_seat")))
        return chouette.fold_chouette(first, hands, table.rules, table.names)

    def _board(
        self, table: Table, lines: list[Line], good: list[Line], folded: chouette.ChouetteMatch
    ) -> Board:
        rules, names, stake = table.rules, table.names, table.stake
        seats = len(names)
        for i, line in enumerate(good):
            seating = folded.seatings[i]
            line.detail = seating
            line.players = (seating.box, seating.captain)
            line.sitting_out = seating.queue
            line.dealer = line.values.get("dealer_seat")
            line.why = folded.steps[i]
            line.overridden = folded.recorded[i]
            score = folded.scores[i]
            line.score = score
            points = [0] * seats
            points[seating.box] += score.points[chouette.BOX]
            points[seating.captain] += score.points[chouette.TEAM]
            line.points = tuple(points)
            if score.boxes[chouette.BOX] or score.points[chouette.BOX] > 0:
                line.winners, line.won_side = (seating.box,), chouette.BOX
            elif score.boxes[chouette.TEAM] or score.points[chouette.TEAM] > 0:
                line.winners, line.won_side = (seating.captain,), chouette.TEAM
        standing = self.standing_of(lines, good, folded.scores, rules, seats)
        following = folded.next
        next_hand = NextHand(
            dealer=_next_dealer(good, folded, rules),
            players=(following.box, following.captain),
            sitting_out=following.queue,
            why=folded.next_step,
            detail=following,
        )
        games = []
        for g in folded.finished_games:
            won = g.box_won
            result = (
                msg("the box won") if won else msg("the team won") if won is False else msg("tied")
            )
            games.append(
                GameSettlement(
                    number=g.number,
                    label=msg(
                        "Game {number} · {player} in the box · {result}, value {value}",
                        number=g.number,
                        player=names[g.box],
                        result=result,
                        value=g.value if g.value is not None else "?",
                    ),
                    settlement=g.settle(stake, rules.settlement_rounding),
                    finals=g.ledger.final_totals or (),
                    detail=BoxGame(g.box, won, g.value),
                )
            )
        money = folded.settle_match(stake, rules.settlement_rounding) if games else None
        shown = standing.game
        shown_box = folded.games[shown - 1].box if shown <= len(folded.games) else following.box
        board = Board(
            self,
            table,
            lines,
            standing,
            next_hand,
            money,
            columns=[f"Box: {names[shown_box]}", TEAM_COLUMN],
            games=games,
            detail=BoxShown(shown_box, tuple(s for s in range(seats) if s != shown_box))
            if standing.over  # the captain first, then the queue
            else BoxShown(shown_box, (following.captain, *following.queue), following.captain),
        )
        return board

    # -- JSON -------------------------------------------------------------------------------

    def api_columns(self, board: Board) -> list[str]:
        return ["box", TEAM_KEY]

    def game_box_json(self, board: Board, game: GameSettlement) -> dict[str, Any]:
        box = box_game(game)
        return {"value": box.value, "box": board.names[box.box]}

    def game_winner_json(self, board: Board, game: Any) -> Any:
        won = box_game(game).box_won
        return None if won is None else "box" if won else TEAM_KEY

    def _fields_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        fields = super()._fields_from_json(data, names, context)
        captain = io.seat_of(names, data.get("captain"), "captain")
        fields["captain_seat"] = next_seating(context).captain if captain is None else captain
        return fields

    def _hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        captain = line.values.get("captain_seat")
        return {
            "box": board.names[line_seating(line).box] if line.detail is not None else None,
            "captain": board.names[captain] if isinstance(captain, int) else None,
            **super()._hand_json(board, line),
        }

    def match_json(self, board: Board) -> dict[str, Any]:
        body = super().match_json(board)
        names = board.names
        body["chouette"] = {
            "box": names[box_shown(board).box],
            "partners": io.seat_names(box_shown(board).partners, names),
            "points": dict(zip(self.api_columns(board), board.standing.points, strict=True)),
        }
        return body

    def _patch_fields(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        fields = super()._patch_fields(board, line, data)
        captain = line.values.get("captain_seat")
        fields["captain"] = board.names[captain] if isinstance(captain, int) else None
        return fields


def _next_dealer(good: list[Line], folded: chouette.ChouetteMatch, rules: Ruleset) -> int:
    """The next dealer by the table's ``next_dealer`` rule between the two sides (the box
    deals the first hand: it plays every hand)."""
    following = folded.next
    if not good:
        return following.box
    last = good[-1]
    last_side = chouette.BOX if last.dealer == line_seating(last).box else chouette.TEAM
    side = dealer_after(last_side, folded.scores[-1], rules, 2)
    return following.box if side == chouette.BOX else following.captain
