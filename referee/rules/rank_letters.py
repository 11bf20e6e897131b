"""Rank letters of other languages' card notation, read as the English ones.

German players write the court cards B (Bube), D (Dame), K (König) and the ace A (Ass);
Russian players write В (валет), Д (дама), К (король) and Т (туз). A typed token is read
rank first, suit last, so a letter is a rank or a suit by where it stands: in ``DH`` the
``D`` is the Dame (the queen of hearts), in ``7D`` it is diamonds, and ``DD`` is the queen of
diamonds. The Latin ``T`` stays ten; only the Cyrillic ``Т`` (another letter that looks the
same) is the Russian ace. What the app writes back is always A K Q J.

>>> english_rank("д")
'Q'
>>> english_rank("X") is None
True
"""

from __future__ import annotations

FOREIGN_RANKS: dict[str, str] = {
    # German: Bube, Dame, König, Ass (K and A are the English letters already)
    "B": "J",
    "D": "Q",
    # Russian (Cyrillic letters): валет, дама, король, туз
    "\u0412": "J",  # В
    "\u0414": "Q",  # Д
    "\u041a": "K",  # К
    "\u0422": "A",  # Т
}
"""A foreign rank letter (upper case) → the English rank letter it stands for."""


def english_rank(text: str) -> str | None:
    """The English rank letter a foreign one stands for, or None when it is none of them."""
    return FOREIGN_RANKS.get(text.upper())
