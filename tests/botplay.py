"""Drive a Game with bots that see only their seat's View (shared by the bot tests).

>>> from fivehundred import Rules
>>> from fivehundred.bots import make
>>> g = play_with_bots(Rules.preset("australian"), {s: make("random", s) for s in range(4)},
...                    seed=3, max_hands=2)
>>> g.phase in ("hand_over", "game_over")
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from fivehundred import Game, Rules, View
from fivehundred.bots import Bot, Decision, make

#: Called after every decision: (view given to the bot, its decision).
Observer = Callable[[View, Decision], None]


class IllegalBotAction(AssertionError):
    """A bot returned an action that is not among its view's legal actions."""


def play_with_bots(
    rules: Rules,
    bots: Mapping[int, Bot],
    seed: int,
    max_hands: int = 40,
    observe: Observer | None = None,
    game: Game | None = None,
) -> Game:
    """Play a seeded game (or go on with ``game``) until it ends or ``max_hands`` hands are over.

    Each seat's bot is given only ``game.view(seat)``; a seat missing from ``bots`` gets a
    random bot seeded by the seat.  Every returned action is checked against the view's legal
    actions (:class:`IllegalBotAction` otherwise) before it is applied.  The game is returned
    at ``game_over``, or at ``hand_over`` of the last hand allowed.
    """
    g = game if game is not None else Game(rules, seed=seed)
    players = {s: bots.get(s) or make("random", seed=s) for s in range(g.rules.players)}
    hands = 1
    while g.phase != "game_over":
        if g.phase == "hand_over":
            if hands >= max_hands:
                break
            g.next_hand()
            hands += 1
            continue
        seat = g.to_move
        assert seat is not None
        view = g.view(seat)
        decision = players[seat].act(view)
        if decision.action not in view.legal_actions:
            raise IllegalBotAction(
                f"{players[seat].name} at seat {seat} chose {decision.action!r}, not one of "
                f"{view.legal_actions} (phase {view.phase}, hand {g.hand_number}, seed {seed})"
            )
        if observe is not None:
            observe(view, decision)
        g.apply(decision.action)
    return g


def play_deal(rules: Rules, bots: Mapping[int, Bot], seed: int) -> Game:
    """Play the first hand only of a seeded game (``hand_over`` or ``game_over``)."""
    return play_with_bots(rules, bots, seed, max_hands=1)
