"""Own bots that fail in the ways a reviewer's did (session 17): a factory that raises or
calls ``sys.exit()`` is said before a terminal table's game starts; the arena names the hand
and action of a bot's failure, with the unit's game seed; ``sys.exit()`` in a bot is its
failure, not the program's end, while Ctrl-C still stops; the report counts the decisions
that ran past ``--seconds``."""

from __future__ import annotations

import io
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from fivehundred import Game, Rules
from fivehundred.arena import ArenaError, MatchSpec, SerialExecutor, run_match
from fivehundred.arena.play import HandRecord, UnitResult
from fivehundred.arena.report import format_report, summarize
from fivehundred.bots import base as bots_base
from fivehundred.bots import make
from fivehundred.bots.base import BotError
from fivehundred.bots.medium import MediumBot
from fivehundred.cli import main
from fivehundred.console import run_console_game
from fivehundred.console.opponent import opponent_seed
from fivehundred.record import dumps, record_from_game

AUS = Rules.preset("australian")
MOD = "bots_s17_mod"

BOTS = '''
import sys
from dataclasses import dataclass

from fivehundred.bots import Decision, make, register
from fivehundred.bots.base import BaseBot


def _boom(seed, budget):
    raise RuntimeError("factory boom")


def _quits(seed, budget):
    sys.exit(3)


register("boom_s17")(_boom)
register("quits_s17")(_quits)


@dataclass
class Exits(BaseBot):
    name: str = "exits_s17"

    def act(self, view):
        sys.exit(3)


@dataclass
class Interrupted(BaseBot):
    name: str = "ctrlc_s17"

    def act(self, view):
        raise KeyboardInterrupt


@dataclass
class Late(BaseBot):
    """Medium's play, until it answers 'pass' after three tricks of its second hand."""

    name: str = "late_s17"

    def act(self, view):
        if view.hand_number >= 1 and view.phase == "play" and len(view.tricks) == 3:
            return Decision("pass")
        return make("medium", seed=self.seed).act(view)


register("exits_s17")(lambda seed, budget: Exits(seed=seed, budget=budget))
register("ctrlc_s17")(lambda seed, budget: Interrupted(seed=seed, budget=budget))
register("late_s17")(lambda seed, budget: Late(seed=seed, budget=budget))
'''


@pytest.fixture
def own_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The module of the failing bots in a folder of its own, the current one (as a user
    runs ``fivehundred`` beside it); its bots and module taken out again afterwards."""
    from fivehundred.bots import _load_all  # noqa: F401  (the built-ins first, kept)

    (tmp_path / f"{MOD}.py").write_text(textwrap.dedent(BOTS), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)
    before = dict(bots_base._REGISTRY)
    yield tmp_path
    bots_base._REGISTRY.clear()
    bots_base._REGISTRY.update(before)
    sys.modules.pop(MOD, None)


# ---------------------------------------------------------------- a factory that fails


@pytest.mark.parametrize(("bot", "failure"), [
    ("boom_s17", "RuntimeError: factory boom"), ("quits_s17", "SystemExit: sys.exit(3)")])
def test_a_factory_that_fails_is_said_before_the_text_game_starts(
        own_bots: Path, capsys: pytest.CaptureFixture[str], bot: str, failure: str) -> None:
    """``play --text --bots fact:boomfactory`` printed a traceback (and a factory's
    sys.exit() ended it without a word): it is refused naming the bot and the failure, status
    2, nothing played and no file written, a resumed game's record left as it was."""
    g = Game(AUS, seed=5)
    for a in ["pass"] * 4:
        g.apply(a)
    record = own_bots / "game.fhr"
    record.write_text(dumps(record_from_game(g, {"Event": "fivehundred text game"})))
    before = {p.name: p.read_bytes() for p in own_bots.iterdir() if p.is_file()}
    for resume in ([], ["--resume", str(record)]):
        assert main(["play", "--text", "--bots", f"{MOD}:{bot}", *resume]) == 2
        out, err = capsys.readouterr()
        assert err == f"fivehundred play: bot '{MOD}:{bot}' could not be made: {failure}\n"
        assert out == ""
        assert {p.name: p.read_bytes() for p in own_bots.iterdir() if p.is_file()} == before


def test_a_factory_that_fails_is_said_before_the_full_screen_table_starts(
        own_bots: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``tui --bots fact:boomfactory`` printed a traceback: refused as the text game does."""
    import fivehundred.tui as tui

    monkeypatch.setattr(tui, "no_terminal", lambda: None)   # (as in a terminal)
    assert tui.run_tui(AUS, seed=1, seat=0, bots=f"{MOD}:boom_s17") == 2
    assert capsys.readouterr().err == (f"fivehundred tui: bot '{MOD}:boom_s17' could not be "
                                       "made: RuntimeError: factory boom\n")


def test_an_unknown_bot_is_still_said_in_make_player_s_words() -> None:
    """Only a factory's own failure is re-worded: the cheater keeps its refusal."""
    from fivehundred.console.opponent import seat_bot

    with pytest.raises(BotError, match=r"^the cheater bot sees every card"):
        seat_bot("cheater", seed=1)


# ---------------------------------------------------------------- sys.exit() in a bot


def test_a_bot_s_sys_exit_at_the_text_table_is_its_failure(own_bots: Path) -> None:
    """The text game stopped after "=== Hand 1 ..." with no word: the bot's sys.exit() is
    its failure, said as any other, and Medium's choice is played for it."""
    out = io.StringIO()
    answers = iter(["pass"] * 3 + ["quit"] * 5)
    assert run_console_game(AUS, seed=4, seat=0, ask=lambda _: next(answers), out=out,
                            bots=f"{MOD}:exits_s17") == 0
    text = out.getvalue()
    assert (f"West's bot failed (the {MOD}:exits_s17 bot at seat 1: SystemExit); Medium's "
            "choice is played for it.") in " ".join(text.split())   # (wrapped at 78 columns)


def test_a_bot_s_sys_exit_at_the_full_screen_table_is_its_failure(
        own_bots: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The full-screen table's bots, made by ``make_bots``, turn a sys.exit() into an error
    of the bot: Medium's choice is played, and the log says whose it was."""
    from fivehundred.tui.app import TableApp

    app = TableApp(AUS, 2, 0, f"{MOD}:exits_s17")
    seat = app.game.to_move or 0
    said: list[tuple[object, ...]] = []
    monkeypatch.setattr(app, "call_from_thread", lambda f, *a: said.append(a))
    view = app.game.view(seat)
    assert app._decide(seat, view) == MediumBot(seed=opponent_seed(2, seat)).act(view).action
    assert said == [(f"[b $error]{app.narrator.names[seat]}'s bot failed[/] (the "
                     f"{MOD}:exits_s17 bot at seat {seat}: SystemExit); Medium's choice is "
                     "played for it",)]


def test_ctrl_c_in_a_seated_bot_still_stops(own_bots: Path) -> None:
    """Only SystemExit is made the bot's failure at the tables (Medium stands in): Ctrl-C
    goes through."""
    from fivehundred.bots.base import decide_or_stand_in
    from fivehundred.console.opponent import seat_bot

    g = Game(AUS, seed=1)
    view = g.view(g.to_move or 0)
    with pytest.raises(KeyboardInterrupt):
        decide_or_stand_in(lambda v: seat_bot(f"{MOD}:ctrlc_s17", seed=1).act(v).action, view)
    choice = decide_or_stand_in(
        lambda v: seat_bot(f"{MOD}:exits_s17", seed=1).act(v).action, view)
    assert choice.problem == "SystemExit" and choice.stood_in == "Medium's choice"


def test_a_bot_s_sys_exit_in_the_arena_is_named(own_bots: Path) -> None:
    """The arena ended silently (status 3) on a bot's sys.exit(), in its play or its
    factory: an ArenaError names the bot, as for any raise."""
    spec = MatchSpec(AUS.to_string(), f"{MOD}:exits_s17", "easy", deals=1)
    seed = spec.units()[0].seed
    with pytest.raises(ArenaError) as e:
        run_match(spec, SerialExecutor())
    assert str(e.value) == (f"bot '{MOD}:exits_s17' (A, side 0, seat 0) raised SystemExit in "
                            f"deal 0, seating AB, hand 1, action 1 (game seed {seed}): "
                            "sys.exit(3)")
    spec = MatchSpec(AUS.to_string(), "easy", f"{MOD}:quits_s17", deals=1)
    with pytest.raises(ArenaError) as e:
        run_match(spec, SerialExecutor())
    assert str(e.value) == (f"bot '{MOD}:quits_s17' (B, side 1, seat 1) could not be made for "
                            "deal 0, seating AB: SystemExit: sys.exit(3)")


def test_ctrl_c_in_a_bot_still_interrupts_the_arena(
        own_bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """KeyboardInterrupt is no bot's failure: the arena's Ctrl-C handling says so."""
    assert main(["arena", "--a", f"{MOD}:ctrlc_s17", "--b", "easy", "--deals", "1",
                 "--workers", "1", "--quiet"]) == 130
    assert capsys.readouterr().err == "arena: interrupted\n"


# ---------------------------------------------------------------- where a bot failed


def test_the_arena_names_the_hand_and_action_of_a_failure(own_bots: Path) -> None:
    """``--games`` named the game alone ("in game 0, seating AB"): the hand and the action
    (from 1) and the unit's game seed are named too, and they rebuild the very position."""
    spec = MatchSpec(AUS.to_string(), f"{MOD}:late_s17", "easy", games=1)
    unit = spec.units()[0]
    with pytest.raises(ArenaError) as e:
        run_match(spec, SerialExecutor())
    m = re.fullmatch(r"bot '(\S+)' \(A, side 0, seat (\d)\) chose 'pass' in game 0, seating "
                     r"AB, hand (\d+), action (\d+) \(game seed (\d+)\): 'pass' is a bid, "
                     r"but the auction is over.*", str(e.value))
    assert m is not None, e.value
    seat, hand, action, seed = (int(x) for x in m.groups()[1:])
    assert m.group(1) == f"{MOD}:late_s17" and seed == unit.seed and hand >= 2
    # rebuilt: the game dealt from that seed, the bots seeded as the unit seeds them
    rules = spec.rules_obj
    names = [spec.bot(unit.seating[rules.side_of[s]]) for s in range(rules.players)]
    bots = [make(n, seed=unit.bot_seed(s), budget=spec.budget) for s, n in enumerate(names)]
    g = Game(rules, seed=seed)
    while (g.hand_number + 1, len(g.actions) + 1) != (hand, action):
        if g.phase == "hand_over":
            g.next_hand()
            continue
        g.apply(bots[g.to_move or 0].act(g.view(g.to_move or 0)).action)
    assert g.to_move == seat and g.phase == "play"
    assert bots[seat].act(g.view(seat)).action == "pass"


# ---------------------------------------------------------------- past --seconds


def test_the_report_counts_the_decisions_past_the_time_limit() -> None:
    """With --seconds 0.1 a bot that ignored it showed "median 150.4 ms ... max 155.4 ms"
    and no note: each bot's decisions past the limit are counted, in the JSON and the
    table; without a limit there is nothing to count."""
    times = {"A": (0.05, 0.15, 0.2), "B": (0.01,)}
    results = [UnitResult("deal", 0, s, (0, 0), None, (HandRecord(None, None, None),), times)
               for s in ("AB", "BA")]
    limited = summarize(MatchSpec(AUS.to_string(), "random", "easy", deals=1, seconds=0.1),
                        results)
    assert (limited["times"]["A"]["over_seconds"], limited["times"]["B"]["over_seconds"]) \
        == (4, 0)
    assert "\n  decisions past --seconds 0.1: A 4 of 6, B 0 of 2" in format_report(limited)
    free = summarize(MatchSpec(AUS.to_string(), "random", "easy", deals=1), results)
    assert free["times"]["A"]["over_seconds"] is None
    assert "past --seconds" not in format_report(free)


# ---------------------------------------------------------------- selfplay


def test_selfplay_names_the_game_hand_and_action_of_a_failure(own_bots: Path) -> None:
    """A self-play dataset's bot that fails named only the hand (no game, no action), and
    one whose factory fails raised it raw: each is a BotError naming the game (its line of
    the dataset, from 1), the bot, its seat, and the hand and action where it failed."""
    from fivehundred.selfplay import game_seed, self_play

    with pytest.raises(BotError) as caught:
        list(self_play(AUS, f"{MOD}:late_s17", games=3, seed=5))
    said = str(caught.value)
    m = re.fullmatch(rf"game (\d+): the {MOD}:late_s17 bot at seat (\d) chose 'pass' in "
                     r"hand (\d+), action (\d+): .*", said)
    assert m, said
    game, seat, hand, action = map(int, m.groups())
    # the game rebuilt from its seed: at that hand and action the bot is to move, and says pass
    from fivehundred.selfplay import play_game
    with pytest.raises(BotError, match=re.escape(said.split(": ", 1)[1])):
        play_game(AUS, [f"{MOD}:late_s17"] * 4, game_seed(5, game - 1))
    assert hand == 2 and seat in range(4) and action > 1
    for bot, failure in (("boom_s17", "RuntimeError: factory boom"),
                         ("quits_s17", "SystemExit: sys.exit(3)")):
        with pytest.raises(BotError, match=rf"^game 1: the {MOD}:{bot} bot at seat 0 could "
                                           rf"not be made: {re.escape(failure)}$"):
            list(self_play(AUS, f"{MOD}:{bot}", games=1, seed=5))


def test_a_bot_s_sys_exit_in_solo_env_is_its_bot_error(own_bots: Path) -> None:
    """SoloEnv's opponent calling sys.exit() ended the learner's program (a SystemExit with a
    note): it is a BotError naming the bot and seat, the learner's program going on."""
    from fivehundred.env.solo import SoloEnv

    env = SoloEnv(AUS, seat=0, bots=f"{MOD}:exits_s17")
    with pytest.raises(BotError, match=rf"^the {MOD}:exits_s17 bot at seat [123] raised "
                                       r"SystemExit: sys\.exit\(3\): a bug of that bot"):
        env.reset(seed=1)
        for _ in range(4):
            env.step(int(np.flatnonzero(env.action_masks())[0]))
