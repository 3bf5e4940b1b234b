"""The OpenSpiel game: OpenSpiel's own random simulation test, the engine's results on the
same deal, views only in every observation, bad input."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

from fivehundred import Game, Rules
from fivehundred.actions import BID
from fivehundred.auction import contract_of
from fivehundred.cards import NUM_CARDS, cards_of, token
from fivehundred.dealing import Deal
from fivehundred.env import reward_bound
from fivehundred.env.openspiel import SHORT_NAME, FiveHundredGame, FiveHundredState
from fivehundred.errors import FiveHundredError, IllegalActionError, MalformedError
from fivehundred.rng import Rng
from fivehundred.scoring import slam_value
from helpers import hidden_cards

PRESETS = ("australian", "classic3", "classic4", "two_dead_hand", "two_24", "five_called",
           "six_pairs", "six_threes")
CARD_FIELDS = ("hand", "kitty", "discards", "played", "trick", "exposed")


def load(preset: str, dealer: int = 0) -> pyspiel.Game:
    return pyspiel.load_game(SHORT_NAME, {"rules": preset, "dealer": dealer})


def random_step(state: FiveHundredState, rng: Rng) -> int:
    """Deal a random card, or take a random legal action; returns it."""
    if state.is_chance_node():
        choices = [c for c, _ in state.chance_outcomes()]
    else:
        choices = state.legal_actions()
    a: int = choices[rng.below(len(choices))]
    state.apply_action(a)
    return a


def play_random(state: FiveHundredState, rng: Rng) -> list[int]:
    """Deal and play at random to the end; the actions taken, chance outcomes included."""
    taken = []
    while not state.is_terminal():
        taken.append(random_step(state, rng))
    return taken


def card_words(text: str) -> set[str]:
    """The words of a view string outside its auction and contract (bids look like cards)."""
    return {w for part in text.split("; ") if not part.startswith(("auction ", "contract "))
            for w in part.replace(":", " ").split()}


@pytest.mark.parametrize("preset", PRESETS)
def test_openspiel_random_simulations(preset: str) -> None:
    pyspiel.random_sim_test(load(preset), num_sims=10, serialize=False, verbose=False)


def test_the_deal_is_every_remaining_card_equally_likely() -> None:
    state = load("australian").new_initial_state()
    rng = Rng(3)
    pack = set(cards_of(Rules.preset("australian").deck_mask))
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert {c for c, _ in outcomes} == pack
        assert all(p == pytest.approx(1 / len(pack)) for _, p in outcomes)
        c = outcomes[rng.below(len(outcomes))][0]
        state.apply_action(c)
        pack.remove(c)
    assert not pack and state.current_player() >= 0


@pytest.mark.parametrize("preset", ("australian", "two_dead_hand", "six_pairs"))
def test_a_hand_through_openspiel_is_the_engines_hand(preset: str) -> None:
    """The same deal and actions given to the engine directly score the same points."""
    r = Rules.preset(preset)
    for seed in range(4):
        game = load(preset, dealer=seed % r.players)
        state = game.new_initial_state()
        taken = play_random(state, Rng(seed))
        g = state.game
        assert g is not None
        again = Game(r, deal=Deal(g.deal.dealer, g.deal.hands, g.deal.kitty))
        for a in taken[r.deck_size:]:
            again.apply(a)
        res = again.hand_results[-1]
        assert state.returns() == [float(res.points[r.side_of[s]]) for s in range(r.players)]
        assert g.deal.dealer == seed % r.players


@pytest.mark.parametrize("preset", PRESETS)
def test_observations_hold_no_card_their_seat_may_not_see(preset: str) -> None:
    game = load(preset)
    obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    rng = Rng(5)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            for p in range(game.num_players()):
                obs.set_from(state, p)
                shown = {token(i % NUM_CARDS) for f in CARD_FIELDS
                         for i in np.flatnonzero(obs.dict[f])}
                if state.game is None:
                    assert shown == {token(c) for c in state.dealt_to(p)}
                else:
                    hidden = hidden_cards(state.game, p)
                    assert not shown & hidden, (preset, p)
                    assert not card_words(obs.string_from(state, p)) & hidden, (preset, p)
            random_step(state, rng)


def test_the_information_state_is_the_seats_whole_history() -> None:
    game = load("classic3")
    state = game.new_initial_state()
    rng = Rng(7)
    while state.is_chance_node() or len(state.game.tricks) < 2:  # type: ignore[union-attr]
        random_step(state, rng)
    g = state.game
    assert g is not None
    seat = g.to_move
    info = state.information_state_string(seat)
    v = g.view(seat)
    for tr in v.tricks:
        assert "trick " + " ".join(f"{s}:{t}" for s, t in tr.plays) in info
    assert "hand " + " ".join(v.hand) in info
    assert not card_words(info) & hidden_cards(g, seat)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = load("australian")
    state = game.new_initial_state()
    play = Rng(1)
    while state.is_chance_node():
        random_step(state, play)
    before = str(state), state.legal_actions()
    illegal = next(a for a in range(game.num_distinct_actions())
                   if a not in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert (str(state), state.legal_actions()) == before


def test_options_change_the_preset_and_survive_the_game_string() -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": "australian",
                                          "options": "slam:bonus_equal_to_bid;target:300"})
    assert game.rules == Rules.preset("australian", slam="bonus_equal_to_bid", target=300)
    again = pyspiel.load_game(str(game))
    assert again.rules == game.rules and pickle.loads(pickle.dumps(game)).rules == game.rules
    # a 10NT slam doubles here: the utility bound covers it
    assert game.max_utility() >= 2 * 520 and game.min_utility() <= -2 * 520


@pytest.mark.parametrize("slam", ("250_if_less", "bonus_equal_to_bid", "none"))
def test_no_hand_scores_beyond_the_utility_bounds(slam: str) -> None:
    game = pyspiel.load_game(SHORT_NAME, {"rules": "classic4", "options": f"slam:{slam}"})
    r = game.rules
    dearest = 0
    for bid in range(BID, BID + 25):            # the trick bids, 6S to 10NT
        c = contract_of(r, bid, 0)
        dearest = max(dearest, c.value, slam_value(r, c))
    # (no side scores a contract and defenders' tricks in one hand: 10NT's slam is the most)
    assert game.max_utility() == -game.min_utility() == reward_bound(r) == dearest


def test_bad_parameters_and_deals_are_refused() -> None:
    with pytest.raises(MalformedError, match="dealer"):
        load("australian", dealer=4)
    with pytest.raises(MalformedError, match="dealer"):
        FiveHundredGame({"rules": "australian", "dealer": True})
    with pytest.raises(FiveHundredError, match="no_such"):
        load("no_such")
    with pytest.raises(MalformedError, match="preset name"):
        load("fivehundred(players=3)")
    with pytest.raises(MalformedError, match="option:value"):
        pyspiel.load_game(SHORT_NAME, {"rules": "australian", "options": "slam"})
    with pytest.raises(FiveHundredError, match="unknown option"):
        pyspiel.load_game(SHORT_NAME, {"rules": "australian", "options": "colour:red"})
    state = load("australian").new_initial_state()
    first = cards_of(Rules.preset("australian").deck_mask)[0]
    state.apply_action(first)
    for bad in (state.dealt[0], -1, NUM_CARDS, 2):   # dealt already, no card, not in the pack
        with pytest.raises(MalformedError, match="not in the pack"):
            state._apply_action(bad)
    assert state.dealt == [first]          # nothing changed by the refusals


def test_only_a_seats_own_observation_is_offered() -> None:
    game = load("australian")
    for kind in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS):
        with pytest.raises(MalformedError, match="own view"):
            game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False,
                                                             private_info=kind))
    with pytest.raises(MalformedError, match="own view"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True,
                                                         public_info=False))
    assert game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True)).perfect_recall



def test_the_strings_say_who_the_called_partner_is() -> None:
    """Five-handed, the called card's holder is the partner at once, in every view: two deals
    that differ only in which other seat holds the called card give a third seat different
    strings, as they give it different vectors."""
    game = load("five_called")
    for seed in range(50):
        state = game.new_initial_state()
        rng = Rng(seed)
        while not state.is_terminal() and (state.game is None or state.game.phase != "play"):
            random_step(state, rng)
        g = state.game
        if g is not None and g.phase == "play" and g.partner is not None:
            break
    else:
        pytest.fail("no random hand called a partner")
    assert g.contract is not None and g.call is not None
    partner, declarer = g.partner, g.contract.declarer
    other, seat = [s for s in range(5) if s not in (partner, declarer)][:2]
    # the same history with the called card dealt to ``other`` instead (a card of its swapped
    # the other way): nothing has been played yet, so every action stays legal
    called = next(c for c in range(NUM_CARDS) if token(c) == g.call.split()[1])
    history = state.history()
    at_called = state.dealt.index(called)
    at_other = state.dealt.index(state.dealt_to(other)[0])
    history[at_called], history[at_other] = history[at_other], history[at_called]
    twin = game.new_initial_state()
    for a in history:
        twin.apply_action(a)
    assert twin.game is not None and twin.game.partner == other != partner
    assert state.observation_tensor(seat) != twin.observation_tensor(seat)
    for s, p in ((state, partner), (twin, other)):
        assert f"partner {p}" in s.information_state_string(seat)
        assert f"partner {p}" in s.observation_string(seat)
    assert state.information_state_string(seat) != twin.information_state_string(seat)
    assert state.observation_string(seat) != twin.observation_string(seat)


def test_there_is_no_information_state_tensor() -> None:
    """The vector is the view as it stands (the latest call of each seat, the cards played but
    not who played them), not a perfect-recall information state: the game says it provides
    none, and asking for one is refused rather than answered with the observation vector."""
    game = load("classic3")
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    rng = Rng(2)
    while state.is_chance_node():
        random_step(state, rng)
    seat = state.current_player()
    with pytest.raises(MalformedError, match="information-state tensor"):
        state.information_state_tensor(seat)
    with pytest.raises(MalformedError, match="information-state tensor"):
        game.information_state_tensor_shape()
    observer = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert observer.tensor is None
    assert observer.string_from(state, seat) == state.information_state_string(seat)
    assert len(state.observation_tensor(seat)) == game.observation_tensor_size() == 1093


def test_bad_ids_and_moves_after_the_hand_say_so() -> None:
    """An id outside the action space (or, while dealing, outside the cards) has no string;
    an action once the hand is over is refused without pointing at the engine's next_hand()
    (an OpenSpiel state is one hand); neither changes the state."""
    game = load("two_24")
    state = game.new_initial_state()
    for bad in (NUM_CARDS, -1):
        with pytest.raises(MalformedError, match="not a card"):
            state.action_to_string(pyspiel.PlayerId.CHANCE, bad)
    play_random(state, Rng(4))
    assert state.is_terminal()
    for bad in (game.num_distinct_actions(), -2):
        with pytest.raises(MalformedError, match="not an action id"):
            state.action_to_string(0, bad)
    before = str(state), state.history(), state.returns()
    for a in (0, BID):
        with pytest.raises(IllegalActionError, match="terminal") as e:
            state.apply_action(a)
        assert "next_hand" not in str(e.value)
    assert (str(state), state.history(), state.returns()) == before


def test_undo_is_refused_by_openspiel_and_a_replay_takes_its_place() -> None:
    """OpenSpiel's Python-game interface gives no way to undo (its C++ side keeps the history
    and never asks a Python state to undo): the call is refused and changes nothing, and the
    way docs/env.md gives, replaying all but the last action on a new state, is the state
    before it."""
    game = load("australian")
    state = game.new_initial_state()
    play = Rng(3)
    for _ in range(game.num_players() * 10 + 3 + 2):   # the deal, then two bids
        random_step(state, play)
    before = state.clone()
    a = random_step(state, play)
    after = str(state), state.history(), state.legal_actions()
    with pytest.raises(pyspiel.SpielError, match="UndoAction"):
        state.undo_action(state.current_player(), a)
    assert (str(state), state.history(), state.legal_actions()) == after
    replayed = game.new_initial_state()
    for x in state.history()[:-1]:
        replayed.apply_action(x)
    assert str(replayed) == str(before) and replayed.history() == before.history()
    assert replayed.legal_actions() == before.legal_actions()
