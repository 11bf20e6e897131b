"""Three players two at a time: the cut, the rotation, dead hands, overrides (docs/rules.md §6.1,
§6.2, R16)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games.three_handed.rotation import (
    CutTieError,
    HandOutcome,
    Seating,
    SeatingError,
    first_seating,
    next_seating,
    plan_seatings,
    seats_by_cut,
)
from referee.rules.cards import parse_cards
from referee.rules.ruleset import Rotation

A, B, C = 0, 1, 2
CUTTHROAT = Rotation.LOSER_SITS_IDLE_DEALS
PAGAT = Rotation.LOSER_DEALS_SITS_OUT


# -- the cut -------------------------------------------------------------------------------


def test_seats_by_cut_lowest_first_ace_low() -> None:
    assert seats_by_cut(parse_cards("KS AH 7D")) == (B, C, A)


def test_equal_ranks_cut_again() -> None:
    with pytest.raises(CutTieError, match="seats 0 and 2 cut the same rank"):
        seats_by_cut(parse_cards("7S 2H 7D"))


def test_cutthroat_first_hand_lowest_sits_out_second_lowest_deals_to_highest() -> None:
    # §6.2 (RG-3): C cut lowest, A second-lowest, B highest.
    first = first_seating((C, A, B), CUTTHROAT)
    assert first == Seating(dealer=A, players=(A, B), sitting_out=C)
    assert first.dealer_plays


def test_dealer_sits_out_first_hand_lowest_deals_and_sits_out() -> None:
    # §6.1 (pagat, GR-PT): the lowest cut deals first; the dealer does not play.
    first = first_seating((C, A, B), PAGAT)
    assert first == Seating(dealer=C, players=(A, B), sitting_out=C)
    assert not first.dealer_plays


def test_cut_must_name_each_seat_once() -> None:
    with pytest.raises(SeatingError, match="each of the seats 0–2 once"):
        first_seating((A, A, B), CUTTHROAT)


# -- the rotation --------------------------------------------------------------------------


def test_cutthroat_loser_sits_out_idle_player_deals_to_winner() -> None:
    # §6.2: A beats B with C idle ⇒ B sits out, C deals to A.
    seating = Seating.of(dealer=A, sitting_out=C)
    after = next_seating(seating, winner=A, rotation=CUTTHROAT)
    assert after == Seating(dealer=C, players=(A, C), sitting_out=B)


def test_pagat_loser_deals_next_and_sits_out_winner_plays_previous_dealer() -> None:
    # §6.1: C dealt to A and B; A won ⇒ B deals and sits out; A plays C.
    seating = Seating.of(dealer=C, sitting_out=C)
    after = next_seating(seating, winner=A, rotation=PAGAT)
    assert after == Seating(dealer=B, players=(A, C), sitting_out=B)


@pytest.mark.parametrize("rotation", list(Rotation))
def test_dead_hand_same_two_replay_with_the_same_dealer(rotation: Rotation) -> None:
    # R16 / §6.2 "Undefined": a dead hand is replayed by the same two.
    seating = first_seating((C, A, B), rotation)
    assert next_seating(seating, None, rotation) == seating
    plan = plan_seatings(seating, [HandOutcome(None)], rotation)
    assert plan.next == seating
    assert plan.next_step.rule == "R16"


def test_plan_explains_each_hand() -> None:
    plan = plan_seatings(
        first_seating((C, A, B), CUTTHROAT),
        [HandOutcome(A), HandOutcome(C)],
        CUTTHROAT,
        names=["Ann", "Bob", "Cat"],
    )
    assert [s.rule for s in plan.steps] == ["§6.2", "§6.2"]
    assert "Ann deals to Bob, Cat sits out" in plan.steps[0].text
    assert plan.steps[1].text == "Bob lost hand 1, so sits out; Cat, who sat out, deals to Ann."
    assert plan.next == Seating(dealer=B, players=(B, C), sitting_out=A)
    assert plan.overridden == ()


def test_manual_override_rotation_continues_from_the_hand_as_played() -> None:
    first = first_seating((C, A, B), CUTTHROAT)  # A deals to B, C out
    # The table let C play B instead (A stepped away), C dealing; B won.
    actual = Seating.of(dealer=C, sitting_out=A)
    plan = plan_seatings(first, [HandOutcome(B, seating=actual), HandOutcome(A)], CUTTHROAT)
    assert plan.expected[0] == first
    assert plan.played[0] == actual
    assert plan.overridden == (0,)
    assert "as the table recorded it" in plan.steps[0].text
    # From the hand as played: C lost ⇒ C sits out, A (idle) deals to B.
    assert plan.played[1] == Seating(dealer=A, players=(A, B), sitting_out=C)
    # A won hand 2 ⇒ B sits out, C deals to A.
    assert plan.next == Seating(dealer=C, players=(A, C), sitting_out=B)


# -- bad input -----------------------------------------------------------------------------


def test_a_player_cannot_both_sit_out_and_play() -> None:
    with pytest.raises(SeatingError, match="seat 1 cannot both sit out and play"):
        Seating(dealer=A, players=(A, B), sitting_out=B)


def test_seats_must_exist() -> None:
    with pytest.raises(SeatingError, match="3 is not a seat"):
        Seating(dealer=A, players=(A, 3), sitting_out=B)
    with pytest.raises(SeatingError, match="cannot play against itself"):
        Seating(dealer=A, players=(A, A), sitting_out=B)
    with pytest.raises(SeatingError, match="is not a seat"):
        Seating(dealer=5, players=(A, B), sitting_out=C)


def test_the_winner_must_have_played() -> None:
    first = first_seating((C, A, B), CUTTHROAT)
    # A beats B in hand 1, so B sits out hand 2 (A against C).
    with pytest.raises(SeatingError, match="hand 2: seat 1 is recorded as the winner but sat out"):
        plan_seatings(first, [HandOutcome(A), HandOutcome(B), HandOutcome(C)], CUTTHROAT)


def test_seating_errors_are_value_errors() -> None:
    assert issubclass(SeatingError, ValueError)
    assert issubclass(CutTieError, SeatingError)


# -- properties ----------------------------------------------------------------------------

cuts = st.permutations([A, B, C])
outcome_choices = st.lists(st.sampled_from(["first", "second", "dead"]), max_size=40)


@given(cut=cuts, choices=outcome_choices, rotation=st.sampled_from(list(Rotation)))
def test_every_hand_has_two_players_and_one_sitting_out(
    cut: list[int], choices: list[str], rotation: Rotation
) -> None:
    seating = first_seating(cut, rotation)
    for choice in choices:
        assert len(set(seating.players)) == 2
        assert {*seating.players, seating.sitting_out} == {A, B, C}
        if rotation is CUTTHROAT:
            assert seating.dealer in seating.players
        else:
            assert seating.dealer == seating.sitting_out
        winner = None if choice == "dead" else seating.players[0 if choice == "first" else 1]
        following = next_seating(seating, winner, rotation)
        if winner is None:
            assert following == seating
        else:
            # The winner plays on; the loser sits out; the one who sat out comes back in.
            assert following.plays(winner)
            assert following.sitting_out == seating.opponent(winner)
            assert following.plays(seating.sitting_out)
        seating = following


@given(cut=cuts, choices=outcome_choices, rotation=st.sampled_from(list(Rotation)))
def test_plan_matches_stepwise_rotation(
    cut: list[int], choices: list[str], rotation: Rotation
) -> None:
    first = first_seating(cut, rotation)
    seating = first
    outcomes = []
    for choice in choices:
        winner = None if choice == "dead" else seating.players[0 if choice == "first" else 1]
        outcomes.append(HandOutcome(winner))
        seating = next_seating(seating, winner, rotation)
    plan = plan_seatings(first, outcomes, rotation)
    assert plan.next == seating
    assert plan.played == plan.expected
    assert len(plan.steps) == len(outcomes)
