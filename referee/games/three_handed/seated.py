"""What the formats for three or more players share: the cut that seats the first hand, the
seats a hand names, the fold that marks a hand the engine refuses and folds on without it,
and the JSON of a hand with its seating.

Cutthroat, dealer-sits-out and Chouette seat the first hand from the cut (docs/rules.md §6.1–§6.3).
People either list the players from the lowest cut card to the highest, or enter the card
each player cut; the match keeps the cards as entered and the engine orders them
(:func:`~referee.games.three_handed.rotation.seats_by_cut`) every time the match is folded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from referee.games import json_io as io
from referee.games.base import (
    Board,
    Format,
    GameSettlement,
    Line,
    NextHand,
    Place,
    Result,
    StoredHand,
    Table,
)
from referee.games.standing import Standing, fold
from referee.games.three_handed.battle_royal import BattleRoyalResult
from referee.games.three_handed.chouette import ChouetteSeating
from referee.games.three_handed.rotation import CutTieError, SeatingError, seats_by_cut
from referee.rules.budget import TooComplexError
from referee.rules.cards import Card, CardError, parse_cards
from referee.rules.errors import HandError, InputError, said_of
from referee.rules.ledger import GameLedger
from referee.rules.messages import Message, capitalised, msg, msg_n
from referee.rules.results import HandResult, HandScore, Outcome
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import Settlement, SettlementRounding

if TYPE_CHECKING:
    from referee.games.presets import Preset

Folded = TypeVar("Folded")


def cut_order(cut: str | None, players: int) -> tuple[int, ...]:
    """Seats from the lowest cut to the highest: by the cards when they were entered, else
    the order the players were listed in."""
    if not cut:
        return tuple(range(players))
    return seats_by_cut(parse_cards(cut.split()))


def clean_cut(cut: Any, names: Sequence[str]) -> str | None:
    """The cut as stored (``"9H 2S KC"``, one card per seat) or None; raises
    :class:`InputError` naming the player's cut field (``cut_<seat>``) at fault."""
    if cut is None:
        return None
    if isinstance(cut, str):
        items: list[Any] = cut.split()
    elif isinstance(cut, list | tuple):
        items = list(cut)
    else:
        raise InputError("cut", msg('one card per player, e.g. ["9H", "2S", "KC"]'))
    texts = [" ".join(str(c or "").split()) for c in items]
    if not any(texts):
        return None
    if len(texts) != len(names):
        raise InputError(
            "cut",
            msg("one cut card per player: {count} (got {got})", count=len(names), got=len(texts)),
        )
    cards = []
    for seat, text in enumerate(texts):
        field = f"cut_{seat}"
        if not text:
            raise InputError(
                field,
                msg("enter the card {name} cut (or leave every cut empty)", name=names[seat]),
            )
        try:
            cards.append(
                parse_cards(text, expected=1, what=msg("{name}'s cut", name=names[seat]))[0]
            )
        except CardError as e:
            raise InputError(field, said_of(e)) from None
    try:
        seats_by_cut(cards)
    except CutTieError:
        first, second = _tied(cards)
        field = f"cut_{second}"
        raise InputError(
            field,
            msg(
                "{first} and {second} cut the same rank: they cut again",
                first=names[first],
                second=names[second],
            ),
        ) from None
    except SeatingError as e:
        raise InputError("cut", said_of(e)) from None
    return " ".join(c.code for c in cards)


def _tied(cards: Sequence[Card]) -> tuple[int, int]:
    for a in range(len(cards)):
        for b in range(a + 1, len(cards)):
            if cards[a].rank == cards[b].rank:
                return a, b
    return 0, 1  # pragma: no cover - only called for a tie


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def game_label(number: int, winner: int | None, names: Sequence[str]) -> Message:
    if winner is None:
        return msg("Game {number} · tied", number=number)
    return msg("Game {number} · {player} won", number=number, player=names[winner])


class SeatedFormat(Format):
    """Three or more players at the table: each hand's seating comes from the rotation (or
    what the table recorded), and the fold says who plays and deals next."""

    template: ClassVar[str] = "three_handed/"
    entry_page: ClassVar[str] = "referee.games.three_handed.entry_page:SeatedEntryPage"
    new_match_page: ClassVar[str] = "referee.games.three_handed.new_match_page:SeatedNewMatch"
    routes: ClassVar[str] = "referee.games.three_handed.views"
    settlement_page: ClassVar[bool] = True
    seated: ClassVar[bool] = True
    title: ClassVar[str] = ""
    seat_field: ClassVar[str | None] = None  # the one seat a hand records (sat out / captain)
    boxed: ClassVar[bool] = False  # one player in the box against the rest (board.detail)

    def players_needed(self, preset: Preset, got: int) -> Message | str:
        seats = preset.seats
        if len(seats) == 1:
            return msg_n(
                "{title} takes {count} player (got {got})",
                "{title} takes {count} players (got {got})",
                seats[0],
                title=preset.title,
                got=got,
            )
        return msg(
            "{title} takes {low} to {high} players (got {got})",
            title=preset.title,
            low=seats[0],
            high=seats[-1],
            got=got,
        )

    def check_table(self, preset: Preset, table: Table, cut: Any) -> str | None:
        names = table.names
        stored = clean_cut(cut, names) if self.seated_by_cut else None
        try:
            self._fold([], table, cut_order(stored, len(names)))
        except ValueError as e:
            field = "next_dealer" if "next_dealer" in str(e) else None
            raise InputError(field, said_of(e)) from None
        return stored

    # -- one hand ---------------------------------------------------------------------------

    def check_seats(self, values: Mapping[str, Any], names: Sequence[str]) -> None:
        """The seats a hand names must be at the table. Raises :class:`InputError` naming
        the field."""
        dealer = _seat(values, "dealer_seat", len(names))
        if dealer is None:
            raise InputError("dealer_seat", msg("choose who dealt"))
        _seat(values, "knocker_seat", len(names))

    def rule(self, values: Mapping[str, Any], table: Table) -> Result:
        """One hand ruled on its own (before the fold seats it)."""
        raise NotImplementedError

    def verify_hand(self, values: Mapping[str, Any], table: Table, place: Place) -> object:
        self.check_seats(values, table.names)
        return self.rule(values, table)

    # -- the match --------------------------------------------------------------------------

    def fold(self, hands: Sequence[StoredHand], table: Table) -> Board:
        lines = [self._ruled(hand, number, table) for number, hand in enumerate(hands, 1)]
        return self._fold_ruled(lines, table)

    def boundaries(self, board: Board) -> list[int]:
        # Each hand is ruled on its own entry at the table; only the seating and the scores
        # run across hands, and those are folded again whole. So any hand is a place to
        # resume the rulings from.
        return list(range(len(board.ruled) + 1))

    def fold_from(
        self, previous: Board, start: int, hands: Sequence[StoredHand], table: Table
    ) -> Board:
        ruled = previous.ruled
        if start > len(ruled):
            return self.fold(hands, table)
        seats = len(table.names)
        lines = [
            self._reused(number, hand, kept, seats)
            for number, (hand, kept) in enumerate(zip(hands[:start], ruled[:start], strict=True), 1)
        ]
        lines += [
            self._ruled(hand, number, table) for number, hand in enumerate(hands[start:], start + 1)
        ]
        return self._fold_ruled(lines, table)

    def _fold_ruled(self, lines: list[Line], table: Table) -> Board:
        """The board of hands each already ruled on its own (``lines``): seated by the
        rotation, scored and settled by the engine."""
        names = table.names
        ruled = [(line.result, line.error, line.error_field) for line in lines]
        order = cut_order(table.cut, len(names))
        good = [line for line in lines if line.error is None]
        folded, good = _robust(lambda ls: self._fold(ls, table, order), good)
        board = self._board(table, lines, good, folded)
        for line in lines:
            line.summary = summary(line, names)
            line.seating_text = seating_text(line, names)
        board.ruled = ruled  # each hand's own ruling, for a fold that resumes
        return board

    def _reused(
        self,
        number: int,
        hand: StoredHand,
        kept: tuple[Any, Message | str | None, str | None],
        seats: int,
    ) -> Line:
        """A hand whose ruling an earlier fold kept (``kept``: its result, error and field),
        not scored yet."""
        result, error, error_field = kept
        return Line(
            number=number,
            values=hand.values,
            row=hand.row,
            score=self._nothing(seats),
            result=result,
            error=error,
            error_field=error_field,
        )

    def _ruled(self, hand: StoredHand, number: int, table: Table) -> Line:
        seats = len(table.names)
        line = Line(number=number, values=hand.values, row=hand.row, score=self._nothing(seats))
        try:
            self.check_seats(hand.values, table.names)
            line.result = self.rule(hand.values, table)
        except (InputError, TooComplexError) as e:
            line.error, line.error_field = said_of(e), e.field
        return line

    def _nothing(self, seats: int) -> HandScore:
        """A hand that scores nothing, by score column."""
        return HandScore.nothing(seats)

    def _fold(self, lines: list[Line], table: Table, order: Sequence[int]) -> Any:
        """The engine's fold of the ruled hands (raising :class:`HandError` at a hand)."""
        raise NotImplementedError

    def _board(self, table: Table, lines: list[Line], good: list[Line], folded: Any) -> Board:
        """The board of the engine's fold: every line seated and scored, the next hand."""
        raise NotImplementedError

    @staticmethod
    def settled_games(
        games: Sequence[GameLedger],
        settle_game: Callable[[int, Decimal, SettlementRounding], Settlement],
        table: Table,
    ) -> list[GameSettlement]:
        """Each finished game won by a player, settled pairwise at the table's stake."""
        return [
            GameSettlement(
                number=g.number,
                label=game_label(g.number, g.winner, table.names),
                settlement=settle_game(g.number, table.stake, table.rules.settlement_rounding),
                finals=g.final_totals or (),
                winner=g.winner,
            )
            for g in games
        ]

    def standing_of(
        self,
        lines: list[Line],
        good: list[Line],
        scores: Sequence[HandScore],
        rules: Ruleset,
        seats: int,
    ) -> Standing:
        """The ledger's standing over the hands it took; a refused hand scores nothing and
        shows the totals as they stood before it."""
        columns = len(self._nothing(seats).points)
        for line in lines:
            if line.error is not None:
                line.score = self._nothing(seats)
                line.points = (0,) * seats
        standing = fold(list(scores), rules, columns)
        for line, running in zip(good, standing.lines, strict=True):
            line.totals, line.boxes, line.game = running.points, running.boxes, running.game
        last: Line | None = None
        for line in lines:
            if line.error is not None:
                line.totals = last.totals if last else (0,) * columns
                line.boxes = last.boxes if last else (0,) * columns
                line.game = last.game if last else 1
            else:
                last = line
        return standing

    # -- JSON -------------------------------------------------------------------------------

    def hand_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        io.check_keys(data, self.api_keys, msg("a field of a {title} hand", title=self.title))
        kind = io.kind_of(data)
        note = io.note_of(data)
        upcard = io.upcard_of(data)
        knocker = io.seat_of(names, data.get("knocker"), "knocker")
        io.check_knocker(kind, knocker)
        dealer = io.seat_of(names, data.get("dealer"), "dealer")
        fields: dict[str, Any] = {
            "kind": kind,
            "knocker_seat": knocker,
            "dealer_seat": context.dealer if dealer is None else dealer,
            "upcard": upcard,
            "note": note,
        }
        fields.update(self._fields_from_json(data, names, context))
        return fields

    def _fields_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        """The format's own fields of a hand's JSON body."""
        io.check_cards(data)
        io.check_counts(data)
        fields = {"entry": io.entry_of(data)}
        for name in io.TWO_PLAYER_KEYS:
            fields[name] = data.get(name)
        return fields

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        v, names = line.values, board.names

        def name(seat: Any) -> str | None:
            return names[seat] if isinstance(seat, int) else None

        out: dict[str, Any] = {
            "game": line.game,
            "kind": v.get("kind"),
            "entry": v.get("entry"),
            "dealer": name(v.get("dealer_seat")),
            "players": io.seat_names(line.players, names),
            "knocker": name(v.get("knocker_seat")),
        }
        out.update(self._hand_json(board, line))
        out.update(
            {
                "upcard": v.get("upcard"),
                "seating": {"why": io.step_json(line.why), "overridden": line.overridden},
                "result": io.result_json(result, names)
                if isinstance(result := line.result, HandResult | BattleRoyalResult)
                else None,
                "error": None if line.error is None else str(line.error),
                "summary": str(line.summary),
                "points": dict(zip(names, line.points, strict=True)),
                "totals": dict(zip(self.api_columns(board), line.totals, strict=True)),
            }
        )
        return out

    def _hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        """The format's own keys of a hand's JSON: what each player entered."""
        v = line.values
        return {
            "knocker_cards": io.cards_list(v.get("knocker_cards")),
            "defender_cards": io.cards_list(v.get("defender_cards")),
            "knocker_deadwood": v.get("knocker_deadwood"),
            "defender_deadwood": v.get("defender_deadwood"),
        }

    def api_columns(self, board: Board) -> list[str]:
        """The JSON's names of the score columns."""
        return list(board.names)

    def game_box_json(self, board: Board, game: GameSettlement) -> dict[str, Any]:
        """A finished game's value and who was in the box, in the JSON (None: no box)."""
        return {"value": None, "box": None}

    def game_winner_json(self, board: Board, game: Any) -> Any:
        return board.names[game.winner] if game.winner is not None else None

    def match_json(self, board: Board) -> dict[str, Any]:
        names = board.names
        st = board.standing
        columns = self.api_columns(board)

        def by_column(values: Sequence[object]) -> dict[str, object]:
            return dict(zip(columns, values, strict=True))

        nxt = board.next
        ledger = st.ledger
        shown = ledger.games[-1] if ledger is not None and ledger.games else None
        shutouts = [
            {"payer": columns[e.payer], "payee": columns[e.payee], "points": e.points}
            for e in (shown.extras if shown is not None and st.over else ())
        ]
        settlement = board.settlement
        assert settlement is None or isinstance(settlement, Settlement)
        return {
            "cut": board.cut.split() if board.cut else None,
            "totals": dict(zip(names, board.totals, strict=True)),
            "boxes": by_column(st.boxes),
            "next": {
                "dealer": names[nxt.dealer],
                "players": io.seat_names(nxt.players, names),
                "sitting_out": io.seat_names(nxt.sitting_out, names),
                **_box_seats_json(nxt.detail, names),
                "why": io.step_json(nxt.why),
            },
            "next_dealer": names[nxt.dealer],
            "game": {
                "number": st.game,
                "over": st.over,
                "winner": columns[st.winner] if st.winner is not None else None,
                "shutout": st.shutout,
                "points": by_column(st.points),
                "tally": [{"label": label, "points": by_column(v)} for label, v in st.tally],
                "final": by_column(st.finals) if st.finals else None,
                "shutout_payments": shutouts,
            },
            "games": [
                {
                    "number": g.number,
                    "label": str(g.label),
                    "winner": self.game_winner_json(board, g),
                    "final": by_column(g.finals) if g.finals else None,
                    **self.game_box_json(board, g),
                    "settlement": io.settlement_json(g.settlement, names),
                }
                for g in board.games
            ],
            "settlement": io.settlement_json(settlement, names) if settlement else None,
        }

    def patch_base(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        """A PATCH body merged over the hand as it stands (its entered fields, by name)."""
        names = board.names
        v = line.values

        def name(seat: Any) -> str | None:
            return names[seat] if isinstance(seat, int) else None

        current: dict[str, Any] = {
            "kind": v.get("kind"),
            "entry": v.get("entry"),
            "knocker": name(v.get("knocker_seat")),
            "dealer": name(v.get("dealer_seat")),
            "upcard": v.get("upcard"),
            "note": v.get("note"),
        }
        current.update(self._patch_fields(board, line, data))
        counts = {"knocker_deadwood", "defender_deadwood", "deadwoods"}
        cards = {"knocker_cards", "defender_cards", "hands"}
        if "entry" not in data and (counts | cards) & set(data):
            current.pop("entry")  # the entry follows what was sent
            for key in cards if counts & set(data) else counts:
                current.pop(key, None)
        return {k: val for k, val in {**current, **data}.items() if val is not None}

    def _patch_fields(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        return {key: line.values.get(key) for key in io.TWO_PLAYER_KEYS}


def _seat(values: Mapping[str, Any], name: str, seats: int) -> int | None:
    value = values.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise InputError(name, not_a_player(value))
    return value


def not_a_player(value: object) -> Message:
    """The reason a seat field names no player of the match."""
    return msg("{value} is not a player of this match", value=repr(value))


def _robust(
    fold_lines: Callable[[list[Line]], Folded], lines: list[Line]
) -> tuple[Folded, list[Line]]:
    """Fold ``lines``; when the engine refuses a hand, mark it, leave it out and fold again."""
    lines = list(lines)
    while True:
        try:
            return fold_lines(lines), lines
        except HandError as e:
            if e.hand is None:
                raise
            bad = lines[e.hand - 1]
            bad.error = capitalised(e.message)
            bad.result = None
            lines = lines[: e.hand - 1] + lines[e.hand :]


def summary(line: Line, names: Sequence[str]) -> Message:
    """One line for the history: who did what, and what each player scored."""
    if line.result is None:
        return msg("Not scored: {error}", error=line.error or "")
    outcome = line.result.outcome
    if outcome is Outcome.DEAD:
        return msg("Dead hand: no score")
    k = names[line.knocker] if line.knocker is not None else "?"
    if outcome is Outcome.WASH:
        return msg("{knocker} knocks: tie, no score", knocker=k)
    head: Message
    if outcome is Outcome.UNDERCUT:
        who = line.winners[0] if line.winners else line.defender
        if who is not None:
            head = msg("{winner} undercuts {knocker}", winner=names[who], knocker=k)
        else:
            head = msg("{knocker} is undercut", knocker=k)
    elif outcome is Outcome.KNOCK:
        head = msg("{knocker} knocks", knocker=k)
    elif outcome is Outcome.GIN:
        head = msg("{knocker} gin", knocker=k)
    elif outcome is Outcome.BIG_GIN:
        head = msg("{knocker} big gin", knocker=k)
    else:
        head = msg("{knocker} {outcome}", knocker=k, outcome=outcome.value)
    scored = [(s, p) for s, p in enumerate(line.points) if p]
    if len(scored) == 1 and (scored[0][0] == line.knocker or outcome is Outcome.UNDERCUT):
        return msg("{head} {points}", head=head, points=signed(scored[0][1]))
    if not scored:
        return head
    parts = ", ".join(f"{names[s]} {signed(p)}" for s, p in scored)
    return msg("{head}: {points}", head=head, points=parts)


def _box_seats_json(seating: object, names: Sequence[str]) -> dict[str, Any]:
    """The next hand's box, captain and queue in the API (nobody's, but for Chouette)."""
    if not isinstance(seating, ChouetteSeating):
        return {"box": None, "captain": None, "queue": []}
    return {
        "box": names[seating.box],
        "captain": names[seating.captain],
        "queue": io.seat_names(seating.queue, names),
    }


def seating_text(line: Line, names: Sequence[str]) -> Message | str:
    """Who played and dealt, in a few words."""
    if not line.players:
        return ""
    played: Message | str
    out: str | None = None
    boxed = line.detail
    if isinstance(boxed, ChouetteSeating):
        played = msg(
            "{box} (box) v {captain} (captain)", box=names[boxed.box], captain=names[boxed.captain]
        )
    elif len(line.players) == 2:
        a, b = line.players
        played = msg("{a} v {b}", a=names[a], b=names[b])
        if line.sitting_out:
            out = names[line.sitting_out[0]]
    else:
        played = names[line.players[0]]
        for seat in line.players[1:]:
            played = msg("{a} v {b}", a=played, b=names[seat])
    if line.dealer is None:
        if out is None:
            return played
        return msg("{players} · {out} out", players=played, out=out)
    dealer = names[line.dealer]
    if out is not None:
        return msg("{players} · {out} out · {dealer} dealt", players=played, out=out, dealer=dealer)
    return msg("{players} · {dealer} dealt", players=played, dealer=dealer)
