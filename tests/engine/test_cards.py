"""The one card notation (docs/architecture.md principle 5): what parses, and the exact error
otherwise."""

import pytest

from referee.rules.cards import (
    ALL_NATURALS,
    Card,
    CardCountError,
    Deck,
    DuplicateCardError,
    NoSuchJokerError,
    NotACardError,
    Rank,
    Suit,
    card_codes,
    card_from_index,
    format_cards,
    parse_card,
    parse_cards,
    sort_cards,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10h", "10H"),
        ("Th", "10H"),
        ("t♥", "10H"),
        ("7♦", "7D"),
        ("7♦\ufe0f", "7D"),
        ("kc", "KC"),
        ("Q♣", "QC"),
        ("JK", "JK1"),
        ("jk2", "JK2"),
    ],
)
def test_parse_card_accepts_every_spelling(text: str, code: str) -> None:
    assert parse_card(text).code == code


def test_parse_cards_splits_on_spaces_and_commas() -> None:
    assert card_codes(parse_cards("AS, 2s 3S,4s")) == ["AS", "2S", "3S", "4S"]
    assert card_codes(parse_cards(["AS", " 2S "])) == ["AS", "2S"]


@pytest.mark.parametrize(
    ("text", "token", "reason"),
    [
        ("1H", "1H", "`1` is not a rank"),
        ("AX", "AX", "`X` is not a suit"),
        ("ZZ", "ZZ", "is not a card"),
        ("H", "H", "`nothing` is not a rank"),
        ("11S", "11S", "`11` is not a rank"),
    ],
)
def test_not_a_card_names_the_token_and_why(text: str, token: str, reason: str) -> None:
    with pytest.raises(NotACardError) as info:
        parse_cards(f"AS {text} 3S")
    assert info.value.token == token
    assert reason in info.value.reason
    assert str(info.value).startswith(f"`{token}`")


def test_duplicate_in_one_deck_game() -> None:
    with pytest.raises(DuplicateCardError, match="`7♠` appears twice"):
        parse_cards("7S 8S 7s")


def test_duplicates_are_legal_with_two_decks() -> None:
    cards = parse_cards("7S 7S 8S", Deck(decks=2))
    assert card_codes(cards) == ["7S", "7S", "8S"]
    with pytest.raises(DuplicateCardError, match="appears 3 times; the pack has 2"):
        parse_cards("7S 7S 7S", Deck(decks=2))


def test_joker_where_the_deck_has_none() -> None:
    with pytest.raises(NoSuchJokerError, match="played without jokers"):
        parse_cards("AS JK 3S")


def test_jokers_are_numbered_in_typing_order() -> None:
    cards = parse_cards("JK AS JK1 JK", Deck(jokers=3))
    assert card_codes(cards) == ["JK2", "AS", "JK1", "JK3"]
    with pytest.raises(NoSuchJokerError, match="has 2 joker"):
        parse_cards("JK JK JK", Deck(jokers=2))


def test_wrong_count_names_the_hand_and_the_need() -> None:
    with pytest.raises(CardCountError, match="the defender holds 9 cards, 10 are needed"):
        parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S", expected=10, what="the defender")
    with pytest.raises(CardCountError, match="10 or 11 are needed"):
        parse_cards("AS", expected=(10, 11))


def test_formatting_for_people_and_machines() -> None:
    cards = parse_cards("th as jk", Deck(jokers=1))
    assert format_cards(cards) == "10♥ A♠ JK"
    assert format_cards(cards, ascii=True) == "10H AS JK1"
    assert str(Card(Rank.QUEEN, Suit.CLUBS)) == "Q♣"


def test_index_round_trip_and_sorting() -> None:
    assert [card_from_index(c.index) for c in ALL_NATURALS] == list(ALL_NATURALS)
    assert card_from_index(53) == Card.make_joker(2)
    assert card_codes(sort_cards(parse_cards("KC AS 2H"))) == ["AS", "2H", "KC"]


def test_card_invariants() -> None:
    with pytest.raises(ValueError):
        Card(Rank.ACE, None)
    with pytest.raises(ValueError):
        Card(Rank.ACE, Suit.SPADES, joker=1)
    assert Deck(decks=2, jokers=2).size == 106


def test_cards_sort_by_suit_then_rank_and_jokers_last() -> None:
    cards = parse_cards("JK 7H 7S AS KC", Deck(jokers=1))
    assert card_codes(sorted(cards)) == ["AS", "7S", "7H", "KC", "JK1"]
    assert parse_card("7S") < parse_card("7H")
