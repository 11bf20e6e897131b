"""``referee gem``: one Gem Rummy hand ruled from the command line (or JSON Lines on stdin):
a deck file, the dice and every player's cards, by :mod:`referee.games.gem.check`."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any, TextIO

from referee.shell import Command, pretty


def _arguments(gem: argparse.ArgumentParser) -> None:
    gem.add_argument("--deck", help="the gem deck: a file holding its map, or the map")
    gem.add_argument("--dice", help="the two dice (3+4) or their sum")
    gem.add_argument(
        "--hand", action="append", default=[], help="the knocker's cards, then each other's"
    )
    gem.add_argument("--spread", help="the knocker's declared melds, separated by |")
    gem.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    gem.add_argument("--json", action="store_true", help="answer in JSON")


def _given(args: argparse.Namespace) -> bool:
    return bool(args.hand)


def _request(args: argparse.Namespace) -> dict[str, Any]:
    return {"deck": args.deck, "dice": args.dice, "hands": args.hand, "spread": args.spread}


def _rule(request: dict[str, Any]) -> dict[str, Any]:
    """One Gem Rummy hand ruled (the deck as a file or its map)."""
    from referee.games.gem import check as gem_check

    return gem_check.answer(gem_check.check_hand(request, gem_check.deck_text))


def _show(answer: dict[str, Any], out: TextIO) -> None:
    gems = answer["gems"]

    def shown(codes: Iterable[str]) -> str:
        return " ".join(f"{pretty(c)}({gems[c]})" for c in codes) or "none"

    diamond = pretty(answer["diamond"])
    out.write(f"dice:      limit {answer['knock_limit']}, Queen's Diamonds with {diamond}\n")
    for seat in answer["seats"]:
        melds = " / ".join(
            f"{m['gem'] + ' stash' if m['gem'] else m['kind']} {shown(m['cards'])}"
            for m in seat["melds"] or ()
        )
        dead = shown(seat["deadwood_cards"] or ())
        out.write(
            f"{seat['player']}: {melds or 'no melds'}; deadwood {dead} = {seat['deadwood']}\n"
        )
    for step in answer["steps"]:
        out.write(f"  - {step['text']} [{step['rule']}]\n")
    points = ", ".join(f"{n} {p}" for n, p in answer["points"].items())
    out.write(f"points:    {points}\n")


COMMANDS = (
    Command(
        "gem",
        "rule one Gem Rummy hand (stashes, layoffs, Gem Parts)",
        _arguments,
        _given,
        _request,
        _rule,
        _show,
    ),
)
