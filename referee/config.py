"""Configuration: defaults < ``instance/config.py`` < environment (``DATABASE_URL``, ``REFEREE_*``).

``REFEREE_SECRET_KEY=...`` sets ``SECRET_KEY``, ``REFEREE_DATABASE_URL=...`` sets
``DATABASE_URL`` and so on (values are read as JSON when they parse, as Flask's
``from_prefixed_env`` does). With no ``SECRET_KEY`` anywhere, a random key is generated once
into ``instance/secret_key`` and reused, so sessions survive restarts and several workers on
one host agree; it is never a fixed default.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Mapping
from pathlib import Path

from flask import Flask


class Defaults:
    SECRET_KEY: str | None = None
    DATABASE_URL: str | None = None  # any SQLAlchemy URL; SQLite in the instance folder if unset
    SQLALCHEMY_TRACK_MODIFICATIONS = False
    AUTO_MIGRATE = True  # apply migrations when the app starts (README's one start command)
    WTF_CSRF_TIME_LIMIT = None  # a form may stay open on a phone for a whole hand
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    # A phone keeps its edit links for 90 days after its last visit (each visit renews the
    # cookie): a league's season between two sittings, not forever on a lost phone.
    PERMANENT_SESSION_LIFETIME = 60 * 60 * 24 * 90
    MAX_CONTENT_LENGTH = 256 * 1024
    REMEMBERED_MATCHES = 25  # edit tokens kept in one browser's session cookie
    MATCH_UNDO_SECONDS = 600  # how long "Undo" brings back a deleted match
    JSON_SORT_KEYS = False
    FOLD_CACHE_SIZE = 256  # folded matches kept per process, by (match, revision); 0: none
    PAGE_CACHE_SIZE = 128  # scoreboards drawn for viewers kept per process, by ETag; 0: none
    PAGE_CACHE_BYTES = 32 * 1024 * 1024  # ... and the most memory they may take together
    # Search nodes one ruling (a hand of a match, a checked hand, an analysis) may take before
    # it is answered 422 "too complex to rule here"; None: no limit.
    RULING_BUDGET: int | None = 200_000
    # Search nodes the folds of one request may take together: a worker re-rules each stored
    # hand it has not ruled yet (see services/board.py); None: no limit.
    FOLD_BUDGET: int | None = 500_000
    PROXY_HOPS = 0  # proxies in front whose X-Forwarded-* headers are trusted (see deploy.py)
    HTTPS = False  # served over https only: Secure session cookie and HSTS
    ACCESS_LOG = True  # one JSON line per request, edit tokens left out
    SQLITE_BUSY_TIMEOUT = 30  # seconds a SQLite write waits for the write lock of another
    # Anonymous writes (checking or analysing a hand, starting a match) per client address;
    # the counters are kept in RATELIMIT_STORAGE_URI (redis://... for several workers).
    ANONYMOUS_WRITE_LIMIT = "20 per minute; 300 per day"
    RATELIMIT_STORAGE_URI = "memory://"
    RATE_LIMIT_PREFIX = "referee"  # the counters' keys start with it (one Redis, several apps)
    RATELIMIT_HEADERS_ENABLED = True
    # Redis down: the limits go on, counted in each worker's memory until it is back, and
    # no request fails for it (fail open: scorers keep entering hands; see throttle.py)
    RATELIMIT_IN_MEMORY_FALLBACK_ENABLED = True
    RATELIMIT_SWALLOW_ERRORS = True


def load(app: Flask, test_config: Mapping[str, object] | None) -> None:
    """Fill ``app.config`` in order: defaults, instance file, environment, then ``test_config``."""
    app.config.from_object(Defaults)
    app.config.from_pyfile("config.py", silent=True)
    if os.environ.get("DATABASE_URL"):
        app.config["DATABASE_URL"] = os.environ["DATABASE_URL"]
    app.config.from_prefixed_env("REFEREE")
    if test_config is not None:
        app.config.from_mapping(test_config)

    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(instance / "secret_key")
        app.config["SECRET_KEY_GENERATED"] = True
    if not app.config.get("SQLALCHEMY_DATABASE_URI"):
        url = app.config.get("DATABASE_URL") or f"sqlite:///{instance / 'referee.sqlite'}"
        app.config["SQLALCHEMY_DATABASE_URI"] = database_url(url)
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app.config["SQLALCHEMY_DATABASE_URI"])
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        # a pooled connection the server dropped (a restart, a failover, an idle timeout) is
        # found out and replaced when it is taken, not by the request that would use it
        options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
        options.setdefault("pool_pre_ping", True)
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options


def database_url(url: str) -> str:
    """Heroku-style ``postgres://`` and bare ``postgresql://`` URLs use the psycopg 3 driver.

    >>> database_url("postgres://u@h/db")
    'postgresql+psycopg://u@h/db'
    >>> database_url("sqlite:///x.db")
    'sqlite:///x.db'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _instance_secret(path: Path) -> str:
    """Read the generated key, or create it once (atomically: workers may start together)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(50):  # another worker may be writing it this instant
            key = path.read_text().strip()
            if key:
                return key
            time.sleep(0.02)
        raise RuntimeError(f"{path} is empty: delete it to generate a new key") from None
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    return key
