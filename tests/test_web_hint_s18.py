"""The hint and the review for a newcomer and a screen reader (a review of both): a
defender's hint names the declarer's chances under its table as its column does ("Makes:"
under "Declarer makes"); the advice and its reason are heard as two ("Pass no bid is worth
more…" ran on); the review says why it may mark the hint's advice as a mistake, and the
focus comes to its heading, before its summary."""

from __future__ import annotations

from playwright.sync_api import Page

from browser import DESKTOP, start_game, viewport_page, wait_turn
from fivehundred.bots.base import Candidate, Decision
from fivehundred.bots.hints import MAKES_WORDS, format_hint, value_words
from fivehundred.web.table import Table
from test_web_history import _open_finished

SHOW = """async ([msg, phase, defending]) => {
  const { views } = await import('/static/app.js');
  views.hint.show(msg, phase, defending);
  const el = document.getElementById('hint');
  const words = el.querySelector('.hint-words');
  const out = {
    caption: (el.querySelector('.hint-caption') || {}).textContent ?? null,
    head: [...el.querySelectorAll('.hint-table thead th')].map((e) => e.textContent),
    heard: [...el.querySelectorAll('.hint-words, .hint-reason')].map((e) => e.textContent).join(''),
    height: words.getBoundingClientRect().height,
    shown: words.innerText,
  };
  views.hint.hide();
  return out;
}"""
"""JavaScript: a hint shown as the server sends it (``msg``), what it says, then hidden."""


def test_a_defenders_hint_names_the_declarers_chances_under_its_table(page: Page,
                                                                      server: str) -> None:
    """A defender's column says "Declarer makes"; the line under the table said "Makes:", in
    every front end: the words are the server's (``value_words``, the text forms' too), and
    the page shows them as they come (it rewrote them itself, the text forms did not)."""
    cands = [Candidate("KS", 12.0, 0.4), Candidate("QS", 3.0, 0.3)]
    unit, mine = value_words(cands, "play")
    _, theirs = value_words(cands, "play", defending=True)
    assert mine.endswith("; " + MAKES_WORDS), mine
    assert theirs.endswith("; Declarer makes" + MAKES_WORDS[5:]), theirs
    assert format_hint(Decision("KS", tuple(cands)), defending=True).endswith(theirs)
    start_game(page, server, "australian")
    wait_turn(page)

    def msg(words: str) -> dict[str, object]:
        return {"action": "KS", "reason": "", "value_unit": unit, "value_words": words,
                "candidates": [{"action": c.action, "value": c.value, "note": c.note,
                                "make_probability": c.make_probability} for c in cands]}

    defence = page.evaluate(SHOW, [msg(theirs), "play", True])
    assert defence["head"][-1] == "Declarer makes" and defence["caption"] == theirs, defence
    declarer = page.evaluate(SHOW, [msg(mine), "play", False])
    assert declarer["head"][-1] == "Makes" and declarer["caption"] == mine, declarer


def test_the_advice_and_its_reason_are_heard_apart(page: Page, server: str) -> None:
    """The advice (bold) and its reason ran together for a screen reader: a stop heard
    between them, not seen (the advice's line as high as without it)."""
    start_game(page, server, "australian")
    wait_turn(page)
    why = "no bid is worth more than a pass: the likeliest, 7♥, makes on 21%"
    said = page.evaluate(SHOW, [{"action": "pass", "reason": why, "candidates": []},
                                "auction", False])
    bare = page.evaluate(SHOW, [{"action": "pass", "candidates": []}, "auction", False])
    assert said["heard"] == f"Pass: {why}", said
    assert bare["heard"] == "Pass", bare
    assert said["height"] == bare["height"], (said, bare)
    hidden = page.evaluate("""async () => {
      const { views } = await import('/static/app.js');
      views.hint.show({ action: 'pass', reason: 'x', candidates: [] }, 'auction');
      const stop = document.querySelector('#hint .hint-words .sr-only');
      const r = stop.getBoundingClientRect();
      views.hint.hide();
      return r.width <= 1 && r.height <= 1;
    }""")
    assert hidden


def test_the_review_is_read_from_its_heading(finished: tuple[str, Table]) -> None:
    """REVIEW by the keyboard: the focus goes to the review's heading (it went to the "Your
    cards" toggle, past the summary), Tab on to the toggles."""
    url, t = finished
    with viewport_page(DESKTOP) as page:
        _open_finished(page, url, t)
        page.focus("#game-over #review-button")
        page.keyboard.press("Enter")
        page.wait_for_selector("#review-panel .review-head", timeout=60_000)
        page.wait_for_function("document.activeElement.tagName === 'H3'", timeout=5_000)
        title = page.evaluate("document.activeElement.textContent")
        assert title.endswith("against double dummy"), title
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "review-mine"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "review-every"


def test_the_review_says_why_the_hint_may_differ(finished: tuple[str, Table]) -> None:
    """The review says, once, that the hint does not see the hidden cards double dummy sees (a
    newcomer read the hint's advice marked as a mistake as the hint being wrong), after what
    double dummy means and without saying that twice."""
    url, t = finished
    with viewport_page(DESKTOP) as page:
        _open_finished(page, url, t)
        page.click("#game-over #review-button")
        page.wait_for_selector("#review-panel .review-head", timeout=60_000)
        for mode in ("mine", "every"):
            page.click(f"#review-{mode}")
            page.wait_for_selector(f"#review-{mode}[aria-pressed=true]", timeout=60_000)
            notes = page.locator("#review-panel :text('the hint and the bots choose')")
            assert notes.count() == 1, mode
            note = notes.inner_text()
            assert note.startswith("The hint and the bots choose without seeing the hidden "
                                   "cards") and "hint advised" in note, note
            # after what double dummy means, not a second saying of it (a fresh read)
            meaning = page.inner_text("#review-panel .review-meaning")
            assert meaning.count("Double dummy") == 1 and "every card" not in note, meaning
