"""A record says nothing its game belies: a Result or Seed tag given to ``record_from_game``
that the game contradicts is refused as it is built (the record was built, then refused by
its own replay), and a Date tag names a day that can be (2026.13.45 was read)."""

from __future__ import annotations

import pytest

from fivehundred import Game, RecordError, Rules
from fivehundred.record import dumps, loads, record_from_game, replay

AUS = Rules.preset("australian")


def one_hand(seed: int) -> Game:
    """A game of ``seed`` after one hand, all passing, no winner yet."""
    g = Game(AUS, seed=seed)
    for _ in range(4):
        g.apply("pass")
    return g


def test_a_result_the_game_belies_is_refused() -> None:
    g = one_hand(13)
    with pytest.raises(RecordError, match=r"the Result tag says '1', but the game's result "
                                          r"is '\*'"):
        record_from_game(g, tags={"Result": "1"})
    rec = record_from_game(g, tags={"Result": "*"})        # the true one is welcome
    assert rec.tag("Result") == "*"
    replay(loads(dumps(rec)))


def test_a_seed_that_did_not_deal_the_game_is_refused() -> None:
    g = one_hand(13)
    with pytest.raises(RecordError, match=r"the Seed tag says '999', but hand 1 of this game "
                                          r"was not dealt from it"):
        record_from_game(g, tags={"Seed": "999"})
    rec = record_from_game(g, tags={"Seed": "13"})
    assert rec.tag("Seed") == "13"
    replay(loads(dumps(rec)))


@pytest.mark.parametrize("date", ["2026.13.45", "2026.00.01", "2026.02.30", "0000.99.99",
                                  "2026.12.32", "2026.13.??", "2026.2?.01", "2026.01.4?",
                                  "????.04.31", "2026.02.3?"])
def test_a_date_that_is_no_day_is_refused(date: str) -> None:
    text = dumps(record_from_game(one_hand(7), tags={"Date": "2026.12.06"}))
    assert loads(text).tag("Date") == "2026.12.06"
    for fine in ("2024.02.29", "2026.??.??", "????.??.??", "2026.12.??", "2026.1?.3?",
                 "????.02.29", "2026.?2.01", "2026.?0.01"):
        assert loads(text.replace("2026.12.06", fine)).tag("Date") == fine
    with pytest.raises(RecordError, match=r"tag Date: expected YYYY.MM.DD, a day of the calendar"):
        loads(text.replace("2026.12.06", date))
