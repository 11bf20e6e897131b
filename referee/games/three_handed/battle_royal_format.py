"""Three players in every hand (docs/rules.md §6.5): a count or ten cards for each seat; the lowest
count scores the others' counts less its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from referee.games import json_io as io
from referee.games import stored
from referee.games.base import Board, Line, NextHand, SentHand, Table
from referee.games.presets import Preset, of_family
from referee.games.standing import dealer_after
from referee.games.stored import Codec
from referee.games.three_handed import battle_royal
from referee.games.three_handed import presets as three_presets
from referee.games.three_handed.battle_royal import BattleRoyalResult
from referee.games.three_handed.seated import SeatedFormat
from referee.games.three_handed.seated_entry import (
    BR_SEATS,
    normalise_battle_royal,
    rule_battle_royal,
    split_cards,
    split_deadwoods,
    whole_count,
)
from referee.rules.errors import InputError
from referee.rules.messages import msg
from referee.rules.results import Step
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import settle


class BattleRoyal(SeatedFormat):
    """All three play every hand; the dealer is the only seating a hand records."""

    name: ClassVar[str] = "battle_royal"
    presets: ClassVar[tuple[Preset, ...]] = of_family(three_presets.PRESETS, "battle_royal")
    money_during_play: ClassVar[bool] = True
    table_play: ClassVar[bool] = True
    title: ClassVar[str] = "Battle Royal"
    entry_page: ClassVar[str] = "referee.games.three_handed.entry_page:BattleRoyalEntryPage"
    two_player: ClassVar[bool] = False
    api_keys: ClassVar[frozenset[str]] = io.COMMON_KEYS | {"deadwoods", "hands"}
    # who knocked, the upcard, and by counts the three counts by seat ([4, 15, 22]; null
    # for a count left empty) or by cards the three hands, a text of codes by seat
    stored_fields: ClassVar[Mapping[str, Codec]] = {
        "knocker_seat": stored.SAME,
        "upcard": stored.SAME,
        "seat_deadwoods": stored.COUNTS,
        "seat_cards": stored.HANDS,
    }

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        return normalise_battle_royal(fields)

    def rule(self, values: Mapping[str, Any], table: Table) -> BattleRoyalResult:
        return rule_battle_royal(values, table.rules, table.names)

    def _fold(
        self, lines: list[Line], table: Table, order: Sequence[int]
    ) -> battle_royal.BattleRoyalMatch:
        first_dealer = lines[0].values["dealer_seat"] if lines else 0
        results = []
        for line in lines:
            assert isinstance(line.result, BattleRoyalResult)
            results.append(line.result)
        return battle_royal.fold_battle_royal(results, table.rules, first_dealer)

    def _board(
        self,
        table: Table,
        lines: list[Line],
        good: list[Line],
        folded: battle_royal.BattleRoyalMatch,
    ) -> Board:
        rules, names = table.rules, table.names
        seats = len(names)
        previous: Line | None = None
        for i, line in enumerate(good):
            line.players = tuple(range(seats))
            line.dealer = line.values["dealer_seat"]
            line.score = folded.scores[i]
            line.points = folded.scores[i].points
            line.winners = folded.results[i].winners
            if previous is not None:
                expected = dealer_after(previous.dealer, previous.score, rules, seats)
                line.overridden = expected != line.dealer
            previous = line
        standing = self.standing_of(lines, good, folded.scores, rules, seats)
        if previous is not None and previous.dealer is not None:
            dealer = dealer_after(previous.dealer, previous.score, rules, seats)
            why = _deal_step(previous, dealer, rules, names)
        else:
            dealer = 0
            why = Step(msg("All three play every hand; choose who deals the first."), "§6.5")
        next_hand = NextHand(dealer=dealer, players=tuple(range(seats)), why=why)
        ledger = folded.ledger
        games = self.settled_games(ledger.finished_games, folded.settle_game, table)
        rounding = rules.settlement_rounding
        money = settle(ledger.totals, table.stake, ledger.extras, rounding) if games else None
        return Board(self, table, lines, standing, next_hand, money, games=games)

    def table_play_body(self, hand: SentHand) -> dict[str, Any]:
        """All three play: the knocker and every player's hand, by name."""
        call = hand.call
        body: dict[str, Any] = {
            "entry": "cards",
            "kind": call.kind,
            "knocker": hand.names[call.knocker],
            "hands": hand.hands(),
        }
        if call.named:
            body["upcard"] = call.named
        return body

    # -- JSON -------------------------------------------------------------------------------

    def _fields_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        deadwoods = io.by_seat(names, data.get("deadwoods"), "deadwoods")
        hands = io.by_seat(names, data.get("hands"), "hands")
        for seat, value in enumerate(deadwoods or ()):
            if value is not None and not io.is_whole(value):
                raise InputError("deadwoods", whole_count(names[seat]))
        for value in hands or ():
            if value is not None and not isinstance(value, str | list):
                raise InputError("hands", io.CARDS_REASON)
        return {
            "entry": data.get("entry") or ("cards" if hands is not None else "counts"),
            "seat_deadwoods": deadwoods if deadwoods is not None else [None] * BR_SEATS,
            "seat_cards": [v or "" for v in hands] if hands is not None else None,
        }

    def _hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        names, v = board.names, line.values
        counts = split_deadwoods(v.get("seat_deadwoods"))
        cards = split_cards(v.get("seat_cards"))
        return {
            "deadwoods": dict(zip(names, counts, strict=True)) if v.get("seat_deadwoods") else None,
            "hands": {n: c.split() for n, c in zip(names, cards, strict=True)}
            if v.get("seat_cards")
            else None,
        }

    def _patch_fields(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        v = line.values
        fields: dict[str, Any] = {}
        if v.get("seat_deadwoods"):
            fields["deadwoods"] = split_deadwoods(v.get("seat_deadwoods"))
        if v.get("seat_cards"):
            fields["hands"] = split_cards(v.get("seat_cards"))
        return fields


def _deal_step(previous: Line, dealer: int, rules: Ruleset, names: Sequence[str]) -> Step:
    """Why ``dealer`` deals the hand after ``previous`` (the engine chose the seat)."""
    rule = f"next_dealer={rules.next_dealer.value}"
    if previous.dead:
        return Step(
            msg(
                "Hand {number} was dead: {dealer} deals again.",
                number=previous.number,
                dealer=names[dealer],
            ),
            "R16",
        )
    if dealer in previous.winners and rules.next_dealer.value == "winner":
        return Step(
            msg(
                "{dealer} won hand {number}, so deals ({rule}).",
                dealer=names[dealer],
                number=previous.number,
                rule=rule,
            ),
            "§2.2",
        )
    return Step(msg("{dealer} deals ({rule}).", dealer=names[dealer], rule=rule), "§2.2")
