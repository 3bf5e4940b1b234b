"""OpenSpiel's ``resample_from_infostate``: a state its seat cannot tell from the true one,
read from that seat's View alone (the security property: two states differing only in cards
the seat cannot see give the same resample), and OpenSpiel's IS-MCTS playing with it."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from fivehundred.cards import token
from fivehundred.env.openspiel import SHORT_NAME, FiveHundredState
from fivehundred.errors import FiveHundredError, IllegalActionError, MalformedError
from fivehundred.rng import Rng
from helpers import hidden_cards

PRESETS = ("australian", "classic3", "classic4", "two_dead_hand", "five_called", "six_pairs")


def load(preset: str) -> pyspiel.Game:
    return pyspiel.load_game(SHORT_NAME, {"rules": preset})


def sampler(seed: int) -> pyspiel.UniformProbabilitySampler:
    return pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)


def step(state: FiveHundredState, rng: Rng) -> None:
    """Deal a random card or take a random legal action."""
    choices = ([c for c, _ in state.chance_outcomes()] if state.is_chance_node()
               else state.legal_actions())
    state.apply_action(choices[rng.below(len(choices))])


def hidden_now(state: FiveHundredState, seat: int) -> dict[str, str]:
    """Where each card ``seat`` cannot see lies (the true state's secret)."""
    g = state.game
    assert g is not None
    return {c: str(s) for s in range(g.rules.players) for c in
            (token(x) for x in range(64) if g.hand(s) >> x & 1)
            if c in hidden_cards(g, seat)}


@pytest.mark.parametrize("preset", PRESETS)
def test_a_resampled_state_looks_the_same_to_its_seat(preset: str) -> None:
    game = load(preset)
    rng = Rng(3)
    changed = checked = 0
    for _ in range(2):
        state = game.new_initial_state()
        k = 0
        while not state.is_terminal():
            if k % 3 == 0:
                for p in range(game.num_players()):
                    r = state.resample_from_infostate(p, sampler(1000 * k + p))
                    checked += 1
                    assert r.information_state_string(p) == state.information_state_string(p)
                    assert r.observation_string(p) == state.observation_string(p)
                    assert np.array_equal(r.observation_tensor(p), state.observation_tensor(p))
                    assert r.current_player() == state.current_player()
                    assert len(r.history()) == len(state.history())
                    if p == state.current_player():
                        assert r.legal_actions() == state.legal_actions()
                    if state.game is None:
                        changed += r.dealt != state.dealt
                    else:
                        changed += hidden_now(r, p) != hidden_now(state, p)
            step(state, rng)
            k += 1
    assert checked > 50 and changed > checked // 2, (checked, changed)


def test_a_seeded_sampler_gives_the_same_state() -> None:
    state = load("australian").new_initial_state()
    rng = Rng(8)
    for _ in range(60):
        step(state, rng)
    a, b = (state.resample_from_infostate(2, sampler(5)) for _ in range(2))
    assert str(a) == str(b) and a.history() == b.history()
    assert str(state.resample_from_infostate(2, sampler(6))) != str(a)


def _replayed(game: pyspiel.Game, history: list[int]) -> FiveHundredState | None:
    state = game.new_initial_state()
    try:
        for a in history:
            state.apply_action(a)
    except FiveHundredError:
        return None
    return state


@pytest.mark.parametrize(("preset", "actions"), [("australian", 0), ("australian", 6),
                                                 ("australian", 25), ("classic3", 20),
                                                 ("six_pairs", 30)])
def test_resampling_reads_nothing_the_seat_cannot_see(preset: str, actions: int) -> None:
    """The same history with two cards swapped between other seats (or with the kitty),
    the same sampler: the same resample for seat 0, cards and all."""
    game = load(preset)
    n_deal = game.max_chance_outcomes() and len(game.new_initial_state().chance_outcomes())
    state = game.new_initial_state()
    rng = Rng(11)
    while state.is_chance_node():
        step(state, rng)
    for _ in range(actions):
        step(state, rng)
    assert not state.is_terminal()
    history = list(state.history())
    deal, rest = history[:n_deal], history[n_deal:]
    g = state.game
    assert g is not None
    secret = hidden_cards(g, 0)
    tried = 0
    for i in range(n_deal):
        for j in range(i + 1, n_deal):
            if token(deal[i]) not in secret or token(deal[j]) not in secret:
                continue
            swapped = list(deal)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            other = _replayed(game, swapped + rest)
            if other is None or hidden_now(other, 0) == hidden_now(state, 0):
                continue
            assert other.information_state_string(0) == state.information_state_string(0)
            a = state.resample_from_infostate(0, sampler(tried))
            b = other.resample_from_infostate(0, sampler(tried))
            assert str(a) == str(b) and a.history() == b.history()
            tried += 1
            if tried == 5:
                return
    pytest.fail(f"only {tried} swaps of cards seat 0 cannot see kept the history legal")


def test_openspiels_ismcts_plays_a_hand() -> None:
    """The Python IS-MCTS bot (its worlds from resample_from_infostate) at every seat."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("australian")
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           uct_c=2.0, max_simulations=8,
                           random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    rng = Rng(4)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            step(state, rng)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves >= 4 and len(state.returns()) == 4


def test_bad_requests_are_refused() -> None:
    game = load("classic3")
    state = game.new_initial_state()
    rng = Rng(2)
    for _ in range(40):
        step(state, rng)
    before = str(state), state.history()
    for player, words in ((-1, "player_id must be a seat, 0 to 2"), (3, "0 to 2, not 3"),
                          ("0", "player_id must be a seat"), (True, "player_id must be a seat")):
        with pytest.raises(MalformedError, match=words):
            state.resample_from_infostate(player, sampler(0))
    with pytest.raises(MalformedError, match="must be a callable"):
        state.resample_from_infostate(0, 0.5)
    for bad in (1.5, -0.1, "0.5", None, True):
        with pytest.raises(MalformedError, match=r"gave .*, not a number in \[0, 1\)"):
            state.resample_from_infostate(0, lambda bad=bad: bad)
    assert (str(state), state.history()) == before
    while not state.is_terminal():
        step(state, rng)
    with pytest.raises(IllegalActionError, match="terminal state has nothing to resample"):
        state.resample_from_infostate(0, sampler(0))


def test_the_kitty_a_seat_never_saw_is_imagined_anew() -> None:
    """Which of the declarer's cards came from the kitty: across resamples for a defender,
    not always the cards he discarded (any split replays alike)."""
    game = load("australian")
    rng = Rng(6)
    for _ in range(50):                              # a hand that reaches the play
        state = game.new_initial_state()
        while not state.is_terminal() and (state.game is None or state.game.phase != "play"):
            step(state, rng)
        if not state.is_terminal():
            break
    g = state.game
    assert g is not None and g.contract is not None
    defender = (g.contract.declarer + 1) % 4
    splits = set()
    for k in range(20):
        r = state.resample_from_infostate(defender, sampler(k))
        assert r.game is not None
        assert r.information_state_string(defender) == state.information_state_string(defender)
        splits.add(r.game.deal.kitty == r.game.discards)
    assert splits == {True, False} or splits == {False}
