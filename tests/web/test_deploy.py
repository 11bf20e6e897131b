"""A club server: the health check, access logs without tokens, the proxy and https
settings, and check-config refusing a production start that would go wrong."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from tests.web.helpers import api_match


def test_healthz_checks_the_database(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok"}

    from referee.models import db

    def down(*args: object, **kwargs: object) -> None:
        raise ConnectionError("database gone")

    monkeypatch.setattr(db.session, "execute", down)
    failing = client.get("/healthz")
    assert failing.status_code == 503
    assert failing.get_json()["status"] == "failing"


def test_the_access_log_keeps_tokens_out(client: Any, caplog: pytest.LogCaptureFixture) -> None:
    view_id, token = api_match(client)
    with caplog.at_level(logging.INFO, logger="referee.access"):
        caplog.clear()
        response = client.get(f"/m/{view_id}/edit/{token}")
        client.post(
            f"/api/v1/matches/{view_id}/hands",
            json={"kind": "dead"},
            headers={"X-Edit-Token": token, "X-Request-Id": "abc-123"},
        )
    assert response.status_code == 302
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "referee.access"]
    assert lines[0]["path"] == f"/m/{view_id}/edit/[token]"
    assert lines[0]["status"] == 302 and lines[0]["method"] == "GET"
    assert lines[1]["request_id"] == "abc-123"
    assert all(token not in r.getMessage() for r in caplog.records)


def test_behind_a_proxy_the_client_address_is_the_forwarded_one(
    database: dict[str, Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee import create_app

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app({"TESTING": True, "PROXY_HOPS": 1, "HTTPS": True, **database})
    client = app.test_client()
    seen: list[str | None] = []

    @app.get("/_whoami")
    def whoami() -> str:
        from flask import request

        seen.append(request.remote_addr)
        return "ok"

    response = client.get(
        "/_whoami",
        headers={"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"},
        environ_base={"REMOTE_ADDR": "10.0.0.1"},
    )
    assert seen == ["203.0.113.7"]
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    page = client.get("/new", base_url="https://localhost")
    assert "Secure" in page.headers["Set-Cookie"]
    from referee.models import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_forms_post_over_https_behind_a_proxy(
    database: dict[str, Any], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Behind a TLS proxy every form is checked for a same-origin Referer (Flask-WTF's https
    check); the origin-only Referer the pages' policy lets a browser send passes it, a
    missing or foreign one is refused and stores nothing."""
    from referee import create_app
    from referee.models import Match, db
    from tests.web.helpers import csrf_from, rule_form_data

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app(
        {"TESTING": True, "PROXY_HOPS": 1, "HTTPS": True, "RATELIMIT_ENABLED": False, **database}
    )
    client = app.test_client()
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "gin.example"}
    page = client.get("/new", headers=proxied)
    assert page.headers["Referrer-Policy"] == "strict-origin"
    data = {"csrf_token": csrf_from(page.get_data(as_text=True)), "player_0": "Ann"}
    data |= {"player_1": "Ben", "preset": "american", "rules_from": "american"}
    data |= {"stake_per_point": "0.10", **rule_form_data("american")}
    for referer in (None, "https://evil.example/", "http://gin.example/"):
        headers = proxied | ({"Referer": referer} if referer else {})
        refused = client.post("/new", data=data, headers=headers)
        assert refused.status_code == 400, referer
    with app.app_context():
        assert db.session.query(Match).count() == 0
    started = client.post("/new", data=data, headers=proxied | {"Referer": "https://gin.example/"})
    assert started.status_code == 302, started.get_data(as_text=True)[:500]
    with app.app_context():
        assert db.session.query(Match).count() == 1
        db.session.remove()
        db.engine.dispose()


def _check_config(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, **config: Any) -> Any:
    from referee import create_app

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    for name in ("REFEREE_SECRET_KEY", "DATABASE_URL", "REFEREE_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    app = create_app({"AUTO_MIGRATE": False, **config})
    return app.test_cli_runner().invoke(args=["check-config"])


def test_check_config_refuses_the_generated_secret(tmp_path: Any, monkeypatch: Any) -> None:
    result = _check_config(tmp_path, monkeypatch)
    assert result.exit_code == 1
    assert "SECRET_KEY is the one generated" in result.output


def test_check_config_refuses_sqlite_on_a_network_path(tmp_path: Any, monkeypatch: Any) -> None:
    from referee import deploy

    monkeypatch.setattr(deploy, "filesystem_of", lambda path: "nfs4")
    result = _check_config(
        tmp_path,
        monkeypatch,
        SECRET_KEY="k" * 40,
        SQLALCHEMY_DATABASE_URI="sqlite:////mnt/club/referee.sqlite",
    )
    assert result.exit_code == 1
    assert "network file system (nfs4)" in result.output


PRODUCTION = {
    "SECRET_KEY": "0123456789abcdef" * 4,
    "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://u@db.example/gin",
    "TRUSTED_HOSTS": ["gin.example.org"],
}
"""A club server's configuration that check-config passes."""


def test_check_config_passes_a_production_setup(tmp_path: Any, monkeypatch: Any) -> None:
    result = _check_config(tmp_path, monkeypatch, **PRODUCTION)
    assert result.exit_code == 0, result.output
    assert "ready for production" in result.output


def test_a_local_disk_is_not_a_network_path(tmp_path: Any) -> None:
    from referee.deploy import NETWORK_FILESYSTEMS, filesystem_of

    assert filesystem_of(tmp_path) not in NETWORK_FILESYSTEMS


def test_check_config_says_https_without_a_proxy_needs_tls_in_the_app(
    tmp_path: Any, monkeypatch: Any
) -> None:
    production = {**PRODUCTION, "HTTPS": True}
    alone = _check_config(tmp_path, monkeypatch, **production)
    assert alone.exit_code == 0, alone.output
    assert "note: HTTPS is on with PROXY_HOPS=0" in alone.output
    proxied = _check_config(tmp_path, monkeypatch, PROXY_HOPS=1, **production)
    assert proxied.exit_code == 0 and "note:" not in proxied.output


def test_a_dropped_database_connection_costs_no_request(app: Any, client: Any) -> None:
    """The database server closed the pooled connection (a restart, a failover): the next
    request takes a new one instead of failing with 500."""
    from sqlalchemy import create_engine, text

    from referee.models import db

    with app.app_context():
        if db.engine.dialect.name == "sqlite":
            pytest.skip("a SQLite file has no server to drop the connection")
        assert client.get("/healthz").status_code == 200
        pid = db.session.execute(text("SELECT pg_backend_pid()")).scalar_one()
        db.session.remove()
        url = app.config["SQLALCHEMY_DATABASE_URI"]
    admin = create_engine(url)
    with admin.begin() as conn:
        assert conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid}).scalar_one()
    admin.dispose()
    assert client.get("/healthz").status_code == 200
    view_id, _ = api_match(client)
    assert client.get(f"/m/{view_id}").status_code == 200


def test_check_config_refuses_a_server_that_trusts_any_host(
    tmp_path: Any, monkeypatch: Any
) -> None:
    anyone = {k: v for k, v in PRODUCTION.items() if k != "TRUSTED_HOSTS"}
    result = _check_config(tmp_path, monkeypatch, **anyone)
    assert result.exit_code == 1
    assert "TRUSTED_HOSTS is not set" in result.output
