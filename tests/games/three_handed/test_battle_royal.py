"""Battle Royal: the three-way hand score, layoffs only on the knocker's original melds, the
open points as options, games to 200 and pairwise settlement (docs/rules.md §6.5, R6, §10)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.presets import get_preset
from referee.games.three_handed.battle_royal import (
    BATTLE_ROYAL,
    BattleRoyalResult,
    fold_battle_royal,
    layoff_order,
    rule_cards,
    rule_counts,
    rule_dead_hand,
)
from referee.games.three_handed.battle_royal_layoffs import best_play
from referee.rules.adjudicate import HandInputError, HandKind
from referee.rules.cards import ALL_NATURALS, Card, Rank, Suit, parse_cards
from referee.rules.layoffs import defender_best
from referee.rules.melds import best_arrangement
from referee.rules.results import HandScore, MeldKind, Outcome
from referee.rules.ruleset import (
    BattleRoyalFormula,
    BattleRoyalTiedLow,
    Ruleset,
    ShutoutRule,
    TieOutcome,
    UndercutMode,
)

A, B, C = 0, 1, 2
ALT = BATTLE_ROYAL.with_overrides(battle_royal_winner_formula="per_opponent_difference")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def counts(knocker: int, *deadwoods: int, rules: Ruleset = BATTLE_ROYAL, **kw: object):  # type: ignore[no-untyped-def]
    return rule_counts(rules, knocker=knocker, deadwoods=deadwoods, **kw)  # type: ignore[arg-type]


def texts(result: BattleRoyalResult) -> str:
    return "\n".join(s.text for s in result.steps)


# -- the table -----------------------------------------------------------------------------


def test_preset_is_rg3_battle_royal() -> None:
    preset = get_preset("battle_royal")
    r = preset.rules
    assert r == BATTLE_ROYAL
    assert preset.family == "battle_royal" and preset.players == 3
    assert (r.gin_bonus, r.undercut_mode, r.undercut_bonus) == (
        40,
        UndercutMode.PENALTY_TO_KNOCKER,
        20,
    )
    assert (r.wall_size, r.game_target, r.game_bonus, r.box_bonus) == (3, 200, 100, 25)
    assert r.layoff_original_melds_only and not r.layoff_chain
    assert r.battle_royal_winner_formula is BattleRoyalFormula.SUM_OPPONENTS_MINUS_OWN
    assert r.battle_royal_tied_low is BattleRoyalTiedLow.NEXT_IN_TURN
    assert not r.battle_royal_undercut_pays_difference
    assert set(preset.options) >= {
        "battle_royal_winner_formula",
        "battle_royal_tied_low",
        "battle_royal_undercut_pays_difference",
        "layoff_chain",
    }


def test_layoff_order_is_clockwise_from_the_knockers_left() -> None:
    assert layoff_order(A) == (B, C)
    assert layoff_order(C) == (A, B)


# -- §6.5 vectors from counts --------------------------------------------------------------


def test_section_6_5_knocker_wins_literal_33() -> None:
    r = counts(A, 4, 15, 22)
    assert (r.outcome, r.winners, r.points, r.boxes) == (
        Outcome.KNOCK,
        (A,),
        (33, 0, 0),
        (1, 0, 0),
    )
    assert "(15 + 22) − 4 = 33" in texts(r)
    assert "battle_royal_winner_formula=sum_opponents_minus_own" in texts(r)


def test_section_6_5_knocker_wins_alternative_29() -> None:
    r = counts(A, 4, 15, 22, rules=ALT)
    assert r.points == (29, 0, 0)
    assert "(15 − 4) + (22 − 4)" in texts(r)
    assert "battle_royal_winner_formula=per_opponent_difference" in texts(r)


def test_section_6_5_undercut_literal_b_23_a_minus_20() -> None:
    r = counts(A, 8, 5, 20)
    assert r.outcome is Outcome.UNDERCUT
    assert r.winners == (B,)
    assert r.points == (-20, 23, 0)
    assert r.boxes == (0, 1, 0)
    assert "no undercut bonus" in texts(r)
    assert "battle_royal_undercut_pays_difference=off" in texts(r)
    assert ("battle_royal_undercut_pays_difference", "off") in r.options


def test_section_6_5_undercut_alternative_18() -> None:
    assert counts(A, 8, 5, 20, rules=ALT).points == (-20, 18, 0)


def test_section_6_5_gin_42_plus_40() -> None:
    r = counts(A, 0, 30, 12, kind=HandKind.GIN)
    assert (r.outcome, r.points) == (Outcome.GIN, (82, 0, 0))
    assert "= 42, + gin bonus 40 = 82" in texts(r)
    assert counts(A, 0, 30, 12).points == (82, 0, 0)  # cards speak (R11)
    assert counts(A, 0, 30, 12, rules=ALT).points == (82, 0, 0)


# -- open points, as options named in the steps --------------------------------------------


def test_undercut_knocker_pays_the_difference_option() -> None:
    rules = BATTLE_ROYAL.with_overrides(battle_royal_undercut_pays_difference=True)
    r = counts(A, 8, 5, 20, rules=rules)
    assert r.points == (-23, 23, 0)
    assert "battle_royal_undercut_pays_difference=on" in texts(r)


def test_tied_lowest_non_knockers_next_in_turn_wins_by_default() -> None:
    r = counts(A, 9, 5, 5)
    assert r.winners == (B,)
    assert r.points == (-20, 9, 0)  # (9 + 5) − 5
    assert "battle_royal_tied_low=next_in_turn" in texts(r)
    # Knocker in seat 2: seat 0 is on its left.
    assert counts(C, 5, 5, 9).winners == (A,)


def test_tied_lowest_non_knockers_both_score_option() -> None:
    rules = BATTLE_ROYAL.with_overrides(battle_royal_tied_low=BattleRoyalTiedLow.BOTH_SCORE)
    r = counts(A, 9, 5, 5, rules=rules)
    assert r.winners == (B, C)
    assert r.points == (-20, 9, 9)
    assert r.boxes == (0, 1, 1)
    assert "battle_royal_tied_low=both_score" in texts(r)


def test_knocker_level_with_the_lowest_follows_tie_outcome() -> None:
    r = counts(A, 5, 5, 20)  # default: a tie is an undercut
    assert (r.outcome, r.winners, r.points) == (Outcome.UNDERCUT, (B,), (-20, 20, 0))
    assert "tie_outcome=undercut" in texts(r)
    wash = counts(A, 5, 5, 20, rules=BATTLE_ROYAL.with_overrides(tie_outcome=TieOutcome.WASH))
    assert (wash.outcome, wash.points, wash.winners) == (Outcome.WASH, (0, 0, 0), ())
    wins = counts(
        A, 5, 5, 20, rules=BATTLE_ROYAL.with_overrides(tie_outcome=TieOutcome.KNOCKER_WINS_ZERO)
    )
    assert (wins.outcome, wins.points) == (Outcome.KNOCK, (20, 0, 0))


def test_other_undercut_modes_when_a_table_chooses_them() -> None:
    bonus = BATTLE_ROYAL.with_overrides(undercut_mode="bonus_to_defender", undercut_bonus=25)
    assert counts(A, 8, 5, 20, rules=bonus).points == (0, 48, 0)
    flat = BATTLE_ROYAL.with_overrides(undercut_mode="flat_to_defender", undercut_bonus=25)
    assert counts(A, 8, 5, 20, rules=flat).points == (0, 25, 0)


def test_illegal_knock_scores_nothing() -> None:
    r = counts(A, 11, 5, 20)
    assert r.outcome is Outcome.ILLEGAL_KNOCK and not r.finished
    assert r.score() == HandScore.nothing(3)
    assert "an illegal knock" in texts(r)


def test_dead_hand_at_three_stock_cards() -> None:
    r = rule_dead_hand(BATTLE_ROYAL)
    assert r.outcome is Outcome.DEAD
    assert r.score() == HandScore.nothing(3)
    assert "only 3 cards are left in the stock" in r.steps[0].text
    assert r.deadwoods is None


def test_names_in_steps() -> None:
    r = counts(A, 8, 5, 20, names=["Ann", "Bob", "Cat"])
    assert "Bob's 5 is below Ann's 8" in texts(r)


# -- full cards ----------------------------------------------------------------------------

# §6.5 vector hands: nobody can lay off, so the counts are the deadwoods.
KNOCKER_4 = cards("KH KD KC 2C 3C 4C 7D 8D 9D 4H")
B_15 = cards("JS JH JD 5S 6S 7S 2H 3D 4D 6H")
C_22 = cards("10S 10H 10C QS QH QD 5H 7H AS 9C")


def test_cards_vector_knocker_wins_33() -> None:
    r = rule_cards([KNOCKER_4, B_15, C_22], BATTLE_ROYAL, knocker=A)
    assert r.deadwoods == (4, 15, 22)
    assert r.points == (33, 0, 0)
    assert r.knocker_spread is not None and r.knocker_spread.deadwood == 4
    assert [s.rule for s in r.steps][:3] == ["R3", "R2", "R6"]


def test_cards_vector_undercut_23_and_minus_20() -> None:
    knocker = cards("KH KD KC 2C 3C 4C 7D 8D 9D 8H")
    b = cards("JS JH JD JC 5S 6S 7S AH 2H 2D")
    c = cards("10S 10H 10C QS QH QD 5H 7H AS 7C")
    r = rule_cards([knocker, b, c], BATTLE_ROYAL, knocker=A)
    assert r.deadwoods == (8, 5, 20)
    assert r.points == (-20, 23, 0)


def test_cards_vector_gin_82_no_layoffs() -> None:
    knocker = cards("KH KD KC 2C 3C 4C 7D 8D 9D 10D")
    b = cards("JS JH JD 5S 6S 7S 9H 8C 6H 7H")
    c = cards("10S 10H 10C QS QH QD AS 2H 4H 5C")
    r = rule_cards([knocker, b, c], BATTLE_ROYAL, knocker=A)
    assert r.outcome is Outcome.GIN
    assert r.deadwoods == (0, 30, 12)
    assert r.points == (82, 0, 0)
    assert all(not p.layoffs for p in r.plays)
    assert "no layoffs after gin" in texts(r)


def test_eleven_melded_cards_score_gin_when_big_gin_is_not_played() -> None:
    knocker = cards("KH KD KC 2C 3C 4C 7D 8D 9D 10D JD")
    b = cards("JS JH 5S 6S 7S 9H 8C 6H 7H QC")
    c = cards("10S 10H 10C QS QH QD AS 2H 4H 5C")
    r = rule_cards([knocker, b, c], BATTLE_ROYAL, knocker=A)
    assert r.outcome is Outcome.GIN
    assert r.points[A] == 40 + r.deadwoods[B] + r.deadwoods[C]  # type: ignore[index]


# R6: the knocker spreads 4♠5♠6♠ (deadwood A♦ = 1).
R6_KNOCKER = cards("4S 5S 6S KH KD KC 2C 3C 4C AD")


def test_r6_no_layoff_onto_another_players_layoff() -> None:
    b = cards("7S JH 9H 2H 3D QD JC 10C 5D 6D")  # lays off 7♠
    c = cards("8S QS QH 5H 6H 7H 8D JD 9C 3S")  # 8♠ may not follow; 3♠ at the low end may
    r = rule_cards([R6_KNOCKER, b, c], BATTLE_ROYAL, knocker=A)
    assert [lo.card.label for lo in r.plays[B].layoffs] == ["7♠"]
    assert [lo.card.label for lo in r.plays[C].layoffs] == ["3♠"]
    assert r.plays[C].deadwood == 55
    assert "never onto a card another player laid off" in texts(r)
    spades = next(m for m in r.extended_spread if m.kind is MeldKind.RUN)
    assert spades.label == "3♠ 4♠ 5♠ 6♠ 7♠"
    # A table that lets players build on each other's layoffs: C adds 8♠ after B's 7♠.
    open_table = BATTLE_ROYAL.with_overrides(layoff_original_melds_only=False)
    r2 = rule_cards([R6_KNOCKER, b, c], open_table, knocker=A)
    assert sorted(lo.card.label for lo in r2.plays[C].layoffs) == ["3♠", "8♠"]
    assert r2.plays[C].deadwood == 47


def test_r6_own_chaining_is_an_option_default_forbid() -> None:
    b = cards("7S 8S JH 9H 2H 3D QD JC 10C 5D")
    c = cards("QS QH 5H 6H 7H 8D JD 9C 3H 4D")
    r = rule_cards([R6_KNOCKER, b, c], BATTLE_ROYAL, knocker=A)
    assert [lo.card.label for lo in r.plays[B].layoffs] == ["7♠"]
    assert r.plays[B].deadwood == 67
    assert "layoff_chain=off" in texts(r)
    chain = BATTLE_ROYAL.with_overrides(layoff_chain=True)
    r2 = rule_cards([R6_KNOCKER, b, c], chain, knocker=A)
    assert [lo.card.label for lo in r2.plays[B].layoffs] == ["7♠", "8♠"]
    assert r2.plays[B].deadwood == 59
    assert "layoff_chain=on" in texts(r2)


def test_undeclared_spread_leaves_the_others_the_fewest_layoff_points() -> None:
    # 8♠ in the run (5-8♠ takes 9♠) or in the set of four eights: both leave 6.
    knocker = cards("5S 6S 7S 8S 8H 8D 8C AD 2D 3H")
    b = cards("9S JH 9H 2H QD JC 10C 5D KS 4H")
    c = cards("QS QH 5H 6H 7H JD 9C 3C 4D 10H")
    r = rule_cards([knocker, b, c], BATTLE_ROYAL, knocker=A)
    assert r.knocker_spread is not None
    sizes = sorted((m.kind.value, len(m)) for m in r.knocker_spread.melds)
    assert sizes == [("run", 3), ("set", 4)]
    assert not r.plays[B].layoffs
    assert "fewest layoff points" in texts(r)
    # Declared the other way, 9♠ goes onto the run.
    declared = rule_cards(
        [knocker, b, c],
        BATTLE_ROYAL,
        knocker=A,
        spread=[cards("5S 6S 7S 8S"), cards("8H 8D 8C")],
    )
    assert [lo.card.label for lo in declared.plays[B].layoffs] == ["9♠"]


def test_cards_and_counts_agree() -> None:
    for hands in (
        [KNOCKER_4, B_15, C_22],
        [
            R6_KNOCKER,
            cards("7S JH 9H 2H 3D QD JC 10C 5D 6D"),
            cards("8S QS QH 5H 6H 7H 8D JD 9C 3S"),
        ],
    ):
        r = rule_cards(hands, BATTLE_ROYAL, knocker=A)
        assert r.deadwoods is not None
        again = rule_counts(BATTLE_ROYAL, knocker=A, deadwoods=r.deadwoods)
        assert (again.points, again.boxes, again.winners) == (r.points, r.boxes, r.winners)


def test_illegal_knock_from_cards() -> None:
    knocker = cards("KH KD KC 2C 3C 4C 7D 8D 8C QC")
    r = rule_cards([knocker, B_15, C_22], BATTLE_ROYAL, knocker=A)
    assert r.outcome is Outcome.ILLEGAL_KNOCK
    assert r.points == (0, 0, 0)


# -- bad input -----------------------------------------------------------------------------


def test_bad_counts() -> None:
    with pytest.raises(HandInputError, match="knocker: must be a seat 0–2"):
        counts(3, 1, 2, 3)
    with pytest.raises(HandInputError, match="one count per seat"):
        rule_counts(BATTLE_ROYAL, knocker=A, deadwoods=(1, 2))
    with pytest.raises(HandInputError, match="seat 1's count cannot be negative"):
        counts(A, 1, -2, 3)
    with pytest.raises(HandInputError, match="gin leaves none"):
        counts(A, 3, 2, 3, kind=HandKind.GIN)
    assert issubclass(HandInputError, ValueError)


def test_bad_hands() -> None:
    with pytest.raises(HandInputError, match="needs 3 hands"):
        rule_cards([KNOCKER_4, B_15], BATTLE_ROYAL, knocker=A)
    with pytest.raises(HandInputError, match="seat 1 holds 9 cards"):
        rule_cards([KNOCKER_4, B_15[:9], C_22], BATTLE_ROYAL, knocker=A)
    clash = (*C_22[:9], KNOCKER_4[0])
    with pytest.raises(HandInputError, match="`K♥` is also in seat 0's hand") as info:
        rule_cards([KNOCKER_4, B_15, clash], BATTLE_ROYAL, knocker=A)
    assert info.value.field == "hand_2"
    with pytest.raises(HandInputError, match="spread"):
        rule_cards([KNOCKER_4, B_15, C_22], BATTLE_ROYAL, knocker=A, spread=[cards("KH KD 4H")])


# -- a game to 200 and its settlement ------------------------------------------------------


def test_game_to_200_with_two_handed_bonuses_and_pairwise_settlement() -> None:
    hands = [
        counts(A, 4, 15, 22),  # A +33
        counts(A, 8, 5, 20),  # A −20, B +23
        rule_dead_hand(BATTLE_ROYAL),
        counts(A, 0, 30, 12),  # A +82
        counts(A, 0, 30, 12),  # A +82 (177)
        counts(A, 4, 15, 22),  # A +33 ⇒ 210
    ]
    match = fold_battle_royal(hands, BATTLE_ROYAL, first_dealer=C)
    game = match.ledger.games[0]
    assert game.finished and game.winner == A
    assert game.points == (210, 23, 0)
    assert game.hands_won == (4, 1, 0)
    assert game.final_totals == (410, 48, 0)  # 210 + 100 + 4 × 25; 23 + 25
    assert game.shut_out == (C,)
    s = match.settle_game(1, Decimal("0.25"))
    assert s.owes(B, A) == 362
    assert s.owes(C, A) == 510  # 410 + a shut-out player's extra 100
    assert s.owes(C, B) == 48
    assert s.nets == (872, -314, -558)
    assert sum(s.money_nets) == 0
    # The winner deals next (the table's next_dealer); a dead hand keeps the dealer.
    assert match.dealers == (C, A, B, B, A, A)
    assert match.next_dealer == A


def test_an_illegal_knock_is_not_folded() -> None:
    with pytest.raises(HandInputError, match="hand 1: an illegal knock"):
        fold_battle_royal([counts(A, 11, 5, 20)], BATTLE_ROYAL)


# -- properties ----------------------------------------------------------------------------


@st.composite
def meldy_deals(draw: st.DrawFn) -> tuple[tuple[Card, ...], ...]:
    """A knocker holding a run and a set, and two hands rich in cards that could join them."""
    order = draw(st.permutations(ALL_NATURALS))
    suit = draw(st.sampled_from(list(Suit)))
    low = draw(st.integers(1, 9))
    length = draw(st.integers(3, 5))
    rank = draw(st.integers(1, 13))
    run = [Card(Rank(r), suit) for r in range(low, min(low + length, 14))]
    group = [Card(Rank(rank), s) for s in Suit if Card(Rank(rank), s) not in run][:3]
    knocker = [*run, *group]
    knocker += [c for c in order if c not in knocker][: 10 - len(knocker)]
    rest = [c for c in order if c not in knocker]

    def near(card: Card) -> bool:
        assert card.rank is not None
        r = int(card.rank)
        return r == rank or (card.suit is suit and low - 3 <= r <= low + length + 2)

    pool = [c for c in rest if near(c)] + [c for c in rest if not near(c)]
    return tuple(knocker), tuple(pool[0:20:2]), tuple(pool[1:20:2])


@settings(max_examples=80, deadline=None)
@given(deal=meldy_deals())
def test_one_players_layoffs_match_the_two_handed_defender(
    deal: tuple[tuple[Card, ...], ...],
) -> None:
    """Against the knocker's original melds, each player's best play is the two-handed
    defender's: with chaining off (Battle Royal) and on (the two-handed default). With one pack
    the two players never compete for a place, so the second player's answer is the same as if
    it were alone."""
    knocker, b, c = deal
    spread = best_arrangement(knocker, BATTLE_ROYAL).melds
    for rules, reference in (
        (BATTLE_ROYAL, BATTLE_ROYAL),
        (BATTLE_ROYAL.with_overrides(layoff_chain=True), Ruleset()),
    ):
        first, extended = best_play(spread, spread, b, rules)
        second, _ = best_play(spread, extended, c, rules)
        for answer, hand in ((first, b), (second, c)):
            expected = defender_best(spread, hand, reference)
            assert answer.deadwood == expected.deadwood
            assert answer.before == expected.deadwood_without_layoffs
            assert answer.arrangement.deadwood == answer.deadwood
            laid = [lo.card for lo in answer.layoffs]
            assert sorted(laid) == sorted(set(laid)) and set(laid) <= set(hand)


@settings(max_examples=200, deadline=None)
@given(
    knocker=st.integers(0, 2),
    values=st.tuples(st.integers(0, 10), st.integers(0, 80), st.integers(0, 80)),
    formula=st.sampled_from(list(BattleRoyalFormula)),
    tied=st.sampled_from(list(BattleRoyalTiedLow)),
    tie=st.sampled_from(list(TieOutcome)),
    pays=st.booleans(),
)
def test_the_lowest_count_wins_and_only_the_knocker_can_lose_points(
    knocker: int,
    values: tuple[int, int, int],
    formula: BattleRoyalFormula,
    tied: BattleRoyalTiedLow,
    tie: TieOutcome,
    pays: bool,
) -> None:
    rules = dataclasses.replace(
        BATTLE_ROYAL,
        battle_royal_winner_formula=formula,
        battle_royal_tied_low=tied,
        tie_outcome=tie,
        battle_royal_undercut_pays_difference=pays,
        shutout_rule=ShutoutRule.LOSER_PAYS_EXTRA,
    )
    deadwoods = [0, 0, 0]
    k, *others = values
    deadwoods[knocker] = k
    for seat, value in zip(layoff_order(knocker), others, strict=True):
        deadwoods[seat] = value
    r = rule_counts(rules, knocker=knocker, deadwoods=deadwoods)
    low = min(deadwoods)
    for seat in r.winners:
        assert deadwoods[seat] == low
        assert r.points[seat] >= 0 and r.boxes[seat] == 1
    for seat in range(3):
        if seat not in r.winners:
            assert r.boxes[seat] == 0
            assert r.points[seat] == 0 or (seat == knocker and r.points[seat] < 0)
    if r.outcome is Outcome.UNDERCUT:
        assert r.points[knocker] <= -20
