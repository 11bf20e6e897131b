# ruff: noqa: E501 - whole texts on one line, as the catalogs hold them
"""The two-handed games' words: the paragraphs of Oklahoma (§3, R17), Hollywood (§4), Straight
gin (§5) and the partnership game (§7) on the rules page, the choices of their house rules as
players say them, and the fixed texts their presets and house rules show (for the catalogs)."""

from __future__ import annotations

from referee.rules.messages import Message, joined, msg, msg_n
from referee.rules.plain_words import N_, GameWords, Note
from referee.rules.ruleset import OklahomaAce, PartnershipZeroNet, Ruleset


def _knock_limit(r: Ruleset) -> Message | None:
    """R2's first sentence in Oklahoma, where the first upcard sets the limit."""
    if not r.oklahoma:
        return None
    if r.oklahoma_ace is OklahomaAce.GIN_ONLY:
        return msg(
            "You may knock when your unmatched cards (deadwood) add up to no more than the "
            "value of the hand's first upcard (pictures 10; an ace allows gin only)."
        )
    return msg(
        "You may knock when your unmatched cards (deadwood) add up to no more than the "
        "value of the hand's first upcard (pictures 10; an ace: 1)."
    )


def _spade(r: Ruleset) -> Message:
    if not r.spade_double:
        return msg("This table does not double a hand for a spade upcard.")
    if r.spade_double_box:
        return msg(
            "When the first upcard is a spade, the hand's score (its bonus included) counts "
            "double, and so does its box."
        )
    return msg(
        "When the first upcard is a spade, the hand's score (its bonus included) counts "
        "double; the box once."
    )


def _oklahoma(r: Ruleset) -> Message:
    if r.oklahoma_ace is OklahomaAce.GIN_ONLY:
        return msg(
            "The first upcard of each hand sets how low you must be to knock: its value, "
            "pictures 10, and an ace means gin only."
        )
    return msg(
        "The first upcard of each hand sets how low you must be to knock: its value, pictures 10."
    )


def _hollywood(r: Ruleset) -> Message:
    return joined(
        msg_n(
            "{count} game is scored at once.",
            "{count} games are scored at once.",
            r.hollywood_games,
        ),
        msg(
            "A player's first winning hand goes into game 1, the second into games 1 and 2, and "
            "later ones into every game still open; a game closes when someone reaches its "
            "target."
        ),
    )


def _partnership(r: Ruleset) -> Message:
    return joined(
        msg("Two tables play at once."),
        msg(
            "Each team's results at the two tables are added: only the difference scores, "
            "and a game goes to {target}.",
            target=r.game_target,
        ),
    )


NOTES = (
    Note("R17", N_("Oklahoma: a spade upcard"), _spade),
    Note("§3", N_("Oklahoma"), _oklahoma),
    Note("§4", N_("Hollywood"), _hollywood),
    Note("§5", N_("Straight gin"), lambda r: msg("Nobody may knock: only gin ends a hand.")),
    Note("§7", N_("Partnership"), _partnership),
)

OPTION_WORDS = {
    OklahomaAce: {"gin_only": N_("gin only"), "one": N_("a knock with 1 or less")},
    PartnershipZeroNet: {"no_box": N_("nobody scores"), "box_each": N_("each team takes a box")},
}

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
)

# The house rules only these games play: each rule's label, its help (the new-match and check
# forms show them) and its choices.
RULE_TEXTS = (
    N_("Oklahoma"),
    N_("Oklahoma ace"),
    N_("Spade double"),
    N_("Spade double box"),
    N_("Hollywood"),
    N_("Hollywood games"),
    N_("Hollywood target"),
    N_("Hollywood continuous"),
    N_("Partnership zero net"),
)

# A Hollywood scoreboard's short headline once no game is open (Board.headline).
HEADLINES = (N_("every game closed"),)

# The help of the house rules only these games play, as the new-match form and the API show it.
RULE_HELP = {
    "oklahoma": N_("the upcard sets each hand's knock limit"),
    "oklahoma_ace": N_("an ace upcard: gin only, or limit 1"),
    "spade_double": N_("a spade upcard doubles the hand's score (Oklahoma)"),
    "spade_double_box": N_("a spade upcard also doubles that hand's box"),
    "hollywood": N_("Hollywood: several games scored at once, a player's wins posted game by game"),
    "hollywood_games": N_("Hollywood: games open at once"),
    "hollywood_target": N_("Hollywood: each game's target; empty: the game target"),
    "hollywood_continuous": N_(
        "Hollywood: a new game opens whenever one closes, until the players stop"
    ),
    "partnership_zero_net": N_("partnership deal netting exactly 0: no box, or a box each"),
}

RULE_TITLES = {
    "R17": N_("Oklahoma: a spade upcard doubles the hand"),
    "§3": N_("Oklahoma: the upcard sets the knock limit"),
    "§5": N_("Straight gin: no knocking"),
}

WORDS = GameWords(
    rule_help=RULE_HELP,
    rule_titles=RULE_TITLES,
    notes=NOTES,
    option_words=OPTION_WORDS,
    knock_limit=_knock_limit,
    terms=(*PRESET_TEXTS, *RULE_TEXTS, *HEADLINES),
)
