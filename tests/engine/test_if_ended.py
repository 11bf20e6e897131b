"""Where the money stands during play (issue 14): the match settled as if the game in
progress ended now, by the engine, with the boxes counted and what the game bonus would add."""

from __future__ import annotations

from decimal import Decimal

from referee.rules.if_ended import if_ended_now
from referee.rules.ledger import fold_match
from referee.rules.results import HandScore
from referee.rules.ruleset import Ruleset
from referee.rules.settlement import MoneyTransfer, SettlementRounding

RULES = Ruleset(box_bonus=25, game_bonus=100, game_target=100)


def test_two_hands_in_ben_pays_ann_for_points_and_boxes() -> None:
    # Ann 18 + 25 (one box), Ben 5 + 25: Ben pays Ann 13 points = 1.30 at 0.10
    hands = [HandScore.to_seat(0, 18), HandScore.to_seat(1, 5)]
    now = if_ended_now(fold_match(hands, RULES), Decimal("0.10"))
    assert now is not None
    assert (now.game, now.counted, now.leader) == (1, (43, 30), 0)
    assert now.as_it_stands.money_transfers == (MoneyTransfer(1, 0, Decimal("1.30")),)
    # the game to Ann adds her game bonus (Ben scored, so no shutout): 113 points, 11.30
    assert now.bonus == 100
    assert now.with_bonus is not None
    assert now.with_bonus.money_transfers == (MoneyTransfer(1, 0, Decimal("11.30")),)


def test_a_shutout_and_earlier_games_count_and_rounding_is_on_points() -> None:
    rules = RULES.with_overrides(settlement_rounding="half_up_10")
    # game 1: Ann 120 + box → Ann wins; game 2 in play: Ben 7 and a box, Ann nothing yet
    hands = [HandScore.to_seat(0, 120), HandScore.to_seat(1, 7)]
    ledger = fold_match(hands, rules)
    (first,) = ledger.finished_games
    assert first.final_totals is not None
    now = if_ended_now(ledger, Decimal("0.01"), SettlementRounding.HALF_UP_10)
    assert now is not None and now.game == 2
    # Ann's game 1 total, less Ben's 7 + 25 in game 2, rounded to 10 points
    exact = first.final_totals[0] - first.final_totals[1] - 32
    assert now.as_it_stands.pairs[0].exact_points == exact
    assert now.as_it_stands.pairs[0].points == SettlementRounding.HALF_UP_10.points(exact)
    # Ben leads game 2 with Ann on 0: closing it now gives Ben the game bonus and a shutout
    assert now.leader == 1 and now.bonus > 100
    assert now.with_bonus is not None
    assert now.with_bonus.pairs[0].exact_points == exact - now.bonus


def test_nothing_in_play_is_none_and_a_tie_for_the_lead_has_no_bonus() -> None:
    assert if_ended_now(fold_match([], RULES)) is None
    finished = fold_match([HandScore.to_seat(0, 120)], RULES)
    assert if_ended_now(finished) is None  # the last hand ended the game
    tie = if_ended_now(fold_match([HandScore.to_seat(0, 10), HandScore.to_seat(1, 10)], RULES))
    assert tie is not None and tie.leader is None and tie.with_bonus is None
    assert tie.as_it_stands.transfers == ()
