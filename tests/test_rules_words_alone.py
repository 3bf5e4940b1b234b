"""The table's rules in words say a misère is played "alone" only where its declarer would
otherwise have a partner: a side of partners, or the five-handed call (a misère there calls
none).  Each for himself (two or three players) there is nobody to play without."""

from __future__ import annotations

import pytest

from fivehundred import Rules
from fivehundred.console.rules_text import guide_lines, rules_lines
from fivehundred.options import has_partners, rules_json


@pytest.mark.parametrize("preset, alone", [
    ("two_dead_hand", False), ("two_24", False), ("classic3", False),
    ("australian", True), ("classic4", True), ("five_called", True),
    ("six_pairs", True), ("six_threes", True)])
def test_playing_alone_only_where_a_declarer_may_have_a_partner(preset: str, alone: bool) -> None:
    rules = Rules.preset(preset)
    assert has_partners(rules) is alone
    misere = next(o for o in rules_json(rules, preset)["options"]
                  if o["option"] == "misere_allowed")
    assert misere["text"].startswith("Misère (no trick"), misere      # (the browser's dialog)
    assert ("playing alone" in misere["text"]) is alone, (preset, misere["text"])
    said = "\n".join(rules_lines(rules, preset))                      # (the text game's rules)
    assert ("playing alone" in said) is alone, said
    guide = " ".join(guide_lines(rules, width=None))                  # (How to play agrees)
    assert ("playing alone" in guide) is alone, guide


def test_each_for_himself_at_four_with_no_call_has_nobody_to_play_without() -> None:
    """A house table of four each for himself, no partner called: no "alone" either."""
    rules = Rules.preset("australian", teams="none")
    assert not has_partners(rules)
    said = "\n".join(rules_lines(rules, "australian"))
    assert "Misère (no trick) may be bid." in said and "playing alone" not in said, said
