"""The seeds handed to bots and hints give no way back to the game's seed, from which the deal
(every hidden card) follows: they are derived one way (a hash), where a SplitMix64 step or a
fork of one can be undone. The attack below recovered the seed of every web table, terminal
game and hint from a bot's own seed before."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fivehundred import Game, Rules
from fivehundred.console.opponent import hint_seed, opponent_seed
from fivehundred.dealing import seeded_deal
from fivehundred.env.solo import SoloEnv
from fivehundred.rng import derive_seed
from fivehundred.web.seats import bot_seed

M = (1 << 64) - 1
STEP = 0x9E3779B97F4A7C15
FORK = 0xD6E8FEB86659FD93


def _unshift(z: int, s: int) -> int:
    x = z
    for _ in range(64 // s + 1):
        x = z ^ (x >> s)
    return x & M


def _unmix(z: int) -> int:
    """The state that SplitMix64's ``next64`` mixed into ``z`` (each step is a bijection)."""
    z = (_unshift(z, 31) * pow(0x94D049BB133111EB, -1, 1 << 64)) & M
    z = (_unshift(z, 27) * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & M
    return _unshift(z, 30)


def _undone(seed: int, salt: int) -> int:
    """Undo ``Rng(x).fork(salt).next64()`` (x, less any constant the caller mixed in)."""
    forked = ((_unmix(seed) - STEP) & M) ^ ((salt * FORK) & M)
    return (_unmix(forked) - STEP) & M


GAME_SEEDS = [7, 123_456_789, 2**62 + 12345]


@pytest.mark.parametrize("derive", [bot_seed, opponent_seed,
                                    lambda g, s: derive_seed(g, "solo bot", s)])
def test_a_bots_seed_gives_no_way_back_to_the_deal(derive: Callable[[int, int], int]) -> None:
    """Seeds forked from ``Rng(game_seed ^ C)``, undone, all give ``game_seed ^ C`` (C is
    then the only unknown, and the deal tells it); derived one way they give noise."""
    rules = Rules.preset("australian")
    for game_seed in GAME_SEEDS:
        seeds = [derive(game_seed, s) for s in range(4)]
        assert len(set(seeds)) == 4 and game_seed not in seeds
        undone = {_undone(seed, s + 1) for s, seed in enumerate(seeds)}
        assert len(undone) == 4, "every seat's seed undone gives one number"
        deal = Game(rules, seed=game_seed).deal
        assert all(seeded_deal(rules, x, 0, deal.dealer) != deal for x in undone)


def test_the_solo_envs_bots_and_a_hint_take_seeds_derived_one_way() -> None:
    env = SoloEnv()
    env.reset(seed=99)
    for s, bot in env._bots.items():
        assert bot.seed == derive_seed(99, "solo bot", s)       # type: ignore[attr-defined]
    g = Game(Rules.preset("australian"), seed=99)
    assert hint_seed(g) == derive_seed(99, "hint", 0, 0)
    g.apply("pass")
    assert hint_seed(g) not in (hint_seed(Game(g.rules, seed=99)), 99 ^ 1)
