"""Helpers for three-or-more-player matches: the new-match form, seated hands, reading the
scoreboard's seating and payouts."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.web.helpers import add_quick, hand_form, new_match_data


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def plain(response: Any) -> str:
    """The page's text without tags, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", text(response)).split())


def new_three_data(
    client: Any,
    names: tuple[str, ...] = ("Ann", "Ben", "Cat"),
    preset: str = "cutthroat",
    stake: str = "0.10",
    cut: tuple[str, ...] | None = None,
    **rules: Any,
) -> dict[str, str]:
    data = new_match_data(client, "/new/three", names, preset, stake, **rules)
    for seat, card in enumerate(cut or ()):
        data[f"cut_{seat}"] = card
    return data


def start_three(client: Any, *args: Any, **kwargs: Any) -> str:
    """Start a match through the three-or-more page; returns its view id."""
    response = client.post("/new/three", data=new_three_data(client, *args, **kwargs))
    assert response.status_code == 302, text(response)
    return response.headers["Location"].rstrip("/").split("/")[-1]


def seated_form(client: Any, view_id: str) -> dict[str, str]:
    """The new-hand form as it would post untouched (the rotation's seating pre-filled)."""
    return hand_form(client, f"/m/{view_id}/hands/new")


def add_seated(
    client: Any,
    view_id: str,
    knocker: int | None,
    k: int | None = 5,
    d: int | None = 20,
    kind: str = "knock",
    **extra: Any,
) -> Any:
    """A two-player hand of a Cutthroat or Chouette match by counts, as one tap on Save (the
    rotation's seating as the form fills it in; ``knocker`` None: nobody chosen)."""
    return add_quick(client, view_id, knocker, kind, k, d, **extra)


def add_royal(
    client: Any,
    view_id: str,
    knocker: int | None,
    counts: tuple[int, int, int] | None = None,
    kind: str = "knock",
    **extra: Any,
) -> Any:
    """A Battle Royal hand by counts, as one tap on Save."""
    data = hand_form(client, f"/m/{view_id}/hands/new")
    data.update(entry="counts", kind=kind, save="Save hand")
    if knocker is not None:
        data["knocker_seat"] = str(knocker)
    for seat, count in enumerate(counts or ()):
        data[f"deadwood_{seat}"] = str(count)
    data.update({key: str(value) for key, value in extra.items()})
    return client.post(f"/m/{view_id}/hands/new", data=data)


def marked(page: str, name: str) -> str:
    """The text inside the element marked ``data-testid=name`` (tags removed)."""
    found = re.search(rf'<(\w+)[^>]*data-testid="{re.escape(name)}"[^>]*>(.*?)</\1>', page, re.S)
    assert found, f"no {name} on the page"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(2)).split())


def scoreboard(client: Any, view_id: str) -> str:
    return text(client.get(f"/m/{view_id}"))


def seating(client: Any, view_id: str) -> dict[str, str]:
    """The scoreboard's next-hand seating: who plays, deals and sits out."""
    page = scoreboard(client, view_id)
    out = {}
    for key in ("players", "dealer", "sitting-out", "box", "captain", "queue"):
        if f'data-testid="{key}"' in page:
            out[key] = marked(page, key)
    return out


def totals(client: Any, view_id: str, columns: int = 3) -> tuple[int, ...]:
    page = scoreboard(client, view_id)
    return tuple(int(marked(page, f"total-{s}")) for s in range(columns))


def pairs(page: str) -> dict[tuple[int, int], int]:
    """The payouts' pairwise table: (payer, payee) → points."""
    out = {}
    for payer, payee, body in re.findall(r'data-testid="pair-(\d+)-(\d+)">(.*?)</tr>', page, re.S):
        points = re.search(r'data-testid="pair-points">(\d+)<', body)
        assert points
        out[(int(payer), int(payee))] = int(points.group(1))
    return out


def nets(page: str, players: int = 3) -> tuple[int, ...]:
    return tuple(int(marked(page, f"net-{s}").replace("−", "-")) for s in range(players))
