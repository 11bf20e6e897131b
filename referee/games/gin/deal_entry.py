"""A partnership deal as entered → both tables ruled and scored for the two sides.

Each table is a two-handed hand (:mod:`.hand_entry`); the deal keeps both tables' inputs in
``tables`` and the dealing side in ``dealer_seat``. A problem at a table names that table's
field twice: the form's (``t2_knocker_seat``) and the API's (``tables[1].knocker``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.gin import partnership
from referee.games.hand_entry import IllegalKnock, normalise, rule_entry
from referee.games.kinds import EntryMode, HandKindChoice
from referee.rules.errors import InputError, said_of
from referee.rules.messages import Message, msg
from referee.rules.ruleset import Ruleset

# -- partnership deals ---------------------------------------------------------------------

TABLE_FIELDS = (
    "entry",
    "kind",
    "knocker_seat",
    "knocker_deadwood",
    "defender_deadwood",
    "knocker_cards",
    "defender_cards",
    "upcard",
)


# The API names a table's inputs by role where the form names them by what is stored.
_API_NAMES = {"knocker_seat": "knocker"}


def table_field(number: int, name: str) -> str:
    """The form field of one table's input: ``t1_knocker_deadwood``."""
    return f"t{number}_{name}"


def table_api_field(number: int, name: str) -> str:
    """The API field of one table's input: ``tables[0].knocker``."""
    return f"tables[{number - 1}].{_API_NAMES.get(name, name)}"


def _table_error(number: int, name: str, reason: Message | str) -> InputError:
    return InputError(table_field(number, name), reason, api_field=table_api_field(number, name))


def normalise_deal(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The stored form of a partnership deal: both tables' inputs in ``tables``, the dealing
    side in ``dealer_seat``, the two-handed columns unused."""
    tables = fields.get("tables")
    out: dict[str, Any] = {
        "kind": HandKindChoice.DEAL,
        "dealer_seat": fields.get("dealer_seat"),
        "knocker_seat": None,
        "knocker_cards": None,
        "defender_cards": None,
        "knocker_deadwood": None,
        "defender_deadwood": None,
        "upcard": None,
        "note": (fields.get("note") or "").strip(),
        "stop_after": False,
    }
    normalised: list[dict[str, Any] | None] = []
    for table in tables if isinstance(tables, list | tuple) else ():
        if not isinstance(table, Mapping):
            normalised.append(None)
            continue
        row = normalise({name: table.get(name) for name in TABLE_FIELDS} | {"note": ""})
        row.pop("note", None)
        normalised.append({name: row.get(name) for name in TABLE_FIELDS})
    out["tables"] = normalised
    cards = any(t and t.get("entry") == EntryMode.CARDS for t in normalised)
    out["entry"] = EntryMode.CARDS if cards else EntryMode.COUNTS
    return out


def rule_deal(
    fields: Mapping[str, Any], rules: Ruleset, deal: int, *, strict: bool = True
) -> partnership.DealScore:
    """Rule a partnership deal (``deal`` is its 0-based place in the match), or raise
    :class:`InputError` naming the table's field at fault (``t2_knocker_deadwood``).

    Each table is ruled as a two-handed hand. With ``strict`` (a deal being entered) the
    knocker must sit at that table this deal. Otherwise (folding stored deals) a knocker is
    read as their side's player at the table, so deleting an earlier deal — which shifts the
    opponents of every later deal by one — never changes a later deal's score.
    """
    f = normalise_deal(fields)
    if f["dealer_seat"] not in (0, 1):
        raise InputError("dealer_seat", msg("choose the side that dealt"))
    seating = partnership.pairings(deal)
    tables = f["tables"]
    if len(tables) != 2:
        missing = [t.number for t in seating[len(tables) :]]
        if len(missing) == 2:
            reason = msg(
                "a deal has two tables' results: enter table {first} and table {second}",
                first=missing[0],
                second=missing[1],
            )
        elif missing:
            reason = msg("a deal has two tables' results: enter table {number}", number=missing[0])
        else:
            reason = msg("a deal has two tables, not {count}", count=len(tables))
        raise InputError("tables", reason)
    played: list[partnership.TableResult] = []
    for table, entry in zip(seating, tables, strict=True):
        played.append(_rule_table(table, entry, rules, strict))
    try:
        return partnership.deal_score(deal, played, rules)
    except ValueError as e:  # pragma: no cover - every table was checked above
        raise InputError("tables", said_of(e)) from None


def _rule_table(
    table: partnership.Table, entry: dict[str, Any] | None, rules: Ruleset, strict: bool
) -> partnership.TableResult:
    n = table.number
    if entry is None:
        raise _table_error(n, "kind", msg("enter how the hand at table {number} ended", number=n))
    seat = entry.get("knocker_seat")
    side: int | None = None
    if entry.get("kind") != HandKindChoice.DEAD:
        if (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or seat not in range(partnership.PLAYERS)
        ):
            raise _table_error(n, "knocker_seat", msg("choose who knocked or went gin"))
        if strict and seat not in table.players:
            raise _table_error(
                n,
                "knocker_seat",
                msg("that player does not play at table {number} this deal", number=n),
            )
        side = partnership.TEAM_OF[seat]
    try:
        result = rule_entry({**entry, "knocker_seat": side, "dealer_seat": 0}, rules)
    except IllegalKnock as e:
        name = e.field or "kind"
        raise IllegalKnock(
            e.result, table_field(n, name), api_field=table_api_field(n, name)
        ) from None
    except InputError as e:
        raise _table_error(n, e.field or "kind", e.message) from None
    knocker = table.players[side] if side is not None else None
    return partnership.TableResult(result, knocker)
