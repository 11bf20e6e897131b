"""The ladder's ratings: a win never lowers the winner's rating (any table, any teams), a
replay after a change equals a replay from scratch, and the club's ladder follows an edit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.services import ratings
from referee.services.ratings import MU, SIGMA, Event, Replayer, rate, replay
from tests.web.every_format import gin, knock
from tests.web.test_clubs import friday

prior = st.tuples(st.floats(0, 50), st.floats(0.5, 9))


@st.composite
def games(draw: st.DrawFn, players: int = 8) -> Event:
    """A finished game: two to six sides of one or two different players, one side won."""
    size = draw(st.integers(1, 2))
    count = draw(st.integers(2, 6 if size == 1 else 4))
    members = draw(st.permutations(range(players)))[: count * size]
    sides = tuple(tuple(members[i * size : (i + 1) * size]) for i in range(count))
    winner = draw(st.integers(0, count - 1))
    won = tuple(i == winner for i in range(count))
    return Event((str(sides), str(won)), sides, won)


@settings(max_examples=60, deadline=None)
@given(game=games(), before=st.dictionaries(st.integers(0, 7), prior))
def test_a_win_never_lowers_the_winners_rating(game, before):
    after = rate(before, game)
    for side, won in zip(game.sides, game.won, strict=True):
        for member in side:
            mu0, sigma0 = before.get(member, (MU, SIGMA))
            mu1, sigma1 = after[member]
            assert sigma1 <= sigma0 + 1e-9
            if won:
                assert mu1 >= mu0 - 1e-9
                assert mu1 - 3 * sigma1 >= mu0 - 3 * sigma0 - 1e-9


@settings(max_examples=25, deadline=None)
@given(
    history=st.lists(games(), min_size=1, max_size=40),
    edit=st.data(),
)
def test_a_replay_after_an_edit_equals_a_replay_from_scratch(history, edit):
    keeper = Replayer(every=4)  # short histories cross several snapshots
    assert keeper.ladder(1, history)[0] == replay(history)
    at = edit.draw(st.integers(0, len(history) - 1))
    changed = list(history)
    if edit.draw(st.booleans()):
        changed[at] = edit.draw(games())
    else:
        del changed[at]
    assert keeper.ladder(1, changed)[0] == replay(changed)


def test_the_club_ladder_ranks_the_winner_first(client):
    club, _, _ = friday(client)
    ladder = client.get(f"/api/v1/clubs/{club}/ladder").get_json()["ladder"]
    assert [r["name"] for r in ladder] == ["Ann", "Ben", "Cat"]
    ann, ben, cat = ladder
    assert ann["games"] == ben["games"] == 1 and cat["games"] == 0
    assert ann["mu"] > 25 > ben["mu"] and ann["sigma"] < 8.34
    assert cat["rating"] == round(MU - 3 * SIGMA, 2)
    html = client.get(f"/c/{club}/ladder").get_data(as_text=True)
    assert html.index("Ann") < html.index("Ben") and "± " in html
    assert "A win never lowers" in client.get("/ratings").get_data(as_text=True)


def test_an_edit_turns_the_ladder_round(client):
    from tests.web.test_clubs import hands, make_club, start

    club, token = make_club(client, "Ann", "Ben")
    match, match_token = start(client, club, token, ["Ann", "Ben"], "american")
    ids = hands(client, match, match_token, gin("Ann", 80), knock("Ben", 2, 3))
    first = client.get(f"/api/v1/clubs/{club}/ladder").get_json()["ladder"]
    assert [r["name"] for r in first] == ["Ann", "Ben"]
    response = client.patch(
        f"/api/v1/matches/{match}/hands/{ids[0]}",
        json={"knocker": "Ben", "version": 1},
        headers={"X-Edit-Token": match_token},
    )
    assert response.status_code == 200, response.get_json()
    after = client.get(f"/api/v1/clubs/{club}/ladder").get_json()["ladder"]
    assert [r["name"] for r in after] == ["Ben", "Ann"]
    with client.application.app_context():
        ratings.replayer().forget()
    assert client.get(f"/api/v1/clubs/{club}/ladder").get_json()["ladder"] == after
