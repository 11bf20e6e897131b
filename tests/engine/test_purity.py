"""The referee is a pure library (docs/architecture.md, principle 1): the shared engine and
every game's rules and format load without Flask, SQLAlchemy or WTForms, so the shell, the
tests and other programs use them without a web server. Only a game's web modules (its forms,
pages and routes, and what it keeps in the database) may import the web."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import referee

ROOT = Path(__file__).resolve().parents[2]

WEB_MODULES = frozenset(
    {"forms", "views", "entry_page", "new_match_page", "saved_decks", "saved_lists", "decks"}
)
"""The stems of a game's modules that belong to the web (loaded by the web layer only)."""
WEB_SERVICES = frozenset({"referee.games.gem.check"})
"""Game modules that read the database (Gem's check looks up the table's saved decks)."""
WEB_PACKAGES = ("flask", "flask_babel", "flask_wtf", "sqlalchemy", "wtforms", "werkzeug")


def pure_modules() -> list[str]:
    names = []
    for package in ("referee.rules", "referee.games"):
        path = [str(ROOT / Path(*package.split(".")))]
        names.append(package)
        for info in pkgutil.walk_packages(path, package + "."):
            stem = info.name.rpartition(".")[2]
            if stem not in WEB_MODULES and info.name not in WEB_SERVICES:
                names.append(info.name)
    return names


def test_the_engine_and_the_games_rules_load_without_the_web() -> None:
    modules = pure_modules()
    assert "referee.games.gem.hand" in modules and "referee.games.gin.format" in modules
    assert referee.__file__ is not None
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "from referee.games import all_formats\n"
        "all_formats()\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {WEB_PACKAGES!r})\n"
        "print(' '.join(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == [], f"the pure modules loaded the web: {done.stdout}"


def test_the_check_catches_a_module_that_loads_the_web() -> None:
    script = "import sys; import referee.games.gin.forms; print('flask' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "True"
