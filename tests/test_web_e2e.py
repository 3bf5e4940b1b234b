"""End to end in a real browser at 1280x800: Playwright drives Debian's Chromium against a
live server. A game played by clicking (the auction, the kitty, the play, an illegal card, the
sheet, its review, a reload, Back and CONTINUE), every table size, the menu, the hint and the
rules, a double click, the hand in the order shown, the declarer's review.

The lobby is in test_web_lobby.py, friends' tables in test_web_friends_browser.py, the phone
layouts in test_web_phone.py; the fixtures in conftest.py, the helpers in
browser.py and layout_probes.py. Screenshots of each phase go to ``$FIVEHUNDRED_SCREENSHOTS``
(``make screenshots``), else to the test's temporary folder.
"""

from __future__ import annotations

import json
import re
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from playwright.sync_api import Page

from browser import (
    DESKTOP,
    bid_ten,
    caught_up,
    click_and_wait,
    phone_page,
    play_first_playable,
    seq,
    settle,
    snap,
    start_game,
    viewport_page,
    visible,
    wait_seq_after,
    wait_turn,
)
from layout_probes import LAYOUT_PROBLEMS, hint_clear_of_the_bid_panel, small_taps

MID_SENTENCE_YOU = re.compile(r"(?:[a-z,] |\()You\b")
"""A capital "You" after a word, a comma or a bracket: mid-sentence it is "you"."""


def play_to_a_played_hands_sheet(page: Page) -> None:
    """Pass and play the first playable card until the sheet of a hand that was played
    (one with a REVIEW: a hand thrown in is dealt again by NEXT)."""
    while True:
        wait_turn(page)
        if visible(page, "#bid-panel"):
            click_and_wait(page, "#pass-button")
        elif visible(page, "#next-button"):
            if visible(page, "#review-button"):
                return
            click_and_wait(page, "#next-button")       # thrown in: the next deal
        else:
            play_first_playable(page)


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
                click_and_wait(page, "#pass-button")
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
    click_and_wait(page, "#next-button")
    assert page.evaluate("document.body.dataset.phase") == "auction"


SENT_REVIEWS = """(() => {
  window.sentReviews = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { const m = JSON.parse(data); if (m.type === 'review') window.sentReviews.push(m); }
    catch (e) { /* not ours */ }
    return send.call(this, data);
  };
})();"""
"""JavaScript run before the page: every ``review`` message it sends kept in
``window.sentReviews``."""

OVERFLOW = """() => {
  const out = [];
  const W = document.documentElement.clientWidth;
  for (const sel of ['#sheet .modal-card', '#review-panel', '#review-panel .review-every']) {
    const e = document.querySelector(sel);
    const r = e.getBoundingClientRect();
    if (e.scrollWidth > e.clientWidth + 1)
      out.push(`${sel} scrolls sideways: ${e.scrollWidth} > ${e.clientWidth}`);
    if (r.left < -0.5 || r.right > W + 0.5)
      out.push(`${sel} leaves the screen: ${r.left}..${r.right} of ${W}`);
  }
  const card = document.querySelector('#sheet .modal-card').getBoundingClientRect();
  document.querySelectorAll('#review-panel :is(td, th, button, p)')
    .forEach((e) => {
      const r = e.getBoundingClientRect();
      if (r.right > card.right + 0.5 || r.left < card.left - 0.5)
        out.push(`${e.tagName} "${e.textContent.slice(0, 30)}" leaves the sheet`);
    });
  return out;
}"""
"""JavaScript: what of the sheet and its review is wider than the sheet, or leaves the screen."""


def _page_of_size(size: str) -> AbstractContextManager[Page]:
    """A page on a phone held upright (390x844, touch), on its side ("sideways"), or at
    1280x800."""
    if size in ("phone", "sideways"):
        return phone_page("upright" if size == "phone" else "sideways")
    return viewport_page(DESKTOP)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_review_of_every_card_trick_by_trick(server: str, shots: Path, size: str) -> None:
    """The end-of-hand review, switched to every card: asked for once, then a row per card
    (40 at four players), trick by trick, each seat by its name, every card marked best or
    what it gave away, each seat's sum, the sums the costs in the rows; back to your cards
    and again without asking twice; nothing wider than the sheet, on a phone or at 1280x800."""
    with _page_of_size(size) as page:
        page.add_init_script(SENT_REVIEWS)
        start_game(page, server, "australian")
        play_to_a_played_hands_sheet(page)
        names = page.eval_on_selector_all(".seat .name", "es => es.map((e) => e.textContent)")
        assert len(names) == 4 and names[0] == "You", names
        page.click("#review-button")
        page.wait_for_selector("#review-panel .review-table", timeout=60_000)
        mine = page.locator("#review-panel tbody tr").count()
        assert 1 <= mine <= 10 and page.get_attribute("#review-mine", "aria-pressed") == "true"
        page.click("#review-every")
        page.wait_for_selector("#review-panel .review-every", timeout=60_000)
        assert page.get_attribute("#review-every", "aria-pressed") == "true"
        rows = page.locator("#review-panel .review-every tbody tr")
        assert rows.count() == 40
        marked = "#review-panel .review-every tbody :is(.review-best, .review-cost)"
        assert page.locator(marked).count() == 40         # every card solved, and marked
        cells = page.eval_on_selector_all(
            "#review-panel .review-every tbody tr",
            "rs => rs.map((r) => [...r.cells].map((c) => c.textContent))")
        assert [c[0] for c in cells if c[0]] == [str(t) for t in range(1, 11)]  # each trick once
        assert [c[1] for c in cells].count("You") == 10
        for name in names:
            assert [c[1] for c in cells].count(name) == 10, (name, cells)
        gave = [int(m.group(1)) for c in cells if (m := re.search(r"gave (\d+)", c[3]))]
        assert len(gave) == page.locator("#review-panel .review-every tr.costly").count()
        sums = page.eval_on_selector_all("#review-panel .review-given",
                                         "es => es.map((e) => e.textContent)")
        assert [x.rsplit(" ", 1)[0] for x in sums] == names       # from you round the table
        assert sum(int(x.rsplit(" ", 1)[1]) for x in sums) == sum(gave)
        assert "Tricks given away: " in page.inner_text("#review-panel .review-sum")
        assert not page.evaluate(OVERFLOW)
        if size == "phone":
            assert not small_taps(page)
        snap(page, shots / f"review-every-{size}.jpg")
        page.click("#review-mine")                          # back to yours, and again
        page.wait_for_selector("#review-panel .review-every", state="detached")
        assert page.locator("#review-panel tbody tr").count() == mine
        page.click("#review-every")
        assert page.locator("#review-panel .review-every tbody tr").count() == 40
        assert page.evaluate("window.sentReviews") == [{"type": "review"},
                                                       {"type": "review", "every_seat": True}]


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
            bid_ten(page, "NT", wait=True)
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
            click_and_wait(page, "#discard-button")
            page.wait_for_function("document.body.dataset.phase === 'play'")
            continue
        if visible(page, "#next-button") or visible(page, "#new-game-button"):
            break   # the sheet (10NT failed by more than 500 ends the game at once)
        assert phase == "play"
        hand = page.query_selector_all("#hand .card")
        unplayable = [c for c in hand if "playable" not in (c.get_attribute("class") or "")]
        if not saw_illegal and unplayable:
            unplayable[0].click(force=True)     # (aria-disabled: Playwright would wait)
            page.wait_for_selector("#status.error")
            reason = page.inner_text("#status").strip()
            assert reason and reason[0].isupper(), reason     # a sentence, as every status
            # the engine's card tokens are shown as a player reads them: K♠, not KS
            assert not re.search(r"\b(10|11|12|13|[2-9AKQJ])[SCDH]\b", reason), reason
            snap(page, shots / "illegal.jpg")
            # another refusal (not of a card) shakes no card: it shook the card tried before
            page.wait_for_function("!document.querySelector('#hand .shake')")
            page.evaluate("""() => {
              window.shook = [];
              new MutationObserver((ms) => ms.forEach((m) => {
                if (m.target.classList.contains('shake')) window.shook.push(m.target.dataset.card);
              })).observe(document.getElementById('hand'),
                          {subtree: true, attributes: true, attributeFilter: ['class']});
              window.fivehundred.send({type: 'seat_to_bot', seat: 1});
            }""")
            page.wait_for_function("(r) => document.getElementById('status').innerText.trim()"
                                   " !== r", arg=reason)
            page.wait_for_timeout(300)
            assert page.evaluate("window.shook") == [], page.inner_text("#status")
            saw_illegal = True
        if not reloaded and len(hand) <= 7:
            held = sorted(c.get_attribute("data-card") or "" for c in hand)
            snap(page, shots / "play.jpg")
            page.reload()            # the same table again (it showed the lobby), same cards
            same_hand = (f"document.querySelectorAll('#hand .card').length === {len(held)}"
                         " && !!window.fivehundred.app.state")
            page.wait_for_function(same_hand)
            assert page.url == server and held == sorted(
                c.get_attribute("data-card") or "" for c in page.query_selector_all("#hand .card"))
            page.go_back()           # the lobby, where CONTINUE names the game
            page.wait_for_selector("button#continue")
            # the saved game's line names each side beside its score, all of it in sight
            summary = page.inner_text("#continue-summary")
            assert "You & North 0" in summary and "West & East 0" in summary, summary
            assert page.evaluate("(() => { const e = document.getElementById('continue-summary');"
                                 " return e.scrollWidth <= e.clientWidth + 1; })()"), summary
            page.click("button#continue")
            page.wait_for_selector("#hand .card")
            page.wait_for_function(same_hand)
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


def test_a_double_click_on_a_card_plays_it_once_and_says_nothing(page: Page,
                                                                  server: str) -> None:
    """Many people double-click: the second click of a card already sent waits for the next
    state (as the BID button does), so no second play reaches the server and no "it is
    West's turn" warning shows; after that, a card is played as ever."""
    sent: list[str] = []
    got: list[str] = []
    page.on("websocket", lambda ws: (ws.on("framesent", lambda f: sent.append(str(f))),
                                     ws.on("framereceived", lambda f: got.append(str(f)))))
    start_game(page, server, "australian")
    doubled = 0
    while doubled < 2:
        wait_turn(page)
        if visible(page, "#bid-panel"):
            click_and_wait(page, "#pass-button")
        elif visible(page, "#next-button"):
            click_and_wait(page, "#next-button")       # thrown in: the next deal
        elif page.locator("#hand .card.playable").count() > 1:
            card = page.get_attribute("#hand .card.playable >> nth=0", "data-card")
            if card == "JK":
                play_first_playable(page)
                continue
            before, n_sent = seq(page), len(sent)
            page.dblclick(f'#hand .card.playable[data-card="{card}"]')
            wait_seq_after(page, before)
            caught_up(page)                           # (a second play's answer is in)
            acts = [json.loads(f) for f in sent[n_sent:]]
            assert [a for a in acts if a.get("type") == "act"] == [
                {"type": "act", "action": card}], acts
            doubled += 1
        else:
            play_first_playable(page)
    errors = [json.loads(f) for f in got if '"error"' in f]
    assert not [e for e in errors if e.get("type") == "error"], errors
    assert "turn, not yours" not in page.inner_text("#toasts")


def test_tab_goes_along_the_hand_in_the_order_shown_after_a_drag(page: Page,
                                                                   server: str) -> None:
    start_game(page, server, "australian")
    wait_turn(page)
    settle(page, 600)                               # the deal's cards have come in
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
    settle(page, 400)                               # slid to their new places
    after = page.evaluate(shown)
    assert after != before and sorted(after) == sorted(before)
    page.focus(f'#hand .hand-card[data-card="{after[0]}"]')
    walked = [after[0]]
    for _ in after[1:]:
        page.keyboard.press("ArrowRight")
        walked.append(page.evaluate("document.activeElement.dataset.card"))
    assert walked == after                          # the arrows go along the hand as it shows
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.dataset.card") == after[0]


def test_the_discard_line_reads_as_the_analysis_writes_it(page: Page, server: str) -> None:
    """The review's line on your discard, built by the page from the message, says what
    ``DiscardVerdict.text`` says in every case (cards as the page shows them)."""
    from fivehundred.cards import SUIT_SYMBOLS
    from fivehundred.solver.analysis import DiscardVerdict

    cases = [DiscardVerdict(False, ("4C", "10D", "6H"), ("AC", "7C", "JK"), 6, 8, True),
             DiscardVerdict(False, ("4C", "5C", "6H"), ("4C", "5C", "6H"), 7, 7, True),
             DiscardVerdict(False, ("4C", "5C", "6H"), ("4C", "5C", "6H"), 7, 7, False),
             DiscardVerdict(False, ("4C", "5C", "6H"), ("AS", "5C", "6H"), 7, 9, False),
             DiscardVerdict(True, ("AS", "KS", "QH"), ("AS", "KS", "QH"), 0, 0, True),
             DiscardVerdict(True, ("AS", "KS", "QH"), ("AS", "KH", "QH"), 2, 0, True),
             DiscardVerdict(True, ("AS", "KS", "QH"), ("AS", "KS", "QH"), 1, 1, True),
             DiscardVerdict(True, ("AS", "KS", "QH"), ("AS", "KS", "QH"), 1, 1, False),
             DiscardVerdict(False, ("4C", "5C", "6H"), (), None, 7, False)]
    page.goto(server)
    shown = page.evaluate("""async (cases) => {
      const {discardLine} = await import('/static/review.js');
      return cases.map((d) => {
        const p = document.createElement('p');
        p.append(...discardLine(d));
        return p.textContent;
      });
    }""", [c.to_dict() for c in cases])

    def card(tok: str) -> str:
        return "Joker" if tok == "JK" else tok[:-1] + SUIT_SYMBOLS["SCDH".index(tok[-1])]

    assert shown == [c.text("Your", card) for c in cases]


def test_a_discard_hint_lists_the_discards_with_their_tricks(page: Page, server: str) -> None:
    """The hint on a discard showed one row, its first card, "0.0" and the discard in small
    print; it now lists the best discards, each by its cards, with the tricks its hand took
    on the imagined deals, the advised one marked."""
    from fivehundred import Game, Rules
    from fivehundred.web.botpool import advise

    g = Game(Rules.preset("australian"), seed=5)
    g.apply("8S")
    while g.phase == "auction":
        g.apply("pass")
    assert g.phase == "kitty"
    v = g.view(g.to_move or 0)
    msg = advise(v, 1)
    cands = msg["candidates"]
    assert len(cands) >= 2 and all(c["note"].startswith("discard ") for c in cands), cands
    assert cands[0]["note"] == "discard " + " ".join(msg["cards"])
    assert [c["value"] for c in cands] == sorted((c["value"] for c in cands), reverse=True)
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    shown = page.evaluate("""async (msg) => {
      const {HintView} = await import('/static/hint.js');
      new HintView().show(msg, 'kitty');
      const rows = [...document.querySelectorAll('#hint .hint-table tbody tr')];
      const head = [...document.querySelectorAll('#hint .hint-table th')];
      return {head: head.map((x) => x.textContent),
              rows: rows.map((r) => [...r.cells].map((c) => c.textContent)),
              best: rows.map((r) => r.classList.contains('best'))};
    }""", msg)
    assert shown["head"] == ["Discard", "Tricks"], shown

    def card(tok: str) -> str:
        return "Joker" if tok == "JK" else tok[:-1] + "♠♣♦♥"["SCDH".index(tok[-1])]

    assert [r[0] for r in shown["rows"]] == [
        " ".join(card(t) for t in c["note"].split()[1:]) for c in cands[:8]], shown
    assert all(abs(float(r[1]) - c["value"]) <= 0.05 + 1e-9    # (one decimal, either way)
               for r, c in zip(shown["rows"], cands, strict=False)), shown
    assert shown["best"] == [True] + [False] * (len(shown["rows"]) - 1)


@pytest.mark.parametrize("size", ["phone", "sideways", "desktop"])
def test_the_declarers_review_sets_his_discard_beside_the_best(server: str, shots: Path,
                                                               size: str) -> None:
    """You bid 10NT, put out the last cards and play (here 10NT fails, by more than 500: the
    game is over, and its end offers the last hand's review, as the hand's sheet does): the
    review's line under its head sets the discard you made beside the best one, the cards
    drawn as cards; nothing wider than the dialog, on a phone or at 1280x800."""
    with _page_of_size(size) as page:
        start_game(page, server, "australian")
        put_out: list[str] = []
        while True:
            wait_turn(page)
            if visible(page, "#bid-panel"):
                bid_ten(page, "NT", wait=True)
            elif visible(page, "#discard-button"):
                cards = page.query_selector_all("#hand .card")
                for c in cards[10 - len(cards):]:
                    put_out.append(c.get_attribute("data-card") or "")
                    c.click()
                click_and_wait(page, "#discard-button")
            elif visible(page, "#review-button"):
                break
            else:
                play_first_playable(page)
        assert len(put_out) == 3
        assert visible(page, "#game-over #review-button"), "the game's end offers it"
        # the focus on NEW GAME (it went to the small review button of the first row)
        page.wait_for_function("document.activeElement.id === 'new-game-button'")
        record = page.get_attribute("#game-over #game-record", "href") or ""
        assert record.startswith("/api/record?table=") and "token=" in record
        # the buttons at the foot of the game's end leave most of the screen to the dialog
        foot = page.locator("#game-over .sheet-actions").bounding_box()
        assert foot is not None and foot["height"] < page.viewport_size["height"] / 3, foot
        page.click("#review-button")
        line = page.wait_for_selector("#review-panel .review-discard", timeout=60_000)
        # the REVIEW button gone quiet while it solved: the keyboard stayed off NEW GAME
        assert page.evaluate("document.activeElement.id") != "new-game-button"
        assert line is not None
        text = line.inner_text()
        assert text.startswith("Your discard (") and "double dummy" in text, text
        shown = line.eval_on_selector_all(".card-word", "es => es.map((e) => e.textContent)")
        symbols = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
        mine = ["Joker" if t == "JK" else t[:-1] + symbols[t[-1]] for t in put_out]
        assert sorted(shown[:3]) == sorted(mine), (shown, put_out)
        assert not page.evaluate(REVIEW_FITS)
        snap(page, shots / f"review-discard-{size}.jpg")


REVIEW_FITS = """() => {
  const out = [];
  const W = document.documentElement.clientWidth;
  const panel = document.querySelector('#review-panel');
  for (const e of [panel.closest('.modal-card'), panel, panel.querySelector('.review-discard')]) {
    const r = e.getBoundingClientRect();
    if (e.scrollWidth > e.clientWidth + 1) out.push(`${e.className} scrolls sideways`);
    if (r.left < -0.5 || r.right > W + 0.5) out.push(`${e.className} leaves the screen`);
  }
  return out;
}"""
"""JavaScript: what of the review's dialog (the hand's sheet or the game's end), its panel and
the line on your discard is wider than it should be, or leaves the screen."""


SOCKET = """(() => {
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) { window.sock = this; return send.call(this, data); };
})()"""


def test_the_sheet_stays_as_it_is_when_a_state_comes(page: Page, server: str) -> None:
    """With friends a state comes whenever one joins, leaves, presses NEXT or the speed
    changes; each rebuilt the end-of-hand sheet (the trick's animation restarts on every
    state), wiping a review being read and the "waiting" note of a NEXT pressed.  Here the
    speed changes while the sheet's review is open: it stays."""
    page.add_init_script(SOCKET)
    start_game(page, server, "australian")
    play_to_a_played_hands_sheet(page)
    page.click("#review-button")
    page.wait_for_selector("#review-panel .review-table", timeout=60_000)
    page.evaluate("() => { window.reviewTable = "
                  "document.querySelector('#review-panel .review-table'); }")
    for speed in ("fast", "normal"):   # (the state it brings keeps its seq: the menu shows it)
        page.evaluate("(speed) => window.sock.send(JSON.stringify({type: 'speed', speed}))",
                      speed)
        page.wait_for_function(f"() => document.querySelector('.speed-choice[data-speed={speed}]')"
                               ".getAttribute('aria-checked') === 'true'")
        settle(page)
        assert page.evaluate("() => document.querySelector('#review-panel .review-table') "
                             "=== window.reviewTable && !document.getElementById('sheet').hidden")


def test_a_misere_stopped_at_its_first_trick_offers_no_review(page: Page, server: str) -> None:
    """Six-handed as in Australia, a misère's play stops at the declarer's first trick: its
    sheet offers no review (one would show cards nobody saw), and NEXT HAND goes on."""
    start_game(page, server, "six_pairs", "easy", 11)
    bid = False
    while True:
        wait_turn(page)
        if visible(page, "#next-button"):
            break
        before = seq(page)
        if visible(page, "#bid-panel"):
            bid = visible(page, "#misere-button")
            page.click("#misere-button" if bid else "#pass-button")
            if bid:
                page.click("#confirm-yes")        # (a misère asks first)
        elif visible(page, "#discard-button"):
            for _ in range(3):
                page.click('#hand .card:not(.selected):not([data-card="JK"]) >> nth=0')
            page.click("#discard-button")
        elif visible(page, '#hand .card.playable[data-card="JK"]'):
            page.click('#hand .card.playable[data-card="JK"]')    # the joker wins its trick
        else:
            page.click("#hand .card.playable >> nth=-1")
        wait_seq_after(page, before)
    sheet = page.inner_text("#sheet")
    assert bid and "You bid misère and took 1 trick: failed" in sheet, sheet
    assert not visible(page, "#review-button")
    click_and_wait(page, "#next-button")
    assert page.evaluate("document.body.dataset.phase") == "auction"
