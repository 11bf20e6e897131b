"""Presets: every named table is a Ruleset, gathered from the games that play it.

Each game lists its tables on its format (``Format.presets``); a preset's ``family`` is the
name of the format that plays it. The registry (:mod:`referee.games`) gathers them, so a new
game's tables need no line here.

>>> get_preset("american").rules.gin_bonus
25
>>> play_family(get_preset("american").family, get_preset("american").rules)
'two_handed'
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.messages import Message, msg
from referee.rules.ruleset import Ruleset


@dataclass(frozen=True)
class Preset:
    """A named table: its rules, the game family it belongs to, and a one-line description.

    ``players`` is how many people the table seats (4 in two teams, say), or the fewest when
    ``max_players`` says it takes more (3 to 8, say). ``options`` are the
    :class:`~referee.rules.ruleset.Ruleset` fields that matter to this format beyond the
    two-handed ones, for the new-match form to offer as house rules (each has help text in
    ``FIELD_HELP``).
    """

    name: str
    title: str
    description: str
    rules: Ruleset
    family: str = "two_handed"
    source: str = ""
    players: int = 2
    max_players: int | None = None
    options: tuple[str, ...] = ()

    @property
    def seats(self) -> range:
        """Every number of players the table takes."""
        return range(self.players, (self.max_players or self.players) + 1)


class UnknownPresetError(KeyError):
    """No preset goes by ``name``; ``message`` says so with the names there are."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(name)

    @property
    def message(self) -> Message:
        known = ", ".join(_registry())
        return msg("`{name}` is not a preset (known: {known})", name=self.name, known=known)

    def __str__(self) -> str:
        return str(self.message)


class TableError(ValueError):
    """A table that cannot be played (an overlay on a table it does not fit): ``message`` is
    the reason, ``str()`` its English."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(str(message))


def get_preset(name: str) -> Preset:
    """The preset called ``name`` (case and ``-``/``_`` insensitive)."""
    key = name.strip().lower().replace("-", "_")
    found = _registry().get(key)
    if found is None:
        raise UnknownPresetError(name)
    return found


def list_presets(family: str | None = None) -> list[Preset]:
    """Every preset, or those of one family."""
    return [p for p in _registry().values() if family is None or p.family == family]


def play_family(family: str, rules: Ruleset) -> str:
    """The family a match is played as: its preset's ``family``, unless a format that is an
    overlay (:meth:`~referee.games.base.Format.overlay_of`: a house rule that plays another
    format's tables its own way) says otherwise.

    Raises :class:`TableError` (a ValueError) for an overlay on a table it cannot be played
    at, with the overlay's reason.
    """
    from referee.games import all_formats

    for fmt in all_formats():
        said = fmt.overlay_of(family, rules)
        if isinstance(said, Message):
            raise TableError(said)
        if said is not None:
            return said
    return family


DEFAULT_PRESET = "american"

_ALL: list[dict[str, Preset]] = []


def presets_of(
    tables: tuple[tuple[str, str, str, Ruleset, str], ...], family: str, players: int = 2
) -> tuple[Preset, ...]:
    """A game's tables written as rows (name, title, description, rules, source) as presets."""
    return tuple(
        Preset(name, title, description, rules, family, source, players)
        for name, title, description, rules, source in tables
    )


def of_family(presets: tuple[Preset, ...], family: str) -> tuple[Preset, ...]:
    """The presets of one format among a folder's (a folder's formats share its table)."""
    return tuple(p for p in presets if p.family == family)


def _registry() -> dict[str, Preset]:
    """Every preset by name (``PRESETS``), gathered on first use from the registered formats."""
    if not _ALL:
        from referee.games import all_formats

        _ALL.append({p.name: p for f in all_formats() for p in f.presets})
    return _ALL[0]


def __getattr__(name: str) -> object:
    """``PRESETS``, gathered when first asked for."""
    if name == "PRESETS":
        return _registry()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
