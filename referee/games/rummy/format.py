"""Basic Rummy (2–6 players) and 500 Rum (2–8) on the one match model (docs/rules.md §8.4).

Every player is in every hand. A hand records who dealt, how it ended (``kind``: ``out``,
``rummy``, ``stalemate``), who went out (``knocker_seat``), and each player's part: by counts
(``seat_deadwoods``, the points left in hand; 500 Rum also ``seat_melded``) or by cards
(``seat_cards``, the cards left in hand; ``seat_melds``, the melds laid down, melds
separated by ``/``). The ledger folds the hands (no boxes) into games; each finished game is
settled pairwise (``ledger.settle_game``).

Stored form (what :meth:`RummyFormat.normalise` returns): ``kind``, ``entry``,
``knocker_seat``, ``dealer_seat``, ``seat_deadwoods`` and ``seat_melded`` ("19 4 _ 0"),
``seat_cards`` ("KS 7D 2C | 4H |  | "), ``seat_melds`` ("5S 6S 7S / KH KD KC | | ..."),
500 Rum's ``seat_layoffs`` (the cards each player laid off onto another player's meld, a
token a card: ``9H>0.1`` is 9♥ onto seat 0's first meld, ``9H>0`` onto seat 0's only meld:
"| 9H>0.1 10H>0.1 | 5S>1.2"), ``note``; the two-handed fields None.

People write a layoff as the card, ">", the player and the meld's number among that
player's melds ("9H 10H > Ann 1; 5S > Ben 2"; the number may be left out when the player
laid down one meld); the entry pages and the API keep it by seat, so a renamed player's
layoffs stay theirs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from referee.games import json_io as io
from referee.games import stored
from referee.games.base import (
    Board,
    Line,
    NextHand,
    Place,
    SentHand,
    StoredHand,
    Table,
    TableCall,
)
from referee.games.presets import of_family
from referee.games.rummy import basic_rummy, rum500
from referee.games.rummy import presets as rummy_presets
from referee.games.rummy.basic_rummy import Ending
from referee.games.standing import dealer_after
from referee.games.stored import Codec
from referee.games.three_handed.seated import SeatedFormat, signed
from referee.games.three_handed.seated_entry import (
    _join_cards,
    _join_deadwoods,
    counts_by_name,
    hands_by_name,
    split_cards,
    split_deadwoods,
)
from referee.rules.cards import Card, CardError, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.ledger import settle_game
from referee.rules.messages import N_, Message, msg
from referee.rules.results import HandScore, Step
from referee.rules.ruleset import NextDealer, Ruleset
from referee.rules.settlement import Settlement, SettlementRounding, settle

if TYPE_CHECKING:
    from referee.games.presets import Preset

RummyResult = basic_rummy.BasicRummyResult | rum500.Rum500Result
"""One ruled hand of a rummy game (Basic Rummy, 500 Rum): every player's cards and points;
a rummy line's own detail (:attr:`~referee.games.base.Line.detail`)."""


def rummy_of(line: Line) -> RummyResult | None:
    """A rummy line's ruling (None: the hand was not ruled)."""
    detail = line.detail
    return (
        detail if isinstance(detail, basic_rummy.BasicRummyResult | rum500.Rum500Result) else None
    )


MELD_SEPARATOR = "/"
LAYOFF_ARROWS = (">", "→")
LAYOFF_GROUPS = re.compile(r"[;,]")
ONE_CARD = re.compile(r"[^\s>|;,/]+")
LAYOFF_TOKEN = re.compile(r"^([^\s>|]+)>(\d+)(?:\.(\d+))?$")
ENDINGS = frozenset(e.value for e in Ending)
_BLANK_TWO_HANDED = (
    "knocker_cards",
    "defender_cards",
    "spread",
    "knocker_deadwood",
    "defender_deadwood",
    "upcard",
    "tables",
    "sitting_out_seat",
    "captain_seat",
)


def split_melds(text: str | None, seats: int) -> list[list[str]]:
    """``"5S 6S 7S / KH KD KC | | …"`` → by seat, each meld's card text."""
    return [
        [" ".join(m.split()) for m in part.split(MELD_SEPARATOR) if m.strip()]
        for part in split_cards(text, seats)
    ]


def _join_melds(value: Any) -> str | None:
    """Melds by seat (a text per seat, or a list of melds per seat) as stored."""
    if value is None:
        return None
    if isinstance(value, str):
        return _join_cards(value)
    seats = []
    for item in value:
        if isinstance(item, list | tuple):
            melds = [
                " ".join(str(c) for c in m) if isinstance(m, list | tuple) else str(m) for m in item
            ]
            seats.append(f" {MELD_SEPARATOR} ".join(" ".join(m.split()) for m in melds if m))
        else:
            seats.append(" ".join(str(item or "").split()))
    return _join_cards(seats)


@dataclass(frozen=True)
class LayoffEntry:
    """One card laid off as entered: the card's text, the seat of the meld's owner and the
    meld's number among the owner's melds (1 the first; None: the owner's only meld)."""

    card: str
    onto: int
    meld: int | None

    @property
    def token(self) -> str:
        """As stored: ``9H>0.1`` (``9H>0`` without a number)."""
        return f"{self.card}>{self.onto}" + ("" if self.meld is None else f".{self.meld}")


def read_layoffs(text: str | None, names: Sequence[str]) -> list[LayoffEntry]:
    """One player's layoffs as stored (``9H>0.1 10H>0.1``) or as people write them
    (``9H 10H > Ann 1; 5S > Ben 2``). Raises :class:`InputError` (field ``layoffs``) with
    what does not read."""
    words = (text or "").split()
    if not words:
        return []
    tokens = [LAYOFF_TOKEN.match(w) for w in words]
    if all(tokens):
        out = []
        for m in tokens:
            assert m is not None
            onto = int(m.group(2))
            if onto >= len(names):
                raise InputError("layoffs", msg("{seat} is not a player", seat=repr(onto)))
            out.append(LayoffEntry(m.group(1).upper(), onto, _meld_number(m.group(3))))
        return out
    found: list[LayoffEntry] = []
    for group in LAYOFF_GROUPS.split(text or ""):
        if not group.strip():
            continue
        found.extend(_read_group(group, names))
    return found


def _meld_number(text: str | None) -> int | None:
    return None if text is None else int(text)


def _read_group(group: str, names: Sequence[str]) -> list[LayoffEntry]:
    """``9H 10H > Ann 1``: the cards, the player and the meld's number."""
    for arrow in LAYOFF_ARROWS[1:]:
        group = group.replace(arrow, LAYOFF_ARROWS[0])
    cards, sep, target = group.partition(LAYOFF_ARROWS[0])
    said = " ".join(group.split())
    if not sep or not cards.split() or not target.split():
        raise InputError(
            "layoffs",
            msg(
                "`{entry}`: write each layoff as the card, >, the player and their meld's "
                "number: {example}",
                entry=said,
                example="9H > Ann 1",
            ),
        )
    words = target.split()
    number: int | None = None
    seat = _seat_named(" ".join(words), names)
    if seat is None and len(words) > 1 and words[-1].isdigit():
        number = int(words[-1])
        seat = _seat_named(" ".join(words[:-1]), names)
    if seat is None:
        raise InputError(
            "layoffs",
            msg(
                "`{entry}`: {name} is not a player",
                entry=said,
                name=" ".join(words[:-1]) if number is not None else " ".join(words),
            ),
        )
    if number is not None and number < 1:
        raise InputError("layoffs", msg("`{entry}`: a meld's number counts from 1", entry=said))
    return [LayoffEntry(card.upper(), seat, number) for card in cards.replace("|", " ").split()]


def _seat_named(name: str, names: Sequence[str]) -> int | None:
    wanted = name.strip().casefold()
    for seat, known in enumerate(names):
        if known.strip().casefold() == wanted:
            return seat
    return None


def stored_layoffs(text: str | None, names: Sequence[str]) -> str:
    """One player's layoffs as people wrote them, kept by seat (``9H>0.1``); a part that
    does not read is kept as written, for the ruling to say what is wrong with it."""
    out: list[str] = []
    for group in LAYOFF_GROUPS.split((text or "").replace("|", " ")):
        if not group.strip():
            continue
        try:
            out.extend(e.token for e in _read_group(group, names))
        except InputError:
            out.append(f"{' '.join(group.split())};")
    return " ".join(out).rstrip(";")


def typed_layoffs(text: str | None, names: Sequence[str]) -> str:
    """Stored layoffs as people write them: ``9H 10H > Ann 1; 5S > Ben 2``."""
    try:
        entries = read_layoffs(text, names)
    except InputError:
        return text or ""
    groups: list[tuple[tuple[int, int | None], list[str]]] = []
    for e in entries:
        key = (e.onto, e.meld)
        if groups and groups[-1][0] == key:
            groups[-1][1].append(e.card)
        else:
            groups.append((key, [e.card]))
    return "; ".join(
        f"{' '.join(cards)} > {names[onto]}" + ("" if meld is None else f" {meld}")
        for (onto, meld), cards in groups
    )


class RummyFormat(SeatedFormat):
    """What Basic Rummy and 500 Rum share: every player in every hand, a count or cards for
    each, the ledger's games to a target and the pairwise settlement."""

    entry_page: ClassVar[str] = "referee.games.rummy.entry_page:RummyEntryPage"
    new_match_page: ClassVar[str] = "referee.games.rummy.new_match_page:RummyNewMatch"
    template: ClassVar[str] = "rummy/"
    two_player: ClassVar[bool] = False
    settlement_page: ClassVar[bool] = True
    counts_melded: ClassVar[bool] = False  # a count entry also asks the points melded
    layoffs: ClassVar[bool] = False  # cards laid off onto another player's meld are entered
    endings: ClassVar[tuple[Ending, ...]] = ()
    ending_labels: ClassVar[dict[str, str]] = {}  # how the entry form names an ending
    table_play_melds: ClassVar[bool] = True  # at the table a seat sends its melds too
    table_play_caller: ClassVar[str] = N_("Who went out")
    table_play_cards_help: ClassVar[str] = N_(
        "The cards left in your hand (none if you went out), then the melds you laid down: "
        "tap them below, or type them."
    )
    # who went out (left out for a stalemate) and by seat: the points left in hand, the
    # points melded (500 Rum by counts), the cards left in hand, the melds laid down (a
    # text by seat, melds separated by "/": "5S 6S 7S / KH KD KC") and the cards laid off
    # onto another player's meld (500 Rum: a token a card, "9H>0.1" is 9H onto seat 0's
    # first meld)
    stored_fields: ClassVar[Mapping[str, Codec]] = {
        "knocker_seat": stored.SAME,
        "seat_deadwoods": stored.COUNTS,
        "seat_melded": stored.COUNTS,
        "seat_cards": stored.HANDS,
        "seat_melds": stored.HANDS,
        "seat_layoffs": stored.HANDS,
    }
    api_keys: ClassVar[frozenset[str]] = (io.COMMON_KEYS - {"upcard"}) | {
        "went_out",
        "ending",
        "counts",
        "melded",
        "hands",
        "melds",
    }

    # -- a new match ------------------------------------------------------------------------

    def check_table(self, preset: Preset, table: Table, cut: Any) -> str | None:
        if table.rules.next_dealer is NextDealer.LOSER and len(table.names) != 2:
            raise InputError(
                "next_dealer",
                msg("the loser deals: only between two players (choose another rule)"),
            )
        return None

    # -- one hand ---------------------------------------------------------------------------

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {name: None for name in _BLANK_TWO_HANDED}
        kind = fields.get("kind") or Ending.OUT.value
        out["kind"] = kind
        out["entry"] = fields.get("entry") or "counts"
        out["dealer_seat"] = fields.get("dealer_seat")
        out["knocker_seat"] = None if kind == Ending.STALEMATE else fields.get("knocker_seat")
        cards = out["entry"] == "cards"
        out["seat_deadwoods"] = None if cards else _join_deadwoods(fields.get("seat_deadwoods"))
        melded = fields.get("seat_melded") if self.counts_melded and not cards else None
        out["seat_melded"] = _join_deadwoods(melded)
        out["seat_cards"] = _join_cards(fields.get("seat_cards")) if cards else None
        out["seat_melds"] = _join_melds(fields.get("seat_melds")) if cards else None
        layoffs = fields.get("seat_layoffs") if cards and self.layoffs else None
        out["seat_layoffs"] = _join_cards(layoffs)
        out["note"] = " ".join(str(fields.get("note") or "").split()) or None
        out["stop_after"] = False
        return out

    def check_seats(self, values: Mapping[str, Any], names: Sequence[str]) -> None:
        super().check_seats(values, names)
        kind = values.get("kind")
        if kind not in {e.value for e in self.endings}:
            allowed = ", ".join(e.value for e in self.endings)
            raise InputError(
                "kind",
                msg(
                    "{kind} is not how a hand ends here ({allowed})",
                    kind=repr(kind),
                    allowed=allowed,
                ),
            )

    def rule_rummy(self, values: Mapping[str, Any], table: Table) -> RummyResult:
        """One hand ruled on its own."""
        raise NotImplementedError

    def verify_hand(self, values: Mapping[str, Any], table: Table, place: Place) -> RummyResult:
        self.check_seats(values, table.names)
        return self.rule_rummy(values, table)

    def _cards(self, values: Mapping[str, Any], table: Table) -> list[tuple[Card, ...]]:
        """Each player's cards left in hand, parsed; raises on ``cards_<seat>``."""
        names = table.names
        out = []
        for seat, text in enumerate(split_cards(values.get("seat_cards"), len(names))):
            try:
                out.append(parse_cards(text, table.rules.deck, what=f"{names[seat]}'s hand"))
            except CardError as e:
                raise InputError(
                    f"cards_{seat}",
                    msg("{player}: {problem}", player=names[seat], problem=said_of(e)),
                    api_field="hands",
                    seat=seat,
                ) from None
        return out

    def _melds(self, values: Mapping[str, Any], table: Table) -> list[list[tuple[Card, ...]]]:
        names = table.names
        out = []
        for seat, melds in enumerate(split_melds(values.get("seat_melds"), len(names))):
            parsed = []
            for text in melds:
                try:
                    parsed.append(parse_cards(text, table.rules.deck, what="a meld"))
                except CardError as e:
                    raise InputError(
                        f"melds_{seat}",
                        msg("{player}: {problem}", player=names[seat], problem=said_of(e)),
                        api_field="melds",
                        seat=seat,
                    ) from None
            out.append(parsed)
        return out

    def _counts(self, key: str, values: Mapping[str, Any], table: Table) -> list[int | None]:
        names = table.names
        field = "melded" if key == "seat_melded" else "count"
        out: list[int | None] = []
        for seat, value in enumerate(split_deadwoods(values.get(key), len(names))):
            if value is not None and not isinstance(value, int):
                raise InputError(
                    f"{field}_{seat}",
                    whole_points(names[seat]),
                    api_field="melded" if field == "melded" else "counts",
                    seat=seat,
                )
            out.append(value)
        return out

    # -- the match --------------------------------------------------------------------------

    def _reused(
        self,
        number: int,
        hand: StoredHand,
        kept: tuple[Any, Message | str | None, str | None],
        seats: int,
    ) -> Line:
        rummy, error, error_field = kept
        line = Line(number=number, values=hand.values, row=hand.row, score=self._nothing(seats))
        line.detail, line.error, line.error_field = rummy, error, error_field
        return line

    def _ruled(self, hand: StoredHand, number: int, table: Table) -> Line:
        """One hand ruled on its own entry (scored nothing yet)."""
        line = Line(
            number=number, values=hand.values, row=hand.row, score=self._nothing(len(table.names))
        )
        try:
            line.detail = self.verify_hand(hand.values, table, Place(number - 1, NextHand(0, ())))
        except InputError as e:
            line.error, line.error_field = said_of(e), e.field
        return line

    def _fold_ruled(self, lines: list[Line], table: Table) -> Board:
        """The board of hands each already ruled: scored, dealt and settled in order."""
        rules, names = table.rules, table.names
        seats = len(names)
        ruled = [(line.detail, line.error, line.error_field) for line in lines]
        good = [line for line in lines if rummy_of(line) is not None]
        scores: list[HandScore] = []
        previous: Line | None = None
        for line in good:
            result = rummy_of(line)
            assert result is not None
            score = result.score()
            scores.append(score)
            line.score, line.points, line.winners = score, score.points, result.winners
            line.players = tuple(range(seats))
            line.dealer = line.values["dealer_seat"]
            if previous is not None and previous.dealer is not None:
                expected = rummy_dealer_after(previous.dealer, previous.score, rules, seats)
                line.overridden = expected != line.dealer
            previous = line
        standing = self.standing_of(lines, good, scores, rules, seats)
        if previous is not None and previous.dealer is not None:
            dealer = rummy_dealer_after(previous.dealer, previous.score, rules, seats)
            why = _deal_step(previous, dealer, rules, names)
        else:
            dealer = 0
            why = Step(msg("Everyone plays every hand; choose who deals the first."), "§8.4")
        next_hand = NextHand(dealer=dealer, players=tuple(range(seats)), why=why)
        ledger = standing.ledger
        assert ledger is not None
        finished = ledger.finished_games

        def settle_number(number: int, stake: Any, rounding: SettlementRounding) -> Settlement:
            game = next(g for g in finished if g.number == number)
            return settle_game(game, stake, rounding)

        games = self.settled_games(finished, settle_number, table)
        money = (
            settle(ledger.totals, table.stake, ledger.extras, rules.settlement_rounding)
            if games
            else None
        )
        for line in lines:
            line.summary = self.summary(line, names)
            line.seating_text = (
                msg("{player} dealt", player=names[line.dealer]) if line.dealer is not None else ""
            )
        return Board(self, table, lines, standing, next_hand, money, games=games, ruled=ruled)

    def summary(self, line: Line, names: Sequence[str]) -> Message:
        """One line for the history: who went out and what each player scored."""
        result = rummy_of(line)
        if result is None:
            return not_scored(line)
        if result.stalemate:
            return msg("Stalemate: no score")
        if result.ending is Ending.RUMMY:
            head = msg("{player} went rummy", player=names[result.winner or 0])
        elif result.winner is not None:
            head = msg("{player} went out", player=names[result.winner])
        else:
            head = msg("The stock ran out")
        scored = [(s, p) for s, p in enumerate(line.points) if p]
        if len(scored) == 1 and scored[0][0] == result.winner:
            return msg("{head} {points}", head=head, points=signed(scored[0][1]))
        parts = ", ".join(f"{names[s]} {signed(p)}" for s, p in scored)
        return msg("{head}: {scores}", head=head, scores=parts) if parts else head

    # -- JSON -------------------------------------------------------------------------------

    # -- at the table ---------------------------------------------------------------------

    def table_play_kinds(self, rules: Ruleset) -> tuple[tuple[str, str], ...]:
        """A hand called at the table ends with someone out (a stalemate has nobody to call
        it: it is entered on the hand form)."""
        labels = {"out": N_("Went out"), "rummy": N_("Went rummy (all in one turn)")}
        return tuple((e.value, labels[e.value]) for e in self.endings if e.value in labels)

    def table_play_cards_needed(self, rules: Ruleset, call: TableCall, seat: int) -> int | None:
        """The cards left in hand: any number up to those dealt (none for who went out)."""
        return None

    def table_play_body(self, hand: SentHand) -> dict[str, Any]:
        """Who went out and how, and by player the cards left, the melds laid down and (500
        Rum) the cards laid off."""
        call, group, sent, names = hand.call, hand.group, hand.sent, hand.names
        body: dict[str, Any] = {
            "entry": "cards",
            "ending": call.kind,
            "went_out": names[call.knocker],
            "hands": hand.hands(),
            "melds": {
                names[s]: [m.strip() for m in sent[s].melds.split("/") if m.strip()] for s in group
            },
        }
        if self.layoffs:
            body["layoffs"] = {names[s]: sent[s].layoffs for s in group if sent[s].layoffs}
        return body

    def hand_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        io.check_keys(data, self.api_keys, f"a field of a {self.title} hand")
        ending = data.get("ending", data.get("kind"))
        if ending is None:
            ending = Ending.OUT.value
        if ending not in {e.value for e in self.endings}:
            allowed = ", ".join(e.value for e in self.endings)
            raise InputError("ending", msg("how the hand ended: one of {allowed}", allowed=allowed))
        went_out = io.seat_of(names, data.get("went_out", data.get("knocker")), "went_out")
        dealer = io.seat_of(names, data.get("dealer"), "dealer")
        counts = io.by_seat(names, data.get("counts"), "counts")
        melded = io.by_seat(names, data.get("melded"), "melded")
        hands = io.by_seat(names, data.get("hands"), "hands")
        melds = io.by_seat(names, data.get("melds"), "melds")
        for field, values in (("counts", counts), ("melded", melded)):
            for seat, value in enumerate(values or ()):
                if value is not None and not io.is_whole(value):
                    raise InputError(field, whole_points(names[seat]))
        for value in hands or ():
            if value is not None and not isinstance(value, str | list):
                raise InputError("hands", io.CARDS_REASON)
        for value in melds or ():
            if value is not None and not isinstance(value, str | list):
                raise InputError(
                    "melds",
                    msg(
                        "by player, a list of melds: {example}", example='["5S 6S 7S", "KH KD KC"]'
                    ),
                )
        layoffs = self._layoffs_from_json(data.get("layoffs"), names)
        by_cards = hands is not None or melds is not None or layoffs is not None
        entry = data.get("entry") or ("cards" if by_cards else "counts")
        seats = len(names)
        return {
            "seat_layoffs": layoffs,
            "kind": ending,
            "entry": entry,
            "knocker_seat": went_out,
            "dealer_seat": context.dealer if dealer is None else dealer,
            "seat_deadwoods": counts,
            "seat_melded": melded,
            "seat_cards": [v or "" for v in hands] if hands is not None else [""] * seats,
            "seat_melds": [v or "" for v in melds] if melds is not None else None,
            "note": io.note_of(data),
        }

    def _layoffs_from_json(self, value: Any, names: Sequence[str]) -> list[str] | None:
        """``{"Ben": [{"card": "9H", "onto": "Ann", "meld": 1}, ...]}`` (or by seat, or each
        player's as text: ``"9H > Ann 1"``) → each seat's stored layoffs."""
        if value is None:
            return None
        if not self.layoffs:
            raise InputError("layoffs", msg("layoffs onto other players' melds: 500 Rum only"))
        shape = msg(
            "by player, a list of layoffs: {example}",
            example='[{"card": "9H", "onto": "Ann", "meld": 1}]',
        )
        out: list[str] = []
        for item in io.by_seat(names, value, "layoffs") or ():
            if item is None:
                out.append("")
            elif isinstance(item, str):
                out.append(" ".join(e.token for e in read_layoffs(item, names)))
            elif isinstance(item, list):
                tokens = []
                for one in item:
                    if not isinstance(one, dict) or set(one) - {"card", "onto", "meld"}:
                        raise InputError("layoffs", shape)
                    card, onto, meld = one.get("card"), one.get("onto"), one.get("meld")
                    if not isinstance(card, str) or not ONE_CARD.fullmatch(card.strip()):
                        raise InputError("layoffs", msg("each layoff names one card"))
                    seat = io.seat_of(names, onto, "layoffs")
                    if seat is None:
                        raise InputError(
                            "layoffs", msg("each layoff names the player it went onto")
                        )
                    if meld is not None and (
                        isinstance(meld, bool) or not isinstance(meld, int) or meld < 1
                    ):
                        raise InputError(
                            "layoffs", msg("a meld's number counts from 1 (1 the first)")
                        )
                    tokens.append(LayoffEntry(card.strip().upper(), seat, meld).token)
                out.append(" ".join(tokens))
            else:
                raise InputError("layoffs", shape)
        return out

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        names, v = board.names, line.values
        seats = len(names)

        def name(seat: Any) -> str | None:
            return names[seat] if isinstance(seat, int) else None

        by_cards = v.get("entry") == "cards"
        out: dict[str, Any] = {
            "game": line.game,
            "kind": v.get("kind"),
            "ending": v.get("kind"),
            "entry": v.get("entry"),
            "dealer": name(v.get("dealer_seat")),
            "went_out": name(v.get("knocker_seat")),
            "players": list(names),
            "counts": counts_by_name(names, v.get("seat_deadwoods")),
            "melded": counts_by_name(names, v.get("seat_melded")),
            "hands": hands_by_name(names, v.get("seat_cards")) if by_cards else None,
            "melds": {
                n: [m.split() for m in ms]
                for n, ms in zip(names, split_melds(v.get("seat_melds"), seats), strict=True)
            }
            if by_cards and v.get("seat_melds")
            else None,
            "layoffs": layoffs_by_name(names, v.get("seat_layoffs"))
            if by_cards and self.layoffs
            else None,
            "seating": {"why": io.step_json(line.why), "overridden": line.overridden},
            "result": result_json(ruled, names) if (ruled := rummy_of(line)) else None,
            "error": None if line.error is None else str(line.error),
            "summary": str(line.summary),
            "points": dict(zip(names, line.points or (0,) * seats, strict=True)),
            "totals": dict(zip(self.api_columns(board), line.totals, strict=True)),
        }
        return out

    def patch_base(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        current = self.hand_json(board, line)
        base: dict[str, Any] = {
            "ending": current["ending"],
            "entry": current["entry"],
            "went_out": current["went_out"],
            "dealer": current["dealer"],
            "note": line.values.get("note"),
        }
        patch_entries(base, current, data, {"counts", "melded"}, {"hands", "melds", "layoffs"})
        if "kind" in data:
            base.pop("ending")
        if "knocker" in data:
            base.pop("went_out")
        return {k: val for k, val in {**base, **data}.items() if val is not None}


def patch_entries(
    base: dict[str, Any],
    current: Mapping[str, Any],
    data: Mapping[str, Any],
    counts: set[str],
    cards: set[str],
) -> None:
    """A patch's base of a hand entered by counts or by cards: the stored entry is kept,
    except that a patch sending the other entry's fields replaces it (so counts sent to a hand
    entered by cards drop its cards, and the entry follows what was sent)."""
    sent = set(data)
    if (counts | cards) & sent and "entry" not in sent:
        base.pop("entry")
    for key in (*counts, *cards):
        if current.get(key) is not None and not (
            (counts & sent and key in cards) or (cards & sent and key in counts)
        ):
            base[key] = current[key]


class BasicRummy(RummyFormat):
    """Basic Rummy: winner takes all (or penalty scoring), going rummy doubles."""

    name: ClassVar[str] = "basic_rummy"
    table_play: ClassVar[bool] = True
    presets: ClassVar[tuple[Preset, ...]] = of_family(rummy_presets.PRESETS, "basic_rummy")
    title: ClassVar[str] = N_("Basic Rummy")
    endings: ClassVar[tuple[Ending, ...]] = (Ending.OUT, Ending.RUMMY, Ending.STALEMATE)

    def table_rules(
        self, preset: Preset, rules: Ruleset, players: int, overrides: Mapping[str, Any]
    ) -> Ruleset:
        changes: dict[str, Any] = {"hand_size": basic_rummy.hand_size(players)}
        target = basic_rummy.target_for(players)
        if target is not None:
            changes["game_target"] = target
        return _unless_chosen(preset, rules, changes)

    def rule_rummy(self, values: Mapping[str, Any], table: Table) -> RummyResult:
        seats = len(table.names)
        ending = Ending(values["kind"])
        held: list[Any]
        melds: list[list[tuple[Card, ...]]] = []
        if values.get("entry") == "cards":
            held = list(self._cards(values, table))
            melds = self._melds(values, table)
        else:
            held = list(self._counts("seat_deadwoods", values, table))
            winner = values.get("knocker_seat")
            if isinstance(winner, int) and 0 <= winner < seats and held[winner] is None:
                held[winner] = 0
        return basic_rummy.rule_hand(
            ending, values.get("knocker_seat"), held, melds, table.rules, table.names
        )


class Rum500(RummyFormat):
    """500 Rum: each player scores melded less held; game 500, the highest total wins."""

    name: ClassVar[str] = "rum_500"
    table_play: ClassVar[bool] = True
    presets: ClassVar[tuple[Preset, ...]] = of_family(rummy_presets.PRESETS, "rum_500")
    title: ClassVar[str] = N_("500 Rum")
    counts_melded: ClassVar[bool] = True
    layoffs: ClassVar[bool] = True
    api_keys: ClassVar[frozenset[str]] = RummyFormat.api_keys | {"layoffs"}
    endings: ClassVar[tuple[Ending, ...]] = (Ending.OUT, Ending.STALEMATE)
    ending_labels: ClassVar[dict[str, str]] = {"stalemate": "The stock ran out"}

    def table_rules(
        self, preset: Preset, rules: Ruleset, players: int, overrides: Mapping[str, Any]
    ) -> Ruleset:
        decks, jokers = rum500.pack_for(players)
        changes = {"hand_size": rum500.hand_size(players), "decks": decks, "jokers": jokers}
        table = _unless_chosen(preset, rules, changes)
        return _unless_chosen(preset, table, {"max_set": rum500.largest_set(table.decks)})

    def rule_rummy(self, values: Mapping[str, Any], table: Table) -> RummyResult:
        winner = values.get("knocker_seat") if values.get("kind") == Ending.OUT else None
        if values.get("kind") == Ending.OUT and winner is None:
            raise InputError("knocker_seat", msg("choose who went out"), api_field="went_out")
        parts: list[Any] = []
        layoffs: list[list[rum500.Layoff]] = []
        if values.get("entry") == "cards":
            all_melds = self._melds(values, table)
            for melds, held in zip(all_melds, self._cards(values, table), strict=True):
                parts.append((melds, held))
            layoffs = self._layoffs(values, table, [len(m) for m in all_melds])
        else:
            melded = self._counts("seat_melded", values, table)
            left = self._counts("seat_deadwoods", values, table)
            for m, h in zip(melded, left, strict=True):
                parts.append(None if m is None and h is None else (m or 0, h or 0))
        return rum500.rule_hand(winner, parts, table.rules, table.names, layoffs)

    def _layoffs(
        self, values: Mapping[str, Any], table: Table, melds: Sequence[int]
    ) -> list[list[rum500.Layoff]]:
        """Each player's layoffs, read and their cards parsed; a meld left unnumbered is the
        owner's only one. Raises on ``layoffs_<seat>``."""
        names = table.names
        out: list[list[rum500.Layoff]] = []
        for seat, text in enumerate(split_cards(values.get("seat_layoffs"), len(names))):
            who = names[seat]

            def refused(e: Exception, seat: int = seat, who: str = who) -> InputError:
                return InputError(
                    f"layoffs_{seat}",
                    msg("{player}: {problem}", player=who, problem=said_of(e)),
                    api_field="layoffs",
                    seat=seat,
                )

            try:
                entries = read_layoffs(text, names)
            except InputError as e:
                raise refused(e) from None
            mine = []
            for entry in entries:
                try:
                    card = parse_cards(entry.card, table.rules.deck, what="a card laid off")
                    if len(card) != 1:
                        raise CardError(msg("`{token}` is not a card", token=entry.card))
                except CardError as e:
                    raise refused(e) from None
                number = entry.meld
                if number is None:
                    if melds[entry.onto] > 1:
                        raise InputError(
                            f"layoffs_{seat}",
                            msg(
                                "{player}: say which of {owner}'s melds {card} went onto "
                                "(1 to {count})",
                                player=who,
                                owner=names[entry.onto],
                                card=card[0].label,
                                count=melds[entry.onto],
                            ),
                            api_field="layoffs",
                            seat=seat,
                        )
                    number = 1
                mine.append(rum500.Layoff(card[0], entry.onto, number - 1))
            out.append(mine)
        return out


def _unless_chosen(preset: Preset, rules: Ruleset, changes: Mapping[str, Any]) -> Ruleset:
    """``rules`` with ``changes`` made where the table kept the preset's value (a house rule
    that set another value stands)."""
    keep = {k: v for k, v in changes.items() if getattr(rules, k) == getattr(preset.rules, k)}
    return rules.with_overrides(**keep) if keep else rules


def result_json(result: RummyResult, names: Sequence[str]) -> dict[str, Any]:
    """A rummy hand's ruling as JSON: every player's part, the points and the steps."""
    seats: list[dict[str, Any]] = []
    if isinstance(result, basic_rummy.BasicRummyResult):
        for s in result.seats:
            seats.append(
                {
                    "player": names[s.seat],
                    "held": [c.code for c in s.held] if s.held is not None else None,
                    "value": s.value,
                    "melds": [m.codes for m in s.melds],
                }
            )
        extra: dict[str, Any] = {
            "base": result.base,
            "multiplier": result.multiplier,
            "penalty": result.penalty,
        }
    else:
        for p in result.seats:
            seats.append(
                {
                    "player": names[p.seat],
                    "melds": [m.codes for m in p.melds] if p.melds is not None else None,
                    "held": [c.code for c in p.held] if p.held is not None else None,
                    "laid_off": [
                        {
                            "card": x.card.code,
                            "onto": names[x.onto],
                            "meld": x.meld + 1,
                            "extended": x.extended.codes,
                            "points": x.points,
                        }
                        for x in p.laid_off
                    ],
                    "melded": p.melded,
                    "left": p.left,
                    "net": p.net,
                }
            )
        extra = {}
    return {
        "ending": result.ending.value,
        "winner": names[result.winner] if result.winner is not None else None,
        "points": dict(zip(names, result.points, strict=True)),
        "seats": seats,
        **extra,
        "steps": [s.as_json() for s in result.steps],
    }


def layoffs_by_name(names: Sequence[str], text: str | None) -> dict[str, list[Any]] | None:
    """Stored layoffs as the API reads them: by name, each ``{"card", "onto", "meld"}``
    (``meld`` None: the owner's only meld); None when there are none."""
    if not text:
        return None
    out: dict[str, list[Any]] = {}
    for name, part in zip(names, split_cards(text, len(names)), strict=True):
        try:
            entries = read_layoffs(part, names)
        except InputError:
            entries = []
        out[name] = [{"card": e.card, "onto": names[e.onto], "meld": e.meld} for e in entries]
    return out


def whole_points(player: str) -> Message:
    return msg("{player}'s points must be a whole number", player=player)


def not_scored(line: Line) -> Message:
    """A hand the fold could not score, and why."""
    return msg("Not scored: {error}", error=line.error or "")


def rummy_dealer_after(dealer: int, score: HandScore, rules: Ruleset, players: int) -> int:
    """Who deals after a rummy hand dealt by ``dealer`` that scored ``score``.

    A rummy hand is always played out, a stalemate too (docs/rules.md §8.4 scores it 0 for
    everyone; redealing is Gin's dead hand, §9 R16): with the deal passing to the left it
    passes after every hand. With "the winner deals" a hand nobody won keeps its dealer."""
    if rules.next_dealer is NextDealer.ALTERNATE:
        return (dealer + 1) % players
    return dealer_after(dealer, score, rules, players)


def _deal_step(previous: Line, dealer: int, rules: Ruleset, names: Sequence[str]) -> Step:
    rule = f"next_dealer={rules.next_dealer.value}"
    player = names[dealer]
    if not any(previous.points) and dealer != previous.dealer:
        said = msg(
            "Hand {number} scored nothing; the deal still passes to the left: {player} deals "
            "({rule}).",
            number=previous.number,
            player=player,
            rule=rule,
        )
    elif not any(previous.points):
        said = msg(
            "Hand {number} scored nothing: {player} deals again.",
            number=previous.number,
            player=player,
        )
    elif rules.next_dealer is NextDealer.WINNER and dealer in previous.winners:
        said = msg(
            "{player} won hand {number}, so deals ({rule}).",
            player=player,
            number=previous.number,
            rule=rule,
        )
    else:
        said = msg(
            "{player} deals: the deal passes to the left ({rule}).", player=player, rule=rule
        )
    return Step(said, "§8.4")
