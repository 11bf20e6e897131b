"""A Contract Rummy check's inputs (from the check page, the API or the shell) → the
engine's ruling as JSON: a lay-down against a contract, a whole hand, a layoff, or
liberating a wild. One parser for every caller, so they refuse bad input alike: the field
and the reason."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.games.contract import (
    Combination,
    ContractTable,
    Deal,
    Kind,
    PlayRuling,
    lay_off,
    liberate,
    parse_laydown,
    parse_needs,
    read_as,
    referee_hand,
    referee_laydown,
)
from referee.games.contract.combos import CombinationError
from referee.games.contract.contracts import check_deal
from referee.games.contract.tables_of_play import contract_table
from referee.games.presets import UnknownPresetError, get_preset
from referee.rules.cards import CardError, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.messages import Message, msg
from referee.rules.ruleset import RulesetError, parse_override, table_problems

CHECKS = ("laydown", "hand", "layoff", "liberate")
KEYS = frozenset(
    {"check", "preset", "rules", "contract", "cards", "no_discard", "laid", "hand", "meld"}
    | {"played", "contract_made", "own_meld"}
)
DEFAULT_PRESET = "twelve_step"


def table_of(data: Mapping[str, Any]) -> ContractTable:
    """The cards of the check's table: a Contract Rummy preset and house rules."""
    name = str(data.get("preset") or DEFAULT_PRESET)
    try:
        preset = get_preset(name)
    except UnknownPresetError as e:
        raise InputError("preset", said_of(e)) from None
    if preset.family not in ("contract", "twelve_step"):
        raise InputError(
            "preset", "a Contract Rummy table: contract_7, contract_7_pagat, twelve_step"
        )
    overrides = data.get("rules") or {}
    if isinstance(overrides, list):  # the shell's --rule KEY=VALUE
        try:
            overrides = dict(parse_override(str(item)) for item in overrides)
        except RulesetError as e:
            field, reason = e.problems[0]
            raise InputError(field, reason) from None
    if not isinstance(overrides, Mapping):
        raise InputError("rules", 'an object of house rules, e.g. {"jokers": 2}')
    try:
        rules = preset.rules.with_overrides(**dict(overrides))
    except RulesetError as e:
        field, reason = e.problems[0]
        raise InputError(field, reason) from None
    for field, reason in table_problems(rules):
        raise InputError(field, reason)
    return contract_table(rules)


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key)
    if value is None:
        return ""
    if isinstance(value, list):
        return " / ".join(" ".join(v) if isinstance(v, list) else str(v) for v in value)
    if not isinstance(value, str):
        raise InputError(key, 'cards as text, e.g. "9H 9D JK"')
    return value


def deal_of(data: Mapping[str, Any], table: ContractTable) -> Deal:
    cards = data.get("cards", 13)
    if isinstance(cards, str) and cards.strip().isdecimal():
        cards = int(cards)
    if isinstance(cards, bool) or not isinstance(cards, int):
        raise InputError("cards", msg("the cards dealt, a whole number"))
    text = data.get("contract")
    if not isinstance(text, str) or not text.strip():
        raise InputError("contract", msg("name the contract, e.g. 2 groups of 3 + 1 sequence of 4"))
    deal = Deal(cards, parse_needs(text, "contract"), bool(data.get("no_discard")))
    check_deal(deal, table, "contract")
    return deal


def _meld(text: str, table: ContractTable) -> Combination:
    laid = parse_laydown(text, table, "meld")
    if len(laid) != 1:
        raise InputError("meld", msg("one meld: the group or sequence on the table"))
    combo = laid[0]
    kinds = [combo.kind] if combo.kind else [Kind.SEQUENCE, Kind.GROUP]
    reasons: Message | None = None
    for kind in kinds:
        try:
            return read_as(combo.cards, kind, table)
        except CombinationError as e:
            if kind is Kind.GROUP:
                reason = msg("as a group it {problem}", problem=e.message)
            else:
                reason = msg("as a sequence it {problem}", problem=e.message)
            reasons = (
                reason
                if reasons is None
                else msg("{first}; {second}", first=reasons, second=reason)
            )
    raise InputError("meld", msg("is not a group or sequence: {reasons}", reasons=reasons or ""))


def _cards(text: str, table: ContractTable, field: str) -> tuple[Any, ...]:
    try:
        return parse_cards(text, table.deck, what="the cards")
    except CardError as e:
        raise InputError(field, said_of(e)) from None


def _combo_json(c: Combination | None) -> dict[str, object] | None:
    return c.to_json() if c is not None else None


def _steps(steps: Sequence[Any]) -> list[dict[str, object]]:
    return [s.as_json() for s in steps]


def _kind_said(kind: str) -> Message:
    return msg("group") if kind == Kind.GROUP.value else msg("sequence")


def check_page(data: Mapping[str, Any]) -> dict[str, Any]:
    """The check as :func:`check` answers it, for a page to say in its reader's language:
    ``reason`` the engine's :class:`Message`, ``steps`` the ruling's steps, each way's
    ``kind`` a word to say. Raises :class:`InputError` as :func:`check` does."""
    return check(data, said=True)


def check(data: Mapping[str, Any], *, said: bool = False) -> dict[str, Any]:
    """Run one check; raises :class:`InputError` (field + reason) for input it cannot take.
    With ``said``, see :func:`check_page`."""

    def steps_of(steps: Sequence[Any]) -> list[Any]:
        return list(steps) if said else _steps(steps)

    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise InputError(unknown[0], f"is not an input here (known: {', '.join(sorted(KEYS))})")
    what = data.get("check") or "laydown"
    if what not in CHECKS:
        raise InputError("check", f"one of {', '.join(CHECKS)}")
    table = table_of(data)
    if what in ("laydown", "hand"):
        deal = deal_of(data, table)
        hand_text = _text(data, "hand")
        hand = _cards(hand_text, table, "hand") if hand_text.strip() else None
        if what == "hand":
            if hand is None:
                raise InputError("hand", msg("enter the player's whole hand"))
            whole = referee_hand(hand, deal, table)
            way = [c.to_json() for c in whole.way]
            if said:
                way = [{**c, "kind": _kind_said(str(c["kind"]))} for c in way]
            return {
                "check": what,
                "contract": deal.label,
                "can": whole.can,
                "way": way,
                "left": [c.code for c in whole.left],
                "steps": steps_of(whole.steps),
            }
        laid = parse_laydown(_text(data, "laid"), table)
        done = referee_laydown(deal, laid, table, hand)
        return {
            "check": what,
            "contract": deal.label,
            "met": done.met,
            "reason": done.message if said else done.reason,
            "combinations": [_combo_json(c) for c in done.combinations],
            "steps": steps_of(done.steps),
        }
    meld = _meld(_text(data, "meld"), table)
    played_text = _text(data, "played")
    if not played_text.strip():
        raise InputError("played", msg("enter the card(s) played onto the meld"))
    ruling: PlayRuling
    if what == "layoff":
        cards = parse_laydown(played_text, table, "played")
        ruling = lay_off(
            meld,
            [x for combo in cards for x in combo.cards],
            table,
            contract_made=bool(data.get("contract_made", True)),
        )
    else:
        card = _cards(played_text, table, "played")
        if len(card) != 1:
            raise InputError("played", msg("one natural card to put in the wild's place"))
        ruling = liberate(meld, card[0], table, own_meld=bool(data.get("own_meld")))
    return {
        "check": what,
        "allowed": ruling.allowed,
        "reason": ruling.message if said else ruling.reason,
        "meld": _combo_json(ruling.meld),
        "freed": ruling.freed.code if ruling.freed else None,
        "steps": steps_of(ruling.steps),
    }
