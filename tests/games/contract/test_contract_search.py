"""The whole-hand search against a brute-force reference, and the one way it shows."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.contract import (
    TWELVE_STEP,
    ContractTable,
    Kind,
    find_contract,
    parse_needs,
    read_as,
)
from referee.rules.cards import Card, parse_cards

from .contract_reference import can_make_ref, group_ok, sequence_ok

JOKERS_ONLY = ContractTable(packs=2, jokers=2, wild_ranks=())

# A narrow slice of the pack (two suits, A-7 and K-Q, jokers) so both answers come up often.
POOL: tuple[Card, ...] = tuple(
    c
    for c in TWELVE_STEP.deck.cards()
    if c.is_joker
    or (
        c.suit is not None
        and c.suit.value in "SH"
        and int(c.rank or 0) in {1, 2, 3, 4, 5, 6, 7, 12, 13}
    )
)
NEEDS = (
    "2 groups of 3",
    "1 group of 3 + 1 sequence of 3",
    "2 sequences of 3",
    "1 sequence of 4",
    "1 group of 4",
)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, len(POOL) - 1), min_size=6, max_size=7, unique=True),
    st.sampled_from(NEEDS),
    st.sampled_from([TWELVE_STEP, JOKERS_ONLY]),
)
def test_search_agrees_with_brute_force(
    picks: list[int], needs_text: str, table: ContractTable
) -> None:
    hand = [POOL[i] for i in picks if table.deck.copies(POOL[i])]
    needs = parse_needs(needs_text)
    way = find_contract(hand, needs, table)
    assert (way is not None) == can_make_ref(hand, needs, table)
    if way is not None:
        used = Counter(c for combo in way for c in combo.cards)
        assert not used - Counter(hand)
        assert sorted((c.kind, len(c.placed)) for c in way) == sorted(
            (n.kind, n.length) for n in needs
        )
        for combo in way:
            ok = group_ok if combo.kind is Kind.GROUP else sequence_ok
            assert ok(combo.cards, table)
            assert read_as(combo.as_laid(), combo.kind, table).cards  # the engine reads it too


def test_thirteen_card_hand_with_wilds() -> None:
    hand = parse_cards("4D 5D 6D JK 9S 9H 9C KS QS 2C AS 8C 8D", TWELVE_STEP.deck)
    way = find_contract(hand, parse_needs("1 group of 3 + 2 sequences of 4"), TWELVE_STEP)
    assert way is not None
    labels = sorted(c.label for c in way)
    assert "9♠ 9♥ 9♣" in labels
    assert all(len(c.placed) in (3, 4) for c in way)


def test_a_natural_may_be_left_for_a_group_while_a_wild_fills_the_sequence() -> None:
    # The 5♠ is wanted by both; only a joker in the sequence lets the group of 5s stand.
    hand = parse_cards("3S 4S 5S JK 5H 5D", TWELVE_STEP.deck)
    needs = parse_needs("1 group of 3 + 1 sequence of 3")
    assert find_contract(hand, needs, TWELVE_STEP) is not None
    assert find_contract(hand[:3] + hand[4:], needs, TWELVE_STEP) is None
