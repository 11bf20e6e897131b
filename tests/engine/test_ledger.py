"""The ledger: a match folded from its hands (docs/rules.md §2.2, §2.3, §6.2, §9 R16/R18, §10)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.ledger import (
    GameLedger,
    MatchLedger,
    TallyPart,
    advance,
    close_game,
    dealers,
    fold_match,
    hand_winner,
    is_dead,
    next_dealer,
    reached_target,
)
from referee.rules.results import HandScore
from referee.rules.ruleset import NextDealer, Ruleset, ShutoutRule
from referee.rules.settlement import ExtraPayment, settle

A, B, C = 0, 1, 2


def win(seat: int, points: int, boxes: int = 1, seats: int = 2) -> HandScore:
    return HandScore.to_seat(seat, points, boxes, seats)


def dead(seats: int = 2) -> HandScore:
    return HandScore.nothing(seats)


def table(box: int, shutout: ShutoutRule = ShutoutRule.FLAT, **more: object) -> Ruleset:
    return Ruleset().with_overrides(
        box_bonus=box, game_target=100, game_bonus=100, shutout_rule=shutout, **more
    )


# A 108 points in 4 hands, B 40 in 2; A crosses 100 on the last hand.
PAGAT_GAME = [win(A, 20), win(B, 15), win(A, 30), win(B, 25), win(A, 25), win(A, 33)]
# A 112 points in 5 hands, B nothing (a dead hand on the way changes nothing).
SHUTOUT_GAME = [win(A, 20), win(A, 20), dead(), win(A, 20), win(A, 20), win(A, 32)]


def only_game(scores: list[HandScore], rules: Ruleset, players: int = 2) -> GameLedger:
    ledger = fold_match(scores, rules, players)
    assert len(ledger.games) == 1
    return ledger.games[0]


# -- docs/rules.md §10 vectors ------------------------------------------------------------------


def test_pagat_game_box_20_game_100_gives_288_to_80_margin_208() -> None:
    game = only_game(PAGAT_GAME, table(box=20))
    assert game.finished and game.winner == A and not game.tied
    assert game.points == (108, 40)
    assert game.boxes == (4, 2)
    assert game.final_totals == (288, 80)
    assert game.margin == 208
    assert game.margins == (0, 208)
    assert game.shut_out == ()
    assert game.tally[A].parts == (
        TallyPart("hand_points", "Hand points", 108),
        TallyPart("boxes", "Boxes (4 × 20)", 80),
        TallyPart("game_bonus", "Game bonus", 100),
        TallyPart("total", "Total", 288),
    )
    assert [p.key for p in game.tally[B].parts] == ["hand_points", "boxes", "total"]


def test_shutout_flat_pagat_200_game_bonus_gives_412() -> None:
    game = only_game(SHUTOUT_GAME, table(box=20, shutout=ShutoutRule.FLAT))
    assert game.shut_out == (B,)
    assert game.final_totals == (412, 0)
    assert game.tally[A].shutout == 100
    assert game.tally[A].parts[-2] == TallyPart("shutout", "Shutout bonus", 100)


def test_shutout_double_margin_box_20_gives_624() -> None:
    game = only_game(SHUTOUT_GAME, table(box=20, shutout=ShutoutRule.DOUBLE_MARGIN))
    assert game.final_totals == (624, 0)
    assert game.margin == 624


def test_shutout_double_hand_points_box_25_gives_449() -> None:
    game = only_game(SHUTOUT_GAME, table(box=25, shutout=ShutoutRule.DOUBLE_HAND_POINTS))
    assert game.final_totals == (449, 0)
    assert game.tally[A].shutout == 112


def test_shutout_double_winner_total_box_25_gives_674() -> None:
    game = only_game(SHUTOUT_GAME, table(box=25, shutout=ShutoutRule.DOUBLE_WINNER_TOTAL))
    assert game.final_totals == (674, 0)


def test_shutout_none_adds_nothing() -> None:
    game = only_game(SHUTOUT_GAME, table(box=20, shutout=ShutoutRule.NONE))
    assert game.shut_out == (B,)  # still reported
    assert game.final_totals == (312, 0)
    assert game.extras == ()


def test_shutout_loser_pays_extra_two_players_is_settled_outside_the_totals() -> None:
    game = only_game(SHUTOUT_GAME, table(box=20, shutout=ShutoutRule.LOSER_PAYS_EXTRA))
    assert game.final_totals == (312, 0)
    assert game.extras == (ExtraPayment(B, A, 100),)
    assert settle(game.final_totals or (), Decimal(1), game.extras).nets == (412, -412)


def test_cutthroat_three_players_fold_and_settle() -> None:
    rules = table(box=25, shutout=ShutoutRule.LOSER_PAYS_EXTRA)
    hands = [
        win(A, 30, seats=3),
        win(B, 20, seats=3),
        dead(3),
        win(A, 25, seats=3),
        win(B, 25, seats=3),
        win(A, 25, seats=3),
        win(A, 30, seats=3),
    ]
    ledger = fold_match(hands, rules, players=3)
    (game,) = ledger.games
    assert game.points == (110, 45, 0)
    assert game.final_totals == (310, 95, 0)
    assert game.shut_out == (C,)
    assert ledger.extras == (ExtraPayment(C, A, 100),)
    s = settle(ledger.totals, Decimal(1), ledger.extras)
    assert [(p.payer, p.payee, p.points) for p in s.pairs] == [
        (B, A, 215),
        (C, A, 410),
        (C, B, 95),
    ]
    assert s.nets == (625, -120, -505)


# -- shutout details -----------------------------------------------------------------------


def test_double_margin_counts_the_shut_out_players_boxes() -> None:
    # B won a box with 0 points (tie scored to the knocker for 0): still shut out on points.
    hands = [win(B, 0), *SHUTOUT_GAME]
    game = only_game(hands, table(box=20, shutout=ShutoutRule.DOUBLE_MARGIN))
    assert game.shut_out == (B,)
    assert game.tally[B].total == 20
    assert game.tally[A].shutout == 312 - 20
    assert game.margin == 2 * (312 - 20)


def test_negative_hand_points_count_as_shut_out() -> None:
    hands = [HandScore((0, -20), (0, 0)), win(A, 100)]
    game = only_game(hands, table(box=20))
    assert game.shut_out == (B,)
    assert game.final_totals == (100 + 20 + 100 + 100, -20)


def test_no_shutout_when_the_loser_scored() -> None:
    game = only_game([win(B, 1), win(A, 120)], table(box=25))
    assert game.shut_out == ()
    assert game.final_totals == (245, 26)


def test_three_players_flat_shutout_is_paid_once() -> None:
    hands = [win(B, 10, seats=3), win(A, 100, seats=3)]
    game = only_game(hands, table(box=25), players=3)
    assert game.shut_out == (C,)
    assert game.final_totals == (100 + 25 + 100 + 100, 35, 0)
    assert game.margins == (0, 290, 325)


def test_three_players_double_margin_is_an_extra_payment_by_each_shut_out_player() -> None:
    hands = [win(B, 10, seats=3), win(A, 100, seats=3)]
    game = only_game(hands, table(box=25, shutout=ShutoutRule.DOUBLE_MARGIN), players=3)
    assert game.final_totals == (225, 35, 0)
    assert game.extras == (ExtraPayment(C, A, 225),)
    s = settle(game.final_totals or (), Decimal(1), game.extras)
    assert s.owes(C, A) == 2 * 225
    assert s.owes(B, A) == 190


# -- matches of several games --------------------------------------------------------------


def test_multi_game_match_starts_a_new_game_after_the_target() -> None:
    rules = table(box=20)
    hands = [*PAGAT_GAME, win(B, 60), win(B, 50), win(A, 10)]
    ledger = fold_match(hands, rules)
    assert [g.number for g in ledger.games] == [1, 2, 3]
    first, second, third = ledger.games
    assert (first.first_hand, first.ended_on) == (0, 5)
    assert (second.first_hand, second.ended_on, second.winner) == (6, 7, B)
    assert second.shut_out == (A,)
    assert second.final_totals == (0, 110 + 40 + 100 + 100)
    assert not third.finished and third.ended_on is None and third.tally == ()
    assert third.final_totals is None and third.margin is None
    assert ledger.totals == (288, 80 + 350)
    assert ledger.games_won == (1, 1)
    assert ledger.finished_games == (first, second)
    assert ledger.hands == 9
    assert [line.game for line in ledger.lines] == [1] * 6 + [2] * 2 + [3]
    assert [line.hands_played for line in ledger.lines] == [1, 2, 3, 4, 5, 6, 1, 2, 1]


def test_running_lines_and_scoreboard_state() -> None:
    ledger = fold_match([win(A, 20), dead(), win(B, 35, boxes=2)], table(box=25))
    lines = ledger.lines
    assert [ln.points for ln in lines] == [(20, 0), (20, 0), (20, 35)]
    assert [ln.boxes for ln in lines] == [(1, 0), (1, 0), (1, 2)]
    assert [ln.hands_won for ln in lines] == [(1, 0), (1, 0), (1, 1)]
    assert [ln.hand_number for ln in lines] == [1, 2, 3]
    current = ledger.current
    assert current is ledger.games[0]
    assert current.hands_played == 3
    assert current.leader == B
    assert current.needed == (80, 65)


def test_current_game_after_a_finished_game_is_a_fresh_one() -> None:
    ledger = fold_match(PAGAT_GAME, table(box=20))
    current = ledger.current
    assert current.number == 2
    assert current.points == (0, 0) and current.boxes == (0, 0)
    assert current.leader is None
    assert current.needed == (100, 100)
    assert current.first_hand is None


def test_empty_match() -> None:
    ledger = fold_match([], Ruleset())
    assert ledger.games == () and ledger.totals == (0, 0) and ledger.extras == ()
    assert ledger.current.number == 1


# -- boxes toward the target (R18) ---------------------------------------------------------


def test_boxes_do_not_count_toward_the_target_by_default() -> None:
    ledger = fold_match([win(A, 50), win(A, 45)], table(box=10))
    assert not ledger.games[0].finished
    assert ledger.current.target_totals == (95, 0)
    assert ledger.current.needed == (5, 100)


def test_boxes_count_toward_the_target_when_the_table_says_so() -> None:
    rules = table(box=10, boxes_count_toward_target=True)
    ledger = fold_match([win(A, 50), win(A, 45)], rules)
    game = ledger.games[0]
    assert game.finished and game.winner == A
    assert game.target_totals == (115, 0)
    assert game.final_totals == (50 + 45 + 20 + 100 + 100, 0)  # boxes are counted once


# -- dead and washed hands (R16) -----------------------------------------------------------


def test_dead_hands_count_as_played_but_give_no_points_or_box() -> None:
    ledger = fold_match([dead(), dead(), win(B, 10)], table(box=25))
    game = ledger.current
    assert game.hands_played == 3
    assert game.points == (0, 10) and game.boxes == (0, 1) and game.hands_won == (0, 1)


def test_kisses_give_several_boxes_for_one_hand_won() -> None:
    ledger = fold_match([win(A, 40, boxes=3), win(A, 70, boxes=2)], table(box=25))
    game = ledger.games[0]
    assert game.boxes == (5, 0) and game.hands_won == (2, 0)
    assert game.tally[A].box_points == 125


# -- ties and simultaneous crossings -------------------------------------------------------


def test_two_crossing_in_one_hand_the_higher_total_wins() -> None:
    hands = [HandScore((50, 50), (0, 0)), HandScore((60, 70), (1, 1))]
    game = only_game(hands, table(box=25))
    assert game.crossed_by == (A, B)
    assert game.winner == B and not game.tied
    assert game.final_totals == (110 + 25, 120 + 25 + 100)


def test_a_tie_at_the_target_is_explicit_with_no_winner() -> None:
    hands = [HandScore((50, 50), (0, 0)), HandScore((60, 60), (1, 1)), win(A, 5)]
    ledger = fold_match(hands, table(box=25))
    game = ledger.games[0]
    assert game.finished and game.tied and game.winner is None
    assert game.crossed_by == (A, B)
    assert game.final_totals == (135, 135)  # no game bonus, no shutout
    assert game.margins == () and game.margin is None and game.shut_out == ()
    assert ledger.games_won == (0, 0)
    assert ledger.games[1].points == (5, 0)  # the next hand starts a new game


def test_three_players_one_below_a_tie_still_ties() -> None:
    hands = [HandScore((100, 100, 99), (1, 1, 1))]
    game = only_game(hands, table(box=25), players=3)
    assert game.tied and game.crossed_by == (A, B)


# -- bad input -----------------------------------------------------------------------------


def test_wrong_seat_count_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="hand 2 has 3 seats, but the match has 2 players"):
        fold_match([win(A, 10), win(A, 10, seats=3)], Ruleset())


def test_too_few_players() -> None:
    with pytest.raises(ValueError, match="at least 2 players"):
        fold_match([], Ruleset(), players=1)


def test_negative_boxes_are_refused() -> None:
    with pytest.raises(ValueError, match="hand 1: seat 1 cannot win a negative number of boxes"):
        fold_match([HandScore((0, 10), (0, -1))], Ruleset())


# -- the pieces variants build games from ----------------------------------------------------


def test_a_game_built_from_its_pieces_is_the_folded_game() -> None:
    rules = table(box=20)
    line = None
    lines = []
    for index, score in enumerate(PAGAT_GAME):
        line = advance(line, index, 1, score, rules)
        lines.append(line)
        assert reached_target(line, rules) == (index == len(PAGAT_GAME) - 1)
    assert close_game(1, 2, rules, tuple(lines)) == only_game(PAGAT_GAME, rules)


def test_the_pieces_refuse_what_does_not_fit() -> None:
    first = advance(None, 0, 1, win(A, 10), Ruleset())
    with pytest.raises(ValueError, match="hand 2 has 3 seats, but the game has 2"):
        advance(first, 1, 1, win(A, 10, seats=3), Ruleset())
    with pytest.raises(ValueError, match="at least one hand"):
        close_game(1, 2, Ruleset(), ())


# -- the deal ------------------------------------------------------------------------------


def test_winner_deals_and_a_dead_hand_is_redealt_by_the_same_dealer() -> None:
    rules = Ruleset(next_dealer=NextDealer.WINNER)
    hands = [win(B, 10), dead(), win(A, 5), win(A, 7)]
    assert dealers(A, hands, rules) == (A, B, B, A)
    assert next_dealer(A, hands, rules) == A


def test_alternate_deal_except_after_a_dead_hand() -> None:
    rules = Ruleset(next_dealer=NextDealer.ALTERNATE)
    hands = [win(A, 10), dead(), win(A, 5), win(B, 7)]
    assert dealers(A, hands, rules) == (A, B, B, A)
    assert next_dealer(A, hands, rules) == B
    three = [win(A, 1, seats=3), win(A, 1, seats=3), win(A, 1, seats=3)]
    assert dealers(C, three, rules, players=3) == (C, A, B)


def test_loser_deals_in_a_two_player_game() -> None:
    rules = Ruleset(next_dealer=NextDealer.LOSER)
    hands = [win(B, 10), dead(), win(B, 5)]
    assert dealers(B, hands, rules) == (B, A, A)
    assert next_dealer(B, hands, rules) == A


def test_loser_deals_needs_two_players() -> None:
    with pytest.raises(ValueError, match="two-player game"):
        dealers(A, [win(A, 1, seats=3)], Ruleset(next_dealer=NextDealer.LOSER), players=3)


def test_next_dealer_with_no_hands_is_the_first_dealer() -> None:
    assert next_dealer(B, [], Ruleset()) == B


def test_first_dealer_must_be_a_seat() -> None:
    with pytest.raises(ValueError, match="seat 0–1"):
        next_dealer(2, [], Ruleset())


def test_hand_winner() -> None:
    assert hand_winner(win(B, 12)) == B
    assert hand_winner(win(A, 0)) == A  # a tie scored to the knocker for 0: the box says who
    assert hand_winner(dead()) is None
    assert hand_winner(HandScore((-20, 0), (0, 0))) == B
    assert hand_winner(HandScore((-20, 0, 0), (0, 0, 0))) is None
    assert is_dead(dead(3)) and not is_dead(HandScore((-20, 0), (0, 0)))


# -- properties ----------------------------------------------------------------------------


@st.composite
def hand_st(draw: st.DrawFn, seats: int) -> HandScore:
    kind = draw(st.sampled_from(["win", "win", "win", "dead", "multi"]))
    if kind == "dead":
        return HandScore.nothing(seats)
    if kind == "win":
        seat = draw(st.integers(0, seats - 1))
        return HandScore.to_seat(seat, draw(st.integers(0, 70)), draw(st.integers(1, 3)), seats)
    points = draw(st.lists(st.integers(-25, 70), min_size=seats, max_size=seats))
    boxes = draw(st.lists(st.integers(0, 2), min_size=seats, max_size=seats))
    return HandScore(tuple(points), tuple(boxes))


@st.composite
def match_st(draw: st.DrawFn) -> tuple[int, Ruleset, list[HandScore]]:
    seats = draw(st.sampled_from([2, 3]))
    rules = Ruleset(
        box_bonus=draw(st.sampled_from([0, 10, 20, 25])),
        boxes_count_toward_target=draw(st.booleans()),
        game_target=draw(st.sampled_from([50, 100, 150])),
        shutout_rule=draw(st.sampled_from(ShutoutRule)),
        next_dealer=draw(st.sampled_from([NextDealer.WINNER, NextDealer.ALTERNATE])),
    )
    hands = draw(st.lists(hand_st(seats), max_size=25))
    return seats, rules, hands


@given(match_st())
def test_folding_is_deterministic(match: tuple[int, Ruleset, list[HandScore]]) -> None:
    seats, rules, hands = match
    assert fold_match(hands, rules, seats) == fold_match(tuple(hands), rules, seats)


@given(match_st(), st.data())
def test_editing_a_hand_changes_nothing_before_it(
    match: tuple[int, Ruleset, list[HandScore]], data: st.DataObject
) -> None:
    seats, rules, hands = match
    if not hands:
        return
    k = data.draw(st.integers(0, len(hands) - 1))
    edited = [*hands[:k], data.draw(hand_st(seats)), *hands[k + 1 :]]
    before, after = fold_match(hands, rules, seats), fold_match(edited, rules, seats)
    assert [ln for ln in before.lines if ln.hand_index < k] == [
        ln for ln in after.lines if ln.hand_index < k
    ]
    done_before = tuple(g for g in before.games if g.finished and (g.ended_on or 0) < k)
    assert done_before == after.games[: len(done_before)]
    assert dealers(0, hands, rules, seats)[: k + 1] == dealers(0, edited, rules, seats)[: k + 1]


@given(match_st())
def test_fold_invariants(match: tuple[int, Ruleset, list[HandScore]]) -> None:
    seats, rules, hands = match
    ledger = fold_match(hands, rules, seats)
    check_invariants(ledger, hands, rules)


def check_invariants(ledger: MatchLedger, hands: list[HandScore], rules: Ruleset) -> None:
    assert [ln.hand_index for ln in ledger.lines] == list(range(len(hands)))
    assert all(g.finished for g in ledger.games[:-1])
    totals = [0] * ledger.players
    for game in ledger.games:
        # the target is reached on the last hand of a finished game and never before
        for line in game.lines[:-1]:
            assert max(line.target_totals) < rules.game_target
        reached = max(game.target_totals) >= rules.game_target
        assert game.finished == reached
        if not game.finished:
            continue
        assert game.tied == (game.winner is None)
        for t in game.tally:
            assert t.total == sum(p.points for p in t.parts if p.key != "total")
            assert t.box_points == t.boxes * rules.box_bonus
            totals[t.seat] += t.total
        if game.winner is not None:
            assert game.winner in game.crossed_by
            assert game.margins[game.winner] == 0
            assert game.target_totals[game.winner] > max(
                v for s, v in enumerate(game.target_totals) if s != game.winner
            )
    assert ledger.totals == tuple(totals)
