"""A new three-or-more-player match: the cut that seats its first hand.

Cutthroat, dealer-sits-out and Chouette seat the first hand from the cut (RULES.md §6.1–§6.3).
People either list the players from the lowest cut card to the highest, or enter the card
each player cut; the match keeps the cards as entered and the engine orders them
(:func:`~referee.rules.variants.rotation.seats_by_cut`) every time the match is folded.
Battle Royal seats the players in order round the table and needs no cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.rules.cards import CardError, parse_cards
from referee.rules.ruleset import Ruleset
from referee.rules.variants import Preset, play_family
from referee.rules.variants.rotation import CutTieError, SeatingError, seats_by_cut

from ..entry import EntryError
from . import BATTLE_ROYAL, FAMILIES


def cut_order(cut: str | None, players: int) -> tuple[int, ...]:
    """Seats from the lowest cut to the highest: by the cards when they were entered, else
    the order the players were listed in."""
    if not cut:
        return tuple(range(players))
    return seats_by_cut(parse_cards(cut.split()))


def clean_cut(cut: Any, names: Sequence[str], family: str) -> str | None:
    """The cut as stored (``"9H 2S KC"``, one card per seat) or None; raises
    :class:`EntryError` naming the player's cut field (``cut_<seat>``) at fault."""
    if cut is None or family == BATTLE_ROYAL:
        return None
    if isinstance(cut, str):
        items: list[Any] = cut.split()
    elif isinstance(cut, list | tuple):
        items = list(cut)
    else:
        raise EntryError("cut", 'one card per player, e.g. ["9H", "2S", "KC"]')
    texts = [" ".join(str(c or "").split()) for c in items]
    if not any(texts):
        return None
    if len(texts) != len(names):
        raise EntryError("cut", f"one cut card per player: {len(names)} (got {len(texts)})")
    cards = []
    for seat, text in enumerate(texts):
        field = f"cut_{seat}"
        if not text:
            raise EntryError(field, f"enter the card {names[seat]} cut (or leave every cut empty)")
        try:
            cards.append(parse_cards(text, expected=1, what=f"{names[seat]}'s cut")[0])
        except CardError as e:
            raise EntryError(field, str(e)) from None
    try:
        seats_by_cut(cards)
    except CutTieError:
        first, second = _tied(cards)
        raise EntryError(
            f"cut_{second}",
            f"{names[first]} and {names[second]} cut the same rank: they cut again",
        ) from None
    except SeatingError as e:
        raise EntryError("cut", str(e)) from None
    return " ".join(c.code for c in cards)


def _tied(cards: Sequence[Any]) -> tuple[int, int]:
    for a in range(len(cards)):
        for b in range(a + 1, len(cards)):
            if cards[a].rank == cards[b].rank:
                return a, b
    return 0, 1  # pragma: no cover - only called for a tie


def players_needed(preset: Preset) -> str:
    """How many players ``preset`` takes, in words ("Cutthroat ... takes 3 players")."""
    seats = preset.seats
    need = str(seats[0]) if len(seats) == 1 else f"{seats[0]} to {seats[-1]}"
    return f"{preset.title} takes {need} players"


def check_new_match(
    preset: Preset, names: Sequence[str], rules: Ruleset, cut: Any
) -> dict[str, Any]:
    """What a new match of ``preset`` stores beyond the two-handed columns (its ``cut``);
    raises :class:`EntryError` for a table the engine cannot fold."""
    if preset.family not in FAMILIES:
        return {}
    try:
        play_family(preset.family, rules)
    except ValueError as e:
        raise EntryError("hollywood", str(e)) from None
    stored = clean_cut(cut, names, preset.family)
    from .board import empty_fold

    try:
        empty_fold(preset.family, rules, cut_order(stored, len(names)))
    except ValueError as e:
        field = "next_dealer" if "next_dealer" in str(e) else None
        raise EntryError(field, str(e)) from None
    return {"cut": stored}
