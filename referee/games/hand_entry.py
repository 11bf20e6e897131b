"""A two-player hand as entered → the engine's ruling, every problem named by its field.

The stored form of a hand (what :func:`normalise` returns and a match keeps) is a dict of what
was typed: ``kind``, ``entry``, ``knocker_seat``, the two counts or the two hands of cards
(card codes separated by single spaces), the declared ``spread``, the ``upcard`` and the note.
Every format whose hands are one knocker against one defender rules them here.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from referee.games.base import Result
from referee.games.kinds import CARD_KINDS, KINDS, EntryMode, HandKindChoice
from referee.rules.adjudicate import HandKind, rule_cards, rule_counts, rule_dead_hand
from referee.rules.budget import budgeted
from referee.rules.cards import Card, CardError, Deck, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.hand_conditions import upcard_needed
from referee.rules.messages import Message, msg
from referee.rules.results import HandResult
from referee.rules.ruleset import Ruleset

# The engine names its inputs by role; the forms and the API by what is typed in.
_ENGINE_FIELD = {
    "knocker": "knocker_cards",
    "defender": "defender_cards",
    "spread": "spread",
}


class IllegalKnock(InputError):
    """The engine refused the knock; ``result`` holds the ruling with its reason."""

    def __init__(
        self,
        result: Result,
        field: str | None,
        *,
        api_field: str | None = None,
    ) -> None:
        self.result = result
        reason = next(
            (s.message for s in reversed(result.steps) if "illegal" in s.text.lower()),
            result.steps[-1].message if result.steps else msg("illegal knock"),
        )
        super().__init__(
            field, msg("Illegal knock, nothing saved: {reason}", reason=reason), api_field=api_field
        )


def normalise(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The stored form of an entry: card codes separated by single spaces, unused fields None."""
    out = dict(fields)
    kind, entry = out.get("kind"), out.get("entry")
    if kind == HandKindChoice.DEAD:
        out["knocker_seat"] = None
    if kind == HandKindChoice.DEAD or entry == EntryMode.COUNTS:
        out["knocker_cards"] = out["defender_cards"] = None
    if kind == HandKindChoice.DEAD or entry == EntryMode.CARDS:
        out["knocker_deadwood"] = out["defender_deadwood"] = None
    out["spread"] = (
        None
        if kind == HandKindChoice.DEAD or entry == EntryMode.COUNTS
        else spread_text(out.get("spread"))
    )
    if entry == EntryMode.COUNTS and kind in (HandKindChoice.GIN, HandKindChoice.BIG_GIN):
        out["knocker_deadwood"] = 0
    for name in ("knocker_cards", "defender_cards", "upcard"):
        value = out.get(name)
        if isinstance(value, list | tuple):
            value = " ".join(str(v) for v in value)
        out[name] = " ".join(value.split()) if isinstance(value, str) and value.strip() else None
    out["note"] = (out.get("note") or "").strip()
    return out


def spread_text(value: Any) -> str | None:
    """A declared spread as stored: melds of card codes separated by `` | `` ("5S 6S 7S | KH
    KD KC"), from that text or a list of melds (each a string or a list of codes); None when
    empty. Anything else is kept as text for the ruling to refuse."""
    if isinstance(value, str):
        groups: list[Any] = value.split("|")
    elif isinstance(value, list | tuple):
        groups = list(value)
    else:
        return None if value is None else str(value)
    melds = []
    for group in groups:
        if isinstance(group, list | tuple):
            group = " ".join(str(c) for c in group)
        text = " ".join(str(group).split())
        if text:
            melds.append(text)
    return " | ".join(melds) or None


def spread_melds(text: str | None) -> list[list[str]] | None:
    """A stored spread as a list of melds of card codes."""
    return [meld.split() for meld in text.split("|")] if text else None


@budgeted
def rule_entry(fields: Mapping[str, Any], rules: Ruleset) -> HandResult:
    """Rule one entered hand, or raise :class:`InputError` naming the field at fault.

    An illegal knock raises :class:`IllegalKnock`: it is never a hand to record.
    """
    fields = normalise(fields)
    result = _rule_cached(_entry_key(fields), rules)
    if not result.finished:
        field = "knocker_cards" if fields["entry"] == EntryMode.CARDS else "knocker_deadwood"
        if (
            fields.get("spread")
            and _rule_cached(_entry_key({**fields, "spread": None}), rules).finished
        ):
            field = "spread"  # the best spread would have been a legal knock: R3
        raise IllegalKnock(result, field)
    return result


_PLAIN = frozenset({str, int, bool, type(None)})

EntryKey = tuple[tuple[tuple[str, Any], ...], tuple[type, ...]] | str


def _entry_key(fields: Mapping[str, Any]) -> EntryKey:
    """A hashable key of a normalised entry for the cache of rulings. An entry of plain values
    (every entry a scorer stores) is keyed by its items and their types (``True`` and ``1``
    stay apart; the same entry in another key order is only a second miss); anything else
    by its JSON text, as the ruling reads it."""
    types = tuple(map(type, fields.values()))
    if _PLAIN.issuperset(types):
        return tuple(fields.items()), types
    return json.dumps(fields, sort_keys=True, default=str)


@functools.lru_cache(maxsize=4096)
def _rule_cached(key: EntryKey, rules: Ruleset) -> HandResult:
    # Rulings are pure functions of the entry and the rules: a scoreboard that folds the same
    # hands on every view rules each of them once per process.
    entry = dict(key[0]) if isinstance(key, tuple) else json.loads(key)
    return _rule(entry, rules)


def _rule(f: dict[str, Any], rules: Ruleset) -> HandResult:
    kind = f.get("kind")
    entry = f.get("entry")
    if entry not in (EntryMode.COUNTS, EntryMode.CARDS):
        raise InputError("entry", msg("choose quick entry (counts) or full cards"))
    if kind not in (CARD_KINDS if entry == EntryMode.CARDS else KINDS):
        raise InputError("kind", msg("choose knock, gin, big gin or dead hand"))
    upcard = _card(f.get("upcard"), rules, "upcard")
    needed = upcard_needed(rules) if upcard is None else None
    if needed is not None:
        # BIC-OK: the first upcard is recorded with every hand, a dead one too.
        raise InputError("upcard", needed)
    try:
        if kind == HandKindChoice.DEAD:
            return rule_dead_hand(rules, upcard=upcard)
        if f.get("knocker_seat") not in (0, 1):
            raise InputError("knocker_seat", msg("choose who knocked or went gin"))
        hand_kind = None if kind == HandKindChoice.AUTO else HandKind(str(kind))
        if entry == EntryMode.COUNTS:
            assert hand_kind is not None
            k = _count(f.get("knocker_deadwood"), "knocker_deadwood")
            d = _count(f.get("defender_deadwood"), "defender_deadwood")
            return rule_counts(
                rules, kind=hand_kind, knocker_deadwood=k, defender_deadwood=d, upcard=upcard
            )
        knocker, defender = _hands(f, rules, hand_kind)
        spread = parse_spread(f.get("spread"), rules.deck)
        return rule_cards(knocker, defender, rules, kind=hand_kind, spread=spread, upcard=upcard)
    except InputError as e:
        field = _ENGINE_FIELD.get(e.field, e.field) if e.field else None
        raise InputError(field, e.message) from None


# Why a count cannot be taken, by its field: (missing, not a whole number, negative).
_COUNT_REASONS: dict[str, tuple[Message, Message, Message]] = {
    "knocker_deadwood": (
        msg("enter the knocker's deadwood"),
        msg("the knocker's deadwood must be a whole number"),
        msg("the knocker's deadwood cannot be negative"),
    ),
    "defender_deadwood": (
        msg("enter the defender's deadwood"),
        msg("the defender's deadwood must be a whole number"),
        msg("the defender's deadwood cannot be negative"),
    ),
}


def _count(value: Any, field: str) -> int:
    missing, not_whole, negative = _COUNT_REASONS[field]
    if value is None or value == "":
        raise InputError(field, missing)
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise InputError(field, not_whole) from None
    count = int(value)
    if count < 0:
        raise InputError(field, negative)
    return count


def _card(text: str | None, rules: Ruleset, field: str) -> Card | None:
    if not text:
        return None
    try:
        return parse_cards(text, deck=rules.deck, expected=1, what="the upcard")[0]
    except CardError as e:
        raise InputError(field, said_of(e)) from None


SPREAD_SHAPE = msg(
    'the melds laid down: "5S 6S 7S | KH KD KC" or a list of melds such as '
    '[["5S", "6S", "7S"], ["KH", "KD", "KC"]]'
)


def check_spread(value: Any) -> None:
    """A declared spread must be text (melds separated by ``|``) or a list of melds, each a
    string or a list of codes; raises :class:`InputError` on ``spread`` otherwise."""
    if value is None or isinstance(value, str):
        return
    if isinstance(value, list) and all(
        isinstance(m, str) or (isinstance(m, list) and all(isinstance(c, str) for c in m))
        for m in value
    ):
        return
    raise InputError("spread", SPREAD_SHAPE)


def parse_spread(value: Any, deck: Deck) -> tuple[tuple[Card, ...], ...] | None:
    """The declared melds' cards (R3), from text or a list of melds; None when empty.
    Whether they meld, from the knocker's hand, is the engine's to rule."""
    check_spread(value)
    text = spread_text(value)
    if not text:
        return None
    melds = []
    for number, group in enumerate(text.split("|"), start=1):
        try:
            melds.append(parse_cards(group, deck=deck, what=f"meld {number} of the spread"))
        except CardError as e:
            raise InputError("spread", said_of(e)) from None
    return tuple(m for m in melds if m) or None


def _hands(
    f: dict[str, Any], rules: Ruleset, kind: HandKind | None
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    size = rules.hand_size
    knocker_counts: tuple[int, ...] = {
        None: (size, size + 1),
        HandKind.BIG_GIN: (size + 1,),
    }.get(kind, (size,))
    texts = {"knocker_cards": f.get("knocker_cards"), "defender_cards": f.get("defender_cards")}
    hands: dict[str, tuple[Card, ...]] = {}
    for field, what, missing, counts in (
        ("knocker_cards", "the knocker", msg("enter the knocker's cards"), knocker_counts),
        ("defender_cards", "the defender", msg("enter the defender's cards"), (size,)),
    ):
        text = texts[field]
        if not text:
            raise InputError(field, missing)
        try:
            hands[field] = parse_cards(text, deck=rules.deck, expected=counts, what=what)
        except CardError as e:
            raise InputError(field, said_of(e)) from None
    both = hands["knocker_cards"] + hands["defender_cards"]
    try:
        parse_cards([c.code for c in both], deck=rules.deck)
    except CardError as e:
        twice = (
            msg("`{card}` is in both hands", card=e.token)
            if e.token
            else msg("`a card` is in both hands")
        )
        raise InputError("defender_cards", twice) from None
    return hands["knocker_cards"], hands["defender_cards"]
