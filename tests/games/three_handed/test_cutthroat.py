"""Cutthroat and dealer-sits-out: hands to seats, the rotation, games, settlement
(docs/rules.md §6.1, §6.2, §10 "Cutthroat")."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.presets import get_preset
from referee.games.three_handed.cutthroat import (
    CUTTHROAT,
    DEALER_SITS_OUT,
    CutthroatHand,
    CutthroatHandError,
    fold_cutthroat,
    hand_winner,
    seat_score,
    settle_game,
)
from referee.games.three_handed.rotation import Seating, SeatingError, first_seating
from referee.rules.adjudicate import HandKind, rule_counts, rule_dead_hand
from referee.rules.results import HandResult, HandScore
from referee.rules.ruleset import Rotation, Ruleset, ShutoutRule, UndercutMode

A, B, C = 0, 1, 2


def knock(rules: Ruleset, knocker: int, k: int, d: int) -> CutthroatHand:
    result = rule_counts(rules, kind=HandKind.KNOCK, knocker_deadwood=k, defender_deadwood=d)
    return CutthroatHand(result, knocker)


def gin(knocker: int, d: int) -> CutthroatHand:
    result = rule_counts(CUTTHROAT, kind=HandKind.GIN, knocker_deadwood=0, defender_deadwood=d)
    return CutthroatHand(result, knocker)


# C cut lowest, B second-lowest, A highest: B deals to A, C sits out.
FIRST = first_seating((C, B, A), Rotation.LOSER_SITS_IDLE_DEALS)

# §10: A 110 points in 4 hands, B 45 in 2, C nothing — seated as the rotation says.
VECTOR_HANDS = [
    knock(CUTTHROAT, A, 2, 32),  # A beats B by 30; B out, C deals to A
    knock(CUTTHROAT, A, 5, 30),  # A beats C by 25; C out, B deals to A
    knock(CUTTHROAT, B, 4, 24),  # B beats A by 20; A out, C deals to B
    CutthroatHand(rule_dead_hand(CUTTHROAT)),  # dead: B and C replay
    knock(CUTTHROAT, B, 1, 26),  # B beats C by 25; C out, A deals to B
    knock(CUTTHROAT, A, 3, 28),  # A beats B by 25; B out, C deals to A
    gin(A, 5),  # A gins against C: 5 + 25 = 30 ⇒ A 110
]


def test_cutthroat_vector_rules_md_section_10() -> None:
    match = fold_cutthroat(FIRST, VECTOR_HANDS, CUTTHROAT)
    game = match.ledger.games[0]
    assert game.finished and game.winner == A
    assert game.points == (110, 45, 0)
    assert game.hands_won == (4, 2, 0)
    assert game.final_totals == (310, 95, 0)
    assert game.shut_out == (C,)

    s = match.settle_game(1)
    assert s.owes(B, A) == 215
    assert s.owes(C, A) == 410  # 310 + the shutout's extra 100
    assert s.owes(C, B) == 95
    assert s.nets == (625, -120, -505)
    assert sum(s.nets) == 0
    assert [(t.payer, t.payee, t.points) for t in s.transfers] == [(B, A, 120), (C, A, 505)]


def test_cutthroat_vector_in_money_at_the_stake() -> None:
    game = fold_cutthroat(FIRST, VECTOR_HANDS, CUTTHROAT).ledger.games[0]
    s = settle_game(game, Decimal("0.10"))
    assert s.money_nets == (Decimal("62.50"), Decimal("-12.00"), Decimal("-50.50"))
    assert s.pair(C, A).money == Decimal("41.00")
    assert sum(s.money_nets) == 0


def test_vector_seatings_follow_the_cutthroat_rotation() -> None:
    match = fold_cutthroat(FIRST, VECTOR_HANDS, CUTTHROAT, names=["Ann", "Bob", "Cat"])
    played = match.seatings.played
    assert [s.sitting_out for s in played] == [C, B, C, A, A, C, B]
    assert [s.dealer for s in played] == [B, C, B, C, C, A, C]
    assert match.winners == (A, A, B, None, B, A, A)
    assert match.seatings.overridden == ()
    # A won the last hand against C: C sits out, B (idle) deals to A.
    assert match.next == Seating(dealer=B, players=(A, B), sitting_out=C)
    assert match.seatings.steps[4].rule == "R16"
    assert match.scores[3] == HandScore.nothing(3)


def test_the_match_settles_over_all_finished_games() -> None:
    match = fold_cutthroat(FIRST, VECTOR_HANDS, CUTTHROAT)
    assert match.settle_match().nets == (625, -120, -505)
    with pytest.raises(ValueError, match="there is no game 2"):
        match.settle_game(2)


def test_a_game_in_progress_cannot_be_settled() -> None:
    game = fold_cutthroat(FIRST, VECTOR_HANDS[:3], CUTTHROAT).ledger.games[0]
    with pytest.raises(ValueError, match="game 1 is not finished"):
        settle_game(game)


def test_dealer_sits_out_scores_the_same_hands_with_pagat_seating() -> None:
    first = first_seating((C, B, A), Rotation.LOSER_DEALS_SITS_OUT)  # C deals to A and B
    hands = [knock(DEALER_SITS_OUT, A, 2, 32), knock(DEALER_SITS_OUT, C, 1, 11)]
    match = fold_cutthroat(first, hands, DEALER_SITS_OUT)
    assert match.seatings.played[1] == Seating(dealer=B, players=(A, C), sitting_out=B)
    assert match.ledger.current.points == (30, 0, 10)
    # C beat A: A deals and sits out; C plays B, who dealt the hand before.
    assert match.next == Seating(dealer=A, players=(B, C), sitting_out=A)


def test_presets_carry_the_rotation_and_shutout() -> None:
    cut = get_preset("cutthroat")
    assert cut.rules == CUTTHROAT
    assert (cut.rules.box_bonus, cut.rules.game_target, cut.rules.game_bonus) == (25, 100, 100)
    assert cut.rules.shutout_rule is ShutoutRule.LOSER_PAYS_EXTRA
    pagat = get_preset("dealer_sits_out")
    assert pagat.rules.cutthroat_rotation is Rotation.LOSER_DEALS_SITS_OUT
    assert cut.family == pagat.family == "cutthroat"
    assert cut.players == pagat.players == 3 and list(cut.seats) == [3]


# -- hands onto seats ----------------------------------------------------------------------


def test_undercut_scores_for_the_defender_seat() -> None:
    result = rule_counts(CUTTHROAT, kind=HandKind.KNOCK, knocker_deadwood=8, defender_deadwood=6)
    assert seat_score(result, knocker=C, defender=A) == HandScore((27, 0, 0), (1, 0, 0))
    assert hand_winner(result, knocker=C, defender=A) == A


def test_an_undercut_penalty_to_the_knocker_is_a_loss() -> None:
    rules = CUTTHROAT.with_overrides(undercut_mode=UndercutMode.PENALTY_TO_KNOCKER)
    result = rule_counts(rules, kind=HandKind.KNOCK, knocker_deadwood=8, defender_deadwood=6)
    assert seat_score(result, knocker=C, defender=A) == HandScore((0, 0, -25), (0, 0, 0))
    assert hand_winner(result, knocker=C, defender=A) == A


# -- bad input -----------------------------------------------------------------------------


def test_the_knocker_must_have_played() -> None:
    hands = [knock(CUTTHROAT, C, 2, 12)]  # C sits out the first hand
    with pytest.raises(CutthroatHandError, match="hand 1: seat 2 is recorded as the knocker"):
        fold_cutthroat(FIRST, hands, CUTTHROAT)
    assert issubclass(CutthroatHandError, SeatingError)
    assert issubclass(CutthroatHandError, ValueError)


def test_a_scored_hand_needs_its_knocker() -> None:
    result = rule_counts(CUTTHROAT, kind=HandKind.KNOCK, knocker_deadwood=2, defender_deadwood=12)
    with pytest.raises(CutthroatHandError, match="hand 1: say who knocked"):
        fold_cutthroat(FIRST, [CutthroatHand(result)], CUTTHROAT)


def test_an_illegal_knock_is_not_a_hand() -> None:
    result = rule_counts(CUTTHROAT, kind=HandKind.KNOCK, knocker_deadwood=14, defender_deadwood=2)
    with pytest.raises(CutthroatHandError, match="hand 1: an illegal knock is not a finished"):
        fold_cutthroat(FIRST, [CutthroatHand(result, A)], CUTTHROAT)
    with pytest.raises(CutthroatHandError, match="cannot knock against itself"):
        seat_score(result, A, A)


def test_an_override_seats_the_hand_as_the_table_played_it() -> None:
    # The table let C play A with C dealing; A knocked and won.
    actual = Seating.of(dealer=C, sitting_out=B)
    hand = CutthroatHand(knock(CUTTHROAT, A, 2, 12).result, A, seating=actual)
    match = fold_cutthroat(FIRST, [hand], CUTTHROAT)
    assert match.seatings.overridden == (0,)
    assert match.scores[0].points == (10, 0, 0)
    assert match.next == Seating(dealer=B, players=(A, B), sitting_out=C)


# -- properties ----------------------------------------------------------------------------


def _result(kind: str, k: int, d: int) -> HandResult:
    if kind == "dead":
        return rule_dead_hand(CUTTHROAT)
    if kind == "gin":
        return rule_counts(CUTTHROAT, kind=HandKind.GIN, knocker_deadwood=0, defender_deadwood=d)
    return rule_counts(CUTTHROAT, kind=HandKind.KNOCK, knocker_deadwood=k, defender_deadwood=d)


hand_inputs = st.lists(
    st.tuples(
        st.sampled_from(["knock", "gin", "dead"]),
        st.booleans(),
        st.integers(1, 10),
        st.integers(0, 60),
    ),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(cut=st.permutations([A, B, C]), inputs=hand_inputs, stake=st.sampled_from(["1", "0.05"]))
def test_every_game_settles_to_nets_summing_to_zero(
    cut: list[int], inputs: list[tuple[str, bool, int, int]], stake: str
) -> None:
    seating = first_seating(cut, CUTTHROAT.cutthroat_rotation)
    hands = []
    match = fold_cutthroat(seating, hands, CUTTHROAT)
    for kind, first_knocks, k, d in inputs:
        knocker = match.next.players[0 if first_knocks else 1]
        result = _result(kind, k, d)
        hands.append(CutthroatHand(result, None if kind == "dead" else knocker))
        match = fold_cutthroat(seating, hands, CUTTHROAT)
        assert len(set(match.next.players)) == 2
        assert match.next.sitting_out not in match.next.players
    for game in match.ledger.finished_games:
        s = settle_game(game, stake)
        assert sum(s.nets) == 0
        assert sum(s.money_nets) == 0
        totals = game.final_totals
        assert totals is not None
        for pair in s.pairs:
            assert pair.points >= 0
            assert pair.difference == totals[pair.payee] - totals[pair.payer]
