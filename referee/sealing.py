"""Keyed proofs and sealed secrets under the app's secret key, with the standard library only.

Why: a browser's session cookie is signed, not encrypted, so anything in it can be read out
of it. It therefore holds only a *proof* of an edit right (:func:`proof`), never the edit
token itself; the token is kept *sealed* beside its hash (:func:`seal`) so the server can
show a scorer the link they hold, and a copy of the database alone does not give it away.

The seal is encrypt-then-MAC: HMAC-SHA256 as a pseudo-random function in counter mode for the
key stream, and HMAC-SHA256 over the nonce and the ciphertext as the tag. Both keys are
derived from the secret key with their own label, so no key serves two purposes.

>>> sealed = seal("k", "my token")
>>> unseal("k", sealed), unseal("another key", sealed)
('my token', None)
>>> proof("k", "m:abc", "hash") == proof("k", "m:abc", "hash") != proof("k", "m:abd", "hash")
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

_VERSION = "1."
_NONCE = 16
_TAG = 16


def _key(secret: str | bytes, label: str) -> bytes:
    raw = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(raw, b"gin-referee/" + label.encode(), hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        return None


def proof(secret: str | bytes, subject: str, digest: str) -> str:
    """What a browser keeps to show it holds ``subject``'s edit right while its token's hash
    is ``digest``: a new hash (the link replaced) or another secret key makes it worthless."""
    mac = hmac.new(_key(secret, "edit-proof"), f"{subject}\n{digest}".encode(), hashlib.sha256)
    return _VERSION + _b64(mac.digest()[:_TAG])


def is_proof(value: object) -> bool:
    """A proof (tokens, url-safe base64 without dots, never start with ``1.``)."""
    return isinstance(value, str) and value.startswith(_VERSION)


def _stream(key: bytes, nonce: bytes, size: int) -> bytes:
    blocks = (size + 31) // 32
    return b"".join(
        hmac.new(key, nonce + i.to_bytes(4, "big"), hashlib.sha256).digest() for i in range(blocks)
    )[:size]


def seal(secret: str | bytes, text: str) -> str:
    """``text`` encrypted and authenticated under ``secret`` (a fresh nonce each time)."""
    nonce = secrets.token_bytes(_NONCE)
    data = text.encode()
    body = bytes(
        a ^ b for a, b in zip(data, _stream(_key(secret, "seal"), nonce, len(data)), strict=True)
    )
    tag = hmac.new(_key(secret, "seal-tag"), nonce + body, hashlib.sha256).digest()[:_TAG]
    return _VERSION + _b64(nonce + body + tag)


def unseal(secret: str | bytes, sealed: str | None) -> str | None:
    """The text :func:`seal` sealed under ``secret``; None when it was sealed under another
    key, altered, or is not a seal at all."""
    if not sealed or not sealed.startswith(_VERSION):
        return None
    raw = _unb64(sealed[len(_VERSION) :])
    if raw is None or len(raw) < _NONCE + _TAG:
        return None
    nonce, body, tag = raw[:_NONCE], raw[_NONCE:-_TAG], raw[-_TAG:]
    expected = hmac.new(_key(secret, "seal-tag"), nonce + body, hashlib.sha256).digest()[:_TAG]
    if not hmac.compare_digest(tag, expected):
        return None
    data = bytes(
        a ^ b for a, b in zip(body, _stream(_key(secret, "seal"), nonce, len(body)), strict=True)
    )
    try:
        return data.decode()
    except UnicodeDecodeError:
        return None
