"""Is a declaration valid? (docs/rules.md §8.6)

A player declares by showing all 13 cards in groups: every group a set or a sequence, at
least two sequences, at least one of them pure. A declaration that breaks any of these is a
wrong declaration: the declarer scores the wrong-declaration penalty (80) and the deal goes
on without them.

:func:`check_declaration` rules on the groups as shown and names the first rule broken, in
plain words; :func:`check_cards` rules on cards shown without their groups (the best
grouping decides).

>>> from referee.rules.cards import parse_cards, Rank
>>> shown = [parse_cards(g, TWO_PACKS) for g in
...          ("7H 8H JK", "5S 6S 7S", "9C 9D 9S", "KD KC QC QD")]
>>> print(check_declaration(shown, Rank.TWO).problem)
K♦ K♣ Q♣ Q♦ is neither a set (one rank, different suits) nor a sequence (one suit, in a row)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games.indian.cards import HAND_SIZE, TWO_PACKS
from referee.games.indian.grouping import best_grouping
from referee.games.indian.groups import Group, GroupError, GroupKind, classify
from referee.rules.cards import Card, Rank
from referee.rules.messages import Message, msg, msg_n
from referee.rules.results import Step

__all__ = ["TWO_PACKS", "Declaration", "check_cards", "check_declaration"]

RULE = "§8.6"


@dataclass(frozen=True)
class Declaration:
    """A declaration ruled: the groups as read, whether it is valid, the first rule it
    breaks (None: valid) and the steps that say so."""

    groups: tuple[Group, ...]
    valid: bool
    problem: Message | None
    steps: tuple[Step, ...]


def _wrong(groups: Sequence[Group], steps: list[Step], problem: Message) -> Declaration:
    steps.append(Step(msg("Wrong declaration: {problem}.", problem=problem), RULE))
    return Declaration(tuple(groups), False, problem, tuple(steps))


def check_declaration(
    shown: Sequence[Sequence[Card]], wild: Rank | None, size: int = HAND_SIZE
) -> Declaration:
    """The groups as shown, ruled (``wild``: the deal's wild rank)."""
    steps: list[Step] = []
    groups: list[Group] = []
    for cards in shown:
        try:
            groups.append(classify(cards, wild))
        except GroupError as e:
            return _wrong(groups, steps, e.message)
        steps.append(
            Step(msg("{group} is {kind}.", group=groups[-1].label, kind=groups[-1].kind.said), RULE)
        )
    held = sum(len(g.cards) for g in groups)
    if held != size:
        problem = msg_n(
            "{count} card is shown in groups, {need} are needed",
            "{count} cards are shown in groups, {need} are needed",
            held,
            need=size,
        )
        return _wrong(groups, steps, problem)
    sequences = [g for g in groups if g.kind.sequence]
    if not sequences:
        return _wrong(groups, steps, msg("no sequence: two are needed, one of them pure"))
    if len(sequences) == 1:
        problem = msg(
            "only one sequence ({group}): two are needed, one of them pure",
            group=sequences[0].label,
        )
        return _wrong(groups, steps, problem)
    if not any(g.kind is GroupKind.PURE for g in sequences):
        impure = [g.label for g in sequences]
        problem = msg_n(
            "no pure sequence: {groups} is impure",
            "no pure sequence: {groups} are impure",
            len(impure),
            groups=", ".join(impure),
        )
        return _wrong(groups, steps, problem)
    steps.append(
        Step(
            msg(
                "All {size} cards are in groups, with {count} sequences, one of them pure: a "
                "valid declaration.",
                size=size,
                count=len(sequences),
            ),
            RULE,
        )
    )
    return Declaration(tuple(groups), True, None, tuple(steps))


def check_cards(cards: Sequence[Card], wild: Rank | None, size: int = HAND_SIZE) -> Declaration:
    """Cards shown without their groups, ruled by their best grouping."""
    if len(cards) != size:
        problem = msg_n(
            "{count} card is shown, {need} are needed",
            "{count} cards are shown, {need} are needed",
            len(cards),
            need=size,
        )
        return _wrong((), [], problem)
    grouping = best_grouping(cards, wild)
    if grouping.valid:
        return check_declaration([g.cards for g in grouping.groups], wild, size)
    steps: list[Step] = []
    if grouping.rule == "no_pure":
        problem = msg("no pure sequence can be made of these cards")
    elif grouping.rule == "pure_only":
        problem = msg(
            "only one sequence ({group}) can be made: two are needed",
            group=grouping.groups[0].label,
        )
    else:
        problem = msg(
            "{cards} fit in no group (best grouping: {groups})",
            cards=grouping.counted_label,
            groups=" | ".join(g.label for g in grouping.groups),
        )
    return _wrong(grouping.groups, steps, problem)
