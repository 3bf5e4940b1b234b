"""Records read from a ``selfplay`` dataset (one JSON record a line): one game of it picked
with ``--game N`` (counted from 1, as selfplay's progress counts games), a dataset given
without it said to be one, and the words of the errors of a JSON record's result and of a
dataset selfplay cannot go on with (S17, reviewer D)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fivehundred import Rules
from fivehundred.cli import main
from fivehundred.errors import RecordError
from fivehundred.record import GameRecord, dumps, dumps_json, loads, loads_json, record_from_game
from fivehundred.record.datasets import dataset_game
from fivehundred.selfplay import play_game
from fivehundred.solver.analysis import AnalysisError, load_input

GOLDEN = Path(__file__).parent / "data" / "australian_seed7.fhr"
DATASET = "one JSON record a line, as fivehundred selfplay writes"


def _dataset(path: Path, games: int = 3) -> list[str]:
    """A dataset of ``games`` classic3 games between random bots, seed 5; its lines."""
    assert main(["selfplay", "--rules", "classic3", "--bots", "random", "--games", str(games),
                 "--seed", "5", "--out", str(path), "--quiet"]) == 0
    return path.read_text(encoding="utf-8").splitlines(keepends=True)


def _err(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    capsys.readouterr()
    rc = main(argv)
    return rc, capsys.readouterr().err


# ------------------------------------------------------------- finding 1: --game N


def test_a_large_dataset_is_not_read_to_its_end_to_count_its_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A dataset given without --game was read whole to count its games (gigabytes, read by
    mistake): past a limit it is "at least" so many."""
    from fivehundred.record import datasets

    path = tmp_path / "a.jsonl"
    lines = _dataset(path)
    monkeypatch.setattr(datasets, "COUNTED_BYTES", len(lines[0]) + 1)
    with pytest.raises(RecordError, match=r"a dataset of at least 2 games .*give --game N "
                                          r"\(counted from 1\) to read game N$"):
        datasets.refuse_dataset(str(path))


def test_a_dataset_without_game_is_said_to_be_one(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """It was "not JSON: Extra data at line 2, column 1" (analyse: "not valid JSON: ...")."""
    path = tmp_path / "a.jsonl"
    _dataset(path)
    said = (f"{path}: a dataset of 3 games ({DATASET}), not one record: give --game N (1 to 3) "
            "to read game N\n")
    for argv in (["analyse", str(path)], ["hint", str(path), "--hand", "1", "--action", "0"]):
        assert _err(argv, capsys) == (2, f"fivehundred {argv[0]}: {said}")
    rc, err = _err(["replay", str(path)], capsys)
    assert rc == 2 and "a dataset of 3 games" in err
    with pytest.raises(RecordError, match=r"Extra data at line 2, column 1: this is a dataset "
                                          r"of 3 games, one JSON record a line"):
        loads_json(path.read_text(encoding="utf-8"))


def test_game_n_is_line_n_and_read_as_its_record(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    lines = _dataset(path)
    for n in (1, 2, 3):
        rec = load_input(str(path), n)
        assert rec == loads_json(lines[n - 1]) and not isinstance(rec, tuple)
        assert rec.tag("Game") == str(n - 1)            # (selfplay tags games from 0)
        assert dataset_game(str(path), n) == rec


def test_hint_advises_a_dataset_s_game_as_its_record_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, alone = tmp_path / "a.jsonl", tmp_path / "g2.fhr.json"
    lines = _dataset(path)
    alone.write_text(dumps_json(loads_json(lines[1])), encoding="utf-8")
    outs = []
    for argv in ([str(path), "--game", "2"], [str(alone)]):
        capsys.readouterr()
        assert main(["hint", *argv, "--hand", "1", "--action", "1", "--samples", "2",
                     "--json"]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    assert outs[0] == outs[1]
    rc, err = _err(["hint", str(path), "--game", "2", "--hand", "9", "--action", "0"], capsys)
    assert (rc, err) == (2, "fivehundred hint: no hand 9: the record has "
                            f"{len(loads_json(lines[1]).hands)} hand(s), numbered 1 to "
                            f"{len(loads_json(lines[1]).hands)}\n")


def test_a_game_that_is_not_there_is_said(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.jsonl"
    lines = _dataset(path)
    assert _err(["hint", str(path), "--game", "4", "--hand", "1", "--action", "0"],
                capsys) == (2, f"fivehundred hint: --game 4: {path} holds 3 games (1 to 3)\n")
    one = tmp_path / "one.jsonl"
    one.write_text(lines[0] + "\n\n", encoding="utf-8")
    with pytest.raises(AnalysisError, match=r"^--game 2: .*one\.jsonl holds 1 game$"):
        load_input(str(one), 2)
    with pytest.raises(SystemExit):         # (argparse: games are counted from 1)
        main(["hint", str(path), "--game", "0", "--hand", "1", "--action", "0"])
    assert "argument --game: 0 is out of range" in capsys.readouterr().err


@pytest.mark.parametrize("record", ["text", "json"])
def test_game_on_a_file_of_one_record_is_refused(tmp_path: Path, record: str) -> None:
    path = tmp_path / "one"
    rec = _golden()
    path.write_text(dumps(rec) if record == "text" else dumps_json(rec), encoding="utf-8")
    with pytest.raises(AnalysisError, match=rf"^--game 1: {path} is one record, not a dataset "
                                            rf"\({DATASET}\): leave out --game$"):
        load_input(str(path), 1)


def _golden() -> GameRecord:
    return loads(GOLDEN.read_text(encoding="utf-8"))


def test_a_broken_line_is_named_with_why(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.jsonl"
    lines = _dataset(path)
    bad = json.loads(lines[1])
    bad["hands"][0]["dealer"] = True
    path.write_text(lines[0] + lines[1][:40] + "\n" + json.dumps(bad) + "\n\n" + lines[2][:60],
                    encoding="utf-8")
    p = str(path)
    cases = {2: f"{p}, line 2: not JSON: Expecting ':' delimiter at column 41",
             3: f"{p}, line 3: $.hands[0].dealer: expected a whole number, got true",
             4: f"{p}, line 4: a blank line, not a game record",
             5: f"{p}, line 5 (the file ends inside it: cut short): not JSON: Unterminated "
                "string starting at column 52"}
    for n, said in cases.items():
        with pytest.raises(AnalysisError) as e:
            load_input(p, n)
        assert str(e.value) == said
    assert load_input(p, 1) == loads_json(lines[0])
    rc, err = _err(["hint", p, "--game", "3", "--hand", "1", "--action", "0"], capsys)
    assert (rc, err) == (2, f"fivehundred hint: {cases[3]}\n")


def test_a_line_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "a.jsonl"
    lines = _dataset(path, 2)
    path.write_bytes(lines[0].encode() + b'{"x": "\xf5"}\n')
    with pytest.raises(AnalysisError, match=r"line 2: not UTF-8 text \(invalid start byte at "
                                            r"byte 7 of the line\)$"):
        load_input(str(path), 2)


def test_analyse_says_broken_json_in_replay_s_words(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """analyse said "not valid JSON: ...", replay "not JSON: ..." of the same file."""
    path = tmp_path / "x.fhr.json"
    for text in ('{"format": "fivehundred-record",\n "rules": "aus', '{"a": 1, "a": 2}',
                 '{"hands": [["AS"]], "kitty": ['):
        path.write_text(text, encoding="utf-8")
        said = [_err([cmd, str(path)], capsys) for cmd in ("replay", "analyse")]
        assert [rc for rc, _ in said] == [2, 2]
        words = [err.split(f"{path}: ", 1)[1] for _, err in said]
        assert words[0] == words[1] and words[0].startswith(("not JSON: ", "$: JSON key")), said


# ------------------------------------------------- finding 2: a result's lists, as JSON


@pytest.mark.parametrize(("key", "grow", "size", "each"), [
    ("tricks", True, 4, "seat"), ("points", False, 2, "side"), ("totals", True, 2, "side")])
def test_a_result_s_list_of_the_wrong_length_is_said_as_json(key: str, grow: bool, size: int,
                                                             each: str) -> None:
    """It was "tricks: expected 4 whole numbers, got (4, 2, 2, 2, 0) (at $.hands[0].result)":
    a Python tuple, and the path of the result, not of its list."""
    g = play_game(Rules.preset("australian"), ["random"] * 4, 3, max_hands=1)
    obj = json.loads(dumps_json(record_from_game(g)))
    result = obj["hands"][0]["result"]
    result[key] = [*result[key], 0] if grow else result[key][:1]
    with pytest.raises(RecordError) as e:
        loads_json(json.dumps(obj))
    listed = "[" + ", ".join(str(x) for x in result[key]) + "]"
    assert str(e.value) == (f"$.hands[0].result.{key}: expected {size} whole numbers, one for "
                            f"each {each}, got {listed}")


def test_a_hand_s_cards_of_too_few_seats_are_said_at_their_path() -> None:
    """"expected the cards of 4 seats (one set per seat), got 3 (at $.hands[0])"."""
    obj = json.loads(dumps_json(_golden()))
    obj["hands"][1]["cards"] = obj["hands"][1]["cards"][:3]
    with pytest.raises(RecordError) as e:
        loads_json(json.dumps(obj))
    assert str(e.value) == ("$.hands[1].cards: expected the cards of 4 seats (a list of cards, "
                            "or null, for each seat), got 3")


# ------------------------------------------ findings 3 and 4: what selfplay cannot go on with


def _selfplay(out: Path, games: int, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    return _err(["selfplay", "--rules", "classic3", "--bots", "random", "--games", str(games),
                 "--seed", "5", "--out", str(out), "--quiet"], capsys)


@pytest.mark.parametrize(("order", "line", "game"), [((0, 2, 1, 3), 2, 3), ((0, 2, 3), 2, 3),
                                                     ((0, 1, 1, 2), 3, 2)])
def test_a_game_of_this_dataset_out_of_its_place_is_said_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], order: tuple[int, ...], line: int,
        game: int) -> None:
    """Two lines swapped (or one missing, or repeated) said "line 2: game 2 of another dataset
    (other rules, bots, seed or --max-hands)"."""
    out = tmp_path / "d.jsonl"
    lines = _dataset(out, 4)
    out.write_text("".join(lines[k] for k in order), encoding="utf-8")
    before = out.read_bytes()
    rc, err = _selfplay(out, 5, capsys)
    assert rc == 2 and "another dataset" not in err
    assert (f"{out}, line {line}: game {game} of this dataset (its Game tag says {game - 1}, "
            f"counting from 0), where game {line} belongs: the games are out of order, or one is "
            "missing or repeated") in err
    assert out.read_bytes() == before
    assert main(["selfplay", "--rules", "classic3", "--bots", "random", "--games", "5",
                 "--seed", "6", "--out", str(out), "--quiet"]) == 2
    assert f"{out}, line 1: a game of another dataset" in capsys.readouterr().err


@pytest.mark.parametrize("record", ["text", "json"])
def test_selfplay_onto_a_record_says_what_to_do_at_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], record: str) -> None:
    """A text record said "... not JSON: read it with loads()": Python advice."""
    out = tmp_path / "game.fhr"
    rec = _golden()
    out.write_text(dumps(rec) if record == "text" else dumps_json(rec), encoding="utf-8")
    rc, err = _selfplay(out, 2, capsys)
    assert (rc, err) == (2, f"fivehundred selfplay: {out} is one game record, not a dataset "
                            f"({DATASET}): selfplay adds games only to a dataset of its own; "
                            "give another --out file\n")


# -------------------------------- --game on replay and analyse, and the line of a game's fault


def test_replay_and_analyse_read_game_n_as_its_record_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, alone = tmp_path / "a.jsonl", tmp_path / "g2.fhr.json"
    lines = _dataset(path)
    alone.write_text(dumps_json(loads_json(lines[1])), encoding="utf-8")
    for cmd, extra in (("replay", []), ("analyse", ["--hand", "1", "--json"])):
        outs = []
        for argv in ([str(path), "--game", "2"], [str(alone)]):
            capsys.readouterr()
            assert main([cmd, *argv, *extra]) == 0
            outs.append(capsys.readouterr().out)
        assert outs[0] == outs[1] and outs[0]


def test_replay_and_analyse_name_a_dataset_and_a_game_s_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.jsonl"
    lines = _dataset(path)
    p = str(path)
    for cmd in ("replay", "analyse"):
        assert _err([cmd, p], capsys) == (
            2, f"fivehundred {cmd}: {p}: a dataset of 3 games ({DATASET}), not one record: "
               "give --game N (1 to 3) to read game N\n")
        assert _err([cmd, p, "--game", "4"], capsys) == (
            2, f"fivehundred {cmd}: --game 4: {p} holds 3 games (1 to 3)\n")
        rc, err = _err([cmd, str(GOLDEN), "--game", "1"], capsys)
        assert rc == 2 and err.endswith("is one record, not a dataset "
                                        f"({DATASET}): leave out --game\n")
    bad = json.loads(lines[1])
    bad["tags"] = [[k, "1" if k == "Seed" else v] for k, v in bad["tags"]]
    path.write_text(lines[0] + json.dumps(bad) + "\n" + lines[2][:30], encoding="utf-8")
    for cmd in ("replay", "analyse", "hint"):
        at = ["--hand", "1", "--action", "0"] if cmd == "hint" else []
        rc, err = _err([cmd, p, "--game", "2", *at], capsys)
        assert rc == 2 and err.startswith(f"fivehundred {cmd}: {p}, line 2: ") and "Seed" in err
        assert _err([cmd, p, "--game", "3", *at], capsys) == (
            2, f"fivehundred {cmd}: {p}, line 3 (the file ends inside it: cut short): not JSON: "
               "Expecting ',' delimiter at column 31\n")
