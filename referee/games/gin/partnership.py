"""Four-handed partnership gin (docs/rules.md §7): two teams of two, two tables per deal.

Seats 0–3 are players A, B, C, D; partners sit opposite, so team 0 is A and C (seats 0, 2)
and team 1 is B and D (seats 1, 3). Every deal is two simultaneous two-handed hands, one at
each table, and the opponents alternate from deal to deal (:func:`pairings`)::

    deal 1, 3, 5, ...   table 1: A vs B    table 2: C vs D
    deal 2, 4, 6, ...   table 1: A vs D    table 2: C vs B

Each table's hand is ruled as usual (``adjudicate``: gin and undercut bonuses apply inside
each hand). :func:`deal_score` then makes one team score of the deal: the sum of the members'
signed results — both won: the total; split: the higher less the lower, to that team — and
one box to the team that comes out ahead (RG-PART: "box bonus applies to the team result").
A drawn table does not count, only the other one; with both drawn the deal scores nothing
and is not replayed (BIC-PG, RT). The deal's score is an ordinary two-seat
:class:`~referee.rules.results.HandScore` with the teams as seats, so the match is simply
``ledger.fold_match(scores, rules, players=2)``: target 125, game bonus 100, shutout 100 and
the ledger's tallies, and ``settlement.settle`` for the money, team against team.

Decisions where docs/rules.md leaves room (§12.6):

- A deal whose team net is exactly 0 with a table won on each side (+12 and −12): by default
  nobody scores and there is no box (``partnership_zero_net = no_box``), as for a drawn deal;
  ``box_each`` gives each team a box, since each won a table.
- The team's box is one box per deal won, whatever the winning tables earned (kisses or a
  doubled box at a table do not multiply the team's box).
- The dealing side: the side that won the deal deals the next one (``next_dealer = winner``,
  BIC-PG "winners of each hand deal"), each of its members at their own table; after a deal
  that nobody won the same side deals again. ``alternate`` and ``loser`` work as in the
  two-handed game, between the two sides.
- Money settles team against team (:func:`settle_teams`); how partners share it is theirs.

>>> [t.label for t in pairings(0)], [t.label for t in pairings(1)]
(['A vs B', 'C vs D'], ['A vs D', 'C vs B'])
>>> from referee.rules.results import HandResult, Outcome, Role
>>> a_by_16 = HandResult(Outcome.KNOCK, Role.KNOCKER, 16, 1, 2, 18)
>>> c_by_12 = HandResult(Outcome.KNOCK, Role.KNOCKER, 12, 1, 3, 15)
>>> deal = deal_score(0, [TableResult(a_by_16, 0), TableResult(c_by_12, 2)], PARTNERSHIP)
>>> deal.team_points, deal.score
((28, -28), HandScore(points=(28, 0), boxes=(1, 0)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from referee.rules.ledger import MatchLedger, dealers, fold_match, next_dealer
from referee.rules.messages import Message, msg, verbatim
from referee.rules.results import HandResult, HandScore, Outcome, Step
from referee.rules.ruleset import PartnershipZeroNet, Ruleset, ShutoutRule
from referee.rules.settlement import Settlement, SettlementRounding, settle

PLAYERS = 4
TEAMS = 2
SEAT_NAMES = ("A", "B", "C", "D")
TEAM_OF = (0, 1, 0, 1)
"""The team of each seat: partners sit opposite (A and C, B and D)."""
MEMBERS = ((0, 2), (1, 3))
"""The seats of each team."""

PARTNERSHIP = Ruleset(
    game_target=125,
    game_bonus=100,
    shutout_rule=ShutoutRule.FLAT,
    shutout_bonus=100,
)

# (name, title, one-line description, rules, source) — the family is "partnership".
TABLES: tuple[tuple[str, str, str, Ruleset, str], ...] = (
    (
        "partnership",
        "Partnership (two teams of two)",
        "Four players, two teams: two two-handed games each deal, opponents alternating; "
        "the team's net scores with one box; game 125 +100, shutout +100 more.",
        PARTNERSHIP,
        "docs/rules.md §7 (BIC-PG, RG-PART)",
    ),
)


# -- who plays whom ------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One table of a deal: ``number`` 1 or 2, ``players`` as (team 0's player, team 1's
    player), and its ``dealer`` (a seat, or None when the dealing side is not given)."""

    number: int
    players: tuple[int, int]
    dealer: int | None = None

    def opponent(self, seat: int) -> int:
        """The other player at this table."""
        if seat not in self.players:
            raise ValueError(f"{SEAT_NAMES[seat]} does not play at table {self.number}")
        return self.players[1] if seat == self.players[0] else self.players[0]

    @property
    def label(self) -> str:
        """``"A vs B"``."""
        return f"{SEAT_NAMES[self.players[0]]} vs {SEAT_NAMES[self.players[1]]}"


def pairings(deal: int, dealing_team: int | None = None) -> tuple[Table, Table]:
    """The two tables of deal ``deal`` (0-based): A vs B and C vs D on even deals, A vs D and
    C vs B on odd ones. With ``dealing_team``, each table's dealer is that team's member."""
    _check_deal(deal)
    if dealing_team is not None and dealing_team not in (0, 1):
        raise ValueError(f"the dealing team must be 0 (A and C) or 1 (B and D), not {dealing_team}")
    opponents = (1, 3) if deal % 2 == 0 else (3, 1)
    tables = []
    for number, (ours, theirs) in enumerate(zip(MEMBERS[0], opponents, strict=True), start=1):
        players = (ours, theirs)
        dealer = None if dealing_team is None else players[dealing_team]
        tables.append(Table(number, players, dealer))
    return tables[0], tables[1]


# -- one deal ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableResult:
    """What one table of a deal produced: the ruling and the seat (0–3) that knocked.

    ``knocker`` is None only for a hand that nobody won (a drawn hand, a wash). Make the
    ruling with ``adjudicate.rule_counts`` / ``rule_cards`` / ``rule_dead_hand`` exactly as
    for a two-handed game.
    """

    result: HandResult
    knocker: int | None


@dataclass(frozen=True)
class TableOutcome:
    """One table's part in a deal: who scored and how much (``points`` to ``winner``; negative
    only for a knocker's penalty under ``undercut_mode = penalty_to_knocker``), or ``drawn``
    when the table does not count (a drawn hand or a wash)."""

    table: Table
    result: HandResult
    knocker: int | None
    winner: int | None
    points: int
    drawn: bool

    @property
    def team_points(self) -> tuple[int, int]:
        """The table's signed result for each team (they sum to 0)."""
        if self.winner is None:
            return (0, 0)
        signed = self.points if TEAM_OF[self.winner] == 0 else -self.points
        return (signed, -signed)


@dataclass(frozen=True)
class DealScore:
    """A partnership deal scored for the teams.

    ``team_points`` are each team's signed net (they sum to 0); ``score`` is what the deal
    adds to each team in the ledger (points to the team ahead, its box); ``steps`` say why.
    """

    deal: int
    tables: tuple[TableOutcome, TableOutcome]
    team_points: tuple[int, int]
    score: HandScore
    steps: tuple[Step, ...]

    @property
    def deal_number(self) -> int:
        return self.deal + 1

    @property
    def winner(self) -> int | None:
        """The team that came out ahead, or None (both drawn, or a net of 0)."""
        if self.team_points[0] == 0:
            return None
        return 0 if self.team_points[0] > 0 else 1


def deal_score(deal: int, tables: Sequence[TableResult], rules: Ruleset) -> DealScore:
    """Score deal ``deal`` (0-based) from its two tables' results, in table order.

    Raises ValueError when a table's result is not a finished hand (an illegal knock is not
    the end of that table's hand) or names a knocker who does not play at that table.
    """
    seating = pairings(deal)
    if len(tables) != 2:
        raise ValueError(f"a partnership deal has 2 tables (got {len(tables)})")
    outcomes = (
        _table_outcome(seating[0], tables[0]),
        _table_outcome(seating[1], tables[1]),
    )
    steps = [_table_step(o) for o in outcomes]
    net = sum(o.team_points[0] for o in outcomes)
    team_points = (net, -net)
    if net != 0:
        team = 0 if net > 0 else 1
        score = HandScore.to_seat(team, abs(net), 1, TEAMS)
        steps.append(Step(_net_text(outcomes, team, abs(net)), "§7"))
    elif all(o.drawn for o in outcomes):
        score = HandScore.nothing(TEAMS)
        steps.append(
            Step(msg("Both tables are drawn: the deal scores nothing and is not replayed."), "§7")
        )
    elif rules.partnership_zero_net is PartnershipZeroNet.BOX_EACH:
        score = HandScore((0, 0), (1, 1))
        steps.append(
            Step(
                msg("The teams' results cancel out exactly: no points, and a box to each team."),
                "§7",
            )
        )
    else:
        score = HandScore.nothing(TEAMS)
        steps.append(
            Step(
                msg("The teams' results cancel out exactly: no points and no box this deal."),
                "§7",
            )
        )
    return DealScore(deal, outcomes, team_points, score, tuple(steps))


def _table_outcome(table: Table, entry: TableResult) -> TableOutcome:
    result, knocker = entry.result, entry.knocker
    where = f"table {table.number} ({table.label})"
    if not result.finished:
        raise ValueError(f"{where}: an illegal knock does not end the hand; enter how it ended")
    if not result.scored:
        return TableOutcome(table, result, knocker, None, 0, True)
    if knocker is None:
        raise ValueError(f"{where}: say who knocked")
    if knocker not in table.players:
        raise ValueError(f"{where}: {_name(knocker)} does not play at this table")
    score = result.score(table.players.index(knocker))
    index = 0 if score.boxes[0] > 0 or score.points[0] != 0 else 1
    return TableOutcome(table, result, knocker, table.players[index], score.points[index], False)


# How a table's hand ended, in the words of the catalogs' outcomes ("big gin").
_OUTCOME_WORDS: dict[Outcome, Message] = {
    Outcome.KNOCK: msg("knock"),
    Outcome.UNDERCUT: msg("undercut"),
    Outcome.GIN: msg("gin"),
    Outcome.BIG_GIN: msg("big gin"),
    Outcome.WASH: msg("wash"),
    Outcome.DEAD: msg("dead"),
    Outcome.ILLEGAL_KNOCK: msg("illegal knock"),
}


def _outcome_words(outcome: Outcome) -> Message:
    return _OUTCOME_WORDS.get(outcome) or verbatim(outcome.value.replace("_", " "))


def _table_step(o: TableOutcome) -> Step:
    table = o.table.number
    first, second = o.table.players
    players = msg("{first} vs {second}", first=_name(first), second=_name(second))
    if o.drawn:
        if o.result.outcome is Outcome.DEAD:
            said = msg(
                "Table {table} ({players}): drawn, it does not count.", table=table, players=players
            )
        else:
            said = msg(
                "Table {table} ({players}): a wash, it does not count.",
                table=table,
                players=players,
            )
        return Step(said, "§7")
    assert o.winner is not None
    loser = o.table.opponent(o.winner)
    how = _outcome_words(o.result.outcome)
    if o.points < 0:
        return Step(
            msg(
                "Table {table} ({players}): {winner} loses {points} to {loser} ({how}).",
                table=table,
                players=players,
                winner=_name(o.winner),
                points=-o.points,
                loser=_name(loser),
                how=how,
            ),
            "§7",
        )
    return Step(
        msg(
            "Table {table} ({players}): {winner} beats {loser} by {points} ({how}).",
            table=table,
            players=players,
            winner=_name(o.winner),
            loser=_name(loser),
            points=o.points,
            how=how,
        ),
        "§7",
    )


def _net_text(outcomes: Sequence[TableOutcome], team: int, net: int) -> Message:
    name = team_name(team)
    parts = [o.team_points[team] for o in outcomes if not o.drawn]
    if len(parts) == 1:
        return msg(
            "Only the other table counts: team {team} scores {net} and the box.",
            team=name,
            net=net,
        )
    first, *rest = parts
    shown = ("−" if first < 0 else "") + str(abs(first))
    shown += "".join(f" {'−' if p < 0 else '+'} {abs(p)}" for p in rest)
    return msg("Team {team} nets {sum} = {net} and takes the box.", team=name, sum=shown, net=net)


def _name(seat: int) -> str:
    return SEAT_NAMES[seat]


def team_name(team: int) -> str:
    """``"AC"`` or ``"BD"``."""
    return "".join(SEAT_NAMES[s] for s in MEMBERS[team])


# -- the match -----------------------------------------------------------------------------


def fold_partnership(deals: Sequence[DealScore], rules: Ruleset) -> MatchLedger:
    """The match's games, with the two teams as the ledger's seats 0 (AC) and 1 (BD)."""
    return fold_match([d.score for d in deals], rules, players=TEAMS)


def dealing_teams(first_team: int, deals: Sequence[DealScore], rules: Ruleset) -> tuple[int, ...]:
    """The dealing side of each deal (see the module's decisions); pass each to
    :func:`pairings` for the tables' dealers."""
    return dealers(first_team, [d.score for d in deals], rules, players=TEAMS)


def next_dealing_team(first_team: int, deals: Sequence[DealScore], rules: Ruleset) -> int:
    """The side that deals the deal after ``deals``."""
    return next_dealer(first_team, [d.score for d in deals], rules, players=TEAMS)


def settle_teams(
    ledger: MatchLedger,
    stake_per_point: Decimal | int | str = Decimal(1),
    rounding: SettlementRounding = SettlementRounding.NONE,
) -> Settlement:
    """Team against team: the finished games' totals settled as a two-player game."""
    return settle(ledger.totals, stake_per_point, ledger.extras, rounding)


def _check_deal(deal: int) -> None:
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 0:
        raise ValueError(f"a deal is numbered from 0 (got {deal!r})")
