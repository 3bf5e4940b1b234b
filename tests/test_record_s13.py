"""Game records (session 13): records of older versions still replay (a Result tag this
version reads otherwise is a warning with its line), the Program tag, record_from_game without
a View per action, library inputs refused clearly, replay faults with their line (or JSON path)
and seat, and the wording of some refusals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.bots import make
from fivehundred.cli import main
from fivehundred.errors import RecordError, RulesError
from fivehundred.record import (
    GameRecord,
    HandRecord,
    dumps,
    dumps_json,
    loads,
    loads_json,
    parse_record,
    record_from_game,
    replay,
    replay_warnings,
)
from fivehundred.scoring import game_end
from recordgames import GOLDEN

PROGRAM = "fivehundred 0.1.0"


def _tied_game() -> Game:
    """A classic3 game begun at -490, 0, 0 that ends in one hand with seat 0 in the hole and
    seats 1 and 2 tied at 30: this version gives the tie to side 1, an older one to side 2."""
    rules = Rules.preset("classic3")
    g = Game(rules, seed=29, scores=(-490, 0, 0))
    bots = [make("random", seed=87 + s) for s in range(3)]
    while g.phase != "game_over":
        g.apply(bots[g.to_move].act(g.view(g.to_move)).action)
    assert g.winner == 1 and g.scores == (-990, 30, 30)
    assert game_end(rules, g.scores, 1, g.hand_results[-1]).tied == (2,)
    return g


def _as_older(text: str) -> str:
    """The record as an older version wrote it: no Program tag, the tie given to side 2."""
    assert f'[Program "{PROGRAM}"]\n' in text and '[Result "1"]' in text
    return text.replace(f'[Program "{PROGRAM}"]\n', "").replace('[Result "1"]', '[Result "2"]')


# ---------------------------------------------------------------------- 1: older records


def test_an_older_records_tie_replays_with_a_warning_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = _as_older(dumps(record_from_game(_tied_game())))
    line = old.splitlines().index('[Result "2"]') + 1
    rec = loads(old)
    assert rec.program is None
    game = replay(rec)                        # (it raised: the Result tag says '2' ...)
    assert game.winner == 1
    [said] = replay_warnings(rec, game)
    assert said.startswith(f"line {line}: tag Result: the record says side 2 (seat 2) won, "
                           "this version's rules say side 1 (seat 1) won: the sides tied at 30")
    assert "this version breaks the tie so" in said
    assert said.endswith("the record does not say which version wrote it")
    path = tmp_path / "old.fhr"
    path.write_text(old, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr()
    assert "Winner: side 1" in out.out       # the hands are still reported
    # (a first run may say before it that the solver is being compiled)
    assert out.err.endswith(f"\nfivehundred replay: {path}: warning: {said}\n") or \
        out.err == f"fivehundred replay: {path}: warning: {said}\n"
    # the JSON form: the path of the tag
    js = json.loads(dumps_json(loads(old)))
    path_js = tmp_path / "old.fhr.json"
    path_js.write_text(json.dumps(js), encoding="utf-8")
    assert main(["replay", str(path_js)]) == 1
    err = capsys.readouterr().err
    assert "warning: tag Result: the record says side 2" in err and "(at $.tags[2])" in err
    # analyse reads it too (it refused the whole record)
    assert main(["analyse", str(path), "--nodes", "2000"]) == 0
    capsys.readouterr()


def test_a_wrong_result_tag_of_this_version_is_refused() -> None:
    """A Result tag the game belies in a record this version wrote (its Program tag) has no
    older rule to explain it: refused, where another version's is a warning."""
    g = _tied_game()
    text = dumps(record_from_game(g)).replace('[Result "1"]', '[Result "0"]')
    rec = loads(text)
    with pytest.raises(RecordError) as e:
        replay(rec)
    said = str(e.value)
    assert said.startswith("line 4: tag Result: the record says side 0 (seat 0) won")
    assert said.endswith("this version wrote the record, so its Result tag is wrong")
    other = loads(text.replace(PROGRAM, "fivehundred 0.0.9"))
    assert replay_warnings(other, replay(other))[0].endswith(
        f"the record was written by fivehundred 0.0.9, this is {PROGRAM}")
    clean = loads(dumps(record_from_game(g)))
    assert replay_warnings(clean, replay(clean)) == []


def test_records_say_the_program_that_wrote_them() -> None:
    g = _tied_game()
    rec = record_from_game(g)
    assert rec.program == PROGRAM
    text = dumps(rec)
    assert text.split("\n\n")[0].splitlines()[-1] == f'[Program "{PROGRAM}"]'
    assert dumps(loads(text)) == text and loads(text).program == PROGRAM
    js = dumps_json(rec)
    assert json.loads(js)["tags"][-1] == ["Program", PROGRAM]
    assert dumps_json(loads_json(js)) == js and loads_json(js).program == PROGRAM
    # not part of the content: a record without it is the same record, and its tags hold
    # only the free tags
    assert loads(_as_older(text).replace('[Result "2"]', '[Result "1"]')) == rec
    assert "Program" not in dict(rec.tags)
    assert record_from_game(g, tags={"Program": "other 1"}).program == "other 1"
    with pytest.raises(RecordError, match="tag Program: given twice"):
        loads(text.replace(f'[Program "{PROGRAM}"]',
                           f'[Program "{PROGRAM}"]\n[Program "x"]'))
    with pytest.raises(RecordError, match=r"tag Program: expected the program"):
        GameRecord(rec.rules, rec.hands, rec.tags, None, "two\nlines")


# ---------------------------------------------------------------------- 2: no View per action


def test_record_from_game_builds_no_view_after_every_action(
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game(Rules.preset("australian"), seed=7)
    bots = [make("random", seed=s) for s in range(4)]
    while g.phase != "game_over":
        if g.phase == "hand_over":
            g.next_hand()
            continue
        g.apply(bots[g.to_move].act(g.view(g.to_move)).action)
    want = record_from_game(g)
    assert any(h.exposed for h in loads(GOLDEN.read_text(encoding="utf-8")).hands)
    calls = 0
    real = Game.view

    def counted(self: Game, seat: int) -> object:
        nonlocal calls
        calls += 1
        return real(self, seat)

    monkeypatch.setattr(Game, "view", counted)
    assert record_from_game(g) == want
    assert calls <= 2 * len(want.hands)        # (it was one after every action)


def test_the_open_misere_hand_is_recorded_as_spread() -> None:
    """The golden game's open misère: the exposed hand is read from the game itself now."""
    from recordgames import played
    rec = record_from_game(played("australian", 7))
    assert rec.hands[7].exposed == ("7S", "JC", "7C", "KH", "QH", "9H", "8H", "7H", "JK")
    assert record_from_game(played("australian", 7), seat=1).hands[7].exposed == \
        rec.hands[7].exposed


# ---------------------------------------------------------------------- 3: library inputs


def test_parse_record_refuses_a_path_or_no_text_saying_what_it_was() -> None:
    with pytest.raises(RecordError, match=r"^parse_record\(\) takes a record's text \(a str\), "
                                          r"not the path '/a/path.fhr'; for a file: "
                                          r"parse_record\(read_text\(path\)\)"):
        parse_record(Path("/a/path.fhr"))          # type: ignore[arg-type]
    for text in ("/a/path.fhr", "games/x.fhr.json\n"):
        with pytest.raises(RecordError, match=r"^parse_record\(\) takes a record's text, not "
                                              r"the path '.*': read the file first"):
            parse_record(text)
    with pytest.raises(RecordError, match=r"^loads\(\) takes a record's text, not the path"):
        loads("/a/path.fhr")
    with pytest.raises(RecordError, match=r"^loads_json\(\) takes a record's text, not the path"):
        loads_json("/a/path.fhr.json")
    with pytest.raises(RecordError, match=r"not NoneType"):
        parse_record(None)                          # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"not bytes \(decode them first\)"):
        parse_record(b"[Rules]")                   # type: ignore[arg-type]
    with pytest.raises(RecordError, match="a record starts with its rules"):
        loads("Hand 1")                             # (no path: said as before)


def test_a_hands_deal_takes_a_preset_name_and_layout_a_hand_it_has() -> None:
    g = Game(Rules.preset("classic3"), seed=3)
    for _ in range(3):
        g.apply("pass")
    rec = record_from_game(g)
    h = rec.hands[0]
    assert h.deal("classic3") == h.deal(Rules.preset("classic3"))
    with pytest.raises(RulesError, match="unknown preset 'nope'"):
        h.deal("nope")
    with pytest.raises(TypeError, match=r"takes the game's Rules \(or a preset's name\), not int"):
        h.deal(5)                                   # type: ignore[arg-type]
    assert rec.layout(0).contract is None
    with pytest.raises(RecordError, match=r"^no hand 5 to lay out: the record has 1 hand, "
                                          r"indexed 0 to 0 \(layout counts from 0\)$"):
        rec.layout(5)
    with pytest.raises(RecordError, match="no hand -1"):
        rec.layout(-1)
    with pytest.raises(TypeError, match="not str"):
        rec.layout("0")                             # type: ignore[arg-type]


# ---------------------------------------------------------------------- 4: faults' lines


def _golden() -> str:
    return GOLDEN.read_text(encoding="utf-8")


def test_an_illegal_bid_found_by_replay_names_its_line_seat_and_path(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    row = "Auction 0:6C 1:6D 2:6H 3:7C"
    text = _golden().replace(row, "Auction 0:6C 1:6S 2:6H 3:7C")
    line = text.splitlines().index("Auction 0:6C 1:6S 2:6H 3:7C") + 1
    said = (f"line {line}: hand 9, action 2 (6S by seat 1): 6S does not rank above 6C: a bid "
            "must be higher than the current bid")
    with pytest.raises(RecordError, match=f"^{re.escape(said)}$"):
        replay(loads(text))
    path = tmp_path / "bid.fhr"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == f"fivehundred replay: {path}: {said}\n"
    js = dumps_json(loads(text))
    with pytest.raises(RecordError, match=r"^hand 9, action 2 \(6S by seat 1\): 6S does not "
                                          r"rank above 6C: .* "
                                          r"\(at \$\.hands\[8\]\.auction\[1\]\)$"):
        replay(loads_json(js))


def test_a_revoke_found_by_replay_names_its_line_and_seat() -> None:
    text = _golden().replace("Trick 1 0:QH 1:9H 2:5H 3:4H -> 0", "Trick 1 0:QH 1:QS 2:5H 3:4H -> 0")
    text = text.replace("Trick 4 3:KS 0:9S 1:QS 2:JH -> 3", "Trick 4 3:KS 0:9S 1:9H 2:JH -> 3")
    with pytest.raises(RecordError, match=r"^line 70: hand 5, action 11 \(QS by seat 1\): "
                                          r"must follow hearts"):
        replay(loads(text))
    # found while reading (a later check fails too): said at its line as well
    later = text.replace("Trick 8 1:QD 2:9H 3:QS 0:9S -> 3", "Trick 8 1:QD 2:9H 3:QS 0:9S -> 1")
    with pytest.raises(RecordError, match=r"^line 70: hand 5, action 11 \(QS by seat 1\)"):
        loads(later, replaying=True)


# ---------------------------------------------------------------------- 5: wording


def test_wording_of_packs_options_presets_empty_records_and_joined_records() -> None:
    h = HandRecord(dealer=3, cards=(None, ("2S", "AS"), None, None), kitty=None)
    with pytest.raises(RecordError, match="card 2S is not in the 43-card pack"):
        GameRecord(Rules.preset("australian"), hands=(h,), viewpoint=1)
    with pytest.raises(RulesError, match=r"unknown option 'taget' in rules string; did you "
                                         r"mean target\?"):
        Rules.from_string("fivehundred(taget=400)")
    with pytest.raises(RulesError, match=r"unknown option 'zzz' in rules string; options are "
                                         r"all_pass, auction, "):
        Rules.from_string("fivehundred(zzz=1)")
    assert Rules.from_string("australian") == Rules.preset("australian")
    text = _golden()
    first = text.splitlines()[0]
    named = loads(text.replace(first, '[Rules "australian"]'))
    assert named == loads(text)
    js = json.loads(dumps_json(loads(text)))
    js["rules"] = "australian"
    assert loads_json(json.dumps(js)) == loads(text)
    js["hands"] = []
    with pytest.raises(RecordError, match=r"tag Result: the game has a winner but the record "
                                          r"has no hands \(at \$\.tags\[4\]\)"):
        loads_json(json.dumps(js))
    n = len(text.splitlines())
    with pytest.raises(RecordError, match=rf"^line {n + 2}: a second record begins here "
                                          r"\('\[Rules \"fivehundred"):
        loads(text + "\n" + text)



def test_analyse_and_hint_say_an_older_version_s_result_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay`` warned of an older version's Result; ``analyse`` and ``hint`` took the
    record without a word."""
    path = tmp_path / "old.fhr"
    path.write_text(_as_older(dumps(record_from_game(_tied_game()))))
    for argv in (["analyse", str(path), "--hand", "1"],
                 ["hint", str(path), "--hand", "1", "--action", "0"]):
        assert main(argv) == 0, argv
        err = capsys.readouterr().err
        assert f"fivehundred {argv[0]}: {path}: warning: line " in err, (argv, err)
        assert "tag Result: the record says side 2 (seat 2) won" in err
