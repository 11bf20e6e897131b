"""``referee indian``: one Indian Rummy hand checked from the command line (or JSON Lines on
stdin): the cut card and the 13 cards, or the groups as shown, by
:mod:`referee.games.indian.check`."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from referee.shell import Command, pretty


def _arguments(indian: argparse.ArgumentParser) -> None:
    indian.add_argument("--cut", help="the card cut for the wild joker (7H; JK makes aces wild)")
    indian.add_argument("--cards", help="the 13 cards")
    indian.add_argument("--groups", help="the groups as shown, / between groups")
    indian.add_argument("--rule", action="append", default=[], help=argparse.SUPPRESS)
    indian.add_argument("--json", action="store_true", help="answer in JSON")


def _given(args: argparse.Namespace) -> bool:
    return bool(args.cards or args.groups)


def _request(args: argparse.Namespace) -> dict[str, Any]:
    request: dict[str, Any] = {"cut": args.cut}
    if args.groups:
        request["groups"] = [g for g in args.groups.split("/") if g.strip()]
    else:
        request["cards"] = args.cards
    return request


def _check(request: dict[str, Any]) -> dict[str, Any]:
    from referee.games.indian.check import check_request

    return check_request(request)


def _show(answer: dict[str, Any], out: TextIO) -> None:
    def shown(codes: list[str]) -> str:
        return " ".join(pretty(c) for c in codes)

    out.write(f"wild:        every {answer['wild']} and the printed jokers\n")
    if answer["valid"]:
        out.write("declaration: valid\n")
    else:
        out.write(f"declaration: wrong: {answer['problem']}\n")
    groups = " | ".join(f"{shown(g['cards'])} ({g['kind']})" for g in answer["groups"])
    out.write(f"best groups: {groups or 'none'}\n")
    counted = shown(answer["counted"]) or "nothing"
    capped = f" (capped from {answer['uncapped']})" if answer["uncapped"] > answer["points"] else ""
    out.write(f"as a loser:  {counted} = {answer['points']}{capped}\n")
    for step in answer["steps"]:
        out.write(f"  - {step['text']} [{step['rule']}]\n")


COMMANDS = (
    Command(
        "indian",
        "check one Indian Rummy hand: a valid declaration, or what it counts",
        _arguments,
        _given,
        _request,
        _check,
        _show,
    ),
)
