"""The bot protocol: a bot sees one seat's View, never the Game, and explains its choice.

A bot is built by name with a seed and a budget (:func:`fivehundred.bots.make`).  ``act(view)``
returns a :class:`Decision`: the action token and the candidates it weighed with their
estimated values.  The same view and the same seed give the same decision: every random
choice comes from a generator seeded by the bot's seed and the view's public history.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple, Protocol

from ..errors import FiveHundredError
from ..numbers import seed_number
from ..rng import Rng
from ..view import View


class BotError(FiveHundredError):
    """A bot asked to act where it cannot: a finished game, not its turn, a zero budget."""


@dataclass(frozen=True)
class Candidate:
    """One action a bot considered, with what it expects of it."""

    action: str
    value: float
    """Expected points for the bot's side (its own scale for the simpler bots); for a discard
    (``note`` "discard" and its cards), the tricks its hand took on the imagined deals, on
    average."""
    make_probability: float | None = None
    """For bids and plays under a contract: the chance the contract is made (None: unknown)."""
    note: str = ""


@dataclass(frozen=True)
class Decision:
    """What a bot does and why."""

    action: str
    candidates: tuple[Candidate, ...] = ()
    reason: str = ""
    samples: int = 0
    """Deals the decision was averaged over (0 for bots that do not sample)."""
    plan: tuple[str, ...] = ()
    """Discarding from the kitty, every card the bot means to put out, ``action`` first (one
    card goes at a time; a hint names them all)."""

    def marked(self, phase: str) -> tuple[str, ...]:
        """The cards a hint marks in your hand in ``phase``: the whole discard planned, the
        card to play (a named joker lead as the joker), none for a bid or a call (a bid's
        token "7H" is also a card's).

        >>> Decision("7H").marked("auction"), Decision("JK:H").marked("play")
        ((), ('JK',))
        """
        if phase == "kitty":
            return self.plan or (self.action,)
        return (self.action.split(":")[0],) if phase == "play" else ()


@dataclass(frozen=True)
class Budget:
    """How much a bot may think: deals sampled per decision and a time limit per decision.

    None leaves the bot's own default (no time limit); zero or less is refused (a bot cannot
    think in no time).  The sampling bots (Hard, Insane) stop solving imagined deals when the
    time runs out, the solve under way included, and decide on the deals solved by then
    (Medium's decision if none); the others decide in milliseconds anyway.  The limit is
    soft by the time it takes to deal the imagined hands and to fall back.  A decision under
    a time limit depends on the machine's speed: leave it None for reproducible games.
    """

    samples: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        n = self.samples
        if n is not None and (isinstance(n, bool) or not isinstance(n, int)):
            raise BotError(f"a budget's samples are a whole number of deals, not {n!r}")
        if n is not None and n <= 0:
            raise BotError(f"a budget of {n} samples: a bot needs at least one")
        t = self.seconds
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float))):
            raise BotError(f"a budget's time is a number of seconds, not {t!r}")
        if t is not None and not t > 0:   # (NaN is not > 0 either)
            raise BotError(f"a budget of {t} seconds: a bot needs some time")


@dataclass(frozen=True)
class Clock:
    """One decision's time limit, started when the bot begins to think."""

    until: float | None
    """The ``time.perf_counter()`` reading when the time runs out; None: no limit."""

    @classmethod
    def start(cls, budget: Budget) -> Clock:
        """The clock of a decision begun now under ``budget`` (an infinite limit is none,
        as for the solver's own; this module does not import the solver, which loads numba)."""
        s = budget.seconds
        return cls(None if s is None or math.isinf(s) else time.perf_counter() + s)

    def left(self) -> float | None:
        """Seconds left (zero or less once out), None without a limit."""
        return None if self.until is None else self.until - time.perf_counter()

    @property
    def out(self) -> bool:
        """Whether the time has run out."""
        return self.until is not None and time.perf_counter() >= self.until


class Bot(Protocol):
    """Anything that turns a View into a Decision."""

    name: str

    def act(self, view: View) -> Decision:
        """Decide the action for ``view.seat`` (which must be to move)."""
        ...


@dataclass
class BaseBot:
    """Shared checks and the per-view random generator."""

    seed: int = 0
    budget: Budget = field(default_factory=Budget)
    name: str = "bot"

    def check(self, view: View) -> None:
        """Refuse views this bot cannot act on, with the reason."""
        if not isinstance(view, View):
            raise BotError(f"a bot is given a View, not {type(view).__name__}")
        if view.phase in ("hand_over", "game_over"):
            raise BotError(f"nothing to decide: the {view.phase.removesuffix('_over')} is over")
        if view.to_move != view.seat:
            raise BotError(f"it is not seat {view.seat}'s turn (seat {view.to_move} is to move)")
        if not view.legal_actions:
            raise BotError(f"nothing to decide: seat {view.seat} has no legal action in the "
                           f"{view.phase}")

    def rng(self, view: View) -> Rng:
        """A generator fixed by this bot's seed and the public history of the view."""
        return Rng(self.seed ^ view_fingerprint(view))


def view_fingerprint(view: View) -> int:
    """A stable 63-bit number from the seat's view (same view, same number, any machine)."""
    parts = [
        str(view.seat), view.phase, str(view.hand_number), str(view.dealer),
        " ".join(view.hand), repr(view.auction), repr(view.trick),
        repr([(t.leader, t.plays) for t in view.tricks]), " ".join(view.discards),
    ]
    digest = hashlib.blake2b("|".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class Choice(NamedTuple):
    """What a table's bot seat plays: its bot's action, or the first legal action standing
    in for a bot that failed (``problem`` says why; ``error`` has the error in full)."""

    action: str
    problem: str | None = None
    """None: the bot's own choice; else why it was stood in for, in words a screen may show:
    the error's kind, never its message (which may name the bot's cards), or "an illegal
    action"."""
    error: str = ""
    """What went wrong in full (the error's repr, or the illegal action), for a log."""


def decide_or_stand_in(decide: Callable[[View], str], view: View) -> Choice:
    """``decide(view)``, a bot's action token for its seat's ``view``, or, if it raises or
    answers an action that is not legal, the first legal action and why: a failing bot is a
    bug, but the terminal tables' game goes on, saying so (:class:`Choice`).

    >>> from fivehundred import Game, Rules
    >>> g = Game(Rules.preset("australian"), seed=7)
    >>> v = g.view(g.to_move)
    >>> decide_or_stand_in(lambda v: 1 // 0, v)[:2] == (v.legal_actions[0], "ZeroDivisionError")
    True
    >>> decide_or_stand_in(lambda v: "10NT!", v).problem
    'an illegal action'
    """
    try:
        action = decide(view)
    except Exception as e:       # (any bug of any bot: the game is not lost to it)
        return Choice(view.legal_actions[0], type(e).__name__, repr(e))
    if isinstance(action, str) and action in view.legal_actions:
        return Choice(action)
    return Choice(view.legal_actions[0], "an illegal action", f"it chose {action!r}")


Factory = Callable[[int, Budget], Bot]
_REGISTRY: dict[str, Factory] = {}


def register(name: str) -> Callable[[Factory], Factory]:
    """Register a bot factory under a name (for :func:`make`), kept as :func:`make` looks it
    up, without case (``"Passer"`` is ``passer``: kept as given, it could never be made); a
    name that is not a word of text is a :class:`BotError`.

    >>> register("Passer ")(lambda seed, budget: make("random", seed, budget)) and None
    >>> "passer" in bot_names(), make("PASSER").name
    (True, 'random')
    >>> del _REGISTRY["passer"]
    """
    key = name.strip().lower() if isinstance(name, str) else ""
    if not key or any(c.isspace() for c in key):
        raise BotError(f"a bot's name is a word, not {name!r}")

    def deco(f: Factory) -> Factory:
        old = _REGISTRY.get(key)
        if old is not None and _where(old) != _where(f):   # (its module loaded again: the same)
            raise BotError(f"a bot named {key!r} is registered already ({_where(old)}): "
                           "choose another name")
        _REGISTRY[key] = f
        return f

    return deco


def _where(f: Factory) -> str:
    """Where a factory was written, ``module.name``: one registered again from the same
    place (its module reloaded) is the same bot."""
    return f"{getattr(f, '__module__', '?')}.{getattr(f, '__qualname__', repr(f))}"


def make(name: str, seed: int = 0, budget: Budget | None = None) -> Bot:
    """Build a bot by name: ``make("hard", seed=1)``."""
    from . import _load_all  # noqa: F401  (registers the built-in bots)

    key = name.strip().lower() if isinstance(name, str) else None
    if key not in _REGISTRY:
        raise BotError(f"unknown bot {name!r}; bots are {', '.join(sorted(_REGISTRY))}")
    # 0 to 2**64 - 1, as a game's: the generator takes 64 bits, so -1 played as 2**64 - 1
    seed = seed_number(seed, BotError, BotError)
    if budget is not None and not isinstance(budget, Budget):
        raise BotError(f"a bot's budget is a Budget (samples, seconds), not {budget!r}")
    return _REGISTRY[key](seed, budget if budget is not None else Budget())


def make_player(name: str, seed: int = 0, budget: Budget | None = None) -> Bot:
    """A bot to seat at a table: any registered bot but one that sees every card (the cheater,
    for measurement only), which is a :class:`BotError`."""
    try:
        bot = make(name, seed, budget)
    except BotError:
        if isinstance(name, str) and name.strip().lower() in _REGISTRY:
            raise                       # (a bad seed or budget: make's own words)
        raise BotError(f"unknown bot {name!r}; bots at a table are "
                       f"{', '.join(table_bot_names())}") from None
    if getattr(bot, "sees_all", False):
        raise BotError(f"the {name} bot sees every card: it is for measurement, not a table")
    return bot


def table_bot_names() -> tuple[str, ...]:
    """The registered bots that may sit at a table (:func:`make_player`): every one but those
    that see every card.

    >>> "cheater" in table_bot_names(), "hard" in table_bot_names()
    (False, True)
    """
    def seats(name: str) -> bool:
        try:
            return not getattr(make(name), "sees_all", False)
        except Exception:        # (someone's bot that cannot be made: not offered)
            return False

    return tuple(n for n in bot_names() if seats(n))


def bot_names() -> tuple[str, ...]:
    """The registered bot names."""
    from . import _load_all  # noqa: F401

    return tuple(sorted(_REGISTRY))
