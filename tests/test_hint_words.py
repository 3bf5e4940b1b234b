"""A player's review of the hints' words and numbers: the text forms say what a value counts
(one table of words, the browser's too), a sure bid's reason says how often it is made, the
command advises with the tables' seed, a pass's note says what it does, and a record of one
seat's view is advised for that seat's own decisions."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from fivehundred import Game, Rules
from fivehundred.bots import Budget
from fivehundred.bots.base import Candidate, Decision
from fivehundred.bots.hints import MAKES_WORDS, format_hint, hint
from fivehundred.bots.pimc import PimcBot
from fivehundred.cli import main
from fivehundred.console.opponent import hint_seed
from fivehundred.record import dumps, loads, record_from_game, replay
from fivehundred.rules import PRESET_NAMES

GOLDEN = Path(__file__).parent / "data" / "australian_seed7.fhr"
HINT_JS = Path(__file__).parent.parent / "src" / "fivehundred" / "web" / "static" / "hint.js"

C = Candidate


def _out(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """``fivehundred`` run with ``argv`` (it must succeed): what it printed."""
    assert main(argv) == 0
    return capsys.readouterr().out


# ------------------------------------------------------------ 1. what a value counts


@pytest.mark.parametrize(("phase", "cands", "unit"), [
    ("auction", [C("pass", 0.0, None, "baseline"), C("7H", 45.5, 0.9)], "Points"),
    ("play", [C("AS", -1.8, None, "led: wins the trick 1%"), C("KS", -3.0, None, "x")], "Score"),
    ("call", [C("call AS", 3.8, None, "with a partner"), C("alone", 2.0, None, "own")],
     "Tricks"),
    ("kitty", [C("6S", 6.2, None, "discard 6S 8S 9S"), C("8H", 5.0, None, "discard 8H 9H 10H")],
     "Tricks"),
])
def test_the_text_forms_say_what_the_values_count(phase: str, cands: list[Candidate],
                                                  unit: str) -> None:
    """"+45.5", "-1.8 led: wins the trick 1%", "call A♠ +3.8 with a partner" had no unit, and
    some were not points: the lines end with the words the browser writes under its table."""
    from fivehundred.bots.hints import choice_lines, value_words

    d = Decision(cands[0].action, tuple(cands), "why", plan=("6S", "8S", "9S")
                 if phase == "kitty" else ())
    head, words = value_words(cands, phase)
    assert head == unit and words.startswith(f"{unit}: "), (head, words)
    text = format_hint(d, phase=phase)
    assert text.splitlines()[-1] == f"  {words}", text
    assert choice_lines(d, phase)[-1] == f"  {words}"
    assert text.splitlines()[1:-1] == choice_lines(d, phase)[:-1]      # the choices first


def test_the_words_have_one_source_the_server_sends_them() -> None:
    """The browser labelled the column from a table of its own (hint.js valueWords), which
    the text forms lacked: the server sends the words (value_unit, value_words), hint.js keeps
    no copy of them."""
    from fivehundred.bots.hints import value_words
    from fivehundred.web import botpool

    js = HINT_JS.read_text(encoding="utf-8")
    for words in ("rules of thumb", "expected this hand", "expected for the contract"):
        assert words not in js, words
    assert "msg.value_unit" in js and "msg.value_words" in js
    g = Game(Rules.preset("australian"), seed=7)
    msg = botpool.advise(g.view(g.to_move or 0), 1)
    shown = [C(c["action"], c["value"], c["make_probability"], c["note"])
             for c in msg["candidates"]]
    assert (msg["value_unit"], msg["value_words"]) == value_words(shown, "auction")
    assert msg["value_unit"] == "Points" and msg["text"].endswith(msg["value_words"])


def test_the_hint_command_says_what_its_values_count(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    """`fivehundred hint` wrote "+95.0" with no unit, and its JSON's `value` was said to be
    points for every decision: the text ends with what they count, the JSON says it."""
    out = _out(["hint", str(GOLDEN), "--hand", "5", "--action", "2", "--samples", "2"], capsys)
    assert out.splitlines()[-1] == ("  Points: expected this hand, your side's less the "
                                    "others'; a pass, the partner's bid played; "
                                    + MAKES_WORDS), out
    data = json.loads(_out(["hint", str(GOLDEN), "--hand", "5", "--action", "6", "--samples",
                            "2", "--json"], capsys))
    assert data["value_unit"] == "Tricks" and "the hand kept took" in data["value_words"], data


# --------------------------------------------------------- 2. how often a sure bid makes


def test_a_sure_bids_reason_says_how_often_it_is_made() -> None:
    """"makes on nearly every imagined deal" was said of a bid made on 80% of them (its row
    said so), and of the one deal solved: the reason gives the number."""
    cands = [C("7H", 95.0, 0.8), C("pass", -10.0, None, "the partner's 6C is played: makes 70%")]
    d = PimcBot._checked_bid(Decision("pass"), cands, 10, partner_holds=True, pass_worth=-10.0)
    assert d.action == "7H"
    assert d.reason == ("makes on 80% of the imagined deals, worth more than the partner's bid "
                        "played (a bid over it needs 80% and 20 points more) (10 deals)"), d.reason
    one = PimcBot._checked_bid(Decision("pass"), [C("6D", 150.0, 1.0), C("pass", 0.0)], 1)
    assert one.reason == ("where the hand evaluation passes, the hint bids only what makes on "
                          "80% of the imagined deals or more: 6D, worth the most of those, makes "
                          "on the one deal (1 deal)"), one.reason
    failed = PimcBot._checked_bid(Decision("8H"), [C("8H", -60.0, 0.2), C("6H", 40.0, 0.9),
                                                   C("pass", 0.0)], 10)
    assert failed.reason == ("8H fails on most imagined deals; 6H makes on 90% of the imagined "
                             "deals (a bid by hand evaluation stands at 40% or more; one in its "
                             "place needs 80%) (10 deals)"), failed.reason


def test_the_hint_commands_sure_bid_matches_its_row(capsys: pytest.CaptureFixture[str]) -> None:
    """On one imagined deal the hint said "makes on nearly every imagined deal ... (1 deal)"."""
    out = _out(["hint", str(GOLDEN), "--hand", "5", "--action", "2", "--samples", "1"], capsys)
    head = out.splitlines()[0]
    assert "nearly every" not in head, out
    if "makes on" in head:
        assert "makes on the one imagined deal" in head, out


# ------------------------------------------------------------------ 3. the tables' seed


def test_the_hint_command_advises_as_the_game_does(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 3, South's first bid: the game's hint (seeded by hint_seed) and `fivehundred
    hint` (seeded 0) gave different advice; the command takes the tables' seed at that point,
    and a seed given (hint_main's ``seed``) is used as given."""
    from fivehundred.hint_cli import hint_main

    g = Game(Rules.preset("australian"), seed=3)
    start = g.clone()
    while g.phase == "auction":
        g.apply("pass")
    path = tmp_path / "seed3.fhr"
    path.write_text(dumps(record_from_game(g)), encoding="utf-8")
    budget = Budget(samples=2)
    table = hint(start.view(2), seed=hint_seed(start), budget=budget)
    data = json.loads(_out(["hint", str(path), "--hand", "1", "--action", "0", "--samples", "2",
                            "--json"], capsys))
    assert (data["action"], [(c["action"], c["value"]) for c in data["candidates"]]) == (
        table.action, [(c.action, c.value) for c in table.candidates])
    assert data["seed"] == hint_seed(start)
    assert hint_main(str(path), 1, 0, as_json=True, samples=2, seed=5) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == 5


# ------------------------------------------------------------- 4. what a pass does


def test_a_pass_says_what_it_does() -> None:
    """Medium's pass was noted "defend" always, a pass leaving the partner's contract to be
    played too: its note says what it does."""
    from fivehundred.bots.medium import pass_note

    g = Game(Rules.preset("australian"), seed=7)
    assert pass_note(g.view(g.to_move or 0)) == "no bid yet"
    g.apply("7H")
    assert pass_note(g.view(g.to_move or 0)) == "defend"
    g.apply("pass")
    assert pass_note(g.view(g.to_move or 0)) == "partner's 7H stands"
    for preset, said in (("australian", "all pass: thrown in"),
                         ("classic4", "all pass: no trumps")):
        g = Game(Rules.preset(preset), seed=7)
        for _ in range(g.rules.players - 1):
            g.apply("pass")
        assert pass_note(g.view(g.to_move or 0)) == said
    g = Game(Rules.preset("five_called"), seed=7)
    g.apply("7H")
    assert pass_note(g.view(g.to_move or 0)) == "7H to its bidder"


def test_a_pass_out_of_time_says_it_leaves_the_partners_bid(
        capsys: pytest.CaptureFixture[str]) -> None:
    """"Pass — out of time before an imagined deal was solved (defend)" over North's 6♣,
    which the pass leaves to be played."""
    out = _out(["hint", str(GOLDEN), "--hand", "5", "--action", "2", "--samples", "2",
                "--seconds", "1e-9"], capsys)
    # (with his contract's chance as Medium counts it)
    assert re.search(r"\(partner's 6♣ stands: makes \d+%\)$", out.splitlines()[0]), out
    assert "defend" not in out, out


# ----------------------------------------------------------- 5. one seat's record


def _partial(tmp_path: Path) -> tuple[Path, Path, Game]:
    """A game of two hands and a half, saved whole and as seat 0 saw it."""
    g = Game(Rules.preset("australian"), seed=11)
    rng = random.Random(1)
    while not (g.hand_number >= 1 and g.phase == "play" and len(g.tricks) >= 2):
        if g.phase == "hand_over":
            g.next_hand()
            continue
        legal = g.legal_actions()
        g.apply("pass" if g.phase == "auction" and rng.random() < .6 and "pass" in legal
                else rng.choice(legal))
    part, whole = tmp_path / "partial.fhr", tmp_path / "whole.fhr"
    part.write_text(dumps(record_from_game(g, seat=0)), encoding="utf-8")
    whole.write_text(dumps(record_from_game(g)), encoding="utf-8")
    return part, whole, g


def test_a_record_of_one_seats_view_is_advised_for_that_seat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record the browser saves while a game goes on (Viewpoint 0) was refused ("other
    seats' cards are hidden, so it cannot be replayed"), though a hint needs only that seat's
    view: its decisions are advised as from the whole record (the same seed, the same advice);
    another seat's are refused, saying where the seat moves, and nothing is printed."""
    from fivehundred.hint_cli import hint_main

    part, whole, _ = _partial(tmp_path)
    for hand, action in ((1, 0), (2, 3), (2, 15)):
        assert hint_main(str(part), hand, action, as_json=True, samples=2, seed=9) == 0
        mine = json.loads(capsys.readouterr().out)
        assert hint_main(str(whole), hand, action, as_json=True, samples=2, seed=9) == 0
        assert mine == json.loads(capsys.readouterr().out), (hand, action)
        assert mine["seat"] == 0
    assert main(["hint", str(part), "--hand", "2", "--action", "0"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == (
        "fivehundred hint: after 0 actions of hand 2, seat 1 is to move, but the record is "
        "seat 0's view (Viewpoint 0): the other seats' cards are hidden in it, so a hint is "
        "for seat 0's own decisions (it moves after 3, 9 and 15 of them; give one of those)\n")


def test_one_seats_record_replays_to_the_views_it_had() -> None:
    """The cards a seat did not see are imagined only to replay the hands: at each of its
    decisions its view is the one it had, under every preset's rules (voids, a hidden kitty
    and discards, an open misère, a called partner, a dead hand)."""
    from fivehundred.record.imagined import seat_game

    checked = 0
    for preset in PRESET_NAMES:
        for seed in range(2):
            g = Game(Rules.preset(preset), seed=seed)
            rng = random.Random(seed)
            while g.hand_number < 2 and g.phase != "game_over":
                if g.phase == "hand_over":
                    g.next_hand()
                    continue
                legal = g.legal_actions()
                misere = [a for a in legal if "misere" in a]
                g.apply(rng.choice(misere) if misere and rng.random() < 0.2 else
                        "pass" if "pass" in legal and rng.random() < 0.6 else rng.choice(legal))
            full = replay(record_from_game(g))
            for seat in range(g.rules.players):
                rec = loads(dumps(record_from_game(g, seat=seat)))
                for hand in range(1, len(rec.hands) + 1):
                    seen = seat_game(rec, hand)
                    f = full.clone()
                    while f.hand_number > hand - 1:
                        f.undo()
                    for k in seen.moves:
                        a, b = seen.game.clone(), f.clone()
                        while len(a.actions) > k:
                            a.undo()
                        while len(b.actions) > k:
                            b.undo()
                        if seen.holder_unknown and a.partner is not None:
                            continue        # (refused: the record does not say who)
                        assert a.view(seat) == b.view(seat), (preset, seed, seat, hand, k)
                        checked += 1
    assert checked > 300


def test_a_seat_that_sat_down_later_has_no_view_of_the_hands_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A hand shown as every seat saw it (the seat's player sat down later) holds none of the
    seat's cards: refused, saying so."""
    g = Game(Rules.preset("australian"), seed=7)
    for _ in range(4):
        g.apply("pass")
    g.next_hand()
    g.apply("pass")
    path = tmp_path / "seated.fhr"
    path.write_text(dumps(record_from_game(g, seat=1, seated=1)), encoding="utf-8")
    assert main(["hint", str(path), "--hand", "1", "--action", "1"]) == 2
    err = capsys.readouterr().err
    assert "hand 1: the record holds none of seat 1's cards" in err, err
    assert main(["hint", str(path), "--hand", "2", "--action", "0"]) == 0
    assert capsys.readouterr().out.startswith("Seat 1 to move: ")


def test_a_called_card_nobody_recorded_is_not_guessed(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """Five-handed, every seat knows the partner from the call on, but one seat's record of an
    unfinished hand does not say who holds a called card not yet played: a hint after the call
    is refused (a guess would give the seat a view it did not have), one before it given."""
    from fivehundred.record.imagined import seat_game

    for seed in range(40):
        g = Game(Rules.preset("five_called"), seed=seed)
        declarer = g.to_move
        g.apply("7S")
        while g.phase == "auction":
            g.apply("pass")
        while g.phase == "kitty":
            g.apply(g.legal_actions()[0])
        if g.phase != "call":
            continue
        calling = len(g.actions)
        g.apply(next(a for a in g.legal_actions() if a.startswith("call ")))
        if g.to_move == declarer:
            g.apply(g.legal_actions()[0])
        seat = g.to_move
        if seat is not None and seat not in (declarer, g.partner):
            break
    else:
        pytest.fail("no deal where a seat other than the partner moves after the call")
    assert seat is not None
    path = tmp_path / "called.fhr"
    path.write_text(dumps(record_from_game(g, seat=seat)), encoding="utf-8")
    assert main(["hint", str(path), "--hand", "1", "--action", str(len(g.actions))]) == 2
    err = capsys.readouterr().err
    assert "the record does not say who holds the called card" in err, err
    before = max(m for m in seat_game(loads(path.read_text()), 1).moves if m < calling)
    assert main(["hint", str(path), "--hand", "1", "--action", str(before), "--samples",
                 "1"]) == 0
    assert capsys.readouterr().out.startswith(f"Seat {seat} to move: ")


def test_the_pages_hint_labels_its_values_with_the_servers_words(page: Page,
                                                                  server: str) -> None:
    """The page's column head and the line under the choices are the words the server sent
    with the hint (value_unit, value_words), not a table of the page's own."""
    from browser import start_game, wait_turn

    sent: list[dict[str, Any]] = []

    def heard(frame: str | bytes) -> None:
        """Keep each hint message the page receives."""
        msg = json.loads(frame) if isinstance(frame, str) else {}
        if msg.get("type") == "hint":
            sent.append(msg)

    page.on("websocket", lambda ws: ws.on("framereceived", heard))
    start_game(page, server, "australian")
    assert wait_turn(page) == "auction"
    page.click("#quick-hint")
    page.wait_for_selector("#hint .hint-table", timeout=90_000)
    assert len(sent) == 1
    msg = sent[0]
    assert msg["value_unit"] == "Points" and msg["value_words"].startswith("Points: ")
    assert page.inner_text("#hint .hint-table thead th:nth-child(2)") == msg["value_unit"]
    assert page.inner_text("#hint .hint-caption") == msg["value_words"]
