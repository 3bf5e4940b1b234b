"""The browser table by keyboard and screen reader (a review's findings): the focus goes on
when your turn asks for something else (five-handed, the call after your discard; the auction
again after a take-back from the kitty); the trick's cards say who played them; the bid
panel's live readout is written only when its words change; the sheet's rows read "You,
declarer"; after REVIEW the keyboard goes through the review before the foot's buttons, as
the eye does; the hint's reason and the lobby's rules are said in words; a card chosen out of
turn says why it does nothing; a points field refused is marked so; two games in progress
have CONTINUE buttons of different names."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Page, Route

from browser import SEED, bid_ten, seq, start_game, visible, wait_seq_after, wait_turn

ANNOUNCED = """() => { window.said = []; new MutationObserver(() => window.said.push(
  document.getElementById('announce').textContent)).observe(document.getElementById('announce'),
  {childList: true, characterData: true, subtree: true}); }"""
"""JavaScript: from now on, each sentence the live region says (``window.said``)."""

OUT_OF_TURN = """() => new Promise((done) => {
  const timer = setInterval(() => {
    const s = window.fivehundred.app.state;
    const card = document.querySelector('#hand .hand-card');
    if (!s || s.view.phase !== 'play' || s.view.to_move === s.you || !card) return;
    clearInterval(timer);
    const ann = document.getElementById('announce');
    const enter = () => card.dispatchEvent(
      new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
    enter();
    const first = ann.textContent;
    ann.textContent = '';
    enter();                                  // again, at the same state: not said again
    done({first, again: ann.textContent, name: s.table.seats[s.view.to_move].name});
  }, 2);
  setTimeout(() => { clearInterval(timer); done(null); }, 5000);   // (you won and lead again)
})"""
"""JavaScript: as soon as the play is another seat's turn, Enter on a card of your hand, twice:
what the live region said the first time and the second, and whose turn it is."""


def focus_in(page: Page, selector: str) -> None:
    """Wait until the focus is inside ``selector``."""
    page.wait_for_function("(s) => !!document.activeElement.closest(s)", arg=selector,
                           timeout=15_000)


def test_a_five_handed_hand_by_keyboard(page: Page, server: str) -> None:
    """Five-handed, seed 3, by the keyboard: after DISCARD the focus is on the call (it stayed
    on a card of the hand, which cannot be used then: Enter did nothing); the trick's cards
    say who played them; a card chosen while another plays says whose turn it is, once; the
    sheet's rows read "You, declarer" and "North-East, partner" (not "Youdeclarer"); after
    REVIEW the keyboard goes from the review's toggles to NEXT, in the order they are seen
    (it went from NEXT down to PLAY THIS DEAL AGAIN, then up to the toggles)."""
    start_game(page, server, "five_called", seed=3)
    assert wait_turn(page) == "auction"
    focus_in(page, "#bid-panel")
    page.focus("#bid-button")                        # the lowest bid: 7♦, which wins
    before = seq(page)
    page.keyboard.press("Enter")
    wait_seq_after(page, before)
    assert wait_turn(page) == "kitty", "seed 3: your 7♦ won the auction"
    page.wait_for_function("document.activeElement.matches('#hand .hand-card')")
    for _ in range(3):
        page.keyboard.press("Enter")
        page.keyboard.press("ArrowRight")
    page.wait_for_selector("#discard-button:not([disabled])")
    page.focus("#discard-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#call-panel:not([hidden])")
    focus_in(page, "#call-panel")                   # (on the hand's card, Enter did nothing)
    page.wait_for_timeout(300)                      # (and it stays there)
    assert page.evaluate("!!document.activeElement.closest('#call-panel')")
    before = seq(page)
    page.keyboard.press("Enter")                    # the first card offered
    wait_seq_after(page, before)
    checked_trick = checked_turn = False
    while (phase := wait_turn(page)) != "hand_over":
        assert phase == "play", phase
        if not checked_trick:
            # (the cards read in one step: a finished trick held on show is swept off as the
            # page animates it, between a count of its cards and a later read of them)
            trick = page.evaluate("""() => {
              const s = window.fivehundred.app.state, t = document.getElementById('trick');
              return {role: t.getAttribute('role'), name: t.getAttribute('aria-label'),
                      cards: [...t.querySelectorAll('.trick-card')].map((c) => [
                        c.getAttribute('role'), c.getAttribute('aria-label'),
                        Number(c.dataset.seat) === s.you ? 'You'
                          : s.table.seats[c.dataset.seat].name,
                        c.querySelector('svg').getAttribute('aria-hidden')])};
            }""")
            assert trick["role"] == "group" and trick["name"] == "Cards on the table", trick
            assert all(role == "img" and label.startswith(f"{who}: ") and hidden == "true"
                       for role, label, who, hidden in trick["cards"]), trick
            checked_trick = bool(trick["cards"])
        focus_in(page, "#hand .hand-card.playable, #joker-panel")
        card = page.evaluate("document.activeElement.dataset.card")
        before = seq(page)
        page.keyboard.press("Enter")
        if card == "JK" and visible(page, "#joker-panel"):
            focus_in(page, "#joker-panel")
            page.keyboard.press("Enter")
        if not checked_turn and page.locator("#hand .hand-card").count() > 1:
            told = page.evaluate(OUT_OF_TURN)
            if told is not None:
                assert told["first"] == f"It is {told['name']}'s turn", told
                assert told["again"] == "", told
                checked_turn = True
        wait_seq_after(page, before)
    assert checked_trick and checked_turn
    page.wait_for_selector("#sheet .sheet-table")
    names = page.eval_on_selector_all("#sheet .sheet-table tbody td:first-child",
                                      "els => els.map((e) => e.textContent)")
    assert "You, declarer" in names and "North-East, partner" in names, names
    assert not any(re.search(r"\S(declarer|partner)$", n) for n in names), names
    page.focus("#review-button")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('announce').textContent"
                           ".includes('review against double dummy is shown')", timeout=60_000)
    page.wait_for_function("document.activeElement.id === 'review-title'")  # read from its top
    order = []
    for _ in range(3):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.id"))
    assert order == ["review-mine", "review-every", "next-button"], order


def test_the_focus_follows_a_take_back_and_the_readout_speaks_once(page: Page,
                                                                    server: str) -> None:
    """The bid readout (a live region) was written again at every state, its words the same:
    a pause and a resume said "6 spades 40 points" again; it is written when they change.
    Declaring, a fourth card chosen for the kitty's three says "choose one of them to put it
    back" (not "click", to a keyboard's user); Ctrl+Z back to the auction left the focus on a
    card of the hand (which cannot be used there) while the bid panel asked for a bid: it goes
    to the panel."""
    start_game(page, server, "australian", seed=SEED)
    assert wait_turn(page) == "auction"
    focus_in(page, "#bid-panel")
    page.evaluate("""() => { window.readout = 0; new MutationObserver(() => window.readout++)
      .observe(document.querySelector('.bid-readout'),
               {childList: true, characterData: true, subtree: true}); }""")
    words = page.inner_text(".bid-readout")
    page.focus("#menu-button")
    page.keyboard.press("Enter")
    page.focus("#pause-button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#pause-overlay:not([hidden])")
    page.wait_for_function("document.activeElement.id === 'resume-button'")
    page.keyboard.press("Enter")                     # RESUME
    page.wait_for_selector("#pause-overlay", state="hidden")
    focus_in(page, "#bid-panel")
    page.wait_for_timeout(300)
    assert page.evaluate("window.readout") == 0, "the readout was written again"
    assert page.inner_text(".bid-readout") == words
    focus_in(page, "#bid-panel")
    page.keyboard.press("ArrowUp")                   # a bid a trick higher: said
    page.wait_for_function("window.readout > 0")
    assert page.inner_text(".bid-readout") != words
    before = seq(page)
    bid_ten(page, "NT")
    wait_seq_after(page, before)
    assert wait_turn(page) == "kitty"
    page.wait_for_function("document.activeElement.matches('#hand .hand-card')")
    for _ in range(4):                               # one more than the kitty's 3
        page.keyboard.press("Enter")
        page.keyboard.press("ArrowRight")
    # (it said "click one", to a keyboard's user too)
    page.wait_for_selector("#toasts .toast:has-text('You have chosen 3 already: choose one of"
                           " them to put it back first')")
    page.keyboard.press("Control+z")
    page.wait_for_selector("#bid-panel:not([hidden])")
    focus_in(page, "#bid-panel")


def test_the_hint_reason_is_said_in_words(page: Page, server: str) -> None:
    """The hint's reason reached a screen reader as symbols ("Pass 6♦ fails on most imagined
    deals" read "6 fails"): its bids (in the auction) and cards (in the play) are named in
    words, their symbols still shown."""
    start_game(page, server, "australian", seed=SEED)
    assert wait_turn(page) == "auction"
    said = page.evaluate("""async () => {
      const { views } = await import('/static/app.js');
      const out = [];
      for (const [action, reason, phase] of [
        ['pass', '6♦ fails on most imagined deals; 7♣ makes', 'auction'],
        ['KS', 'wins the trick over the Q♠', 'play']]) {
        views.hint.show({ action, reason, candidates: [] }, phase);
        const r = document.querySelector('#hint .hint-reason');
        out.push([r.textContent,
                  [...r.querySelectorAll('[role=img]')].map((e) => e.getAttribute('aria-label'))]);
      }
      views.hint.hide();
      return out;
    }""")
    assert said == [["6♦ fails on most imagined deals; 7♣ makes", ["6 diamonds", "7 clubs"]],
                    ["wins the trick over the Q♠", ["queen of spades"]]], said


def ax_name(page: Page, selector: str) -> str:
    """The name Chromium gives ``selector``'s element in its accessibility tree (what a
    screen reader is told), CSS generated content and all."""
    cdp = page.context.new_cdp_session(page)
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    tree = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})
    return str(tree["nodes"][0].get("name", {}).get("value", ""))


def test_the_lobby_says_its_rules_in_words_and_marks_a_refused_field(page: Page,
                                                                     server: str) -> None:
    """The house rules' heading read "House rules ▾"; their choices "Above 8♠", "Above 10♦"
    and their descriptions reached a screen reader as symbols: they are in words (a bid's),
    the symbols still shown. A points field refused got no aria-invalid, nor was it
    described by the error: now both, while the error stands, and cleared once it is put
    right."""
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    page.select_option("select#preset", "australian")
    assert ax_name(page, "#house-rules summary") == "House rules"
    page.click("#house-rules summary")
    options = page.eval_on_selector_all(
        "#opt-misere_rank option, #opt-open_misere_rank option, #opt-slam option",
        "els => els.map((e) => [e.textContent, e.getAttribute('aria-label')])")
    assert ["Above 8♠", "Above 8 spades"] in options, options
    assert ["Above 10♦", "Above 10 diamonds"] in options, options
    assert ["Above 10NT", "Above 10 no trumps"] in options, options
    assert ["Twice the bid, from 8♣ up", "Twice the bid, from 8 clubs up"] in options, options
    assert ["Above 7-bids", None] in options, options         # (no symbol: its text says it)
    described = page.evaluate("document.getElementById('opt-misere_rank-text').textContent")
    assert "between 8 spades and 8 clubs" in described and "♠" not in described, described
    field = "#opt-misere_value"
    page.fill(field, "35")
    page.click("button#play")
    page.wait_for_selector("#lobby-error:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "opt-misere_value"
    assert page.get_attribute(field, "aria-invalid") == "true"
    assert page.get_attribute(field, "aria-describedby") == "lobby-error opt-misere_value-text"
    page.fill(field, "25")                          # still not a number of tens
    assert page.get_attribute(field, "aria-invalid") == "true"
    page.fill(field, "250")
    assert page.get_attribute(field, "aria-invalid") is None
    assert page.get_attribute(field, "aria-describedby") == "opt-misere_value-text"
    assert page.is_hidden("#lobby-error")


def test_games_in_progress_have_continue_buttons_of_their_own(page: Page, server: str) -> None:
    """Two games alike (the same rules, hand and scores) last played the same minute had
    CONTINUE buttons of one name: a screen reader's list of buttons could not tell them
    apart. Their moments are told to the second, and where even that is the same, by their
    place; the line the eye reads says the same."""
    now = int(time.time()) // 60 * 60 + 7
    made = []
    for _ in range(4):
        r = page.request.post(server + "api/tables", data={
            "preset": "classic3", "strength": "easy", "seed": SEED})
        assert r.ok, r.text()
        made.append(r.json()["table"])

    def alike(route: Route) -> None:
        """The lobby's answer, its games in progress all alike and last played within one
        minute: two of them at one second."""
        body = route.fetch().json()
        games = body["in_play"]
        assert len(games) >= 3, games
        for i, g in enumerate(games):               # (the 2nd and 3rd at one second)
            g["updated"] = now + (0 if i == 0 else 20 if i < 3 else 20 + i)
            g["summary_parts"] = ["Classic 3-handed", "hand 1", "You 0", "West 0", "East 0"]
        route.fulfill(json=body)

    page.route("**/api/lobby*", alike)
    page.goto(server)
    page.wait_for_selector("#in-play-list li button")
    page.wait_for_function("document.getElementById('lobby').dataset.loaded === 'true'")
    lines = page.eval_on_selector_all("#in-play-list li", """els => els.map((e) =>
        [e.querySelector('button').getAttribute('aria-label'),
         e.querySelector('.finished-head').textContent])""")
    labels = [label for label, _ in lines]
    assert len(lines) >= 3 and len(set(labels)) == len(labels), json.dumps(lines, indent=1)
    for label, head in lines:                       # (what tells them apart is seen too)
        when = re.search(r"last played (.*?): ", label)
        assert when and when.group(1) in head, (label, head)
    assert sum("(1 of 2)" in label or "(2 of 2)" in label for label in labels) == 2, labels
