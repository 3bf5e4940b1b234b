"""The end of a hand and of a game where each player plays for himself (a rules purist's
review, 2026-12-07): three-handed, the sheet's "Defenders +20" summed two players' +10 each,
and a misère's one trick that brought both defenders to 500 was said to bring the winner
there "first"."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import Page

from fivehundred import Game, Rules
from fivehundred.scoring import past_target_words
from fivehundred.web.state import how_won, sheet_json
from fivehundred.web.table import Table

C3 = Rules.preset("classic3")
NAMES = ["You", "West", "East"]


def _hand(bid: str, ok: Callable[[Game], bool], scores: tuple[int, ...] = (0, 0, 0)) -> Game:
    """A classic3 hand the first bidder declares ``bid`` (the others pass), played at random
    to its end, on the first seed where ``ok`` holds of it."""
    for seed in range(2000):
        g = Game(C3, seed=seed, scores=list(scores))
        g.apply(bid)
        while g.phase == "auction":
            g.apply("pass")
        rng = random.Random(seed)
        while g.phase in ("kitty", "call", "play"):
            g.apply(rng.choice(g.legal_actions()))
        if ok(g):
            return g
    raise AssertionError(f"no seed from 0 to 1999 gives such a {bid} hand")


def _misere_taken(g: Game) -> bool:
    """The misère's declarer took one trick, exactly."""
    r = g.hand_results[-1]
    return r.declarer is not None and r.tricks[r.declarer] == 1


def _apart(g: Game) -> bool:
    """The two defenders of a trick contract scored differently."""
    r = g.hand_results[-1]
    return len({p for i, p in enumerate(r.points) if i != C3.side_of[r.declarer or 0]}) == 2


def test_one_trick_that_brings_both_defenders_to_500_is_a_tie() -> None:
    """Both at 490, the declarer's one trick gives each +10: the winner got there on the same
    trick as the other, and the tie's rule said; the status names no "first"."""
    g = _hand("misere", _misere_taken, (490, 490, 490))
    assert g.winner is not None
    words = how_won(g.view(0), NAMES)
    assert "500 first" not in words and "on the same trick as" in words, words
    assert words.endswith("a tie goes to the first from the declarer's left."), words


def test_a_later_trick_still_says_first() -> None:
    """One defender at 490 and the other at 480, the declarer taking two tricks: the first
    there won, first."""
    def two(g: Game) -> bool:
        r = g.hand_results[-1]
        return r.declarer == 0 and r.tricks[0] >= 2
    g = _hand("misere", two, (0, 490, 480))
    words = how_won(g.view(0), NAMES)
    assert "Reached 500 first" in words and "same trick" not in words, words


def test_the_sheet_gives_each_defender_s_points() -> None:
    """Each scored alike: ``defender_each``; apart: none, the sides counted."""
    s = sheet_json(_hand("misere", _misere_taken).view(0), NAMES)
    assert (s["defender_sides"], s["defender_each"], s["defender_points"]) == (2, 10, 20), s
    s = sheet_json(_hand("6S", _apart).view(0), NAMES)
    assert s["defender_sides"] == 2 and s["defender_each"] is None, s


def test_a_player_wins_only_by_his_own_contract() -> None:
    """By own contract, each for himself: a player, not a side."""
    r = Rules.preset("classic3", win="by_own_contract")
    assert past_target_words(r, (100, 520, 0), None, NAMES, 0) == (
        "West is past 500, but a player wins only by making his own contract.")


def _sheet_points(page: Page, g: Game) -> str:
    """The sheet's points box, as the page draws it from the server's state of ``g``."""
    t = Table.new("classic3", C3, "easy", 1)
    t.game = g
    return str(page.evaluate("""async (state) => {
      const { views } = await import('/static/app.js');
      document.getElementById('table').hidden = false;
      views.sheet.render(state, true);
      return document.querySelector('#sheet .sheet-points').innerText;
    }""", t.message(0, set())))


def test_the_sheet_shows_each_defender_s_points(page: Page, server: str) -> None:
    """"Defenders +10 each" (it said "+20"), and "Defenders, together" where they differ."""
    page.goto(server)
    text = _sheet_points(page, _hand("misere", _misere_taken))
    assert "Defenders\n+10 each" in text, text
    text = _sheet_points(page, _hand("6S", _apart))
    assert "Defenders, together" in text, text
