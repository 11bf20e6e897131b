"""Contract lists as data: the published readings, parsing, validation with field + reason,
the pack by player count, penalty values."""

from __future__ import annotations

import pytest

from referee.games.contract import (
    DEFAULT_PENALTIES,
    PUBLISHED_LISTS,
    SEVEN_DEAL_BICYCLE,
    SEVEN_DEAL_PAGAT,
    TWELVE_STEP,
    ContractList,
    ContractTable,
    Deal,
    JokerRule,
    PenaltyValues,
    check_contract_list,
    jokers_for,
    packs_for,
    parse_needs,
    penalty_of,
)
from referee.games.contract.contracts import list_from_json
from referee.rules.cards import parse_cards
from referee.rules.errors import InputError


def test_both_published_readings_are_valid_seven_deal_lists() -> None:
    for contracts in PUBLISHED_LISTS.values():
        check_contract_list(contracts, TWELVE_STEP)
        assert len(contracts) == 7
    assert [d.cards for d in SEVEN_DEAL_BICYCLE.deals] == [10, 10, 10, 10, 12, 12, 12]
    assert [d.cards for d in SEVEN_DEAL_PAGAT.deals] == [10, 10, 10, 12, 12, 12, 12]
    assert SEVEN_DEAL_PAGAT.deals[-1].no_discard and not SEVEN_DEAL_BICYCLE.deals[-1].no_discard
    assert SEVEN_DEAL_BICYCLE.deals[5].label == "1 group of 3 + 2 sequences of 4"


def test_parse_needs_reads_sets_and_runs_with_default_lengths() -> None:
    needs = parse_needs("1 set + 2 runs of 5")
    assert [n.label for n in needs] == ["group of 3", "sequence of 5", "sequence of 5"]
    with pytest.raises(InputError, match="`3 pairs` is not a combination"):
        parse_needs("3 pairs")


@pytest.mark.parametrize(
    ("deals", "field", "reason"),
    [
        ((), "deals", "the list is empty"),
        ((Deal(10, ()),), "deal_1", "asks for nothing"),
        ((Deal(10, parse_needs("1 group of 2")),), "deal_1", "at least 3 cards"),
        ((Deal(13, parse_needs("1 sequence of 14")),), "deal_1", "at most 13"),
        ((Deal(13, parse_needs("1 group of 30")),), "deal_1", "at most 20 cards of one rank"),
        ((Deal(10, parse_needs("3 sequences of 4")),), "deal_1", "takes 12 cards"),
    ],
)
def test_impossible_lists_are_refused_with_field_and_reason(
    deals: tuple[Deal, ...], field: str, reason: str
) -> None:
    with pytest.raises(InputError, match=reason) as e:
        check_contract_list(ContractList("ours", deals), TWELVE_STEP)
    assert e.value.field == field


def test_no_discard_lets_the_whole_hand_go_down() -> None:
    check_contract_list(
        ContractList("x", (Deal(11, parse_needs("2 sequences of 4 + 1 group of 4"), True),)),
        TWELVE_STEP,
    )


def test_list_from_json_names_the_deal() -> None:
    with pytest.raises(InputError) as e:
        list_from_json(
            {"name": "ours", "deals": [{"cards": 13, "contract": "2 groups"}, {"cards": 13}]},
            TWELVE_STEP,
        )
    assert e.value.field == "deal_2"
    got = list_from_json(
        {"name": "ours", "deals": [{"cards": 13, "contract": "2 groups of 3"}]}, TWELVE_STEP
    )
    assert got.deals[0].label == "2 groups of 3"


def test_packs_and_jokers_by_player_count() -> None:
    assert [packs_for(n) for n in range(2, 10)] == [2, 2, 2, 2, 3, 3, 4, 4]
    assert jokers_for(JokerRule.TWO_PER_PACK, 2, 4) == 4
    assert jokers_for(JokerRule.ONE_FEWER_THAN_PACKS, 2, 4) == 1
    assert jokers_for(JokerRule.ONE_FEWER_THAN_PACKS, 3, 6) == 2
    assert jokers_for(JokerRule.PLAYERS_MINUS_ONE, 2, 5) == 4
    assert TWELVE_STEP.deck.size == 108


def test_penalty_values_default_and_edited() -> None:
    hand = parse_cards("AS JK 2C KD 7H", TWELVE_STEP.deck)
    assert PenaltyValues(15, 15, 15, 10) == DEFAULT_PENALTIES
    assert penalty_of(hand, TWELVE_STEP) == 15 + 15 + 15 + 10 + 7
    table = TWELVE_STEP.with_changes(penalties=PenaltyValues(ace=1, joker=50, wild=20, face=10))
    assert penalty_of(hand, table) == 1 + 50 + 20 + 10 + 7
    jokers_only = ContractTable(packs=2, jokers=1, wild_ranks=())
    assert penalty_of(parse_cards("2C"), jokers_only) == 2
