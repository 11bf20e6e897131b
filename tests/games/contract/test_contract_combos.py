"""Seed 002's wild placement, every example in it, and the reasons a combination is refused."""

from __future__ import annotations

import pytest

from referee.games.contract import (
    TWELVE_STEP,
    CombinationError,
    ContractTable,
    Kind,
    Laid,
    Target,
    read_as,
    readings,
)
from referee.rules.cards import Suit, parse_cards

JOKERS_ONLY = ContractTable(packs=2, jokers=4, wild_ranks=())
JOKER = parse_cards("JK", TWELVE_STEP.deck)[0]


def laid(text: str, table: ContractTable = TWELVE_STEP) -> tuple[Laid, ...]:
    return tuple(Laid(c) for c in parse_cards(text, table.deck))


# Seed 002: "Greg could use 5-*-* for a set of 3-of-a-kind, or 5-*-7-* in a sequence, but he
# could not use 5-*-*-8." — with a joker and a wild 2 for the stars.
def test_seed_group_with_wilds_side_by_side_is_valid() -> None:
    group = read_as(laid("5S JK 2C"), Kind.GROUP, TWELVE_STEP)
    assert group.rank == 5
    assert [p.wild for p in group.placed] == [False, True, True]


def test_seed_sequence_with_wilds_separated_is_valid() -> None:
    run = read_as(laid("5S JK 7S 2C"), Kind.SEQUENCE, TWELVE_STEP)
    assert run.label == "5♠ JK(6♠) 7♠ 2♣(8♠)"


def test_seed_sequence_with_wilds_side_by_side_is_refused() -> None:
    with pytest.raises(CombinationError, match=r"two wilds side by side.*JK as 6♠, 2♣ as 7♠"):
        read_as(laid("5S JK 2C 8S"), Kind.SEQUENCE, TWELVE_STEP)
    assert readings(laid("5S JK 2C 8S"), TWELVE_STEP) == {}


def test_seed_stars_as_two_jokers() -> None:
    assert read_as(laid("5H JK1 JK2"), Kind.GROUP, TWELVE_STEP).rank == 5
    assert read_as(laid("5H JK1 7H JK2"), Kind.SEQUENCE, TWELVE_STEP).high == 8
    with pytest.raises(CombinationError, match="side by side"):
        read_as(laid("5H JK1 JK2 8H"), Kind.SEQUENCE, TWELVE_STEP)


@pytest.mark.parametrize(
    ("cards", "high"),
    [("AS 2S 3S 4S", 4), ("JS QS KS AS", 14), ("QH KH AH", 14), ("AD JK 3D", 3)],
)
def test_aces_high_or_low(cards: str, high: int) -> None:
    assert read_as(laid(cards), Kind.SEQUENCE, TWELVE_STEP).high == high


def test_no_wrap() -> None:
    with pytest.raises(CombinationError, match="cannot"):
        read_as(laid("KS AS 3S", JOKERS_ONLY), Kind.SEQUENCE, JOKERS_ONLY)


def test_a_two_standing_for_itself_is_natural() -> None:
    run = read_as(laid("AS 2S 3S"), Kind.SEQUENCE, TWELVE_STEP)
    assert not any(p.wild for p in run.placed)
    group = read_as(laid("2S 2H 2D"), Kind.GROUP, TWELVE_STEP)
    assert group.rank == 2 and not group.wilds


def test_named_wilds() -> None:
    named = (Laid(parse_cards("4S")[0]), Laid(JOKER, Target(5, Suit.SPADES)))
    run = read_as((*named, *laid("6S")), Kind.SEQUENCE, TWELVE_STEP)
    assert run.label == "4♠ JK(5♠) 6♠"
    wrong = (Laid(JOKER, Target(7, Suit.HEARTS)), *laid("5S 6S"))
    with pytest.raises(CombinationError, match="mixes ♠ and ♥"):
        read_as(wrong, Kind.SEQUENCE, TWELVE_STEP)
    with pytest.raises(CombinationError, match="named 6, but the group is of 5s"):
        read_as((*laid("5S 5H"), Laid(JOKER, Target(6))), Kind.GROUP, TWELVE_STEP)


@pytest.mark.parametrize(
    ("cards", "kind", "reason"),
    [
        ("5S 5H", Kind.GROUP, "at least 3"),
        ("5S 6S 6H", Kind.GROUP, "mixes 5s and 6s"),
        ("JK1 JK2 JK3", Kind.GROUP, "no natural card"),
        ("4S 5H 6S", Kind.SEQUENCE, "mixes ♠ and ♥"),
        ("4S 4S 5S", Kind.SEQUENCE, "holds 4♠ twice"),
        ("4S 9S JK", Kind.SEQUENCE, "cannot reach from 4♠ to 9♠ with 3 cards"),
    ],
)
def test_refusals_say_why(cards: str, kind: Kind, reason: str) -> None:
    with pytest.raises(CombinationError, match=reason):
        read_as(laid(cards), kind, TWELVE_STEP)


def test_a_two_is_not_wild_where_only_jokers_are() -> None:
    with pytest.raises(CombinationError, match="mixes"):
        read_as(laid("5S 2C 5H", JOKERS_ONLY), Kind.GROUP, JOKERS_ONLY)
    with pytest.raises(CombinationError, match="not wild at this table"):
        read_as(
            (*laid("5S 5H", JOKERS_ONLY), Laid(parse_cards("2C")[0], Target(5))),
            Kind.GROUP,
            JOKERS_ONLY,
        )
