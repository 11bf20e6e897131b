"""Entering a hand by cards costs at most the cards tapped + 3 taps, in every format with a
hand form by cards (issue 26): who knocked or went out, any switch to the next player's hand or
to a field outside the picker, a key typed and Save all count; what the form already shows
(a choice made by default, the picker already on the right hand) costs nothing, as it costs a
scorer nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.steps import Taps, scorer_of

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat", "Dan"]
# knocks with 3 (3♦) against 8♠ 8♥ 8♦ 8♣ and a run of nothing (the R7 hands)
KNOCKER = ["5S", "6S", "7S", "KH", "KD", "KC", "AH", "AD", "AC", "3D"]
DEFENDER = ["8S", "8H", "8D", "8C", "9S", "KS", "2C", "2H", "QD", "JC"]
THIRD = ["2S", "3S", "4S", "10H", "JH", "QH", "4D", "5D", "6D", "9C"]
GIN = ["AS", "2S", "3S", "4S", "5H", "5D", "5C", "9C", "10C", "JC"]
GIN_DEFENDER = ["KH", "KD", "QS", "QH", "8D", "7D", "6H", "2C", "3C", "4H"]
GEM_DECK = (Path(__file__).parent.parent / "data" / "gem_synthetic_deck.txt").read_text().strip()
GEM_KNOCKER = ["AS", "4C", "6D", "8H", "9S", "9H", "9D", "QH", "7D", "2C", "3D"]
GEM_OTHER = ["2S", "2H", "2D", "3S", "4S", "5S", "JS", "JH", "JD", "10S", "9C"]
# Indian Rummy, sevens wild (7♥ cut): Ann declares (her 13 cards, grouped by the app), Ben
# loses on 45 points
INDIAN_WINNER = ["AH", "2H", "3H", "5S", "6S", "7D", "9C", "9D", "9S", "KD", "KC", "KH", "7C"]
INDIAN_LOSER = ["AS", "2S", "3S", "5H", "6H", "JK1", "9H", "9D", "10C", "QC", "4C", "4D", "8D"]


def two_handed(t: Taps) -> None:
    t.choose("knocker_seat", NAMES[0])
    t.hand("knocker_cards", KNOCKER)
    t.hand("defender_cards", DEFENDER)


def oklahoma(t: Taps) -> None:
    t.hand("upcard", ["6H"])  # first: it sets the knock limit (6)
    t.choose("knocker_seat", NAMES[0])
    t.hand("knocker_cards", KNOCKER)
    t.hand("defender_cards", DEFENDER)


def straight_gin(t: Taps) -> None:
    t.choose("knocker_seat", NAMES[0])
    t.hand("knocker_cards", GIN)
    t.hand("defender_cards", GIN_DEFENDER)


def partnership(t: Taps) -> None:
    for table in (1, 2):
        t.choose(f"t{table}_knocker_seat", None)
        t.hand(f"t{table}_knocker_cards", KNOCKER, picker=f"#t{table}_picker")
        t.hand(f"t{table}_defender_cards", DEFENDER, picker=f"#t{table}_picker")


def seated_pair(t: Taps) -> None:
    """Cutthroat, Chouette: the first of the two who play knocks."""
    t.choose("knocker_seat", None)
    t.hand("knocker_cards", KNOCKER)
    t.hand("defender_cards", DEFENDER)


def battle_royal(t: Taps) -> None:
    t.choose("knocker_seat", NAMES[0])
    for seat, cards in enumerate((KNOCKER, DEFENDER, THIRD)):
        t.hand(f"cards_{seat}", cards)


def basic_rummy(t: Taps) -> None:
    t.choose("kind", "Went out")
    t.choose("knocker_seat", NAMES[0])
    t.hand("cards_1", ["KS", "7D", "2C", "4H"])


def rum_500(t: Taps) -> None:
    t.choose("kind", "Went out")
    t.choose("knocker_seat", NAMES[0])
    t.hand("melds_0", ["AH", "2H", "3H", "KS", "KH", "KD"], melds=(3,))
    t.hand("cards_1", ["9C", "5D", "QS"])


def contract(t: Taps) -> None:
    t.choose("knocker_seat", NAMES[0])
    t.check("made_0")  # who went out laid down their contract
    t.hand("cards_1", ["KS", "7D", "2C", "JK1", "4H", "9S"])


def gem(t: Taps) -> None:
    t.choose_button(".dice-sums", "7")
    t.choose("knocker_seat", NAMES[0])
    t.hand("cards_0", GEM_KNOCKER)
    t.hand("cards_1", GEM_OTHER)


def indian(t: Taps) -> None:
    t.choose("knocker_seat", NAMES[0])
    t.cut("cut_card", "7H")
    t.hand("cards_0", INDIAN_WINNER)
    t.hand("cards_1", INDIAN_LOSER)


@dataclass(frozen=True)
class Case:
    preset: str
    players: int
    enter: Callable[[Taps], None]
    body: dict[str, Any] = field(default_factory=dict)


SHORT_LIST = {
    "name": "two deals",
    "deals": [{"cards": 10, "contract": c} for c in ("2 groups", "1 group and 1 sequence")],
}


CASES = {
    "gin": Case("american", 2, two_handed),
    "oklahoma": Case("oklahoma", 2, oklahoma),
    "hollywood": Case("hollywood", 2, two_handed),
    "straight-gin": Case("straight_gin", 2, straight_gin),
    "partnership": Case("partnership", 4, partnership),
    "cutthroat": Case("cutthroat", 3, seated_pair),
    "dealer-sits-out": Case("dealer_sits_out", 3, seated_pair),
    "chouette": Case("chouette", 3, seated_pair),
    "battle-royal": Case("battle_royal", 3, battle_royal),
    # hands of no fixed size: with more players, a tap on each further player's name
    "basic-rummy": Case("basic_rummy", 2, basic_rummy),
    "500-rum": Case("rum_500", 2, rum_500),
    "contract": Case("contract_7", 2, contract),
    "12-step": Case("twelve_step", 2, contract, {"rules": {"contract_list": SHORT_LIST}}),
    "gem": Case("gem", 2, gem, {"deck": GEM_DECK}),
    "indian-points": Case("indian_points", 2, indian),
    "indian-pool": Case("indian_pool_101", 2, indian),
    "indian-deals": Case("indian_deals", 2, indian),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_a_hand_by_cards_takes_at_most_its_cards_and_three_taps(
    live_server: str, phone: Any, shots: Path, case: Case
) -> None:
    page = phone
    scorer_of(page, live_server, NAMES[: case.players], preset=case.preset, **case.body)
    page.click("a[href$='entry=cards']")  # opening the form by cards is not a tap of the hand
    page.wait_for_load_state()
    page.locator(".picker .pc").first.wait_for()
    t = Taps(page)
    case.enter(t)
    # the ruling of these cards appears above the form as they are tapped (nothing saved),
    # so one Save keeps the hand it shows
    expect(page.locator("#ruling[data-live]")).to_be_visible()
    page.screenshot(path=shots / f"taps-{case.preset}.png")
    t.tap("input[name=save]")
    shown = page.locator(".flash.ok, .error-summary, .refused").or_(
        page.get_by_text("Not saved yet")
    )
    expect(shown.first).to_be_visible()
    refused = page.locator(".error-summary, .refused, .error:not(:empty)").all_inner_texts()
    assert page.locator(".flash.ok").count(), (refused, t.log)
    expect(page.locator(".flash.ok")).to_contain_text("saved")
    print(f"{case.preset}: {t.count} taps for {t.cards} cards: {t.log}")
    assert t.count <= t.cards + 3, t.log
