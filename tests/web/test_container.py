"""The container files (Dockerfile, compose.yaml, docker/healthcheck.py) cannot be built here
(no Docker): what they name is checked instead. The gunicorn command line is the club-server
recipe's (docs/operations.md) and loads the app factory through gunicorn itself; the
environment they set is what the app reads, and compose's makes a configuration that
check-config accepts; the health check asks /healthz as a host the app answers to."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee import PROJECT_ROOT

yaml = pytest.importorskip("yaml")

DOCKERFILE = PROJECT_ROOT / "Dockerfile"
COMPOSE = PROJECT_ROOT / "compose.yaml"
HEALTHCHECK = PROJECT_ROOT / "docker" / "healthcheck.py"
WORKERS = "$((2 * $(nproc)))"


def _instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (keyword, arguments), continuation lines joined."""
    text = re.sub(r"\\\n\s*", " ", DOCKERFILE.read_text(encoding="utf-8"))
    lines = [line.strip() for line in text.splitlines()]
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1])
        for line in lines
        if line and not line.startswith("#")
    ]


def _one(keyword: str) -> str:
    found = [args for key, args in _instructions() if key == keyword]
    assert len(found) == 1, (keyword, found)
    return found[0]


def _command() -> list[str]:
    """The container's start: the shell line of CMD, split at ``&&``."""
    cmd = json.loads(_one("CMD"))
    assert cmd[:2] == ["sh", "-c"] and len(cmd) == 3
    return [part.strip() for part in cmd[2].split("&&")]


def _gunicorn_args(line: str) -> list[str]:
    words = shlex.split(line.replace(WORKERS, "WORKERS"))
    start = next(i for i, w in enumerate(words) if w.endswith("gunicorn"))
    return words[start + 1 :]


def _recipe_gunicorn() -> list[str]:
    """The gunicorn line of the club-server recipe in docs/operations.md."""
    docs = (PROJECT_ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    section = docs.split("## A club server (production)", 1)[1]
    line = next(line for line in section.splitlines() if "bin/gunicorn " in line)
    return _gunicorn_args(line)


def _read_by_the_app(name: str) -> bool:
    """Whether the app reads the environment variable ``name``: its own two, or
    ``REFEREE_<SETTING>`` of a setting it has (referee/config.py or Flask's)."""
    from flask import Flask

    from referee.config import Defaults

    if name in ("DATABASE_URL", "REFEREE_INSTANCE_PATH"):
        return True
    setting = name.removeprefix("REFEREE_")
    known = set(vars(Defaults)) | set(Flask.default_config)
    return name.startswith("REFEREE_") and setting in known


def _compose_value(value: str) -> str:
    """A compose value with its variables given: ``${X:-default}`` its default,
    ``${X:?...}`` a value such a variable would have."""
    given = {
        "POSTGRES_PASSWORD": "pw",
        "REFEREE_SECRET_KEY": "k" * 64,
        "REFEREE_TRUSTED_HOSTS": '["gin.example.org"]',
    }
    value = re.sub(r"\$\{(\w+):-([^}]*)\}", lambda m: m.group(2), value)
    return re.sub(r"\$\{(\w+):\?[^}]*\}", lambda m: given[m.group(1)], value)


def test_the_image_builds_the_wheel_and_runs_as_a_user() -> None:
    froms = [args for key, args in _instructions() if key == "FROM"]
    assert froms and all(re.match(r"python:3\.\d+-slim\b", f) for f in froms), froms
    runs = " ".join(args for key, args in _instructions() if key == "RUN")
    assert "pip wheel" in runs and "--no-deps" in runs
    installed = re.search(r'pip install [^&]*"\$\{wheel\}\[([a-z,]+)\]"', runs)
    assert installed, runs
    pyproject = (PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for extra in installed.group(1).split(","):
        assert re.search(rf"^{extra} = \[", pyproject, re.M), extra
    user = _one("USER")
    assert user not in ("root", "0") and "useradd" in runs and user in runs
    keys = [key for key, _ in _instructions()]
    assert keys.index("USER") < keys.index("CMD")
    # every variable it sets is Python's or one the app reads
    env = re.findall(r"(\w+)=", _one("ENV"))
    assert "REFEREE_INSTANCE_PATH" in env
    assert all(name.startswith("PYTHON") or _read_by_the_app(name) for name in env), env


def test_gunicorn_runs_the_recipes_settings_and_finds_the_factory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gunicorn.config import Config
    from gunicorn.util import import_app

    check, init, serve = _command()
    assert check == "flask --app referee check-config"
    assert init == "flask --app referee init-db"
    assert serve.startswith("exec gunicorn ")
    args = _gunicorn_args(serve)
    recipe = _recipe_gunicorn()
    bind = args[args.index("-b") + 1]
    # the recipe's settings, bound to the container's every address rather than loopback
    assert [w if w != bind else "BIND" for w in args] == [
        w if w != recipe[recipe.index("-b") + 1] else "BIND" for w in recipe
    ]
    assert bind.startswith("0.0.0.0:")
    parsed = Config().parser().parse_args([w.replace("WORKERS", "4") for w in args])
    assert parsed.timeout == 30 and parsed.workers == 4 and parsed.accesslog is None
    (spec,) = parsed.args
    # gunicorn loads the app as it would in the image
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    app = import_app(spec)
    assert {"check-config", "init-db"} <= set(app.cli.list_commands(None))
    with app.test_client() as client:
        assert client.get("/healthz").status_code == 200
    # the port the image publishes and checks is the one gunicorn binds
    port = bind.rsplit(":", 1)[1]
    assert _one("EXPOSE") == port
    health = _one("HEALTHCHECK")
    assert "/usr/local/bin/referee-healthcheck" in health
    assert f"http://127.0.0.1:{port}/healthz" in health
    assert "COPY docker/healthcheck.py /usr/local/bin/referee-healthcheck" in (
        DOCKERFILE.read_text(encoding="utf-8")
    )


def test_compose_sets_what_the_app_reads_and_check_config_accepts_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from referee import create_app
    from referee.deploy import production_problems

    compose = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    services = compose["services"]
    assert set(services) == {"referee", "db", "redis"}
    app_service = services["referee"]
    assert app_service["build"] == "."
    assert set(app_service["depends_on"]) == {"db", "redis"}
    assert app_service["ports"] == ["127.0.0.1:8000:8000"]  # the TLS proxy on the host
    env = {name: _compose_value(str(value)) for name, value in app_service["environment"].items()}
    assert all(_read_by_the_app(name) for name in env), env
    # the database and Redis it names are compose's own
    db = services["db"]["environment"]
    url = re.fullmatch(r"postgresql://(\w+):(\w+)@(\w+):5432/(\w+)", env["DATABASE_URL"])
    assert url and url.group(3) == "db" and "postgres" in services["db"]["image"]
    given = {k: _compose_value(v) for k, v in db.items()}
    assert url.group(1, 2, 4) == (
        given["POSTGRES_USER"],
        given["POSTGRES_PASSWORD"],
        given["POSTGRES_DB"],
    )
    assert env["REFEREE_RATELIMIT_STORAGE_URI"] == "redis://redis:6379/0"
    assert "redis" in services["redis"]["image"]
    # the app started with that environment reads it as meant, and would start
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    app = create_app({"AUTO_MIGRATE": False})
    assert app.config["SQLALCHEMY_DATABASE_URI"].startswith("postgresql+psycopg://referee:")
    assert app.config["TRUSTED_HOSTS"] == ["gin.example.org"]
    assert app.config["PROXY_HOPS"] == 1 and app.config["HTTPS"] is True
    assert app.config["RATELIMIT_STORAGE_URI"] == "redis://redis:6379/0"
    assert not app.config.get("SECRET_KEY_GENERATED")
    assert production_problems(app) == []


@pytest.fixture
def trusted_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The app answering only to gin.example.org, served on a port of its own."""
    from werkzeug.serving import make_server

    from referee import create_app
    from referee.models import db

    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "instance"))
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'live.sqlite'}",
            "TRUSTED_HOSTS": ["gin.example.org"],
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/healthz"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
        with app.app_context():
            db.engine.dispose()


def _healthcheck(url: str, hosts: str | None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin"}
    if hosts is not None:
        env["REFEREE_TRUSTED_HOSTS"] = hosts
    return subprocess.run(
        [sys.executable, str(HEALTHCHECK), url], env=env, capture_output=True, text=True
    )


def test_the_health_check_asks_as_a_host_the_app_answers_to(trusted_server: Any) -> None:
    url = trusted_server
    assert _healthcheck(url, '["gin.example.org"]').returncode == 0
    # asked as 127.0.0.1 the app refuses the host: the reason the check names one
    refused = _healthcheck(url, None)
    assert refused.returncode == 1 and "400" in refused.stderr
    closed = _healthcheck("http://127.0.0.1:9/healthz", '["gin.example.org"]')
    assert closed.returncode == 1 and "unhealthy" in closed.stderr


def test_the_health_check_reads_the_hosts_as_the_app_does(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("healthcheck", HEALTHCHECK)
    assert spec and spec.loader
    check = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check)
    for value, host in (
        ('["gin.example.org", "other.org"]', "gin.example.org"),
        ('[".example.org"]', "example.org"),  # the pattern of every subdomain
        ("gin.example.org", "gin.example.org"),  # one name, not JSON
        ("[]", None),
        ("", None),
    ):
        monkeypatch.setenv("REFEREE_TRUSTED_HOSTS", value)
        assert check.trusted_host() == host, value
