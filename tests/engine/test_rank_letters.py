"""German and Russian rank letters in the typed card notation: read as A K Q J, written as
A K Q J, and a letter is a rank or a suit by where it stands in the token."""

import pytest

from referee.rules.cards import NotACardError, format_cards, parse_card, parse_cards
from referee.rules.rank_letters import FOREIGN_RANKS, english_rank


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # German: Bube, Dame, König, Ass
        ("BS", "JS"),
        ("bh", "JH"),
        ("DH", "QH"),
        ("D♠", "QS"),
        ("KC", "KC"),
        ("AD", "AD"),
        # Russian (Cyrillic): валет, дама, король, туз, any case
        ("ВS", "JS"),
        ("вh", "JH"),
        ("ДC", "QC"),
        ("д♦", "QD"),
        ("КH", "KH"),
        ("ТS", "AS"),
        ("т♣", "AC"),
    ],
)
def test_foreign_rank_letters_read_as_english(text: str, code: str) -> None:
    assert parse_card(text).code == code


def test_d_is_a_suit_last_and_the_dame_first() -> None:
    # the last character is the suit, everything before it the rank
    assert parse_card("7D").code == "7D"
    assert parse_card("DH").code == "QH"
    assert parse_card("DD").code == "QD"
    assert parse_card("KD").code == "KD"
    with pytest.raises(NotACardError, match="is not a rank"):
        parse_card("D")  # a suit alone: no rank before it


def test_latin_t_stays_ten_and_cyrillic_te_is_the_ace() -> None:
    assert parse_card("TS").code == "10S"  # Latin T
    assert parse_card("\u0422S").code == "AS"  # Cyrillic Т (туз)


def test_output_stays_english() -> None:
    hand = parse_cards("BS DH КD ТC 10S")
    assert format_cards(hand) == "J♠ Q♥ K♦ A♣ 10♠"
    assert format_cards(hand, ascii=True) == "JS QH KD AC 10S"


def test_a_german_hand_is_the_same_hand_as_the_english_one() -> None:
    german = parse_cards("AS BS DS KS 2H 3H 4H 9D 9C 9H")
    english = parse_cards("AS JS QS KS 2H 3H 4H 9D 9C 9H")
    assert german == english


def test_a_foreign_letter_twice_is_a_duplicate_of_its_english_card() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        parse_cards("QH DH")


def test_letters_that_are_no_rank_anywhere_are_still_refused() -> None:
    for token in ("XS", "ЖH", "ПS", "BX"):
        with pytest.raises(NotACardError, match=token[-1] if token[-1] == "X" else "rank"):
            parse_card(token)


def test_the_table_maps_only_to_english_court_and_ace_letters() -> None:
    assert set(FOREIGN_RANKS.values()) <= {"A", "K", "Q", "J"}
    assert all(key == key.upper() for key in FOREIGN_RANKS)
    assert english_rank("в") == "J"
    assert english_rank("Z") is None
