# ruff: noqa: E501 - whole texts on one line, as the catalogs hold them
"""Fixed English texts that reach the pages as data from the rules engine (a preset's title
and description, how a hand ended, a meld's kind, a tally line, a rounding note): listed here
so that pybabel puts them in the catalogs. The engine itself stays English and pure; a page
shows such a value through the ``tr`` filter (``{{ preset.description | tr }}``), which looks
it up in the reader's language and leaves an unknown text as it is.

tests/web/test_translations.py checks that every preset's title and description is listed
here: a new preset fails that test until its texts are added (and translated).
"""

from __future__ import annotations

from .i18n import N_

PRESET_TEXTS = (
    N_("American (gin 25, undercut 25)"),
    N_(
        "Knock ≤ 10; gin 25, big gin 31, undercut 25 (a tie is an undercut); box 25; game 100 +100, shutout +100 more."
    ),
    N_("Classic (gin 20, undercut 10)"),
    N_(
        "pagat's table: knock ≤ 10; gin 20, big gin 31, undercut 10; box 20; game 100 +100, shutout +100 more (a 200 game bonus)."
    ),
    N_("Knock under 10 (gin 30, big gin 50, undercut 10)"),
    N_(
        "Knock only below 10; gin 30, big gin 50, undercut 10; jokers count 20; first to 100, no box or game bonus."
    ),
    N_("Gin 25, big gin +6 (undercut 25)"),
    N_(
        "Knock ≤ 10 after discarding; gin 25, 11-card gin 6 more (31), undercut 25; dead hand at 2 stock cards; game 100."
    ),
    N_("Oklahoma (the upcard sets the knock limit)"),
    N_(
        "The first upcard sets each hand's knock limit (an ace: gin only); a spade upcard doubles the hand's score, not its box; game 150; otherwise American."
    ),
    N_("Straight Gin (no knocking)"),
    N_(
        "No knocking: only gin (25) or big gin (31) ends a hand; gin_bonus=0 plays without the gin bonus; otherwise American."
    ),
    N_("Hollywood (three games at once)"),
    N_(
        "American hands scored in three games at once: a first win goes to game 1, a second to games 1–2, later ones to all three; each game to 100 with its own bonuses."
    ),
    N_("Partnership (two teams of two)"),
    N_(
        "Four players, two teams: two two-handed games each deal, opponents alternating; the team's net scores with one box; game 125 +100, shutout +100 more."
    ),
    N_("Cutthroat (three players)"),
    N_(
        "Two play, the loser sits out and the idle player deals to the winner; game 100 +100, box 25; a shut-out player pays 100 more."
    ),
    N_("Three-handed, dealer sits out"),
    N_(
        "The dealer deals to the other two and sits out; the loser deals next. Scored as two-handed gin with individual totals."
    ),
    N_("Chouette (box against a partnership)"),
    N_(
        "The box plays the whole game against the partnership's captain, who gives way on losing a hand; the box collects from or pays each partner in full."
    ),
    N_("Battle Royal (three players every hand)"),
    N_(
        "All three play; layoffs only on the knocker's own melds; the lowest count scores the others' counts less its own; gin 40, an undercut knocker loses 20; game 200."
    ),
    N_("Basic Rummy (2 to 6 players)"),
    N_(
        "Go out first: the winner takes the pip value of every card left in the losers' hands, doubled for going rummy; game 100 for two, 150 for three, 200 for four or more."
    ),
    N_("500 Rum (2 to 8 players)"),
    N_(
        "Each player scores the cards melded or laid off less the cards left in hand (aces and jokers 15, an ace in A-2-3 1); game 500, the highest total wins."
    ),
    N_("Gem Rummy (2 or 3 players)"),
    N_(
        "11 cards each; the dice set the knock limit and the Queen's Diamonds card; stashes of four gems meld; knock at least 11, undercut 25, gin 25, big gin 35, Gem Parts 16 / 8; game 110. Needs the table's gem deck."
    ),
    N_("Contract Rummy, 7 deals"),
    N_(
        "Seven deals, each with its contract (2 groups, then a group and a sequence, ...); two packs and a wild joker; A and joker 15, faces 10; the lowest total after the seventh deal wins."
    ),
    N_("Contract Rummy, 7 deals (pagat-style list)"),
    N_(
        "The same game with the pagat-style list: 12 cards from deal 4, and the last contract laid down going out, without a discard."
    ),
    N_("12-Step Contract Rummy"),
    N_(
        "Each player works through the table's twelve contracts; one not made carries to the next deal; the first to make all twelve wins. 2s and jokers wild, 13 cards, 108-card pack. The contracts and penalty values are the table's own (published nowhere; the penalties start from A / joker / wild 15, faces 10)."
    ),
)

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
