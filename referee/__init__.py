"""Gin Referee: a score-keeper and referee for Gin Rummy played with real cards.

The rules engine lives in :mod:`referee.rules` and needs nothing but the standard library;
this module only holds the Flask app factory, and imports Flask when it is called.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

__version__ = "0.1.0"

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _site_root() -> Path:
    """Where ``templates/``, ``static/`` and ``migrations/`` are: the top of a checkout, or
    ``referee/site/`` inside an installed package (the wheel copies them there: setup.py)."""
    shipped = Path(__file__).resolve().parent / "site"
    return PROJECT_ROOT if (PROJECT_ROOT / "templates").is_dir() else shipped


SITE_ROOT = _site_root()


def create_app(test_config: Mapping[str, object] | None = None) -> Flask:
    """Build the web app: config, database, migrations, CSRF, blueprints, CLI commands.

    The instance folder (database, generated secret key, ``config.py``) is ``instance/`` at
    the project root, or ``REFEREE_INSTANCE_PATH`` when set.
    """
    import os

    from flask import Flask

    from referee import (
        assets,
        cli,
        config,
        database,
        deploy,
        guard,
        i18n,
        migrate,
        session_cookie,
        template_cache,
        throttle,
        web,
    )
    from referee.models import db
    from referee.url_rules import SharedBuilderRule

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(SITE_ROOT / "templates"),
        static_folder=str(SITE_ROOT / "static"),
        instance_path=os.environ.get("REFEREE_INSTANCE_PATH") or None,
    )
    template_cache.init_app(app)  # before anything makes the template environment
    app.url_rule_class = SharedBuilderRule  # before the blueprints add their routes
    config.load(app, test_config)
    guard.init_app(app)
    db.init_app(app)
    database.init_app(app, db)
    migrate.init_app(app)
    i18n.init_app(app)
    assets.init_app(app)
    web.init_app(app)
    session_cookie.init_app(app)
    throttle.init_app(app)
    deploy.init_app(app)
    cli.init_app(app)
    if app.config["AUTO_MIGRATE"]:
        migrate.upgrade_on_start(app)
    return app
