"""Fixed English texts that reach the pages as data from the shared rules engine (how a hand
ended, a meld's kind, a tally line, a rounding note, the shared house rules' labels, help and
choices, the rules page's shared headings): listed here so that pybabel puts them in the
catalogs. The engine itself stays English and pure; a page shows such a value through the
``tr`` filter (``{{ preset.description | tr }}``), which looks it up in the reader's language
and leaves an unknown text as it is.

A game's own texts (its presets' titles and descriptions, its house rules' texts, its rules
page headings) are listed in its folder's ``words.py`` and gathered by
:func:`referee.games.words.listed_terms`; tests/web/test_translations.py checks that every
preset's title and description, and every house rule's text, is listed in one or the other: a
new preset fails that test until its texts are added (and translated).
"""

from __future__ import annotations

from referee.rules.plain_words import N_

OUTCOMES = (
    N_("knock"),
    N_("undercut"),
    N_("gin"),
    N_("big gin"),
    N_("wash"),
    N_("dead"),
    N_("illegal knock"),
    N_("knocker wins zero"),
    N_("big_gin"),
    N_("illegal_knock"),
)

MELD_KINDS = (N_("set"), N_("run"))

TALLY_LABELS = (
    N_("Hand points"),
    N_("Boxes"),
    N_("Game bonus"),
    N_("Total"),
    N_("Shutout"),
    N_("Shutout bonus"),
    N_("Shutout: margin doubled"),
    N_("Shutout: hand points doubled"),
    N_("Shutout: total doubled"),
)

ROUNDING_NOTES = (
    N_("points rounded to the nearest 5, halves up"),
    N_("points rounded to the nearest 10, halves up"),
    N_("points rounded to the nearest 100, halves up"),
)

CHANGE_LOG = (
    N_("add"),
    N_("edit"),
    N_("delete"),
    N_("undo"),
)

# The shared house-rule knobs of the new-match and check forms: each rule's label, its help and
# its choices (referee/forms.py shows them through lazy_gettext; tests/web/test_translations.py
# checks that every rule of the Ruleset is listed here or in its game's words).
RULE_TEXTS = (
    N_("Decks"),
    N_("52-card decks in the pack"),
    N_("Jokers"),
    N_("jokers in the pack"),
    N_("Joker value"),
    N_("deadwood value of a joker (usually 20)"),
    N_("Jokers wild"),
    N_("jokers are wild (else a joker is always deadwood)"),
    N_("Wild ranks"),
    N_("ranks that are wild, e.g. (2,) for deuces"),
    N_("Wild value"),
    N_("deadwood value of a wild card; none = its own value"),
    N_("Ace value"),
    N_("deadwood value of an ace"),
    N_("Court value"),
    N_("deadwood value of J, Q, K"),
    N_("Ace"),
    N_("ace low only, or high or low without wrapping"),
    N_("low only (A-2-3)"),
    N_("high or low (A-2-3 or Q-K-A)"),
    N_("Min set"),
    N_("fewest cards in a set"),
    N_("Max set"),
    N_("most cards in a set (more than 4 needs several decks)"),
    N_("Min run"),
    N_("fewest cards in a run"),
    N_("Max run"),
    N_("most cards in a run; none = no limit"),
    N_("Wilds adjacent in run"),
    N_("two wild cards may stand side by side in a run"),
    N_("Min naturals in meld"),
    N_("natural cards every meld must hold"),
    N_("Hand size"),
    N_("cards dealt to each player"),
    N_("Knock limit"),
    N_("largest deadwood a knock allows (0 = gin only)"),
    N_("Knock compare"),
    N_("deadwood ≤ limit, or strictly <"),
    N_("no more than the limit"),
    N_("less than the limit"),
    N_("Gin bonus"),
    N_("bonus for gin"),
    N_("Big gin enabled"),
    N_("big gin (all 11 cards melded) is played"),
    N_("Big gin bonus"),
    N_("bonus for big gin"),
    N_("Undercut bonus"),
    N_("undercut bonus (or penalty, or flat score)"),
    N_("Undercut mode"),
    N_("how an undercut scores"),
    N_("the defender scores the difference and the bonus"),
    N_("the knocker loses the amount"),
    N_("the defender scores the amount only"),
    N_("Tie outcome"),
    N_("when the deadwoods are equal"),
    N_("the defender wins it (an undercut)"),
    N_("nobody scores"),
    N_("the knocker wins it with 0"),
    N_("Knocker min score"),
    N_("Gin cards speak"),
    N_("a knock whose ten cards all meld is scored as gin"),
    N_("Knocker spread"),
    N_("whose spread counts: the one declared, else the best"),
    N_("the melds laid down (else the best)"),
    N_("always the best melds"),
    N_("Layoff chain"),
    N_("the defender may lay off onto its own layoffs (8♠ then 9♠)"),
    N_("Wall size"),
    N_("stock cards left when the hand is dead"),
    N_("Wall rule"),
    N_("what may happen at the wall"),
    N_("a knock on the last card scores; a plain discard kills the hand"),
    N_("that last discard may be taken only to knock or go gin"),
    N_("nobody may knock at the end: the hand is dead"),
    N_("Box bonus"),
    N_("box (line) bonus per hand won"),
    N_("Boxes count toward target"),
    N_("boxes count toward the target as they are won"),
    N_("Game target"),
    N_("hand points that end the game"),
    N_("Game bonus"),
    N_("bonus for winning the game"),
    N_("Shutout rule"),
    N_("what a shutout is worth"),
    N_("nothing extra"),
    N_("the winner adds the shutout bonus"),
    N_("the whole difference counts double"),
    N_("the winner's hand points count double"),
    N_("the winner's final total counts double"),
    N_("the shut-out player pays the bonus more"),
    N_("Shutout bonus"),
    N_("the extra of a flat shutout"),
    N_("Next dealer"),
    N_("who deals the next hand"),
    N_("the winner of the hand"),
    N_("the players take turns"),
    N_("the loser of the hand"),
    N_("Settlement rounding"),
    N_("round each payment's money (no published rule; R20)"),
    N_("none"),
    N_("half up 5"),
    N_("half up 10"),
    N_("half up 100"),
    N_("Kisses"),
    N_("extra boxes: gin 2, undercut 1 (Scarne)"),
    N_("Target tie"),
    N_("the game ends tied"),
    N_("play on until one is ahead"),
)

# The headings of the rules page's shared paragraphs (each rule tag's paragraph; its text stays
# the engine's English, with the match's numbers).
RULE_TAG_TITLES = (
    N_("How a hand scores"),
    N_("The game"),
    N_("Counting a hand"),
    N_("When you may knock"),
    N_("The knocker's melds"),
    N_("The defender's count"),
    N_("Laying off in a chain"),
    N_("Breaking a meld to lay off"),
    N_("No laying off against gin"),
    N_("Laying off everything"),
    N_("Gin cannot be undercut"),
    N_("Cards speak"),
    N_("Big gin"),
    N_("Aces"),
    N_("Equal counts"),
    N_("A dead hand"),
    N_("Where the sources disagree"),
)
