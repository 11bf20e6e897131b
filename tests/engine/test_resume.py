"""A resumed fold equals a fold from scratch: after any run of adds, edits, deletes and
undos on matches of several formats (two-handed, Oklahoma, Hollywood, Cutthroat, Chouette,
Battle Royal, Basic Rummy), :func:`resume` from the previous fold gives the board
:meth:`Format.fold` gives."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.games import find_format
from referee.games.base import Board, Format, StoredHand, Table
from referee.games.presets import get_preset
from referee.games.resume import Folded, changed_from, resume, resume_point

NAMES = ("Ann", "Ben", "Cat", "Dan")

# format name, preset, players, house rules (a low target so games end often)
TABLES: dict[str, tuple[str, str, int, dict[str, Any]]] = {
    "standard": ("two_handed", "american", 2, {"game_target": 60}),
    "oklahoma": ("two_handed", "oklahoma", 2, {"game_target": 80}),
    "hollywood": ("hollywood", "hollywood", 2, {"game_target": 60}),
    "cutthroat": ("cutthroat", "cutthroat", 3, {"game_target": 60}),
    "chouette": ("chouette", "chouette", 3, {"game_target": 60}),
    "battle_royal": ("battle_royal", "battle_royal", 3, {"game_target": 60}),
    "basic_rummy": ("basic_rummy", "basic_rummy", 3, {"game_target": 60}),
    "rum_500": ("rum_500", "rum_500", 3, {"game_target": 60}),
}


def table_of(key: str) -> tuple[Format, Table]:
    name, preset_name, players, rules = TABLES[key]
    fmt, preset = find_format(name), get_preset(preset_name)
    ruleset = fmt.table_rules(preset, preset.rules.with_overrides(**rules), players, rules)
    return fmt, Table(ruleset, NAMES[:players])


@st.composite
def entries(draw: st.DrawFn, key: str) -> dict[str, Any]:
    """One hand as a table might enter it (now and then one the rules refuse)."""
    players = TABLES[key][2]
    seat = st.integers(0, players - 1)
    dealer, knocker = draw(seat), draw(seat)
    if key in ("basic_rummy", "rum_500"):
        points = [draw(st.sampled_from(["_", "0", "5", "12", "30"])) for _ in range(players)]
        points[knocker] = "_"
        melded = {"seat_melded": [draw(st.sampled_from([0, 10, 35])) for _ in range(players)]}
        return {
            **(melded if key == "rum_500" else {}),
            "kind": draw(st.sampled_from(["out", "out", "stalemate"])),
            "entry": "counts",
            "dealer_seat": dealer,
            "knocker_seat": knocker,
            "seat_deadwoods": points,
        }
    fields: dict[str, Any] = {
        "entry": "counts",
        "kind": draw(st.sampled_from(["knock", "knock", "gin", "dead"])),
        "dealer_seat": dealer,
        "knocker_seat": knocker,
        "knocker_deadwood": draw(st.sampled_from([0, 1, 3, 7, 9, 12])),
        "defender_deadwood": draw(st.sampled_from([0, 2, 5, 15, 40])),
    }
    if fields["kind"] == "gin":
        fields["knocker_deadwood"] = 0
    if fields["kind"] == "dead":
        fields["knocker_seat"] = None
    if key == "oklahoma":
        fields["upcard"] = draw(st.sampled_from(["5H", "AS", "KD", "9C", "2S"]))
    if key == "cutthroat":
        fields["sitting_out_seat"] = draw(seat)
    if key == "chouette":
        fields["captain_seat"] = draw(seat)
    if key == "battle_royal":
        fields["seat_deadwoods"] = [draw(st.sampled_from(["0", "4", "15", "30"])) for _ in range(3)]
    return fields


@st.composite
def scripts(draw: st.DrawFn, key: str) -> tuple[str, list[tuple[str, int, dict[str, Any]]]]:
    """A run of changes to a match at the table ``key``: (what, where, the entry)."""
    steps = draw(
        st.lists(
            st.tuples(
                st.sampled_from(["add", "add", "add", "add", "edit", "delete", "undo"]),
                st.integers(0, 10_000),
                entries(key),
            ),
            min_size=1,
            max_size=30,
        )
    )
    return key, steps


def picture(fmt: Format, board: Board) -> Any:
    """Everything a page or the API shows of a board."""
    return (
        fmt.match_json(board),
        [fmt.hand_json(board, line) for line in board.lines],
        [
            (line.number, line.row, line.summary, line.seating_text, line.error, line.totals)
            for line in board.lines
        ],
        board.next,
        board.over,
        board.headline,
    )


@pytest.mark.parametrize("key", sorted(TABLES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_resumed_fold_equals_a_fold_from_scratch(key: str, data: st.DataObject) -> None:
    _, steps = data.draw(scripts(key))
    fmt, table = table_of(key)
    hands: list[StoredHand] = []
    history: list[list[StoredHand]] = []
    folded = Folded((), fmt.fold([], table))
    next_id = 1
    for what, where, fields in steps:
        before = list(hands)
        if what == "add":
            hands.append(StoredHand(fmt.normalise(fields), next_id))
            next_id += 1
        elif what == "edit" and hands:
            at = where % len(hands)
            hands[at] = StoredHand(fmt.normalise(fields), hands[at].row)
        elif what == "delete" and hands:
            del hands[where % len(hands)]
        elif what == "undo" and history:
            hands = history.pop()
            before = []  # an undo is not itself undone
        if before or what != "undo":
            history.append(before)
        board = resume(fmt, table, hands, folded)
        assert picture(fmt, board) == picture(fmt, fmt.fold(hands, table))
        folded = Folded(tuple(hands), board)


def test_a_new_hand_folds_from_the_game_in_play() -> None:
    fmt, table = table_of("standard")

    def knock(n: int, k: int, d: int) -> StoredHand:
        values = {"entry": "counts", "kind": "knock", "knocker_seat": 0, "dealer_seat": 1}
        return StoredHand(
            fmt.normalise({**values, "knocker_deadwood": k, "defender_deadwood": d}), n
        )

    hands = [knock(1, 2, 60), knock(2, 2, 60), knock(3, 1, 10)]  # game 1 ends on hand 2
    previous = Folded(tuple(hands), fmt.fold(hands, table))
    after = [*hands, knock(4, 3, 20)]
    assert fmt.boundaries(previous.board) == [0, 2]
    assert changed_from(previous.hands, after) == 3
    assert resume_point(fmt, previous, after) == 2
    board = resume(fmt, table, after, previous)
    assert board.lines[:2] == previous.board.lines[:2]  # game 1 was not folded again
    assert board.lines[0] is previous.board.lines[0]
    assert picture(fmt, board) == picture(fmt, fmt.fold(after, table))
    assert resume(fmt, table, after, Folded(tuple(after), board)) is board
