"""Three players, two at a time: Cutthroat (the loser sits out) and pagat's dealer-sits-out
game (the two differ only in ``cutthroat_rotation``), docs/rules.md §6.1–§6.2."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from referee.games import json_io as io
from referee.games import stored
from referee.games.base import Board, Line, NextHand, Table
from referee.games.presets import Preset, of_family
from referee.games.stored import Codec
from referee.games.three_handed import cutthroat
from referee.games.three_handed import presets as three_presets
from referee.games.three_handed.cutthroat import CutthroatHand
from referee.games.three_handed.rotation import Seating, first_seating
from referee.games.three_handed.seated import SeatedFormat, not_a_player
from referee.games.three_handed.seated_entry import normalise_seated, rule_seated
from referee.rules.errors import InputError
from referee.rules.messages import msg
from referee.rules.results import HandResult


class Cutthroat(SeatedFormat):
    """Two play each hand; the rotation (or the table) says who sits out."""

    name: ClassVar[str] = "cutthroat"
    table_play: ClassVar[bool] = True
    presets: ClassVar[tuple[Preset, ...]] = of_family(three_presets.PRESETS, "cutthroat")
    money_during_play: ClassVar[bool] = True
    title: ClassVar[str] = "Cutthroat"
    seated_by_cut: ClassVar[bool] = True
    seat_field: ClassVar[str | None] = "sitting_out_seat"
    api_keys: ClassVar[frozenset[str]] = (
        io.COMMON_KEYS | io.TWO_PLAYER_KEYS | {"sitting_out", "players"}
    )
    # a knock, and who sat out
    stored_fields: ClassVar[Mapping[str, Codec]] = {
        **stored.KNOCK_FIELDS,
        "sitting_out_seat": stored.SAME,
    }

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        return normalise_seated(fields, "sitting_out_seat")

    def check_seats(self, values: Mapping[str, Any], names: Sequence[str]) -> None:
        super().check_seats(values, names)
        out = values.get("sitting_out_seat")
        if out is None:
            raise InputError("sitting_out_seat", msg("choose who sat out"))
        if isinstance(out, bool) or not isinstance(out, int) or not 0 <= out < len(names):
            raise InputError("sitting_out_seat", not_a_player(out))
        if values.get("knocker_seat") == out:
            a, b = (names[s] for s in range(len(names)) if s != out)
            raise InputError(
                "knocker_seat",
                msg(
                    "{out} sat out this hand, so cannot have knocked: {a} or {b} did",
                    out=names[out],
                    a=a,
                    b=b,
                ),
            )

    def rule(self, values: Mapping[str, Any], table: Table) -> HandResult:
        return rule_seated(values, table.rules)

    def _fold(
        self, lines: list[Line], table: Table, order: Sequence[int]
    ) -> cutthroat.CutthroatMatch:
        rules = table.rules
        first = first_seating(order, rules.cutthroat_rotation)
        hands = []
        for line in lines:
            assert isinstance(line.result, HandResult)
            seating = Seating.of(
                dealer=line.values["dealer_seat"], sitting_out=line.values["sitting_out_seat"]
            )
            hands.append(CutthroatHand(line.result, line.knocker, seating))
        return cutthroat.fold_cutthroat(first, hands, rules, table.names)

    def _board(
        self, table: Table, lines: list[Line], good: list[Line], folded: cutthroat.CutthroatMatch
    ) -> Board:
        rules = table.rules
        plan = folded.seatings
        overridden = set(plan.overridden)
        for i, line in enumerate(good):
            seating = plan.played[i]
            line.dealer = seating.dealer
            line.players = seating.players
            line.sitting_out = (seating.sitting_out,)
            line.why = plan.steps[i]
            line.overridden = i in overridden
            line.score = folded.scores[i]
            line.points = folded.scores[i].points
            winner = folded.winners[i]
            line.winners = () if winner is None else (winner,)
        standing = self.standing_of(lines, good, folded.scores, rules, len(table.names))
        following = folded.next
        next_hand = NextHand(
            dealer=following.dealer,
            players=following.players,
            sitting_out=(following.sitting_out,),
            why=plan.next_step,
        )
        games = self.settled_games(folded.ledger.finished_games, folded.settle_game, table)
        money = folded.settle_match(table.stake, rules.settlement_rounding) if games else None
        return Board(self, table, lines, standing, next_hand, money, games=games)

    # -- JSON -------------------------------------------------------------------------------

    def _fields_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        fields = super()._fields_from_json(data, names, context)
        fields["sitting_out_seat"] = _sitting_out(names, data, context)
        return fields

    def _hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        out = line.values.get("sitting_out_seat")
        return {
            "sitting_out": board.names[out] if isinstance(out, int) else None,
            **super()._hand_json(board, line),
        }

    def _patch_fields(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        fields = super()._patch_fields(board, line, data)
        out = line.values.get("sitting_out_seat")
        if "players" not in data and isinstance(out, int):
            fields["sitting_out"] = board.names[out]
        return fields


def _sitting_out(names: Sequence[str], data: Mapping[str, Any], context: NextHand) -> int:
    out = io.seat_of(names, data.get("sitting_out"), "sitting_out")
    players = data.get("players")
    if players is None:
        return context.sitting_out[0] if out is None else out
    if not isinstance(players, list) or len(players) != 2:
        raise InputError("players", msg('the two players of this hand, e.g. ["Ann", "Ben"]'))
    seats = [io.seat_of(names, p, "players") for p in players]
    if seats[0] == seats[1]:
        raise InputError(
            "players", msg("{name} cannot play against themselves", name=names[seats[0] or 0])
        )
    if out is not None and out in seats:
        raise InputError("sitting_out", msg("{name} cannot both sit out and play", name=names[out]))
    third = next(s for s in range(len(names)) if s not in seats)
    if out is not None and out != third:
        raise InputError(
            "sitting_out",
            msg("{out} sat out: {name} is named as a player", out=names[third], name=names[out]),
        )
    return third
