"""A rules purist's bad ``--rules``: a pack with too few cards was refused without the pack
that the hands need (and a dead hand's third hand unexplained), and an option that means
nothing at the table (the joker's rule without a joker, a misère's value where misère may
not be bid) was taken by the terminal games, and named among the table's house rules,
where the browser's new-game form refuses it."""

from __future__ import annotations

import pytest

from fivehundred import Rules
from fivehundred.cli import _table_rules_arg, main
from fivehundred.errors import RulesError


@pytest.mark.parametrize(("preset", "overrides", "hint"), [
    ("six_pairs", {"deck": "53"}, "with 6 hands dealt, use the 63-card pack"),
    ("five_called", {"deck": "43"}, "with 5 hands dealt, use the 53-card pack"),
    ("two_dead_hand", {"deck": "24"},
     "with 3 hands dealt (two players and the dead hand), use the 33-card pack"),
])
def test_too_few_cards_names_the_pack_the_hands_need(preset: str, overrides: dict[str, str],
                                                     hint: str) -> None:
    with pytest.raises(RulesError) as e:
        Rules.preset(preset, **overrides)
    assert str(e.value).endswith(f"and a kitty: {hint}"), str(e.value)


@pytest.mark.parametrize(("rules", "words"), [
    ("fivehundred(preset=two_24,nt_joker=australian)",
     "option nt_joker means nothing here: this pack has no joker"),
    ("fivehundred(preset=australian,misere_allowed=false,misere_value=300)",
     "option misere_value means nothing here: misère may not be bid"),
    ("fivehundred(preset=classic3,open_misere_allowed=false,open_misere_reveal=before_lead)",
     "option open_misere_reveal means nothing here: open misère may not be bid"),
])
@pytest.mark.parametrize("command", [["play", "--text"], ["tui"]])
def test_a_game_refuses_an_option_that_means_nothing_at_its_table(
        command: list[str], rules: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main([*command, "--rules", rules])
    assert e.value.code == 2
    assert f"argument --rules: {words}\n" in capsys.readouterr().err


def test_the_options_that_count_are_still_taken() -> None:
    """A house rule that counts is taken, and so is one written at the preset's own value
    (two_24's pack has no joker; its nt_joker is the preset's, classic)."""
    text = "fivehundred(preset=two_24,misere_allowed=false,target=300,nt_joker=classic)"
    rules = _table_rules_arg(text)
    assert rules == Rules.preset("two_24", misere_allowed=False, target=300)
    assert rules.house_rules() == ["misere_allowed", "target"]
