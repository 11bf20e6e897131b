"""``flask --app referee ...`` commands: ``init-db`` (apply migrations), ``demo``, and
``export`` / ``import`` of the whole instance as one backup file, and ``rederive`` (the data
kept beside each match, derived again from its hands)."""

from __future__ import annotations

import click
from flask import Flask, url_for
from flask.cli import with_appcontext

from referee.models import db


def init_app(app: Flask) -> None:
    app.cli.add_command(init_db)
    app.cli.add_command(demo)
    app.cli.add_command(export_all)
    app.cli.add_command(import_all)
    app.cli.add_command(export_club)
    app.cli.add_command(import_club)
    app.cli.add_command(rederive)
    app.cli.add_command(purge_deleted)


@click.command("purge-deleted")
@with_appcontext
def purge_deleted() -> None:
    """Remove for good the matches deleted longer ago than their undo window (a club server
    runs it daily; deleting a match from a page does it too)."""
    import datetime as dt

    from flask import current_app

    from referee.services.matches import purge_deleted as purge

    window = dt.timedelta(seconds=current_app.config["MATCH_UNDO_SECONDS"])
    click.echo(f"{purge(window)} deleted matches removed")


@click.command("init-db")
def init_db() -> None:
    """Create or upgrade the database to the newest schema (the app also does this on start)."""
    from flask import current_app
    from flask_migrate import upgrade

    from referee.migrate import MIGRATIONS

    upgrade(directory=str(MIGRATIONS))
    click.echo(f"Database ready: {current_app.config['SQLALCHEMY_DATABASE_URI']}")


@click.command("demo")
@click.option("--host", default="http://127.0.0.1:5000", help="base URL the links should use")
def demo(host: str) -> None:
    """Start a demo match with a few quick-entry hands and print its links."""
    from flask import current_app

    from referee.services.matches import Actor, add_hand, create_match

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
        from referee.views.access import claim_url

        click.echo("edit: " + claim_url(match, token))
    db.session.remove()


@click.command("export")
@with_appcontext
@click.argument("path", type=click.Path(dir_okay=False, writable=True, allow_dash=True))
def export_all(path: str) -> None:
    """Write every match and shared ruling to PATH ("-": standard output) as one backup file."""
    import json

    from referee.services.transfer import backup_file

    text = json.dumps(backup_file(), ensure_ascii=False, sort_keys=True) + "\n"
    with click.open_file(path, "w", encoding="utf-8") as out:
        out.write(text)
    db.session.remove()
    if path != "-":
        click.echo(f"Backup written to {path}")


@click.command("import")
@with_appcontext
@click.argument("path", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
def import_all(path: str) -> None:
    """Add what a backup file (from ``export``) holds and this database does not: all of it in
    one transaction, or nothing when any part is refused."""
    from referee.services.transfer import ImportRefused, import_backup, load_json

    with click.open_file(path, "rb") as f:
        raw = f.read()
    try:
        restored = import_backup(load_json(raw))
    except ImportRefused as e:
        db.session.remove()
        raise click.ClickException(f"Nothing imported. {e}") from None
    db.session.remove()
    click.echo(f"Imported: {restored.summary()}.")


@click.command("export-club")
@with_appcontext
@click.argument("club_id")
@click.argument("path", type=click.Path(dir_okay=False, writable=True, allow_dash=True))
def export_club(club_id: str, path: str) -> None:
    """Write the club CLUB_ID (its view link's id) to PATH ("-": standard output) as one club
    file: its roster, who sat where, every match in full."""
    from referee.models import Club
    from referee.services.club_transfer import club_file
    from referee.services.transfer import json_text

    club = Club.by_view_id(club_id)
    if club is None:
        db.session.remove()
        raise click.ClickException(f"No club {club_id!r} here.")
    text = json_text(club_file(club))
    with click.open_file(path, "w", encoding="utf-8") as out:
        out.write(text)
    db.session.remove()
    if path != "-":
        click.echo(f"Club written to {path}")


@click.command("import-club")
@with_appcontext
@click.option("--host", default="http://127.0.0.1:5000", help="base URL the links should use")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
def import_club(host: str, path: str) -> None:
    """Import a club file (from ``export-club`` or the club page) as a new club, all of it or
    nothing; the same file again finds the club it made. Prints the club's links."""
    from referee.services.club_transfer import import_club as import_file
    from referee.services.transfer import ImportRefused, load_json

    with click.open_file(path, "rb") as f:
        raw = f.read()
    try:
        done = import_file(load_json(raw))
    except ImportRefused as e:
        db.session.remove()
        raise click.ClickException(f"Nothing imported. {e}") from None
    base = host.rstrip("/")
    view = f"{base}/c/{done.club.view_id}"
    if done.token is None:
        click.echo(f"Imported before: {done.club.name}, {done.matches} matches, at {view}")
    else:
        click.echo(f"Imported {done.club.name}: {done.matches} matches.")
        click.echo(f"View link: {view}")
        secret = f"{view}/edit#{done.token}"
        click.echo(f"Edit link (keep it secret; it opens its matches too): {secret}")
    db.session.remove()


@click.command("rederive")
@click.option(
    "--check", is_flag=True, help="Only compare; exit 1 if any match's kept data differs."
)
@with_appcontext
def rederive(check: bool) -> None:
    """Derive each match's kept summary again from its hands (with --check: compare, and
    change nothing)."""
    import json

    from sqlalchemy import select

    from referee.games.summary import summary_of
    from referee.models import Match
    from referee.services import board as board_service

    differ = 0
    matches = db.session.scalars(select(Match).order_by(Match.id)).all()
    for match in matches:
        fresh = summary_of(board_service.fold_hands(match, match.live_hands))
        kept = json.loads(match.summary_json) if match.summary_json else None
        if kept == fresh:
            continue
        differ += 1
        if check:
            click.echo(f"{match.view_id}: kept {kept} but the hands give {fresh}")
        else:
            match.summary_json = json.dumps(fresh, sort_keys=True)
    if check:
        click.echo(f"{len(matches)} matches checked, {differ} differ from their hands")
        if differ:
            raise SystemExit(1)
        return
    db.session.commit()
    click.echo(f"{len(matches)} matches, {differ} derived again")
