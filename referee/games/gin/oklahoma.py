"""Oklahoma Gin (docs/rules.md §3, R17) for the scoreboard: what each hand's upcard meant.

The rules themselves are data (``Ruleset.oklahoma``, ``oklahoma_ace``, ``spade_double``,
``spade_double_box``, ``kisses``; the ``oklahoma`` preset) and the ruling applies them through
:func:`~referee.rules.hand_conditions.hand_conditions`. What the scoreboard also needs is a
short note per hand — the upcard, the knock limit it set, whether the hand was doubled — the
same facts the ruling's steps spell out, so this reads them from the same function and the
two can never disagree. The upcard must be stored with every hand (BIC-OK: if it was taken,
the opponent may ask what it was).

>>> from referee.rules.cards import parse_card
>>> from referee.games.gin.standard import OKLAHOMA
>>> upcard_note(OKLAHOMA, parse_card("6S")).label
'6♠ · knock ≤ 6 · doubled'
>>> upcard_note(OKLAHOMA, parse_card("AH")).label
'A♥ · gin only'
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.cards import Card
from referee.rules.hand_conditions import hand_conditions
from referee.rules.messages import Message, msg
from referee.rules.results import Step
from referee.rules.ruleset import Ruleset


@dataclass(frozen=True)
class UpcardNote:
    """What one Oklahoma upcard made of its hand.

    ``knock_limit`` is None when the hand was gin only (an ace, by default). ``multiplier``
    doubles the hand's score for a spade, ``box_multiplier`` its box when the table doubles
    that too. ``said`` is the short form for a scoreboard cell (a message, for the reader's
    language) and ``label`` its English; ``steps`` are the ruling's own words.
    """

    upcard: Card
    knock_limit: int | None
    multiplier: int
    box_multiplier: int
    said: Message
    steps: tuple[Step, ...]

    @property
    def label(self) -> str:
        return str(self.said)

    @property
    def doubled(self) -> bool:
        return self.multiplier > 1


def upcard_note(rules: Ruleset, upcard: Card) -> UpcardNote:
    """The knock limit and doubling ``upcard`` set for its hand under ``rules``.

    Raises :class:`~referee.rules.hand_conditions.UpcardRequiredError` (a ValueError) for a
    joker; under a table that is not Oklahoma the note gives the table's fixed limit.
    """
    conditions = hand_conditions(rules, upcard)
    return UpcardNote(
        upcard=upcard,
        knock_limit=conditions.knock_limit,
        multiplier=conditions.multiplier,
        box_multiplier=conditions.box_multiplier,
        said=_note(
            rules,
            upcard,
            conditions.knock_limit,
            conditions.multiplier > 1,
            conditions.box_multiplier > 1,
        ),
        steps=conditions.steps,
    )


def _note(rules: Ruleset, upcard: Card, limit: int | None, doubled: bool, box: bool) -> Message:
    """The scoreboard's note: the upcard, the knock limit it set (or gin only), the doubling."""
    card = upcard.label
    if limit is None or limit == 0:
        if box:
            return msg("{card} · gin only · doubled, box too", card=card)
        if doubled:
            return msg("{card} · gin only · doubled", card=card)
        return msg("{card} · gin only", card=card)
    limit_text = rules.knock_limit_text(limit)
    if box:
        return msg("{card} · knock {limit} · doubled, box too", card=card, limit=limit_text)
    if doubled:
        return msg("{card} · knock {limit} · doubled", card=card, limit=limit_text)
    return msg("{card} · knock {limit}", card=card, limit=limit_text)
