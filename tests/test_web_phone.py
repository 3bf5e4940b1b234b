"""The browser game on a phone, held upright (390x844) and on its side (844x390): everything on
the screen and nothing covering anything else, every control big enough for a finger (the
lobby's too), the call panel's cards, the hint clear of the trick and of the bid panel (and
whole while discarding), the sheet in sight, every seat's bid in sight (and at 1280x800).

The fixtures are in conftest.py, the helpers in browser.py and layout_probes.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Route, ViewportSize

from browser import (
    DESKTOP,
    PHONES,
    bid_ten,
    card_led,
    click_and_wait,
    live_server,
    phone_page,
    play_first_playable,
    settle,
    snap,
    start_game,
    trick_done,
    viewport_page,
    visible,
    wait_turn,
)
from fivehundred import Game, Rules
from fivehundred.web.state import side_labels
from layout_probes import (
    LAYOUT_PROBLEMS,
    SHOWN,
    TAP_MIN,
    boxes,
    hint_clear_of_the_bid_panel,
    in_sight,
    inside,
    meet,
    small_taps,
)

LOBBY_SMALL_TAPS = """(min) => {""" + SHOWN + """
  // what a finger taps in the lobby: a switch or a checkbox is tapped through its label,
  // the whole row, so the label is measured and not the input inside it
  const out = [];
  let n = 0;
  document.querySelectorAll('#lobby button, #lobby select, #lobby summary, #lobby a[href], '
                            + '#lobby label.toggle-row, #lobby label.check, '
                            + '#lobby input[type="text"]')
    .forEach((e) => {
      if (!shown(e)) return;
      const r = e.getBoundingClientRect();
      n += 1;
      if (r.width < min - 0.5 || r.height < min - 0.5)
        out.push(`${e.id || e.className} "${e.textContent.trim().slice(0, 30)}": `
                 + `${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    });
  return {out, n};
}"""


@pytest.mark.parametrize("phone", ["upright", "sideways"])
def test_a_phone_lobby_has_room_for_a_finger(tmp_path: Path, phone: str) -> None:
    """On a phone every control of the lobby, each house rule's row and the friends' box
    included, is at least ``TAP_MIN`` CSS pixels each way (the server for friends, which shows
    every control there is)."""
    with live_server(tmp_path / "lobby.db", "serve") as url, phone_page(phone) as page:
        page.goto(url)
        page.wait_for_selector("#lobby .toggle-row", state="attached")
        page.click("#lobby .house-rules summary")
        page.check("#friends")                      # shows the name field too
        found = page.evaluate(LOBBY_SMALL_TAPS, TAP_MIN)
        assert found["n"] >= 12, found
        assert not found["out"], found["out"]


def test_a_phone_lobby_keeps_the_statistics_on_their_card(tmp_path: Path) -> None:
    """Six columns of statistics at 390 px, every strength: with a keen player's figures
    all of it on its card, no scrolling (the last column ran 20 px past the card with figures
    as short as "-180.7"); with absurd ones the table scrolls inside the card, the page not."""
    keen = {"games": 120, "wins": 64, "hands": 2400, "bid": 900, "made": 640,
            "misere_bid": 40, "misere_made": 31, "take_backs": 12, "points": -1,
            "points_per_hand": -112.5}
    absurd = {**keen, "games": 12345, "wins": 12345, "bid": 99999, "made": 99999,
              "points_per_hand": -12345.6}
    figures = keen

    def stats(route: Route) -> None:
        reply = route.fetch().json()
        reply["stats"] = {"by_strength": {k: figures for k in reply["strengths"]}}
        route.fulfill(json=reply)

    past_the_card = """() => {
      const card = document.querySelector('#stats').closest('.lobby-card')
        .getBoundingClientRect();
      const scroll = document.querySelector('#stats .stats-scroll');
      return {past: [...document.querySelectorAll('#stats, #stats .stats-scroll')].filter(
                (e) => e.getBoundingClientRect().right > card.right + 0.5).map((e) => e.className),
              scrolls: scroll.scrollWidth > scroll.clientWidth,
              page: document.documentElement.scrollWidth};
    }"""
    with live_server(tmp_path / "lobby.db", "local") as url, phone_page("upright") as page:
        page.route("**/api/lobby?*", stats)
        page.goto(url)
        page.wait_for_selector("#stats .stats-table td")
        assert page.evaluate(past_the_card) == {"past": [], "scrolls": False, "page": 390}
        figures = absurd
        page.reload()
        page.wait_for_selector("#stats .stats-table td")
        assert page.evaluate(past_the_card) == {"past": [], "scrolls": True, "page": 390}


@pytest.mark.parametrize(("preset", "phone"), [
    ("australian", "upright"), ("six_pairs", "upright"), ("five_called", "upright"),
    ("australian", "sideways"), ("six_pairs", "sideways"), ("five_called", "sideways")])
def test_a_phone_shows_every_seat_card_and_button(server: str, shots: Path, preset: str,
                                                  phone: str) -> None:
    """At 390x844 (a phone held upright) and 844x390 (on its side) the hand's cards, every seat,
    the plaques, the status line and the bid panel's buttons lie inside the screen and none
    covers another, and every button, card and menu item is at least ``TAP_MIN`` CSS pixels
    each way; the same while discarding, with the kitty in the hand; five-handed, the call
    panel shows each suit's row in sight (each card reached by scrolling its row sideways at
    most), clear of your hand."""
    with phone_page(phone) as page:
        start_game(page, server, preset)
        wait_turn(page)
        assert visible(page, "#bid-panel")
        settle(page, 600)                           # the deal's cards have come in
        found = page.evaluate(LAYOUT_PROBLEMS)
        if phone == "upright" and preset != "five_called":   # the pictures README shows
            snap(page, shots / f"phone-{preset}-auction.jpg")
        assert found["cards"] == 10 and found["buttons"] >= 10
        assert found["seats"] == {"australian": 4, "six_pairs": 6, "five_called": 5}[preset]
        assert not found["out"], found["out"]
        assert not small_taps(page)
        page.click("#menu-button")
        page.wait_for_selector("#menu", state="visible")
        assert not small_taps(page)                 # the menu's items
        page.click("#menu-button")
        page.wait_for_selector("#menu", state="hidden")
        bid_ten(page, "NT")                     # nobody bids over it: the kitty is yours
        page.wait_for_selector("#discard-button", state="visible")
        settle(page, 600)
        found = page.evaluate(LAYOUT_PROBLEMS)
        assert found["cards"] == 13 and found["buttons"] == 1
        assert not found["out"], found["out"]
        assert not small_taps(page)
        if preset != "five_called":
            return
        for el in page.query_selector_all("#hand .hand-card")[-3:]:
            el.click()
        page.click("#discard-button")
        page.wait_for_selector("#call-panel", state="visible")
        settle(page, 400)
        assert not small_taps(page)
        # each suit one row, in sight, that scrolls sideways where its cards are too many for
        # the width (wrapped, a suit's last cards looked like a suit of their own)
        in_sight(page, ".call-row-cards", "#call-cards")
        for row in page.query_selector_all("#call-cards .call-row-cards"):
            last = row.query_selector_all("button")[-1]
            last.scroll_into_view_if_needed()
            r = last.bounding_box()
            assert r and inside(r, in_sight(page, ".call-row-cards", "#call-cards")), r
        panel = in_sight(page, ".call-row-cards", "#call-panel")
        for card in boxes(page, "#hand .hand-card"):
            assert not meet(card, panel), f"the call panel {panel} covers a card: {card}"


@pytest.mark.parametrize("phone", ["upright", "sideways"])
def test_a_phone_keeps_the_trick_clear_of_the_hint_and_the_sheet_in_sight(
        server: str, phone: str) -> None:
    """Five-handed on a phone, passing: the hint asked for when a card has been led leaves every
    card of the trick and of your hand in sight, and every seat, the plaques and the bar above
    the hand; the end-of-hand sheet's lines and its buttons lie on the screen, unscrolled (each
    seat's row above them)."""
    with phone_page(phone) as page:
        start_game(page, server, "five_called")
        hinted = False
        while True:
            phase = wait_turn(page)
            if visible(page, "#bid-panel"):
                click_and_wait(page, "#pass-button")
                continue
            if visible(page, "#next-button"):
                break
            assert phase == "play", phase
            if not hinted and card_led(page):
                # (by the state: the cards on the table may still be the last trick's, held
                # on show, then swept off while the hint is asked for and the trick measured)
                trick_done(page)
                settle(page, 500)                   # the led card has landed
                page.click("#quick-hint")
                page.wait_for_selector("#hint .hint-words", timeout=60_000)
                settle(page, 300)
                hint = in_sight(page, ".hint-words", "#hint")
                trick = boxes(page, "#trick .trick-card")
                hand = boxes(page, "#hand .hand-card")
                assert trick and hand
                for card in trick + hand:
                    assert not meet(hint, card), f"the hint {hint} covers a card: {card}"
                found = page.evaluate(LAYOUT_PROBLEMS)  # nor a seat, a plaque or the bar
                assert not found["out"], found["out"]
                assert not small_taps(page)        # its close button too
                page.keyboard.press("Escape")
                hinted = True
            play_first_playable(page)
        assert hinted
        settle(page, 600)                           # the sheet has come in
        assert "bid" in page.inner_text("#sheet")   # a contract's sheet, with its lines
        in_sight(page, ".sheet-lines li", "#sheet .modal-card")
        in_sight(page, ".sheet-actions button", "#sheet .modal-card")
        assert not small_taps(page)


@pytest.mark.parametrize("phone", ["upright", "sideways"])
@pytest.mark.parametrize("preset", ["australian", "classic3", "five_called", "six_pairs"])
def test_a_phone_shows_the_hint_and_every_bid_button_at_once(server: str, preset: str,
                                                             phone: str) -> None:
    """On a phone, the hint asked for in the auction shows its advice and its first choices
    unscrolled and leaves every bid button in sight and within a finger's reach, and your hand
    too; it covers no seat, no seat's bid, no plaque, nor the bar above the hand (your badge,
    Last trick, Hint), and the seats, the plaques and the panel still keep clear of each other
    (five- and six-handed, the widest panel, with both misère buttons); closed, the panel, the
    status line and the bar's buttons are back where they were."""
    with phone_page(phone) as page:
        start_game(page, server, preset)
        wait_turn(page)
        assert visible(page, "#bid-panel")
        settle(page, 600)                           # the deal's cards have come in
        where = {s: page.locator(s).bounding_box()
                 for s in ("#bid-panel", "#status", "#last-trick-button", "#quick-hint")}
        page.click("#quick-hint")
        hint_clear_of_the_bid_panel(page)
        found = page.evaluate(LAYOUT_PROBLEMS)
        assert found["seats"] == {"australian": 4, "classic3": 3, "five_called": 5,
                                  "six_pairs": 6}[preset]
        assert found["bubbles"] >= 1 and found["cards"] == 10
        assert not found["out"], found["out"]
        assert not small_taps(page)
        page.click("#hint button[aria-label='Close the hint']")
        assert not visible(page, "#hint")
        assert {s: page.locator(s).bounding_box() for s in where} == where
        assert visible(page, "#status")


@pytest.mark.parametrize("size", ["desk", "upright", "sideways"])
@pytest.mark.parametrize("preset", ["australian", "classic3", "five_called", "six_pairs"])
def test_every_bid_bubble_in_sight_in_the_auction(server: str, preset: str, size: str) -> None:
    """At your turn in the auction, at 1280x800 and on a phone upright and on its side, each
    seat's last bid (its bubble) lies on the screen clear of the bid panel, of the other seats
    (their cards and plaques), of the plaques and of the bar above the hand, as the seats, the
    plaques and the panel's buttons keep clear of each other."""
    phone = size in PHONES
    with viewport_page(PHONES[size] if phone else DESKTOP, touch=phone) as page:
        start_game(page, server, preset)
        wait_turn(page)
        assert visible(page, "#bid-panel")
        settle(page, 600)                           # the deal's cards have come in
        found = page.evaluate(LAYOUT_PROBLEMS)
    assert found["bubbles"] >= 1 and found["buttons"] >= 10, found
    assert not found["out"], found["out"]


SLOW_FRAME = """document.addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
  const end = performance.now() + 400;
  while (performance.now() < end) {}
}).observe(document.body, {attributes: true, attributeFilter: ['data-seq']}));"""
"""JavaScript (an init script): the page busy for 400 ms once each state is drawn, as on a
loaded machine, so that the frame that starts its transitions and animations comes late."""


def test_the_bid_panel_keeps_clear_of_a_bid_that_pops_in_late(server: str) -> None:
    """Three-handed on a phone on its side, the bid panel moves aside from East's bid; where
    the frame that starts that bid's entrance (and the seats' slide) comes late, the panel is
    placed again once the bid is whole and the seats are in place, not only on a timer that
    may come first (it stayed over the bid: it had been placed by the bid still growing)."""
    with phone_page("sideways") as page:
        page.add_init_script(SLOW_FRAME)
        start_game(page, server, "classic3")
        wait_turn(page)
        settle(page, 600)
        found = page.evaluate(LAYOUT_PROBLEMS)
    assert found["bubbles"] >= 1 and found["buttons"] >= 10, found
    assert not found["out"], found["out"]


@pytest.mark.parametrize("preset", ["australian", "six_pairs"])
def test_a_hint_asked_for_as_the_cards_come_in_keeps_clear_of_them(server: str,
                                                                   preset: str) -> None:
    """On a phone on its side, the hint asked for at once, while the deal's cards are still
    sliding into the hand, is placed again once they are in: it covers none of them."""
    with phone_page("sideways") as page:
        start_game(page, server, preset)
        wait_turn(page)
        page.click("#quick-hint")                   # at once: the cards may be on their way
        page.wait_for_selector("#hint .hint-words", timeout=60_000)
        settle(page, 1_000)                         # every card in its place
        in_sight(page, ".hint-words", "#hint")
        hint = page.locator("#hint").bounding_box()
        assert hint is not None
        cards = boxes(page, "#hand .hand-card")
        assert len(cards) == 10
        for card in cards:
            assert not meet(card, hint), f"the hint {hint} covers a card: {card}"


@pytest.mark.parametrize(("preset", "phone"), [
    ("australian", "sideways"), ("five_called", "sideways"), ("six_pairs", "sideways"),
    ("six_pairs", "upright")])
def test_a_phone_shows_the_hint_whole_while_discarding(server: str, preset: str,
                                                       phone: str) -> None:
    """On a phone, the hint asked for while discarding (the kitty in the hand) shows its advice
    and its first choice unscrolled, and covers no seat, no plaque, no card of the hand (nor
    where a picked card lifts), nor the kitty's panel or the bar above the hand (six-handed on
    its side it had 88 px, its choices out of sight); picking three cards moves it not at all
    (it rose by their lift again, 19 px)."""
    with phone_page(phone) as page:
        start_game(page, server, preset)
        wait_turn(page)
        bid_ten(page, "NT")                     # nobody bids over it: the kitty is yours
        page.wait_for_selector("#discard-button", state="visible")
        settle(page, 600)
        page.click("#quick-hint")
        page.wait_for_selector("#hint .hint-words", timeout=60_000)
        settle(page, 400)
        in_sight(page, ".hint-words", "#hint")
        in_sight(page, ".hint-table tbody tr:first-child", "#hint")
        found = page.evaluate(LAYOUT_PROBLEMS)
        assert found["cards"] == 13 and found["buttons"] == 1
        assert not found["out"], found["out"]
        assert not small_taps(page)
        hint = page.locator("#hint").bounding_box()
        assert hint is not None
        for card in boxes(page, "#hand .hand-card"):
            lifted = {**card, "y": card["y"] - 24, "height": card["height"] + 24}
            assert not meet(hint, lifted), f"the hint {hint} covers a card as it lifts: {card}"
        for el in page.query_selector_all("#hand .hand-card")[-3:]:
            el.click()                              # picked: they lift into the room kept
        settle(page, 800)
        moved = page.locator("#hint").bounding_box()
        assert moved is not None
        assert abs(moved["y"] - hint["y"]) <= 1 and abs(moved["height"] - hint["height"]) <= 1, (
            f"picking cards moved the hint from {hint} to {moved}")
        for card in boxes(page, "#hand .hand-card"):
            assert not meet(moved, card), f"the hint {moved} covers a picked card: {card}"


SEATS_SIX = ["South", "South-West", "North-West", "North", "North-East", "South-East"]
SHORT_SIX = {"You": "You", "South": "S", "South-West": "SW", "North-West": "NW", "North": "N",
             "North-East": "NE", "South-East": "SE"}


def test_a_phone_names_each_side_short_in_the_order_of_its_full_name(server: str) -> None:
    """The scores plaque names a side short on a phone ("You & N", "SW & NE"): you first, then
    clockwise from you, as its full name on a wider screen and the sheet read, wherever you
    sit (a friend at South-West read "S & N" beside "North & South")."""
    rules = Rules.preset("six_pairs")
    with phone_page("upright") as page:
        page.goto(server)
        for you in range(len(SEATS_SIX)):
            names = [("You" if s == you else n) for s, n in enumerate(SEATS_SIX)]
            full = side_labels(Game(rules, seed=1).view(you), names)
            shorts = page.evaluate("""async ([you, names, sides, full]) => {
              const {ScoresPlaque} = await import('/static/plaques.js');
              const el = document.createElement('div');
              document.body.appendChild(el);
              new ScoresPlaque(el).render({
                you,
                table: {id: 't', sides, side_names: full, players: names.length, target: 500,
                        seats: names.map((name) => ({name})), rules_label: 'Six-handed'},
                view: {scores: sides.map(() => 0), hand_number: 0}});
              el.remove();
              // (the sides' names; the foot's rules have a short form of their own)
              return [...el.querySelectorAll('.short-name')]
                .filter((e) => !e.closest('.plaque-foot')).map((e) => e.textContent);
            }""", [you, names, [list(s) for s in rules.sides], full])
            expected = [" & ".join(SHORT_SIX[w] for w in label.split(" & ")) for label in full]
            assert shorts == expected, (you, full, shorts)


def test_a_friend_left_banner_is_one_line_across_a_phone(server: str) -> None:
    """The host's "North-East has left the table." banner took half the screen's width and
    so wrapped a word a line (108 px tall on a 390 px phone); it now takes the width it
    needs, within the screen."""
    with phone_page("upright") as page:
        page.goto(server)
        page.wait_for_selector("#lobby button#play")
        box = page.evaluate("""() => {
          document.getElementById('table').hidden = false;
          const el = document.getElementById('away-banner');
          el.hidden = false;
          document.getElementById('away-text').textContent = 'North-East has left the table.';
          const text = document.getElementById('away-text').getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return {left: r.left, right: r.right, textHeight: text.height,
                  line: parseFloat(getComputedStyle(el).lineHeight) || 20};
        }""")
        assert box["left"] >= 0 and box["right"] <= 390, box
        assert box["textHeight"] <= 2 * box["line"] + 1, box    # at most two lines, not five


SMALL_PHONES: dict[str, ViewportSize] = {"320x568": {"width": 320, "height": 568},
                                         "640x360": {"width": 640, "height": 360}}
"""The smallest phones, upright and on their side."""


@pytest.mark.parametrize(("preset", "size"), [
    ("australian", "320x568"), ("classic3", "320x568"),
    ("australian", "640x360"), ("classic3", "640x360")])
def test_a_small_phone_shows_every_seat_card_and_button(server: str, preset: str,
                                                        size: str) -> None:
    """At 320x568 and 640x360, in the auction and while discarding: every seat, its bid, the
    plaques, the status line and the panel's buttons inside the screen, none covering another
    (BID ran off a 320 px screen; at 640x360 the bid panel lay over West's seat, East's bid
    and the status line)."""
    with viewport_page(SMALL_PHONES[size], touch=True) as page:
        start_game(page, server, preset, seed=7)    # (the review's deal: East bids 6 spades)
        wait_turn(page)
        assert visible(page, "#bid-panel")
        settle(page, 600)
        found = page.evaluate(LAYOUT_PROBLEMS)
        assert found["cards"] == 10 and found["buttons"] >= 10, found
        assert not found["out"], found["out"]
        bid_ten(page, "NT")
        page.wait_for_selector("#discard-button", state="visible")
        settle(page, 600)
        found = page.evaluate(LAYOUT_PROBLEMS)
        assert found["cards"] == 13 and found["buttons"] == 1
        assert not found["out"], found["out"]
