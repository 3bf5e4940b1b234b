"""Bots that never solve load no solver: SoloEnv with Random, Easy or Medium bots left numba
(about 140 MB a process) loaded, as did the arena and the text game; and SoloEnv by
Gymnasium's id."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

LOADED = ("numba", "fivehundred.solver", "gymnasium")


def _fresh(code: str) -> dict[str, bool]:
    """Run ``code`` in a fresh Python, then say which of :data:`LOADED` it had imported."""
    report = f"import json, sys; print(json.dumps({{m: m in sys.modules for m in {LOADED!r}}}))"
    done = subprocess.run([sys.executable, "-c", f"{code}\n{report}"], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    loaded: dict[str, bool] = json.loads(done.stdout.splitlines()[-1])
    return loaded


def _solo(bots: str, steps: int) -> str:
    """Code that makes a SoloEnv against ``bots`` and plays ``steps`` steps (resetting at an
    episode's end), the learner taking its first legal action."""
    return (
        "import numpy as np\n"
        "from fivehundred.env.solo import SoloEnv\n"
        f"env = SoloEnv('australian', bots={bots!r})\n"
        "obs, _ = env.reset(seed=5)\n"
        f"for i in range({steps}):\n"
        "    obs, r, term, trunc, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))\n"
        "    if term or trunc:\n"
        "        obs, _ = env.reset(seed=i)\n"
    )


@pytest.mark.parametrize("bots", ["random", "easy", "medium"])
def test_solo_env_with_bots_that_never_solve_loads_no_solver(bots: str) -> None:
    """``SoloEnv(bots="random")`` imported every bot's module to make one, and the Hard bot's
    imported the solver (numba) at the top."""
    loaded = _fresh(_solo(bots, 60))
    assert not loaded["numba"] and not loaded["fivehundred.solver"], loaded


def test_a_table_of_mixed_weak_bots_and_the_registry_load_no_solver() -> None:
    """Making each weak bot by name (``make`` imported every bot's module), listing every
    bot's name, and an unknown name's error (which lists the table's bots: it made each one,
    Hard too) load no solver."""
    code = (
        "from fivehundred.bots import make\n"
        "from fivehundred.bots.base import BotError, known_names, make_player\n"
        "for name in ('random', 'random_low', 'easy', 'medium'):\n"
        "    make(name, seed=1)\n"
        "assert 'hard' in known_names()\n"
        "def refused(make_it):\n"
        "    try:\n"
        "        make_it('nosuchbot')\n"
        "    except BotError as e:\n"
        "        return str(e)\n"
        "    raise AssertionError('an unknown bot was made')\n"
        "assert 'insane' in refused(make)\n"
        "said = refused(make_player)\n"
        "assert 'insane' in said and 'cheater' not in said, said\n"
    )
    loaded = _fresh(code)
    assert not loaded["numba"] and not loaded["fivehundred.solver"], loaded


def test_solo_env_with_hard_bots_loads_the_solver_and_plays() -> None:
    """Hard loads the solver when it is made (not on its first decision's clock), and plays."""
    loaded = _fresh("from fivehundred.bots import make\nmake('hard')\n")
    assert loaded["numba"] and loaded["fivehundred.solver"], loaded
    loaded = _fresh(_solo("hard", 3))
    assert loaded["fivehundred.solver"], loaded


def test_gymnasium_makes_solo_env_by_its_id() -> None:
    """``gymnasium.make`` takes SoloEnv's id (its module named before the colon), passing the
    constructor's keywords, and so does ``make_vec``."""
    import gymnasium

    from fivehundred.env.solo import GYM_ID, SoloEnv

    env = gymnasium.make(f"fivehundred.env.solo:{GYM_ID}", rules="classic3", bots="easy")
    assert isinstance(env.unwrapped, SoloEnv) and env.unwrapped.bot_names == {
        1: "easy", 2: "easy"}
    obs, _ = env.reset(seed=3)
    mask = env.get_wrapper_attr("action_masks")()
    assert np.array_equal(mask, obs["action_mask"].astype(bool)) and mask.any()
    obs, reward, _, trunc, _ = env.step(int(np.flatnonzero(mask)[0]))
    assert isinstance(reward, float) and not trunc and env.observation_space.contains(obs)
    vec = gymnasium.make_vec(GYM_ID, num_envs=2, vectorization_mode="sync", bots="random")
    obs, _ = vec.reset(seed=1)
    assert obs["observation"].shape[0] == 2
    vec.close()


def test_importing_fivehundred_registers_nothing_with_gymnasium() -> None:
    """The id comes with the SoloEnv module: ``import fivehundred`` (and its environments'
    package) imports no Gymnasium; ``gymnasium.make`` with the module's name finds it."""
    loaded = _fresh("import fivehundred, fivehundred.env\n")
    assert not loaded["gymnasium"], loaded
    loaded = _fresh("import gymnasium\n"
                    "gymnasium.make('fivehundred.env.solo:fivehundred/Solo-v0').reset(seed=1)\n")
    assert loaded["gymnasium"] and not loaded["numba"], loaded


def test_the_arenas_check_of_weak_bots_loads_no_solver() -> None:
    """The arena's main process checked its bots' names against every bot's module loaded
    (Hard's, the solver's), though Easy and Medium play; an unknown name is still refused with
    every bot's name."""
    code = (
        "from fivehundred.arena.play import ArenaError\n"
        "from fivehundred.arena.runner import check_bots\n"
        "from fivehundred.arena.spec import MatchSpec\n"
        "from fivehundred.rules import Rules\n"
        "rules = Rules.preset('australian').to_string()\n"
        "check_bots(MatchSpec(rules, 'easy', 'medium'))\n"
        "try:\n"
        "    check_bots(MatchSpec(rules, 'easy', 'nosuchbot'))\n"
        "except ArenaError as e:\n"
        "    assert 'no such bot' in str(e) and 'insane' in str(e), e\n"
        "else:\n"
        "    raise AssertionError('an unknown bot passed')\n"
    )
    loaded = _fresh(code)
    assert not loaded["numba"] and not loaded["fivehundred.solver"], loaded
