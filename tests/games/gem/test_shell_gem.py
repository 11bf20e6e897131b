"""``referee gem``: one Gem Rummy hand from a deck file, the dice and the cards, printed or as
JSON; JSON Lines on stdin, a bad line answered with its field and reason."""

import json
from pathlib import Path

from tests.shell.test_shell import run

DECK = str(Path(__file__).resolve().parents[2] / "data" / "gem_synthetic_deck.txt")
KNOCKER = "AS 4C 6D 8H 9S 9H 9D QH 7D 2C 3D"
OTHER = "2S 2H 2D 3S 4S 5S JS JH JD 4H 5H"


def test_gem_hand_printed_with_each_cards_gem() -> None:
    code, out = run(["gem", "--deck", DECK, "--dice", "3+4", "--hand", KNOCKER, "--hand", OTHER])
    assert code == 0
    assert "Gold stash A♠(G) 8♥(G) 6♦(G) 4♣(G)" in out
    assert "points:    Knocker 11, Second 0" in out


def test_gem_json_lines_with_a_bad_line() -> None:
    good = {"deck": DECK, "dice": 7, "hands": [KNOCKER, OTHER]}
    bad = {**good, "dice": 1}
    code, out = run(["gem"], stdin=json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 1
    assert first["points"] == {"Knocker": 11, "Second": 0} and first["gems"]["AS"] == "G"
    assert second["error"]["field"] == "dice" and second["line"] == 2
