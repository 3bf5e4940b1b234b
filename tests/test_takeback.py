"""Game.take_back: a seat's last decision of the hand in play undone, with every action after
it, exactly as if they had never been taken; refused (nothing changed) outside the hand."""

from __future__ import annotations

import pytest

from fivehundred import Game, Rules
from fivehundred.errors import IllegalActionError, SeatError
from fivehundred.game.state import get_state
from fivehundred.rng import Rng
from helpers import random_policy

PRESETS = ["australian", "classic3", "classic4", "five_called", "six_pairs", "six_threes",
           "two_dead_hand", "two_24"]


def replayed(g: Game, actions: tuple[int, ...]) -> Game:
    """A game at ``g``'s hand, its actions replayed from the hand's deal up to ``actions``."""
    fresh = Game(g.rules, seed=g.seed)
    for past in g.past_hands:
        for a in past.actions:
            fresh.apply(a)
        fresh.next_hand()
    for a in actions:
        fresh.apply(a)
    return fresh


def movers(g: Game) -> list[tuple[int | None, str]]:
    """Who took each of the hand's actions, and in what phase."""
    fresh = replayed(g, ())
    out = []
    for a in g.actions:
        out.append((fresh.to_move, fresh.phase))
        fresh.apply(a)
    return out


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", range(4))
def test_a_take_back_is_the_hand_replayed_to_before_the_decision(preset: str,
                                                                 seed: int) -> None:
    """At random points of random games: the seat's last decision and everything after it
    are gone, the state is the hand replayed up to just before it (every field), the seat
    is to move, and applying what was undone brings back the very same state."""
    rules = Rules.preset(preset)
    rng = Rng(seed * 7919 + len(preset))
    g = Game(rules, seed=seed)
    act = random_policy(rng, pass_bias=60)
    checked = 0
    while checked < 20:
        if g.phase == "game_over":
            g = Game(rules, seed=g.seed + 100)
        if g.phase == "hand_over":
            g.next_hand()
            continue
        g.apply(act(g))
        if g.phase in ("hand_over", "game_over") or rng.below(100) >= 30:
            continue
        who = movers(g)
        seat = rng.below(rules.players)
        if seat not in [m for m, _ in who]:
            assert not g.can_take_back(seat)
            continue
        mine = [i for i, (m, _) in enumerate(who) if m == seat]
        start = mine[-1]
        while start > 0 and who[start][1] == "kitty" and who[start - 1] == (seat, "kitty"):
            start -= 1
        before, log = get_state(g), g.actions
        assert g.can_take_back(seat)
        undone = g.take_back(seat)
        assert g.to_move == seat
        assert get_state(g) == get_state(replayed(g, log[:start]))
        assert g.actions == log[:start] and undone == log[start:]
        for a in undone:
            g.apply(a)
        assert get_state(g) == before
        checked += 1


def test_the_declarers_discard_is_taken_back_whole() -> None:
    """The declarer who has put out two of his three cards takes back those two (his discard
    so far); once the discard is whole and another seat has acted, all three go at once."""
    g = Game(Rules.preset("australian"), seed=3)
    while g.phase == "auction":
        g.apply("6NT" if "6NT" in g.legal_actions() else "pass")
    assert g.phase == "kitty"
    declarer = g.to_move
    assert declarer is not None
    start = len(g.actions)
    g.apply(g.legal_action_ids()[0])
    g.apply(g.legal_action_ids()[0])
    assert len(g.take_back(declarer)) == 2 and len(g.actions) == start
    assert g.phase == "kitty" and g.to_move == declarer
    for _ in range(3):
        g.apply(g.legal_action_ids()[0])
    assert g.phase == "play"
    if g.to_move == declarer:          # he leads: his lead is a decision of its own
        g.apply(g.legal_action_ids()[0])
        assert len(g.take_back(declarer)) == 1
        assert g.phase == "play"
    else:
        assert len(g.take_back(declarer)) == 3 and g.phase == "kitty"


def test_refused_take_backs_change_nothing() -> None:
    """Before a seat has acted, after the hand is over: an IllegalActionError that says why;
    for a seat that is not one, a SeatError, as ``view`` gives (``can_take_back`` too: not a
    quiet False); the game as it was."""
    g = Game(Rules.preset("australian"), seed=5)
    before = get_state(g)
    with pytest.raises(IllegalActionError, match="no decision in this hand yet"):
        g.take_back(0)
    for bad in (4, -1, True, "0", None, 99):
        with pytest.raises(SeatError, match="a seat is a number from 0 to 3"):
            g.take_back(bad)  # type: ignore[arg-type]
        with pytest.raises(SeatError, match="a seat is a number from 0 to 3"):
            g.can_take_back(bad)  # type: ignore[arg-type]
    assert get_state(g) == before
    act = random_policy(Rng(1), pass_bias=80)
    while g.phase not in ("hand_over", "game_over"):
        g.apply(act(g))
    before = get_state(g)
    for seat in range(4):
        assert not g.can_take_back(seat)
        with pytest.raises(IllegalActionError, match="the hand is over and scored"):
            g.take_back(seat)
    assert get_state(g) == before


def test_an_earlier_hand_stays_as_it_was() -> None:
    """A take-back in the second hand goes no further back than its deal: the first hand's
    result and the scores stay."""
    g = Game(Rules.preset("australian"), seed=9)
    act = random_policy(Rng(2), pass_bias=70)
    while g.phase != "hand_over":
        g.apply(act(g))
    g.next_hand()
    results, scores = g.hand_results, g.scores
    while not g.can_take_back(0):
        g.apply(act(g))
    g.take_back(0)
    assert g.hand_results == results and g.scores == scores and g.hand_number == 1
