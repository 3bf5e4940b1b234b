"""The host's menu at a table with friends, as the page draws what the server says
(test_web_friends_guard.py tests the server): no NEW LINK nor "Let a bot play" once the game is
over (the server refuses both), a link unopened at START said to open with the next deal, and
no take-back offered where a friend sat down, whoever plays his seat now.

A local table stands in for the friends' (its states given the friends' seats and links and put
through the page's own onState, as a server's would come).  The fixtures are in conftest.py."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from browser import start_game, wait_turn

LINKS = [
    {"seat": 1, "name": "Bob", "kind": "human", "connected": False, "opened": True,
     "opens_next_deal": False, "url": "/?table=x&token=a"},
    {"seat": 2, "name": "North", "kind": "bot", "connected": False, "opened": False,
     "opens_next_deal": True, "url": "/?table=x&token=b"},
    {"seat": 3, "name": "Ann", "kind": "bot", "connected": False, "opened": True,
     "opens_next_deal": False, "url": "/?table=x&token=c"},
]
"""The host's links: Bob away, North's never opened (the game started without it), Ann's seat
played by a bot while she is away."""

ROWS = """async ([links, over]) => {
  const { views } = await import('/static/app.js');
  views.menu.renderLinks(links, over);
  return [...document.querySelectorAll('#links-list .link-row')].map((r) => ({
    state: r.querySelector('.link-state').textContent,
    buttons: [...r.querySelectorAll('.link-state button')].map((b) => b.textContent),
    copy: !r.querySelector('.link-row > button').hidden,
  }));
}"""
"""JavaScript: the menu's rows for ``links`` (the game over or not): each row's words, its
buttons, whether its link may be copied."""

SHOW = "async (s) => (await import('/static/render-state.js')).onState(s)"
"""JavaScript: show a state as the page shows the server's."""


def test_the_menu_offers_no_new_link_or_bot_once_the_game_is_over(page: Page,
                                                                   server: str) -> None:
    """NEW LINK after the end wiped the friend out of the finished game; the server refuses
    it now, and a bot for an away seat: the menu offers neither, nor a link to copy that
    seats nobody."""
    start_game(page, server, "australian")
    wait_turn(page)
    playing = page.evaluate(ROWS, [LINKS, False])
    assert playing == [
        {"state": "AwayLet a bot playNew link", "buttons": ["Let a bot play", "New link"],
         "copy": False},
        {"state": "A bot plays this seat; its link opens with the next deal", "buttons": [],
         "copy": True},
        {"state": "A bot plays this seat until Ann comes backNew link",
         "buttons": ["New link"], "copy": False},
    ], playing
    over = page.evaluate(ROWS, [LINKS, True])
    assert over == [
        {"state": "Away", "buttons": [], "copy": False},
        {"state": "The game is over: this link seats nobody now", "buttons": [],
         "copy": False},
        {"state": "A bot played for Ann at the end", "buttons": [], "copy": False},
    ], over


def test_no_take_back_is_offered_where_a_friend_sat_down(page: Page, server: str) -> None:
    """Every other seat a bot's, but Ann's link was opened (a bot plays for her while she is
    away): the take-back buttons are hidden, as where a friend plays; the host alone with
    links nobody opened has them."""
    start_game(page, server, "australian")
    wait_turn(page)
    s: dict[str, Any] = page.evaluate("window.fivehundred.app.state")
    s["table"]["friends"] = True
    s["table"]["links"] = [dict(x, kind="bot") for x in LINKS]
    page.evaluate(SHOW, s)
    hidden = """() => ['take-back-button', 'take-back-menu']
        .map((i) => document.getElementById(i).hidden)"""
    assert page.evaluate(hidden) == [True, True]
    s["table"]["links"] = [dict(x, kind="bot", opened=False) for x in LINKS]
    s["seq"] += 1
    page.evaluate(SHOW, s)
    assert page.evaluate(hidden) == [False, False]
