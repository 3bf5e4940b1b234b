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
from recordgames import GOLDEN, golden_with

# Hand 9 of the golden record, spades trumps: seat 1 plays 9D to trick 3, led with AS, holding
# KS, JS and 8S (a revoke: KS and 9D swapped, so trick 7 is led with KS; every winner is kept)
TRICK_3 = ("Trick 3 3:AS 0:JC 1:KS 2:7S -> 0", "Trick 3 3:AS 0:JC 1:9D 2:7S -> 0")
TRICK_7 = ("Trick 7 1:9D 2:8H 3:6D 0:5D -> 1", "Trick 7 1:KS 2:8H 3:6D 0:5D -> 1")
REVOKE = r"hand 9, action 25 \(9D by seat 1\): must follow spades"
REVOKE_AT = (153, "$.hands[8].play[10]")     # its line in the text record, its JSON path


@pytest.fixture(scope="module")
def revoked() -> str:
    """The golden record with the revoke in hand 9's trick 3, and no other fault."""
    text = golden_with(TRICK_3, TRICK_7)
    assert text.splitlines()[REVOKE_AT[0] - 1] == TRICK_3[1]
    return text


def _replayed(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``fivehundred replay`` says of ``text`` (status 2, nothing on standard output)."""
    path = tmp_path / "bad.fhr"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "Traceback" not in out.err
    return out.err


def _named(err: str, text: str, fault: str, at: tuple[int, str]) -> bool:
    """Whether ``err`` (``fivehundred replay``'s words on ``text``) names ``fault`` (a regular
    expression) alone, where it is: ``at``'s line in a text record, its JSON path in JSON."""
    line, path = at
    if text.startswith("{"):
        return re.search(rf"bad\.fhr: {fault}.* \(at {re.escape(path)}\)\n$", err) is not None
    return re.search(rf"bad\.fhr: line {line}: {fault}.*\n$", err) is not None


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
    assert _named(_replayed(tmp_path, revoked, capsys), revoked, REVOKE, REVOKE_AT)


def test_a_revoke_comes_before_a_later_card_played_twice(
    tmp_path: Path, revoked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Trick 3's revoke is named, not trick 7's card played twice (reading found that before
    replay began); reading alone still names the card, and the seat that played it."""
    twice, js = _played_twice(revoked)
    with pytest.raises(RecordError, match=r"^line 157: hand 9, action 42 \(10C by seat \d\): "
                                          r"10C was played already \(trick 1\)$"):
        loads(twice)
    with pytest.raises(RecordError, match=r"10C was played already \(trick 1\) "
                                          r"\(at \$\.hands\[8\]\.play\[27\]\)"):
        loads_json(js)
    for text in (twice, js):
        err = _replayed(tmp_path, text, capsys)
        assert "played already" not in err and _named(err, text, REVOKE, REVOKE_AT), err


def test_an_illegal_bid_comes_before_a_later_fault_of_the_play(
    tmp_path: Path, revoked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An earlier part of the hand (the auction) against a later one (the play)."""
    row = "Auction 0:6C 1:6D 2:6H 3:7C"
    assert revoked.splitlines()[146] == row                  # (line 147)
    bid = revoked.replace(row, "Auction 0:6C 1:6S 2:6H 3:7C")
    for text in _played_twice(bid):
        err = _replayed(tmp_path, text, capsys)
        assert _named(err, text, r"hand 9, action 2 \(6S by seat 1\): 6S does not rank above 6C",
                      (147, "$.hands[8].auction[1]")), err


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
    assert "is won by" not in err and _named(err, wrong, REVOKE, REVOKE_AT), err
    # without the revoke, the winner is named
    err = _replayed(tmp_path, GOLDEN.read_text(encoding="utf-8").replace(
        trick8, trick8.replace("-> 3", "-> 1")), capsys)
    assert "line 158: hand 9: trick 8 is won by seat 3, not 1" in err


def test_a_kitty_comes_before_a_fault_of_its_hands_auction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The kitty is dealt before the auction: in a record of every card it is checked with
    the deal, so a card not in the pack is named, with its line and place, before a bid of
    the same hand that is no bid (the auction was checked first, and the replay of the hand
    then named the kitty in the engine's words, its line lost)."""
    text = golden_with(("Kitty 10C 5C 4H", "Kitty 10C 5C 2H"),
                       ("Auction 3:pass 0:6S 1:6H 2:pass", "Auction 3:pass 0:6S 1:AS 2:pass"))
    said = "line 44: hand 4, the kitty: card 2H is not in the 43-card pack"
    with pytest.raises(RecordError, match=f"^{said}$"):
        loads(text)
    assert _replayed(tmp_path, text, capsys).endswith(f"bad.fhr: {said}\n")
    d = json.loads(dumps_json(loads(GOLDEN.read_text(encoding="utf-8"))))
    d["hands"][3]["kitty"][-1] = "2H"
    d["hands"][3]["auction"][2] = "AS"
    with pytest.raises(RecordError, match=r"card 2H is not in the 43-card pack "
                                          r"\(at \$\.hands\[3\]\.kitty\)"):
        loads_json(json.dumps(d), replaying=True)


def test_a_wrong_exposed_hand_comes_before_a_later_revoke(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The open misère's hand is shown after the first trick: recorded wrong, it is the
    fault, not a revoke in the second trick (it was compared once the whole hand was
    played)."""
    text = golden_with(
        ("Exposed 7S JC 7C KH QH 9H 8H 7H JK", "Exposed 7S JC 7C KH QH 4H 8H 7H JK"),
        ("Trick 2 3:5H 1:5S 2:QH -> 2", "Trick 2 3:5H 1:5S 2:JC -> 2"))
    assert text.splitlines()[134].startswith("Exposed ")        # (line 135)
    err = _replayed(tmp_path, text, capsys)
    assert err.endswith("bad.fhr: line 135: hand 8: the exposed hand is recorded as 7S JC 7C "
                        "KH QH 8H 7H 4H JK, but the play shows 7S JC 7C KH QH 9H 8H 7H JK\n"), err


def test_a_card_twice_in_one_set_is_said_once() -> None:
    text = GOLDEN.read_text(encoding="utf-8").replace("Kitty 10C 5C 4H", "Kitty 10C 5C 5C")
    with pytest.raises(RecordError, match=r"^line 44: hand 4, the kitty: card 5C appears "
                                          r"twice in the kitty$"):
        loads(text)


def test_a_revoke_comes_before_a_result_tag_that_cannot_hold(
    tmp_path: Path, revoked: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Result tag speaks of the game's end: a winner named for a game whose last hand is
    unfinished was named before a revoke in that hand (a finished game's wrong winner came
    after it)."""
    cut = revoked[: revoked.index("Trick 8 1:QD")]          # hand 9 stops after trick 7
    assert '[Result "1"]' in cut and "Result 9S" not in cut
    with pytest.raises(RecordError, match="the game has a winner but its last hand is "
                                          "unfinished"):
        loads(cut)
    assert _named(_replayed(tmp_path, cut, capsys), cut, REVOKE, REVOKE_AT)
    bad_seed = cut.replace('[Seed "7"]', '[Seed "x"]')      # (no replay without a seed)
    assert "tag Seed: expected a seed" in _replayed(tmp_path, bad_seed, capsys)
