"""A club's matches read in bulk (their rows in a few queries, no ORM objects) fold to the
same boards and the same statistics as each match read on its own, for every format."""

from __future__ import annotations

from sqlalchemy import select

from referee.models import Match, db
from referee.services import board as board_service
from referee.services import stats as stats_service
from tests.web.every_format import SAMPLES, play


def test_the_bulk_read_folds_every_format_as_the_match_page_does(client, app):
    for name in SAMPLES:
        play(client, name, delete_second=True)
    with app.app_context():
        matches = list(db.session.scalars(select(Match).order_by(Match.id)))
        assert len(matches) == len(SAMPLES)
        app.extensions.pop("referee.folds", None)
        many = board_service.build_many([m.id for m in matches])
        app.extensions.pop("referee.folds", None)
        for match in matches:
            head, board = many[match.id]
            alone = board_service.build(match)
            assert board is not alone  # folded twice, not read from one cache
            assert head.revision == match.revision and head.variant == match.variant
            assert [line.totals for line in board.lines] == [line.totals for line in alone.lines]
            assert [line.values for line in board.lines] == [line.values for line in alone.lines]
            assert [line.row for line in board.lines] == [line.row for line in alone.lines]
            assert board.standing == alone.standing and board.over == alone.over
            assert stats_service.facts_from(head, board) == stats_service.facts_of(match)


def test_a_bulk_read_reuses_the_kept_folds(client, app):
    view_id, _ = play(client, "two_handed")
    with app.app_context():
        match = Match.by_view_id(view_id)
        assert match is not None
        kept = board_service.build(match)
        assert board_service.build_many([match.id])[match.id][1] is kept
