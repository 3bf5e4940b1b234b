"""A play hint says why its card is best (a player's wish): each card's tricks on the imagined
deals ("your side 7.4 tricks"), the contract's chance beside it, and a reason naming
what sets the best card apart from the next ("the contract makes on 88% of them with it, on
62% with 6♣"); before, every card's note was empty and the reason said only "best average
over 8 imagined deals".  The figures are those the search already solved: nothing more is
solved, and no decision changes."""

from __future__ import annotations

import re

import pytest

from fivehundred import View
from fivehundred.bots import Budget, make
from fivehundred.bots.base import Decision
from fivehundred.bots.hints import MAKES_WORDS, format_hint, hint, value_words
from fivehundred.bots.sampling import every_world
from fivehundred.scoring import declaring_seats
from fivehundred.solver import move_values
from helpers import end_position

NOTE = re.compile(r"^(your side|defenders|declarer) (\d+\.\d) tricks$")


def _view(preset: str, seed: int, bid: str | None, left: int) -> View:
    """The view of the seat to move in a seeded hand played at random to ``left`` tricks."""
    g = end_position(preset, seed, bid, left)
    assert g.phase == "play" and g.to_move is not None, (preset, seed, g.phase)
    return g.view(g.to_move)


def _tricks(d: Decision) -> dict[str, float]:
    """Each candidate's tricks, read from its note (every note must say them)."""
    out = {}
    for c in d.candidates:
        m = NOTE.match(c.note)
        assert m, (c.action, c.note, d.reason)
        out[c.action] = float(m.group(2))
    return out


@pytest.mark.parametrize(("preset", "seed", "left"), [
    ("australian", 1, 3), ("australian", 6, 2),      # the declaring side
    ("classic3", 2, 2), ("classic3", 4, 2),          # a defender
    ("classic3", 6, 3)])
def test_each_cards_note_is_its_sides_tricks_averaged_over_every_placement(
        preset: str, seed: int, left: int) -> None:
    """Late in a hand Hard plays on every placement of the unseen cards: each card's note is
    the tricks its seat's side takes in the hand, averaged over all of them, as the solver
    gives them (the defenders' the hand's ten less the declaring side's)."""
    v = _view(preset, seed, "7S", left)
    c = v.contract
    assert c is not None
    worlds = every_world(v, 200)
    assert worlds
    counted = declaring_seats(v.rules, c, v.partner)
    so_far = sum(v.tricks_won[s] for s in counted)
    ours = v.seat in counted
    want = dict.fromkeys(v.legal_actions, 0.0)
    for w in worlds:
        vals = move_values(w.game)
        for a in v.legal_actions:
            x = vals[a]
            assert x is not None
            want[a] += (so_far + x if ours else 10 - so_far - x) / len(worlds)
    d = make("hard", seed=5).act(v)
    assert d.reason.startswith("best average over every one of the "), d.reason
    got = _tricks(d)
    assert got == {a: round(t, 1) for a, t in want.items()} or all(
        abs(got[a] - t) < 0.051 for a, t in want.items()), (got, want)
    for cand in d.candidates:
        assert cand.make_probability is not None
        assert cand.note.startswith("your side " if ours or preset != "classic3"
                                    else "defenders "), cand.note


def test_the_cheaters_notes_are_the_true_deals_tricks() -> None:
    """On the one deal it sees, a defender's note is the hand's ten tricks less the declaring
    side's, as the solver counts them, and the reason says "with it, not with" or the
    tricks, never a percentage of one deal."""
    from fivehundred.bots.pimc import CheaterBot

    g = end_position("australian", 2, "7S", 8)
    v = g.view(g.to_move or 0)
    c = v.contract
    assert c is not None and v.seat not in declaring_seats(v.rules, c, v.partner)
    so_far = sum(v.tricks_won[s] for s in declaring_seats(v.rules, c, v.partner))
    d = CheaterBot(seed=1).act_with_game(g)
    want = {a: float(10 - so_far - (x or 0)) for a, x in move_values(g).items()}
    assert _tricks(d) == want, (d, want)
    assert "%" not in d.reason, d.reason


def _separates(d: Decision, outcome: str) -> None:
    """The reason names the card the best is set apart from (the next best, or the best of
    the rest past a tie), with figures its row shows, or says every card is alike."""
    cands = d.candidates
    top = cands[0].value
    tied = sum(1 for c in cands if c.value == top)
    if tied == len(cands):
        assert f"{tied} cards tie" in d.reason, d.reason
        return
    other = cands[tied]
    which = "the best of the rest" if tied > 1 else "the next best"
    assert f" with {other.action}, {which}" in d.reason, d.reason
    said = d.reason.split(": ", 1)[1]
    tricks = _tricks(d)
    if said.startswith(outcome):
        assert said.startswith(f"{outcome} on ") or said.startswith(f"{outcome} with it, not")
    elif " tricks in all with it, " in said:
        assert f"{tricks[cands[0].action]:.1f} tricks in all with it, " \
               f"{tricks[other.action]:.1f} " \
               f"with {other.action}" in said, said
    else:
        assert said.startswith("it is worth "), said


@pytest.mark.parametrize(("preset", "seed", "left", "outcome"), [
    ("australian", 3, 8, "the contract makes"),      # the declarer to play
    ("australian", 1, 8, "the contract is beaten"),  # a defender
    ("australian", 2, 8, "the contract is beaten"),
    ("australian", 4, 8, "the contract is beaten"),
])
def test_the_reason_says_what_sets_the_best_card_apart(preset: str, seed: int, left: int,
                                                       outcome: str) -> None:
    """The hint's reason says why its card beats the next: its contract made (or, to a
    defender, beaten) more often, or more tricks, in figures its rows show."""
    v = _view(preset, seed, "7S", left)
    d = hint(v, seed=1, budget=Budget(samples=8))
    assert d.reason.startswith("best average over 8 imagined deals: "), d.reason
    _separates(d, outcome)
    assert all(c.make_probability is not None for c in d.candidates)
    if seed == 3:       # (6♠ makes on 88% of the deals, 6♣ on 62%)
        assert "the contract makes on 88% of them with it, on 62% with 6C, the next best" \
            in d.reason, d.reason
    if seed == 1:       # (6 cards beat it on every deal, A♥ on 56%)
        assert "the contract is beaten on 100% of them with it, on 56% with AH, the best " \
               "of the rest; 6 cards tie" in d.reason, d.reason
    text = format_hint(d, phase="play", defending=outcome.endswith("beaten"))
    assert text.splitlines()[1].endswith(d.candidates[0].note), text   # (its row: its tricks)
    # (each row a line of its own in the terminal table's hint box at 80x24: 68 columns)
    assert all(len(line) <= 68 for line in text.splitlines()[1:-1]), text
    assert text.splitlines()[-1] == (
        "  Points: expected this hand, your side's less the others'; "
        + ("Declarer makes" if outcome.endswith("beaten") else "Makes")
        + MAKES_WORDS[5:]), text


def test_against_a_misere_the_hint_counts_the_declarers_tricks_and_says_how_often_it_is_beaten(
        ) -> None:
    """Defending a misère, the tricks that matter are the declarer's: each row says them, and
    the reason how often the misère is beaten."""
    v = _view("australian", 12, "misere", 8)
    c = v.contract
    assert c is not None and c.is_misere and c.declarer != v.seat
    d = hint(v, seed=1, budget=Budget(samples=6))
    assert all(cand.note.startswith("declarer ") for cand in d.candidates), d
    _tricks(d)
    assert "the misère is beaten on 83% of the deals" in d.reason, d.reason


def test_with_no_contract_a_card_is_said_in_tricks_alone() -> None:
    """All passed and the hand played at no trumps: no contract to make, so each row says the
    side's tricks, no chance, and the reason tricks (or points), never a contract."""
    for seed in (1, 2, 3):
        v = _view("classic4", seed, None, 8)
        assert v.contract is None
        d = hint(v, seed=1, budget=Budget(samples=6))
        if len(d.candidates) < 2:
            continue
        assert all(c.make_probability is None for c in d.candidates)
        assert all(c.note.startswith("your side ") for c in d.candidates), d
        _separates(d, "the contract")
        assert "contract" not in d.reason and "misère" not in d.reason, d.reason
        assert value_words(d.candidates, "play") == (      # (points, not rules of thumb)
            "Points", "Points: expected this hand, your side's less the others'")


def test_three_players_defenders_are_said_as_the_defenders() -> None:
    """At three players the two defenders are two sides: their tricks are "the defenders'"."""
    v = _view("classic3", 4, "7S", 3)
    assert v.contract is not None and v.seat != v.contract.declarer
    d = hint(v, seed=1, budget=Budget(samples=8))
    assert all(c.note.startswith("defenders ") for c in d.candidates), d
    _separates(d, "the contract is beaten")


def test_the_browser_and_the_hint_command_get_the_notes() -> None:
    """The server's hint message carries each card's note (the browser shows a candidate's
    note beside it, as the text forms do), its values still said to be points."""
    from fivehundred.web.botpool import advise

    v = _view("australian", 3, "7S", 3)
    msg = advise(v, 1)
    assert msg["candidates"] and all(NOTE.match(c["note"]) for c in msg["candidates"]), msg
    assert msg["value_unit"] == "Points", msg
    assert re.search(r": .*(tricks|contract|worth)", msg["reason"]), msg["reason"]
