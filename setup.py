"""The wheel carries the site beside the code: the top-level ``templates/``, ``static/`` and
``migrations/`` of the repository are copied into the package as ``referee/site/`` when it is
built, so an installed Gin Referee (not only a checkout) serves its pages and migrates its
database. Everything else about the package is in ``pyproject.toml``."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SITE = ("templates", "static", "migrations")


class BuildWithSite(build_py):
    """``build_py`` that also copies the site folders into the built package."""

    def run(self) -> None:
        super().run()
        here = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "referee" / "site"
        for name in SITE:
            shutil.copytree(
                here / name,
                target / name,
                dirs_exist_ok=True,
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules"),
            )


setup(cmdclass={"build_py": BuildWithSite})
