"""The lobby's misère rank and worth: a player typing a misère worth 300 read "Above 8♠" beside
"Misère ranks" and could think its rank followed its worth (it does not: docs/rules.md). The
rank's row says "at any worth", and the worth's and the rank's descriptions (options.py, the
one source of the lobby's words, its tooltips and a screen reader's descriptions) say so.
The fixtures are in conftest.py, the helpers in browser.py.
"""

from __future__ import annotations

import pytest

from browser import PHONES, phone_page
from fivehundred.options import rules_json, toggles_json
from fivehundred.rules import Rules


@pytest.mark.parametrize(("value", "rank"), [("misere_value", "misere_rank"),
                                             ("open_misere_value", "open_misere_rank")])
def test_the_worth_and_the_rank_say_the_rank_stays(value: str, rank: str) -> None:
    """Each misère's worth says it does not move the bid ("its worth does not change where it
    ranks in the bidding"); its rank's label and text say the rank holds whatever it is
    worth."""
    toggles = {t["option"]: t for t in toggles_json()}
    stays = "does not change where it ranks in the bidding"
    assert stays in toggles[value]["text"], toggles[value]
    assert toggles[rank]["label"].endswith(", at any worth"), toggles[rank]
    assert "whatever it is worth" in toggles[rank]["text"], toggles[rank]
    # (the table's rules dialog says it of the worth too)
    rows = {o["option"]: o for o in rules_json(Rules.preset("australian"), "australian")["options"]}
    assert stays in rows[value]["text"], rows[value]


def test_a_phone_lobby_shows_the_rank_at_any_worth(server: str) -> None:
    """On a phone upright, the misère rows of the house rules: the rank's label in sight whole
    (wrapped, not cut: a phone shows no tooltip), and the worth's and the rank's fields
    described by the words that say the rank stays."""
    with phone_page("upright") as page:
        page.goto(server)
        page.wait_for_selector("#lobby button#play")
        page.click("#house-rules summary")
        for rank in ("misere_rank", "open_misere_rank"):
            label = page.locator(f"label[for='opt-{rank}'] .toggle-label")
            assert label.inner_text().endswith(", at any worth")
            fits = label.evaluate("(e) => e.scrollWidth <= e.clientWidth")
            assert fits, rank
        for option, words in (("misere_value", "does not change where it ranks in the bidding"),
                              ("misere_rank", "whatever it is worth"),
                              ("open_misere_rank", "whatever it is worth")):
            described = page.locator(f"#opt-{option}").evaluate(
                "(e) => document.getElementById(e.getAttribute('aria-describedby')).textContent")
            assert words in described, (option, described)
        width = PHONES["upright"]["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
