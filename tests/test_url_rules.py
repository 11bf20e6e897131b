"""URL rules share their compiled builders across apps, and build the same URLs."""

from __future__ import annotations

from werkzeug.routing import Map

from referee.url_rules import SharedBuilderRule


def test_two_maps_share_a_builder_and_build_alike() -> None:
    first = SharedBuilderRule("/m/<view_id>/hands/<int:number>", endpoint="hand")
    second = SharedBuilderRule("/m/<view_id>/hands/<int:number>", endpoint="hand")
    one, two = Map([first]).bind("example.org"), Map([second]).bind("example.org")
    assert first._build_unknown.__func__ is second._build_unknown.__func__
    url = "/m/abc/hands/3?lang=de"
    assert one.build("hand", {"view_id": "abc", "number": 3, "lang": "de"}) == url
    assert two.build("hand", {"view_id": "abc", "number": 3, "lang": "de"}) == url


def test_a_default_that_fills_a_variable_keeps_its_own_builder() -> None:
    page = SharedBuilderRule("/list/<int:page>", endpoint="list", defaults={"page": 1})
    other = SharedBuilderRule("/list/<int:page>", endpoint="list", defaults={"page": 2})
    adapter = Map([page]).bind("example.org")
    Map([other]).bind("example.org")
    assert page._build_unknown.__func__ is not other._build_unknown.__func__
    assert adapter.build("list", {}) == "/list/1"
