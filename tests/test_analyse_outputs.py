"""What ``fivehundred analyse`` writes, checked against a player's review: a deal file's
errors spell its values as JSON does (``true``, ``null``, ``"3"``), as a JSON record's errors
do, and count cards grammatically; every discard is written in one order (the hand's own
under the contract: trumps first, high to low, as the terminal table shows a discard); and
``--json`` keeps tokens, its ``summary`` too."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from fivehundred.cards import NO_TRUMPS, STRAIN_NAMES
from fivehundred.cli import main
from fivehundred.record import loads
from fivehundred.solver.analysis import AnalysisError, analyse_record
from fivehundred.solver.analysis.inputs import deal_from_json
from fivehundred.tricks import sort_tokens
from helpers import DEAL

GOLDEN = Path(__file__).parent / "data" / "australian_seed7.fhr"

HANDS: list[list[str]] = DEAL["hands"]

#: (the deal file's changes, the error it must give: the JSON spelling, not Python's)
BAD_DEALS: list[tuple[dict[str, Any], str]] = [
    ({"dealer": True}, "dealer must be a seat from 0 to 3, got true"),
    ({"dealer": False}, "dealer must be a seat from 0 to 3, got false"),
    ({"dealer": None}, "dealer must be a seat from 0 to 3, got null"),
    ({"dealer": "3"}, 'dealer must be a seat from 0 to 3, got "3"'),
    ({"dealer": 4}, "dealer must be a seat from 0 to 3, got 4"),
    ({"dealer": 1.0}, "dealer must be a seat from 0 to 3, got 1.0"),
    ({"rules": None}, "rules must be a preset name or a rules string, got null"),
    ({"rules": ["australian"]}, 'rules must be a preset name or a rules string, got '
                                '["australian"]'),
    ({"extra": 1, "Hands": 2}, 'unknown key(s) in the deal: "Hands", "extra"'),
    ({"hands": None}, "hands must be a list of 4 hands, one per seat, got null"),
    ({"hands": HANDS[:3]}, "hands must be a list of 4 hands, one per seat, got 3 hands"),
    ({"hands": [*HANDS[:3], None]}, "seat 3's hand must be a list of cards, got null"),
    ({"hands": [*HANDS[:3], "KS QS"]}, 'seat 3\'s hand must be a list of cards, got "KS QS"'),
    ({"hands": [*HANDS[:3], [*HANDS[3][:9], True]]},
     "seat 3's hand: a card is a token such as AS, 10H or JK, not true"),
    ({"hands": [*HANDS[:3], [*HANDS[3][:9], None]]},
     "seat 3's hand: a card is a token such as AS, 10H or JK, not null"),
    ({"kitty": ["AC", "7C", "6h ", "x"]}, 'the kitty: not a card: "x"'),
    ({"hands": [["9S"], *HANDS[1:]]}, "seat 0's hand has 1 card, expected 10"),
    ({"hands": [[], *HANDS[1:]]}, "seat 0's hand has 0 cards, expected 10"),
    ({"kitty": ["AC"]}, "the kitty has 1 card, expected 3"),
    ({"kitty": None}, "the kitty must be a list of cards, got null"),
    ({"dead": []}, '"dead" is only for the two-handed dead-hand game'),
]


def _bad(changes: dict[str, Any]) -> dict[str, Any]:
    """The good deal with ``changes`` (a None-valued key is kept, as JSON's null)."""
    return {**DEAL, **changes}


@pytest.mark.parametrize(("changes", "message"), BAD_DEALS)
def test_deal_file_errors_spell_values_as_json(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(AnalysisError) as e:
        deal_from_json(_bad(changes))
    assert str(e.value) == message or str(e.value).startswith(message), str(e.value)
    for python in ("True", "False", "None", "'"):
        assert python not in str(e.value).replace("seat 3's", "").replace("seat 0's", "")


def test_missing_hands_and_kitty_are_named() -> None:
    with pytest.raises(AnalysisError, match=r"^the deal has no hands: "):
        deal_from_json({"kitty": DEAL["kitty"]})
    with pytest.raises(AnalysisError, match=r"^the deal has no kitty: "):
        deal_from_json({"hands": HANDS})
    with pytest.raises(AnalysisError, match='needs the dead hand: "dead"'):
        deal_from_json({"rules": "two_dead_hand", "hands": HANDS[:2], "kitty": []})


def test_deal_file_errors_on_the_command_line(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    for changes, message in [({"dealer": True}, "got true"), ({"dealer": None}, "got null"),
                             ({"hands": [["9S"], *HANDS[1:]]}, "has 1 card, expected 10")]:
        path = tmp_path / "deal.json"
        path.write_text(json.dumps(_bad(changes)))
        assert main(["analyse", str(path)]) == 2
        err = capsys.readouterr().err
        assert err == f"fivehundred analyse: {path}: {err.split(': ', 2)[2]}"
        assert message in err and "True" not in err and "None" not in err


def test_a_good_deal_file_still_reads() -> None:
    rules, deal = deal_from_json(DEAL)
    assert rules.players == 4 and deal.dealer == 3
    rules, deal = deal_from_json({k: v for k, v in DEAL.items() if k != "dealer"})
    assert deal.dealer == 0
    lower = {**DEAL, "kitty": ["ac", " 7C", "6h"]}
    assert deal_from_json(lower)[1].kitty == deal.kitty


def _strain(contract: str) -> int:
    """The strain a bid token plays in (misère at no trumps)."""
    if contract in ("misere", "open-misere"):
        return NO_TRUMPS
    return STRAIN_NAMES.index(contract.lstrip("0123456789"))


def _symbols(toks: list[str]) -> str:
    from fivehundred.actions import readable

    return " ".join(readable(t) for t in toks)


def test_a_records_discards_are_written_in_the_hands_order_under_the_contract(
        capsys: pytest.CaptureFixture[str]) -> None:
    rec = loads(GOLDEN.read_text())
    hands = analyse_record(rec)
    assert hands
    played = {h.number: h for h in hands}
    # hand 5, 7♣: recorded 9C 8H 8D (as played); 7 (6♦): 6D 10D QD, low to high
    assert rec.hands[4].discards == ("9C", "8H", "8D")
    assert played[5].discards == ("9C", "8D", "8H")
    assert played[7].discards == ("QD", "10D", "6D")
    for h in hands:
        assert h.contract is not None
        assert list(h.discards) == sort_tokens(rec.hands[h.number - 1].discards,
                                               _strain(h.contract))
    assert main(["analyse", str(GOLDEN)]) == 0
    out = capsys.readouterr().out
    assert "North (0) after discarding 9♣ 8♦ 8♥" in out
    assert "West (3) after discarding Q♦ 10♦ 6♦" in out
    assert main(["analyse", str(GOLDEN), "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    for h in obj["hands"]:
        assert h["discards"] == sort_tokens(h["discards"], _strain(h["contract"]))
    assert {h["hand"]: h["discards"] for h in obj["hands"]}[5] == ["9C", "8D", "8H"]


def test_the_kitty_tables_discards_are_in_the_same_order(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(GOLDEN), "--hand", "7", "--kitty"]) == 0
    out = capsys.readouterr().out
    # his discard and the best one, each in the order of the contract's strain (diamonds)
    verdict = next(x for x in out.splitlines() if x.startswith("West (3)'s discard"))
    mine, best = re.fullmatch(r"West \(3\)'s discard \((.*)\) left 6 tricks double dummy; "
                              r"the best, (.*), leaves 8 tricks\.", verdict).groups()  # type: ignore[union-attr]
    assert mine == "Q♦ 10♦ 6♦"
    assert best == _symbols(sort_tokens(["QC", "9C", "5S"], 2)) == "5♠ Q♣ 9♣"
    assert main(["analyse", str(GOLDEN), "--hand", "7", "--kitty", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    (hand,) = obj["hands"]
    v = hand["discard_verdict"]
    assert v["discarded"] == ["QD", "10D", "6D"] == hand["discards"]
    assert v["best"] == ["5S", "QC", "9C"]
    rows = {r["declarer"]: r for r in hand["kitty_table"]["rows"]}
    for d, row in rows.items():
        for k, name in enumerate(STRAIN_NAMES):
            cell = row["strains"][name]
            assert cell["discard"] == sort_tokens(cell["discard"], k), (d, name)
        if row["misere"] is not None:
            cards = row["misere"]["discard"]
            assert cards == sort_tokens(cards, NO_TRUMPS)
        # the text's "discarding" is the highest contract's cell, in its strain's order
        best_bid = row["highest_contract"]
        if best_bid is not None:
            k = _strain(best_bid)
            line = next(x for x in out.splitlines() if x.startswith(("North (0)", "East (1)",
                        "South (2)", "West (3)")[d] + " ") and "discarding" in x)
            assert line.endswith("discarding "
                                 + _symbols(row["strains"][STRAIN_NAMES[k]]["discard"]))


def test_a_reviews_discard_is_in_the_contracts_order() -> None:
    """The terminal and browser tables' review of the declarer's discard (the same verdict)
    writes it in the same order as ``analyse``."""
    from fivehundred.cards import mask_of
    from fivehundred.solver.analysis.kitty import DiscardVerdict, KittyCell

    cell = KittyCell(8, mask_of(["5S", "QC", "9C", "JS"]), True)
    v = DiscardVerdict.of(cell, False, ["4C", "JH", "AS", "JS"], 6, strain=1)   # clubs
    # clubs trumps: the left bower J♠ with them, then the other suits as the table shows them
    assert v.discarded == ("JS", "4C", "AS", "JH") == tuple(
        sort_tokens(["4C", "JH", "AS", "JS"], 1))
    assert v.best == ("JS", "QC", "9C", "5S")
    assert v.to_dict()["discarded"] == ["JS", "4C", "AS", "JH"]
    assert v.text("Your") == ("Your discard (J♠ 4♣ A♠ J♥) left 6 tricks double dummy; the "
                              "best, J♠ Q♣ 9♣ 5♠, leaves 8 tricks.")


def test_json_keeps_tokens_in_the_summary_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(GOLDEN), "--json"]) == 0
    text = capsys.readouterr().out
    assert not re.search("[♠♣♦♥è]", text), "--json keeps tokens (7C, misere)"
    obj = json.loads(text)
    summaries = {h["hand"]: h["summary"] for h in obj["hands"]}
    assert summaries[5] == "7C by North (0), made"
    assert summaries[8] == "open-misere by South (2), failed"
    # the text keeps the symbols
    assert main(["analyse", str(GOLDEN), "--hand", "8"]) == 0
    assert "open misère by South (2), failed" in capsys.readouterr().out
    rec = loads(GOLDEN.read_text())
    (h5,) = analyse_record(rec, 5)
    assert h5.summary == "7♣ by North (0), made"
    assert h5.to_dict()["summary"] == "7C by North (0), made"

