"""One hand of three or more players as entered → the engine's ruling, every problem named by
its field.

Cutthroat (and dealer-sits-out) and Chouette hands are two-handed hands between the two players
seated for them: they are entered and ruled exactly as a two-handed hand (knocker and defender,
counts or cards) by :mod:`.hand_entry`. What a hand adds is who played it: the seat
that sat out (Cutthroat) or the captain (Chouette), and the dealer.

A Battle Royal hand has three players: who knocked, and a count or ten cards for each seat,
ruled by :mod:`referee.games.three_handed.battle_royal`.

Stored form (what :func:`normalise_seated` or :func:`normalise_battle_royal` returns and
``Hand.fields()`` gives back): the two-handed
fields, plus ``sitting_out_seat``, ``captain_seat``, ``seat_deadwoods`` (``"4 15 22"``, by seat;
``_`` for a count left empty) and ``seat_cards`` (``"AS 2S … | … | …"``, by seat). The hand row
keeps the last two as JSON lists by seat (see ``Hand``).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from referee.games import hand_entry as two_handed
from referee.games.hand_entry import IllegalKnock
from referee.games.kinds import CARD_KINDS, KINDS, EntryMode, HandKindChoice
from referee.games.three_handed import battle_royal
from referee.games.three_handed.battle_royal import BattleRoyalResult
from referee.rules.adjudicate import HandKind
from referee.rules.budget import budgeted
from referee.rules.cards import Card, CardError, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.messages import Message, msg
from referee.rules.results import HandResult
from referee.rules.ruleset import Ruleset

Result = HandResult | BattleRoyalResult
"""A ruled hand of any format at a table of three or more."""

BR_SEATS = 3
MISSING = "_"
CARDS_SEPARATOR = " | "

_GIN_KINDS = (HandKindChoice.GIN, HandKindChoice.BIG_GIN)


# -- the stored form -----------------------------------------------------------------------


def split_deadwoods(text: str | None, seats: int = BR_SEATS) -> list[int | str | None]:
    """``"4 15 22"`` → ``[4, 15, 22]``; a missing count is None, a bad one stays text."""
    if not text:
        return [None] * seats
    out: list[int | str | None] = []
    for token in text.split():
        if token == MISSING:
            out.append(None)
        else:
            out.append(int(token) if token.lstrip("-").isdecimal() else token)
    return (out + [None] * seats)[:seats]


def split_cards(text: str | None, seats: int = BR_SEATS) -> list[str]:
    """``"AS 2S … | … | …"`` → one card text per seat (``""`` when empty)."""
    if not text:
        return [""] * seats
    parts = [" ".join(p.split()) for p in text.split("|")]
    return (parts + [""] * seats)[:seats]


def counts_by_name(names: Sequence[str], text: str | None) -> dict[str, Any] | None:
    """Stored counts by seat (``"4 _ 22"``) as the API reads them, by name (None: none)."""
    if not text:
        return None
    return dict(zip(names, split_deadwoods(text, len(names)), strict=True))


def hands_by_name(names: Sequence[str], text: str | None) -> dict[str, list[str]]:
    """Stored hands by seat (``"AS 2S | …"``) as the API reads them: codes by name."""
    return {n: c.split() for n, c in zip(names, split_cards(text, len(names)), strict=True)}


def _count_token(value: Any) -> str:
    if value is None or (isinstance(value, str) and value.strip() in ("", MISSING)):
        return MISSING
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return str(value)
    return "".join(str(value).split()) or MISSING


def _join_deadwoods(value: Any) -> str | None:
    if value is None:
        return None
    items = value.split() if isinstance(value, str) else list(value)
    tokens = [_count_token(v) for v in items]
    if all(t == MISSING for t in tokens):
        return None
    return " ".join(tokens)


def _join_cards(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        items: list[Any] = value.split("|")
    else:
        items = list(value)
    texts = []
    for item in items:
        if isinstance(item, list | tuple):
            item = " ".join(str(c) for c in item)
        texts.append(" ".join(str(item or "").split()))
    if not any(texts):
        return None
    return CARDS_SEPARATOR.join(texts)


def normalise_seated(fields: Mapping[str, Any], seat_field: str) -> dict[str, Any]:
    """The stored form of a two-player hand at a bigger table: the two-handed fields and the
    one seat that says how the table was seated (``sitting_out_seat`` for Cutthroat,
    ``captain_seat`` for Chouette); every other format's field None."""
    out = two_handed.normalise({**_blank(), **dict(fields)})
    out["seat_deadwoods"] = out["seat_cards"] = None
    for name in ("sitting_out_seat", "captain_seat"):
        if name != seat_field:
            out[name] = None
    return out


def normalise_battle_royal(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The stored form of a Battle Royal hand: a count or a hand of cards for every seat."""
    out = two_handed.normalise({**_blank(), **dict(fields)})
    kind, entry = out.get("kind"), out.get("entry")
    for name in ("knocker_cards", "defender_cards", "knocker_deadwood", "defender_deadwood"):
        out[name] = None
    out["sitting_out_seat"] = out["captain_seat"] = None
    deadwoods = _join_deadwoods(fields.get("seat_deadwoods"))
    if kind == HandKindChoice.DEAD or entry == EntryMode.CARDS:
        deadwoods = None
    elif kind in _GIN_KINDS and _seat_or_none(out.get("knocker_seat"), BR_SEATS) is not None:
        counts = deadwoods.split() if deadwoods else [MISSING] * BR_SEATS
        counts = (counts + [MISSING] * BR_SEATS)[:BR_SEATS]
        counts[out["knocker_seat"]] = "0"  # gin leaves no deadwood
        deadwoods = " ".join(counts)
    out["seat_deadwoods"] = deadwoods
    cards = _join_cards(fields.get("seat_cards"))
    out["seat_cards"] = None if kind == HandKindChoice.DEAD or entry == EntryMode.COUNTS else cards
    return out


def _blank() -> dict[str, Any]:
    return {
        "knocker_cards": None,
        "defender_cards": None,
        "knocker_deadwood": None,
        "defender_deadwood": None,
        "upcard": None,
        "note": "",
        "sitting_out_seat": None,
        "captain_seat": None,
        "seat_deadwoods": None,
        "seat_cards": None,
    }


def _seat_or_none(value: Any, seats: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        return None
    return value


# -- ruling --------------------------------------------------------------------------------


def count_error(seat: int, reason: str | Message) -> InputError:
    """A problem with one seat's count: the form's ``deadwood_<seat>``, the API's
    ``deadwoods``."""
    field = f"deadwood_{seat}"
    return InputError(field, reason, api_field="deadwoods", seat=seat)


def cards_error(seat: int, reason: str | Message) -> InputError:
    """A problem with one seat's cards: the form's ``cards_<seat>``, the API's ``hands``."""
    field = f"cards_{seat}"
    return InputError(field, reason, api_field="hands", seat=seat)


def rule_seated(fields: Mapping[str, Any], rules: Ruleset) -> HandResult:
    """Rule a two-player hand at a bigger table (in its stored form), or raise
    :class:`InputError` naming the field at fault. An illegal knock raises
    :class:`IllegalKnock`: it is never recorded."""
    kind = fields.get("kind")
    knocker = fields.get("knocker_seat")
    if kind != HandKindChoice.DEAD and knocker is None:
        raise InputError("knocker_seat", msg("choose who knocked or went gin"))
    # The two-handed ruling is by role; which seat knocked matters only to the fold.
    as_two = {**fields, "knocker_seat": None if kind == HandKindChoice.DEAD else 0}
    return two_handed.rule_entry(as_two, rules)


@budgeted
def rule_battle_royal(
    fields: Mapping[str, Any], rules: Ruleset, names: Sequence[str]
) -> BattleRoyalResult:
    """Rule a Battle Royal hand (in its stored form), or raise :class:`InputError` naming the
    field at fault; an illegal knock raises :class:`IllegalKnock` on the knocker's input."""
    key = json.dumps(dict(fields), sort_keys=True, default=str)
    result = _rule_battle_royal_cached(key, rules, tuple(names))
    if not result.finished:
        knocker = fields.get("knocker_seat")
        assert isinstance(knocker, int)
        cards = fields.get("entry") == EntryMode.CARDS
        at = cards_error(knocker, "") if cards else count_error(knocker, "")
        raise IllegalKnock(result, at.field, api_field=at.api_field)
    return result


@functools.lru_cache(maxsize=2048)
def _rule_battle_royal_cached(
    key: str, rules: Ruleset, names: tuple[str, ...]
) -> BattleRoyalResult:
    # A pure function of the entry, the rules and the names: each hand is ruled once per process
    # however often the scoreboard is folded.
    return _rule_battle_royal(json.loads(key), rules, names)


def _rule_battle_royal(
    f: dict[str, Any], rules: Ruleset, names: tuple[str, ...]
) -> BattleRoyalResult:
    kind, entry = f.get("kind"), f.get("entry")
    if entry not in (EntryMode.COUNTS, EntryMode.CARDS):
        raise InputError("entry", msg("choose quick entry (counts) or full cards"))
    kinds = CARD_KINDS if entry == EntryMode.CARDS else KINDS
    if kind not in kinds:
        raise InputError("kind", msg("choose knock, gin, big gin or dead hand"))
    upcard = _upcard(f.get("upcard"), rules)
    if kind == HandKindChoice.DEAD:
        return battle_royal.rule_dead_hand(rules)
    knocker = _seat_or_none(f.get("knocker_seat"), BR_SEATS)
    if knocker is None:
        raise InputError("knocker_seat", msg("choose who knocked or went gin"))
    hand_kind = None if kind == HandKindChoice.AUTO else HandKind(str(kind))
    if entry == EntryMode.COUNTS:
        assert hand_kind is not None
        counts = _counts(f.get("seat_deadwoods"), names)
        try:
            return battle_royal.rule_counts(
                rules,
                knocker=knocker,
                deadwoods=counts,
                kind=hand_kind,
                upcard=upcard,
                names=names,
            )
        except InputError as e:
            raise _engine_error(e, knocker) from None
    hands = _hands(f.get("seat_cards"), knocker, hand_kind, rules, names)
    try:
        return battle_royal.rule_cards(
            hands, rules, knocker=knocker, kind=hand_kind, upcard=upcard, names=names
        )
    except InputError as e:
        raise _engine_error(e, knocker) from None


def _engine_error(e: InputError, knocker: int) -> InputError:
    """The engine's problem against the form's field: a seat's count or cards, the knocker,
    the upcard."""
    if e.field == "knocker":
        return InputError("knocker_seat", e.message, api_field="knocker")
    if e.field == "deadwoods":
        return count_error(knocker if e.seat is None else e.seat, e.message)
    if e.seat is not None:
        return cards_error(e.seat, e.message)
    if e.field == "upcard":
        return e
    return InputError(None, e.message)


def _upcard(text: str | None, rules: Ruleset) -> Card | None:
    if not text:
        return None
    try:
        return parse_cards(text, deck=rules.deck, expected=1, what="the upcard")[0]
    except CardError as e:
        raise InputError("upcard", said_of(e)) from None


def _counts(text: str | None, names: Sequence[str]) -> tuple[int, ...]:
    counts: list[int] = []
    for seat, value in enumerate(split_deadwoods(text)):
        name = names[seat]
        if value is None:
            raise count_error(seat, msg("enter {name}'s count", name=name))
        if isinstance(value, str):
            raise count_error(seat, whole_count(name))
        if value < 0:
            raise count_error(seat, msg("{name}'s count cannot be negative", name=name))
        counts.append(value)
    return tuple(counts)


def _hands(
    text: str | None,
    knocker: int,
    kind: HandKind | None,
    rules: Ruleset,
    names: Sequence[str],
) -> list[tuple[Card, ...]]:
    size = rules.hand_size
    knocker_counts: tuple[int, ...] = {
        None: (size, size + 1),
        HandKind.BIG_GIN: (size + 1,),
    }.get(kind, (size,))
    hands: list[tuple[Card, ...]] = []
    held: dict[Card, int] = {}
    for seat, cards_text in enumerate(split_cards(text)):
        name = names[seat]
        if not cards_text:
            raise cards_error(seat, msg("enter {name}'s cards", name=name))
        expected = knocker_counts if seat == knocker else (size,)
        what: Message | str = msg("{name} (the knocker)", name=name) if seat == knocker else name
        try:
            cards = parse_cards(cards_text, deck=rules.deck, expected=expected, what=what)
        except CardError as e:
            raise cards_error(seat, said_of(e)) from None
        for card in cards:
            if card in held and held[card] >= rules.deck.copies(card):
                raise cards_error(
                    seat,
                    msg(
                        "`{card}` is also in {name}'s hand",
                        card=card.label,
                        name=names[held_by(hands, card)],
                    ),
                )
            held[card] = held.get(card, 0) + 1
        hands.append(cards)
    return hands


def whole_count(name: str) -> Message:
    """The reason a player's count is refused: it is not a whole number."""
    return msg("{name}'s count must be a whole number", name=name)


def held_by(hands: Sequence[Sequence[Card]], card: Card) -> int:
    """The first seat whose hand holds ``card``."""
    return next(seat for seat, hand in enumerate(hands) if card in hand)
