"""One seat against the built-in bots, as a single-agent Gymnasium environment.

``SoloEnv("australian", seat=0, bots="medium")`` lets a learner play one seat while the other
seats (its partners too) are played by built-in bots (``random``, ``easy``, ``medium``,
``hard``, ``insane``; one name, or one per seat) or your own (a registered name, or
``module:name``: docs/bots.md).  The observation and the action ids are those
of :class:`~fivehundred.env.aec.FiveHundredEnv`; the reward is the points the learner's side
scored in the hand, given when it ends (an episode is a hand, or a game with
``episode="game"``).  ``action_masks()`` gives the legal actions, as masked-action learners
(sb3-contrib's MaskablePPO) ask for them.  The bots get their own seat's View only, and their
seeds come from the reset's seed, so a seed replays the same deal and the same bot decisions.

>>> env = SoloEnv("classic3", seat=0, bots="medium")
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((1093,), True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..actions import NUM_ACTIONS
from ..bots import Bot
from ..bots.base import BotError, failure, legal_token, make_player, public_token
from ..errors import MalformedError
from ..numbers import seat_number
from ..rng import derive_seed
from ..rules import Rules

try:            # (optional: the [env] extra; a play-only install says how to add it)
    import gymnasium

    from .aec import FiveHundredEnv, agent_name, checked_seed
except ModuleNotFoundError as e:
    if (e.name or "").partition(".")[0] not in ("gymnasium", "pettingzoo"):
        raise
    raise ModuleNotFoundError(f"SoloEnv needs Gymnasium and PettingZoo, and {e.name} is not "
                              "installed: pip install 'fivehundred[env]'", name=e.name) from e

__all__ = ["GYM_ID", "SoloEnv"]


class SoloEnv(gymnasium.Env[dict[str, np.ndarray], int]):
    """A learner in one seat; built-in bots in the others."""

    # Gymnasium's own convention (a class dict); a text render has no frame rate of its own,
    # render_fps is declared as the text games of PettingZoo's classic set declare it.
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, rules: Rules | str = "australian", seat: int = 0,
                 bots: str | Mapping[int, str] = "medium", episode: str = "hand",
                 max_hands: int = 200, render_mode: str | None = None) -> None:
        self._env = FiveHundredEnv(rules, episode=episode, max_hands=max_hands,
                                   render_mode=render_mode)
        n = self._env.rules.players
        seat = seat_number(seat, n, MalformedError)      # (numpy's ints too, as Game's)
        if isinstance(bots, str):
            names: dict[Any, Any] = dict.fromkeys(range(n), bots)
        elif isinstance(bots, Mapping):
            names = dict(bots)
        else:
            raise MalformedError(f"bots is a bot's name or a mapping seat -> name, got {bots!r}")
        others = set(range(n)) - {seat}
        if seat in names and not isinstance(bots, str):
            raise MalformedError(f"bots names a bot for seat {seat}, the learner's own: name "
                                 f"one for each other seat {sorted(others)} only")
        if set(names) - {seat} != others:
            raise MalformedError(f"bots must name a bot for every other seat {sorted(others)}, "
                                 f"got {sorted(set(names) - {seat}, key=repr)}")
        for s in others:
            if not isinstance(names[s], str):
                raise MalformedError(f"seat {s}: a bot is named by a string, got {names[s]!r}")
            make_player(names[s])        # an unknown bot, or the cheater, is refused here
        self.seat = seat
        self.agent = agent_name(seat)
        self.bot_names = {s: str(names[s]) for s in sorted(others)}
        self.rules = self._env.rules
        self.render_mode = render_mode
        self.observation_space = self._env.observation_space(self.agent)
        self.action_space = self._env.action_space(self.agent)
        self._bots: dict[int, Bot] = {}
        self._done = True                # until reset()

    @property
    def game_env(self) -> FiveHundredEnv:
        """The multi-agent environment underneath (the whole game: the owner's, not the
        learner's)."""
        return self._env

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new deal from ``seed`` (else from the environment's own generator); the bots
        play until it is the learner's turn; a seed that is not a whole number of zero or
        more is refused (MalformedError) and changes nothing."""
        seed = checked_seed(seed)
        if options:
            raise MalformedError(f"SoloEnv.reset takes no options (the rules, seat and bots "
                                 f"are the constructor's), got {options!r}")
        super().reset(seed=seed)
        self._done = True                # until the bots have reached the learner's turn
        game_seed = int(self.np_random.integers(2**62)) if seed is None else seed
        self._bots = {s: make_player(name, seed=derive_seed(game_seed, "solo bot", s))
                      for s, name in self.bot_names.items()}
        self._env.reset(seed=game_seed)
        _, term, trunc = self._bots_play()    # (every seat bids: the learner gets a turn)
        self._done = term or trunc
        return self._env.observe(self.agent), {}

    def step(self, action: int | np.integer | np.ndarray
             ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The learner's action, then the bots' until its next turn or the episode's end."""
        env = self._env
        _ = env.game        # (before any reset: MalformedError in FiveHundredEnv's words)
        if self._done or env.agent_selection != self.agent:
            raise MalformedError("the episode is over (or a bot failed): call reset()")
        env.step(action)                 # IllegalActionError: nothing changed
        reward = env.rewards.get(self.agent, 0.0)
        try:
            more, term, trunc = self._bots_play()
        except BaseException:
            self._done = True            # a bot failed mid-turn: the learner may not act for it
            raise
        self._done = term or trunc
        return env.observe(self.agent), reward + more, term, trunc, {}

    def _bots_play(self) -> tuple[float, bool, bool]:
        """The bots act until the learner is to move; the learner's reward meanwhile, and
        whether the episode ended (terminated, truncated)."""
        env = self._env
        reward = 0.0
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                term, trunc = env.terminations[self.agent], env.truncations[self.agent]
                return reward, term, trunc
            if agent == self.agent:
                return reward, False, False
            env.step(self._bot_action(agent))
            reward += env.rewards.get(self.agent, 0.0)
        return reward, True, False

    def _bot_action(self, agent: str) -> int:
        """The action id the bot of ``agent`` (a seat) takes now.  Its error, or an action not legal
        (a BotError), names the bot and the seat: the learner did not do it (the action
        itself only if it names no card, which the learner may not see)."""
        seat, view = self._env.seat_of(agent), self._env.view(agent)
        name = self.bot_names[seat]
        try:
            action: object = self._bots[seat].act(view).action
        except SystemExit as e:   # (it would end the learner's program without a word)
            raise BotError(f"the {name} bot at seat {seat} raised {failure(e)}: a bug of that "
                           "bot, not of the learner (call reset())") from e
        except Exception as e:
            e.add_note(f"(raised by the {name} bot at seat {seat}, not by the learner)")
            raise
        token = legal_token(action, view)
        if token is None:
            said = public_token(action, view)
            raise BotError(f"the {name} bot at seat {seat} chose "
                           f"{'an action' if said is None else said} that is not legal in the "
                           f"{view.phase}: a bug of that bot, not of the learner (call reset())")
        return self._env.action_id(token)

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now, as booleans (as its view's: none unless it is to
        move), from the game's ids: MaskablePPO asks every step, and the view built again for
        it cost more than the rest of the call."""
        g = self._env.game
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        if g.to_move == self._env.seat_of(self.agent):
            mask[g.legal_action_ids()] = True
        return mask

    def render(self) -> str | None:
        """The public state as text (``render_mode="ansi"``; ``"human"`` prints it)."""
        return self._env.render()


GYM_ID = "fivehundred/Solo-v0"
"""SoloEnv's Gymnasium id, registered as this module loads:
``gymnasium.make("fivehundred.env.solo:fivehundred/Solo-v0", bots="easy")`` (Gymnasium's own
``module:id`` form) imports the module first, so a program need not; the bare id works once it
is imported.  Nothing is registered, and Gymnasium not imported, by ``import fivehundred``."""

if GYM_ID not in gymnasium.registry:       # (the module loaded again: registered already)
    gymnasium.register(GYM_ID, entry_point=f"{__name__}:SoloEnv")
