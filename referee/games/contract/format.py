"""Contract Rummy (the 7-deal game) and 12-Step on the one match model (docs/rules.md §8.5).

Every player is in every deal. A deal records who dealt and who went out, and for each
player whether they laid down their contract (``seat_made``: "1 0 1") and their cards left:
by count (``seat_deadwoods``) or by cards (``seat_cards``, priced by the table's penalty
values). The fold runs the deals through :func:`~referee.games.contract.game.fold_game`: the
totals, the contract each player is on, and the winner — the lowest total after the last
deal (7-deal), or the first to make the last contract (12-Step; fewer points between two
finishing together). The game is settled pairwise: each player pays each player with a
lower total the difference, at the stake per point.

Stored form: the rummy fields (:mod:`.rummy_format`) with ``kind`` always ``out``, plus
``seat_made``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from referee.games import json_io as io
from referee.games import stored
from referee.games.base import (
    Board,
    GameSettlement,
    Line,
    NextHand,
    Place,
    SeatChoice,
    SentHand,
    StoredHand,
    Table,
)
from referee.games.contract import ContractList
from referee.games.contract import presets as contract_presets
from referee.games.contract.game import ContractDeal, ContractGame, fold_game, score_deal
from referee.games.contract.tables_of_play import contract_list_of, contract_table, pack_for
from referee.games.presets import of_family
from referee.games.rummy.basic_rummy import Ending, check_cards
from referee.games.rummy.format import RummyFormat, not_scored
from referee.games.standing import Running, Standing
from referee.games.stored import Codec
from referee.rules.errors import InputError, said_of
from referee.rules.messages import N_, Message, msg
from referee.rules.results import HandScore, Step
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import settle

if TYPE_CHECKING:
    from referee.games.presets import Preset

__all__ = ["ContractRummy", "TwelveStep", "split_made"]

FEWEST_FOR_MORE_PACKS = 6
"""Two packs seat two to five; from six players the pack grows (docs/rules.md §8.5)."""


def split_made(text: Any, seats: int) -> list[bool]:
    """``"1 0 1"`` (or a list) → made by seat; missing entries are not made."""
    if text is None:
        return [False] * seats
    items = text.split() if isinstance(text, str) else list(text)
    out = [str(x).strip().lower() in {"1", "true", "yes", "on", "y"} for x in items]
    return (out + [False] * seats)[:seats]


def _join_made(value: Any) -> str | None:
    if value is None:
        return None
    items = value.split() if isinstance(value, str) else list(value)
    return " ".join("1" if split_made([x], 1)[0] else "0" for x in items)


@dataclass(frozen=True)
class ContractsOn:
    """A Contract Rummy seating's own detail: the contract each player works on."""

    contracts: tuple[int, ...]


def contracts_on(context: NextHand) -> tuple[int, ...]:
    """The contract each player works on in the hand ``context`` seats (empty: not said)."""
    detail = context.detail
    return detail.contracts if isinstance(detail, ContractsOn) else ()


class ContractRummy(RummyFormat):
    """The 7-deal game: everyone on the same deal, the lowest total after the last wins."""

    name: ClassVar[str] = "contract"
    presets: ClassVar[tuple[Preset, ...]] = of_family(contract_presets.PRESETS, "contract")
    routes: ClassVar[str] = "referee.games.contract.views"
    title: ClassVar[str] = "Contract Rummy"
    noun: ClassVar[str] = "deal"
    entry_page: ClassVar[str] = "referee.games.contract.entry_page:ContractEntryPage"
    new_match_page: ClassVar[str] = "referee.games.contract.views:ContractNewMatch"
    template: ClassVar[str] = "contract/"
    own_page: ClassVar[bool] = True
    table_play: ClassVar[bool] = True
    table_play_melds: ClassVar[bool] = False  # at the table: the cards left and "made"
    table_play_cards_help: ClassVar[str] = N_(
        "The cards left in your hand (none if you went out): tap them below, or type them."
    )
    endings: ClassVar[tuple[Ending, ...]] = (Ending.OUT,)
    # the rummy games' fields, and who laid down their contract in the deal (1 or 0 by seat)
    stored_fields: ClassVar[Mapping[str, Codec]] = {
        **RummyFormat.stored_fields,
        "seat_made": stored.COUNTS,
    }
    api_keys: ClassVar[frozenset[str]] = (io.COMMON_KEYS - {"upcard"}) | {
        "went_out",
        "counts",
        "hands",
        "made",
    }

    # -- a new match ------------------------------------------------------------------------

    def table_rules(
        self, preset: Preset, rules: Ruleset, players: int, overrides: Mapping[str, Any]
    ) -> Ruleset:
        contracts = contract_list_of(rules)
        changes: dict[str, Any] = {"hand_size": max(d.cards for d in contracts.deals)}
        if players > FEWEST_FOR_MORE_PACKS - 1:
            packs, jokers = pack_for(preset.rules, players)
            pack = {"decks": packs, "jokers": jokers}
            changes.update(
                {k: v for k, v in pack.items() if getattr(rules, k) == getattr(preset.rules, k)}
            )
        return rules.with_overrides(**changes)

    def check_table(self, preset: Preset, table: Table, cut: Any) -> str | None:
        contract_list_of(table.rules)
        return None

    # -- one hand ---------------------------------------------------------------------------

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        out = super().normalise({**fields, "kind": Ending.OUT.value})
        out["seat_melds"] = None
        out["seat_made"] = _join_made(fields.get("seat_made"))
        return out

    def contracts(self, table: Table) -> ContractList:
        return contract_list_of(table.rules)

    def rule_deal(self, values: Mapping[str, Any], table: Table, on: Sequence[int]) -> ContractDeal:
        """One deal scored, the players working on contracts ``on``."""
        self.check_seats(values, table.names)
        seats = len(table.names)
        held: list[Any]
        if values.get("entry") == "cards":
            held = list(self._cards(values, table))
            check_cards([(s, "cards", h) for s, h in enumerate(held)], table.rules, table.names)
            winner = values.get("knocker_seat")
            if isinstance(winner, int) and 0 <= winner < seats and not held[winner]:
                held[winner] = ()
        else:
            held = list(self._counts("seat_deadwoods", values, table))
        made = split_made(values.get("seat_made"), seats)
        return score_deal(
            values.get("knocker_seat"),
            held,
            made,
            on,
            self.contracts(table),
            contract_table(table.rules),
            table.names,
        )

    def verify_hand(self, values: Mapping[str, Any], table: Table, place: Place) -> Any:
        """The deal checked where it goes: after a finished game nothing more is taken; the
        contracts each player works on come from the deals before it."""
        if place.position > 0 and not place.context.players:
            raise InputError("hand", msg("the game is over: no more deals"))
        on = contracts_on(place.context) or tuple(place.position + 1 for _ in table.names)
        deal = self.rule_deal(values, table, on)
        check_went_out_made(values, table.names)
        return deal

    # -- at the table -----------------------------------------------------------------------

    def table_play_choice(self, rules: Ruleset) -> SeatChoice | None:
        """Each seat says whether it laid down its contract (the one who went out did)."""
        return SeatChoice(
            "made",
            N_("Your contract"),
            (("yes", N_("I laid it down")), ("no", N_("I did not lay it down"))),
        )

    def table_play_body(self, hand: SentHand) -> dict[str, Any]:
        """Who went out, and by player the cards left in hand and whether the contract was
        laid down: the deal by cards, as the scorer's form enters it."""
        call, names = hand.call, hand.names
        return {
            "entry": "cards",
            "went_out": names[call.knocker],
            "hands": hand.hands(),
            "made": {
                names[s]: s == call.knocker or hand.sent[s].choice == "yes" for s in hand.group
            },
        }

    # -- the match --------------------------------------------------------------------------

    def boundaries(self, board: Board) -> list[int]:
        return [0]  # a deal's contract follows its place: folded from the first deal

    def fold_from(
        self, previous: Board, start: int, hands: Sequence[StoredHand], table: Table
    ) -> Board:
        return self.fold(hands, table)

    def fold(self, hands: Sequence[StoredHand], table: Table) -> Board:
        names = table.names
        seats = len(names)
        contracts = self.contracts(table)
        carry = table.rules.contract_carry_over
        lines: list[Line] = []
        deals: list[ContractDeal] = []
        game = fold_game((), seats, contracts, carry, names)
        running: list[Running] = []
        for number, hand in enumerate(hands, 1):
            line = Line(number=number, values=hand.values, row=hand.row, score=self._nothing(seats))
            line.players = tuple(range(seats))
            line.dealer = hand.values.get("dealer_seat")
            try:
                if game.over:
                    raise InputError(
                        "hand", msg("the game ended with deal {number}", number=game.deals)
                    )
                deal = self.rule_deal(hand.values, table, game.on)
                game = fold_game([*deals, deal], seats, contracts, carry, names)
            except InputError as e:
                line.error, line.error_field = said_of(e), e.field
                line.totals = game.totals
                lines.append(line)
                running.append(Running(game.totals, (0,) * seats))
                continue
            deals.append(deal)
            line.detail = deal
            line.score = deal.score()
            line.points = deal.points
            line.winners = deal.winners
            line.totals = game.totals
            running.append(Running(game.totals, (0,) * seats))
            lines.append(line)
        for line in lines:
            line.summary = self.summary(line, names)
            line.seating_text = (
                msg("{player} dealt", player=names[line.dealer])
                if isinstance(line.dealer, int)
                else ""
            )
        standing = Standing(
            game=1,
            points=game.totals,
            boxes=(0,) * seats,
            hands_won=tuple(sum(1 for d in deals if d.winner == s) for s in range(seats)),
            needed=(0,) * seats,
            lines=running,
            over=game.over,
            winner=game.winner,
            tied=game.over and game.winner is None,
            finals=game.totals if game.over else (),
        )
        last = next((ln for ln in reversed(lines) if ln.detail is not None), None)
        if last is not None and isinstance(last.dealer, int):
            dealer = (last.dealer + 1) % seats
            why = Step(
                msg("{player} deals: the deal passes to the left.", player=names[dealer]), "§8.5"
            )
        else:
            dealer = 0
            why = Step(msg("Everyone plays every deal; choose who deals the first."), "§8.5")
        players = () if game.over else tuple(range(seats))
        next_hand = NextHand(dealer=dealer, players=players, why=why, detail=ContractsOn(game.on))
        money = None
        games: list[GameSettlement] = []
        if game.over:
            money = settle(
                tuple(-t for t in game.totals),
                table.stake,
                (),
                table.rules.settlement_rounding,
            )
            games.append(
                GameSettlement(
                    number=1,
                    label=self.outcome_text(game, names),
                    settlement=money,
                    finals=game.totals,
                    winner=game.winner,
                )
            )
        view = ContractView(contracts, game, carry)
        return Board(self, table, lines, standing, next_hand, money, games=games, detail=view)

    def outcome_text(self, game: ContractGame, names: Sequence[str]) -> Message:
        if game.winner is None:
            return msg("Game over · tied")
        return msg("Game over · {player} won", player=names[game.winner])

    def summary(self, line: Line, names: Sequence[str]) -> Message:
        deal = line.detail
        if not isinstance(deal, ContractDeal):
            return not_scored(line)
        parts = ", ".join(
            f"{names[s.seat]} +{s.penalty}" for s in deal.seats if s.seat != deal.winner
        )
        made = [names[s.seat] for s in deal.seats if s.made and s.seat != deal.winner]
        if made:
            return msg(
                "{player} went out: {scores} · made: {players}",
                player=names[deal.winner],
                scores=parts,
                players=", ".join(made),
            )
        return msg("{player} went out: {scores}", player=names[deal.winner], scores=parts)

    def _nothing(self, seats: int) -> HandScore:
        return HandScore.nothing(seats)

    # -- JSON -------------------------------------------------------------------------------

    def hand_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        io.check_keys(data, self.api_keys, f"a field of a {self.title} deal")
        made = io.by_seat(names, data.get("made"), "made")
        for value in made or ():
            if not isinstance(value, bool):
                raise InputError("made", msg("by player, true or false: laid down the contract"))
        rest = {k: v for k, v in data.items() if k != "made"}
        out = super().hand_from_json(rest, names, context)
        out["kind"] = Ending.OUT.value
        out["seat_made"] = made
        return out

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        out = super().hand_json(board, replace(line, detail=None))
        names = board.names
        seats = len(names)
        out.pop("melded", None)
        out.pop("melds", None)
        out["made"] = dict(zip(names, split_made(line.values.get("seat_made"), seats), strict=True))
        deal = line.detail
        if isinstance(deal, ContractDeal):
            out["result"] = {
                "went_out": names[deal.winner],
                "points": dict(zip(names, deal.points, strict=True)),
                "seats": [
                    {
                        "player": names[s.seat],
                        "contract": s.contract,
                        "made": s.made,
                        "held": [c.code for c in s.held] if s.held is not None else None,
                        "penalty": s.penalty,
                    }
                    for s in deal.seats
                ],
                "steps": [s.as_json() for s in deal.steps],
            }
        return out

    def csv_head(self, names: Sequence[str]) -> tuple[str, ...]:
        """Each player's contract worked on (its number in the list), whether they laid it
        down, and the penalty of the cards they were left with."""
        return (
            *(f"contract {n}" for n in names),
            *(f"made {n}" for n in names),
            *(f"penalty {n}" for n in names),
        )

    def csv_cells(self, board: Board, line: Line) -> tuple[Any, ...]:
        deal = line.detail
        if not isinstance(deal, ContractDeal):
            return ("",) * (3 * len(board.names))
        return (
            *(s.contract for s in deal.seats),
            *("yes" if s.made else "no" for s in deal.seats),
            *(s.penalty for s in deal.seats),
        )

    def match_json(self, board: Board) -> dict[str, Any]:
        out = super().match_json(board)
        view = board.detail
        assert isinstance(view, ContractView)
        names = board.names
        out["contracts"] = view.contracts.to_json()
        out["on"] = {
            n: {"contract": view.on(s), "label": view.label(s), "made": view.game.made[s]}
            for s, n in enumerate(names)
        }
        out["game"]["why"] = str(view.game.why) or None
        return out

    def patch_base(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        base = super().patch_base(board, line, data)
        base.pop("ending", None)
        if "made" not in data:
            base["made"] = split_made(line.values.get("seat_made"), len(board.names))
        return base


def check_went_out_made(values: Mapping[str, Any], names: Sequence[str]) -> None:
    """Going out needs the contract laid down (docs/rules.md §8.5: a player lays off and goes
    out only after laying down the contract): a deal recording the player who went out as
    not having made it is refused on that player's ``made`` (a deal with no record of who
    made it is not refused: the player who went out counts as made)."""
    went_out = values.get("knocker_seat")
    recorded = values.get("seat_made")
    if recorded is None or not isinstance(went_out, int) or not 0 <= went_out < len(names):
        return
    if not split_made(recorded, len(names))[went_out]:
        raise InputError(
            f"made_{went_out}",
            msg(
                "{player} went out, so laid down the contract: mark it made, or choose who "
                "went out",
                player=names[went_out],
            ),
            api_field="made",
            seat=went_out,
        )


class TwelveStep(ContractRummy):
    """12-Step: each player works through the table's own list; unmade contracts carry."""

    name: ClassVar[str] = "twelve_step"
    presets: ClassVar[tuple[Preset, ...]] = of_family(contract_presets.PRESETS, "twelve_step")
    title: ClassVar[str] = N_("12-Step Contract Rummy")


class ContractView:
    """What a contract scoreboard shows beyond the totals: the list and where each is."""

    def __init__(self, contracts: ContractList, game: ContractGame, carry: bool) -> None:
        self.contracts = contracts
        self.game = game
        self.carry = carry

    def on(self, seat: int) -> int | None:
        """The contract ``seat`` works on next (None: the list is done)."""
        number = self.game.on[seat]
        return number if number <= len(self.contracts) else None

    def label(self, seat: int) -> str:
        return str(self.said_label(seat))

    def said_label(self, seat: int) -> Message:
        """The contract ``seat`` works on next (``3: 2 sequences of 4``), or that they are
        through the list."""
        number = self.on(seat)
        if number is None:
            return msg("all made") if self.carry else msg("list played")
        return msg("{number}: {contract}", number=number, contract=self.contracts.deal(number).said)
