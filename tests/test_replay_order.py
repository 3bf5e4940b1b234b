"""``fivehundred replay`` names a record's first fault in the order of play, whatever its kind:
an illegal action that only the engine finds comes before a later fault that reading finds
(a card played twice, a wrong trick winner), in a text record and in a JSON one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fivehundred import RecordError
from fivehundred.cli import main
from fivehundred.record import dumps_json, loads, loads_json
from recordgames import GOLDEN

# Hand 9 of the golden record, spades trumps: seat 1 plays 9D to trick 3, led with AS, holding
# KS, JS and 8S (a revoke: KS and 9D swapped, so trick 7 is led with KS; every winner is kept)
TRICK_3 = ("Trick 3 3:AS 0:JC 1:KS 2:7S -> 0", "Trick 3 3:AS 0:JC 1:9D 2:7S -> 0")
TRICK_7 = ("Trick 7 1:9D 2:8H 3:6D 0:5D -> 1", "Trick 7 1:KS 2:8H 3:6D 0:5D -> 1")
REVOKE = r"hand 9, action 25 \(9D\): must follow spades"


@pytest.fixture(scope="module")
def revoked() -> str:
    """The golden record with the revoke in hand 9's trick 3, and no other fault."""
    text = GOLDEN.read_text(encoding="utf-8")
    for old, new in (TRICK_3, TRICK_7):
        assert old in text
        text = text.replace(old, new)
    return text


def _replayed(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``fivehundred replay`` says of ``text`` (status 2, nothing on standard output)."""
    path = tmp_path / "bad.fhr"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "Traceback" not in out.err
    return out.err


def _played_twice(text: str) -> tuple[str, str]:
    """``text`` with seat 0 playing 10C (played in trick 1) in hand 9's trick 7, instead of
    5D: as a text record, and as a JSON one."""
    d = json.loads(dumps_json(loads(text)))
    play = d["hands"][8]["play"]
    play[play.index("5D")] = "10C"
    return text.replace(TRICK_7[1], TRICK_7[1].replace("0:5D", "0:10C")), json.dumps(d)


def test_the_revoke_alone_is_found_by_replay(tmp_path: Path, revoked: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert loads(revoked).hands[8].play[10] == "9D"     # reading finds nothing wrong
    assert REVOKE.replace("\\", "") in _replayed(tmp_path, revoked, capsys)


def test_a_revoke_comes_before_a_later_card_played_twice(
    tmp_path: Path, revoked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Trick 3's revoke is named, not trick 7's card played twice (reading found that before
    replay began); reading alone still names the card, its message unchanged."""
    twice, js = _played_twice(revoked)
    with pytest.raises(RecordError, match=r"^line 157: hand 9, action 42 \(10C\): 10C was "
                                          r"played already \(trick 1\)$"):
        loads(twice)
    with pytest.raises(RecordError, match=r"10C was played already \(trick 1\) "
                                          r"\(at \$\.hands\[8\]\.play\[27\]\)"):
        loads_json(js)
    for text in (twice, js):
        err = _replayed(tmp_path, text, capsys)
        assert "played already" not in err and re.search(REVOKE, err)


def test_an_illegal_bid_comes_before_a_later_fault_of_the_play(
    tmp_path: Path, revoked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An earlier part of the hand (the auction) against a later one (the play)."""
    bid = revoked.replace("Auction 0:6C 1:6D 2:6H 3:7C", "Auction 0:6C 1:6S 2:6H 3:7C")
    for text in _played_twice(bid):
        err = _replayed(tmp_path, text, capsys)
        assert "hand 9, action 2 (6S): 6S does not rank above 6C" in err


def test_a_revoke_comes_before_a_later_wrong_trick_winner(
    tmp_path: Path, revoked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seat labels and winners of a text record are checked after it is built: a wrong
    winner in trick 8 is named only when replay finds nothing before it."""
    trick8 = "Trick 8 1:QD 2:9H 3:QS 0:9S -> 3"
    assert trick8 in revoked
    wrong = revoked.replace(trick8, trick8.replace("-> 3", "-> 1"))
    with pytest.raises(RecordError, match=r"^line 158: hand 9: trick 8 is won by seat 3, not 1"):
        loads(wrong)
    err = _replayed(tmp_path, wrong, capsys)
    assert "is won by" not in err and re.search(REVOKE, err)
    # without the revoke, the winner is named
    err = _replayed(tmp_path, GOLDEN.read_text(encoding="utf-8").replace(
        trick8, trick8.replace("-> 3", "-> 1")), capsys)
    assert "line 158: hand 9: trick 8 is won by seat 3, not 1" in err
