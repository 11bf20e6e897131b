"""Lighthouse's accessibility score of the pages a scorer uses most: the hand form by cards of
a two-handed Gin match, the check page, and a rummy-family hand form by cards (500 Rum).

    .venv/bin/python bench/lighthouse.py

It serves the app on a free port with a throwaway SQLite file, starts the matches through the
API, opens their edit links for a session cookie, and runs Lighthouse (headless, the system
Chromium: CHROME_PATH, /usr/bin/chromium unless set) on each page; it prints each page's score
and every failing audit with the elements it names, and exits 1 unless every page scores 100.

Lighthouse is not one of the browser tests' packages (tests/browser/package.json): it would
make CI's ``npm ci`` several times slower, and its lockfile does not install with ``npm ci``
(npm reports it out of sync). The script installs it once with ``npm install --prefix`` into a
folder of its own (LIGHTHOUSE_DIR, else gin-referee-lighthouse in the system's temporary
folder), which later runs reuse; it downloads no browser. CI does not run it.
"""

from __future__ import annotations

import http.cookiejar
import json
import logging
import os
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LIGHTHOUSE = "lighthouse@12.8.2"
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")


def lighthouse_bin() -> Path:
    """Lighthouse's command, installed into its folder on first use."""
    folder = Path(
        os.environ.get("LIGHTHOUSE_DIR") or Path(tempfile.gettempdir()) / "gin-referee-lighthouse"
    )
    binary = folder / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        folder.mkdir(parents=True, exist_ok=True)
        print(f"installing {LIGHTHOUSE} into {folder} ...", flush=True)
        subprocess.run(
            ["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", LIGHTHOUSE],
            check=True,
            env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"},
        )
    return binary


def serve(folder: Path) -> str:
    """The app on a fresh SQLite file, served in a thread, with the rate limits off."""
    os.environ["REFEREE_INSTANCE_PATH"] = str(folder / "instance")
    from werkzeug.serving import make_server

    from referee import create_app

    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite'}",
            "RATELIMIT_ENABLED": False,
        }
    )
    for name in ("referee.access", "werkzeug"):  # one line per request: not this report's
        logging.getLogger(name).setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}"


def start_match(base: str, opener: urllib.request.OpenerDirector, **body: Any) -> str:
    """A new match through the API, its edit link opened (the session's cookie now edits it):
    its address."""
    request = urllib.request.Request(
        base + "/api/v1/matches",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with opener.open(request) as response:
        made = json.load(response)
    # the edit link's older form carries the token in the path, so no script need post it
    view, _, token = made["edit_url"].partition("#")
    opener.open(f"{view.rstrip('/')}/{token}").read()
    return f"{base}/m/{made['id']}"


def audit(binary: Path, url: str, cookie: str, out: Path) -> dict[str, Any]:
    """Lighthouse's accessibility report of the page at ``url``."""
    subprocess.run(
        [
            str(binary),
            url,
            "--only-categories=accessibility",
            "--output=json",
            f"--output-path={out}",
            "--quiet",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
            f"--extra-headers={json.dumps({'Cookie': cookie})}",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": CHROME},
    )
    report: dict[str, Any] = json.loads(out.read_text())
    return report


def failing(report: dict[str, Any]) -> list[str]:
    """Each failing audit of the accessibility category, with the elements it names."""
    lines = []
    for ref in report["categories"]["accessibility"]["auditRefs"]:
        result = report["audits"][ref["id"]]
        if result.get("score") is None or result["score"] == 1 or not ref.get("weight"):
            continue
        lines.append(f"  FAIL {ref['id']}: {result['title']}")
        for item in (result.get("details") or {}).get("items", []):
            node = item.get("node") or {}
            lines.append(f"    {node.get('selector', '')}  {node.get('snippet', '')[:160]}")
    return lines


def main() -> int:
    binary = lighthouse_bin()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        base = serve(folder)
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        gin = start_match(base, opener, players=["Ann", "Ben"], preset="american")
        rum = start_match(base, opener, players=["Ann", "Ben", "Cat"], preset="rum_500")
        cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
        pages = {
            "Gin hand form by cards": gin + "/hands/new?entry=cards",
            "check page": base + "/check",
            "500 Rum hand form by cards": rum + "/hands/new?entry=cards",
        }
        worst = 100
        for name, url in pages.items():
            report = audit(binary, url, cookie, folder / "report.json")
            score = round(report["categories"]["accessibility"]["score"] * 100)
            worst = min(worst, score)
            print(f"{score:3d}  {name}  ({url.removeprefix(base)})")
            for line in failing(report):
                print(line)
    return 0 if worst == 100 else 1


if __name__ == "__main__":
    sys.exit(main())
