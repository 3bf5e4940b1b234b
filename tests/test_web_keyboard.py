"""A hand played by keyboard alone keeps its place (focus.js): at each of your turns the
focus is on what the turn asks for (the bid panel, a playable card), never left on the page
itself after a bid or a card; a dialog keeps Tab inside it and gives the focus back when it
closes; your cards tell assistive technology which may be played."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from browser import bid_ten, seq, start_game, visible, wait_seq_after, wait_turn

ACTIVE = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return "body";
  if (a.closest('#bid-panel')) return "bid-panel";
  if (a.closest('#sheet')) return "sheet";
  if (a.closest('#rules')) return "rules";
  if (a.matches('#hand .card.playable')) return "playable card";
  return a.id || a.className;
}"""


def focus_on(page: Page, where: str) -> None:
    page.wait_for_function(f"(w) => ({ACTIVE})() === w", arg=where, timeout=15_000)


def from_the_menu(page: Page, item: str) -> None:
    """Open the menu and choose ``item`` in it, by the keyboard."""
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    page.focus(item)
    page.keyboard.press("Enter")


def test_a_hand_by_keyboard_keeps_the_focus_on_the_turn(page: Page, server: str) -> None:
    start_game(page, server, "australian")
    dialog_checked = False
    cards_played = 0
    while True:
        wait_turn(page)
        if visible(page, "#sheet"):
            focus_on(page, "sheet")                    # NEXT, the hand over
            # the sheet's lines are its description: read out with it, not only its title
            told = page.evaluate("(() => { const d = document.getElementById("
                                 "document.getElementById('sheet').getAttribute("
                                 "'aria-describedby')); return d ? d.textContent : ''; })()")
            assert "trick" in told, told
            page.focus("#review-button")              # the review: said when it comes
            page.keyboard.press("Enter")
            page.wait_for_function("document.getElementById('announce').textContent"
                                   ".includes('review against double dummy is shown')")
            focus_on(page, "sheet")                    # its button gone quiet: still inside
            break
        if visible(page, "#bid-panel"):
            focus_on(page, "bid-panel")
            # quiet as the panel opens (the status line says the bid to beat; BID its own)
            assert page.get_attribute(".bid-readout", "aria-live") == "off"
            if page.evaluate("window.fivehundred.app.state.view.auction.length"):
                # the bid before yours, then your turn (the status line is not live: said here)
                assert re.search(r"(passes|bids [^.]+)\. Your bid: ", page.inner_text("#announce"))
            page.keyboard.press("Shift+Tab")           # from BID to PASS
            assert page.evaluate("document.activeElement.id") == "pass-button"
            before = seq(page)
            page.keyboard.press("Enter")
            wait_seq_after(page, before)               # the pass taken: the panel was only dimmed
            continue
        focus_on(page, "playable card")
        marks = page.eval_on_selector_all("#hand .hand-card", """els => els.map((e) =>
            [e.classList.contains('playable'), e.getAttribute('aria-disabled')])""")
        assert all(d == ("false" if p else "true") for p, d in marks), marks
        if not dialog_checked:                         # the rules: Tab stays in, Escape out
            from_the_menu(page, "#rules-button")
            focus_on(page, "rules")
            for _ in range(40):
                page.keyboard.press("Tab")
                assert page.evaluate(ACTIVE) == "rules"
            page.keyboard.press("Escape")
            focus_on(page, "playable card")            # back to what the turn asks for
            dialog_checked = True
        if cards_played:                               # the others' cards were said
            said = page.inner_text("#announce")
            assert " plays the " in said and page.get_attribute("#announce", "aria-live") \
                == "polite", said
        card = page.evaluate("document.activeElement.dataset.card")
        page.keyboard.press("Enter")
        if card == "JK" and visible(page, "#joker-panel"):
            page.wait_for_function("document.activeElement.closest('#joker-panel')")
            page.keyboard.press("Enter")               # the first suit it may name
        page.wait_for_function("(c) => !document.querySelector("
                               "`#hand .hand-card[data-card=\"${c}\"]`)", arg=card)
        cards_played += 1
    assert dialog_checked and cards_played >= 1
    # the others' hands face down read as a count in the seat's name (after the seat's own
    # name: before it, it read as the seat before's), their backs hidden from a screen reader
    boxes = page.eval_on_selector_all(".seat .seat-cards:not([hidden])", """els => els.map((b) =>
        [b.getAttribute('aria-hidden'), b.closest('.seat').getAttribute('aria-label'),
         b.closest('.seat').getAttribute('role'), b.children.length])""")
    assert len(boxes) == 3 and all(
        hidden == "true" and role == "group" and f", {n} card{'s' * (n != 1)}," in label
        for hidden, label, role, n in boxes), boxes


def test_kitty_cards_say_whether_they_are_chosen(page: Page, server: str) -> None:
    """Declaring (10NT, which nobody can overbid), the kitty's cards are named as such, the
    focus is on your first card, and choosing one by keyboard presses it."""
    start_game(page, server, "australian")
    while not visible(page, "#kitty-panel"):
        wait_turn(page)
        if visible(page, "#bid-panel"):
            before = seq(page)
            bid_ten(page, "NT")
            wait_seq_after(page, before)               # (the panel stays, dimmed, until then)
    page.wait_for_function("document.activeElement.matches('#hand .hand-card')")
    cards = page.eval_on_selector_all("#hand .hand-card", """els => els.map((e) =>
        [e.dataset.card, e.getAttribute('aria-label'), e.getAttribute('aria-pressed'),
         e.getAttribute('aria-disabled')])""")
    assert len(cards) == 13 and all(p == "false" and d == "false" for _, _, p, d in cards)
    kitty = set(page.evaluate("window.fivehundred.app.state.view.kitty"))
    assert {c for c, label, _, _ in cards if label.endswith(", from the kitty")} == kitty
    stacking = """() => [...document.querySelectorAll('#hand .hand-card')].map((e) =>
        [e.dataset.card, getComputedStyle(e).zIndex])"""
    fan = page.evaluate(stacking)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")                  # the keyboard's card keeps its place in
    assert page.evaluate("document.activeElement.matches('#hand .hand-card:focus-visible')")
    assert page.evaluate(stacking) == fan              # the fan: its neighbour's corner shows
    card = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    page.wait_for_function("(c) => document.querySelector(`#hand .hand-card[data-card=\"${c}\"]`)"
                           ".getAttribute('aria-pressed') === 'true'", arg=card)
    # the hand is one stop for Tab: one press leaves it (DISCARD is not thirteen cards away),
    # one back returns to the card it left
    stops = page.eval_on_selector_all("#hand .hand-card", "els => els.map((e) => e.tabIndex)")
    assert sorted(stops) == [-1] * 12 + [0], stops
    page.keyboard.press("Tab")
    assert not page.evaluate("document.activeElement.matches('#hand .hand-card')")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.card") == card


def test_a_dialog_that_opens_behind_the_focus_takes_it(page: Page, server: str) -> None:
    """Pause from the menu left the focus on BID behind "Paused", and Enter bid while the
    table was paused: the focus now goes to RESUME, and Enter resumes, bidding nothing."""
    start_game(page, server, "australian")
    wait_turn(page)
    assert visible(page, "#bid-panel")
    focus_on(page, "bid-panel")
    auction = page.evaluate("window.fivehundred.app.state.view.auction.length")
    from_the_menu(page, "#pause-button")
    page.wait_for_selector("#pause-overlay:not([hidden])")
    page.wait_for_function("document.activeElement.id === 'resume-button'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#pause-overlay", state="hidden")
    assert page.evaluate("window.fivehundred.app.state.view.auction.length") == auction
    focus_on(page, "bid-panel")


def test_new_game_from_the_menu_puts_the_keyboard_on_play(page: Page, server: str) -> None:
    """The lobby puts the keyboard on CONTINUE while a game is in progress, but not after you
    left one for a new game (Enter would take you back to it): there it is on PLAY."""
    start_game(page, server, "australian")
    wait_turn(page)
    page.click("#menu-button")
    page.click("#new-game-menu")
    page.click("#confirm-yes")
    page.wait_for_selector("#lobby button#play")
    page.wait_for_function("document.activeElement.id === 'play'")
    assert page.is_visible("button#continue")       # the game left is still offered


@pytest.mark.parametrize("seed, call, partner", [(3, "call AD", 0), (4, "call AC", 1)])
def test_a_five_handed_call_is_said(page: Page, server: str, seed: int, call: str,
                                    partner: int) -> None:
    """Five-handed, the declarer's call was shown but never said: who called which card, and
    who holds it (RULES.md §9: its holder says so at once): to the holder that he is the
    partner, to the others his name."""
    start_game(page, server, "five_called", seed=seed)
    page.evaluate("""() => { window.said = []; new MutationObserver(() => window.said.push(
        document.getElementById('announce').textContent)).observe(
        document.getElementById('announce'), {childList: true, characterData: true,
                                              subtree: true}); }""")
    while True:
        phase = wait_turn(page)
        if phase != "auction":
            break
        page.click("#pass-button")
        page.wait_for_function("window.fivehundred.app.state.view.auction.some("
                               "([s]) => s === 0) || document.body.dataset.phase !== 'auction'")
    page.wait_for_function("window.fivehundred.app.state.view.call !== null")
    v = page.evaluate("window.fivehundred.app.state.view")
    page.wait_for_function("window.said.some((t) => t.includes('calls the '))")
    said = " ".join(page.evaluate("window.said"))
    # the contract a bot won was never said (the table shows it): it is, with its declarer
    declarer = page.evaluate("window.fivehundred.app.state.table.seats["
                             "window.fivehundred.app.state.view.contract.declarer].name")
    assert re.search(rf"The contract: \S+ \S+( \S+)?, by {re.escape(declarer)}\.", said), said
    # the deal of seed 3: East calls the A♦, which you hold; of seed 4, the A♣ a bot holds
    assert v["call"] == call and v["partner"] == partner, v
    if partner == 0:
        assert "You hold it: you are the partner" in said, said
    else:
        holder = page.evaluate(f"window.fivehundred.app.state.table.seats[{partner}].name")
        assert f"{holder} holds it: the partner" in said, said
        assert "You hold it" not in said, said


SAMPLE_FOCUS = f"""() => {{
  window.focusSeen = [];
  window.focusSampler = setInterval(() => window.focusSeen.push(({ACTIVE})()), 15);
}}"""
"""JavaScript: from now on, where the focus is, every 15 ms (``window.focusSeen``)."""


def test_between_your_turns_the_focus_waits_on_your_hand(page: Page, server: str) -> None:
    """A card played by Enter leaves the hand: the focus goes on to the card beside it (which
    says it cannot be played now), never to the page itself, where the arrows did nothing and
    a screen reader lost its place until your next turn; then on to a playable card."""
    start_game(page, server, "australian")
    while (phase := wait_turn(page)) == "auction":
        focus_on(page, "bid-panel")
        page.keyboard.press("Shift+Tab")               # from BID to PASS
        before = seq(page)
        page.keyboard.press("Enter")
        wait_seq_after(page, before)
        # the bid panel gone, the focus waits on the hand, not on the page
        page.wait_for_function("document.activeElement.matches('#hand .hand-card')"
                               " || !!document.activeElement.closest('#bid-panel')")
    assert phase == "play"
    for _ in range(2):                                 # (not the last card: the sheet comes)
        focus_on(page, "playable card")
        page.evaluate(SAMPLE_FOCUS)
        card = page.evaluate("document.activeElement.dataset.card")
        page.keyboard.press("Enter")
        if card == "JK" and visible(page, "#joker-panel"):
            page.wait_for_function("document.activeElement.closest('#joker-panel')")
            page.keyboard.press("Enter")
        page.wait_for_function("(c) => !document.querySelector("
                               "`#hand .hand-card[data-card=\"${c}\"]`)", arg=card)
        assert page.evaluate("document.activeElement.matches('#hand .hand-card')")
        wait_turn(page)
        focus_on(page, "playable card")                # your turn: on to a card it may play
        seen = page.evaluate("(() => { clearInterval(window.focusSampler);"
                             " return window.focusSeen; })()")
        assert "body" not in seen, seen


def test_tab_from_the_last_control_leaves_the_page(page: Page, server: str) -> None:
    """Tab from the table's last control (Menu) goes on to the browser's own controls: the
    focus was pulled straight back to Menu. Nor is it pulled back while the others play and
    your turn comes (the focus waiting on the hand would be); coming back, the page's first
    control has it."""
    start_game(page, server, "australian")
    while wait_turn(page) == "auction":
        before = seq(page)
        page.click("#pass-button")
        wait_seq_after(page, before)
    focus_on(page, "playable card")
    before = seq(page)
    page.keyboard.press("Enter")
    if visible(page, "#joker-panel"):
        page.keyboard.press("Enter")
    page.focus("#menu-button")
    page.keyboard.press("Tab")
    wait_seq_after(page, before)
    wait_turn(page)                                    # the others played, your turn came
    page.wait_for_timeout(300)                         # (focus.js mends at the next frame)
    assert page.evaluate("[document.activeElement === document.body, document.hasFocus()]") \
        == [True, False]
    page.keyboard.press("Tab")                         # back into the page
    assert page.evaluate("document.hasFocus() && document.activeElement !== document.body")


def test_the_rules_open_at_their_top(page: Page, server: str) -> None:
    """The rules open with the focus on the ✕ by their title, in sight at the top: on CLOSE,
    at their foot out of sight, Space or Enter shut the rules the player meant to read."""
    start_game(page, server, "australian")
    wait_turn(page)
    from_the_menu(page, "#rules-button")
    page.wait_for_selector("#rules .rules-list")
    page.wait_for_function("document.activeElement.matches('#rules .rules-x')")
    page.wait_for_timeout(200)                         # (nothing takes it to CLOSE after)
    where = page.evaluate("""() => {
      const a = document.activeElement, card = document.querySelector('#rules .modal-card');
      const r = a.getBoundingClientRect(), c = card.getBoundingClientRect();
      return {x: a.matches('.rules-x'), top: card.scrollTop,
              inside: r.top >= c.top && r.bottom <= c.bottom};
    }""")
    assert where == {"x": True, "top": 0, "inside": True}, where
    page.keyboard.press("Space")                       # the ✕: it closes, as it says
    page.wait_for_selector("#rules", state="hidden")
