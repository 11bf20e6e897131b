"""``referee score``: one hand of Basic Rummy or 500 Rum scored from every player's cards (or
counts) on the command line, or JSON Lines on stdin, by :mod:`referee.games.rummy.check`."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, TextIO

from referee.rules.errors import InputError
from referee.shell import Command, rules_args


def _arguments(score: argparse.ArgumentParser) -> None:
    score.add_argument("--players", help="the players' names, in order round the table: Ann,Ben")
    score.add_argument("--out", help="who went out")
    score.add_argument("--ending", choices=["out", "rummy", "stalemate"], help="how it ended")
    score.add_argument(
        "--hand", action="append", default=[], metavar="NAME=CARDS", help="cards left in hand"
    )
    score.add_argument(
        "--melds", action="append", default=[], metavar="NAME=MELDS", help="melds, / between"
    )
    score.add_argument(
        "--count", action="append", default=[], metavar="NAME=POINTS", help="points left"
    )
    score.add_argument(
        "--melded", action="append", default=[], metavar="NAME=POINTS", help="500 Rum: melded"
    )
    score.add_argument(
        "--layoff",
        action="append",
        default=[],
        metavar="NAME=LAYOFFS",
        help="500 Rum: cards laid off onto another player's meld: Ben=9H 10H > Ann 1; 5S > Cat 2",
    )
    rules_args(score)


def _given(args: argparse.Namespace) -> bool:
    return bool(args.players)


def _by_name(items: Sequence[str], option: str, number: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            raise InputError(option, f"`{item}` is not NAME=VALUE")
        if number:
            try:
                out[name.strip()] = int(value)
            except ValueError:
                raise InputError(option, f"`{value}` is not a whole number") from None
        else:
            out[name.strip()] = value.strip()
    return out


def _request(args: argparse.Namespace) -> dict[str, Any]:
    request: dict[str, Any] = {
        "preset": args.preset,
        "players": [n.strip() for n in args.players.split(",") if n.strip()],
        "went_out": args.out,
        "ending": args.ending,
        "rules": list(args.rule) or None,
    }
    for key, items, number in (
        ("hands", args.hand, False),
        ("melds", args.melds, False),
        ("counts", args.count, True),
        ("melded", args.melded, True),
        ("layoffs", args.layoff, False),
    ):
        if items:
            value = _by_name(items, f"--{key}", number)
            if key == "melds":
                value = {n: [m for m in v.split("/") if m.strip()] for n, v in value.items()}
            request[key] = value
    return {k: v for k, v in request.items() if v is not None}


def _score(request: dict[str, Any]) -> dict[str, Any]:
    from referee.games.rummy.check import score_request

    return score_request(request)


def _show(answer: dict[str, Any], out: TextIO) -> None:
    points = ", ".join(f"{name} {value:+d}" for name, value in answer["points"].items())
    out.write(f"{answer['ending']}: {points}\n")
    for number, step in enumerate(answer["steps"], start=1):
        out.write(f"{number:2}. {step['text']}  [{step['rule']}]\n")


COMMANDS = (
    Command(
        "score",
        "score one hand of Basic Rummy or 500 Rum",
        _arguments,
        _given,
        _request,
        _score,
        _show,
    ),
)
