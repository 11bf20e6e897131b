"""A hand as entered → the engine's ruling, with every problem named by the field it is about."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from referee.models import EntryMode, HandKindChoice
from referee.rules.adjudicate import (
    HandInputError,
    HandKind,
    rule_cards,
    rule_counts,
    rule_dead_hand,
)
from referee.rules.cards import Card, CardError, parse_cards
from referee.rules.results import HandResult
from referee.rules.ruleset import Ruleset
from referee.rules.variants import partnership

KINDS = (HandKindChoice.KNOCK, HandKindChoice.GIN, HandKindChoice.BIG_GIN, HandKindChoice.DEAD)
CARD_KINDS = (HandKindChoice.AUTO, *KINDS)

# The engine names its inputs by role; the forms and the API by what is typed in.
_ENGINE_FIELD = {
    "knocker": "knocker_cards",
    "defender": "defender_cards",
    "spread": "spread",
}


class EntryError(ValueError):
    """Bad input: ``field`` is the form/API field it concerns (None: the hand as a whole)."""

    def __init__(self, field: str | None, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"{field}: {reason}" if field else reason)


class IllegalKnock(EntryError):
    """The engine refused the knock; ``result`` holds the ruling with its reason."""

    def __init__(self, result: HandResult, field: str) -> None:
        self.result = result
        reason = next(
            (s.text for s in reversed(result.steps) if "illegal" in s.text.lower()),
            result.steps[-1].text if result.steps else "illegal knock",
        )
        super().__init__(field, f"Illegal knock, nothing saved: {reason}")


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


def rule_entry(fields: Mapping[str, Any], rules: Ruleset) -> HandResult:
    """Rule one entered hand, or raise :class:`EntryError` naming the field at fault.

    An illegal knock raises :class:`IllegalKnock`: it is never a hand to record.
    """
    fields = normalise(fields)
    result = _rule_cached(json.dumps(fields, sort_keys=True, default=str), rules)
    if not result.finished:
        field = "knocker_cards" if fields["entry"] == EntryMode.CARDS else "knocker_deadwood"
        if (
            fields.get("spread")
            and _rule_cached(
                json.dumps({**fields, "spread": None}, sort_keys=True, default=str), rules
            ).finished
        ):
            field = "spread"  # the best spread would have been a legal knock: R3
        raise IllegalKnock(result, field)
    return result


@functools.lru_cache(maxsize=4096)
def _rule_cached(key: str, rules: Ruleset) -> HandResult:
    # Rulings are pure functions of the entry and the rules: a scoreboard that folds the same
    # hands on every view rules each of them once per process.
    return _rule(json.loads(key), rules)


def _rule(f: dict[str, Any], rules: Ruleset) -> HandResult:
    kind = f.get("kind")
    entry = f.get("entry")
    if entry not in (EntryMode.COUNTS, EntryMode.CARDS):
        raise EntryError("entry", "choose quick entry (counts) or full cards")
    if kind not in (CARD_KINDS if entry == EntryMode.CARDS else KINDS):
        raise EntryError("kind", "choose knock, gin, big gin or dead hand")
    upcard = _card(f.get("upcard"), rules, "upcard")
    if rules.oklahoma and upcard is None:
        # BIC-OK: the first upcard is recorded with every hand, a dead one too.
        raise EntryError("upcard", "enter the first upcard: in Oklahoma it sets the knock limit")
    try:
        if kind == HandKindChoice.DEAD:
            return rule_dead_hand(rules, upcard=upcard)
        if f.get("knocker_seat") not in (0, 1):
            raise EntryError("knocker_seat", "choose who knocked or went gin")
        hand_kind = None if kind == HandKindChoice.AUTO else HandKind(kind)
        if entry == EntryMode.COUNTS:
            assert hand_kind is not None
            k = _count(f.get("knocker_deadwood"), "knocker_deadwood", "the knocker's deadwood")
            d = _count(f.get("defender_deadwood"), "defender_deadwood", "the defender's deadwood")
            return rule_counts(
                rules, kind=hand_kind, knocker_deadwood=k, defender_deadwood=d, upcard=upcard
            )
        knocker, defender = _hands(f, rules, hand_kind)
        spread = _spread(f.get("spread"), rules)
        return rule_cards(knocker, defender, rules, kind=hand_kind, spread=spread, upcard=upcard)
    except HandInputError as e:
        field = _ENGINE_FIELD.get(e.field, e.field) if e.field else None
        raise EntryError(field, e.reason) from None


def _count(value: Any, field: str, what: str) -> int:
    if value is None or value == "":
        raise EntryError(field, f"enter {what}")
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise EntryError(field, f"{what} must be a whole number") from None
    if value < 0:
        raise EntryError(field, f"{what} cannot be negative")
    return value


def _card(text: str | None, rules: Ruleset, field: str) -> Card | None:
    if not text:
        return None
    try:
        return parse_cards(text, deck=rules.deck, expected=1, what="the upcard")[0]
    except CardError as e:
        raise EntryError(field, str(e)) from None


def _spread(text: str | None, rules: Ruleset) -> tuple[tuple[Card, ...], ...] | None:
    """The declared melds' cards (R3); whether they meld, from the knocker's hand, is the
    engine's to rule."""
    if not text:
        return None
    melds = []
    for number, group in enumerate(text.split("|"), start=1):
        try:
            melds.append(parse_cards(group, deck=rules.deck, what=f"meld {number} of the spread"))
        except CardError as e:
            raise EntryError("spread", str(e)) from None
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
    for field, what, counts in (
        ("knocker_cards", "the knocker", knocker_counts),
        ("defender_cards", "the defender", (size,)),
    ):
        if not texts[field]:
            raise EntryError(field, f"enter {what}'s cards")
        try:
            hands[field] = parse_cards(texts[field], deck=rules.deck, expected=counts, what=what)
        except CardError as e:
            raise EntryError(field, str(e)) from None
    both = hands["knocker_cards"] + hands["defender_cards"]
    try:
        parse_cards([c.code for c in both], deck=rules.deck)
    except CardError as e:
        card = e.token or "a card"
        raise EntryError("defender_cards", f"`{card}` is in both hands") from None
    return hands["knocker_cards"], hands["defender_cards"]


# -- partnership deals ---------------------------------------------------------------------

TABLE_FIELDS = (
    "entry",
    "kind",
    "knocker_seat",
    "knocker_deadwood",
    "defender_deadwood",
    "knocker_cards",
    "defender_cards",
    "upcard",
)


def table_field(number: int, name: str) -> str:
    """The form field of one table's input: ``t1_knocker_deadwood``."""
    return f"t{number}_{name}"


def normalise_deal(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The stored form of a partnership deal: both tables' inputs in ``tables``, the dealing
    side in ``dealer_seat``, the two-handed columns unused."""
    tables = fields.get("tables")
    out: dict[str, Any] = {
        "kind": HandKindChoice.DEAL,
        "dealer_seat": fields.get("dealer_seat"),
        "knocker_seat": None,
        "knocker_cards": None,
        "defender_cards": None,
        "knocker_deadwood": None,
        "defender_deadwood": None,
        "upcard": None,
        "note": (fields.get("note") or "").strip(),
        "stop_after": False,
    }
    normalised: list[dict[str, Any] | None] = []
    for table in tables if isinstance(tables, list | tuple) else ():
        if not isinstance(table, Mapping):
            normalised.append(None)
            continue
        row = normalise({name: table.get(name) for name in TABLE_FIELDS} | {"note": ""})
        row.pop("note", None)
        normalised.append({name: row.get(name) for name in TABLE_FIELDS})
    out["tables"] = normalised
    cards = any(t and t.get("entry") == EntryMode.CARDS for t in normalised)
    out["entry"] = EntryMode.CARDS if cards else EntryMode.COUNTS
    return out


def rule_deal(
    fields: Mapping[str, Any], rules: Ruleset, deal: int, *, strict: bool = True
) -> partnership.DealScore:
    """Rule a partnership deal (``deal`` is its 0-based place in the match), or raise
    :class:`EntryError` naming the table's field at fault (``t2_knocker_deadwood``).

    Each table is ruled as a two-handed hand. With ``strict`` (a deal being entered) the
    knocker must sit at that table this deal. Otherwise (folding stored deals) a knocker is
    read as their side's player at the table, so deleting an earlier deal — which shifts the
    opponents of every later deal by one — never changes a later deal's score.
    """
    f = normalise_deal(fields)
    if f["dealer_seat"] not in (0, 1):
        raise EntryError("dealer_seat", "choose the side that dealt")
    seating = partnership.pairings(deal)
    tables = f["tables"]
    if len(tables) != 2:
        missing = " and ".join(f"table {t.number}" for t in seating[len(tables) :])
        raise EntryError(
            "tables",
            f"a deal has two tables' results: enter {missing}"
            if missing
            else f"a deal has two tables, not {len(tables)}",
        )
    played: list[partnership.TableResult] = []
    for table, entry in zip(seating, tables, strict=True):
        played.append(_rule_table(table, entry, rules, strict))
    try:
        return partnership.deal_score(deal, played, rules)
    except ValueError as e:  # pragma: no cover - every table was checked above
        raise EntryError("tables", str(e)) from None


def _rule_table(
    table: partnership.Table, entry: dict[str, Any] | None, rules: Ruleset, strict: bool
) -> partnership.TableResult:
    n = table.number
    if entry is None:
        raise EntryError(f"t{n}_kind", f"enter how the hand at table {n} ended")
    seat = entry.get("knocker_seat")
    side: int | None = None
    if entry.get("kind") != HandKindChoice.DEAD:
        if isinstance(seat, bool) or seat not in range(partnership.PLAYERS):
            raise EntryError(table_field(n, "knocker_seat"), "choose who knocked or went gin")
        if strict and seat not in table.players:
            raise EntryError(
                table_field(n, "knocker_seat"),
                f"that player does not play at table {n} this deal",
            )
        side = partnership.TEAM_OF[seat]
    try:
        result = rule_entry({**entry, "knocker_seat": side, "dealer_seat": 0}, rules)
    except IllegalKnock as e:
        raise IllegalKnock(e.result, table_field(n, e.field or "kind")) from None
    except EntryError as e:
        raise EntryError(table_field(n, e.field) if e.field else f"t{n}_kind", e.reason) from None
    knocker = table.players[side] if side is not None else None
    return partnership.TableResult(result, knocker)
