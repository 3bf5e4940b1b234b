"""The table for a keyboard, a zoomed window, less motion or forced colours: the hand laid out
again on every resize (with reduced motion it kept the width it had before), the focus kept on
the review's toggle pressed and clear of the dialogs' sticky foot, the bid panel's buttons and
its chosen strain drawn under forced colours, the menu shut when the focus leaves it (Escape
back to its button), and Escape ending a pause as RESUME does."""

from __future__ import annotations

from typing import Literal

import pytest
from playwright.sync_api import Page

from browser import (
    DESKTOP,
    PHONES,
    frames,
    seq,
    settle,
    start_game,
    viewport_page,
    wait_seq_after,
    wait_turn,
)
from fivehundred.web.table import Table
from test_web_history import _open_finished

CARD_BOXES = """() => [...document.querySelectorAll('#hand .hand-card')].map((e) => {
  const r = e.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height].map(Math.round);
})"""
"""JavaScript: the box of each card of your hand, in its order."""

UNCOVERED = """(b) => {
  const r = b.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!at && b.contains(at);
}"""
"""JavaScript: whether the element given is the one seen at its centre (nothing lies over it)."""


def hand_at(page: Page, width: int, height: int) -> list[list[int]]:
    """The hand's card boxes once the window is ``width`` by ``height`` and all has settled."""
    page.set_viewport_size({"width": width, "height": height})
    settle(page)
    boxes: list[list[int]] = page.evaluate(CARD_BOXES)
    return boxes


def hand_fresh(page: Page) -> list[list[int]]:
    """The hand's card boxes as a fresh load of the page lays them out at its size."""
    before = seq(page)
    page.reload()
    page.wait_for_function(f"Number(document.body.dataset.seq) >= {before}")
    wait_turn(page)
    settle(page)
    boxes: list[list[int]] = page.evaluate(CARD_BOXES)
    return boxes


def same_boxes(got: list[list[int]], fresh: list[list[int]]) -> bool:
    """Whether two hands' boxes agree within a pixel or two (rounding)."""
    return len(got) == len(fresh) and all(
        abs(a - b) <= 2 for g, f in zip(got, fresh, strict=True) for a, b in zip(g, f, strict=True))


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_resize_lays_the_hand_out_again(page: Page, server: str,
                                          motion: Literal["reduce", "no-preference"]) -> None:
    """At 200% zoom (640x400) and back at 1280x800 the hand lies as a fresh load lays it out,
    whatever the motion asked: with reduced motion every change was a transition of 0.01 ms,
    the hand measured its old width, its ten cards squeezed at the bottom left at 640x400
    and, back at 1280x800, 210 px right, over the Take back and Hint buttons."""
    page.emulate_media(reduced_motion=motion)
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction"
    settle(page)
    for width, height in ((640, 400), (DESKTOP["width"], DESKTOP["height"])):
        got = hand_at(page, width, height)
        fresh = hand_fresh(page)
        assert same_boxes(got, fresh), f"at {width}x{height}: {got} != {fresh}"


def test_a_wider_desk_centres_the_hand_again(page: Page, server: str) -> None:
    """A desk made wider (1600 to 1800 px), its cards as wide as before, centres the hand in
    its wider room: it was laid out again only when the cards' width changed."""
    page.set_viewport_size({"width": 1600, "height": 800})
    start_game(page, server, "australian")
    wait_turn(page)
    got = hand_at(page, 1800, 800)
    assert same_boxes(got, hand_fresh(page)), got


def test_the_review_keeps_the_focus_on_the_toggle_pressed(
        finished: tuple[str, Table]) -> None:
    """Enter on "Every card", then on "Your cards": the review is drawn again, and the focus
    stays on the toggle pressed (it fell to "Your cards", the dialog's first control)."""
    url, t = finished
    with viewport_page(DESKTOP) as page:
        _open_finished(page, url, t)
        page.focus("#game-over #review-button")
        page.keyboard.press("Enter")
        page.wait_for_selector("#review-panel .review-head", timeout=60_000)
        for mode, table in (("every", ".review-every"),
                            ("mine", ".review-table:not(.review-every)")):
            page.focus(f"#review-{mode}")
            page.keyboard.press("Enter")
            page.wait_for_selector(f"#review-panel {table}", timeout=60_000)
            frames(page)                                 # (a focus lost is mended next frame)
            assert page.evaluate("document.activeElement.id") == f"review-{mode}"
            assert page.get_attribute(f"#review-{mode}", "aria-pressed") == "true"


@pytest.mark.parametrize("where", ["desk", "sideways"])
def test_no_focus_of_the_game_end_lies_under_its_foot(finished: tuple[str, Table],
                                                      where: str) -> None:
    """Every control of the game's end, focused, is seen whole, not under the buttons kept
    at its foot (its ring was hidden there); and so is a hand's Review pressed by Enter, the
    review opened above it (on a phone on its side it went out of sight below the foot)."""
    url, t = finished
    with viewport_page(DESKTOP if where == "desk" else PHONES[where]) as page:
        _open_finished(page, url, t)
        settle(page)
        controls = page.locator("#game-over button:visible, #game-over a:visible")
        for i in range(controls.count()):
            c = controls.nth(i)
            c.focus()
            assert c.evaluate(UNCOVERED), f"{c.evaluate('(e) => e.outerHTML')} is covered"
        page.evaluate("document.querySelector('#game-over .modal-card').scrollTop = 0")
        rows = page.locator("#game-over tr[data-hand] .hand-review")     # as Tab comes to them
        for i in range(min(4, rows.count())):
            row = rows.nth(i)
            n = int(row.evaluate("(e) => e.closest('tr').dataset.hand"))
            row.focus()
            page.keyboard.press("Shift+Tab")              # (there by the keyboard)
            page.keyboard.press("Tab")
            assert row.evaluate("(e) => e === document.activeElement")
            page.keyboard.press("Enter")
            page.wait_for_function(f"(document.querySelector('#review-panel h3') || {{}})"
                                   f".textContent === 'Hand {n + 1} against double dummy'",
                                   timeout=60_000)
            settle(page)
            assert row.evaluate("(e) => e === document.activeElement")
            assert row.evaluate(UNCOVERED), f"hand {n + 1}'s Review is covered"


STRAIN_EDGE = """() => [...document.querySelectorAll(
    '#bid-panel .strain, #pass-button, #bid-button')].filter((b) => b.offsetParent).map((b) => {
    const cs = getComputedStyle(b);
    return {strain: b.dataset.strain || b.id, selected: b.classList.contains('selected'),
            edge: `${cs.borderTopStyle} ${cs.borderTopWidth} ${cs.borderTopColor} | `
                  + `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}`,
            border: cs.borderTopStyle !== 'none' && parseFloat(cs.borderTopWidth) > 0};
  })"""
"""JavaScript: the edge (border and outline) of the bid panel's strains and PASS and BID."""


def test_forced_colours_draw_the_bid_panel_and_its_chosen_strain(page: Page,
                                                                 server: str) -> None:
    """Under forced colours the backgrounds and shadows go: every strain and PASS and BID
    keep a border, and the chosen strain (its gold ring was a shadow) has an edge of its own."""
    page.emulate_media(forced_colors="active")
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction"
    page.click('button.strain[data-strain="H"]')
    page.mouse.move(0, 0)                             # (no hover, no focus ring)
    page.evaluate("document.activeElement.blur()")
    edges = page.evaluate(STRAIN_EDGE)
    assert all(e["border"] for e in edges), edges
    chosen = [e for e in edges if e["selected"]]
    others = [e for e in edges if not e["selected"] and e["strain"] in ("S", "C", "D", "NT")]
    assert len(chosen) == 1 and others, edges
    assert all(o["edge"] != chosen[0]["edge"] for o in others), edges


def test_the_menu_shuts_when_the_focus_leaves_it(page: Page, server: str) -> None:
    """The menu opened by the keyboard shuts once the focus leaves it, out of the page (Tab
    from its last item) or to the table (Shift+Tab from the Menu button): it stayed open over
    East and the contract; Escape in it gives the focus back to the Menu button, not the hand."""
    start_game(page, server, "australian")
    wait_turn(page)
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:not([hidden])")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#menu') !== null")
    page.keyboard.press("Escape")
    page.wait_for_selector("#menu", state="hidden")
    frames(page)                                      # (a focus lost is mended next frame)
    assert page.evaluate("document.activeElement.id") == "menu-button"
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:not([hidden])")
    for _ in range(40):
        page.keyboard.press("Tab")
        if not page.evaluate("!!document.activeElement.closest('#menu, #menu-button')"):
            break
    else:
        pytest.fail("Tab never left the menu")
    page.wait_for_selector("#menu", state="hidden")
    assert page.get_attribute("#menu-button", "aria-expanded") == "false"
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:not([hidden])")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("!!document.activeElement.closest('#bid-panel')")
    page.wait_for_selector("#menu", state="hidden")


def test_escape_resumes_a_pause(page: Page, server: str) -> None:
    """Escape on the Pause overlay resumes the game, as RESUME does."""
    start_game(page, server, "australian")
    wait_turn(page)
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    before = seq(page)
    page.click("#pause-button")
    wait_seq_after(page, before)
    page.wait_for_selector("#pause-overlay:not([hidden])")
    # an Escape that closes the rules read over the pause leaves the pause (it ended it)
    page.evaluate("document.getElementById('rules-button').click()")
    page.wait_for_selector("#rules:not([hidden]) .rule-item")
    page.focus("#rules .modal-card button")
    # the page changing (a state, a toast) left the rules under the pause's dialog, which
    # took the focus to RESUME, and Escape resumed (the pause lay over every other dialog)
    page.evaluate("""new Promise((done) => { document.body.appendChild(document.createElement('i'));
      requestAnimationFrame(() => requestAnimationFrame(done)); })""")
    assert page.evaluate("!!document.activeElement.closest('#rules')")
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules", state="hidden")
    page.wait_for_timeout(300)
    assert page.evaluate("window.fivehundred.app.state.table.paused")
    assert page.is_visible("#pause-overlay")
    page.focus("#resume-button")
    page.keyboard.press("Escape")
    page.wait_for_selector("#pause-overlay", state="hidden")
    assert not page.evaluate("window.fivehundred.app.state.table.paused")
