"""The browser game as a demanding player found it: the buttons of the hand's sheet and of the
game's end in sight with a review open, the game's end on a phone on its side, the suit a led
joker names, what a hint's Value counts, and the rules' line of the score plaque on a phone."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize

from browser import (
    DESKTOP,
    PHONES,
    bid_ten,
    click_and_wait,
    play_first_playable,
    play_to_the_sheet,
    seq,
    settle,
    snap,
    start_game,
    viewport_page,
    visible,
    wait_seq_after,
    wait_turn,
)
from fivehundred import Game, View
from fivehundred.web.state import how_won, status_line

SIZES: dict[str, ViewportSize] = {"desk": DESKTOP, "laptop": {"width": 1024, "height": 640},
                                  **PHONES}
"""The windows each layout is checked at: 1280x800, a small laptop, a phone both ways."""


@contextmanager
def page_of(size: str) -> Iterator[Page]:
    """A page at one of ``SIZES`` (a phone's with touch)."""
    with viewport_page(SIZES[size], touch=size in PHONES) as page:
        yield page


FOOT = """(sel) => {
  const card = document.querySelector(`${sel} .modal-card`).getBoundingClientRect();
  const foot = document.querySelector(`${sel} .modal-card > .sheet-actions`);
  const H = document.documentElement.clientHeight;
  return [...foot.querySelectorAll('.btn')].filter((b) => b.offsetParent).map((b) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {id: b.id, name: b.getAttribute('aria-label') || b.textContent, top: r.top,
            bottom: r.bottom, width: r.width, height: r.height,
            inSight: r.top >= card.top - 0.5 && r.bottom <= Math.min(card.bottom, H) + 0.5,
            onTop: !!hit && b.contains(hit)};
  });
}"""
"""JavaScript: the buttons at the foot of the dialog ``sel`` (the hand's sheet, the game's
end), each with its box, whether it is inside the dialog and the window, and whether it is the
one a tap on its middle reaches (nothing of the dialog over it)."""


@pytest.mark.parametrize("size", ["desk", "laptop", "upright", "sideways"])
def test_the_sheet_keeps_its_buttons_in_sight_with_the_review_open(server: str, shots: Path,
                                                                   size: str) -> None:
    """At 1280x800 the review opened on the hand's sheet filled the dialog: NEXT was pushed
    down and the buttons under it off its foot. Every button stays in sight, at every size,
    and NEXT (in a column) is as wide as the widest under it."""
    with page_of(size) as page:
        start_game(page, server, "australian")
        play_to_the_sheet(page)
        page.click("#sheet #review-button")
        page.wait_for_selector("#review-panel .review-head", timeout=60_000)
        settle(page)
        snap(page, shots / f"polish-sheet-review-{size}.jpg")
        buttons: list[dict[str, Any]] = page.evaluate(FOOT, "#sheet")
        assert {b["id"] for b in buttons} >= {"next-button", "review-button"}, buttons
        hidden = [b for b in buttons if not (b["inSight"] and b["onTop"])]
        assert not hidden, f"buttons out of sight at {size}: {hidden}"
        if size != "sideways":                       # (on its side: one row)
            nxt = next(b for b in buttons if b["id"] == "next-button")
            assert all(nxt["width"] >= b["width"] - 0.5 for b in buttons), buttons


def _to_the_game_end(page: Page, server: str) -> None:
    """Bid 10NT and play it (here it fails by more than 500: you fall into the hole)."""
    start_game(page, server, "australian")
    while True:
        wait_turn(page)
        if visible(page, "#bid-panel"):
            bid_ten(page, "NT", wait=True)
        elif visible(page, "#discard-button"):
            cards = page.query_selector_all("#hand .card")
            for c in cards[10 - len(cards):]:
                c.click()
            click_and_wait(page, "#discard-button")
        elif visible(page, "#game-over #new-game-button"):
            return
        else:
            play_first_playable(page)


@pytest.mark.parametrize("size", ["sideways", "desk", "laptop", "upright"])
def test_the_game_end_says_the_winner_once_and_keeps_its_buttons_compact(
        server: str, shots: Path, size: str) -> None:
    """At 844x390 the game's end put its four buttons in two rows (90 px of 390) and said
    "West & East win" over "West & East win the game.": the buttons take one row there (REVIEW
    in short, its name whole), a finger's size; every size keeps them in sight; under the
    title, only how the game was won (here: your side fell into the hole)."""
    with page_of(size) as page:
        _to_the_game_end(page, server)
        settle(page)
        snap(page, shots / f"polish-game-over-{size}.jpg")
        title = page.inner_text("#game-over-title")
        status = page.inner_text("#game-over-status")
        assert title == "West & East win", title
        assert "win" not in status and status.startswith("You & North fell to -"), status
        assert "(the hole is -500)" in status, status
        buttons: list[dict[str, Any]] = page.evaluate(FOOT, "#game-over")
        assert len(buttons) == 4, buttons
        hidden = [b for b in buttons if not (b["inSight"] and b["onTop"])]
        assert not hidden, f"buttons out of sight at {size}: {hidden}"
        assert all(b["height"] >= 32 for b in buttons), buttons
        review = page.get_by_role("button", name="REVIEW AGAINST DOUBLE DUMMY", exact=True)
        assert review.count() == 1 and review.is_visible()
        if size == "sideways":
            assert len({round(b["top"]) for b in buttons}) == 1, f"not one row: {buttons}"
            assert page.inner_text("#review-button").strip() == "REVIEW"
            foot = page.locator("#game-over .sheet-actions").bounding_box()
            assert foot is not None and foot["height"] <= 56, foot
            # the contracts played: their head and a row of them in sight above the foot
            row = page.locator("#game-over .contracts-table tbody tr").first.bounding_box()
            assert row is not None and row["y"] + row["height"] <= foot["y"], (row, foot)


def test_how_the_game_was_won_says_nothing_the_title_says() -> None:
    """Under the winner, the game's end says only what its title does not (the summary's
    ``how``, from the server: the dialog parsed the status line's English), for each
    ending; the status line says the same with the winner."""
    g = Game("australian", seed=1)
    view = g.view(0)
    names = ["You", "West", "North", "East"]

    def ended(scores: tuple[int, ...], winner: int | None) -> View:
        return dataclasses.replace(view, phase="game_over", scores=scores, winner=winner)

    reached = ended((500, 120), 0)
    assert how_won(reached, names) == ""
    assert status_line(reached, names) == "You & North win the game."
    hole = ended((-520, 60), 1)
    assert how_won(hole, names) == "You & North fell to -520 (the hole is -500)."
    assert status_line(hole, names) == ("You & North fell to -520 (the hole is -500): West & "
                                        "East win with 60.")
    assert how_won(ended((0, 0), None), names) == "The game is over."
    six = Game("six_pairs", seed=1).view(0)
    sixes = ["You", "South-West", "North-West", "North", "North-East", "South-East"]
    tie = dataclasses.replace(six, phase="game_over", scores=(-510, 30, 30), winner=1)
    assert how_won(tie, sixes) == (
        "You & North fell to -510 (the hole is -500); won on a tie with North-West & "
        "South-East (a tie goes to the first in seat order (nobody declared the last hand)).")
    assert status_line(tie, sixes).endswith(
        "with 30, tied with North-West & South-East (a tie goes to the first in seat order "
        "(nobody declared the last hand)).")


JOKER_SEED = 1
"""A deal (australian) where you hold the joker."""


@pytest.mark.parametrize("size", ["sideways", "upright", "desk"])
def test_a_led_joker_shows_its_suit_large_on_the_trick_and_in_last_trick(
        server: str, shots: Path, size: str) -> None:
    """You bid 10NT and lead the joker, naming hearts: the suit shows as a chip over the
    card's middle, more than half its width (a badge of a few pixels at its foot was all),
    on the trick and in Last trick."""
    with page_of(size) as page:
        start_game(page, server, "australian", seed=JOKER_SEED)
        while True:
            wait_turn(page)
            if visible(page, "#bid-panel"):
                bid_ten(page, "NT", wait=True)
            elif visible(page, "#discard-button"):
                others = [c for c in page.query_selector_all("#hand .card")
                          if c.get_attribute("data-card") != "JK"]
                for c in others[-3:]:
                    c.click()
                click_and_wait(page, "#discard-button")
            else:
                break
        before = seq(page)
        page.click('#hand .card[data-card="JK"]')
        page.click('#joker-panel button[data-suit="H"]')
        wait_seq_after(page, before)
        # (the bots play at once, and the trick is swept a moment after: looked at while on show)
        page.wait_for_function(CHIP_SHOWN, arg=['#trick .trick-card[data-card="JK:H"]'])
        page.screenshot(path=str(shots / f"polish-joker-{size}.jpg"))
        # the trick played out: Last trick shows it
        page.wait_for_function("!document.getElementById('last-trick-button').disabled",
                               timeout=60_000)
        page.click("#last-trick-button")
        mini = '#last-trick .mini-card[data-card="JK:H"]'
        settle(page)
        snap(page, shots / f"polish-joker-last-trick-{size}.jpg")
        assert page.evaluate(CHIP_SHOWN, [mini]), "the chip in Last trick"


CHIP_SHOWN = """([card]) => {
  const k = document.querySelector(card);
  const e = k && k.querySelector('.joker-suit[data-suit="H"]');
  if (!e) return false;
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.width >= 0.5 * k.getBoundingClientRect().width && r.width >= 20
    && !!hit && e.contains(hit);
}"""
"""JavaScript: whether the card ``card`` shows the hearts a led joker names as a chip more
than half its width, nothing over the chip's middle."""


def test_a_led_joker_is_said_with_its_suit(page: Page, server: str) -> None:
    """A screen reader hears the suit a led joker names in a sentence of its own."""
    start_game(page, server, "australian")
    said = page.evaluate("""async () => {
      const { announceMoves } = await import('/static/announce.js');
      const seats = ['You', 'West', 'North', 'East'].map((name, seat) => ({ seat, name }));
      const state = (trick) => ({ you: 0, status: 'x', sheet: null,
        table: { id: 't', seats },
        view: { hand_number: 0, phase: 'play', auction: [], contract: null, call: null,
                tricks: [], trick } });
      announceMoves(state([]), state([[1, 'JK:H']]));
      return document.getElementById('announce').textContent;
    }""")
    assert said.startswith("West leads the joker and names hearts, to follow."), said


def test_the_hint_says_what_its_value_counts(page: Page, server: str, shots: Path) -> None:
    """The hint's Value column had no unit: its head names it (Points at a bid) and a line
    under the choices says it whole (expected, against a pass); so for a card, a call and the
    Medium bot's own judgement."""
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction" and visible(page, "#bid-panel")
    page.click("#quick-hint")
    page.wait_for_selector("#hint .hint-table", timeout=90_000)
    snap(page, shots / "polish-hint-bid.jpg")
    head = page.inner_text("#hint .hint-table thead th:nth-child(2)")
    caption = page.inner_text("#hint .hint-caption")
    assert head == "Points", head
    assert "expected" in caption and "against a pass" in caption, caption
    shown = page.evaluate("""() => {
      const c = document.querySelector('#hint .hint-table thead th:nth-child(2)')
        .getBoundingClientRect();
      const p = document.getElementById('hint').getBoundingClientRect();
      return c.height > 0 && c.top >= p.top && c.bottom <= p.bottom;
    }""")
    assert shown, "the column's head is in sight in the hint"
    # the words are the server's (bots/hints.py value_words, which the text forms use too)
    from fivehundred.bots.base import Candidate
    from fivehundred.bots.hints import value_words

    def c(action: str, note: str = "", p: float | None = None) -> Candidate:
        return Candidate(action, 1.0, p, note)

    others = [
        value_words([c("AH", "", 0.8), c("KH", "", 0.7)], "play"),
        value_words([c("AH", "wins 40%"), c("KH", "wins 20%")], "play"),
        value_words([c("alone", "own tricks"), c("call AS", "with a partner")], "call"),
        value_words([c("pass", "defend against 7H"), c("7H", "6.5 tricks expected", 0.6)],
                    "auction"),
        value_words([c("5S", "discard 5S 6S 7S"), c("5S", "discard 5S 6S 8S")], "kitty"),
        value_words([c("pass", "the partner's 6C is played: makes 70%"), c("7H", "", 0.8)],
                    "auction"),
    ]
    assert others[0][0] == "Points" and "less the others'" in others[0][1], others
    assert others[1][0] == "Score" and "not points" in others[1][1], others
    assert others[2][0] == "Tricks", others
    assert others[3][0] == "Points" and "pass" not in others[3][1], others
    assert others[4][0] == "Tricks", others     # (a discard's: the page's head says it)
    # over a partner's bid the pass is his contract played, not 0 (it read "by the hand's
    # evaluation" beside the Insane bot's own points)
    assert others[5][0] == "Points" and "the partner's bid played" in others[5][1], others


@pytest.mark.parametrize(("preset", "size"), [("australian", "upright"),
                                             ("six_pairs", "upright"),
                                             ("australian", "sideways")])
def test_the_score_plaque_says_its_rules_whole_on_a_phone(server: str, shots: Path,
                                                         preset: str, size: str) -> None:
    """Upright, the plaque's last line read "Hand 1 · Australian (4 pla…": on a phone it says
    the rules in short, whole (in two lines at most), the full label its title."""
    with page_of(size) as page:
        start_game(page, server, preset)
        wait_turn(page)
        settle(page)
        snap(page, shots / f"polish-plaque-{preset}-{size}.jpg")
        foot = page.evaluate("""() => {
          const e = document.querySelector('#scores .plaque-foot');
          return {text: e.innerText, title: e.title, cut: e.scrollHeight > e.clientHeight + 1
                  || e.scrollWidth > e.clientWidth + 1};
        }""")
        assert not foot["cut"], foot
        assert foot["text"].startswith("Hand 1 · ") and "(" not in foot["text"], foot
        assert foot["title"] in ("Australian (4 players, partners)", "6 players, three pairs")
