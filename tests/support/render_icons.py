"""Render the installable app's PNG icons from their SVG sources with the system Chromium:
``python -m tests.support.render_icons`` (then commit the PNGs).

frontend/icons/icon.svg (rounded, transparent corners: purpose "any") and
maskable.svg (full bleed, the tile inside the central 80% circle a mask may keep: purpose
"maskable"), each at the sizes the manifest lists (frontend.pwa.ICONS); touch.svg (full bleed:
iOS rounds it itself) at 180 px, the pages' apple-touch-icon. tests/frontend/test_pwa.py
checks each PNG is the size the manifest says.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
SOURCES = FRONTEND / "icons"  # the SVGs, not served
ICONS = FRONTEND / "static" / "frontend" / "icons"
SIZES = {"icon": (192, 512), "maskable": (192, 512), "touch": (180,)}


def main() -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for name, sizes in SIZES.items():
            svg = (SOURCES / f"{name}.svg").read_text()
            for size in sizes:
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(
                    "<html><body style='margin:0;background:transparent'>"
                    f"<div style='width:{size}px;height:{size}px'>"
                    + svg.replace("<svg ", f"<svg width='{size}' height='{size}' ", 1)
                    + "</div></body></html>"
                )
                out = ICONS / f"{name}-{size}.png"
                page.screenshot(path=str(out), omit_background=True)
                page.close()
                print(out.relative_to(FRONTEND.parent))
        browser.close()


if __name__ == "__main__":
    main()
