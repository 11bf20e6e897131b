"""Rate limits on anonymous writes (Flask-Limiter): checking a hand, analysing one, starting
a match. Each client (by address; behind a proxy, the address the proxy reports) shares one
budget of them, ``ANONYMOUS_WRITE_LIMIT``; past it the answer is 429 with ``Retry-After``.

The counters live in ``RATELIMIT_STORAGE_URI``: ``memory://`` by default (one process), or
``redis://host:6379/0`` so that several workers and hosts count together.

When that Redis cannot be reached the limits fail open, not closed: each worker counts in
its own memory until Redis answers again (so a flood is still held back, a little more
loosely), and no request fails for it; ``/healthz`` says ``"rate_limits": "failing"``. A
table in the middle of a hand matters more than an exact count of strangers' requests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

F = TypeVar("F", bound=Callable[..., object])


def client_key() -> str:
    """Whose budget a request spends: its client address, under ``RATE_LIMIT_PREFIX`` (so
    several apps can share one Redis database)."""
    return f"{current_app.config['RATE_LIMIT_PREFIX']}:{get_remote_address()}"


limiter = Limiter(key_func=client_key)


def _anonymous_limit() -> str:
    return str(current_app.config["ANONYMOUS_WRITE_LIMIT"])


def _writes_only() -> bool:
    """Reading a form page is free: only what is sent (POST) counts."""
    from flask import request

    return request.method != "POST"


_shared = limiter.shared_limit(_anonymous_limit, scope="anonymous_writes", exempt_when=_writes_only)


def anonymous_write(view: F) -> F:
    """Count this view's POSTs against the client's anonymous-write limit."""
    return cast(F, _shared(view))


def init_app(app: Flask) -> None:
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    app.config.setdefault("RATE_LIMIT_PREFIX", "referee")
    limiter.init_app(app)


def storage_state(app: Flask) -> str | None:
    """``"ok"`` or ``"failing"`` for a shared store of the counters (Redis); None when they
    are kept in this process's memory."""
    uri = str(app.config.get("RATELIMIT_STORAGE_URI") or "memory://")
    if uri.startswith("memory://") or not app.config.get("RATELIMIT_ENABLED", True):
        return None
    try:
        return "ok" if limiter.storage.check() else "failing"
    except Exception:  # any failure of the store is what this reports
        return "failing"
