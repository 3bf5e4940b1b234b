"""Guards that no test reached: each refusal said in its own words, with nothing changed.
A wrong-sized or repeated discard at the browser's table, a results file that is not the
arena's (or of a later format), a deal with a misspelt field, an undo with nothing to undo, a
record that deals a hand after the game ended, a friend's-seat order at a table without
friends, and the analyse command's numbers given from Python."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from fivehundred import DealError, Game, IllegalActionError, RecordError, Rules
from fivehundred.arena import ArenaError, MatchSpec, ResultsFile
from fivehundred.dealing import deal_to_dict
from fivehundred.record import loads, replay
from fivehundred.solver.analysis import analyse_main
from fivehundred.web.hub import Hub
from fivehundred.web.table import Table
from recordgames import GOLDEN
from webclient import Msg, quiet, seated

# ------------------------------------------------------------------ the browser table's discard


def _table(client: TestClient, table: dict[str, Any]) -> Table:
    """The table behind ``table`` (new_table's reply), as the server holds it."""
    hub: Hub = client.app.state.hub      # type: ignore[attr-defined]
    return hub.tables[table["table"]]


def _table_now(client: TestClient, table: dict[str, Any]) -> tuple[Any, ...]:
    """The table's game as it stands: phase, every action taken, the state's number and the
    declarer's hand (the kitty's cards in it)."""
    t = _table(client, table)
    g = t.game
    return g.phase, tuple(g.actions), t.seq, g.view(0).hand


@pytest.mark.parametrize(("pick", "said"), [
    (lambda hand: hand[-2:], "discard exactly 3 cards, not 2"),
    (lambda hand: hand[-4:], "discard exactly 3 cards, not 4"),
    (lambda hand: [hand[-1]] * 3, "the same card was chosen twice"),
])
def test_a_wrong_discard_is_refused_whole(pick: Any, said: str) -> None:
    """Two cards, four, or one card three times: refused in the table's words and nothing
    applied (two were discarded and a card still owed; a fourth was led as the first card;
    the repeat was refused only by the engine, in its words); the right three then go."""
    with seated(preset="australian", seed=5) as (client, table, seat):
        seat.my_turn()
        seat.send(type="act", action="10NT")
        m: Msg = seat.until(lambda x: x["type"] == "state" and x["view"]["phase"] == "kitty"
                            and x["view"]["to_move"] == 0)
        hand = m["view"]["hand"]
        assert m["view"]["discards_left"] == 3
        before = _table_now(client, table)
        assert before[0] == "kitty"
        seat.send(type="discard", cards=pick(hand))
        err = seat.until(lambda x: x["type"] in ("error", "state"))
        assert err == {"type": "error", "code": "illegal", "message": said}
        assert not [x for x in quiet(seat) if x["type"] == "state"]   # no change to show
        assert _table_now(client, table) == before
        seat.send(type="discard", cards=hand[-3:])
        after: Msg = seat.until(lambda x: x["type"] == "state")
        assert after["view"]["phase"] != "kitty"
        assert not set(hand[-3:]) & set(after["view"]["hand"])


@pytest.mark.parametrize("kind", ["seat_to_bot", "new_link"])
def test_a_friends_seat_order_at_a_table_without_friends_is_refused(kind: str) -> None:
    """At a table of bots, GIVE TO A BOT or NEW LINK for a bot's seat: no friend was ever
    offered it, and the table says so (it said a bot plays it already, or that its link was
    not opened yet, as if there were one)."""
    with seated(preset="australian", seed=5) as (client, table, seat):
        seat.my_turn()
        t = _table(client, table)
        west = (t.seats[1].kind, t.seats[1].token, t.seats[1].name, t.seq)
        seat.send(type=kind, seat=1)
        err = seat.until(lambda x: x["type"] in ("error", "state"))
        assert err == {"type": "error", "code": "illegal",
                       "message": "West's seat was never offered to a friend"}
        assert not [x for x in quiet(seat) if x["type"] == "state"]
        assert (t.seats[1].kind, t.seats[1].token, t.seats[1].name, t.seq) == west


# ----------------------------------------------------------------------- the arena's results file


def _spec() -> MatchSpec:
    return MatchSpec(Rules.preset("australian").to_string(), "random", "random", deals=2)


@pytest.mark.parametrize(("content", "said"), [
    (b"my precious notes, no newline", " is not an arena results file; choose another --out"),
    (b'{"format": "fivehundred-arena", "version": 999}\n',
     ": results format version 999, this program reads version 1"),
])
def test_a_file_not_of_this_arena_is_refused_untouched(tmp_path: Path, content: bytes,
                                                       said: str) -> None:
    """One line of someone's notes, without a final newline (it was taken for a header cut
    short and emptied), and a header of a later format (read as this one): refused, in
    words that say which, and the file's bytes as they were."""
    path = tmp_path / "out.jsonl"
    path.write_bytes(content)
    with pytest.raises(ArenaError) as refused:
        ResultsFile(path, _spec())
    assert str(refused.value) == f"{path}{said}"
    assert path.read_bytes() == content


# ------------------------------------------------------------------------- the engine's guards


def test_a_deal_with_an_unknown_field_is_refused() -> None:
    """A misspelt field ("dealr") is named, not ignored (the dealer then came from the seed)."""
    rules = Rules.preset("australian")
    deal = deal_to_dict(rules, Game(rules, seed=1).deal)
    deal["dealr"] = deal.pop("dealer")
    with pytest.raises(DealError, match=r"^unknown deal field\(s\): dealr$"):
        Game(rules, seed=0, deal=deal)


def test_undo_with_nothing_to_undo_is_refused_and_changes_nothing() -> None:
    """A fresh game has nothing to undo: IllegalActionError, the game as it was."""
    g = Game(Rules.preset("australian"), seed=3)
    view, actions, phase = g.view(0), list(g.actions), g.phase
    with pytest.raises(IllegalActionError, match=r"^nothing to undo$"):
        g.undo()
    assert (g.view(0), list(g.actions), g.phase) == (view, actions, phase)


# ------------------------------------------------------------------------------------ records


def test_a_hand_after_the_game_ended_is_a_fault() -> None:
    """The golden record's game ends after hand 9 (a side in the hole); a hand 10 dealt and
    passed out after it is named as dealt after the end, at its own line."""
    text = GOLDEN.read_text(encoding="utf-8")
    nine = text[text.index("Hand 9"):].splitlines()
    assert nine[1] == "Dealer 3" and nine[-1].endswith("totals -740 -420")
    extra = ["", "Hand 10", "Dealer 0", *nine[2:7], "Auction 1:pass 2:pass 3:pass 0:pass",
             "Result all pass; tricks 0 0 0 0; points 0 0; totals -740 -420", ""]
    rec = loads(text + "\n".join(extra))
    line = 1 + (text + "\n").count("\n")            # "Hand 10", after the blank line
    with pytest.raises(RecordError) as fault:
        replay(rec)
    assert str(fault.value) == (f"line {line}: hand 10: the game was over after hand 9: no "
                                "more hands are dealt")


# ------------------------------------------------------------------- analyse, called from Python


@pytest.mark.parametrize(("given", "said"), [
    ({"hand": 0}, "--hand 0: hands are numbered from 1"),
    ({"action": -1}, "--action -1: the number of actions must be 0 or more"),
])
def test_analyse_refuses_a_hand_or_action_out_of_range(
        given: dict[str, int], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """analyse_main (exported) takes numbers that its command's options would have refused:
    it refuses them itself, in the options' words, before any solving."""
    assert analyse_main(str(GOLDEN), hand=given.get("hand"), action=given.get("action"),
                        nodes=1) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == f"fivehundred analyse: {said}\n"
