"""The ``referee`` shell command: one hand on the command line, or JSON Lines on stdin."""

import io
import json
import sys

import pytest

from referee.shell import main


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    """The shell run with ``argv`` and ``stdin``: its exit code and what it printed."""
    out = io.StringIO()
    saved = sys.stdout
    sys.stdout = out
    try:
        code = main(argv, stdin=io.StringIO(stdin))
    finally:
        sys.stdout = saved
    return code, out.getvalue()


def test_analyze_one_hand_json() -> None:
    code, out = run(["analyze", "--json", "AS 2S 3S 7H 7D 7C 9C 10C JC KD"])
    assert code == 0
    answer = json.loads(out)
    assert answer["deadwood"] == 10
    assert sorted(map(sorted, answer["melds"])) == [
        ["10C", "9C", "JC"],
        ["2S", "3S", "AS"],
        ["7C", "7D", "7H"],
    ]
    assert answer["deadwood_cards"] == ["KD"]
    assert answer["may_knock"] is True


def test_analyze_r1_greedy_is_wrong() -> None:
    code, out = run(["analyze", "--json", "4H 5H 6H 7H 7S 7D KC QD 2S AC"])
    assert code == 0
    assert json.loads(out)["deadwood"] == 23


def test_analyze_eleven_cards_reports_the_best_discard() -> None:
    code, out = run(["analyze", "--json", "AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H"])
    assert code == 0
    after = json.loads(out)["after_discard"]
    assert after["deadwood"] == 0
    assert after["big_gin"] is True


def test_analyze_human_output() -> None:
    code, out = run(["analyze", "AS 2S 3S 7H 7D 7C 9C 10C JC KD"])
    assert code == 0
    assert "deadwood:  10 K♦" in out


def test_analyze_json_lines_bad_line_does_not_stop_the_others() -> None:
    lines = "\n".join(
        [
            json.dumps({"hand": "AS 2S 3S"}),
            json.dumps({"hand": "AS 1S"}),
            "not json",
            json.dumps({"hand": "KS KH KD", "preset": "nope"}),
            json.dumps({"hand": "KS KH KD"}),
        ]
    )
    code, out = run(["analyze"], lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert answers[0]["deadwood"] == 0
    assert answers[1]["error"] == {
        "field": "hand",
        "reason": "`1S` is not a card: `1` is not a rank (A 2-9 10 or T J Q K)",
    }
    assert answers[1]["line"] == 2
    assert answers[2]["error"]["field"] == "line"
    assert answers[3]["error"]["field"] == "preset"
    assert answers[4]["deadwood"] == 0


def test_rule_r7_from_the_command_line() -> None:
    code, out = run(
        [
            "rule",
            "--json",
            "--knocker",
            "5S 6S 7S KH KD KC AH AD AC 3D",
            "--defender",
            "8S 8H 8D 8C 9S KS 2C 2H QD JC",
        ]
    )
    answer = json.loads(out)
    assert code == 0
    assert (answer["outcome"], answer["scorer"], answer["points"]) == ("knock", "knocker", 21)
    assert (answer["knocker_deadwood"], answer["defender_deadwood"]) == (3, 24)
    assert sorted(lo["card"] for lo in answer["layoffs"]) == ["8S", "9S", "KS"]
    assert all({"text", "rule"} <= set(step) for step in answer["steps"])


def test_rule_with_house_rule_override() -> None:
    code, out = run(
        [
            "rule",
            "--json",
            "--rule",
            "layoff_chain=false",
            "--knocker",
            "5S 6S 7S KH KD KC AH AD AC 3D",
            "--defender",
            "8S 8H 8D 8C 9S KS 2C 2H QD JC",
        ]
    )
    assert code == 0
    assert json.loads(out)["points"] == 30


def test_rule_json_lines_with_presets_and_errors() -> None:
    lines = "\n".join(
        [
            json.dumps(
                {
                    "knocker": "AS 2S 3S 4H 5H 6H 9C 9D 9H 9S",
                    "defender": "KS QH JD 10C 8S 8H 2D 3C 4D 6C",
                    "preset": "classic",
                }
            ),
            json.dumps({"knocker": "AS 2S 3S", "defender": "KS"}),
            json.dumps(
                {
                    "knocker": "AS 2S 3S 4H 5H 6H 9C 9D 9H 9S",
                    "defender": "AS QH JD 10C 8S 8H 2D 3C 4D 6C",
                }
            ),
            json.dumps(
                {
                    "knocker": "5S 6S 7S KH KD KC AH AD AC 3D",
                    "defender": "8S 8H 8D 8C 9S KS 2C 2H QD JC",
                    "rules": {"layoff_chain": "maybe"},
                }
            ),
        ]
    )
    code, out = run(["rule"], lines)
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[0]["outcome"] == "gin"
    assert answers[0]["points"] == 20 + answers[0]["defender_deadwood"]
    assert answers[1]["error"]["field"] == "knocker"
    assert answers[2]["error"] == {"field": "defender", "reason": "`A♠` is in both hands"}
    assert answers[3]["error"]["field"] == "rules"
    assert code == 1


def test_rule_bad_input_on_the_command_line_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rule", "--knocker", "AS 2S", "--defender", "KS"], stdin=io.StringIO(""))
    assert code == 2
    assert "knocker: the knocker holds 2 cards" in capsys.readouterr().err


def test_presets_lists_every_table() -> None:
    code, out = run(["presets"])
    assert code == 0
    assert "american" in out and "classic" in out
