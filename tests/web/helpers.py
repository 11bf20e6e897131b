"""Helpers for driving the web app as a phone would: forms with their CSRF tokens, matches."""

from __future__ import annotations

import re
from typing import Any

_CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def csrf_from(html: str) -> str:
    match = _CSRF.search(html)
    assert match, "the page has no CSRF token"
    return match.group(1)


def form_values(html: str) -> dict[str, str]:
    """What the page's inputs would send untouched: hidden, text and number inputs and the
    checked radios (the first of each name wins)."""
    values = {}
    for tag in re.findall(r"<input[^>]*>", html):
        attrs = dict(re.findall(r'([a-z_-]+)="([^"]*)"', tag))
        if attrs.get("type") in ("hidden", "text", "number", None) and "name" in attrs:
            values.setdefault(attrs["name"], attrs.get("value", ""))
        if attrs.get("type") == "radio" and "checked" in tag and "name" in attrs:
            values.setdefault(attrs["name"], attrs.get("value", ""))
    return values


def rule_form_data(preset: str = "american", **overrides: Any) -> dict[str, str]:
    """The new-match form's house-rule fields as a browser sends them for ``preset``."""
    from referee.forms import RULE_PREFIX, rule_text
    from referee.games.presets import get_preset

    data: dict[str, str] = {}
    rules = get_preset(preset).rules.to_dict() | overrides
    for name, value in rules.items():
        if isinstance(value, bool):
            if value:
                data[RULE_PREFIX + name] = "y"
        else:
            data[RULE_PREFIX + name] = rule_text(value)
    return data


HAND_WRITES = [
    ("GET", "/m/{v}/hands/new"),
    ("POST", "/m/{v}/hands/new"),
    ("GET", "/m/{v}/hands/{h}/edit"),
    ("POST", "/m/{v}/hands/{h}/edit"),
    ("POST", "/m/{v}/hands/{h}/delete"),
    ("POST", "/m/{v}/undo"),
    ("POST", "/m/{v}/redo"),
]
"""The pages that enter, change or undo a hand: each needs the match's edit token."""


def new_match_data(
    client: Any,
    page: str,
    names: tuple[str, ...],
    preset: str,
    stake: str,
    **rules: Any,
) -> dict[str, str]:
    """What a new-match page (``/new`` or ``/new/three``) posts for these players and rules."""
    form = client.get(page)
    return {
        "csrf_token": csrf_from(form.get_data(as_text=True)),
        **{f"player_{seat}": name for seat, name in enumerate(names)},
        "preset": preset,
        "rules_from": preset,
        "stake_per_point": stake,
        **rule_form_data(preset, **rules),
    }


def start_match(
    client: Any,
    names: tuple[str, ...] = ("Ann", "Ben"),
    preset: str = "american",
    stake: str = "0.10",
    **rules: Any,
) -> str:
    """Start a match through the new-match form; returns its view id (this client may edit)."""
    data = new_match_data(client, "/new", names, preset, stake, **rules)
    response = client.post("/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rstrip("/").split("/")[-1]


def open_edit_link(client: Any, link: str) -> Any:
    """Open a match's edit link on a phone as its page does: the token after "#" never reaches
    the server, so the page posts it (links with the token in the path are simply opened)."""
    if "#" not in link:
        return client.get(link)
    page, token = link.split("#", 1)
    form = client.get(page)
    assert form.status_code == 200, form.status_code
    return client.post(
        page, data={"csrf_token": csrf_from(form.get_data(as_text=True)), "token": token}
    )


def api_match(
    client: Any, names: tuple[str, ...] = ("Ann", "Ben"), preset: str = "american", **extra: Any
) -> tuple[str, str]:
    """Start a match through the API; returns (id, edit token)."""
    body = {"players": list(names), "preset": preset, **extra}
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return data["id"], data["edit_token"]


def hand_form(client: Any, url: str) -> dict[str, str]:
    """GET a hand form and return what it would post untouched (hidden fields, checked radios)."""
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return form_values(response.get_data(as_text=True))


def add_quick(
    client: Any,
    view_id: str,
    knocker: int | None = 0,
    kind: str = "knock",
    k: int | str | None = 5,
    d: int | str | None = 20,
    **extra: Any,
) -> Any:
    """Enter a hand by counts through the form, as one tap on Save."""
    data = hand_form(client, f"/m/{view_id}/hands/new")
    data.update(entry="counts", kind=kind, save="Save hand")
    if kind != "dead" and knocker is not None:
        data["knocker_seat"] = str(knocker)
    if k is not None:
        data["knocker_deadwood"] = str(k)
    if d is not None:
        data["defender_deadwood"] = str(d)
    data.update({key: str(value) for key, value in extra.items()})
    return client.post(f"/m/{view_id}/hands/new", data=data)
