"""The terminal game's opponents, each seeing only a View: the seeded random-legal
``random_low`` bot (``RandomOpponent``), any other bot a table seats (``BotOpponent``, made
by ``seat_bot`` as the full-screen table's are too), the seed each seat's gets
(``opponent_seed``), and the seed of a hint at a point of the game (``hint_seed``, for the
browser and the terminal table too: the bots themselves never see a Game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game import Game
from ..rng import derive_seed
from ..rules import Rules
from ..view import View

if TYPE_CHECKING:      # (the text game starts without the bots: they load when seated)
    from ..bots.base import Bot

RANDOM_LOW = "random_low"
"""The bot the text game seats when no strength is asked for (and its records name)."""


class RandomOpponent:
    """The ``random_low`` bot (:class:`~fivehundred.bots.random_bot.RandomLowBot`), the text
    game's opponent when no strength is asked for: a random-legal player that sees only a
    :class:`View`.

    In the auction it passes ``pass_percent`` of the time and otherwise picks one of the three
    lowest bids it may make (so it does not bid 10NT at random); elsewhere (the kitty, the
    five-handed call, the play) it picks uniformly among the legal actions.

    >>> from fivehundred import Game, Rules
    >>> g = Game(Rules.preset("australian"), seed=7)
    >>> RandomOpponent(1).act(g.view(g.to_move)) in g.legal_actions()
    True
    """

    def __init__(self, seed: int, pass_percent: int = 80) -> None:
        from ..bots.random_bot import RandomLowBot

        self.bot = RandomLowBot(seed=seed, pass_percent=pass_percent)

    def act(self, view: View) -> str:
        """The action token this opponent takes, given its seat's view of the table."""
        if not isinstance(view, View):
            raise TypeError(f"an opponent is given a View, never the game: got {type(view)!r}")
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has nothing to do now (phase {view.phase})")
        return self.bot.act(view).action


def opponent_seed(game_seed: int, seat: int) -> int:
    """The seed of the opponent at ``seat``, derived one way from the game's seed (the
    deal's)."""
    return derive_seed(game_seed, "opponent", seat)


def seat_bot(name: str, seed: int) -> Bot:
    """The bot ``name`` (any registered one but the cheater: ``make_player``) for a seat of
    a terminal table, seeded ``seed``.  A factory that fails (raises, or calls
    ``sys.exit()``) is a :class:`BotError` naming the bot and the failure, which the tables
    say before any game starts, as they say an unknown bot.

    >>> seat_bot("random", seed=1).act  # doctest: +ELLIPSIS
    <bound method ...>
    """
    from ..bots.base import make_seated

    return make_seated(name, seed)


class BotOpponent:
    """Any registered bot (``fivehundred.bots.make``) as a terminal-game opponent
    (:func:`seat_bot`: a factory that fails is a BotError)."""

    def __init__(self, name: str, seed: int) -> None:
        self.bot = seat_bot(name, seed)

    def act(self, view: View) -> str:
        """The bot's action token for this view."""
        return self.bot.act(view).action


def opponents_of(rules: Rules, seat: int, bots: str | None,
                 seed: int) -> dict[int, RandomOpponent | BotOpponent]:
    """The opponents at every seat but ``seat`` of a game seeded ``seed``: the bot ``bots``,
    or with ``bots`` None the ``random_low`` bot (a :class:`RandomOpponent`), each seeded
    :func:`opponent_seed`.  (``random`` is the registered random bot, which bids any bid, as
    at every other table: one name, one bot.)"""
    return {s: (RandomOpponent(opponent_seed(seed, s)) if bots in (None, RANDOM_LOW)
                else BotOpponent(bots, opponent_seed(seed, s)))
            for s in range(rules.players) if s != seat}


def hint_seed(game: Game) -> int:
    """The seed of a hint at this point of ``game``: its seed, the hand and the actions so
    far, so that the same position gets the same hint, taken back to or not (derived one
    way: the hint's bot sees a view, and the game's seed would give it the deal).

    >>> from fivehundred import Rules
    >>> g = Game(Rules.preset("australian"), seed=7)
    >>> before = hint_seed(g)
    >>> g.apply("pass")
    >>> hint_seed(g.clone()) == hint_seed(g) != before
    True
    """
    return derive_seed(game.seed, "hint", game.hand_number, len(game.actions))
