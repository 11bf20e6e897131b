"""The shell rules Oklahoma and Straight Gin hands: ``referee rule --preset oklahoma --upcard``."""

import json

from tests.shell.test_shell import run

KNOCKER = "AS 2S 3S 7H 7D 7C 4C 5C 6C 2D"  # deadwood 2
DEFENDER = "4H 5H 6H 8D 9D QD QS JS 10C 9C"  # 66 after its run


def test_oklahoma_upcard_sets_the_limit_and_doubles() -> None:
    argv = ["rule", "--preset", "oklahoma", "--upcard", "6S", "--knocker", KNOCKER]
    code, out = run([*argv, "--defender", DEFENDER, "--json"])
    assert code == 0
    answer = json.loads(out)
    assert answer["knock_limit"] == 6 and answer["multiplier"] == 2
    assert answer["points"] == (66 - 2) * 2
    assert answer["steps"][0]["text"] == "The upcard 6♠ sets this hand's knock limit: deadwood ≤ 6."


def test_oklahoma_without_the_upcard_names_the_field() -> None:
    argv = ["rule", "--preset", "oklahoma", "--knocker", KNOCKER, "--defender", DEFENDER]
    code, out = run([*argv, "--json"])
    assert code == 2
    assert json.loads(out)["error"]["field"] == "upcard"


def test_straight_gin_refuses_a_knock() -> None:
    argv = ["rule", "--preset", "straight_gin", "--knocker", KNOCKER, "--defender", DEFENDER]
    code, out = run([*argv, "--json"])
    assert code == 0
    answer = json.loads(out)
    assert answer["outcome"] == "illegal_knock"
    assert "gin only" in answer["steps"][-1]["text"]
