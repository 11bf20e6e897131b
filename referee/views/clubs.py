"""A club's pages: its roster, its matches and what the club can do with them (start a match
of roster players, attach a match played alone, rename or merge a player), its players'
statistics, and the club's JSON. Reading needs the club's view link; every change needs its
edit link, kept in this browser as a match's is."""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers.response import Response as WerkzeugResponse

from referee.api.errors import fail
from referee.forms import ActionForm
from referee.games.presets import DEFAULT_PRESET, list_presets
from referee.i18n import say, versus_text
from referee.models import Club, Match, db
from referee.rules.errors import InputError
from referee.services import club_transfer, transfer
from referee.services import clubs as club_service
from referee.throttle import anonymous_write
from referee.views.access import can_edit, remember, require_edit, token_from

bp = Blueprint("clubs", __name__)
api_bp = Blueprint("clubs_api", __name__, url_prefix="/api/v1")

SEATS = 6  # the start-a-match form offers this many seats (blank ones are left out)
Page = str | WerkzeugResponse | tuple[str, int]


def load_club(view_id: str) -> Club:
    club = Club.by_view_id(view_id)
    if club is None:
        abort(404)
    return club


def club_url(club: Club) -> str:
    return url_for("clubs.club_page", view_id=club.view_id, _external=True)


def club_edit_url(club: Club, token: str) -> str:
    """The club's secret edit link: the token rides in the fragment, as a match's does."""
    return url_for("clubs.claim", view_id=club.view_id, _external=True) + "#" + token


def _render(club: Club, problems: dict[str, str] | None = None, status: int = 200) -> Page:
    from referee.services import stats as stats_service

    editor = can_edit(club)
    body = render_template(
        "club.html",
        club=club,
        editor=editor,
        form=ActionForm(),
        matches=club_service.club_matches(club),
        presets=list_presets(),
        default_preset=DEFAULT_PRESET,
        seats=SEATS,
        problems=problems or {},
        values=request.form if request.method == "POST" else {},
        view_link=club_url(club),
        table=stats_service.club_table(club),
        ladder_url=url_for("clubs.ladder_page", view_id=club.view_id),
    )
    return (body, status) if status != 200 else body


@bp.route("/clubs/new", methods=["GET", "POST"])
@anonymous_write
def new_club() -> Page:
    form = ActionForm()
    if request.method == "GET":
        return render_template("club_new.html", form=form, problems={}, values={})
    problems: dict[str, str] = {}
    if not form.validate_on_submit():
        problems["name"] = _("The form expired: try again.")
    else:
        try:
            roster = request.form.get("roster", "").splitlines()
            club, token = club_service.create_club(request.form.get("name", ""), roster)
        except InputError as e:
            problems[e.field or "name"] = say(e)
        else:
            remember(club, token)
            flash(_("Club started. This browser keeps its edit link."), "ok")
            return redirect(url_for("clubs.club_page", view_id=club.view_id))
    page = render_template("club_new.html", form=form, problems=problems, values=request.form)
    return page, 400


@bp.get("/c/<view_id>")
def club_page(view_id: str) -> Page:
    return _render(load_club(view_id))


@bp.get("/c/<view_id>/stats")
def stats_page(view_id: str) -> Page:
    """Every player's figures, by format, and head to head, for an optional date range."""
    from referee.services import charts
    from referee.services import stats as stats_service

    club = load_club(view_id)
    start, end = request.args.get("from") or None, request.args.get("to") or None
    problem = None
    stats = None
    try:
        stats = stats_service.club_stats(club, _date(start, "from"), _date(end, "to"))
    except DateError as e:
        problem = _(
            "%(text)s is not a date (YYYY-MM-DD) for %(field)s",
            text=repr(e.text),
            field=repr(e.field),
        )
    except stats_service.RangeError:
        problem = _("the end of the range is before its start")
    except ValueError as e:
        problem = str(e)
    names = {p.member_id: p.name for p in stats.players} if stats else {}
    head = (
        [
            (names[a], names[b], games, wa, wb)
            for (a, b), (games, wa, wb) in sorted(stats.head_to_head.items())
            if a in names and b in names
        ]
        if stats
        else []
    )
    body = render_template(
        "club_stats.html",
        club=club,
        stats=stats,
        start=start,
        end=end,
        problem=problem,
        head=head,
        overall_rows=[(p.name, p.overall) for p in stats.players] if stats else [],
        win_rates=charts.win_rate_charts(stats) if stats else [],
    )
    return (body, 400) if problem else body


class DateError(ValueError):
    """A range's end that is not a date: ``text`` as given for the parameter ``field`` (the
    API says it in English; the page in the reader's language)."""

    def __init__(self, text: str, field: str) -> None:
        self.text, self.field = text, field
        super().__init__(f"{text!r} is not a date (YYYY-MM-DD) for {field!r}")


def _date(text: str | None, field: str) -> dt.date | None:
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise DateError(text, field) from None


@api_bp.get("/clubs/<view_id>/stats")
def api_stats(view_id: str) -> Response | tuple[Response, int]:
    from referee.services import stats as stats_service

    club = _api_club(view_id)
    field = "from"
    try:
        start = _date(request.args.get("from") or None, "from")
        field = "to"
        end = _date(request.args.get("to") or None, "to")
        stats = stats_service.club_stats(club, start, end)
    except (ValueError, stats_service.RangeError) as e:
        fail(400, field, str(e))
    return jsonify(stats_service.stats_json(stats))


@bp.get("/c/<view_id>/ladder")
def ladder_page(view_id: str) -> str:
    from referee.services import ratings

    club = load_club(view_id)
    return render_template("club_ladder.html", club=club, rungs=ratings.ladder(club))


@bp.get("/c/<view_id>/players/<int:member_id>")
def player_page(view_id: str, member_id: int) -> str:
    """One player: their rating after each finished game (a chart and its numbers) and their
    win rate in each format."""
    from referee.services import charts, ratings
    from referee.services import stats as stats_service

    club = load_club(view_id)
    member = next((m for m in club.members if m.id == member_id), None)
    if member is None:
        abort(404)
    points = ratings.history(club, member.id)
    rung = next(r for r in ratings.ladder(club) if r.member_id == member.id)
    player = next(p for p in stats_service.club_stats(club).players if p.member_id == member.id)
    return render_template(
        "club_player.html",
        club=club,
        member=member,
        rung=rung,
        points=points,
        rating_chart=charts.rating_chart(member.name, points),
        win_rates=charts.player_win_rates(player),
        overall=player.overall,
    )


@api_bp.get("/clubs/<view_id>/players/<int:member_id>/ratings")
def api_player_ratings(view_id: str, member_id: int) -> Response:
    """A player's rating after each of their finished games, oldest first."""
    from referee.services import ratings

    club = _api_club(view_id)
    if not any(m.id == member_id for m in club.members):
        abort(404)
    return jsonify(
        {
            "id": member_id,
            "ratings": [
                {
                    "game": p.game,
                    "at": p.when.isoformat() if p.when else None,
                    "won": p.won,
                    "rating": round(p.rating, 2),
                    "mu": round(p.mu, 2),
                    "sigma": round(p.sigma, 2),
                }
                for p in ratings.history(club, member_id)
            ],
        }
    )


@bp.get("/ratings")
def ratings_help() -> str:
    """How a rating moves, in plain words."""
    return render_template("ratings_help.html")


@api_bp.get("/clubs/<view_id>/ladder")
def api_ladder(view_id: str) -> Response:
    from referee.services import ratings

    club = _api_club(view_id)
    return jsonify({"ladder": [r.as_json() for r in ratings.ladder(club)]})


@bp.route("/c/<view_id>/edit", methods=["GET", "POST"])
def claim(view_id: str) -> Page:
    """The club's edit link: the page posts the token from the fragment; a right one is kept."""
    club = load_club(view_id)
    form = ActionForm()
    if request.method == "POST" and form.validate_on_submit():
        token = token_from(request.form.get("token", ""))
        if club.check_edit_token(token):
            remember(club, token)
            flash(_("This browser can now change the club."), "ok")
            return redirect(url_for("clubs.club_page", view_id=view_id))
        return render_template("club_claim.html", club=club, form=form, problem="wrong link"), 403
    return render_template("club_claim.html", club=club, form=form, problem=None)


@bp.get("/c/<view_id>/link")
def edit_link(view_id: str) -> str:
    from referee.views.access import session_token

    club = load_club(view_id)
    require_edit(club)
    token = session_token(club)
    link = club_edit_url(club, token) if token else None
    return render_template("club_link.html", club=club, link=link, action=ActionForm())


@bp.post("/c/<view_id>/link/replace")
def replace_link(view_id: str) -> WerkzeugResponse:
    """A new edit link for the club; the old one stops working everywhere (and with it the
    right it gave to the club's matches). This browser keeps the new one."""
    club = _change(view_id)
    token = Club.new_token()
    club.set_edit_token(token)
    db.session.commit()
    remember(club, token)
    flash(
        _(
            "The club's edit link was replaced: the old one no longer works anywhere. Give "
            "the new one to the organisers."
        ),
        "ok",
    )
    return redirect(url_for("clubs.edit_link", view_id=view_id))


def _change(view_id: str) -> Club:
    club = load_club(view_id)
    require_edit(club)
    if not ActionForm().validate_on_submit():
        abort(400)
    return club


@bp.post("/c/<view_id>/matches")
@anonymous_write
def start_match(view_id: str) -> Page:
    club = _change(view_id)
    names = [request.form.get(f"player_{i}", "").strip() for i in range(SEATS)]
    try:
        match, token = club_service.start_match(
            club,
            [n for n in names if n],
            request.form.get("preset") or DEFAULT_PRESET,
            {},
            request.form.get("stake_per_point") or 0,
        )
    except InputError as e:
        return _render(club, {_seat_field(e.field, names): say(e)}, 400)
    remember(match, token)
    flash(_("Match started in %(club)s. This browser keeps its edit link.", club=club.name), "ok")
    return redirect(url_for("matches.scoreboard", view_id=match.view_id))


def _seat_field(field: str | None, names: list[str]) -> str:
    """A seat's error names the form's field of that seat (blank seats were left out)."""
    if field and field.startswith("player_"):
        filled = [i for i, n in enumerate(names) if n]
        seat = int(field.split("_")[1])
        return f"player_{filled[seat]}" if seat < len(filled) else field
    return field or "players"


@bp.post("/c/<view_id>/attach")
def attach(view_id: str) -> Page:
    club = _change(view_id)
    link = request.form.get("match", "")
    match = _linked_match(link)
    if match is None:
        return _render(club, {"match": "paste the match's edit link"}, 400)
    try:
        club_service.attach(club, match)
    except InputError as e:
        return _render(club, {"match": say(e)}, 400)
    flash(
        _("%(match)s is now a match of %(club)s.", match=versus_text(match.names), club=club.name),
        "ok",
    )
    return redirect(url_for("clubs.club_page", view_id=view_id))


def _linked_match(link: str) -> Match | None:
    """The match a pasted edit link opens, if its token is right (or this browser already
    holds the match's edit link and the view link was pasted)."""
    path = link.split("#", 1)[0].rstrip("/")
    parts = [p for p in path.split("/") if p]
    if "m" not in parts or parts.index("m") + 1 >= len(parts):
        return None
    match = Match.by_view_id(parts[parts.index("m") + 1])
    if match is None:
        return None
    if "#" in link and match.check_edit_token(token_from(link)):
        return match
    if "/edit/" in link and match.check_edit_token(token_from(link)):
        return match
    return match if can_edit(match) else None


@bp.post("/c/<view_id>/members")
def add_member(view_id: str) -> Page:
    club = _change(view_id)
    try:
        member = club_service.add_member(club, request.form.get("name", ""))
    except InputError as e:
        return _render(club, {"new_member": say(e)}, 400)
    flash(_("%(name)s joined %(club)s.", name=member.name, club=club.name), "ok")
    return redirect(url_for("clubs.club_page", view_id=view_id))


@bp.post("/c/<view_id>/members/<int:member_id>/rename")
def rename(view_id: str, member_id: int) -> Page:
    club = _change(view_id)
    try:
        member = club_service.rename(club, member_id, request.form.get("name", ""))
    except InputError as e:
        return _render(club, {f"rename_{member_id}": say(e)}, 400)
    flash(_("Renamed: %(name)s.", name=member.name), "ok")
    return redirect(url_for("clubs.club_page", view_id=view_id))


@bp.post("/c/<view_id>/members/merge")
def merge(view_id: str) -> Page:
    club = _change(view_id)
    try:
        kept = club_service.merge(
            club, _int(request.form.get("duplicate")), _int(request.form.get("into"))
        )
    except InputError as e:
        return _render(club, {"merge": say(e)}, 400)
    flash(_("Merged into %(name)s: their matches follow.", name=kept.name), "ok")
    return redirect(url_for("clubs.club_page", view_id=view_id))


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


@bp.get("/c/<view_id>/export.json")
def export(view_id: str) -> Response:
    club = load_club(view_id)
    return Response(
        transfer.json_text(club_file(club)),
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="club-{club.view_id}.json"'},
    )


def club_file(club: Club) -> dict[str, Any]:
    """The club as one JSON: its roster, who sat where, and every match of it in full."""
    return club_transfer.club_file(club)


# -- the JSON API ------------------------------------------------------------------------------


def _api_club(view_id: str, write: bool = False) -> Club:
    club = load_club(view_id)
    if write and not club.check_edit_token(request.headers.get("X-Edit-Token")):
        abort(403)
    return club


def club_json(club: Club) -> dict[str, Any]:
    from referee.services import stats as stats_service

    return {
        "id": club.view_id,
        "name": club.name,
        "view_url": club_url(club),
        "players": [{"id": m.id, "name": m.name} for m in club.members],
        "matches": [
            {
                "id": m.view_id,
                "variant": m.variant,
                "players": m.names,
                "status": m.status,
                "created_at": m.created_at.isoformat(),
            }
            for m in club_service.club_matches(club)
        ],
        "standings": stats_service.club_table_json(club),
    }


def _json_body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        abort(400)
    return data


@api_bp.post("/clubs")
@anonymous_write
def api_create() -> tuple[Response, int]:
    data = _json_body()
    roster = data.get("players") or []
    if not isinstance(roster, list):
        fail(400, "players", "a list of names")
    try:
        club, token = club_service.create_club(str(data.get("name") or ""), roster)
    except InputError as e:
        fail(400, e.field, e.reason)
    body = club_json(club) | {"edit_token": token, "edit_url": club_edit_url(club, token)}
    return jsonify(body), 201


@api_bp.get("/clubs/<view_id>")
def api_read(view_id: str) -> Response:
    return jsonify(club_json(_api_club(view_id)))


@api_bp.get("/clubs/<view_id>/export")
def api_export(view_id: str) -> Response:
    return jsonify(club_file(_api_club(view_id)))


@api_bp.post("/clubs/<view_id>/matches")
@anonymous_write
def api_start(view_id: str) -> tuple[Response, int]:
    club = _api_club(view_id, write=True)
    data = _json_body()
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        fail(400, "players", "a list of names")
    try:
        match, token = club_service.start_match(
            club,
            players,
            str(data.get("preset") or DEFAULT_PRESET),
            data.get("rules") if isinstance(data.get("rules"), dict) else {},
            str(data.get("stake_per_point") or 0),
        )
    except InputError as e:
        fail(400, e.field, e.reason)
    return jsonify({"id": match.view_id, "edit_token": token}), 201


@api_bp.post("/clubs/<view_id>/attach")
def api_attach(view_id: str) -> Response | tuple[Response, int]:
    """Attach ``{"match": id, "edit_token": the match's token}``."""
    club = _api_club(view_id, write=True)
    data = _json_body()
    match = Match.by_view_id(str(data.get("match")))
    if match is None or not match.check_edit_token(data.get("edit_token")):
        fail(400, "edit_token", "the match's id and its edit token")
    try:
        club_service.attach(club, match)
    except InputError as e:
        fail(400, e.field, e.reason)
    return jsonify(club_json(club))


@api_bp.post("/clubs/<view_id>/players/<int:member_id>")
def api_rename(view_id: str, member_id: int) -> Response | tuple[Response, int]:
    """Rename ``{"name": ...}`` or merge into another ``{"merge_into": id}``."""
    club = _api_club(view_id, write=True)
    data = _json_body()
    try:
        if "merge_into" in data:
            club_service.merge(club, member_id, _int(data.get("merge_into")))
        else:
            club_service.rename(club, member_id, str(data.get("name") or ""))
    except InputError as e:
        fail(400, e.field, e.reason)
    return jsonify(club_json(club))
