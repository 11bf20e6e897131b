"""The Contract Rummy formats' fold: totals, the contract each player is on, carried
contracts, the winner (lowest total / first to finish, fewer points on a tie) and the
pairwise settlement."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from referee.games import find_format
from referee.games.base import NextHand, Place, StoredHand, Table
from referee.games.contract import ContractList, Deal, parse_needs
from referee.games.contract.tables_of_play import list_json
from referee.games.presets import get_preset
from referee.rules.errors import InputError

NAMES = ("Ann", "Ben", "Cat")
THREE = ContractList(
    "ours",
    tuple(Deal(13, parse_needs(t)) for t in ("2 groups", "1 group + 1 run", "2 runs")),
)


def table(preset: str = "twelve_step", contracts: ContractList | None = THREE) -> Table:
    rules = get_preset(preset).rules
    if contracts is not None:
        rules = rules.with_overrides(contract_list=list_json(contracts))
    return Table(rules, NAMES, stake=Decimal("0.5"))


def hand(
    fmt_name: str, out: int, counts: list[int | None], made: str, dealer: int = 0
) -> StoredHand:
    fmt = find_format(fmt_name)
    fields: dict[str, Any] = {
        "entry": "counts",
        "knocker_seat": out,
        "dealer_seat": dealer,
        "seat_deadwoods": counts,
        "seat_made": made,
    }
    return StoredHand(fmt.normalise(fields))


def test_twelve_step_carries_unmade_contracts_and_first_to_finish_wins() -> None:
    fmt = find_format("twelve_step")
    hands = [
        hand("twelve_step", 0, [0, 30, 12], "1 0 1"),
        hand("twelve_step", 2, [25, 40, 0], "1 1 1", dealer=1),
    ]
    board = fmt.fold(hands, table())
    view = board.detail
    assert board.totals == (25, 70, 12)
    assert [view.on(s) for s in range(3)] == [3, 2, 3]
    assert not board.over
    done = fmt.fold([*hands, hand("twelve_step", 0, [0, 9, 5], "1 1 1", dealer=2)], table())
    assert done.over and done.standing.winner == 2  # Ann and Cat finish: Cat has fewer points
    assert "same deal: fewer points wins" in str(done.detail.game.why)
    assert done.settlement is not None
    # each pays each lower total the difference: Ann 25, Ben 79, Cat 17
    nets = dict(zip(NAMES, done.settlement.nets, strict=True))
    assert done.totals == (25, 79, 17)
    assert nets == {"Ann": (79 - 25) - (25 - 17), "Ben": -(79 - 25) - (79 - 17), "Cat": 8 + 62}


def test_a_deal_after_the_game_is_refused_on_its_line() -> None:
    fmt = find_format("twelve_step")
    made = [hand("twelve_step", 0, [0, 5, 5], "1 1 0") for _ in range(3)]
    board = fmt.fold([*made, hand("twelve_step", 1, [5, 0, 5], "0 1 0")], table())
    assert str(board.lines[3].error) == "the game ended with deal 3"
    with pytest.raises(InputError, match="the game is over"):
        fmt.verify_hand(made[0].values, table(), Place(4, board.next))


def test_seven_deal_game_lowest_total_after_the_last_deal() -> None:
    fmt = find_format("contract")
    t = table("contract_7", None)
    hands = [
        hand("contract", d % 3, [0 if d % 3 == s else 10 + s for s in range(3)], "")
        for d in range(7)
    ]
    board = fmt.fold(hands, t)
    assert board.over
    assert board.totals == (4 * 10, 5 * 11, 5 * 12)
    assert board.standing.winner == 0
    assert board.detail.label(0) == "list played"


def test_the_player_who_went_out_holds_nothing_and_cards_are_priced() -> None:
    fmt = find_format("twelve_step")
    bad = hand("twelve_step", 0, [5, 3, 0], "")
    with pytest.raises(InputError, match="Ann went out, so holds no cards") as e:
        fmt.verify_hand(bad.values, table(), Place(0, NextHand(0, (0, 1, 2))))
    assert e.value.field == "count_0"
    cards = StoredHand(
        fmt.normalise(
            {
                "entry": "cards",
                "knocker_seat": 0,
                "dealer_seat": 0,
                "seat_cards": ["", "AS JK 2C KD 7H", "3H"],
                "seat_made": [False, True, False],
            }
        )
    )
    board = fmt.fold([cards], table())
    assert board.totals == (0, 15 + 15 + 15 + 10 + 7, 3)


def test_twelve_step_needs_the_tables_list() -> None:
    fmt = find_format("twelve_step")
    with pytest.raises(InputError, match="enter the table's contract list"):
        fmt.check_table(get_preset("twelve_step"), table(contracts=None), None)


def test_a_card_held_more_often_than_the_packs_hold_it_is_refused() -> None:
    fmt = find_format("twelve_step")
    values = fmt.normalise(
        {
            "entry": "cards",
            "knocker_seat": 0,
            "dealer_seat": 0,
            "seat_cards": ["", "KD KD", "KD"],
        }
    )
    with pytest.raises(InputError, match="K♦ appears 3 times") as e:
        fmt.verify_hand(values, table(), Place(0, NextHand(0, (0, 1, 2))))
    assert e.value.field == "cards_2"
