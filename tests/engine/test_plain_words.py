"""The rules in plain words: the paragraphs every table shares and each game's own, gathered
from the registry (each game's ``words.py``), in the rules page's order."""

from referee.games import all_formats
from referee.games.words import game_words, plain_rules, rule_help
from referee.rules import plain_words
from referee.rules.plain_words import NO_WORDS
from referee.rules.ruleset import FIELD_HELP, Ruleset

# The rules page's order: §2, the rulings by number, then the sections by number (the
# paragraphs of one section in the registry's order of the games).
PAGE_ORDER = (
    *("§2.1", "§2.2"),
    *("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10"),
    *("R11", "R12", "R13", "R14", "R16", "R17"),
    *("§3", "§4", "§5", "§6", "§6.1", "§6.2", "§6.3", "§6.5", "§7"),
    *("§8.4", "§8.3", "§8.5", "§8.6", "§12.3", "§12.4"),
)


def test_the_rules_page_has_every_paragraph_in_its_order() -> None:
    assert tuple(note.tag for note in plain_rules(Ruleset())) == PAGE_ORDER


def test_every_format_reaches_its_folder_words() -> None:
    for fmt in all_formats():
        assert fmt.words is not NO_WORDS, fmt.name
    assert len(game_words()) == 6  # one per game folder


def test_the_shared_paragraphs_are_only_the_shared_rules() -> None:
    shared = {note.tag for note in plain_words.plain_rules(Ruleset())}
    games = {note.tag for words in game_words() for note in words.notes}
    assert shared.isdisjoint(games)
    assert shared | games == set(PAGE_ORDER)


def test_a_game_that_sets_the_knock_limit_says_r2() -> None:
    def r2(notes: tuple[plain_words.PlainRule, ...]) -> str:
        return next(str(note.text) for note in notes if note.tag == "R2")

    assert "no more than 10" in r2(plain_rules(Ruleset()))
    assert "the hand's first upcard" in r2(plain_rules(Ruleset(oklahoma=True)))
    # without the games, R2 says the table's own limit
    assert "no more than 10" in r2(plain_words.plain_rules(Ruleset(oklahoma=True)))


def test_each_house_rule_is_said_by_one_list() -> None:
    """A choice's words and a rule's help are the shared ones or one game's, never both."""
    said = set(plain_words.OPTION_WORDS)
    helped = set(FIELD_HELP)
    for words in game_words():
        assert said.isdisjoint(words.option_words)
        assert helped.isdisjoint(words.rule_help)
        said |= set(words.option_words)
        helped |= set(words.rule_help)
    assert helped == set(rule_help())
