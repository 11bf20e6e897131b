"""The rummy formats on the one match model: stored hands fold into a Board (points per
player, running totals, games, who deals next and why, the settlement); a hand the rules
refuse is marked with its field and scores nothing; the table's rules follow the player
count unless a house rule chose otherwise."""

from __future__ import annotations

from decimal import Decimal

from referee.games import find_format
from referee.games.base import StoredHand, Table
from referee.games.presets import get_preset

NAMES = ("Ann", "Ben", "Cat", "Dan")


def counts(dealer: int, went_out: int | None, points: str, kind: str = "out") -> StoredHand:
    fmt = find_format("basic_rummy")
    return StoredHand(
        fmt.normalise(
            {
                "kind": kind,
                "entry": "counts",
                "dealer_seat": dealer,
                "knocker_seat": went_out,
                "seat_deadwoods": points.split(),
            }
        )
    )


def table(preset: str = "basic_rummy", players: int = 4, **rules: object) -> Table:
    chosen = get_preset(preset)
    fmt = find_format(preset)
    ruleset = fmt.table_rules(chosen, chosen.rules.with_overrides(**rules), players, rules)
    return Table(ruleset, NAMES[:players], stake=Decimal("0.10"))


def test_a_match_folds_into_a_board():
    fmt = find_format("basic_rummy")
    hands = [
        counts(0, 1, "20 _ 30 40"),  # Ben 90
        counts(1, None, "_ _ _ _", kind="stalemate"),
        counts(2, 0, "_ 60 30 20"),  # Ann 110
        counts(3, 0, "_ 10 5 5"),  # Ann 20 more: 130
    ]
    board = fmt.fold(hands, table())
    assert [line.points for line in board.lines] == [
        (0, 90, 0, 0),
        (0, 0, 0, 0),
        (110, 0, 0, 0),
        (20, 0, 0, 0),
    ]
    assert [str(line.summary) for line in board.lines] == [
        "Ben went out +90",
        "Stalemate: no score",
        "Ann went out +110",
        "Ann went out +20",
    ]
    assert board.lines[-1].totals == (130, 90, 0, 0)
    assert not board.standing.over and board.standing.needed == (70, 110, 200, 200)
    # the deal passes to the left after every hand, a stalemate too
    assert board.lines[2].dealer == 2 and not board.lines[2].overridden
    assert board.next.dealer == 0
    assert "passes to the left" in board.next.why.text


def test_stalemate_passes_the_deal_left_8_4():
    """§8.4: a stalemate scores 0 for everyone and is a hand played out, not Gin's dead hand
    (§9 R16): with the deal passing to the left, the next player deals."""
    fmt = find_format("basic_rummy")
    board = fmt.fold([counts(0, None, "_ _ _", kind="stalemate")], table(players=3))
    assert board.next.dealer == 1
    assert str(board.next.why.text) == (
        "Hand 1 scored nothing; the deal still passes to the left: Ben deals "
        "(next_dealer=alternate)."
    )
    again = fmt.fold(
        [counts(0, None, "_ _ _", kind="stalemate"), counts(1, 0, "_ 5 5")], table(players=3)
    )
    assert not again.lines[1].overridden and again.next.dealer == 2


def test_stalemate_keeps_the_dealer_when_the_winner_deals_8_4():
    fmt = find_format("basic_rummy")
    board = fmt.fold(
        [counts(1, None, "_ _ _", kind="stalemate")], table(players=3, next_dealer="winner")
    )
    assert board.next.dealer == 1
    assert "deals again" in str(board.next.why.text)


def test_the_game_ends_on_the_hand_that_reaches_the_target():
    fmt = find_format("basic_rummy")
    board = fmt.fold([counts(0, 0, "_ 100 60 50")], table())
    assert board.standing.over and board.standing.winner == 0
    assert board.standing.finals == (210, 0, 0, 0)
    assert len(board.games) == 1
    assert board.games[0].settlement.nets == (630, -210, -210, -210)
    assert board.settlement is not None


def test_the_winner_deals_as_an_option():
    fmt = find_format("basic_rummy")
    board = fmt.fold([counts(0, 2, "5 5 _ 5")], table(next_dealer="winner"))
    assert board.next.dealer == 2
    assert "won hand 1" in board.next.why.text


def test_a_refused_hand_is_marked_and_scores_nothing():
    fmt = find_format("basic_rummy")
    board = fmt.fold([counts(0, 1, "20 7 30 40"), counts(1, 2, "5 5 _ 5")], table())
    bad, good = board.lines
    assert str(bad.error) == "Ben went out, so holds no cards (count 0, got 7)"
    assert bad.error_field == "count_1" and bad.points == (0, 0, 0, 0)
    assert good.totals == (0, 0, 15, 0)


def test_rules_follow_the_player_count_unless_chosen():
    assert table(players=2).rules.game_target == 100
    assert table(players=2).rules.hand_size == 10
    assert table(players=3).rules.game_target == 150
    assert table(players=2, game_target=60).rules.game_target == 60
    five = table("rum_500", players=4)
    assert (five.rules.decks, five.rules.jokers, five.rules.hand_size) == (1, 2, 7)
    rum = get_preset("rum_500")
    fmt = find_format("rum_500")
    big = fmt.table_rules(rum, rum.rules, 6, {})
    assert (big.decks, big.jokers, big.hand_size) == (2, 4, 7)
    assert fmt.table_rules(rum, rum.rules, 2, {}).hand_size == 13


def test_500_rum_counts_fold_with_negative_hands():
    fmt = find_format("rum_500")
    hand = StoredHand(
        fmt.normalise(
            {
                "kind": "out",
                "entry": "counts",
                "dealer_seat": 0,
                "knocker_seat": 1,
                "seat_melded": [10, 60, 0],
                "seat_deadwoods": [25, 0, 40],
            }
        )
    )
    board = fmt.fold([hand], table("rum_500", players=3))
    assert board.lines[0].points == (-15, 60, -40)
    assert str(board.lines[0].summary) == "Ben went out: Ann −15, Ben +60, Cat −40"


def test_two_packs_sets_follow_the_packs_8_4():
    """500 Rum at five or more players plays with two packs (§8.4): a rank is there eight
    times, so a set may hold up to eight cards; one pack keeps sets of 3–4."""
    names = ("Ann", "Ben", "Cat", "Dan", "Eve")
    fmt = find_format("rum_500")
    chosen = get_preset("rum_500")
    assert fmt.table_rules(chosen, chosen.rules, 4, {}).max_set == 4
    rules = fmt.table_rules(chosen, chosen.rules, 5, {})
    assert (rules.decks, rules.max_set) == (2, 8)
    values = fmt.normalise(
        {
            "kind": "out",
            "entry": "cards",
            "dealer_seat": 0,
            "knocker_seat": 0,
            "seat_cards": ["", "2C", "3C", "4C", "5C"],
            "seat_melds": ["7H 7H 7D 7S 7C", "", "", "", ""],
        }
    )
    board = fmt.fold([StoredHand(values)], Table(rules, names))
    assert board.lines[0].error is None
    assert board.lines[0].points[0] == 35
    kept = {"max_set": 6}  # a house rule's own largest set stands
    assert fmt.table_rules(chosen, chosen.rules.with_overrides(**kept), 5, kept).max_set == 6
