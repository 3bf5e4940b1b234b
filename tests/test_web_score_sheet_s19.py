"""The browser table's score sheet at the game's end, and the reviews it shares the page with.

The game's end lay over the score plaque and the menu, the score sheet's only ways in: a
player who had just finished could not look over every hand. The head of its contracts
played has the score sheet's button beside it (the foot keeps its one row of buttons), which
opens the sheet over the dialog, its rows' reviews too, the focus back on the button once the
sheet is closed: at 1280x800, on a phone upright and on its side, and on a tablet.

There the score sheet's review and the game's end's were open at once: each was
``div#review-panel`` (the page held its ids twice), and a ``no_review`` went to both, wiping
the review on show that had not asked. The review on top holds the ids, the one behind it has
them back once the sheet closes; a reply goes to the review that asked for it alone.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize

from browser import DESKTOP, PHONES, settle, viewport_page
from fivehundred.web.table import Table

TABLET: ViewportSize = {"width": 768, "height": 1024}
SIZES: dict[str, tuple[ViewportSize, bool]] = {
    "desktop": (DESKTOP, False), "upright": (PHONES["upright"], True),
    "sideways": (PHONES["sideways"], True), "tablet": (TABLET, True)}
"""Each screen's viewport, and whether it is a touch screen."""

BUTTON = "#game-over-sheet"
SHEET = "#score-sheet"
FOCUS_IN = "document.activeElement && document.activeElement.closest('#score-sheet') !== null"
FOCUS_ON = "document.activeElement && document.activeElement.id === '{}'"

PLACE = """() => {
  const b = document.getElementById('game-over-sheet');
  const title = b.parentElement.querySelector('.section-title');
  const r = b.getBoundingClientRect();
  const t = title.getBoundingClientRect();
  const foot = document.querySelector('#game-over .sheet-actions');
  const f = foot.getBoundingClientRect();
  const card = document.querySelector('#game-over .modal-card').getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const tops = [...foot.querySelectorAll('.btn')].filter((x) => x.offsetParent)
    .map((x) => Math.round(x.getBoundingClientRect().top));
  return {title: title.textContent, inFoot: foot.contains(b),
          beside: Math.abs((t.top + t.bottom) / 2 - (r.top + r.bottom) / 2) < 4,
          inSight: r.top >= card.top && r.bottom <= f.top && r.left >= card.left
            && r.right <= card.right,
          onTop: !!hit && b.contains(hit), width: r.width, height: r.height,
          footRows: new Set(tops).size};
}"""
"""JavaScript: where the game's end's score sheet button lies: beside the head of the contracts
played, in sight above the foot and not under anything, its size; the foot's rows of buttons."""

ON_TOP = """() => {
  const t = document.getElementById('score-sheet-title').getBoundingClientRect();
  const hit = document.elementFromPoint(t.left + 4, t.top + t.height / 2);
  const card = document.querySelector('#score-sheet .modal-card').getBoundingClientRect();
  return !!hit && hit.closest('#score-sheet') !== null && card.left >= 0 && card.top >= 0
    && card.right <= innerWidth && card.bottom <= innerHeight;
}"""
"""JavaScript: whether the score sheet lies over the game's end, inside the screen."""

IDS = """() => {
  const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  const holder = (id) => { const e = document.getElementById(id);
    return e ? e.closest('.modal').id : null; };
  return {twice, panel: holder('review-panel'), title: holder('review-title')};
}"""
"""JavaScript: the ids the page holds more than once, and which dialog holds the review's."""

REFUSE = """(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const m = JSON.parse(data);
    if (m.type === 'review' && m.hand !== undefined && m.hand === window.refuseHand) {
      data = JSON.stringify({...m, hand: 99});   // (a hand the game never had: no_review)
    }
    return send.call(this, data);
  };
  const on = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    set(fn) {
      on.set.call(this, (ev) => {
        const m = JSON.parse(ev.data);
        if (m.type === 'error' && m.code === 'no_review' && m.hand === 99) {
          ev = new MessageEvent('message', {data: JSON.stringify({...m, hand: window.refuseHand})});
        }
        return fn(ev);
      });
    },
    get() { return on.get.call(this); },
  });
})()"""
"""JavaScript run before the page's own: the review asked for hand ``window.refuseHand`` is
asked for as hand 99, which the server refuses with ``no_review`` (a real refusal), the
refusal naming the hand asked for again as it comes in."""


def open_finished(page: Page, url: str, table: Table) -> None:
    """Open the lobby's finished game ``table`` at its end."""
    page.goto(url)
    page.click(f"#finished-list li[data-table='{table.id}'] .finished-open")
    page.wait_for_selector("#game-over:not([hidden])")


def played_out(table: Table) -> list[int]:
    """The numbers (from 0) of the hands played out, every card, before the last one."""
    results = table.game.hand_results
    return [r.number for r in results[:-1] if r.contract is not None and sum(r.tricks) == 10]


@pytest.mark.parametrize("size", list(SIZES))
def test_the_game_end_opens_the_score_sheet_over_itself(finished: tuple[str, Table],
                                                        size: str) -> None:
    """The game's end's Score sheet button lies beside the head of its contracts played, in
    sight, a finger's size, the foot's buttons one row on a phone on its side as before; it
    opens the score sheet over the dialog, every hand listed, the focus in it; closed, the
    focus is back on the button and the game's end still on show."""
    url, table = finished
    viewport, touch = SIZES[size]
    with viewport_page(viewport, touch=touch) as page:
        open_finished(page, url, table)
        settle(page)
        button = page.get_by_role("button", name="Score sheet: every hand of the game",
                                  exact=True)
        assert button.count() == 1 and page.get_attribute(BUTTON, "aria-haspopup") == "dialog"
        place: dict[str, Any] = page.evaluate(PLACE)
        assert place["title"] == "Contracts played" and not place["inFoot"], place
        assert place["beside"] and place["inSight"] and place["onTop"], place
        assert place["width"] >= 32 and place["height"] >= 32, place
        if size == "sideways":
            assert place["footRows"] == 1, place
        page.click(BUTTON)
        page.wait_for_selector(f"{SHEET}:not([hidden])")
        page.wait_for_function(FOCUS_IN)
        settle(page)                                  # (the dialog's opening animation done)
        assert page.evaluate(ON_TOP), f"the score sheet is not over the game's end at {size}"
        rows = page.locator(f"{SHEET} tbody tr[data-hand]")
        assert rows.count() == len(table.game.hand_results)
        assert page.locator(f"{SHEET} tbody .hand-review").count() == len(played_out(table)) + 1
        if touch:
            page.click(f"{SHEET} .sheet-actions button")
        else:
            page.keyboard.press("Escape")
        page.wait_for_selector(SHEET, state="hidden")
        page.wait_for_function(FOCUS_ON.format("game-over-sheet"))
        assert page.is_visible("#game-over .over-card")


def test_the_sheets_review_over_the_game_end_keeps_each_its_own(
        finished: tuple[str, Table]) -> None:
    """With the last hand's review open at the game's end, the score sheet opened over it: a
    hand's review the server refuses says so in the sheet alone (the game's end's review stays
    as it was), and one answered shows there alone; the page holds each id once, the review on
    top its ids, and once the sheet is closed the game's end's review has them back."""
    url, table = finished
    refused, answered = played_out(table)[:2]
    last = table.game.hand_results[-1].number
    with viewport_page(DESKTOP) as page:
        page.add_init_script(REFUSE)
        open_finished(page, url, table)
        page.click("#game-over #review-button")
        page.wait_for_selector("#game-over #review-panel .review-table", timeout=90_000)
        page.evaluate("() => { window.overReview = document.querySelector('#game-over .review');"
                      " window.overTable = window.overReview.querySelector('.review-table'); }")
        page.evaluate(f"window.refuseHand = {refused}")
        page.click(BUTTON)
        page.wait_for_selector(f"{SHEET}:not([hidden])")
        page.click(f"{SHEET} tr[data-hand='{refused}'] .hand-review")
        said = page.wait_for_selector(f"{SHEET} .review:not([hidden]) > p.muted", timeout=30_000)
        assert said is not None and said.inner_text().startswith("There is no finished hand 99")
        # the game's end's review, behind, as it was
        assert page.evaluate("() => window.overReview.isConnected && !window.overReview.hidden"
                             " && window.overReview.querySelector('.review-table')"
                             " === window.overTable")
        found = page.evaluate(IDS)
        assert found == {"twice": [], "panel": "score-sheet", "title": None}, found

        page.click(f"{SHEET} tr[data-hand='{answered}'] .hand-review")
        page.wait_for_selector(f"{SHEET} #review-panel .review-table", timeout=90_000)
        assert page.text_content(f"{SHEET} #review-title") == (
            f"Hand {answered + 1} against double dummy")
        assert page.text_content("#game-over .review h3") == f"Hand {last + 1} against double dummy"
        found = page.evaluate(IDS)
        assert found == {"twice": [], "panel": "score-sheet", "title": "score-sheet"}, found

        page.keyboard.press("Escape")
        page.wait_for_selector(SHEET, state="hidden")
        page.wait_for_function(FOCUS_ON.format("game-over-sheet"))
        found = page.evaluate(IDS)
        assert found == {"twice": [], "panel": "game-over", "title": "game-over"}, found
        assert page.evaluate("() => document.getElementById('review-panel') === window.overReview")
