"""Engine sentences as keys and values (referee.rules.messages): English as before, any
language through a catalog, and a broken catalog entry never breaks a page."""

from __future__ import annotations

from decimal import Decimal

from referee.rules.errors import HandError, InputError, said_of
from referee.rules.messages import (
    ENGLISH,
    Reader,
    joined,
    msg,
    msg_n,
    places,
    render,
    to_json,
    verbatim,
)
from referee.rules.results import Step

GERMAN = {
    "the knocker": "der Klopfer",
    "{who} lays off {cards} ({points} points).": "{who} legt {cards} an ({points} Punkte).",
    "Defender has nothing to lay off.": "Der Verteidiger hat nichts anzulegen.",
    "{count} card": "{count} Karte",
    "{count} cards": "{count} Karten",
    "Broken {place}.": "Kaputt {elsewhere}.",
}


def _german() -> Reader:
    def ngettext(singular: str, plural: str, n: int) -> str:
        return GERMAN.get(singular if n == 1 else plural, singular if n == 1 else plural)

    return Reader(
        gettext=lambda s: GERMAN.get(s, s),
        ngettext=ngettext,
        number=lambda n: f"{n:,}".replace(",", "."),
    )


def test_english_is_the_template_filled_in() -> None:
    step = msg(
        "{who} lays off {cards} ({points} points).",
        who=msg("the knocker"),
        cards="5♦ 7♣",
        points=12,
    )
    assert str(step) == "the knocker lays off 5♦ 7♣ (12 points)."
    assert render(step, ENGLISH) == str(step)


def test_a_reader_translates_the_template_and_nested_messages_but_not_cards() -> None:
    step = msg(
        "{who} lays off {cards} ({points} points).",
        who=msg("the knocker"),
        cards="5♦ 7♣",
        points=1234,
    )
    assert render(step, _german()) == "der Klopfer legt 5♦ 7♣ an (1.234 Punkte)."


def test_plural_forms_follow_the_count() -> None:
    assert str(msg_n("{count} card", "{count} cards", 1)) == "1 card"
    assert str(msg_n("{count} card", "{count} cards", 3)) == "3 cards"
    assert render(msg_n("{count} card", "{count} cards", 3), _german()) == "3 Karten"


def test_joined_sentences_are_each_translated() -> None:
    both = joined(msg("Defender has nothing to lay off."), msg("the knocker"), None, "")
    assert str(both) == "Defender has nothing to lay off. the knocker"
    assert render(both, _german()) == "Der Verteidiger hat nichts anzulegen. der Klopfer"
    assert joined(msg("the knocker")) == msg("the knocker")


def test_a_translation_naming_a_place_the_english_lacks_falls_back_to_english() -> None:
    assert render(msg("Broken {place}.", place="here"), _german()) == "Broken here."


def test_places_and_json() -> None:
    m = msg(
        "{who} lays off {cards} ({points} points).",
        who=msg("the knocker"),
        cards="5♦",
        points=Decimal("2.5"),
    )
    assert places(m.template) == {"who", "cards", "points"}
    assert to_json(m) == {
        "key": "{who} lays off {cards} ({points} points).",
        "values": {"who": {"key": "the knocker"}, "cards": "5♦", "points": "2.5"},
    }
    assert to_json(joined(msg("a"), msg("b"))) == {"parts": [{"key": "a"}, {"key": "b"}]}
    assert to_json(msg_n("{count} card", "{count} cards", 2)) == {
        "key": "{count} card",
        "plural": "{count} cards",
        "values": {"count": 2},
    }


def test_a_step_keeps_its_english_text_and_says_its_key_in_json() -> None:
    step = Step(msg("Defender has nothing to lay off."), "R4")
    assert step.text == "Defender has nothing to lay off."
    assert step.as_json() == {"text": step.text, "rule": "R4", "key": step.text}
    plain = Step("Said as it is.", "R1")
    assert plain.as_json() == {"text": "Said as it is.", "rule": "R1"}
    assert plain.message == verbatim("Said as it is.")


def test_errors_carry_english_reason_and_their_message() -> None:
    e = InputError("knocker", msg_n("{count} card", "{count} cards", 2))
    assert e.reason == "2 cards" and str(e) == "knocker: 2 cards"
    assert e.message.plural == "{count} cards"
    assert said_of(e) is e.message
    assert str(said_of(ValueError("plain"))) == "plain"
    h = HandError(msg("Defender has nothing to lay off.")).at_hand(3)
    assert str(h) == "hand 3: Defender has nothing to lay off." and h.message.template.startswith(
        "Defender"
    )


def test_a_capitalised_message_opens_a_line_in_any_language() -> None:
    from referee.rules.messages import capitalised

    opening = capitalised(msg("the knocker"))
    assert str(opening) == "The knocker"
    assert render(opening, _german()) == "Der Klopfer"
    assert str(capitalised("seat 2 sat out")) == "Seat 2 sat out"
