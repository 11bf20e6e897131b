"""Chouette: roles from the cut, the captaincy passing, two scores, the box against each
partner in full, the box after a game (docs/rules.md §6.3, §10 "Chouette", §11)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.presets import get_preset
from referee.games.three_handed.chouette import (
    BOX,
    CHOUETTE,
    TEAM,
    ChouetteError,
    ChouetteHand,
    ChouetteSeating,
    first_chouette_seating,
    fold_chouette,
    next_captain,
    next_game_seating,
)
from referee.rules.adjudicate import HandKind, rule_counts, rule_dead_hand
from referee.rules.ruleset import ChouetteAfterGame, Ruleset
from referee.rules.settlement import settle_box_vs_team

# Four players; the cut, lowest first: seat 3, 0, 2, 1 ⇒ 1 in the box, 2 captains, then 0, 3.
CUT = (3, 0, 2, 1)
FIRST = first_chouette_seating(CUT)


def knock(knocker: int, k: int, d: int, rules: Ruleset = CHOUETTE) -> ChouetteHand:
    result = rule_counts(rules, kind=HandKind.KNOCK, knocker_deadwood=k, defender_deadwood=d)
    return ChouetteHand(result, knocker)


def gin(knocker: int, d: int, rules: Ruleset = CHOUETTE) -> ChouetteHand:
    result = rule_counts(rules, kind=HandKind.GIN, knocker_deadwood=0, defender_deadwood=d)
    return ChouetteHand(result, knocker)


# The box wins 250 to 100: V = 150 (docs/rules.md §10).
BOX_WINS = [gin(2, 50), knock(1, 5, 55), knock(1, 5, 55)]
# The partnership wins 250 to 100: V = 150.
TEAM_WINS = [gin(1, 50), knock(0, 5, 55), knock(0, 5, 55)]


def test_roles_from_the_cut_highest_box_second_captain_rest_queue() -> None:
    assert ChouetteSeating(box=1, captain=2, queue=(0, 3)) == FIRST
    assert FIRST.partners == (2, 0, 3)
    assert FIRST.players == 4


def test_box_wins_chouette_vector_v150_four_players() -> None:
    match = fold_chouette(FIRST, BOX_WINS, CHOUETTE)
    game = match.games[0]
    assert game.finished and game.box_won is True
    assert game.ledger.final_totals == (250, 100)
    assert game.value == 150
    s = game.settle()
    assert s.nets[1] == 450
    assert [s.nets[p] for p in (0, 2, 3)] == [-150, -150, -150]
    assert all(s.owes(p, 1) == 150 for p in (0, 2, 3))
    assert s.owes(0, 2) == 0 and s.owes(2, 3) == 0  # partners are square
    # The same as the settlement module's box-against-team helper.
    assert sorted(s.nets) == sorted(settle_box_vs_team(True, 150, 3).nets)


def test_team_wins_chouette_vector_v150_four_players() -> None:
    match = fold_chouette(FIRST, TEAM_WINS, CHOUETTE)
    game = match.games[0]
    assert game.box_won is False and game.value == 150
    s = game.settle(Decimal("0.5"))
    assert s.nets == (150, -450, 150, 150)
    assert s.money_nets == (Decimal("75.0"), Decimal("-225.0"), Decimal("75.0"), Decimal("75.0"))
    assert match.settle_match().nets == (150, -450, 150, 150)


def test_captaincy_passes_when_the_captain_loses_a_hand() -> None:
    match = fold_chouette(FIRST, BOX_WINS, CHOUETTE, names=["Ann", "Bob", "Cat", "Dan"])
    # Cat captains and wins hand 1; loses hand 2 ⇒ Ann captains; loses hand 3 ⇒ Dan.
    assert [s.captain for s in match.seatings] == [2, 2, 0]
    assert all(s.box == 1 for s in match.seatings)
    assert match.games[0].captains == (2, 2, 0)
    assert "Cat won hand 1 and keeps the captaincy" in match.steps[1].text
    assert "the captaincy passes to Ann" in match.steps[2].text


def test_dead_hand_changes_nothing() -> None:
    dead = ChouetteHand(rule_dead_hand(CHOUETTE))
    match = fold_chouette(FIRST, [dead], CHOUETTE)
    assert match.next == FIRST
    assert match.scores[0].points == (0, 0)


def test_two_scores_box_and_partnership() -> None:
    match = fold_chouette(FIRST, BOX_WINS[:2], CHOUETTE)
    assert match.ledger.current.points == (50, 75)
    assert not match.games[0].finished
    assert match.games[0].value is None
    with pytest.raises(ValueError, match="game 1 is not finished"):
        match.games[0].settle()
    assert (BOX, TEAM) == (0, 1)


def test_three_players_captain_and_partner_alternate_on_losses() -> None:
    first = first_chouette_seating((0, 1, 2))  # 2 box, 1 captain, 0 waits
    hands = [knock(2, 2, 12), knock(0, 2, 12), knock(2, 2, 12)]
    match = fold_chouette(first, hands, CHOUETTE)
    assert [s.captain for s in match.seatings] == [1, 0, 0]
    assert match.next == ChouetteSeating(box=2, captain=1, queue=(0,))


# -- after a game --------------------------------------------------------------------------


def test_after_game_default_box_keeps_the_box_after_winning() -> None:
    match = fold_chouette(FIRST, BOX_WINS, CHOUETTE)
    # The box won the last hand too: the captaincy had passed from Ann (0) to Dan (3).
    assert match.next == ChouetteSeating(box=1, captain=3, queue=(2, 0))
    assert "chouette_after_game=box_keeps_if_won_else_captain_becomes_box" in match.next_step.text


def test_after_game_default_winning_captain_becomes_the_box() -> None:
    match = fold_chouette(FIRST, TEAM_WINS, CHOUETTE)
    # Hand 1 the box beat Cat ⇒ Ann captains, wins hands 2 and 3 and takes the box;
    # Bob (the old box) joins the back; Dan captains.
    assert match.next == ChouetteSeating(box=0, captain=3, queue=(2, 1))
    # The next game is played with those roles.
    more = fold_chouette(FIRST, [*TEAM_WINS, knock(0, 2, 12)], CHOUETTE)
    assert more.games[1].seating == match.next
    assert more.games[1].box == 0


def test_after_game_rotate_by_cut() -> None:
    rules = CHOUETTE.with_overrides(chouette_after_game="rotate_by_cut")
    match = fold_chouette(FIRST, BOX_WINS, rules)
    # Cut order from the highest: 1, 2, 0, 3 ⇒ game 2: 2 in the box, 0 captains.
    assert match.next == ChouetteSeating(box=2, captain=0, queue=(3, 1))
    for played in range(4):
        seating = next_game_seating(FIRST, FIRST, played, True, ChouetteAfterGame.ROTATE_BY_CUT)
        assert seating.box == (1, 2, 0, 3)[played]


def test_after_a_tied_game_the_box_stays() -> None:
    end = next_captain(FIRST, box_won=True)
    rule = ChouetteAfterGame.BOX_KEEPS_IF_WON_ELSE_CAPTAIN_BECOMES_BOX
    assert next_game_seating(end, FIRST, 1, None, rule) == end


def test_preset() -> None:
    preset = get_preset("chouette")
    assert preset.family == "chouette"
    assert list(preset.seats) == [3, 4, 5, 6, 7, 8]
    assert "chouette_after_game" in preset.options


# -- overrides and bad input ---------------------------------------------------------------


def test_captain_override_and_the_queue_continues() -> None:
    # Dan captains hand 1 instead of Cat; the others keep their order behind him.
    hand = knock(1, 2, 12)
    hand = ChouetteHand(hand.result, hand.knocker, captain=3)
    match = fold_chouette(FIRST, [hand], CHOUETTE)
    assert match.seatings[0] == ChouetteSeating(box=1, captain=3, queue=(2, 0))
    assert "as the table recorded it" in match.steps[0].text
    assert match.next == ChouetteSeating(box=1, captain=2, queue=(0, 3))


def test_only_the_box_and_the_captain_knock() -> None:
    with pytest.raises(ChouetteError, match="hand 1: seat 0 is recorded as the knocker"):
        fold_chouette(FIRST, [knock(0, 2, 12)], CHOUETTE)


def test_the_box_cannot_captain() -> None:
    hand = ChouetteHand(knock(1, 2, 12).result, 1, captain=1)
    with pytest.raises(ChouetteError, match="hand 1: seat 1 is in the box"):
        fold_chouette(FIRST, [hand], CHOUETTE)


def test_bad_seatings() -> None:
    with pytest.raises(ChouetteError, match="at least 3 players"):
        ChouetteSeating(box=0, captain=1, queue=())
    with pytest.raises(ChouetteError, match="seat 1 cannot hold two places"):
        ChouetteSeating(box=0, captain=1, queue=(1, 2))
    with pytest.raises(ChouetteError, match="must be 0–2"):
        ChouetteSeating(box=0, captain=1, queue=(5,))
    with pytest.raises(ChouetteError, match="at least 3 players"):
        first_chouette_seating((0, 1))
    assert issubclass(ChouetteError, ValueError)


def test_illegal_knock_and_missing_knocker() -> None:
    illegal = rule_counts(CHOUETTE, kind=HandKind.KNOCK, knocker_deadwood=15, defender_deadwood=2)
    with pytest.raises(ChouetteError, match="hand 1: an illegal knock"):
        fold_chouette(FIRST, [ChouetteHand(illegal, 1)], CHOUETTE)
    with pytest.raises(ChouetteError, match="hand 1: say who knocked"):
        fold_chouette(FIRST, [ChouetteHand(knock(1, 2, 12).result)], CHOUETTE)


# -- properties ----------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(3, 6),
    wins=st.lists(st.tuples(st.booleans(), st.integers(1, 60)), max_size=25),
    rule=st.sampled_from(list(ChouetteAfterGame)),
)
def test_box_nets_are_all_the_partners_and_sum_to_zero(
    players: int, wins: list[tuple[bool, int]], rule: ChouetteAfterGame
) -> None:
    rules = CHOUETTE.with_overrides(chouette_after_game=rule)
    first = first_chouette_seating(tuple(range(players)))
    hands: list[ChouetteHand] = []
    for box_knocks, margin in wins:
        seating = fold_chouette(first, hands, rules).next
        knocker = seating.box if box_knocks else seating.captain
        hands.append(knock(knocker, 1, 1 + margin, rules))
    match = fold_chouette(first, hands, rules)
    for game in match.finished_games:
        s = game.settle()
        assert sum(s.nets) == 0
        value = game.value or 0
        sign = 1 if game.box_won else -1
        assert s.nets[game.box] == sign * (players - 1) * value
        assert all(s.nets[p] == -sign * value for p in game.partners)
    assert sum(match.settle_match().nets) == 0
    assert sorted((match.next.box, *match.next.partners)) == list(range(players))
