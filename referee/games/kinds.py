"""What a person says about a hand before any ruling: how it ended and how it was entered."""

from __future__ import annotations


class HandKindChoice:
    """How the hand ended, as entered."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    DEAD = "dead"
    AUTO = "auto"  # full cards: the cards speak (knock, gin or big gin by what they hold)
    DEAL = "deal"  # a deal played at several tables: each table's result is in ``tables``


class EntryMode:
    """Quick entry (each player's deadwood count) or full cards (the app counts)."""

    COUNTS = "counts"
    CARDS = "cards"


KINDS = (HandKindChoice.KNOCK, HandKindChoice.GIN, HandKindChoice.BIG_GIN, HandKindChoice.DEAD)
CARD_KINDS = (HandKindChoice.AUTO, *KINDS)
