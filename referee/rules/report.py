"""Results as JSON-ready dicts: the one shape the shell, the JSON API and stored rulings share.

Cards are ASCII codes (``10H``, ``AS``, ``JK1``) because machines read this; people read the
``steps``.
"""

from __future__ import annotations

from typing import Any

from referee.rules.results import Arrangement, HandResult, Meld


def meld_to_dict(meld: Meld) -> dict[str, Any]:
    return {"kind": meld.kind.value, "cards": meld.codes}


def arrangement_to_dict(arrangement: Arrangement) -> dict[str, Any]:
    """``note`` is there only when the arrangement stands for several that differ in which
    card of a wild rank stands where (which cards could change places)."""
    answer: dict[str, Any] = {
        "deadwood": arrangement.deadwood,
        "melds": [meld.codes for meld in arrangement.melds],
        "deadwood_cards": [c.code for c in arrangement.deadwood_cards],
    }
    if arrangement.note:
        answer["note"] = str(arrangement.note)  # its English, should it be a message
    return answer


def hand_result_to_dict(result: HandResult) -> dict[str, Any]:
    """The ruling as JSON: outcome, scorer, points, both deadwoods, spreads, layoffs, steps."""
    return {
        "outcome": result.outcome.value,
        "scorer": result.scorer.value if result.scorer else None,
        "points": result.points,
        "boxes": result.boxes,
        "knocker_deadwood": result.knocker_deadwood,
        "defender_deadwood": result.defender_deadwood,
        "defender_deadwood_before_layoffs": result.defender_deadwood_before_layoffs,
        "knock_limit": result.knock_limit,
        "multiplier": result.multiplier,
        "knocker": _maybe(result.knocker_arrangement),
        "defender": _maybe(result.defender_arrangement),
        "layoffs": [{"card": lo.card.code, "meld_index": lo.meld_index} for lo in result.layoffs],
        "steps": [s.as_json() for s in result.steps],
    }


def _maybe(arrangement: Arrangement | None) -> dict[str, Any] | None:
    return arrangement_to_dict(arrangement) if arrangement is not None else None
