"""Five Hundred as an OpenSpiel game: one hand, the deal as chance nodes, any rules.

Importing this module registers ``python_fivehundred`` with OpenSpiel (``pip install
open_spiel``): ``pyspiel.load_game("python_fivehundred", {"rules": "classic3"})`` gives one hand
of a preset, with any options changed by ``options`` (``"slam:none;target:300"``: OpenSpiel's
game strings cannot nest a rules string), ``dealer`` (default 0) dealing.  The deal is a chance
event card by card (each remaining card equally likely), so OpenSpiel's algorithms see the true
distribution; then the seats bid, discard, call and play with the ids of the one action space
(:data:`fivehundred.actions.NUM_ACTIONS`), checked by the engine.  Returns are each player's
side's points for the hand.  Observations come from the seat's View alone
(:func:`.observation.encode`); the information-state string is the View's whole history.

>>> game = pyspiel.load_game("python_fivehundred", {"rules": "classic3"})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(3, 163, 65)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 33)
"""

from __future__ import annotations

import numbers
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import numpy as np

try:            # (optional: the [env] extra; a play-only install says how to add it)
    import pyspiel  # type: ignore[import-not-found]
except ModuleNotFoundError as e:
    if (e.name or "").partition(".")[0] != "pyspiel":
        raise
    raise ModuleNotFoundError("fivehundred.env.openspiel needs OpenSpiel, and pyspiel is not "
                              "installed: pip install 'fivehundred[env]'", name=e.name) from e

from ..actions import NUM_ACTIONS, token_of
from ..cards import NUM_CARDS, cards_of, token
from ..dealing import Deal
from ..errors import IllegalActionError, MalformedError
from ..game import Game
from ..numbers import whole_number
from ..rules import Rules
from ..view import View
from .observation import FIELDS, OBS_SIZE, encode, reward_bound, rules_block

__all__ = ["SHORT_NAME", "FiveHundredGame", "FiveHundredState", "game_rules", "view_string"]

SHORT_NAME = "python_fivehundred"

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Five Hundred (500), one hand",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,   # defenders may score too
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "australian", "options": "", "dealer": 0},
)


@lru_cache(maxsize=64)
def game_rules(preset: str, options: str = "") -> Rules:
    """A preset with options changed, written ``option:value;option:value``.

    >>> game_rules("classic3", "slam:none;target:300").target
    300
    """
    if "(" in preset or any(c in options for c in "(),="):
        raise MalformedError(f"rules is a preset name and options reads option:value;..., "
                             f"got rules={preset!r} options={options!r}")
    pairs = [p.strip() for p in options.split(";") if p.strip()]
    for p in pairs:
        if ":" not in p:
            raise MalformedError(f"an option reads option:value, got {p!r}")
    body = ",".join([f"preset={preset.strip()}", *(p.replace(":", "=", 1) for p in pairs)])
    return Rules.from_string(f"fivehundred({body})")


class FiveHundredGame(pyspiel.Game):  # type: ignore[misc]  # (pyspiel is untyped)
    """One hand of Five Hundred under the ``rules`` parameter."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {"rules": "australian", "options": "", "dealer": 0, **(params or {})}
        r = game_rules(str(p["rules"]), str(p["options"]))
        dealer = p["dealer"]
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not (
                0 <= dealer < r.players):
            raise MalformedError(f"dealer must be a seat from 0 to {r.players - 1}, "
                                 f"got {dealer!r}")
        bound = reward_bound(r)
        longest = r.deck_size + 26 * r.players + r.kitty_size + 1 + 10 * r.players
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS, max_chance_outcomes=NUM_CARDS,
            num_players=r.players, min_utility=-float(bound), max_utility=float(bound),
            utility_sum=None, max_game_length=longest)
        super().__init__(GAME_TYPE, info, {"rules": str(p["rules"]),
                                           "options": str(p["options"]), "dealer": dealer})

    # (read from the parameters, not kept: a game unpickled by pyspiel has no Python fields)

    @property
    def rules(self) -> Rules:
        """The rules of the hand."""
        p = self.get_parameters()
        return game_rules(str(p["rules"]), str(p["options"]))

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return int(self.get_parameters()["dealer"])

    def new_initial_state(self) -> FiveHundredState:
        """Before the deal."""
        return FiveHundredState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        """The observer of one seat's view (see :class:`Observer`)."""
        if params:
            raise MalformedError(f"observer parameters are not supported, got {params}")
        if iig_obs_type is not None and not (
                iig_obs_type.public_info
                and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise MalformedError("observations are a seat's own view: public information and "
                                 "that seat's private cards (no public-only or all-seats one)")
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(perfect_recall=bool(perfect))


class FiveHundredState(pyspiel.State):  # type: ignore[misc]
    """A hand being dealt (chance), bid, exchanged and played."""

    def __init__(self, game: FiveHundredGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealer = game.dealer
        self.dealt: list[int] = []
        self.left = self.rules.deck_mask
        """The cards not dealt yet (a mask)."""
        self.game: Game | None = None

    # -- the deal ---------------------------------------------------------------------------

    def _hand_size(self) -> int:
        r = self.rules
        return (r.deck_size - r.kitty_size) // r.hands_dealt

    def _order(self) -> list[int]:
        """Who gets the k-th dealt card's packet: the seats from the dealer's left, the dead
        hand, then the kitty (any fixed order gives a uniform deal)."""
        n = self.rules.players
        hands = [(self.dealer + 1 + k) % n for k in range(n)] + list(
            range(n, self.rules.hands_dealt))
        return [h for h in hands for _ in range(self._hand_size())]

    def _deal_done(self) -> None:
        order = self._order()
        hands = [0] * self.rules.hands_dealt
        for who, c in zip(order, self.dealt, strict=False):
            hands[who] |= 1 << c
        kitty = sum(1 << c for c in self.dealt[len(order):])
        self.game = Game(self.rules, deal=Deal(self.dealer, tuple(hands), kitty))

    def dealt_to(self, seat: int) -> list[int]:
        """The cards dealt so far to ``seat``."""
        order = self._order()
        return [c for who, c in zip(order, self.dealt, strict=False) if who == seat]

    # -- OpenSpiel's API --------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, CHANCE while dealing, TERMINAL once the hand is over."""
        g = self.game
        if g is None:
            return int(pyspiel.PlayerId.CHANCE)
        if g.to_move is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return g.to_move

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None and player == self.game.to_move
        return sorted(self.game.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not dealt yet, equally likely."""
        left = cards_of(self.left)
        return [(c, 1.0 / len(left)) for c in left]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            if not 0 <= action < NUM_CARDS or not self.left >> action & 1:
                raise MalformedError(f"card {action} is not in the pack left to deal")
            self.dealt.append(action)
            self.left &= ~(1 << action)
            if len(self.dealt) == self.rules.deck_size:
                self._deal_done()
            return
        if self.is_terminal():          # (the engine would point at next_hand(): not here)
            raise IllegalActionError(f"action {action}: the hand is over and this state is "
                                     f"terminal (an OpenSpiel state is one hand)")
        self.game.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < NUM_CARDS:
                raise MalformedError(f"{action} is not a card id (0 to {NUM_CARDS - 1})")
            return f"deal {token(action)}"
        if not 0 <= action < NUM_ACTIONS:
            raise MalformedError(f"{action} is not an action id (0 to {NUM_ACTIONS - 1})")
        return token_of(action)

    def is_terminal(self) -> bool:
        """The hand is over (played out, or thrown in when all passed)."""
        return self.game is not None and self.game.to_move is None

    def returns(self) -> list[float]:
        """Each player's side's points for the hand (0 until it ends)."""
        if not self.is_terminal():
            return [0.0] * self.rules.players
        assert self.game is not None
        points = self.game.hand_results[-1].points
        return [float(points[self.rules.side_of[s]]) for s in range(self.rules.players)]

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> FiveHundredState:
        """A state that ``player_id`` cannot tell from this one, for IS-MCTS and its kin.

        The cards the player has not seen are dealt again at random, consistent with all it
        has seen (voids shown, the called card, the joker's rules: the bots' own
        :func:`fivehundred.bots.sampling.sample_worlds`), and the same actions replayed, the
        discards it did not see imagined.  Only the player's View and the sampler are read,
        never the hidden cards; the randomness comes from ``probability_sampler`` (OpenSpiel's:
        a callable giving a number in [0, 1)), so a seeded sampler gives the same state.
        """
        from ..bots.sampling import sample_worlds
        from ..rng import Rng

        n = self.rules.players
        seat = whole_number(player_id, MalformedError, f"player_id must be a seat, 0 to {n - 1}")
        if not 0 <= seat < n:
            raise MalformedError(f"player_id must be a seat, 0 to {n - 1}, not {player_id}")
        if self.is_terminal():
            raise IllegalActionError("the hand is over: a terminal state has nothing to resample")
        if not callable(probability_sampler):
            raise MalformedError("probability_sampler must be a callable giving a number in "
                                 f"[0, 1), not {probability_sampler!r}")
        x = probability_sampler()
        if isinstance(x, bool) or not isinstance(x, numbers.Real) or not 0.0 <= x < 1.0:
            raise MalformedError(f"probability_sampler gave {x!r}, not a number in [0, 1)")
        rng = Rng(int(x * 2**53))
        if self.game is None:                 # still dealing: the player's own cards kept
            order = self._order()
            mine = sum(1 << c for who, c in zip(order, self.dealt, strict=False) if who == seat)
            pool = cards_of(self.rules.deck_mask & ~mine)
            rng.shuffle(pool)
            others = iter(pool)
            sequence = [c if who == seat else next(others)
                        for who, c in zip(order, self.dealt, strict=False)]
            if len(self.dealt) > len(order):          # into the kitty
                sequence += [next(others) for _ in self.dealt[len(order):]]
            actions: tuple[int, ...] = ()
        else:
            worlds = sample_worlds(self.game.view(seat), rng, 1, max_tries=2000)
            if not worlds:   # never seen: the true deal is always one of them
                raise IllegalActionError("no deal consistent with this seat's view was found")
            g = worlds[0].game
            hands, kitty = list(g.deal.hands), g.deal.kitty
            c = g.contract
            if c is not None and g.phase != "auction" and c.declarer != seat:
                # which of the declarer's cards came from the kitty, the seat cannot know:
                # any split replays alike, so a uniform one (the world's is always the discards)
                both = cards_of(hands[c.declarer] | kitty)
                rng.shuffle(both)
                kitty = sum(1 << x for x in both[:self.rules.kitty_size])
                hands[c.declarer] = sum(1 << x for x in both[self.rules.kitty_size:])
            sequence = [x for h in range(self.rules.hands_dealt) for x in
                        cards_of(hands[self._order()[h * self._hand_size()]])]
            sequence += cards_of(kitty)
            actions = g.actions
        state: FiveHundredState = self.get_game().new_initial_state()
        for a in (*sequence, *actions):
            state.apply_action(a)
        return state

    def view(self, seat: int) -> View | None:
        """The seat's view once the deal is done (None while dealing)."""
        return None if self.game is None else self.game.view(seat)

    def __str__(self) -> str:
        """Every hand (for debugging: an agent's observations come from its view only)."""
        g = self.game
        if g is None:
            return f"dealing: {len(self.dealt)} of {self.rules.deck_size} cards dealt"
        hands = " | ".join(" ".join(g.hand_tokens(s)) for s in range(self.rules.players))
        return f"{g.phase}; hands: {hands}; trick: {list(g.view(0).trick)}"


class Observer:
    """OpenSpiel's observer interface over a seat's View: the vector of
    :func:`.observation.encode`, and as text the seat's view (its whole history with
    ``perfect_recall``, otherwise the hand as it stands).

    A perfect-recall observer has text only (``tensor`` is None): the vector keeps each seat's
    latest call and the cards played, not the whole auction or who played what, so it is no
    information state, and ``information_state_tensor`` is refused rather than answered with it.
    The one thing the text leaves out of the history is the order of the seat's own discards
    (the View lists them sorted, as the hand is): declarers that laid away the same cards in
    another order share an information state, which they are in every way that matters.
    """

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not perfect_recall:
            self.tensor = np.zeros(OBS_SIZE, np.float32)
            self.dict = {name: self.tensor[f.slice] for name, f in FIELDS.items()}

    def set_from(self, state: FiveHundredState, player: int) -> None:
        """The vector of ``player``'s view (while dealing: the rules block and the cards it has
        been dealt)."""
        if self.tensor is None:
            raise MalformedError(
                "there is no information-state tensor (the vector is the view as it stands, "
                "not a perfect-recall history): use observation_tensor, or "
                "information_state_string for the whole history")
        view = state.view(player)
        if view is None:
            self.tensor.fill(0.0)
            self.dict["rules"][:] = rules_block(state.rules)     # (known before any card)
            for c in state.dealt_to(player):
                self.dict["hand"][c] = 1.0
        else:
            self.tensor[:] = encode(view)

    def string_from(self, state: FiveHundredState, player: int) -> str:
        """The text of ``player``'s view.  During the deal, the cards dealt to it so far in
        the order its hand is shown (by card), not the order they came: the same cards give
        the same string, as they do once the deal is done."""
        view = state.view(player)
        if view is None:
            dealt = sorted(state.dealt_to(player))
            return f"seat {player} dealt: " + " ".join(token(c) for c in dealt)
        return view_string(view, history=self.perfect_recall)


def view_string(view: View, history: bool = True) -> str:
    """A seat's view as one line: hand, auction, contract, call and partner, exchanges, tricks.

    With ``history`` every trick played so far is listed in order (OpenSpiel's information
    state); without it only the cards played and the current trick.
    """
    parts = [f"seat {view.seat}", f"dealer {view.dealer}", view.phase,
             "hand " + " ".join(view.hand)]
    if view.auction:
        parts.append("auction " + " ".join(f"{s}:{t}" for s, t in view.auction))
    if view.contract is not None:
        parts.append(f"contract {view.contract.bid} by {view.contract.declarer}")
    if view.call is not None:
        parts.append(view.call)
    if view.partner is not None:        # the called card's holder, known at once to every seat
        parts.append(f"partner {view.partner}")
    if view.kitty:
        parts.append("kitty " + " ".join(view.kitty))
    if view.discards:
        parts.append("discards " + " ".join(view.discards))
    for s, cards in view.exposed:
        parts.append(f"exposed {s}: " + " ".join(cards))
    if history:
        for tr in view.tricks:
            parts.append("trick " + " ".join(f"{s}:{t}" for s, t in tr.plays) + f" >{tr.winner}")
    else:
        parts.append("played " + " ".join(t for tr in view.tricks for _, t in tr.plays))
        parts.append("won " + " ".join(str(n) for n in view.tricks_won))
    if view.trick:
        parts.append("now " + " ".join(f"{s}:{t}" for s, t in view.trick))
    return "; ".join(parts)


pyspiel.register_game(GAME_TYPE, FiveHundredGame)
