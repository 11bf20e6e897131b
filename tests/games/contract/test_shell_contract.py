"""``referee contract``: a Contract Rummy lay-down, a whole hand and a liberated wild from
the shell, one on the command line or JSON Lines on stdin."""

import json

from tests.shell.test_shell import run


def test_a_laydown_not_met_says_why() -> None:
    code, out = run(
        [
            "contract",
            "--contract",
            "1 group of 3 + 2 sequences of 4",
            "--laid",
            "9H 9D 2C / 4H 5H 6H 7H / 4S 5S JK 2D 8S",
        ]
    )
    assert code == 0
    assert out.splitlines()[0] == (
        "not met: the second sequence 4♠ 5♠ JK 2♦ 8♠ puts two wilds side by side in a "
        "sequence (JK as 6♠, 2♦ as 7♠)"
    )


def test_a_whole_hand_and_a_wild_where_the_table_has_none() -> None:
    code, out = run(
        [
            "contract",
            "--check",
            "hand",
            "--contract",
            "2 groups of 3",
            "--hand",
            "5S 5H JK 9C 9H 2D KS",
            "--json",
        ]
    )
    assert code == 0 and json.loads(out)["can"] is True
    code, out = run(
        [
            "contract",
            "--contract",
            "1 group of 3",
            "--laid",
            "9H 9D JK",
            "--rule",
            "jokers=0",
            "--json",
        ]
    )
    assert code == 2
    assert json.loads(out)["error"]["field"] == "laid"


def test_json_lines() -> None:
    lines = "\n".join(
        [
            json.dumps({"check": "liberate", "meld": "3H 4H JK 6H", "played": "5H"}),
            json.dumps({"check": "laydown", "contract": "", "laid": "9H"}),
        ]
    )
    code, out = run(["contract"], stdin=lines)
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 1
    assert first["allowed"] is True and first["freed"] == "JK1"
    assert second["error"]["field"] == "contract" and second["line"] == 2
