"""Gem Rummy (two or three players) on the one match model (docs/rules.md §8.3).

Every player is in every hand. A hand records who dealt, the dice (``dice``: "3+4" or the
sum "7"), how it ended (``kind``: ``knock``, ``gin``, ``big_gin``, ``dead``; by cards
``auto``, the cards speak), who knocked (``knocker_seat``) and each player's part: by counts
(``seat_deadwoods``, a non-knocker's after its layoffs, and ``gem_parts``, who claims the
bonus, 1 or 0 by seat) or by cards (``seat_cards``: the knocker's 11 after the discard — 12
for big gin — and each other player's 11; optionally the knocker's declared ``spread``).
The match's frozen gem deck (its setup, ``Table.setup``) gives each card's gem. Totals are
per player, games to 110 (:mod:`referee.games.gem.game`), each finished game settled pairwise.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from referee.games import json_io as io
from referee.games import stored
from referee.games.base import (
    Board,
    CallField,
    Format,
    GameSettlement,
    Line,
    NextHand,
    Place,
    SentHand,
    StoredHand,
    Table,
    TableCall,
)
from referee.games.gem import game as gem_game
from referee.games.gem import presets as gem_presets
from referee.games.gem.deck import GemDeck, GemDeckError, parse_deck
from referee.games.gem.dice import Dice, dice_from
from referee.games.gem.hand import GemEnding, GemResult, dead_hand, rule_cards, rule_counts
from referee.games.gem.table_rules import gem_rules_of
from referee.games.standing import GameResult, Money, Running, Standing
from referee.games.stored import Codec
from referee.games.three_handed.seated import game_label, signed
from referee.games.three_handed.seated_entry import (
    _join_cards,
    _join_deadwoods,
    counts_by_name,
    hands_by_name,
    split_cards,
    split_deadwoods,
)
from referee.rules.cards import Card, CardError, Deck, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.messages import N_, Message, Value, msg
from referee.rules.results import HandScore, Step
from referee.rules.settlement import settle

if TYPE_CHECKING:
    from referee.games.presets import Preset
    from referee.rules.ruleset import Ruleset

KINDS = ("knock", "gin", "big_gin", "dead")
_PACK = Deck(1, 2)  # the printed deck has two jokers (they hold the dice): named, refused

_BLANK = (
    "knocker_cards",
    "defender_cards",
    "knocker_deadwood",
    "defender_deadwood",
    "upcard",
    "tables",
    "sitting_out_seat",
    "captain_seat",
    "seat_melded",
    "seat_melds",
)


def parse_dice(text: Any) -> Dice:
    """``"3+4"``, ``"7"``, ``7`` or ``[3, 4]`` → the roll; :class:`InputError` on ``dice``."""
    if isinstance(text, bool):
        raise InputError("dice", msg("give the two dice (3+4) or their sum (2–12)"))
    if isinstance(text, int):
        return dice_from(total=text)
    if isinstance(text, list | tuple):
        if len(text) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in text):
            raise InputError("dice", msg("the two dice as [3, 4], or their sum"))
        return dice_from(text[0], text[1])
    raw = "".join(str(text or "").split())
    if not raw:
        raise InputError("dice", msg("give the two dice (3+4) or their sum (2–12)"))
    if "+" in raw:
        a, _, b = raw.partition("+")
        if not (a.isdecimal() and b.isdecimal()):
            raise InputError("dice", msg("`{text}` is not two dice (e.g. 3+4)", text=str(text)))
        return dice_from(int(a), int(b))
    if not raw.lstrip("-").isdecimal():
        raise InputError("dice", msg("`{text}` is not a sum of two dice (2–12)", text=str(text)))
    return dice_from(total=int(raw))


def dice_text(dice: Dice) -> str:
    if dice.first is not None and dice.second is not None:
        return f"{dice.first}+{dice.second}"
    return str(dice.total)


DECK_TEXT_MAX = 2_000  # a stored deck's text, at most (a file's longer one is refused)


def deck_of(table: Table) -> GemDeck:
    """The match's frozen gem deck; raises on ``deck`` when it has none."""
    if not table.setup:
        raise InputError("deck", msg("this match has no gem deck: score it by counts"))
    try:
        return parse_deck(table.setup)
    except GemDeckError as e:
        raise InputError("deck", e.message) from None


@dataclass(frozen=True)
class GemBoard:
    """A Gem Rummy board's own detail: every game (the last maybe unfinished) and the
    match's gem deck (None: it has none, or it cannot be read)."""

    games: tuple[gem_game.GemGame, ...]
    deck: GemDeck | None = None


def gem_of(line: Line) -> GemResult | None:
    """A Gem Rummy line's ruling (None: the hand was not ruled)."""
    return line.detail if isinstance(line.detail, GemResult) else None


class GemRummy(Format):
    """Gem Rummy: two or three players, the dice set the knock limit and the diamond card,
    stashes and Queen's Diamonds meld, Gem Parts adds 16 / 8, game to 110."""

    name: ClassVar[str] = "gem"
    presets: ClassVar[tuple[Preset, ...]] = gem_presets.PRESETS
    routes: ClassVar[str] = "referee.games.gem.views"
    title: ClassVar[str] = "Gem Rummy"
    entry_page: ClassVar[str] = "referee.games.gem.entry_page:GemEntryPage"
    new_match_page: ClassVar[str] = "referee.games.gem.views:GemNewMatch"
    template: ClassVar[str] = "gem/"  # its pages extend the rummy games' (everyone plays)
    two_player: ClassVar[bool] = False
    settlement_page: ClassVar[bool] = True
    own_page: ClassVar[bool] = True  # /gem/new: a match is started with a saved deck
    table_play: ClassVar[bool] = True  # with the match's gem deck, the dice named at the call
    api_keys: ClassVar[frozenset[str]] = (io.COMMON_KEYS - {"upcard"}) | {
        "dice",
        "ending",
        "counts",
        "hands",
        "gem_parts",
        "spread",
    }
    # who knocked, the dice ("3+4" or the sum "7"), and by counts the points left by seat
    # and who claims Gem Parts (1/0 by seat), or by cards every hand and the knocker's spread
    stored_fields: ClassVar[Mapping[str, Codec]] = {
        "knocker_seat": stored.SAME,
        "dice": stored.SAME,
        "seat_deadwoods": stored.COUNTS,
        "gem_parts": stored.COUNTS,
        "seat_cards": stored.HANDS,
        "spread": stored.SPREAD,
    }
    setup_key: ClassVar[str | None] = "gem_deck"  # the frozen deck, as a match file has it

    def players_needed(self, preset: Preset, got: int) -> Message | str:
        return msg("Gem Rummy takes 2 or 3 players (got {got})", got=got)

    def check_table(self, preset: Preset, table: Table, cut: Any) -> str | None:
        if table.setup:
            deck_of(table)
        return None

    def setup_in(self, value: Any) -> str | None:
        """A match file's frozen deck, as stored (its hands' fold checks it)."""
        if value is not None and (not isinstance(value, str) or len(value) > DECK_TEXT_MAX):
            raise InputError(None, "the match's gem deck as text")
        return value or None

    # -- one hand ---------------------------------------------------------------------------

    def normalise(self, fields: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {name: None for name in _BLANK}
        out["entry"] = fields.get("entry") or "counts"
        cards = out["entry"] == "cards"
        kind = fields.get("kind") or ("auto" if cards else "knock")
        out["kind"] = kind
        out["dealer_seat"] = fields.get("dealer_seat")
        out["knocker_seat"] = None if kind == "dead" else fields.get("knocker_seat")
        dice = fields.get("dice")
        out["dice"] = "".join(str(dice).split()) if dice not in (None, "") else None
        out["seat_deadwoods"] = None if cards else _join_deadwoods(fields.get("seat_deadwoods"))
        claims = fields.get("gem_parts")
        out["gem_parts"] = None if cards or kind == "dead" else _join_deadwoods(claims)
        out["seat_cards"] = _join_cards(fields.get("seat_cards")) if cards else None
        spread = fields.get("spread") if cards else None
        out["spread"] = " ".join(str(spread).split()) or None if spread else None
        out["note"] = " ".join(str(fields.get("note") or "").split()) or None
        out["stop_after"] = False
        return out

    def verify_hand(self, values: Mapping[str, Any], table: Table, place: Place) -> GemResult:
        return self.rule(values, table)

    def rule(self, values: Mapping[str, Any], table: Table) -> GemResult:
        """One hand ruled on its own; raises :class:`InputError` naming the field."""
        names = table.names
        seats = len(names)
        dealer = values.get("dealer_seat")
        if not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise InputError("dealer_seat", msg("choose who dealt"))
        kind = values.get("kind")
        if kind == "dead":
            dice = parse_dice(values["dice"]) if values.get("dice") else None
            return dead_hand(dice, seats, names)
        dice = parse_dice(values.get("dice"))
        knocker = values.get("knocker_seat")
        if not isinstance(knocker, int) or not 0 <= knocker < seats:
            raise InputError(
                "knocker_seat", msg("choose who knocked (or went gin)"), api_field="knocker"
            )
        rules = gem_rules_of(table.rules)
        if values.get("entry") == "cards":
            deck = deck_of(table)
            hands = self._hands(values, table)
            spread = self._spread(values.get("spread"))
            return rule_cards(dice, knocker, hands, deck, rules, names, spread)
        if kind not in ("knock", "gin", "big_gin"):
            raise InputError("kind", msg("how the hand ended: knock, gin, big gin or dead"))
        counts: list[int | None] = []
        for seat, value in enumerate(split_deadwoods(values.get("seat_deadwoods"), seats)):
            if value is not None and not isinstance(value, int):
                raise InputError(
                    f"deadwood_{seat}",
                    msg("{name}'s deadwood must be a whole number", name=names[seat]),
                    api_field="counts",
                    seat=seat,
                )
            counts.append(value)
        if kind != "knock" and counts[knocker] is None:
            counts[knocker] = 0
        claims = [bool(v) for v in split_deadwoods(values.get("gem_parts"), seats)]
        try:
            return rule_counts(dice, GemEnding(kind), knocker, counts, claims, rules, names)
        except InputError as e:
            if e.field == "knocker_deadwood":
                raise InputError(
                    f"deadwood_{knocker}", e.message, api_field="counts", seat=knocker
                ) from None
            raise

    def _hands(self, values: Mapping[str, Any], table: Table) -> list[tuple[Card, ...]]:
        names = table.names
        out = []
        for seat, text in enumerate(split_cards(values.get("seat_cards"), len(names))):
            try:
                out.append(parse_cards(text, _PACK, what=msg("{name}'s hand", name=names[seat])))
            except CardError as e:
                raise InputError(
                    f"cards_{seat}",
                    msg("{name}: {problem}", name=names[seat], problem=said_of(e)),
                    api_field="hands",
                    seat=seat,
                ) from None
        return out

    def _spread(self, text: Any) -> list[tuple[Card, ...]] | None:
        if not text:
            return None
        melds = []
        for part in str(text).split("|"):
            if part.strip():
                try:
                    melds.append(parse_cards(part, _PACK, what=msg("a meld")))
                except CardError as e:
                    raise InputError("spread", said_of(e)) from None
        return melds

    # -- at the table -----------------------------------------------------------------------

    def table_play_kinds(self, rules: Ruleset) -> tuple[tuple[str, str], ...]:
        """A knock, gin, or big gin (12 cards): a dead hand has nobody to call it."""
        return (("knock", N_("Knock")), ("gin", N_("Gin")), ("big_gin", N_("Big gin")))

    def table_play_cards_needed(self, rules: Ruleset, call: TableCall, seat: int) -> int | None:
        size = gem_rules_of(rules).hand_size
        return size + 1 if call.kind == "big_gin" and seat == call.knocker else size

    def table_play_call_field(self, rules: Ruleset) -> CallField | None:
        """The dice of the hand: they set the knock limit and the Queen's Diamonds card."""
        return CallField(
            "dice",
            N_("Dice"),
            N_("the two dice (3+4) or their sum (2–12)"),
            N_("give the two dice (3+4) or their sum (2–12)"),
            placeholder="3+4",
        )

    def table_play_call_value(self, rules: Ruleset, text: str) -> str:
        return dice_text(parse_dice(text))

    def table_play_named(self, rules: Ruleset, call: TableCall) -> Message | None:
        return msg("Dice {dice}", dice=call.named) if call.named else None

    def table_play_body(self, hand: SentHand) -> dict[str, Any]:
        """Who knocked and the dice, and every player's cards: the referee lays the
        knocker's spread and the layoffs, and tells a knock from gin by the cards."""
        return {
            "entry": "cards",
            "knocker": hand.names[hand.call.knocker],
            "dice": hand.call.named,
            "hands": hand.hands(),
        }

    # -- the match --------------------------------------------------------------------------

    def fold(self, hands: Sequence[StoredHand], table: Table) -> Board:
        names = table.names
        seats = len(names)
        rules = table.rules
        lines: list[Line] = []
        results: list[GemResult | None] = []
        refused: dict[int, Message] = {}  # why a hand could not be ruled, by its number
        for number, hand in enumerate(hands, 1):
            line = Line(number, hand.values, hand.row, HandScore.nothing(seats))
            line.players = tuple(range(seats))
            dealer = hand.values.get("dealer_seat")
            line.dealer = dealer if isinstance(dealer, int) else None
            try:
                ruled = self.rule(hand.values, table)
            except InputError as e:
                line.error, line.error_field = said_of(e), e.field
                refused[number] = e.message
                results.append(None)
            else:
                line.detail = ruled
                line.score = ruled.score()
                line.points = ruled.points
                line.winners = ruled.winners
                results.append(ruled)
            lines.append(line)
        folded, games = gem_game.fold_games(results, seats, rules.game_target, names)
        for line, f in zip(lines, folded, strict=True):
            line.totals, line.boxes, line.game = f.totals, (0,) * seats, f.game
            if not line.points:
                line.points = (0,) * seats
        shown = games[-1]
        finished = [g for g in games if g.finished]
        if finished and shown.hands == 0:
            shown = finished[-1]
        standing = Standing(
            game=shown.number,
            points=shown.totals,
            boxes=(0,) * seats,
            hands_won=(0,) * seats,
            needed=tuple(max(0, rules.game_target - t) for t in shown.totals),
            lines=[Running(f.totals, (0,) * seats, f.game) for f in folded],
            over=shown.finished,
            winner=shown.winner,
            tied=shown.finished and shown.winner is None,
            finals=shown.totals if shown.finished else (),
            games=[GameResult(g.number, g.winner, g.totals, None, g.hands) for g in finished],
            match_totals=tuple(sum(g.totals[s] for g in games) for s in range(seats)),
            games_won=tuple(sum(1 for g in finished if g.winner == s) for s in range(seats)),
        )
        settled = [
            GameSettlement(
                number=g.number,
                label=game_label(g.number, g.winner, names),
                settlement=settle(g.totals, table.stake, (), rules.settlement_rounding),
                finals=g.totals,
                winner=g.winner,
            )
            for g in finished
        ]
        money = (
            settle(
                tuple(sum(g.totals[s] for g in finished) for s in range(seats)),
                table.stake,
                (),
                rules.settlement_rounding,
            )
            if finished
            else None
        )
        last = next((line for line in reversed(lines) if line.dealer is not None), None)
        if last is None:
            nxt = NextHand(0, tuple(range(seats)), why=Step(msg("Choose who deals first."), "§8.3"))
        else:
            assert last.dealer is not None
            dealer, why = gem_game.next_dealer(last.dealer, gem_of(last), names)
            nxt = NextHand(dealer, tuple(range(seats)), why=why)
        previous: Line | None = None
        for line in lines:
            if previous is not None and previous.dealer is not None and line.dealer is not None:
                expected, line.why = gem_game.next_dealer(previous.dealer, gem_of(previous), names)
                line.overridden = expected != line.dealer
            line.summary = self.summary(line, names, refused.get(line.number))
            line.seating_text = (
                msg("{name} dealt", name=names[line.dealer]) if line.dealer is not None else ""
            )
            previous = line
        deck = None
        if table.setup:
            with contextlib.suppress(InputError):
                deck = deck_of(table)
        detail = GemBoard(tuple(games), deck)
        return Board(self, table, lines, standing, nxt, money, games=settled, detail=detail)

    def summary(self, line: Line, names: Sequence[str], refused: Message | None = None) -> Message:
        """One line for the history: the dice, who knocked and what each scored (``refused``:
        why the hand could not be ruled, as the engine said it)."""
        result = gem_of(line)
        if result is None:
            return msg("Not scored: {problem}", problem=refused or str(line.error))
        if result.ending is GemEnding.DEAD:
            return msg("Dead hand: no score")
        assert result.knocker is not None
        scored = ", ".join(f"{names[s]} {signed(p)}" for s, p in enumerate(result.points) if p)
        said: dict[str, Value] = {
            "dice": result.dice.total,
            "name": names[result.knocker],
            "scores": scored,
        }
        if result.ending is GemEnding.GIN:
            return (
                msg("Dice {dice}: {name} went gin: {scores}", **said)
                if scored
                else msg("Dice {dice}: {name} went gin", **said)
            )
        if result.ending is GemEnding.BIG_GIN:
            return (
                msg("Dice {dice}: {name} went big gin: {scores}", **said)
                if scored
                else msg("Dice {dice}: {name} went big gin", **said)
            )
        return (
            msg("Dice {dice}: {name} knocked: {scores}", **said)
            if scored
            else msg("Dice {dice}: {name} knocked", **said)
        )

    # -- JSON -------------------------------------------------------------------------------

    def hand_from_json(
        self, data: Mapping[str, Any], names: Sequence[str], context: NextHand
    ) -> dict[str, Any]:
        io.check_keys(data, self.api_keys, "a field of a Gem Rummy hand")
        ending = data.get("ending", data.get("kind"))
        hands = io.by_seat(names, data.get("hands"), "hands")
        counts = io.by_seat(names, data.get("counts"), "counts")
        claims = self._claims(data.get("gem_parts"), names)
        entry = data.get("entry") or ("cards" if hands is not None else "counts")
        if entry not in ("counts", "cards"):
            raise InputError("entry", msg("counts or cards"))
        if ending is None:
            ending = "auto" if entry == "cards" else "knock"
        allowed = (*KINDS, "auto")
        if ending not in allowed:
            raise InputError(
                "ending",
                msg("how the hand ended: one of {choices}", choices=", ".join(allowed)),
            )
        for value in counts or ():
            if value is not None and not io.is_whole(value):
                raise InputError("counts", msg("each player's deadwood must be a whole number"))
        for value in hands or ():
            if value is not None and not isinstance(value, str | list):
                raise InputError("hands", io.CARDS_REASON)
        dice = data.get("dice")
        if ending != "dead" or dice is not None:
            dice = dice_text(parse_dice(dice))
        knocker = io.seat_of(names, data.get("knocker"), "knocker")
        dealer = io.seat_of(names, data.get("dealer"), "dealer")
        spread = data.get("spread")
        if isinstance(spread, list):
            spread = " | ".join(" ".join(m) if isinstance(m, list) else str(m) for m in spread)
        return {
            "kind": ending,
            "entry": entry,
            "dice": dice,
            "knocker_seat": knocker,
            "dealer_seat": context.dealer if dealer is None else dealer,
            "seat_deadwoods": counts,
            "gem_parts": claims,
            "seat_cards": [v or "" for v in hands] if hands is not None else None,
            "spread": spread,
            "note": io.note_of(data),
        }

    @staticmethod
    def _claims(value: Any, names: Sequence[str]) -> list[int] | None:
        """Who claims Gem Parts: a list of names, or a bool per player (list or object)."""
        if value is None:
            return None
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            seats = {io.seat_of(names, v, "gem_parts") for v in value}
            return [1 if s in seats else 0 for s in range(len(names))]
        by = io.by_seat(names, value, "gem_parts")
        assert by is not None
        for v in by:
            if v is not None and not isinstance(v, bool):
                raise InputError("gem_parts", msg("true or false per player, or a list of names"))
        return [1 if v else 0 for v in by]

    def hand_json(self, board: Board, line: Line) -> dict[str, Any]:
        names, v = board.names, line.values
        seats = len(names)

        def name(seat: Any) -> str | None:
            return names[seat] if isinstance(seat, int) else None

        by_cards = v.get("entry") == "cards"
        claims = split_deadwoods(v.get("gem_parts"), seats)
        return {
            "game": line.game,
            "kind": v.get("kind"),
            "ending": v.get("kind"),
            "entry": v.get("entry"),
            "dice": v.get("dice"),
            "dealer": name(v.get("dealer_seat")),
            "knocker": name(v.get("knocker_seat")),
            "players": list(names),
            "counts": counts_by_name(names, v.get("seat_deadwoods")),
            "gem_parts": [names[s] for s, c in enumerate(claims) if c] if not by_cards else None,
            "hands": hands_by_name(names, v.get("seat_cards")) if by_cards else None,
            "spread": [m.split() for m in str(v["spread"]).split("|")] if v.get("spread") else None,
            "seating": {"why": io.step_json(line.why), "overridden": line.overridden},
            "result": result_json(ruled, names) if (ruled := gem_of(line)) else None,
            "error": None if line.error is None else str(line.error),
            "summary": str(line.summary),
            "points": dict(zip(names, line.points or (0,) * seats, strict=True)),
            "totals": dict(zip(names, line.totals, strict=True)),
        }

    def csv_head(self, names: Sequence[str]) -> tuple[str, ...]:
        """The dice (their sum is the knock limit), each player's deadwood (a non-knocker's
        after layoffs) and whether they scored Gem Parts."""
        return (
            "dice",
            *(f"deadwood {n}" for n in names),
            *(f"gem parts {n}" for n in names),
        )

    def csv_cells(self, board: Board, line: Line) -> tuple[Any, ...]:
        ruled = gem_of(line)
        if ruled is None:
            return ("",) * (1 + 2 * len(board.names))
        dice = ruled.dice
        rolled = f"{dice.first}+{dice.second}" if dice.first and dice.second else dice.total
        return (
            rolled,
            *("" if s.deadwood is None else s.deadwood for s in ruled.seats),
            *("yes" if s.gem_parts else "no" for s in ruled.seats),
        )

    def match_json(self, board: Board) -> dict[str, Any]:
        names = board.names
        st = board.standing
        settlement = board.settlement
        return {
            "totals": dict(zip(names, board.totals, strict=True)),
            "next": {"dealer": names[board.next.dealer], "why": io.step_json(board.next.why)},
            "next_dealer": names[board.next.dealer],
            "game": {
                "number": st.game,
                "over": st.over,
                "winner": names[st.winner] if st.winner is not None else None,
                "points": dict(zip(names, st.points, strict=True)),
                "target": board.rules.game_target,
            },
            "games": [
                {
                    "number": g.number,
                    "label": str(g.label),
                    "winner": names[g.winner] if g.winner is not None else None,
                    "final": dict(zip(names, g.finals, strict=True)),
                    "settlement": io.settlement_json(g.settlement, names),
                }
                for g in board.games
            ],
            "settlement": io.settlement_json(settlement, names)
            if settlement is not None and not isinstance(settlement, Money)
            else None,
            "deck": board.table.setup,
        }

    def patch_base(self, board: Board, line: Line, data: Mapping[str, Any]) -> dict[str, Any]:
        current = self.hand_json(board, line)
        base: dict[str, Any] = {
            "ending": current["ending"],
            "entry": current["entry"],
            "dice": current["dice"],
            "knocker": current["knocker"],
            "dealer": current["dealer"],
            "note": line.values.get("note"),
        }
        sent = set(data)
        if {"counts", "hands", "gem_parts"} & sent and "entry" not in sent:
            base.pop("entry")
        for key in ("counts", "gem_parts", "hands", "spread"):
            if current.get(key) is not None and not (
                ({"counts", "gem_parts"} & sent and key in ("hands", "spread"))
                or ({"hands", "spread"} & sent and key in ("counts", "gem_parts"))
            ):
                base[key] = current[key]
        if "kind" in data:
            base.pop("ending")
        return {k: val for k, val in {**base, **data}.items() if val is not None}


def result_json(result: GemResult, names: Sequence[str]) -> dict[str, Any]:
    """A Gem Rummy ruling as JSON: the dice, every player's part, the layoffs in the order
    they went down, the pairs, the points and the steps."""

    def meld_json(m: Any) -> dict[str, Any]:
        return {
            "kind": m.kind.value,
            "cards": m.codes,
            "gem": m.gem.title if m.gem else None,
            "kings": {k.code: g.title for k, g in m.readings},
        }

    return {
        "ending": result.ending.value,
        "dice": {
            "total": result.dice.total,
            "first": result.dice.first,
            "second": result.dice.second,
        },
        "knock_limit": result.dice.knock_limit,
        "diamond": result.dice.diamond.code,
        "knocker": names[result.knocker] if result.knocker is not None else None,
        "winner": names[result.winner] if result.winner is not None else None,
        "points": dict(zip(names, result.points, strict=True)),
        "spread": [meld_json(m) for m in result.spread],
        "layoffs": [
            {
                "player": names[lay.seat],
                "card": lay.card.code,
                "onto": lay.meld_index,
                "read_as": lay.reading.title if lay.reading else None,
            }
            for lay in result.layoffs
        ],
        "seats": [
            {
                "player": names[s.seat],
                "deadwood": s.deadwood,
                "deadwood_before_layoffs": s.deadwood_before_layoffs,
                "melds": [meld_json(m) for m in s.arrangement.melds] if s.arrangement else None,
                "deadwood_cards": [c.code for c in s.arrangement.deadwood_cards]
                if s.arrangement
                else None,
                "gem_parts": s.gem_parts,
                "gem_parts_claimed": s.gem_parts_claimed,
                "gem_parts_kings": {k.code: g.title for k, g in s.gem_parts_readings},
            }
            for s in result.seats
        ],
        "pairs": [
            {
                "player": names[p.seat],
                "outcome": p.outcome.value,
                "deadwood": p.deadwood,
                "knocker_points": p.knocker_points,
                "points": p.points,
            }
            for p in result.pairs
        ],
        "steps": [s.as_json() for s in result.steps],
    }
