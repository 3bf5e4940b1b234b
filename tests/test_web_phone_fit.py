"""The browser table's words whole and its dialogs' feet clean, as a newcomer found them on a
phone and at a desk: every seat's name and each plaque's aside ("520 pts", "to 500") whole,
not cut with an ellipsis, at 360x640 (and at 390x844 and 640x360) through a hand; the hand's
sheet and the game's end with their buttons at the dialog's very foot on a phone (a phone's
padding under them let the rows of a review scrolled under the buttons show below them);
a practice of hand 2 called hand 2 (its score box and its game's end said hand 1); the
bowers named as such for a screen reader (the left bower was its printed suit's jack only).

The fixtures are in conftest.py, the helpers in browser.py.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import ElementHandle, Page, Route, ViewportSize

from browser import (
    SEED,
    TURN,
    bid_ten,
    click_and_wait,
    settle,
    start_game,
    take_turn,
    viewport_page,
    visible,
    wait_turn,
)

CUT_WORDS = """() => {
  // each seat's name and each plaque's aside on show whose words are wider than its box:
  // scrollWidth is rounded, and "North" 38.48 pixels wide in a box of 38 was cut ("Nor…")
  // with scrollWidth == clientWidth, so the words' own width is measured too (against the
  // box's, unrounded: the name has no padding)
  const out = [];
  let n = 0;
  for (const e of document.querySelectorAll('.seat .name, .plaque-aside')) {
    const r = e.getBoundingClientRect();
    if (!r.width || e.closest('[hidden]')) continue;
    n += 1;
    const words = document.createRange();
    words.selectNodeContents(e);
    const w = words.getBoundingClientRect().width;
    const where = e.closest('.seat') ? `seat ${e.closest('.seat').dataset.seat}`
      : e.closest('.plaque').id;
    if (e.scrollWidth > e.clientWidth || w > r.width + 0.01)
      out.push(`${where} "${e.textContent}": ${w.toFixed(2)} wide in ${r.width.toFixed(2)}`);
  }
  return {out, n};
}"""
"""JavaScript: the seats' names and the plaques' asides cut short, and how many were on show."""

FOOT = """() => {
  // the dialog on show: how far its buttons' foot lies above the dialog's inner bottom edge
  // (nothing may show below them), its buttons' foot on the screen
  const card = [...document.querySelectorAll('.modal:not([hidden]) .modal-card')]
    .find((e) => e.getBoundingClientRect().height > 0);
  const foot = card.querySelector(':scope > .sheet-actions').getBoundingClientRect();
  const box = card.getBoundingClientRect();
  const inner = box.bottom - parseFloat(getComputedStyle(card).borderBottomWidth);
  return {below: inner - foot.bottom, bottom: foot.bottom, height: window.innerHeight,
          scrolls: card.scrollHeight > card.clientHeight + 1};
}"""
"""JavaScript: the room below the buttons of the dialog on show (the sheet, the game's end)."""

SIZES: dict[str, ViewportSize] = {"360x640": {"width": 360, "height": 640},
                                   "390x844": {"width": 390, "height": 844},
                                   "640x360": {"width": 640, "height": 360}}
"""The phones measured: a small one upright, a common one upright, a small one on its side."""


def assert_foot_clean(page: Page) -> None:
    """The dialog on show has its buttons at its very foot, on the screen."""
    foot = page.evaluate(FOOT)
    assert abs(foot["below"]) <= 0.5, f"{foot['below']:.1f} pixels below the buttons: {foot}"
    assert foot["bottom"] <= foot["height"] + 0.5, foot


@pytest.mark.parametrize("size", list(SIZES))
def test_every_seat_name_and_plaque_aside_whole_on_a_phone(server: str, size: str) -> None:
    """Through a hand you declare at 10NT ("520 pts" on the contract's plaque, which a
    360-pixel phone cut to "520 …") and fail, at each of your turns no seat's name ("Nor…",
    North's beside its tricks) and no plaque's aside is cut short; the game's end (10NT
    failed: the hole) has its buttons at its foot (a phone's padding was below them)."""
    with viewport_page(SIZES[size], touch=True) as page:
        start_game(page, server, "australian")
        wait_turn(page)
        declare_ten_nt(page)
        turns = 0
        while (phase := wait_turn(page)) not in ("hand_over", "game_over"):
            found = page.evaluate(CUT_WORDS)
            assert found["n"] >= 6, found          # four seats, the two plaques' asides
            assert not found["out"], found["out"]
            turns += 1
            take_turn(page, phase)
        assert turns >= 9
        assert "520 pts" in page.inner_text("#contract")
        settle(page, 600)
        assert phase == "game_over", "10NT failed puts you in the hole"
        assert_foot_clean(page)


def test_a_phone_sheet_has_its_buttons_at_its_foot_with_every_card_reviewed(
        server: str) -> None:
    """At 390x844 the hand's sheet, its review of every card open and scrolled under the
    buttons, shows nothing below them (a strip of the review's rows showed there)."""
    with viewport_page(SIZES["390x844"], touch=True) as page:
        start_game(page, server, "australian")
        while (phase := wait_turn(page)) != "hand_over":
            take_turn(page, phase)
        settle(page, 600)
        assert_foot_clean(page)
        page.click("#review-button")
        page.wait_for_selector("#review-every", timeout=60_000)
        page.click("#review-every")
        page.wait_for_selector("#review-panel .review-table tr.trick-start", timeout=60_000)
        settle(page, 300)
        page.evaluate("document.querySelector('#sheet .modal-card').scrollTop = 240")
        foot = page.evaluate(FOOT)
        assert foot["scrolls"], foot                # the review's rows pass under the buttons
        assert_foot_clean(page)


def with_hole(route: Route) -> None:
    """The new table's request with a seed and a hole of -300: 10NT failed in the second hand
    ends the game, whatever the first brought (a defender's tricks are 100 at most)."""
    if route.request.method != "POST":
        route.continue_()
        return
    body = json.loads(route.request.post_data or "{}")
    toggles = {**(body.get("toggles") or {}), "hole": -300}
    route.continue_(post_data=json.dumps({**body, "seed": SEED, "toggles": toggles}))


def practice_turn(page: Page) -> str:
    """As ``wait_turn``, a practice table's sheet or end (PLAY IT AGAIN, no NEXT nor NEW GAME)
    counting too."""
    page.wait_for_function(f"({TURN})() || !!document.querySelector("
                           f"'.modal:not([hidden]) #play-again-button')", timeout=60_000)
    return str(page.evaluate("document.body.dataset.phase"))


def discard(page: Page, cards: list[ElementHandle]) -> None:
    """Discard ``cards`` (of your hand, the kitty taken up) and wait for the play."""
    for el in cards:
        el.click()
    page.click("#discard-button")
    page.wait_for_function("document.body.dataset.phase === 'play'", timeout=60_000)


def declare_ten_nt(page: Page) -> None:
    """At your turn in the auction, bid 10NT, discard the last three cards, wait for the play."""
    bid_ten(page, "NT")
    page.wait_for_selector("#discard-button", state="visible")
    discard(page, page.query_selector_all("#hand .hand-card")[-3:])


def declare_and_fail(page: Page) -> None:
    """Bid 10NT at your first turn, discard the last three cards, play the first playable card
    until the game's end (10NT failed: into the hole)."""
    phase = practice_turn(page)
    while not visible(page, "#bid-panel"):
        take_turn(page, phase)
        phase = practice_turn(page)
    declare_ten_nt(page)
    while (phase := practice_turn(page)) not in ("hand_over", "game_over"):
        take_turn(page, phase)
    assert phase == "game_over", phase
    settle(page, 600)


def test_a_practice_of_hand_2_is_called_hand_2(page: Page, server: str) -> None:
    """PLAY THIS DEAL AGAIN of a game's hand 2 (10NT failed: its end): the practice's score
    box says "Hand 2" (it said "Hand 1" beside the tag "PRACTICE · HAND 2 AGAIN"), and its
    own end (10NT failed again) "The last hand (hand 2)", its contract's row hand 2, that
    row's Review "hand 2" and the review it opens "Hand 2 against double dummy" (the
    practice's saved record numbers its one hand 1, as a game of one hand)."""
    page.route("**/api/tables", with_hole)
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    page.select_option("select#preset", "australian")
    page.select_option("select#strength", "easy")
    page.click("button#play")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    while (phase := wait_turn(page)) != "hand_over":      # hand 1: you pass, the bots play
        take_turn(page, phase)
    click_and_wait(page, "#next-button")
    assert page.evaluate("window.fivehundred.app.state.view.hand_number") == 1
    assert "Hand 2 ·" in page.inner_text("#scores .plaque-foot")
    declare_and_fail(page)                                 # hand 2: the game's end
    game_id = page.evaluate("window.fivehundred.app.state.table.id")
    assert "(hand 2)" in page.inner_text("#game-over .modal-card").lower()
    page.click("#practice-button")
    page.wait_for_function(f"window.fivehundred.app.state && "
                           f"window.fivehundred.app.state.table.id !== {game_id!r}")
    wait_turn(page)
    assert page.inner_text("#practice-tag").strip().lower() == "practice · hand 2 again"
    assert page.evaluate("window.fivehundred.app.state.view.hand_number") == 0
    foot = page.inner_text("#scores .plaque-foot")
    assert foot.startswith("Hand 2 ·"), foot
    declare_and_fail(page)                                 # the practice's end
    over = page.inner_text("#game-over .modal-card")
    assert "the last hand (hand 2)" in over.lower(), over
    cells = page.eval_on_selector_all("#game-over .contracts-table tbody tr td:first-child",
                                      "(tds) => tds.map((td) => td.textContent)")
    assert cells == ["2"], cells
    label = page.get_attribute("#game-over .hand-review", "aria-label")
    assert label == "Review hand 2 against double dummy", label
    page.click("#game-over .hand-review")                  # its review, headed hand 2 too
    title = page.locator("#game-over #review-panel h3.section-title")
    title.wait_for(timeout=60_000)
    assert title.inner_text().lower() == "hand 2 against double dummy", title.inner_text()


SPOKEN_PLAYS = """async ([plays, trumps]) => {
  // the announcement of West's and North's cards, played after the state on show, under a
  // contract of ``trumps`` (a letter, or "NT"): what the live region says
  const { announceMoves } = await import('/static/announce.js');
  const s = window.fivehundred.app.state;
  const prev = structuredClone(s);
  prev.view.trick = [];
  prev.view.tricks = [];
  prev.status = '';
  const now = structuredClone(prev);
  now.view.contract = { ...(s.view.contract || {}), strain: trumps, misere: false };
  prev.view.contract = now.view.contract;
  now.view.trick = plays;
  announceMoves(prev, now);
  return document.getElementById('announce').textContent;
}"""
"""JavaScript: what is said of ``plays`` ([seat, card]) after the state on show."""


def test_the_bowers_are_named_for_a_screen_reader(page: Page, server: str) -> None:
    """A jack in your hand is named by its role once the contract has trumps: of trumps' suit
    "the right bower", of the other of its colour "the left bower" (it was "jack of spades"
    with clubs trumps), another card by its suit alone, and in the auction none; a card the
    others play is said so too ("West plays the jack of clubs, the left bower": then "follow
    in trumps" made sense), at no trumps plainly, and the joker as "the joker"."""
    start_game(page, server, "australian")
    wait_turn(page)
    hand = page.eval_on_selector_all("#hand .hand-card", "(cs) => cs.map((c) => c.dataset.card)")
    jacks = [c for c in hand if c.startswith("J") and c != "JK"]
    assert jacks, hand                             # (the seed deals you one)
    suit = jacks[0][-1]
    other = {"S": "C", "C": "S", "D": "H", "H": "D"}
    names = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}

    def label(card: str) -> str | None:
        """The name your hand's ``card`` has for a screen reader."""
        return page.get_attribute(f'#hand .hand-card[data-card="{card}"]', "aria-label")

    assert label(jacks[0]) == f"jack of {names[suit]}"          # no trumps yet
    bid_ten(page, other[suit])                     # the jack is the left bower
    page.wait_for_selector("#discard-button", state="visible")
    hand = page.eval_on_selector_all("#hand .hand-card", "(cs) => cs.map((c) => c.dataset.card)")
    for card in hand:
        words = label(card)
        assert words is not None
        if card == f"J{suit}":
            assert words.startswith(f"jack of {names[suit]}, the left bower"), words
        elif card == f"J{other[suit]}":
            assert words.startswith(f"jack of {names[other[suit]]}, the right bower"), words
        else:
            assert "bower" not in words, (card, words)
    said = page.evaluate(SPOKEN_PLAYS, [[[1, "JC"], [2, "JS"], [3, "JH"]], "S"])
    assert said.startswith("West plays the jack of clubs, the left bower. North plays the "
                           "jack of spades, the right bower. East plays the jack of hearts."), said
    said = page.evaluate(SPOKEN_PLAYS, [[[1, "JD"], [2, "JK"]], "H"])
    assert said.startswith("West plays the jack of diamonds, the left bower. North plays the "
                           "joker."), said
    said = page.evaluate(SPOKEN_PLAYS, [[[1, "JC"]], "NT"])
    assert said.startswith("West plays the jack of clubs."), said
    # the card on the table too: you lead the left bower (three others discarded)
    discard(page, [e for e in page.query_selector_all("#hand .hand-card")
                   if e.get_attribute("data-card") not in (f"J{suit}", f"J{other[suit]}")][:3])
    wait_turn(page)
    page.click(f'#hand .card.playable[data-card="J{suit}"]')
    card = page.wait_for_selector(f'#trick .trick-card[data-card="J{suit}"]')
    assert card is not None
    # (who played it, then the card: "North: ace of hearts")
    assert card.get_attribute("aria-label") == f"You: jack of {names[suit]}, the left bower"
