"""Five Hundred as a PettingZoo AEC environment: one agent per seat, turns as the game gives them.

``FiveHundredEnv(rules="australian")`` plays any preset or rules string.  Each agent observes
``{"observation": encode(view), "action_mask": ...}`` built from its seat's View only (see
:mod:`.observation`), and acts with an id of the one fixed action space
(:data:`fivehundred.actions.NUM_ACTIONS`: cards, joker leads, bids, calls).  An episode is one
hand (``episode="hand"``, the default) or a whole game (``episode="game"``, cut off after
``max_hands`` hands); when a hand ends every agent is rewarded with the points its side scored
in it, so a game's rewards add up to the final scores.  An illegal action raises
:class:`~fivehundred.errors.IllegalActionError` and changes nothing.  ``reset(seed=...)``
deals the same cards and so the same game on every machine.

>>> env = FiveHundredEnv("classic3")
>>> env.reset(seed=7)
>>> env.agent_selection, int(env.action_space("seat_0").n)
('seat_1', 163)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum())
28
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ..actions import NUM_ACTIONS, action_from_token
from ..errors import MalformedError
from ..game import Game
from ..numbers import seed_number, whole_number
from ..rules import Rules
from ..view import View
from .observation import OBS_SIZE, action_mask, encode

__all__ = ["FiveHundredEnv"]

EPISODES = ("hand", "game")


def agent_name(seat: int) -> str:
    """The agent of a seat: ``seat_0``, ``seat_1``, ..."""
    return f"seat_{seat}"


def checked_seed(seed: object) -> int | None:
    """A reset's seed: None, or a whole number from 0 to 2**64 - 1 (numpy's ints too, as an
    int); anything else is refused with MalformedError, as Gymnasium refuses a negative seed
    (a seed past 2**64 - 1 would deal as a smaller one: the generator keeps 64 bits)."""
    if seed is None:
        return None
    return seed_number(seed, MalformedError, MalformedError)


class FiveHundredEnv(AECEnv):  # type: ignore[misc]  # (PettingZoo is untyped)
    """Five Hundred for multi-agent learning (PettingZoo's agent-environment-cycle API)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "fivehundred_v0", "render_modes": ["ansi", "human"], "render_fps": 1,
        "is_parallelizable": False}

    def __init__(self, rules: Rules | str = "australian", episode: str = "hand",
                 max_hands: int = 200, render_mode: str | None = None) -> None:
        super().__init__()
        if isinstance(rules, str):
            rules = Rules.parse(rules)
        if not isinstance(rules, Rules):
            raise MalformedError(f"rules are Rules, a preset's name or a rules string, not "
                                 f"{rules!r}")
        if episode not in EPISODES:
            raise MalformedError(f"episode must be 'hand' or 'game', got {episode!r}")
        what = "max_hands must be a whole number from 1"
        max_hands = whole_number(max_hands, MalformedError, what)     # (numpy's ints too)
        if max_hands < 1:
            raise MalformedError(f"{what}, not {max_hands!r}")
        if render_mode not in (None, "ansi", "human"):
            raise MalformedError(f"render_mode must be None, 'ansi' or 'human', got "
                                 f"{render_mode!r}")
        self.rules = rules
        self.episode = episode
        self.max_hands = max_hands
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(rules.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (OBS_SIZE,), np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        })
        self._act_space = spaces.Discrete(NUM_ACTIONS)
        self._game: Game | None = None
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same for every agent: the vector and the legal-action mask."""
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every action id of every variant (the mask says which are legal now)."""
        return self._act_space

    @property
    def game(self) -> Game:
        """The game being played (all of it: for the environment's owner, never an agent)."""
        if self._game is None:
            raise MalformedError("the environment has not been reset yet: call reset()")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, dealt from ``seed``, else from the environment's own generator, as
        Gymnasium's environments do: a seeded reset seeds it, so the unseeded resets after
        it deal the same games on every run (before any seed, it starts from the system's
        entropy).  A seed below zero is refused and the game under way is kept.  ``options``
        are ignored (the rules and the episode are the constructor's; PettingZoo's
        ``api_test`` resets with options of its own and expects them taken).

        >>> env = FiveHundredEnv()
        >>> env.reset(seed=3); first = env.game.deal; env.reset(); second = env.game.deal
        >>> env.reset(seed=3); env.reset()
        >>> env.game.deal == second != first
        True
        """
        seed = checked_seed(seed)
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        if seed is None:
            seed = int(self._np_random.integers(2**62))
        self._game = Game(self.rules, seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()
        self._shown()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent``'s seat sees, and its legal actions if it is to move."""
        view = self.view(agent)
        return {"observation": encode(view), "action_mask": action_mask(view)}

    def seat_of(self, agent: str) -> int:
        """The seat an agent plays (``seat_2`` is 2); MalformedError for a name that is not
        one of the agents'."""
        seat = self._seat.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise MalformedError(f"{agent!r} is not an agent of this game: the agents are "
                                 f"{', '.join(self.possible_agents)}")
        return seat

    def view(self, agent: str) -> View:
        """``agent``'s seat's View: what the vector encodes, for code that reads it directly,
        such as the built-in bots (``bots.make("hard").act(env.view(agent))``)."""
        return self.game.view(self.seat_of(agent))

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, its reward since it last acted, whether its
        episode is over, and its info (PettingZoo's); refused before :meth:`reset`."""
        _ = self.game                     # (MalformedError before the first reset)
        if not self.agents:             # (PettingZoo's raised KeyError: 'seat_0')
            raise MalformedError("the episode is over: call reset()")
        return super().last(observe)  # type: ignore[no-any-return]

    def action_id(self, token: str) -> int:
        """The action id of a token (a bot's decision, ``7H``, ``JK:S``) in the current phase."""
        return action_from_token(token, auction=self.game.phase == "auction")

    def step(self, action: int | np.integer | np.ndarray | None) -> None:
        """The selected agent acts; at the end of a hand every agent gets its side's points."""
        if self._game is None:
            raise MalformedError("the environment has not been reset yet: call reset()")
        if not self.agents:             # (every agent has taken its last, dead step)
            raise MalformedError("the episode is over: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
            action = int(action)         # a policy's 0-d array (MaskablePPO's predict)
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise MalformedError(f"an action is an int action id, got {action!r}")
        g = self.game
        g.apply(int(action))            # IllegalActionError: the game is unchanged
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if g.phase in ("hand_over", "game_over"):
            points = g.hand_results[-1].points
            for a in self.agents:
                self.rewards[a] = float(points[self.rules.side_of[self._seat[a]]])
            if self.episode == "hand" or g.phase == "game_over":
                self.terminations = dict.fromkeys(self.agents, True)
            elif g.hand_number + 1 >= self.max_hands:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                g.next_hand()
        self._accumulate_rewards()
        self._select()
        self._shown()

    def _select(self) -> None:
        """The agent to move next; once the episode is over, the last to act stays selected
        (a new game always has a seat to move, so reset always selects one)."""
        m = self.game.to_move
        if m is not None:
            self.agent_selection = agent_name(m)

    def _shown(self) -> None:
        """In ``render_mode="human"``, the table printed after each reset and step, as
        Gymnasium's and PettingZoo's human mode is (it printed only when render was called)."""
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The public state as text (``render_mode="ansi"``; ``"human"`` prints it, and is
        printed after every reset and step too): no hidden card is shown."""
        if self.render_mode not in ("ansi", "human"):
            return None
        text = self._public_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _public_text(self) -> str:
        g = self.game
        v = g.view(0)
        lines = [f"hand {g.hand_number} · {g.phase} · dealer seat_{g.dealer} · "
                 f"scores {list(g.scores)}"]
        if v.auction:
            lines.append("auction: " + ", ".join(f"seat_{s} {t}" for s, t in v.auction))
        if v.contract is not None:
            lines.append(f"contract: {v.contract} by seat_{v.contract.declarer}")
        if v.tricks or v.trick:
            lines.append(f"tricks won: {list(v.tricks_won)}")
        if v.trick:
            lines.append("trick: " + ", ".join(f"seat_{s} {t}" for s, t in v.trick))
        if g.to_move is not None:
            lines.append(f"to move: seat_{g.to_move}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""
