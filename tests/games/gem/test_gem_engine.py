"""Gem Rummy's engine: the deck structure, the dice, melds, the exact search (against a
brute-force reference), layoffs and their turns, Gem Parts, scoring and the game to 110."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.gem.deck import (
    SYNTHETIC_DECK,
    Gem,
    GemDeckError,
    deck_problems,
    parse_deck,
    parse_entries,
)
from referee.games.gem.dice import dice_from
from referee.games.gem.game import fold_games, next_dealer
from referee.games.gem.gem_parts import gem_parts
from referee.games.gem.hand import GemEnding, PairOutcome, rule_cards, rule_counts
from referee.games.gem.melds import GemMeldKind, meld_problem
from referee.games.gem.search import GemSearch, least_gem_deadwood
from referee.games.gem.table_rules import GemRules, Pairing
from referee.rules.cards import ALL_NATURALS, Card, Deck, parse_card, parse_cards
from referee.rules.errors import InputError

from .gem_reference import reference_least

DECK = SYNTHETIC_DECK
RULES = GemRules()
TWO = ("Ann", "Ben")
THREE = ("Ann", "Ben", "Cy")
DATA = Path(__file__).resolve().parents[2] / "data" / "gem_synthetic_deck.txt"

# The synthetic deck's Gold cards: A♠ 4♣ 6♦ 8♥ 10♠ J♣ and K♠ (Gold/Emerald).
KNOCKER = "AS 4C 6D 8H 9S 9H 9D QH 7D 2C 3D"  # Gold stash, 9s, Q♥+7♦; deadwood 5 (2♣ 3♦)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# -- the deck ------------------------------------------------------------------------------


def test_the_synthetic_deck_kept_in_the_project_satisfies_the_structure() -> None:
    assert parse_deck(DATA.read_text()) == SYNTHETIC_DECK
    assert deck_problems(SYNTHETIC_DECK.entries()) == []
    slots = [g for c in ALL_NATURALS for g in SYNTHETIC_DECK.gems_of(c)]
    assert all(slots.count(g) == 7 for g in Gem)


def test_a_block_holding_a_gem_twice_is_named_with_its_cards() -> None:
    entries = SYNTHETIC_DECK.entries()
    entries[parse_card("AH")] = entries[parse_card("AS")]  # Gold twice in A–2, no Emerald
    fields = {p.field: p.reason for p in deck_problems(entries)}
    assert "A–2 block holds Gold 2 times (A♠, A♥)" in fields["AH"]
    assert "no Emerald" in fields["block_A-2"]
    assert "Gold is on 8 card slots" in fields["gem_G"]


def test_kings_must_carry_two_different_gems_covering_all_eight() -> None:
    entries = SYNTHETIC_DECK.entries()
    entries[parse_card("KS")] = (Gem.GOLD,)
    assert deck_problems(entries)[0].reason == "K♠: a king carries two gems (got 1: G)"
    entries[parse_card("KS")] = (Gem.MOONSTONE, Gem.PEARL)  # = K♥'s pair
    reasons = {p.field: p.reason for p in deck_problems(entries)}
    assert reasons["kings"] == (
        "the kings' eight gems must be all eight: Moonstone, Pearl twice, no Gold, Emerald"
    )


def test_a_card_without_a_gem_and_a_bad_letter_are_refused() -> None:
    entries = SYNTHETIC_DECK.entries()
    del entries[parse_card("7C")]
    assert [p.field for p in deck_problems(entries)] == ["7C"]
    with pytest.raises(GemDeckError) as e:
        parse_entries("AS=X")
    assert e.value.field == "AS" and "`X` is not a gem" in e.value.reason
    with pytest.raises(GemDeckError, match="`1S` is not a card"):
        parse_entries("1S=G")


# -- dice and melds ------------------------------------------------------------------------


def test_dice_3_plus_4_set_the_knock_limit_7_and_queen_with_7_diamonds() -> None:
    roll = dice_from(3, 4)
    assert (roll.knock_limit, roll.diamond) == (7, parse_card("7D"))
    assert meld_problem(cards("QS 7D"), DECK, roll.diamond) is None
    assert "7♦" in (meld_problem(cards("QS 8D"), DECK, roll.diamond) or "")


@pytest.mark.parametrize("total, diamond", [(2, "2D"), (10, "10D"), (11, "JD"), (12, "JD")])
def test_the_dice_name_the_diamond_card_11_or_12_is_the_jack(total: int, diamond: str) -> None:
    assert dice_from(total=total).diamond == parse_card(diamond)


@pytest.mark.parametrize("kw", [{"total": 1}, {"total": 13}, {"first": 0, "second": 4}])
def test_a_dice_sum_outside_2_to_12_is_refused(kw: dict[str, int]) -> None:
    with pytest.raises(InputError) as e:
        dice_from(**kw)
    assert e.value.field == "dice"


def test_a_stash_counting_a_king_twice_is_refused() -> None:
    problem = meld_problem(
        [parse_card(t) for t in ["KS", "KS", "AS", "4C"]], DECK, parse_card("7D")
    )
    assert problem is not None and "K♠ is counted twice" in problem


def test_a_stash_reads_a_king_as_one_of_its_gems() -> None:
    search = GemSearch(cards("AS 4C 8H KS 5H 7C 9C"), DECK, parse_card("7D"))
    best = search.best()
    stash = next(m for m in best.melds if m.kind is GemMeldKind.STASH)
    assert stash.gem is Gem.GOLD and stash.readings == ((parse_card("KS"), Gem.GOLD),)
    assert "K♠ read as Gold" in stash.describe()


def test_runs_are_ace_low_only() -> None:
    assert least_gem_deadwood(cards("QC KC AC"), DECK, parse_card("7D")) == 21
    assert least_gem_deadwood(cards("AC 2C 3C"), DECK, parse_card("7D")) == 0


def test_gem_parts_counts_a_king_as_one_gem_only() -> None:
    # A–2 holds all eight gems once.
    assert gem_parts(cards("AS AH AD AC 2S 2H 2D 2C"), DECK) == ()
    # Without A♠ (Gold) and 2S (Amethyst), K♠ (Gold/Emerald) can cover only one of them.
    assert gem_parts(cards("AH AD AC 2H 2D 2C KS 3S"), DECK) is None
    readings = gem_parts(cards("AH AD AC 2S 2H 2D 2C KS"), DECK)
    assert readings == ((parse_card("KS"), Gem.GOLD),)


# -- the search against the reference ------------------------------------------------------

POOL = [c for c in ALL_NATURALS if c.rank is not None and (c.rank <= 7 or c.rank >= 12)]


@settings(max_examples=60, deadline=None)
@given(
    hand=st.lists(st.sampled_from(POOL), min_size=4, max_size=11, unique=True),
    total=st.integers(2, 12),
)
def test_the_search_matches_the_brute_force_reference(hand: list[Card], total: int) -> None:
    diamond = dice_from(total=total).diamond
    search = GemSearch(hand, DECK, diamond)
    assert search.least() == reference_least(hand, DECK, diamond)
    for arrangement in search.arrangements(limit=8):
        assert sorted(arrangement.melded_cards + arrangement.deadwood_cards) == sorted(hand)
        assert sum(min(int(c.rank or 0), 10) for c in arrangement.deadwood_cards) == search.least()


# -- the §8.3 test vector ------------------------------------------------------------------

DICE = dice_from(3, 4)


def _counts(
    ending: GemEnding, k: int, d: int, claims: tuple[bool, bool] = (False, False)
) -> tuple[int, ...]:
    return rule_counts(DICE, ending, 0, [k, d], claims, RULES, TWO).points


def test_knocker_5_v_9_scores_the_minimum_11() -> None:
    assert _counts(GemEnding.KNOCK, 5, 9) == (11, 0)


def test_knocker_5_v_30_scores_the_difference_25() -> None:
    assert _counts(GemEnding.KNOCK, 5, 30) == (25, 0)


def test_knocker_5_v_4_is_undercut_the_non_knocker_scores_25() -> None:
    assert _counts(GemEnding.KNOCK, 5, 4) == (0, 25)
    plus = GemRules(undercut_plus_difference=True)
    assert rule_counts(DICE, GemEnding.KNOCK, 0, [5, 4], [0, 0], plus, TWO).points == (0, 26)


def test_a_tie_is_not_an_undercut_the_knocker_scores_11() -> None:
    result = rule_counts(DICE, GemEnding.KNOCK, 0, [5, 5], [False, False], RULES, TWO)
    assert result.points == (11, 0)
    assert "a tie is not an undercut" in " ".join(s.text for s in result.steps)


def test_gin_v_20_scores_45() -> None:
    assert _counts(GemEnding.GIN, 0, 20) == (45, 0)


def test_big_gin_v_20_scores_55() -> None:
    assert _counts(GemEnding.BIG_GIN, 0, 20) == (55, 0)


def test_gem_parts_adds_16_to_the_knocker_and_8_to_the_non_knocker() -> None:
    assert _counts(GemEnding.KNOCK, 5, 9, (True, False)) == (27, 0)
    assert _counts(GemEnding.KNOCK, 5, 9, (False, True)) == (11, 8)
    assert _counts(GemEnding.KNOCK, 5, 4, (True, True)) == (16, 33)


def test_a_knock_over_the_dice_limit_is_refused() -> None:
    with pytest.raises(InputError, match="above the knock limit 7"):
        _counts(GemEnding.KNOCK, 8, 20)


# -- hands from the cards ------------------------------------------------------------------


def test_cards_knock_5_v_9_scores_11_with_the_stash_and_queens_diamonds() -> None:
    result = rule_cards(
        DICE, 0, [cards(KNOCKER), cards("2S 2H 2D 3S 4S 5S JS JH JD 4H 5H")], DECK, RULES, TWO
    )
    assert result.points == (11, 0)
    kinds = {m.kind for m in result.spread}
    assert kinds == {GemMeldKind.STASH, GemMeldKind.SET, GemMeldKind.QUEENS_DIAMONDS}
    assert result.seats[1].deadwood == 9


def test_layoffs_onto_a_stash_and_a_set_undercut_the_knocker() -> None:
    result = rule_cards(
        DICE, 0, [cards(KNOCKER), cards("2S 2H 2D 3S 4S 5S JS JH JD 10S 9C")], DECK, RULES, TWO
    )
    assert sorted(lay.card for lay in result.layoffs) == sorted(cards("10S 9C"))
    assert result.points == (0, 25) and result.pairs[0].outcome is PairOutcome.UNDERCUT
    no_stash = GemRules(stash_layoffs=False)
    result = rule_cards(
        DICE, 0, [cards(KNOCKER), cards("2S 2H 2D 3S 4S 5S JS JH JD 10S 9C")], DECK, no_stash, TWO
    )
    assert result.seats[1].deadwood == 10 and result.points == (11, 0)


def test_cards_speak_with_a_declared_spread_r11() -> None:
    """R11 (cards speak): the knocker's 11 cards all meld, the declared spread leaves 7♦ out;
    the hand is gin and the ruling says so throughout: deadwood 0, the arrangement that melds
    every card, no card reported as deadwood."""
    knocker = cards("7D 7S 6C 3H 3C 3D 3S 6H 7H 6D 7C")
    other = cards("KS QD KH KC 2H JD 6S QC 10D KD 5H")
    spread = [cards("3S 3D 3H 3C"), cards("7C 7S 7H"), cards("6H 6D 6C")]
    result = rule_cards(dice_from(5, 2), 0, [knocker, other], DECK, RULES, TWO, spread=spread)
    assert result.ending is GemEnding.GIN
    seat = result.seats[0]
    assert seat.deadwood == 0 and seat.arrangement is not None
    assert seat.arrangement.deadwood_cards == ()
    melded = sorted(c for m in result.spread for c in m.cards)
    assert melded == sorted(knocker)
    texts = [str(s.text) for s in result.steps]
    assert "Ann's 11 cards all meld: gin (no layoffs)." in texts
    assert any(t.startswith("The declared spread leaves 7♦ out") for t in texts)
    assert result.points[0] == 25 + 23 + seat.gem_parts_points


def test_the_cards_speak_eleven_melded_cards_are_gin_and_twelve_big_gin() -> None:
    other = cards("AS 4C 6D 8D 9S 9D QS 7D 2D 3D KS")
    dice = dice_from(total=12)
    gin = rule_cards(dice, 0, [cards("AC 2C 3C 4S 5S 6S 7H 8H 9H 10H JH"), other], DECK, RULES, TWO)
    assert gin.ending is GemEnding.GIN and not gin.layoffs
    dead = gin.seats[1].deadwood
    assert dead is not None and gin.points[0] == 25 + dead + gin.seats[0].gem_parts_points
    big = rule_cards(
        dice, 0, [cards("AC 2C 3C 4S 5S 6S 7H 8H 9H 10H JH QH"), other], DECK, RULES, TWO
    )
    assert big.ending is GemEnding.BIG_GIN
    assert big.points[0] == 35 + dead + big.seats[0].gem_parts_points


def test_cards_the_deck_does_not_have_are_refused() -> None:
    with pytest.raises(InputError, match="in both Ann's and Ben's hands") as e:
        rule_cards(
            DICE, 0, [cards(KNOCKER), cards("AS 2H 2D 3S 4S 5S JS JH JD 10S 9C")], DECK, RULES, TWO
        )
    assert e.value.field == "cards_1"
    with pytest.raises(InputError, match="not played in Gem Rummy"):
        rule_cards(
            DICE,
            0,
            [cards(KNOCKER), parse_cards("JK 2H 2D 3S 4S 5S JS JH JD 10S 9C", Deck(1, 2))],
            DECK,
            RULES,
            TWO,
        )


def test_three_players_lay_off_in_turns_clockwise_one_card_at_a_time() -> None:
    # Ann's run 5♥ 6♥ 7♥ ... Ben holds 8♥, Cy holds 9♥: Cy can lay off only after Ben.
    knocker = cards("5H 6H 7H 2S 2H 2D 3S 4S 5S AC 2C")
    ben = cards("8H JS JH JD 3D 4D 5D QS QC KC 10C")
    cy = cards("9H 8S 8D 8C 6C 7C 9C 10S 10D KD KH")
    result = rule_cards(dice_from(total=3), 0, [knocker, ben, cy], DECK, RULES, THREE)
    order = [(lay.seat, lay.card.label) for lay in result.layoffs]
    assert order[:2] == [(1, "8♥"), (2, "9♥")]
    assert "Layoff 2: Cy lays 9♥" in " ".join(s.text for s in result.steps)
    assert (
        len(result.pairs) == 2
        and result.points[0]
        == sum(p.knocker_points for p in result.pairs) + result.seats[0].gem_parts_points
    )


def test_three_player_pairing_is_an_option_named_in_the_steps() -> None:
    each = rule_counts(DICE, GemEnding.KNOCK, 0, [5, 9, 30], [0, 0, 0], RULES, THREE)
    assert each.points == (11 + 25, 0, 0)
    lowest = GemRules(pairing=Pairing.LOWEST_NON_KNOCKER)
    only = rule_counts(DICE, GemEnding.KNOCK, 0, [5, 9, 30], [0, 0, 0], lowest, THREE)
    assert only.points == (11, 0, 0)
    assert any("gem_pairing=lowest_non_knocker" in s.text for s in only.steps)
    under = rule_counts(DICE, GemEnding.KNOCK, 0, [5, 4, 30], [0, 0, 0], RULES, THREE)
    assert under.points == (25, 25, 0) and under.winner == 0


# -- the game ------------------------------------------------------------------------------


def test_game_to_110_and_both_passing_on_one_hand_the_bigger_hand_wins() -> None:
    big = rule_counts(DICE, GemEnding.KNOCK, 0, [0, 100], [0, 0], RULES, TWO)  # Ann +100
    lines, games = fold_games([big], 2, 110, TWO)
    assert not games[0].finished
    both = rule_counts(DICE, GemEnding.KNOCK, 0, [5, 4], [True, True], RULES, TWO)  # 16 / 33
    ben = rule_counts(DICE, GemEnding.GIN, 1, [85, 0], [0, 0], RULES, TWO)  # Ben +110
    lines, games = fold_games([big, ben, both], 2, 110, TWO)
    assert games[0].finished and games[0].winner == 1
    assert "Ben reached" in (games[0].why.text if games[0].why else "")
    lines, games = fold_games(
        [big, rule_counts(DICE, GemEnding.KNOCK, 1, [100, 0], [0, 0], RULES, TWO), both],
        2,
        110,
        TWO,
    )
    first = games[0]
    assert first.totals == (116, 133) and first.winner == 1
    assert "scored more in it" in (first.why.text if first.why else "")
    assert lines[-1].ends_game and games[-1].number == 2 and games[-1].totals == (0, 0)


def test_the_hand_winner_deals_next_and_a_dead_hand_is_dealt_again() -> None:
    under = rule_counts(DICE, GemEnding.KNOCK, 0, [5, 4], [0, 0], RULES, TWO)
    assert next_dealer(0, under, TWO)[0] == 1
    dead = rule_counts(DICE, GemEnding.DEAD, 0, [None, None], [0, 0], RULES, TWO)
    assert dead.points == (0, 0) and next_dealer(0, dead, TWO)[0] == 0
