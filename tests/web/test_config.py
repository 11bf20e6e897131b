"""Configuration order, the generated secret key, and database URLs."""

from __future__ import annotations

import pytest

from referee import create_app
from referee.config import database_url


@pytest.fixture
def instance(tmp_path, monkeypatch):
    path = tmp_path / "instance"
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(path))
    for name in ("REFEREE_SECRET_KEY", "DATABASE_URL", "REFEREE_DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    return path


def test_secret_key_is_generated_once_and_reused(instance):
    first = create_app({"AUTO_MIGRATE": False})
    key_file = instance / "secret_key"
    assert key_file.exists()
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
    assert len(first.config["SECRET_KEY"]) == 64
    second = create_app({"AUTO_MIGRATE": False})
    assert second.config["SECRET_KEY"] == first.config["SECRET_KEY"]


def test_a_fresh_instance_gets_a_different_key(tmp_path, monkeypatch, instance):
    key = create_app({"AUTO_MIGRATE": False}).config["SECRET_KEY"]
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path / "other"))
    assert create_app({"AUTO_MIGRATE": False}).config["SECRET_KEY"] != key


def test_sqlite_in_the_instance_folder_by_default(instance):
    app = create_app({"AUTO_MIGRATE": False})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{instance / 'referee.sqlite'}"


def test_instance_config_then_environment(instance, monkeypatch):
    instance.mkdir(parents=True)
    (instance / "config.py").write_text(
        "SECRET_KEY = 'from-file'\nREMEMBERED_MATCHES = 7\nDATABASE_URL = 'sqlite:///file.db'\n"
    )
    app = create_app({"AUTO_MIGRATE": False})
    assert app.config["SECRET_KEY"] == "from-file"
    assert app.config["REMEMBERED_MATCHES"] == 7
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "sqlite:///file.db"
    assert not (instance / "secret_key").exists()

    monkeypatch.setenv("REFEREE_SECRET_KEY", "from-env")
    monkeypatch.setenv("REFEREE_REMEMBERED_MATCHES", "9")
    monkeypatch.setenv("DATABASE_URL", "postgres://u@db.example/gin")
    app = create_app({"AUTO_MIGRATE": False})
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["REMEMBERED_MATCHES"] == 9
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u@db.example/gin"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://u:p@h:5432/db", "postgresql+psycopg://u:p@h:5432/db"),
        ("postgresql://u@h/db", "postgresql+psycopg://u@h/db"),
        ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
        ("sqlite:////tmp/x.sqlite", "sqlite:////tmp/x.sqlite"),
    ],
)
def test_database_url(url, expected):
    assert database_url(url) == expected


def test_rules_engine_imports_without_flask():
    import subprocess
    import sys

    code = (
        "import sys, referee.rules.adjudicate, referee.rules.ledger, referee.rules.settlement;"
        "import referee; bad = [m for m in ('flask', 'sqlalchemy') if m in sys.modules];"
        "sys.exit(1 if bad else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
