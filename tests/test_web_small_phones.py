"""The browser game on small phones and a tablet, at the sizes where a layout audit found
controls covered: 360x640 and 360x740 upright (the bid panel, the hint and your role's chip
over the bar above the hand, a seat's bid or the status line), 412x915 upright (the role's
chip), 740x360 on its side (the hint over the bid panel's buttons, the panel over a seat, the
status line under Take back) and 768x1024 (the status line cut short while discarding); and
five-handed, the call panel over the bar at every phone size, and a called partner's role chip
beside your badge upright.

Each test measures by the boxes on the screen and by where a tap at each control's centre
lands (``elementFromPoint``). The fixtures are in conftest.py, the helpers in browser.py and
layout_probes.py.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize

from browser import (
    DESKTOP,
    bid_ten,
    click_and_wait,
    settle,
    start_game,
    viewport_page,
    visible,
    wait_turn,
)
from layout_probes import HINT_AND_BID_PANEL, SHOWN, boxes, in_sight, meet, small_taps
from seeded_deals import seed_where

BAR = ["#take-back-button", "#last-trick-button", "#quick-hint", ".seat.me .seat-plaque"]
"""The bar above the hand on a phone: its buttons and your badge."""

CLEAR = """([controls, covers]) => {""" + SHOWN + """
  // each control on show: a tap at its centre reaches it, and none of the covers (other
  // than an ancestor of it) meets its box
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const name = (e) => e.id || (e.closest('.seat') ? `seat ${e.closest('.seat').dataset.seat} `
    : '') + e.className;
  const out = [];
  let n = 0;
  for (const sel of controls) for (const c of document.querySelectorAll(sel)) {
    if (!shown(c)) continue;
    n += 1;
    const r = c.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!hit || !c.contains(hit))
      out.push(`a tap on ${name(c)} reaches ${hit ? name(hit) : 'nothing'}`);
    for (const csel of covers) for (const o of document.querySelectorAll(csel)) {
      if (o === c || o.contains(c) || c.contains(o) || !shown(o)) continue;
      if (meet(r, o.getBoundingClientRect())) out.push(`${name(o)} covers ${name(c)}`);
    }
  }
  return {out, n};
}"""


CALL_CARDS_REACHED = """(() => {
  // each card of the call, its row scrolled sideways to it: a tap at its centre reaches it
  const out = [];
  for (const b of document.querySelectorAll('#call-panel .call-card')) {
    b.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = b.getBoundingClientRect();
    const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!e || !b.contains(e)) out.push(b.dataset.call);
  }
  document.querySelectorAll('#call-panel .call-row-cards').forEach((r) => { r.scrollLeft = 0; });
  return out;
})()"""
"""JavaScript: the cards of the call panel that a tap does not reach, each once its row is
scrolled to it."""


def uncovered(page: Page, controls: list[str], covers: list[str]) -> list[str]:
    """What covers any of ``controls`` on show (their boxes, and a tap at their centres);
    asserts some are on show."""
    found: dict[str, Any] = page.evaluate(CLEAR, [controls, covers])
    assert found["n"] > 0, controls
    return list(found["out"])


def auction(page: Page, server: str, preset: str, want: str | None = None) -> None:
    """Your first turn in the auction, the deal's cards in (with ``want``, on a deal that has
    what it names: :func:`seeded_deals.seed_where`)."""
    start_game(page, server, preset, **({"seed": seed_where(preset, want)} if want else {}))
    wait_turn(page)
    assert visible(page, "#bid-panel")
    settle(page, 700)


def kitty(page: Page, server: str, preset: str) -> None:
    """You the declarer (10NT), discarding."""
    auction(page, server, preset)
    bid_ten(page, "NT")
    page.wait_for_selector("#discard-button", state="visible")
    settle(page, 700)


def discard(page: Page) -> None:
    """Discard your last three cards (the kitty's turn on show)."""
    for el in page.query_selector_all("#hand .hand-card")[-3:]:
        el.click()
    page.click("#discard-button")


def calling(page: Page, server: str) -> None:
    """Five-handed, you the declarer (10NT), the kitty's three cards discarded: the call panel
    (forty cards to name)."""
    kitty(page, server, "five_called")
    discard(page)
    page.wait_for_selector("#call-panel", state="visible")
    settle(page, 700)


def declaring(page: Page, server: str, preset: str) -> None:
    """You the declarer (10NT), your first card to play (the kitty's three cards discarded)."""
    kitty(page, server, preset)
    discard(page)
    if preset == "five_called":
        page.wait_for_selector("#call-panel", state="visible")
        page.click("#call-cards button >> nth=0")
    # (not the kitty's turn still on show: the play's)
    page.wait_for_function("document.body.dataset.phase === 'play'", timeout=60_000)
    assert wait_turn(page) == "play"
    settle(page, 800)


def open_hint(page: Page) -> None:
    page.click("#quick-hint")
    page.wait_for_selector("#hint .hint-words", timeout=90_000)
    settle(page, 500)


def phone(text: str) -> AbstractContextManager[Page]:
    """A touch page in a viewport of ``text`` ("WIDTHxHEIGHT")."""
    w, h = text.split("x")
    viewport: ViewportSize = {"width": int(w), "height": int(h)}
    return viewport_page(viewport, touch=True)


SEAT_BIDS = ["#seats .seat:not(.me) .seat-plaque", "#seats .seat:not(.me) .bubble"]


@pytest.mark.parametrize("preset", ["five_called", "six_pairs"])
def test_a_small_phone_keeps_the_bid_panel_off_the_bar(server: str, preset: str) -> None:
    """D2: at 360x640, five- and six-handed, the bid panel lay over the bar above the hand
    (a tap on Hint, Take back or Last trick reached the panel), over your badge and over the
    side seats' plaques: now every one of them is reached by a tap and clear of the panel,
    and every bid button is on the screen and reached by a tap."""
    with phone("360x640") as page:
        auction(page, server, preset)
        assert not uncovered(page, BAR, ["#bid-panel"])
        assert not uncovered(page, SEAT_BIDS, ["#bid-panel"])
        assert not uncovered(page, ["#bid-panel button"], ["#hint", "#corner-tools button"])


@pytest.mark.parametrize(("where", "preset"), [
    ("360x640", "classic3"), ("360x740", "five_called"), ("360x740", "six_pairs"),
    ("360x740", "six_threes")])
def test_the_bid_panel_leaves_each_bid_and_the_status_line_in_sight(server: str, where: str,
                                                                    preset: str) -> None:
    """D1 (and D2's three-handed case): upright at 360x740 (five- and six-handed) and 360x640
    (three-handed), the bid panel covered the bid of the seat on the right, and at 360x740 its
    misère buttons lay on the status line: each seat's bid and plaque, and the status line
    where it shows, are now clear of the panel."""
    with phone(where) as page:
        auction(page, server, preset)
        assert not uncovered(page, SEAT_BIDS, ["#bid-panel"])
        assert not uncovered(page, ["#bid-panel button"], ["#status", "#hint"])
        assert not uncovered(page, BAR, ["#bid-panel", "#status"])


@pytest.mark.parametrize(("where", "preset", "phase"), [
    ("412x915", "australian", "play"), ("412x915", "five_called", "play"),
    ("360x740", "australian", "kitty"), ("360x740", "australian", "play"),
    ("360x640", "australian", "kitty"), ("360x640", "six_pairs", "kitty")])
def test_your_role_leaves_the_bar_s_buttons_in_reach(server: str, where: str, preset: str,
                                                     phase: str) -> None:
    """D3: upright, as declarer, the chip of your contract ("10NT") beside your badge lay on
    Take back (and at 360 wide on Last trick; in play your badge is wider, with your tricks):
    now each of the bar's buttons is reached by a tap and clear of the chip and of your
    badge, and the chip clear of the status line."""
    with phone(where) as page:
        (kitty if phase == "kitty" else declaring)(page, server, preset)
        assert visible(page, ".seat.me .role-chip.declarer")
        assert not uncovered(page, ["#take-back-button", "#last-trick-button", "#quick-hint"],
                             [".seat.me .role-chip", ".seat.me .seat-plaque"])
        assert not uncovered(page, [".seat.me .role-chip"], ["#status", "#corner-tools button"])


@pytest.mark.parametrize(("where", "preset"), [
    ("360x740", "five_called"), ("360x740", "six_pairs"), ("360x640", "six_threes")])
def test_a_small_phone_keeps_the_hint_off_the_bar(server: str, where: str, preset: str) -> None:
    """D4: upright at 360x740 (five-handed, six in pairs) and at 360x640 (six in threes)
    the hint asked for in the auction lay over the bar above the hand: now the bar's buttons
    and your badge are clear of it and reached by a tap, every bid button too, and its advice
    is in sight."""
    with phone(where) as page:
        auction(page, server, preset, "every_bid")
        open_hint(page)
        in_sight(page, ".hint-words", "#hint")
        assert not uncovered(page, BAR, ["#hint", "#bid-panel"])
        found = page.evaluate(HINT_AND_BID_PANEL)
        assert found["n"] >= 10 and not found["out"], found["out"]


@pytest.mark.parametrize("preset", ["six_pairs", "six_threes"])
def test_a_small_phone_keeps_the_hint_off_the_bar_in_play(server: str, preset: str) -> None:
    """D4 in play: six-handed at 360x740, declaring, the hint asked for at your lead lay over
    Take back, Last trick and Hint: now they are clear of it and reached by a tap, and your
    cards too."""
    with phone("360x740") as page:
        declaring(page, server, preset)
        open_hint(page)
        in_sight(page, ".hint-words", "#hint")
        assert not uncovered(page, BAR, ["#hint"])
        assert not uncovered(page, ["#hand .hand-card"], ["#hint"])


def test_the_smallest_phone_shows_the_hint_whole(server: str) -> None:
    """D5: five-handed at 360x640 the hint was squeezed to 182x87 between the seats, scrolling
    sideways, no choice in sight: now its advice and its first two choices are in sight,
    unscrolled, nothing cut off at its side, and the bid panel's buttons and the bar clear of
    it."""
    with phone("360x640") as page:
        auction(page, server, "five_called", "every_bid")
        open_hint(page)
        in_sight(page, ".hint-words", "#hint")
        in_sight(page, ".hint-table tbody tr:nth-child(-n+2)", "#hint")
        wide = page.evaluate("(() => { const e = document.getElementById('hint');"
                             " return [e.scrollWidth, e.clientWidth]; })()")
        assert wide[0] <= wide[1] + 1, f"the hint scrolls sideways: {wide}"
        found = page.evaluate(HINT_AND_BID_PANEL)
        assert found["n"] >= 10 and not found["out"], found["out"]
        assert not uncovered(page, BAR, ["#hint", "#bid-panel"])


@pytest.mark.parametrize("preset", ["five_called", "six_pairs", "six_threes"])
def test_a_phone_on_its_side_keeps_the_hint_off_the_bid_panel(server: str, preset: str) -> None:
    """D6: at 740x360, five- and six-handed, the hint asked for in the auction lay over the bid
    panel's minus and plus, its misère buttons (a tap reached the hint), the contract's plaque:
    now every bid button is on the screen, clear of the hint and reached by a tap, and the
    plaques, the menu button and the bar clear of it."""
    with phone("740x360") as page:
        auction(page, server, preset, "every_bid")
        open_hint(page)
        in_sight(page, ".hint-words", "#hint")
        found = page.evaluate(HINT_AND_BID_PANEL)
        assert found["n"] >= 10 and not found["out"], found["out"]
        assert not uncovered(page, ["#contract", "#scores", "#menu-button", *BAR],
                             ["#hint", "#bid-panel"])


@pytest.mark.parametrize("preset", ["five_called", "six_pairs", "classic3"])
def test_a_phone_on_its_side_keeps_the_bid_panel_off_the_seats_and_the_bar(
        server: str, preset: str) -> None:
    """D7: at 740x360 the bid panel hid the seat on the right (its bid, its plaque) and Take
    back sat on the status line: now each seat's bid and plaque is clear of the panel, and
    the bar's buttons clear of the panel and of the status line, each reached by a tap."""
    with phone("740x360") as page:
        auction(page, server, preset)
        assert not uncovered(page, SEAT_BIDS, ["#bid-panel"])
        assert not uncovered(page, BAR, ["#bid-panel", "#status"])
        assert not uncovered(page, ["#bid-panel button"], ["#status", "#corner-tools button"])


@pytest.mark.parametrize("preset", ["australian", "six_pairs"])
def test_a_phone_on_its_side_keeps_the_status_line_off_take_back_while_discarding(
        server: str, preset: str) -> None:
    """D7 while discarding: at 740x360 the status line ("You won the auction: choose 3 cards
    to discard") lay under Take back: now the bar's buttons, your badge and your role's chip
    are clear of it."""
    with phone("740x360") as page:
        kitty(page, server, preset)
        assert not uncovered(page, [*BAR, ".seat.me .role-chip"], ["#status", "#kitty-panel"])


@pytest.mark.parametrize("preset", ["australian", "six_pairs"])
def test_a_tablet_shows_the_status_line_whole_while_discarding(server: str, preset: str) -> None:
    """D8: at 768x1024 (a tablet upright) the status line while discarding was cut short with
    an ellipsis: now it shows whole, clear of the bar's buttons and your badge."""
    with phone("768x1024") as page:
        kitty(page, server, preset)
        text, cut = page.evaluate("""(() => { const e = document.getElementById('status');
          return [e.textContent, e.scrollWidth > e.clientWidth + 1]; })()""")
        assert "discard" in text
        assert not cut, f"the status line is cut short: {text}"
        assert not uncovered(page, ["#corner-tools button", ".seat.me .seat-plaque"], ["#status"])


CALLED_SEED = 3
"""Five-handed, a deal where you pass at each bid and East, declaring 7 clubs, calls your ace
of diamonds (one of 23 such deals among the seeds 0 to 59, each played so)."""


def called(page: Page, server: str) -> None:
    """Five-handed, you passing at each bid, called as the declarer's partner: your first card
    to play."""
    start_game(page, server, "five_called", seed=CALLED_SEED)
    while (phase := wait_turn(page)) == "auction":
        click_and_wait(page, "#pass-button")
    assert phase == "play", phase
    settle(page, 800)


@pytest.mark.parametrize("where", ["360x640", "360x740", "390x844", "412x915", "740x360",
                                   "1280x800"])
def test_the_call_panel_leaves_the_bar_in_reach(server: str, where: str) -> None:
    """Five-handed, calling a partner: upright at 360x640 to 412x915 the call panel lay over
    the bar above the hand (a tap on Take back, Last trick or Hint reached PLAY ALONE), at
    360x640 over the menu button too, scrolling; on its side (740x360) over the bar as well.
    Now the bar's buttons, your badge, your role's chip and the menu button are clear of the
    panel and reached by a tap, your cards clear of it, and every card it offers and PLAY
    ALONE are reached by a tap, at least a finger's size on a phone: each suit's row in sight,
    a card past its end once the row is scrolled sideways to it (one row a suit: wrapped, a
    suit's last cards looked like a suit of their own). At a desk (1280x800) the same holds,
    as it did before: the panel there is as it was."""
    desk = where == "1280x800"
    with (viewport_page(DESKTOP) if desk else phone(where)) as page:
        calling(page, server)
        assert not uncovered(page, [*BAR, ".seat.me .role-chip", "#menu-button"], ["#call-panel"])
        in_sight(page, ".call-row-cards, #alone-button", "#call-panel")
        assert not page.evaluate(CALL_CARDS_REACHED)   # (a tap reaching it: nothing over it)
        assert not uncovered(page, ["#alone-button"],
                             ["#status", "#hint", "#corner-tools button", "#menu-button"])
        assert len(boxes(page, "#call-panel .call-card")) == 40
        panel = boxes(page, "#call-panel")[0]
        for card in boxes(page, "#hand .hand-card"):
            assert not meet(card, panel), f"the call panel {panel} covers a card: {card}"
        if not desk:
            assert not small_taps(page)


@pytest.mark.parametrize("where", ["360x640", "360x740", "412x915"])
def test_a_called_partner_s_role_sits_above_your_badge(server: str, where: str) -> None:
    """Five-handed, upright, you the called partner: the chip of your role ("partner") sits
    above your badge, clear of it, of the status line and of the bar's buttons, each of them
    reached by a tap (as the declarer's chip, test_your_role_leaves_the_bar_s_buttons_in_reach,
    which this case had not)."""
    with phone(where) as page:
        called(page, server)
        assert visible(page, ".seat.me .role-chip.called")
        assert not uncovered(page, ["#take-back-button", "#last-trick-button", "#quick-hint"],
                             [".seat.me .role-chip", ".seat.me .seat-plaque"])
        assert not uncovered(page, [".seat.me .role-chip", ".seat.me .seat-plaque"],
                             ["#status", "#corner-tools button"])
        chip = boxes(page, ".seat.me .role-chip")[0]
        badge = boxes(page, ".seat.me .seat-plaque")[0]
        assert chip["y"] + chip["height"] <= badge["y"] + 0.5, (chip, badge)
