"""The observation's rules block: the house rules in force, public, the same layout for every
variant, each option that changes the game told apart."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fivehundred import Game, Rules
from fivehundred.env import FIELDS, OBS_SIZE, FiveHundredEnv, encode
from fivehundred.env.observation import RULE_FEATURES, RULE_OPTIONS, rules_block
from fivehundred.errors import RulesError
from fivehundred.options import NUMBERS
from fivehundred.rng import Rng
from fivehundred.rules import CHOICES, PRESET_NAMES

RULES = FIELDS["rules"].slice
# options the block leaves out: the field `players` holds the one; the others change nothing
# once the cards are dealt (the dealer is in the vector; any packets of a shuffled pack deal
# alike)
NOT_IN_BLOCK = {"players", "first_dealer", "deal_pattern"}


def block_of(rules: Rules, seat: int = 0) -> np.ndarray:
    """The rules block of a seat's vector at the start of a game under ``rules``."""
    return encode(Game(rules, seed=1).view(seat))[RULES]


def other_values(option: str, value: Any) -> list[Any]:
    """Values of an option other than ``value``: every other choice, the switch flipped, or
    other numbers of points."""
    if option in CHOICES:
        return [v for v in CHOICES[option] if v != value]
    if isinstance(value, bool):
        return [not value]
    return [v for v in (value + 10, value - 10, value * 2, 10**9 * (1 if value > 0 else -1))
            if v != value and v != 0]


@pytest.mark.parametrize(("a", "b"), [("australian", "classic4"), ("six_pairs", "six_threes"),
                                      ("two_dead_hand", "two_24")])
def test_presets_with_as_many_players_give_different_rules_blocks(a: str, b: str) -> None:
    ra, rb = Rules.preset(a), Rules.preset(b)
    assert ra.players == rb.players
    x, y = block_of(ra), block_of(rb)
    assert not np.array_equal(x, y)
    changed = {RULE_FEATURES[i].split("=")[0] for i in np.flatnonzero(x != y)}
    if (a, b) == ("australian", "classic4"):       # same pack, same sides: only house rules
        assert changed == {"misere_rank", "misere_needs_seven", "misere_stops_when_taken",
                           "misere_defender_points", "open_misere_value", "open_misere_rank",
                           "all_pass", "nt_joker", "win"}


def test_every_option_is_in_the_block_or_said_to_change_nothing() -> None:
    """A new option of Rules has to be placed: in the block, or left out with a reason."""
    options = {f.name for f in dataclasses.fields(Rules)}
    in_block = {o for o, _ in RULE_OPTIONS} - {"kitty_size"}     # (kitty_size is derived)
    assert in_block | NOT_IN_BLOCK == options and not in_block & NOT_IN_BLOCK


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_each_option_flipped_alone_changes_the_block(preset: str) -> None:
    base = Rules.preset(preset)
    before = block_of(base)
    flipped = 0
    for option, _ in RULE_OPTIONS:
        if option == "kitty_size":
            continue
        for v in other_values(option, getattr(base, option)):
            try:
                rules = base.replace(**{option: v})
            except RulesError:          # (another pack or other sides need other options)
                continue
            after = block_of(rules)
            assert not np.array_equal(before, after), (preset, option, v)
            names = {RULE_FEATURES[i].split("=")[0] for i in np.flatnonzero(before != after)}
            assert option in names, (preset, option, v, names)
            flipped += 1
    assert flipped >= 20


def test_every_option_of_the_block_can_be_flipped_somewhere() -> None:
    """The test above skips a change a preset refuses; each option is flipped under one."""
    seen = set()
    for preset in PRESET_NAMES:
        base = Rules.preset(preset)
        for option, _ in RULE_OPTIONS:
            for v in ([] if option == "kitty_size" else other_values(option,
                                                                    getattr(base, option))):
                try:
                    base.replace(**{option: v})
                except RulesError:
                    continue
                seen.add(option)
    # the dead hand comes only with its pack (two hands and the 24-card pack leave a kitty
    # of 4; without the dead hand, the 33-card pack would leave 13)
    assert seen == {o for o, _ in RULE_OPTIONS} - {"kitty_size", "dead_hand"}
    dead = block_of(Rules.preset("two_dead_hand"))
    alive = block_of(Rules.preset("two_dead_hand", deck="24", dead_hand=False))
    assert dead[RULE_FEATURES.index("dead_hand")] == 1 != alive[RULE_FEATURES.index("dead_hand")]
    kitties = {round(float(block_of(Rules.preset(p))[RULE_FEATURES.index("kitty_size")]), 6)
               for p in PRESET_NAMES}
    assert kitties == {3 / 5, 4 / 5}


def test_every_number_of_points_the_form_offers_is_told_apart() -> None:
    """Each value from 10 to 10,000 by tens (the form's range) gives its own entry, rising
    with the points; the hole's falling."""
    base = Rules.preset("australian")
    for option, (low, high) in NUMBERS.items():
        entries = [float(rules_block(base.replace(**{option: v}))[
            RULE_FEATURES.index(option)]) for v in range(low, high + 1, 10)]
        assert all(a < b for a, b in itertools.pairwise(entries)), option
    assert rules_block(base)[RULE_FEATURES.index("target")] == pytest.approx(0.5)
    assert rules_block(base)[RULE_FEATURES.index("hole")] == pytest.approx(-0.5)


@pytest.mark.parametrize("rules", [
    *(Rules.preset(p) for p in PRESET_NAMES),
    Rules.preset("australian", target=10**9, hole=-10**9, misere_value=10**9,
                 open_misere_value=10**9),
    Rules.preset("australian", target=1, hole=-1, misere_value=1, open_misere_value=1),
    Rules.preset("australian", deck="45"),
])
def test_every_entry_lies_within_minus_one_and_one(rules: Rules) -> None:
    block = block_of(rules)
    assert block.dtype == np.float32 and len(block) == len(RULE_FEATURES)
    assert np.all(block >= -1.0) and np.all(block <= 1.0)
    x = encode(Game(rules, seed=2).view(0))
    assert x.shape == (OBS_SIZE,) and np.all(np.abs(x) <= 1.0)
    for option, kind in RULE_OPTIONS:     # each choice one-hot: exactly one of its values
        if kind == "choice":
            idx = [RULE_FEATURES.index(f"{option}={v}") for v in CHOICES[option]]
            assert block[idx].sum() == 1.0, option


def test_one_length_for_every_preset() -> None:
    sizes = {encode(Game(Rules.preset(p), seed=3).view(0)).shape for p in PRESET_NAMES}
    assert sizes == {(OBS_SIZE,)}
    assert RULES.stop == OBS_SIZE == 1093


@pytest.mark.parametrize("preset", ["australian", "classic4", "five_called", "two_24"])
def test_the_block_is_the_same_for_every_seat_and_step(preset: str) -> None:
    """The rules are public: every observation of a game (every agent, every step, across
    hands and deals) carries the same block, the rules' own."""
    env = FiveHundredEnv(preset, episode="game", max_hands=3)
    env.reset(seed=4)
    want = rules_block(Rules.preset(preset))
    assert np.any(want != 0)
    rng = Rng(6)
    seen = 0
    while env.agents:
        for agent in env.agents:
            assert np.array_equal(env.observe(agent)["observation"][RULES], want)
            seen += 1
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
        else:
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))
    assert seen > 40


def test_the_openspiel_tensor_carries_the_block() -> None:
    """From the deal's first chance node to its end, every player's observation tensor has
    the rules block (they are known before any card is dealt)."""
    import pyspiel

    from fivehundred.env.openspiel import SHORT_NAME

    game = pyspiel.load_game(SHORT_NAME, {"rules": "classic4", "options": "slam:none"})
    state = game.new_initial_state()
    rng = Rng(1)
    want = rules_block(Rules.preset("classic4", slam="none"))
    steps = 0
    while True:
        for p in range(4):
            assert np.array_equal(np.asarray(state.observation_tensor(p))[RULES], want), steps
        if not state.is_chance_node():
            break
        outcomes = [c for c, _ in state.chance_outcomes()]
        state.apply_action(outcomes[rng.below(len(outcomes))])
        steps += 1
    assert steps > 40


def test_the_block_is_kept_per_rules_object_and_read_only() -> None:
    r = Rules.preset("classic3")
    a = rules_block(r)
    assert rules_block(r) is a
    assert np.array_equal(rules_block(Rules.preset("classic3")), a)
    with pytest.raises(ValueError, match="read-only"):
        a[0] = 5.0
    for i in range(100):             # more Rules objects than the store keeps: still right
        assert rules_block(Rules.preset("australian", target=10 * (i + 1)))[
            RULE_FEATURES.index("target")] == pytest.approx((10 * (i + 1)) / (10 * (i + 1) + 500))
    assert np.array_equal(rules_block(r), a)


def test_the_documented_rule_features_are_the_features() -> None:
    """docs/env.md's table of the rules block names every entry, at its place."""
    doc = (Path(__file__).parent.parent / "docs" / "env.md").read_text()
    table = doc.split("<!-- rule features: begin -->")[1].split("<!-- rule features: end -->")[0]
    names: list[str] = []
    for line in table.splitlines():
        if not line.startswith("| ") or "`" not in line:
            continue
        entry, offset, features = (c.strip() for c in line.split("|")[1:4])
        first = int(entry.split("-")[0])
        assert first == len(names) and int(offset) == RULES.start + first, line
        names += [f.strip().strip("`") for f in features.split(",")]
        assert int(entry.split("-")[-1]) == len(names) - 1, line
    assert tuple(names) == RULE_FEATURES
