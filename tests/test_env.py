"""The learning environment: PettingZoo's API checks, views only, masks, rewards, bad input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from fivehundred import Game, Rules
from fivehundred.actions import NUM_ACTIONS, token_of
from fivehundred.cards import NUM_CARDS, token
from fivehundred.env import FIELDS, OBS_SIZE, FiveHundredEnv, action_mask, encode
from fivehundred.errors import FiveHundredError, IllegalActionError, MalformedError
from fivehundred.rng import Rng
from helpers import hidden_cards, make_deal

PRESETS = ("australian", "classic3", "classic4", "two_dead_hand", "two_24", "five_called",
           "six_pairs", "six_threes")
CARD_FIELDS = ("hand", "kitty", "discards", "played", "trick", "exposed")


def random_step(env: FiveHundredEnv, rng: Rng) -> tuple[str, float, bool, bool]:
    """One turn of the cycle: the selected agent takes its reward and a random legal action
    (a finished agent is stepped with None); its name, reward, terminated, truncated."""
    agent = env.agent_selection
    obs, reward, term, trunc, _ = env.last()
    if term or trunc:
        env.step(None)
    else:
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.below(len(legal))]))
    return agent, reward, term, trunc


def random_steps(env: FiveHundredEnv, rng: Rng, limit: int = 10_000) -> int:
    """Play random legal actions until every agent is done; returns the steps taken."""
    steps = 0
    while env.agents and steps < limit:
        random_step(env, rng)
        steps += 1
    return steps


# PettingZoo's checker suggests a plain Box: a dict with the action mask is what its own card
# games observe, as here
API_WARNINGS = pytest.mark.filterwarnings("ignore:Observation")


@API_WARNINGS
@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_api(preset: str) -> None:
    api_test(FiveHundredEnv(preset), num_cycles=300)


@API_WARNINGS
@pytest.mark.parametrize("rules", ["fivehundred(preset=australian,deck=45)",
                                   "six_pairs", "two_24"])
def test_every_observation_lies_in_the_space(rules: str) -> None:
    """Even the largest kitty (5 cards, the 45 pack) keeps every entry within [-1, 1]."""
    env = FiveHundredEnv(rules, episode="game", max_hands=2)
    space = env.observation_space("seat_0")
    rng = Rng(8)
    for seed in range(2):
        env.reset(seed=seed)
        while env.agents:
            for agent in env.agents:
                assert space.contains(env.observe(agent)), (rules, agent)
            random_step(env, rng)


@API_WARNINGS
def test_pettingzoo_api_whole_games() -> None:
    api_test(FiveHundredEnv("australian", episode="game", max_hands=3), num_cycles=400)


def test_the_same_seed_plays_the_same_game() -> None:
    seed_test(lambda: FiveHundredEnv("six_pairs"), num_cycles=200)
    a, b = FiveHundredEnv("classic3"), FiveHundredEnv("classic3")
    a.reset(seed=5)
    b.reset(seed=5)
    random_steps(a, Rng(1))
    random_steps(b, Rng(1))
    assert a.game.hand_results == b.game.hand_results


@pytest.mark.parametrize("preset", PRESETS)
def test_an_observation_holds_no_card_its_seat_may_not_see(preset: str) -> None:
    """Every card bit, for every seat at every step of random hands, is a card that seat may
    see; and the mask is the seat's legal actions when it is to move, else empty."""
    env = FiveHundredEnv(preset)
    rng = Rng(11)
    for seed in range(3):
        env.reset(seed=seed)
        while env.agents:
            g = env.game
            for agent in env.agents:
                seat = env.seat_of(agent)
                obs = env.observe(agent)
                x = obs["observation"]
                hidden = hidden_cards(g, seat)
                shown = {token(i % NUM_CARDS) for f in CARD_FIELDS
                         for i in np.flatnonzero(x[FIELDS[f].slice])}
                assert not shown & hidden, (preset, seed, seat, shown & hidden)
                want = sorted(g.legal_action_ids()) if g.to_move == seat else []
                assert list(np.flatnonzero(obs["action_mask"])) == want
            random_step(env, rng)


def test_hidden_cards_do_not_change_an_observation() -> None:
    """Two deals that differ only in the other seats' cards give seat 0 the same vector; its
    own cards do change it."""
    r = Rules.preset("australian")
    mine = ["JK", "JH", "AS", "KS", "5C", "6C", "7D", "8D", "9H", "10H"]
    base = make_deal(r, {0: mine}, dealer=3, seed=2)
    swapped = dict(base, hands=[base["hands"][0], base["hands"][2], base["hands"][1],
                               base["hands"][3]])
    a, b = Game(r, deal=base), Game(r, deal=swapped)
    assert a.hand(1) != b.hand(1)
    assert np.array_equal(encode(a.view(0)), encode(b.view(0)))
    assert not np.array_equal(encode(a.view(1)), encode(b.view(1)))


def test_the_vector_says_what_the_view_says() -> None:
    """Spot checks of the layout on a classic3 hand played into its second trick."""
    env = FiveHundredEnv("classic3")
    env.reset(seed=3)
    rng = Rng(4)
    g = env.game
    while not (g.phase == "play" and len(g.tricks) == 1 and len(g.trick) == 1):
        legal = g.legal_action_ids()
        env.step(legal[rng.below(len(legal))])
    seat = g.to_move
    assert seat is not None
    v = g.view(seat)
    x = env.observe(f"seat_{seat}")["observation"]
    assert x.shape == (OBS_SIZE,) and x.dtype == np.float32
    assert {token(int(i)) for i in np.flatnonzero(x[FIELDS["hand"].slice])} == set(v.hand)
    leader, card = v.trick[0]
    slot = (leader - seat) % 3
    trick = x[FIELDS["trick"].slice].reshape(6, NUM_CARDS)
    assert [token(int(i)) for i in np.flatnonzero(trick[slot])] == [card.split(":")[0]]
    assert np.count_nonzero(x[FIELDS["played"].slice]) == 3
    c = v.contract
    assert c is not None and x[FIELDS["declarer"].slice][(c.declarer - seat) % 3] == 1
    assert x[FIELDS["to_move"].slice][0] == 1 and x[FIELDS["phase"].slice][3] == 1
    assert x[FIELDS["tricks_won"].slice].sum() == pytest.approx(0.1)
    assert float(x.min()) >= -1.0 and float(x.max()) <= 1.0


def test_rewards_are_each_sides_points() -> None:
    """A hand's rewards are the points each agent's side scored; a game's add up to the
    scores."""
    env = FiveHundredEnv("australian")
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=8)
    rng = Rng(2)
    while env.agents:
        agent, reward, _, _ = random_step(env, rng)
        totals[agent] += reward
    res = env.game.hand_results[-1]
    r = env.rules
    assert totals == {f"seat_{s}": float(res.points[r.side_of[s]]) for s in range(4)}

    env = FiveHundredEnv("classic3", episode="game", max_hands=4)
    env.reset(seed=9)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    ends = set()
    while env.agents:
        agent, reward, term, trunc = random_step(env, rng)
        totals[agent] += reward
        if term or trunc:
            ends.add((term, trunc))
    g = env.game
    assert ends == {(g.phase == "game_over", g.phase != "game_over")}
    assert len(g.hand_results) == 4 or g.phase == "game_over"
    assert totals == {f"seat_{s}": float(g.scores[s]) for s in range(3)}


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = FiveHundredEnv("australian")
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = next(a for a in range(NUM_ACTIONS) if not before["action_mask"][a])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    for bad in ("7H", 2.0, True, None):
        with pytest.raises(MalformedError, match="action id"):
            env.step(bad)  # type: ignore[arg-type]
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])
    assert env.rewards == dict.fromkeys(env.agents, 0.0)


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"episode": "match"}, "episode"),
    ({"max_hands": 0}, "max_hands"),
    ({"max_hands": True}, "max_hands"),
    ({"render_mode": "rgb_array"}, "render_mode"),
    ({"rules": "no_such_preset"}, "no_such_preset"),
])
def test_bad_settings_are_refused(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(FiveHundredError, match=words):
        FiveHundredEnv(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 2**64, 2.5, "3", True])
def test_a_bad_seed_is_refused_and_the_game_kept(seed: object) -> None:
    """As Gymnasium refuses a negative seed, so does reset; the game under way goes on."""
    env = FiveHundredEnv("australian")
    env.reset(seed=4)
    game, selected = env.game, env.agent_selection
    with pytest.raises(MalformedError, match="seed must be a whole number from 0 to 2\\*\\*64 - 1"):
        env.reset(seed=seed)  # type: ignore[arg-type]
    assert env.game is game and env.agent_selection == selected


def test_observing_before_reset_says_so() -> None:
    with pytest.raises(MalformedError, match="reset"):
        FiveHundredEnv().observe("seat_0")


def test_stepping_before_reset_or_after_the_episode_says_so() -> None:
    """Not an AttributeError or a KeyError naming a seat: a step with no episode under way
    says to reset, and changes nothing."""
    env = FiveHundredEnv("classic3")
    for action in (94, None):
        with pytest.raises(MalformedError, match="reset"):
            env.step(action)
    env.reset(seed=2)
    random_steps(env, Rng(1))
    assert env.agents == []
    results = env.game.hand_results
    for action in (94, None):
        with pytest.raises(MalformedError, match="episode is over"):
            env.step(action)
    assert env.agents == [] and env.game.hand_results == results
    with pytest.raises(MalformedError, match="episode is over"):   # (it was KeyError: seat_0)
        env.last()


def test_unseeded_resets_after_a_seeded_one_deal_alike_on_every_run() -> None:
    """As in Gymnasium, a seeded reset seeds the environment's generator and the unseeded
    resets after it draw from it (each drew a fresh random seed: a run seeded only at its
    first reset, as RLlib and SuperSuit do, could not be repeated); the seeded reset's own
    game is still the seed's (``Game(rules, seed)``)."""
    def deals(env: FiveHundredEnv) -> list[object]:
        env.reset(seed=11)
        out: list[object] = [env.game.deal]
        for _ in range(3):
            env.reset()
            out.append(env.game.deal)
        return out
    env = FiveHundredEnv("australian")
    first = deals(env)
    assert first == deals(env) == deals(FiveHundredEnv("australian"))
    assert len({repr(d) for d in first}) == 4
    assert first[0] == Game(Rules.preset("australian"), seed=11).deal


def test_render_shows_the_public_state_only() -> None:
    env = FiveHundredEnv("australian", render_mode="ansi")
    env.reset(seed=4)
    rng = Rng(3)
    g = env.game
    while not (g.phase == "play" and len(g.trick) == 2):
        legal = g.legal_action_ids()
        env.step(legal[rng.below(len(legal))])
    text = env.render()
    assert text is not None and "contract:" in text and "trick: " in text
    trick_line = next(line for line in text.splitlines() if line.startswith("trick: "))
    assert all(t in trick_line for _, t in g.view(0).trick)
    held = {token(c) for s in range(4) for c in range(NUM_CARDS) if g.hand(s) >> c & 1}
    assert not any(t in trick_line.split() for t in held)
    assert FiveHundredEnv("australian").render() is None


def test_human_rendering_prints_and_passes_pettingzoo_render_test(
        capsys: pytest.CaptureFixture[str]) -> None:
    from pettingzoo.test import render_test

    env = FiveHundredEnv("australian", render_mode="human")
    env.reset(seed=4)
    assert env.render() is None
    assert "to move: seat_" in capsys.readouterr().out
    render_test(lambda render_mode=None: FiveHundredEnv("classic3", render_mode=render_mode))


def test_the_mask_names_legal_actions_by_id() -> None:
    g = Game(Rules.preset("five_called"), seed=2)
    mask = action_mask(g.view(g.to_move or 0))
    assert sorted(token_of(int(a)) for a in np.flatnonzero(mask)) == sorted(g.legal_actions())


def test_the_built_in_bots_play_through_the_environment() -> None:
    """A seat's View feeds a bot; its token becomes an action id: Medium against random play."""
    from fivehundred.bots import make

    env = FiveHundredEnv("australian", episode="game", max_hands=2)
    env.reset(seed=3)
    medium = make("medium", seed=1)
    rng = Rng(5)
    bot_moves = 0
    while env.agents:
        agent = env.agent_selection
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
        elif agent in ("seat_0", "seat_2"):
            a = env.action_id(medium.act(env.view(agent)).action)
            assert obs["action_mask"][a] == 1
            env.step(a)
            bot_moves += 1
        else:
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))
    assert bot_moves > 20


def test_the_documented_layout_is_the_layout() -> None:
    """docs/env.md's table of the vector names every field at its offset and size."""
    doc = (Path(__file__).parent.parent / "docs" / "env.md").read_text()
    table = doc.split("<!-- fields: begin -->")[1].split("<!-- fields: end -->")[0]
    rows = [line.split("|")[1:4] for line in table.splitlines() if line.startswith("| `")]
    documented = [(name.strip().strip("`"), int(off), int(size)) for name, off, size in rows]
    assert documented == [(f.name, f.offset, f.size) for f in FIELDS.values()]
    assert sum(size for _, _, size in documented) == OBS_SIZE


def test_human_rendering_prints_after_each_reset_and_step_as_gymnasium_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Gymnasium's and PettingZoo's "human" mode shows the table as it goes, without
    ``render()`` called (it printed only at ``render()``); ``ansi`` prints nothing."""
    env = FiveHundredEnv("australian", render_mode="human")
    env.reset(seed=4)
    assert capsys.readouterr().out.count("to move: seat_") == 1
    for _ in range(3):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert capsys.readouterr().out.count("to move: seat_") == 3
    quiet = FiveHundredEnv("australian", render_mode="ansi")
    quiet.reset(seed=4)
    obs, *_ = quiet.last()
    quiet.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert capsys.readouterr().out == ""
