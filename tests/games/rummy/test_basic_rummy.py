"""Basic Rummy (docs/rules.md §8.4, seed 004): winner takes all, going rummy doubles, stalemates
score nothing, penalty scoring as a house rule; games by player count, pairwise settlement."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.presets import get_preset
from referee.games.rummy.basic_rummy import (
    BASIC_RUMMY,
    Ending,
    hand_size,
    pip_value,
    rule_hand,
    target_for,
)
from referee.games.three_handed.cutthroat import settle_game
from referee.rules.cards import ALL_NATURALS, parse_cards
from referee.rules.errors import InputError
from referee.rules.ledger import fold_match

NAMES = ("Ann", "Ben", "Cat", "Dan")
PENALTY = BASIC_RUMMY.with_overrides(rummy_penalty=True)


def cards(text: str) -> tuple:
    return parse_cards(text)


# -- worked hands ------------------------------------------------------------------------------


def test_the_issue_s_worked_hand_going_rummy_doubles():
    r = rule_hand(Ending.RUMMY, 2, [cards("KS 7D 2C"), cards("4H"), ()], names=NAMES[:3])
    assert r.points == (0, 0, 46)
    assert (r.base, r.multiplier, r.winner) == (23, 2, 2)
    assert r.steps[-1].text == (
        "Cat went out; Ann holds K♠ 7♦ 2♣ = 19, Ben holds 4♥ = 4; "
        "Cat scores 23, doubled for going rummy: 46."
    )


def test_every_loser_s_cards_count_melded_or_not():
    # Ben's 5♠ 6♠ 7♠ would meld: it still counts 18; aces 1, faces 10.
    r = rule_hand(Ending.OUT, 0, [(), cards("5S 6S 7S"), cards("AH QC"), cards("10D")])
    assert r.points == (18 + 11 + 10, 0, 0, 0)
    assert r.multiplier == 1


def test_counts_instead_of_cards():
    r = rule_hand(Ending.OUT, 1, [12, 0, 30, 5], names=NAMES)
    assert r.points == (0, 47, 0, 0)
    assert (
        r.steps[-1].text == "Ben went out; Ann holds 12, Cat holds 30, Dan holds 5; Ben scores 47."
    )


def test_a_loser_left_empty_needs_a_count():
    with pytest.raises(InputError) as e:
        rule_hand(Ending.OUT, 1, [12, 0, None, 3], names=NAMES)
    assert e.value.field == "count_2"


def test_stalemate_scores_nothing():
    r = rule_hand(Ending.STALEMATE, None, [cards("KS"), cards("2C"), 30], names=NAMES[:3])
    assert r.points == (0, 0, 0)
    assert r.winners == ()
    assert "Stalemate" in r.steps[-1].text


def test_penalty_scoring_charges_each_loser():
    r = rule_hand(
        Ending.RUMMY, 2, [cards("KS 7D 2C"), cards("4H"), ()], rules=PENALTY, names=NAMES[:3]
    )
    assert r.points == (-38, -8, 0)
    assert "charged" in r.steps[-1].text


def test_pip_values():
    assert [pip_value(c) for c in cards("AS 2H 9D 10C JS QH KD")] == [1, 2, 9, 10, 10, 10, 10]


def test_cards_dealt_and_targets_by_player_count():
    assert [hand_size(n) for n in range(2, 7)] == [10, 7, 7, 6, 6]
    assert [target_for(n) for n in range(2, 7)] == [100, 150, 200, None, None]


# -- bad input ---------------------------------------------------------------------------------


def test_the_winner_holds_no_cards():
    with pytest.raises(InputError) as e:
        rule_hand(Ending.OUT, 0, [cards("KS"), cards("4H")], names=NAMES[:2])
    assert e.value.field == "cards_0"
    assert "went out" in e.value.reason


def test_the_winner_s_count_is_zero():
    with pytest.raises(InputError) as e:
        rule_hand(Ending.OUT, 0, [5, 4], names=NAMES[:2])
    assert e.value.field == "count_0"


def test_no_one_holds_more_than_was_dealt():
    rules = BASIC_RUMMY.with_overrides(hand_size=7)
    with pytest.raises(InputError) as e:
        rule_hand(
            Ending.OUT, 0, [(), cards("AS 2S 3S 4S 5S 6S 7S 8S")], rules=rules, names=NAMES[:2]
        )
    assert e.value.field == "cards_1"
    assert "more than the 7 dealt" in e.value.reason


def test_a_card_held_by_two_players():
    with pytest.raises(InputError) as e:
        rule_hand(Ending.OUT, 0, [(), cards("KS 4H"), cards("4H")], names=NAMES[:3])
    assert e.value.field == "cards_2"
    assert e.value.reason == "4♥ appears twice: held by Ben and Cat"


def test_a_card_melded_and_held():
    with pytest.raises(InputError) as e:
        rule_hand(
            Ending.OUT,
            0,
            [(), cards("5S")],
            [[cards("5S 6S 7S")], []],
            names=NAMES[:2],
        )
    assert "5♠ appears twice" in e.value.reason


def test_melds_are_checked():
    with pytest.raises(InputError) as e:
        rule_hand(Ending.OUT, 0, [(), cards("2C")], [[], [cards("5S 6S 8S")]], names=NAMES[:2])
    assert e.value.field == "melds_1"
    assert "not a run" in e.value.reason
    with pytest.raises(InputError):  # no wrap, ace low
        rule_hand(Ending.OUT, 0, [(), cards("2C")], [[], [cards("QS KS AS")]], names=NAMES[:2])


def test_going_rummy_is_refused_with_earlier_melds():
    with pytest.raises(InputError) as e:
        rule_hand(Ending.RUMMY, 0, [(), cards("2C")], [[cards("5S 6S 7S")], []], names=NAMES[:2])
    assert e.value.field == "kind"


def test_a_recorded_meld_is_explained():
    r = rule_hand(Ending.OUT, 0, [(), cards("2C")], [[], [cards("5S 6S 7S")]], names=NAMES[:2])
    assert r.points == (2, 0)
    assert r.steps[0].text == "Ben laid down 5♠ 6♠ 7♠."


# -- properties --------------------------------------------------------------------------------


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, int, list[list]]:
    players = draw(st.integers(2, 6))
    size = hand_size(players)
    deck = draw(st.permutations(ALL_NATURALS))
    winner = draw(st.integers(0, players - 1))
    held = []
    at = 0
    for seat in range(players):
        n = 0 if seat == winner else draw(st.integers(0, size))
        held.append(list(deck[at : at + n]))
        at += n
    return players, winner, held


@settings(max_examples=150, deadline=None)
@given(deals(), st.booleans())
def test_the_winner_scores_the_sum_of_the_losers_pips(deal, rummy):
    players, winner, held = deal
    rules = BASIC_RUMMY.with_overrides(hand_size=hand_size(players))
    ending = Ending.RUMMY if rummy else Ending.OUT
    r = rule_hand(ending, winner, held, rules=rules)
    losers = sum(pip_value(c) for seat, h in enumerate(held) if seat != winner for c in h)
    assert r.points[winner] == losers * (2 if rummy else 1)
    assert sum(r.points) == r.points[winner]
    penalty = rule_hand(ending, winner, held, rules=rules.with_overrides(rummy_penalty=True))
    assert sum(penalty.points) == -r.points[winner]


# -- games and settlement ----------------------------------------------------------------------


def test_a_four_player_game_to_200_and_its_settlement():
    preset = get_preset("basic_rummy")
    rules = preset.rules.with_overrides(game_target=200)
    hands = [
        rule_hand(Ending.OUT, 0, [0, 40, 30, 20]),  # Ann 90
        rule_hand(Ending.RUMMY, 1, [10, 0, 20, 10]),  # Ben 80
        rule_hand(Ending.STALEMATE, None, [5, 5, 5, 5]),
        rule_hand(Ending.OUT, 0, [0, 50, 40, 30]),  # Ann 210: game
    ]
    ledger = fold_match([h.score() for h in hands], rules, players=4)
    game = ledger.games[0]
    assert game.finished and game.winner == 0
    assert game.final_totals == (210, 80, 0, 0)
    s = settle_game(game, Decimal("0.10"))
    assert s.nets == (210 - 80 + 210 + 210, 80 - 210 + 80 + 80, -210 - 80, -210 - 80)
    assert sum(s.money_nets) == 0
    assert len(s.transfers) <= 3


def test_penalty_game_ends_at_the_target_of_charges():
    rules = PENALTY.with_overrides(game_target=100)
    hands = [
        rule_hand(Ending.OUT, 0, [0, 60, 30], rules=PENALTY),
        rule_hand(Ending.OUT, 2, [10, 45, 0], rules=PENALTY),
    ]
    ledger = fold_match([h.score() for h in hands], rules, players=3)
    game = ledger.games[0]
    assert game.finished
    assert game.final_totals == (-10, -105, -30)
    assert game.winner == 0


def test_going_rummy_multiplier_11():
    """§11 ``rummy.going_rummy_multiplier``: 2 by default; a table may choose another (1: no
    extra), under either scoring."""
    held = [cards("KS 7D 2C"), cards("4H"), ()]
    triple = BASIC_RUMMY.with_overrides(going_rummy_multiplier=3)
    r = rule_hand(Ending.RUMMY, 2, held, rules=triple, names=NAMES[:3])
    assert (r.points, r.multiplier) == ((0, 0, 69), 3)
    assert r.steps[-1].text.endswith("Cat scores 23, times 3 for going rummy: 69.")
    plain = rule_hand(
        Ending.RUMMY, 2, held, rules=BASIC_RUMMY.with_overrides(going_rummy_multiplier=1)
    )
    assert plain.points == (0, 0, 23)
    penalty = rule_hand(
        Ending.RUMMY, 2, held, rules=PENALTY.with_overrides(going_rummy_multiplier=3)
    )
    assert penalty.points == (-57, -12, 0)
    assert rule_hand(Ending.OUT, 2, held, rules=triple).points == (0, 0, 23)
