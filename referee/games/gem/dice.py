"""The two dice of a Gem Rummy hand: their sum is the knock limit and names the diamond card.

>>> roll = dice_from(3, 4)
>>> roll.knock_limit, roll.diamond.label
(7, '7♦')
>>> dice_from(total=12).diamond.label
'J♦'
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.cards import Card, Rank, Suit
from referee.rules.errors import InputError
from referee.rules.messages import msg


@dataclass(frozen=True)
class Dice:
    """A hand's roll: the two dice when entered (else None) and their ``total`` (2–12)."""

    total: int
    first: int | None = None
    second: int | None = None

    @property
    def knock_limit(self) -> int:
        """A knock needs deadwood ≤ the sum (GEM-Y: "equal to or less")."""
        return self.total

    @property
    def diamond(self) -> Card:
        """The diamond card of Queen's Diamonds: the sum's rank, 11 or 12 ⇒ J♦."""
        return Card(Rank(min(self.total, 11)), Suit.DIAMONDS)

    @property
    def label(self) -> str:
        if self.first is not None and self.second is not None:
            return f"{self.first}+{self.second} = {self.total}"
        return str(self.total)


def dice_from(
    first: int | None = None, second: int | None = None, total: int | None = None
) -> Dice:
    """The roll from both dice (each 1–6) or from their sum (2–12); raises
    :class:`InputError` on ``dice`` naming what is wrong."""
    if first is not None or second is not None:
        for value in (first, second):
            if value is None or isinstance(value, bool) or not isinstance(value, int):
                raise InputError("dice", msg("give both dice (1–6 each) or their sum (2–12)"))
            if not 1 <= value <= 6:
                raise InputError("dice", msg("a die shows 1–6 (got {value})", value=value))
        assert first is not None and second is not None
        if total is not None and total != first + second:
            raise InputError(
                "dice",
                msg(
                    "{first}+{second} is {sum}, not {total}",
                    first=first,
                    second=second,
                    sum=first + second,
                    total=total,
                ),
            )
        return Dice(first + second, first, second)
    if total is None or isinstance(total, bool) or not isinstance(total, int):
        raise InputError("dice", msg("give the dice's sum (2–12)"))
    if not 2 <= total <= 12:
        raise InputError("dice", msg("two dice sum to 2–12 (got {total})", total=total))
    return Dice(total)
