"""The rules dialog says what holds at the table (``options.rules_json``, shown by the
browser and the terminal table alike): a switch's line follows its value, a choice's words
and line follow the choice, and an option that means nothing at the table says why."""

from __future__ import annotations

from typing import Any

import pytest

from fivehundred.errors import RulesError
from fivehundred.options import (
    OPTION_TEXT,
    SWITCH_TEXT,
    rules_json,
)
from fivehundred.rules import CHOICES, PRESET_NAMES, Rules


def options(rules: Rules) -> dict[str, dict[str, Any]]:
    return {o["option"]: o for o in rules_json(rules, "classic3")["options"]}


def rules_with(option: str, value: object) -> Rules:
    """The first preset (in ``PRESET_NAMES``'s order) that takes ``option=value``: a dead
    hand needs two players, a called partner five, pairs six."""
    for preset in PRESET_NAMES:
        try:
            return Rules.preset(preset, **{option: value})
        except RulesError:
            continue
    raise AssertionError(f"no preset takes {option}={value!r}")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_option_is_named_and_its_value_put_in_words(preset: str) -> None:
    got = options(Rules.preset(preset))
    assert list(got) == list(OPTION_TEXT)
    for o in got.values():
        assert o["name"] and o["words"] and o["text"], o
        assert "_" not in o["words"], o                  # words, not the rules string's token


@pytest.mark.parametrize("option", [o for o in SWITCH_TEXT if o != "open_misere_allowed"])
def test_a_switchs_line_follows_its_value(option: str) -> None:
    lines = {}
    for value in (True, False):
        o = options(rules_with(option, value))[option]
        assert o["value"] == ("true" if value else "false") and o["words"] == \
            ("yes" if value else "no")
        lines[value] = o["text"]
    assert lines[True] == SWITCH_TEXT[option][0] and lines[False] == SWITCH_TEXT[option][1]
    assert lines[True] != lines[False]


def test_misere_stops_when_taken_no_says_it_is_played_out() -> None:
    o = options(Rules.preset("classic3"))["misere_stops_when_taken"]
    assert o["value"] == "false" and "played out to the last trick" in o["text"]


@pytest.mark.parametrize("option", ["teams", "auction", "misere_rank", "open_misere_rank",
                                    "open_misere_reveal", "all_pass", "opening_lead",
                                    "nt_joker", "slam", "defender_trick_points", "win",
                                    "misere_defender_points", "first_dealer"])
def test_each_value_of_a_choice_has_its_own_words_and_line(option: str) -> None:
    seen: dict[str, tuple[str, str]] = {}
    for value in CHOICES[option]:
        o = options(rules_with(option, value))[option]
        seen[value] = (o["words"], o["text"])
    words = [w for w, _ in seen.values()]
    lines = [t for _, t in seen.values()]
    assert len(set(words)) == len(words) and len(set(lines)) == len(lines), seen


def test_the_slam_bonus_says_it_starts_at_eight_clubs() -> None:
    o = options(Rules.preset("classic3", slam="bonus_equal_to_bid"))["slam"]
    assert "8♣" in o["words"] and "8♣" in o["text"] and "price alone" in o["text"]


def test_options_that_mean_nothing_at_the_table_say_why() -> None:
    no_misere = options(Rules.preset("australian", misere_allowed=False))
    for option in ("misere_value", "misere_rank", "misere_needs_seven",
                   "misere_stops_when_taken", "misere_defender_points"):
        assert no_misere[option]["off"] == "misère may not be bid", option
    for option in ("open_misere_value", "open_misere_rank", "open_misere_reveal"):
        assert no_misere[option]["off"] == "open misère may not be bid", option
    assert no_misere["misere_allowed"]["off"] is None
    closed_only = options(Rules.preset("australian", open_misere_allowed=False))
    assert closed_only["misere_value"]["off"] is None
    assert closed_only["open_misere_rank"]["off"] == "open misère may not be bid"
    assert closed_only["open_misere_allowed"]["text"] == SWITCH_TEXT["open_misere_allowed"][1]
    assert options(Rules.preset("two_24"))["nt_joker"]["off"] == "this pack has no joker"
    assert options(Rules.preset("classic3"))["call_partner"]["off"]
    assert options(Rules.preset("five_called"))["call_partner"]["off"] is None
    # four or six each for himself may call a partner too (the engine plays the call there)
    for players, deck in ((4, "43"), (6, "63")):
        called = Rules(players=players, deck=deck, teams="none", call_partner=True,
                       deal_pattern="10-k3")
        assert options(called)["call_partner"]["off"] is None, players
        assert rules_json(called, called.nearest_preset())["label"] == (
            f"House rules: {players} players, a called partner")
    everything = options(Rules.preset("australian"))
    assert not [o for o in everything.values() if o["off"]
                and o["option"] not in ("dead_hand", "call_partner")]


def test_the_opening_leads_help_is_true_at_the_dead_hand_table_and_in_misere() -> None:
    """It said "the player on the dealer's left", where two-handed the hand at the dealer's
    left is the dead one (RULES.md §3): eldest is the non-dealer, and a misère's sitting-out
    eldest is passed over; the engine (``tricks.opening_leader``) does both."""
    from fivehundred.tricks import opening_leader
    two = Rules.preset("two_dead_hand", opening_lead="eldest")
    assert opening_leader(two, 0, 0) == 1                       # the non-dealer
    pairs = Rules.preset("six_pairs", opening_lead="eldest")
    assert opening_leader(pairs, 0, 4, misere=True) == 2        # 1, 4's partner, sits out
    text = OPTION_TEXT["opening_lead"]
    assert "two-handed with a dead hand, the non-dealer" in text
    assert "next in play after him if he sits out a misère" in text
