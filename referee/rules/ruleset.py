"""Ruleset: every number and switch a table can change, as one frozen, validated value.

Variants are data first: a preset is a Ruleset, a match stores its Ruleset as JSON, and house
rules are overrides applied with :meth:`Ruleset.with_overrides`. Each field cites the section
of the rules reference (docs/rules.md §11) it comes from; its ``help`` text, which the
new-match form and the API show to people choosing house rules, is here for the rules every
table shares and in the game's words (``referee/games/<family>/words.py``) for a rule only
one game plays.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, get_type_hints

from referee.rules.cards import Deck
from referee.rules.messages import N_, Message, joined, msg, msg_n
from referee.rules.settlement import SettlementRounding


class KnockCompare(StrEnum):
    LTE = "lte"  # deadwood ≤ limit (pagat, Wikipedia, Hoyle)
    LT = "lt"  # deadwood < limit (seed 000 table)


class AceRank(StrEnum):
    LOW = "low"  # A-2-3 only (every gin variant)
    HIGH_OR_LOW = "high_or_low"  # A-2-3 or Q-K-A, never K-A-2 (contract rummy)


class TieOutcome(StrEnum):
    UNDERCUT = "undercut"  # defender scores the undercut bonus
    WASH = "wash"  # 0-0, no box
    KNOCKER_WINS_ZERO = "knocker_wins_zero"  # knocker wins the hand with 0 points (+1 box)


class UndercutMode(StrEnum):
    BONUS_TO_DEFENDER = "bonus_to_defender"  # defender: difference + bonus
    PENALTY_TO_KNOCKER = "penalty_to_knocker"  # Battle Royal: knocker loses the amount
    FLAT_TO_DEFENDER = "flat_to_defender"  # Gem Rummy: defender scores the amount only


class ShutoutRule(StrEnum):
    NONE = "none"
    FLAT = "flat"  # winner + shutout_bonus (pagat's 200 game bonus ≡ flat 100)
    DOUBLE_MARGIN = "double_margin"  # the whole difference doubled (Hoyle-style books)
    DOUBLE_HAND_POINTS = "double_hand_points"  # winner's hand points doubled, then boxes
    DOUBLE_WINNER_TOTAL = "double_winner_total"  # winner's final total doubled
    LOSER_PAYS_EXTRA = "loser_pays_extra"  # cutthroat: shut-out player pays shutout_bonus more


class WallRule(StrEnum):
    PAGAT = "pagat"  # a knock on the last playable card scores; a plain discard kills the hand
    GRA_50TH_CARD = "gra_50th_card"  # the opponent may take that discard only to knock or gin
    NO_KNOCK_AT_WALL = "no_knock_at_wall"  # at the wall the hand is drawn, no knock allowed


class NextDealer(StrEnum):
    WINNER = "winner"
    ALTERNATE = "alternate"
    LOSER = "loser"


class KnockerSpread(StrEnum):
    DECLARED_ELSE_AUTO = "declared_else_auto"
    AUTO_OPTIMAL = "auto_optimal"


class OklahomaAce(StrEnum):
    GIN_ONLY = "gin_only"
    ONE = "one"


class PartnershipZeroNet(StrEnum):
    """A partnership deal whose team net is exactly 0 (docs/rules.md §7, §12.6: no source says)."""

    NO_BOX = "no_box"  # nobody scores: the deal is like a drawn one (the default)
    BOX_EACH = "box_each"  # each team won a table, so each team takes a box


class Rotation(StrEnum):
    """Who sits out the next hand when three play two at a time (docs/rules.md §6.1, §6.2)."""

    LOSER_SITS_IDLE_DEALS = "loser_sits_idle_deals"  # Cutthroat: the idle player deals, plays
    LOSER_DEALS_SITS_OUT = "loser_deals_sits_out"  # pagat: the loser deals and does not play


class BattleRoyalFormula(StrEnum):
    """How RG-3's "difference between his count and the sum of his opponents' counts" reads."""

    SUM_OPPONENTS_MINUS_OWN = "sum_opponents_minus_own"  # literal: Σ(opponents) − own
    PER_OPPONENT_DIFFERENCE = "per_opponent_difference"  # Σ(opponent − own)


class BattleRoyalTiedLow(StrEnum):
    """Who wins an undercut when both non-knockers share the lowest count (docs/rules.md §12.4)."""

    NEXT_IN_TURN = "next_in_turn"  # the one sitting nearer the knocker's left
    BOTH_SCORE = "both_score"  # each scores the hand and wins a box


class TargetTie(StrEnum):
    """When the highest totals are shared on the hand that reaches the target (500 Rum)."""

    SHARED = "shared"  # the game ends tied: no winner
    PLAY_ON = "play_on"  # play on until one player is ahead


class GemPairing(StrEnum):
    """How a three-player Gem Rummy knock is scored (docs/rules.md §12.3 leaves it open)."""

    EACH_NON_KNOCKER = "each_non_knocker"  # each non-knocker against the knocker
    LOWEST_NON_KNOCKER = "lowest_non_knocker"  # only the lowest non-knocker plays the knocker


class ChouetteAfterGame(StrEnum):
    """Who is in the box for the next Chouette game (docs/rules.md §6.3, §12.5)."""

    BOX_KEEPS_IF_WON_ELSE_CAPTAIN_BECOMES_BOX = "box_keeps_if_won_else_captain_becomes_box"
    ROTATE_BY_CUT = "rotate_by_cut"  # the box passes down the first game's cut order


def _opt(default: Any, help: str = "", **meta: Any) -> Any:
    """A rule's field: its default, its help for people choosing house rules (a rule only one
    game plays has its help in that game's words instead), and its bounds (``min``, ``max``).

    ``heading`` starts a group of house rules on the forms (the first field of each group
    carries it); ``per_game=True`` marks a rule that cannot change one hand's ruling (the box,
    the game, the wall, the overlays), which the check page therefore does not ask."""
    return field(default=default, metadata={"help": help, **meta})


@dataclass(frozen=True)
class Ruleset:
    """Every number a two-handed gin table (and its relatives) can change.

    Defaults are the app's default American table (docs/rules.md §11): knock ≤ 10, gin 25,
    big gin 31, undercut 25 (a tie is an undercut), box 25, game 100, shutout +100, the hand
    void when 2 cards are left in the stock.
    """

    # The pack and the cards' values
    decks: int = _opt(1, "52-card decks in the pack", min=1, max=4, heading=N_("The pack"))
    jokers: int = _opt(0, "jokers in the pack", min=0, max=8)
    joker_value: int = _opt(20, "deadwood value of a joker (usually 20)", min=0, max=100)
    jokers_wild: bool = _opt(False, "jokers are wild (else a joker is always deadwood)")
    wild_ranks: tuple[int, ...] = _opt((), "ranks that are wild, e.g. (2,) for deuces")
    wild_value: int | None = _opt(
        None, "deadwood value of a wild card; none = its own value", min=0, max=100
    )
    ace_value: int = _opt(1, "deadwood value of an ace", min=1, max=15)
    court_value: int = _opt(10, "deadwood value of J, Q, K", min=1, max=15)
    ace: AceRank = _opt(AceRank.LOW, "ace low only, or high or low without wrapping")

    # Melds
    min_set: int = _opt(3, "fewest cards in a set", min=2, max=4, heading=N_("Melds"))
    max_set: int = _opt(4, "most cards in a set (more than 4 needs several decks)", min=3, max=12)
    min_run: int = _opt(3, "fewest cards in a run", min=2, max=13)
    max_run: int | None = _opt(None, "most cards in a run; none = no limit", min=3, max=14)
    wilds_adjacent_in_run: bool = _opt(True, "two wild cards may stand side by side in a run")
    min_naturals_in_meld: int = _opt(1, "natural cards every meld must hold", min=0, max=4)

    # A hand
    hand_size: int = _opt(10, "cards dealt to each player", min=3, max=15, heading=N_("A hand"))
    knock_limit: int = _opt(10, "largest deadwood a knock allows (0 = gin only)", min=0, max=15)
    knock_compare: KnockCompare = _opt(KnockCompare.LTE, "deadwood ≤ limit, or strictly <")
    gin_bonus: int = _opt(25, "bonus for gin", min=0, max=500)
    big_gin_enabled: bool = _opt(True, "big gin (all 11 cards melded) is played")
    big_gin_bonus: int = _opt(31, "bonus for big gin", min=0, max=500)
    undercut_bonus: int = _opt(25, "undercut bonus (or penalty, or flat score)", min=0, max=500)
    undercut_mode: UndercutMode = _opt(UndercutMode.BONUS_TO_DEFENDER, "how an undercut scores")
    tie_outcome: TieOutcome = _opt(TieOutcome.UNDERCUT, "when the deadwoods are equal")
    knocker_min_score: int = _opt(0, min=0, max=100)
    gin_cards_speak: bool = _opt(True, "a knock whose ten cards all meld is scored as gin")
    knocker_spread: KnockerSpread = _opt(
        KnockerSpread.DECLARED_ELSE_AUTO, "whose spread counts: the one declared, else the best"
    )
    layoff_chain: bool = _opt(True, "the defender may lay off onto its own layoffs (8♠ then 9♠)")
    layoff_original_melds_only: bool = _opt(False)
    wall_size: int = _opt(2, "stock cards left when the hand is dead", min=0, max=10, per_game=True)
    wall_rule: WallRule = _opt(WallRule.PAGAT, "what may happen at the wall", per_game=True)

    # The game
    box_bonus: int = _opt(
        25, "box (line) bonus per hand won", min=0, max=500, heading=N_("The game"), per_game=True
    )
    boxes_count_toward_target: bool = _opt(
        False, "boxes count toward the target as they are won", per_game=True
    )
    game_target: int = _opt(100, "hand points that end the game", min=1, max=10000, per_game=True)
    game_bonus: int = _opt(100, "bonus for winning the game", min=0, max=10000, per_game=True)
    shutout_rule: ShutoutRule = _opt(ShutoutRule.FLAT, "what a shutout is worth", per_game=True)
    shutout_bonus: int = _opt(100, "the extra of a flat shutout", min=0, max=10000, per_game=True)
    next_dealer: NextDealer = _opt(NextDealer.WINNER, "who deals the next hand", per_game=True)
    settlement_rounding: SettlementRounding = _opt(
        SettlementRounding.NONE, "round each payment's money (no published rule; R20)"
    )

    # Oklahoma (docs/rules.md §3)
    oklahoma: bool = _opt(False, heading=N_("Oklahoma and extras"))
    oklahoma_ace: OklahomaAce = _opt(OklahomaAce.GIN_ONLY)
    spade_double: bool = _opt(True)
    spade_double_box: bool = _opt(False)
    kisses: bool = _opt(False, "extra boxes: gin 2, undercut 1 (Scarne)")

    # Hollywood (docs/rules.md §4): an overlay on any two-handed table
    hollywood: bool = _opt(False, per_game=True)
    hollywood_games: int = _opt(3, min=1, max=10, per_game=True)
    hollywood_target: int | None = _opt(None, min=1, max=10000, per_game=True)
    hollywood_continuous: bool = _opt(False, per_game=True)

    # Partnership (docs/rules.md §7)
    partnership_zero_net: PartnershipZeroNet = _opt(PartnershipZeroNet.NO_BOX, per_game=True)

    # Three-handed formats (docs/rules.md §6); ignored by two-handed games
    cutthroat_rotation: Rotation = _opt(
        Rotation.LOSER_SITS_IDLE_DEALS, heading=N_("Three-handed formats")
    )
    battle_royal_winner_formula: BattleRoyalFormula = _opt(
        BattleRoyalFormula.SUM_OPPONENTS_MINUS_OWN
    )
    battle_royal_tied_low: BattleRoyalTiedLow = _opt(BattleRoyalTiedLow.NEXT_IN_TURN)
    battle_royal_undercut_pays_difference: bool = _opt(False)
    chouette_after_game: ChouetteAfterGame = _opt(
        ChouetteAfterGame.BOX_KEEPS_IF_WON_ELSE_CAPTAIN_BECOMES_BOX
    )

    # Rummy games (docs/rules.md §8.4)
    rummy_penalty: bool = _opt(False)
    going_rummy_multiplier: int = _opt(2, min=1, max=4)
    target_tie: TargetTie = _opt(TargetTie.SHARED)

    # Gem Rummy (docs/rules.md §8.3, §12.3)
    gem_undercut_plus_difference: bool = _opt(False)
    gem_stash_layoffs: bool = _opt(True)
    gem_queens_diamonds_layoffs: bool = _opt(False)
    gem_pairing: GemPairing = _opt(GemPairing.EACH_NON_KNOCKER)
    gem_parts_knocker: int = _opt(16, min=0, max=100)
    gem_parts_non_knocker: int = _opt(8, min=0, max=100)
    # Contract Rummy and 12-Step (docs/rules.md §8.5)
    contract_list: str = _opt("")
    contract_carry_over: bool = _opt(False)

    def __post_init__(self) -> None:
        problems = list(_field_problems(self))
        if self.max_run is not None and self.max_run < self.min_run:
            problems.append(
                ("max_run", msg("must be at least min_run ({min_run})", min_run=self.min_run))
            )
        if self.max_set < self.min_set:
            problems.append(
                ("max_set", msg("must be at least min_set ({min_set})", min_set=self.min_set))
            )
        if self.max_set > 4 * self.decks + self._wild_supply():
            problems.append(("max_set", msg("is more cards of one rank than the pack holds")))
        for rank in self.wild_ranks:
            if not 1 <= rank <= 13:
                problems.append(("wild_ranks", msg("{rank} is not a rank (1-13)", rank=rank)))
        if problems:
            raise RulesetError(problems)

    def __hash__(self) -> int:
        """The hash of every field, worked out once: a cache of rulings keys on the rules of
        every hand it rules, and a club's statistics rule tens of thousands of hands."""
        cached = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))
            object.__setattr__(self, "_hash", cached)
        return int(cached)

    @property
    def hollywood_game_target(self) -> int:
        """The target each Hollywood game closes at: ``hollywood_target``, else ``game_target``."""
        return self.game_target if self.hollywood_target is None else self.hollywood_target

    def _wild_supply(self) -> int:
        wild = (self.jokers if self.jokers_wild else 0) + 4 * self.decks * len(self.wild_ranks)
        return wild

    # -- derived values --------------------------------------------------------------------

    @property
    def upcard_sets_knock_limit(self) -> bool:
        """Whether each hand's first upcard sets its knock limit (Oklahoma, docs/rules.md §3):
        the engine asks this, so that it speaks of the rule rather than of a game's name."""
        return self.oklahoma

    @property
    def ace_upcard_gin_only(self) -> bool:
        """Whether an ace as that upcard leaves the hand gin only (else its limit is 1)."""
        return self.oklahoma_ace is OklahomaAce.GIN_ONLY

    @property
    def deck(self) -> Deck:
        return Deck(self.decks, self.jokers)

    @property
    def has_wilds(self) -> bool:
        return bool(self.wild_ranks) or (self.jokers_wild and self.jokers > 0)

    def knock_allowed(self, deadwood: int, limit: int | None = None) -> bool:
        """Whether ``deadwood`` may knock under ``limit`` (default: this table's knock limit)."""
        limit = self.knock_limit if limit is None else limit
        if self.knock_compare is KnockCompare.LT:
            return deadwood < limit
        return deadwood <= limit

    def knock_limit_text(self, limit: int | None = None) -> str:
        limit = self.knock_limit if limit is None else limit
        sign = "<" if self.knock_compare is KnockCompare.LT else "≤"
        return f"{sign} {limit}"

    # -- house rules and storage -----------------------------------------------------------

    def with_overrides(self, **overrides: Any) -> Ruleset:
        """A copy with house rules applied, values coerced from text/JSON and validated."""
        unknown = sorted(set(overrides) - set(FIELD_TYPES))
        if unknown:
            raise RulesetError([(name, msg("is not a rule")) for name in unknown])
        coerced = {name: coerce_value(name, value) for name, value in overrides.items()}
        return dataclasses.replace(self, **coerced)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: enums as their values, tuples as lists."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, StrEnum):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """Inverse of :meth:`to_dict`; keys left out take the defaults, unknown keys are errors."""
        return cls().with_overrides(**data)

    @classmethod
    def from_json(cls, text: str) -> Ruleset:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise RulesetError([("rules", msg("must be a JSON object"))])
        return cls.from_dict(data)

    def differences(self, other: Ruleset) -> dict[str, tuple[Any, Any]]:
        """Fields where ``other`` differs from this one: name → (ours, theirs)."""
        mine, theirs = self.to_dict(), other.to_dict()
        return {k: (mine[k], theirs[k]) for k in mine if mine[k] != theirs[k]}


class RulesetError(ValueError):
    """Every problem with a set of rules at once, as (field, reason) pairs.

    Each reason is a :class:`Message` (its English is ``str(reason)``: "must be at least 0
    (got -1)"); ``message`` says them all, each after its rule's name, as ``str(exc)`` does.
    """

    def __init__(self, problems: list[tuple[str, Message]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{name} {reason}" for name, reason in problems))

    @property
    def message(self) -> Message:
        """Every problem in words, for the pages: "knock_limit must be at least 0 (got -1)"."""
        said = [msg("{rule} {reason}", rule=name, reason=reason) for name, reason in self.problems]
        found = said[0] if said else joined()
        for more in said[1:]:
            found = msg("{problems}; {problem}", problems=found, problem=more)
        return found


FIELD_TYPES: dict[str, Any] = get_type_hints(Ruleset)
FIELD_HELP: dict[str, str] = {
    f.name: f.metadata["help"] for f in dataclasses.fields(Ruleset) if f.metadata["help"]
}
"""The help of the rules every table shares; a rule only one game plays has its help in the
game's words, and ``referee.games.words.rule_help()`` says every rule's."""


def _field_problems(rules: Ruleset) -> list[tuple[str, Message]]:
    problems: list[tuple[str, Message]] = []
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        low, high = f.metadata.get("min"), f.metadata.get("max")
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        if low is not None and value < low:
            problems.append(
                (f.name, msg("must be at least {low} (got {value})", low=low, value=value))
            )
        if high is not None and value > high:
            problems.append(
                (f.name, msg("must be at most {high} (got {value})", high=high, value=value))
            )
    return problems


_TRUE = {"true", "yes", "on", "1", "y"}
_FALSE = {"false", "no", "off", "0", "n"}
_NONE = {"none", "null", "", "off"}


def coerce_value(name: str, value: Any) -> Any:
    """Turn a JSON value or a typed ``key=value`` string into the field's type, or say why not."""
    kind = FIELD_TYPES[name]
    text = value.strip().lower() if isinstance(value, str) else None
    if kind is bool:
        if isinstance(value, bool):
            return value
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise RulesetError([(name, msg("must be true or false (got {value})", value=repr(value)))])
    if kind in (int, int | None):
        if kind == int | None and (value is None or text in _NONE):
            return None
        if isinstance(value, bool):
            raise RulesetError(
                [(name, msg("must be a whole number (got {value})", value=repr(value)))]
            )
        if isinstance(value, int):
            return value
        if text is not None and text.lstrip("-").isdecimal():
            return int(text)
        raise RulesetError([(name, msg("must be a whole number (got {value})", value=repr(value)))])
    if kind == tuple[int, ...]:
        items: Any = value
        if isinstance(value, str):
            items = [t for t in value.replace(",", " ").split() if t]
        if not isinstance(items, list | tuple):
            raise RulesetError(
                [(name, msg("must be a list of ranks (got {value})", value=repr(value)))]
            )
        try:
            return tuple(sorted({int(x) for x in items}))
        except (TypeError, ValueError):
            raise RulesetError(
                [(name, msg("must be a list of ranks (got {value})", value=repr(value)))]
            ) from None
    if kind is str:
        if isinstance(value, str):
            return value
        if isinstance(value, dict | list):
            return json.dumps(value, sort_keys=True, ensure_ascii=False)
        raise RulesetError([(name, msg("must be text (got {value})", value=repr(value)))])
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        try:
            return kind(text if text is not None else value)
        except ValueError:
            allowed = ", ".join(m.value for m in kind)
            said = msg("must be one of {allowed} (got {value})", allowed=allowed, value=repr(value))
            raise RulesetError([(name, said)]) from None
    raise RulesetError([(name, msg("cannot be set"))])  # pragma: no cover - every field is covered


def parse_override(text: str) -> tuple[str, Any]:
    """``"knock_limit=7"`` → ``("knock_limit", 7)``, as the shell's ``--rule`` takes it."""
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep:
        raise RulesetError([(name or text, msg("needs the form key=value"))])
    if name not in FIELD_TYPES:
        raise RulesetError([(name, msg("is not a rule"))])
    return name, coerce_value(name, value)


DEFAULT_RULES = Ruleset()


# What real tables play: the engine takes more (a pack of four decks and eight jokers), but a
# server that rules for anyone asks no more than this of one request.
TABLE_LIMITS: dict[str, int] = {
    "decks": 2,
    "jokers": 4,
    "hand_size": 13,
    "max_set": 8,
}
MAX_WILD_RANKS = 1


def table_problems(rules: Ruleset) -> list[tuple[str, Message]]:
    """Where ``rules`` ask for more than a real table plays, as (rule, reason) pairs.

    >>> table_problems(Ruleset(decks=2, jokers=4))
    []
    >>> name, reason = table_problems(Ruleset(jokers=8, jokers_wild=True, wild_ranks=(2, 3)))[0]
    >>> name, str(reason)
    ('jokers', 'at most 4 at a real table (got 8)')
    """
    problems: list[tuple[str, Message]] = []
    for name, most in TABLE_LIMITS.items():
        value = getattr(rules, name)
        if value > most:
            problems.append(
                (name, msg("at most {most} at a real table (got {value})", most=most, value=value))
            )
    if len(rules.wild_ranks) > MAX_WILD_RANKS:
        problems.append(
            (
                "wild_ranks",
                msg_n(
                    "at most {count} wild rank at a real table (deuces, say)",
                    "at most {count} wild ranks at a real table (deuces, say)",
                    MAX_WILD_RANKS,
                ),
            )
        )
    return problems
