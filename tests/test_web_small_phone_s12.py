"""The browser game on small phones and a slow line, as a phone player's review found it: seat
names cut until two seats read alike ("North-…", "North-E…"; "N" for North-West), the call
panel's Joker button narrower than its word, text under 12 px read in play, a 13-card hand's
tappable strips while discarding, and a first load of plain felt (no "Loading…" line, no
compression, the modules found one round trip at a time).

The fixtures are in conftest.py, the helpers in browser.py and layout_probes.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, ViewportSize

from browser import bid_ten, settle, start_game, viewport_page, wait_turn
from fivehundred.web.store import Store
from webclient import new_table, web_client

STATIC = Path(__file__).parent.parent / "src" / "fivehundred" / "web" / "static"

IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']\./([\w.-]+\.js)["']""")
"""A module's import of another of the page's modules (static, re-exported or dynamic)."""


def imported_modules(first: str = "main.js") -> set[str]:
    """Every module the page loads from ``first``: its imports, theirs, and so on."""
    seen: set[str] = set()
    todo = [first]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(IMPORT.findall((STATIC / name).read_text(encoding="utf-8")))
    return seen


def test_the_page_preloads_every_module_it_imports() -> None:
    """index.html asks at once (``modulepreload``) for every module main.js imports, however
    deep: found one import at a time they took six round trips on a slow phone line. A module
    added to the imports and not to the list fails here, as does a list naming one no longer
    imported."""
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    # (relative: the page may be served under a proxy's path, test_web_prefix_s20.py)
    preloaded = re.findall(r'<link rel="modulepreload" href="static/([\w.-]+\.js)">', html)
    assert len(preloaded) == len(set(preloaded)), "a module preloaded twice"
    assert '<script type="module" src="static/main.js"></script>' in html
    modules = imported_modules()
    assert len(modules) > 20, modules                # (the import pattern still finds them)
    assert set(preloaded) == modules - {"main.js"}, (
        f"not preloaded: {sorted(modules - {'main.js'} - set(preloaded))}; "
        f"preloaded, not imported: {sorted(set(preloaded) - modules)}")


@pytest.mark.parametrize("mode", ["local", "serve"])
def test_the_page_comes_gzipped_and_the_socket_and_the_guard_still_work(mode: str) -> None:
    """The page, its scripts and styles and the lobby's JSON come gzipped to a browser that
    takes it (under half their size over the wire: a quarter to a third), whole to one that
    does not; the table's socket still plays and another site's page's socket is still
    refused (4403)."""
    with web_client(Store(":memory:"), mode) as client:
        for path in ("/", "/static/table.js", "/static/phone-table.css", "/api/lobby"):
            packed = client.get(path, headers={"accept-encoding": "gzip"})
            assert packed.status_code == 200, path
            assert packed.headers.get("content-encoding") == "gzip", path
            plain = client.get(path, headers={"accept-encoding": "identity"})
            assert "content-encoding" not in plain.headers, path
            assert packed.content == plain.content      # (httpx unpacks it)
            # (what came over the wire, not what gzip could make of it)
            assert packed.num_bytes_downloaded < len(plain.content) / 2, path
        t = new_table(client)
        url = f"/ws?table={t['table']}&token={t['token']}"
        with client.websocket_connect(url) as ws:
            assert ws.receive_json()["type"] == "state"
        with client.websocket_connect(url, headers={"origin": "https://evil.example"}) as ws:
            assert ws.receive_json()["code"] == "forbidden"
            with pytest.raises(Exception) as closed:
                ws.receive_json()
            assert getattr(closed.value, "code", None) == 4403


def test_a_slow_first_load_says_loading_at_once(server: str) -> None:
    """While the page's scripts are on their way the felt says "Loading…" (it was bare for
    11 s on a slow line); the lobby replaces it."""
    with viewport_page({"width": 360, "height": 640}, touch=True) as page:
        held: list[Route] = []
        hold = [True]

        def scripts(route: Route) -> None:
            """Hold back the page's scripts until let go."""
            if hold[0]:
                held.append(route)
            else:
                route.continue_()

        page.route("**/static/*.js", scripts)
        page.goto(server, wait_until="commit")      # (the modules hold DOMContentLoaded)
        page.wait_for_selector("#loading-line", state="visible")
        page.wait_for_timeout(300)
        assert page.is_visible("#loading-line") and not page.is_visible("#lobby")
        assert page.inner_text("#loading-line") == "Loading…"
        hold[0] = False
        for route in held:
            route.continue_()
        page.wait_for_selector("#lobby button#play")
        assert not page.is_visible("#loading-line")


NAMES = """() => [...document.querySelectorAll('.seat:not(.me)')].map((s) => {
  const e = s.querySelector('.name');
  const words = document.createRange();
  words.selectNodeContents(e);
  const r = e.getBoundingClientRect();
  return {seat: s.dataset.seat, shown: e.textContent, title: e.title || '',
          cut: r.width > 0 && words.getBoundingClientRect().width > r.width + 0.01,
          width: r.width};
})"""
"""JavaScript: each other seat's name as it shows, whether it is cut, its whole name (title)."""

SIX = ["You", "South-West", "North-West", "North", "North-East", "South-East"]
FIVE = ["You", "West", "North-West", "North-East", "East"]


@pytest.mark.parametrize(("preset", "size"), [
    ("six_pairs", "360x640"), ("six_pairs", "390x844"), ("six_pairs", "844x390"),
    ("six_pairs", "640x360"), ("five_called", "640x360")])
def test_every_seat_reads_apart_on_a_small_phone(server: str, preset: str, size: str) -> None:
    """No seat's name is cut: each shows whole, or in short ("NW", "N", "NE") with its whole
    name as its title where its plaque has not the room; no two seats read alike ("North-…"
    and "North-E…" at 360x640, "N" for North-West five-handed at 640x360)."""
    w, hgt = (int(x) for x in size.split("x"))
    with viewport_page({"width": w, "height": hgt}, touch=True) as page:
        start_game(page, server, preset)
        wait_turn(page)
        settle(page, 600)
        names = page.evaluate(NAMES)
    full = SIX if preset == "six_pairs" else FIVE
    assert len(names) == len(full) - 1
    for n in names:
        assert not n["cut"], names
        whole = full[int(n["seat"])]
        assert n["shown"] == whole or (n["title"] == whole and n["shown"] == "".join(
            p[0] for p in whole.split("-"))), names
    assert len({n["shown"] for n in names}) == len(names), names


JOKER = """() => { const b = document.querySelector('#call-panel .call-card[data-call="JK"]');
  const words = document.createRange(); words.selectNodeContents(b);
  return {box: b.getBoundingClientRect().width, words: words.getBoundingClientRect().width}; }"""


@pytest.mark.parametrize("size", ["360x640", "390x844", "640x360"])
def test_the_joker_button_is_as_wide_as_its_word(server: str, size: str) -> None:
    """Five-handed, calling a partner: the Joker's button holds its word (at 360x640 a 32 px
    box held 38 px of words)."""
    w, hgt = (int(x) for x in size.split("x"))
    with viewport_page({"width": w, "height": hgt}, touch=True) as page:
        start_game(page, server, "five_called")
        wait_turn(page)
        bid_ten(page, "NT")
        page.wait_for_selector("#discard-button", state="visible")
        settle(page, 600)
        for el in page.query_selector_all("#hand .hand-card")[-3:]:
            el.click()
        page.click("#discard-button")
        page.wait_for_selector("#call-panel", state="visible")
        settle(page, 400)
        joker = page.evaluate(JOKER)
    assert joker["words"] + 8 <= joker["box"], joker


SMALL_TEXT = """() => {
  // text on show, other than the badges' letters and the dealer's chip (icons in circles)
  // and your role's chip (11 px: upright a called partner's, taller, met the status line),
  // and the points line of a bid panel compacted upright (11.5 px: fitPanel compacts it
  // where the room is short, the hint open or not, and at 12 the hint's first choices went
  // out of sight), in type under 12 CSS px
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n.textContent.trim();
    const e = n.parentElement;
    if (!t || !e || e.closest('[hidden], svg, .sr-only, .avatar, .dealer-chip, .role-chip')
        || e.closest('#bid-panel.with-hint .bid-value-line'))
      continue;
    const r = e.getBoundingClientRect();
    const st = getComputedStyle(e);
    if (!r.width || !r.height || st.visibility === 'hidden' || st.display === 'none') continue;
    if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
    if (parseFloat(st.fontSize) < 12) out.push(`${st.fontSize} ${e.className} "${t.slice(0, 30)}"`);
  }
  return [...new Set(out)];
}"""


@pytest.mark.parametrize("size", ["390x844", "360x640", "640x360"])
def test_what_is_read_in_play_is_12_px_at_least_on_a_phone(server: str, size: str) -> None:
    """The plaques' titles, asides and feet ("to 500", "Hand 1 · Australian"), the auction,
    your "your turn" and the bid's points: 12 CSS px at the least, in the auction and while
    discarding (they were 10 to 11.5)."""
    w, hgt = (int(x) for x in size.split("x"))
    with viewport_page({"width": w, "height": hgt}, touch=True) as page:
        start_game(page, server, "australian")
        wait_turn(page)
        settle(page, 600)
        assert page.evaluate(SMALL_TEXT) == []
        bid_ten(page, "NT")
        page.wait_for_selector("#discard-button", state="visible")
        settle(page, 600)
        assert page.evaluate(SMALL_TEXT) == []


STRIPS = """() => [...document.querySelectorAll('#hand .hand-card')].map((el) => {
  // the width of the strip of each card a tap reaches, across its middle
  const r = el.getBoundingClientRect();
  const y = r.top + r.height * 0.6;
  let n = 0;
  for (let x = Math.max(0, Math.ceil(r.left)); x < Math.min(innerWidth, r.right); x += 1) {
    const e = document.elementFromPoint(x, y);
    if (e && e.closest('.hand-card') === el) n += 1;
  }
  return n;
})"""
"""JavaScript: how wide a strip of each card of the hand a finger reaches (what is not under
the next card), in CSS px."""

DISCARD_STRIP: dict[str, int] = {"360x640": 21, "390x844": 23, "640x360": 32, "844x390": 32}
"""The least strip of each of 13 cards while discarding: 32 px where the width allows (on its
side), else the width shared by thirteen cards (upright: (width - a card) / 12)."""


def discard_strips(page: Page) -> list[int]:
    """The tappable strip of each card of the hand, the kitty in it."""
    return list(page.evaluate(STRIPS))


@pytest.mark.parametrize("size", list(DISCARD_STRIP))
def test_each_card_of_the_kitty_hand_has_a_strip_for_a_finger(server: str, size: str) -> None:
    """While discarding, each of the 13 cards shows a strip a tap reaches of at least
    ``DISCARD_STRIP`` px, measured where a finger lands (``elementFromPoint``), not by the
    card's whole box, which the next card covers; the last card whole."""
    w, hgt = (int(x) for x in size.split("x"))
    viewport: ViewportSize = {"width": w, "height": hgt}
    with viewport_page(viewport, touch=True) as page:
        start_game(page, server, "australian")
        wait_turn(page)
        bid_ten(page, "NT")
        page.wait_for_selector("#discard-button", state="visible")
        settle(page, 600)
        strips = discard_strips(page)
    assert len(strips) == 13
    assert min(strips) >= DISCARD_STRIP[size], strips
