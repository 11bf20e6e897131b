"""``flask --app referee ...`` commands: ``init-db`` (apply migrations) and ``demo``."""

from __future__ import annotations

import click
from flask import Flask, url_for

from .models import db


def init_app(app: Flask) -> None:
    app.cli.add_command(init_db)
    app.cli.add_command(demo)


@click.command("init-db")
def init_db() -> None:
    """Create or upgrade the database to the newest schema (the app also does this on start)."""
    from flask import current_app
    from flask_migrate import upgrade

    from .migrate import MIGRATIONS

    upgrade(directory=str(MIGRATIONS))
    click.echo(f"Database ready: {current_app.config['SQLALCHEMY_DATABASE_URI']}")


@click.command("demo")
@click.option("--host", default="http://127.0.0.1:5000", help="base URL the links should use")
def demo(host: str) -> None:
    """Start a demo match with a few quick-entry hands and print its links."""
    from flask import current_app

    from .services.matches import Actor, add_hand, create_match

    match, token = create_match(["Ann", "Ben"], "american", {}, "0.10")
    by = Actor("cli", "demo")
    for knocker, kind, k, d in ((0, "knock", 6, 21), (1, "gin", 0, 34), (0, "knock", 9, 7)):
        add_hand(
            match,
            {
                "entry": "counts",
                "kind": kind,
                "knocker_seat": knocker,
                "dealer_seat": 1 - knocker,
                "knocker_deadwood": k,
                "defender_deadwood": d,
            },
            by,
        )
    with current_app.test_request_context(base_url=host):
        click.echo("view: " + url_for("matches.scoreboard", view_id=match.view_id, _external=True))
        from .views.access import claim_url

        click.echo("edit: " + claim_url(match, token))
    db.session.remove()
