"""A hand-edited text record's first fault: ``fivehundred replay`` (and ``analyse`` and
``hint``, which read a record the same way) names the earliest wrong line, what was expected
there and the seat the record names, as reading the record alone does.

A trick line left one card short, or a card changed so that another seat wins the trick with
its winner kept, was named by the engine's fault on the next line, in the seat the engine saw
to play (``6C by seat 3`` on a line that says ``0:6C``): reading cut the play short at that
fault and skipped the size and winner of the last trick before it, and the label of the
faulty card itself."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fivehundred import RecordError
from fivehundred.cli import main
from fivehundred.record import dumps_json, loads, loads_json, replay
from recordgames import GOLDEN, golden_with

# Hand 5 of the golden record (lines 67 to 80): 7C by seat 0, who leads
AUCTION = "Auction 0:6C 1:pass 2:pass 3:6NT"                # line 67
TRICK_1 = "Trick 1 0:QH 1:9H 2:5H 3:4H -> 0"               # line 70
TRICK_2 = "Trick 2 0:6C 1:QC 2:JC 3:10C -> 2"              # line 71
TRICK_9 = "Trick 9 0:KC 1:6D 2:KH 3:AH -> 0"               # line 78


def replayed(text: str) -> str:
    """What replaying ``text`` says (as ``fivehundred replay`` reads it: replaying=True)."""
    with pytest.raises(RecordError) as caught:
        replay(loads(text, replaying=True))
    return str(caught.value)


def read_alone(text: str) -> str:
    """What reading ``text`` without replaying says."""
    with pytest.raises(RecordError) as caught:
        loads(text)
    return str(caught.value)


def test_a_card_taken_out_of_a_trick_names_that_trick_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """West's 4H deleted from trick 1: the line is a card short (the engine's fault came
    next, at line 71: 6C by seat 3, a line that says 0:6C)."""
    text = golden_with((TRICK_1, "Trick 1 0:QH 1:9H 2:5H -> 0"))
    said = "line 70: hand 5: trick 1 has 3 cards, but 4 seats play to each trick here"
    assert read_alone(text) == said
    assert replayed(text) == said
    path = tmp_path / "short.fhr"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == f"fivehundred replay: {path}: {said}\n"


def test_a_card_taken_out_of_the_middle_of_a_trick_names_its_size() -> None:
    """South's 5H deleted: the same line's size, not the engine's 4H by seat 2 (written
    3:4H)."""
    text = golden_with((TRICK_1, "Trick 1 0:QH 1:9H 3:4H -> 0"))
    said = "line 70: hand 5: trick 1 has 3 cards, but 4 seats play to each trick here"
    assert read_alone(text) == said
    assert replayed(text) == said


def test_a_changed_card_that_wins_the_trick_names_the_winner_kept() -> None:
    """West's 4H made AH: West wins trick 1, which still says -> 0 (the engine's fault
    came next: 6C by seat 3, the leader it saw, at a line that says 0:6C)."""
    text = golden_with((TRICK_1, "Trick 1 0:QH 1:9H 2:5H 3:AH -> 0"),
                       (TRICK_9, "Trick 9 0:KC 1:6D 2:KH 3:4H -> 0"))
    said = "line 70: hand 5: trick 1 is won by seat 3, not 0"
    assert read_alone(text) == said
    assert replayed(text) == said


def test_a_faulty_card_is_named_by_its_label_first() -> None:
    """With trick 1's winner put right, trick 2's lead is written 0:6C though West (who won)
    leads: the label is named, not the engine's 6C by seat 3, a seat the line does not
    name."""
    text = golden_with((TRICK_1, "Trick 1 0:QH 1:9H 2:5H 3:AH -> 3"),
                       (TRICK_9, "Trick 9 0:KC 1:6D 2:KH 3:4H -> 0"))
    said = ("line 71: hand 5, action 14 (6C): it is seat 3's turn, not seat 0's (the winner "
            "of the last trick leads)")
    assert replayed(text) == said
    assert read_alone(text) == said


def test_a_wrong_label_comes_before_an_illegal_bid_on_its_line() -> None:
    """Seat 1's pass written 2:pass, then seat 3 bids 6C, no higher than 6C (a card played
    twice later, so that reading fails too): the label, action 2, comes first."""
    text = golden_with((AUCTION, "Auction 0:6C 2:pass 1:pass 3:6C"),
                       (TRICK_2, "Trick 2 0:6C 1:QC 2:JC 3:JK -> 3"))
    assert "action 4 (6C by seat 3)" in replayed(
        text.replace("0:6C 2:pass 1:pass", "0:6C 1:pass 2:pass"))
    assert replayed(text) == ("line 67: hand 5, action 2 (pass): it is seat 1's turn to "
                              "speak, not seat 2's")


def test_an_unfinished_hands_trick_line_a_card_short_is_refused() -> None:
    """Every trick line but the hand's last holds a whole trick: two lines that make one
    unfinished trick between them were read as one."""
    text = GOLDEN.read_text(encoding="utf-8").replace('[Result "1"]', '[Result "*"]')
    text = text[: text.index(TRICK_1)] + "Trick 1 0:QH 1:9H\nTrick 2 2:5H\n"
    assert read_alone(text) == ("line 70: hand 5: trick 1 has 2 cards, but 4 seats play to "
                                "each trick here")
    whole = text.replace("1:9H\nTrick 2 2:5H", "1:9H 2:5H")        # (one line: read)
    assert loads(whole).hands[-1].play == ("QH", "9H", "5H")


def test_the_json_form_names_the_card_and_the_seat_to_play() -> None:
    """A JSON record's play is flat, with no seats or winners written: the engine's fault is
    its first one, said with the seat whose turn it was."""
    d = json.loads(dumps_json(loads(GOLDEN.read_text(encoding="utf-8"))))
    play = d["hands"][4]["play"]
    assert play[:4] == ["QH", "9H", "5H", "4H"]
    del play[3]
    with pytest.raises(RecordError, match=re.escape(
            "hand 5, action 13 (6C by seat 3): you do not hold 6C (at $.hands[4].play[3])")):
        replay(loads_json(json.dumps(d), replaying=True))
