"""What assistive technology reads at the table is words, not symbols: a reader said "black
heart suit" for ♥, or nothing ("the bid is 7"). The live region's sentences, the BID button's
name, the bids by the seats and on the contract's plaque, the end-of-hand lines say the cards
and bids in words (util.js inWords, the one helper); what the eye sees keeps its symbols. The
hint says one short sentence, not its whole panel; the kitty's count is said as it changes;
the bid panel says why a bid chosen may not be made; the tables' columns all have a head;
the lobby's guide button and the sound switch have names that say only what they are."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from browser import bid_ten, click_and_wait, play_first_playable, start_game, wait_turn


def test_one_helper_puts_the_symbols_into_words(page: Page, server: str) -> None:
    """inWords: a card "Q♠" is "queen of spades", a bid (after "bid", "bids", "bid is") "7
    diamonds", "10NT" "10 no trumps", a led joker's "Joker (♥)" names its suit; readable()
    shows the same text, its symbols named in words; the nodes of bids and cards too; say()
    speaks words."""
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    found = page.evaluate("""async () => {
      const u = await import('/static/util.js');
      const { say } = await import('/static/announce.js');
      const texts = [
        'Your bid: choose a bid or pass (the bid is 7♦)',
        'Your turn: follow to the Q♠ if you can',
        'Must follow spades: you hold A♠, 10♠ and 13♠',
        'You & North bid 10NT and took 9 tricks: failed, -520',
        'Discard 5♠, 4♥ & 6♥',
        'Bid 8♣',
        'West led the Joker (♥)',
        'Hearts ♥ are trumps',
      ];
      const label = (n) => n.getAttribute('aria-label');
      const readable = texts.map((t) => {
        const li = u.h('li', null, u.readable(t));
        return { text: li.textContent, named: [...li.querySelectorAll('[role=img]')].map(label) };
      });
      say('Your bid: choose a bid or pass (the bid is 7♦)');
      const shown = (make) => (t) => [make(t).textContent, label(make(t))];
      return {
        words: texts.map(u.inWords),
        readable,
        said: document.getElementById('announce').textContent,
        bids: ['7H', '10NT', 'misere', 'pass'].map(shown(u.bidNode)),
        cards: ['QS', '10H', 'JK:D', 'JK'].map(shown(u.cardNode)),
        suit: label(u.suitSpan('H')),
      };
    }""")
    assert found["words"] == [
        "Your bid: choose a bid or pass (the bid is 7 diamonds)",
        "Your turn: follow to the queen of spades if you can",
        "Must follow spades: you hold ace of spades, 10 of spades and 13 of spades",
        "You & North bid 10 no trumps and took 9 tricks: failed, -520",
        "Discard 5 of spades, 4 of hearts & 6 of hearts",
        "Bid 8 clubs",
        "West led the joker (naming hearts)",
        "Hearts hearts are trumps",
    ], found["words"]
    assert [r["text"] for r in found["readable"]] == [
        "Your bid: choose a bid or pass (the bid is 7♦)",
        "Your turn: follow to the Q♠ if you can",
        "Must follow spades: you hold A♠, 10♠ and 13♠",
        "You & North bid 10NT and took 9 tricks: failed, -520",
        "Discard 5♠, 4♥ & 6♥",
        "Bid 8♣",
        "West led the Joker (♥)",
        "Hearts ♥ are trumps",
    ], found["readable"]
    assert found["readable"][0]["named"] == ["7 diamonds"], found["readable"]
    assert found["readable"][3]["named"] == ["10 no trumps"], found["readable"]
    assert found["said"] == "Your bid: choose a bid or pass (the bid is 7 diamonds)", found
    assert found["bids"] == [["7♥", "7 hearts"], ["10NT", "10 no trumps"],
                             ["Misère", None], ["Pass", None]], found["bids"]
    assert found["cards"] == [["Q♠", "queen of spades"], ["10♥", "10 of hearts"],
                              ["Joker (♦)", "joker (naming diamonds)"], ["Joker", None]]
    assert found["suit"] == "hearts"


def test_the_hint_says_one_sentence_and_its_panel_is_not_live(page: Page, server: str) -> None:
    """The hint panel was one polite live region: a reader heard "Hint✕ Thinking…", then the
    panel whole (its close button, caption, every cell). Now one sentence is said ("Hint: bid
    7 hearts", "Hint: pass"), in words; the panel is a region to read on demand."""
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction"
    assert page.get_attribute("#hint", "aria-live") is None
    assert page.get_attribute("#hint", "aria-label") == "Hint"
    page.click("#quick-hint")
    page.wait_for_selector("#hint .hint-table", timeout=90_000)
    page.wait_for_function("document.getElementById('announce').textContent.startsWith('Hint: ')")
    said = page.inner_text("#announce")
    assert re.fullmatch(r"Hint: (pass|bid \d+ (spades|clubs|diamonds|hearts|no trumps)|misère"
                        r"|open misère)\.?", said), said
    sentences = page.evaluate("""async () => {
      const { hintSentence } = await import('/static/hint.js');
      return [
        hintSentence({ action: 'KS', words: 'Play K♠' }, 'play'),
        hintSentence({ action: 'JK:H', words: 'Lead the joker (hearts)' }, 'play'),
        hintSentence({ action: '5S', words: 'Discard 5♠, 4♥ & 6♥' }, 'kitty'),
        hintSentence({ action: '7H', words: 'Bid 7♥' }, 'auction'),
        hintSentence({ action: 'alone', words: 'Play alone' }, 'call'),
        hintSentence({ action: '8D' }, 'auction'),
      ];
    }""")
    assert sentences == ["Hint: play the king of spades", "Hint: lead the joker (hearts)",
                         "Hint: discard 5 of spades, 4 of hearts & 6 of hearts",
                         "Hint: bid 7 hearts", "Hint: play alone", "Hint: 8 diamonds"]


BID_PANEL = """async () => {
  const { views, app } = await import('/static/app.js');
  const bid = views.bid;
  const s = structuredClone(app.state);
  // East has bid 7♦ before your turn: only what is above it may be bid
  s.view.auction = [...s.view.auction, [3, '7D']];
  const high = s.bids.find((b) => b.token === '7D').value;
  s.bids = s.bids.map((b) => ({ ...b, legal: b.tricks > 0 ? b.value > high : b.legal }));
  bid.render(s);
  const out = {};
  const look = () => ({
    button: document.getElementById('bid-button').getAttribute('aria-label'),
    why: document.getElementById('bid-why').textContent,
    inReadout: !!document.querySelector('.bid-readout[aria-live] #bid-why'),
    strains: Object.fromEntries([...document.querySelectorAll('#bid-panel button.strain')].map(
      (b) => [b.dataset.strain, [b.getAttribute('aria-label'), b.getAttribute('aria-disabled'),
                                 b.classList.contains('unavailable')]])),
  });
  out.first = look();                 // the lowest bid that may be made: 7♥
  bid.pickStrain('S');                // 8♠, the lowest spades above 7♦
  bid.step(-1);                       // 7♠: below the bid
  out.low = look();
  bid.pickStrain('D');
  bid.sel = { tricks: 7, strain: 'D' };
  bid.update();                       // 7♦: the bid itself
  out.same = look();
  // misère typed at 100 points is the bid: 7♥ (200 points) still ranks below it
  const m = structuredClone(app.state);
  m.view.auction = [...m.view.auction, [3, 'misere']];
  m.bids = m.bids.map((b) => (b.token === 'misere' ? { ...b, value: 100, legal: false }
    : { ...b, legal: b.tricks > 0 ? b.tricks >= 8 : b.legal }));
  bid.turnKey = null;
  bid.render(m);
  bid.sel = { tricks: 7, strain: 'H' };
  bid.update();
  out.misere = look();
  // 10♥ bid: no spade, club or diamond may be bid at all
  s.view.auction = [...s.view.auction, [1, '10H']];
  s.bids = s.bids.map((b) => ({ ...b, legal: b.tricks > 0 ? b.token === '10NT' : b.legal }));
  bid.turnKey = null;
  bid.render(s);
  out.ten = look();
  bid.render(app.state);              // (as it was)
  return out;
}"""


def test_the_bid_panel_says_its_bids_in_words(page: Page, server: str) -> None:
    """BID's name is "Bid 7 hearts" (its symbol read "BID 7"); a suit that cannot be bid at
    all now is aria-disabled, one that cannot be bid at these tricks says from how many it
    can (its dimming said it to the eye alone); the readout says why the bid chosen may not be
    made: "7 spades is below the bid 7 diamonds"; the bids by the seats and on the plaque are
    named in words beside their symbols."""
    start_game(page, server, "australian", seed=1)    # (North passed before your turn)
    assert wait_turn(page) == "auction"
    found = page.evaluate(BID_PANEL)
    first, low, same, ten = found["first"], found["low"], found["same"], found["ten"]
    assert first["button"] == "Bid 7 hearts" and first["why"] == "", first
    assert first["strains"]["S"] == ["Spades, from 8", None, True], first
    assert first["strains"]["H"] == ["Hearts", None, False], first
    assert low["button"] == "Bid 7 spades", low
    assert low["why"] == "7 spades is below the bid 7 diamonds" and low["inReadout"], low
    assert same["why"] == "7 diamonds is the bid already", same
    # by rank, not points: it said "cannot be bid now" of a 7♥ worth more than the misère
    assert found["misere"]["why"] == "7 hearts is below the bid misère", found["misere"]
    assert ten["strains"]["S"] == ["Spades", "true", True], ten
    assert ten["strains"]["NT"] == ["No trumps", None, False], ten
    # what a reader hears of BID, as Playwright computes the name
    page.get_by_role("button", name=re.compile(
        r"^Bid \d+ (spades|clubs|diamonds|hearts|no trumps)$")).wait_for()
    # the bids by the seats (North's pass, as it looks) and the plaque's, named in words
    page.evaluate("""async () => {
      const { views, app } = await import('/static/app.js');
      const s = structuredClone(app.state);
      s.view.auction = [...s.view.auction, [3, '7D']];
      views.table.render(s);
    }""")
    assert 'img "7 diamonds"' in page.locator('.seat[data-seat="3"] .bubble').aria_snapshot()
    plaque = page.locator("#contract").aria_snapshot()
    assert 'Highest:"\n  - img "7 diamonds"' in plaque, plaque


def test_the_kitty_count_the_sheets_and_the_names(page: Page, server: str) -> None:
    """The kitty's "1 of 3 chosen" is a polite live region, drawn again only when it changes
    (not said again at every state); the end of a hand's lines name their bids in words; the
    end of hand's first column and the contracts' two unnamed ones have heads; the lobby's
    guide button is named without its "?"; the sound switch is named "Sound", its state in
    aria-checked."""
    start_game(page, server, "australian", speed="fast")
    switch = page.get_by_role("switch", name="Sound", exact=True, include_hidden=True)
    assert switch.count() == 1
    page.evaluate("document.getElementById('sound-toggle').click()")
    assert switch.get_attribute("aria-checked") == "false"       # (its name still "Sound")
    page.evaluate("document.getElementById('sound-toggle').click()")
    kitty_checked = False
    while True:
        phase = wait_turn(page)
        if phase == "auction":
            bid_ten(page, "NT", wait=True)
        elif phase == "kitty":
            # quiet as the panel opens (the status line asks for the discard), then read
            # at each card chosen
            assert page.get_attribute("#kitty-text", "aria-live") == "off"
            assert page.get_attribute("#kitty-text", "aria-atomic") == "true"
            cards = page.query_selector_all("#hand .hand-card")
            cards[-1].click()
            assert page.get_attribute("#kitty-text", "aria-live") == "polite"
            assert "1 of 3 chosen" in page.inner_text("#kitty-text")
            changes = page.evaluate("""async () => {
              const { views, app } = await import('/static/app.js');
              const seen = [];
              const o = new MutationObserver((m) => seen.push(...m));
              o.observe(document.getElementById('kitty-text'),
                        { childList: true, subtree: true, characterData: true });
              views.kitty.render(app.state);          // a state that changes nothing of it
              await new Promise((r) => setTimeout(r, 50));
              o.disconnect();
              return seen.length;
            }""")
            assert changes == 0, "the live count was drawn again with nothing changed"
            for c in cards[-3:-1]:
                c.click()
            click_and_wait(page, "#discard-button")
            kitty_checked = True
        elif phase == "play":
            play_first_playable(page)
        else:
            break
    assert kitty_checked
    page.wait_for_selector("#game-over .contracts-table")
    heads = page.eval_on_selector_all("#game-over .contracts-table thead th",
                                      "es => es.map((e) => e.textContent)")
    assert heads[:6] == ["Hand", "Bid", "By", "Result", "Points", "Review"], heads
    lines = page.locator("#game-over .sheet-lines").aria_snapshot()
    assert 'img "10 no trumps"' in lines, lines
    assert "10NT" in page.inner_text("#game-over .sheet-lines")     # (as the eye sees it)
    sheet = page.evaluate("""async () => {
      const { views, app } = await import('/static/app.js');
      views.sheet.build(app.state);               // (the game's end took the sheet's place)
      const card = document.querySelector('#sheet .modal-card');
      const all = (sel) => [...card.querySelectorAll(sel)];
      return { heads: all('.sheet-table thead th').map((e) => e.textContent),
               lines: all('#sheet-lines [role=img]').map((e) => e.getAttribute('aria-label')) };
    }""")
    assert sheet["heads"] == ["Side", "Tricks", "This hand", "Score"], sheet
    assert "10 no trumps" in sheet["lines"], sheet
    page.goto(server)
    page.wait_for_selector("#lobby button#play")
    guide = page.get_by_role("button", name="How to play with these rules", exact=True)
    assert guide.get_attribute("id") == "guide-lobby"
