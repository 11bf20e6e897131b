"""The edit link keeps its token out of server logs and history (it rides in the fragment
and the page posts it); old links with the token in the path still work; a phone can sign
itself out, and a scorer can replace the link so the old one stops working everywhere."""

from __future__ import annotations

import re
from typing import Any

from tests.web.helpers import api_match, csrf_from, start_match


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
    response = client.get(f"/m/{view_id}")
    cookie = response.headers["Set-Cookie"]
    expires = parsedate_to_datetime(re.search(r"Expires=([^;]+)", cookie).group(1))
    days = (expires - dt.datetime.now(dt.UTC)).days
    assert 88 <= days <= 90
