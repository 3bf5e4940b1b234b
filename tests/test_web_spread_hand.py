"""A hand spread face up at a seat (open misère), read by its defenders on any screen.

A reviewer's six friends on a phone: South-West's open misère went down as a strip of ten
cards 40 px wide, 14 px apart, in the room of a seat's backs; only the ranks showed, the suits
barely (defending an open misère is reading that hand), and at a seat on top the strip ran off
the screen and over the next seats. Now the cards are as wide as their corners read, in two
rows where a seat's room across is short (each row showing down to its corners, the rest
tucked under the plaque), and the trick is drawn closer where that leaves it less room.

A local table stands in for the declarer's friends: its state, at your turn to follow a trick
the others have played, is given a hand spread face up at each other seat in turn and put
through the page's own onState, as a server's would come (what the server sends is
test_web_review_fixes.py's). The probes are in layout_probes.py, the helpers in browser.py.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from browser import DESKTOP, PHONES, settle, start_game, take_turn, viewport_page, wait_turn
from layout_probes import CORNER_TYPE_MIN, LAYOUT_PROBLEMS, unreadable_spread

PRESETS = {2: "two_24", 3: "classic3", 4: "australian", 5: "five_called", 6: "six_pairs"}

SPREAD = {
    2: ["AS", "KS", "10S", "AH", "9H", "QC", "JC", "9D", "KD"],
    3: ["JK", "AS", "10S", "7S", "KH", "8H", "5C", "QD", "6D", "5D"],
    4: ["JK", "AS", "10S", "7S", "KH", "8H", "5C", "QD", "6D", "5D"],
    5: ["JK", "AS", "10S", "7S", "KH", "8H", "5C", "QD", "6D", "5D"],
    6: ["JK", "AS", "12S", "10S", "7S", "13H", "11H", "8H", "5C", "QD"],
}
"""The hand spread at a seat: ten cards (the reveal "at once", before the first trick), the
widest ranks ("10", "12", "13") and the joker among them."""

TRICK = ["9S", "9C", "9D", "9H", "8C"]
"""The cards the others have played to the trick, in their order after you."""

SHOW = "async (s) => (await import('/static/render-state.js')).onState(s)"
"""JavaScript: show a state as the page shows the server's."""


def spread_at(base: dict[str, Any], k: int, seq: int) -> dict[str, Any]:
    """``base`` (a state at your turn in the play) with the open misère of the seat ``k``
    places after you, its hand spread face up, and the others' cards on the trick."""
    s = copy.deepcopy(base)
    v = s["view"]
    n = s["table"]["players"]
    seat = (s["you"] + k) % n
    v["exposed"] = [[seat, SPREAD[n]]]
    v["hand_sizes"][seat] = len(SPREAD[n])
    if v["contract"]:
        v["contract"].update(declarer=seat, bid="open-misere")
    others = [(s["you"] + j) % n for j in range(1, n)]
    v["trick"] = [[o, TRICK[i]] for i, o in enumerate(others)]
    v["to_move"] = s["you"]
    s["seq"] = seq
    return s


def at_play(page: Page, server: str, players: int) -> dict[str, Any]:
    """A table of ``players`` at your first turn in the play (everyone passing or bidding as
    the bots do); its state."""
    start_game(page, server, PRESETS[players])
    while (phase := wait_turn(page)) != "play":
        take_turn(page, phase)
    state: dict[str, Any] = page.evaluate("window.fivehundred.app.state")
    return state


def spread_problems(page: Page, state: dict[str, Any],
                    type_min: float = CORNER_TYPE_MIN) -> list[str]:
    """Shown ``state``: what covers what on the table, and each spread card whose corner does
    not read (its rank's type under ``type_min`` px)."""
    page.evaluate(SHOW, state)
    settle(page, 400)
    found: list[str] = page.evaluate(LAYOUT_PROBLEMS)["out"]
    return found + unreadable_spread(page, type_min)


SMALLEST = {(6, "small sideways"): 8.5}
"""Where a readable corner does not fit, the least type the spread keeps: six players on a
phone of 740x360 on its side give a seat on top 80 px across between the plaques, and two rows
of five cards in 11 px type need 104, so its cards are drawn 40 px wide (8.8 px type), every
corner still whole and uncovered."""


SIZES = {"upright": PHONES["upright"], "sideways": PHONES["sideways"], "desk": DESKTOP,
         "small": {"width": 360, "height": 640}, "small sideways": {"width": 740, "height": 360}}
"""The phones of browser.py, a laptop's window, and the small phones test_web_small_phones.py
lays out (upright, the trick is drawn closer there below a spread in two rows)."""


@pytest.mark.parametrize(("players", "size"), [
    (4, "upright"), (5, "upright"), (6, "upright"),
    (4, "sideways"), (5, "sideways"), (6, "sideways"),
    (4, "desk"), (6, "desk"), (6, "small"), (5, "small sideways"),
    (6, "small sideways"),
])
def test_a_spread_hand_reads_at_every_seat(server: str, shots: Path, players: int,
                                           size: str) -> None:
    """At each seat in turn, a hand spread face up: every card's rank and suit in type of 11 px
    at least, wholly in sight (no card, row, plaque, seat or trick card over it), and nothing
    covering anything else on the table: the seats, the trick, the plaques, the status line
    and your hand. (On a phone upright the spread's cards were 40 px wide, their corners in
    8.8 px type; on its side 30 px; at a seat on top the strip ran off the screen.)  The
    smallest phone on its side with six players keeps 8.5 px at the least (``SMALLEST``)."""
    with viewport_page(SIZES[size], touch=size != "desk") as page:
        base = at_play(page, server, players)
        found: dict[int, list[str]] = {}
        for k in range(1, players):
            state = spread_at(base, k, base["seq"] + k)
            problems = spread_problems(page, state,
                                       SMALLEST.get((players, size), CORNER_TYPE_MIN))
            if problems:
                found[k] = problems
            page.screenshot(path=str(shots / f"spread-{players}-{size.replace(' ', '-')}-{k}.png"))
        assert not found, found


@pytest.mark.parametrize("players", [2, 3])
def test_a_spread_hand_reads_two_and_three_handed_on_a_phone(server: str, players: int) -> None:
    """Two- and three-handed too, upright, where the seats share the row below the plaques."""
    with viewport_page(PHONES["upright"], touch=True) as page:
        base = at_play(page, server, players)
        for k in range(1, players):
            assert spread_problems(page, spread_at(base, k, base["seq"] + k)) == [], k


SPREAD_BOX = """() => [...document.querySelectorAll('.seat-cards')].map((b) => ({
  seat: b.closest('.seat').dataset.seat, exposed: b.classList.contains('exposed'),
  tucked: b.classList.contains('tucked'), rows: b.dataset.rows || null,
  style: b.getAttribute('style')}))"""


def test_a_spread_in_two_rows_and_the_backs_after_it(server: str) -> None:
    """Six-handed on a phone upright, the seat across (North, on top, its share of the row a
    third of the width) spreads its ten cards in two rows of five, tucked under its plaque;
    once the spread is gone (the next hand), the seat's backs take none of its size."""
    with viewport_page(PHONES["upright"], touch=True) as page:
        base = at_play(page, server, 6)
        north = (base["you"] + 3) % 6
        page.evaluate(SHOW, spread_at(base, 3, base["seq"] + 1))
        settle(page, 400)
        boxes = {b["seat"]: b for b in page.evaluate(SPREAD_BOX)}
        assert boxes[str(north)]["exposed"] and boxes[str(north)]["tucked"], boxes
        assert boxes[str(north)]["rows"] == "2", boxes
        tops = page.eval_on_selector_all(
            f'.seat[data-seat="{north}"] .mini-card', "cs => cs.map((c) => c.style.top)")
        assert tops == ["0px"] * 5 + [tops[5]] * 5 and tops[5] != "0px", tops
        later = copy.deepcopy(base)
        later["seq"] = base["seq"] + 2
        page.evaluate(SHOW, later)
        settle(page, 400)
        box = {b["seat"]: b for b in page.evaluate(SPREAD_BOX)}[str(north)]
        assert not box["exposed"] and not box["tucked"] and box["rows"] is None, box
        assert "width" not in (box["style"] or "") and "--exposed-w" not in (box["style"] or "")
