"""Contract Rummy's own pages and API: a new match with the table's contract list (built deal
by deal, or a saved list by name), the check page's Contract tab, and the JSON of both
(``/api/v1/contract/check``, ``/api/v1/contract/lists``). Deals are entered, shown and
settled by the common match pages; the format object says how."""

from __future__ import annotations

import json
from typing import Any, ClassVar

from flask import Blueprint, Response, jsonify, render_template, request
from flask_babel import gettext
from sqlalchemy import select

from referee.api.errors import json_body as _body
from referee.games.contract import ContractList
from referee.games.contract.contracts import (
    Deal,
    check_contract_list,
    deals_from_rows,
    list_from_json,
    parse_needs,
)
from referee.games.contract.forms import ContractCheckForm, ContractMatchForm
from referee.games.contract.inputs import check as run_check
from referee.games.contract.inputs import check_page as run_check_page
from referee.games.contract.inputs import table_of
from referee.games.contract.saved_lists import SavedContractList
from referee.games.contract.tables_of_play import contract_list_of, contract_table, list_json
from referee.games.presets import get_preset
from referee.i18n import N_, say
from referee.i18n import lazy_gettext as _l
from referee.models import db
from referee.rules.errors import InputError
from referee.rules.messages import msg
from referee.services import matches as match_service
from referee.throttle import anonymous_write
from referee.views.flow import attach_error
from referee.views.game_routes import CheckTab
from referee.views.new_match import NewMatchPage, Page, started

bp = Blueprint("contract", __name__)
api_bp = Blueprint("contract_api", __name__, url_prefix="/contract")

BLUEPRINTS = (bp,)
"""Registered by the app through ``Format.routes``."""
API_BLUEPRINTS = (api_bp,)
"""Nested under the API's ``/api/v1``: its refusals are the API's (an :class:`InputError`
is a 400 naming the field as the check names it)."""
CHECK_TABS = (CheckTab("contract.check_page", _l("Contract"), "contract-tab"),)
"""The check page's Contract tab."""

TWOS = "2"
CONTRACT_PRESETS = ("contract_7", "contract_7_pagat", "twelve_step")


# -- a new match -------------------------------------------------------------------------------


def _fill(form: ContractMatchForm, preset_name: str) -> None:
    rules = get_preset(preset_name).rules
    form.preset.data = preset_name
    form.jokers.data = rules.jokers
    form.jokers_wild.data = rules.jokers_wild
    form.twos_wild.data = 2 in rules.wild_ranks
    form.ace_value.data = rules.ace_value
    form.joker_value.data = rules.joker_value
    form.wild_value.data = rules.wild_value if rules.wild_value is not None else 15
    form.court_value.data = rules.court_value


def _overrides(form: ContractMatchForm) -> dict[str, Any]:
    return {
        "jokers": form.jokers.data if form.jokers.data is not None else 0,
        "jokers_wild": bool(form.jokers_wild.data),
        "wild_ranks": TWOS if form.twos_wild.data else "",
        "ace_value": form.ace_value.data,
        "joker_value": form.joker_value.data,
        "wild_value": form.wild_value.data,
        "court_value": form.court_value.data,
    }


def saved_list(name: str, field: str = "saved") -> ContractList:
    """The list saved as ``name``; raises :class:`InputError` on ``field``."""
    row = SavedContractList.by_name(name)
    if row is None:
        known = ", ".join(saved_names())
        missing = (
            msg("no list is saved as `{name}` (saved: {known})", name=name.strip(), known=known)
            if known
            else msg("no list is saved as `{name}` (saved: none yet)", name=name.strip())
        )
        raise InputError(field, missing)
    data = json.loads(row.list_json)
    return ContractList(
        row.name, list_from_json(data, contract_table(get_preset("twelve_step").rules)).deals
    )


def saved_names() -> list[str]:
    return list(db.session.scalars(select(SavedContractList.name).order_by(SavedContractList.name)))


def save_list(contracts: ContractList) -> bool:
    """Keep ``contracts`` under its name (once: a name already taken by another list is
    refused on ``list_name``). True when it was saved now."""
    text = list_json(contracts)
    row = SavedContractList.by_name(contracts.name)
    if row is not None:
        if json.loads(row.list_json).get("deals") == json.loads(text).get("deals"):
            return False
        raise InputError(
            "list_name",
            msg(
                "a different list is already saved as `{name}`: choose another name, "
                "or use that list by its name",
                name=contracts.name,
            ),
        )
    db.session.add(SavedContractList(name=contracts.name, list_json=text))
    return True


def _list_for(form: ContractMatchForm, preset_name: str) -> tuple[ContractList, bool]:
    """The match's list and whether it is new (to save): a saved list by name, the deals
    typed in, or a 7-deal preset's published list."""
    table = contract_table(get_preset(preset_name).rules.with_overrides(**_overrides(form)))
    if (form.saved.data or "").strip():
        return saved_list(form.saved.data or ""), False
    rows = [(c.data, t.data, d.data) for c, t, d in form.deal_rows()]
    deals = deals_from_rows(rows, table)
    if not deals and preset_name != "twelve_step":
        return contract_list_of(get_preset(preset_name).rules), False
    name = (form.list_name.data or "").strip() or "Our list"
    contracts = ContractList(name, deals)
    check_contract_list(contracts, table)
    return contracts, bool((form.list_name.data or "").strip())


class ContractNewMatch(NewMatchPage):
    """A Contract Rummy match: players, the table, the contract list, wilds and the stake."""

    default: ClassVar[str] = "twelve_step"
    label: ClassVar[str] = N_("Contract Rummy or 12-Step")
    start_label: ClassVar[str] = N_("Contract Rummy or 12-Step")
    testid: ClassVar[str] = "contract-games"

    def answer(self) -> Page:
        form = ContractMatchForm()
        if request.method == "GET":
            name = request.args.get("preset") or self.default
            _fill(form, name if name in CONTRACT_PRESETS else self.default)
            return _render(form)
        if "example" in request.form:  # the example twelve, to edit before starting
            for (cards, contract, no_discard), text in zip(
                form.deal_rows(), EXAMPLE_TWELVE, strict=False
            ):
                cards.data, contract.data, no_discard.data = "13", text, False
            return _render(form)
        if not form.validate_on_submit():
            return _render(form), 400
        preset_name = form.preset.data or self.default
        names = [f.data or "" for f in form.players() if (f.data or "").strip()]
        try:
            contracts, new = _list_for(form, preset_name)
            overrides = {**_overrides(form), "contract_list": list_json(contracts)}
            if new:
                save_list(contracts)  # checked before the match, committed with it
            match, token = match_service.create_match(
                names, preset_name, overrides, form.stake_per_point.data or 0
            )
        except InputError as e:
            db.session.rollback()
            attach_error(form, _on_its_row(e), flash_other=True)
            return _render(form), 400
        return started(match, token)


@bp.route("/new/contract", methods=["GET", "POST"])
@anonymous_write
def new_match() -> Page:
    """The new-match page, at the address Contract Rummy has always had."""
    return ContractNewMatch().answer()


EXAMPLE_TWELVE = (
    "2 groups of 3",
    "1 group of 3 + 1 sequence of 4",
    "2 sequences of 4",
    "3 groups of 3",
    "1 group of 4 + 1 sequence of 4",
    "2 groups of 4",
    "2 sequences of 5",
    "1 group of 3 + 2 sequences of 4",
    "3 sequences of 4",
    "4 groups of 3",
    "1 group of 5 + 1 sequence of 5",
    "1 sequence of 7 + 1 group of 3",
)
"""A common progression of twelve contracts (13 cards each), offered to a table that has not
entered its own: each row can be changed before the match starts."""


def _on_its_row(error: InputError) -> InputError:
    """A deal's problem (``deal_<n>``) belongs beside that deal's contract field, where the
    refused form's summary links to it."""
    field = error.field or ""
    if field == "deals":  # an empty list: the first deal's contract is where to start
        return InputError("contract_1", error.message, api_field=error.api_field)
    if field.startswith("deal_") and field[5:].isdecimal():
        return InputError(f"contract_{field[5:]}", error.message, api_field=error.api_field)
    return error


def _render(form: ContractMatchForm) -> str:
    return render_template(
        "contract/new_match.html",
        form=form,
        page=ContractNewMatch(),
        saved=saved_names(),
        presets={n: get_preset(n) for n in CONTRACT_PRESETS},
    )


# -- the check page's Contract tab -------------------------------------------------------------


def _check_data(form: ContractCheckForm) -> dict[str, Any]:
    return {
        "check": form.what.data,
        "preset": form.preset.data,
        "contract": form.contract.data or "",
        "cards": form.cards.data if form.cards.data is not None else 13,
        "no_discard": bool(form.no_discard.data),
        "laid": form.laid.data or "",
        "hand": form.hand.data or "",
        "meld": form.meld.data or "",
        "played": form.played.data or "",
        "contract_made": bool(form.contract_made.data),
        "own_meld": bool(form.own_meld.data),
    }


@bp.route("/check/contract", methods=["GET", "POST"])
@anonymous_write
def check_page() -> str | tuple[str, int]:
    form = ContractCheckForm()
    if request.method == "GET":
        return render_template("contract/check.html", form=form, kind="contract", result=None)
    if not form.validate_on_submit():
        return render_template("contract/check.html", form=form, kind="contract", result=None), 400
    try:
        result = run_check_page(_check_data(form))
    except InputError as e:
        attach_error(form, e)
        return render_template("contract/check.html", form=form, kind="contract", result=None), 400
    return render_template("contract/check.html", form=form, kind="contract", result=result)


# -- JSON --------------------------------------------------------------------------------------


@api_bp.post("/check")
@anonymous_write
def api_check() -> Response:
    """A lay-down, a whole hand, a layoff or a liberated wild, ruled."""
    return jsonify(run_check(_body()))


@api_bp.get("/lists")
def api_lists() -> Response:
    published = {
        "seven_deal_bicycle": contract_list_of(get_preset("contract_7").rules).to_json(),
        "seven_deal_pagat": contract_list_of(get_preset("contract_7_pagat").rules).to_json(),
    }
    return jsonify({"saved": saved_names(), "published": published})


@api_bp.get("/lists/<name>")
def api_list(name: str) -> Response:
    return jsonify(saved_list(name, "name").to_json())


@api_bp.post("/lists")
@anonymous_write
def api_save_list() -> tuple[Response, int]:
    """Save a table's list by name: ``{"name": ..., "deals": [{"cards": 13, "contract":
    "2 groups of 3"}, ...]}``."""
    data = _body()
    table = table_of({"preset": "twelve_step", "rules": data.get("rules") or {}})
    contracts = list_from_json({k: v for k, v in data.items() if k != "rules"}, table, "list")
    created = save_list(contracts)
    db.session.commit()
    return jsonify(contracts.to_json()), 201 if created else 200


# -- words on the pages --------------------------------------------------------------------


def contract_list_words(stored: str) -> str:
    """A table's contract list as the rules say it: its name and each deal's contract in the
    reader's language ("Windsor: 1. 2 groups of 3; 2. ..."); "none" when it has none."""
    if not stored.strip():
        return gettext("none")
    try:
        data = json.loads(stored)
        deals = [
            Deal(int(d["cards"]), parse_needs(str(d["contract"])), bool(d.get("no_discard")))
            for d in data["deals"]
        ]
        name = str(data.get("name") or "")
    except (ValueError, KeyError, TypeError, InputError):
        return gettext("the table's own list")
    contracts = "; ".join(f"{n}. {say(d.said)}" for n, d in enumerate(deals, 1))
    return f"{name}: {contracts}" if name else contracts


RULE_WORDS = {"contract_list": contract_list_words}
"""How a page says the contract-list house rule (the stored list is JSON)."""
