"""The table of saved gem decks: Gem Rummy's own table beside the shared ones of
:mod:`referee.models` (its routes import it, so it is known when the app starts)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import DateTime, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from referee.models import Model, utcnow


class SavedDeck(Model):
    """A Gem Rummy deck a table entered once and reuses by name: ``entries`` is the checked
    card → gem map ("AS=G 2S=A ... KC=TS"). A match copies it when it starts (its setup,
    ``Match.setup``), so editing a saved deck never changes a match."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    entries: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
