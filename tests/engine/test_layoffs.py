"""Layoffs and the defender's best play: worked cases (R3–R8) and brute-force checks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules.cards import Card, Deck, parse_cards
from referee.rules.layoffs import (
    DefenderPlay,
    choose_knocker_spread,
    defender_best,
    knocker_spread_choice,
    layoff_fits,
    layoff_options,
    layoff_potential,
)
from referee.rules.melds import all_melds, best_arrangement, best_arrangements, validate_meld
from referee.rules.results import Layoff, Meld, MeldKind
from referee.rules.ruleset import AceRank, Ruleset
from referee.rules.values import deadwood_of

from . import reference_general as ref

STANDARD = Ruleset()
NO_CHAIN = Ruleset(layoff_chain=False)
BATTLE_ROYAL = Ruleset(layoff_original_melds_only=True)
JOKERS = Ruleset(jokers=2, jokers_wild=True)
BIG_PACK = Deck(decks=2, jokers=4)

PROPERTY = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, deck=BIG_PACK)


def card(text: str) -> Card:
    return cards(text)[0]


def meld(text: str, rules: Ruleset = STANDARD) -> Meld:
    return validate_meld(cards(text), rules)


def played(play: DefenderPlay) -> list[tuple[str, int]]:
    return [(lay.card.label, lay.meld_index) for lay in play.layoffs]


def table(spread: Sequence[Meld]) -> list[ref.TableMeld]:
    return [ref.table_meld(m.kind.value, m.rank, m.suit, m.low, m.cards) for m in spread]


# -- one card onto one meld -------------------------------------------------------------------


class TestLayoffFits:
    def test_fourth_card_of_a_set(self) -> None:
        extended = layoff_fits(meld("7S 7H 7D"), card("7C"))
        assert extended is not None
        assert (extended.kind, extended.rank, extended.label) == (MeldKind.SET, 7, "7♠ 7♥ 7♦ 7♣")

    def test_full_set_takes_nothing(self) -> None:
        assert layoff_fits(meld("7S 7H 7D 7C"), card("7C")) is None
        assert layoff_fits(meld("7S 7H 7D"), card("8S")) is None

    def test_either_end_of_a_run(self) -> None:
        run = meld("5S 6S 7S")
        top = layoff_fits(run, card("8S"))
        bottom = layoff_fits(run, card("4S"))
        assert top is not None and (top.low, top.high, top.label) == (5, 8, "5♠ 6♠ 7♠ 8♠")
        assert bottom is not None and (bottom.low, bottom.high) == (4, 7)
        assert bottom.label == "4♠ 5♠ 6♠ 7♠"
        assert layoff_fits(run, card("9S")) is None
        assert layoff_fits(run, card("8H")) is None

    def test_max_run(self) -> None:
        rules = Ruleset(max_run=5)
        assert layoff_fits(meld("3S 4S 5S 6S", rules), card("7S"), rules) is not None
        assert layoff_fits(meld("3S 4S 5S 6S 7S", rules), card("8S"), rules) is None

    def test_aces(self) -> None:
        assert layoff_fits(meld("JS QS KS"), card("AS")) is None
        assert layoff_fits(meld("2S 3S 4S"), card("AS")) is not None
        high = Ruleset(ace=AceRank.HIGH_OR_LOW)
        extended = layoff_fits(meld("JS QS KS", high), card("AS"), high)
        assert extended is not None and (extended.low, extended.high) == (11, 14)
        assert layoff_fits(meld("AS 2S 3S", high), card("KS"), high) is None

    def test_wild_card(self) -> None:
        run = meld("5S 6S 7S", JOKERS)
        options = layoff_options(run, Card.make_joker(1), JOKERS)
        assert [(m.low, m.high) for m in options] == [(5, 8), (4, 7)]
        assert layoff_fits(run, Card.make_joker(1), JOKERS) == options[0]
        extended = layoff_fits(meld("7S 7H 7D", JOKERS), Card.make_joker(2), JOKERS)
        assert extended is not None and extended.label == "7♠ 7♥ 7♦ JK2"
        assert layoff_fits(run, Card.make_joker(1), Ruleset(jokers=2)) is None

    def test_wilds_apart(self) -> None:
        rules = Ruleset(jokers=2, jokers_wild=True, wilds_adjacent_in_run=False)
        run = meld("5S 6S JK", rules)  # the joker is the 7♠
        options = layoff_options(run, Card.make_joker(2), rules)
        assert [(m.low, m.high) for m in options] == [(4, 7)]
        assert layoff_fits(run, card("8S"), rules) is not None

    def test_two_decks(self) -> None:
        rules = Ruleset(decks=2)
        assert layoff_fits(meld("7S 7H 7D", rules), card("7S"), rules) is None
        big = Ruleset(decks=2, max_set=5)
        assert layoff_fits(meld("7S 7H 7D", big), card("7S"), big) is not None


# -- the defender's best play ---------------------------------------------------------------

R7_KNOCKER = "5S 6S 7S KH KD KC AH AD AC 3D"
R7_DEFENDER = "8S 8H 8D 8C 9S KS 2C 2H QD JC"


def r7_spread() -> tuple[Meld, ...]:
    return (meld("5S 6S 7S"), meld("KH KD KC"), meld("AH AD AC"))


class TestDefenderBest:
    def test_r7_break_own_meld_and_chain(self) -> None:
        play = defender_best(r7_spread(), cards(R7_DEFENDER))
        assert play.deadwood == 24
        assert play.deadwood_without_layoffs == 43
        assert played(play) == [("8♠", 0), ("9♠", 0), ("K♠", 1)]
        assert [m.label for m in play.arrangement.melds] == ["8♥ 8♦ 8♣"]
        assert [c.label for c in play.arrangement.deadwood_cards] == ["2♥", "Q♦", "2♣", "J♣"]
        assert [m.label for m in play.extended_spread] == [
            "5♠ 6♠ 7♠ 8♠ 9♠",
            "K♥ K♦ K♣ K♠",
            "A♥ A♦ A♣",
        ]
        assert play.laid_off_points == 19
        # the knocker's deadwood is 3 (3♦): knocker scores 24 - 3 = 21
        assert best_arrangement(cards(R7_KNOCKER)).deadwood == 3

    def test_r7_without_chaining(self) -> None:
        for rules in (NO_CHAIN, BATTLE_ROYAL):
            play = defender_best(r7_spread(), cards(R7_DEFENDER), rules)
            assert play.deadwood == 33
            # breaking the 8s to lay off 8♠ also gives 33: fewer layoffs win
            assert played(play) == [("K♠", 1)]
            assert [m.label for m in play.arrangement.melds] == ["8♠ 8♥ 8♦ 8♣"]

    def test_r5_chain_at_either_end(self) -> None:
        play = defender_best([meld("5S 6S 7S")], cards("8S 9S 4S 3S KD"))
        assert played(play) == [("8♠", 0), ("9♠", 0), ("4♠", 0), ("3♠", 0)]
        assert play.extended_spread[0].label == "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"
        assert play.deadwood == 10

    def test_r6_battle_royal_one_card_per_end(self) -> None:
        play = defender_best([meld("5S 6S 7S")], cards("8S 9S 4S 3S KD"), BATTLE_ROYAL)
        assert sorted(played(play)) == [("4♠", 0), ("8♠", 0)]
        assert play.deadwood == 3 + 9 + 10

    def test_r4_only_onto_the_knockers_melds(self) -> None:
        # the knocker's deadwood 3♦ takes nothing; the defender's own melds take nothing
        play = defender_best(r7_spread(), cards("2D 4D 9H 9D 9C 10C JC QC 5H 6H"))
        assert play.layoffs == ()
        assert play.deadwood == play.deadwood_without_layoffs == 2 + 4 + 5 + 6

    def test_gin_off_is_deadwood_zero(self) -> None:
        # R9: a defender may lay off down to 0 (scored as an ordinary undercut by the caller)
        play = defender_best(r7_spread(), cards("4S 3S 2S KS AS 8S 9S 10S QH QD"))
        assert play.deadwood == 20  # Q♥ Q♦ have nowhere to go
        play = defender_best(r7_spread(), cards("4S 3S 2S KS AS 8S 9S 10S JS QS"))
        assert play.deadwood == 0

    def test_wild_layoff_bridges_a_chain(self) -> None:
        play = defender_best([meld("5S 6S 7S", JOKERS)], cards("JK 9S KD QH"), JOKERS)
        assert played(play) == [("JK", 0), ("9♠", 0)]
        assert play.extended_spread[0].label == "5♠ 6♠ 7♠ JK 9♠"
        assert play.deadwood == 20

    def test_wild_layoff_without_chaining(self) -> None:
        rules = Ruleset(jokers=2, jokers_wild=True, layoff_chain=False)
        play = defender_best([meld("5S 6S 7S", rules)], cards("JK 9S KD QH"), rules)
        assert played(play) == [("JK", 0)]
        assert play.deadwood == 29

    def test_play_is_a_defender_play(self) -> None:
        play = defender_best(r7_spread(), cards(R7_DEFENDER))
        assert isinstance(play, DefenderPlay)
        assert all(isinstance(lay, Layoff) for lay in play.layoffs)


# -- the knocker's spread when not declared (R3) ---------------------------------------------

SPREAD_KNOCKER = "4S 6H 4D 2H 4H 6D 5S 6S 5H 5D"
SPREAD_DEFENDER = "QH 8C 5C 6C 7D AC JS 4C 3C 9H"


class TestKnockerSpread:
    def test_r3_least_layoff_points(self) -> None:
        choice = knocker_spread_choice(cards(SPREAD_KNOCKER), cards(SPREAD_DEFENDER))
        assert choice.optimal_spreads == 2
        assert {m.kind for a in choice.candidates for m in a.melds} == {
            MeldKind.SET,
            MeldKind.RUN,
        }
        # sets 4-4-4 5-5-5 6-6-6 take only the clubs the defender holds in its own run;
        # runs 4-5-6 would take 3♠ ... 7♦: the sets leave the defender more
        assert all(m.kind is MeldKind.SET for m in choice.arrangement.melds)
        assert choice.defender_deadwood == 45
        runs = next(a for a in choice.candidates if a.melds[0].kind is MeldKind.RUN)
        assert defender_best(runs.melds, cards(SPREAD_DEFENDER)).deadwood == 38
        assert choose_knocker_spread(cards(SPREAD_KNOCKER), cards(SPREAD_DEFENDER)) == (
            choice.arrangement
        )

    def test_r3_unknown_defender(self) -> None:
        choice = knocker_spread_choice(cards(SPREAD_KNOCKER), None)
        assert all(m.kind is MeldKind.SET for m in choice.arrangement.melds)
        assert choice.potential == (15, 3)  # 4♣ 5♣ 6♣
        assert choice.defender_deadwood is None
        runs = next(a for a in choice.candidates if a.melds[0].kind is MeldKind.RUN)
        # 3♠ 7♠ 3♥ 7♥ 3♦ 7♦
        assert layoff_potential(runs.melds, cards(SPREAD_KNOCKER)) == (30, 6)

    def test_single_spread(self) -> None:
        choice = knocker_spread_choice(cards(R7_KNOCKER), cards(R7_DEFENDER))
        assert choice.optimal_spreads == 1
        assert choice.defender_deadwood == 24

    def test_r8_gin_takes_no_layoffs(self) -> None:
        knocker = cards("AS AH AD 2S 2H 2D 3S 3H 3D 4S")
        choice = knocker_spread_choice(knocker, cards(R7_DEFENDER))
        assert choice.arrangement.deadwood == 0
        assert choice.arrangement == best_arrangements(knocker)[0]
        assert choice.defender_deadwood == 43  # its own melds only


# -- against the brute-force reference ---------------------------------------------------------


def random_spread(knocker: Sequence[Card], rules: Ruleset, seed: int) -> tuple[Meld, ...]:
    """A legal spread: the best one, or disjoint melds taken at random (often not minimal)."""
    if seed % 3 == 0:
        return best_arrangement(knocker, rules).melds
    left = Counter(knocker)
    spread: list[Meld] = []
    options = list(all_melds(knocker, rules))
    random.Random(seed).shuffle(options)
    for m in options:
        need = Counter(m.cards)
        if all(left[c] >= n for c, n in need.items()):
            left.subtract(need)
            spread.append(m)
    return tuple(spread)


DEALS = ref.hand_cases(sizes=(20,), rulesets=ref.LAYOFF_RULESETS, widths=(6, 9), min_suits=3)


SHORT_DEALS = ref.hand_cases(
    sizes=(14, 15), rulesets=ref.LAYOFF_RULESETS, widths=(5, 8), min_suits=3
)


@PROPERTY
@given(st.one_of(DEALS, SHORT_DEALS), st.integers(0, 10**6))
def test_defender_best_matches_reference(
    case: tuple[str, Ruleset, tuple[Card, ...]], seed: int
) -> None:
    """Ten-card defenders, and short ones (4-5 cards) that lay off wilds more often."""
    _, rules, both = case
    knocker, defender = both[:10], both[10:]
    spread = random_spread(knocker, rules, seed)
    play = defender_best(spread, defender, rules)
    assert (play.deadwood, len(play.layoffs)) == ref.defender(table(spread), defender, rules)
    assert ref.replay_layoffs(
        table(spread), [(ref.key(lay.card), lay.meld_index) for lay in play.layoffs], rules
    )
    laid = Counter(lay.card for lay in play.layoffs)
    arrangement = play.arrangement
    assert Counter(arrangement.melded_cards) + Counter(arrangement.deadwood_cards) + laid == (
        Counter(defender)
    )
    assert arrangement.deadwood == play.deadwood == deadwood_of(arrangement.deadwood_cards, rules)
    assert play.deadwood_without_layoffs == ref.best(defender, rules)[0]
    for m in arrangement.melds:
        assert m.kind.value in ref.meld_kinds([ref.key(c) for c in m.cards], rules)
    assert len(play.extended_spread) == len(spread)
    for index, (before, after) in enumerate(zip(spread, play.extended_spread, strict=True)):
        added = Counter(lay.card for lay in play.layoffs if lay.meld_index == index)
        assert Counter(after.cards) == Counter(before.cards) + added
        assert after.kind is before.kind
        if after.kind is MeldKind.RUN:
            assert after.low is not None and after.high is not None
            placed = {after.low + i: ref.key(c) for i, c in enumerate(after.cards)}
            assert ref.run_ok(placed, _suit(after), rules)


def _suit(m: Meld) -> int:
    assert m.suit is not None
    return m.suit.index


@settings(PROPERTY, max_examples=60)
@given(ref.hand_cases(sizes=(10,), rulesets=ref.LAYOFF_RULESETS), st.integers(0, 10**6))
def test_layoff_options_match_reference(
    case: tuple[str, Ruleset, tuple[Card, ...]], seed: int
) -> None:
    _, rules, hand = case
    found = all_melds(hand, rules)
    if not found:
        return
    target = found[seed % len(found)]
    (original,) = table([target])
    for candidate in set(rules.deck.cards()):
        mine = layoff_options(target, candidate, rules)
        theirs = ref.layoff_moves(original, ref.key(candidate), rules, chain=True)
        assert len(mine) == len(theirs), (target, candidate)
        for extended in mine:
            assert Counter(extended.cards) == Counter(target.cards) + Counter([candidate])
        assert layoff_fits(target, candidate, rules) == (mine[0] if mine else None)


@settings(PROPERTY, max_examples=30)
@given(DEALS)
def test_knocker_spread_matches_reference(case: tuple[str, Ruleset, tuple[Card, ...]]) -> None:
    _, rules, both = case
    knocker, defender = both[:10], both[10:]
    choice = knocker_spread_choice(knocker, defender, rules)
    least, _ = ref.best(knocker, rules)
    assert choice.arrangement.deadwood == least
    assert choice.arrangement in choice.candidates
    assert choice.optimal_spreads == len(best_arrangements(knocker, rules))
    if least == 0:
        assert choice.arrangement == choice.candidates[0]
        return
    expected = max(ref.defender(table(a.melds), defender, rules)[0] for a in choice.candidates)
    assert choice.defender_deadwood == expected
    unknown = knocker_spread_choice(knocker, None, rules)
    assert unknown.potential == min(
        layoff_potential(a.melds, knocker, rules) for a in unknown.candidates
    )
