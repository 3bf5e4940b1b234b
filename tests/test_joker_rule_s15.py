"""Leading the joker at no trumps, a greyed suit says why (a newcomer's review, 2026-12-07: the
joker's panel greyed a suit you may not name with the words "not allowed now" on hover alone,
which a phone never shows)."""

from __future__ import annotations

import random

from playwright.sync_api import Page

from fivehundred import Game, Rules
from fivehundred.web.state import JOKER_RULE
from fivehundred.web.table import Table


def _joker_lead(preset: str) -> Table:
    """A table of ``preset`` where seat 0 is to lead the joker at no trumps and may not name
    every suit (random legal play, found by seed)."""
    for seed in range(400):
        t = Table.new(preset, Rules.preset(preset), "easy", seed)
        g: Game = t.game
        rng = random.Random(seed)
        while g.phase not in ("hand_over", "game_over"):
            named = [a for a in g.legal_actions() if a.startswith("JK:")]
            if g.to_move == 0 and 0 < len(named) < 4:
                return t
            acts = g.legal_actions()
            if g.phase == "auction":            # (no trumps by seat 0, or a pass)
                acts = [a for a in acts if a.endswith("NT")][:1] if g.to_move == 0 else ["pass"]
                acts = acts or ["pass"]
            g.apply(rng.choice(acts))
    raise AssertionError(f"no {preset} seed from 0 to 399 gives seat 0 such a joker lead")


def test_the_state_says_why_a_suit_may_not_be_named() -> None:
    """The state message's ``joker_rule``: each ``nt_joker``'s rule where a suit is left out,
    null at any other turn."""
    for preset, option in (("australian", "australian"), ("classic3", "classic")):
        t = _joker_lead(preset)
        assert t.message(0, set())["joker_rule"] == JOKER_RULE[option], preset
    assert Table.new("australian", Rules.preset("australian"), "easy", 1).message(0, set())[
        "joker_rule"] is None


def test_the_joker_panel_says_why_a_suit_is_greyed(page: Page, server: str) -> None:
    """The panel opened with two suits left out shows the rule under its question, for the eye
    and (by the suits' description) a screen reader, and greys those suits with it; with all
    four open, no such line."""
    page.goto(server)
    out = page.evaluate("""async (rule) => {
      const { views } = await import('/static/app.js');
      const el = document.getElementById('joker-panel');
      views.joker.open(['JK:S', 'JK:H'], rule);
      const note = el.querySelector('.joker-rule');
      const greyed = [...el.querySelectorAll('button[data-suit]:disabled')].map((b) => b.title);
      const shown = !note.hidden && getComputedStyle(note).display !== 'none';
      const described = el.querySelector('.joker-suits').getAttribute('aria-describedby');
      const first = [note.textContent, shown, greyed, described];
      views.joker.open(['JK:S', 'JK:C', 'JK:D', 'JK:H'], null);
      return [...first, note.hidden];
    }""", JOKER_RULE["classic"])
    words, shown, greyed, described, hidden_after = out
    assert words == f"Greyed: {JOKER_RULE['classic']}." and shown, out
    assert greyed == [f"clubs: {JOKER_RULE['classic']}", f"diamonds: {JOKER_RULE['classic']}"]
    assert described == "joker-rule" and hidden_after, out
