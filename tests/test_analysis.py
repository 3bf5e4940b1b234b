"""Double-dummy analysis for people: the table, card values and ``fivehundred analyse``.

The table is checked cell by cell against direct solver calls, its structure against what
is true of double-dummy play (constant-sum, same side and same leader give the same row),
the card values against a brute-force minimax on small endings, and the command on deal
files, the golden record and every kind of bad input.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fivehundred import Game, Rules
from fivehundred.cards import cards_of, mask_of
from fivehundred.cli import main
from fivehundred.record import dumps, dumps_json, loads, record_from_game, sort_cards
from fivehundred.rng import Rng
from fivehundred.solver import Position, move_values, solve
from fivehundred.solver.analysis import (
    AnalysisError,
    analyse_action,
    analyse_record,
    best_cards,
    card_values,
    dd_table,
    position_values,
)
from fivehundred.solver.brute import brute_move_values, brute_value
from helpers import DEAL, end_position

GOLDEN = Path(__file__).parent / "data" / "australian_seed7.fhr"
CARD_TOKEN = re.compile(r"\b(10|[2-9JQKA])[SCDH]\b")   # a card written as a token: AS, 10H


def deal_hands(preset: str, seed: int, **overrides: Any) -> tuple[Rules, tuple[int, ...]]:
    """A seeded deal's hands (the kitty and any dead hand set aside)."""
    r = Rules.preset(preset, **overrides)
    return r, Game(r, seed=seed).deal.hands[: r.players]


def ending(preset: str, seed: int, bid: str | None, left: int, **overrides: Any) -> Game:
    """A seeded game bid as told, then played at random to ``left`` tricks (maybe mid-trick)."""
    return end_position(preset, seed, bid, left, **overrides)

def ending_hands(preset: str, seed: int, left: int,
                 **overrides: Any) -> tuple[Rules, tuple[int, ...]]:
    """Equal hands of ``left`` cards: a seeded deal's hands, cut down at random."""
    r, hands = deal_hands(preset, seed, **overrides)
    rng = Rng(seed)
    cut = []
    for h in hands:
        cs = cards_of(h)
        rng.shuffle(cs)
        cut.append(mask_of(cs[:left]))
    return r, tuple(cut)


# ---------------------------------------------------------------------- the table


@pytest.mark.parametrize(("preset", "seed"), [("australian", 0), ("classic4", 3), ("two_24", 1)])
def test_table_equals_direct_solves(preset: str, seed: int) -> None:
    r, hands = deal_hands(preset, seed)
    t = dd_table(r, hands)
    assert t.complete and len(t.tricks) == r.players
    for d in range(r.players):
        assert len(t.tricks[d]) == 5  # two_24 has no joker, but no trumps is still a strain
        for strain in range(5):
            want = solve(Position.for_contract(r, hands, d, strain)).tricks
            assert t.tricks[d][strain] == want, (d, strain)
        assert t.misere is not None
        forced = solve(Position.for_contract(r, hands, d, 4, misere=True)).tricks
        assert t.misere[d] == (forced == 0)


def test_table_structure_on_a_whole_deal() -> None:
    r, hands = deal_hands("australian", 11)
    t = dd_table(r, hands, dealer=2)
    assert all(0 <= x <= 10 for row in t.tricks for x in row if x is not None)
    assert t.hand_size == 10
    d = t.to_dict()
    assert [row["declarer"] for row in d["rows"]] == [0, 1, 2, 3]
    assert [row["leader"] for row in d["rows"]] == [0, 1, 2, 3]  # the declarer leads
    assert d["rows"][1]["tricks"]["NT"] == t.tricks[1][4]
    assert json.loads(json.dumps(d)) == d
    text = t.format(("N", "E", "S", "W"))
    assert "♠   ♣   ♦   ♥  NT  misère" in text
    assert text.splitlines()[2].startswith("N (0)")
    assert "yes" not in text and "misère: yes" not in text   # its legend only under a yes


def test_eldest_lead_partners_share_a_row_and_opponents_complement() -> None:
    # With opening_lead=eldest every declarer's contract is led by the same seat, so the
    # partners' rows (same side, same leader, same hands) are equal, and the two sides'
    # rows add up to the tricks to play (the play is constant-sum).
    r, hands = ending_hands("australian", 5, 5, opening_lead="eldest")
    for dealer in range(4):
        t = dd_table(r, hands, dealer=dealer)
        assert {t.leader(d) for d in range(4)} == {(dealer + 1) % 4}
        for d in range(4):
            assert t.tricks[d] == t.tricks[(d + 2) % 4]
            for s in range(5):
                x, y = t.tricks[d][s], t.tricks[(d + 1) % 4][s]
                assert x is not None and y is not None and x + y == 5


def test_declarer_lead_complements_the_eldest_table() -> None:
    # With the declarer leading, partners' rows differ in leader, so they need not be equal
    # (they differ in about one cell in sixteen on random deals); what is true: declarer d
    # leading is the same play as the other side declaring when d is eldest.
    r, hands = ending_hands("australian", 8, 5)
    t = dd_table(r, hands)
    for d in range(4):
        assert t.leader(d) == d
        e = dd_table(r.replace(opening_lead="eldest"), hands, dealer=(d - 1) % 4)
        for s in range(5):
            x, y = t.tricks[d][s], e.tricks[(d + 1) % 4][s]
            assert x is not None and y is not None and x + y == 5


def test_eldest_lead_follows_the_dealer_like_the_engine() -> None:
    r = Rules.preset("australian", opening_lead="eldest")
    g = Game(r, seed=4)
    eldest = g.eldest
    g.apply("pass")  # eldest passes; the next seat declares, so eldest is not his left
    g.apply("6S")
    while g.phase == "auction":
        g.apply("pass")
    while g.phase == "kitty":
        g.apply(g.legal_action_ids()[0])
    assert g.phase == "play" and g.contract is not None
    declarer = g.contract.declarer
    assert g.to_move == eldest != (declarer + 1) % 4
    t = dd_table(r, [g.hand(s) for s in range(4)], dealer=g.dealer)
    assert t.leader(declarer) == g.to_move
    assert t.tricks[declarer][0] == solve(g).tricks


def test_rules_without_misere_and_with_only_closed_misere() -> None:
    # misere_allowed=false bans open misère too, whatever open_misere_allowed says
    for open_allowed in (False, True):
        r, hands = ending_hands("australian", 2, 3, misere_allowed=False,
                                open_misere_allowed=open_allowed)
        t = dd_table(r, hands)
        assert t.misere is None and t.to_dict()["misere_kinds"] == []
        assert "misère" not in t.format().splitlines()[1]
        assert "allow no misère" in t.format()
    r2 = r.replace(misere_allowed=True, open_misere_allowed=False)
    t2 = dd_table(r2, hands)
    assert t2.misere is not None and t2.to_dict()["misere_kinds"] == ["misere"]
    assert t2.format().splitlines()[1].endswith(" misère")
    assert "open" not in t2.format().splitlines()[1]


def test_five_handed_partner_and_bad_hands() -> None:
    r, hands = ending_hands("five_called", 3, 3)
    t = dd_table(r, hands, partner=2)
    for d in range(5):
        for s in range(5):
            p = Position.for_contract(r, hands, d, s, partner=2)
            assert t.tricks[d][s] == solve(p).tricks
    assert "the called partner" in t.format()
    with pytest.raises(AnalysisError, match="called-partner game"):
        dd_table(Rules.preset("australian"), deal_hands("australian", 1)[1], partner=2)
    r4, h4 = deal_hands("australian", 1)
    with pytest.raises(AnalysisError, match="4 hands expected"):
        dd_table(r4, h4[:3])
    with pytest.raises(AnalysisError, match="repeats"):
        dd_table(r4, (h4[0], h4[0], h4[2], h4[3]))
    with pytest.raises(AnalysisError, match="differ in size"):
        dd_table(r4, (h4[0] & (h4[0] - 1), h4[1], h4[2], h4[3]))


def test_progress_and_budget() -> None:
    r, hands = ending_hands("australian", 6, 4)
    seen: list[tuple[int, int]] = []
    dd_table(r, hands, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(k, 24) for k in range(25)]
    r5, h5 = deal_hands("six_threes", 1)
    t = dd_table(r5, h5, budget=1)  # far too small a budget: nothing is solved
    assert not t.complete and t.tricks[0][0] is None
    assert "?: not solved within the search limits" in t.format()


# ---------------------------------------------------------------------- card values


@pytest.mark.parametrize(("preset", "bid"), [
    ("australian", "6H"), ("australian", "6NT"), ("australian", "misere"),
    ("classic3", "6S"), ("classic3", "misere"), ("five_called", "6D"),
])
def test_card_values_equal_brute_force(preset: str, bid: str) -> None:
    checked = 0
    for seed in range(40):
        g = ending(preset, seed, bid, 3)
        if g.phase != "play" or g.contract is None:
            continue
        values = card_values(g)
        assert values == brute_move_values(g)
        p = Position.from_game(g)
        seat = g.to_move
        assert seat is not None
        pick = max if p.max_seats >> seat & 1 else min
        best = best_cards(g, values)
        assert best and all(values[c] == pick(values.values()) for c in best)
        assert set(best) == {c for c, v in values.items() if v == pick(values.values())}
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_card_values_in_the_all_pass_game() -> None:
    checked = 0
    for seed in range(40):
        g = ending("classic3", seed, None, 3)
        if g.phase != "play":
            continue
        seat = g.to_move
        assert seat is not None and g.contract is None
        side = g.rules.sides[g.rules.side_of[seat]]
        p = Position.from_game(g, side=side)
        want = {}
        for tok in g.legal_actions():
            child = g.clone()
            child.apply(tok)
            gained = 0
            if len(child.tricks) > len(g.tricks):
                gained = (p.count_seats >> child.tricks[-1].winner) & 1
            rest = brute_value(child, Position.from_game(child, side=side)) \
                if child.phase == "play" else 0
            want[tok] = gained + rest
        assert card_values(g) == want
        pv = position_values(g)
        assert pv.counted == side and pv.maximising and pv.contract is None
        assert "all passed" in pv.format()
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_position_values_say_who_wants_what() -> None:
    roles = set()
    for seed in range(30):
        g = ending("classic3", seed, "misere", 3)
        if g.phase != "play" or g.contract is None or not g.contract.is_misere:
            continue
        pv = position_values(g)
        declarer = g.contract.declarer
        assert pv.counted == (declarer,) and pv.misere
        assert pv.maximising == (pv.seat != declarer)
        d = pv.to_dict()
        assert d["totals"] == {t: v + pv.taken for t, v in d["values"].items()}
        assert d["to_move_wants"] == ("most" if pv.maximising else "fewest")
        text = pv.format()
        assert "must take no trick" in text
        assert ("is the declarer and wants the fewest" in text) == (pv.seat == declarer)
        assert ("defends and wants the most" in text) == (pv.seat != declarer)
        # each sentence begins with a capital (unnamed seats: "Seat 2 defends", not "seat 2")
        assert not [line for line in text.splitlines() if line.startswith("seat ")], text
        roles.add(pv.seat == declarer)
    assert roles == {True, False}


def test_unsolved_misere_cards_still_say_whether_the_declarer_takes_a_trick() -> None:
    """Five-handed misère cards past the node budget are asked only whether the declarer
    takes a trick: 0 (his count known), else at least 1; a card so bounded above every solved
    one leaves none marked best."""
    budget = 20_000
    seen = set()
    for left, seed in ((6, 2), (10, 0), (9, 6)):
        g = ending("five_called", seed, "misere", left)
        raw = move_values(g, budget)
        capped = move_values(g, budget, cap=1)
        pv = position_values(g, budget)
        for t, v in raw.items():
            if v is not None:
                assert pv.values[t] == v and t not in pv.at_least
            elif capped[t] == 0:
                assert pv.values[t] == 0 and t not in pv.at_least
            else:
                assert pv.values[t] is None
                assert pv.at_least.get(t) == (None if capped[t] is None else 1)
        assert pv.at_least and pv.to_dict()["at_least"] == pv.at_least
        text = pv.format()
        assert "≥1: the declarer takes a trick after this card" in text
        assert all(f"≥{1 + pv.taken}" in line for line in text.splitlines()
                   if line.split()[:1] and line.split()[0] in pv.at_least)
        seen.add((pv.maximising, any(v == 0 for v in pv.values.values())))
    assert (True, True) in seen and {m for m, _ in seen} == {True, False}
    g = ending("five_called", 2, "misere", 6)  # a defender to play
    assert position_values(g).maximising
    assert best_cards(g, {"8S": 0, "KS": 0, "5C": None}, {"5C": 1}) == ()
    assert best_cards(g, {"8S": 1, "KS": 0, "5C": None}, {"5C": 1}) == ("8S",)
    pv = replace(position_values(g), values={"8S": 0, "KS": 0, "5C": None},
                 at_least={"5C": 1}, best=())
    text = pv.format()
    assert "No card is marked best" in text and "best\n" not in text + "\n"
    assert text.index("  5♣") < text.index("  8♠")      # the defender wants the most


# ---------------------------------------------------------------------- the command


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(["analyse", *args])
    out = capsys.readouterr()
    return rc, out.out, out.err



def test_a_hands_analysis_names_the_seats_as_its_record_does() -> None:
    """Formatted without names, a hand's analysis wrote "dealer seat 2" and "seat 0 after
    discarding" beside its summary's "7C by North (0)": it now keeps the record's names."""
    (hand,) = analyse_record(loads(GOLDEN.read_text()), 4)
    text = hand.format()
    assert text.startswith("Hand 4 (dealer South (2)): 7♣ by North (0), failed\n"), text
    assert "seat " not in text and "North (0) after discarding" in text, text
    assert hand.format(["A", "B", "C", "D"]).startswith("Hand 4 (dealer C (2)): "), text


def test_cli_deal_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(DEAL))
    rc, out, err = run([str(path)], capsys)
    assert rc == 0 and err == ""
    assert "the hands as dealt, the kitty (A♣ 7♣ 6♥) set aside" in out
    assert not CARD_TOKEN.search(out), out       # suits as symbols, for people
    assert "declarer    ♠   ♣   ♦   ♥  NT  misère" in out
    assert "seat 0      7   8   9   9   9  no" in out
    rc, out, err = run([str(path), "--json"], capsys)
    assert rc == 0
    data = json.loads(out)
    assert data["kind"] == "deal" and data["kitty"] == ["AC", "7C", "6H"]
    r = Rules.preset("australian")
    game = Game(r, deal={k: v for k, v in DEAL.items() if k != "rules"})
    t = dd_table(r, game.deal.hands, dealer=3)
    assert data["table"] == t.to_dict()


def test_cli_golden_record_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run([str(GOLDEN), "--hand", "5"], capsys)
    assert rc == 0 and err == ""
    assert out.startswith("Hand 5 (dealer West (3)): 7♣ by North (0), made\n")
    assert not CARD_TOKEN.search(out), out
    assert "North (0) after discarding 9♣ 8♦ 8♥" in out
    assert "North (0)    5   8   5   8   3  no" in out
    assert "Played: 7♣ by North (0) (needs 7): North (0)+South (2) took 7 tricks; double dummy 8" \
        in out
    rc, out, err = run([str(GOLDEN), "--hand", "5", "--json"], capsys)
    assert rc == 0
    data = json.loads(out)
    assert data["kind"] == "record" and data["seats"] == ["North", "East", "South", "West"]
    (h,) = data["hands"]
    assert h["hand"] == 5 and h["contract"] == "7C" and h["declarer"] == 0
    assert h["results"] == [{"seats": [0, 2], "taken": 7, "double_dummy": 8,
                            "at_least": 0}]
    assert h["makeable"] is True
    # the declarer leads in both, so the table's cell is the contract's double-dummy value
    assert h["table"]["rows"][0]["tricks"]["C"] == 8
    # the JSON form of the record gives the same analysis
    jpath = tmp_path / "golden.fhr.json"
    jpath.write_text(dumps_json(loads(GOLDEN.read_text())))
    rc, out2, _ = run([str(jpath), "--hand", "5", "--json"], capsys)
    assert rc == 0 and json.loads(out2) == data


def test_cli_search_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(DEAL))
    _, whole, _ = run([str(path)], capsys)
    rc, out, err = run([str(path), "--nodes", "0"], capsys)   # no budget: the same table
    assert rc == 0 and err == "" and out == whole and "?" not in whole
    for limit in (["--nodes", "1"], ["--seconds", "1e-9"]):  # nothing can finish in these
        rc, out, err = run([str(path), *limit], capsys)
        assert rc == 0 and err == ""
        assert "seat 0      ?   ?   ?   ?   ?  ?" in out
        assert "?: not solved within the search limits" in out
    rc, out, _ = run([str(GOLDEN), "--hand", "5", "--action", "14", "--seconds", "1e-9"], capsys)
    assert rc == 0 and "?: not solved within the search limits" in out
    rc, out, _ = run([str(GOLDEN), "--hand", "5", "--seconds", "1e-9"], capsys)
    assert rc == 0 and "double dummy: not solved within the search limits" in " ".join(out.split())
    rc, out, _ = run([str(GOLDEN), "--hand", "5", "--seconds", "60"], capsys)
    assert rc == 0 and "double dummy 8" in out and "?" not in out


def test_library_time_limits() -> None:
    r, hands = deal_hands("australian", 1)
    t = dd_table(r, hands, seconds=1e-9)
    assert not t.complete and all(v is None for row in t.tricks for v in row)
    assert t.misere is not None and all(m is None for m in t.misere)
    assert dd_table(r, hands, seconds=60) == dd_table(r, hands)
    g = ending("australian", 2, "6H", 5)
    assert set(position_values(g, seconds=1e-9).values.values()) == {None}
    assert position_values(g, seconds=60) == position_values(g)
    rec = loads(GOLDEN.read_text())
    (h,) = analyse_record(rec, 5, seconds=1e-9)
    assert h.results[0].double_dummy is None and not h.table.complete


def test_cli_golden_misere_and_thrown_in_hands(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run([str(GOLDEN), "--hand", "8", "--json"], capsys)
    assert rc == 0
    (h,) = json.loads(out)["hands"]
    assert h["contract"] == "open-misere" and h["needed"] == 0
    assert h["results"] == [{"seats": [2], "taken": 1, "double_dummy": 1, "at_least": 0}]
    assert h["makeable"] is False and h["table"]["rows"][2]["misere"] is False
    rc, out, _ = run([str(GOLDEN), "--hand", "1"], capsys)
    assert rc == 0
    assert out.startswith("Hand 1 (dealer West (3)): all passed, thrown in\n")
    assert "It never reached the play; the hands as dealt" in out


def test_cli_every_hand_names_the_hands_left_out(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --hand, the hands that never reached the play are left out, and named (they
    were left out without a word, though the help said "every hand")."""
    rc, out, _ = run([str(GOLDEN)], capsys)
    assert rc == 0
    assert " ".join(out.split("\n\n")[0].split()) == (
        "Hands 1, 2, 3 never reached the play (all passed, or the record ends before the first "
        "lead): "
        "--hand N shows one as dealt.")
    assert "\nHand 4 (dealer" in out and "Hand 1 (" not in out
    rc, out, _ = run([str(GOLDEN), "--json"], capsys)
    data = json.loads(out)
    assert data["not_played"] == [1, 2, 3] and [h["hand"] for h in data["hands"]] == [
        4, 5, 6, 7, 8, 9]
    rc, out, _ = run([str(GOLDEN), "--hand", "5", "--json"], capsys)
    assert json.loads(out)["not_played"] == []      # one hand asked for: none left out


def test_cli_wide_names_line_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seat names of wide characters (李小龙 takes six columns, not three) and combining marks
    keep the hands and the tables in line: they were padded by characters, two columns off."""
    from rich.cells import cell_len as text_width

    wide = tmp_path / "wide.fhr"
    wide.write_text(GOLDEN.read_text().replace('[Seats "North,East,South,West"]',
                                               '[Seats "Al,Bartholomew,李小龙,Zoe\u0308"]'))
    rc, out, _ = run([str(wide), "--hand", "5", "--kitty"], capsys)
    assert rc == 0
    lines = out.splitlines()
    starts = [lines.index(next(x for x in lines if x.startswith("The hands at the first lead")))]
    starts += [k for k, x in enumerate(lines) if x.startswith("declarer ")]
    assert len(starts) == 3, out          # the hands, the table, the table with the kitty
    for k in starts:
        block = lines[k + 1:k + 5]
        # each row's name and the spaces after it, up to the first card or number
        prefixes = [re.match(r"^(.*?\(\d\) +)", row) for row in block]
        assert all(prefixes), block
        assert len({text_width(m.group(1)) for m in prefixes if m}) == 1, block


def test_analyse_record_every_played_hand() -> None:
    rec = loads(GOLDEN.read_text())
    hands = analyse_record(rec)
    assert [h.number for h in hands] == [4, 5, 6, 7, 8, 9]
    for h in hands:
        assert h.table.complete and h.results
        dd = h.results[0].double_dummy
        assert h.declarer is not None and h.contract is not None
        if h.needed == 0:
            assert h.table.misere is not None
            assert h.table.misere[h.declarer] == (dd == 0)
        else:
            strain = "SCDH".find(h.contract[-1]) if not h.contract.endswith("NT") else 4
            assert h.table.tricks[h.declarer][strain] == dd
        res = rec.hands[h.number - 1].result
        assert res is not None and h.results[0].taken == sum(res.tricks[s]
                                                            for s in h.results[0].seats)


def test_a_misere_too_long_to_count_still_says_whether_it_can_be_made() -> None:
    """A five-handed misère whose forced tricks are not counted within the budget: the
    defence forcing one is asked on its own, and the verdict given."""
    from fivehundred.benchmarks.solver import contract_game
    from fivehundred.record import record_from_game
    from fivehundred.rng import Rng

    g = contract_game("five_called", 2, "misere", 0)
    assert g is not None
    rng = Rng(2)
    while g.phase == "play":
        g.apply(rng.choice(g.legal_action_ids()))
    rec = record_from_game(g)
    (h,) = analyse_record(rec, 1, budget=20_000)
    (r,) = h.results
    assert r.double_dummy is None and r.at_least == 1 and h.makeable is False
    assert h.to_dict()["results"][0]["at_least"] == 1 and h.to_dict()["makeable"] is False
    assert "the defence forces a trick on him (how many was not solved" in " ".join(
        h.format().split())
    assert h.table.misere is not None and h.table.misere[0] is False   # the same verdict


def test_cli_action_values(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run([str(GOLDEN), "--hand", "5", "--action", "14"], capsys)
    assert rc == 0 and err == ""
    assert out.startswith("Hand 5, after 14 actions.\nTrick 2: East (1) to play;")
    assert "the declaring side (North (0)+South (2))" in out
    assert "East (1) defends and wants the fewest" in out
    rc, out, err = run([str(GOLDEN), "--hand", "5", "--action", "14", "--json"], capsys)
    assert rc == 0
    data = json.loads(out)
    rec = loads(GOLDEN.read_text())
    g = Game(rec.rules, deal=rec.hands[4].deal(rec.rules))
    for tok in rec.hands[4].actions[:14]:
        g.apply(tok)
    assert data["values"] == card_values(g)
    assert data["best"] == list(best_cards(g))
    assert data["to_move"] == 1 and data["counted_seats"] == [0, 2] and data["taken"] == 1
    assert data["to_move_wants"] == "fewest"



def test_a_positions_hands_are_high_to_low_as_in_records(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--action``'s JSON listed each hand low to high (``"10S", "QS", "7C"``, as the engine
    holds them) where records and a table's ``hands`` list them high to low."""
    rc, out, _ = run([str(GOLDEN), "--hand", "5", "--action", "14", "--json"], capsys)
    assert rc == 0
    hands = json.loads(out)["hands"]
    assert list(hands) == ["1", "2", "3", "0"]
    rec = loads(GOLDEN.read_text())
    g = Game(rec.rules, deal=rec.hands[4].deal(rec.rules))
    for tok in rec.hands[4].actions[:14]:
        g.apply(tok)
    for seat, cards in hands.items():
        assert cards == list(sort_cards(cards)) == list(sort_cards(g.hand_tokens(int(seat))))
    assert any(cards != list(g.hand_tokens(int(seat))) for seat, cards in hands.items())


def _partial_record(tmp_path: Path) -> Path:
    g = Game(Rules.preset("australian"), seed=3)
    for tok in ("pass", "pass", "pass", "pass"):
        g.apply(tok)
    path = tmp_path / "partial.fhr"
    path.write_text(dumps(record_from_game(g, seat=1)))
    return path


BAD: list[tuple[str | None, list[str], str]] = [
    (None, [], "cannot read"),
    ('{"hands": [["AS"]], "kitty": [', [], "not JSON"),
    ("[1, 2]", [], "must hold an object"),
    ('{"hands": [], "deal": 1}', [], 'unknown key(s) in the deal: "deal"'),
    ('{"rules": "nope", "hands": []}', [], "unknown preset 'nope'"),
    ('{"rules": 3, "hands": []}', [], "rules must be a preset name"),
    ('{"hands": [["AS"], ["KS"], ["QS"], ["JS"]], "kitty": []}', [], "expected 10"),
    ('{"format": "fivehundred-record", "hands": 3}', [], "missing key"),
    ("Hand 1\nDealer 0\n", [], "a record starts with its rules"),
    (json.dumps(DEAL), ["--hand", "1"], "is a deal, not a record"),
    # (not "--action needs --hand", which --hand then refuses)
    (json.dumps(DEAL), ["--action", "3"], "is a deal, not a record"),
    # cards by token only: a number (the library's card id) or true is not a card here
    # a card twice in one place names it once ("(the kitty and the kitty)" it said)
    (json.dumps({**DEAL, "kitty": ["AC", "AC", "6H"]}), [], "card AC appears twice in the kitty"),
    (json.dumps({**DEAL, "kitty": ["AC", "7C", 52]}), [],
     "the kitty: a card is a token such as AS, 10H or JK, not 52"),
    (json.dumps({**DEAL, "kitty": ["AC", "7C", True]}), [],
     "the kitty: a card is a token such as AS, 10H or JK, not true"),
    (json.dumps({**DEAL, "hands": [*DEAL["hands"][:3], [*DEAL["hands"][3][:9], 4.0]]}), [],
     "seat 3's hand: a card is a token such as AS, 10H or JK, not 4.0"),
    ("GOLDEN", ["--hand", "10"], "no hand 10: the record has 9 hand(s)"),
    ("GOLDEN", ["--action", "3"], "--action needs --hand"),
    ("GOLDEN", ["--hand", "5", "--action", "3"],
     "hand 5 is then before the first lead, not in the play; its play runs from --action 9 to 48"),
    ("GOLDEN", ["--hand", "5", "--action", "49"], "is then over, not in the play; its play runs "
                                                  "from --action 9 to 48"),
    # (past the record, the range given is the play's, not every action's: 50 was "give 0 to 49")
    ("GOLDEN", ["--hand", "5", "--action", "50"],
     "hand 5 is then past its 49 actions, not in the play; its play runs from --action 9 to 48"),
    ("GOLDEN", ["--hand", "1", "--action", "2"], "hand 1 never reached the play"),
    ("PARTIAL", [], "seat 1's view"),
]


@pytest.mark.parametrize(("content", "args", "message"), BAD)
def test_cli_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                       content: str | None, args: list[str], message: str) -> None:
    if content == "GOLDEN":
        path = GOLDEN
    elif content == "PARTIAL":
        path = _partial_record(tmp_path)
    else:
        path = tmp_path / "input.json"
        if content is not None:
            path.write_text(content)
    rc, out, err = run([str(path), *args], capsys)
    assert rc == 2 and out == ""
    assert err.startswith("fivehundred analyse: ") and err.count("\n") == 1
    assert message in err and "Traceback" not in err


REVOKE = "hand 5, action 15 (6H by seat 1): must follow clubs (trumps): you hold QC, 7C"


@pytest.mark.parametrize("form", ["text", "json"])
def test_analyse_and_hint_name_the_first_fault_as_replay_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str) -> None:
    """West's QC and 6H swapped in hand 5 (a revoke in trick 2, and later trick 10's winner
    or the hand's tricks wrong): replay named the revoke, the first fault in the order of
    play, while analyse and hint named the later fault that reading finds."""
    text = GOLDEN.read_text()
    trick2, trick10 = "Trick 2 0:6C 1:QC 2:JC 3:10C -> 2", "Trick 10 0:10H 1:6H 2:5D 3:5S -> 0"
    assert text.count(trick2) == text.count(trick10) == 1
    bad = text.replace(trick2, trick2.replace("QC", "6H")).replace(trick10,
                                                                   trick10.replace("6H", "QC"))
    line = text.splitlines().index(trick2) + 1
    assert line == 71
    said = f"line {line}: {REVOKE}"         # where it is: the line, or the JSON path
    if form == "json":
        obj = json.loads(dumps_json(loads(text)))
        play = obj["hands"][4]["play"]
        i, j = play.index("QC"), play.index("6H")
        play[i], play[j] = play[j], play[i]
        bad = json.dumps(obj)
        assert i == 5 and play[i] == "6H"          # (trick 2's second card, seat 1's)
        said = f"{REVOKE} (at $.hands[4].play[{i}])"
    path = tmp_path / ("revoke.fhr" if form == "text" else "revoke.fhr.json")
    path.write_text(bad, encoding="utf-8")
    for command, args in (("replay", []), ("analyse", ["--hand", "5"]),
                          ("hint", ["--hand", "5", "--action", "10"])):
        assert main([command, str(path), *args]) == 2
        out = capsys.readouterr()
        assert out.out == "" and out.err == f"fivehundred {command}: {path}: {said}\n"


@pytest.mark.parametrize(("args", "message"), [
    (["--hand", "0"], "argument --hand: 0 is out of range: expected a whole number from 1"),
    (["--hand", "5", "--action", "-1"], "argument --action: -1 is out of range"),
    (["--hand", "5", "--nodes", "-1"], "argument --nodes: -1 is out of range"),
    (["--nodes", "99999999999999999999"], "expected a whole number from 0 to "
                                          "1,000,000,000,000"),
    (["--hand", "5", "--action", "14", "--nodes", "99999999999999999999"], "--nodes"),
    (["--hand", "5", "--seconds", "0"], "argument --seconds: 0 is not a time limit"),
    (["--hand", "5", "--seconds", "nan"], "argument --seconds: nan is not a time limit"),
    (["--hand", "5", "--seconds", "inf"], "argument --seconds: inf is not a time limit"),
    (["--hand", "5", "--seconds", "1e300"], "at most 86,400 (a day)"),
    (["--hand", "5", "--seconds", "soon"], "argument --seconds: 'soon': expected a number"),
])
def test_cli_refuses_numbers_out_of_range(capsys: pytest.CaptureFixture[str], args: list[str],
                                          message: str) -> None:
    """Counts and time limits are bounded by argparse: exit 2 with the option and the range,
    before the record is even read."""
    with pytest.raises(SystemExit) as exc:
        main(["analyse", str(GOLDEN), *args])
    assert exc.value.code == 2
    out = capsys.readouterr()
    assert out.out == "" and "Traceback" not in out.err
    assert message in out.err


def test_cli_limits_past_what_the_kernel_can_count_are_refused() -> None:
    """The library refuses a node budget its 64-bit counters cannot hold, and treats a time
    limit longer than a thread can wait as none (1e300 seconds overflowed the lock's wait)."""
    from fivehundred.solver.limits import LimitError, check_limits, deadline_after

    with pytest.raises(LimitError, match="up to"):
        check_limits(10**20, None)
    assert deadline_after(1e300) is None
    rec = loads(GOLDEN.read_text())
    pv = analyse_action(rec, 5, 14, seconds=1e300)
    assert pv.values


def test_cli_binary_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.fhr"
    path.write_bytes(b"\xff\xfe\x00")
    rc, _, err = run([str(path)], capsys)
    assert rc == 2 and "not UTF-8 text" in err
