"""Oklahoma Gin (RULES.md §3, R17) for the scoreboard: what each hand's upcard meant.

The rules themselves are data (``Ruleset.oklahoma``, ``oklahoma_ace``, ``spade_double``,
``spade_double_box``, ``kisses``; the ``oklahoma`` preset) and the ruling applies them through
:func:`~referee.rules.hand_conditions.hand_conditions`. What the scoreboard also needs is a
short note per hand — the upcard, the knock limit it set, whether the hand was doubled — the
same facts the ruling's steps spell out, so this reads them from the same function and the
two can never disagree. The upcard must be stored with every hand (BIC-OK: if it was taken,
the opponent may ask what it was).

>>> from referee.rules.cards import parse_card
>>> from referee.rules.variants.standard import OKLAHOMA
>>> upcard_note(OKLAHOMA, parse_card("6S")).label
'6♠ · knock ≤ 6 · doubled'
>>> upcard_note(OKLAHOMA, parse_card("AH")).label
'A♥ · gin only'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..hand_conditions import hand_conditions
from ..results import Step
from ..ruleset import Ruleset


@dataclass(frozen=True)
class UpcardNote:
    """What one Oklahoma upcard made of its hand.

    ``knock_limit`` is None when the hand was gin only (an ace, by default). ``multiplier``
    doubles the hand's score for a spade, ``box_multiplier`` its box when the table doubles
    that too. ``label`` is the short form for a scoreboard cell; ``steps`` are the ruling's
    own words.
    """

    upcard: Card
    knock_limit: int | None
    multiplier: int
    box_multiplier: int
    label: str
    steps: tuple[Step, ...]

    @property
    def doubled(self) -> bool:
        return self.multiplier > 1


def upcard_note(rules: Ruleset, upcard: Card) -> UpcardNote:
    """The knock limit and doubling ``upcard`` set for its hand under ``rules``.

    Raises :class:`~referee.rules.hand_conditions.UpcardRequiredError` (a ValueError) for a
    joker; under a table that is not Oklahoma the note gives the table's fixed limit.
    """
    conditions = hand_conditions(rules, upcard)
    parts = [upcard.label, conditions.limit_text(rules).replace("deadwood", "knock")]
    if conditions.box_multiplier > 1:
        parts.append("doubled, box too")
    elif conditions.multiplier > 1:
        parts.append("doubled")
    return UpcardNote(
        upcard=upcard,
        knock_limit=conditions.knock_limit,
        multiplier=conditions.multiplier,
        box_multiplier=conditions.box_multiplier,
        label=" · ".join(parts),
        steps=conditions.steps,
    )
