"""Four-handed partnership gin: docs/rules.md §7 (teams, alternating opponents, team score, box to
the team, 125, drawn tables) and the decision on a team net of exactly 0 (§12.6).

Each test is named after the rule or vector it checks.
"""

from __future__ import annotations

import doctest
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.gin import partnership
from referee.games.gin.partnership import (
    MEMBERS,
    TEAM_OF,
    DealScore,
    Table,
    TableResult,
    deal_score,
    dealing_teams,
    fold_partnership,
    next_dealing_team,
    pairings,
    settle_teams,
    team_name,
)
from referee.games.presets import get_preset, play_family
from referee.rules.results import HandResult, Outcome
from referee.rules.ruleset import NextDealer, PartnershipZeroNet, Ruleset, TieOutcome
from tests.engine.counts import drawn, illegal, ruled

A, B, C, D = 0, 1, 2, 3
AC, BD = 0, 1
RULES = get_preset("partnership").rules


def knock_win(knocker: int, by: int, rules: Ruleset = RULES) -> TableResult:
    """``knocker`` knocks with 2 and wins by ``by``."""
    return TableResult(ruled(rules, "knock", 2, 2 + by), knocker)


def beats(winner: int, by: int) -> TableResult:
    """``winner`` beats their opponent at their table by ``by`` (winning their own knock)."""
    return knock_win(winner, by)


def dead_table() -> TableResult:
    return TableResult(drawn(), None)


def score(deal: int, first: TableResult, second: TableResult, rules: Ruleset = RULES) -> DealScore:
    return deal_score(deal, [first, second], rules)


# -- the preset ----------------------------------------------------------------------------


def test_section_7_preset_target_125_game_100_shutout_100() -> None:
    preset = get_preset("partnership")
    assert preset.family == "partnership" == play_family(preset.family, preset.rules)
    assert preset.players == 4
    r = preset.rules
    assert (r.game_target, r.game_bonus, r.shutout_bonus, r.box_bonus) == (125, 100, 100, 25)
    assert r.shutout_rule == "flat"
    assert r.partnership_zero_net is PartnershipZeroNet.NO_BOX


# -- who plays whom ------------------------------------------------------------------------


def test_section_7_partners_sit_opposite() -> None:
    assert TEAM_OF == (AC, BD, AC, BD)
    assert MEMBERS == ((A, C), (B, D))
    assert (team_name(AC), team_name(BD)) == ("AC", "BD")


def test_section_7_opponents_alternate_each_deal() -> None:
    assert pairings(0) == (Table(1, (A, B)), Table(2, (C, D)))
    assert pairings(1) == (Table(1, (A, D)), Table(2, (C, B)))
    assert pairings(2) == pairings(0)
    assert pairings(7) == pairings(1)
    assert [t.label for t in pairings(1)] == ["A vs D", "C vs B"]
    assert pairings(1)[1].opponent(B) == C
    with pytest.raises(ValueError, match="B does not play at table 1"):
        pairings(1)[0].opponent(B)
    with pytest.raises(ValueError, match="numbered from 0"):
        pairings(-1)


def test_section_7_each_member_of_the_dealing_side_deals_at_their_table() -> None:
    assert [t.dealer for t in pairings(0, dealing_team=AC)] == [A, C]
    assert [t.dealer for t in pairings(0, dealing_team=BD)] == [B, D]
    assert [t.dealer for t in pairings(1, dealing_team=BD)] == [D, B]
    with pytest.raises(ValueError, match="dealing team must be 0"):
        pairings(0, dealing_team=2)


# -- §7 test vector ------------------------------------------------------------------------


def test_section_7_vector_both_win_the_team_scores_the_total_and_one_box() -> None:
    deal = score(0, beats(A, 16), beats(C, 12))
    assert deal.team_points == (28, -28)
    assert deal.score.points == (28, 0) and deal.score.boxes == (1, 0)
    assert deal.winner == AC
    assert [s.text for s in deal.steps] == [
        "Table 1 (A vs B): A beats B by 16 (knock).",
        "Table 2 (C vs D): C beats D by 12 (knock).",
        "Team AC nets 16 + 12 = 28 and takes the box.",
    ]


def test_section_7_vector_split_tables_the_higher_less_the_lower() -> None:
    # docs/rules.md's example keeps A vs B and C vs D; under alternation those tables meet on the
    # odd-numbered deals (index 0, 2, 4, ...).
    deal = score(2, beats(A, 7), beats(D, 13))
    assert deal.team_points == (-6, 6)
    assert deal.score.points == (0, 6) and deal.score.boxes == (0, 1)
    assert deal.winner == BD
    assert deal.steps[-1].text == "Team BD nets −7 + 13 = 6 and takes the box."


def test_section_7_vector_through_the_ledger() -> None:
    deals = [score(0, beats(A, 16), beats(C, 12)), score(2, beats(A, 7), beats(D, 13))]
    ledger = fold_partnership(deals, RULES)
    game = ledger.current
    assert game.points == (28, 6) and game.boxes == (1, 1)


def test_section_7_bic_pg_plus_12_minus_10_is_plus_2_and_the_box() -> None:
    deal = score(1, beats(A, 12), beats(B, 10))
    assert deal.team_points == (2, -2) and deal.score.boxes == (1, 0)


def test_section_7_gin_and_undercut_bonuses_apply_inside_each_hand() -> None:
    gin = TableResult(ruled(RULES, "gin", 0, 10), A)  # A +35
    undercut = TableResult(ruled(RULES, "knock", 6, 4), D)  # D undercut: C +27
    deal = score(0, gin, undercut)
    assert deal.team_points == (35 + 27, -(35 + 27))
    assert deal.steps[1].text == "Table 2 (C vs D): C beats D by 27 (undercut)."
    assert deal.score.boxes == (1, 0)  # one box to the team, not one per table


def test_section_7_the_team_box_is_one_box_whatever_the_tables_earned() -> None:
    kisses = RULES.with_overrides(kisses=True)
    gin = TableResult(ruled(kisses, "gin", 0, 10), A)
    assert gin.result.boxes == 3
    assert score(0, gin, dead_table(), kisses).score.boxes == (1, 0)


# -- drawn tables --------------------------------------------------------------------------


def test_section_7_one_table_drawn_only_the_other_counts() -> None:
    deal = score(1, dead_table(), beats(B, 9))
    assert deal.team_points == (-9, 9) and deal.score.boxes == (0, 1)
    assert deal.steps[0].text == "Table 1 (A vs D): drawn, it does not count."
    assert deal.steps[-1].text == "Only the other table counts: team BD scores 9 and the box."
    assert deal.tables[0].drawn and not deal.tables[1].drawn


def test_section_7_both_tables_drawn_score_nothing_and_are_not_replayed() -> None:
    deals = [score(0, dead_table(), dead_table()), score(1, beats(A, 5), dead_table())]
    assert deals[0].score.points == (0, 0) and deals[0].score.boxes == (0, 0)
    assert deals[0].winner is None
    assert "not replayed" in deals[0].steps[-1].text
    # The next deal is deal 1 with the next pairing, and the same side deals again.
    assert dealing_teams(AC, deals, RULES) == (AC, AC)
    assert next_dealing_team(AC, deals, RULES) == AC


def test_r14_a_washed_table_counts_as_drawn() -> None:
    wash = RULES.with_overrides(tie_outcome=TieOutcome.WASH)
    washed = TableResult(ruled(wash, "knock", 5, 5), A)
    assert washed.result.outcome is Outcome.WASH
    deal = score(0, washed, beats(D, 11), wash)
    assert deal.steps[0].text == "Table 1 (A vs B): a wash, it does not count."
    assert deal.team_points == (-11, 11)


# -- a team net of exactly 0 (§12.6) -------------------------------------------------------


def test_section_12_6_team_net_zero_scores_nothing_by_default() -> None:
    deal = score(0, beats(A, 12), beats(D, 12))
    assert deal.team_points == (0, 0) and deal.winner is None
    assert deal.score.points == (0, 0) and deal.score.boxes == (0, 0)
    assert "no box" in deal.steps[-1].text
    assert dealing_teams(BD, [deal], RULES) == (BD,)
    assert next_dealing_team(BD, [deal], RULES) == BD  # nobody won: the same side deals


def test_section_12_6_team_net_zero_option_a_box_to_each_team() -> None:
    rules = RULES.with_overrides(partnership_zero_net="box_each")
    deal = score(0, beats(A, 12), beats(D, 12), rules)
    assert deal.score.points == (0, 0) and deal.score.boxes == (1, 1)
    assert "a box to each team" in deal.steps[-1].text


# -- the game ------------------------------------------------------------------------------


def test_section_7_game_to_125_with_game_and_shutout_bonuses() -> None:
    deals = [
        score(0, beats(A, 30), beats(C, 20)),  # AC 50
        score(1, dead_table(), dead_table()),
        score(2, beats(A, 40), beats(D, 10)),  # AC 30 → 80
        score(3, dead_table(), beats(C, 45)),  # AC 45 → 125
    ]
    ledger = fold_partnership(deals, RULES)
    (game,) = ledger.games
    assert game.finished and game.winner == AC and game.shut_out == (BD,)
    assert game.points == (125, 0) and game.boxes == (3, 0)
    assert game.final_totals == (125 + 3 * 25 + 100 + 100, 0)
    assert game.hands_played == 4
    s = settle_teams(ledger, Decimal("0.05"))
    assert s.nets == (400, -400) and s.money_nets == (Decimal("20.00"), Decimal("-20.00"))


def test_section_7_winners_deal_the_next_deal() -> None:
    deals = [
        score(0, beats(B, 10), beats(C, 4)),  # BD +6
        score(1, beats(A, 10), beats(C, 4)),  # AC +14
        score(2, dead_table(), dead_table()),
    ]
    assert dealing_teams(AC, deals, RULES) == (AC, BD, AC)
    assert next_dealing_team(AC, deals, RULES) == AC
    alternate = RULES.with_overrides(next_dealer=NextDealer.ALTERNATE)
    assert dealing_teams(AC, deals, alternate) == (AC, BD, AC)
    assert next_dealing_team(AC, deals, alternate) == AC  # both drawn: the same side again
    loser = RULES.with_overrides(next_dealer=NextDealer.LOSER)
    assert dealing_teams(AC, deals, loser) == (AC, AC, BD)


# -- bad input -----------------------------------------------------------------------------


def test_an_illegal_knock_is_not_the_end_of_a_table() -> None:
    with pytest.raises(ValueError, match="table 2 \\(C vs D\\): an illegal knock"):
        score(0, beats(A, 5), TableResult(illegal(), C))


def test_the_knocker_must_play_at_that_table() -> None:
    with pytest.raises(ValueError, match="table 1 \\(A vs D\\): B does not play at this table"):
        score(1, knock_win(B, 5), beats(C, 3))
    with pytest.raises(ValueError, match="say who knocked"):
        score(0, TableResult(ruled(RULES, "gin", 0, 3), None), dead_table())


def test_a_deal_has_two_tables() -> None:
    with pytest.raises(ValueError, match="2 tables \\(got 1\\)"):
        deal_score(0, [beats(A, 5)], RULES)


def test_partnership_module_doctests() -> None:
    assert doctest.testmod(partnership).failed == 0


# -- properties ----------------------------------------------------------------------------


@st.composite
def table_st(draw: st.DrawFn, table: Table) -> TableResult:
    kind = draw(st.sampled_from(["knock", "knock", "gin", "dead"]))
    if kind == "dead":
        return dead_table()
    knocker = draw(st.sampled_from(table.players))
    if kind == "gin":
        return TableResult(ruled(RULES, "gin", 0, draw(st.integers(0, 60))), knocker)
    k = draw(st.integers(0, 10))
    return TableResult(ruled(RULES, "knock", k, draw(st.integers(0, 60))), knocker)


@st.composite
def deal_st(draw: st.DrawFn) -> tuple[int, list[TableResult]]:
    deal = draw(st.integers(0, 9))
    first, second = pairings(deal)
    return deal, [draw(table_st(first)), draw(table_st(second))]


def signed_for_ac(entry: TableResult) -> int:
    """The table's result for team AC, worked out from the ruling directly."""
    result: HandResult = entry.result
    if not result.scored:
        return 0
    assert entry.knocker is not None
    knocker_side = TEAM_OF[entry.knocker]
    scorer_side = knocker_side if result.scorer == "knocker" else 1 - knocker_side
    return result.points if scorer_side == AC else -result.points


@settings(max_examples=150, deadline=None)
@given(deal_st())
def test_property_team_score_is_the_sum_of_the_members_signed_results(
    deal_and_tables: tuple[int, list[TableResult]],
) -> None:
    deal, tables = deal_and_tables
    scored = deal_score(deal, tables, RULES)
    net = sum(signed_for_ac(e) for e in tables)
    assert scored.team_points == (net, -net)
    assert sum(scored.score.points) == abs(net)
    assert sum(scored.score.boxes) == (1 if net else 0)
    if net:
        winner = AC if net > 0 else BD
        assert scored.score.points[winner] == abs(net) and scored.score.boxes[winner] == 1
