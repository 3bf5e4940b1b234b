"""``fivehundred analyse --plays``: every card of a recorded hand beside double dummy's best.

The values are checked as a chain (the best from each position is what the card before it
left: a card that cost nothing keeps the count, one that cost k moves it by k), against the
solver's own count at the first lead and the tricks taken, and against the one-seat review
the games show; the command's text, JSON and refusals on the golden record.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fivehundred import Game, Rules
from fivehundred.cards import tokens
from fivehundred.cli import main
from fivehundred.record import loads, record_from_game
from fivehundred.rng import Rng
from fivehundred.solver.analysis import HandAnalysis, analyse_record, review_hand

GOLDEN = Path(__file__).parent / "data" / "australian_seed7.fhr"


def _check_chain(h: HandAnalysis) -> None:
    """Each card's best is what the card before it left; costs are the steps between."""
    assert h.plays is not None and h.plays
    prev_total = None
    for p in h.plays:
        assert p.cost is not None and p.cost >= 0 and p.value is not None
        assert p.best_value is not None and (p.cost == 0) == (p.card in p.best)
        total, best_total = p.taken + p.value, p.taken + p.best_value
        if prev_total is not None:
            assert best_total == prev_total, p
        assert abs(total - best_total) == p.cost
        prev_total = total


def test_every_card_of_a_hand_in_a_chain_from_double_dummy_to_the_tricks_taken() -> None:
    rec = loads(GOLDEN.read_text())
    (h,) = analyse_record(rec, 5, plays=True)
    acts = rec.hands[4].actions
    assert h.plays is not None
    assert [p.card for p in h.plays] == list(acts[len(acts) - len(h.plays):])
    assert len(h.plays) == 40 and {p.trick for p in h.plays} == set(range(1, 11))
    _check_chain(h)
    (r,) = h.results
    assert h.plays[0].taken + h.plays[0].best_value == r.double_dummy     # type: ignore[operator]
    assert h.plays[-1].taken + h.plays[-1].value == r.taken              # type: ignore[operator]
    # The declaring side's losses and the defenders' gifts add up to the difference.
    counted = set(r.seats)
    lost = sum(p.cost for p in h.plays if p.seat in counted)              # type: ignore[misc]
    gifts = sum(p.cost for p in h.plays if p.seat not in counted)         # type: ignore[misc]
    assert r.double_dummy - lost + gifts == r.taken                       # type: ignore[operator]
    assert lost > 0 and gifts > 0                                         # the hand has both


def test_a_seats_cards_are_the_ones_its_own_review_shows() -> None:
    rec = loads(GOLDEN.read_text())
    (h,) = analyse_record(rec, 5, plays=True)
    g = Game(rec.rules, seed=0, deal=rec.hands[4].deal(rec.rules))
    for a in rec.hands[4].actions:
        g.apply(a)
    for seat in range(4):
        assert review_hand(g, seat).plays == tuple(p for p in h.plays or () if p.seat == seat)
    assert review_hand(g, 0, seats=range(4)).plays == h.plays      # the games' every card


def test_a_misere_stopped_early_and_the_all_pass_game() -> None:
    rec = loads(GOLDEN.read_text())
    (h,) = analyse_record(rec, 8, plays=True)            # open misère, the declarer caught
    assert h.contract == "open-misere" and h.plays is not None
    _check_chain(h)
    assert h.plays[-1].taken + h.plays[-1].value == h.results[0].taken  # type: ignore[operator]
    r = Rules.preset("classic4")
    assert r.all_pass == "play_no_trumps"
    g = Game(r, seed=5)
    while g.phase == "auction":
        g.apply("pass")
    rng = Rng(5)
    while g.phase == "play":
        g.apply(rng.choice(g.legal_action_ids()))
    (h,) = analyse_record(record_from_game(g), 1, plays=True)
    assert h.contract is None and h.plays is not None and len(h.plays) == 40
    assert all(p.cost is not None and p.cost >= 0 for p in h.plays)
    assert any(p.cost for p in h.plays)                  # random play gives tricks away
    text = h.format()
    assert "The play against double dummy: a card that gave tricks away (its side's" in text
    assert "Trick  1 (" in text and "Tricks given away: " in text
    # the thrown-in first hand of the golden record has no card to show
    (h,) = analyse_record(rec, 1, plays=True)
    assert h.plays == () and "No card was played." in h.format()


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(["analyse", *args])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run([str(GOLDEN), "--hand", "5", "--plays"], capsys)
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert "  Trick  1 ( 9): North Q♥ 8, East 9♥ 8, South 5♥ 8, West 4♥ 8" in lines
    assert "  Trick  2 (13): North 6♣ 7 (gave 1; best 6♠/8♠/9♠…), East Q♣ 7, South J♣ 7, " \
        "West 10♣ 7" in lines
    # each trick's number is the --action that values its first card (there was none to read)
    rc, at, _ = run([str(GOLDEN), "--hand", "5", "--action", "13"], capsys)
    assert rc == 0 and "Trick 2: North (0) to play" in at and "North (0) leads" in at
    assert any(x.split()[:1] == ["6♣"] for x in at.splitlines()), at
    assert sum(x.startswith("  Trick ") for x in lines) == 10
    assert "Tricks given away: North (0) 1, East (1) 0, South (2) 2, West (3) 2." in lines
    rc, out, _ = run([str(GOLDEN), "--hand", "5", "--plays", "--json"], capsys)
    assert rc == 0
    (hand,) = json.loads(out)["hands"]
    assert len(hand["plays"]) == 40
    assert hand["plays"][0] == {"trick": 1, "seat": 0, "card": "QH", "value": 8,
                                "best": ["6S", "8S", "9S", "AD", "10H", "QH"],
                                "best_value": 8, "cost": 0, "taken": 0, "at_least": None,
                                "complete": True, "total": 8, "best_total": 8}
    rc, out, _ = run([str(GOLDEN), "--hand", "5", "--json"], capsys)   # only when asked
    assert rc == 0 and "plays" not in json.loads(out)["hands"][0]


@pytest.mark.parametrize(("args", "message"), [
    (["--hand", "5", "--action", "14", "--plays"], "give one of them"),
    (["DEAL", "--plays"], "--hand, --action and --plays are for records"),
])
def test_cli_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                      message: str) -> None:
    if args[0] == "DEAL":
        deal = tmp_path / "deal.json"
        game = Game(Rules.preset("australian"), seed=1)
        deal.write_text(json.dumps({"rules": "australian", "dealer": 0, "hands": [
            list(game.hand_tokens(s)) for s in range(4)],
            "kitty": list(tokens(game.deal.kitty))}))
        args = [str(deal), *args[1:]]
    else:
        args = [str(GOLDEN), *args]
    rc, out, err = run(args, capsys)
    assert rc == 2 and out == "" and message in err and err.count("\n") == 1


def test_the_first_cards_count_fills_a_summary_its_own_solve_left_open() -> None:
    """With a node budget the hand's own solve (one budget for the whole search) may run out
    where the first card's valuation (a budget per card) finishes: the summary said "not
    solved" beside a first card showing the count.  It now takes that count, but only when
    every first card was solved (the best of those solved may not be the best)."""
    rec = loads(GOLDEN.read_text())
    (alone,) = analyse_record(rec, 4, 2000)
    assert alone.results[0].double_dummy is None
    assert "7♣ by North (0) (needs 7): " in " ".join(alone.format().split())
    (full,) = analyse_record(rec, 4, 2000, plays=True)
    assert full.plays is not None and full.plays[0].complete
    assert full.results[0].double_dummy == full.plays[0].best_value == 2
    assert full.results[0].double_dummy == analyse_record(rec, 4)[0].results[0].double_dummy
    (partial,) = analyse_record(rec, 7, 1000, plays=True)   # a first card left unsolved
    assert partial.plays is not None and not partial.plays[0].complete
    assert partial.results[0].double_dummy is None


def test_a_misere_card_known_to_take_a_trick_shows_it_in_the_play() -> None:
    """In a misère, a card whose count was not solved but after which the declarer surely
    takes a trick showed "?" in --plays where --action showed "≥1"."""
    from fivehundred.solver.analysis.review import ReviewedPlay, play_texts

    p = ReviewedPlay(1, 0, "2S", None, ("3S",), 0, None, 0, at_least=1, complete=False)
    assert play_texts([p], True, lambda s: "North") == {1: ["North 2S ≥1"]}


def test_card_values_show_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    """--action printed the values without the cards on the table or in the hands: the
    trick so far and every hand in play now come first (JSON: trick_so_far, hands)."""
    rc, out, _ = run([str(GOLDEN), "--hand", "5", "--action", "14"], capsys)
    assert rc == 0 and "The trick so far: North (0) 6♣." in out, out
    lines = out.splitlines()
    hands = lines[lines.index("The hands:") + 1:][:4]
    assert [x.split(":")[0].strip() for x in hands] == ["East (1)", "South (2)", "West (3)",
                                                         "North (0)"]
    assert "6♣" not in hands[3] and hands[0].split()[2:] == \
        ["Q♠", "10♠", "Q♣", "7♣", "K♦", "Q♦", "9♦", "6♦", "6♥"]    # sorted as dealt
    rc, out, _ = run([str(GOLDEN), "--hand", "5", "--action", "14", "--json"], capsys)
    data = json.loads(out)
    assert data["trick_so_far"] == [[0, "6C"]] and sorted(data["hands"]) == ["0", "1", "2", "3"]
    assert sum(len(h) for h in data["hands"].values()) == 35     # 9 tricks' cards, less one


def test_a_misere_position_is_shown_once() -> None:
    """The position's lines were added in the misère and the all-pass branches and again
    after them: twice there."""
    from fivehundred import Game, Rules
    from fivehundred.solver.analysis import position_values

    g = Game(Rules.preset("australian"), seed=2)
    g.apply("open-misere")
    while g.phase == "auction":
        g.apply("pass")
    while g.phase == "kitty":
        g.apply(g.legal_action_ids()[0])
    text = position_values(g, 20_000).format()
    assert text.count("The hands:") == 1 and text.count("leads to this trick.") == 1, text
    assert "Seat 3 leads to this trick." in text, text
    declarer_partner = 1       # seat 3's partner sits out of an open misère
    assert f"  seat {declarer_partner}:" not in text, text
