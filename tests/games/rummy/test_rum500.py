"""500 Rum (docs/rules.md §8.4): melded less held, aces and jokers 15 (an ace in A-2-3 1), wild
jokers, games to 500 where the highest total wins, and both readings of a tie at the target."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.rummy.rum500 import (
    RUM_500,
    Layoff,
    card_points,
    hand_size,
    meld_points,
    pack_for,
    rule_hand,
)
from referee.rules.cards import Card, Deck, parse_cards
from referee.rules.errors import InputError
from referee.rules.ledger import fold_match
from referee.rules.melds import validate_meld
from referee.rules.results import HandScore
from referee.rules.ruleset import TargetTie

NAMES = ("Ann", "Ben", "Cat")
TWO_PACKS = RUM_500.with_overrides(decks=2, jokers=4)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text, RUM_500.deck)


def test_a_worked_hand():
    r = rule_hand(
        0,
        [
            ([cards("AH 2H 3H"), cards("KS KH KD")], ()),  # 1+2+3 + 30 = 36
            ([cards("7C 8C 9C")], cards("AS QD")),  # 24 − 25
            ([], cards("JK 5D")),  # 0 − 20
        ],
        names=NAMES,
    )
    assert r.points == (36, -1, -20)
    assert r.steps[0].text == "Ann went out."
    assert r.steps[2].text == (
        "Ben melded 7♣ 8♣ 9♣ (24) = 24; holds A♠ Q♦ = 25; scores 24 − 25 = -1."
    )


def test_ace_values():
    assert meld_points(validate_meld(cards("AH 2H 3H"), RUM_500)) == 6
    assert meld_points(validate_meld(cards("QH KH AH"), RUM_500)) == 35
    assert meld_points(validate_meld(cards("AH AS AD"), RUM_500)) == 45
    assert card_points(cards("AS")[0]) == 15


def test_a_joker_stands_for_one_card_and_counts_15():
    meld = validate_meld(cards("5S JK 7S"), RUM_500)
    assert meld.kind.value == "run"
    assert meld_points(meld) == 5 + 15 + 7


def test_counts():
    r = rule_hand(None, [(40, 5), (0, 32), (12, 12)], names=NAMES)
    assert r.points == (35, -32, 0)
    assert r.steps[0].text == "The stock ran out: nobody went out."


def test_cards_dealt_and_pack():
    assert [hand_size(n) for n in (2, 3, 4, 8)] == [13, 7, 7, 7]
    assert pack_for(4) == (1, 2) and pack_for(5) == (2, 4)


# -- bad input ---------------------------------------------------------------------------------


def test_a_meld_that_is_not_a_meld():
    with pytest.raises(InputError) as e:
        rule_hand(0, [([cards("5S 6S 8S")], ()), ([], cards("2C"))], names=NAMES[:2])
    assert e.value.field == "melds_0"
    assert "not a run" in e.value.reason


def test_five_in_a_set_from_one_pack():
    with pytest.raises(InputError) as e:
        rule_hand(0, [([cards("7S 7H 7D 7C JK")], ()), ([], ())], names=NAMES[:2])
    assert e.value.field == "melds_0"


def test_a_card_held_by_two_players():
    with pytest.raises(InputError) as e:
        rule_hand(None, [([], cards("4H")), ([], cards("4H"))], names=NAMES[:2])
    assert e.value.reason == "4♥ appears twice: held by Ann and Ben"


def test_with_two_packs_a_card_may_appear_twice_but_not_three_times():
    two = lambda t: parse_cards(t, TWO_PACKS.deck)  # noqa: E731
    r = rule_hand(None, [([], two("4H")), ([], two("4H"))], rules=TWO_PACKS)
    assert r.points == (-4, -4)
    with pytest.raises(InputError):
        rule_hand(None, [([], two("4H 4H")), ([], two("4H"))], rules=TWO_PACKS)


def test_the_winner_holds_nothing_and_nobody_more_than_dealt():
    with pytest.raises(InputError) as e:
        rule_hand(0, [([], cards("2C")), ([], ())], names=NAMES[:2])
    assert e.value.field == "cards_0"
    with pytest.raises(InputError) as e:
        rule_hand(None, [([], cards("2C 3C 4C 5C 6C 7C 8C 9C")), ([], ())], names=NAMES[:2])
    assert e.value.field == "cards_0"


# -- properties --------------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> list[tuple[list[tuple[Card, ...]], tuple[Card, ...]]]:
    players = draw(st.integers(2, 4))
    deck = list(draw(st.permutations(Deck(1, 2).cards())))
    parts = []
    for _ in range(players):
        melds: list[tuple[Card, ...]] = []
        for _ in range(draw(st.integers(0, 2))):
            # a natural set of three from the remaining deck, when there is one
            by_rank: dict[int, list[Card]] = {}
            for c in deck:
                if not c.is_joker:
                    by_rank.setdefault(int(c.rank), []).append(c)  # type: ignore[arg-type]
            ranks = [r for r, cs in by_rank.items() if len(cs) >= 3]
            if not ranks:
                break
            rank = draw(st.sampled_from(sorted(ranks)))
            meld = tuple(by_rank[rank][:3])
            for c in meld:
                deck.remove(c)
            melds.append(meld)
        n = draw(st.integers(0, 7))
        held = tuple(deck[:n])
        del deck[:n]
        parts.append((melds, held))
    return parts


@settings(max_examples=100, deadline=None)
@given(hands())
def test_scores_sum_to_melded_less_held(parts):
    r = rule_hand(None, parts)
    melded = sum(meld_points(validate_meld(m, RUM_500)) for ms, _ in parts for m in ms)
    held = sum(card_points(c) for _, h in parts for c in h)
    assert sum(r.points) == melded - held == r.melded_total - r.left_total


# -- games -------------------------------------------------------------------------------------


def _scores(*rows: tuple[int, ...]) -> list[HandScore]:
    return [HandScore(r, (0,) * len(r)) for r in rows]


def test_negative_hands_and_the_highest_total_wins():
    ledger = fold_match(_scores((-20, 90, 40), (260, 200, 30), (280, 210, -10)), RUM_500, 3)
    assert not ledger.games[0].lines[1].points[0] >= 500
    game = ledger.games[0]
    assert game.finished and game.hands_played == 3
    assert game.final_totals == (520, 500, 60)
    assert game.winner == 0


def test_a_tie_at_the_target_ends_tied_or_plays_on():
    rows = _scores((250, 250), (250, 250), (10, 40))
    shared = fold_match(rows, RUM_500, 2)
    assert shared.games[0].finished and shared.games[0].tied
    assert shared.games[0].hands_played == 2
    play_on = fold_match(rows, RUM_500.with_overrides(target_tie=TargetTie.PLAY_ON), 2)
    game = play_on.games[0]
    assert game.finished and game.winner == 1 and game.hands_played == 3


# -- cards laid off onto another player's meld (§8.4) -----------------------------------------


def lay(text: str, onto: int, meld: int = 0) -> Layoff:
    return Layoff(cards(text)[0], onto, meld)


def test_a_card_laid_off_onto_another_players_meld_scores_for_who_laid_it_off_8_4():
    """§8.4: melded and laid-off cards score for the player who played them. Ben lays 9♥ off
    onto Ann's 6♥ 7♥ 8♥, Cat 10♥ after it (chained); Ben also lays an ace below Ann's
    2♠ 3♠ 4♠, where it counts 1."""
    parts = [
        ([cards("6H 7H 8H"), cards("2S 3S 4S")], ()),
        ([cards("KC KD KS")], cards("5D")),
        ((), cards("QC")),
    ]
    layoffs = [(), [lay("9H", 0), lay("AS", 0, 1)], [lay("10H", 0)]]
    r = rule_hand(0, parts, names=NAMES, layoffs=layoffs)
    ann, ben, cat = r.seats
    assert ann.melded == 21 + 9  # her own melds only
    assert ben.melded == 30 + 9 + 1 and ben.left == 5
    assert cat.melded == 10 and cat.left == 10
    assert r.points == (30, 35, 0)
    assert [(x.card.code, x.onto, x.meld, x.points) for x in ben.laid_off] == [
        ("9H", 0, 0, 9),
        ("AS", 0, 1, 1),
    ]
    assert cat.laid_off[0].extended.label == "6♥ 7♥ 8♥ 9♥ 10♥"
    texts = [str(s.text) for s in r.steps]
    assert "Cat lays off 10♥ onto Ann's meld 1: 6♥ 7♥ 8♥ 9♥ 10♥; 10 to Cat." in texts
    assert (
        "Ben melded K♠ K♦ K♣ (30) and laid off 9♥ (9), A♠ (1) = 40; holds 5♦ = 5; "
        "scores 40 − 5 = 35." in texts
    )


@pytest.mark.parametrize(
    ("layoffs", "field", "reason"),
    [
        (
            [(), [lay("10C", 0)], ()],
            "layoffs_1",
            "Ben: 10♣ laid off onto Ann's 6♥ 7♥ 8♥ do not make a meld",
        ),
        ([(), [lay("10C", 1)], ()], "layoffs_1", "went onto Ben's own meld"),
        ([(), [lay("9H", 0, 3)], ()], "layoffs_1", "Ann's meld 4, but Ann has 1 meld entered"),
        ([(), [lay("9H", 2)], ()], "layoffs_1", "onto Cat, who has no melds entered"),
        ([(), [lay("8H", 0)], ()], "layoffs_1", "8♥ appears twice: held by Ann and Ben"),
        ([(), [lay("9H", 0)], [lay("9H", 0)]], "layoffs_2", "9♥ appears twice"),
    ],
)
def test_a_layoff_is_checked_8_4(layoffs, field, reason):
    parts = [([cards("6H 7H 8H")], ()), ([cards("7C 8C 9C")], cards("2D")), ((), cards("3D"))]
    with pytest.raises(InputError) as e:
        rule_hand(0, parts, names=NAMES, layoffs=layoffs)
    assert e.value.field == field and e.value.api_field == "layoffs"
    assert reason in str(e.value.reason)


def test_a_layoff_needs_cards_not_points_8_4():
    parts = [([cards("6H 7H 8H")], ()), (10, 5)]
    with pytest.raises(InputError, match="layoffs are entered with the cards"):
        rule_hand(0, parts, names=NAMES[:2], layoffs=[(), [lay("9H", 0)]])
