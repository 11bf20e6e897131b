"""The engine's work budget: searches count their nodes and stop past the budget."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.inputs import parse_analyze_request
from referee.rules import melds
from referee.rules.budget import TooComplexError, budgeted, charge, per_ruling, work_budget
from referee.rules.cards import Deck
from referee.rules.ruleset import Ruleset, table_problems

# The request of issue 13 that kept a worker busy for three minutes.
WORST = {
    "hand": "JK 2D 3S 2C 2H JK 3D 3C JK 7S JK 10S 5C 8H 5S JK",
    "rules": {
        "decks": 1,
        "jokers": 8,
        "jokers_wild": True,
        "wild_ranks": [2, 3],
        "hand_size": 15,
        "max_set": 6,
    },
}
WILD = Ruleset(decks=2, jokers=4, jokers_wild=True, wild_ranks=(2,), hand_size=13, max_set=8)


def test_no_budget_counts_nothing() -> None:
    charge(10**12)


def test_a_budget_stops_the_search() -> None:
    inputs = parse_analyze_request(WORST)
    started = time.process_time()
    with pytest.raises(TooComplexError) as caught, work_budget(50_000):
        inputs.analyze()
    assert caught.value.spent > caught.value.limit == 50_000
    assert "too complex to rule here" in caught.value.reason
    assert time.process_time() - started < 30  # stopped, not finished (no timing asserted)


def test_a_nested_budget_is_the_tighter_one() -> None:
    with work_budget(100) as outer:
        charge(50)
        with work_budget(1000) as inner:
            assert inner is outer
        with pytest.raises(TooComplexError):
            charge(60)


def test_budgeted_calls_each_get_the_per_ruling_budget() -> None:
    calls: list[int] = []

    @budgeted
    def ruling(nodes: int) -> None:
        charge(nodes)
        calls.append(nodes)

    with per_ruling(100):
        ruling(80)
        ruling(80)  # a budget of its own: not 160 of one
        with pytest.raises(TooComplexError):
            ruling(120)
    ruling(10**9)  # outside: no budget
    assert calls == [80, 80, 10**9]


def test_the_worst_request_is_outside_a_real_table() -> None:
    rules = Ruleset(**{**WORST["rules"], "wild_ranks": (2, 3)})  # type: ignore[arg-type]
    names = [name for name, _ in table_problems(rules)]
    assert names == ["jokers", "hand_size", "wild_ranks"]


def test_counting_the_best_arrangements_agrees_with_listing_them_on_a_wild_hand() -> None:
    hand = parse_analyze_request(
        {"hand": "JK 2D 2S 2C 2H JK 3D 3C 4C 5C", "rules": WILD.to_dict()}
    ).hand
    listed = melds.best_arrangements(hand, WILD)
    assert melds.count_best_arrangements(hand, WILD) == len(listed) > 24


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_counting_agrees_with_listing(data: st.DataObject) -> None:
    rules = data.draw(
        st.sampled_from([Ruleset(), Ruleset(decks=2), Ruleset(jokers=2, jokers_wild=True), WILD])
    )
    deck = list(Deck(rules.decks, rules.jokers).cards())
    hand = data.draw(st.lists(st.sampled_from(deck), min_size=3, max_size=9))
    from collections import Counter

    copies = Counter(deck)
    if any(n > copies[c] for c, n in Counter(hand).items()):
        return
    assert melds.count_best_arrangements(hand, rules) == len(melds.best_arrangements(hand, rules))
