"""The ``referee`` shell command: the rules engine without a web server.

``referee analyze`` prints a hand's best arrangement; ``referee rule`` rules on a knock from
both hands; ``referee presets`` lists the named tables. A game may add subcommands of its own:
the ``COMMANDS`` of a ``shell`` module in its folder (next to its format, found through the
registry), each a :class:`Command`. Each command takes one hand on the command line or JSON
Lines on stdin (one object a line, one answer a line). A bad line gets an error object with
the reason and the other lines still answer, so a file of disputed hands can be piped through
in one go.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from referee.games.presets import list_presets
from referee.inputs import analyze_request, rule_request
from referee.rules.adjudicate import HandKind
from referee.rules.cards import CardError, format_cards, parse_cards
from referee.rules.errors import InputError
from referee.rules.ruleset import Ruleset

Answer = dict[str, Any]


@dataclass(frozen=True)
class Command:
    """A game's own subcommand: its ``name`` and ``help``; ``arguments`` adds its options
    to its parser; ``given`` says whether they hold a hand (else JSON Lines are read from
    stdin) and ``request`` reads it from them (an :class:`InputError` is the answer's error);
    ``handle`` answers a request; ``show`` prints an answer for a reader (``--json`` prints
    it as it is)."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    given: Callable[[argparse.Namespace], bool]
    request: Callable[[argparse.Namespace], dict[str, Any]]
    handle: Callable[[dict[str, Any]], Answer]
    show: Callable[[Answer, TextIO], None]


def game_commands() -> tuple[Command, ...]:
    """The games' own subcommands, in the registry's order: a game's ``shell`` module sits
    beside its format (loaded only here: a game's engine loads when its command runs)."""
    from referee.games import all_formats

    packages = dict.fromkeys(type(f).__module__.rpartition(".")[0] for f in all_formats())
    found: list[Command] = []
    for package in packages:
        if importlib.util.find_spec(f"{package}.shell") is not None:
            found.extend(importlib.import_module(f"{package}.shell").COMMANDS)
    return tuple(found)


def _error(exc: Exception) -> dict[str, Any]:
    if isinstance(exc, InputError):
        return {"error": {"field": exc.field, "reason": exc.reason}}
    return {"error": {"field": None, "reason": str(exc)}}


def _answer_lines(
    lines: Iterable[str], handle: Callable[[dict[str, Any]], dict[str, Any]], out: TextIO
) -> int:
    """Answer each JSON line; return how many lines were errors."""
    errors = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise InputError("line", "must be a JSON object")
            answer = handle(request)
        except json.JSONDecodeError as exc:
            answer = {"error": {"field": "line", "reason": f"not JSON: {exc.msg}"}}
        except (InputError, ValueError) as exc:
            answer = _error(exc)
        if "error" in answer:
            errors += 1
            answer["line"] = number
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
    return errors


def pretty(codes: str) -> str:
    """Card codes as a reader writes them (``10♠``); what does not parse, as given."""
    if not codes.strip():
        return ""
    try:
        return format_cards(parse_cards(codes, Ruleset(decks=4, jokers=8).deck))
    except CardError:
        return codes


def rules_args(p: argparse.ArgumentParser) -> None:
    """The options every command of a preset's table takes: the preset, house rules, JSON."""
    p.add_argument("--preset", help="named table (see `referee presets`)")
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE", help="house rule")
    p.add_argument("--json", action="store_true", help="answer in JSON")


def _print_arrangement(answer: dict[str, Any], out: TextIO) -> None:
    melds_text = " / ".join(pretty(" ".join(m)) for m in answer["melds"]) or "no melds"
    out.write(f"melds:     {melds_text}\n")
    out.write(f"deadwood:  {answer['deadwood']} {pretty(' '.join(answer['deadwood_cards']))}\n")
    out.write(f"optimal arrangements: {answer['optimal_arrangements']}\n")
    out.write(f"verdict:   {answer['verdict']}\n")
    if "after_discard" in answer:
        after = answer["after_discard"]
        out.write(
            f"after the best discard ({pretty(' '.join(after['discards']))}): "
            f"deadwood {after['deadwood']}"
            + (" — big gin: all cards meld" if after["big_gin"] else "")
            + "\n"
        )


def _print_ruling(answer: dict[str, Any], out: TextIO) -> None:
    scorer = answer["scorer"] or "nobody"
    out.write(f"{answer['outcome']}: {scorer} scores {answer['points']}\n")
    for number, step in enumerate(answer["steps"], start=1):
        out.write(f"{number:2}. {step['text']}  [{step['rule']}]\n")


def _parser(commands: Sequence[Command]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    analyze = sub.add_parser("analyze", help="best arrangement of a hand")
    analyze.add_argument("hand", nargs="*", help="cards; none: JSON Lines on stdin")
    rules_args(analyze)

    rule = sub.add_parser("rule", help="rule on a knock from both hands")
    rule.add_argument("--knocker", help="the knocker's 10 cards (11 for big gin)")
    rule.add_argument("--defender", help="the defender's 10 cards")
    rule.add_argument("--upcard", help="the first upcard, at a table that turns one")
    rule.add_argument("--kind", choices=[k.value for k in HandKind], help="what was announced")
    rule.add_argument("--spread", help="the knocker's declared melds, separated by |")
    rules_args(rule)

    for command in commands:
        command.arguments(sub.add_parser(command.name, help=command.help))

    sub.add_parser("presets", help="list the named tables")
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = sys.stdout
    commands = game_commands()
    args = _parser(commands).parse_args(argv)
    if args.command == "presets":
        for preset in list_presets():
            out.write(f"{preset.name:24} {preset.description}\n")
        return 0
    if args.command == "analyze":
        if not args.hand:
            return 1 if _answer_lines(stdin, analyze_request, out) else 0
        hand = {"hand": " ".join(args.hand), "preset": args.preset}
        return _one(lambda: hand, analyze_request, args, _print_arrangement, out)
    chosen = next((c for c in commands if c.name == args.command), None)
    if chosen is not None:
        if not chosen.given(args):
            return 1 if _answer_lines(stdin, chosen.handle, out) else 0
        return _one(lambda: chosen.request(args), chosen.handle, args, chosen.show, out)
    if args.knocker is None and args.defender is None:
        return 1 if _answer_lines(stdin, rule_request, out) else 0
    hands = {
        "knocker": args.knocker or "",
        "defender": args.defender or "",
        "upcard": args.upcard,
        "kind": args.kind,
        "spread": args.spread,
        "preset": args.preset,
    }
    return _one(lambda: hands, rule_request, args, _print_ruling, out)


def _one(
    read: Callable[[], dict[str, Any]],
    handle: Callable[[dict[str, Any]], dict[str, Any]],
    args: argparse.Namespace,
    show: Callable[[dict[str, Any], TextIO], None],
    out: TextIO,
) -> int:
    """Answer the one hand ``read`` takes from the command line, or say why not (2)."""
    try:
        request = read()
        if args.rule:
            request["rules"] = list(args.rule)
        answer = handle(request)
    except (InputError, ValueError) as exc:
        error = _error(exc)
        if args.json:
            out.write(json.dumps(error, ensure_ascii=False) + "\n")
        else:
            field, reason = error["error"]["field"], error["error"]["reason"]
            sys.stderr.write(f"referee: {field + ': ' if field else ''}{reason}\n")
        return 2
    if args.json:
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
    else:
        show(answer, out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
