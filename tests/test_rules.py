"""Rules: presets, every option, the canonical string, and contradictions rejected."""

from __future__ import annotations

import dataclasses

import pytest

from fivehundred import Game, IllegalActionError, Rules, RulesError
from fivehundred.rules import CHOICES, PRESET_NAMES, option_text

PRESET_TABLE = {
    # preset: (players, deck, teams, kitty, auction, misere_rank, open value, all_pass,
    #          nt_joker, win)
    "australian": (4, "43", "two", 3, "rounds", "after_sevens", 500, "redeal",
                   "australian", "by_own_contract"),
    "classic3": (3, "33", "none", 3, "rounds", "by_value", 520, "play_no_trumps",
                 "classic", "reach_500_any_way"),
    "classic4": (4, "43", "two", 3, "rounds", "by_value", 520, "play_no_trumps",
                 "classic", "reach_500_any_way"),
    "two_dead_hand": (2, "33", "none", 3, "rounds", "by_value", 520, "play_no_trumps",
                      "classic", "reach_500_any_way"),
    "two_24": (2, "24", "none", 4, "single", "by_value", 520, "play_no_trumps",
               "classic", "reach_500_any_way"),
    "five_called": (5, "53", "none", 3, "rounds", "by_value", 520, "redeal",
                    "classic", "reach_500_any_way"),
    "six_pairs": (6, "63", "pairs", 3, "rounds", "after_sevens", 500, "redeal",
                  "australian", "by_own_contract"),
    "six_threes": (6, "63", "two", 3, "rounds", "after_sevens", 500, "redeal",
                   "australian", "by_own_contract"),
}


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_matches_rules_md_table(name: str) -> None:
    r = Rules.preset(name)
    (players, deck, teams, kitty, auction, misere_rank, open_value, all_pass, nt_joker,
     win) = PRESET_TABLE[name]
    assert (r.players, r.deck, r.teams, r.kitty_size, r.auction) == (
        players, deck, teams, kitty, auction)
    assert (r.misere_rank, r.open_misere_value, r.all_pass, r.nt_joker, r.win) == (
        misere_rank, open_value, all_pass, nt_joker, win)
    assert r.misere_value == 250
    assert r.deck_size == int(deck)


def test_australian_is_the_default_and_its_options() -> None:
    r = Rules.preset()
    assert r == Rules() == Rules.preset("australian")
    assert r.deal_pattern == "3-k1-4-k1-3-k1"
    assert r.misere_needs_seven and r.misere_stops_when_taken
    assert r.misere_defender_points == "none"
    assert r.open_misere_rank == "after_10D"
    assert r.first_dealer == "random"
    assert r.sides == ((0, 2), (1, 3))


def test_classic_misere_options() -> None:
    r = Rules.preset("classic3")
    assert r.misere_defender_points == "ten_per_declarer_trick"
    assert not r.misere_stops_when_taken
    assert r.open_misere_rank == "top"
    assert r.first_dealer == "cut"
    assert r.deal_pattern == "3-k3-4-3"
    assert r.sides == ((0,), (1,), (2,))


def test_special_presets() -> None:
    assert Rules.preset("two_dead_hand").dead_hand
    assert Rules.preset("two_dead_hand").hands_dealt == 3
    assert Rules.preset("five_called").call_partner
    assert Rules.preset("six_pairs").sides == ((0, 3), (1, 4), (2, 5))
    assert Rules.preset("six_threes").sides == ((0, 2, 4), (1, 3, 5))
    assert not Rules.preset("two_24").has_joker
    assert Rules.preset("australian").has_joker


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_string_round_trip_every_preset(name: str) -> None:
    r = Rules.preset(name)
    s = r.to_string()
    assert s.startswith(f"fivehundred(preset={name},players=")
    assert Rules.from_string(s) == r
    assert Rules.from_string(s).to_string() == s


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_an_option_a_rules_string_lacks_takes_its_own_preset_s_value(name: str) -> None:
    """A record's rules string written before an option existed lacks it: read back, that
    option took australian's value (every preset's string began with its options alone), so a
    classic3 record got four-handed defaults, or was refused.  Each option left out of a
    preset's string (its target changed) comes back at that preset's value."""
    r = Rules.preset(name, target=300)
    s = r.to_string()
    for f in dataclasses.fields(Rules):
        written = f"{f.name}={option_text(getattr(r, f.name))}"
        assert f",{written}," in s or s.endswith(f",{written})"), (written, s)
        back = Rules.from_string(s.replace(f",{written}", "", 1))
        assert getattr(back, f.name) == getattr(Rules.preset(name), f.name), f.name


def test_overrides_and_partial_strings() -> None:
    r = Rules.preset("classic3", misere_defender_points="none")
    assert r.misere_defender_points == "none" and r.players == 3
    assert Rules.from_string("fivehundred(preset=classic3,misere_defender_points=none)") == r
    assert Rules.from_string("fivehundred()") == Rules.preset("australian")


@pytest.mark.parametrize(("option", "values"), sorted(CHOICES.items()))
def test_every_choice_option_accepts_its_values(option: str, values: tuple[str, ...]) -> None:
    for v in values:
        base = "six_pairs" if option == "deck" and v == "63" else "australian"
        overrides: dict[str, object] = {option: v}
        if option == "deck":
            base, overrides = _preset_for_deck(v)
        if option == "teams":
            base = {"none": "classic3", "two": "australian", "pairs": "six_pairs"}[v]
        r = Rules.preset(base, **overrides)
        assert getattr(r, option) == v
        assert Rules.from_string(r.to_string()) == r
    with pytest.raises(RulesError, match=option):
        Rules.preset("australian", **{option: "nonsense"})


def _preset_for_deck(deck: str) -> tuple[str, dict[str, object]]:
    return {
        "33": ("classic3", {}),
        "43": ("australian", {}),
        "24": ("two_24", {}),
        "45": ("australian", {"deck": "45"}),
        "53": ("five_called", {}),
        "63": ("six_pairs", {}),
    }[deck]


def test_deck_45_has_a_five_card_kitty() -> None:
    assert Rules.preset("australian", deck="45").kitty_size == 5


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"players": 7}, "2 to 6 players"),
        ({"players": 3}, "teams=two needs 4 or 6 players"),
        ({"dead_hand": True}, "needs players=2"),
        ({"teams": "pairs"}, "needs players=6"),
        ({"call_partner": True}, "call_partner=true needs individual play"),
        ({"deck": "33"}, "too few cards"),
        ({"deal_pattern": "3-3-3"}, "gives each hand 9 cards"),
        ({"deal_pattern": "3-k4-4-3"}, "puts 4 cards in a kitty of 3"),
        ({"deal_pattern": "three"}, "expected packets"),
        ({"target": 0}, "target must be positive"),
        ({"hole": 10}, "hole must be negative"),
        ({"misere_value": -5}, "misere_value must be positive"),
        ({"misere_allowed": "yes"}, "must be bool"),
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"deck": "53"}, "leaves 13 cards for the kitty .* use the 43-card pack"),
        ({"deck": "63"}, "leaves 23 cards"),
        ({"players": 3, "teams": "none", "deck": "43"}, "use the 33-card pack"),
        ({"players": 2, "teams": "none", "deck": "33"}, "dead_hand=true"),
    ],
)
def test_contradictions_rejected(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.preset("australian", **overrides)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("players=4", "looks like fivehundred"),
        ("fivehundred(players)", "expected option=value"),
        ("fivehundred(players=4,players=4)", "given twice"),
        ("fivehundred(players=four)", "whole number"),
        ("fivehundred(dead_hand=yes)", "true or false"),
        ("fivehundred(preset=nine)", "unknown preset"),
        ("fivehundred(flavour=x)", "unknown option"),
        # a clash with an option left out names where those come from and what fits
        ("fivehundred(players=2)", r"teams=two needs 4 or 6 players, not 2 \(options left "
         r"out take preset australian's values; for 2 players start from "
         r"preset=two_dead_hand or preset=two_24\)"),
        ("fivehundred(preset=classic4,players=5)", r"for 5 players start from "
         r"preset=five_called\)"),
    ],
)
def test_bad_rules_strings(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.from_string(text)


def test_rules_are_immutable_and_hashable() -> None:
    r = Rules.preset()
    with pytest.raises(AttributeError):
        r.players = 5  # type: ignore[misc]
    assert hash(r) == hash(Rules.preset())
    assert r.replace(target=300).target == 300


def test_unknown_options_are_rules_errors_however_rules_are_made() -> None:
    with pytest.raises(RulesError, match="unknown option 'colour'"):
        Rules(colour="red")  # type: ignore[call-arg]
    with pytest.raises(RulesError, match="unknown option 'colour'"):
        Rules.preset("classic3").replace(colour="red")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_kitty_is_three_to_five(preset: str) -> None:
    r = Rules.preset(preset)
    assert r.kitty_size == (4 if preset == "two_24" else 3)
    assert Rules.preset("australian", deck="45").kitty_size == 5


def test_banning_misere_bans_open_misere_too() -> None:
    for overrides, misere, open_misere in (
        ({"misere_allowed": False}, False, False),
        ({"open_misere_allowed": False}, True, False),
        ({}, True, True),
    ):
        r = Rules.preset("classic3", **overrides)   # misère needs no seven here
        assert r.allows_open_misere == open_misere
        g = Game(r, seed=4)
        legal = g.legal_actions()
        assert ("misere" in legal, "open-misere" in legal) == (misere, open_misere)
        if not open_misere:
            before = g.actions
            option = "open_misere_allowed" if misere else "misere_allowed"
            with pytest.raises(IllegalActionError, match=f"open misère is not allowed.*{option}"):
                g.apply("open-misere")
            assert g.legal_actions() == legal and g.actions == before


def test_rules_keep_their_signature_and_can_be_extended() -> None:
    import dataclasses
    import inspect

    assert list(inspect.signature(Rules).parameters)[:3] == ["players", "deck", "teams"]

    @dataclasses.dataclass(frozen=True)
    class Tagged(Rules):
        tag: str = ""

    t = Tagged.preset("classic3", tag="club")
    assert t.tag == "club" and t.replace(target=300).tag == "club"
    assert t.short_string() == "fivehundred(preset=classic3,tag=club)"
    with pytest.raises(RulesError, match="unknown option 'colour'"):
        Tagged(colour="red")  # type: ignore[call-arg]


def test_preset_names_in_any_case() -> None:
    assert Rules.preset("Classic3") == Rules.preset("classic3")
    assert Rules.from_string("fivehundred(preset=Classic3,target=300)") == Rules.preset(
        "classic3", target=300)
    with pytest.raises(RulesError, match="unknown preset 'classic9'"):
        Rules.preset("classic9")


def test_a_misspelt_preset_in_a_rules_string_is_not_said_to_give_its_values() -> None:
    """``preset=australain,players=4`` was called unknown, then said to lend the options left
    out (``options left out take preset australain's values``); a known preset still does."""
    with pytest.raises(RulesError) as e:
        Rules.from_string("fivehundred(preset=australain,players=4)")
    assert str(e.value) == ("unknown preset 'australain'; presets are "
                            + ", ".join(Rules.PRESETS))
    with pytest.raises(RulesError, match=r"options left out take preset classic3's values; "
                                         r"for 4 players start from preset="):
        Rules.from_string("fivehundred(preset=classic3,players=4)")
