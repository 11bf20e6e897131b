"""The lay-down referee, the whole-hand ruling, layoffs and liberating wilds (seed 002)."""

from __future__ import annotations

import pytest

from referee.games.contract import (
    TWELVE_STEP,
    ContractTable,
    Deal,
    Kind,
    lay_off,
    liberate,
    parse_laydown,
    parse_needs,
    read_as,
    referee_hand,
    referee_laydown,
)
from referee.games.contract.combos import Laid
from referee.rules.cards import parse_cards
from referee.rules.errors import InputError

DEAL = Deal(13, parse_needs("1 group of 3 + 2 sequences of 4"))
NO_WILDS = ContractTable(packs=2, jokers=0, jokers_wild=False, wild_ranks=())


def rule(text: str, hand: str | None = None, deal: Deal = DEAL):
    cards = parse_cards(hand, TWELVE_STEP.deck) if hand else None
    return referee_laydown(deal, parse_laydown(text, TWELVE_STEP), TWELVE_STEP, cards)


def test_met_with_inferred_and_named_wilds() -> None:
    ruling = rule("9H 9D 2C / 4H 5H 6H 7H / 8S 9S JK=10S JS")
    assert ruling.met
    assert [c.label for c in ruling.combinations if c] == [
        "9♥ 9♦ 2♣(9)",
        "4♥ 5♥ 6♥ 7♥",
        "8♠ 9♠ JK(10♠) J♠",
    ]


def test_the_issue_example_reason() -> None:
    ruling = rule("9H 9D 2C / 4H 5H 6H 7H / 4S 5S JK 2D 8S")
    assert not ruling.met
    assert ruling.reason == (
        "the second sequence 4♠ 5♠ JK 2♦ 8♠ puts two wilds side by side in a sequence "
        "(JK as 6♠, 2♦ as 7♠)"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("9H 9D 2C / 4H 5H 6H 7H", "asks for 1 group and 2 sequences (3 combinations); 2 were"),
        ("9H 9D 2C / 4H 5H 6H 7H / 8S 9S 10S", "the second sequence 8♠ 9♠ 10♠ has 3 cards"),
        ("9H 9D 2C / 4H 4D 4C / 8S 9S 10S JS", "laid down: 2 groups and 1 sequence"),
        ("sequence: 9H 9D JK / 4H 5H 6H 7H / 8S 9S 10S JS", "the first sequence 9♥ 9♦ JK mixes"),
    ],
)
def test_not_met_says_exactly_why(text: str, reason: str) -> None:
    ruling = rule(text)
    assert not ruling.met
    assert reason in ruling.reason


def test_the_hand_must_hold_the_cards_and_keep_a_discard() -> None:
    text = "9H 9D 2C / 4H 5H 6H 7H / 8S 9S 10S JS"
    with pytest.raises(InputError, match="J♠ is not in the hand"):
        rule(text, "9H 9D 2C 4H 5H 6H 7H 8S 9S 10S QS KS AS")
    assert rule(text, "9H 9D 2C 4H 5H 6H 7H 8S 9S 10S JS KS").met
    everything = rule(text, "9H 9D 2C 4H 5H 6H 7H 8S 9S 10S JS")
    assert not everything.met and "a card must be kept to discard" in everything.reason
    last = Deal(11, DEAL.needs, no_discard=True)
    assert not rule(text, "9H 9D 2C 4H 5H 6H 7H 8S 9S 10S JS KS", last).met


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("9H 9H 9H 2C 4H", "9♥` appears 3 times; the pack has 2"),
        ("9H 9D 5S=9", "5♠ is not wild at this table"),
        ("9H 9D JK=X", "`X` is not a card or a rank"),
        ("", "lay down at least one combination"),
    ],
)
def test_bad_laydown_input(text: str, reason: str) -> None:
    with pytest.raises(InputError, match=reason) as e:
        parse_laydown(text, TWELVE_STEP)
    assert e.value.field == "laid"


def test_a_wild_where_the_table_has_none() -> None:
    with pytest.raises(InputError, match="played without jokers"):
        parse_laydown("9H 9D JK", NO_WILDS)
    with pytest.raises(InputError, match="2♣ is not wild"):
        parse_laydown("9H 9D 2C=9", NO_WILDS)


def test_whole_hand_shows_one_way_and_what_is_left() -> None:
    hand = parse_cards("4D 5D 6D JK 9S 9H 9C KS QS 2C AS 8C 8D", TWELVE_STEP.deck)
    ruling = referee_hand(hand, DEAL, TWELVE_STEP)
    assert ruling.can and len(ruling.way) == 3
    assert len(ruling.left) == 13 - 11
    short = referee_hand(hand[:-3], DEAL, TWELVE_STEP)
    assert not short.can and "every arrangement" in short.steps[-1].text


def seq(text: str):
    return read_as(
        tuple(Laid(c) for c in parse_cards(text, TWELVE_STEP.deck)), Kind.SEQUENCE, TWELVE_STEP
    )


def test_layoff_after_own_contract_seed_example() -> None:
    # Seed 002: "Greg could add a 3♦ to Isla's sequence 4-5-6-7♦."
    isla = seq("4D 5D 6D 7D")
    three = (Laid(parse_cards("3D")[0]),)
    played = lay_off(isla, three, TWELVE_STEP, contract_made=True)
    assert played.allowed and played.meld is not None and played.meld.low == 3
    assert not lay_off(isla, three, TWELVE_STEP, contract_made=False).allowed


def test_layoff_keeps_wilds_where_they_stand() -> None:
    meld = seq("4D JK 6D 7D")
    wild = (Laid(parse_cards("2C")[0]),)
    refused = lay_off(meld, (*wild, Laid(parse_cards("9D")[0])), TWELVE_STEP, contract_made=True)
    assert refused.allowed  # 2♣ as 8♦ between 7♦ and 9♦
    side = lay_off(seq("4D 5D 6D JK"), wild, TWELVE_STEP, contract_made=True)
    assert side.allowed and side.meld is not None and side.meld.low == 3  # 2♣ goes low: 3♦
    blocked = lay_off(
        seq("JK 5D 6D 7D 2C"),
        (Laid(parse_cards("JK", TWELVE_STEP.deck)[0]),),
        TWELVE_STEP,
        contract_made=True,
    )
    assert not blocked.allowed and "side by side" in blocked.reason


def test_liberating_seed_example() -> None:
    # Seed 002: "Isla could liberate Greg's wild card in the set 3-4-*-6♥ by putting the 5♥
    # down in place of the wildcard but she could not do this on her own tableau."
    greg = seq("3H 4H JK 6H")
    five = parse_cards("5H")[0]
    freed = liberate(greg, five, TWELVE_STEP, own_meld=False)
    assert freed.allowed and freed.freed is not None and freed.freed.is_joker
    assert freed.meld is not None and freed.meld.label == "3♥ 4♥ 5♥ 6♥"
    assert "must be played this round" in freed.reason
    assert not liberate(greg, five, TWELVE_STEP, own_meld=True).allowed
    wrong = liberate(greg, parse_cards("5S")[0], TWELVE_STEP, own_meld=False)
    assert not wrong.allowed and "no wild in" in wrong.reason
