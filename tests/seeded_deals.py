"""Seeds for the browser tests chosen by what a test must show, not by a lucky number.

A table's first auction is played here as the server plays it (the same bots, each seeded as
the server seeds it), you passing at each bid, and the first seed from :data:`browser.SEED`
on whose deal a test's need holds is the one the test's table is dealt: a change to the bots
moves such a test to another deal instead of breaking it (an open misère of your partner's,
made, once ended a six-handed game before your first card, and a desk test with it).

>>> seed_where("australian", "you_defend") >= 0
True
>>> seed_where("six_threes", "you_defend", first=6) > 6     # (seed 6: a hand you sit out)
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from browser import SEED
from fivehundred import Game, Rules
from fivehundred.bots import make
from fivehundred.web.seats import bot_seed
from fivehundred.web.table import Table

WANTS: dict[str, str] = {
    "you_defend": "you pass at each bid and get a card to play in the first hand (a bot "
                  "declares, and not for your side's misère, which you would sit out)",
    "every_bid": "at your first bid every bid is open to you, both misères among them (no "
                 "open misère or ten bid stands above them)",
}
"""What a test may need of its deal, by name, in words for the message when no seed has it."""


def _your_turns(preset: str, seed: int) -> tuple[list[str] | None, bool]:
    """Your legal actions at your first bid (None if none came) and whether a card of yours
    is asked for in the first hand, on the table of ``seed`` where you pass at each bid (bots
    as the server's: partners Hard, the others Easy, as the tests' lobby asks).  A hand that
    ends without a card of yours (all passed, your partner's misère) fails the need: the
    tests wait on your turn, and the hand's sheet would stand in their way."""
    table = Table.new(preset, Rules.preset(preset), "easy", seed)
    game: Game = table.game
    bots = {s.seat: make(s.strength or "easy", seed=bot_seed(seed, s.seat))
            for s in table.seats if s.kind == "bot"}
    first_bid: list[str] | None = None
    while game.phase not in ("hand_over", "game_over"):
        seat = game.to_move
        if seat == 0:
            if game.phase != "auction":
                return first_bid, True
            first_bid = game.legal_actions() if first_bid is None else first_bid
            game.apply("pass")
        else:
            assert seat is not None
            game.apply(bots[seat].act(game.view(seat)).action)
    return first_bid, False


NEEDS: dict[str, Callable[[list[str] | None, bool], bool]] = {
    "you_defend": lambda first_bid, plays: plays,
    "every_bid": lambda first_bid, plays: first_bid is not None
    and {"misere", "open-misere"} <= set(first_bid),
}


@cache
def seed_where(preset: str, want: str, first: int = SEED, tries: int = 60) -> int:
    """The first seed from ``first`` whose table of ``preset`` has what ``want`` names
    (:data:`WANTS`); an AssertionError names it when none of ``tries`` seeds has."""
    for seed in range(first, first + tries):
        if NEEDS[want](*_your_turns(preset, seed)):
            return seed
    raise AssertionError(f"no seed from {first} to {first + tries - 1} deals {preset} so that "
                         f"{WANTS[want]}")
