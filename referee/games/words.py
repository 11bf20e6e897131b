"""The games' words gathered from the registry: the rules in plain words with every game's
paragraphs, a house-rule choice as players say it, every house rule's help, and every fixed
text the pages show as data (for the catalogs' check).

Each game keeps its own words in its folder (``referee/games/<family>/words.py``, reached
through :attr:`~referee.games.base.Format.words`); the shared rules' words are
:mod:`referee.rules.plain_words` and :mod:`referee.i18n_terms`.

>>> [note.tag for note in plain_rules(Ruleset())][:4]
['§2.1', '§2.2', 'R1', 'R2']
>>> from referee.rules.ruleset import Rotation
>>> option_words(Rotation.LOSER_DEALS_SITS_OUT)
'the loser deals and sits out'
"""

from __future__ import annotations

import dataclasses
from enum import StrEnum

from referee import i18n_terms
from referee.games import all_formats
from referee.rules import plain_words
from referee.rules.plain_words import GameWords, PlainRule
from referee.rules.ruleset import FIELD_HELP, Ruleset

__all__ = [
    "game_words",
    "listed_terms",
    "option_words",
    "plain_rules",
    "rule_help",
    "rule_titles",
]


def game_words() -> tuple[GameWords, ...]:
    """Each game's words once, in the registry's order (formats of one folder share theirs)."""
    found: dict[int, GameWords] = {}
    for fmt in all_formats():
        words = fmt.words
        found.setdefault(id(words), words)
    return tuple(found.values())


def plain_rules(rules: Ruleset) -> tuple[PlainRule, ...]:
    """Every tagged rule in plain words, the shared ones and every game's, with ``rules``'
    numbers, in the rules page's order."""
    return plain_words.plain_rules(rules, game_words())


def option_words(member: StrEnum) -> str:
    """A house-rule choice as players say it ("the loser sits out and deals"), else its name."""
    return plain_words.option_words(member, game_words())


def rule_help() -> dict[str, str]:
    """Every house rule's help, by its :class:`Ruleset` field, in the fields' order: the shared
    rules' (``FIELD_HELP``) and each game's own."""
    found = dict(FIELD_HELP)
    for words in game_words():
        found.update(words.rule_help)
    return {f.name: found[f.name] for f in dataclasses.fields(Ruleset) if f.name in found}


def rule_titles() -> dict[str, str]:
    """What a ruling's step is about, by the tags the games rule with their own rules (the
    shared tags' titles are the ruling page's)."""
    found: dict[str, str] = {}
    for words in game_words():
        found.update(words.rule_titles)
    return found


def listed_terms() -> frozenset[str]:
    """Every fixed English text listed for the catalogs: the shared ones
    (:mod:`referee.i18n_terms`) and each game's (its terms, its headings on the rules page and
    its house rules' choices)."""
    shared = (
        text for listed in vars(i18n_terms).values() if isinstance(listed, tuple) for text in listed
    )
    games = (
        text
        for words in game_words()
        for text in (
            *words.terms,
            *words.rule_help.values(),
            *words.rule_titles.values(),
            *(note.title for note in words.notes),
            *(said for choices in words.option_words.values() for said in choices.values()),
        )
    )
    return frozenset((*shared, *games))
