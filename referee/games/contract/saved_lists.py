"""The table of saved contract lists: Contract Rummy's own table beside the shared ones of
:mod:`referee.models` (its routes import it, so it is known when the app starts)."""

from __future__ import annotations

import datetime as dt

from sqlalchemy import DateTime, String, Text, select
from sqlalchemy.orm import Mapped, mapped_column

from referee.models import Model, db, utcnow


class SavedContractList(Model):
    """A table's own contract list, saved by name to start later matches with (12-Step's
    twelve contracts are published nowhere). A match copies the list into its rules when it
    starts, so changing or replacing a saved list never rewrites a match."""

    __tablename__ = "contract_list"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    list_json: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    @classmethod
    def by_name(cls, name: str) -> SavedContractList | None:
        return db.session.scalar(select(cls).where(cls.name == name.strip()))
