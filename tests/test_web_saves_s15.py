"""Saved tables a person edited by hand, reported in plain words (a club organiser's review):
a field missing is named, a format from a newer fivehundred says so, an action that does not
replay says which hand, action and seat, with no "you" and no exception's class name; a seat
of an unknown kind, and a name past 20 characters, are refused as damage.  Each damaged row is
kept as it was, and the lobby's problems and the server's log say the same words."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from fivehundred import __version__
from fivehundred.rules import Rules
from fivehundred.web.seats import TableError
from fivehundred.web.store import Store
from fivehundred.web.table import FORMAT, Table
from webclient import web_client


def _saved(seed: int = 5, played_to: str = "") -> dict[str, Any]:
    """A table's save (a copy: nothing shared with the table), played (the first legal
    action each time) to the phase ``played_to``, or until nobody is to move."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=seed)
    g = t.game
    while played_to and g.phase != played_to and g.to_move is not None:
        t.act(g.to_move, g.legal_actions()[0])
    data: dict[str, Any] = json.loads(json.dumps(t.to_json()))
    return data


def _refused(d: dict[str, Any]) -> str:
    """The words a damaged save is refused with (TableError ``damaged``)."""
    with pytest.raises(TableError) as e:
        Table.from_json(d)
    assert e.value.code == "damaged"
    return str(e.value)


def test_a_missing_field_is_named_in_words() -> None:
    """``KeyError: 'seats'`` named a Python mapping, not what the save lacks."""
    d = _saved()
    del d["seats"]
    assert _refused(d) == "the save has no seats (its 'seats' field is missing)"
    d = _saved()
    del d["rules"]
    assert _refused(d) == "the save has no rules (its 'rules' field is missing)"
    d = _saved()
    del d["seats"][1]["kind"]
    assert _refused(d) == ("seat 1 of the save has no kind, human or bot (its 'kind' field is "
                           "missing)")
    d = _saved()
    d["seats"][2] = "North"
    assert _refused(d) == "seat 2 of the save is not an object of its fields: 'North'"


def test_a_format_newer_than_ours_says_a_newer_fivehundred_may_have_written_it() -> None:
    """``saved table format 99 is not 1`` left the organiser guessing."""
    d = _saved()
    d["format"] = FORMAT + 98
    words = _refused(d)
    assert words == (f"the save is of table format {FORMAT + 98}, and this fivehundred "
                     f"({__version__}) reads format {FORMAT}: a newer version of fivehundred "
                     "may have written it")
    d["format"] = 0
    assert "newer" not in _refused(d)
    assert _refused(d) == f"saved table format 0 is not {FORMAT}, the one this fivehundred reads"
    del d["format"]
    assert _refused(d) == "the save has no table format (its 'format' field is missing)"


def test_an_action_that_does_not_replay_names_its_hand_action_and_seat() -> None:
    """``IllegalActionError: you do not hold AS``: no hand, no action, no seat; "you" meant
    nobody, and the exception's class name meant nothing to the organiser."""
    d = _saved(played_to="play")
    actions = d["hands"][0]
    t = Table.from_json(d)
    seat = t.game.to_move
    assert seat is not None
    held = t.game.view(seat).hand
    card = next(c for c in ("AS", "KS", "QS") if c not in held)
    actions.append(card)
    words = _refused(d)
    name = d["seats"][seat]["name"]
    assert words == (f"the saved game could not be replayed: hand 1, action {len(actions)}, "
                     f"seat {seat} (named {name!r}) to play: seat {seat} does not hold {card}")
    assert "you" not in words.lower().replace(f"(named {name.lower()!r})", "")
    assert "Error" not in words
    actions[-1] = "pass"          # (a bid, once the auction is over)
    words = _refused(d)
    assert words.startswith(f"the saved game could not be replayed: hand 1, action "
                            f"{len(actions)}, seat {seat} (named {name!r}) to play: 'pass' is "
                            "a bid")
    assert "Error" not in words


def test_hands_that_do_not_follow_each_other_say_where() -> None:
    """A second hand saved while the first is still in play: the engine's words named a
    method of its own (``next_hand() is for a finished hand``)."""
    d = _saved(played_to="play")
    d["hands"].append([])
    assert _refused(d) == ("the saved game could not be replayed: hand 2 begins before hand 1 "
                           "is over (hand 1 stops in its play)")


def test_an_action_after_its_hand_is_over_says_so() -> None:
    """``the hand is over: call next_hand() to deal the next one`` named a method (and
    after the game's last hand, ``the game is over``)."""
    t = Table.new("australian", Rules.preset("australian"), "easy", seed=5)
    g = t.game
    while g.to_move is not None:        # (6S, all pass: a hand that does not end the game)
        legal = g.legal_actions()
        t.act(g.to_move, ("6S" if "6S" in legal else "pass") if g.phase == "auction"
              else legal[0])
    assert g.phase == "hand_over"
    ended = _saved(5, played_to="game_over")    # (10C, 10D, ...: one hand ends it)
    for d, over in ((json.loads(json.dumps(t.to_json())), "hand"), (ended, "game")):
        d["hands"][0].append("7S")
        assert _refused(d) == (f"the saved game could not be replayed: hand 1, action "
                               f"{len(d['hands'][0])}: '7S' comes after the {over} is over")
    ended["hands"][0].pop()
    ended["hands"].append([])
    assert _refused(ended) == ("the saved game could not be replayed: hand 2 begins after "
                               "the game is over")


def test_a_bad_seed_or_speed_is_said_without_a_class_name() -> None:
    """``ValueError: seed must be ...`` and ``RulesError: speed must be ...``."""
    d = _saved()
    d["seed"] = -5
    assert _refused(d) == ("the save's seed must be a whole number from 0 to 2**64 - 1, "
                           "not -5")
    d = _saved()
    d["speed"] = "warp"
    assert _refused(d) == ("the saved game could not be replayed: speed must be one of slow, "
                           "normal, fast, got 'warp'")


def test_a_seat_of_an_unknown_kind_is_damage() -> None:
    """A seat of kind "alien" loaded, and the table waited on it for ever."""
    d = _saved()
    d["seats"][1]["kind"] = "alien"
    assert _refused(d) == "seat 1: its kind is 'alien', not human or bot"


def test_a_saved_name_past_20_characters_is_damage() -> None:
    """A name of 500 characters loaded (every other way in refuses one past 20); an old save's
    name padded with invisible characters is still whole (cleaned, it fits)."""
    d = _saved()
    d["seats"][1]["name"] = "x" * 500
    assert _refused(d) == "seat 1: the name is 500 characters long; a name is 1 to 20"
    d["seats"][1]["name"] = ""
    assert _refused(d) == "seat 1: the name is empty; a name is 1 to 20 characters"
    d["seats"][1]["name"] = "Ann" + "\u200b" * 30
    assert Table.from_json(d).seats[1].name == "Ann"


DAMAGES = {
    "no seats": lambda d: d.pop("seats"),
    "format 99": lambda d: d.update(format=99),
    "bad action": lambda d: d["hands"][0].append("pass"),
    "alien": lambda d: d["seats"][1].update(kind="alien"),
    "long name": lambda d: d["seats"][1].update(name="x" * 500),
}


def _rows(p: Path) -> list[tuple[Any, ...]]:
    return sqlite3.connect(p).execute(
        "SELECT id, created, updated, finished, data FROM tables ORDER BY id").fetchall()


@pytest.mark.parametrize("mode", ["local", "serve"])
def test_hand_edited_saves_are_reported_in_the_same_words_and_kept(
        tmp_path: Path, mode: str, caplog: pytest.LogCaptureFixture) -> None:
    """Through the server: each damaged save's link is refused as damaged (the alien seat's
    and the long name's opened), the lobby's problems (at home) and the log (both) say the
    same words as :meth:`Table.from_json`, and every row is kept byte for byte."""
    p = tmp_path / "s.db"
    store = Store(p)
    saves: dict[str, dict[str, Any]] = {}
    for i, (k, damage) in enumerate(DAMAGES.items()):
        d = _saved(seed=i + 1, played_to="play")
        damage(d)
        saves[k] = d
        store.save(d["id"], d, finished=False)
    store.close()
    words = {k: _refused(json.loads(json.dumps(d))) for k, d in saves.items()}
    before = _rows(p)
    caplog.set_level(logging.WARNING, logger="fivehundred.web")
    with web_client(Store(p), mode) as client:
        for k, d in saves.items():
            token = d["seats"][0]["token"] if "seats" in d else "x"
            with client.websocket_connect(f"/ws?table={d['id']}&token={token}") as ws:
                assert ws.receive_json()["code"] == "damaged_table", k
        problems = client.get("/api/lobby").json()["problems"]
    logged = [r.getMessage() for r in caplog.records if r.name == "fivehundred.web"]
    for k, d in saves.items():
        line = f"saved game {d['id']}: {words[k]}"
        assert line in logged, (k, logged)
        if mode == "local":
            assert line in problems, (k, problems)
    assert _rows(p) == before
