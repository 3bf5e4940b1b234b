"""One seat against the built-in bots (Gymnasium): the episode, rewards, seeds, bad input."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_reset_return_type, check_reset_seed_determinism
from gymnasium.utils.passive_env_checker import env_render_passive_checker

from fivehundred.bots.base import BotError, Decision
from fivehundred.env.aec import FiveHundredEnv
from fivehundred.env.solo import SoloEnv
from fivehundred.errors import FiveHundredError, IllegalActionError, MalformedError
from fivehundred.rng import Rng
from fivehundred.view import View


def play(env: SoloEnv, seed: int, rng: Rng) -> tuple[list[float], list[np.ndarray]]:
    """A random legal learner through one episode: its rewards and observations."""
    obs, _ = env.reset(seed=seed)
    rewards, seen = [], [obs["observation"]]
    done = False
    while not done:
        assert env.observation_space.contains(obs)
        mask = env.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, obs["action_mask"].astype(bool))
        legal = np.flatnonzero(mask)
        obs, reward, term, trunc, info = env.step(int(legal[rng.below(len(legal))]))
        assert isinstance(reward, float) and info == {}
        rewards.append(reward)
        seen.append(obs["observation"])
        done = term or trunc
    return rewards, seen


@pytest.mark.parametrize(("rules", "seat"), [("australian", 0), ("classic3", 2),
                                             ("six_pairs", 4), ("five_called", 1)])
def test_the_learners_reward_is_its_sides_points(rules: str, seat: int) -> None:
    env = SoloEnv(rules, seat=seat, bots="medium")
    for seed in range(3):
        rewards, _ = play(env, seed, Rng(seed))
        g = env.game_env.game
        res = g.hand_results[-1]
        assert sum(rewards) == float(res.points[env.rules.side_of[seat]])
        assert all(r == 0.0 for r in rewards[:-1])      # given when the hand ends


def test_whole_games_add_up_to_the_score() -> None:
    env = SoloEnv("classic3", seat=1, bots={0: "easy", 2: "medium"}, episode="game",
                  max_hands=3)
    rewards, _ = play(env, 5, Rng(1))
    g = env.game_env.game
    assert sum(rewards) == float(g.scores[1]) and len(g.hand_results) <= 3


def test_a_seed_replays_the_deal_and_the_bots() -> None:
    env = SoloEnv("australian", seat=3, bots="medium")
    a = play(env, 11, Rng(2))
    b = play(SoloEnv("australian", seat=3, bots="medium"), 11, Rng(2))
    assert a[0] == b[0] and all(np.array_equal(x, y) for x, y in zip(a[1], b[1], strict=True))
    check_reset_seed_determinism(env)
    check_reset_return_type(env)


def test_the_learner_is_always_the_one_to_move() -> None:
    env = SoloEnv("australian", seat=2)
    obs, _ = env.reset(seed=4)
    for _ in range(10):
        assert env.game_env.agent_selection == "seat_2" and obs["action_mask"].any()
        obs, *_ = env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_a_policys_numpy_action_is_taken() -> None:
    """MaskablePPO's predict gives a 0-d array; a VecEnv an np.int64."""
    env = SoloEnv("australian")
    env.reset(seed=2)
    for make_action in (np.array, np.int64):
        a = int(np.flatnonzero(env.action_masks())[0])
        obs, *_ = env.step(make_action(a))
        assert env.observation_space.contains(obs)


def test_the_bots_seeds_come_from_the_resets_seed() -> None:
    env = SoloEnv("australian")
    seeds = []
    for s in (1, 1, 2):
        env.reset(seed=s)
        seeds.append(tuple(env._bots[b].seed for b in (1, 2, 3)))
    assert seeds[0] == seeds[1] != seeds[2] and len(set(seeds[0])) == 3


def test_a_bot_that_fails_ends_the_episode() -> None:
    """The learner may not act for a bot whose turn failed half-way."""
    env = SoloEnv("australian", seat=0)
    env.reset(seed=0)                    # seat 0 speaks first: the bots answer its bid

    def broken(view: View) -> Decision:
        raise RuntimeError("a bot's bug")

    for bot in env._bots.values():
        bot.act = broken  # type: ignore[method-assign]
    with pytest.raises(RuntimeError, match="bug"):
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    with pytest.raises(MalformedError, match="reset"):
        env.step(94)                    # even a legal-looking pass


def test_bad_input_is_refused() -> None:
    with pytest.raises(MalformedError, match="seat"):
        SoloEnv("australian", seat=4)
    for bots in (["medium"] * 4, None, {1: 7, 2: "medium", 3: "medium"}):
        with pytest.raises(MalformedError, match="bot"):
            SoloEnv("australian", bots=bots)  # type: ignore[arg-type]
    with pytest.raises(BotError, match="sees every card"):
        SoloEnv("australian", bots={1: "cheater", 2: "medium", 3: "medium"})
    with pytest.raises(MalformedError, match="every other seat"):
        SoloEnv("australian", seat=0, bots={1: "medium", 2: "medium"})
    with pytest.raises(FiveHundredError, match="nobody"):
        SoloEnv("australian", bots="nobody")
    with pytest.raises(MalformedError, match="the learner's own"):
        SoloEnv("australian", seat=0, bots=dict.fromkeys(range(4), "medium"))
    env = SoloEnv("australian")
    with pytest.raises(MalformedError, match="takes no options"):
        env.reset(seed=1, options={"foo": 1})
    with pytest.raises(MalformedError, match="reset"):
        env.step(94)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert np.array_equal(env.game_env.observe("seat_0")["observation"], obs["observation"])
    play(env, 2, Rng(3))
    with pytest.raises(MalformedError, match="reset"):
        env.step(94)


def test_each_bot_is_given_its_own_seats_view_only() -> None:
    env = SoloEnv("six_pairs", seat=2, bots="easy")
    env.reset(seed=6)
    asked: list[tuple[int, int]] = []
    for seat, bot in env._bots.items():
        act = bot.act

        def spy(view: View, seat: int = seat, act: Callable[[View], Decision] = act) -> Decision:
            asked.append((seat, view.seat))
            assert view.to_move == seat      # a view of the seat whose turn it is
            return act(view)

        bot.act = spy  # type: ignore[method-assign]
    done = False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        *_, term, trunc, _ = env.step(int(legal[0]))
        done = term or trunc
    assert asked and all(s == v for s, v in asked) and {s for s, _ in asked} <= {0, 1, 3, 4, 5}


@pytest.mark.parametrize("mode", ["ansi", "human"])
def test_gymnasiums_render_check_passes_without_a_warning(mode: str) -> None:
    """Both render modes pass Gymnasium's render checker, render_fps declared (no warning)."""
    import warnings

    env = SoloEnv("australian", seat=0, bots="easy", render_mode=mode)
    env.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env_render_passive_checker(env)


@pytest.mark.parametrize("seed", [-1, 2**64, 2.5, "3", True])
def test_a_bad_seed_is_refused_as_the_multi_agent_env_refuses_it(seed: object) -> None:
    """The same MalformedError as FiveHundredEnv.reset (not Gymnasium's own error), and the
    episode under way goes on; numpy's ints are taken as seeds."""
    env = SoloEnv("australian", seat=0, bots="easy")
    obs, _ = env.reset(seed=4)
    with pytest.raises(MalformedError, match="seed must be a whole number from 0 to 2\\*\\*64 - 1"):
        env.reset(seed=seed)  # type: ignore[arg-type]
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(legal)                                   # the episode goes on
    a, _ = SoloEnv("australian", seat=0, bots="easy").reset(seed=np.int64(9))  # type: ignore[arg-type]
    b, _ = SoloEnv("australian", seat=0, bots="easy").reset(seed=9)
    assert np.array_equal(a["observation"], b["observation"])


def test_a_step_before_any_reset_says_so_as_the_multi_agent_env_does() -> None:
    """``step`` before any reset said "the episode is over (or a bot failed)", as if one had
    been played; it now says what FiveHundredEnv says there, in its words."""
    with pytest.raises(MalformedError) as multi:
        FiveHundredEnv("australian").step(94)
    for env in (SoloEnv("australian"), SoloEnv("australian", seat=2)):
        with pytest.raises(MalformedError) as solo:
            env.step(94)
        assert str(solo.value) == str(multi.value) == ("the environment has not been reset "
                                                       "yet: call reset()")
