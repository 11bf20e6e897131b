"""The ``referee`` shell command: the rules engine without a web server.

``referee analyze`` prints a hand's best arrangement; ``referee rule`` rules on a knock from
both hands; ``referee score`` scores one hand of Basic Rummy or 500 Rum from every player's
cards (or counts); ``referee contract`` rules on a Contract Rummy lay-down, a whole hand, a
layoff or a liberated wild; ``referee gem`` rules one Gem Rummy hand from a deck file, the
dice and every player's cards; ``referee presets`` lists the named tables. Each takes one hand
on the command line or JSON Lines on stdin (one object a line, one answer a line). A bad
line gets an error object with the reason and the other lines still answer, so a file of
disputed hands can be piped through in one go.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO

from referee.games.presets import list_presets
from referee.inputs import analyze_request, rule_request, score_request
from referee.rules.adjudicate import HandKind
from referee.rules.cards import CardError, format_cards, parse_cards
from referee.rules.errors import InputError
from referee.rules.ruleset import Ruleset


def contract_request(request: dict[str, Any]) -> dict[str, Any]:
    """A Contract Rummy check (the contract engine loads only for this command)."""
    from referee.games.contract.inputs import check

    return check(request)


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


def _print_arrangement(answer: dict[str, Any], out: TextIO) -> None:
    melds_text = " / ".join(_pretty(" ".join(m)) for m in answer["melds"]) or "no melds"
    out.write(f"melds:     {melds_text}\n")
    out.write(f"deadwood:  {answer['deadwood']} {_pretty(' '.join(answer['deadwood_cards']))}\n")
    out.write(f"optimal arrangements: {answer['optimal_arrangements']}\n")
    out.write(f"verdict:   {answer['verdict']}\n")
    if "after_discard" in answer:
        after = answer["after_discard"]
        out.write(
            f"after the best discard ({_pretty(' '.join(after['discards']))}): "
            f"deadwood {after['deadwood']}"
            + (" — big gin: all cards meld" if after["big_gin"] else "")
            + "\n"
        )


def _pretty(codes: str) -> str:
    if not codes.strip():
        return ""
    try:
        return format_cards(parse_cards(codes, Ruleset(decks=4, jokers=8).deck))
    except CardError:
        return codes


def _print_ruling(answer: dict[str, Any], out: TextIO) -> None:
    scorer = answer["scorer"] or "nobody"
    out.write(f"{answer['outcome']}: {scorer} scores {answer['points']}\n")
    for number, step in enumerate(answer["steps"], start=1):
        out.write(f"{number:2}. {step['text']}  [{step['rule']}]\n")


def _print_score(answer: dict[str, Any], out: TextIO) -> None:
    points = ", ".join(f"{name} {value:+d}" for name, value in answer["points"].items())
    out.write(f"{answer['ending']}: {points}\n")
    for number, step in enumerate(answer["steps"], start=1):
        out.write(f"{number:2}. {step['text']}  [{step['rule']}]\n")


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


def _score_args(args: argparse.Namespace) -> dict[str, Any]:
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def rules_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--preset", help="named table (see `referee presets`)")
        p.add_argument(
            "--rule", action="append", default=[], metavar="KEY=VALUE", help="house rule"
        )
        p.add_argument("--json", action="store_true", help="answer in JSON")

    analyze = sub.add_parser("analyze", help="best arrangement of a hand")
    analyze.add_argument("hand", nargs="*", help="cards; none: JSON Lines on stdin")
    rules_args(analyze)

    rule = sub.add_parser("rule", help="rule on a knock from both hands")
    rule.add_argument("--knocker", help="the knocker's 10 cards (11 for big gin)")
    rule.add_argument("--defender", help="the defender's 10 cards")
    rule.add_argument("--upcard", help="the first upcard (Oklahoma)")
    rule.add_argument("--kind", choices=[k.value for k in HandKind], help="what was announced")
    rule.add_argument("--spread", help="the knocker's declared melds, separated by |")
    rules_args(rule)

    score = sub.add_parser("score", help="score one hand of Basic Rummy or 500 Rum")
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

    contract = sub.add_parser(
        "contract", help="Contract Rummy: a lay-down, a whole hand, a layoff or a liberated wild"
    )
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
    gem = sub.add_parser("gem", help="rule one Gem Rummy hand (stashes, layoffs, Gem Parts)")
    gem.add_argument("--deck", help="the gem deck: a file holding its map, or the map")
    gem.add_argument("--dice", help="the two dice (3+4) or their sum")
    gem.add_argument(
        "--hand", action="append", default=[], help="the knocker's cards, then each other's"
    )
    gem.add_argument("--spread", help="the knocker's declared melds, separated by |")
    gem.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")
    gem.add_argument("--json", action="store_true", help="answer in JSON")

    sub.add_parser("presets", help="list the named tables")
    return parser


def _contract_args(args: argparse.Namespace) -> dict[str, Any]:
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


def _print_contract(answer: dict[str, Any], out: TextIO) -> None:
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


def gem_request(request: dict[str, Any]) -> dict[str, Any]:
    """One Gem Rummy hand ruled (the deck as a file or its map)."""
    from referee.games.gem import check as gem_check

    return gem_check.answer(gem_check.check_hand(request, gem_check.deck_text))


def _print_gem(answer: dict[str, Any], out: TextIO) -> None:
    gems = answer["gems"]

    def shown(codes: Iterable[str]) -> str:
        return " ".join(f"{_pretty(c)}({gems[c]})" for c in codes) or "none"

    diamond = _pretty(answer["diamond"])
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


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    out = sys.stdout
    args = _parser().parse_args(argv)
    if args.command == "presets":
        for preset in list_presets():
            out.write(f"{preset.name:24} {preset.description}\n")
        return 0
    if args.command == "analyze":
        if not args.hand:
            return 1 if _answer_lines(stdin, analyze_request, out) else 0
        request: dict[str, Any] = {"hand": " ".join(args.hand), "preset": args.preset}
        return _one(request, analyze_request, args, _print_arrangement, out)
    if args.command == "contract":
        if args.contract is None and args.meld is None:
            return 1 if _answer_lines(stdin, contract_request, out) else 0
        return _one(_contract_args(args), contract_request, args, _print_contract, out)
    if args.command == "gem":
        if not args.hand:
            return 1 if _answer_lines(stdin, gem_request, out) else 0
        gem_in = {"deck": args.deck, "dice": args.dice, "hands": args.hand, "spread": args.spread}
        return _one(gem_in, gem_request, args, _print_gem, out)
    if args.command == "score":
        if not args.players:
            return 1 if _answer_lines(stdin, score_request, out) else 0
        return _one({}, lambda _: score_request(_score_args(args)), args, _print_score, out)
    if args.knocker is None and args.defender is None:
        return 1 if _answer_lines(stdin, rule_request, out) else 0
    request = {
        "knocker": args.knocker or "",
        "defender": args.defender or "",
        "upcard": args.upcard,
        "kind": args.kind,
        "spread": args.spread,
        "preset": args.preset,
    }
    return _one(request, rule_request, args, _print_ruling, out)


def _one(
    request: dict[str, Any],
    handle: Callable[[dict[str, Any]], dict[str, Any]],
    args: argparse.Namespace,
    show: Callable[[dict[str, Any], TextIO], None],
    out: TextIO,
) -> int:
    if args.rule:
        request["rules"] = list(args.rule)
    try:
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
