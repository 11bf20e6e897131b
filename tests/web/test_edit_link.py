"""The edit link keeps its token out of server logs and history (it rides in the fragment
and the page posts it); old links with the token in the path still work; a phone can sign
itself out, and a scorer can replace the link so the old one stops working everywhere."""

from __future__ import annotations

import re
from typing import Any

from tests.web.helpers import api_match, csrf_from, start_match

NAVIGATE = {"Sec-Fetch-Mode": "navigate"}  # what a browser sends when it opens a page


def text(response: Any) -> str:
    return response.get_data(as_text=True)


def _claim(client: Any, link: str) -> Any:
    page, token = link.split("#")
    form = client.get(page)
    assert form.status_code == 200
    assert token not in text(form)
    return client.post(page, data={"csrf_token": csrf_from(text(form)), "token": token})


def _link(client: Any, view_id: str) -> str:
    page = text(client.get(f"/m/{view_id}/link"))
    match = re.search(r'value="([^"]+)" aria-label="edit link"', page)
    assert match is not None
    return match.group(1)


def test_the_page_claims_the_token_from_the_fragment(client: Any, other_client: Any) -> None:
    data = client.post("/api/v1/matches", json={"players": ["Ann", "Ben"]}).get_json()
    assert "#" in data["edit_url"] and "/edit/" not in data["edit_url"]
    response = _claim(other_client, data["edit_url"])
    assert response.status_code == 302
    assert "Enter hand 1" in text(other_client.get(f"/m/{data['id']}"))


def test_a_pasted_link_or_token_works_and_a_wrong_one_is_refused(
    client: Any, other_client: Any
) -> None:
    view_id, token = api_match(client)
    page = f"/m/{view_id}/edit"
    csrf = csrf_from(text(other_client.get(page)))
    wrong = other_client.post(page, data={"csrf_token": csrf, "token": "x" * 43})
    assert wrong.status_code == 403
    assert "not this match" in text(wrong)
    pasted = f"https://referee.test/m/{view_id}/edit#{token}"
    assert other_client.post(page, data={"csrf_token": csrf, "token": pasted}).status_code == 302
    assert other_client.get(f"/m/{view_id}/link").status_code == 200


def test_old_links_with_the_token_in_the_path_still_work(client: Any, other_client: Any) -> None:
    view_id, token = api_match(client)
    assert other_client.get(f"/m/{view_id}/edit/{token}").status_code == 302
    assert other_client.get(f"/m/{view_id}/link").status_code == 200


def test_sign_this_phone_out(client: Any) -> None:
    view_id = start_match(client)
    page = text(client.get(f"/m/{view_id}/link"))
    response = client.post(f"/m/{view_id}/forget", data={"csrf_token": csrf_from(page)})
    assert response.status_code == 302
    assert client.get(f"/m/{view_id}/link").status_code == 403
    assert "Enter hand 1" not in text(client.get(f"/m/{view_id}"))


def test_replacing_the_link_shuts_out_the_old_one(client: Any, other_client: Any) -> None:
    view_id = start_match(client)
    old = _link(client, view_id)
    assert _claim(other_client, old).status_code == 302  # a second scorer's phone
    page = text(client.get(f"/m/{view_id}/link"))
    response = client.post(f"/m/{view_id}/link/replace", data={"csrf_token": csrf_from(page)})
    assert response.status_code == 302
    new = _link(client, view_id)
    assert new != old
    assert other_client.get(f"/m/{view_id}/link").status_code == 403  # its token is stale
    assert _claim(other_client, old).status_code == 403
    assert _claim(other_client, new).status_code == 302


def test_replacing_needs_the_link_and_a_form(client: Any, other_client: Any) -> None:
    view_id = start_match(client)
    csrf = csrf_from(text(other_client.get("/new")))
    refused = other_client.post(f"/m/{view_id}/link/replace", data={"csrf_token": csrf})
    assert refused.status_code == 403
    assert client.post(f"/m/{view_id}/link/replace").status_code == 400


def test_a_phone_keeps_its_edit_links_for_90_days_after_its_last_visit(client: Any) -> None:
    import datetime as dt
    from email.utils import parsedate_to_datetime

    page = client.get("/new")
    assert page.status_code == 200
    view_id = start_match(client)
    with client.session_transaction() as session:
        session["renewed"] = 0  # last renewed long ago
    response = client.get(f"/m/{view_id}", headers=NAVIGATE)
    cookie = response.headers["Set-Cookie"]
    expires = parsedate_to_datetime(re.search(r"Expires=([^;]+)", cookie).group(1))
    days = (expires - dt.datetime.now(dt.UTC)).days
    assert 88 <= days <= 90


def _cookie(client: Any) -> str:
    cookie = client.get_cookie("session", domain="referee.test")
    assert cookie is not None
    return str(cookie.value)


def _contents(app: Any, cookie: str) -> dict[str, Any]:
    serializer = app.session_interface.get_signing_serializer(app)
    return dict(serializer.loads(cookie))


def test_the_cookie_holds_a_proof_never_the_token(app: Any, client: Any) -> None:
    view_id, token = api_match(client)
    assert client.get(f"/m/{view_id}/edit/{token}").status_code == 302
    cookie = _cookie(client)
    assert token not in cookie
    held = _contents(app, cookie)["edit"][view_id]
    assert held != token and token not in str(_contents(app, cookie))
    assert _link(client, view_id).endswith("#" + token)  # the server can still show it
    assert "Enter hand 1" in text(client.get(f"/m/{view_id}"))


def test_a_cookie_from_before_proofs_is_upgraded_and_keeps_its_right(
    app: Any, client: Any, other_client: Any
) -> None:
    from referee.models import Match, db

    view_id, token = api_match(client)
    stale_view, stale_token = api_match(client)
    with app.app_context():  # both made before seals were kept
        for match in db.session.scalars(db.select(Match)):
            match.edit_token_sealed = None
        db.session.commit()
    old_style = {view_id: token, stale_view: "x" * 43}
    with other_client.session_transaction() as session:
        session["edit"] = old_style
        session.permanent = True
    home = other_client.get("/")
    assert home.status_code == 200
    held = _contents(app, _cookie(other_client))["edit"]
    assert set(held) == set(old_style)  # both still listed as this browser's
    assert token not in str(held) and "x" * 43 not in str(held)
    assert "Enter hand 1" in text(other_client.get(f"/m/{view_id}"))
    assert _link(other_client, view_id).endswith("#" + token)  # sealed on the way
    assert other_client.get(f"/m/{stale_view}/link").status_code == 403
    assert stale_token not in str(held)


def test_a_proof_is_worth_nothing_for_another_match_or_after_a_new_secret_key(
    app: Any, client: Any
) -> None:
    mine = start_match(client)
    theirs = start_match(client)
    with client.session_transaction() as session:
        proofs = dict(session["edit"])
        session["edit"] = {theirs: proofs[mine]}
    assert client.get(f"/m/{theirs}/hands/new").status_code == 403
    with client.session_transaction() as session:
        session["edit"] = proofs
    assert client.get(f"/m/{mine}/hands/new").status_code == 200
    app.config["SECRET_KEY_FALLBACKS"] = [app.config["SECRET_KEY"]]
    app.config["SECRET_KEY"] = "a new key " + "k" * 40
    fresh = app.test_client()
    with fresh.session_transaction() as session:
        session["edit"] = proofs  # signed with the new key, proofs made with the old one
    assert fresh.get(f"/m/{mine}/hands/new").status_code == 200  # the old key still accepted
    assert _link(fresh, mine)  # and its seal still opens
    app.config["SECRET_KEY_FALLBACKS"] = []
    assert fresh.get(f"/m/{mine}/hands/new").status_code == 403


def test_an_answer_to_a_request_sent_before_a_claim_does_not_undo_it(
    app: Any, client: Any, other_client: Any
) -> None:
    view_id, token = api_match(client)
    other_client.get(f"/m/{view_id}", headers=NAVIGATE)
    before = _cookie(other_client)  # what requests still in flight carry
    assert other_client.get(f"/m/{view_id}/edit/{token}").status_code == 302
    after = _cookie(other_client)
    assert view_id in _contents(app, after)["edit"]
    stale = app.test_client(use_cookies=False)
    for path in (
        "/static/app.css",
        "/sw.js",
        f"/m/{view_id}",
        f"/m/{view_id}/hands/new",
        f"/api/v1/matches/{view_id}",
        "/",
    ):
        response = stale.get(path, headers={"Cookie": f"session={before}"})
        assert response.status_code < 500, path
        assert "Set-Cookie" not in response.headers, path
    assert "Enter hand 1" in text(other_client.get(f"/m/{view_id}"))


def test_the_cookie_is_renewed_once_a_day_by_a_page_the_browser_opens(client: Any) -> None:
    view_id = start_match(client)
    client.get(f"/m/{view_id}")  # listed among this browser's matches
    with client.session_transaction() as session:
        session["renewed"] = 0
    assert "Set-Cookie" not in client.get(f"/m/{view_id}").headers  # a script's fetch
    assert "Set-Cookie" not in client.get("/static/app.css").headers
    assert "Set-Cookie" in client.get(f"/m/{view_id}", headers=NAVIGATE).headers
    assert "Set-Cookie" not in client.get(f"/m/{view_id}", headers=NAVIGATE).headers  # same day


def test_a_link_the_server_cannot_unseal_is_not_shown_wrong(app: Any, client: Any) -> None:
    from referee.models import Match, db

    view_id = start_match(client)
    with app.app_context():
        match = db.session.scalar(db.select(Match).where(Match.view_id == view_id))
        match.edit_token_sealed = "1.sealed-under-another-key"
        db.session.commit()
    page = client.get(f"/m/{view_id}/link")
    assert page.status_code == 200
    assert 'data-testid="no-link"' in text(page)
    assert "/edit#" not in text(page)
