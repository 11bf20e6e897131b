"""What every format shares: a stored hand, a scoreboard line, the folded match, the format.

A format (:class:`Format`) is one way of playing and scoring — each game's folder under
``referee/games/`` defines its own — and the one object the rest of the app asks
about a match: how many seats it takes, how a hand is stored and verified, and how the stored
hands fold into one :class:`Board` (every hand's ruling and seating, running scores, games, who
deals next, the settlement). Callers never branch on a format's name; they call its hooks, and
a format overrides the hooks where its game really differs (as python-chess's variants do).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, runtime_checkable

from referee.games.facts import GameFact, HandFact, by_seat_fact, two_player_fact
from referee.games.standing import Money, Standing
from referee.games.stored import Codec
from referee.rules.errors import InputError
from referee.rules.if_ended import IfEndedNow, if_ended_now
from referee.rules.messages import N_, Message, chained, msg, msg_n, verbatim
from referee.rules.plain_words import NO_WORDS, GameWords
from referee.rules.results import HandResult, HandScore, Outcome, Step
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import Settlement

if TYPE_CHECKING:
    from referee.games.presets import Preset


class Result(Protocol):
    """One ruled hand as every caller may read it: how it ended. A format's own result
    (two players' :class:`~referee.rules.results.HandResult`, a three-way hand's) says more,
    read where the format is known."""

    @property
    def outcome(self) -> Outcome: ...

    @property
    def steps(self) -> Sequence[Step]: ...


@runtime_checkable
class SaysItsJson(Protocol):
    """A ruling that says itself as the API's JSON (a hand of more than two players; a
    two-player hand is said by :func:`~referee.rules.report.hand_result_to_dict`)."""

    def as_json(self, names: Sequence[str] | None = None) -> dict[str, Any]: ...


@dataclass(frozen=True)
class ScoreChart:
    """One chart of running scores a format draws its own way (one per game of a match that
    plays several games at once): the game it charts (None: the match), the hands (x), and
    each score column's name and running total after each hand (y)."""

    game: int | None
    hands: tuple[int, ...]
    series: tuple[tuple[str, tuple[int | None, ...]], ...]


@dataclass(frozen=True)
class StoredHand:
    """A hand as a match keeps it: the entered ``values`` (a format's stored form) and the
    caller's own record of it (``row``: a database row, say), handed back on its line."""

    values: Mapping[str, Any]
    row: Any = None


@dataclass(frozen=True)
class Table:
    """The table a match is played at: its rules, the players by seat, the cut that seated
    the first hand (as stored), and the stake per point."""

    rules: Ruleset
    names: tuple[str, ...]
    cut: str | None = None
    stake: Decimal = Decimal(0)
    setup: str | None = None  # the format's own setup of the match, as stored (Format.setup_in)


@dataclass(frozen=True)
class NextHand:
    """Who plays and deals a hand, and the engine's reason (``why``); ``detail`` is what
    only the format's game says of the next hand."""

    dealer: int
    players: tuple[int, ...]
    sitting_out: tuple[int, ...] = ()
    why: Step | None = None
    detail: object = None  # the format's own account of the seating (its folder's type)


@dataclass(frozen=True)
class Place:
    """Where a hand goes in its match: its 0-based ``position`` and the seating the rotation
    called for there (``context``)."""

    position: int
    context: NextHand


@dataclass(frozen=True)
class TableCall:
    """How one group's hand ended, as called at the table (:attr:`Format.table_play`): who
    knocked, how (``knock``, ``gin``, ``big_gin``), and what the call names where the game
    needs it (:meth:`Format.table_play_call_field`: the first upcard, the cut for a wild
    joker, the dice), as text."""

    kind: str
    knocker: int
    named: str | None = None

    def as_json(self) -> dict[str, object]:
        """As a table hand keeps it (``upcard``: the name it had when only an upcard was)."""
        return {"kind": self.kind, "knocker": self.knocker, "upcard": self.named}


@dataclass(frozen=True)
class SeatCards:
    """What one seat's phone sent at the table: the cards it holds (for a rummy game, the
    cards left in hand) as codes, and where the game has them its melds laid down ("/"
    between melds) and its layoffs onto other players' melds ("9H > Ann 1")."""

    cards: str
    melds: str = ""
    layoffs: str = ""
    choice: str = ""  # the seat's answer to :meth:`Format.table_play_choice` ("" none)


@dataclass(frozen=True)
class SentHand:
    """A hand the players sent from their phones at the table: each group's call, the
    groups (the seats that play with one pack), what each seat sent, the players' names and
    the seating the rotation called for."""

    calls: Sequence[TableCall]
    groups: Sequence[tuple[int, ...]]
    sent: Mapping[int, SeatCards]
    names: Sequence[str]
    context: NextHand

    @property
    def call(self) -> TableCall:
        """The call of a hand played by one group (every format but a deal at two tables)."""
        (call,) = self.calls
        return call

    @property
    def group(self) -> tuple[int, ...]:
        """The players of a hand played by one group."""
        (group,) = self.groups
        return group

    def hands(self, seats: Sequence[int] | None = None) -> dict[str, str]:
        """The cards each player of the group sent (or of ``seats``), by name."""
        chosen = self.group if seats is None else seats
        return {self.names[s]: self.sent[s].cards for s in chosen}


@dataclass(frozen=True)
class CallField:
    """What the hand's call names at the table, where the game needs it before the cards
    can be ruled (the first upcard that sets the knock limit; the card cut for the wild
    joker; the dice): how a page asks for it, the API's field for it, and what a call without
    it is told (None: it may be left out). :meth:`Format.table_play_call_value` reads it."""

    field: str
    label: str
    help: str
    missing: str | None
    placeholder: str = ""


@dataclass(frozen=True)
class SeatChoice:
    """What a game asks each seat at the table beside its cards (whether it laid down what
    the deal asked of it; whether it dropped out early): a page's question and answers (in
    English: a page shows them translated), the API's field, and the answer a seat that
    says nothing gives ("": it must answer)."""

    field: str
    legend: str
    options: tuple[tuple[str, str], ...]
    default: str = ""

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(value for value, _label in self.options)


def versus(sides: Sequence[str]) -> Message:
    """ "Ann v Ben v Cat": who plays against whom."""
    said = chained(sides, lambda first, rest: msg("{first} v {rest}", first=first, rest=rest))
    return said if isinstance(said, Message) else verbatim(str(said))


@dataclass(frozen=True)
class GameSettlement:
    """One finished game of a table of three or more and its settlement (pairwise, nets,
    fewest transfers)."""

    number: int
    label: Message | str  # its English in the JSON
    settlement: Settlement
    finals: tuple[int, ...] = ()
    winner: int | None = None  # the winning seat (None: tied, or the format's detail says)
    detail: object = None  # what only the format's game says of it (its folder's type)


@dataclass
class Line:
    """One hand (or deal) on the scoreboard.

    ``score`` is what the ledger folded, by score column (the players, unless the format
    scores sides: teams, or a box against the rest) and ``points`` what the hand gave each
    player.
    ``players`` played it, ``sitting_out`` did not; ``why`` is the engine's reason for the
    seating, and ``overridden`` says the table seated it otherwise than the rotation.
    ``summary`` says what happened in a few words, with the players by name. ``detail`` is
    the format's own account of the hand (a frozen dataclass its folder defines: what only
    that game has), read by the format and its page fragments, never by shared code.
    """

    number: int
    values: Mapping[str, Any]
    row: Any
    score: HandScore
    result: Result | None = None
    error: Message | str | None = None  # why the hand is not scored (its English in JSON)
    error_field: str | None = None
    points: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    boxes: tuple[int, ...] = ()
    game: int = 1
    summary: Message | str = ""
    seating_text: Message | str = ""
    dealer: int | None = None
    players: tuple[int, ...] = ()
    sitting_out: tuple[int, ...] = ()
    why: Step | None = None
    overridden: bool = False
    winners: tuple[int, ...] = ()
    won_side: int | None = None  # the score column that won, where the columns are sides
    detail: object = None

    @property
    def hand(self) -> Any:
        """The caller's record of the hand (its database row)."""
        return self.row

    @property
    def knocker(self) -> int | None:
        seat = self.values.get("knocker_seat")
        return seat if isinstance(seat, int) else None

    @property
    def defender(self) -> int | None:
        """The other active player of a two-player hand."""
        knocker = self.knocker
        if knocker is None or len(self.players) != 2 or knocker not in self.players:
            return None
        a, b = self.players
        return b if knocker == a else a

    @property
    def dead(self) -> bool:
        return self.result is not None and self.result.outcome is Outcome.DEAD

    @property
    def scorer_seat(self) -> int | None:
        """The score column that scored this hand (None: nobody did)."""
        for seat, pts in enumerate(self.score.points):
            if pts or self.score.boxes[seat]:
                return seat
        return None

    @property
    def won_class(self) -> str:
        """A CSS class for the hand's winner: its seat, or its side where the columns are sides
        (a box against a team: box 0, team 1)."""
        if not self.winners:
            return ""
        if self.won_side is not None:
            return f"won{self.won_side}"
        return f"won{self.winners[0]}"


@dataclass
class Board:
    """A match folded: every line, the game on show, who deals next, and the settlement.

    ``columns`` name the score columns (the players; teams; a box and its opponents) and
    ``sides`` the names :attr:`totals` are by; both are the players unless the format says
    otherwise. ``detail`` is the format's own account of the match (a frozen dataclass its
    folder defines), ``ruled`` each hand's own ruling (result, error, field) kept for a fold
    that resumes, and ``memo`` what the pages drew of this board, kept with it.
    """

    format: Format
    table: Table
    lines: list[Line]
    standing: Standing
    next: NextHand
    settlement: Money | Settlement | None = None
    sides: list[str] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    games: list[GameSettlement] = field(default_factory=list)
    detail: object = None
    ruled: list[tuple[Any, Message | str | None, str | None]] = field(default_factory=list)
    memo: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.sides = self.sides or list(self.names)
        self.columns = self.columns or list(self.sides)

    @property
    def rules(self) -> Ruleset:
        return self.table.rules

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.names

    @property
    def stake(self) -> Decimal:
        return self.table.stake

    @property
    def cut(self) -> str | None:
        return self.table.cut

    @property
    def over(self) -> bool:
        """The game on show is over (the next hand starts a new one), as the format says."""
        return self.format.over(self)

    @property
    def hands_played(self) -> int:
        return len(self.lines)

    @property
    def money_now(self) -> IfEndedNow | None:
        """The match settled as if the game in progress ended now (None where the format
        does not settle that way, or no game is in progress)."""
        ledger = self.standing.ledger
        if not self.format.money_during_play or ledger is None:
            return None
        return if_ended_now(ledger, self.stake, self.rules.settlement_rounding)

    @property
    def next_dealer(self) -> int:
        return self.next.dealer

    @property
    def totals(self) -> tuple[int, ...]:
        """The running points of the game on show, by :attr:`sides`."""
        return self.format.totals(self)

    @property
    def boxes(self) -> tuple[int, ...]:
        return self.standing.boxes

    @property
    def headline(self) -> str:
        """The score in one short line (the hand form's top)."""
        return self.format.headline(self)

    @property
    def refusal(self) -> Message | None:
        """Why the match as stored cannot be folded whole (a hand entered after the match
        had closed, say); None when it can."""
        return self.format.refusal(self)

    @property
    def refused_from(self) -> int | None:
        """The number of the first hand the fold could not take (see :attr:`refusal`)."""
        return self.format.refused_from(self)

    def line_of(self, hand_id: int) -> Line | None:
        """The line of the hand whose record has id ``hand_id``."""
        return next((line for line in self.lines if getattr(line.row, "id", None) == hand_id), None)

    def tally_rows(self) -> list[tuple[str, list[tuple[int, str]]]]:
        """The final tally of the game shown, one row per part, one (points, how) cell per
        column: hand points, boxes (``4 × 25``), game bonus and shutout when earned, total."""
        ledger = self.standing.ledger
        if ledger is None or not ledger.games or not self.standing.over:
            return []
        tally = ledger.games[-1].tally
        rows: list[tuple[str, list[tuple[int, str]]]] = [
            ("Hand points", [(t.hand_points, "") for t in tally]),
            ("Boxes", [(t.box_points, f"{t.boxes} × {t.box_bonus}") for t in tally]),
        ]
        if any(t.game_bonus for t in tally):
            rows.append(("Game bonus", [(t.game_bonus, "") for t in tally]))
        if any(t.shutout for t in tally):
            rows.append((tally[0].shutout_label, [(t.shutout, "") for t in tally]))
        return rows

    def shutout_lines(self) -> list[Message]:
        """The game shown's shutout payments, in words (paid outside the totals)."""
        ledger = self.standing.ledger
        if ledger is None or not ledger.games or not self.standing.over:
            return []
        game = ledger.games[-1]
        return [
            msg(
                "{payer} was shut out: pays {payee} {points} more",
                payer=self.columns[e.payer],
                payee=self.columns[e.payee],
                points=e.points,
            )
            for e in game.extras
        ]


class Format:
    """One way of playing: the hooks every caller asks, overridden where a game differs.

    Class attributes describe the format to the pages and the API: ``noun`` (a hand or a
    deal), ``entry_page`` (the ``module:class`` of the page a hand is entered on, in the
    game's folder: the web loads it, the engine never does), ``template`` (the format's folder of
    pages under ``templates/``: its scoreboard and hand page, which extend the shared shells
    and fill in what only its game shows, and fragments a shared page includes, such as
    ``_score_sheet.html``), ``seated_by_cut`` (the new-match form
    asks each player's cut), ``settlement_page`` (a page of payouts game by game),
    ``money_during_play`` (the match settles pairwise over the ledger's games, so where the
    money stands during play is :func:`~referee.rules.if_ended.if_ended_now`),
    ``games_at_once`` (each hand is posted to several games at once: the scoreboard lists
    every hand, not the game in play's), and
    ``api_keys`` (what a hand's JSON body may hold), and ``table_play`` (each player of a hand
    may send their own cards from their own phone: :meth:`table_play_body`).
    """

    name: ClassVar[str]
    title: ClassVar[str] = ""  # the format's name as people say it ("" for the preset's)
    presets: ClassVar[tuple[Preset, ...]] = ()  # the tables this format plays
    routes: ClassVar[str] = ""  # the module of the game's own pages and API routes, if any
    noun: ClassVar[str] = "hand"
    entry_page: ClassVar[str] = ""  # module:class of its hand's entry page (the web loads it)
    new_match_page: ClassVar[str] = ""  # module:class of the page a match is started from
    template: ClassVar[str] = ""
    seated_by_cut: ClassVar[bool] = False
    settlement_page: ClassVar[bool] = False
    teams: ClassVar[bool] = False  # the score's sides are teams of players
    seated: ClassVar[bool] = False  # three or more take their seats by a rotation
    two_player: ClassVar[bool] = True  # every hand is one knocker against one defender
    money_during_play: ClassVar[bool] = False
    games_at_once: ClassVar[bool] = False  # each hand is posted to several games at once
    own_page: ClassVar[bool] = False  # a new match is started from the format's own page
    table_play: ClassVar[bool] = False  # each player may send their own cards from a phone
    table_play_melds: ClassVar[bool] = False  # ... with the melds they laid down (and layoffs)
    table_play_caller: ClassVar[str] = N_("Who knocked or went gin")  # who calls the hand
    # what a seat's page says of the cards it taps
    table_play_cards_help: ClassVar[str] = N_(
        "Tap your cards below, or type them (e.g. 5S 6S 7S KH). The referee finds your melds."
    )
    api_keys: ClassVar[frozenset[str]] = frozenset()

    @property
    def nouns(self) -> str:
        return self.noun + "s"

    def template_file(self, page: str) -> str:
        """The template this format draws ``page`` with (``scoreboard``, ``hand``, or a
        fragment such as ``_score_sheet``): in the format's own folder (``template``)."""
        return f"{self.template}{page}.html"

    def table_label(self, names: Sequence[str]) -> str:
        """Who plays, in a few words ("Ann v Ben")."""
        return str(self.table_said(names))

    def table_said(self, names: Sequence[str]) -> Message:
        """:meth:`table_label` for the reader's language."""
        return versus(names)

    # -- a new match ------------------------------------------------------------------------

    def players_needed(self, preset: Preset, got: int) -> Message | str:
        """Why ``got`` players cannot sit at ``preset``'s table."""
        if preset.players == 2:
            return msg("two players are needed (got {got})", got=got)
        return msg_n(
            "{count} player is needed (got {got})",
            "{count} players are needed (got {got})",
            preset.players,
            got=got,
        )

    def table_rules(
        self, preset: Preset, rules: Ruleset, players: int, overrides: Mapping[str, Any]
    ) -> Ruleset:
        """The rules a new match of ``players`` is played by: ``rules`` (the preset's with
        the house rules in ``overrides``), with anything that follows the number of players
        (the cards dealt, the pack, the target) set where the table kept the preset's value
        (a form sends every knob, so a knob left as the preset had it counts as not chosen)."""
        return rules

    def check_table(self, preset: Preset, table: Table, cut: Any) -> str | None:
        """What a new match stores of its cut (None: nothing), after checking the table can
        be folded at all; raises :class:`InputError` naming the field."""
        return None

    # -- one hand ---------------------------------------------------------------------------

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        """The stored form of an entry: what was typed, tidied, unused fields None."""
        raise NotImplementedError

    def verify_hand(self, values: Mapping[str, Any], table: Table, place: Place) -> object:
        """Rule one hand (in its stored form) entered at ``place`` in the match; raise
        :class:`InputError` naming the field at fault (an illegal knock:
        :class:`~.hand_entry.IllegalKnock`, carrying its ruling)."""
        raise NotImplementedError

    def can_hand(self, values: Mapping[str, Any], table: Table, place: Place) -> bool:
        """Whether :meth:`verify_hand` takes the hand."""
        try:
            self.verify_hand(values, table, place)
        except InputError:
            return False
        return True

    # -- the match --------------------------------------------------------------------------

    def fold(self, hands: Sequence[StoredHand], table: Table) -> Board:
        """Every hand ruled and folded, in order: the match's :class:`Board`."""
        raise NotImplementedError

    def boundaries(self, board: Board) -> Sequence[int]:
        """The hand indices a fold of ``board``'s hands may resume from with
        :meth:`fold_from` (0: from the first hand, always). One game at a time, they are the
        games' first hands; a format whose hands carry state across games keeps only 0."""
        return [0]

    def fold_from(
        self, previous: Board, start: int, hands: Sequence[StoredHand], table: Table
    ) -> Board:
        """:meth:`fold` of ``hands``, whose first ``start`` hands are those ``previous``
        folded at the same ``table``, ``start`` being one of :meth:`boundaries` of
        ``previous``. The result equals :meth:`fold`'s (see :mod:`.resume`); this default
        simply folds from the first hand."""
        return self.fold(hands, table)

    def takes_notice(self, rules: Ruleset) -> bool:
        """Whether a player may give notice to stop after the last deal (a continuous
        game's)."""
        return False

    def totals(self, board: Board) -> tuple[int, ...]:
        """The game on show's running points by :attr:`Board.sides`."""
        return board.standing.points

    def over(self, board: Board) -> bool:
        """The game on show is over (the next hand starts a new one)."""
        return board.standing.over

    def headline(self, board: Board) -> str:
        """The score in one short line (the hand form's top)."""
        return " – ".join(str(t) for t in board.standing.points)

    def refusal(self, board: Board) -> Message | None:
        """Why the match as stored cannot be folded whole; None when it can."""
        return None

    def refused_from(self, board: Board) -> int | None:
        """The number of the first hand the fold could not take (see :meth:`refusal`)."""
        return None

    def shown_ruling(self, line: Line) -> object:
        """What a hand's page shows as its ruling (the hand's result, unless the format
        rules something larger)."""
        return line.result

    def summary_fields(self, board: Board) -> dict[str, Any]:
        """The match summary's figures of games (:func:`~.summary.summary_of`): the game on
        show, games won, match totals, the winner and finals of the game on show, and
        whether several games are scored at once (``sheet``)."""
        standing = board.standing
        return {
            "game": standing.game,
            "games_won": list(standing.games_won),
            "match_totals": list(standing.match_totals),
            "winner": standing.winner,
            "finals": list(standing.finals),
            "sheet": False,
        }

    def score_charts(self, board: Board) -> list[ScoreChart] | None:
        """The running-score charts, where the format draws its own (None: one chart of
        every line's running totals by score column, new games marked)."""
        return None

    # -- statistics -------------------------------------------------------------------------

    def seats_of(self, board: Board, column: int) -> tuple[int, ...]:
        """The seats behind a score column: the player, or a team's members."""
        return (column,)

    def sides_of(self, board: Board) -> tuple[tuple[int, ...], ...]:
        """Who plays together in a game (empty: each for themselves)."""
        if not self.teams:
            return ()
        return tuple(self.seats_of(board, c) for c in range(len(board.columns)))

    def hand_facts(self, board: Board, line: Line) -> list[HandFact]:
        """What one line adds to the players' statistics: one fact per hand played in it
        (knocker against defender, or every player's points)."""
        result = line.result
        if isinstance(result, HandResult):
            return [two_player_fact(result, line.knocker, line.defender)]
        return [by_seat_fact(line, len(board.names))]

    def game_facts(self, board: Board) -> list[GameFact]:
        """The finished games, each with who played, won, the winner's total and shutout."""
        n = len(board.names)
        everyone = tuple(range(n))
        if board.games:  # settled game by game: each settlement names its winner
            facts = []
            for g in board.games:
                winners = (g.winner,) if g.winner is not None else ()
                total = g.finals[g.winner] if g.winner is not None and len(g.finals) == n else None
                shutout = (
                    bool(g.finals)
                    and g.winner is not None
                    and any(f == 0 for s, f in enumerate(g.finals) if s != g.winner)
                )
                facts.append(GameFact(everyone, winners, total, shutout))
            return facts
        ledger = board.standing.ledger
        facts = []
        for done in board.standing.games:
            top = done.winner
            total = done.finals[top] if top is not None and done.finals else None
            shut = False
            if ledger is not None:
                folded = next((x for x in ledger.games if x.number == done.number), None)
                shut = bool(folded and folded.shut_out)
            won = self.seats_of(board, top) if top is not None else ()
            facts.append(GameFact(everyone, won, total, shut, self.sides_of(board)))
        return facts

    # -- the JSON API -----------------------------------------------------------------------

    def hand_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        """A hand's JSON body (players by name or seat) → its fields; raises
        :class:`InputError` with the API's field name."""
        raise NotImplementedError

    def table_play_kinds(self, rules: Ruleset) -> tuple[tuple[str, str], ...]:
        """How a hand may be called at the table: each ending's value and its English label
        (a page shows it translated). A knock, gin, and big gin where the table plays it."""
        kinds = [("knock", N_("Knock")), ("gin", N_("Gin"))]
        if rules.big_gin_enabled:
            kinds.append(("big_gin", N_("Big gin")))
        return tuple(kinds)

    def table_play_call_field(self, rules: Ruleset) -> CallField | None:
        """What the hand's call names beside who and how (None: nothing): the first upcard,
        required at a table where it sets the knock limit."""
        if not rules.upcard_sets_knock_limit:
            return None
        return CallField(
            "upcard",
            N_("Upcard"),
            N_("the first upcard, where it sets the knock limit"),
            N_("enter the first upcard: at this table it sets the knock limit"),
        )

    def table_play_named(self, rules: Ruleset, call: TableCall) -> Message | None:
        """What the call named, as every phone's panel says it beside the call ("Upcard
        7♥"); None when it named nothing."""
        from referee.rules.cards import CardError, parse_cards

        if not call.named:
            return None
        try:
            label = parse_cards(call.named, rules.deck, expected=1)[0].label
        except CardError:
            label = call.named
        return msg("Upcard {card}", card=label)

    def table_play_call_value(self, rules: Ruleset, text: str) -> str:
        """What the call names, as text → as the hand keeps it (a card's code); raises
        :class:`InputError` on :meth:`table_play_call_field`'s field."""
        from referee.rules.cards import CardError, parse_cards

        asked = self.table_play_call_field(rules)
        field = asked.field if asked is not None else "upcard"
        try:
            (card,) = parse_cards(text, rules.deck, expected=1, what="the card")
        except CardError as e:
            raise InputError(field, e.message) from None
        return card.code

    def table_play_heading(self, number: int, call: TableCall, names: Sequence[str]) -> Message:
        """What every phone's panel says of the hand in play: its number and its call."""
        name = names[call.knocker]
        deal = self.noun == "deal"
        if call.kind == "out":
            if deal:
                return msg("Deal {number}: {name} went out", number=number, name=name)
            return msg("Hand {number}: {name} went out", number=number, name=name)
        if call.kind == "rummy":
            return msg("Hand {number}: {name} went rummy", number=number, name=name)
        if call.kind == "gin":
            return msg("Hand {number}: {name} went gin", number=number, name=name)
        if call.kind == "big_gin":
            return msg("Hand {number}: {name} went big gin", number=number, name=name)
        return msg("Hand {number}: {name} knocked", number=number, name=name)

    def table_play_choice(self, rules: Ruleset) -> SeatChoice | None:
        """What each seat answers beside its cards (None: nothing)."""
        return None

    def table_play_cards_needed(self, rules: Ruleset, call: TableCall, seat: int) -> int | None:
        """How many cards ``seat`` sends at the end of its group's hand (None: any number up
        to the cards dealt, as cards left in hand): the cards dealt, one more for the
        knocker's big gin."""
        big = call.kind == "big_gin" and seat == call.knocker
        return rules.hand_size + 1 if big else rules.hand_size

    def table_play_groups(self, board: Board) -> tuple[tuple[int, ...], ...]:
        """The seats that play the next hand at the table, in the groups that play against
        each other with one pack, each called on its own (one group: the next hand's players;
        a deal played at two tables at once: each table)."""
        return (board.next.players,)

    def table_play_body(self, hand: SentHand) -> dict[str, Any]:
        """A hand the players sent from their phones (each group's call, what each seat sent),
        as the API's JSON body of that hand entered by cards: for a format where
        :attr:`table_play` holds. This one is a knocker against one defender (the other player
        of the group), the spread left to the referee; the seating is the rotation's."""
        return knock_body(hand.call, hand.group, hand.sent, hand.names)

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        """What the API says of one hand beyond its record (id, number, version, note,
        dates): what was entered, by name, and what it came to."""
        raise NotImplementedError

    def match_json(self, board: Board) -> dict[str, Any]:
        """What the API says of the match beyond its record and its hands: totals, game,
        next hand, settlement."""
        raise NotImplementedError

    def player_json(self, board: Board, seat: int) -> dict[str, Any]:
        """What the API says of a player beyond seat and name (with teams: the team)."""
        return {}

    def csv_head(self, names: Sequence[str]) -> tuple[str, ...]:
        """The CSV's columns of this format's own, after the columns every format has (none
        for most: a knocker against a defender says it all)."""
        return ()

    def csv_cells(self, board: Board, line: Line) -> tuple[Any, ...]:
        """One hand's cells under :meth:`csv_head` (empty where the hand was refused)."""
        return ()

    def patch_base(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        """A PATCH body merged over the hand as it stands, as a full JSON body."""
        raise NotImplementedError

    # -- storage hooks ----------------------------------------------------------------------
    # How a match of this format is kept: the fields its hands store beyond the columns every
    # hand has, the match's own setup (in the database and in a match file), and what a write
    # the fold refuses says.

    stored_fields: ClassVar[Mapping[str, Codec]] = {}
    """The entered fields a hand of this format keeps in its JSON ``data``, each with how it
    is stored and read back (:mod:`referee.games.stored`); the hand's columns are not here."""

    setup_key: ClassVar[str | None] = None
    """The key a match file holds this format's setup under (None: the format has none)."""

    def setup_in(self, value: Any) -> str | None:
        """A match file's :attr:`setup_key` value → the setup as a match stores it (None:
        none); raises :class:`InputError` (no field) saying what was expected."""
        return None

    def setup_out(self, setup: str | None) -> dict[str, Any]:
        """What a match file says of a stored setup: :attr:`setup_key` and its value."""
        return {} if self.setup_key is None else {self.setup_key: setup}

    def refused_write(
        self, write: Literal["change", "new", "undo"], hand: int, refusal: Message
    ) -> Message:
        """What a write says when the fold cannot take the match it would leave
        (:attr:`Board.refusal`): ``write`` changed a hand, added one or undid a change, and
        ``hand`` is the number of the first hand the fold could not take."""
        return refusal

    def no_notice(self) -> Message | str:
        """Why no player may give notice to stop in this match (:meth:`takes_notice` said
        no)."""
        return "Notice to stop is for continuous play only."

    # words hooks

    @property
    def words(self) -> GameWords:
        """What the game adds to the rules in plain words and to the catalogs: ``WORDS`` of
        the ``words`` module in the format's own folder (a game without one adds nothing).
        Formats of one folder share it; ``referee.games.words`` gathers them."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            module = importlib.import_module(f"{package}.words")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.words":
                raise
            return NO_WORDS
        words: GameWords = module.WORDS
        return words

    def overlay_of(self, family: str, rules: Ruleset) -> str | Message | None:
        """What this format, when it is an overlay (a house rule that plays another format's
        tables its own way), makes of a table of ``family`` under ``rules``: the name of the
        format it is played in, the reason it cannot be played (a :class:`Message`), or None
        when it has no say (every format that is not an overlay)."""
        return None


def knock_body(
    call: TableCall, group: tuple[int, ...], sent: Mapping[int, SeatCards], names: Sequence[str]
) -> dict[str, Any]:
    """One two-handed hand called at the table, as the API's JSON (by cards)."""
    defender = next(seat for seat in group if seat != call.knocker)
    body: dict[str, Any] = {
        "entry": "cards",
        "kind": call.kind,
        "knocker": names[call.knocker],
        "knocker_cards": sent[call.knocker].cards,
        "defender_cards": sent[defender].cards,
    }
    if call.named:
        body["upcard"] = call.named
    return body
