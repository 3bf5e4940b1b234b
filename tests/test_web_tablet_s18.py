"""A tablet held upright (768x1024, touch) beside the same tablet on its side (1024x768): the
kitty's thirteen cards in your hand each leave a strip of at least 32 CSS px to tap, and are no
smaller than a phone's (390x844); and the hint asked for in the auction sideways, the tablet
then turned upright, keeps clear of the status line and the bid panel and shows whole.

Upright, the hand lay between your badge and the corner's buttons in a band of 408 px: cards
51 px wide with strips of 27 px, smaller than a phone's, the screen above them empty felt; and
the hint, placed as if the bid panel had not moved aside for it, fell to the bottom left over
the status line, its last choices cut off. The fixtures are in conftest.py, the helpers in
browser.py and layout_probes.py.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, ViewportSize

from browser import PHONES, bid_ten, settle, start_game, viewport_page, visible, wait_turn
from layout_probes import LAYOUT_PROBLEMS, hint_clear_of_the_bid_panel, in_sight, meet

UPRIGHT: ViewportSize = {"width": 768, "height": 1024}
SIDEWAYS: ViewportSize = {"width": 1024, "height": 768}
"""A tablet's viewport in CSS pixels, held upright and on its side."""

STRIP_MIN = 32
"""The least strip of a card in the hand that a finger may tap (README: 32 px)."""

STRIPS = """() => [...document.querySelectorAll('#hand .hand-card')].map((c) => {
  // each card's width, and how much of it a tap reaches across its middle (what the next card
  // leaves of it)
  const r = c.getBoundingClientRect();
  const y = r.top + r.height / 2;
  let strip = 0;
  for (let x = Math.floor(r.left); x < r.right; x++) {
    const e = document.elementFromPoint(x + 0.5, y);
    if (e && c.contains(e)) strip += 1;
  }
  return {card: c.dataset.card, width: c.offsetWidth, strip};
})"""


def kitty_cards(page: Page, server: str) -> list[dict[str, object]]:
    """Bid 10NT at your first turn (nobody bids over it), and at the kitty's turn, the cards
    settled: each card of the hand, its width and the strip a tap reaches (``STRIPS``)."""
    start_game(page, server, "australian")
    wait_turn(page)
    bid_ten(page, "NT")
    page.wait_for_selector("#discard-button", state="visible")
    settle(page, 600)
    cards: list[dict[str, object]] = page.evaluate(STRIPS)
    assert len(cards) == 13, cards
    return cards


@pytest.fixture(scope="module")
def phone_card(server: str) -> float:
    """The width of a card of the kitty's thirteen on a phone held upright (390x844)."""
    with viewport_page(PHONES["upright"], touch=True) as page:
        return min(float(str(c["width"])) for c in kitty_cards(page, server))


@pytest.mark.parametrize("viewport", [UPRIGHT, SIDEWAYS], ids=["upright", "sideways"])
def test_a_tablet_gives_each_card_of_the_kitty_a_strip_to_tap(server: str, phone_card: float,
                                                             viewport: ViewportSize) -> None:
    """With the kitty's thirteen cards in your hand, every card a strip of at least
    ``STRIP_MIN`` px that a tap across its middle reaches, each card as wide as a phone's at
    the least, and nothing over anything else (your badge, the status line, the corner's
    buttons clear of the cards)."""
    with viewport_page(viewport, touch=True) as page:
        cards = kitty_cards(page, server)
        found = page.evaluate(LAYOUT_PROBLEMS)
    narrow = [c for c in cards if int(str(c["strip"])) < STRIP_MIN]
    assert not narrow, f"strips under {STRIP_MIN} px: {narrow}"
    small = [c for c in cards if float(str(c["width"])) < phone_card]
    assert not small, f"cards smaller than a phone's ({phone_card} px): {small}"
    assert found["cards"] == 13 and not found["out"], found["out"]


def test_an_upright_tablet_keeps_the_hint_clear_of_the_status_line_and_the_bid_panel(
        server: str) -> None:
    """The hint asked for in the auction on its side, the tablet then turned upright: the
    status line on show, the hint clear of it and of the bid panel (every bid button reached
    by a tap), and the whole hint in sight, its last choice and the line under the choices
    too, nothing scrolled out of sight."""
    with viewport_page(SIDEWAYS, touch=True) as page:
        start_game(page, server, "australian")
        wait_turn(page)
        assert visible(page, "#bid-panel")
        settle(page, 600)
        page.click("#quick-hint")
        page.wait_for_selector("#hint .hint-words", timeout=60_000)
        settle(page, 300)
        page.set_viewport_size(UPRIGHT)
        settle(page, 600)
        hint_clear_of_the_bid_panel(page)
        assert visible(page, "#status"), "the status line gave way to the hint"
        status = page.locator("#status").bounding_box()
        hint = page.locator("#hint").bounding_box()
        panel = page.locator("#bid-panel").bounding_box()
        assert status and hint and panel
        assert not meet(hint, status), f"the hint {hint} covers the status line {status}"
        assert not meet(hint, panel), f"the hint {hint} covers the bid panel {panel}"
        in_sight(page, ".hint-table tbody tr:last-child", "#hint")
        in_sight(page, ".hint-caption", "#hint")
        found = page.evaluate(LAYOUT_PROBLEMS)
        assert not found["out"], found["out"]
