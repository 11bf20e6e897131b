"""One short match of every format, played through the JSON API: the fixtures of the export,
import, statistics and chart tests. Each has hands by counts and by cards where the format
takes cards, a deleted hand where it helps, and at least one finished game where short."""

from __future__ import annotations

from pathlib import Path
from typing import Any

GEM_DECK = (Path(__file__).parent.parent / "data" / "gem_synthetic_deck.txt").read_text().strip()
"""A whole Gem Rummy deck (card → gem), frozen into the sample match."""


def knock(who: str, k: int, d: int, **extra: Any) -> dict[str, Any]:
    return {"kind": "knock", "knocker": who, "knocker_deadwood": k, "defender_deadwood": d, **extra}


def gin(who: str, d: int, **extra: Any) -> dict[str, Any]:
    return {"kind": "gin", "knocker": who, "knocker_deadwood": 0, "defender_deadwood": d, **extra}


BY_CARDS = {
    "kind": "auto",
    "knocker": "Ann",
    "knocker_cards": "AS 2S 3S 4H 5H 6H 7C 7D 7H 2C",
    "defender_cards": "KS KH KD QC JC 9D 8D 3C 4C 5D",
}

SAMPLES: dict[str, tuple[list[str], dict[str, Any], list[dict[str, Any]]]] = {
    "two_handed": (
        ["Ann", "Ben"],
        {"preset": "american", "stake_per_point": "0.10"},
        [knock("Ann", 5, 20), gin("Ben", 30), BY_CARDS, knock("Ben", 9, 7), gin("Ann", 60)],
    ),
    "hollywood": (
        ["Ann", "Ben"],
        {"preset": "hollywood", "stake_per_point": "0.05"},
        [gin("Ann", 40), knock("Ben", 3, 30), gin("Ann", 50), knock("Ann", 2, 22)],
    ),
    "partnership": (
        ["Ann", "Ben", "Cat", "Dan"],
        {"preset": "partnership", "stake_per_point": "1"},
        [
            {"tables": [knock("Ann", 2, 18), knock("Cat", 3, 15)]},
            {"tables": [gin("Dan", 25), knock("Cat", 4, 30)]},
        ],
    ),
    "cutthroat": (
        ["Ann", "Ben", "Cat"],
        {"preset": "cutthroat", "stake_per_point": "0.10"},
        [knock("Ben", 5, 20), gin("Ann", 33), knock("Cat", 8, 3)],
    ),
    "chouette": (
        ["Ann", "Ben", "Cat"],
        {"preset": "chouette"},
        [knock("Cat", 5, 20), gin("Cat", 33)],
    ),
    "battle_royal": (
        ["Ann", "Ben", "Cat"],
        {"preset": "battle_royal", "stake_per_point": "0.10"},
        [
            {"kind": "knock", "knocker": "Ann", "deadwoods": [4, 15, 22]},
            {"kind": "gin", "knocker": "Cat", "deadwoods": [30, 12, 0]},
        ],
    ),
    "basic_rummy": (
        ["Ann", "Ben", "Cat"],
        {"preset": "basic_rummy", "stake_per_point": "0.10"},
        [
            {"ending": "rummy", "went_out": "Cat", "hands": {"Ann": "KS 7D 2C", "Ben": ["4H"]}},
            {"went_out": "Ann", "counts": {"Ben": 60, "Cat": 50}},
        ],
    ),
    "rum_500": (
        ["Ann", "Ben"],
        {"preset": "rum_500"},
        [
            {
                "went_out": "Ann",
                "melds": {"Ann": ["AH 2H 3H", "KS KH KD"], "Ben": [["7C", "8C", "9C"]]},
                "hands": {"Ben": "AS QD"},
            },
            {"ending": "stalemate", "melded": [480, 10], "counts": [0, 20]},
        ],
    ),
    "contract": (
        ["Ann", "Ben", "Cat"],
        {"preset": "contract_7", "stake_per_point": "0.10"},
        [
            {"went_out": "Ann", "counts": {"Ben": 20, "Cat": 35}, "made": [True, True, False]},
            {
                "went_out": "Ben",
                "hands": {"Ann": "AS JK KD", "Cat": "3H"},
                "made": [False, True, True],
            },
            {"went_out": "Cat", "counts": {"Ann": 12, "Ben": 8}, "made": [True, False, True]},
        ],
    ),
    "twelve_step": (
        ["Ann", "Ben"],
        {
            "preset": "twelve_step",
            "stake_per_point": "0.05",
            "rules": {
                "contract_list": {
                    "name": "short",
                    "deals": [{"cards": 13, "contract": c} for c in ("2 groups", "2 runs")],
                }
            },
        },
        [
            {"went_out": "Ann", "counts": {"Ben": 20}, "made": {"Ann": True, "Ben": False}},
            {"went_out": "Ann", "hands": {"Ben": "7H 7D"}, "made": [True, True]},
        ],
    ),
    "gem": (
        ["Ann", "Ben"],
        {"preset": "gem", "deck": GEM_DECK, "stake_per_point": "0.10", "currency": "€"},
        [
            {
                "dice": "3+4",
                "knocker": "Ann",
                "hands": {
                    "Ann": "AS 4C 6D 8H 9S 9H 9D QH 7D 2C 3D",
                    "Ben": "2S 2H 2D 3S 4S 5S JS JH JD 10S 9C",
                },
            },
            {"dice": 7, "knocker": "Ann", "counts": {"Ann": 5, "Ben": 9}, "gem_parts": ["Ben"]},
            {"dice": "5+6", "knocker": "Ben", "ending": "gin", "counts": {"Ann": 85}},
        ],
    ),
}
"""Per format: the players, the new match's body, and its hands' bodies in order."""


def play(client: Any, name: str, delete_second: bool = False) -> tuple[str, str]:
    """Start the sample match of format ``name`` and enter its hands; returns (id, token).
    ``delete_second`` enters the second hand twice and deletes the first copy."""
    names, body, hands = SAMPLES[name]
    response = client.post("/api/v1/matches", json={"players": names, **body})
    assert response.status_code == 201, response.get_json()
    view_id, token = response.get_json()["id"], response.get_json()["edit_token"]
    headers = {"X-Edit-Token": token}
    url = f"/api/v1/matches/{view_id}/hands"
    for number, hand in enumerate(hands):
        response = client.post(url, json=hand, headers=headers)
        assert response.status_code == 201, (name, number, response.get_json())
        if delete_second and number == 1:
            hand_id = response.get_json()["hand"]["id"]
            gone = client.delete(f"{url}/{hand_id}", json={}, headers=headers)
            assert gone.status_code == 200, gone.get_json()
            again = client.post(url, json=hand, headers=headers)
            assert again.status_code == 201, again.get_json()
    read = client.get(f"/api/v1/matches/{view_id}").get_json()
    assert read["variant"] == name, read["variant"]
    return view_id, token
