"""The one error for bad input, from the engine up to the forms and the JSON API.

Every layer reports a problem the same way: the field it concerns and the reason in words a
player reads. A page puts ``reason`` next to the form field called ``field``; the API answers
``{"error": {"field": api_field, "reason": reason}}``. ``api_field`` is set where the API's
name for the input differs from the form's (a second table's ``tables[1].knocker`` is the
form's ``t2_knocker_seat``), so no layer rebuilds one name from the other.
"""

from __future__ import annotations

from referee.rules.messages import Message, as_message, to_json


class InputError(ValueError):
    """Input that cannot be taken: ``field`` names it (None: the input as a whole).

    ``rule`` names the house rule at fault when ``field`` is ``"rules"``; ``seat`` the player
    a per-seat input is about (a Battle Royal count or hand), for the form to mark that seat.
    """

    def __init__(
        self,
        field: str | None,
        reason: str | Message,
        *,
        api_field: str | None = None,
        rule: str | None = None,
        seat: int | None = None,
    ) -> None:
        self.field = field
        self.message = as_message(reason)  # the reason's key and values, for the pages
        self.reason = str(reason)  # its English, for the API and the shell
        self.api_field = api_field
        self.rule = rule
        self.seat = seat
        super().__init__(f"{field}: {self.reason}" if field else self.reason)


class HandError(ValueError):
    """A match's hand the fold cannot take (a knocker who sat out, a captain in the box).

    Raised from a fold by :meth:`at_hand`: ``hand`` is then the hand's number (1-based) and
    ``reason`` the problem without it, so a scoreboard can mark that hand and say why.
    """

    hand: int | None = None

    @property
    def reason(self) -> str:
        return str(self.args[0]) if self.args else ""

    @property
    def message(self) -> Message:
        """The reason as the engine said it (its key and values, for the pages)."""
        return as_message(self.args[0]) if self.args else as_message("")

    def __str__(self) -> str:
        if self.hand is None:
            return super().__str__()
        return f"hand {self.hand}: {self.reason}"

    def at_hand(self, number: int) -> HandError:
        """This problem, found at hand ``number`` (of the same type)."""
        found = type(self)(self.args[0] if self.args else "")
        found.hand = number
        return found


def said_of(exc: BaseException) -> Message:
    """The sentence an engine exception carries: its :class:`Message` when it has one (an
    :class:`InputError`, a :class:`HandError`, a card error), else its English text."""
    found = getattr(exc, "message", None)
    return found if isinstance(found, Message) else as_message(str(exc))


def error_key(exc: BaseException) -> dict[str, object]:
    """The key and values of an engine refusal, for the API's error beside its English
    ``reason`` (nothing when the reason has no key)."""
    said = said_of(exc)
    if said.template == "{text}" and not said.parts:
        return {}
    return to_json(said)
