"""A friends' table, the page (a reviewer's evening as three friends): who the next deal waits
on, the seats' badges of any name, a friend who has left shown on a phone, the reconnecting
chip clear of the plaques, right-to-left names isolated, the name dialog's help and limit.

A local table stands in for the friends' (its states are given the friends' seats and names
and put through the page's own onState, as a server's would come): what is tested is how the
page draws what the server says (docs/protocol.md), which test_web_friends_fixes.py tests.
The fixtures are in conftest.py, the helpers in browser.py.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from browser import PHONES, phone_page, play_to_the_sheet, start_game, wait_turn

SHOW = "async (s) => (await import('/static/render-state.js')).onState(s)"
"""JavaScript: show a state as the page shows the server's."""

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def state(page: Page) -> dict[str, Any]:
    """The last state the page showed."""
    s: dict[str, Any] = page.evaluate("window.fivehundred.app.state")
    return s


def as_friends(s: dict[str, Any], names: list[str] = NAMES,
               away: tuple[int, ...] = ()) -> dict[str, Any]:
    """``s`` as at a table with friends: every seat a human's, named ``names``, the seats in
    ``away`` left."""
    s["table"]["friends"] = True
    for seat, name in zip(s["table"]["seats"], names, strict=False):
        seat.update(name=name, kind="human", strength=None, connected=seat["seat"] not in away)
    return s


def show(page: Page, s: dict[str, Any]) -> None:
    page.evaluate(SHOW, s)


def test_the_sheet_says_who_the_next_deal_waits_on(page: Page, server: str) -> None:
    """After NEXT the sheet said "Waiting for the other players…" even when only Cat was left:
    now it names them (table.waiting_for), and Cat, the last, reads that the others wait."""
    start_game(page, server, "australian")
    play_to_the_sheet(page)
    s = as_friends(state(page))
    note = "#sheet-wait"
    s["table"]["waiting_for"] = [0, 1, 2, 3]            # nobody has pressed yet
    show(page, s)
    assert page.is_hidden(note) and page.is_enabled("#next-button")
    s["table"]["waiting_for"] = [2, 1]                  # Ann (you) and Dan have pressed
    show(page, s)
    assert page.inner_text(note) == "Waiting for Cat and Bob…"
    assert page.is_disabled("#next-button")
    s["table"]["waiting_for"] = [2]
    show(page, s)
    assert page.inner_text(note) == "Waiting for Cat…"
    s["you"] = 2                                         # Cat's own sheet: the others wait
    s["table"]["waiting_for"] = [2]
    show(page, s)
    assert page.is_enabled("#next-button")
    assert page.inner_text(note) == "The others are waiting for you"
    s["table"]["seats"][1]["connected"] = False          # only Ann and Cat are left
    s["table"]["seats"][3]["connected"] = False
    show(page, s)
    assert page.inner_text(note) == "Ann is waiting for you"


BADGES = """() => [...document.querySelectorAll('.seat .avatar')].map((a) => ({
  text: a.textContent,
  fits: a.scrollWidth <= a.clientWidth && a.scrollHeight <= a.clientHeight}))"""


def test_a_badge_is_a_letter_or_two_of_any_name(server: str) -> None:
    """A name "🃏 Cat …" gave the badge half an emoji (drawn "�C"), "Bartholomew the Magn"
    three letters that overflowed the circle, "<b>Bob</b>" a "<": now its letters' first,
    two at most, inside the circle."""
    with phone_page("upright") as page:
        start_game(page, server, "australian")
        wait_turn(page)
        show(page, as_friends(state(page), ["You", "🃏 Cat …", "Bartholomew the Magn",
                                            "<b>Bob</b>"]))
        badges = page.evaluate(BADGES)
        assert [b["text"] for b in badges] == ["Y", "C", "BM", "B"], badges
        assert all(b["fits"] for b in badges), badges
        short = page.evaluate("""async () => (await import('/static/util.js'))
            .shortNames(['🃏🃏', 'Ann', 'Anna', 'North-West', '7 Up', 'Émile'])""")
        assert short == ["🃏", "An", "An", "NW", "7U", "É"], short


def test_a_phone_shows_a_friend_who_has_left(server: str) -> None:
    """Bob closed his tab at his turn: the host's desk read "away" on his seat, Cat's phone
    nothing ("Bob to play", his seat like any other). Now the phone's seat says it too."""
    with phone_page("upright") as page:
        start_game(page, server, "australian")
        wait_turn(page)
        seat = '.seat[data-seat="1"]'
        show(page, as_friends(state(page)))
        assert page.is_hidden(f"{seat} .sub")
        show(page, as_friends(state(page), away=(1,)))
        assert page.is_visible(f"{seat} .sub") and page.inner_text(f"{seat} .sub") == "away"
        assert "away" in (page.get_attribute(seat, "class") or "")
        box = page.locator(f"{seat} .sub").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box


BOXES = """(ids) => ids.map((id) => {
  const r = document.getElementById(id).getBoundingClientRect();
  return {id, top: r.top, bottom: r.bottom, left: r.left, right: r.right};
})"""


def test_on_a_phone_the_reconnecting_chip_covers_no_plaque(server: str) -> None:
    """ "Connection lost: reconnecting…" sat at the top, over the score and contract plaques of
    a phone: now it stands clear of them and of the status line, on the screen."""
    for phone, size in PHONES.items():
        with phone_page(phone) as page:
            start_game(page, server, "australian")
            wait_turn(page)
            page.context.set_offline(True)
            page.wait_for_selector("#conn-banner:not([hidden])", timeout=5000)
            chip, *others = page.evaluate(BOXES, ["conn-banner", "scores", "contract", "status"])
            for o in others:
                assert chip["bottom"] <= o["top"] or chip["top"] >= o["bottom"] \
                    or chip["right"] <= o["left"] or chip["left"] >= o["right"], (phone, chip, o)
            assert chip["top"] >= 0 and chip["bottom"] <= size["height"], (phone, chip)
            page.context.set_offline(False)


AT = """([sel, text]) => {
  // where ``text`` is drawn in the first element ``sel`` finds (its characters' left edge)
  const root = document.querySelector(sel);
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const i = n.data.indexOf(text);
    if (i < 0) continue;
    const r = document.createRange();
    r.setStart(n, i);
    r.setEnd(n, i + text.length);
    return r.getBoundingClientRect().left;
  }
  return null;
}"""


def test_a_right_to_left_name_reorders_nothing_around_it(page: Page, server: str) -> None:
    """A friend named "דן" (Hebrew, read right to left): the sheet's line "East & דן: 3 tricks,
    +30" was drawn "East & 3 :דן tricks", the number before the name; each name is isolated
    now, and the side's label, the line and the status read in their order."""
    start_game(page, server, "australian")
    play_to_the_sheet(page)
    s = as_friends(state(page), ["Ann", "East", "Bob", "דן"])
    s["sheet"]["number"] += 1                              # (a sheet drawn afresh)
    s["table"]["side_names"] = ["Ann & Bob", "East & דן"]
    s["sheet"]["lines"] = ["East & דן: 3 tricks, +30"]
    s["status"] = "דן 3 tricks"
    show(page, s)
    line = "#sheet-lines li"
    assert page.evaluate(AT, [line, "דן"]) < page.evaluate(AT, [line, "3 tricks"])
    assert page.evaluate(AT, [line, "East"]) < page.evaluate(AT, [line, "דן"])
    assert page.evaluate(AT, ["#status", "דן"]) < page.evaluate(AT, ["#status", "3 tricks"])
    row = ".sheet-table tbody tr:nth-child(2) td"
    assert page.evaluate(AT, [row, "East"]) < page.evaluate(AT, [row, "דן"])
    assert page.locator("#scores bdi", has_text="דן").count() == 1


def test_the_name_dialog_says_who_you_are_under_the_field_and_its_limit(server: str) -> None:
    """"The others see you as West." was squeezed beside the field, a narrow grey column of
    two lines; a name over 20 characters was cut without a word. Now the help is under the
    field, and a count of its characters says the limit once it is reached."""
    for phone in PHONES:
        with phone_page(phone) as page:
            start_game(page, server, "australian")
            wait_turn(page)
            page.evaluate("import('/static/dialogs.js').then((m) => { m.nameDialog('West', ''); })")
            page.wait_for_selector("#name-dialog:not([hidden])")
            field, now = page.evaluate(BOXES, ["name-input", "name-now"])
            assert now["top"] >= field["bottom"], (field, now)
            assert page.inner_text("#name-now") == "The others see you as West."
            assert now["bottom"] - now["top"] < 24, now        # one line
            assert page.inner_text("#name-count") == "0/20"
            page.fill("#name-input", "Bartholomew the Magnificent")
            assert page.input_value("#name-input") == "Bartholomew the Magn"
            assert page.inner_text("#name-count") == "20 characters at most"
            page.keyboard.press("Escape")
            page.wait_for_selector("#name-dialog", state="hidden")
