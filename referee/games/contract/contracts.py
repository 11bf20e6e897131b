"""Contract lists as data: deals, what each asks to be laid down, and their validation.

A contract list is a named list of deals; each deal says how many cards are dealt and which
combinations make its contract (groups of n cards of one rank, sequences of n cards of one
suit), plus per-deal extras such as "no discard" (the contract is laid down going out). The
two published readings of the 7-deal game (docs/rules.md §8.5) ship as named lists; a table enters
its own (12-Step's twelve contracts are published nowhere).

>>> SEVEN_DEAL_PAGAT.deals[1].label
'1 group of 3 + 1 sequence of 4'
>>> [n.label for n in parse_needs("2 groups of 3 + 1 run")]
['group of 3', 'group of 3', 'sequence of 4']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from referee.games.contract.table import ContractTable
from referee.rules.errors import InputError
from referee.rules.messages import Message, chained, msg, msg_n, verbatim

__all__ = [
    "MAX_DEALS",
    "PUBLISHED_LISTS",
    "SEVEN_DEAL_BICYCLE",
    "SEVEN_DEAL_PAGAT",
    "ContractList",
    "Deal",
    "Kind",
    "Need",
    "check_contract_list",
    "list_from_json",
    "parse_needs",
]

MIN_LENGTH = 3
MAX_SEQUENCE = 13  # ace high or low, never both: A-2-…-K or 2-…-K-A
MAX_DEALS = 30
MAX_NAME = 60


class Kind(StrEnum):
    GROUP = "group"  # n cards of one rank (suits may repeat with several packs)
    SEQUENCE = "sequence"  # n cards in rank order of one suit

    def plural(self, n: int) -> str:
        return self.value if n == 1 else f"{self.value}s"


@dataclass(frozen=True)
class Need:
    """One combination a contract asks for, of at least ``length`` cards."""

    kind: Kind
    length: int

    @property
    def label(self) -> str:
        return f"{self.kind.value} of {self.length}"


def _need_said(need: Need, n: int) -> Message:
    if need.kind is Kind.GROUP:
        return msg_n(
            "{count} group of {length}", "{count} groups of {length}", n, length=need.length
        )
    return msg_n(
        "{count} sequence of {length}", "{count} sequences of {length}", n, length=need.length
    )


@dataclass(frozen=True)
class Deal:
    """One deal of a contract list: the cards dealt, the combinations its contract needs, and
    whether the contract must be laid down without a discard (going out with it)."""

    cards: int
    needs: tuple[Need, ...]
    no_discard: bool = False

    @property
    def label(self) -> str:
        """``2 groups of 3 + 1 sequence of 4`` (and ``, no discard``)."""
        counts: dict[Need, int] = {}
        for need in self.needs:
            counts[need] = counts.get(need, 0) + 1
        text = " + ".join(
            f"{n} {need.kind.plural(n)} of {need.length}" for need, n in counts.items()
        )
        return text + (", no discard" if self.no_discard else "")

    @property
    def said(self) -> Message:
        """The contract as :attr:`label` says it, for the reader's language (the label itself
        is also the notation people type, so it stays English)."""
        counts: dict[Need, int] = {}
        for need in self.needs:
            counts[need] = counts.get(need, 0) + 1
        parts = [_need_said(need, n) for need, n in counts.items()]
        said = (
            chained(parts, lambda first, rest: msg("{first} + {rest}", first=first, rest=rest))
            if parts
            else msg("no combination")
        )
        assert isinstance(said, Message)  # the parts are messages
        return msg("{contract}, no discard", contract=said) if self.no_discard else said

    @property
    def groups(self) -> int:
        return sum(1 for n in self.needs if n.kind is Kind.GROUP)

    @property
    def sequences(self) -> int:
        return sum(1 for n in self.needs if n.kind is Kind.SEQUENCE)

    @property
    def cards_needed(self) -> int:
        return sum(n.length for n in self.needs)

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": self.cards,
            "contract": self.label.removesuffix(", no discard"),
            "needs": [{"kind": n.kind.value, "length": n.length} for n in self.needs],
            "no_discard": self.no_discard,
        }


@dataclass(frozen=True)
class ContractList:
    """A named list of deals, played in order (12-Step: each player works through it)."""

    name: str
    deals: tuple[Deal, ...]
    source: str = ""

    def __len__(self) -> int:
        return len(self.deals)

    def deal(self, number: int) -> Deal:
        """Deal ``number`` (1-based)."""
        return self.deals[number - 1]

    @property
    def said_name(self) -> Message:
        """The name for a reader: a published list's in their language, a table's own list's
        as the table wrote it."""
        return _PUBLISHED_NAMES.get(self.name) or verbatim(self.name)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "source": self.source,
            "deals": [d.to_json() for d in self.deals],
        }


# The words of the pages' three languages: what a German or Russian page shows ("2 Sätze aus
# 3", "2 группы из 3") reads as its English ("2 groups of 3").
_GROUP_WORDS = r"groups?|sets?|s[äa]e?tze|satz|gruppen?|групп[аы]?|сет(?:а|ов)?"
_SEQUENCE_WORDS = r"sequences?|runs?|folgen?|reihen?|последовательност(?:ь|и|ей)|ряд(?:а|ов)?"
_NEED_PART = re.compile(
    rf"^\s*(?:(\d+)\s*)?({_GROUP_WORDS}|{_SEQUENCE_WORDS})(?:\s+(?:of|aus|zu|von|из|по)\s+(\d+))?\s*$",
    re.IGNORECASE,
)
_GROUP = re.compile(rf"^(?:{_GROUP_WORDS})$", re.IGNORECASE)
_DEFAULT_LENGTH = {Kind.GROUP: 3, Kind.SEQUENCE: 4}


def parse_needs(text: str, field: str = "contract") -> tuple[Need, ...]:
    """``"2 groups of 3 + 1 sequence of 4"`` → the needs, in order. "set" and "run" are read
    as group and sequence, and so are the German and Russian words; a length left out is 3
    for a group and 4 for a sequence (CR-P).
    Raises :class:`InputError` on ``field``."""
    needs: list[Need] = []
    parts = [p for p in re.split(r"\+|,|\b(?:and|und|и)\b", text) if p.strip()]
    if not parts:
        raise InputError(field, msg("name at least one group or sequence"))
    for part in parts:
        match = _NEED_PART.match(part)
        if match is None:
            raise InputError(
                field,
                msg("`{part}` is not a combination (say e.g. `2 groups of 3`)", part=part.strip()),
            )
        count = int(match.group(1) or 1)
        word = match.group(2).lower()
        kind = Kind.GROUP if _GROUP.match(word) else Kind.SEQUENCE
        length = int(match.group(3)) if match.group(3) else _DEFAULT_LENGTH[kind]
        if count < 1:
            raise InputError(field, msg("`{part}` asks for no combination", part=part.strip()))
        if count > 8:
            raise InputError(
                field, msg("`{part}`: at most {most} of one kind", part=part.strip(), most=8)
            )
        needs.extend([Need(kind, length)] * count)
    return tuple(needs)


def check_deal(deal: Deal, table: ContractTable, field: str = "contract") -> None:
    """Raise :class:`InputError` on ``field`` when ``deal`` asks for nothing, or for a
    combination that cannot exist with ``table``'s cards, or for more cards than are dealt."""
    if not deal.needs:
        raise InputError(field, msg("the contract asks for nothing: name a group or a sequence"))
    if not 1 <= deal.cards <= 20:
        raise InputError(
            field,
            msg_n(
                "{count} cards dealt: deal {least} to {most} cards",
                "{count} cards dealt: deal {least} to {most} cards",
                deal.cards,
                least=1,
                most=20,
            ),
        )
    for need in deal.needs:
        if need.length < MIN_LENGTH:
            if need.kind is Kind.GROUP:
                too_short = msg(
                    "a group of {length} cannot exist: a combination has at least {least} cards",
                    length=need.length,
                    least=MIN_LENGTH,
                )
            else:
                too_short = msg(
                    "a sequence of {length} cannot exist: a combination has at least {least} cards",
                    length=need.length,
                    least=MIN_LENGTH,
                )
            raise InputError(field, too_short)
        if need.kind is Kind.SEQUENCE and need.length > MAX_SEQUENCE:
            raise InputError(
                field,
                msg(
                    "a sequence of {length} cannot exist: a sequence has at most {most} cards "
                    "(ace high or low, no wrap)",
                    length=need.length,
                    most=MAX_SEQUENCE,
                ),
            )
        most = table.most_of_a_rank()
        if need.kind is Kind.GROUP and need.length > most:
            raise InputError(
                field,
                msg(
                    "a group of {length} cannot exist: the pack holds at most {most} cards of "
                    "one rank with its wilds",
                    length=need.length,
                    most=most,
                ),
            )
    room = deal.cards + (1 if deal.no_discard else 0)
    if deal.cards_needed > room:
        if deal.no_discard:
            too_many = msg(
                "{contract} takes {needed} cards: more than a hand of {cards} can lay down "
                "(going out without a discard)",
                contract=deal.label,
                needed=deal.cards_needed,
                cards=deal.cards,
            )
        else:
            too_many = msg(
                "{contract} takes {needed} cards: more than a hand of {cards} can lay down "
                "(keeping one to discard)",
                contract=deal.label,
                needed=deal.cards_needed,
                cards=deal.cards,
            )
        raise InputError(field, too_many)


def check_contract_list(contracts: ContractList, table: ContractTable) -> None:
    """Raise :class:`InputError` (``name``, ``deals`` or ``deal_<n>``) for an empty list, a
    nameless one, or a deal that cannot be played with ``table``'s cards."""
    if not contracts.name.strip():
        raise InputError("name", msg("give the list a name"))
    if len(contracts.name) > MAX_NAME:
        raise InputError("name", msg("at most {most} characters", most=MAX_NAME))
    if not contracts.deals:
        raise InputError("deals", msg("the list is empty: enter at least one deal"))
    if len(contracts.deals) > MAX_DEALS:
        raise InputError("deals", msg("at most {most} deals", most=MAX_DEALS))
    for number, deal in enumerate(contracts.deals, 1):
        try:
            check_deal(deal, table, f"deal_{number}")
        except InputError as e:
            raise InputError(
                e.field, _at_deal(number, e.message), api_field=f"deals[{number - 1}]"
            ) from None


def _at_deal(number: int, problem: Message) -> Message:
    """A deal's problem, said with the deal's number."""
    return msg("deal {number}: {problem}", number=number, problem=problem)


def _cards_dealt(number: int) -> Message:
    return _at_deal(number, msg("the cards dealt, a whole number"))


def list_from_json(data: Any, table: ContractTable, field: str = "contracts") -> ContractList:
    """A contract list from JSON (``{"name": ..., "deals": [{"cards": 10, "contract":
    "2 groups of 3", "no_discard": false}, ...]}``), checked; raises :class:`InputError`."""
    if not isinstance(data, Mapping):
        raise InputError(
            field, msg("an object: {example}", example='{"name": ..., "deals": [...]}')
        )
    name = data.get("name")
    deals_in = data.get("deals")
    if not isinstance(name, str):
        raise InputError("name", msg("give the list a name"), api_field=f"{field}.name")
    if not isinstance(deals_in, list):
        raise InputError("deals", msg("a list of deals"), api_field=f"{field}.deals")
    deals = []
    for number, item in enumerate(deals_in, 1):
        where = f"{field}.deals[{number - 1}]"
        if not isinstance(item, Mapping):
            raise InputError(
                f"deal_{number}",
                verbatim('{"cards": 10, "contract": "2 groups of 3"}'),  # the same in any language
                api_field=where,
            )
        cards = item.get("cards")
        if isinstance(cards, bool) or not isinstance(cards, int):
            raise InputError(f"deal_{number}", _cards_dealt(number), api_field=where)
        text = item.get("contract")
        if not isinstance(text, str):
            raise InputError(
                f"deal_{number}",
                _at_deal(number, msg('the contract, e.g. "2 groups of 3"')),
                api_field=where,
            )
        try:
            needs = parse_needs(text, f"deal_{number}")
        except InputError as e:
            raise InputError(e.field, _at_deal(number, e.message), api_field=where) from None
        deals.append(Deal(cards, needs, bool(item.get("no_discard"))))
    contracts = ContractList(name.strip(), tuple(deals), str(data.get("source") or ""))
    check_contract_list(contracts, table)
    return contracts


def deals_from_rows(rows: Iterable[tuple[Any, Any, Any]], table: ContractTable) -> tuple[Deal, ...]:
    """Deals from a form's rows (cards dealt, contract text, no discard), blank rows skipped;
    raises :class:`InputError` on ``deal_<n>``."""
    deals = []
    for number, (cards, text, no_discard) in enumerate(rows, 1):
        if not str(text or "").strip() and not str(cards or "").strip():
            continue
        field = f"deal_{number}"
        try:
            dealt = int(str(cards).strip())
        except ValueError:
            raise InputError(field, _cards_dealt(number)) from None
        try:
            needs = parse_needs(str(text or ""), field)
        except InputError as e:
            raise InputError(field, _at_deal(number, e.message)) from None
        deals.append(Deal(dealt, needs, bool(no_discard)))
    return tuple(deals)


def needs_text(needs: Sequence[Need]) -> str:
    return Deal(0, tuple(needs)).label


def _deal(cards: int, needs: str, no_discard: bool = False) -> Deal:
    return Deal(cards, parse_needs(needs), no_discard)


_BICYCLE_NAME = msg("7 deals (10-10-10-10-12-12-12)")
_PAGAT_NAME = msg("7 deals (pagat-style: 10 then 12 cards, no last discard)")

SEVEN_DEAL_BICYCLE = ContractList(
    str(_BICYCLE_NAME),
    (
        _deal(10, "2 groups of 3"),
        _deal(10, "1 group of 3 + 1 sequence of 4"),
        _deal(10, "2 sequences of 4"),
        _deal(10, "3 groups of 3"),
        _deal(12, "2 groups of 3 + 1 sequence of 4"),
        _deal(12, "1 group of 3 + 2 sequences of 4"),
        _deal(12, "3 sequences of 4"),
    ),
    "docs/rules.md §8.5: the list as totoking1/adda52 give it, with Bicycle's deal sizes; groups "
    "of 3, sequences of 4",
)
"""The 7-deal game as the Bicycle-sized reading gives it (10 cards for deals 1–4)."""

SEVEN_DEAL_PAGAT = ContractList(
    str(_PAGAT_NAME),
    (
        _deal(10, "2 groups of 3"),
        _deal(10, "1 group of 3 + 1 sequence of 4"),
        _deal(10, "2 sequences of 4"),
        _deal(12, "3 groups of 3"),
        _deal(12, "2 groups of 3 + 1 sequence of 4"),
        _deal(12, "1 group of 3 + 2 sequences of 4"),
        _deal(12, "3 sequences of 4", no_discard=True),
    ),
    "docs/rules.md §8.5: CR-P/passca and BFG; 10 cards in deals 1–3, 12 in 4–7; BFG's last deal "
    "goes out without a discard",
)
"""The pagat-style reading: 12 cards from deal 4, the last contract laid down going out."""

_PUBLISHED_NAMES: dict[str, Message] = {
    SEVEN_DEAL_BICYCLE.name: _BICYCLE_NAME,
    SEVEN_DEAL_PAGAT.name: _PAGAT_NAME,
}

PUBLISHED_LISTS: dict[str, ContractList] = {
    "seven_deal_bicycle": SEVEN_DEAL_BICYCLE,
    "seven_deal_pagat": SEVEN_DEAL_PAGAT,
}
"""The published lists, by the key a form or the API names them with."""
