"""Render the app's PNG icons (static/icons/) from static/icons/app-icon.svg with Chromium.

Run by hand after changing the SVG: ``.venv/bin/python tests/data/make_icons.py``. The
square artwork keeps its card inside the middle 80%, so the same picture serves as the
"maskable" icon a phone crops to a circle or a rounded square.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[2] / "static" / "icons"
SIZES = (192, 512)
CHROMIUM = "/usr/bin/chromium"


def main() -> None:
    svg = (ICONS / "app-icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            html = f"<html><body style='margin:0'>{sized}</body></html>"
            page.set_content(html)
            page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=False)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
