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
view_id = made.get_json()["id"]
german = client.get(f"/m/{view_id}?lang=de", headers={"Accept-Language": "de"})
print(json.dumps({"site": str(SITE_ROOT), "pages": pages, "write": made.status_code,
                  "match": client.get(f"/api/v1/matches/{view_id}").status_code,
                  "german": [german.status_code, 'lang="de"' in german.get_data(as_text=True),
                             "Gin-Schiedsrichter" in german.get_data(as_text=True)
                             or "Regeln" in german.get_data(as_text=True)],
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
    assert answer["write"] == 201 and answer["match"] == 200
    assert answer["german"] == [200, True, True], answer["german"]  # its scoreboard in German
    assert any(name.endswith(".sqlite") or name.endswith(".db") for name in answer["db"]), answer
    shell = subprocess.run(
        [str(venv / "bin" / "referee"), "--help"], cwd=elsewhere, capture_output=True, text=True
    )
    assert shell.returncode == 0 and "contract" in shell.stdout
