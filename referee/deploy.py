"""Running on a club server: behind a TLS proxy, with a health check, access logs that keep
edit tokens out, and a check of the configuration before a production start.

Settings (``REFEREE_<NAME>`` in the environment, like every other):

- ``PROXY_HOPS``: how many proxies stand in front of the app (0: none). Their
  ``X-Forwarded-For``/``-Proto``/``-Host`` are then trusted (Werkzeug's ProxyFix), so rate
  limits count the client's address, not the proxy's, and links use https.
- ``HTTPS``: the site is served over https only: the session cookie is ``Secure`` and answers
  carry ``Strict-Transport-Security``.
- ``ACCESS_LOG``: one JSON line per request on the ``referee.access`` logger (method, path
  with any edit token replaced by ``[token]``, status, milliseconds, client, request id).
"""

from __future__ import annotations

import json
import logging
import re
import time
from pathlib import Path

import click
from flask import Flask, Response, current_app, g, jsonify, request
from flask.cli import with_appcontext
from sqlalchemy import text
from werkzeug.middleware.proxy_fix import ProxyFix

from referee.guard import request_id

_TOKEN_IN_PATH = re.compile(r"^(/m/[^/]+/edit/)[^/?#]+")
NETWORK_FILESYSTEMS = frozenset(
    {"nfs", "nfs4", "cifs", "smb3", "smbfs", "fuse.sshfs", "9p", "afs", "ceph", "glusterfs"}
)
HSTS = "max-age=31536000"

access_log = logging.getLogger("referee.access")


def redacted(path: str) -> str:
    """A path as the access log shows it: a claim link's token replaced.

    >>> redacted("/m/abc/edit/s3cret-token")
    '/m/abc/edit/[token]'
    >>> redacted("/m/abc/hands/3")
    '/m/abc/hands/3'
    """
    return _TOKEN_IN_PATH.sub(r"\1[token]", path)


def init_app(app: Flask) -> None:
    hops = int(app.config.get("PROXY_HOPS") or 0)
    if hops > 0:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops
        )
    if app.config.get("HTTPS"):
        app.config["SESSION_COOKIE_SECURE"] = True
        app.config.setdefault("PREFERRED_URL_SCHEME", "https")
    if app.config.get("ACCESS_LOG"):
        if access_log.level == logging.NOTSET:
            access_log.setLevel(logging.INFO)
        if not access_log.handlers and not logging.getLogger().handlers:
            handler = logging.StreamHandler()
            handler.setFormatter(logging.Formatter("%(message)s"))
            access_log.addHandler(handler)
            access_log.propagate = False  # one line each, whatever configures the root later

    @app.before_request
    def _started() -> None:
        g.started = time.perf_counter()

    @app.after_request
    def _after(response: Response) -> Response:
        if app.config.get("HTTPS") and request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", HSTS)
        if app.config.get("ACCESS_LOG"):
            started = g.get("started")
            took = (time.perf_counter() - started) * 1000 if started else None
            access_log.info(
                json.dumps(
                    {
                        "request_id": request_id(),
                        "method": request.method,
                        "path": redacted(request.path),
                        "status": response.status_code,
                        "ms": round(took, 1) if took is not None else None,
                        "client": request.remote_addr,
                    }
                )
            )
        return response

    app.add_url_rule("/healthz", "healthz", healthz)
    app.cli.add_command(check_config)


def healthz() -> tuple[Response, int]:
    """200 when the app answers and its database does; 503 (with the reason) when not. A
    shared store of the rate limits (Redis) is reported too, but its failure is not the app's:
    the limits carry on in each worker's memory, so the answer stays 200."""
    from referee.models import db
    from referee.throttle import storage_state

    try:
        db.session.execute(text("SELECT 1"))
        db.session.rollback()
    except Exception as e:  # any failure of the database is what this reports
        db.session.rollback()
        current_app.logger.error("health check: the database failed: %s", e)
        return jsonify({"status": "failing", "database": type(e).__name__}), 503
    state = storage_state(current_app)
    extra = {} if state is None else {"rate_limits": state}
    return jsonify({"status": "ok", "database": "ok", **extra}), 200


def production_problems(app: Flask) -> list[str]:
    """What stops ``app``'s configuration from serving a club in production."""
    problems = []
    secret = str(app.config.get("SECRET_KEY") or "")
    if app.config.get("SECRET_KEY_GENERATED"):
        problems.append(
            "SECRET_KEY is the one generated into the instance folder: set REFEREE_SECRET_KEY "
            "(the same on every host) so sessions survive a new host or a fresh instance folder"
        )
    elif len(secret) < 32 or secret.lower() in {"dev", "secret", "change-me", "changeme"}:
        problems.append("SECRET_KEY is too short or a well-known value: use 32+ random bytes")
    if not app.config.get("TRUSTED_HOSTS") and not app.config.get("SERVER_NAME"):
        problems.append(
            "TRUSTED_HOSTS is not set: links, QR codes and shared pages would name whatever "
            "host a request claims; set REFEREE_TRUSTED_HOSTS='[\"gin.example.org\"]'"
        )
    if app.config.get("DEBUG"):
        problems.append("DEBUG is on: the debugger runs code sent to it")
    uri = str(app.config.get("SQLALCHEMY_DATABASE_URI") or "")
    if uri.startswith("sqlite"):
        path = uri.split("///", 1)[1] if "///" in uri else ""
        fs = filesystem_of(Path(path)) if path and path != ":memory:" else None
        if fs in NETWORK_FILESYSTEMS:
            problems.append(
                f"the SQLite database {path} is on a network file system ({fs}): its locks "
                "do not hold there; use a local disk or PostgreSQL"
            )
        if path in ("", ":memory:"):
            problems.append("the SQLite database is in memory: every worker would have its own")
    return problems


def production_notes(app: Flask) -> list[str]:
    """What is allowed but often a mistake: said by check-config without refusing the start."""
    notes = []
    if app.config.get("HTTPS") and not int(app.config.get("PROXY_HOPS") or 0):
        notes.append(
            "HTTPS is on with PROXY_HOPS=0: the app must itself be served over TLS (gunicorn "
            "--certfile); behind a TLS proxy set PROXY_HOPS, or requests look like http: no "
            "Strict-Transport-Security header, http links"
        )
    return notes


def filesystem_of(path: Path) -> str | None:
    """The type of the file system holding ``path`` (from /proc/mounts), when known."""
    try:
        mounts = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return None
    target = path.resolve()
    best: tuple[int, str] | None = None
    for line in mounts:
        parts = line.split()
        if len(parts) < 3:
            continue
        point = Path(parts[1].replace("\\040", " "))
        if target == point or point in target.parents:
            depth = len(point.parts)
            if best is None or depth > best[0]:
                best = (depth, parts[2])
    return best[1] if best else None


@click.command("check-config")
@with_appcontext
def check_config() -> None:
    """Refuse a production start that would go wrong: exit 1 with the reasons."""
    problems = production_problems(current_app)
    for note in production_notes(current_app):
        click.echo(f"note: {note}", err=True)
    for problem in problems:
        click.echo(f"refused: {problem}", err=True)
    if problems:
        raise SystemExit(1)
    click.echo("configuration ready for production")
