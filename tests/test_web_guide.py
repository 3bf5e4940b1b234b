"""How to play in the browser: ``GET /api/guide`` for a table and for the lobby's choice (a
preset and its house rules), refused with a clear message for a choice that is not one; and
the dialog, opened from the lobby and from the table's menu, with the bid table, closing by
Escape or CLOSE and giving the focus back as the other dialogs do."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Page

from browser import PHONES, snap, start_game, viewport_page, wait_turn
from fivehundred.guide import guide
from fivehundred.options import build_rules
from fivehundred.rules import Rules
from fivehundred.web.store import Store
from layout_probes import small_taps
from webclient import new_table, web_client


def lobby_guide(preset: str, toggles: object) -> str:
    return f"/api/guide?preset={quote(preset)}&toggles={quote(json.dumps(toggles))}"


def test_the_guide_of_a_table_and_of_the_lobbys_choice() -> None:
    with web_client(Store(":memory:")) as client:
        t = new_table(client, preset="classic3", toggles={"target": 250})
        r = client.get(f"/api/guide?table={t['table']}")
        assert r.status_code == 200
        data = r.json()
        assert data["label"] == "Classic 3-handed, house rules"
        assert data["sections"] == guide(Rules.preset("classic3", target=250)).as_json()[
            "sections"]
        # the lobby's: a preset and the house rules of its form, before there is a table
        toggles = {"misere_allowed": False, "slam": "none"}
        data = client.get(lobby_guide("australian", toggles)).json()
        assert data["label"] == "Australian (4 players, partners), house rules"
        assert data["sections"] == guide(build_rules("australian", toggles)).as_json()[
            "sections"]
        assert client.get("/api/guide?preset=two_24").json()["label"] == \
            "2 players, 24-card pack"


def test_a_guide_asked_for_badly_is_refused_and_says_why() -> None:
    with web_client(Store(":memory:")) as client:
        def refused(url: str, status: int = 400) -> str:
            r = client.get(url)
            assert r.status_code == status, (url, r.text)
            error: str = r.json()["error"]
            return error

        assert refused("/api/guide?table=nope", 404) == "no such table"   # as /api/rules
        assert refused("/api/guide?preset=australia").startswith(
            "unknown preset 'australia'; presets are australian, classic3")
        assert refused("/api/guide?preset=australian&toggles=%7Bnope").startswith(
            "toggles must be a JSON object of option: value, got '{nope'")
        assert refused(lobby_guide("australian", [1])).startswith("toggles must be an object")
        assert refused(lobby_guide("australian", {"players": 3})).startswith(
            "'players' is not a house rule of the new-game form")
        assert refused(lobby_guide("australian", {"target": 305})) == \
            "option target takes a whole number of tens from 10 to 10,000, got 305"
        assert refused(lobby_guide("two_24", {"nt_joker": "classic"})) == \
            "option nt_joker means nothing here: this pack has no joker"
        t = new_table(client, preset="australian")
        assert "not both" in refused(f"/api/guide?table={t['table']}&preset=australian")
        assert refused("/api/guide").startswith("ask for a table (table=ID) or a preset")


OPEN_GUIDE = """() => {
  const g = document.getElementById('guide');
  return !g.hidden && !!g.querySelector('td[data-bid="8H"]');
}"""

FOCUS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'body';
  if (a.closest('#guide')) return 'guide';
  return a.id || a.className;
}"""


def check_the_dialog(page: Page) -> None:
    """The guide is open: a dialog named by its title, the bid table's 8♥ worth 300, the
    focus on the ✕ at its top, Tab going round inside it."""
    page.wait_for_function(OPEN_GUIDE)
    dialog = page.locator("#guide")
    assert dialog.get_attribute("role") == "dialog"
    assert dialog.get_attribute("aria-modal") == "true"
    assert page.inner_text(f"#{dialog.get_attribute('aria-labelledby')}") == "How to play"
    assert page.inner_text('#guide td[data-bid="8H"]') == "300"
    page.wait_for_function("document.activeElement.matches('#guide .guide-x')")
    for _ in range(6):
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS) == "guide"


def test_the_guide_from_the_lobby_and_from_the_menu(page: Page, server: str,
                                                     shots: Path) -> None:
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    page.select_option("select#preset", "classic3")
    page.click("#house-rules summary")
    page.click("label[for='opt-misere_allowed'] .switch")       # the house rules count
    page.click("#guide-lobby")
    check_the_dialog(page)
    text = page.inner_text("#guide")
    assert "Classic 3-handed, house rules" in text and "This table seats 3 players" in text
    assert "Neither misère nor open misère may be bid at this table." in text
    assert page.locator("#guide .guide-others").count() == 0     # no misère under the table
    page.keyboard.press("Escape")
    page.wait_for_selector("#guide", state="hidden")
    page.wait_for_function(f"({FOCUS})() === 'guide-lobby'")    # back where it was opened

    start_game(page, server, "australian")
    wait_turn(page)
    page.click("#menu-button")
    page.click("#guide-button")
    check_the_dialog(page)
    assert "Australian (4 players, partners)" in page.inner_text("#guide .guide-head")
    misere = " ".join(page.inner_text('#guide li[data-bid="misere"]').split())
    assert misere == "Misère 250 · ranks between 7NT and 8♠", misere
    page.locator("#guide .guide-bids-box").evaluate(
        "(box) => box.scrollIntoView({block: 'center'})")        # (the README's picture)
    snap(page, shots / "guide.jpg")
    page.click("#guide .sheet-actions .btn-primary")             # CLOSE
    page.wait_for_selector("#guide", state="hidden")
    # back to what the turn asks for (the menu item that opened it is hidden with the menu)
    page.wait_for_function(f"!['body', 'guide'].includes(({FOCUS})())")
    page.click("#menu-button")
    page.click("#guide-button")
    page.wait_for_function(OPEN_GUIDE)
    page.mouse.click(5, 400)                                     # beside it: closed too
    page.wait_for_selector("#guide", state="hidden")


def test_the_guide_fits_a_phone(server: str) -> None:
    """On a phone held upright the guide, its bid table too, fits the screen's width (the
    table in a box of its own that would scroll sideways, not the page), and its buttons and
    the lobby's are big enough to tap."""
    with viewport_page(PHONES["upright"], touch=True) as page:
        page.goto(server)
        page.wait_for_selector("#lobby button#play")
        page.select_option("select#preset", "six_pairs")
        assert not [t for t in small_taps(page) if "guide" in t]     # (the lobby's own: not here)
        page.click("#guide-lobby")
        page.wait_for_function(OPEN_GUIDE)
        widths = page.evaluate("""() => {
          const card = document.querySelector('#guide .modal-card');
          const box = document.querySelector('#guide .guide-bids-box');
          return {card: [card.scrollWidth, card.clientWidth],
                  box: [box.scrollWidth, box.clientWidth],
                  right: box.getBoundingClientRect().right, page: innerWidth};
        }""")
        assert widths["card"][0] <= widths["card"][1], widths
        assert widths["box"][0] <= widths["box"][1], widths       # the whole table in sight
        assert widths["right"] <= widths["page"], widths
        # the ✕ and CLOSE (the lobby's house-rule switches behind it are the lobby's)
        assert not [t for t in small_taps(page) if not t.startswith("opt-")]
