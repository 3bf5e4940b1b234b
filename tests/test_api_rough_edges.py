"""Rough edges of the library's API a researcher's review found: each call given something it
does not take says so clearly (never a bare AttributeError or TypeError), and does nothing."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import fivehundred.record as record
from fivehundred import Game, Rules
from fivehundred.arena.play import ArenaError
from fivehundred.arena.spec import MatchSpec
from fivehundred.bots import make
from fivehundred.bots.base import BotError
from fivehundred.bots.pimc import CheaterBot
from fivehundred.errors import FiveHundredError, RecordError
from fivehundred.record import (
    GameRecord,
    dump,
    dump_json,
    dumps,
    dumps_json,
    load,
    load_json,
    record_from_game,
)
from fivehundred.solver import PositionError, can_make, move_values, solve


def _record() -> GameRecord:
    """A short record: one hand thrown in (everyone passed)."""
    g = Game(Rules.preset("australian"), seed=7)
    for _ in range(4):
        g.apply("pass")
    return record_from_game(g)


# ------------------------------------------------------------------- records and paths


_PATH_CALLS: dict[str, Callable[[Any], object]] = {
    "dump": lambda p: dump(_record(), p),
    "dump_json": lambda p: dump_json(_record(), p),
    "load": lambda p: load(p),
    "load_json": lambda p: load_json(p),
}


@pytest.mark.parametrize("name", sorted(_PATH_CALLS))
@pytest.mark.parametrize("as_str", [True, False])
def test_the_record_file_functions_refuse_a_path_saying_how_to_use_one(
        name: str, as_str: bool, tmp_path: Path) -> None:
    """``dump``, ``dump_json``, ``load`` and ``load_json`` take an open text file: a path (a
    str or a Path) is a RecordError that says so and names a way to read or write a path
    that ``fivehundred.record`` exports; no file is written or read."""
    path = tmp_path / "x.fhr"
    with pytest.raises(RecordError) as e:
        _PATH_CALLS[name](str(path) if as_str else path)
    text = str(e.value)
    assert f"{name}() " in text and "open text file" in text and "path" in text, text
    assert not path.exists()
    if name.startswith("load"):
        helper = "loads_json(read_text(path))" if name == "load_json" else \
            "loads(read_text(path))"
        assert helper in text, text
        assert "read_text" in record.__all__ and "parse_record" in record.__all__
    else:
        assert "write_text(" in text and ("dumps_json(rec)" if name == "dump_json"
                                          else "dumps(rec)") in text, text


def test_the_path_helpers_fivehundred_record_exports_read_both_forms(tmp_path: Path) -> None:
    """``read_text`` and ``parse_record``, exported by ``fivehundred.record``, read a record
    file of either form by its path (the way the refusals above point to)."""
    rec = _record()
    for name, text in (("x.fhr", dumps(rec)), ("x.fhr.json", dumps_json(rec))):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        assert record.parse_record(record.read_text(str(path))) == rec
    assert record.loads(record.read_text(str(tmp_path / "x.fhr"))) == rec
    assert record.loads_json(record.read_text(str(tmp_path / "x.fhr.json"))) == rec


@pytest.mark.parametrize("write", [dump, dump_json])
def test_dump_with_its_arguments_swapped_is_refused(
        write: Callable[[Any, Any], None], tmp_path: Path) -> None:
    """``dump(path, rec)`` (the arguments the wrong way round) says what the first one is,
    and writes nothing."""
    fp = io.StringIO()
    with pytest.raises(RecordError, match=r"takes a GameRecord .*not str"):
        write("x.fhr", fp)
    with pytest.raises(RecordError, match=r"takes a GameRecord"):
        write(fp, _record())
    assert fp.getvalue() == ""


@pytest.mark.parametrize("write", [dumps, dumps_json])
def test_dumps_refuses_what_is_not_a_record(write: Callable[[Any], str]) -> None:
    """``dumps``/``dumps_json`` given something else than a GameRecord say so (they raised
    "'str' object has no attribute 'rules'")."""
    with pytest.raises(RecordError, match=r"takes a GameRecord \(record_from_game"):
        write("[Rules ...]")


def test_dump_and_load_still_take_open_files() -> None:
    """The refusals leave the open-file use as it was."""
    rec = _record()
    for write, read in ((dump, load), (dump_json, load_json)):
        fp = io.StringIO()
        write(rec, fp)
        fp.seek(0)
        assert read(fp) == rec


# ----------------------------------------------------------------------------- cheater


def test_the_cheater_asked_with_a_view_says_it_needs_the_game() -> None:
    """The cheater sees every card: asked with ``act(view)`` it played as an ordinary
    sampling bot, silently; now it says it is asked with ``act_with_game(game)``."""
    g = Game(Rules.preset("australian"), seed=3)
    bot = make("cheater", seed=1)
    assert isinstance(bot, CheaterBot)
    with pytest.raises(BotError, match=re.escape("act_with_game(game)")) as e:
        bot.act(g.view(g.to_move or 0))
    assert "sees every card" in str(e.value)
    d = bot.act_with_game(g)                   # the way to ask it: the auction too
    assert d.action in g.legal_actions()


# ---------------------------------------------------------------------------- solver


def _in_play() -> Game:
    """A four-handed game at its first lead (Easy bids, discards and calls)."""
    g = Game(Rules.preset("australian"), seed=2)
    while g.phase != "play":
        if g.phase == "hand_over":
            g.next_hand()
        else:
            g.apply(make("easy", seed=1).act(g.view(g.to_move or 0)).action)
    return g


def test_can_make_answers_every_whole_number_and_refuses_anything_else() -> None:
    """A negative target is a question with an answer (fewer than none can always be taken,
    as more than are left never can: test_solver_limits); 1.5 is no number of tricks."""
    g = _in_play()
    assert can_make(g, -1) is True and can_make(g, 0) is True
    assert can_make(g, 11) is False            # (10 tricks left: never)
    with pytest.raises(PositionError, match=r"whole number of tricks"):
        can_make(g, 1.5)  # type: ignore[arg-type]
    assert can_make(g, np.int64(0)) is True    # type: ignore[arg-type]


@pytest.mark.parametrize("preset", ["classic3", "australian", "six_pairs", "five_called"])
def test_the_all_pass_message_suggests_a_side_of_these_rules(preset: str) -> None:
    """Everyone passed and is playing it out: the error said ``side=(0, 2)`` whatever the
    rules (three-handed has no such side); it now names a side of the rules at hand, and
    that side works."""
    g = Game(Rules.preset(preset, all_pass="play_no_trumps"), seed=1)
    while g.phase == "auction":
        g.apply("pass")
    assert g.phase == "play" and g.contract is None
    with pytest.raises(PositionError) as e:
        solve(g)
    got = re.findall(r"side=(\([\d, ]*\))", str(e.value))
    assert got, str(e.value)
    sides = {str(s) for s in g.rules.sides}
    assert set(got) <= sides, (got, sides)
    side = tuple(int(x) for x in got[0].strip("(),").split(","))
    assert set(move_values(g, side=side)) == set(g.legal_actions())


# ----------------------------------------------------------------------------- arena


def _spec(**kw: Any) -> MatchSpec:
    """A match of random bots under ``kw``."""
    rules = kw.pop("rules", Rules.preset("australian").to_string())
    return MatchSpec(rules, "random", "random", **kw)


@pytest.mark.parametrize(("kw", "words"), [
    ({"seed": -5}, "seed -5 is out of range: expected a whole number from 0 to "
                   "18,446,744,073,709,551,615"),
    ({"seed": 2**64}, "seed 18446744073709551616 is out of range"),
    ({"seed": True}, "seed True: expected a whole number"),
    ({"seed": 10**5000}, "seed a number of 5001 digits is out of range"),
    ({"deals": 1.5}, "deals 1.5: expected a whole number from 0 to 1,000,000"),
    ({"deals": -1}, "deals -1 is out of range: expected a whole number from 0 to 1,000,000"),
    ({"games": "3"}, "games '3': expected a whole number from 0 to 100,000"),
    ({"max_hands": 0}, "max_hands 0 is out of range: expected a whole number from 1 to "
                       "100,000"),
    ({"samples": 0}, "samples 0 is out of range: expected a whole number from 1 to 10,000"),
    ({"samples": 2.0}, "samples 2.0: expected a whole number"),
    ({"seconds": 0}, "seconds 0 is not a time limit: expected a number of seconds above 0"),
    ({"seconds": float("nan")}, "seconds nan is not a time limit"),
    ({"seconds": "1"}, "seconds '1': expected a number of seconds"),
])
def test_a_match_spec_checks_its_numbers_as_the_command_line_does(
        kw: dict[str, Any], words: str) -> None:
    """``MatchSpec(seed=-5)`` ran (the CLI refuses ``--seed -1``) and ``deals=1.5`` raised a
    raw TypeError: each number is checked when the spec is made, in the CLI's words."""
    with pytest.raises(ArenaError) as e:
        _spec(**kw)
    assert words in str(e.value), str(e.value)


def test_a_match_spec_takes_numpys_ints_as_ints() -> None:
    """numpy's ints are whole numbers (kept as Python ints: the identity is JSON)."""
    m = _spec(seed=np.uint64(3), deals=np.int64(2), samples=np.int32(4))
    assert (m.seed, m.deals, m.samples) == (3, 2, 4)
    assert all(type(x) is int for x in (m.seed, m.deals, m.samples))
    assert m.match_id


def test_a_match_spec_takes_a_preset_name() -> None:
    """A preset's name is taken as ``arena --rules`` takes it: the same match (the same
    canonical rules string, so the same results file) as its full rules string."""
    full = Rules.preset("classic3").to_string()
    m = _spec(rules=" Classic3 ", deals=1)
    assert m.rules == full and m.match_id == _spec(rules=full, deals=1).match_id
    assert m.seatings == ("ABB", "BAB", "BBA", "BAA", "ABA", "AAB")
    with pytest.raises(FiveHundredError, match="no_such"):
        _spec(rules="no_such")


# ------------------------------------------------------------------------------ bots


def test_nothing_to_decide_says_the_hand_is_over() -> None:
    """After everyone passed (hand thrown in) a bot says "the hand is over" (it said "the
    hand over"); at the end of the game, "the game is over"."""
    g = Game(Rules.preset("australian"), seed=7)
    for _ in range(4):
        g.apply("pass")
    assert g.phase == "hand_over"
    with pytest.raises(BotError, match=r"^nothing to decide: the hand is over$"):
        make("hard").act(g.view(0))
    g = Game(Rules.preset("australian", target=20, hole=-20), seed=3)
    while g.phase != "game_over":
        if g.phase == "hand_over":
            g.next_hand()
        else:
            g.apply(make("easy", seed=1).act(g.view(g.to_move or 0)).action)
    with pytest.raises(BotError, match=r"^nothing to decide: the game is over$"):
        make("easy").act(g.view(0))


# ------------------------------------------------------------------------ OpenSpiel


def test_openspiel_strings_during_the_deal_do_not_tell_the_order_of_the_cards() -> None:
    """Two deals giving seat 1 the same cards in another order give seat 1 the same
    information-state string at every point once both hold them ('7S 8S', never '8S 7S'),
    the cards in the order its hand is shown after the deal."""
    import pyspiel

    from fivehundred.cards import card_from_token
    from fivehundred.env.openspiel import SHORT_NAME

    game = pyspiel.load_game(SHORT_NAME, {"rules": "australian", "dealer": 0})
    a, b = game.new_initial_state(), game.new_initial_state()
    to_one = [k for k, seat in enumerate(a._order()) if seat == 1]
    first, second = to_one[0], to_one[1]
    pack = sorted(c for c, _ in a.chance_outcomes())
    order_a = pack[: second + 1]
    order_b = list(order_a)
    order_b[first], order_b[second] = order_a[second], order_a[first]
    for k in range(second + 1):
        a.apply_action(order_a[k])
        b.apply_action(order_b[k])
    assert a.dealt_to(1) != b.dealt_to(1) and set(a.dealt_to(1)) == set(b.dealt_to(1))
    assert a.information_state_string(1) == b.information_state_string(1)
    s = a.information_state_string(1)
    dealt = s.split("dealt: ")[1].split()
    assert dealt == sorted(dealt, key=card_from_token), s


def test_a_view_to_move_without_a_legal_action_is_not_called_another_seats_turn() -> None:
    """A hand-made view of the seat to move with no legal action said "it is not seat 1's
    turn (seat 1 is to move)", contradicting itself; it now says what is wrong."""
    import dataclasses

    g = Game(Rules.preset("australian"), seed=7)
    seat = g.to_move or 0
    view = dataclasses.replace(g.view(seat), legal_actions=())
    with pytest.raises(BotError, match=rf"^nothing to decide: seat {seat} has no legal action "
                                       r"in the auction$"):
        make("medium").act(view)
    with pytest.raises(BotError, match=rf"^it is not seat {seat + 1}'s turn"):
        make("medium").act(g.view(seat + 1))


def test_seat_game_refuses_a_hand_the_record_does_not_have() -> None:
    """``record.imagined.seat_game`` is a library function too: a hand number out of range
    is a RecordError naming the range (it was a bare AssertionError for 0, an IndexError past
    the end)."""
    from fivehundred.record import record_from_game
    from fivehundred.record.imagined import seat_game

    g = Game(Rules.preset("australian"), seed=7)
    g.apply("pass")
    rec = record_from_game(g, seat=2)
    for bad in (0, 2, -1, True):
        with pytest.raises(RecordError, match="numbered 1 to 1"):
            seat_game(rec, bad)  # type: ignore[arg-type]
    assert seat_game(rec, 1).game.view(2) == g.view(2)
