"""A match's own setup (Gem Rummy's frozen deck) is the format's: kept in ``Match.setup``,
written to a match file under the key the format names (every file names it, null where the
match has none, as files always have), read back by the format, refused when malformed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.services import transfer
from referee.services.matches import create_match

DECK = (Path(__file__).parent.parent / "data" / "gem_synthetic_deck.txt").read_text().strip()


def test_a_gem_deck_goes_out_and_back_under_its_key(app: Any) -> None:
    with app.app_context():
        gem, _ = create_match(["Ann", "Ben"], "gem", setup=DECK)
        plain, _ = create_match(["Ann", "Ben"], "american")
        assert gem.setup == DECK and plain.setup is None
        gem_file, plain_file = transfer.match_file(gem), transfer.match_file(plain)
        assert gem_file["match"]["gem_deck"] == DECK
        assert "gem_deck" in plain_file["match"] and plain_file["match"]["gem_deck"] is None
        assert "setup" not in gem_file["match"]
        again, _ = transfer.import_match(gem_file)
        assert again.setup == DECK
        assert transfer.match_file(again)["match"]["gem_deck"] == DECK


def test_a_malformed_gem_deck_is_refused_by_its_key(app: Any) -> None:
    with app.app_context():
        gem, _ = create_match(["Ann", "Ben"], "gem", setup=DECK)
        data = transfer.match_file(gem)
        data["match"]["gem_deck"] = 7
        with pytest.raises(transfer.ImportRefused) as refused:
            transfer.read_match(data["match"])
        assert refused.value.where == "match.gem_deck"
        assert refused.value.reason == "the match's gem deck as text"
