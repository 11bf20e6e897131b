"""Two players, one knocker against one defender a hand: American, classic, the seed tables,
Oklahoma, Straight Gin (their differences are all in the Ruleset) — and Hollywood, which rules
the same hands and posts them to several games at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from referee.games import json_io as io
from referee.games import stored
from referee.games.base import (
    Board,
    Format,
    Line,
    NextHand,
    Place,
    ScoreChart,
    StoredHand,
    Table,
)
from referee.games.facts import GameFact
from referee.games.gin import hollywood
from referee.games.gin import presets as gin_presets
from referee.games.gin.oklahoma import UpcardNote, upcard_note
from referee.games.gin.sheet import Sheet, fold_sheet
from referee.games.hand_entry import check_spread, normalise, rule_entry, spread_melds
from referee.games.presets import Preset
from referee.games.standing import (
    Money,
    Standing,
    boundaries,
    dealer_after,
    fold,
    fold_from,
    settle,
)
from referee.games.stored import Codec
from referee.rules.budget import TooComplexError
from referee.rules.cards import parse_card
from referee.rules.errors import InputError, said_of
from referee.rules.messages import N_, Message, as_message, msg, verbatim
from referee.rules.results import HandResult, HandScore
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import Settlement


def describe(
    result: HandResult, knocker: str | None, scorer: str | None, points: int | None = None
) -> Message:
    """One hand in a few words: "Ann knocks +7", "Ben undercuts +27", "Dead hand: no score"."""
    outcome = result.outcome.value
    if outcome == "dead":
        return msg("Dead hand: no score")
    who = knocker or "?"
    if outcome == "wash":
        return msg("{knocker} knocks: tie, no score", knocker=who)
    if scorer is None:  # nobody scored: the hand in words, no points
        if outcome == "knock":
            return msg("{knocker} knocks", knocker=who)
        if outcome == "undercut":
            return msg("{scorer} undercuts", scorer=str(scorer))
        if outcome == "gin":
            return msg("{knocker} gin", knocker=who)
        if outcome == "big_gin":
            return msg("{knocker} big gin", knocker=who)
        return verbatim(outcome)
    won = result.points if points is None else points
    if outcome == "knock":
        return msg("{knocker} knocks +{points}", knocker=who, points=won)
    if outcome == "undercut":
        return msg("{scorer} undercuts +{points}", scorer=scorer, points=won)
    if outcome == "gin":
        return msg("{knocker} gin +{points}", knocker=who, points=won)
    if outcome == "big_gin":
        return msg("{knocker} big gin +{points}", knocker=who, points=won)
    return msg("{outcome} +{points}", outcome=outcome, points=won)


def upcard_of(rules: Ruleset, code: str | None) -> UpcardNote | None:
    """Oklahoma: what the hand's upcard set (its knock limit, and doubling on spades)."""
    if not rules.oklahoma or not code:
        return None
    try:
        return upcard_note(rules, parse_card(code))
    except ValueError:
        return None


@dataclass(frozen=True)
class GinLine:
    """What a two-handed hand shows beyond its ruling: the knock limit and doubling its
    upcard set (Oklahoma), and the games it was posted to (Hollywood)."""

    upcard: UpcardNote | None = None
    posting: hollywood.Posting | None = None

    @property
    def posted_to(self) -> tuple[tuple[int, ...], ...]:
        """The games each seat's score was entered in (Hollywood)."""
        return self.posting.games if self.posting else ()


def gin_line(line: Line) -> GinLine:
    """A two-handed line's own detail."""
    detail = line.detail
    return detail if isinstance(detail, GinLine) else GinLine()


HAND_KEYS = io.COMMON_KEYS | io.TWO_PLAYER_KEYS | {"spread", "stop_after"}


class TwoHanded(Format):
    """One game at a time between two players."""

    name: ClassVar[str] = "two_handed"
    table_play: ClassVar[bool] = True
    title: ClassVar[str] = N_("Gin")
    template: ClassVar[str] = "gin/"
    presets: ClassVar[tuple[Preset, ...]] = gin_presets.TWO_HANDED
    money_during_play: ClassVar[bool] = True
    api_keys: ClassVar[frozenset[str]] = HAND_KEYS
    # a knock by counts or by cards; ``upcard`` when entered (always in Oklahoma)
    stored_fields: ClassVar[Mapping[str, Codec]] = stored.KNOCK_FIELDS
    entry_page: ClassVar[str] = "referee.games.gin.entry_page:HandEntryPage"
    new_match_page: ClassVar[str] = "referee.games.gin.new_match_page:TwoHandedNewMatch"

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        values = normalise(fields)
        values["tables"] = None
        values["stop_after"] = bool(values.get("stop_after"))
        return values

    def verify_hand(self, values: Mapping[str, Any], table: Table, place: Place) -> HandResult:
        return rule_entry(values, table.rules)

    def fold(self, hands: Sequence[StoredHand], table: Table) -> Board:
        rules, names = table.rules, table.names
        lines = [self._line(number, hand, rules, names) for number, hand in enumerate(hands, 1)]
        standing = fold([line.score for line in lines], rules, len(names))
        return self._board(table, lines, standing, 0)

    def boundaries(self, board: Board) -> list[int]:
        return boundaries(board.standing)

    def fold_from(
        self, previous: Board, start: int, hands: Sequence[StoredHand], table: Table
    ) -> Board:
        # One game at a time: a finished game's lines never change with later hands, so the
        # lines before ``start`` are the previous board's, untouched (boards share them).
        rules, names = table.rules, table.names
        lines = previous.lines[:start] + [
            self._line(number, hand, rules, names)
            for number, hand in enumerate(hands[start:], start + 1)
        ]
        scores = [line.score for line in lines]
        standing = fold_from(previous.standing, start, scores, rules, len(names))
        return self._board(table, lines, standing, start)

    def _board(self, table: Table, lines: list[Line], standing: Standing, start: int) -> Board:
        """The board of ``lines`` folded into ``standing``, posting the lines from ``start``
        (the ones before it were posted by an earlier fold)."""
        names = table.names
        last = lines[-1] if lines else None
        dealer = dealer_after(
            last.dealer if last else None, last.score if last else None, table.rules, len(names)
        )
        next_hand = NextHand(dealer, tuple(range(len(names))))
        board = Board(self, table, lines, standing, next_hand, settle(standing, table.stake))
        self._post(board, start)
        return board

    def _line(self, number: int, hand: StoredHand, rules: Ruleset, names: Sequence[str]) -> Line:
        values = hand.values
        result: HandResult | None
        error = None
        refused: Message | None = None  # the refusal as the engine said it
        try:
            result = rule_entry(values, rules)
        except (InputError, TooComplexError) as e:  # refused now: shown, scores nothing
            result, error, refused = None, said_of(e), said_of(e)
        if result is None:
            score = HandScore.nothing(len(names))
        else:
            seat = values.get("knocker_seat")
            score = result.score(seat if isinstance(seat, int) else 0, len(names))
        line = Line(
            number=number,
            values=values,
            row=hand.row,
            score=score,
            result=result,
            error=error,
            points=score.points,
            dealer=values.get("dealer_seat"),
            players=tuple(range(len(names))),
            detail=GinLine(upcard=upcard_of(rules, values.get("upcard"))),
        )
        line.summary = self._summary(line, names, refused)
        return line

    @staticmethod
    def _summary(line: Line, names: Sequence[str], refused: Message | None = None) -> Message:
        if line.result is None or not isinstance(line.result, HandResult):
            return msg("Not scored: {error}", error=refused or as_message(str(line.error)))
        knocker = names[line.knocker] if line.knocker is not None else None
        scorer = line.scorer_seat
        return describe(line.result, knocker, names[scorer] if scorer is not None else None)

    def _post(self, board: Board, start: int = 0) -> None:
        """The running lines of one game at a time (from the line at ``start``)."""
        running_lines = board.standing.lines[start:]
        for line, running in zip(board.lines[start:], running_lines, strict=True):
            line.totals, line.boxes, line.game = running.points, running.boxes, running.game

    # -- JSON -------------------------------------------------------------------------------

    def hand_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        io.check_keys(data, self.api_keys, "a hand field")
        kind = io.kind_of(data)
        entry = io.entry_of(data)
        io.check_cards(data)
        check_spread(data.get("spread"))
        io.check_counts(data)
        note = io.note_of(data)
        upcard = io.upcard_of(data)
        stop_after = data.get("stop_after", False)
        if not isinstance(stop_after, bool):
            raise InputError("stop_after", msg("true or false"))
        reason = msg("must be a player's name ({names}) or seat number", names=", ".join(names))
        dealer = io.seat_of(names, data.get("dealer"), "dealer", reason)
        knocker = io.seat_of(names, data.get("knocker"), "knocker", reason)
        io.check_knocker(kind, knocker)
        return {
            "entry": entry,
            "kind": kind,
            "knocker_seat": knocker,
            "dealer_seat": context.dealer if dealer is None else dealer,
            "knocker_cards": data.get("knocker_cards"),
            "defender_cards": data.get("defender_cards"),
            "spread": data.get("spread"),
            "knocker_deadwood": data.get("knocker_deadwood"),
            "defender_deadwood": data.get("defender_deadwood"),
            "upcard": upcard,
            "note": note,
            "stop_after": stop_after,
        }

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        v, names = line.values, board.names
        knocker = v.get("knocker_seat")
        body: dict[str, Any] = {
            "dealer": names[v["dealer_seat"]],
            "knocker": names[knocker] if knocker is not None else None,
            "kind": v.get("kind"),
            "entry": v.get("entry"),
            "knocker_cards": io.cards_list(v.get("knocker_cards")),
            "defender_cards": io.cards_list(v.get("defender_cards")),
            "spread": spread_melds(v.get("spread")),
            "knocker_deadwood": v.get("knocker_deadwood"),
            "defender_deadwood": v.get("defender_deadwood"),
            "upcard": v.get("upcard"),
            "result": io.result_json(line.result) if isinstance(line.result, HandResult) else None,
            "error": None if line.error is None else str(line.error),
            "points": dict(zip(names, line.score.points, strict=True)),
            "totals": dict(zip(names, line.totals, strict=True)) if line.totals else None,
            "game": line.game,
        }
        upcard = gin_line(line).upcard
        if upcard is not None:
            body["upcard_note"] = upcard.label
        return body

    def match_json(self, board: Board) -> dict[str, Any]:
        return standing_json(board)

    def patch_base(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        current = {**self.hand_json(board, line), "note": line.values.get("note", "")}
        kept = self.api_keys - {"version", "expected_number", "idempotency_key"}
        merged = {k: current[k] for k in kept if k in current}
        merged.update(data)
        return merged


def standing_json(board: Board) -> dict[str, Any]:
    """One game at a time: the game on show, the games before it, and the money."""
    sides, standing = board.sides, board.standing

    def by_name(values: Sequence[object]) -> dict[str, object]:
        return dict(zip(sides, values, strict=True))

    return {
        "totals": by_name(standing.points),
        "boxes": by_name(standing.boxes),
        "next_dealer": sides[board.next_dealer],
        "game": {
            "over": standing.over,
            "winner": sides[standing.winner] if standing.winner is not None else None,
            "shutout": standing.shutout,
            "tally": [{"label": label, "points": by_name(v)} for label, v in standing.tally],
            "final": by_name(standing.finals) if standing.finals else None,
            "margin": standing.margin if standing.over else None,
            "number": standing.game,
        },
        "games": [
            {
                "number": g.number,
                "winner": sides[g.winner] if g.winner is not None else None,
                "final": by_name(g.finals),
                "margin": g.margin,
                "hands": g.hands,
            }
            for g in standing.games
        ],
        "match_totals": by_name(standing.match_totals),
        "settlement": io.money_json(_as_money(board.settlement), sides),
    }


def _as_money(settlement: Money | Settlement | None) -> Money | None:
    assert settlement is None or isinstance(settlement, Money)
    return settlement


class Hollywood(TwoHanded):
    """The same hands as two-handed gin, posted to several games at once (docs/rules.md §4)."""

    name: ClassVar[str] = "hollywood"
    title: ClassVar[str] = N_("Hollywood")
    template: ClassVar[str] = "gin/hollywood/"
    presets: ClassVar[tuple[Preset, ...]] = gin_presets.HOLLYWOOD
    money_during_play: ClassVar[bool] = False  # three games at once: the sheet settles
    games_at_once: ClassVar[bool] = True

    def takes_notice(self, rules: Ruleset) -> bool:
        return rules.hollywood_continuous

    def refused_write(
        self, write: Literal["change", "new", "undo"], hand: int, refusal: Message
    ) -> Message:
        if write == "new":
            return msg(
                "Every Hollywood game has closed, so the match is over: hand {hand} cannot be "
                "entered. Nothing was saved.",
                hand=hand,
            )
        if write == "undo":
            return msg(
                "Not undone: every Hollywood game would then close before hand {hand}, which "
                "is already entered.",
                hand=hand,
            )
        return msg(
            "Not saved: with this change every Hollywood game would close before hand {hand}, "
            "which is already entered.",
            hand=hand,
        )

    def no_notice(self) -> Message | str:
        return "Notice to stop is for Hollywood's continuous play only."

    def overlay_of(self, family: str, rules: Ruleset) -> str | Message | None:
        """Hollywood is an overlay on two-player gin (docs/rules.md §4): ``rules.hollywood``
        (a house rule on any two-handed table) plays it here, clearing it plays a Hollywood
        preset two-handed, and no other table takes it."""
        if family in (TwoHanded.name, self.name):
            return self.name if rules.hollywood else TwoHanded.name
        if rules.hollywood:
            return msg("Hollywood scoring is for two-handed tables, not {family}", family=family)
        return None

    def boundaries(self, board: Board) -> list[int]:
        # Several games at once, and a notice to stop anywhere: no hand is a clean boundary.
        return [0]

    def fold_from(
        self, previous: Board, start: int, hands: Sequence[StoredHand], table: Table
    ) -> Board:
        return self.fold(hands, table)

    def _post(self, board: Board, start: int = 0) -> None:
        lines = board.lines
        stop_before = next(
            (i + 1 for i, line in enumerate(lines) if line.values.get("stop_after")), None
        )
        sheet = fold_sheet([line.score for line in lines], board.rules, stop_before, board.stake)
        for line, posting in zip(lines, sheet.postings, strict=False):
            line.detail = replace(gin_line(line), posting=posting)
        for line in lines[sheet.folded :]:
            line.error = sheet.refusal
            line.result = None
            line.score = HandScore.nothing(len(board.names))
            line.summary = msg("Not scored: {error}", error=sheet.refusal or "")
        board.detail = sheet
        board.settlement = sheet.settlement

    def over(self, board: Board) -> bool:
        """Every game has closed: the match is over."""
        return sheet_of(board).finished

    def totals(self, board: Board) -> tuple[int, ...]:
        return sheet_of(board).totals

    def headline(self, board: Board) -> str:
        parts = [
            f"G{c.number} {' – '.join(str(p) for p in c.points)}"
            for c in sheet_of(board).open_columns
        ]
        return " · ".join(parts) or "every game closed"

    def refusal(self, board: Board) -> Message | None:
        """A hand entered after every game had closed."""
        return sheet_of(board).refusal

    def refused_from(self, board: Board) -> int | None:
        sheet = sheet_of(board)
        return sheet.folded + 1 if sheet.refusal else None

    def stop_given(self, board: Board) -> int | None:
        """The number of the hand after which notice to stop was given."""
        for line in board.lines:
            if line.values.get("stop_after"):
                return line.number
        return None

    def summary_fields(self, board: Board) -> dict[str, Any]:
        sheet = sheet_of(board)
        return {
            "game": None,
            "games_won": list(sheet.games_won),
            "match_totals": list(sheet.totals),
            "winner": None,
            "finals": list(sheet.totals),
            "sheet": True,
        }

    def score_charts(self, board: Board) -> list[ScoreChart]:
        """One chart per game of the sheet: each entry with the player's running total."""
        charts = []
        for column in sheet_of(board).columns:
            numbers = sorted({e.hand_number for entries in column.entries for e in entries})
            if not numbers:
                continue
            series = []
            for seat, entries in enumerate(column.entries):
                running = {e.hand_number: e.running for e in entries}
                values: list[int | None] = []
                last = 0
                for n in numbers:
                    last = running.get(n, last)
                    values.append(last)
                series.append((board.names[seat], tuple(values)))
            charts.append(ScoreChart(column.number, tuple(numbers), tuple(series)))
        return charts

    def game_facts(self, board: Board) -> list[GameFact]:
        """Each closed game of the sheet is a game."""
        everyone = tuple(range(len(board.names)))
        games = []
        for col in sheet_of(board).closed_columns:
            winners = (col.winner,) if col.winner is not None else ()
            total = (
                col.finals[col.winner]
                if winners and col.finals and col.winner is not None
                else None
            )
            games.append(GameFact(everyone, winners, total, bool(col.shut_out)))
        return games

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        names = board.names
        body = super().hand_json(board, line)
        body["totals"] = None
        body["stop_after"] = bool(line.values.get("stop_after"))
        body["game"] = None
        detail = gin_line(line)
        body["posted_to"] = (
            {names[s]: list(g) for s, g in enumerate(detail.posted_to)} if detail.posting else None
        )
        return body

    def match_json(self, board: Board) -> dict[str, Any]:
        sheet, names = sheet_of(board), board.names

        def by_name(values: tuple[int, ...]) -> dict[str, int]:
            return dict(zip(names, values, strict=True))

        games = []
        for col in sheet.columns:
            game: dict[str, Any] = {
                "number": col.number,
                "open": col.open,
                "target": col.target,
                "columns": {
                    names[seat]: [
                        {
                            "hand": e.hand_number,
                            "points": e.points,
                            "boxes": e.boxes,
                            "running": e.running,
                        }
                        for e in entries
                    ]
                    for seat, entries in enumerate(col.entries)
                },
                "points": by_name(col.points),
                "boxes": by_name(col.boxes),
            }
            if not col.open:
                game.update(
                    {
                        "closed_on_hand": col.closed_on,
                        "winner": names[col.winner] if col.winner is not None else None,
                        "shutout": bool(col.shut_out),
                        "tally": [{"label": label, "points": v} for label, v in col.tally],
                        "final": by_name(col.finals),
                        "settlement": io.money_json(col.settlement, names),
                    }
                )
            games.append(game)
        return {
            "next_dealer": names[board.next_dealer],
            "totals": by_name(sheet.totals),
            "hollywood": {
                "finished": sheet.finished,
                "continuous": sheet.continuous,
                "notice_to_stop_after_hand": self.stop_given(board),
                "open_games": [c.number for c in sheet.open_columns],
                "games": games,
                "totals": by_name(sheet.totals),
                "games_won": by_name(sheet.games_won),
                "settlement": {
                    "games": [
                        {"number": c.number, **(io.money_json(c.settlement, names) or {})}
                        for c in sheet.closed_columns
                    ],
                    "total": io.money_json(sheet.settlement, names),
                },
            },
        }


def sheet_of(board: Board) -> Sheet:
    """A Hollywood board's sheet."""
    sheet = board.detail
    assert isinstance(sheet, Sheet)
    return sheet
