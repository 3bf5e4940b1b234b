"""Pictures of the terminal table for the README: docs/screenshots/tui-*.jpg.

Each is the app's own SVG screenshot (Textual), drawn by Chromium (through Playwright, as the
browser tests) and saved as JPEG.  Run by ``make screenshots``; needs /usr/bin/chromium
(scripts/ensure-chromium.sh).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright
from textual.pilot import Pilot

from fivehundred import Rules
from fivehundred.rng import Rng
from fivehundred.tui import TableApp
from fivehundred.tui.screens import Dialog

OUT = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")
SIZE = (124, 40)


async def settle(app: TableApp, pilot: Pilot[int]) -> None:
    while True:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not app._busy:
            return


async def shoot(name: str, preset: str, seed: int, stop: str, plays: int = 0) -> None:
    """Play (you bid a little, then any legal card) until ``stop``: 'auction', 'play' after
    ``plays`` of your cards with a trick on the cloth, 'sheet' (the end of the hand) or
    'review' (its review against double dummy)."""
    app = TableApp(Rules.preset(preset), seed=seed, bots="medium", pace=0, trick_pause=0)
    rng = Rng(seed)
    async with app.run_test(size=SIZE) as pilot:
        played = 0
        while True:
            await settle(app, pilot)
            if isinstance(app.screen, Dialog):
                if stop == "sheet":
                    break
                if stop == "review":
                    await pilot.click("#review")
                    await settle(app, pilot)
                    break
                await pilot.click("#next")
                continue
            v = app.view()
            if stop == "auction" and v.phase == "auction":
                break
            if stop == "play" and v.phase == "play" and played >= plays and v.trick:
                break
            legal = list(v.legal_actions)
            if v.phase == "auction":
                bids = [t for t in legal if t != "pass"]
                tok = bids[0] if bids and rng.below(100) < 30 else "pass"
            else:
                tok = legal[rng.below(len(legal))]
                played += v.phase == "play"
            app.act(tok)
        SVGS[name] = app.export_screenshot()


SVGS: dict[str, str] = {}


def draw() -> None:
    """Each SVG drawn by Chromium into a JPEG."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page(viewport={"width": 1560, "height": 1010})
        for name, svg in SVGS.items():
            page.set_content("<style>body{margin:0;background:#1e1e1e}"
                             f"svg{{width:100%;height:auto}}</style>{svg}")
            path = OUT / f"tui-{name}.jpg"
            page.screenshot(path=str(path), type="jpeg", quality=85, full_page=True)
            print(f"wrote {path}")
        browser.close()


async def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    await shoot("play", "australian", 5, "play", plays=2)
    await shoot("auction", "australian", 12, "auction")
    await shoot("six_pairs", "six_pairs", 3, "play", plays=3)
    await shoot("sheet", "classic3", 4, "sheet")
    await shoot("review", "australian", 5, "review")


if __name__ == "__main__":
    asyncio.run(main())
    draw()
