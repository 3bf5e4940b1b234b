"""The bot protocol: a bot sees one seat's View, never the Game, and explains its choice.

A bot is built by name with a seed and a budget (:func:`fivehundred.bots.make`).  ``act(view)``
returns a :class:`Decision`: the action token and the candidates it weighed with their
estimated values.  The same view and the same seed give the same decision: every random
choice comes from a generator seeded by the bot's seed and the view's public history.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import NamedTuple, Protocol

from ..errors import FiveHundredError, shown
from ..numbers import seed_number, whole_number
from ..rng import Rng
from ..view import View

log = logging.getLogger("fivehundred.bots")


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
    """What a table's bot seat plays: its bot's action, or Medium's choice standing in for a
    bot that failed (``problem`` says why; ``error`` has the error in full)."""

    action: str
    problem: str | None = None
    """None: the bot's own choice; else why it was stood in for, in words a screen may show:
    the error's kind, never its message (which may name the bot's cards), or "an illegal
    action" (with its token if it names no card: "an illegal action, 10NT")."""
    error: str = ""
    """What went wrong in full (the error's repr, or the illegal action), for a log."""
    stood_in: str = ""
    """What was played instead, in words: "Medium's choice" (else "a pass", "the first legal
    action", should Medium fail too); empty for the bot's own choice."""


def legal_token(action: object, view: View) -> str | None:
    """The legal action ``action`` names for ``view``'s seat, as its token, read as
    :meth:`Game.apply <fivehundred.game.Game.apply>` reads it (a token in any case, ``P``,
    an action id), else None: a bot valid in the arena is valid at a table.

    >>> from fivehundred import Game, Rules
    >>> v = Game(Rules.preset("australian"), seed=7).view(0)
    >>> legal_token("7h", v), legal_token(94, v), legal_token("AS", v), legal_token(True, v)
    ('7H', 'pass', None, None)
    """
    if isinstance(action, str) and action in view.legal_actions:
        return action                # (as a bot answers nearly always: nothing to parse)
    from ..actions import action_from_token, token_of

    try:
        if isinstance(action, str):
            tok = token_of(action_from_token(action, auction=view.phase == "auction"))
        else:
            tok = token_of(whole_number(action, BotError, "an action id"))   # (numpy's too)
    except FiveHundredError:
        return None
    return tok if tok in view.legal_actions else None


def public_token(action: object, view: View) -> str | None:
    """``action``'s token if saying it shows no card (a bid, a pass, misère, ``alone``), else
    None: a refused card (or a partner called) may be one its seat holds, which no other
    seat may see, and text that is no action may hold anything.

    >>> from fivehundred import Game, Rules
    >>> v = Game(Rules.preset("australian"), seed=7).view(0)
    >>> public_token("10nt", v), public_token("AS", v), public_token("my JK", v)
    ('10NT', None, None)
    """
    from ..actions import ALONE, BID, action_from_token, token_of

    if not isinstance(action, str):
        return None
    try:
        a = action_from_token(action, auction=view.phase == "auction")
    except FiveHundredError:
        try:                        # (a bid out of the auction, "alone" in it: no card)
            a = action_from_token(action, auction=view.phase != "auction")
        except FiveHundredError:
            return None
    return token_of(a) if BID <= a <= ALONE else None


def stand_in(view: View, seed: int = 0) -> tuple[str, str]:
    """What a seat whose bot failed plays, and that in words: Medium's choice (it needs no
    solver and decides in milliseconds), else, if Medium fails too, a pass in the auction or
    the first legal action; the game goes on either way."""
    from .medium import MediumBot  # (not every bot: the solver stays unloaded)

    try:
        tok = legal_token(MediumBot(seed=seed).act(view).action, view)
    except Exception:      # (the same fault may reach Medium)
        log.exception("the Medium bot standing in at seat %d failed too", view.seat)
        tok = None
    if tok is not None:
        return tok, "Medium's choice"
    if "pass" in view.legal_actions:
        return "pass", "a pass"
    return view.legal_actions[0], "the first legal action"


BOT_FAILURES: tuple[type[BaseException], ...] = (Exception, SystemExit)
"""What a bot's call may raise that is its failure, said with whose it is: any error, and
``sys.exit()`` in its code (a SystemExit, which would end the program without a word).
KeyboardInterrupt is not one: Ctrl-C still stops the program."""


def failure(e: BaseException) -> str:
    """A bot's exception as its failure is said: ``RuntimeError: boom``; a SystemExit as
    the call that raises it, ``SystemExit: sys.exit(3)`` (its ``str`` is the bare code).

    >>> failure(RuntimeError("boom")), failure(SystemExit()), failure(SystemExit("bye"))
    ('RuntimeError: boom', 'SystemExit: sys.exit()', "SystemExit: sys.exit('bye')")
    """
    return f"{type(e).__name__}: {detail(e)}"


def detail(e: BaseException) -> str:
    """What a bot's exception says (:func:`failure` without its kind)."""
    if isinstance(e, SystemExit):
        return "sys.exit()" if e.code is None else f"sys.exit({shown(e.code)})"
    return str(e)


def decide_or_stand_in(decide: Callable[[View], object], view: View, seed: int = 0) -> Choice:
    """``decide(view)``, a bot's action for its seat's ``view`` (a token or an action id, as
    :meth:`Game.apply <fivehundred.game.Game.apply>` takes it), as its token; or, if it raises
    or answers an action that is not legal, the :func:`stand_in`'s (Medium's choice, seeded
    ``seed``) and why: a failing bot is a bug, but the terminal tables' game goes on, saying
    so (:class:`Choice`).

    >>> from fivehundred import Game, Rules
    >>> g = Game(Rules.preset("australian"), seed=7)
    >>> v = g.view(g.to_move)
    >>> decide_or_stand_in(lambda v: "7h", v).action, decide_or_stand_in(lambda v: 94, v)
    ('7H', Choice(action='pass', problem=None, error='', stood_in=''))
    >>> c = decide_or_stand_in(lambda v: 1 // 0, v)
    >>> c.problem, c.stood_in, c.action == stand_in(v)[0] != v.legal_actions[0]
    ('ZeroDivisionError', "Medium's choice", True)
    >>> decide_or_stand_in(lambda v: "10NT!", v).problem
    'an illegal action'
    >>> g.apply("7S")
    >>> decide_or_stand_in(lambda v: "6s", g.view(g.to_move)).problem     # (7S was bid)
    'an illegal action, 6S'
    """
    try:
        action = decide(view)
    except BOT_FAILURES as e:    # (any bug of any bot, sys.exit() too: the game goes on)
        problem, error = type(e).__name__, repr(e)
    else:
        tok = legal_token(action, view)
        if tok is not None:
            return Choice(tok)
        said = public_token(action, view)
        problem = "an illegal action" + (f", {said}" if said is not None else "")
        error = f"it chose {shown(action)}"
    instead, words = stand_in(view, seed)
    return Choice(instead, problem, error, words)


Factory = Callable[[int, Budget], Bot]
_REGISTRY: dict[str, Factory] = {}


def register(name: str) -> Callable[[Factory], Factory]:
    """Register a bot factory under a name (for :func:`make`), kept as :func:`make` looks it
    up, without case (``"Passer"`` is ``passer``: kept as given, it could never be made); a
    name that is not a word of text is a :class:`BotError`, and so is a built-in bot's name
    (the catalog's, ``bot_catalog.BOT_NAMES``) given to another factory, refused at once,
    whether the built-in bots are loaded yet or not.

    >>> register("Passer ")(lambda seed, budget: make("random", seed, budget)) and None
    >>> "passer" in bot_names(), make("PASSER").name
    (True, 'random')
    >>> del _REGISTRY["passer"]
    """
    key = name.strip().lower() if isinstance(name, str) else ""
    if not key or any(c.isspace() for c in key) or ":" in key:
        raise BotError(f"a bot's name is a word (no ':', which names a module), not {name!r}")

    def deco(f: Factory) -> Factory:
        built_in = _built_in_module(key)
        if built_in is not None and getattr(f, "__module__", None) != built_in:
            raise BotError(f"a bot named {key!r} is registered already: it is built in "
                           f"({built_in}); choose another name")
        old = _REGISTRY.get(key)
        if old is not None and _where(old) != _where(f):   # (its module loaded again: the same)
            raise BotError(f"a bot named {key!r} is registered already ({_where(old)}): "
                           "choose another name")
        _REGISTRY[key] = f
        return f

    return deco


def _built_in_module(key: str) -> str | None:
    """The module that registers the built-in bot ``key`` (the catalog's), None for a name
    no built-in bot has."""
    from ..bot_catalog import BUILT_IN

    return next((f"{__package__}.{b.module}" for b in BUILT_IN if b.name == key), None)


def _where(f: Factory) -> str:
    """Where a factory was written, ``module.name``: one registered again from the same
    place (its module reloaded) is the same bot."""
    return f"{getattr(f, '__module__', '?')}.{getattr(f, '__qualname__', repr(f))}"


def bot_key(name: str) -> str:
    """A bot's name as the registry and a match keep it: a registered name without case,
    ``module:name`` with its module as written (a module's name has case) and its bot's
    name without case.

    >>> bot_key(" Hard "), bot_key("MyBots.Team:Simple ")
    ('hard', 'MyBots.Team:simple')
    """
    module, colon, bot = name.strip().rpartition(":")
    return f"{module.strip()}:{bot.strip().lower()}" if colon else bot.lower()


def resolve(name: object) -> str:
    """The registered name of the bot ``name`` says (:func:`bot_key`), without loading the
    built-in bots: for ``module:name``, the module is imported (it registers its bots with
    :func:`register`) and must have registered ``name``.  :class:`BotError` naming the module
    and the name if it cannot be imported or did not register it; a plain name is returned
    as it is, known or not (:func:`make` says which bots there are).

    >>> resolve("fivehundred.bots.random_bot:RANDOM")
    'random'
    >>> resolve("no_such_module_here:simple")      # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fivehundred.bots.base.BotError: bot 'no_such_module_here:simple': there is no module ...
    """
    if not isinstance(name, str):
        raise BotError(f"unknown bot {shown(name)}: a bot is named by text")
    key = bot_key(name)
    module, colon, bot = key.rpartition(":")
    if not colon:
        return key
    if not module or not bot or any(c.isspace() for c in key):
        raise BotError(f"a bot is named by a word, or by module:name for your own (the module "
                       f"that registers it and the name it registers), not {name!r}")
    built_in = _built_in_module(bot)
    if built_in is not None and module != built_in:
        raise BotError(f"bot {name!r}: {bot!r} is a built-in bot, not {module}'s: name it "
                       f"{bot!r} alone")
    try:
        import_module(module)
    except ModuleNotFoundError as e:
        if e.name is not None and f"{module}.".startswith(f"{e.name}."):   # (the module's)
            raise BotError(f"bot {name!r}: there is no module named {e.name!r} (your bot's "
                           "module must be importable: on PYTHONPATH, or in the current "
                           "folder for the fivehundred command)") from None
        raise BotError(f"bot {name!r}: importing module {module!r} failed: "
                       f"{type(e).__name__}: {e}") from e
    except Exception as e:       # (any error of someone's module: said, with its kind)
        raise BotError(f"bot {name!r}: importing module {module!r} failed: "
                       f"{type(e).__name__}: {e}") from e
    if bot not in _REGISTRY:
        own = sorted(k for k, f in _REGISTRY.items()
                     if f"{getattr(f, '__module__', '')}.".startswith(f"{module}."))
        registers = (f"it registers {', '.join(own)}" if own else
                     "it registers none (a bot is registered with @register: docs/bots.md)")
        raise BotError(f"bot {name!r}: module {module!r} registers no bot named {bot!r}; "
                       f"{registers}")
    return bot


def importable_here() -> None:
    """Let a bot's module in the current folder be imported (the ``fivehundred`` command's
    path holds its own folder, not the current one; the arena's worker processes get the
    same path): the folder goes last on Python's path, so that a stray file there (a
    ``numba.py``) never stands in for an installed module or the standard library's.  Called
    only when a bot is named ``module:name``."""
    here = os.getcwd()
    if here not in sys.path and "" not in sys.path:
        sys.path.append(here)


def resolve_here(name: object) -> str:
    """:func:`resolve` for a command line: a ``module:name``'s module looked for in the
    current folder too (:func:`importable_here`), as a user running ``fivehundred`` beside
    his ``mybots.py`` expects; a plain name touches no path."""
    if isinstance(name, str) and ":" in name:
        importable_here()
    return resolve(name)


def main_only(name: str) -> bool:
    """Whether the bot ``name`` was registered by code with no file, run in this process
    alone (``python -c``, a notebook, the interpreter's prompt): a worker process started
    afresh cannot register it again, as it can a bot of a module or of a script."""
    f = _REGISTRY.get(bot_key(name))
    main = sys.modules.get("__main__")
    return (f is not None and getattr(f, "__module__", None) == "__main__"
            and getattr(main, "__file__", None) is None)


def make(name: str, seed: int = 0, budget: Budget | None = None) -> Bot:
    """Build a bot by name: ``make("hard", seed=1)``; ``make("mybots:simple")`` imports the
    module ``mybots`` first, which registers ``simple`` (:func:`resolve`).  A built-in bot's
    own module alone is imported (the catalog's): Hard's imports the solver (numba, about
    140 MB), which a Random, Easy or Medium bot never needs."""
    key = resolve(name)
    built_in = _built_in_module(key)
    if built_in is not None:
        import_module(built_in)       # (it registers its bots)
    if key not in _REGISTRY:
        raise BotError(f"unknown bot {name!r}; bots are {', '.join(known_names())}"
                       f"{_in_a_worker()}")
    # 0 to 2**64 - 1, as a game's: the generator takes 64 bits, so -1 played as 2**64 - 1
    seed = seed_number(seed, BotError, BotError)
    if budget is not None and not isinstance(budget, Budget):
        raise BotError(f"a bot's budget is a Budget (samples, seconds), not {budget!r}")
    return _REGISTRY[key](seed, budget if budget is not None else Budget())


def _in_a_worker() -> str:
    """What an unknown bot's error adds in a worker process (the arena's, the browser's):
    a bot registered in the main process alone is unknown there."""
    import multiprocessing

    if multiprocessing.parent_process() is None:
        return ""
    return (" (in a worker process: a bot registered by the main program alone is unknown "
            "here; name it module:name, its module registering it, or play in one process, "
            "arena --workers 1)")


def make_player(name: str, seed: int = 0, budget: Budget | None = None) -> Bot:
    """A bot to seat at a table: any registered bot (``module:name`` too) but one that sees
    every card (the cheater, for measurement only), which is a :class:`BotError`."""
    key = resolve(name)              # (a module's own error: said as it is)
    try:
        bot = make(name, seed, budget)
    except BotError:
        if key in _REGISTRY:
            raise                       # (a bad seed or budget: make's own words)
        raise BotError(f"unknown bot {name!r}; bots at a table are "
                       f"{', '.join(table_bot_names())}") from None
    if getattr(bot, "sees_all", False):
        raise BotError(f"the {name} bot sees every card: it is for measurement, not a table")
    return bot


def make_seated(name: str, seed: int, who: str | None = None) -> Bot:
    """:func:`make_player`, its factory's failure (an error, or ``sys.exit()`` in it) a
    :class:`BotError` naming ``who`` (``bot 'NAME'`` if None) and the failure, for a table or
    a dataset to say before any game is played; an unknown bot or the cheater said as
    :func:`make_player` says them."""
    try:
        return make_player(name, seed=seed)
    except BotError:
        raise
    except BOT_FAILURES as e:        # (someone's factory that fails: say whose)
        raise BotError(f"{who or f'bot {name!r}'} could not be made: {failure(e)}") from e


def table_bot_names() -> tuple[str, ...]:
    """The registered bots that may sit at a table (:func:`make_player`): every one but those
    that see every card.

    >>> "cheater" in table_bot_names(), "hard" in table_bot_names()
    (False, True)

    A built-in bot is looked up in the catalog, not made: an unknown name's error loads no
    bot's module (Hard's would load the solver).
    """
    from ..bot_catalog import BOT_NAMES, TABLE_BOTS

    def seats(name: str) -> bool:
        if name in BOT_NAMES:
            return name in TABLE_BOTS
        try:
            return not getattr(make(name), "sees_all", False)
        except Exception:        # (someone's bot that cannot be made: not offered)
            return False

    return tuple(n for n in known_names() if seats(n))


def known_names() -> list[str]:
    """Every bot's name, sorted: the built-in bots (the catalog's, loaded or not) and those
    registered; as :func:`bot_names`, without loading a bot's module."""
    from ..bot_catalog import BOT_NAMES

    return sorted({*BOT_NAMES, *_REGISTRY})


def bot_names() -> tuple[str, ...]:
    """The registered bot names, every built-in bot's module loaded (Hard's loads the
    solver: :func:`make` loads only the module of the bot it makes)."""
    from . import _load_all  # noqa: F401

    return tuple(sorted(_REGISTRY))
