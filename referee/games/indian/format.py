"""Indian Rummy's formats (docs/rules.md §8.6): Points, Pool (101 or 201) and Deals, on the
rummy games' match model (:class:`~referee.games.rummy.format.RummyFormat`).

Every player still in the match is in every deal. A deal records who dealt, who won it
(``knocker_seat``), the card cut for the wild joker (``cut_card``, optional when counts are
entered), each player's part (``seat_parts``: by seat, empty for a player who lost on points,
else ``drop``, ``middle_drop``, ``wrong`` or ``out``) and either the losers' points
(``seat_deadwoods``) or their 13 cards (``seat_cards``), with the winner's groups
(``seat_melds``, groups separated by ``/``) or cards.

Stored form (what :meth:`IndianFormat.normalise` returns): the rummy fields, ``seat_parts``
("| drop | | wrong") and ``cut_card`` ("7H").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from referee.games import json_io as io
from referee.games import stored
from referee.games.base import (
    Board,
    CallField,
    GameSettlement,
    Line,
    NextHand,
    SeatChoice,
    SentHand,
    Table,
    TableCall,
)
from referee.games.indian import presets as indian_presets
from referee.games.indian.cards import cut_card, pack_for, wild_rank_of
from referee.games.indian.scoring import PARTS, DealResult, Part, penalties_for, rule_deal
from referee.games.indian.variants import IndianStanding, Variant, fold
from referee.games.rummy.basic_rummy import Ending
from referee.games.rummy.format import RummyFormat, not_scored, patch_entries, split_melds
from referee.games.standing import GameResult, Running, Standing
from referee.games.stored import Codec
from referee.games.three_handed.seated import _robust
from referee.games.three_handed.seated_entry import (
    _join_cards,
    counts_by_name,
    hands_by_name,
    split_cards,
)
from referee.rules.cards import Card, CardError
from referee.rules.errors import InputError, said_of
from referee.rules.messages import N_, Message, as_message, msg
from referee.rules.results import HandScore, Step
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import Settlement, settle

if TYPE_CHECKING:
    from referee.games.presets import Preset

RULE = "§8.6"


def deal_of(line: Line) -> DealResult | None:
    """An Indian Rummy line's deal (None: not ruled)."""
    return line.detail if isinstance(line.detail, DealResult) else None


class IndianFormat(RummyFormat):
    """What the three ways of playing share: a deal ruled on its own, folded by
    :func:`~referee.games.indian.variants.fold`."""

    entry_page: ClassVar[str] = "referee.games.indian.entry_page:IndianEntryPage"
    new_match_page: ClassVar[str] = "referee.games.indian.new_match_page:IndianNewMatch"
    template: ClassVar[str] = "indian/"
    routes: ClassVar[str] = "referee.games.indian.views"
    noun: ClassVar[str] = "deal"
    variant: ClassVar[Variant]
    endings: ClassVar[tuple[Ending, ...]] = (Ending.OUT,)
    ending_labels: ClassVar[dict[str, str]] = {"out": N_("Declared")}
    stored_fields: ClassVar[Mapping[str, Codec]] = {
        **RummyFormat.stored_fields,
        "seat_parts": stored.HANDS,
        "cut_card": stored.SAME,
    }
    api_keys: ClassVar[frozenset[str]] = (io.COMMON_KEYS - {"upcard", "knocker"}) | {
        "winner",
        "parts",
        "counts",
        "hands",
        "melds",
        "cut",
    }

    table_play: ClassVar[bool] = True
    table_play_melds: ClassVar[bool] = False  # the referee finds every player's groups
    table_play_caller: ClassVar[str] = N_("Who declared")
    table_play_cards_help: ClassVar[str] = N_(
        "Your 13 cards (none if you dropped): tap them below, or type them. The referee "
        "groups them."
    )

    # -- a new match ------------------------------------------------------------------------

    def table_rules(
        self, preset: Preset, rules: Ruleset, players: int, overrides: Mapping[str, Any]
    ) -> Ruleset:
        pack = pack_for(rules.decks)
        return rules.with_overrides(jokers=pack.jokers, hand_size=13)

    def check_table(self, preset: Preset, table: Table, cut: Any) -> str | None:
        if table.rules.decks == 1 and len(table.names) > 2:
            raise InputError("decks", msg("one pack is for two players: three or more play two"))
        if table.rules.decks > 2:
            raise InputError("decks", msg("Indian Rummy is played with one pack or two"))
        return None

    # -- one deal ---------------------------------------------------------------------------

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        out = super().normalise({**fields, "kind": Ending.OUT.value})
        parts = fields.get("seat_parts")
        joined = _join_cards(parts)
        out["seat_parts"] = joined if joined and joined.replace("|", "").strip() else None
        cut = " ".join(str(fields.get("cut_card") or "").split()).upper()
        out["cut_card"] = cut or None
        return out

    def rule_rummy(self, values: Mapping[str, Any], table: Table) -> DealResult:  # type: ignore[override]
        """One deal ruled on its own."""
        names = table.names
        seats = len(names)
        wild = None
        if values.get("cut_card"):
            try:
                wild = wild_rank_of(cut_card(values["cut_card"], table.rules.deck))
            except CardError as e:
                raise InputError("cut_card", said_of(e), api_field="cut") from None
        by_cards = values.get("entry") == "cards"
        if by_cards and wild is None:
            raise InputError(
                "cut_card",
                msg("enter the card cut for the wild joker: it decides which cards are wild"),
                api_field="cut",
            )
        parts = [p or None for p in split_cards(values.get("seat_parts"), seats)]
        winner = values.get("knocker_seat")
        counts: list[int | None] = []
        cards: list[tuple[Card, ...] | None] = []
        shown: list[tuple[Card, ...]] | None = None
        if by_cards:
            cards = [c or None for c in self._cards(values, table)]
            if isinstance(winner, int) and 0 <= winner < seats:
                shown = self._melds(values, table)[winner] or None
            _check_pack(cards, winner, shown, table)
        else:
            counts = self._counts("seat_deadwoods", values, table)
        penalties = penalties_for(table.rules.game_target if self.variant is Variant.POOL else None)
        return rule_deal(winner, parts, counts, cards, shown, wild, penalties, names)

    def check_seats(self, values: Mapping[str, Any], names: Sequence[str]) -> None:
        if values.get("dealer_seat") is None:
            raise InputError("dealer_seat", msg("choose who dealt"))

    # -- at the table -----------------------------------------------------------------------

    def table_play_kinds(self, rules: Ruleset) -> tuple[tuple[str, str], ...]:
        return ((Ending.OUT.value, N_("Declared")),)

    def table_play_heading(self, number: int, call: TableCall, names: Sequence[str]) -> Message:
        return msg("Deal {number}: {name} declared", number=number, name=names[call.knocker])

    def table_play_call_field(self, rules: Ruleset) -> CallField | None:
        """The card cut for the wild joker: the cards cannot be ruled without it."""
        return CallField(
            "cut",
            N_("Cut card"),
            N_("the card cut for the wild joker"),
            N_("enter the card cut for the wild joker: it decides which cards are wild"),
        )

    def table_play_named(self, rules: Ruleset, call: TableCall) -> Message | None:
        said = super().table_play_named(rules, call)
        if said is None:
            return None
        return msg("Cut {card}", card=dict(said.values)["card"])

    def table_play_choice(self, rules: Ruleset) -> SeatChoice | None:
        """Whether the seat played the deal out or dropped (then its cards are not needed)."""
        return SeatChoice(
            "part",
            N_("Your part in the deal"),
            (
                ("played", N_("I played to the end")),
                (Part.DROP.value, N_("I dropped before my first draw")),
                (Part.MIDDLE_DROP.value, N_("I dropped later (middle drop)")),
            ),
            default="played",
        )

    def table_play_body(self, hand: SentHand) -> dict[str, Any]:
        """Who declared and the cut, each player's 13 cards (the referee groups them), who
        dropped, and who is out of the pool: the deal by cards, as the scorer's form enters
        it."""
        group, sent, names = hand.group, hand.sent, hand.names
        parts = {s: sent[s].choice for s in group if sent[s].choice not in ("", "played")}
        parts |= {s: Part.OUT.value for s in range(len(names)) if s not in group}
        body: dict[str, Any] = {
            "entry": "cards",
            "winner": names[hand.call.knocker],
            "cut": hand.call.named,
            "hands": hand.hands([s for s in group if s not in parts]),
        }
        if parts:
            body["parts"] = {names[s]: part for s, part in sorted(parts.items())}
        return body

    # -- the match --------------------------------------------------------------------------

    def _fold_ruled(self, lines: list[Line], table: Table) -> Board:
        names = table.names
        seats = len(names)
        ruled = [(line.detail, line.error, line.error_field) for line in lines]
        for line in lines:
            line.result = deal_of(line)
        good = [line for line in lines if deal_of(line) is not None]

        def folded(kept: list[Line]) -> IndianStanding:
            return fold(
                self.variant,
                [d for x in kept if (d := deal_of(x))],
                seats,
                self.target(table),
                names,
            )

        standing, good = _robust(folded, good)
        for line in lines:
            if line.result is None and deal_of(line) is not None:
                line.detail = None
                if standing.refused_at is None and line.error is not None:
                    standing = replace(
                        standing, refused_at=line.number, refusal=as_message(line.error)
                    )
        self._score_lines(lines, good, standing, seats)
        board_standing = self._standing(standing, seats)
        settlement = self._settlement(standing, table)
        games = []
        if settlement is not None:
            winner = standing.winners[0] if len(standing.winners) == 1 else None
            games.append(
                GameSettlement(
                    1, self._game_label(standing, names), settlement, standing.totals, winner
                )
            )
        for line in lines:
            line.summary = self.summary(line, names)
            line.seating_text = (
                msg("{player} dealt", player=names[line.dealer]) if line.dealer is not None else ""
            )
        next_hand = self._next(lines, standing, names)
        board = Board(
            self, table, lines, board_standing, next_hand, settlement, games=games, ruled=ruled
        )
        board.detail = standing
        return board

    def target(self, table: Table) -> int:
        return table.rules.game_target

    def _score_lines(
        self, lines: list[Line], good: list[Line], standing: IndianStanding, seats: int
    ) -> None:
        last: Line | None = None
        kept = {id(x) for x in good}
        index = 0
        for line in lines:
            line.players = tuple(range(seats))
            line.dealer = line.values.get("dealer_seat")
            if id(line) in kept:
                folded = standing.lines[index]
                index += 1
                line.points = folded.change
                line.totals = folded.totals
                line.score = HandScore(folded.change, (0,) * seats)
                deal = deal_of(line)
                assert deal is not None
                line.winners = (deal.winner,)
                last = line
            else:
                line.points = (0,) * seats
                line.totals = last.totals if last else self._start(seats)
                line.score = HandScore.nothing(seats)

    def _start(self, seats: int) -> tuple[int, ...]:
        return (0,) * seats

    def _standing(self, folded: IndianStanding, seats: int) -> Standing:
        winner = folded.winners[0] if len(folded.winners) == 1 else None
        games = []
        if folded.over:
            games = [GameResult(1, winner, folded.totals, None, len(folded.lines))]
        return Standing(
            game=1,
            points=folded.totals,
            boxes=(0,) * seats,
            hands_won=tuple(0 for _ in range(seats)),
            needed=(0,) * seats,
            lines=[Running(x.totals, (0,) * seats, 1) for x in folded.lines],
            over=folded.over,
            winner=winner,
            tied=folded.over and len(folded.winners) > 1,
            finals=folded.totals if folded.over else (),
            games=games,
            match_totals=folded.totals,
            games_won=tuple(1 if s == winner else 0 for s in range(seats)),
        )

    def _settlement(self, folded: IndianStanding, table: Table) -> Settlement | None:
        if not folded.payments:
            return None
        seats = len(table.names)
        extras = [(p.payer, p.payee, p.points) for p in folded.payments]
        return settle((0,) * seats, table.stake, extras, table.rules.settlement_rounding)

    def _game_label(self, folded: IndianStanding, names: Sequence[str]) -> Message:
        return msg("Deals 1 to {last}", last=len(folded.lines))

    def _next(self, lines: list[Line], folded: IndianStanding, names: Sequence[str]) -> NextHand:
        seats = len(names)
        players = folded.in_play
        dealt = [x for x in lines if deal_of(x) is not None and x.dealer is not None]
        if not dealt:
            why = Step(msg("Everyone plays every deal; choose who deals the first."), RULE)
            return NextHand(dealer=0, players=players, why=why)
        dealer = dealt[-1].dealer
        assert dealer is not None
        nxt = (dealer + 1) % seats
        while nxt not in players and nxt != dealer:
            nxt = (nxt + 1) % seats
        why = Step(msg("{player} deals: the deal passes to the left.", player=names[nxt]), RULE)
        return NextHand(dealer=nxt, players=players, sitting_out=folded.out, why=why)

    def over(self, board: Board) -> bool:
        return board.standing.over

    def refusal(self, board: Board) -> Message | None:
        """A deal the match cannot take where it stands (after the match ended, or dealing
        in a player out of the pool)."""
        folded = board.detail
        return folded.refusal if isinstance(folded, IndianStanding) else None

    def refused_from(self, board: Board) -> int | None:
        folded = board.detail
        return folded.refused_at if isinstance(folded, IndianStanding) else None

    def refused_write(
        self, write: Literal["change", "new", "undo"], hand: int, refusal: Message
    ) -> Message:
        if write == "new":
            return msg(
                "Deal {number} cannot be entered: {reason}. Nothing was saved.",
                number=hand,
                reason=refusal,
            )
        return msg(
            "Not saved: deal {number} would then be refused: {reason}.", number=hand, reason=refusal
        )

    def headline(self, board: Board) -> str:
        return " – ".join(str(t) for t in board.standing.points)

    def summary(self, line: Line, names: Sequence[str]) -> Message:
        deal = deal_of(line)
        if deal is None:
            return not_scored(line)
        head = msg("{player} won the deal", player=names[deal.winner])
        lost = [
            f"{names[s.seat]} {s.points}" for s in deal.seats if s.part not in (Part.WON, Part.OUT)
        ]
        parts = ", ".join(lost)
        return msg("{head}: {scores}", head=head, scores=parts) if parts else head

    # -- JSON -------------------------------------------------------------------------------

    def hand_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        io.check_keys(data, self.api_keys, msg("a field of a {title} deal", title=self.title))
        winner = io.seat_of(names, data.get("winner"), "winner")
        dealer = io.seat_of(names, data.get("dealer"), "dealer")
        counts = io.by_seat(names, data.get("counts"), "counts")
        parts = io.by_seat(names, data.get("parts"), "parts")
        hands = io.by_seat(names, data.get("hands"), "hands")
        melds = io.by_seat(names, data.get("melds"), "melds")
        for seat, value in enumerate(counts or ()):
            if value is not None and not io.is_whole(value):
                raise InputError(
                    "counts", msg("{player}'s points must be a whole number", player=names[seat])
                )
        for value in parts or ():
            if value is not None and value not in PARTS:
                raise InputError(
                    "parts", msg("each part is one of {allowed}", allowed=", ".join(PARTS))
                )
        for value in hands or ():
            if value is not None and not isinstance(value, str | list):
                raise InputError("hands", io.CARDS_REASON)
        cut = data.get("cut")
        if cut is not None and not isinstance(cut, str):
            raise InputError("cut", msg("the cut card as text: {example}", example='"7H"'))
        by_cards = hands is not None or melds is not None
        seats = len(names)
        return {
            "kind": Ending.OUT.value,
            "entry": data.get("entry") or ("cards" if by_cards else "counts"),
            "knocker_seat": winner,
            "dealer_seat": context.dealer if dealer is None else dealer,
            "seat_deadwoods": counts,
            "seat_parts": [p or "" for p in parts] if parts is not None else None,
            "seat_cards": [v or "" for v in hands] if hands is not None else [""] * seats,
            "seat_melds": [v or "" for v in melds] if melds is not None else None,
            "cut_card": cut,
            "note": io.note_of(data),
        }

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        names, v = board.names, line.values
        seats = len(names)
        by_cards = v.get("entry") == "cards"
        deal = deal_of(line)

        def name(seat: Any) -> str | None:
            return names[seat] if isinstance(seat, int) else None

        parts = split_cards(v.get("seat_parts"), seats)
        return {
            "game": line.game,
            "entry": v.get("entry"),
            "dealer": name(v.get("dealer_seat")),
            "winner": name(v.get("knocker_seat")),
            "cut": v.get("cut_card"),
            "players": list(names),
            "parts": dict(zip(names, (p or None for p in parts), strict=True))
            if v.get("seat_parts")
            else None,
            "counts": counts_by_name(names, v.get("seat_deadwoods")),
            "hands": hands_by_name(names, v.get("seat_cards")) if by_cards else None,
            "melds": {
                n: [m.split() for m in ms]
                for n, ms in zip(names, split_melds(v.get("seat_melds"), seats), strict=True)
                if ms
            }
            if by_cards and v.get("seat_melds")
            else None,
            "result": deal_json(deal, names) if deal else None,
            "error": None if line.error is None else str(line.error),
            "summary": str(line.summary),
            "points": dict(zip(names, line.points or (0,) * seats, strict=True)),
            "totals": dict(zip(self.api_columns(board), line.totals, strict=True)),
        }

    def match_json(self, board: Board) -> dict[str, Any]:
        out = super().match_json(board)
        folded = board.detail
        if isinstance(folded, IndianStanding):
            names = board.names
            out["indian"] = {
                "variant": folded.variant.value,
                "target": folded.target,
                "out": [names[s] for s in folded.out],
                "in_play": [names[s] for s in folded.in_play],
                "winners": [names[s] for s in folded.winners],
                "over": folded.over,
            }
        return out

    def patch_base(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        current = self.hand_json(board, line)
        base: dict[str, Any] = {
            "entry": current["entry"],
            "winner": current["winner"],
            "dealer": current["dealer"],
            "cut": current["cut"],
            "parts": current["parts"],
            "note": line.values.get("note"),
        }
        patch_entries(base, current, data, {"counts"}, {"hands", "melds"})
        return {k: val for k, val in {**base, **data}.items() if val is not None}


def _check_pack(
    cards: Sequence[Sequence[Card] | None],
    winner: Any,
    shown: Sequence[Sequence[Card]] | None,
    table: Table,
) -> None:
    """No card is held more often across the table than the pack holds it. Raises on the
    hand (or the winner's groups) where the card is one too many."""
    held: dict[Card | None, int] = {}  # printed jokers counted together (None)
    hands = [list(c or ()) for c in cards]
    if shown and isinstance(winner, int):
        hands[winner] = [c for g in shown for c in g]
    deck = table.rules.deck
    for seat, hand in enumerate(hands):
        for card in hand:
            key = None if card.is_joker else card
            held[key] = held.get(key, 0) + 1
            allowed = deck.jokers if key is None else deck.copies(card)
            if held[key] > allowed:
                field = "melds" if shown and seat == winner else "cards"
                raise InputError(
                    f"{field}_{seat}",
                    msg(
                        "{player}: {card} is held {count} times across the table; the pack "
                        "has {allowed}",
                        player=table.names[seat],
                        card="JK" if key is None else card.label,
                        count=held[key],
                        allowed=allowed,
                    ),
                    api_field="melds" if field == "melds" else "hands",
                    seat=seat,
                )


def deal_json(deal: DealResult, names: Sequence[str]) -> dict[str, Any]:
    """A deal's ruling as JSON: every player's part and points, groups and steps."""
    seats = []
    for s in deal.seats:
        g = s.grouping
        seats.append(
            {
                "player": names[s.seat],
                "part": s.part.value,
                "points": s.points,
                "cards": [c.code for c in s.cards] if s.cards else None,
                "groups": [
                    {"cards": x.codes, "kind": x.kind.value}
                    for x in (g.groups if g else s.declaration.groups if s.declaration else ())
                ],
                "counted": [c.code for c in g.counted_cards] if g else None,
                "uncapped": g.points if g else None,
            }
        )
    return {
        "winner": names[deal.winner],
        "wild": deal.wild.label if deal.wild is not None else None,
        "points": dict(zip(names, deal.points, strict=True)),
        "seats": seats,
        "steps": [s.as_json() for s in deal.steps],
    }


class IndianPoints(IndianFormat):
    """Points Rummy: each deal paid at once at the stake per point."""

    name: ClassVar[str] = "indian_points"
    title: ClassVar[str] = N_("Indian Rummy: Points")
    variant: ClassVar[Variant] = Variant.POINTS
    presets: ClassVar[tuple[Preset, ...]] = tuple(
        p for p in indian_presets.PRESETS if p.family == "indian_points"
    )

    def _game_label(self, folded: IndianStanding, names: Sequence[str]) -> Message:
        return msg("Deals 1 to {last}", last=len(folded.lines))


class IndianPool(IndianFormat):
    """Pool Rummy 101 or 201: the last player under the pool wins it."""

    name: ClassVar[str] = "indian_pool"
    title: ClassVar[str] = N_("Indian Rummy: Pool")
    variant: ClassVar[Variant] = Variant.POOL
    presets: ClassVar[tuple[Preset, ...]] = tuple(
        p for p in indian_presets.PRESETS if p.family == "indian_pool"
    )

    def _game_label(self, folded: IndianStanding, names: Sequence[str]) -> Message:
        if len(folded.winners) == 1:
            return msg("The pool · {player} won", player=names[folded.winners[0]])
        return msg("The pool · shared")


class IndianDeals(IndianFormat):
    """Deals Rummy: a fixed number of deals, chips from 80 a player."""

    name: ClassVar[str] = "indian_deals"
    title: ClassVar[str] = N_("Indian Rummy: Deals")
    variant: ClassVar[Variant] = Variant.DEALS
    presets: ClassVar[tuple[Preset, ...]] = tuple(
        p for p in indian_presets.PRESETS if p.family == "indian_deals"
    )

    def _start(self, seats: int) -> tuple[int, ...]:
        return (80 * seats,) * seats

    def _game_label(self, folded: IndianStanding, names: Sequence[str]) -> Message:
        if len(folded.winners) == 1:
            return msg(
                "{deals} deals · {player} won", deals=folded.target, player=names[folded.winners[0]]
            )
        return msg("{deals} deals · shared", deals=folded.target)
