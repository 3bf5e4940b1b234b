"""PLAY THIS DEAL AGAIN at the terminal games (the text game and the terminal table): the hand
just finished dealt again as practice, a :class:`Game` of its own, so the game's own (its
record, its scores, its next deal) stays exactly as it was; as the browser game's practice
table (``web/practice.py``), whose reasons for refusing it these are."""

from __future__ import annotations

from ..dealing import Deal
from ..errors import FiveHundredError
from ..game import Game
from ..rng import derive_seed


class PracticeError(FiveHundredError):
    """The hand may not be played again now; the message says why."""


def why_not_practise(game: Game) -> str | None:
    """Why the hand just finished of ``game`` may not be played again, None if it may: only
    once it is over, and not a hand thrown in (all passed: nothing was played; one played at
    no trumps by everyone was played, and may be).

    >>> from fivehundred import Rules
    >>> why_not_practise(Game(Rules.preset("australian"), seed=7))
    'the hand is still being played: it may be played again once it is over'
    """
    if game.phase not in ("hand_over", "game_over") or not game.past_hands:
        return "the hand is still being played: it may be played again once it is over"
    if game.hand_results[-1].kind == "all_pass_redeal":
        return "everyone passed and the hand was thrown in: nothing was played to play again"
    return None


def practice_seed(game_seed: int, hand: int) -> int:
    """The seed of the practice of hand ``hand`` (from 0) of the game seeded ``game_seed``:
    the same at every try, as the browser's PLAY IT AGAIN keeps its table's (the bots,
    seeded from it, answer the same line the same way, so another line is tried against
    the same bots), and one way (it gives no way back to the game's seed, which deals every
    hand to come).

    >>> practice_seed(7, 2) == practice_seed(7, 2) != practice_seed(7, 3)
    True
    """
    return derive_seed(game_seed, "practice", hand)


class Practice:
    """The practice of the hand just finished of ``game`` (kept, never changed: the game to
    go back to), each try dealt by :meth:`deal`; PracticeError, saying why, if that hand may
    not be played again (:func:`why_not_practise`).

    >>> from fivehundred import Rules
    >>> g = Game(Rules.preset("australian"), seed=7)
    >>> while g.phase not in ("hand_over", "game_over"):
    ...     g.apply("10NT" if g.phase == "auction" and not g.auction else g.legal_actions()[0])
    >>> p = Practice(g)
    >>> a, b = p.deal(), p.deal()
    >>> a.deal == b.deal == g.past_hands[-1].deal, a.seed == b.seed, p.tries, p.title
    (True, True, 2, 'Practice: hand 1 again')
    """

    def __init__(self, game: Game) -> None:
        why = why_not_practise(game)
        if why is not None:
            raise PracticeError(why)
        #: The game to go back to, as it was.
        self.game = game
        #: The hand played again (from 0).
        self.hand = len(game.past_hands) - 1
        #: Its cards as dealt: every seat's, the kitty, the dealer.
        self.cards: Deal = game.past_hands[-1].deal
        #: How many tries were dealt.
        self.tries = 0

    @property
    def title(self) -> str:
        """What the screen calls the practice."""
        return f"Practice: hand {self.hand + 1} again"

    def deal(self) -> Game:
        """The next try: a game dealt the hand's cards, under the same rules, at the score
        the hand began at (the bots bid by it; the hand may end the game as it did), seeded
        from the game's seed and the hand (:func:`practice_seed`), and so its bots."""
        seed = practice_seed(self.game.seed, self.hand)
        self.tries += 1
        return Game(self.game.rules, seed=seed, deal=self.cards,
                    scores=self.game.scores_at(self.hand))
