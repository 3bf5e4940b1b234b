"""How a game's end is explained, and the rule texts checked against RULES.md (review F):
one engine judgement (``scoring.game_end``) behind the console's and the tables' words."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.auction import Contract, bid_action, contract_of
from fivehundred.cards import SPADES
from fivehundred.console import ConsoleGame
from fivehundred.errors import IllegalActionError
from fivehundred.guide import guide
from fivehundred.scoring import GameEnd, game_end, past_target, target_words, won_at_target
from fivehundred.web.state import how_won, sheet_json, status_line
from helpers import apply_all, make_deal

NAMES = ["You", "West", "North", "East"]
NAMES3 = ["You", "West", "East"]
DOCS = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def _defended(start: tuple[int, int]) -> Game:
    """Australian (win by own contract) from ``start``: West bids 6♠ and fails, you & North
    taking every trick (you hold the ten best trumps): +100 to you, -40 to West & East."""
    r = Rules.preset("australian")
    d = make_deal(r, {0: ["JK", "JS", "JC", "AS", "KS", "QS", "10S", "9S", "8S", "7S"]},
                  dealer=0)
    g = Game(r, deal=d, scores=start)
    apply_all(g, ["6S", "pass", "pass", "pass"])
    while g.phase == "kitty" or g.phase == "play":
        g.apply(g.legal_actions()[0])
    res = g.hand_results[-1]
    assert res.made is False and res.points == (100, -40), res
    return g


def _both_reach() -> Game:
    """Classic3 (reach 500 any way) from 480/0/490, all pass: you reach 500 at trick 2 with
    your two top spades; East gets there at trick 3 and ends far higher (570)."""
    r = Rules.preset("classic3")
    d = make_deal(r, {0: ["AS", "KS", "7H", "8H", "9H", "10H", "JH", "QH", "7C", "8C"],
                      1: ["QS", "JS", "10S", "9S", "8S", "7S", "AC", "KC", "QC", "JC"],
                      2: ["AH", "KH", "AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D"]},
                  dealer=2)
    g = Game(r, deal=d, scores=(480, 0, 490))
    apply_all(g, ["pass"] * 3 + ["AS", "QS", "7D", "KS", "JS", "8D"])
    while g.phase == "play":
        g.apply(g.legal_actions()[0])
    assert g.scores == (500, 0, 570) and g.winner == 0, (g.scores, g.winner)
    return g


def _console(g: Game) -> tuple[ConsoleGame, io.StringIO]:
    out = io.StringIO()
    return ConsoleGame(g.rules, seat=0, ask=lambda prompt: "", out=out, game=g), out


# ---------------------------------------------------------------- 1. a defenders' win


def test_a_win_past_the_target_by_defending_is_said_as_the_hole() -> None:
    """Under by_own_contract you & North at 570 won because West & East fell to -520, not by
    reaching 500 (defensive points never win): the console said "(reached 500 with 570)"
    and the tables (the browser's and the terminal's status line and ``how_won``) said
    nothing of the hole."""
    g = _defended((470, -480))
    assert g.winner == 0 and g.scores == (570, -520)
    res = g.hand_results[-1]
    assert not won_at_target(g.rules, g.scores, 0, res.contract, res.partner, res.made)
    end = game_end(g.rules, g.scores, 0, res)
    assert not end.at_target and end.fallen == (1,) and end.tied == ()
    console, out = _console(g)
    console._game_over()
    text = out.getvalue()
    assert ("=== Game over: You & North win the game (West & East fell to -520 (the hole is "
            "-500))! ===" in " ".join(text.split())), text   # (wrapped at 78 columns)
    assert "reached" not in text
    view = g.view(0)
    assert how_won(view, NAMES) == "West & East fell to -520 (the hole is -500)."
    assert status_line(view, NAMES) == ("West & East fell to -520 (the hole is -500): You & "
                                        "North win with 570.")


def test_a_win_by_a_contract_made_is_still_at_the_target() -> None:
    """The judgement keeps a contract made at the target a win there (by own contract), and
    any side there under reach_500_any_way, whatever fell."""
    r = Rules.preset("australian")
    c = contract_of(r, bid_action(6, SPADES), declarer=0)
    assert won_at_target(r, (520, -40), 0, c, None, True)
    assert not won_at_target(r, (520, -40), 0, c, None, False)
    west = contract_of(r, bid_action(6, SPADES), declarer=1)
    assert not won_at_target(r, (520, -520), 0, west, None, False)
    classic = Rules.preset("classic4")
    assert won_at_target(classic, (520, -520), 0, west, None, False)


# ---------------------------------------------------------------- 2. past the target, going on


def test_the_game_going_on_past_the_target_says_why() -> None:
    """Under by_own_contract you & North beat West's 6♠ from 470 to 570, and the game went
    on to the next hand without a word: the console's hand summary and the tables' sheet
    (one wording) say a side wins only by making its own contract."""
    g = _defended((470, 0))
    assert g.phase == "hand_over" and g.winner is None and g.scores == (570, -40)
    assert past_target(g.rules, g.scores, g.winner) == (0,)
    line = "You & North are past 500, but a side wins only by making its own contract."
    console, out = _console(g)
    console._hand_summary()
    text = out.getvalue()
    assert text.rstrip().endswith("Scores: You & North 570 · West & East -40\n" + line), text
    assert sheet_json(g.view(0), NAMES)["lines"][-1] == line
    # from West's seat: "West & East", and you & North named as West reads them
    west = sheet_json(g.view(1), ["South", "You", "North", "East"])["lines"][-1]
    assert west == "North & South are past 500, but a side wins only by making its own contract."
    # not said where nobody is past the target
    low = _defended((0, 0))
    console, out = _console(low)
    console._hand_summary()
    assert "past 500" not in out.getvalue()
    assert not any("past" in x for x in sheet_json(low.view(0), NAMES)["lines"])


# ---------------------------------------------------------------- 3. several reach the target


def test_a_win_by_the_first_there_says_the_others_reached_it_too() -> None:
    """Classic3, all pass: you reached 500 first (trick 2) and won with 500 beside East's
    570; "(reached 500 with 500)" hid why the lower score won (RULES.md §10)."""
    g = _both_reach()
    console, out = _console(g)
    console._game_over()
    assert ("=== Game over: You win the game (reached 500 first, with 500; East reached it "
            "too)! ===") in " ".join(out.getvalue().split()), out.getvalue()   # (wrapped)
    view = g.view(0)
    assert how_won(view, NAMES3) == "Reached 500 first, with 500; East reached it too."
    assert status_line(view, NAMES3) == ("You win the game (reached 500 first, with 500; East "
                                         "reached it too).")
    # from East's seat: you are "South"
    east = g.view(2)
    assert status_line(east, ["South", "West", "You"]) == (
        "South wins the game (reached 500 first, with 500; you reached it too).")
    out = io.StringIO()                 # the console at East's seat: "you", mid-sentence
    ConsoleGame(g.rules, seat=2, ask=lambda prompt: "", out=out, game=g)._game_over()
    assert "(reached 500 first, with 500; you reached it too)." in " ".join(
        out.getvalue().split()), out.getvalue()                 # (wrapped at 78 columns)


def test_the_called_partners_side_at_the_target_is_not_told_it_defended() -> None:
    """A house rule of five with own-contract wins: the declarer made, his called partner's
    side reached 500 too; it was told "a side wins only by making its own contract", which
    it had (a reader's finding): the declarer counts first."""
    r = Rules.preset("five_called", win="by_own_contract")
    end = GameEnd(0, True, (0, 1), (1,), (), ())
    words = target_words(r, end, (520, 510, 0, 0, 0), ["you", "West", "N", "NE", "E"])
    assert words == ("reached 500 with 520; West reached it too, but the declarer and his "
                     "partner count first") or words.endswith("but the declarer counts first"), \
        words
    assert "its own contract" not in words


def test_a_declarers_win_beside_others_at_the_target_says_the_declarer_counts_first() -> None:
    """When the declaring side reached the target with others, its win is said as the rule
    has it: the declarer counts first; by own contract, a side wins only by its contract."""
    r = Rules.preset("classic3")
    east = contract_of(r, bid_action(6, SPADES), declarer=2)
    end = game_end(r, (560, 10, 520), 2, _Last(east, None, True))
    assert end.at_target and end.reached == (0,) and end.declaring == (2,)
    assert target_words(r, end, (560, 10, 520), ["you", "West", "East"]) == (
        "reached 500 with 520; you reached it too, but the declarer counts first")
    pairs = Rules.preset("classic4")
    north = contract_of(pairs, bid_action(6, SPADES), declarer=2)
    end = game_end(pairs, (510, 530), 0, _Last(north, None, True))
    assert target_words(pairs, end, (510, 530), ["You & North", "West & East"]) == (
        "reached 500 with 510; West & East reached it too, but the declaring side counts first")
    five = Rules.preset("five_called")
    c = contract_of(five, bid_action(6, SPADES), declarer=1)
    end = game_end(five, (0, 480, 505, 520, 0), 2, _Last(c, 2, True))
    assert end.declaring == (1, 2)
    assert target_words(five, end, (0, 480, 505, 520, 0), [*NAMES3, "A", "B"]).endswith(
        "A reached it too, but the declarer and his partner count first")
    own = Rules.preset("australian")
    ours = contract_of(own, bid_action(6, SPADES), declarer=0)
    end = game_end(own, (540, 510), 0, _Last(ours, None, True))
    assert target_words(own, end, (540, 510), ["You & North", "West & East"]) == (
        "reached 500 with 540; West & East reached it too, but a side wins only by making its "
        "own contract")


class _Last:
    """A last hand as :func:`game_end` reads it."""

    def __init__(self, contract: Contract | None, partner: int | None, made: bool | None) -> None:
        self.contract = contract
        self.partner = partner
        self.made = made


# ---------------------------------------------------------------- 4. docs: the start scores


def test_the_docs_say_the_scores_begin_at_the_start_scores() -> None:
    """docs/rules.md said "`game.scores` is always the sum of the hand results": untrue for
    a game begun at other scores."""
    g = Game(Rules.preset("australian"), seed=3, scores=(120, -40))
    apply_all(g, ["pass"] * 4)
    assert g.start_scores == (120, -40)
    sums = [sum(p) for p in zip(*(h.points for h in g.hand_results), strict=True)]
    assert g.scores == tuple(a + b for a, b in zip(g.start_scores, sums, strict=True))
    text = " ".join(DOCS.read_text(encoding="utf-8").split())
    assert "is always the sum of the hand results" not in text
    assert re.search(r"`game\.scores` is always the start scores \(`game\.start_scores`", text)


# ---------------------------------------------------------------- 5. a discard outside the pack


@pytest.mark.parametrize("token", ["2S", "11S"])
def test_a_discard_not_in_the_pack_says_so_as_a_play_does(token: str) -> None:
    """Classic3's 33 pack: discarding 2S said "you do not hold it", playing it "2S is not in
    the 33-card pack"; the discard now says the pack first (and changes nothing)."""
    g = Game(Rules.preset("classic3"), seed=5)
    while g.phase == "auction":
        g.apply("6S" if not g.auction else "pass")
    assert g.phase == "kitty"
    seat = g.to_move
    assert seat is not None
    before = g.hand_tokens(seat)
    with pytest.raises(IllegalActionError,
                       match=f"^cannot discard {token}: {token} is not in the 33-card pack$"):
        g.apply(token)
    assert g.hand_tokens(seat) == before and g.phase == "kitty"
    missing = next(t for t in ("AS", "KS", "QS", "JS", "10S", "9S") if t not in before)
    with pytest.raises(IllegalActionError, match=f"cannot discard {missing}: you do not hold it"):
        g.apply(missing)


def test_a_call_not_in_the_pack_still_says_the_pack() -> None:
    """The call shares the discard's pack reason (one wording, tricks.why_unplayable's)."""
    r = Rules.preset("five_called")
    g = Game(r, seed=2)
    while g.phase == "auction":
        g.apply("6NT" if not g.auction else "pass")
    while g.phase == "kitty":
        g.apply(g.legal_actions()[0])
    assert g.phase == "call"
    with pytest.raises(IllegalActionError,
                       match=r"^cannot call 11S: 11S is not in the 53-card pack$"):
        g.apply("call 11S")


# ---------------------------------------------------------------- 6. the guide's hand nobody bid


def test_the_guide_says_the_hand_nobody_bid_scores_10_a_trick_plainly() -> None:
    """Under defender_trick_points=none the guide said a hand nobody bid scores 10 a trick,
    "though the opponents of a contract score nothing for their tricks": a hand nobody bid
    has no contract (RULES.md §8), so the clause went; the defenders' rule is said under
    scoring."""
    g = guide(Rules.preset("classic3", defender_trick_points="none"))
    auction = g.section("auction").text
    sentence = next(s for s in auction.split("\n") if "When nobody bids" in s)
    assert "each player scores 10 a trick." in sentence
    assert "opponents" not in sentence and "contract" not in sentence
    assert "The opponents of a contract score nothing for their tricks." in g.section(
        "scoring").text
