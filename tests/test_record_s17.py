"""A record edited by hand (`fivehundred replay FILE`): a line out of place says what may
come there, a deal edited under a Seed tag is named at the part that differs, and a card
played twice names the seat that played it (reviewer's findings, session 17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fivehundred import Game, RecordError, Rules
from fivehundred.cli import main
from fivehundred.dealing import first_dealer, seed_difference, seeded_deal
from fivehundred.record import dumps, dumps_json, loads, record_from_game, replay
from fivehundred.record.files import parse_record
from recordgames import GOLDEN


@pytest.fixture(scope="module")
def good() -> str:
    return GOLDEN.read_text(encoding="utf-8")


def _edited(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _replayed(text: str) -> str:
    """The message `fivehundred replay` gives for ``text`` (read as it reads it)."""
    with pytest.raises(RecordError) as e:
        replay(parse_record(text, replaying=True))
    return str(e.value)


def _line_of(text: str, line: str, after: str = "") -> int:
    """The number of ``line`` in ``text`` (the first after the line ``after``)."""
    lines = text.splitlines()
    return lines.index(line, lines.index(after) if after else 0) + 1


# ---------------------------------------------------------------------- 1. a line out of place


def test_a_misspelled_keyword_is_named_with_the_lines_that_may_come_there(good: str) -> None:
    """`Discard` for `Discards` after the auction was blamed on a missing Result line."""
    text = _edited(good, "Discards 7S 6D JS", "Discard 7S 6D JS")
    assert _replayed(text) == (
        f"line {_line_of(text, 'Discard 7S 6D JS')}: hand 4: expected 'Auction', 'Discards', "
        "'Exposed', 'Trick' or 'Result' after the 'Auction' line, got 'Discard 7S 6D JS'; did "
        "you mean 'Discards'?")
    text = _edited(good, "Auction 3:pass 0:6S", "Auctoin 3:pass 0:6S")
    said = _replayed(text)
    assert said.startswith(f"line {_line_of(text, 'Auctoin 3:pass 0:6S 1:6H 2:pass')}: hand 4: "
                           "expected 'Auction', 'Discards', 'Exposed', 'Trick' or 'Result' "
                           "after the 'Kitty' line, got 'Auctoin"), said
    assert said.endswith("; did you mean 'Auction'?"), said
    # a keyword in the wrong case, where only one may come
    text = _edited(good, "Trick 3 2:7C", "trick 3 2:7C")
    said = _replayed(text)
    assert "expected 'Trick' or 'Result' after the 'Trick' line, got 'trick 3 2:7C" in said
    assert said.endswith("; did you mean 'Trick'?"), said


def test_a_line_out_of_place_after_one_these_rules_have_none_of_is_said(good: str) -> None:
    """A 'Call' line in a game with no partner to call, then a line out of place: its
    message (the lines that may follow a 'Call') raised ValueError, a traceback."""
    text = _edited(good, "Discards 7S 6D JS", "Discards 7S 6D JS\nCall QH\nBogus x")
    assert _replayed(text) == (
        f"line {_line_of(text, 'Bogus x')}: hand 4: expected 'Exposed', 'Trick' or 'Result' "
        "after the 'Call' line, got 'Bogus x'")


def test_text_after_a_finished_hand_expects_the_next_hand_or_the_end(good: str) -> None:
    said = _replayed(good + "\nfoo bar\n")
    assert said == ("line 163: hand 9: expected the next hand ('Hand 10') or the end of the "
                    "record, got 'foo bar'")
    said = _replayed(_edited(good, "\nHand 2\n", "\nHnad 2\n"))
    assert said == ("line 18: hand 1: expected the next hand ('Hand 2') or the end of the "
                    "record, got 'Hnad 2'; did you mean 'Hand'?")


def test_a_keyword_out_of_its_place_says_so(good: str) -> None:
    moved = _edited(good, "Discards 7S 6D JS\n", "")
    moved = _edited(moved, "2:9S -> 3\n", "2:9S -> 3\nDiscards 7S 6D JS\n")
    said = _replayed(moved)
    assert said.endswith("hand 4: expected 'Trick' or 'Result' after the 'Trick' line, got "
                         "'Discards 7S 6D JS' ('Discards' comes earlier: a hand's lines come in "
                         "the order Hand, Dealer, Seat, Kitty, Auction, Discards, Exposed, "
                         "Trick, Result)"), said
    twice = _edited(good, "Kitty 10C 5C 4H\n", "Kitty 10C 5C 4H\nKitty 10C 5C 4H\n")
    assert _replayed(twice).endswith("got 'Kitty 10C 5C 4H' (a hand has one 'Kitty' line)")


def test_a_misspelled_keyword_where_one_line_must_come(good: str) -> None:
    text = _edited(good, "Kitty 10C 5C 4H", "Kity 10C 5C 4H")
    assert _replayed(text).endswith("expected 'Kitty ...' (the kitty as dealt, or ? when "
                                    "unseen), got 'Kity 10C 5C 4H'; did you mean 'Kitty'?")


# ---------------------------------------------------------------------- 2. a seeded deal edited


HAND3_SEATS = ("Seat 0 JS 8S AC 10C 8C 7C KD QD 10D 9D\nSeat 1 10S 7S",
               "Seat 0 10S 8S AC 10C 8C 7C KD QD 10D 9D\nSeat 1 JS 7S")
SWAPPED = ("hand 3, seat 0's cards: seat 0 holds 10S, but seed 7 deals 10S to seat 1 and JS "
           "to seat 0: a card was moved, or the Seed tag does not belong to these deals (a game "
           "whose hands were given, not dealt from its seed, has no Seed tag)")
DEALER = ("hand 1, dealer: the dealer is seat 2, but seed 7 has seat 3 deal hand 1: the dealer "
          "was changed, or the Seed tag does not belong to these deals")


def test_cards_moved_under_a_seed_tag_are_named_at_their_seat(good: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    """Two cards swapped between seats 0 and 1 of hand 3: said at seat 0's line (not the
    'Hand 3' line), naming the card and where the seed deals it, by replay and the command."""
    text = _edited(good, *HAND3_SEATS)
    line = _line_of(text, "Hand 3") + 2
    assert text.splitlines()[line - 1].startswith("Seat 0 10S")
    assert _replayed(text) == f"line {line}: {SWAPPED}"
    with pytest.raises(RecordError, match=f"^line {line}: hand 3, seat 0's cards: seat 0 holds"):
        replay(loads(text))                 # (read first, then replayed: the same place)
    path = tmp_path / "swapped.fhr"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err == f"fivehundred replay: {path}: line {line}: {SWAPPED}\n"


def test_a_dealer_changed_under_a_seed_tag_is_named_at_the_dealer_line(good: str) -> None:
    text = good.replace("\nDealer 3\n", "\nDealer 2\n", 1)
    said = _replayed(text)
    assert said.startswith(f"line {_line_of(text, 'Dealer 2')}: {DEALER}"), said
    assert "cards" not in said


def test_a_json_record_names_the_part_by_its_path(good: str) -> None:
    js = json.loads(dumps_json(loads(good)))
    js["hands"][0]["dealer"] = 2
    said = _replayed(json.dumps(js))
    assert said.startswith(DEALER) and said.endswith("(at $.hands[0].dealer)"), said
    assert _replayed(dumps_json(loads(_edited(good, *HAND3_SEATS)))) == (
        f"{SWAPPED} (at $.hands[2].cards[0])")


def test_the_dead_hand_and_the_kitty_are_parts_too() -> None:
    """In the two-handed game a card swapped between the dead hand and the kitty is said at
    the Dead line (the seats' cards are the seed's)."""
    rules = Rules.preset("two_dead_hand")
    g = Game(rules, seed=3)
    g.apply(g.legal_action_ids()[0])        # (a hand begun: the record holds it)
    text = dumps(record_from_game(g))
    lines = text.splitlines()
    dead = next(k for k, ln in enumerate(lines) if ln.startswith("Dead "))
    kitty = next(k for k, ln in enumerate(lines) if ln.startswith("Kitty "))
    d, k = lines[dead].split()[1], lines[kitty].split()[1]
    lines[dead] = lines[dead].replace(f" {d}", f" {k}", 1)
    lines[kitty] = lines[kitty].replace(f" {k}", f" {d}", 1)
    said = _replayed("\n".join(lines) + "\n")
    assert said.startswith(f"line {dead + 1}: hand 1, the dead hand: the dead hand holds "), said
    assert f"but seed 3 deals {k} to the kitty and {d} to the dead hand: a card" in said, said


def test_seed_difference_compares_with_the_seeds_own_dealer() -> None:
    """Hand 2 of a game is dealt by the seat after the first dealer: the seed's deal of it
    is no difference, the same cards by another dealer are one (the dealer)."""
    rules = Rules.preset("australian")
    second = (first_dealer(rules, 5) + 1) % 4
    d = seeded_deal(rules, 5, 1, second)
    assert seed_difference(rules, 5, d, 1) is None
    other = d._replace(dealer=(second + 1) % 4)
    differs = seed_difference(rules, 5, other, 1)
    assert differs is not None and differs[:3] == (None, (second + 1) % 4, second)
    assert differs.dealt == d


# ---------------------------------------------------------------------- 3. the seat of an action


def test_a_card_played_twice_names_its_seat(good: str) -> None:
    """Reading finds the card played twice, replay finds nothing before it: the message
    names the seat whose card it was, as replay's own faults do (text and JSON)."""
    text = _edited(good, "Trick 2 1:KS 2:AS", "Trick 2 1:QH 2:AS")
    line = _line_of(text, "Trick 2 1:QH 2:AS 3:10S 0:KD -> 2")
    assert _replayed(text) == (f"line {line}: hand 4, action 14 (QH by seat 1): QH was played "
                               "already (trick 1)")
    js = json.loads(dumps_json(loads(good)))
    assert js["hands"][3]["play"][4] == "KS"
    js["hands"][3]["play"][4] = "QH"
    assert _replayed(json.dumps(js)) == ("hand 4, action 14 (QH by seat 1): QH was played "
                                         "already (trick 1) (at $.hands[3].play[4])")


def test_a_card_of_another_pack_names_its_seat_on_replay(good: str) -> None:
    """A card that is no card of this pack (reading finds it, and says the action alone):
    replay, finding nothing before it, names the seat whose turn it was."""
    text = _edited(good, "Trick 2 1:KS 2:AS", "Trick 2 1:2S 2:AS")
    line = _line_of(text, "Trick 2 1:2S 2:AS 3:10S 0:KD -> 2")
    assert _replayed(text) == (f"line {line}: hand 4, action 14 (2S by seat 1): card 2S is not "
                               "in the 43-card pack")
