"""The browser's status line, hint panel and seats (session 15): the status line says your
turn as soon as the finished trick is swept off (it named the last trick's winner over the
next trick's cards); the status line and the hint's advice are read in words, their symbols
still shown; each seat is one group named in words, its bid and its role saying what they
are; the hint's first choices stay in sight in a narrow room, whatever its reason and notes;
a discard's hint says what its Tricks count.

The fixtures are in conftest.py, the helpers in browser.py and layout_probes.py.
"""

from __future__ import annotations

from playwright.sync_api import Page

from browser import (
    bid_ten,
    click_and_wait,
    phone_page,
    play_first_playable,
    settle,
    start_game,
    visible,
    wait_turn,
)
from layout_probes import in_sight

WATCH_THE_STATUS = """() => {
  // each frame: the status line's text, the finished trick on show (its winning card) or not,
  // the cards on the table; the status line set again (by the page) or not since that trick
  // was last on show
  const status = document.getElementById('status');
  const k = window.watched = { sets: 0, shownAt: -1, seen: false, after: 0, wins: 0, bad: [] };
  new MutationObserver(() => { k.sets += 1; })
    .observe(status, { childList: true, characterData: true, subtree: true });
  const tick = () => {
    const text = status.textContent;
    const cards = document.querySelectorAll('#trick .trick-card').length;
    const winning = !!document.querySelector('#trick .winning');
    const winner = /wins? the trick$/.test(text);
    if (winning) {
      k.shownAt = k.sets;
      k.seen = true;
      if (winner) k.wins += 1;
    } else if (cards && k.seen) {
      k.seen = false;
      k.after += 1;               // the next trick's first card, after a finished trick
    }
    if (!winning && cards && winner && k.shownAt === k.sets)
      k.bad.push(`"${text}" over ${cards} card(s) of the next trick`);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""
"""JavaScript: records in ``window.watched`` each frame where the status line still names the
winner of a trick swept off (set when that trick was on show, not again since) while cards of
the next trick lie on the table."""


def test_the_status_says_the_turn_once_the_trick_is_swept(page: Page, server: str) -> None:
    """The status line named the last trick's winner ("West wins the trick") for up to a second
    while the next trick's cards were already on the table (your cards raised): it waited for
    them to fly in too. It says the turn as soon as the finished trick is swept off."""
    start_game(page, server, "australian")
    page.evaluate(WATCH_THE_STATUS)
    plays = 0
    while plays < 6:
        wait_turn(page)
        if visible(page, "#bid-panel"):
            click_and_wait(page, "#pass-button")
        elif visible(page, "#next-button"):
            click_and_wait(page, "#next-button")
        else:
            play_first_playable(page)
            plays += 1
    settle(page, 600)
    watched = page.evaluate("window.watched")
    assert watched["wins"] >= 1 and watched["after"] >= 1, watched     # (it was put to the test)
    assert not watched["bad"], watched["bad"]


def test_the_status_and_the_hints_advice_are_read_in_words(page: Page, server: str) -> None:
    """The status line ("Your turn: follow to the A♦ if you can") and the hint's advice ("Play
    7♥", "Bid 7♦") reached a screen reader as symbols ("follow to the A"); they are named in
    words, the eye seeing the symbols as before."""
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction"
    found = page.evaluate("""async () => {
      const { views, app } = await import('/static/app.js');
      const s = structuredClone(app.state);
      s.status = 'Your turn: follow to the A♦ if you can';
      views.table.render(s);
      const named = (sel) => [...document.querySelectorAll(`${sel} [role=img]`)]
        .map((e) => e.getAttribute('aria-label'));
      const shown = (sel) => [document.querySelector(sel).textContent, named(sel)];
      const status = shown('#status');
      views.hint.show({ action: '7H', words: 'Play 7♥', candidates: [] }, 'play');
      const play = shown('#hint .hint-words');
      views.hint.show({ action: '7D', words: 'Bid 7♦', candidates: [] }, 'auction');
      const bid = shown('#hint .hint-words');
      views.hint.hide();
      return { status, play, bid };
    }""")
    assert found["status"] == ["Your turn: follow to the A♦ if you can", ["ace of diamonds"]], found
    assert found["play"] == ["Play 7♥", ["7 of hearts"]], found
    assert found["bid"] == ["Bid 7♦", ["7 diamonds"]], found
    snapshot = page.locator("#status").aria_snapshot()
    assert 'img "ace of diamonds"' in snapshot, snapshot


def seat_snapshot(page: Page, selector: str) -> str:
    """What a reader is told of a seat (its accessibility tree, as Playwright writes it)."""
    return page.locator(selector).aria_snapshot()


def shown_text(page: Page, selector: str) -> str:
    """The text the eye sees in ``selector``'s element (its words for a reader alone left
    out)."""
    return str(page.evaluate("""(sel) => {
      const e = document.querySelector(sel).cloneNode(true);
      e.querySelectorAll('.sr-only').forEach((x) => x.remove());
      return e.textContent.trim();
    }""", selector))


def test_each_seat_is_one_group_named_in_words(page: Page, server: str) -> None:
    """A seat read its cards' count ("10 cards") before its name, as if the seat before's, and
    its bid or contract as "7 clubs" alone ("Declarer" only in a title): each seat is one group
    named "West, Easy, 10 cards" (in the play its tricks too), its bid read "bid 7 diamonds",
    the declarer's contract "declarer, 10 no trumps"; what the eye sees is as before."""
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction"
    page.evaluate("""async () => {
      const { views, app } = await import('/static/app.js');
      const s = structuredClone(app.state);
      s.view.auction = [...s.view.auction, [1, '7D']];
      views.table.render(s);
    }""")
    west = seat_snapshot(page, '.seat[data-seat="1"]')
    assert west.startswith('- group "West, Easy'), west
    assert "10 cards" in west.splitlines()[0], west
    assert '- text: bid\n  - img "7 diamonds"' in west, west
    assert "- img \"10 cards\"" not in west, west          # (the count is in the name, once)
    assert shown_text(page, '.seat[data-seat="1"] .bubble') == "7♦"
    bid_ten(page, "NT", wait=True)
    page.wait_for_selector("#discard-button", state="visible")
    cards = page.query_selector_all("#hand .card")
    for c in cards[-3:]:
        c.click()
    click_and_wait(page, "#discard-button")
    assert wait_turn(page) == "play"
    me = seat_snapshot(page, ".seat.me")
    assert me.startswith('- group "'), me
    assert "0 tricks" in me.splitlines()[0], me
    assert '- text: declarer,\n  - img "10 no trumps"' in me, me
    assert shown_text(page, ".seat.me .role-chip") == "10NT"
    west = seat_snapshot(page, '.seat[data-seat="1"]')
    assert '10 cards, 0 tricks"' in west.splitlines()[0], west


LONG_REASON = ("five and six players: bids by hand evaluation, the hand's tricks counted suit by "
               "suit, its danger weighed against the bids above it and the score (danger 5.21)")


def test_the_hints_first_choices_stay_in_sight_in_a_narrow_room(server: str) -> None:
    """Six-handed on a phone on its side, the hint's room beside the bid panel is narrow: a
    reason in three lines and notes in three lines a choice ("Misère / danger / 5.21") put its
    second choice out of sight. However long its reason and notes, its first two choices are in
    sight unscrolled (notes under their choices, the reason cut short), and a tap on the reason
    shows it whole."""
    with phone_page("sideways") as page:
        start_game(page, server, "six_pairs")
        assert wait_turn(page) == "auction"
        settle(page, 600)
        page.click("#quick-hint")
        page.wait_for_selector("#hint .hint-words", timeout=60_000)
        for by in ("keyboard", "tap"):
            _long_hint(page)
            in_sight(page, ".hint-words", "#hint")
            in_sight(page, ".hint-table tbody tr:nth-child(-n+2)", "#hint")
            # the whole reason still read; a tap, or Enter on it (a Tab stop while it is cut
            # short), shows it whole to the eye
            assert page.inner_text("#hint .hint-reason").replace("\n", " ") == LONG_REASON
            assert page.get_attribute("#hint .hint-reason", "tabindex") == "0"
            if by == "keyboard":
                page.focus("#hint .hint-reason")
                page.keyboard.press("Enter")
            else:
                page.click("#hint .hint-reason")
            settle(page, 300)
            whole = page.evaluate("""() => {
              const r = document.querySelector('#hint .hint-reason');
              return r.scrollHeight <= r.clientHeight + 1;
            }""")
            assert whole, f"the reason shown by {by} is still cut short"
            assert page.get_attribute("#hint .hint-reason", "tabindex") is None


def _long_hint(page: Page) -> None:
    """The hint shown anew with a long reason and long notes (its room then too short)."""
    page.evaluate("""async ([reason]) => {
      const { views } = await import('/static/app.js');
      const c = (action, value, p, note) => ({ action, value, make_probability: p, note });
      views.hint.show({ action: 'misere', words: 'Bid misère', reason, value_unit: 'Points',
        value_words: 'Points: expected this hand', candidates: [
          c('misere', 115.3, 0.73, 'danger 5.21 on most deals'),
          c('open-misere', 62.4, 0.41, 'danger 5.21 on most deals'),
          c('pass', 0, null, 'defend'), c('7D', -96.4, 0.23, '5.5 tricks expected')],
      }, 'auction');
    }""", [LONG_REASON])
    settle(page, 300)


def test_a_discards_hint_says_what_its_tricks_count(page: Page, server: str) -> None:
    """The browser's discard hint showed "Discard / Tricks 9.0" with nothing to say what the
    number is (the text game says "Tricks: those the hand kept took on the imagined deals, on
    average"): its caption says it, as every other hint's."""
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction"
    bid_ten(page, "NT", wait=True)
    page.wait_for_selector("#discard-button", state="visible")
    settle(page, 600)
    page.click("#quick-hint")
    page.wait_for_selector("#hint .hint-table", timeout=90_000)
    assert page.inner_text("#hint .hint-table thead th:first-child") == "Discard"
    caption = page.inner_text("#hint .hint-caption")
    assert caption.startswith("Tricks: "), caption
    in_sight(page, ".hint-table tbody tr:first-child", "#hint")
