"""Friends at a served table, in real browsers (Playwright, Debian's Chromium, a live
server): a friend opens his seat's link and leaves, a bot takes his seat, the host makes a new
link; the host opening a friend's link in his own browser is asked first. The messages
themselves are tested in test_web_friend_keys.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

from browser import (
    CHROMIUM,
    DESKTOP,
    PHONES,
    click_and_wait,
    live_server,
    play_first_playable,
    press_start,
    seeded,
    snap,
    visible,
    wait_turn,
)
from fivehundred.web.store import Store
from fivehundred.web.table import IDLE_SECONDS, Table


@contextmanager
def served(tmp_path: Path, idle_after: float = IDLE_SECONDS
           ) -> Iterator[tuple[Browser, str, list[str]]]:
    """Chromium and a live server in serve mode: the browser, the server's address and the
    list its pages' errors go to, which must stay empty."""
    assert Path(CHROMIUM).exists(), "Chromium is needed: apt-get install chromium"
    errors: list[str] = []
    with live_server(tmp_path / "serve.db", "serve", idle_after) as url, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        yield browser, url, errors
        browser.close()
    assert not errors, f"errors in the page: {errors}"


def friends_table(browser: Browser, url: str, errors: list[str],
                  seed: int | None = None, phone: str | None = None) -> tuple[Page, str]:
    """The host's page (at a desk, or a phone of ``PHONES``; its errors gathered) with a table
    for friends started from the lobby (dealt from ``seed`` if given), and West's seat link as
    its gathering panel shows it (the table waits for the host's START)."""
    host = (browser.new_context(viewport=DESKTOP) if phone is None else
            browser.new_context(viewport=PHONES[phone], has_touch=True)).new_page()
    host.on("pageerror", lambda e: errors.append(str(e)))
    host.set_default_timeout(30_000)
    if seed is not None:
        host.route("**/api/tables", lambda route: seeded(route, seed))
    host.goto(url)
    host.wait_for_selector("#lobby button#play")
    host.check("#friends")
    host.click("button#play")
    link = '#gathering-seats li[data-seat="1"] input.link-url'
    host.wait_for_selector(link)
    return host, host.input_value(link)


def open_link(browser: Browser, link: str, errors: list[str]) -> Page:
    """A friend's page (at a desk, in its own browser context, its errors gathered) opening
    his invitation ``link``."""
    friend = browser.new_context(viewport=DESKTOP).new_page()
    friend.on("pageerror", lambda e: errors.append(str(e)))
    friend.goto(link)
    return friend


def sit_down(friend: Page, name: str | None = None) -> None:
    """A friend's page has opened his link: it asks his name (given, or Escape to keep the
    seat's) once his seat's state comes."""
    friend.wait_for_selector("#name-dialog:not([hidden])")
    friend.wait_for_function("document.activeElement.id === 'name-input'")
    if name is None:
        friend.keyboard.press("Escape")
    else:
        friend.fill("#name-input", name)
        friend.keyboard.press("Enter")
    friend.wait_for_selector("#name-dialog", state="hidden")


def west_to_bid(browser: Browser, url: str, errors: list[str], phone: str | None = None,
                seated: dict[int, Page | None] | None = None) -> tuple[Page, Page]:
    """A table for friends dealt from seed 0 (the host bids first, then West): West sits
    down (and the friends of ``seated``'s other seats, their pages kept in it: the seat's
    page), the host passes; the host's page and West's, at West's turn."""
    host, west = friends_table(browser, url, errors, seed=0, phone=phone)
    others = {seat: host.input_value(f'#gathering-seats li[data-seat="{seat}"] input.link-url')
              for seat in (seated or {})}
    friend = open_link(browser, west, errors)
    sit_down(friend)
    for seat, seat_link in others.items():
        page = open_link(browser, seat_link, errors)
        sit_down(page)
        assert seated is not None
        seated[seat] = page
    press_start(host)
    host.wait_for_selector("#bid-panel", state="visible")
    host.click("#pass-button")
    friend.wait_for_selector("#bid-panel", state="visible")
    return host, friend


def test_a_friend_who_left_is_replaced_by_a_bot(tmp_path: Path, shots: Path) -> None:
    """Serve mode: West opens his link and leaves at his turn; the creator is told and lets a
    bot play his seat from the table's prompt; the menu shows each friend's seat."""
    with served(tmp_path) as (browser, url, errors):
        # seed 0: the creator bids first, then West (seat 1)
        host, west = friends_table(browser, url, errors, seed=0)
        assert "A bot plays this seat" in host.inner_text('.link-row[data-seat="1"]')
        friend = open_link(browser, west, errors)
        sit_down(friend)
        host.wait_for_function("""() => document.querySelector('.link-row[data-seat="1"]')
            .textContent.includes('Playing')""")
        # the link was an invitation: West's page now holds his own key, in its address too,
        # and finds his seat again by it, reloaded or sent to the link once more
        invited = west.split("token=")[1]
        friend.wait_for_function("(t) => !location.search.includes(t)", arg=invited)
        for again in (friend.reload, lambda: friend.goto(west)):
            again()
            friend.wait_for_function("""() => window.fivehundred.app.state
                && window.fivehundred.app.state.you === 1""")
        assert invited not in friend.url
        # the host's menu offers no Copy of a link that was used (it seats nobody now)
        assert host.locator('.link-row[data-seat="1"] button:has-text("Copy")').is_hidden()
        assert host.locator('.link-row[data-seat="1"] input').is_disabled()
        # anyone else opening the link (the host too) is told it was used, and sees no table
        other = open_link(browser, west, errors)
        other.wait_for_selector("#toasts .toast:has-text('opened already')")
        other.wait_for_selector("#lobby button#play", state="visible")
        assert other.is_hidden("#table")
        other.context.close()
        host.wait_for_function("""() => document.querySelector('.link-row[data-seat="1"]')
            .textContent.includes('Playing')""")
        press_start(host)
        host.wait_for_selector("#bid-panel", state="visible")
        host.click("#pass-button")
        friend.wait_for_selector("#bid-panel", state="visible")
        assert host.is_hidden("#away-banner")
        friend.context.close()            # West leaves at his turn
        host.wait_for_selector("#away-banner", state="visible")
        assert "West has left the table" in host.inner_text("#away-banner")
        host.click("#menu-button")
        assert host.is_visible('.link-row[data-seat="1"] button.to-bot')
        host.click("#menu-button")
        snap(host, shots / "friend-away.jpg")
        click_and_wait(host, "#away-to-bot")
        host.wait_for_selector("#away-banner", state="hidden")
        # the bot bids for West: the auction goes on past him
        host.wait_for_function(
            """() => !document.querySelector('.seat[data-seat="1"]').classList.contains('turn')""")
        assert "A bot plays this seat until West comes back" in \
            host.inner_text('.link-row[data-seat="1"]')
        # West's browser lost its key: the host makes the seat a new link, which seats him
        # (at the host's own turn, where the table waits: no end-of-hand sheet in the way)
        wait_turn(host)
        while visible(host, "#next-button"):
            click_and_wait(host, "#next-button")
            wait_turn(host)
        host.click("#menu-button")
        click_and_wait(host, '.link-row[data-seat="1"] button.new-link')
        host.wait_for_function("""(old) => document.querySelector(
            '#links-list .link-row[data-seat="1"] input').value !== old""", arg=west)
        fresh = host.input_value('#links-list .link-row[data-seat="1"] input')
        assert "its link opens with the next deal" in \
            host.inner_text('.link-row[data-seat="1"]')
        host.click("#menu-button")
        # the new link opens with the next deal (on this one the host could see West's cards
        # by it): the page says so and waits, then takes the seat, told someone sat there
        later = browser.new_context(viewport=DESKTOP).new_page()
        later.on("pageerror", lambda e: errors.append(str(e)))
        sockets: list[object] = []
        later.on("websocket", lambda ws: sockets.append(ws))
        later.goto(fresh)
        later.wait_for_selector("#toasts .toast:has-text('opens with the next deal')")
        assert later.evaluate("window.fivehundred.app.state") is None
        # it waits backing off (each try came at once: 29 in 12 s), one steady line saying
        # why (an empty felt under a flickering "Reconnecting…")
        later.wait_for_timeout(4000)
        assert len(sockets) <= 6, len(sockets)
        assert later.is_visible("#conn-banner") and "Your seat opens with the next deal" in \
            later.inner_text("#conn-banner")
        while True:                       # the host plays the hand out and deals the next
            wait_turn(host)
            if visible(host, "#next-button"):
                click_and_wait(host, "#next-button")
                break
            if visible(host, "#bid-panel"):
                click_and_wait(host, "#pass-button")
            else:
                play_first_playable(host)
        later.wait_for_function("""() => window.fivehundred.app.state
            && window.fivehundred.app.state.you === 1""", timeout=60_000)
        later.wait_for_selector("#toasts .toast:has-text('opened before yours (once)')")
        later.wait_for_selector("#conn-banner", state="hidden")
        assert fresh.split("token=")[1] not in later.url
        host.wait_for_function("""() => document.querySelector('.link-row[data-seat="1"]')
            .textContent.includes('Playing')""")


def test_the_host_opening_a_friends_link_is_asked_first(tmp_path: Path) -> None:
    """Serve mode: the host opens West's link in his own browser (meaning to copy it). He is
    asked before it seats him there; going back keeps the link unopened for the friend, and
    only "open it here" takes West's seat."""
    with served(tmp_path) as (browser, url, errors):
        host, west = friends_table(browser, url, errors)
        host.goto(west)                    # the same browser: the host's own table
        host.wait_for_selector("#confirm", state="visible")
        assert "friend's seat link" in host.inner_text("#confirm-text")
        assert host.evaluate("document.activeElement.id") == "confirm-no"
        assert host.evaluate("""() => [...document.querySelectorAll('#confirm button')]
            .every((b) => b.scrollWidth <= b.clientWidth)"""), "a button's words are cut"
        assert host.evaluate("window.fivehundred.app.state") is None   # nothing opened yet
        host.keyboard.press("Enter")       # KEEP MY SEAT
        host.wait_for_function("""() => window.fivehundred.app.state
            && window.fivehundred.app.state.you === 0""")
        assert west.split("token=")[1] not in host.url      # his own link in the address
        assert "A bot plays this seat" in host.inner_text('.link-row[data-seat="1"]')
        host.goto(west)
        host.wait_for_selector("#confirm", state="visible")
        host.click("#confirm-yes")         # OPEN IT HERE: he takes West's seat
        host.wait_for_function("""() => window.fivehundred.app.state
            && window.fivehundred.app.state.you === 1""")



def test_a_pause_says_who_paused_it_and_who_may_resume(tmp_path: Path) -> None:
    """Every page showed "Paused. The other players wait for you." with RESUME, whoever had
    paused: now the others read who paused, and a friend may not resume the host's pause."""
    with served(tmp_path) as (browser, url, errors):
        host, west = friends_table(browser, url, errors, seed=0)
        friend = open_link(browser, west, errors)
        sit_down(friend)
        host.click("#gathering-start")      # (nothing to pause before START)
        host.wait_for_selector("#gathering", state="hidden")
        host.click("#menu-button")
        host.click("#pause-button")
        host.wait_for_selector("#pause-overlay:not([hidden])")
        assert host.inner_text("#pause-title") == "Paused"
        assert "The other players wait for you." in host.inner_text("#pause-note")
        friend.wait_for_selector("#pause-overlay:not([hidden])")
        name = host.evaluate("window.fivehundred.app.state.table.seats[0].name")
        assert friend.inner_text("#pause-title") == f"{name} paused the game"
        assert f"It goes on when {name} resumes it." in friend.inner_text("#pause-note")
        assert friend.is_hidden("#resume-button")
        friend.wait_for_function("document.activeElement.id === 'pause-note'")  # (kept inside)
        host.click("#resume-button")
        friend.wait_for_selector("#pause-overlay", state="hidden")
        friend.click("#menu-button")
        friend.click("#pause-button")       # West pauses: the host, the creator, may resume
        host.wait_for_selector("#pause-overlay:not([hidden])")
        assert host.inner_text("#pause-title") == "West paused the game"
        assert "As the table's creator, you may resume it." in host.inner_text("#pause-note")
        host.click("#resume-button")
        friend.wait_for_selector("#pause-overlay", state="hidden")


def test_a_friend_lets_a_bot_play_for_the_host_who_left(tmp_path: Path) -> None:
    """The host leaves at his turn: his friend is told, and lets a bot play his seat (only
    the host could, and the friends waited for him forever)."""
    with served(tmp_path) as (browser, url, errors):
        host, west = friends_table(browser, url, errors, seed=0)   # the host bids first
        friend = open_link(browser, west, errors)
        sit_down(friend)
        press_start(host)
        assert friend.is_hidden("#away-banner")
        name = host.evaluate("window.fivehundred.app.state.table.seats[0].name")
        host.context.close()
        friend.wait_for_selector("#away-banner", state="visible")
        assert f"{name} has left the table" in friend.inner_text("#away-banner")
        click_and_wait(friend, "#away-to-bot")
        friend.wait_for_selector("#away-banner", state="hidden")
        wait_turn(friend)                  # the bot bid for the host: West's turn
        assert friend.evaluate("""window.fivehundred.app.state.view.auction
            .some(([s]) => s === 0)""")
        friend.keyboard.press("Control+z")  # (a bot stands in for the host: no take-back)
        friend.wait_for_selector(f"#toasts .toast:has-text('Take-backs are for a table of "
                                 f"bots: {name} sat at this table')")


def test_the_other_friends_are_told_whom_the_table_waits_on(tmp_path: Path) -> None:
    """West leaves at his turn: the host was told and offered a bot, but North, a friend too,
    saw only "West is bidding" and "away" on his seat; he is told West left and that the
    table waits for him or for the host (no button: it is the host's to answer)."""
    with served(tmp_path) as (browser, url, errors):
        seated: dict[int, Page | None] = {2: None}          # North sits down too
        host, friend = west_to_bid(browser, url, errors, seated=seated)
        north = seated[2]
        assert north is not None
        host_name = host.evaluate("window.fivehundred.app.state.table.seats[0].name")
        friend.context.close()
        north.wait_for_selector("#away-banner", state="visible")
        text = north.inner_text("#away-banner")
        assert "West has left the table. The table waits for him, or for " \
            f"{host_name} to let a bot play." in text, text
        assert north.is_hidden("#away-to-bot")
        host.wait_for_selector("#away-to-bot", state="visible")     # (the host's to answer)
        click_and_wait(host, "#away-to-bot")
        north.wait_for_selector("#away-banner", state="hidden")


def test_a_friend_gives_his_name(tmp_path: Path) -> None:
    """Friends were "West" and "North" to each other: sitting down, a friend is asked his
    name (this browser's last one offered), and the others see it; a name another seat has
    is refused, saying so; the menu asks again."""
    with served(tmp_path) as (browser, url, errors):
        host, west = friends_table(browser, url, errors, seed=0)
        friend = open_link(browser, west, errors)
        friend.wait_for_selector("#name-dialog:not([hidden])")
        assert "The others see you as West." in friend.inner_text("#name-dialog")
        sit_down(friend, "Ann")
        host.wait_for_function("""() => window.fivehundred.app.state.table.seats[1].name
            === 'Ann'""")
        host.wait_for_selector('.seat[data-seat="1"]:has-text("Ann")')
        assert host.is_hidden("#take-back-button")      # Ctrl+Z says why it does nothing
        host.keyboard.press("Control+z")
        host.wait_for_selector("#toasts .toast:has-text('Take-backs are for a table of bots: "
                               "Ann plays at this table')")
        host_name = host.evaluate("window.fivehundred.app.state.table.seats[0].name")
        friend.click("#menu-button")
        friend.click("#name-menu")
        friend.wait_for_selector("#name-dialog:not([hidden])")
        assert friend.input_value("#name-input") == "Ann"      # (this browser's, offered)
        assert "The others see you as Ann." in friend.inner_text("#name-dialog")
        friend.fill("#name-input", host_name.upper())
        friend.keyboard.press("Enter")
        friend.wait_for_selector(f"#toasts .toast:has-text('{host_name} is the name of "
                                 f"another seat')")
        assert host.evaluate("window.fivehundred.app.state.table.seats[1].name") == "Ann"
        # each browser says who it is (its statistics are its own), unseen by the others
        ids = [page.evaluate("localStorage.getItem('fivehundred.player')")
               for page in (host, friend)]
        store = Store(tmp_path / "serve.db")
        table = Table.from_json(store.load(
            host.evaluate("window.fivehundred.app.state.table.id")) or {})
        store.close()
        assert [table.seats[0].player, table.seats[1].player] == ids and ids[0] != ids[1]
        assert ids[1] not in host.evaluate("JSON.stringify(window.fivehundred.app.state)")


def test_on_a_phone_the_away_banner_leaves_the_status_line_readable(tmp_path: Path) -> None:
    """A phone upright or on its side: "West has left the table." with LET A BOT PLAY sat on
    the status line ("West to bid"), hiding it; it now stands clear of it, on the screen."""
    with served(tmp_path) as (browser, url, errors):
        for phone in ("upright", "sideways"):
            host, friend = west_to_bid(browser, url, errors, phone)
            friend.context.close()            # West leaves at his turn
            host.wait_for_selector("#away-banner", state="visible")
            boxes = host.evaluate("""() => ['away-banner', 'status'].map((id) => {
              const r = document.getElementById(id).getBoundingClientRect();
              return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
            })""")
            banner, status = boxes
            size = PHONES[phone]
            assert host.is_visible("#status") and "West" in host.inner_text("#status")
            assert banner["bottom"] <= status["top"] or banner["top"] >= status["bottom"] \
                or banner["right"] <= status["left"] or banner["left"] >= status["right"], \
                (phone, banner, status)
            assert banner["top"] >= 0 and banner["bottom"] <= size["height"], (phone, banner)
            host.context.close()


def test_a_friend_away_from_his_open_page_is_given_a_bot_and_plays_again(
        tmp_path: Path) -> None:
    """West's page stays open but he has gone: once the table has waited on him a while the
    host is told and lets a bot play for him; back, West's page says so and PLAY AGAIN gives
    him his seat (the table waited forever: a bot took only the seat of one who had left)."""
    with served(tmp_path, idle_after=2.0) as (browser, url, errors):
        host, friend = west_to_bid(browser, url, errors)
        host.wait_for_selector("#away-banner:has-text('West seems to be away.')")
        click_and_wait(host, "#away-to-bot")
        friend.wait_for_selector("#away-banner:has-text('A bot plays for you.')",
                                 state="attached")
        # (seed 0: the bots pass too, the hand is thrown in; the host's NEXT deals: West's
        # seat is a bot's now)
        host.wait_for_selector("#next-button", state="visible")
        host.click("#next-button")
        friend.wait_for_selector("#away-back", state="visible")
        assert friend.is_hidden("#away-to-bot")
        friend.click("#away-back")
        friend.wait_for_selector("#away-banner", state="hidden")
        host.wait_for_function("""() => window.fivehundred.app.state.table.seats[1].kind
            === 'human'""")


def test_a_new_table_for_friends_shows_the_links_in_its_gathering_panel(
        tmp_path: Path) -> None:
    """Starting a table for friends opened the menu at its seat links, with a toast ("Send
    each friend their seat link") that on a phone lay over the menu and the scores.  The
    table now gathers: its panel shows every link to send, in sight at every size, and
    START; no menu and no toast lie over it."""
    with served(tmp_path) as (browser, url, errors):
        for phone in (None, "upright", "sideways"):
            host, _ = friends_table(browser, url, errors, phone=phone)
            host.wait_for_timeout(300)                 # (a toast's slide in, were there one)
            found = host.evaluate("""() => {
              const r = (e) => e.getBoundingClientRect();
              const inView = (b) => b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight
                && b.right <= innerWidth;
              const links = [...document.querySelectorAll('#gathering-seats input.link-url')];
              return {links: links.length, shown: links.map(r).filter(inView).length,
                      start: inView(r(document.getElementById('gathering-start'))),
                      toasts: document.querySelectorAll('#toasts .toast').length,
                      menu: !document.getElementById('menu').hidden};
            }""")
            assert found == {"links": 3, "shown": 3, "start": True, "toasts": 0,
                             "menu": False}, (phone, found)
            host.context.close()
