"""Four players in two teams: each deal is two tables of two-handed gin, scored for the sides
(docs/rules.md §7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from referee.games import json_io as io
from referee.games import stored
from referee.games.base import (
    Board,
    Format,
    Line,
    NextHand,
    Place,
    SentHand,
    StoredHand,
    Table,
    knock_body,
    versus,
)
from referee.games.facts import HandFact
from referee.games.gin import partnership
from referee.games.gin import presets as gin_presets
from referee.games.gin.deal_entry import normalise_deal, rule_deal
from referee.games.gin.format import describe, standing_json
from referee.games.kinds import EntryMode
from referee.games.standing import dealer_after, fold, settle
from referee.games.stored import Codec
from referee.rules.budget import TooComplexError
from referee.rules.errors import InputError, said_of
from referee.rules.messages import N_, Message, as_message, msg
from referee.rules.results import HandResult, HandScore, Outcome

if TYPE_CHECKING:
    from referee.games.presets import Preset

DEAL_KEYS = frozenset({"dealer", "tables", "note", "version", "expected_number", "idempotency_key"})
TABLE_KEYS = frozenset({"kind", "entry", "knocker", "upcard"} | io.TWO_PLAYER_KEYS)


@dataclass(frozen=True)
class TableLine:
    """One table of a partnership deal: who played whom, who dealt, what was entered there,
    and what it came to (``outcome`` is None when the deal could not be ruled)."""

    table: partnership.Table
    entry: Mapping[str, Any]
    outcome: partnership.TableOutcome | None
    summary: Message | str = ""

    @property
    def result(self) -> HandResult | None:
        return self.outcome.result if self.outcome else None


@dataclass(frozen=True)
class DealLine:
    """A partnership line's own detail: the deal scored for the sides (None: not ruled) and
    both its tables."""

    deal: partnership.DealScore | None
    tables: tuple[TableLine, ...]


@dataclass(frozen=True)
class NextDeal:
    """A partnership board's own detail: the next deal's tables."""

    tables: tuple[partnership.Table, ...]


def deal_line(line: Line) -> DealLine:
    """A partnership line's own detail."""
    detail = line.detail
    return detail if isinstance(detail, DealLine) else DealLine(None, ())


def next_deal(board: Board) -> NextDeal:
    """A partnership board's own detail."""
    detail = board.detail
    return detail if isinstance(detail, NextDeal) else NextDeal(())


def side_names(names: Sequence[str]) -> list[str]:
    """The partnership's sides by their players: "Ann & Cat", "Ben & Dan"."""
    return [" & ".join(names[s] for s in members) for members in partnership.MEMBERS]


def _table_summary(t: TableLine, names: Sequence[str]) -> Message:
    first, second = (names[s] for s in t.table.players)
    o = t.outcome
    if o is None:
        return msg("{first} v {second}", first=first, second=second)
    if o.drawn:
        if o.result.outcome is Outcome.DEAD:
            return msg("{first} v {second}: dead hand", first=first, second=second)
        return msg("{first} v {second}: tie, no score", first=first, second=second)
    knocker = names[o.knocker] if o.knocker is not None else None
    scorer = names[o.winner] if o.winner is not None else None
    return msg(
        "{first} v {second}: {hand}",
        first=first,
        second=second,
        hand=describe(o.result, knocker, scorer, o.points),
    )


def _table_seating(table: partnership.Table, names: Sequence[str]) -> dict[str, Any]:
    return {
        "table": table.number,
        "players": [names[s] for s in table.players],
        "dealer": names[table.dealer] if table.dealer is not None else None,
    }


class Partnership(Format):
    """Two teams of two, partners opposite: the first and third against the second and
    fourth."""

    name: ClassVar[str] = "partnership"
    table_play: ClassVar[bool] = True
    title: ClassVar[str] = N_("Partnership")
    template: ClassVar[str] = "gin/partnership/"
    presets: ClassVar[tuple[Preset, ...]] = gin_presets.PARTNERSHIP
    money_during_play: ClassVar[bool] = True
    noun: ClassVar[str] = "deal"
    entry_page: ClassVar[str] = "referee.games.gin.entry_page:DealEntryPage"
    new_match_page: ClassVar[str] = "referee.games.gin.new_match_page:TwoHandedNewMatch"
    api_keys: ClassVar[frozenset[str]] = DEAL_KEYS
    # both tables of the deal, a list of two objects with a knock's fields (``entry``,
    # ``kind``, ``knocker_seat`` 0-3, the deadwoods, the cards, ``upcard``) kept as entered,
    # None values included; the hand's ``dealer_seat`` is then the dealing side (0: seats 0
    # and 2, 1: seats 1 and 3) and its ``kind`` is "deal"
    stored_fields: ClassVar[Mapping[str, Codec]] = {"tables": stored.COPIED}
    teams: ClassVar[bool] = True

    def table_said(self, names: Sequence[str]) -> Message:
        return versus(side_names(names) if len(names) == 4 else names)

    def players_needed(self, preset: Preset, got: int) -> Message | str:
        return msg(
            "four players are needed: two teams, the first and third against the second "
            "and fourth (got {got})",
            got=got,
        )

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        return normalise_deal(fields)

    def verify_hand(
        self, values: Mapping[str, Any], table: Table, place: Place
    ) -> partnership.DealScore:
        return rule_deal(values, table.rules, place.position)

    def fold(self, hands: Sequence[StoredHand], table: Table) -> Board:
        rules, names = table.rules, table.names
        sides = side_names(names)
        lines: list[Line] = []
        for index, hand in enumerate(hands):
            values = hand.values
            error = None
            refused: Message | None = None  # the refusal as the engine said it
            deal: partnership.DealScore | None
            try:
                deal = rule_deal(values, rules, index, strict=False)
            except (InputError, TooComplexError) as e:
                deal, error, refused = None, said_of(e), said_of(e)
            dealing = values.get("dealer_seat")
            dealing = dealing if dealing in (0, 1) else None
            seating = partnership.pairings(index, dealing)
            entries = [*(values.get("tables") or []), {}, {}]
            tables = []
            for i, t in enumerate(seating):
                played = TableLine(t, entries[i] or {}, deal.tables[i] if deal else None)
                tables.append(
                    TableLine(t, played.entry, played.outcome, _table_summary(played, names))
                )
            line = Line(
                number=index + 1,
                values=values,
                row=hand.row,
                score=deal.score if deal else HandScore.nothing(partnership.TEAMS),
                error=error,
                dealer=dealing,
                detail=DealLine(deal, tuple(tables)),
            )
            line.summary = _deal_summary(line, sides, refused)
            lines.append(line)
        standing = fold([line.score for line in lines], rules, partnership.TEAMS)
        for line, running in zip(lines, standing.lines, strict=True):
            line.totals, line.boxes, line.game = running.points, running.boxes, running.game
        last = lines[-1] if lines else None
        dealing_side = dealer_after(
            last.dealer if last else None,
            last.score if last else None,
            rules,
            partnership.TEAMS,
        )
        return Board(
            self,
            table,
            lines,
            standing,
            NextHand(dealing_side, tuple(range(len(names)))),
            settle(standing, table.stake),
            sides=sides,
            detail=NextDeal(partnership.pairings(len(lines), dealing_side)),
        )

    def shown_ruling(self, line: Line) -> object:
        """The deal, both tables, for the sides."""
        deal = deal_line(line).deal
        return deal if deal is not None else line.result

    def seats_of(self, board: Board, column: int) -> tuple[int, ...]:
        """A side's two partners."""
        return partnership.MEMBERS[column]

    def hand_facts(self, board: Board, line: Line) -> list[HandFact]:
        """One hand per table of the deal."""
        facts = []
        for table in deal_line(line).tables:
            outcome = table.outcome
            if outcome is None:
                continue
            players = tuple(table.table.players)
            winners = (outcome.winner,) if outcome.winner is not None and not outcome.drawn else ()
            points = (
                {outcome.winner: outcome.points} if winners and outcome.winner is not None else {}
            )
            facts.append(
                HandFact(players, winners, outcome.knocker, outcome.result.outcome.value, points)
            )
        return facts

    # -- JSON -------------------------------------------------------------------------------

    def table_play_groups(self, board: Board) -> tuple[tuple[int, ...], ...]:
        """The deal's two tables, each with its own pack, each called on its own."""
        return tuple(t.players for t in next_deal(board).tables)

    def table_play_body(self, hand: SentHand) -> dict[str, Any]:
        """A deal: each table's hand as a two-handed one, table 1 first."""
        tables = [
            knock_body(call, group, hand.sent, hand.names)
            for call, group in zip(hand.calls, hand.groups, strict=True)
        ]
        return {"tables": tables}

    def hand_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        io.check_keys(data, DEAL_KEYS, "a deal field")
        tables = data.get("tables")
        if not isinstance(tables, list):
            raise InputError("tables", msg("both tables' results, as a list of two objects"))
        reason = msg("must be a player's name ({names}) or seat number", names=", ".join(names))
        rows = []
        for index, table in enumerate(tables):
            where = f"tables[{index}]"
            if not isinstance(table, dict):
                raise InputError(where, msg("a table's result, as an object"))
            io.check_keys(table, TABLE_KEYS, "a table field", f"{where}.")
            io.check_counts(table, f"{where}.")
            cards = (*io.CARD_FIELDS, "upcard")
            reason_cards = msg('cards as a string ("AS 2S 3S ...") or a list')
            io.check_cards(table, cards, f"{where}.", reason_cards)
            has_cards = table.get("knocker_cards") is not None or table.get("defender_cards")
            kind = io.kind_of(table, f"{where}.kind")
            rows.append(
                {
                    "entry": table.get("entry") or ("cards" if has_cards else "counts"),
                    "kind": kind,
                    "knocker_seat": io.seat_of(
                        names, table.get("knocker"), f"{where}.knocker", reason
                    ),
                    "knocker_deadwood": table.get("knocker_deadwood"),
                    "defender_deadwood": table.get("defender_deadwood"),
                    "knocker_cards": table.get("knocker_cards"),
                    "defender_cards": table.get("defender_cards"),
                    "upcard": table.get("upcard"),
                }
            )
        note = io.note_of(data)
        dealer = self._side(names, data.get("dealer"), context, reason)
        return {"dealer_seat": dealer, "tables": rows, "note": note}

    @staticmethod
    def _side(names: Sequence[str], value: Any, context: NextHand, reason: Message) -> int:
        """The dealing side: a player's name or seat (their side), or the side's own name."""
        if value is None:
            return context.dealer
        sides = [s.casefold() for s in side_names(names)]
        if isinstance(value, str) and value.casefold() in sides:
            return sides.index(value.casefold())
        seat = io.seat_of(names, value, "dealer", reason)
        assert seat is not None
        return partnership.TEAM_OF[seat]

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        v, names, sides = line.values, board.names, board.sides
        detail = deal_line(line)
        deal = detail.deal
        tables = []
        for t in detail.tables:
            entry, o = t.entry, t.outcome
            seat = entry.get("knocker_seat")
            tables.append(
                {
                    **_table_seating(t.table, names),
                    "kind": entry.get("kind"),
                    "entry": entry.get("entry"),
                    "knocker": names[seat] if isinstance(seat, int) and 0 <= seat < 4 else None,
                    "knocker_deadwood": entry.get("knocker_deadwood"),
                    "defender_deadwood": entry.get("defender_deadwood"),
                    "knocker_cards": (entry.get("knocker_cards") or "").split() or None,
                    "defender_cards": (entry.get("defender_cards") or "").split() or None,
                    "upcard": entry.get("upcard"),
                    "result": io.result_json(o.result) if o else None,
                    "winner": names[o.winner] if o and o.winner is not None else None,
                    "points": o.points if o else None,
                    "drawn": o.drawn if o else None,
                }
            )
        dealing = v.get("dealer_seat")
        return {
            "kind": v.get("kind"),
            "dealing_side": sides[dealing] if dealing in (0, 1) else None,
            "tables": tables,
            "team_points": dict(zip(sides, deal.team_points, strict=True)) if deal else None,
            "winner": sides[deal.winner] if deal and deal.winner is not None else None,
            "steps": [s.as_json() for s in deal.steps] if deal else [],
            "error": None if line.error is None else str(line.error),
            "points": dict(zip(sides, line.score.points, strict=True)),
            "boxes": dict(zip(sides, line.score.boxes, strict=True)),
            "totals": dict(zip(sides, line.totals, strict=True)),
            "game": line.game,
        }

    def match_json(self, board: Board) -> dict[str, Any]:
        names, sides = board.names, board.sides
        body = standing_json(board)
        body["teams"] = [
            {"name": side, "players": [names[s] for s in partnership.MEMBERS[team]]}
            for team, side in enumerate(sides)
        ]
        body["next_deal"] = {
            "number": board.hands_played + 1,
            "dealing_side": sides[board.next_dealer],
            "tables": [_table_seating(t, names) for t in next_deal(board).tables],
        }
        return body

    def player_json(self, board: Board, seat: int) -> dict[str, Any]:
        return {"team": board.sides[partnership.TEAM_OF[seat]]}

    def patch_base(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        """A deal's ``tables`` merge table by table."""
        current = self.hand_json(board, line)
        merged: dict[str, Any] = {
            "dealer": current["dealing_side"],
            "note": line.values.get("note", ""),
        }
        tables = [{k: t[k] for k in TABLE_KEYS if t.get(k) is not None} for t in current["tables"]]
        changes = data.get("tables")
        if isinstance(changes, list):
            for index, change in enumerate(changes[: len(tables)]):
                if isinstance(change, dict):
                    tables[index].update(change)
            tables += changes[len(tables) :]
        merged.update({k: v for k, v in data.items() if k != "tables"})
        merged["tables"] = tables
        return merged


def _deal_summary(line: Line, sides: Sequence[str], refused: Message | None = None) -> Message:
    deal = deal_line(line).deal
    if deal is None:
        return msg("Not scored: {error}", error=refused or as_message(str(line.error)))
    if deal.winner is None:
        if all(t.drawn for t in deal.tables):
            return msg("Both tables drawn: no score")
        if any(deal.score.boxes):
            return msg("The tables cancel out: no points (a box each)")
        return msg("The tables cancel out: no points")
    return msg("{side} +{points}", side=sides[deal.winner], points=deal.score.points[deal.winner])


def has_cards(values: Mapping[str, Any]) -> bool:
    """A deal with full cards at either table (its ruling is shown before it is saved)."""
    return any(t and t.get("entry") == EntryMode.CARDS for t in values.get("tables") or ())
