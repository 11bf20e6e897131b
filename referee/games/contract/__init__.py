"""Contract Rummy and 12-Step (docs/rules.md §8.5): contract lists as data, the pack and its
wilds, seed 002's wild placement, the lay-down referee, the whole-hand search, layoffs,
liberating wilds and penalties. Pure: no web, no database."""

from referee.games.contract.combos import (
    Combination,
    CombinationError,
    Laid,
    Placed,
    Target,
    read_as,
    readings,
)
from referee.games.contract.contracts import (
    PUBLISHED_LISTS,
    SEVEN_DEAL_BICYCLE,
    SEVEN_DEAL_PAGAT,
    ContractList,
    Deal,
    Kind,
    Need,
    check_contract_list,
    parse_needs,
)
from referee.games.contract.laydown import (
    HandRuling,
    LaidCombination,
    LayDownRuling,
    parse_laydown,
    referee_hand,
    referee_laydown,
)
from referee.games.contract.plays import PlayRuling, lay_off, liberate, penalty_of
from referee.games.contract.search import can_make_contract, find_contract
from referee.games.contract.table import (
    DEFAULT_PENALTIES,
    SEVEN_DEAL_TABLE,
    TWELVE_STEP,
    ContractTable,
    JokerRule,
    PenaltyValues,
    jokers_for,
    packs_for,
)

__all__ = [
    "DEFAULT_PENALTIES",
    "PUBLISHED_LISTS",
    "SEVEN_DEAL_BICYCLE",
    "SEVEN_DEAL_PAGAT",
    "SEVEN_DEAL_TABLE",
    "TWELVE_STEP",
    "Combination",
    "CombinationError",
    "ContractList",
    "ContractTable",
    "Deal",
    "HandRuling",
    "JokerRule",
    "Kind",
    "Laid",
    "LaidCombination",
    "LayDownRuling",
    "Need",
    "PenaltyValues",
    "Placed",
    "PlayRuling",
    "Target",
    "can_make_contract",
    "check_contract_list",
    "find_contract",
    "jokers_for",
    "lay_off",
    "liberate",
    "packs_for",
    "parse_laydown",
    "parse_needs",
    "penalty_of",
    "read_as",
    "readings",
    "referee_hand",
    "referee_laydown",
]
