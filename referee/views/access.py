"""Who may write: holders of a match's edit token (kept in this browser's signed session, or
sent as ``X-Edit-Token`` to the API). Reading needs only the view link."""

from __future__ import annotations

from typing import Protocol

from flask import abort, current_app, g, request, session, url_for

from referee.models import Match, db
from referee.services.matches import Actor


class Linked(Protocol):
    """What has a view link and a secret edit link: a match, a club."""

    view_id: str

    def check_edit_token(self, token: str | None) -> bool: ...


def _key(thing: Linked) -> str:
    """Where this browser keeps the thing's edit token (a club's beside the matches')."""
    return str(getattr(thing, "session_prefix", "")) + thing.view_id


def load_match(view_id: str) -> Match:
    match = Match.by_view_id(view_id)
    if match is None or match.deleted_at is not None:
        abort(404)
    g.currency = match.currency  # every amount on the page is shown in it
    return match


def session_token(match: Linked) -> str | None:
    tokens = session.get("edit") or {}
    token = tokens.get(_key(match)) if isinstance(tokens, dict) else None
    return token if isinstance(token, str) else None


def can_edit(match: Linked) -> bool:
    return match.check_edit_token(session_token(match))


def require_edit(match: Linked) -> None:
    if not can_edit(match):
        db.session.rollback()
        abort(403)


def remember(match: Linked, token: str) -> None:
    """Keep the edit token in this browser (newest last; the oldest fall off past the cap)."""
    tokens = dict(session.get("edit") or {})
    tokens.pop(_key(match), None)
    tokens[_key(match)] = token
    cap = current_app.config["REMEMBERED_MATCHES"]
    while len(tokens) > cap:
        tokens.pop(next(iter(tokens)))
    session["edit"] = tokens
    session.permanent = True


def forget(match: Linked) -> None:
    """Sign this browser out of the match: it keeps no edit token for it."""
    tokens = dict(session.get("edit") or {})
    if tokens.pop(_key(match), None) is not None:
        session["edit"] = tokens


def claim_url(match: Match, token: str) -> str:
    """The secret edit link: the token rides in the URL's fragment, which browsers never
    send to the server (so no server or proxy log and no Referer holds it); the page reads it
    and posts it. ``/m/<id>/edit/<token>`` links made before keep working."""
    return url_for("matches.claim_page", view_id=match.view_id, _external=True) + "#" + token


def token_from(text: str) -> str:
    """The token in what a scorer pasted: the whole link (either form) or the token alone.

    >>> token_from("https://x/m/abc/edit#T0k")
    'T0k'
    >>> token_from(" https://x/m/abc/edit/T0k ")
    'T0k'
    >>> token_from("T0k")
    'T0k'
    """
    text = text.strip()
    if "#" in text:
        return text.rsplit("#", 1)[1]
    return text.rstrip("/").rsplit("/", 1)[-1]


def editable_ids() -> set[str]:
    tokens = session.get("edit") or {}
    return set(tokens) if isinstance(tokens, dict) else set()


def web_actor() -> Actor:
    """The change log's "who": the scorer's name when this browser gave one, else its device."""
    agent = request.headers.get("User-Agent", "")
    kind = "phone" if "Mobile" in agent else "browser"
    device = f"{kind} {session.get('device', '?')}"
    scorer = session.get("scorer")
    return Actor("web", f"{scorer} ({device})" if scorer else device)


def remember_scorer(name: str) -> None:
    session["scorer"] = " ".join(name.split())[:40] or None
