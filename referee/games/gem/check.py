"""Check one Gem Rummy hand without a match (the check page's Gem tab, the API, the shell):
a deck (a saved deck's name or a whole map), the dice, and every player's cards."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.gem import decks
from referee.games.gem.deck import GemDeck, parse_deck
from referee.games.gem.format import parse_dice
from referee.games.gem.hand import GemResult, rule_cards
from referee.games.gem.table_rules import gem_rules_of
from referee.games.presets import get_preset
from referee.rules.cards import CardError, Deck, parse_cards
from referee.rules.errors import InputError, said_of
from referee.rules.messages import msg
from referee.rules.ruleset import RulesetError

_PACK = Deck(1, 2)


@dataclass(frozen=True)
class GemCheck:
    """A checked hand: the players, the deck it was ruled with, and the ruling."""

    names: tuple[str, ...]
    deck: GemDeck
    result: GemResult


def check_hand(
    data: Mapping[str, Any], resolve: Callable[[Any], str | None] | None = None
) -> GemCheck:
    """``{"deck": name-or-map, "dice": "3+4", "hands": ["AS ...", "2S ...", ...],
    "players": [...], "rules": {...}, "spread": "AS 4C 6D 8H | ..."}``; the first hand is the
    knocker's. ``resolve`` turns ``deck`` into the deck's text (default: a saved deck's name
    or a whole map). Raises :class:`InputError` naming the field."""
    text = (resolve or decks.resolve)(data.get("deck"))
    if text is None:
        raise InputError("deck", msg("choose a saved deck or enter the deck's map"))
    deck = parse_deck(text)
    dice = parse_dice(data.get("dice"))
    hands_in = data.get("hands")
    if not isinstance(hands_in, list) or not 2 <= len(hands_in) <= 3:
        raise InputError("hands", msg("the knocker's cards, then one or two other players' cards"))
    names_in = data.get("players") or ["Knocker", "Second", "Third"][: len(hands_in)]
    if not isinstance(names_in, list) or len(names_in) != len(hands_in):
        raise InputError("players", msg("one name per hand"))
    names = tuple(" ".join(str(n).split()) or f"Player {i + 1}" for i, n in enumerate(names_in))
    hands = []
    for seat, cards in enumerate(hands_in):
        if isinstance(cards, list):
            cards = " ".join(str(c) for c in cards)
        try:
            hands.append(
                parse_cards(str(cards or ""), _PACK, what=msg("{name}'s hand", name=names[seat]))
            )
        except CardError as e:
            raise InputError(f"cards_{seat}", said_of(e), api_field="hands", seat=seat) from None
    overrides = data.get("rules") or {}
    if isinstance(overrides, list):  # the shell's KEY=VALUE pairs
        overrides = dict(str(item).partition("=")[::2] for item in overrides)
    if not isinstance(overrides, Mapping):
        raise InputError("rules", msg("an object of house rules"))
    try:
        rules = get_preset("gem").rules.with_overrides(**dict(overrides))
    except RulesetError as e:
        field, reason = e.problems[0]
        raise InputError(field, reason) from None
    spread = _spread(data.get("spread"))
    result = rule_cards(dice, 0, hands, deck, gem_rules_of(rules), names, spread)
    return GemCheck(names, deck, result)


def _spread(value: Any) -> Sequence[Any] | None:
    if not value:
        return None
    parts = value if isinstance(value, list) else str(value).split("|")
    melds = []
    for part in parts:
        text = " ".join(part) if isinstance(part, list) else str(part)
        if text.strip():
            try:
                melds.append(parse_cards(text, _PACK, what=msg("a meld")))
            except CardError as e:
                raise InputError("spread", said_of(e)) from None
    return melds


def answer(check: GemCheck) -> dict[str, Any]:
    """A checked hand as JSON (the API's and the shell's answer), with each card's gem."""
    from referee.games.gem.format import result_json

    body = result_json(check.result, check.names)
    body["gems"] = {
        c.code: "".join(g.value for g in check.deck.gems_of(c))
        for seat in check.result.seats
        for c in seat.cards or ()
    }
    return body


def deck_text(value: Any) -> str | None:
    """The shell's deck: a whole map, or the path of a file holding one."""
    from pathlib import Path

    if isinstance(value, str) and "=" not in value and value.strip():
        path = Path(value)
        if not path.is_file():
            raise InputError(
                "deck", msg("no deck file {path} (give a file or the map)", path=repr(value))
            )
        value = path.read_text()
    return decks.check_deck(value).to_text() if value else None
