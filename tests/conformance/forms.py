"""What a browser posts: a page's form with its pre-filled values, as sent untouched, and the
hand form's check-then-save (the ruling shown, then saved with the digest of what was checked).
"""

from __future__ import annotations

import html
import re
from typing import Any

_TAG = re.compile(r"<(input|select|textarea)\b([^>]*)>(.*?</\1>)?", re.S)
_ATTR = re.compile(r'([a-z_:-]+)(?:="([^"]*)")?')
_OPTION = re.compile(r"<option\b([^>]*)>", re.S)


def _attrs(text: str) -> dict[str, str]:
    return {k: html.unescape(v or "") for k, v in _ATTR.findall(text)}


def browser_form(page: str) -> dict[str, str]:
    """What the page's fields send untouched: text, number and hidden inputs, checked boxes
    and radios, each select's selected option (or its first), textareas (the first field of a
    name wins; buttons are left out)."""
    values: dict[str, str] = {}
    for tag, attrs_text, body in _TAG.findall(page):
        attrs = _attrs(attrs_text)
        name = attrs.get("name")
        if not name or "disabled" in attrs or name in values:
            continue
        kind = attrs.get("type", "text")
        if tag == "select":
            options = [_attrs(o) for o in _OPTION.findall(body)]
            chosen = [o for o in options if "selected" in o] or options[:1]
            if chosen:
                values[name] = chosen[0].get("value", "")
        elif tag == "textarea":
            values[name] = html.unescape(re.sub(r"</textarea>$", "", body))
        elif kind in ("checkbox", "radio"):
            if "checked" in attrs:
                values[name] = attrs.get("value", "on")
        elif kind not in ("submit", "button", "reset", "file", "image"):
            values[name] = attrs.get("value", "")
    return values


def typed_over(defaults: dict[str, str], typed: dict[str, str]) -> dict[str, str]:
    """The form as sent after typing ``typed`` over what the page filled in."""
    return {**defaults, **typed}


_CHECKED = re.compile(r'<input[^>]*name="checked"[^>]*>')


def checked_digest(page: str) -> str:
    """The digest of the checked hand the ruling page carries for its save."""
    for tag in _CHECKED.findall(page):
        value = _attrs(tag).get("value", "")
        if value:
            return value
    raise AssertionError("the ruling page has no digest of the checked hand")


def checked_form(client: Any, url: str, typed: dict[str, str]) -> dict[str, str]:
    """Type a hand into its form and check its ruling as a scorer does before saving; returns
    the form as its Save button sends it (with the digest of what was checked)."""
    page = client.get(url)
    assert page.status_code == 200, (url, page.status_code)
    data = typed_over(browser_form(page.get_data(as_text=True)), typed)
    data.pop("save", None)
    checked = client.post(url, data={**data, "check": "Check the ruling"})
    assert checked.status_code == 200, (url, typed, _problem(checked))
    return {**data, "checked": checked_digest(checked.get_data(as_text=True)), "save": "Save"}


def _problem(response: Any) -> str:
    """A refused form's error summary, for the assertion's message."""
    text = response.get_data(as_text=True)
    found = re.search(r'data-testid="error-summary"(.*?)</section>', text, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1) if found else text[:800]).split())
