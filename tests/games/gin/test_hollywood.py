"""Hollywood scoring: docs/rules.md §4 (posting, closing, continuous play, settlement) and R19.

Each test is named after the rule or vector it checks.
"""

from __future__ import annotations

import doctest
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.gin import hollywood
from referee.games.gin.hollywood import (
    HollywoodLedger,
    SheetEntry,
    fold_hollywood,
    settle_hollywood,
)
from referee.games.presets import get_preset, play_family
from referee.rules.ledger import dealers, fold_match, is_dead
from referee.rules.results import HandScore
from referee.rules.ruleset import Ruleset, ShutoutRule
from referee.rules.settlement import ExtraPayment, SettlementRounding
from tests.engine.counts import ruled

A, B = 0, 1
YOU, OPP = A, B
HOLLYWOOD = get_preset("hollywood").rules


def win(seat: int, points: int, boxes: int = 1) -> HandScore:
    return HandScore.to_seat(seat, points, boxes)


def dead() -> HandScore:
    return HandScore.nothing()


def points(ledger: HollywoodLedger) -> list[tuple[int, ...]]:
    return [g.points for g in ledger.games]


# -- the preset and the overlay ------------------------------------------------------------


def test_hollywood_preset_is_the_american_table_as_an_overlay() -> None:
    preset = get_preset("hollywood")
    assert preset.family == "hollywood" and preset.players == 2
    r = preset.rules
    assert (r.hollywood, r.hollywood_games, r.hollywood_target, r.hollywood_continuous) == (
        True,
        3,
        None,
        False,
    )
    assert r.hollywood_game_target == 100
    assert r.differences(get_preset("american").rules) == {"hollywood": (True, False)}


def test_section_4_hollywood_is_an_overlay_on_any_two_handed_table() -> None:
    for name in ("american", "classic", "oklahoma", "straight_gin"):
        preset = get_preset(name)
        assert play_family(preset.family, preset.rules) == "two_handed"
        assert play_family(preset.family, preset.rules.with_overrides(hollywood=True)) == (
            "hollywood"
        )
    assert play_family("hollywood", HOLLYWOOD.with_overrides(hollywood=False)) == "two_handed"
    partnership = get_preset("partnership")
    assert play_family(partnership.family, partnership.rules) == "partnership"
    with pytest.raises(ValueError, match="two-handed tables, not partnership"):
        play_family(partnership.family, partnership.rules.with_overrides(hollywood=True))


def test_section_4_hollywood_settings_are_validated() -> None:
    rules = Ruleset().with_overrides(
        hollywood="yes", hollywood_games="4", hollywood_target="150", hollywood_continuous="on"
    )
    assert (rules.hollywood_games, rules.hollywood_game_target) == (4, 150)
    assert Ruleset.from_json(rules.to_json()) == rules
    with pytest.raises(ValueError, match="hollywood_games must be at least 1"):
        Ruleset(hollywood_games=0)
    with pytest.raises(ValueError, match="hollywood_target must be at least 1"):
        Ruleset().with_overrides(hollywood_target=0)
    assert Ruleset().with_overrides(hollywood_target="none").hollywood_target is None


# -- §4 test vectors -----------------------------------------------------------------------


def test_section_4_vector_pw_hw_standard_hollywood_150() -> None:
    rules = HOLLYWOOD.with_overrides(hollywood_target=150)
    hands = [win(A, 25), win(A, 18), win(A, 36)]
    steps = [fold_hollywood(hands[:n], rules) for n in (1, 2, 3)]
    assert points(steps[0]) == [(25, 0), (0, 0), (0, 0)]
    assert points(steps[1]) == [(43, 0), (18, 0), (0, 0)]
    assert points(steps[2]) == [(79, 0), (54, 0), (36, 0)]
    ledger = fold_hollywood([*hands, win(B, 30)], rules)
    assert points(ledger) == [(79, 30), (54, 0), (36, 0)]
    assert [p.games for p in ledger.postings] == [
        ((1,), ()),
        ((1, 2), ()),
        ((1, 2, 3), ()),
        ((), (1,)),
    ]
    assert ledger.column(1, A) == (
        SheetEntry(0, 25, 1, 25),
        SheetEntry(1, 18, 1, 43),
        SheetEntry(2, 36, 1, 79),
    )
    assert ledger.column(1, B) == (SheetEntry(3, 30, 1, 30),)
    assert ledger.column(3, B) == ()
    assert not ledger.finished and ledger.finished_games == ()


def test_section_4_vector_grc_seven_hands() -> None:
    hands = [
        win(YOU, 18),
        win(OPP, 12),
        win(YOU, 25),
        win(OPP, 30),
        win(YOU, 15),
        win(YOU, 22),
        win(OPP, 20),
    ]
    ledger = fold_hollywood(hands, HOLLYWOOD)
    you = [g.points[YOU] for g in ledger.games]
    opp = [g.points[OPP] for g in ledger.games]
    assert you == [80, 62, 37]
    assert opp == [62, 50, 20]
    assert [g.boxes for g in ledger.games] == [(4, 3), (3, 2), (2, 1)]
    assert [g.hands_played for g in ledger.games] == [7, 5, 3]


def test_section_4_first_win_game_1_second_games_1_2_third_and_later_all_three() -> None:
    ledger = fold_hollywood([win(B, 5), win(B, 5), win(B, 5), win(B, 5)], HOLLYWOOD)
    assert [p.games[B] for p in ledger.postings] == [(1,), (1, 2), (1, 2, 3), (1, 2, 3)]
    assert points(ledger) == [(0, 20), (0, 15), (0, 10)]


# -- closing -------------------------------------------------------------------------------


def test_section_4_each_game_closes_at_its_own_target_with_its_own_bonuses() -> None:
    rules = HOLLYWOOD.with_overrides(box_bonus=20)
    hands = [win(A, 40), win(B, 10), win(A, 40), win(A, 30), win(B, 50)]
    ledger = fold_hollywood(hands, rules)
    first, second, third = ledger.games
    # Game 1: A 110 (3 hands) v B 60 (2 hands); closes on hand 4.
    assert first.finished and first.ended_on == 3 and first.winner == A
    assert first.points == (110, 10)
    assert first.final_totals == (110 + 3 * 20 + 100, 10 + 20)
    assert ledger.postings[3].closed == (1,)
    assert ledger.postings[3].open_after == (2, 3)
    # After it closes, game 2 is the lowest open game: B's 50 is entered there only (B's
    # only earlier entry was in game 1, so not in game 3).
    assert ledger.postings[4].games == ((), (2,))
    assert second.points == (70, 50) and second.boxes == (2, 1)
    assert third.points == (30, 0)
    assert not second.finished and not third.finished
    assert [g.number for g in ledger.open_games] == [2, 3]


def test_r19_a_player_shut_out_of_a_closed_game_starts_in_the_next_open_game() -> None:
    hands = [win(A, 60), win(A, 50), win(B, 20), win(B, 10), win(B, 7)]
    ledger = fold_hollywood(hands, HOLLYWOOD)
    first = ledger.game(1)
    assert first.finished and first.shut_out == (B,)
    assert first.final_totals == (110 + 2 * 25 + 100 + 100, 0)  # flat shutout +100
    # B's first score after game 1 closed is B's first entry in game 2, not in game 3 …
    assert ledger.postings[2].games == ((), (2,))
    # … the next goes to games 2 and 3, as for any second entry.
    assert ledger.postings[3].games == ((), (2, 3))
    assert ledger.postings[4].games == ((), (2, 3))
    assert ledger.column(2, B) == (
        SheetEntry(2, 20, 1, 20),
        SheetEntry(3, 10, 1, 30),
        SheetEntry(4, 7, 1, 37),
    )
    assert ledger.game(3).points == (0, 17)


def test_section_4_shutout_per_game_under_double_margin() -> None:
    rules = HOLLYWOOD.with_overrides(shutout_rule=ShutoutRule.DOUBLE_MARGIN, box_bonus=20)
    hands = [win(B, 10), win(A, 50), win(A, 60), win(A, 60)]
    ledger = fold_hollywood(hands, rules)
    first, second, third = ledger.games
    assert first.finished and first.shut_out == ()  # B scored in game 1
    assert second.finished and second.shut_out == (B,)  # A 120 v B nothing
    assert second.margin == 2 * (120 + 2 * 20 + 100)
    assert not third.finished and third.points == (60, 0)


def test_section_4_two_games_can_close_on_the_same_hand() -> None:
    hands = [win(A, 50), win(A, 30), win(A, 70)]
    ledger = fold_hollywood(hands, HOLLYWOOD)
    assert ledger.postings[2].closed == (1, 2)
    assert points(ledger) == [(150, 0), (100, 0), (70, 0)]
    assert [g.number for g in ledger.open_games] == [3]


def test_section_4_boxes_counted_toward_the_target_close_a_game_sooner() -> None:
    rules = HOLLYWOOD.with_overrides(boxes_count_toward_target=True, box_bonus=25)
    ledger = fold_hollywood([win(A, 40), win(A, 40)], rules)
    assert ledger.game(1).finished and not ledger.game(2).finished


def test_section_4_hollywood_target_defaults_to_the_game_target() -> None:
    rules = HOLLYWOOD.with_overrides(game_target=125)
    ledger = fold_hollywood([win(A, 110)], rules)
    assert ledger.game_rules.game_target == 125 and not ledger.game(1).finished
    rules = rules.with_overrides(hollywood_target=100)
    assert fold_hollywood([win(A, 110)], rules).game(1).finished


def test_section_4_n_games_at_once() -> None:
    rules = HOLLYWOOD.with_overrides(hollywood_games=4)
    ledger = fold_hollywood([win(A, 10)] * 5, rules)
    assert points(ledger) == [(50, 0), (40, 0), (30, 0), (20, 0)]


def test_section_4_after_every_game_closes_the_match_is_over() -> None:
    hands = [win(A, 50), win(A, 50), win(A, 50), win(A, 50)]  # closes 1, 2, then 3
    ledger = fold_hollywood(hands, HOLLYWOOD)
    assert ledger.finished and ledger.open_games == ()
    assert [p.closed for p in ledger.postings] == [(), (1,), (2,), (3,)]
    assert ledger.games_won == (3, 0)
    with pytest.raises(ValueError, match="hand 5 was entered after every Hollywood game"):
        fold_hollywood([*hands, win(B, 10)], HOLLYWOOD)
    with pytest.raises(ValueError, match="hand 5 was entered after every Hollywood game"):
        fold_hollywood([*hands, dead()], HOLLYWOOD)


def test_r16_a_dead_hand_is_entered_in_no_game() -> None:
    ledger = fold_hollywood([win(A, 10), dead(), win(A, 10)], HOLLYWOOD)
    assert [p.games for p in ledger.postings] == [((1,), ()), ((), ()), ((1, 2), ())]
    assert points(ledger) == [(20, 0), (10, 0), (0, 0)]
    assert ledger.game(1).hands_played == 2


def test_section_4_a_zero_point_hand_with_a_box_is_an_entry() -> None:
    # A tie scored to the knocker for 0 (knocker_wins_zero) still wins the hand.
    ledger = fold_hollywood([win(A, 0), win(A, 10)], HOLLYWOOD)
    assert ledger.postings[1].games == ((1, 2), ())
    assert ledger.game(1).boxes == (2, 0)


# -- continuous play -----------------------------------------------------------------------


def test_section_4_continuous_play_opens_game_4_when_game_1_closes() -> None:
    rules = HOLLYWOOD.with_overrides(hollywood_continuous=True)
    hands = [win(A, 40), win(A, 40), win(A, 40), win(A, 10), win(B, 5)]
    ledger = fold_hollywood(hands, rules)
    assert ledger.postings[2].closed == (1,) and ledger.postings[2].opened == (4,)
    assert ledger.postings[2].open_after == (2, 3, 4)
    # A had entries in game 3 before hand 4, so hand 4 goes to game 4 too.
    assert ledger.postings[3].games == ((2, 3, 4), ())
    assert ledger.postings[4].games == ((), (2,))
    assert points(ledger) == [(120, 0), (90, 5), (50, 0), (10, 0)]
    assert ledger.continuing and not ledger.finished


def test_section_4_notice_to_stop_plays_out_the_open_games() -> None:
    rules = HOLLYWOOD.with_overrides(hollywood_continuous=True)
    hands = [win(A, 60), win(A, 60), win(A, 60), win(A, 60), win(A, 60)]
    running = fold_hollywood(hands, rules)
    assert [p.closed for p in running.postings] == [(), (1,), (2,), (3,), (4,)]
    assert [g.number for g in running.open_games] == [5, 6, 7]
    # Notice given before hand 4: games closing from then on are not replaced.
    stopped = fold_hollywood(hands, rules, stop_before=3)
    assert [p.opened for p in stopped.postings] == [(), (4,), (5,), (), ()]
    assert [g.number for g in stopped.games] == [1, 2, 3, 4, 5]
    assert [g.number for g in stopped.open_games] == [5]
    assert not stopped.continuing and not stopped.finished
    more = fold_hollywood([*hands, win(A, 60)], rules, stop_before=3)
    assert more.finished and len(more.finished_games) == 5
    with pytest.raises(ValueError, match="after every Hollywood game had closed"):
        fold_hollywood([*hands, win(A, 60), win(A, 1)], rules, stop_before=3)


def test_section_4_notice_to_stop_after_the_last_hand_entered() -> None:
    rules = HOLLYWOOD.with_overrides(hollywood_continuous=True)
    hands = [win(A, 60), win(A, 60)]
    ledger = fold_hollywood(hands, rules, stop_before=2)
    assert ledger.postings[1].opened == (4,)  # it closed before the notice
    with pytest.raises(ValueError, match="before one of hands 1–3"):
        fold_hollywood(hands, rules, stop_before=3)


def test_section_4_without_continuous_play_notice_to_stop_changes_nothing() -> None:
    hands = [win(A, 60), win(B, 60), win(A, 60)]
    assert fold_hollywood(hands, HOLLYWOOD, stop_before=0).games == (
        fold_hollywood(hands, HOLLYWOOD).games
    )


# -- settlement ----------------------------------------------------------------------------


def test_section_4_settlement_per_game_and_in_total() -> None:
    rules = HOLLYWOOD.with_overrides(box_bonus=20)
    hands = [win(B, 10), win(A, 50), win(A, 60), win(A, 60)]
    ledger = fold_hollywood(hands, rules)
    s = settle_hollywood(ledger, Decimal("0.10"))
    assert [g.number for g in s.games] == [1, 2]
    g1, g2 = (g.settlement for g in s.games)
    assert g1.final_totals == (110 + 2 * 20 + 100, 10 + 20)
    assert g1.owes(B, A) == 220 and g1.pairs[0].money == Decimal("22.00")
    assert g2.final_totals == (120 + 2 * 20 + 100 + 100, 0)  # B shut out of game 2
    assert g2.owes(B, A) == 360
    assert s.total.final_totals == ledger.totals == (250 + 360, 30)
    assert s.total.owes(B, A) == 220 + 360
    assert s.total.nets == (580, -580)


def test_section_4_settlement_carries_each_games_extra_payment() -> None:
    rules = HOLLYWOOD.with_overrides(shutout_rule=ShutoutRule.LOSER_PAYS_EXTRA, box_bonus=0)
    ledger = fold_hollywood([win(A, 60), win(A, 60), win(A, 60)], rules)
    assert ledger.extras == (ExtraPayment(B, A, 100), ExtraPayment(B, A, 100))
    s = settle_hollywood(ledger)
    # Each game: 120 points and the game bonus in the totals, the shutout paid on top.
    assert [g.settlement.owes(B, A) for g in s.games] == [320, 320]
    assert [g.settlement.pairs[0].extra for g in s.games] == [100, 100]
    assert s.total.owes(B, A) == 640


def test_r20_rounding_applies_once_to_the_total() -> None:
    rules = HOLLYWOOD.with_overrides(box_bonus=0, game_bonus=0, shutout_rule="none")
    ledger = fold_hollywood([win(A, 52), win(A, 52), win(A, 52)], rules)
    s = settle_hollywood(ledger, 1, SettlementRounding.HALF_UP_10)
    assert [g.settlement.pairs[0].exact_points for g in s.games] == [104, 104]
    assert [g.settlement.owes(B, A) for g in s.games] == [100, 100]
    assert [g.settlement.pairs[0].money for g in s.games] == [Decimal(100), Decimal(100)]
    assert s.total.pairs[0].exact_points == 208
    assert s.total.owes(B, A) == 210  # not 100 + 100
    assert s.total.pairs[0].money == Decimal(210)


def test_settlement_with_no_finished_game_is_square() -> None:
    s = settle_hollywood(fold_hollywood([win(A, 10)], HOLLYWOOD))
    assert s.games == () and s.total.nets == (0, 0)


def test_section_4_from_rulings_to_the_sheet() -> None:
    rules = HOLLYWOOD.with_overrides(oklahoma=True)
    results = [
        (ruled(rules, "knock", 4, 18, upcard="6S"), A),  # A +28
        (ruled(rules, "gin", 0, 12, upcard="9H"), B),  # B +37
        (ruled(rules, "knock", 5, 3, upcard="7C"), B),  # undercut: A +27
    ]
    ledger = fold_hollywood([r.score(knocker) for r, knocker in results], rules)
    assert points(ledger) == [(55, 37), (27, 0), (0, 0)]
    assert dealers(A, [r.score(k) for r, k in results], rules) == (A, A, B)


# -- bad input -----------------------------------------------------------------------------


def test_hollywood_refuses_hands_that_do_not_fit() -> None:
    with pytest.raises(ValueError, match="hand 1 has 3 seats"):
        fold_hollywood([HandScore.to_seat(0, 10, 1, 3)], HOLLYWOOD)
    with pytest.raises(ValueError, match="there is no game 4"):
        fold_hollywood([], HOLLYWOOD).game(4)


def test_hollywood_module_doctests() -> None:
    assert doctest.testmod(hollywood).failed == 0


# -- properties ----------------------------------------------------------------------------

hand_st = st.one_of(
    st.builds(win, st.sampled_from([A, B]), st.integers(0, 70), st.integers(1, 3)),
    st.just(dead()),
)


@st.composite
def match_st(draw: st.DrawFn) -> tuple[Ruleset, list[HandScore], int | None]:
    rules = Ruleset(
        hollywood=True,
        hollywood_games=draw(st.integers(1, 4)),
        hollywood_target=draw(st.sampled_from([None, 50, 150])),
        hollywood_continuous=draw(st.booleans()),
        box_bonus=draw(st.sampled_from([0, 20, 25])),
        boxes_count_toward_target=draw(st.booleans()),
        shutout_rule=draw(st.sampled_from(ShutoutRule)),
    )
    hands = draw(st.lists(hand_st, max_size=20))
    stop = draw(st.one_of(st.none(), st.integers(0, len(hands))))
    return rules, hands, stop


def fold_what_fits(
    rules: Ruleset, hands: list[HandScore], stop: int | None = None
) -> HollywoodLedger:
    """Fold as many hands as the match takes (it may end before the list does)."""
    for n in range(len(hands), -1, -1):
        try:
            return fold_hollywood(
                hands[:n], rules, stop_before=None if stop is None else min(stop, n)
            )
        except ValueError:
            continue
    raise AssertionError("an empty match always folds")


@settings(max_examples=150, deadline=None)
@given(match_st())
def test_property_game_1_is_the_plain_two_handed_game_until_it_closes(
    match: tuple[Ruleset, list[HandScore], int | None],
) -> None:
    rules, hands, stop = match
    ledger = fold_what_fits(rules, hands, stop)
    played = [s for s in hands[: ledger.hands] if not is_dead(s)]
    kept = [i for i, s in enumerate(hands[: ledger.hands]) if not is_dead(s)]
    plain = fold_match(played, ledger.game_rules)
    if not plain.games:
        assert ledger.game(1).lines == ()
        return
    first = ledger.game(1)
    expected = plain.games[0]
    assert first.finished == expected.finished
    assert first.tally == expected.tally
    assert [ln.points for ln in first.lines] == [ln.points for ln in expected.lines]
    assert [ln.boxes for ln in first.lines] == [ln.boxes for ln in expected.lines]
    assert [ln.hand_index for ln in first.lines] == [kept[ln.hand_index] for ln in expected.lines]


@settings(max_examples=150, deadline=None)
@given(match_st())
def test_property_folding_a_prefix_agrees_with_the_whole_match(
    match: tuple[Ruleset, list[HandScore], int | None],
) -> None:
    rules, hands, _ = match
    whole = fold_what_fits(rules, hands)
    cut = len(hands) // 2
    part = fold_hollywood(hands[: min(cut, whole.hands)], rules)
    for game in part.finished_games:
        assert whole.game(game.number) == game
    for posting in part.postings:
        assert whole.postings[posting.hand_index] == posting


@settings(max_examples=150, deadline=None)
@given(match_st())
def test_property_swapping_the_players_swaps_every_game(
    match: tuple[Ruleset, list[HandScore], int | None],
) -> None:
    rules, hands, stop = match
    ledger = fold_what_fits(rules, hands, stop)
    swapped = [HandScore(s.points[::-1], s.boxes[::-1]) for s in hands[: ledger.hands]]
    mirror = fold_hollywood(swapped, rules, stop_before=ledger.stop_before)
    assert [g.points[::-1] for g in mirror.games] == [g.points for g in ledger.games]
    assert [g.winner for g in mirror.games] == [
        None if g.winner is None else 1 - g.winner for g in ledger.games
    ]
    assert mirror.totals[::-1] == ledger.totals


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.lists(st.sampled_from([A, B]), max_size=25))
def test_property_kth_win_goes_to_the_first_k_games_while_none_has_closed(
    games: int, winners: list[int]
) -> None:
    """The literal text of §4 (RG-HW, PW, GRC) when no game closes."""
    rules = Ruleset(hollywood=True, hollywood_games=games, hollywood_target=10000)
    ledger = fold_hollywood([win(w, 7) for w in winners], rules)
    wins = {A: 0, B: 0}
    for posting, w in zip(ledger.postings, winners, strict=True):
        wins[w] += 1
        assert posting.games[w] == tuple(range(1, min(wins[w], games) + 1))
        assert posting.games[1 - w] == ()


@settings(max_examples=150, deadline=None)
@given(match_st())
def test_property_settlement_total_is_the_sum_of_the_games(
    match: tuple[Ruleset, list[HandScore], int | None],
) -> None:
    rules, hands, stop = match
    ledger = fold_what_fits(rules, hands, stop)
    s = settle_hollywood(ledger)
    by_game = [sum(g.settlement.nets[seat] for g in s.games) for seat in (A, B)]
    assert list(s.total.nets) == by_game
    assert len(s.games) == len(ledger.finished_games)
