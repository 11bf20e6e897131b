"""Who may write: holders of a match's edit token (sent as ``X-Edit-Token`` to the API, or
proven by this browser's signed session, which keeps a proof of the right, never the token).
Reading needs only the view link."""

from __future__ import annotations

import hmac
from typing import Protocol

from flask import abort, current_app, g, request, session, url_for
from sqlalchemy.exc import SQLAlchemyError

from referee.models import Club, Match, db, hash_token
from referee.sealing import is_proof, proof
from referee.services.matches import Actor


class Linked(Protocol):
    """What has a view link and a secret edit link: a match, a club."""

    view_id: str
    edit_token_hash: str

    def check_edit_token(self, token: str | None) -> bool: ...

    def edit_token(self) -> str | None: ...

    def seal_edit_token(self, token: str) -> None: ...


def _key(thing: Linked) -> str:
    """Where this browser keeps the thing's edit token (a club's beside the matches')."""
    return str(getattr(thing, "session_prefix", "")) + thing.view_id


def load_match(view_id: str) -> Match:
    match = Match.by_view_id(view_id)
    if match is None or match.deleted_at is not None:
        abort(404)
    g.currency = match.currency  # every amount on the page is shown in it
    return match


def _secrets() -> list[str | bytes]:
    """The secret key, then any older ones still accepted (Flask's ``SECRET_KEY_FALLBACKS``)."""
    config = current_app.config
    return [config["SECRET_KEY"], *(config.get("SECRET_KEY_FALLBACKS") or [])]


def _proof(thing: Linked, secret: str | bytes | None = None) -> str:
    return proof(secret or _secrets()[0], _key(thing), thing.edit_token_hash)


def _held(thing: Linked) -> str | None:
    held = session.get("edit") or {}
    value = held.get(_key(thing)) if isinstance(held, dict) else None
    return value if isinstance(value, str) else None


def can_edit(thing: Linked) -> bool:
    """This browser holds the thing's current edit right, or (for a match of a club) the
    club's: a club's scorers enter and change its matches' hands. A held right is a proof
    in the cookie made for the thing's present token (a replaced link, or another secret key,
    makes it worthless); a cookie from before proofs still holds the token itself (see
    :func:`upgrade_cookie`)."""
    if _holds(thing):
        return True
    club = club_of(thing)
    return club is not None and _holds(club)


def club_of(thing: Linked) -> Club | None:
    """The club whose edit right also opens ``thing`` (a match of that club), if any."""
    club_id = getattr(thing, "club_id", None) if isinstance(thing, Match) else None
    return db.session.get(Club, club_id) if club_id is not None else None


def _holds(thing: Linked) -> bool:
    value = _held(thing)
    if value is None:
        return False
    if not is_proof(value):
        return thing.check_edit_token(value)
    return any(hmac.compare_digest(value, _proof(thing, secret)) for secret in _secrets())


def session_token(thing: Linked) -> str | None:
    """The edit token, to show the link to a browser that holds the right (None when the
    server cannot show it: a match whose link no browser has claimed since seals were kept,
    or sealed under another secret key)."""
    return thing.edit_token() if can_edit(thing) else None


def require_edit(match: Linked) -> None:
    if not can_edit(match):
        db.session.rollback()
        abort(403)


def remember(thing: Linked, token: str) -> None:
    """Keep the edit right in this browser (newest last; the oldest fall off past the cap):
    a proof, not the token, so it cannot be read out of the cookie and passed on. The server
    keeps the token sealed so it can show the link to this browser later."""
    if not thing.check_edit_token(token):
        return
    if thing.edit_token() != token:
        _seal(thing, token)
    tokens = dict(session.get("edit") or {})
    tokens.pop(_key(thing), None)
    tokens[_key(thing)] = _proof(thing)
    cap = current_app.config["REMEMBERED_MATCHES"]
    while len(tokens) > cap:
        tokens.pop(next(iter(tokens)))
    session["edit"] = tokens
    session.permanent = True


def _seal(thing: Linked, token: str) -> None:
    """Keep the token sealed beside its hash, if the database takes it now (a page read on
    SQLite may find another worker's write lock): the link can be sealed another time, and
    the edit right does not depend on it."""
    try:
        thing.seal_edit_token(token)
        db.session.commit()
    except SQLAlchemyError:
        db.session.rollback()


def upgrade_cookie() -> None:
    """A cookie from before proofs keeps edit tokens in clear: each becomes its proof, and a
    token still current is sealed beside its match or club (so the link can be shown), on the
    first request that brings it. No scorer loses a right; a stale token stays stale."""
    held = session.get("edit")
    if not isinstance(held, dict) or all(is_proof(v) for v in held.values()):
        return
    upgraded: dict[str, str] = {}
    for key, value in held.items():
        if not isinstance(key, str) or not isinstance(value, str):
            continue
        if is_proof(value):
            upgraded[key] = value
            continue
        club = key.startswith(Club.session_prefix)
        view_id = key.removeprefix(Club.session_prefix) if club else key
        thing = (Club if club else Match).by_view_id(view_id)
        if thing is not None and thing.check_edit_token(value):
            if thing.edit_token() is None:
                _seal(thing, value)
            upgraded[key] = _proof(thing)
        else:  # gone, or its link replaced since: a proof that proves nothing, still listed
            upgraded[key] = proof(_secrets()[0], key, hash_token(value))
    session["edit"] = upgraded


def forget(match: Linked) -> None:
    """Sign this browser out of the match: it keeps no edit right for it."""
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
