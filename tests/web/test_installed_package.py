"""Gin Referee installed as a package, not run from a checkout: the wheel carries the
templates, static files, migrations, catalogs and samples, and the app starts from any folder,
migrates a fresh instance and answers pages and an API write (setup.py, referee.SITE_ROOT)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import json, os
from referee import SITE_ROOT, create_app
app = create_app()
client = app.test_client()
pages = {url: client.get(url).status_code
         for url in ("/", "/new", "/new?preset=gem", "/check", "/rules", "/static/app.css")}
made = client.post("/api/v1/matches", json={"players": ["Ann", "Ben"], "preset": "american"})
print(json.dumps({"site": str(SITE_ROOT), "pages": pages, "write": made.status_code,
                  "db": sorted(os.listdir(os.environ["REFEREE_INSTANCE_PATH"]))}))
"""


def test_the_wheel_carries_the_site_and_runs_from_another_folder(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("gin_referee-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for shipped in (
        "referee/site/templates/base.html",
        "referee/site/templates/gem/hand.html",
        "referee/site/static/app.css",
        "referee/site/static/sw.js",
        "referee/site/migrations/env.py",
        "referee/site/migrations/versions/0001_initial_schema.py",
        "referee/translations/de/LC_MESSAGES/messages.po",
        "referee/games/gem/samples/gem.json",
    ):
        assert shipped in names, shipped

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(wheel)], check=True, capture_output=True
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    instance = tmp_path / "instance"
    done = subprocess.run(
        [str(python), "-c", CHECK],
        cwd=elsewhere,
        env={"REFEREE_INSTANCE_PATH": str(instance), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert answer["site"] == str(
        venv
        / "lib"
        / f"python{sys.version_info[0]}.{sys.version_info[1]}"
        / "site-packages"
        / "referee"
        / "site"
    )
    assert set(answer["pages"].values()) == {200}, answer["pages"]
    assert answer["write"] == 201
    assert any(name.endswith(".sqlite") or name.endswith(".db") for name in answer["db"]), answer
    shell = subprocess.run(
        [str(venv / "bin" / "referee"), "--help"], cwd=elsewhere, capture_output=True, text=True
    )
    assert shell.returncode == 0 and "contract" in shell.stdout
