"""``referee score``: one hand of Basic Rummy or 500 Rum from the players' cards or counts,
on the command line or as JSON Lines."""

import json

from tests.shell.test_shell import run


def test_a_basic_rummy_hand_by_cards() -> None:
    code, out = run(
        [
            "score",
            "--players",
            "Ann,Ben,Cat",
            "--out",
            "Cat",
            "--ending",
            "rummy",
            "--hand",
            "Ann=KS 7D 2C",
            "--hand",
            "Ben=4H",
        ]
    )
    assert code == 0
    assert out.splitlines()[0] == "rummy: Ann +0, Ben +0, Cat +46"
    assert "Ann holds K♠ 7♦ 2♣ = 19, Ben holds 4♥ = 4; Cat scores 23" in out


def test_a_500_rum_hand_in_json() -> None:
    code, out = run(
        [
            "score",
            "--json",
            "--preset",
            "rum_500",
            "--players",
            "Ann,Ben",
            "--out",
            "Ann",
            "--melds",
            "Ann=AH 2H 3H / KS KH KD",
            "--melds",
            "Ben=7C 8C 9C",
            "--hand",
            "Ben=AS QD",
        ]
    )
    assert code == 0
    answer = json.loads(out)
    assert answer["points"] == {"Ann": 36, "Ben": -1}
    assert answer["seats"][1]["melded"] == 24 and answer["seats"][1]["left"] == 25


def test_json_lines_answer_each_line_and_name_the_field() -> None:
    lines = "\n".join(
        [
            json.dumps({"players": ["A", "B"], "went_out": "B", "counts": {"A": 12}}),
            json.dumps({"players": ["A", "B"], "went_out": "A", "hands": {"A": "KS"}}),
            json.dumps({"preset": "american", "players": ["A", "B"]}),
        ]
    )
    code, out = run(["score"], lines)
    assert code == 1
    first, second, third = (json.loads(line) for line in out.splitlines())
    assert first["points"] == {"A": 0, "B": 12}
    assert second["error"]["field"] == "hands" and "went out" in second["error"]["reason"]
    assert third["error"]["field"] == "preset"


def test_a_bad_option_is_an_error() -> None:
    code, out = run(["score", "--json", "--players", "A,B", "--out", "A", "--count", "B=lots"])
    assert code == 2
    assert json.loads(out)["error"]["field"] == "--counts"


def test_a_500_rum_layoff_onto_another_players_meld_8_4() -> None:
    """§8.4: the card Ben lays off onto Ann's run scores for Ben; a layoff that does not
    extend the meld is refused naming ``layoffs``."""
    base = ["score", "--preset", "rum_500", "--players", "Ann,Ben", "--out", "Ann"]
    base += ["--melds", "Ann=6H 7H 8H", "--hand", "Ben=5D"]
    code, out = run([*base, "--layoff", "Ben=9H > Ann 1"])
    assert code == 0
    assert out.splitlines()[0] == "out: Ann +21, Ben +4"
    assert "Ben lays off 9♥ onto Ann's meld 1: 6♥ 7♥ 8♥ 9♥; 9 to Ben." in out
    code, out = run([*base, "--json", "--layoff", "Ben=10C > Ann"])
    assert code != 0
    assert "layoffs" in out and "do not make a meld" in out
