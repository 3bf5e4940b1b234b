"""FX1: one list of the built-in bots (bot_catalog.py) that the others are drawn from; one
bot for the name "random" at every table (the text game's own is ``random_low``); a bot that
fails never ends the text game."""

from __future__ import annotations

import io
import json
import logging
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred import bot_catalog as catalog
from fivehundred.arena.cli import check_bot_names
from fivehundred.arena.play import ArenaError
from fivehundred.arena.spec import MatchSpec
from fivehundred.bots import make
from fivehundred.bots.base import _REGISTRY, BaseBot, Bot, Budget, Decision, bot_names, register
from fivehundred.bots.random_bot import RandomBot, RandomLowBot
from fivehundred.cli import build_parser
from fivehundred.console import ConsoleGame, run_console_game
from fivehundred.console.narration import Narrator
from fivehundred.console.opponent import (
    BotOpponent,
    RandomOpponent,
    opponent_seed,
    opponents_of,
)
from fivehundred.options import STRENGTHS
from fivehundred.record import loads
from fivehundred.record.table_files import TABLE_BOTS, resumed_game
from fivehundred.view import View

AUS = Rules.preset("australian")
STATIC = Path(__file__).resolve().parents[1] / "src" / "fivehundred" / "web" / "static"


# ---------------------------------------------------------------- 1. the catalog

def test_the_catalog_names_every_built_in_bot_and_the_module_that_registers_it() -> None:
    """Every bot a module of fivehundred.bots registers is in the catalog, with its module,
    and a table seats it exactly when it does not see every card."""
    bot_names()                                          # (loads every built-in bot)
    built_in = {n for n, f in _REGISTRY.items()
                if getattr(f, "__module__", "").startswith("fivehundred.bots.")}
    assert built_in == set(catalog.BOT_NAMES)
    for b in catalog.BUILT_IN:
        assert _REGISTRY[b.name].__module__ == f"fivehundred.bots.{b.module}", b
        assert b.table == (not getattr(make(b.name), "sees_all", False)), b
    assert catalog.LADDER == ("easy", "medium", "hard", "insane")


def test_the_other_lists_are_drawn_from_the_catalog(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The tables' --bots choices and Opponents, the lobby's strengths and the arena's help
    are the catalog's (they were four lists kept in step by hand)."""
    assert TABLE_BOTS is catalog.TABLE_BOTS       # (the same object: no copy of it)
    assert STRENGTHS is catalog.LADDER
    for command in ("tui", "play"):
        for name in catalog.BOT_NAMES:
            if name in catalog.TABLE_BOTS:
                assert build_parser().parse_args([command, "--bots", name]).bots == name
            else:
                with pytest.raises(SystemExit):
                    build_parser().parse_args([command, "--bots", name])
        assert f"{{{','.join(catalog.TABLE_BOTS)}}}" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["arena", "--help"])
    assert " ".join(capsys.readouterr().out.split()).count(catalog.names_in_words()) == 1
    assert catalog.names_in_words() == ("random, random_low, easy, medium, hard, insane, or "
                                        "cheater (sees every card: for measurement)")


def test_the_arena_knows_a_bot_the_catalog_names_before_it_is_loaded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot newly built in (a catalog line) was "no such bot" to the arena: its list of
    names known before the bots load was one more copy, not the catalog."""
    spec = MatchSpec("australian", "first", "random", deals=1)
    with pytest.raises(ArenaError, match="--a first: no such bot"):
        check_bot_names(spec)
    monkeypatch.setattr(catalog, "BOT_NAMES", (*catalog.BOT_NAMES, "first"))
    check_bot_names(spec)


def _run(code: str) -> str:
    """What a fresh interpreter prints running ``code``."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout.strip()


def test_load_all_imports_the_catalogs_modules() -> None:
    """``_load_all`` imports the modules the catalog lists (no list of its own)."""
    out = _run("from fivehundred import bot_catalog as catalog\n"
               "catalog.MODULES = ('random_bot',)\n"
               "from fivehundred.bots import bot_names\n"
               "print(','.join(bot_names()))")
    assert out == "random,random_low"


def test_reading_the_catalog_loads_no_bot() -> None:
    """The command line, the arena's options and the lobby's strengths read the catalog
    without loading a bot or the solver (the command line starts at once)."""
    out = _run("import sys\n"
               "import fivehundred.cli, fivehundred.options, fivehundred.console\n"
               "from fivehundred import bot_catalog as catalog\n"
               "mods = [f'fivehundred.bots.{m}' for m in catalog.MODULES]\n"
               "print([m for m in [*mods, 'fivehundred.bots', 'numba'] if m in sys.modules])\n"
               "import fivehundred.arena.cli\n"
               "print([m for m in [*mods, 'numba'] if m in sys.modules])")
    assert out == "[]\n[]"


def _js_words(text: str) -> dict[str, str]:
    """The STRENGTH_WORDS object of stats.js."""
    m = re.search(r"export const STRENGTH_WORDS = (\{.*?\});", text, re.S)
    assert m is not None
    body = re.sub(r"(\w+):", r'"\1":', m.group(1))
    return dict(json.loads(re.sub(r",\s*}", "}", body)))


def test_the_pages_strength_words_are_the_catalogs() -> None:
    """The lobby's words for the strengths are the catalog's, and the table's are the same
    object (it had a copy of its own), with no list of strengths of their own."""
    lobby = (STATIC / "lobby.js").read_text(encoding="utf-8")
    words = (STATIC / "stats.js").read_text(encoding="utf-8")
    table = (STATIC / "table.js").read_text(encoding="utf-8")
    assert _js_words(words) == {b.name: b.words for b in catalog.BUILT_IN if b.ladder}
    assert '["easy", "medium", "hard", "insane"]' not in lobby + words
    assert 'import { STRENGTH_WORDS } from "./stats.js";' in table
    assert 'import { STRENGTH_WORDS, statsTable } from "./stats.js";' in lobby
    assert 'easy: "Easy"' not in table


@pytest.fixture
def own_bots() -> Iterator[None]:
    """Bots registered by a test, taken out again after it."""
    before = dict(_REGISTRY)
    yield
    _REGISTRY.clear()
    _REGISTRY.update(before)


def test_a_registered_bot_still_plays_in_the_arena_and_solo_env(own_bots: None) -> None:
    """A bot registered at run time (not in the catalog) is still known to the arena's
    check and seated by SoloEnv."""
    from fivehundred.arena.runner import run_match

    @register("t-firstx1")
    def _first(seed: int, budget: Budget) -> Bot:
        return make("random", seed, budget)

    spec = MatchSpec("australian", "t-firstx1", "random", deals=1)
    check_bot_names(spec)

    from fivehundred.arena.executors import make_executor

    results = run_match(spec, make_executor(1, None))
    assert len(results) == 2
    from fivehundred.env.solo import SoloEnv

    env = SoloEnv("australian", seat=0, bots="t-firstx1")
    env.reset(seed=1)


# ---------------------------------------------------------------- 2. one "random"

def test_random_is_one_bot_at_every_table() -> None:
    """The text game's ``random`` was its own sane random player while every other table's
    was the registered RandomBot (which bids 10NT at random): both wrote Opponents "random".
    Now ``random`` is the registered bot in the text game too, and the text game's own
    player is the registered ``random_low``."""
    ops = opponents_of(AUS, 0, "random", 5)
    assert all(isinstance(o, BotOpponent) and isinstance(o.bot, RandomBot)
               for o in ops.values())
    ops = opponents_of(AUS, 0, None, 5)
    assert all(isinstance(o, RandomOpponent) and isinstance(o.bot, RandomLowBot)
               for o in ops.values())
    assert opponents_of(AUS, 0, "random_low", 5).keys() == ops.keys()
    assert all(isinstance(o, RandomOpponent)
               for o in opponents_of(AUS, 0, "random_low", 5).values())


def test_random_low_plays_the_same_at_every_table() -> None:
    """The registered ``random_low`` chooses what the text game's opponent chooses, seed for
    seed, view for view (a game resumed at the terminal table plays on against it)."""
    views = []
    for seed in range(40):
        g = Game(AUS, seed=seed)
        views.append(g.view(g.to_move or 0))
    for seed in (opponent_seed(3, 1), 7):
        mine, theirs = make("random_low", seed=seed), RandomOpponent(seed)
        assert [mine.act(v).action for v in views] == [theirs.act(v) for v in views]
    bids = [make("random_low", seed=s).act(v).action for s in range(10) for v in views[:30]]
    assert set(bids) <= {"pass", "6S", "6C", "6D"}


def test_a_record_names_the_random_player_that_sat(tmp_path: Path) -> None:
    """The text game against its own random player wrote Opponents "random", which the
    terminal table resumed against the other random bot."""
    from test_console import advance

    for bots, said in ((None, "random_low"), ("random", "random")):
        where = tmp_path / said
        where.mkdir()
        g = advance(AUS, lambda g: g.phase == "hand_over")
        answers = iter(["save", "quit"])

        def ask(prompt: str, answers: Iterator[str] = answers) -> str:
            """The next answer."""
            return next(answers)

        assert ConsoleGame(AUS, ask=ask, out=io.StringIO(), game=g, bots=bots,
                           record_dir=where).run() == 0
        (path,) = where.iterdir()
        assert dict(loads(path.read_text()).tags)["Opponents"] == said
        assert resumed_game(str(path)).bots == said
        make(said)                  # (a bot every table seats: the terminal table too)


# ---------------------------------------------------------------- 3. a failing bot

class _Broken(BaseBot):
    """Always raises (its message names a card, which the screen must not show)."""

    name = "t-broken"

    def act(self, view: View) -> Decision:
        """Raise."""
        raise RuntimeError("broken bot holding the JK")


class _Wrong(BaseBot):
    """Always answers what is never legal."""

    name = "t-wrong"

    def act(self, view: View) -> Decision:
        """Nonsense."""
        return Decision("11NT")


def _bots_first(seed: int) -> int:
    """A seat for the human such that a bot moves first in game ``seed``."""
    g = Game(AUS, seed=seed)
    return ((g.to_move or 0) + 2) % 4


@pytest.mark.parametrize(("name", "cls", "problem"), [("t-broken", _Broken, "RuntimeError"),
                                                      ("t-wrong", _Wrong, "an illegal action")])
def test_a_failing_bot_does_not_end_the_text_game(own_bots: None, name: str, cls: type,
                                                  problem: str) -> None:
    """A bot that raised ended the text game with a traceback (the game lost): it is said,
    which bot, which seat and the error's kind, and Medium's choice is played for the seat."""
    register(name)(lambda seed, budget: cls(seed=seed, budget=budget))
    seat = _bots_first(4)
    out = io.StringIO()
    answers = iter(["pass"] * 40 + ["quit"] * 5)
    rc = run_console_game(AUS, seed=4, seat=seat, ask=lambda _: next(answers), out=out,
                          bots=name)
    text = out.getvalue()
    assert rc == 0, text
    g = Game(AUS, seed=4)
    first = g.to_move or 0
    said = (f"{Narrator(AUS, seat).names[first]}'s bot failed (the {name} bot at seat "
            f"{first}: {problem}); Medium's choice is played for it.")
    assert said in " ".join(text.split()), text     # (wrapped at 78 columns)
    assert "JK" not in text.split("failed")[1].split("\n")[0]
    assert "Traceback" not in text


def test_the_stand_in_says_when_medium_fails_too(monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    """The browser's stand-in fell back to the first legal action without a word; it is the
    terminal tables' now, which passes in the auction (the first legal action bid 10C)."""
    import fivehundred.web.botpool as botpool
    from fivehundred.bots.medium import MediumBot

    def broken(self: MediumBot, view: object) -> Bot:
        raise RuntimeError("no medium today")

    monkeypatch.setattr(MediumBot, "act", broken)
    g = Game(AUS, seed=2)
    view = g.view(g.to_move or 0)
    with caplog.at_level(logging.ERROR, logger="fivehundred.bots"):
        assert botpool.stand_in(1, view) == "pass" != view.legal_actions[0]
    assert any("standing in" in r.getMessage() and r.exc_info for r in caplog.records)
