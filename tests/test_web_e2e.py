"""End to end in a real browser: Playwright drives Debian's Chromium against a live server.

Screenshots of each phase go to ``$FIVEHUNDRED_SCREENSHOTS`` (``make screenshots`` points it
at docs/screenshots/), else to the test's temporary folder.
"""

from __future__ import annotations

import json
import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import FloatRect, Page, Route, ViewportSize, sync_playwright

from fivehundred.web.app import create_app
from fivehundred.web.botpool import BotPool
from fivehundred.web.options import PRESET_LABELS
from fivehundred.web.store import Store

CHROMIUM = "/usr/bin/chromium"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def live_server(db: Path, mode: str) -> Iterator[str]:
    """A live server on a free port over a fresh database, with quick bots."""
    pool = BotPool("thread", 1)
    app = create_app(Store(db), mode=mode, pool=pool, pace=0.05, trick_pause=0.3,
                     seeded_friends=True)      # tests deal the same cards every run
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        srv.should_exit = True
        thread.join(10)
        pool.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The local game's server (``fivehundred play``)."""
    with live_server(tmp_path_factory.mktemp("e2e") / "e2e.db", "local") as url:
        yield url


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go."""
    where = os.environ.get("FIVEHUNDRED_SCREENSHOTS")
    p = Path(where) if where else tmp_path_factory.mktemp("screenshots")
    p.mkdir(parents=True, exist_ok=True)
    return p


@pytest.fixture()
def page(server: str) -> Iterator[Page]:
    """A fresh browser page; any page error fails the test."""
    assert Path(CHROMIUM).exists(), "Chromium is needed: apt-get install chromium"
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        pg = browser.new_page(viewport={"width": 1280, "height": 800})
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.set_default_timeout(30_000)
        yield pg
        browser.close()
    assert not errors, f"errors in the page: {errors}"


SEED = int(os.environ.get("FIVEHUNDRED_E2E_SEED", "3"))
"""The deal of every table the tests start (the lobby's own request gets it added): the same
game on every run, so a test never depends on a lucky deal."""


def _seeded(route: Route) -> None:
    """Add the tests' seed to the lobby's new-table request."""
    if route.request.method != "POST":
        route.continue_()
        return
    body = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, "seed": SEED}))


def start_game(page: Page, server: str, preset: str, strength: str = "easy") -> None:
    """From the lobby: choose the rules and the strength, PLAY (the deal from ``SEED``)."""
    page.route("**/api/tables", _seeded)
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    page.select_option("select#preset", preset)
    page.select_option("select#strength", strength)
    page.click("button#play")
    page.wait_for_selector("#table")
    # the first state drawn ("lobby" and "connecting" are phases too: waiting for a phase
    # let a test read the table before its seats were laid out)
    page.wait_for_function("document.body.dataset.seq !== undefined")


TURN = """() => {
  const vis = (s) => {
    const e = document.querySelector(s);
    if (!e) return false;
    const r = e.getBoundingClientRect();
    const st = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  };
  return vis('#bid-panel') || vis('#discard-button') || vis('#call-panel') || vis('#next-button')
      || vis('#new-game-button') || document.querySelectorAll('#hand .card.playable').length > 0;
}"""


def wait_turn(page: Page) -> str:
    """Wait until the human must do something; return the phase."""
    page.wait_for_function(TURN, timeout=60_000)
    return str(page.evaluate("document.body.dataset.phase"))


def seq(page: Page) -> int:
    """The seq of the last state the page showed."""
    return int(page.evaluate("Number(document.body.dataset.seq || -1)"))


def wait_seq_after(page: Page, before: int) -> None:
    """Wait until the page shows a state newer than ``before``."""
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


def snap(page: Page, path: Path) -> None:
    """A screenshot once the animations have settled."""
    page.wait_for_timeout(900)
    page.screenshot(path=str(path), type="jpeg", quality=82)


def visible(page: Page, selector: str) -> bool:
    el = page.query_selector(selector)
    return el is not None and el.is_visible()


def bid_ten_no_trumps(page: Page) -> None:
    """Choose NT, raise to 10 with the plus button, BID (nobody can bid over 10NT)."""
    page.click('button.strain[data-strain="NT"]')
    for _ in range(5):
        if page.inner_text("#bid-tricks").strip() == "10":
            break
        page.click("#bid-plus")
    assert page.inner_text("#bid-tricks").strip() == "10"
    page.click("#bid-button")


def play_first_playable(page: Page) -> None:
    """Click the first playable card (naming hearts if it is a joker lead); wait for the state."""
    before = seq(page)
    page.click("#hand .card.playable >> nth=0")
    if visible(page, "#joker-panel"):
        page.click('#joker-panel button[data-suit="H"]')
    wait_seq_after(page, before)


MID_SENTENCE_YOU = re.compile(r"(?:[a-z,] |\()You\b")
"""A capital "You" after a word, a comma or a bracket: mid-sentence it is "you"."""


def test_hands_played_to_the_sheet(page: Page, server: str, shots: Path) -> None:
    """Pass, play the cards the bots' contract needs, until a contract's sheet shows; the
    status line names each trick's winner while the trick is on the table, and says it is
    your turn only once the trick has been swept off."""
    start_game(page, server, "australian", strength="medium")
    page.evaluate("""() => {
      window.statuses = [];
      const el = document.getElementById('status');
      new MutationObserver(() => window.statuses.push(
          [el.textContent, document.querySelectorAll('#trick .winning').length]))
        .observe(el, {childList: true, characterData: true, subtree: true});
    }""")
    for _ in range(6):
        while True:
            wait_turn(page)
            if visible(page, "#bid-panel"):
                before = seq(page)
                page.click("#pass-button")
                wait_seq_after(page, before)
            elif visible(page, "#next-button"):
                break
            else:
                play_first_playable(page)
        text = page.inner_text("#sheet")
        if "bid" in text:
            break
        before = seq(page)
        page.click("#next-button")      # all passed: the next deal
        wait_seq_after(page, before)
    snap(page, shots / "sheet.jpg")
    assert "trick" in text.lower() and ("made" in text or "failed" in text)
    assert not MID_SENTENCE_YOU.search(text), text
    statuses = page.evaluate("window.statuses")
    assert any(t.endswith("win the trick") or t.endswith("wins the trick")
               for t, _ in statuses), statuses
    early = [t for t, shown in statuses if shown and t.startswith("Your")]
    assert not early, f"your turn announced while a finished trick was on the table: {early}"
    # the hand against double dummy: one row per card you played
    page.click("#review-button")
    page.wait_for_selector("#review-panel .review-table", timeout=60_000)
    review = page.inner_text("#review-panel")
    assert "against double dummy" in review.lower() and "took" in review
    # North, your partner, declared: "In the play you & North took", not "You & North"
    assert not MID_SENTENCE_YOU.search(review), review
    assert page.locator("#review-panel tbody tr").count() >= 1
    assert page.locator("#review-panel .review-best, #review-panel .review-cost").count() == \
        page.locator("#review-panel tbody tr").count()
    snap(page, shots / "review.jpg")
    before = seq(page)
    page.click("#next-button")
    wait_seq_after(page, before)
    assert page.evaluate("document.body.dataset.phase") == "auction"


def test_a_whole_hand_by_clicking_with_an_illegal_click_and_continue(
        page: Page, server: str, shots: Path) -> None:
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    snap(page, shots / "lobby.jpg")
    start_game(page, server, "australian")
    saw_illegal = False
    reloaded = False
    while True:
        phase = wait_turn(page)
        if visible(page, "#bid-panel"):
            snap(page, shots / "auction.jpg")
            before = seq(page)
            bid_ten_no_trumps(page)
            wait_seq_after(page, before)
            continue
        if visible(page, "#discard-button"):
            n = len(page.query_selector_all("#hand .card")) - 10
            cards = page.query_selector_all("#hand .card")
            for c in cards[-n:]:
                c.click()
            cards[-1].click()                    # click again: unselected
            assert len(page.query_selector_all("#hand .card.selected")) == n - 1
            cards[-1].click()
            snap(page, shots / "kitty.jpg")
            before = seq(page)
            page.click("#discard-button")
            wait_seq_after(page, before)
            page.wait_for_function("document.body.dataset.phase === 'play'")
            continue
        if visible(page, "#next-button") or visible(page, "#new-game-button"):
            break   # the sheet (10NT failed by more than 500 ends the game at once)
        assert phase == "play"
        hand = page.query_selector_all("#hand .card")
        unplayable = [c for c in hand if "playable" not in (c.get_attribute("class") or "")]
        if not saw_illegal and unplayable:
            unplayable[0].click()
            page.wait_for_selector("#status.error")
            reason = page.inner_text("#status").strip()
            assert reason
            # the engine's card tokens are shown as a player reads them: K♠, not KS
            assert not re.search(r"\b(10|11|12|13|[2-9AKQJ])[SCDH]\b", reason), reason
            snap(page, shots / "illegal.jpg")
            saw_illegal = True
        if not reloaded and len(hand) <= 7:
            held = sorted(c.get_attribute("data-card") or "" for c in hand)
            snap(page, shots / "play.jpg")
            page.reload()
            page.wait_for_selector("button#continue")
            # the saved game's line names each side beside its score, all of it in sight
            summary = page.inner_text("#continue-summary")
            assert "You & North 0" in summary and "West & East 0" in summary, summary
            assert page.evaluate("(() => { const e = document.getElementById('continue-summary');"
                                 " return e.scrollWidth <= e.clientWidth + 1; })()"), summary
            page.click("button#continue")
            page.wait_for_selector("#hand .card")
            page.wait_for_function(f"document.querySelectorAll('#hand .card').length === "
                                   f"{len(held)}")
            back = sorted(c.get_attribute("data-card") or ""
                          for c in page.query_selector_all("#hand .card"))
            assert back == held
            reloaded = True
            continue
        play_first_playable(page)
    snap(page, shots / "game-over.jpg")
    assert saw_illegal and reloaded
    if visible(page, "#next-button"):
        text = page.inner_text("#sheet")
        assert "10" in text and "NT" in text.replace(" ", "")
        page.click("#next-button")
        page.wait_for_function("document.body.dataset.phase === 'auction'")
    else:
        text = page.inner_text("#game-over")
        assert "10" in text and "NT" in text.replace(" ", "")


@pytest.mark.parametrize("preset", ["classic3", "five_called", "six_pairs", "two_dead_hand"])
def test_every_table_size_lays_out_and_bids(page: Page, server: str, shots: Path,
                                            preset: str) -> None:
    start_game(page, server, preset)
    players = int(page.evaluate("document.querySelectorAll('.seat').length"))
    assert players == {"classic3": 3, "five_called": 5, "six_pairs": 6, "two_dead_hand": 2}[preset]
    wait_turn(page)
    snap(page, shots / f"table-{preset}.jpg")
    if visible(page, "#bid-panel"):
        before = seq(page)
        page.click("#pass-button")
        wait_seq_after(page, before)   # the pass was taken: a newer state came back


def test_mid_sentence_lowers_only_your_own_word(page: Page, server: str) -> None:
    """"You" and "You & North" read "you", "you & North" mid-sentence; a name that only begins
    with the letters (a friend's "You Two", "Youssef") keeps its capital."""
    page.goto(server)
    words = page.evaluate("""async () => {
      const {midSentence} = await import('/static/util.js');
      return ['You', 'You & North', 'West & You', 'You Two', 'Youssef', 'East']
        .map(midSentence);
    }""")
    assert words == ["you", "you & North", "West & You", "You Two", "Youssef", "East"]


CONTINUE_LINES = """() => [...document.querySelectorAll('#continue-summary > div')].map(
  (line) => [...line.querySelectorAll('.cs-part')].map((part) => part.textContent))"""
"""JavaScript: the lobby's line for the saved game, each of its lines as the parts it shows."""


def test_the_lobby_keeps_a_name_with_a_dot_in_one_piece(page: Page, tmp_path: Path) -> None:
    """A saved game of a player named "Ann · Bob": the lobby's line shows the rules and the
    hand on one line, each side with its score on the next, the name whole inside its side's
    part; from a server that sends the line alone its words are shown all the same."""
    with live_server(tmp_path / "names.db", "local") as url:
        made = page.request.post(url + "api/tables", data={
            "preset": "australian", "strength": "easy", "seed": SEED, "name": "Ann · Bob"})
        assert made.ok, made.text()
        label = PRESET_LABELS["australian"]
        page.goto(url)
        page.wait_for_selector("button#continue")
        assert page.evaluate(CONTINUE_LINES) == [
            [label, "hand 1"], ["Ann · Bob & North 0", "West & East 0"]]
        assert page.inner_text("#continue-summary").split("\n") == [
            f"{label} · hand 1", "Ann · Bob & North 0 · West & East 0"]

        def line_alone(route: Route) -> None:     # the lobby's reply of an older server
            reply = route.fetch().json()
            del reply["continue"]["summary_parts"]
            route.fulfill(json=reply)

        page.route("**/api/lobby", line_alone)
        page.reload()
        page.wait_for_selector("button#continue")
        assert page.inner_text("#continue-summary").split("\n") == [
            f"{label} · hand 1", "Ann · Bob & North 0 · West & East 0"]


def test_menu_hint_and_rules(page: Page, server: str, shots: Path) -> None:
    start_game(page, server, "australian")
    wait_turn(page)
    page.click("#menu-button")
    page.click("#hint-button")
    page.wait_for_selector("#hint .hint-words", timeout=60_000)   # not "Thinking…" any more
    assert visible(page, "#bid-panel")             # the auction: the hint beside the panel
    hint_clear_of_the_bid_panel(page)
    found = page.evaluate(LAYOUT_PROBLEMS)          # and clear of the seats, bids and plaques
    assert not found["out"], found["out"]
    snap(page, shots / "hint.jpg")
    page.keyboard.press("Escape")
    assert not visible(page, "#hint")               # Escape closes the hint as other panels
    page.click("#menu-button")
    page.click("#rules-button")
    page.wait_for_function("document.querySelector('#rules') && document.querySelector"
                           "('#rules').innerText.includes('Joker at no trumps')")
    rules = page.inner_text("#rules")
    # values in words, the rules string's token beside them in small print
    assert "Rounds: a pass is final" in rules and "3, kitty 1, 4, kitty 1, 3, kitty 1" in rules
    assert "Only by making a bid" in rules and "by_own_contract" in rules
    snap(page, shots / "rules.jpg")
    page.click("#rules .btn-primary")
    page.click("#menu-button")
    page.click("#new-game-menu")
    page.click("#confirm-yes")
    page.wait_for_selector("#lobby button#continue")


def test_a_friend_who_left_is_replaced_by_a_bot(tmp_path: Path, shots: Path) -> None:
    """Serve mode: West opens his link and leaves at his turn; the creator is told and lets a
    bot play his seat from the table's prompt; the menu shows each friend's seat."""
    assert Path(CHROMIUM).exists(), "Chromium is needed: apt-get install chromium"
    errors: list[str] = []
    with live_server(tmp_path / "serve.db", "serve") as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        host.on("pageerror", lambda e: errors.append(str(e)))
        host.set_default_timeout(30_000)
        # seed 0: the creator bids first, then West (seat 1)
        host.route("**/api/tables", lambda r: r.continue_(post_data=json.dumps(
            {**json.loads(r.request.post_data or "{}"), "seed": 0})) if r.request.method
            == "POST" else r.continue_())
        host.goto(url)
        host.wait_for_selector("#lobby button#play")
        host.check("#friends")
        host.click("button#play")
        host.wait_for_selector('#links-list .link-row[data-seat="1"]')
        west = host.input_value('#links-list .link-row[data-seat="1"] input')
        assert "A bot plays this seat" in host.inner_text('.link-row[data-seat="1"]')
        friend = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        friend.on("pageerror", lambda e: errors.append(str(e)))
        friend.goto(west)
        host.wait_for_function("""() => document.querySelector('.link-row[data-seat="1"]')
            .textContent.includes('Playing')""")
        host.click("#menu-button")        # closes the menu the new table opened
        host.wait_for_selector("#bid-panel", state="visible")
        host.click("#pass-button")
        friend.wait_for_selector("#bid-panel", state="visible")
        assert host.is_hidden("#away-banner")
        friend.context.close()            # West leaves at his turn
        host.wait_for_selector("#away-banner", state="visible")
        assert "West has left the table" in host.inner_text("#away-banner")
        host.click("#menu-button")
        assert host.is_visible('.link-row[data-seat="1"] button.to-bot')
        host.click("#menu-button")
        snap(host, shots / "friend-away.jpg")
        before = seq(host)
        host.click("#away-to-bot")
        wait_seq_after(host, before)
        host.wait_for_selector("#away-banner", state="hidden")
        # the bot bids for West: the auction goes on past him
        host.wait_for_function(
            """() => !document.querySelector('.seat[data-seat="1"]').classList.contains('turn')""")
        assert "A bot plays this seat" in host.inner_text('.link-row[data-seat="1"]')
        browser.close()
    assert not errors, f"errors in the page: {errors}"


SHOWN = """
  const shown = (e) => {
    if (!e || e.closest('[hidden]')) return false;
    const r = e.getBoundingClientRect();
    const st = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && st.display !== 'none';
  };
"""
"""JavaScript: ``shown(e)``, whether an element is on show (not hidden, not of no size)."""

LAYOUT_PROBLEMS = """() => {
  const W = window.innerWidth, H = window.innerHeight;""" + SHOWN + """  const items = [];
  const add = (group, name, e) => {
    if (!shown(e)) return;
    const r = e.getBoundingClientRect();
    items.push({group, name, l: r.left, t: r.top, r: r.right, b: r.bottom});
  };
  document.querySelectorAll('.seat').forEach((s) => {
    const nm = s.querySelector('.name').textContent;
    add('seat ' + nm, 'seat ' + nm, s.querySelector('.seat-plaque'));
    add('seat ' + nm, 'cards of ' + nm, s.querySelector('.seat-cards'));
    add('seat ' + nm, 'bid bubble of ' + nm, s.querySelector('.bubble'));
  });
  if (document.getElementById('status').textContent.trim())
    add('status', 'status line', document.getElementById('status'));
  add('scores', 'scores', document.getElementById('scores'));
  add('contract', 'contract', document.getElementById('contract'));
  add('menu', 'menu button', document.getElementById('menu-button'));
  document.querySelectorAll('#corner-tools button').forEach((b) => add(b.id, b.id, b));
  document.querySelectorAll('#bid-panel button, #kitty-panel button').forEach(
    (b, i) => add('panel', 'panel button ' + (b.id || b.textContent.trim() || i), b));
  // the panels themselves and the hint: nothing of the others may lie under them
  add('panel', 'bid panel', document.getElementById('bid-panel'));
  add('panel', 'kitty panel', document.getElementById('kitty-panel'));
  add('hint', 'hint', document.getElementById('hint'));
  document.querySelectorAll('#hand .hand-card').forEach(
    (c) => add('hand', 'card ' + c.dataset.card, c));
  const out = [];
  for (const it of items) {
    if (it.l < -0.5 || it.t < -0.5 || it.r > W + 0.5 || it.b > H + 0.5)
      out.push(`${it.name} leaves the screen: [${it.l|0}, ${it.t|0}, ${it.r|0}, ${it.b|0}]`);
  }
  const meet = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 1
    && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 1;
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
    const a = items[i], b = items[j];
    if (a.group !== b.group && meet(a, b)) out.push(`${a.name} overlaps ${b.name}`);
  }
  return {out, cards: items.filter((x) => x.group === 'hand').length,
          seats: document.querySelectorAll('.seat').length,
          bubbles: items.filter((x) => x.name.startsWith('bid bubble')).length,
          buttons: items.filter((x) => x.name.startsWith('panel button')).length};
}"""


TAP_MIN = 32
"""The least width and height in CSS pixels of anything a finger taps on a phone."""

SMALL_TAPS = """(min) => {""" + SHOWN + """  const out = [];
  let n = 0;
  document.querySelectorAll('button, [role="button"], a[href], select, input, summary, .hand-card')
    .forEach((b) => {
      if (!shown(b)) return;
      n += 1;
      const r = b.getBoundingClientRect();
      if (r.width < min - 0.5 || r.height < min - 0.5)
        out.push(`${b.id || b.className} "${b.textContent.trim()}": `
                 + `${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    });
  return {out, n};
}"""

PHONES: dict[str, ViewportSize] = {"upright": {"width": 390, "height": 844},
                                   "sideways": {"width": 844, "height": 390}}


def small_taps(page: Page) -> list[str]:
    """Each button, card or control on show that is smaller than ``TAP_MIN`` either way."""
    found = page.evaluate(SMALL_TAPS, TAP_MIN)
    assert found["n"] > 0
    return list(found["out"])


@contextmanager
def phone_page(phone: str) -> Iterator[Page]:
    """A page in a phone's viewport (``PHONES``), touch on; any page error fails the test."""
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_context(viewport=PHONES[phone], is_mobile=True,
                                   has_touch=True).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(30_000)
        yield page
        browser.close()
    assert not errors, f"errors in the page: {errors}"


Box = FloatRect


def boxes(page: Page, selector: str) -> list[Box]:
    """The boxes on the screen of what ``selector`` finds and shows."""
    return [b for b in (e.bounding_box() for e in page.query_selector_all(selector)
                        if e.is_visible()) if b]


def meet(a: Box, b: Box) -> bool:
    """Whether two boxes overlap by more than a pixel."""
    return (min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > 1
            and min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > 1)


def inside(inner: Box, outer: Box) -> bool:
    """Whether ``inner`` lies within ``outer`` (to half a pixel)."""
    return (inner["x"] >= outer["x"] - 0.5 and inner["y"] >= outer["y"] - 0.5
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5)


def screen(page: Page) -> Box:
    size = page.viewport_size
    assert size
    return {"x": 0, "y": 0, "width": size["width"], "height": size["height"]}


def in_sight(page: Page, selector: str, within: str) -> Box:
    """The box of ``within`` (a scrolling dialog, a panel), asserting it lies on the screen and
    every ``selector`` it shows lies in the part of it on show, unscrolled."""
    outer: Box = page.evaluate(f"""(() => {{
      const e = document.querySelector({json.dumps(within)});
      const r = e.getBoundingClientRect();
      return {{x: r.left + e.clientLeft, y: r.top + e.clientTop,
               width: e.clientWidth, height: e.clientHeight}};
    }})()""")
    assert inside(outer, screen(page)), f"{within} leaves the screen: {outer}"
    found = boxes(page, f"{within} {selector}")
    assert found, f"no {selector} in {within}"
    for b in found:
        assert inside(b, outer), f"{within} {selector} out of sight: {b} (in sight: {outer})"
    return outer


LOBBY_SMALL_TAPS = """(min) => {""" + SHOWN + """
  // what a finger taps in the lobby: a switch or a checkbox is tapped through its label,
  // the whole row, so the label is measured and not the input inside it
  const out = [];
  let n = 0;
  document.querySelectorAll('#lobby button, #lobby select, #lobby summary, #lobby a[href], '
                            + '#lobby label.toggle-row, #lobby label.check, '
                            + '#lobby input[type="text"]')
    .forEach((e) => {
      if (!shown(e)) return;
      const r = e.getBoundingClientRect();
      n += 1;
      if (r.width < min - 0.5 || r.height < min - 0.5)
        out.push(`${e.id || e.className} "${e.textContent.trim().slice(0, 30)}": `
                 + `${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    });
  return {out, n};
}"""


@pytest.mark.parametrize("phone", ["upright", "sideways"])
def test_a_phone_lobby_has_room_for_a_finger(tmp_path: Path, phone: str) -> None:
    """On a phone every control of the lobby, each house rule's row and the friends' box
    included, is at least ``TAP_MIN`` CSS pixels each way (the server for friends, which shows
    every control there is)."""
    with live_server(tmp_path / "lobby.db", "serve") as url, phone_page(phone) as page:
        page.goto(url)
        page.wait_for_selector("#lobby .toggle-row", state="attached")
        page.click("#lobby .house-rules summary")
        page.check("#friends")                      # shows the name field too
        found = page.evaluate(LOBBY_SMALL_TAPS, TAP_MIN)
        assert found["n"] >= 12, found
        assert not found["out"], found["out"]


@pytest.mark.parametrize(("preset", "phone"), [
    ("australian", "upright"), ("six_pairs", "upright"), ("five_called", "upright"),
    ("australian", "sideways"), ("six_pairs", "sideways"), ("five_called", "sideways")])
def test_a_phone_shows_every_seat_card_and_button(server: str, shots: Path, preset: str,
                                                  phone: str) -> None:
    """At 390x844 (a phone held upright) and 844x390 (on its side) the hand's cards, every seat,
    the plaques, the status line and the bid panel's buttons lie inside the screen and none
    covers another, and every button, card and menu item is at least ``TAP_MIN`` CSS pixels
    each way; the same while discarding, with the kitty in the hand; five-handed, the call
    panel shows every card that can be called without scrolling, clear of your hand."""
    with phone_page(phone) as page:
        start_game(page, server, preset)
        wait_turn(page)
        assert visible(page, "#bid-panel")
        page.wait_for_timeout(600)                  # the deal's cards have come in
        found = page.evaluate(LAYOUT_PROBLEMS)
        if phone == "upright" and preset != "five_called":   # the pictures README shows
            snap(page, shots / f"phone-{preset}-auction.jpg")
        assert found["cards"] == 10 and found["buttons"] >= 10
        assert found["seats"] == {"australian": 4, "six_pairs": 6, "five_called": 5}[preset]
        assert not found["out"], found["out"]
        assert not small_taps(page)
        page.click("#menu-button")
        page.wait_for_selector("#menu", state="visible")
        assert not small_taps(page)                 # the menu's items
        page.click("#menu-button")
        page.wait_for_selector("#menu", state="hidden")
        bid_ten_no_trumps(page)                     # nobody bids over it: the kitty is yours
        page.wait_for_selector("#discard-button", state="visible")
        page.wait_for_timeout(600)
        found = page.evaluate(LAYOUT_PROBLEMS)
        assert found["cards"] == 13 and found["buttons"] == 1
        assert not found["out"], found["out"]
        assert not small_taps(page)
        if preset != "five_called":
            return
        for el in page.query_selector_all("#hand .hand-card")[-3:]:
            el.click()
        page.click("#discard-button")
        page.wait_for_selector("#call-panel", state="visible")
        page.wait_for_timeout(400)
        assert not small_taps(page)
        in_sight(page, "button", "#call-cards")
        panel = in_sight(page, "button", "#call-panel")
        for card in boxes(page, "#hand .hand-card"):
            assert not meet(card, panel), f"the call panel {panel} covers a card: {card}"


@pytest.mark.parametrize("phone", ["upright", "sideways"])
def test_a_phone_keeps_the_trick_clear_of_the_hint_and_the_sheet_in_sight(
        server: str, phone: str) -> None:
    """Five-handed on a phone, passing: the hint asked for when a card has been led leaves every
    card of the trick and of your hand in sight, and every seat, the plaques and the bar above
    the hand; the end-of-hand sheet's lines and its buttons lie on the screen, unscrolled (each
    seat's row above them)."""
    with phone_page(phone) as page:
        start_game(page, server, "five_called")
        hinted = False
        while True:
            phase = wait_turn(page)
            if visible(page, "#bid-panel"):
                before = seq(page)
                page.click("#pass-button")
                wait_seq_after(page, before)
                continue
            if visible(page, "#next-button"):
                break
            assert phase == "play", phase
            if not hinted and boxes(page, "#trick .trick-card"):
                page.wait_for_timeout(500)          # the led card has landed
                page.click("#quick-hint")
                page.wait_for_selector("#hint .hint-words", timeout=60_000)
                page.wait_for_timeout(300)
                hint = in_sight(page, ".hint-words", "#hint")
                trick = boxes(page, "#trick .trick-card")
                hand = boxes(page, "#hand .hand-card")
                assert trick and hand
                for card in trick + hand:
                    assert not meet(hint, card), f"the hint {hint} covers a card: {card}"
                found = page.evaluate(LAYOUT_PROBLEMS)  # nor a seat, a plaque or the bar
                assert not found["out"], found["out"]
                assert not small_taps(page)        # its close button too
                page.keyboard.press("Escape")
                hinted = True
            play_first_playable(page)
        assert hinted
        page.wait_for_timeout(600)                  # the sheet has come in
        assert "bid" in page.inner_text("#sheet")   # a contract's sheet, with its lines
        in_sight(page, ".sheet-lines li", "#sheet .modal-card")
        in_sight(page, ".sheet-actions button", "#sheet .modal-card")
        assert not small_taps(page)


HINT_AND_BID_PANEL = """() => {""" + SHOWN + """
  // every bid button on show: on the screen, clear of the hint, and what a tap at its centre
  // reaches; the hint clear of the hand's cards too
  const W = window.innerWidth, H = window.innerHeight;
  const hint = document.getElementById('hint').getBoundingClientRect();
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const out = [];
  let n = 0;
  document.querySelectorAll('#bid-panel button').forEach((b) => {
    if (!shown(b)) return;
    n += 1;
    const r = b.getBoundingClientRect();
    const name = b.id || b.dataset.strain || b.textContent.trim();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
      out.push(`${name} leaves the screen: [${r.left|0}, ${r.top|0}, ${r.right|0}, ${r.bottom|0}]`);
    if (meet(r, hint)) out.push(`the hint covers ${name}`);
    const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!e || !b.contains(e))
      out.push(`a tap on ${name} reaches ${e ? e.id || e.className : 'nothing'}`);
  });
  document.querySelectorAll('#hand .hand-card').forEach((c) => {
    if (shown(c) && meet(c.getBoundingClientRect(), hint))
      out.push(`the hint covers ${c.dataset.card}`);
  });
  return {out, n};
}"""


def hint_clear_of_the_bid_panel(page: Page) -> None:
    """With the hint open in the auction: its words and its first two choices in sight,
    unscrolled, every bid button on the screen, clear of it and reached by a tap, the hand
    clear of it."""
    page.wait_for_selector("#hint .hint-words", timeout=60_000)   # not "Thinking…" any more
    page.wait_for_timeout(300)
    in_sight(page, ".hint-words", "#hint")
    in_sight(page, ".hint-table tbody tr:nth-child(-n+2)", "#hint")
    found = page.evaluate(HINT_AND_BID_PANEL)
    assert found["n"] >= 10, found
    assert not found["out"], found["out"]


@pytest.mark.parametrize("phone", ["upright", "sideways"])
@pytest.mark.parametrize("preset", ["australian", "classic3", "five_called", "six_pairs"])
def test_a_phone_shows_the_hint_and_every_bid_button_at_once(server: str, preset: str,
                                                             phone: str) -> None:
    """On a phone, the hint asked for in the auction shows its advice and its first choices
    unscrolled and leaves every bid button in sight and within a finger's reach, and your hand
    too; it covers no seat, no seat's bid, no plaque, nor the bar above the hand (your badge,
    Last trick, Hint), and the seats, the plaques and the panel still keep clear of each other
    (five- and six-handed, the widest panel, with both misère buttons); closed, the panel, the
    status line and the bar's buttons are back where they were."""
    with phone_page(phone) as page:
        start_game(page, server, preset)
        wait_turn(page)
        assert visible(page, "#bid-panel")
        page.wait_for_timeout(600)                  # the deal's cards have come in
        where = {s: page.locator(s).bounding_box()
                 for s in ("#bid-panel", "#status", "#last-trick-button", "#quick-hint")}
        page.click("#quick-hint")
        hint_clear_of_the_bid_panel(page)
        found = page.evaluate(LAYOUT_PROBLEMS)
        assert found["seats"] == {"australian": 4, "classic3": 3, "five_called": 5,
                                  "six_pairs": 6}[preset]
        assert found["bubbles"] >= 1 and found["cards"] == 10
        assert not found["out"], found["out"]
        assert not small_taps(page)
        page.click("#hint button[aria-label='Close the hint']")
        assert not visible(page, "#hint")
        assert {s: page.locator(s).bounding_box() for s in where} == where
        assert visible(page, "#status")


@pytest.mark.parametrize("size", ["desk", "upright", "sideways"])
@pytest.mark.parametrize("preset", ["australian", "classic3", "five_called", "six_pairs"])
def test_every_bid_bubble_in_sight_in_the_auction(server: str, preset: str, size: str) -> None:
    """At your turn in the auction, at 1280x800 and on a phone upright and on its side, each
    seat's last bid (its bubble) lies on the screen clear of the bid panel, of the other seats
    (their cards and plaques), of the plaques and of the bar above the hand, as the seats, the
    plaques and the panel's buttons keep clear of each other."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        phone = size in PHONES
        page = browser.new_context(
            viewport=PHONES[size] if phone else {"width": 1280, "height": 800},
            is_mobile=phone, has_touch=phone).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(30_000)
        start_game(page, server, preset)
        wait_turn(page)
        assert visible(page, "#bid-panel")
        page.wait_for_timeout(600)                  # the deal's cards have come in
        found = page.evaluate(LAYOUT_PROBLEMS)
        browser.close()
    assert not errors, f"errors in the page: {errors}"
    assert found["bubbles"] >= 1 and found["buttons"] >= 10, found
    assert not found["out"], found["out"]


def test_tab_goes_along_the_hand_in_the_order_shown_after_a_drag(page: Page,
                                                                   server: str) -> None:
    start_game(page, server, "australian")
    wait_turn(page)
    page.wait_for_timeout(600)
    shown = "[...document.querySelectorAll('#hand .hand-card')].sort((a, b) => " \
            "a.getBoundingClientRect().left - b.getBoundingClientRect().left)" \
            ".map((c) => c.dataset.card)"
    before = page.evaluate(shown)
    first = page.locator(f'#hand .hand-card[data-card="{before[0]}"]').bounding_box()
    last = page.locator(f'#hand .hand-card[data-card="{before[-1]}"]').bounding_box()
    assert first and last
    y = first["y"] + first["height"] * 0.6
    page.mouse.move(first["x"] + 10, y)
    page.mouse.down()
    for i in range(1, 11):                           # sideways: the card moves in the hand
        page.mouse.move(first["x"] + 10 + (last["x"] + last["width"] - first["x"]) * i / 10, y)
    page.mouse.up()
    page.wait_for_timeout(400)
    after = page.evaluate(shown)
    assert after != before and sorted(after) == sorted(before)
    page.focus(f'#hand .hand-card[data-card="{after[0]}"]')
    tabbed = [after[0]]
    for _ in after[1:]:
        page.keyboard.press("Tab")
        tabbed.append(page.evaluate("document.activeElement.dataset.card"))
    assert tabbed == after
