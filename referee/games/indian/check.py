"""One Indian Rummy hand checked without a match (docs/rules.md §8.6): the check page's tab,
``referee indian`` and their JSON. From the cut card and 13 cards (or the groups as shown):
is it a valid declaration, and if not, which rule it breaks and what the cards count.

>>> answer = check_request({"cut": "2S", "groups": ["7H 8H JK", "5S 6S 2D", "9C 9D 9S",
...                                                 "KD KC KH 2C"]})
>>> answer["valid"], answer["problem"]
(False, 'no pure sequence: 7♥ 8♥ JK, 5♠ 6♠ 2♦ are impure')
>>> answer["points"]
80
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.indian.cards import TWO_PACKS, cut_card, wild_rank_of
from referee.games.indian.declaration import Declaration, check_cards, check_declaration
from referee.games.indian.grouping import CAP, Grouping, best_grouping
from referee.rules.cards import Card, CardError, Rank, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.messages import msg


@dataclass(frozen=True)
class Checked:
    """A hand checked: the wild rank, the declaration's ruling, and the cards' best
    grouping (what they count for a loser)."""

    wild: Rank
    declaration: Declaration
    grouping: Grouping
    cards: tuple[Card, ...]

    @property
    def points(self) -> int:
        return self.grouping.capped(CAP)


def check_hand(cut: str | None, cards: str | None, groups: Sequence[str] | None) -> Checked:
    """Check one hand: the cut card, and its 13 cards or its groups as shown. Raises
    :class:`InputError` on ``cut``, ``cards`` or ``groups``."""
    if not (cut or "").strip():
        raise InputError(
            "cut", msg("enter the card cut for the wild joker: it decides which cards are wild")
        )
    try:
        wild = wild_rank_of(cut_card(cut or "", TWO_PACKS))
    except CardError as e:
        raise InputError("cut", said_of(e)) from None
    shown: list[tuple[Card, ...]] = []
    try:
        if groups:
            shown = [parse_cards(g, TWO_PACKS, what=msg("a group")) for g in groups if g.strip()]
            held = tuple(c for g in shown for c in g)
            parse_cards([c.code for c in held], TWO_PACKS)
        else:
            held = parse_cards(cards or "", TWO_PACKS)
    except CardError as e:
        raise InputError("groups" if groups else "cards", said_of(e)) from None
    if not held:
        raise InputError("cards", msg("enter the 13 cards, or the groups as shown"))
    ruling = check_declaration(shown, wild) if shown else check_cards(held, wild)
    return Checked(wild, ruling, best_grouping(held, wild), held)


def check_request(request: Mapping[str, Any]) -> dict[str, Any]:
    """``{"cut": "7H", "cards": "AH 2H ..."}`` or ``{"cut": ..., "groups": ["AH 2H 3H",
    ...]}`` → the ruling as JSON."""
    if request.get("rules"):
        raise InputError("rules", msg("the check of an Indian Rummy hand takes no house rules"))
    unknown = sorted(set(request) - {"cut", "cards", "groups", "rules"})
    if unknown:
        raise InputError(unknown[0], msg("not a field of the check: cut, cards or groups"))
    groups = request.get("groups")
    if isinstance(groups, str):
        groups = [g for g in groups.split("/") if g.strip()]
    if groups is not None and not (
        isinstance(groups, list) and all(isinstance(g, str) for g in groups)
    ):
        raise InputError(
            "groups",
            msg("the groups as a list of texts: {example}", example='["AH 2H 3H", "5S 6S JK"]'),
        )
    cards = request.get("cards")
    if cards is not None and not isinstance(cards, str):
        cards = " ".join(str(c) for c in cards) if isinstance(cards, list) else None
    checked = check_hand(request.get("cut"), cards, groups)
    return answer(checked)


def answer(checked: Checked) -> dict[str, Any]:
    ruling, g = checked.declaration, checked.grouping
    return {
        "wild": checked.wild.label,
        "valid": ruling.valid,
        "problem": str(ruling.problem) if ruling.problem is not None else None,
        "shown": [{"cards": x.codes, "kind": x.kind.value} for x in ruling.groups],
        "points": checked.points,
        "uncapped": g.points,
        "rule": g.rule,
        "groups": [{"cards": x.codes, "kind": x.kind.value} for x in g.groups],
        "counted": [c.code for c in g.counted_cards],
        "steps": [s.as_json() for s in ruling.steps],
    }
