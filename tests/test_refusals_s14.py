"""Refusals that name what was wrong (a fuzzing review of 2026-12-06): an action id of the
wrong kind says its kind (a card and a bid share a token), ``Rules("australian")`` points at
``Rules.parse``, and a record whose play begins before all the discards blames the discards."""

from __future__ import annotations

import copy
import json
import re

import pytest

from fivehundred import Game, Rules
from fivehundred.actions import BID, action_from_token
from fivehundred.bots import make
from fivehundred.errors import IllegalActionError, RecordError, RulesError
from fivehundred.record import dumps, dumps_json, loads, loads_json, record_from_game
from fivehundred.record.model import RecordProblem


def _bid_out(g: Game) -> None:
    """6♠ from the first seat, the others pass: the declarer at the kitty."""
    g.apply("6S")
    while g.phase == "auction":
        g.apply("pass")


def test_a_bid_id_in_the_play_is_named_a_bid() -> None:
    """The id of the bid 6♠ sent in the play was "6S is not a card", 6S being a card."""
    g = Game("australian", seed=7)
    _bid_out(g)
    assert g.phase == "kitty"
    with pytest.raises(IllegalActionError, match=r"^the bid 6S is not a card: the declarer"):
        g.apply(action_from_token("6S", auction=True))
    for a in g.legal_actions()[:3]:
        g.apply(a)
    before = copy.deepcopy(g.__getstate__())
    with pytest.raises(IllegalActionError, match=r"^the bid 6S is not a card: the game is in"):
        g.apply(BID)
    assert g.__getstate__() == before


def test_a_card_id_in_the_auction_is_named_a_card() -> None:
    g = Game("australian", seed=7)
    with pytest.raises(IllegalActionError, match=r"^the card 6S is not a bid"):
        g.apply(action_from_token("6S"))
    assert g.phase == "auction" and not g.view(0).auction


def test_rules_given_a_name_points_at_parse() -> None:
    with pytest.raises(RulesError, match=r"Rules.parse\('australian'\)"):
        Rules("australian")  # type: ignore[arg-type]
    assert Rules.parse("australian") == Rules.preset("australian")


def _a_classic3_hand() -> tuple[str, str]:
    """A classic3 hand played out by Medium: its record as text, and its Discards line."""
    g = Game("classic3", seed=5)
    bots = [make("medium", seed=i) for i in range(3)]
    while g.phase not in ("hand_over", "game_over"):
        seat = g.to_move
        assert seat is not None
        g.apply(bots[seat].act(g.view(seat)).action)
    text = dumps(record_from_game(g))
    m = re.search(r"^Discards .*$", text, re.M)
    assert m, text
    return text, m.group(0)


def test_a_play_before_the_last_discard_blames_the_discards() -> None:
    """Two of three discards, then the play: it was "action 6 (JD): the play begins only
    after the auction, the discards and the call", at the first card."""
    text, line = _a_classic3_hand()
    short = text.replace(line, " ".join(line.split()[:-1]))
    number = text.splitlines().index(line) + 1
    with pytest.raises(RecordError, match=rf"^line {number}: hand 1, discards: the declarer "
                                          r"discards 3 cards before the play begins, not 2"):
        loads(short)
    as_json = json.loads(dumps_json(loads(text)))
    as_json["hands"][0]["discards"] = as_json["hands"][0]["discards"][:2]
    with pytest.raises(RecordProblem, match=r"discards 3 cards before the play begins, not 2"):
        loads_json(json.dumps(as_json))


def test_an_unimportable_bot_module_says_where_modules_are_found() -> None:
    """A script's user was told "the command line looks in the current folder too", which is
    the fivehundred command's doing, not Python's (a script imports from its own folder)."""
    from fivehundred.bots.base import BotError, resolve

    with pytest.raises(BotError, match=r"no module named 'no_such_module_s14' \(your bot's "
                                       r"module must be importable: on PYTHONPATH, or in the "
                                       r"current folder for the fivehundred command\)"):
        resolve("no_such_module_s14:mine")
