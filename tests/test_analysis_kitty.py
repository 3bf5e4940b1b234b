"""The table with the kitty: each seat as declarer takes up the kitty and keeps its best hand.

Every cell is checked against solving every possible discard one by one (no grouping of
cards in sequence, no misère shortcut), on small endings of every kind of table and on a
whole four-handed deal; then the discard it names, its limits, its bad input, and the
command (``fivehundred analyse --kitty``) on a deal file and the golden record.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from fivehundred import Game, Rules
from fivehundred.actions import ALONE, BID, MISERE, PASS
from fivehundred.auction import rank_key
from fivehundred.cards import cards_of, mask_of, tokens
from fivehundred.cli import main
from fivehundred.dealing import deal_cards
from fivehundred.record import loads
from fivehundred.rng import Rng
from fivehundred.solver import can_make, solve
from fivehundred.solver.analysis import AnalysisError, ReviewError, analyse_record, review_hand
from fivehundred.solver.analysis.kitty import (
    KittyTable,
    best_discard,
    discard_groups,
    kitty_table,
)
from fivehundred.solver.analysis.review import NODES as REVIEW_NODES
from fivehundred.solver.position import Position

GOLDEN = Path(__file__).parent / "data" / "australian_seed7.fhr"


def small_deal(preset: str, seed: int, left: int,
               **overrides: Any) -> tuple[Rules, tuple[int, ...], int, int]:
    """Hands of ``left`` cards and a kitty of the rules' size, drawn at random from the pack."""
    r = Rules.preset(preset, **overrides)
    rng = Rng(seed)
    pack = cards_of(r.deck_mask)
    rng.shuffle(pack)
    hands = tuple(mask_of(pack[s * left:(s + 1) * left]) for s in range(r.players))
    start = r.players * left
    kitty = mask_of(pack[start:start + r.kitty_size])
    return r, hands, kitty, seed % r.players


@cache
def game_leader(r: Rules, declarer: int, strain: int, misere: bool, dealer: int) -> int:
    """Who leads the first trick, found as the game finds it: a whole deal with ``dealer``
    dealing, played until its first lead, ``declarer`` winning the auction in ``strain`` (or
    misère) and playing alone (not through the analysis's own choice of leader)."""
    g = Game(r, deal=deal_cards(r, dealer, Rng(dealer)))
    target = MISERE if misere else BID + strain           # (6 of the strain)
    seven = BID + 5                                       # (7S: misère may need a seven-bid)
    while g.phase != "play":
        ids = g.legal_action_ids()
        if g.phase == "auction" and g.to_move == declarer:
            g.apply(target if target in ids else min(a for a in ids if a != PASS))
        elif g.phase == "auction":
            g.apply(seven if misere and seven in ids and MISERE not in ids else PASS)
        elif g.phase == "call":
            g.apply(ALONE if ALONE in ids else ids[0])
        else:
            g.apply(ids[0])
    c = g.contract
    assert c is not None and c.declarer == declarer and c.is_misere == misere
    assert misere or c.strain == strain
    assert g.to_move is not None
    return g.to_move


def every_discard(r: Rules, hands: tuple[int, ...], kitty: int, d: int, strain: int,
                  misere: bool, dealer: int) -> list[tuple[int, int]]:
    """(discard, value) for every way to put out the kitty's number of cards: tricks for a
    trick contract, 1 or 0 (a trick forced or not) for misère."""
    holding = hands[d] | kitty
    leader = game_leader(r, d, strain, misere, dealer)
    out = []
    for combo in combinations(cards_of(holding), kitty.bit_count()):
        gone = mask_of(combo)
        kept = tuple(holding & ~gone if s == d else h for s, h in enumerate(hands))
        p = replace(Position.for_contract(r, kept, d, strain, misere=misere), leader=leader)
        v = (1 if can_make(p, 1) else 0) if misere else solve(p).tricks
        assert v is not None
        out.append((gone, v))
    return out


def check_against_every_discard(table: KittyTable, r: Rules, hands: tuple[int, ...],
                                kitty: int, dealer: int, strains: tuple[int, ...]) -> None:
    for d in range(r.players):
        for strain in strains:
            cell = table.cells[d][strain]
            values = dict(every_discard(r, hands, kitty, d, strain, False, dealer))
            assert cell.complete
            assert cell.tricks == max(values.values()), (d, strain)
            assert values[cell.discard] == cell.tricks, "the discard named reaches it"
        assert table.misere is not None
        m = table.misere[d]
        values = dict(every_discard(r, hands, kitty, d, 4, True, dealer))
        assert m.complete
        assert m.tricks == min(values.values()), (d, "misère")
        assert values[m.discard] == m.tricks


@pytest.mark.parametrize("preset", ["australian", "classic3", "two_dead_hand", "two_24",
                                    "five_called", "six_pairs"])
def test_each_cell_is_the_best_of_every_discard_on_small_endings(preset: str) -> None:
    safe = unsafe = 0
    for seed in range(12):
        r, hands, kitty, dealer = small_deal(preset, seed, 3)
        table = kitty_table(r, hands, kitty, dealer=dealer)
        check_against_every_discard(table, r, hands, kitty, dealer, tuple(range(5)))
        assert table.misere is not None
        safe += sum(m.tricks == 0 for m in table.misere)
        unsafe += sum(m.tricks == 1 for m in table.misere)
    assert safe and unsafe, "both verdicts of the misère column were met"


def test_the_opening_lead_from_eldest_is_honoured() -> None:
    for seed in range(8):
        r, hands, kitty, dealer = small_deal("australian", seed, 4, opening_lead="eldest")
        table = kitty_table(r, hands, kitty, dealer=dealer)
        check_against_every_discard(table, r, hands, kitty, dealer, tuple(range(5)))


def test_a_whole_deal_agrees_with_every_discard() -> None:
    r = Rules.preset("australian")
    deal = Game(r, seed=3).deal
    hands = deal.hands[:4]
    table = kitty_table(r, hands, deal.kitty, dealer=deal.dealer)
    assert table.complete
    for d, strain in ((0, 0), (1, 4), (2, 3)):
        values = dict(every_discard(r, hands, deal.kitty, d, strain, False, deal.dealer))
        assert table.cells[d][strain].tricks == max(values.values())
    # the kitty can only help: each cell is at least the dealt hand's own (the kitty put out)
    from fivehundred.solver.analysis import dd_table
    plain = dd_table(r, hands, dealer=deal.dealer)
    for d in range(4):
        for strain in range(5):
            dealt = plain.tricks[d][strain]
            assert dealt is not None and table.cells[d][strain].tricks is not None
            assert table.cells[d][strain].tricks >= dealt


def test_cards_in_sequence_make_one_group_and_others_cards_split_them() -> None:
    hearts = 3
    holding = mask_of(["4S", "5S", "7S", "9S", "JH", "JD", "QH"])
    others = mask_of(["6S", "8S", "AH"])
    groups = [tokens(mask_of(g)) for g in discard_groups(hearts, holding, others)]
    # 4S 5S together; 7S alone (6S and 8S are another's); 9S alone; QH below the bowers,
    # the left bower (JD) next to the right (JH): one group above AH's gap
    assert ("4S", "5S") in [tuple(sorted(g, key=lambda t: t[:-1])) for g in groups]
    assert ("7S",) in groups and ("9S",) in groups and ("QH",) in groups
    assert any(set(g) == {"JH", "JD"} for g in groups)
    assert sum(len(g) for g in groups) == holding.bit_count()


def test_the_highest_contract_is_the_highest_bid_its_cells_make() -> None:
    r = Rules.preset("australian")
    deal = Game(r, seed=5).deal
    table = kitty_table(r, deal.hands[:4], deal.kitty, dealer=deal.dealer)
    for d in range(4):
        makes = [BID + (t - 6) * 5 + s for s, c in enumerate(table.cells[d])
                 if c.tricks is not None for t in range(6, min(c.tricks, 10) + 1)]
        best = table.highest_contract(d)
        if not makes:
            assert best is None
        else:
            assert best == max(makes, key=lambda b: rank_key(r, b))
            assert best != MISERE


def test_searches_that_run_out_are_shown_as_unknown_or_at_least() -> None:
    r = Rules.preset("australian")
    deal = Game(r, seed=3).deal
    table = kitty_table(r, deal.hands[:4], deal.kitty, dealer=deal.dealer, budget=50)
    assert not table.complete
    cells = [c for row in table.cells for c in row]
    assert any(not c.complete for c in cells)
    for c in cells:
        assert c.complete or c.tricks is None or c.tricks >= 0
    text = table.format()
    assert "+" in text or "?" in text
    assert "not solved within the search limits" in text
    got = json.loads(json.dumps(table.to_dict()))
    assert got["complete"] is False
    # a row with a cell unfinished does not say its highest contract for certain ("none"
    # read as "makes no six" where nothing was solved)
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("declarer"))
    rows = lines[head + 1:head + 5]
    unsure = [d for d in range(4) if not all(c.complete for c in table.cells[d])]
    assert unsure
    for d in range(4):
        assert got["rows"][d]["highest_known"] == (d not in unsure)
        if d in unsure:
            assert rows[d].endswith("  ?") or "  at least " in rows[d], rows[d]
            assert not rows[d].endswith("  none"), rows[d]
    full = kitty_table(r, deal.hands[:4], deal.kitty, dealer=deal.dealer)
    assert full.complete and all(full.highest_known(d) for d in range(4))
    assert "at least" not in full.format()


def test_bad_kitties_are_refused() -> None:
    r = Rules.preset("australian")
    deal = Game(r, seed=1).deal
    hands = deal.hands[:4]
    with pytest.raises(AnalysisError, match="3 cards"):
        kitty_table(r, hands, deal.kitty & (deal.kitty - 1))
    with pytest.raises(AnalysisError, match="no hand holds"):
        kitty_table(r, hands, (deal.kitty & (deal.kitty - 1)) | (hands[0] & -hands[0]))
    with pytest.raises(AnalysisError, match="dealer"):
        kitty_table(r, hands, deal.kitty, dealer=4)


def _deal_file(tmp_path: Path) -> Path:
    r = Rules.preset("australian")
    deal = Game(r, seed=11).deal
    obj = {"rules": "australian", "dealer": deal.dealer,
           "hands": [list(tokens(h)) for h in deal.hands[:4]],
           "kitty": list(tokens(deal.kitty))}
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(obj))
    return path


def test_the_command_prints_the_table_with_the_kitty(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = _deal_file(tmp_path)
    assert main(["analyse", str(path), "--kitty"]) == 0
    out = capsys.readouterr().out
    assert "With the kitty (" in out and "highest trick contract" in out
    assert main(["analyse", str(path), "--kitty", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    rows = obj["kitty_table"]["rows"]
    assert len(rows) == 4 and obj["kitty_table"]["complete"] is True
    r = Rules.preset("australian")
    deal = Game(r, seed=11).deal
    table = kitty_table(r, deal.hands[:4], deal.kitty, dealer=deal.dealer)
    assert rows == table.to_dict()["rows"]
    assert main(["analyse", str(path)]) == 0
    assert "With the kitty" not in capsys.readouterr().out, "only when asked"


DOCS_DEAL = Path(__file__).resolve().parent.parent / "docs" / "analysis.md"


def test_a_misere_yes_with_the_kitty_is_explained_under_its_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """analysis.md's deal file: seat 3 makes misère with the kitty; the kitty table said *yes*
    with no line under it saying what yes means (the plain table says it)."""
    text = DOCS_DEAL.read_text(encoding="utf-8")
    deal = text.split("```json\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "deal.json"
    path.write_text(deal, encoding="utf-8")
    assert main(["analyse", str(path), "--kitty"]) == 0
    kitty = capsys.readouterr().out.split("With the kitty (", 1)[1]
    rows = [line for line in kitty.splitlines() if line.startswith("seat ")]
    assert any("  yes  " in row for row in rows), rows
    legend = " ".join(kitty.splitlines()[len(rows) + 3:])
    assert legend.startswith("misère: yes = the declarer, alone, taking up the kitty and "
                             "keeping his best cards, can take no trick against the best "
                             "defence"), kitty
    assert all(len(line) <= 96 for line in kitty.splitlines())


def test_a_record_compares_the_declarers_discard_with_the_best(
        capsys: pytest.CaptureFixture[str]) -> None:
    rec = loads(GOLDEN.read_text())
    (hand,) = analyse_record(rec, 7, kitty=True)
    v = hand.discard_verdict()
    assert v is not None and not v.misere
    assert hand.kitty is not None and hand.declarer is not None
    assert v.best_tricks == hand.kitty.cells[hand.declarer][2].tricks    # diamonds
    assert v.tricks == hand.results[0].double_dummy
    assert v.best_tricks is not None and v.tricks is not None and v.best_tricks >= v.tricks
    (mis,) = analyse_record(rec, 8, kitty=True)                             # an open misère
    mv = mis.discard_verdict()
    assert mv is not None and mv.misere and mv.tricks == 1 and mv.best_tricks == 1
    assert main(["analyse", str(GOLDEN), "--hand", "7", "--kitty"]) == 0
    out = capsys.readouterr().out
    assert "West (3)'s discard (Q♦ 10♦ 6♦) left 6 tricks double dummy" in out
    assert main(["analyse", str(GOLDEN), "--hand", "7", "--kitty", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["hands"][0]["discard_verdict"] == v.to_dict()


def test_kitty_with_action_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(GOLDEN), "--hand", "7", "--action", "5", "--kitty"]) == 2
    assert "--kitty" in capsys.readouterr().err


def _played(preset: str, seed: int, bids: str) -> Game:
    """A hand whose first seats to speak make ``bids`` (one each), the rest pass, and then
    everyone plays at random to the end (the discards and any call at random too)."""
    g = Game(Rules.preset(preset), seed=seed)
    for bid in bids.split():
        g.apply(bid)
    rng = Rng(seed)
    while g.phase not in ("hand_over", "game_over"):
        legal = g.legal_actions()
        if g.phase == "auction":
            g.apply("pass")
        elif g.phase == "call" and "alone" in legal and seed % 2:
            g.apply("alone")
        else:
            g.apply(legal[rng.below(len(legal))])
    return g


@pytest.mark.parametrize(("preset", "bids"), [("australian", "7H"), ("classic4", "7S misere"),
                                             ("classic3", "6NT"), ("five_called", "6S")])
def test_only_the_declarers_review_sets_his_discard_beside_the_best(preset: str,
                                                                    bids: str) -> None:
    seen = 0
    for seed in range(4):
        g = _played(preset, seed, bids)
        c = g.contract
        assert c is not None
        try:
            reviews = [review_hand(g, s) for s in range(g.rules.players)]
        except ReviewError:                 # a misère stopped early: cards nobody saw
            continue
        for s, r in enumerate(reviews):
            if s != c.declarer or g.partner is not None:
                assert r.discard is None, "nobody but the declarer saw the kitty"
                assert r.to_dict()["discard"] is None
                continue
            seen += 1
            v = r.discard
            assert v is not None and v.misere == c.is_misere
            deal = g.deal
            first = Game(g.rules, seed=0, deal=deal)
            while first.phase != "play":
                first.apply(g.actions[len(first.actions)])
            kept = first.hand(s)
            assert mask_of(v.discarded) == (deal.hands[s] | deal.kitty) & ~kept
            assert v.tricks == r.double_dummy
            # the review's limits (a few seconds at most at five players: a cell may then be
            # left incomplete, and says so)
            cell = best_discard(g.rules, deal.hands[:g.rules.players], deal.kitty, s, c.strain,
                                misere=c.is_misere, dealer=g.dealer, budget=REVIEW_NODES,
                                give_up_after=2)
            assert v.complete == cell.complete
            assert v.complete or g.rules.players == 5
            assert v.best_tricks is not None and cell.tricks is not None
            assert v.best_tricks == (min(cell.tricks, 1) if c.is_misere else cell.tricks)
            if v.tricks is None:
                # the first lead's count not solved within the review's limits (five players:
                # it was the best of the cards solved, given as exact)
                assert r.double_dummy is None and g.rules.players == 5
                continue
            if c.is_misere:
                assert v.best_tricks <= min(v.tricks, 1)
            else:
                assert v.best_tricks >= v.tricks
            assert r.to_dict()["discard"] == v.to_dict()
    assert seen >= 2
