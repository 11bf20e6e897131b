"""Contract Rummy's tables as Rulesets (docs/rules.md §8.5, §11): the 7-deal game and 12-Step.

The Ruleset carries what every table stores — the pack (``decks``, ``jokers``), which cards
are wild (``jokers_wild``, ``wild_ranks``), the penalty values (``ace_value``,
``court_value``, ``joker_value``, ``wild_value``), the cards dealt — plus the contract list
itself (``contract_list``, JSON), so a match keeps the list it started with, and
``contract_carry_over`` for 12-Step's way of working through it.

>>> contract_list_of(SEVEN_DEAL).name
'7 deals (10-10-10-10-12-12-12)'
>>> contract_table(TWELVE_STEP_RULES).wilds_text()
'2s and jokers'
"""

from __future__ import annotations

import json

from referee.games.contract import SEVEN_DEAL_BICYCLE, SEVEN_DEAL_PAGAT, ContractList, ContractTable
from referee.games.contract.contracts import list_from_json
from referee.games.contract.table import JokerRule, PenaltyValues, jokers_for, packs_for
from referee.rules.errors import InputError
from referee.rules.messages import msg
from referee.rules.ruleset import AceRank, NextDealer, Ruleset, ShutoutRule

__all__ = [
    "SEVEN_DEAL",
    "SEVEN_DEAL_PAGAT_RULES",
    "TWELVE_STEP_RULES",
    "contract_list_of",
    "contract_table",
    "list_json",
    "pack_for",
]


def list_json(contracts: ContractList) -> str:
    """A contract list as the Ruleset keeps it."""
    return json.dumps(contracts.to_json(), sort_keys=True, ensure_ascii=False)


_BASE = Ruleset(
    decks=2,
    jokers=1,
    jokers_wild=True,
    joker_value=15,
    wild_value=15,
    ace_value=15,
    court_value=10,
    ace=AceRank.HIGH_OR_LOW,
    max_set=8,
    min_run=4,
    hand_size=10,
    box_bonus=0,
    game_bonus=0,
    game_target=10000,
    shutout_rule=ShutoutRule.NONE,
    shutout_bonus=0,
    next_dealer=NextDealer.ALTERNATE,
)

SEVEN_DEAL = _BASE.with_overrides(contract_list=list_json(SEVEN_DEAL_BICYCLE))
"""The 7-deal game: two packs and a wild joker (Bicycle, 3–4 players), A / joker 15, faces
10; the lowest total after the seventh deal wins."""

SEVEN_DEAL_PAGAT_RULES = _BASE.with_overrides(contract_list=list_json(SEVEN_DEAL_PAGAT))
"""The 7-deal game, pagat-style list (12 cards from deal 4; the last without a discard)."""

TWELVE_STEP_RULES = _BASE.with_overrides(
    jokers=4, wild_ranks=(2,), hand_size=13, contract_carry_over=True, contract_list=""
)
"""12-Step (seed 002): two packs and their four jokers (108 cards), 2s and jokers wild, 13
cards; the twelve contracts are the table's own (published nowhere), and so are its penalty
values, which start from Bicycle's (A, joker, any wild 15; faces 10)."""


def pack_for(rules: Ruleset, players: int) -> tuple[int, int]:
    """(packs, jokers) for ``players`` at a table whose two-pack table is ``rules``: two
    packs for two to five players, one more for every two more (:func:`packs_for`: three
    for six or seven, four for eight; docs/rules.md §8.5); the jokers follow the table's own way
    (each pack with its two, as 12-Step's 108 cards; else one fewer than the packs, as
    Bicycle's 2 packs + 1 and 3 packs + 2).

    >>> pack_for(SEVEN_DEAL, 6), pack_for(TWELVE_STEP_RULES, 6), pack_for(SEVEN_DEAL, 4)
    ((3, 2), (3, 6), (2, 1))
    """
    packs = packs_for(players)
    if rules.jokers == 2 * rules.decks:
        rule = JokerRule.TWO_PER_PACK
    else:
        rule = JokerRule.ONE_FEWER_THAN_PACKS
    return packs, jokers_for(rule, packs, players)


def contract_table(rules: Ruleset) -> ContractTable:
    """The cards of a table's Ruleset, as the contract engine takes them."""
    return ContractTable(
        packs=rules.decks,
        jokers=rules.jokers,
        jokers_wild=rules.jokers_wild,
        wild_ranks=rules.wild_ranks,
        penalties=PenaltyValues(
            ace=rules.ace_value,
            joker=rules.joker_value,
            wild=rules.wild_value,
            face=rules.court_value,
        ),
    )


def contract_list_of(rules: Ruleset) -> ContractList:
    """The table's contract list; raises :class:`InputError` on ``contracts`` when it has
    none or it does not read."""
    if not rules.contract_list.strip():
        raise InputError("contracts", msg("enter the table's contract list: no list is published"))
    try:
        data = json.loads(rules.contract_list)
    except ValueError:
        raise InputError("contracts", msg("the contract list is not JSON")) from None
    return list_from_json(data, contract_table(rules))
