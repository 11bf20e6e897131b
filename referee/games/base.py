"""What every format shares: a stored hand, a scoreboard line, the folded match, the format.

A format (:class:`Format`) is one way of playing and scoring — two-handed gin, Hollywood, a
partnership, Cutthroat, Chouette, Battle Royal — and the one object the rest of the app asks
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
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from referee.games.gem.hand import GemResult
from referee.games.gin import hollywood, partnership
from referee.games.gin.oklahoma import UpcardNote
from referee.games.rummy.basic_rummy import BasicRummyResult
from referee.games.rummy.rum500 import Rum500Result
from referee.games.standing import Money, Sheet, Standing
from referee.games.stored import Codec
from referee.games.three_handed.battle_royal import BattleRoyalResult
from referee.rules.errors import InputError
from referee.rules.if_ended import IfEndedNow, if_ended_now
from referee.rules.messages import Message, chained, msg, msg_n, verbatim
from referee.rules.plain_words import NO_WORDS, GameWords
from referee.rules.results import HandResult, HandScore, Outcome, Step
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import Settlement

if TYPE_CHECKING:
    from referee.games.presets import Preset

Result = HandResult | BattleRoyalResult
"""One ruled hand: two players' (knocker against defender) or Battle Royal's three."""

RummyResult = BasicRummyResult | Rum500Result
"""One ruled hand of a rummy game (Basic Rummy, 500 Rum): every player's cards and points."""


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
    """Who plays and deals a hand, and the engine's reason (``why``)."""

    dealer: int
    players: tuple[int, ...]
    sitting_out: tuple[int, ...] = ()
    box: int | None = None
    captain: int | None = None
    queue: tuple[int, ...] = ()
    why: Step | None = None
    contracts: tuple[int, ...] = ()  # Contract Rummy: the contract each player works on


@dataclass(frozen=True)
class Place:
    """Where a hand goes in its match: its 0-based ``position`` and the seating the rotation
    called for there (``context``)."""

    position: int
    context: NextHand


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
    winner: int | None = None  # the winning seat (Chouette: see box_won)
    value: int | None = None  # Chouette: the game value V
    box: int | None = None  # Chouette: who was in the box
    box_won: bool | None = None  # Chouette: the box won (False: the partnership; None: tied)


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


@dataclass
class Line:
    """One hand (a deal, in partnership) on the scoreboard.

    ``score`` is what the ledger folded, by score column (players; partnership's sides;
    Chouette's box and partnership) and ``points`` what the hand gave each player.
    ``players`` played it, ``sitting_out`` did not; ``why`` is the engine's reason for the
    seating, and ``overridden`` says the table seated it otherwise than the rotation.
    ``summary`` says what happened in a few words, with the players by name.
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
    box: int | None = None
    captain: int | None = None
    why: Step | None = None
    overridden: bool = False
    winners: tuple[int, ...] = ()
    upcard: UpcardNote | None = None  # Oklahoma: the limit and doubling the upcard set
    posting: hollywood.Posting | None = None  # Hollywood: the games the hand went to
    deal: partnership.DealScore | None = None  # partnership: the deal scored for the sides
    tables: list[TableLine] = field(default_factory=list)  # partnership: both tables
    rummy: RummyResult | None = None  # rummy games: the hand ruled, every player's part
    gem: GemResult | None = None  # Gem Rummy: the hand ruled, every player's part

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
    def posted_to(self) -> tuple[tuple[int, ...], ...]:
        """Hollywood: the games each seat's score was entered in."""
        return self.posting.games if self.posting else ()

    @property
    def won_class(self) -> str:
        """A CSS class for the hand's winner: its seat (Chouette: its side, box 0, team 1)."""
        if not self.winners:
            return ""
        if self.box is not None:
            return "won0" if self.winners[0] == self.box else "won1"
        return f"won{self.winners[0]}"


@dataclass
class Board:
    """A match folded: every line, the game on show, who deals next, and the settlement.

    ``columns`` name the score columns (the players; partnership's sides; Chouette's box and
    partnership) and ``sides`` the names :attr:`totals` are by; both are the players unless
    the format says otherwise.
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
    sheet: Sheet | None = None  # Hollywood
    next_tables: tuple[partnership.Table, ...] = ()  # partnership: the next deal's tables
    shown_box: int | None = None  # Chouette: who is in the box in the game on show
    extra: dict[str, Any] = field(default_factory=dict)

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
        """The game on show is over (the next hand starts a new one); Hollywood: every game
        has closed, so the match is over."""
        if self.sheet is not None:
            return self.sheet.finished
        return self.standing.over

    @property
    def hands_played(self) -> int:
        return len(self.lines)

    @property
    def money_now(self) -> IfEndedNow | None:
        """The match settled as if the game in progress ended now (None where the format
        does not settle that way, or no game is in progress)."""
        ledger = self.standing.ledger
        if not self.format.money_during_play or ledger is None or self.sheet is not None:
            return None
        return if_ended_now(ledger, self.stake, self.rules.settlement_rounding)

    @property
    def next_dealer(self) -> int:
        return self.next.dealer

    @property
    def totals(self) -> tuple[int, ...]:
        """The running points of the game on show, by :attr:`sides`."""
        if self.sheet is not None:
            return self.sheet.totals
        return self.format.totals(self)

    @property
    def boxes(self) -> tuple[int, ...]:
        return self.standing.boxes

    @property
    def headline(self) -> str:
        """The score in one short line (the hand form's top)."""
        if self.sheet is not None:
            parts = [
                f"G{c.number} {' – '.join(str(p) for p in c.points)}"
                for c in self.sheet.open_columns
            ]
            return " · ".join(parts) or "every game closed"
        return " – ".join(str(t) for t in self.standing.points)

    @property
    def stop_given(self) -> int | None:
        """Hollywood: the number of the hand after which notice to stop was given."""
        for line in self.lines:
            if line.values.get("stop_after"):
                return line.number
        return None

    @property
    def refusal(self) -> Message | None:
        """Why the match as stored cannot be folded whole (a Hollywood hand entered after
        every game had closed); None when it can."""
        return self.sheet.refusal if self.sheet else None

    @property
    def refused_from(self) -> int | None:
        """The number of the first hand the fold could not take (see :attr:`refusal`)."""
        return self.sheet.folded + 1 if self.sheet and self.sheet.refusal else None

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
    game's folder: the web loads it, the engine never does), ``template`` (the folder of the pages
    it draws with: the scoreboard and a hand's page), ``seated_by_cut`` (the new-match form
    asks each player's cut), ``settlement_page`` (a page of payouts game by game),
    ``money_during_play`` (the match settles pairwise over the ledger's games, so where the
    money stands during play is :func:`~referee.rules.if_ended.if_ended_now`), and
    ``api_keys`` (what a hand's JSON body may hold).
    """

    name: ClassVar[str]
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
    own_page: ClassVar[bool] = False  # a new match is started from the format's own page
    api_keys: ClassVar[frozenset[str]] = frozenset()

    @property
    def nouns(self) -> str:
        return self.noun + "s"

    def template_file(self, page: str) -> str:
        """The page template this format draws ``page`` with (``scoreboard``, ``hand``):
        the format's own folder of pages (``template``), if it has one."""
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

    def verify_hand(
        self, values: Mapping[str, Any], table: Table, place: Place
    ) -> Result | partnership.DealScore | RummyResult | GemResult:
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
        """Whether a player may give notice to stop after the last deal (Hollywood's
        continuous play)."""
        return False

    def totals(self, board: Board) -> tuple[int, ...]:
        """The game on show's running points by :attr:`Board.sides`."""
        return board.standing.points

    # -- the JSON API -----------------------------------------------------------------------

    def hand_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        """A hand's JSON body (players by name or seat) → its fields; raises
        :class:`InputError` with the API's field name."""
        raise NotImplementedError

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        """What the API says of one hand beyond its record (id, number, version, note,
        dates): what was entered, by name, and what it came to."""
        raise NotImplementedError

    def match_json(self, board: Board) -> dict[str, Any]:
        """What the API says of the match beyond its record and its hands: totals, game,
        next hand, settlement."""
        raise NotImplementedError

    def player_json(self, board: Board, seat: int) -> dict[str, Any]:
        """What the API says of a player beyond seat and name (partnership: the team)."""
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
