"""One hand of a rummy game (Basic Rummy, 500 Rum) scored without a match, from every
player's cards or counts: ``referee score``'s request → the ruling as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.rules.errors import InputError

DEFAULT_PRESET = "basic_rummy"


def score_request(request: Mapping[str, object]) -> dict[str, Any]:
    """Score one hand of a rummy game: ``{"preset": "basic_rummy", "players": [...],
    "went_out": "Cat", "ending": "rummy", "hands": {"Ann": "KS 7D 2C", ...}}`` (or
    ``counts``; 500 Rum also ``melds`` and ``melded``), as the JSON API takes a hand. The
    answer is the ruling: every player's part, the points and the steps."""
    from referee.games import format_for
    from referee.games.base import NextHand, Place, Table
    from referee.games.rummy.format import RummyFormat, result_json
    from referee.inputs import preset_named, resolve_rules

    preset = preset_named(request.get("preset") or DEFAULT_PRESET)
    rules = resolve_rules(preset.name, request.get("rules"))
    fmt = format_for(preset, rules)
    if not isinstance(fmt, RummyFormat):
        raise InputError("preset", "scores a rummy game's hand: basic_rummy or rum_500")
    names = request.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise InputError("players", "a list of the players' names, in order round the table")
    if len(names) not in preset.seats:
        raise InputError("players", fmt.players_needed(preset, len(names)))
    rules = fmt.table_rules(preset, rules, len(names), {})
    table = Table(rules, tuple(names))
    body = {k: v for k, v in request.items() if k not in ("preset", "rules", "players")}
    seating = NextHand(dealer=0, players=tuple(range(len(names))))
    fields = fmt.hand_from_json(body, names, seating)
    try:
        result = fmt.verify_hand(fmt.normalise(fields), table, Place(0, seating))
    except InputError as exc:
        raise InputError(exc.api_field or exc.field, exc.reason) from None
    return {"preset": preset.name, "players": list(names), **result_json(result, names)}
