"""The browser game at the sizes between a phone and a desk: a tablet held upright (768x1024,
touch) and a small laptop, or a tablet on its side, with the browser's bars taking their share
of the height (1024x700): in the auction with the bid panel open, in play, and with the hint
open in both, every card of the hand, every seat, its plaque and its bid, the bid panel's
buttons and the hint's words lie on the screen and none covers another, and every seat's
name and the line below it (its strength, "your turn") show whole; and in desk windows from
1280x800 down to 740x560, the finished trick clear of every seat, plaque, the status line and
the hand, each card's corner in sight.

The fixtures are in conftest.py, the helpers in browser.py and layout_probes.py.
"""

from __future__ import annotations

import os
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize

from browser import (
    card_led,
    click_and_wait,
    play_first_playable,
    settle,
    start_game,
    trick_done,
    viewport_page,
    visible,
    wait_turn,
)
from layout_probes import (
    HINT_AND_BID_PANEL,
    LAYOUT_PROBLEMS,
    SHOWN,
    boxes,
    hint_clear_of_the_bid_panel,
    in_sight,
    meet,
    small_taps,
)
from seeded_deals import seed_where

TABLETS: dict[str, tuple[ViewportSize, bool]] = {
    "tablet": ({"width": 768, "height": 1024}, True),
    "laptop": ({"width": 1024, "height": 700}, False),
}
"""A tablet held upright (touch) and a small laptop or a tablet on its side: the viewport in
CSS pixels, and whether it is touched."""

SEATS = {"australian": 4, "classic3": 3, "five_called": 5, "six_pairs": 6}

SHOTS = os.environ.get("FIVEHUNDRED_TABLET_SHOTS")
"""Where to leave a PNG of each screen measured (none unless set)."""


def tablet_page(size: str) -> AbstractContextManager[Page]:
    """A page in one of ``TABLETS``' viewports."""
    viewport, touch = TABLETS[size]
    return viewport_page(viewport, touch)


def desk_page(size: str) -> AbstractContextManager[Page]:
    """A page in a desk window of ``size`` ("WIDTHxHEIGHT"), no touch screen."""
    width, height = map(int, size.split("x"))
    return viewport_page({"width": width, "height": height})


def to_first_play(page: Page, server: str, preset: str, *, led: bool) -> None:
    """A game of ``preset`` passed through the auction to your first turn in play (a bot won
    it: no kitty of yours; the deal one where that turn comes in the first hand:
    :func:`seeded_deals.seed_where`); with ``led``, on to your first turn with a card already
    on the table."""
    start_game(page, server, preset, seed=seed_where(preset, "you_defend"))
    while True:
        phase = wait_turn(page)
        if visible(page, "#bid-panel"):
            click_and_wait(page, "#pass-button")
            continue
        assert phase == "play", phase
        if not led:
            return
        if card_led(page):
            # (by the state: the cards on the table may still be the last trick's, held on
            # show, then swept off between the look that found them and the measures after)
            trick_done(page)
            return
        play_first_playable(page)


SEAT_WORDS = """() => {""" + SHOWN + """
  // a seat's name, or the line below it (its strength, "your turn"), cut short or spilling out
  // of its room in the plaque (over the tricks it has won)
  const out = [];
  document.querySelectorAll('.seat .name, .seat .sub').forEach((e) => {
    if (shown(e) && e.scrollWidth > e.clientWidth + 1)
      out.push(`"${e.textContent}" of seat ${e.closest('.seat').dataset.seat}: `
               + `${e.scrollWidth} wide in ${e.clientWidth}`);
  });
  return out;
}"""


def shot(page: Page, name: str) -> None:
    """A PNG of the screen, where ``SHOTS`` says."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def nothing_covered(page: Page, name: str) -> dict[str, object]:
    """The layout probes: nothing off the screen, nothing over anything else."""
    found: dict[str, object] = page.evaluate(LAYOUT_PROBLEMS)
    shot(page, name)
    assert not found["out"], found["out"]
    words = page.evaluate(SEAT_WORDS)
    assert not words, words
    return found


@pytest.mark.parametrize("size", list(TABLETS))
@pytest.mark.parametrize("preset", list(SEATS))
def test_a_tablet_shows_the_auction_and_its_hint(server: str, preset: str, size: str) -> None:
    """At your turn in the auction: the hand's ten cards, every seat, its plaque and its bid,
    and the bid panel's buttons on the screen, none over another, each button reached by a tap
    at its centre, every seat's name and line whole; the same with the hint open, its words and
    its first choices in sight, the hand and the buttons clear of it."""
    with tablet_page(size) as page:
        start_game(page, server, preset)
        wait_turn(page)
        assert visible(page, "#bid-panel")
        settle(page, 600)                           # the deal's cards have come in
        found = nothing_covered(page, f"{size}-{preset}-auction")
        assert found["seats"] == SEATS[preset] and found["cards"] == 10
        assert found["bubbles"] >= 1 and found["buttons"] >= 10, found
        taps = page.evaluate(HINT_AND_BID_PANEL)   # (no hint yet: the buttons and the taps)
        assert taps["n"] >= 10 and not taps["out"], taps
        if TABLETS[size][1]:                        # touched: every button a finger's size
            assert not small_taps(page)
        page.click("#quick-hint")
        page.wait_for_selector("#hint .hint-words", timeout=60_000)
        settle(page, 300)
        shot(page, f"{size}-{preset}-auction-hint")
        hint_clear_of_the_bid_panel(page)
        found = nothing_covered(page, f"{size}-{preset}-auction-hint")
        assert found["bubbles"] >= 1 and found["cards"] == 10


@pytest.mark.parametrize("size", list(TABLETS))
@pytest.mark.parametrize("preset", list(SEATS))
def test_a_tablet_shows_the_play_and_its_hint(server: str, preset: str, size: str) -> None:
    """Passing through the auction, then at your first turn in play with a card on the table:
    your cards, every seat, its plaque and what its bubble says on the screen, none over
    another, every seat's name and line whole (your tricks beside "your turn"); the hint asked
    for then shows its words in sight and covers none of them, nor a card of the trick."""
    with tablet_page(size) as page:
        to_first_play(page, server, preset, led=True)
        settle(page, 600)                           # the led card has landed
        found = nothing_covered(page, f"{size}-{preset}-play")
        assert found["seats"] == SEATS[preset] and found["cards"] >= 1
        if TABLETS[size][1]:                        # touched: Take back, Claim, Hint too
            assert not small_taps(page)
        page.click("#quick-hint")
        page.wait_for_selector("#hint .hint-words", timeout=60_000)
        settle(page, 400)
        shot(page, f"{size}-{preset}-play-hint")
        hint = in_sight(page, ".hint-words", "#hint")
        trick = boxes(page, "#trick .trick-card")
        assert trick
        for card in trick:
            assert not meet(hint, card), f"the hint {hint} covers a card of the trick: {card}"
        nothing_covered(page, f"{size}-{preset}-play-hint")


DESKS = ["1280x800", "960x720", "800x700", "740x560"]
"""Desk windows from a laptop's to a small one's (width x height): a short one puts the top
seats of five or six in a row of their own below the plaques, and the trick below them."""

PRESET_SEATS = {**SEATS, "six_threes": 6}

FULL_TRICK = """(n) => {""" + SHOWN + """
  // once every card of a trick has landed (the finished trick on show, before it is swept
  // off): the layout probes, and whether a corner of each card (its rank and suit, top left
  // or bottom right) shows; a card still flying in is not there yet (the winner's glow, a CSS
  // transition, moves nothing)
  const cards = [...document.querySelectorAll('#trick .trick-card')];
  const flying = (c) => c.getAnimations().some((a) => !(a instanceof CSSTransition));
  if (cards.length < n || cards.some((c) => !shown(c) || flying(c))) return false;
  const found = (""" + LAYOUT_PROBLEMS + """)();
  const on = (c, r, f) => {
    const e = document.elementFromPoint(r.left + r.width * f, r.top + r.height * f);
    return e && c.contains(e);
  };
  found.hidden = cards.filter((c) => {
    const r = c.getBoundingClientRect();
    return !on(c, r, 0.16) && !on(c, r, 0.84);
  }).map((c) => `no corner of ${c.dataset.card} shows`);
  return found;
}"""

CATCH_FULL_TRICK = """(n) => {
  // FULL_TRICK, taken the moment a finished trick's winning card is marked (every card has
  // landed then, and the trick stays a second before it is swept, or 60 ms on a busy page,
  // too short for polling to be sure of it): into window.fullTrick
  const probe = """ + FULL_TRICK + """;
  window.fullTrick = null;
  const watch = new MutationObserver(() => {
    if (window.fullTrick || !document.querySelector('#trick .trick-card.winning')) return;
    const found = probe(n);
    if (found) { window.fullTrick = found; watch.disconnect(); }
  });
  watch.observe(document.querySelector('#trick'),
                {subtree: true, childList: true, attributes: true, attributeFilter: ['class']});
}"""


@pytest.mark.parametrize("size", DESKS)
@pytest.mark.parametrize("preset", list(PRESET_SEATS))
def test_a_desk_window_keeps_the_trick_clear_of_the_seats(server: str, preset: str,
                                                          size: str) -> None:
    """Passing through the auction, then playing a card: the finished trick, every seat's card
    on the table, covers no seat (its plaque, its cards, its bubble), no plaque, not the status
    line nor your hand, and lies on the screen, each card's corner in sight. (A short window,
    five- or six-handed, puts the top seats in a row below the plaques: the trick was drawn
    where the seats were before, over North's plaque and cards at 960x720 and 740x560.)"""
    with desk_page(size) as page:
        to_first_play(page, server, preset, led=False)
        page.evaluate(CATCH_FULL_TRICK, PRESET_SEATS[preset])
        play_first_playable(page)
        found = page.wait_for_function("() => window.fullTrick").json_value()
        shot(page, f"desk-{size}-{preset}-trick")
    assert found["trick"] == PRESET_SEATS[preset] and found["seats"] == PRESET_SEATS[preset]
    assert not found["out"], found["out"]
    assert not found["hidden"], found["hidden"]


SHORT_DESKS = ["740x560", "800x600"]
"""Short desk windows: too short for the hint beside the seats above the status line."""


@pytest.mark.parametrize("size", SHORT_DESKS)
@pytest.mark.parametrize("preset", ["australian", "five_called", "six_pairs"])
def test_a_short_desk_window_keeps_the_hint_clear_of_the_play(server: str, preset: str,
                                                              size: str) -> None:
    """Passing through the auction, then at your first turn in play with a card on the table,
    the hint open: it covers no seat (its plaque, its cards, its bubble), no card of the trick,
    no plaque, not your hand nor the bar above it, and its words and first choice lie in sight
    unscrolled. (At 740x560 it lay over a card of the trick, four-handed, and over East's
    plaque, five-handed.)"""
    with desk_page(size) as page:
        to_first_play(page, server, preset, led=True)
        settle(page, 600)                           # the led card has landed
        page.click("#quick-hint")
        page.wait_for_selector("#hint .hint-words", timeout=60_000)
        settle(page, 400)
        shot(page, f"desk-{size}-{preset}-play-hint")
        found = page.evaluate(LAYOUT_PROBLEMS)
        in_sight(page, ".hint-words", "#hint")
        if page.locator("#hint .hint-table").count():
            in_sight(page, ".hint-table tbody tr:first-child", "#hint")
        else:       # (a forced card's hint has no choices: its words say so, in sight)
            assert "the only card you may play" in page.inner_text("#hint .hint-reason")
            in_sight(page, ".hint-reason", "#hint")
    assert found["trick"] >= 1 and found["seats"] == SEATS[preset], found
    assert not found["out"], found["out"]


@pytest.mark.parametrize("size", list(TABLETS))
def test_the_longest_turn_words_keep_clear_of_the_corner_buttons(server: str, size: str) -> None:
    """Following a joker or a left bower, the status line says which suit to follow; "the
    joker was led naming diamonds; follow diamonds if you can" ran under Take back on an
    upright tablet.  Every such line, in the server's words (``follow_words``), is set by
    hand in the status line (as your turn draws it) at your first turn in play: none covers
    another control."""
    from fivehundred.web.state import follow_words

    lines = [follow_words(f"JK:{s}", 4) for s in "SCDH"]
    lines += [follow_words(led, strain) for strain in range(4)
              for led in ("JK", "J" + "SCDH"[strain ^ 1])]
    with tablet_page(size) as page:
        to_first_play(page, server, "australian", led=True)
        settle(page, 600)
        for line in lines:
            page.evaluate("(t) => { const s = document.getElementById('status'); "
                          "s.textContent = t; s.className = 'yours'; }", line)
            found = page.evaluate(LAYOUT_PROBLEMS)
            assert not [p for p in found["out"] if "status" in p], (line, found["out"])
            assert page.evaluate("(() => { const s = document.getElementById('status'); "
                                 "return s.scrollWidth <= s.clientWidth; })()"), line
