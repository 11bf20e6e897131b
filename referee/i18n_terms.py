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

from referee.i18n import N_

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
        "No knocking: only gin (25) or big gin (31) ends a hand; a gin bonus of 0 plays without it; otherwise American."
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

# The house-rule knobs of the new-match and check forms: each rule's label, its help and its
# choices (referee/forms.py shows them through lazy_gettext; tests/web/test_translations.py
# checks that every rule of the Ruleset is listed here).
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
    N_("least a winning knock scores (Gem Rummy 11)"),
    N_("Gin cards speak"),
    N_("a knock whose ten cards all meld is scored as gin"),
    N_("Knocker spread"),
    N_("whose spread counts: the one declared, else the best"),
    N_("the melds laid down (else the best)"),
    N_("always the best melds"),
    N_("Layoff chain"),
    N_("the defender may lay off onto its own layoffs (8♠ then 9♠)"),
    N_("Layoff original melds only"),
    N_("layoffs only onto the knocker's original melds (Battle Royal)"),
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
    N_("Oklahoma"),
    N_("the upcard sets each hand's knock limit"),
    N_("Oklahoma ace"),
    N_("an ace upcard: gin only, or limit 1"),
    N_("gin only"),
    N_("a knock with 1 or less"),
    N_("Spade double"),
    N_("a spade upcard doubles the hand's score (Oklahoma)"),
    N_("Spade double box"),
    N_("a spade upcard also doubles that hand's box"),
    N_("Kisses"),
    N_("extra boxes: gin 2, undercut 1 (Scarne)"),
    N_("Hollywood"),
    N_("Hollywood: several games scored at once, a player's wins posted game by game"),
    N_("Hollywood games"),
    N_("Hollywood: games open at once"),
    N_("Hollywood target"),
    N_("Hollywood: each game's target; empty: the game target"),
    N_("Hollywood continuous"),
    N_("Hollywood: a new game opens whenever one closes, until the players stop"),
    N_("Partnership zero net"),
    N_("partnership deal netting exactly 0: no box, or a box each"),
    N_("each team takes a box"),
    N_("Cutthroat rotation"),
    N_(
        "three playing two at a time: the loser sits out and the idle player deals to the winner (Cutthroat), or the loser deals and sits out (pagat)"
    ),
    N_("the loser sits out and deals"),
    N_("the loser deals and sits out"),
    N_("Battle royal winner formula"),
    N_(
        "Battle Royal hand score: the opponents' counts summed less the winner's, or each opponent's difference from the winner's count summed"
    ),
    N_("both others' counts added, less the winner's"),
    N_("the difference with each other player, added"),
    N_("Battle royal tied low"),
    N_(
        "Battle Royal: when both non-knockers undercut with the same count, the one nearer the knocker's left wins, or both score"
    ),
    N_("the one nearer the knocker's left wins"),
    N_("both score and win a box"),
    N_("Battle royal undercut pays difference"),
    N_("Battle Royal: an undercut knocker also loses its count less the winner's"),
    N_("Chouette after game"),
    N_(
        "Chouette: the box keeps the box after winning a game, else the captain takes it; or the box passes down the cut order every game"
    ),
    N_("the box stays if it won, else the captain takes the box"),
    N_("the box passes down the order of the cut"),
    N_("Rummy penalty"),
    N_(
        "Basic Rummy: each loser is charged the cards left in hand instead of the winner being credited; the game ends when a player's charges reach the target, the least charged wins"
    ),
    N_("Going rummy multiplier"),
    N_(
        "Basic Rummy: going rummy (every card in one turn, nothing melded before) multiplies the hand's points by this (1: no extra)"
    ),
    N_("Target tie"),
    N_(
        "when the highest totals are tied at the target: the game ends tied, or play on until one player is ahead (500 Rum)"
    ),
    N_("the game ends tied"),
    N_("play on until one is ahead"),
    N_("Gem undercut plus difference"),
    N_("Gem Rummy: an undercut scores 25 + the difference (else 25 flat)"),
    N_("Gem stash layoffs"),
    N_("Gem Rummy: cards of a stash's gem may be laid off on it"),
    N_("Gem queens diamonds layoffs"),
    N_("Gem Rummy: another queen may be laid off on Queen's Diamonds"),
    N_("Gem pairing"),
    N_(
        "Gem Rummy, three players: each non-knocker is scored against the knocker, or only the one with the least deadwood"
    ),
    N_("each non knocker"),
    N_("lowest non knocker"),
    N_("Gem parts knocker"),
    N_("Gem Rummy: Gem Parts bonus to the knocker"),
    N_("Gem parts non knocker"),
    N_("Gem Rummy: Gem Parts bonus to a non-knocker"),
    N_("Contract list"),
    N_(
        "Contract Rummy: the deals and their contracts, as JSON; a match keeps the list it was started with"
    ),
    N_("Contract carry over"),
    N_(
        "12-Step: each player works through the list, a contract not made carries to the next deal, and the first to make the last contract wins"
    ),
)

# A Hollywood scoreboard's short headline once no game is open (Board.headline).
HEADLINES = (N_("every game closed"),)

# The headings of the rules page (each rule tag's paragraph; its text stays the engine's
# English, with the match's numbers).
RULE_TAG_TITLES = (
    N_("How a hand scores"),
    N_("The game"),
    N_("Counting a hand"),
    N_("When you may knock"),
    N_("The knocker's melds"),
    N_("The defender's count"),
    N_("Laying off in a chain"),
    N_("Battle Royal: laying off"),
    N_("Breaking a meld to lay off"),
    N_("No laying off against gin"),
    N_("Laying off everything"),
    N_("Gin cannot be undercut"),
    N_("Cards speak"),
    N_("Big gin"),
    N_("Aces"),
    N_("Equal counts"),
    N_("A dead hand"),
    N_("Oklahoma: a spade upcard"),
    N_("Oklahoma"),
    N_("Hollywood"),
    N_("Straight gin"),
    N_("Three or more players"),
    N_("Dealer sits out"),
    N_("Cutthroat"),
    N_("Chouette"),
    N_("Battle Royal"),
    N_("Partnership"),
    N_("Basic Rummy and 500 Rum"),
    N_("Gem Rummy"),
    N_("Contract Rummy"),
    N_("Where the sources disagree"),
    N_("Battle Royal: a shared low count"),
)


# The rule tags that carry a word beside their number (a step's tag, shown with ``tr``).
RULE_TAG_WORDS = (
    N_("§8.4 melds"),
    N_("§8.4 penalty scoring"),
    N_("§8.4 winner takes all"),
    N_("§8.5 contract"),
    N_("§8.5 laying off"),
    N_("§8.5 penalties"),
)
