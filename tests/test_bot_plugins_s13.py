"""Your own bot, plugged in: ``module:name`` everywhere a bot is named (the arena, its worker
processes, the terminal tables, SoloEnv), the example of docs/bots.md run as written, the
tables' stand-in for a failing bot (Medium's choice, the engine's parser), a built-in name
refused at once, a bot only the main program knows refused before the workers start, and a
SoloEnv bot's fault said to be the bot's."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.arena import ArenaError, MatchSpec, ProcessExecutor, SerialExecutor, run_match
from fivehundred.arena.cli import check_bot_names
from fivehundred.arena.runner import check_bots
from fivehundred.bots import Budget, Decision, make
from fivehundred.bots import base as bots_base
from fivehundred.bots.base import (
    BaseBot,
    Bot,
    BotError,
    decide_or_stand_in,
    make_player,
    register,
)
from fivehundred.bots.medium import MediumBot
from fivehundred.cli import build_parser
from fivehundred.console import run_console_game
from fivehundred.view import View

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "bots.md"
AUS = Rules.preset("australian")


def doc_example() -> str:
    """The ``mybots.py`` of docs/bots.md: the first Python block after "A complete example"."""
    text = DOC.read_text(encoding="utf-8").split("## A complete example", 1)[1]
    m = re.search(r"```python\n(.*?)```", text, re.S)
    assert m is not None, "docs/bots.md has no example"
    return m.group(1)


@pytest.fixture
def own_registry() -> Iterator[None]:
    """Bots and modules registered by a test, taken out again after it."""
    from fivehundred.bots import _load_all  # noqa: F401  (the built-ins first, kept)

    before, modules = dict(bots_base._REGISTRY), set(sys.modules)
    yield
    bots_base._REGISTRY.clear()
    bots_base._REGISTRY.update(before)
    for name in set(sys.modules) - modules:
        if name.startswith(("mybots", "plug_s13")):
            del sys.modules[name]


@pytest.fixture
def mybots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, own_registry: None) -> Path:
    """A folder holding docs/bots.md's ``mybots.py``, on the path (and the current folder)."""
    (tmp_path / "mybots.py").write_text(doc_example(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_docs_example_plays_in_the_arena_the_tables_and_solo_env(mybots: Path) -> None:
    """The example of docs/bots.md, as written, named ``mybots:steady``: made, a match in
    this process, the text table's --bots and game, and SoloEnv."""
    spec = MatchSpec("australian", "mybots:steady", "medium", deals=2, seed=5)
    results = run_match(spec, SerialExecutor())     # (mybots not imported yet: run_match does)
    assert len(results) == 4 and all(len(r.hands) == 1 for r in results)
    check_bot_names(spec)
    bot = make("mybots:Steady", seed=1)
    assert bot.name == "steady"
    g = Game(AUS, seed=3)
    assert bot.act(g.view(g.to_move or 0)).action in g.legal_actions()
    for command in ("play", "tui"):
        extra = ["--text"] if command == "play" else []
        args = build_parser().parse_args([command, *extra, "--bots", "mybots:STEADY"])
        assert args.bots == "mybots:steady"
    out = io.StringIO()
    answers = iter(["pass"] * 3 + ["quit"] * 5)
    assert run_console_game(AUS, seed=4, seat=0, ask=lambda _: next(answers), out=out,
                            bots="mybots:steady") == 0
    assert "failed" not in out.getvalue() and "Traceback" not in out.getvalue()
    from fivehundred.env.solo import SoloEnv

    env = SoloEnv("australian", seat=0, bots="mybots:steady")
    env.reset(seed=2)
    done = False
    while not done:
        _, _, term, trunc, _ = env.step(int(env.action_masks().nonzero()[0][0]))
        done = term or trunc


def test_the_arena_command_s_workers_import_the_bot_s_module(mybots: Path) -> None:
    """``fivehundred arena --a mybots:steady`` was "no such bot"; its two spawned workers,
    sent the name alone, import the module themselves (from the current folder, where the
    command was run: the script's own folder heads Python's path).  So do those of the
    docs' script."""
    done = subprocess.run(
        [str(Path(sys.executable).parent / "fivehundred"), "arena", "--a", "mybots:steady",
         "--b", "random", "--deals", "2", "--workers", "2", "--quiet"],
        cwd=mybots, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "steady" in done.stdout
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    script = next(b for b in blocks if "ProcessExecutor(2)" in b)    # (the doc's own)
    (mybots / "match.py").write_text(script.replace("deals=200", "deals=2"))
    done = subprocess.run([sys.executable, "match.py"], cwd=mybots, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and "A mybots:steady" in done.stdout, done.stderr


def test_a_bot_s_module_that_fails_is_named_with_the_bot(mybots: Path) -> None:
    """Every way ``module:name`` can be wrong is refused naming the module and the name, at
    the arena's check, the runner's, make and the tables' --bots."""
    (mybots / "plug_s13_broken.py").write_text("raise RuntimeError('no weights')\n")
    (mybots / "plug_s13_empty.py").write_text("x = 1\n")
    (mybots / "plug_s13_other.py").write_text(
        "from fivehundred.bots import make, register\n"
        "register('other_s13')(lambda seed, budget: make('random', seed, budget))\n")
    cases = {
        "plug_s13_nowhere:x": "bot 'plug_s13_nowhere:x': there is no module named "
                              "'plug_s13_nowhere'",
        "plug_s13_broken:x": "bot 'plug_s13_broken:x': importing module 'plug_s13_broken' "
                             "failed: RuntimeError: no weights",
        "plug_s13_empty:x": "bot 'plug_s13_empty:x': module 'plug_s13_empty' registers no "
                            "bot named 'x'; it registers none",
        "plug_s13_other:x": "module 'plug_s13_other' registers no bot named 'x'; it registers "
                            "other_s13",
        "mybots:medium": "'medium' is a built-in bot, not mybots's",
        "mybots:": "not 'mybots:'",
        ":steady": "not ':steady'",
    }
    for name, words in cases.items():
        spec = MatchSpec("australian", "random", name, deals=1)
        for check in (check_bot_names, check_bots):
            with pytest.raises(ArenaError) as e:
                check(spec)
            assert str(e.value).startswith("--b ") and words in str(e.value), (name, e.value)
        for build in (make, make_player):
            with pytest.raises(BotError, match=re.escape(words)):
                build(name)
        with pytest.raises(SystemExit):
            build_parser().parse_args(["tui", "--bots", name])
    assert bots_base.resolve("plug_s13_other:OTHER_S13") == "other_s13"


def test_a_built_in_name_is_refused_at_once_even_before_the_bots_load() -> None:
    """``@register("easy")`` before the built-ins loaded made every later make() fail, even
    ``make("medium")`` ("a bot named 'easy' is registered already"): it is refused at once,
    named as built in, and the built-ins load as ever."""
    out = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        from fivehundred.bots import register, make, BotError
        try:
            register("Easy")(lambda seed, budget: None)
        except BotError as e:
            print(e)
        print(make("medium").name, make("easy").name)
        """)], capture_output=True, text=True, timeout=120, check=True).stdout
    assert out.splitlines() == [
        "a bot named 'easy' is registered already: it is built in (fivehundred.bots.easy); "
        "choose another name", "medium easy"]


def test_a_bot_of_a_file_less_main_program_is_refused_before_the_workers(
        own_registry: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot registered by ``python -c`` (or a notebook) was accepted by the arena's parent,
    then refused by its spawned workers as "unknown bot": refused up front with a process
    executor, saying why and what to do; played in the process (SerialExecutor)."""
    def factory(seed: int, budget: Budget) -> Bot:
        return make("random", seed, budget)

    factory.__module__ = "__main__"
    register("t_main_s13")(factory)
    monkeypatch.delattr(sys.modules["__main__"], "__file__", raising=False)
    spec = MatchSpec("australian", "t_main_s13", "random", deals=1)
    pool = ProcessExecutor(2)            # (starts no process until it is given work)
    with pytest.raises(ArenaError, match=r"--a t_main_s13: this bot is registered by the main "
                                         r"program alone .*--workers 1.*module:name"):
        run_match(spec, pool)
    pool.close()
    assert len(run_match(spec, SerialExecutor())) == 2


def test_python_c_with_a_registered_bot_and_two_workers_is_told_why() -> None:
    """The same, end to end, from ``python -c``: the error names the cause at once."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent("""
        from fivehundred.bots import make, register
        from fivehundred.arena import ArenaError, MatchSpec, ProcessExecutor, run_match
        register("mine")(lambda seed, budget: make("random", seed, budget))
        ex = ProcessExecutor(2)
        try:
            run_match(MatchSpec("australian", "mine", "random", deals=1), ex)
        except ArenaError as e:
            print(e)
        finally:
            ex.close()
        """)], capture_output=True, text=True, timeout=120, check=True)
    assert "registered by the main program alone" in done.stdout, done


def test_an_unknown_bot_in_a_worker_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a worker process an unknown bot's error says a bot registered by the main program
    alone is unknown there."""
    import multiprocessing

    with pytest.raises(BotError) as e:
        make("t_nowhere_s13")
    assert "worker" not in str(e.value)
    monkeypatch.setattr(multiprocessing, "parent_process", lambda: object())
    with pytest.raises(BotError, match="in a worker process: a bot registered by the main "
                                       "program alone is unknown here"):
        make("t_nowhere_s13")


@dataclass
class _Raises(BaseBot):
    """Always raises, with a card in its message."""

    name: str = "t_raises"

    def act(self, view: View) -> Decision:
        """Raise."""
        raise RuntimeError("holding the JK")


def test_a_failing_bot_s_stand_in_plays_medium_s_choice() -> None:
    """The stand-in took ``legal_actions[0]``, which sorts to 10C: a failing bot bid 10♣.
    It plays Medium's choice now, and says the refused bid, never a card."""
    g = Game(AUS, seed=7)
    v = g.view(g.to_move or 0)
    assert v.legal_actions[0] == "10C"
    c = decide_or_stand_in(lambda view: _Raises().act(view).action, v, seed=3)
    assert (c.action, c.problem, c.stood_in) == (
        MediumBot(seed=3).act(v).action, "RuntimeError", "Medium's choice")
    assert c.action != "10C" and "JK" in c.error
    g.apply("7S")
    v = g.view(g.to_move or 0)
    c = decide_or_stand_in(lambda view: "6H", v)
    assert c.problem == "an illegal action, 6H" and c.action in v.legal_actions


def test_the_stand_in_passes_when_medium_fails_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Medium failing too: a pass in the auction, not 10C."""
    def broken(self: MediumBot, view: View) -> Decision:
        raise RuntimeError("no medium today")

    monkeypatch.setattr(MediumBot, "act", broken)
    g = Game(AUS, seed=7)
    c = decide_or_stand_in(lambda view: 1 // 0, g.view(g.to_move or 0))
    assert (c.action, c.stood_in) == ("pass", "a pass")


def test_the_tables_read_an_action_as_the_engine_does() -> None:
    """``7h``, ``PASS`` and 94 were refused at the tables (Game.apply takes them): a bot
    valid in the arena is valid at a table, and its action is kept in the engine's spelling."""
    g = Game(AUS, seed=7)
    v = g.view(g.to_move or 0)
    def answering(action: object) -> Callable[[View], object]:
        """A bot's decide that answers ``action``."""
        return lambda view: action

    for said, token in (("7h", "7H"), ("PASS", "pass"), (94, "pass"), (" 10nt ", "10NT")):
        assert decide_or_stand_in(answering(said), v) == (token, None, "", "")
    for bad in ("AS", True, 1.5, None, 10**30):
        assert decide_or_stand_in(answering(bad), v).problem == "an illegal action"


def test_a_refused_card_is_never_named(own_registry: None) -> None:
    """In the play a refused card may be one the seat holds (a revoke): the problem says
    "an illegal action" alone, at the text table too, where Medium's choice is played."""
    g = Game(AUS, seed=7)
    while g.phase != "play":
        g.apply(MediumBot(seed=1).act(g.view(g.to_move or 0)).action)
    seat = g.to_move or 0
    g.apply(MediumBot(seed=1).act(g.view(seat)).action)
    v = g.view(g.to_move or 0)
    held = [c for c in v.hand if c not in v.legal_actions]
    if held:                             # (a card it holds that it may not play)
        c = decide_or_stand_in(lambda view: held[0], v)
        assert c.problem == "an illegal action" and held[0] not in (c.problem or "")
    c = decide_or_stand_in(lambda view: "8NT", v)          # (a bid in the play: no card)
    assert c.problem == "an illegal action, 8NT"

    @dataclass
    class Wrong(BaseBot):
        name: str = "t_wrong_s13"

        def act(self, view: View) -> Decision:
            return Decision("11NT" if view.phase != "auction" else "AS")

    register("t_wrong_s13")(lambda seed, budget: Wrong(seed=seed, budget=budget))
    out = io.StringIO()
    answers = iter(["pass"] * 3 + ["quit"] * 5)
    run_console_game(AUS, seed=4, seat=3, ask=lambda _: next(answers), out=out,
                     bots="t_wrong_s13")
    said = re.findall(r"\S+'s bot failed \(.*?played for it\.",   # (wrapped at 78 columns)
                      " ".join(out.getvalue().split()))
    assert said and all(line.endswith("(the t_wrong_s13 bot at seat "
                                      f"{line.split('seat ')[1][0]}: an illegal action); "
                                      "Medium's choice is played for it.") for line in said)
    assert "AS" not in " ".join(said)
    assert "bids 10♣" not in out.getvalue()


def test_solo_env_names_the_bot_that_chose_an_illegal_action(own_registry: None) -> None:
    """SoloEnv with a bot answering "AS" in the auction raised MalformedError "'AS' is not a
    bid": nothing said a bot, not the learner, did it.  A bot's own error gets a note."""
    from fivehundred.env.solo import SoloEnv

    @dataclass
    class Card(BaseBot):
        name: str = "t_card_s13"

        def act(self, view: View) -> Decision:
            return Decision("AS")

    register("t_card_s13")(lambda seed, budget: Card(seed=seed, budget=budget))
    env = SoloEnv("australian", seat=3, bots="t_card_s13")
    with pytest.raises(BotError) as e:
        env.reset(seed=0)                # (seat 0 speaks first: a bot)
    words = str(e.value)
    assert words.startswith("the t_card_s13 bot at seat ") and "not of the learner" in words
    assert "AS" not in words
    register("t_raise_s13")(lambda seed, budget: _Raises(seed=seed, budget=budget))
    env = SoloEnv("australian", seat=3, bots="t_raise_s13")
    with pytest.raises(RuntimeError) as r:
        env.reset(seed=0)
    assert any("raised by the t_raise_s13 bot at seat 0" in n
               for n in getattr(r.value, "__notes__", []))


def test_the_terminal_table_says_which_bot_failed_and_plays_medium_s_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The full-screen table said "West's bot failed (RuntimeError); it takes its first
    legal action" (10C in the auction): it names the bot and the seat too, never the error's
    message, and Medium's choice is played."""
    from fivehundred.console.opponent import opponent_seed
    from fivehundred.tui.app import TableApp

    app = TableApp(AUS, 2, 0, "random")
    seat = app.game.to_move or 0
    said: list[tuple[object, ...]] = []
    monkeypatch.setattr(app, "call_from_thread", lambda f, *a: said.append(a))
    app.bots[seat] = _Raises()
    view = app.game.view(seat)
    assert app._decide(seat, view) == MediumBot(seed=opponent_seed(2, seat)).act(view).action
    assert said == [(f"[b $error]{app.narrator.names[seat]}'s bot failed[/] (the random bot at "
                     f"seat {seat}: RuntimeError); Medium's choice is played for it",)]
