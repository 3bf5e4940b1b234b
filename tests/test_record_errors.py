"""Malformed game records: each fault (tags, cards, structure, play, results, JSON) reported
with its line or JSON path and the engine's reason, an illegal action found by replay and the
CLI, and the harmless untidiness that text reading forgives."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
from pathlib import Path

import pytest

from fivehundred import Game, RecordError, Rules
from fivehundred.cli import main
from fivehundred.record import (
    dumps,
    dumps_json,
    load,
    load_json,
    loads,
    loads_json,
    record_from_game,
    replay,
    replay_warnings,
)
from recordgames import GOLDEN, choose, played


@pytest.fixture(scope="module")
def good() -> str:
    return GOLDEN.read_text(encoding="utf-8")


def _line(text: str, prefix: str, nth: int = 0) -> str:
    return [ln for ln in text.splitlines() if ln.startswith(prefix)][nth]


def _bad(text: str, pattern: str) -> None:
    with pytest.raises(RecordError, match=pattern):
        replay(loads(text))


def _warned(text: str, pattern: str, tmp_path: Path,
            capsys: pytest.CaptureFixture[str]) -> None:
    """A record that replays but says what this version reads otherwise: one warning,
    matching ``pattern``, from replay_warnings and on `fivehundred replay`'s stderr (exit 1)."""
    rec = loads(text)
    [said] = replay_warnings(rec, replay(rec))
    assert re.search(pattern, said), said
    path = tmp_path / "warned.fhr"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr()
    assert "Winner: side" in out.out        # the hands are still reported
    assert out.err.endswith(f"fivehundred replay: {path}: warning: {said}\n"), out.err
    assert "Traceback" not in out.err


@pytest.mark.parametrize("ch", ["\u2028", "\u2029", "\x85", "\x1c", "\x0c", "\r", "\x7f"])
def test_a_tag_that_would_break_its_line_is_refused_when_written(ch: str) -> None:
    """Every character at which the reader splits lines (str.splitlines: Unicode's line and
    paragraph separators, NEL, the file separators) is refused in a tag value, so what is
    written always reads back."""
    g = Game(Rules.preset("australian"), seed=1)
    with pytest.raises(RecordError, match="may not hold line breaks"):
        record_from_game(g, tags={"Seats": f"Ann{ch}Bob,B,C,D"})
    assert loads(dumps(record_from_game(g, tags={"Seats": "Ann Bob,B,C,D"}))).tags


def test_a_json_tag_that_is_not_text_is_refused(tmp_path: Path) -> None:
    """JSON's ``\\udfff`` reads as a lone surrogate, which no UTF-8 file can hold: the
    record could be read but never written again (a resumed game's save would fail)."""
    g = Game(Rules.preset("australian"), seed=1)
    d = json.loads(dumps_json(record_from_game(g)))
    at = len(d["tags"])       # Seed, Result, Program: the Event comes fourth
    assert at == 3 and d["tags"][-1][0] == "Program"
    d["tags"].append(["Event", "Club\udfff"])
    with pytest.raises(RecordError, match=rf"lone surrogate such as U\+DFFF.*\$\.tags\[{at}\]"):
        replay(loads_json(json.dumps(d)))


def test_a_huge_file_or_line_gives_a_short_message(tmp_path: Path, good: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A file far longer than any record is refused without reading it all (``/dev/zero``
    never ends), and a reason quoting a huge line quotes its start only."""
    from fivehundred.record import files

    monkeypatch.setattr(files, "MAX_CHARS", 1000)
    big = tmp_path / "big.fhr"
    big.write_text(good + "\n" * 2000, encoding="utf-8")
    with pytest.raises(RecordError, match="far more than a game record holds"):
        files.read_text(str(big))
    line = good.replace('[Date "2026.11.29"]', "x" * 200_000)
    with pytest.raises(RecordError) as e:
        loads(line)
    assert len(str(e.value)) < 400 and str(e.value).endswith("… (cut)"), str(e.value)[:500]


def test_bad_tags(good: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _bad(good.replace('[Date "2026.11.29"]', "[Date 2026.11.29]"),
         r"line 4: expected a tag pair like \[Name \"value\"\], got '\[Date 2026.11.29\]'")
    _bad(good.replace('[Date "2026.11.29"]', '[Date "29/11/2026"]'),
         r"line 4: tag Date: expected YYYY.MM.DD")
    _bad(good.replace('[Date "2026.11.29"]', '[Seed "8"]'), r"line \d: tag Seed: given twice")
    # a tag given twice, the first bad: said at the second's line as given twice (it was
    # "line 4: tag Seats: expected 4 ... names, got 'A,B'", the first's value at the second's line)
    _bad(good.replace('[Seats "North,East,South,West"]', '[Seats "A,B"]').replace(
        '[Date "2026.11.29"]', '[Seats "North,East,South,West"]'),
        r"^line 4: tag Seats: given twice$")
    _bad(good.replace('[Date "2026.11.29"]', '[Date "a\\nb"]'), r"line 4: unknown escape \\n")
    _bad(good.replace('[Seats "North,East,South,West"]', '[Seats "North,South"]'),
         r"line 3: tag Seats: expected 4 comma-separated names")
    _bad(good.replace('[Result "1"]', '[Result "2"]'), r"line 6: tag Result: expected the "
         r"winning side \(0 to 1\)")
    # a Result tag that the game belies is warned about at its line (it was refused: "the
    # Result tag says '0', the engine says '1'"): a record of an older version still replays
    assert _line(good, "[Result ") == good.splitlines()[5]
    _warned(good.replace('[Result "1"]', '[Result "0"]'),
            r"^line 6: tag Result: the record says side 0 \(North\+South\) won, this "
            r"version's rules say side 1 \(East\+West\) won", tmp_path, capsys)
    _bad(good.replace("players=4,", "players=7,"), r"line 1: tag Rules: players=7")
    _bad(good[good.index("\n") + 1 :], r"Rules .* is missing")
    seed = _line(good, "[Seed ")
    _bad(good.replace(seed, '[Seed "' + "9" * 5000 + '"]'),
         r"tag Seed: expected a seed, a whole number from 0 to 2\*\*64 - 1")
    _bad(good.replace(seed, '[Seed "7.5"]'), r"tag Seed: expected a seed, a whole number")
    # a seed the generator cannot hold (it keeps 64 bits) is the tag's fault, not the replay's
    for out_of_range in ("-1", str(2**64), "9" * 20):
        _bad(good.replace(seed, f'[Seed "{out_of_range}"]'),
             r"tag Seed: expected a seed, a whole number from 0 to 2\*\*64 - 1, got "
             f"'{out_of_range}'")


def test_bad_cards(good: str) -> None:
    seat0 = _line(good, "Seat 0 ")  # line 9: Seat 0 9S 7S 6S QD 6D 4D KH QH 8H 7H
    seat1 = _line(good, "Seat 1 ")
    _bad(good.replace(seat0, seat0.replace(" QD ", " QX ")),
         r"line 10: hand 1, seat 0's cards: not a card: 'QX'")
    _bad(good.replace(seat0, seat0.replace(" QD ", " 2D ")),
         r"line 10: hand 1, seat 0's cards: card 2D is not in the 43-card pack")
    _bad(good.replace(seat1, seat1.replace(" 8D ", " QD ")),
         r"line 11: hand 1, seat 1's cards: card QD appears twice \(seat 0's cards and "
         r"seat 1's cards\)")
    _bad(good.replace(seat0, seat0.replace(" QD", "")),
         r"line 10: hand 1, seat 0's cards: 9 cards, expected 10")
    _bad(good.replace(seat0, seat0 + " 5S"),
         r"line 10: hand 1, seat 0's cards: 11 cards, expected 10")
    kitty = _line(good, "Kitty ")
    _bad(good.replace(kitty, kitty.rsplit(" ", 1)[0]),
         r"line 14: hand 1, the kitty: 2 cards, expected 3")
    _bad(good.replace(seat1, "Seat 1 ?"), r"line 11: hand 1, seat 1's cards: unseen \(\?\) cards "
         r"are only for one seat's view")


def test_bad_structure(good: str) -> None:
    _bad(good.replace("Hand 2\n", "Hand 3\n"), r"line \d+: hand 2: expected 'Hand 2'")
    _bad(good.replace("Dealer 0\n", "Dealer 1\n", 1),
         r"line \d+: hand 2, dealer: the deal passes left: after dealer 3 comes dealer 0, not 1")
    _bad(good.replace("Seat 2 ", "Seat 3 ", 1), r"line 12: hand 1: expected seat 2's cards")
    _bad(good.replace("Kitty ", "Kity ", 1), r"line 14: hand 1: expected 'Kitty \.\.\.'")
    passes = "Auction 0:pass 1:pass 2:pass 3:pass"
    _bad(good.replace(passes, passes + " 0:pass", 1),
         r"line 15: hand 1, action 5 \(pass\): the auction was over after 4 calls")
    _bad(good.replace(passes, passes.replace("3:pass", "3:AS"), 1),
         r"line 15: hand 1, action 4 \(AS\): 'AS' is not a bid")
    _bad(good.replace(passes, "Auction 0:pass 2:pass 1:pass 3:pass", 1),
         r"line 15: hand 1, action 2 \(pass\): it is seat 1's turn to speak, not seat 2's")
    result = _line(good, "Result 7C by 0 made")
    _bad(good.replace(result + "\n", ""), r"line \d+: hand 5, result: the hand is over: its result "
         r"is missing")
    _bad(good.rstrip("\n") + "\n\nHand 10\nDealer 0\n",
         r"line \d+: hand 10: the record ends early: expected 'Seat 0 \.\.\.'")
    _bad(good + "stray line\n", r"line 162: hand 9: expected the next hand \('Hand 10'\) or "
         r"the end of the record, got 'stray line'$")
    _bad(good + "\nstray line\n", r"line 163: hand 9: expected the next hand")


def test_bad_play(good: str) -> None:
    trick = _line(good, "Trick 2 ", 0)  # Trick 2 1:7D 2:9D 3:AD 0:KD -> 3 (hand 4)
    m = re.match(r"Trick 2 (\d):(\S+) (\d):(\S+) (.*) -> (\d)$", trick)
    assert m
    swapped = f"Trick 2 {m[3]}:{m[4]} {m[1]}:{m[2]} {m[5]} -> {m[6]}"
    _bad(good.replace(trick, swapped), r"line \d+: hand 4, action \d+ \(\S+\): it is seat "
         r"\d's turn, not seat \d's \(the winner of the last trick leads\)")
    wrong = f"{trick[:-1]}{(int(trick[-1]) + 1) % 4}"
    _bad(good.replace(trick, wrong), r"line \d+: hand 4: trick 2 is won by seat \d, not \d")
    discard = good[good.index("Discards ", good.index("Hand 4\n")):].split()[1]
    _bad(good.replace(trick, trick.replace(" -> ", f" 1:{discard} -> ")),
         r"line \d+: hand 4: trick 2 has 5 cards, but 4 seats play to each trick here")
    _bad(good.replace(trick, trick.replace("Trick 2", "Trick 3")),
         r"line \d+: hand 4: expected 'Trick 2'")
    first = _line(good, "Trick 1 ", 0)
    card = first.split()[3].split(":")[1]
    _bad(good.replace(trick, trick.replace(m[4], card)),
         rf"line \d+: hand 4, action \d+ \({card} by seat \d\): {card} was played already "
         r"\(trick 1\)")


def test_illegal_action_is_reported_by_replay(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    g = Game(Rules.preset("classic4"), seed=5)
    rng = random.Random(5)
    while True:  # play on until a seat follows to a trick holding a card it may not play
        if g.phase == "hand_over":
            g.next_hand()
        if g.phase == "play" and g.trick:
            assert g.to_move is not None
            bad = sorted(set(g.hand_tokens(g.to_move)) - set(g.legal_actions()))
            if bad:
                break
        g.apply(choose(g, rng))
    rec = record_from_game(g)
    last = rec.hands[-1]
    rec = dataclasses.replace(rec, hands=(*rec.hands[:-1],
                                          dataclasses.replace(last, play=(*last.play, bad[0]))))
    text = dumps(rec)
    assert loads(text) == rec
    hand, action = len(rec.hands), len(rec.hands[-1].actions)
    lines = text.splitlines()
    line = max(i for i, ln in enumerate(lines) if ln.startswith("Trick ")) + 1
    assert lines[line - 1].endswith(f"{g.to_move}:{bad[0]}")   # the card's line, its seat
    want = (rf"line {line}: hand {hand}, action {action} \({bad[0]} by seat {g.to_move}\): "
            r"must follow \w+")
    with pytest.raises(RecordError, match="^" + want):
        replay(loads(text))
    path = tmp_path / "bad.fhr"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert re.search(f"^fivehundred replay: {re.escape(str(path))}: {want}", out.err, re.M), \
        out.err
    assert "Traceback" not in out.err


def test_illegal_bid_is_reported_by_replay(good: str) -> None:
    row = "Auction 0:6C 1:6D 2:6H 3:7C"  # hand 9: make 1's bid lower than 0's
    assert row in good
    line = good.splitlines().index(row) + 1
    assert line == 147
    _bad(good.replace(row, "Auction 0:6C 1:6S 2:6H 3:7C"),
         rf"^line {line}: hand 9, action 2 \(6S by seat 1\): 6S does not rank above 6C")


def test_wrong_results(good: str) -> None:
    res = _line(good, "Result 7C by 0 made")  # 7C by 0 made; tricks 5 0 2 3; points 160 30; ...
    _bad(good.replace(res, res.replace("points 160 30", "points 160 40")),
         r"line \d+: hand 5, result: points 160 40 recorded, but these tricks score 160 30")
    _bad(good.replace(res, res.replace("tricks 5 0 2 3", "tricks 5 1 1 3")),
         r"line \d+: hand 5, result: tricks 5 1 1 3 recorded, but the play gives 5 0 2 3")
    _bad(good.replace(res, res.replace("made", "failed")),
         r"line \d+: hand 5, result: 'failed' recorded, but the contract was made")
    _bad(good.replace(res, res.replace("7C by 0", "7C by 2")),
         r"line \d+: hand 5, result: the result says 7C by 2, the auction gives 7C by 0")
    _bad(good.replace(res, res.replace("totals 0 100", "totals 0 90")),
         r"line \d+: hand 5, result: totals 0 90 recorded, but the previous totals and this "
         r"hand's points make 0 100")
    _bad(good.replace(res, res.replace("; points", " points")),
         r"line \d+: hand 5: expected a result like")


def test_replay_checks_the_exposed_hand(good: str) -> None:
    exposed = _line(good, "Exposed ")
    _bad(good.replace(exposed, exposed.replace("7S ", "")),
         r"hand 8: the exposed hand is recorded as JC 7C .*, but the play shows 7S JC")


@pytest.mark.parametrize(("old", "new", "message"), [
    ("Dealer 3", "Dealer 3²", r"line 9: hand 1: expected the dealer's seat number, got '3²'"),
    ("Dealer 3", "Dealer ٣", r"line 9: hand 1: expected the dealer's seat number, got '٣'"),
    ("Dealer 3", "Dealer " + "3" * 5000,
     r"line 9: hand 1: expected the dealer's seat number, got '333"),
    ("3:JH -> 1", "3:JH -> 1²",
     r"line 48: hand 4: expected the trick's winner after '->', got '1²'"),
    ("3:JH -> 1", "3:JH -> " + "1" * 5000, r"line 48: hand 4: expected the trick's winner"),
    ("0:8H 1:QH", "0:8H " + "1" * 5000 + ":QH", r"line 48: hand 4: expected seat:token"),
    ('[Result "1"]', '[Result "1²"]', r"line 6: tag Result: expected the winning side"),
    ('[Result "1"]', '[Viewpoint "0²"]\n[Result "1"]',
     r"line 6: tag Viewpoint: expected a seat number, got '0²'"),
])
def test_numbers_only_in_ascii_digits(good: str, old: str, new: str, message: str) -> None:
    """Digits Python's isdigit takes and int refuses ("3²") or reads ("٣"), and numbers of
    thousands of digits (which int refuses): a RecordError naming the line, never a raw
    ValueError (the command line's traceback)."""
    assert old in good
    with pytest.raises(RecordError, match=message):
        replay(loads(good.replace(old, new, 1)))


def test_bad_json() -> None:
    js = dumps_json(record_from_game(played("six_pairs", 2)))
    cases = {
        "{": r"not JSON: Expecting property name",
        js.replace('"format": "fivehundred-record"', '"format": "pbn"'): r"\$\.format: expected",
        js.replace('"version": 1', '"version": 2'): r"\$\.version: this reader knows version 1",
        js.replace('"dealer"', '"dealr"', 1): r'\$\.hands\[0\]: unknown key "dealr"',
        js.replace('"call": null,', '', 1): r'\$\.hands\[0\]: missing key "call"',
        js.replace('"dealer": ', '"dealer": 0.5 + ', 1): r"not JSON",
        js.replace('"viewpoint": null', '"viewpoint": "0"'): r"\$\.viewpoint: expected a whole",
        js.replace('"tags": [', '"tags": [["A"], ', 1): r"\$\.tags\[0\]: expected a \[name",
        js.replace('"auction": [', '"auction": [7, ', 1): r"\$\.hands\[0\]\.auction\[0\]: expected "
                                                          r"a string",
        js.replace('"format"', '"format": "x", "format"', 1): r'key "format" is given twice',
        # a version that equals 1 to Python, and a number Python will not read (a ValueError)
        js.replace('"version": 1', '"version": true'): r"\$\.version: this reader knows",
        js.replace('"version": 1', '"version": 1.0'): r"\$\.version: this reader knows",
        js.replace('"version": 1', '"version": ' + "1" * 5000): r"not JSON: a number of "
                                                                r"thousands of digits",
        # a deal file (what `fivehundred analyse` reads) is told apart from a broken record
        json.dumps({"dealer": 0, "hands": [], "kitty": []}): r"this is a deal \(hands and "
                                                             r"kitty\), not a game record",
    }
    for text, pattern in cases.items():
        with pytest.raises(RecordError, match=pattern):
            loads_json(text)
    first = json.loads(js)["hands"][0]["cards"][0][0]
    with pytest.raises(RecordError, match=rf"hand 1, seat 1's cards: card {first} appears "
                       r"twice .*\(at \$\.hands\[0\]\.cards\[1\]\)"):
        loads_json(js.replace(f'["{json.loads(js)["hands"][0]["cards"][1][0]}"',
                              f'["{first}"', 1))


def test_json_errors_spell_values_as_json_does() -> None:
    """A JSON record's errors quoted its values as Python writes them ("got True", "got None",
    "'x'"), not as the file does: true, null, "x"; a value of the wrong kind is named by its
    JSON name (an object refused as "got NoneType" is now "got null")."""
    js = dumps_json(record_from_game(played("australian", 7)))
    cases = {
        re.sub(r'"dealer": \d+', '"dealer": true', js, count=1):
            r'^\$\.hands\[0\]\.dealer: expected a whole number, got true$',
        js.replace('"viewpoint": null', '"viewpoint": false'):
            r"^\$\.viewpoint: expected a whole number or null, got false$",
        js.replace('"auction": [', '"auction": [null, ', 1):
            r"^\$\.hands\[0\]\.auction\[0\]: expected a string, got null$",
        js.replace('"format": "fivehundred-record"', '"format": "pbn"'):
            r'^\$\.format: expected "fivehundred-record", got "pbn"$',
        js.replace('"version": 1', '"version": "1"'):
            r'^\$\.version: this reader knows version 1, got "1"$',
        js.replace('"tags": [', '"tags": [["A", true], ', 1):
            r'^\$\.tags\[0\]: expected a \[name, value\] pair of strings, got \["A", true\]$',
        js.replace('"hands": [', '"hands": [null, ', 1):
            r"^\$\.hands\[0\]: expected an object, got null$",
        js.replace('"dealer"', '"dealér"', 1):
            r'^\$\.hands\[0\]: unknown key "dealér" \(keys are ',
    }
    for text, pattern in cases.items():
        assert text != js
        with pytest.raises(RecordError, match=pattern):
            loads_json(text)


_WRONG_READERS = {
    "json": (dumps_json, ((loads, "loads_json"), (lambda t: load(io.StringIO(t)), "load_json")),
             r"^this looks like a JSON record \(it starts with {{\), not a text one: read it "
             r"with {reader}\(\)$"),
    "text": (dumps, ((loads_json, "loads"), (lambda t: load_json(io.StringIO(t)), "load")),
             r'^this looks like a text record \(it starts with a \[Tag "\.\.\."\]\), not JSON: '
             r"read it with {reader}\(\)$"),
}


@pytest.mark.parametrize("form", sorted(_WRONG_READERS))
def test_a_record_given_to_the_other_forms_reader_is_named(form: str) -> None:
    """``load`` and ``loads`` given a JSON record said "line 1: a record starts with its
    rules: [Rules ...] is missing"; ``load_json`` and ``loads_json`` given a text record
    said "not JSON: expected a value at line 1, column 2".  Each says what the record looks
    like and names the reader."""
    write, readers, pattern = _WRONG_READERS[form]
    written = write(record_from_game(played("australian", 7)))
    for read, reader in readers:
        for text in (written, "\ufeff \n" + written):
            with pytest.raises(RecordError, match=pattern.format(reader=reader)):
                read(text)
    right = loads_json if form == "json" else loads
    assert write(right(written)) == written                     # (the right reader reads it)
    with pytest.raises(RecordError, match=r"^not JSON: "):       # a JSON list is JSON still
        loads_json('["Rules", 1')


def test_replay_json_given_a_text_record_says_to_drop_the_flag(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``fivehundred replay --json`` on a text record says to read it without --json (not
    the library's loads(), nor a JSON parser's line and column)."""
    path = tmp_path / "game.txt"
    path.write_text(dumps(record_from_game(played("australian", 7))), encoding="utf-8")
    assert main(["replay", "--json", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"fivehundred replay: {path}: this looks like a text record (it starts with "
                   'a [Tag "..."]), not JSON: read it without --json\n'), err
    assert main(["replay", str(path)]) == 0


def test_a_json_key_given_twice_is_refused_where_it_is() -> None:
    """A key given twice is refused with its object's path, its line and its column, as the
    other JSON errors say where (it said only the key, which a record holds hundreds of)."""
    js = dumps_json(record_from_game(played("six_pairs", 2)))
    seed = js.replace('{\n  "format"', '{\n  "seed": 1,\n  "seed": 2,\n  "format"', 1)
    with pytest.raises(RecordError, match=r'^\$: JSON key "seed" is given twice in one object '
                                          r"\(at line 3, column 3\)$"):
        loads_json(seed)
    # in a hand, after strings holding { [ , " and :; a BOM does not count
    lines = js.replace('"call": null', '"call": "{[,\\":"', 1).splitlines()
    at = [k for k, line in enumerate(lines) if line.startswith('      "dealer": ')][1]
    lines.insert(at + 1, lines[at])
    with pytest.raises(RecordError, match=rf'^\$\.hands\[1\]: JSON key "dealer" is given twice '
                                          rf"in one object \(at line {at + 2}, column 7\)$"):
        loads_json("\ufeff" + "\n".join(lines))


def test_text_reading_is_lenient_where_harmless(good: str) -> None:
    seat0 = _line(good, "Seat 0 ")
    messy = "\n" + good.replace("\n\n", "\n \n\n").replace(
        seat0, "  Seat 0 " + " ".join(reversed(seat0.split()[2:])).lower() + "  ")
    messy = messy.replace("Auction 0:6C 1:6D 2:6H 3:7C\nAuction ", "Auction 0:6c 1:6d 2:6h 3:7c ")
    # the Result line's contract as leniently as the auction's bids (it was refused as
    # "the result says 7c by 0, the auction gives 7C by 0")
    messy = messy.replace("Result 7C by 0 made", "Result 7c by 0 made").replace(
        "Result open-misere by 2", "Result open-misère by 2")
    assert "Result 7c by 0 made" in messy and "Result open-misère" in messy
    # a tab after a keyword, as between cards ("expected 'Dealer N' ..., got 'Dealer\t3'")
    messy = messy.replace("\nDealer ", "\nDealer\t", 1).replace("\nTrick 1 ", "\nTrick\t1\t", 1)
    assert "\nDealer\t" in messy and "\nTrick\t1\t" in messy
    assert dumps(loads(messy)) == good
    replay(loads(messy))
    js = dumps_json(loads(good)).replace('"contract": "7C"', '"contract": "7c"', 1)
    assert '"7c"' in js and dumps(loads_json(js)) == good



def test_the_seed_tag_belongs_to_the_deals(good: str) -> None:
    """A Seed tag says the hands were dealt from it: another seed is refused by replay (it
    replayed without a word), and a game whose hands were given carries none (it wrote its
    random seed, which deals other cards)."""
    assert '[Seed "7"]' in good
    line = good.splitlines().index("Dealer 3") + 1     # (seed 8 deals first from seat 1)
    _bad(good.replace('[Seed "7"]', '[Seed "8"]'),
         rf"^line {line}: hand 1, dealer: the dealer is seat 3, but seed 8 has seat 1 deal "
         "hand 1: the dealer was changed, or the Seed tag does not belong")
    rec = loads(good)
    g = Game(rec.rules, deal=rec.hands[0].deal(rec.rules))
    assert "Seed" not in dict(record_from_game(g).tags)
    seeded = Game(rec.rules, seed=7)
    assert dict(record_from_game(seeded).tags)["Seed"] == "7"
    # a seeded game's later hand given by hand: no Seed either
    while seeded.phase != "hand_over":
        seeded.apply("pass")
    seeded.next_hand(deal=Game(rec.rules, seed=99).deal._replace(
        dealer=(seeded.deal.dealer + 1) % rec.rules.players))
    assert "Seed" not in dict(record_from_game(seeded).tags)
    replay(loads(dumps(record_from_game(seeded))))    # and it replays
