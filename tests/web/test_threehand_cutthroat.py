"""Cutthroat and dealer-sits-out through the pages: the cut, the rotation after every hand,
overrides, dead hands, the §10 settlement vector."""

from __future__ import annotations

from tests.web.threehand_helpers import (
    add_seated,
    marked,
    nets,
    pairs,
    scoreboard,
    seating,
    start_three,
)

# RULES.md §10 "Cutthroat": A 110 points in 4 hands, B 45 in 2, C none. With the cut C lowest,
# A next, B highest, the first hand is A (dealing) against B while C sits out; each winner plays
# on against whoever sat out.
VECTOR = [
    # (knocker, knocker's deadwood, defender's deadwood) -> winner +points
    (1, 5, 25),  # B +20 (A v B)
    (1, 3, 28),  # B +25 (B v C)
    (0, 2, 32),  # A +30 (A v B)
    (0, 5, 30),  # A +25 (A v C)
    (0, 5, 30),  # A +25 (A v B)
    (0, 2, 32),  # A +30 (A v C): A reaches 110
]


def test_section_10_cutthroat_vector_entered_as_hands(client):
    view_id = start_three(client, ("A", "B", "C"), cut=("9H", "KC", "2S"), stake="0.10")
    assert seating(client, view_id) == {"players": "A v B", "dealer": "A", "sitting-out": "C"}
    expected_seatings = [
        {"players": "B v C", "dealer": "C", "sitting-out": "A"},
        {"players": "A v B", "dealer": "A", "sitting-out": "C"},
        {"players": "A v C", "dealer": "C", "sitting-out": "B"},
        {"players": "A v B", "dealer": "B", "sitting-out": "C"},
        {"players": "A v C", "dealer": "C", "sitting-out": "B"},
    ]
    for (knocker, k, d), after in zip(VECTOR, expected_seatings, strict=False):
        assert add_seated(client, view_id, knocker, k, d).status_code == 302
        assert seating(client, view_id) == after
    assert add_seated(client, view_id, *VECTOR[-1]).status_code == 302
    page = scoreboard(client, view_id)
    assert "Game over: A wins by a shutout." in plain_text(page)
    assert tuple(int(marked(page, f"final-{s}")) for s in range(3)) == (310, 95, 0)
    assert "C was shut out: pays A 100 more" in page
    assert pairs(page) == {(1, 0): 215, (2, 0): 410, (2, 1): 95}
    assert nets(page) == (625, -120, -505)
    assert "difference 310 + shutout 100" in page
    transfers = marked(page, "transfers")
    assert "B pays A 120 points = 12.00" in transfers
    assert "C pays A 505 points = 50.50" in transfers


def plain_text(page: str) -> str:
    import re

    return " ".join(re.sub(r"<[^>]+>", " ", page).split())
