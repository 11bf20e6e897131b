"""``referee contract``: a Contract Rummy lay-down, whole hand, layoff or liberated wild,
ruled from the command line (or JSON Lines on stdin) by :func:`~referee.games.contract.
inputs.check`, the check page's and the API's parser."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from referee.shell import Command, rules_args


def _arguments(contract: argparse.ArgumentParser) -> None:
    contract.add_argument(
        "--check", choices=["laydown", "hand", "layoff", "liberate"], default="laydown"
    )
    contract.add_argument("--contract", help='e.g. "1 group of 3 + 2 sequences of 4"')
    contract.add_argument("--cards", type=int, default=13, help="cards dealt (13)")
    contract.add_argument("--no-discard", action="store_true", help="laid down going out")
    contract.add_argument("--laid", help='the lay-down: "9H 9D 2C / 4S 5S JK=6S 7S"')
    contract.add_argument("--hand", help="the player's hand")
    contract.add_argument("--meld", help="a meld on the table (layoff, liberate)")
    contract.add_argument("--played", help="the card(s) played onto it")
    contract.add_argument("--not-made", action="store_true", help="own contract not laid down")
    contract.add_argument("--own-meld", action="store_true", help="the meld is the player's own")
    rules_args(contract)


def _given(args: argparse.Namespace) -> bool:
    return args.contract is not None or args.meld is not None


def _request(args: argparse.Namespace) -> dict[str, Any]:
    request = {
        "check": args.check,
        "preset": args.preset,
        "contract": args.contract,
        "cards": args.cards,
        "no_discard": args.no_discard,
        "laid": args.laid,
        "hand": args.hand,
        "meld": args.meld,
        "played": args.played,
        "contract_made": not args.not_made,
        "own_meld": args.own_meld,
    }
    return {k: v for k, v in request.items() if v is not None}


def _check(request: dict[str, Any]) -> dict[str, Any]:
    """A Contract Rummy check (the contract engine loads only for this command)."""
    from referee.games.contract.inputs import check

    return check(request)


def _show(answer: dict[str, Any], out: TextIO) -> None:
    if answer["check"] == "laydown":
        out.write(f"{'met' if answer['met'] else 'not met'}: {answer['reason']}\n")
    elif answer["check"] == "hand":
        way = " / ".join(c["label"] for c in answer["way"])
        out.write(f"can: {way}\n" if answer["can"] else "cannot: no way to lay it down\n")
    else:
        verdict = "allowed" if answer["allowed"] else "not allowed"
        out.write(f"{verdict}: {answer['reason']}\n")
    for step in answer["steps"]:
        out.write(f"  {step['text']}\n")


COMMANDS = (
    Command(
        "contract",
        "Contract Rummy: a lay-down, a whole hand, a layoff or a liberated wild",
        _arguments,
        _given,
        _request,
        _check,
        _show,
    ),
)
