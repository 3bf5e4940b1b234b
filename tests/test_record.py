"""Game records: byte-identical round trips under every preset, one-seat records that leak
nothing, replays that reproduce the game, precise errors, the golden record and the CLI."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from fivehundred import Game, RecordError, Rules
from fivehundred.actions import ALONE, MISERE, OPEN_MISERE, PASS, is_trick_bid
from fivehundred.cards import JOKER, tokens
from fivehundred.cli import main
from fivehundred.record import (
    HIDDEN,
    GameRecord,
    HandOutcome,
    HandRecord,
    dump,
    dump_json,
    dumps,
    dumps_json,
    load,
    load_json,
    loads,
    loads_json,
    record_from_game,
    replay,
    sort_cards,
)
from fivehundred.rules import PRESET_NAMES

DATA = Path(__file__).parent / "data"
GOLDEN = DATA / "australian_seed7.fhr"
SEEDS = (0, 1, 2, 3)
CUT = 57  # actions after which the "unfinished" games stop: mid-hand, often mid-trick


def choose(g: Game, rng: random.Random) -> int:
    """A seeded random legal action: mostly pass in the auction, else a low bid or a misère."""
    ids = g.legal_action_ids()
    if g.phase == "auction":
        r = rng.random()
        if r < 0.75:
            return PASS
        low = [a for a in ids if is_trick_bid(a)][:3]
        misere = [a for a in ids if a in (MISERE, OPEN_MISERE)]
        if misere and (r > 0.96 or not low):
            return rng.choice(misere)
        return rng.choice(low or [PASS])
    if g.phase == "call" and rng.random() < 0.3:
        return ALONE
    return rng.choice(ids)


@cache
def played(preset: str, seed: int, max_actions: int | None = None) -> Game:
    """A game of ``preset`` played by the seeded policy to its end (or ``max_actions``)."""
    g = Game(Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    n = 0
    while g.phase != "game_over" and (max_actions is None or n < max_actions):
        if g.phase == "hand_over":
            g.next_hand()
            continue
        g.apply(choose(g, rng))
        n += 1
    return g


GAMES = [(p, s, m) for p in PRESET_NAMES for s in SEEDS for m in (None, CUT)]


def _id(case: tuple[str, int, int | None]) -> str:
    return f"{case[0]}-{case[1]}-{'end' if case[2] is None else case[2]}"


# ---------------------------------------------------------------------- round trips


def assert_round_trips(rec: GameRecord) -> None:
    text = dumps(rec)
    back = loads(text)
    assert back == rec
    assert dumps(back) == text
    js = dumps_json(rec)
    back_js = loads_json(js)
    assert back_js == rec
    assert dumps_json(back_js) == js
    assert js.endswith("}\n") and text.endswith("\n") and not text.endswith("\n\n")
    assert json.loads(js)["format"] == "fivehundred-record"


@pytest.mark.parametrize("case", GAMES, ids=_id)
def test_round_trips_full_and_every_seat(case: tuple[str, int, int | None]) -> None:
    g = played(*case)
    assert_round_trips(record_from_game(g, tags={"Seats": ",".join(
        f"P{i}" for i in range(g.rules.players)), "Date": "2026.11.29", "Seed": str(case[1])}))
    for seat in range(g.rules.players):
        assert_round_trips(record_from_game(g, seat=seat))


def test_policy_games_cover_every_kind_of_hand() -> None:
    """The round-trip games hold misère, open misère spread, called partners, joker leads..."""
    seen: Counter[str] = Counter()
    for preset, seed, cut in GAMES:
        rec = record_from_game(played(preset, seed, cut))
        for h in rec.hands:
            res = h.result
            seen["unfinished"] += res is None
            seen["exposed"] += h.exposed is not None
            seen["call"] += h.call is not None and h.call.startswith("call")
            seen["alone"] += h.call == "alone"
            seen["joker named"] += any(":" in t for t in h.play)
            seen["dead"] += h.dead is not None
            if res is not None:
                seen[res.contract or "all pass"] += 1
                seen["made"] += bool(res.made)
                seen["failed"] += res.made is False
        seen["winner"] += rec.winner is not None
    for kind in ("unfinished", "exposed", "call", "alone", "joker named", "dead", "misere",
                 "open-misere", "all pass", "made", "failed", "winner"):
        assert seen[kind] > 0, kind


def test_files_round_trip(tmp_path: Path) -> None:
    rec = record_from_game(played("five_called", 1))
    with open(tmp_path / "g.fhr", "w", encoding="utf-8") as fp:
        dump(rec, fp)
    with open(tmp_path / "g.fhr.json", "w", encoding="utf-8") as fp:
        dump_json(rec, fp)
    with open(tmp_path / "g.fhr", encoding="utf-8") as fp:
        assert load(fp) == rec
    with open(tmp_path / "g.fhr.json", encoding="utf-8") as fp:
        assert load_json(fp) == rec
    assert (tmp_path / "g.fhr").read_text(encoding="utf-8") == dumps(rec)


def test_records_are_canonical_whatever_the_input_order() -> None:
    h = HandRecord(dealer=0, cards=[list(reversed(c)) for c in (
        ["as", "ks", "qs", "js", "10s", "9s", "8s", "7s", "6s", "5s"],)], kitty=None,
        auction=["P", "Misère"])
    assert h.cards == (("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S"),)
    assert h.auction == ("pass", "misere")
    assert sort_cards(["JK", "2S", "AH", "10D"]) == ("2S", "10D", "AH", "JK")


# ---------------------------------------------------------------------- replay


@pytest.mark.parametrize("case", GAMES, ids=_id)
def test_replay_reproduces_the_game(case: tuple[str, int, int | None]) -> None:
    g = played(*case)
    rec = record_from_game(g, tags={"Seed": str(case[1])})
    r = replay(loads(dumps(rec)))
    assert r.scores == g.scores
    assert r.winner == g.winner
    assert r.hand_results == g.hand_results
    assert r.phase == g.phase and r.actions == g.actions and r.deal == g.deal
    assert r.seed == g.seed
    if r.phase == "hand_over":  # the seed goes on dealing as the recorded game would
        r.next_hand()
        g2 = g.clone()
        g2.next_hand()
        assert r.deal == g2.deal


def test_record_of_a_fresh_game_has_no_hands() -> None:
    g = Game(Rules.preset("australian"), seed=1)
    rec = record_from_game(g)
    assert rec.hands == () and rec.tags == (("Seed", "1"), ("Result", "*"))
    assert loads(dumps(rec)) == rec
    with pytest.raises(RecordError, match="no hands"):
        replay(rec)
    g.apply("pass")
    assert record_from_game(g).hands[0].auction == ("pass",)


def test_layout_gives_seats_tricks_and_winners() -> None:
    g = played("australian", 7)
    rec = record_from_game(g)
    for i, (h, res) in enumerate(zip(rec.hands, g.hand_results, strict=True)):
        lay = rec.layout(i)
        assert [s for s, _ in lay.auction] == _auction_seats(g, i)
        assert lay.tricks_won == res.tricks
        assert lay.over
        assert [t for tr in lay.tricks for _, t in tr.plays] == list(h.play)


def _auction_seats(g: Game, i: int) -> list[int]:
    log = g.past_hands[i]
    r = Game(g.rules, deal=log.deal)
    seats = []
    for a in log.actions:
        if r.phase != "auction":
            break
        seats.append(r.to_move)
        r.apply(a)
    return seats


# ---------------------------------------------------------------------- one seat's view


def _visible(g: Game, i: int, seat: int) -> set[str]:
    """Every card ``seat`` may see in hand ``i`` (of past_hands, or the hand in progress)."""
    log = g.past_hands[i] if i < len(g.past_hands) else None
    deal, actions = (log.deal, log.actions) if log else (g.deal, g.actions)
    r = Game(g.rules, deal=deal)
    seen = set(tokens(deal.hands[seat]))
    for a in actions:
        r.apply(a)
        if r.contract is not None and r.contract.declarer == seat and r.phase != "auction":
            seen |= set(tokens(deal.kitty))
        if r.exposed and r.phase == "play":
            seen |= set(r.hand_tokens(r.contract.declarer))  # type: ignore[union-attr]
        for tr in r.tricks:
            seen |= {t for t in map(_card_token, tr.cards)}
        seen |= {_card_token(c) for _, c in r.trick}
    return seen


def _card_token(c: int) -> str:
    return "JK" if c == JOKER else tokens(1 << c)[0]


def _record_cards(h: HandRecord) -> list[str]:
    out: list[str] = []
    for part in (*h.cards, h.dead, h.kitty, h.exposed):
        out += part or ()
    out += [t for t in h.discards if t != HIDDEN]
    out += [t.split(":")[0] for t in h.play]
    return out


@pytest.mark.parametrize("case", GAMES, ids=_id)
def test_one_seat_records_leak_no_hidden_card(case: tuple[str, int, int | None]) -> None:
    g = played(*case)
    for seat in range(g.rules.players):
        rec = loads(dumps(record_from_game(g, seat=seat)))
        assert rec.viewpoint == seat and rec.is_partial
        assert "Seed" not in dict(rec.tags)
        for i, h in enumerate(rec.hands):
            visible = _visible(g, i, seat)
            leaked = set(_record_cards(h)) - visible
            assert not leaked, (i, seat, leaked)
            assert all(c is None for s, c in enumerate(h.cards) if s != seat)
            assert h.cards[seat] is not None and h.dead is None
            declarer = h.result.declarer if h.result else rec.layout(i).declarer
            if declarer != seat:
                assert h.kitty is None
                assert set(h.discards) <= {HIDDEN}
            else:
                assert h.kitty is not None and HIDDEN not in h.discards


def test_one_seat_record_keeps_the_public_part_of_the_full_one() -> None:
    g = played("five_called", 2)
    full = record_from_game(g)
    for seat in range(5):
        part = record_from_game(g, seat=seat)
        for h, p in zip(full.hands, part.hands, strict=True):
            assert (p.auction, p.call, p.play, p.result, p.exposed) == (
                h.auction, h.call, h.play, h.result, h.exposed)
            assert p.cards[seat] == h.cards[seat]
            assert len(p.discards) == len(h.discards)


def test_one_seat_record_cannot_be_replayed_nor_carry_the_seed() -> None:
    g = played("australian", 1)
    with pytest.raises(RecordError, match=r"seat 2's view .*cannot be replayed"):
        replay(record_from_game(g, seat=2))
    with pytest.raises(RecordError, match="reveals every deal"):
        record_from_game(g, tags={"Seed": "1"}, seat=2)


def test_one_seat_record_may_not_show_hidden_cards() -> None:
    g = played("australian", 1)
    rec = record_from_game(g, seat=0)
    full = record_from_game(g)
    h = rec.hands[0]
    peek = dataclasses.replace(h, cards=(h.cards[0], full.hands[0].cards[1], *h.cards[2:]))
    with pytest.raises(RecordError, match=r"hand 1, seat 1's cards: seat 0 cannot see"):
        dataclasses.replace(rec, hands=(peek, *rec.hands[1:]))
    text = dumps(rec).replace("Kitty ?", "Kitty " + " ".join(full.hands[0].kitty or ()), 1)
    with pytest.raises(RecordError, match=r"line \d+: hand 1, the kitty: seat 0 never sees"):
        loads(text)


def test_one_seat_record_checks_plays_against_its_own_cards() -> None:
    g = played("classic4", 2)
    rec = record_from_game(g, seat=0)
    i = next(k for k, h in enumerate(rec.hands) if h.play)
    h, lay = rec.hands[i], rec.layout(i)
    plays = [p for t in lay.tricks for p in t.plays]
    k, (seat, tok) = next((k, p) for k, p in enumerate(plays) if p[0] != 0)
    later = [t for s, t in plays[k:] if s == 0]  # a card seat 0 plays later in the hand
    other = later[0]
    play = list(h.play)
    play[k] = other
    with pytest.raises(RecordError, match=rf"hand {i + 1}, action \d+ \({other}\): seat {seat} "
                       rf"cannot play {other}: seat 0 \(the viewpoint\) holds it"):
        dataclasses.replace(rec, hands=(*rec.hands[:i], dataclasses.replace(h, play=tuple(play)),
                                        *rec.hands[i + 1 :]))
    assert tok != other
    with pytest.raises(RecordError, match="only partly known"):
        h.deal(rec.rules)


def test_hand_record_actions_and_deal_feed_the_engine() -> None:
    g = played("two_dead_hand", 1)
    rec = record_from_game(g)
    for h, log in zip(rec.hands, g.past_hands, strict=True):
        r = Game(rec.rules, deal=h.deal(rec.rules))
        assert r.deal == log.deal
        for tok in h.actions:
            r.apply(tok)
        assert r.actions == log.actions


# ---------------------------------------------------------------------- the golden record


def test_golden_record_replays_to_its_totals() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    rec = loads(text)
    assert dumps(rec) == text
    assert loads_json(dumps_json(rec)) == rec
    assert rec.seat_names == ("North", "East", "South", "West")
    g = replay(rec)
    assert len(g.hand_results) == 9
    assert [h.result.totals for h in rec.hands if h.result] == [
        (0, 0), (0, 0), (0, 0), (-160, 70), (0, 100), (40, -400), (100, -480), (-400, -480),
        (-740, -420)]
    assert g.scores == (-740, -420)
    assert g.winner == 1 == rec.winner
    assert rec.hands[7].result == HandOutcome("open-misere", 2, None, False, (0, 0, 1, 1),
                                              (-500, 0), (-400, -480))
    assert rec.hands[7].exposed == ("7S", "JC", "7C", "KH", "QH", "9H", "8H", "7H", "JK")


def test_golden_record_is_the_seeded_game() -> None:
    """Regenerating the golden game from its seed gives the same record (engine unchanged)."""
    rec = loads(GOLDEN.read_text(encoding="utf-8"))
    again = record_from_game(played("australian", 7), tags=rec.tags)
    assert again == rec


# ---------------------------------------------------------------------- malformed records


@pytest.fixture(scope="module")
def good() -> str:
    return GOLDEN.read_text(encoding="utf-8")


def _line(text: str, prefix: str, nth: int = 0) -> str:
    return [ln for ln in text.splitlines() if ln.startswith(prefix)][nth]


def _bad(text: str, pattern: str) -> None:
    with pytest.raises(RecordError, match=pattern):
        replay(loads(text))


def test_bad_tags(good: str) -> None:
    _bad(good.replace('[Date "2026.11.29"]', "[Date 2026.11.29]"),
         r"line 4: expected a tag pair like \[Name \"value\"\], got '\[Date 2026.11.29\]'")
    _bad(good.replace('[Date "2026.11.29"]', '[Date "29/11/2026"]'),
         r"line 4: tag Date: expected YYYY.MM.DD")
    _bad(good.replace('[Date "2026.11.29"]', '[Seed "8"]'), r"line \d: tag Seed: given twice")
    _bad(good.replace('[Date "2026.11.29"]', '[Date "a\\nb"]'), r"line 4: unknown escape \\n")
    _bad(good.replace('[Seats "North,East,South,West"]', '[Seats "North,South"]'),
         r"line 3: tag Seats: expected 4 comma-separated names")
    _bad(good.replace('[Result "1"]', '[Result "2"]'), r"line 6: tag Result: expected the "
         r"winning side \(0 to 1\)")
    _bad(good.replace('[Result "1"]', '[Result "0"]'),
         r"the Result tag says '0', the engine says '1'")
    _bad(good.replace("players=4,", "players=7,"), r"line 1: tag Rules: players=7")
    _bad(good[good.index("\n") + 1 :], r"Rules .* is missing")
    seed = _line(good, "[Seed ")
    _bad(good.replace(seed, '[Seed "' + "9" * 5000 + '"]'),
         r"tag Seed: expected a whole number of at most 20 digits")
    _bad(good.replace(seed, '[Seed "7.5"]'), r"tag Seed: expected a whole number")


def test_bad_cards(good: str) -> None:
    seat0 = _line(good, "Seat 0 ")  # line 9: Seat 0 9S 7S 6S QD 6D 4D KH QH 8H 7H
    seat1 = _line(good, "Seat 1 ")
    _bad(good.replace(seat0, seat0.replace(" QD ", " QX ")),
         r"line 10: hand 1, seat 0's cards: not a card: 'QX'")
    _bad(good.replace(seat0, seat0.replace(" QD ", " 2D ")),
         r"line 10: hand 1, seat 0's cards: card 2D is not in the 43 pack")
    _bad(good.replace(seat1, seat1.replace(" 8D ", " QD ")),
         r"line 11: hand 1, seat 1's cards: card QD appears twice \(seat 0's cards and "
         r"seat 1's cards\)")
    _bad(good.replace(seat0, seat0.replace(" QD", "")),
         r"line 10: hand 1, seat 0's cards: 9 cards, expected 10")
    _bad(good.replace(seat0, seat0 + " 5S"),
         r"line 10: hand 1, seat 0's cards: 11 cards, expected 10")
    kitty = _line(good, "Kitty ")
    _bad(good.replace(kitty, kitty.rsplit(" ", 1)[0]),
         r"line 14: hand 1, the kitty: 2 cards, expected 3")
    _bad(good.replace(seat1, "Seat 1 ?"), r"line 11: hand 1, seat 1's cards: unseen \(\?\) cards "
         r"are only for one seat's view")


def test_bad_structure(good: str) -> None:
    _bad(good.replace("Hand 2\n", "Hand 3\n"), r"line \d+: hand 2: expected 'Hand 2'")
    _bad(good.replace("Dealer 0\n", "Dealer 1\n", 1),
         r"line \d+: hand 2, dealer: the deal passes left: after dealer 3 comes dealer 0, not 1")
    _bad(good.replace("Seat 2 ", "Seat 3 ", 1), r"line 12: hand 1: expected seat 2's cards")
    _bad(good.replace("Kitty ", "Kity ", 1), r"line 14: hand 1: expected 'Kitty \.\.\.'")
    passes = "Auction 0:pass 1:pass 2:pass 3:pass"
    _bad(good.replace(passes, passes + " 0:pass", 1),
         r"line 15: hand 1, action 5 \(pass\): the auction was over after 4 calls")
    _bad(good.replace(passes, passes.replace("3:pass", "3:AS"), 1),
         r"line 15: hand 1, action 4 \(AS\): 'AS' is not a bid")
    _bad(good.replace(passes, "Auction 0:pass 2:pass 1:pass 3:pass", 1),
         r"line 15: hand 1, action 2 \(pass\): it is seat 1's turn to speak, not seat 2's")
    result = _line(good, "Result 7C by 0 made")
    _bad(good.replace(result + "\n", ""), r"line \d+: hand 5, result: the hand is over: its result "
         r"is missing")
    _bad(good.rstrip("\n") + "\n\nHand 10\nDealer 0\n",
         r"line \d+: hand 10: the record ends early: expected 'Seat 0 \.\.\.'")
    _bad(good + "stray line\n", r"line 162: hand 9: unexpected line 'stray line'")
    _bad(good + "\nstray line\n", r"line 163: hand 9: unexpected line 'stray line'")


def test_bad_play(good: str) -> None:
    trick = _line(good, "Trick 2 ", 0)  # Trick 2 1:7D 2:9D 3:AD 0:KD -> 3 (hand 4)
    m = re.match(r"Trick 2 (\d):(\S+) (\d):(\S+) (.*) -> (\d)$", trick)
    assert m
    swapped = f"Trick 2 {m[3]}:{m[4]} {m[1]}:{m[2]} {m[5]} -> {m[6]}"
    _bad(good.replace(trick, swapped), r"line \d+: hand 4, action \d+ \(\S+\): it is seat "
         r"\d's turn, not seat \d's \(the winner of the last trick leads\)")
    wrong = f"{trick[:-1]}{(int(trick[-1]) + 1) % 4}"
    _bad(good.replace(trick, wrong), r"line \d+: hand 4: trick 2 is won by seat \d, not \d")
    discard = good[good.index("Discards ", good.index("Hand 4\n")):].split()[1]
    _bad(good.replace(trick, trick.replace(" -> ", f" 1:{discard} -> ")),
         r"line \d+: hand 4: trick 2 has 5 cards, but 4 seats play to each trick here")
    _bad(good.replace(trick, trick.replace("Trick 2", "Trick 3")),
         r"line \d+: hand 4: expected 'Trick 2'")
    first = _line(good, "Trick 1 ", 0)
    card = first.split()[3].split(":")[1]
    _bad(good.replace(trick, trick.replace(m[4], card)),
         rf"line \d+: hand 4, action \d+ \({card}\): {card} was played already \(trick 1\)")


def test_illegal_action_is_reported_by_replay(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    g = Game(Rules.preset("classic4"), seed=5)
    rng = random.Random(5)
    while True:  # play on until a seat follows to a trick holding a card it may not play
        if g.phase == "hand_over":
            g.next_hand()
        if g.phase == "play" and g.trick:
            assert g.to_move is not None
            bad = sorted(set(g.hand_tokens(g.to_move)) - set(g.legal_actions()))
            if bad:
                break
        g.apply(choose(g, rng))
    rec = record_from_game(g)
    last = rec.hands[-1]
    rec = dataclasses.replace(rec, hands=(*rec.hands[:-1],
                                          dataclasses.replace(last, play=(*last.play, bad[0]))))
    text = dumps(rec)
    assert loads(text) == rec
    hand, action = len(rec.hands), len(rec.hands[-1].actions)
    want = rf"hand {hand}, action {action} \({bad[0]}\): must follow \w+"
    with pytest.raises(RecordError, match=want):
        replay(loads(text))
    path = tmp_path / "bad.fhr"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert re.search(want, out.err)
    assert "Traceback" not in out.err


def test_illegal_bid_is_reported_by_replay(good: str) -> None:
    row = "Auction 0:6C 1:6D 2:6H 3:7C"  # hand 9: make 1's bid lower than 0's
    assert row in good
    _bad(good.replace(row, "Auction 0:6C 1:6S 2:6H 3:7C"),
         r"hand 9, action 2 \(6S\): 6S does not rank above 6C")


def test_wrong_results(good: str) -> None:
    res = _line(good, "Result 7C by 0 made")  # 7C by 0 made; tricks 5 0 2 3; points 160 30; ...
    _bad(good.replace(res, res.replace("points 160 30", "points 160 40")),
         r"line \d+: hand 5, result: points 160 40 recorded, but these tricks score 160 30")
    _bad(good.replace(res, res.replace("tricks 5 0 2 3", "tricks 5 1 1 3")),
         r"line \d+: hand 5, result: tricks 5 1 1 3 recorded, but the play gives 5 0 2 3")
    _bad(good.replace(res, res.replace("made", "failed")),
         r"line \d+: hand 5, result: made=False recorded, but the contract was made")
    _bad(good.replace(res, res.replace("7C by 0", "7C by 2")),
         r"line \d+: hand 5, result: the result says 7C by 2, the auction gives 7C by 0")
    _bad(good.replace(res, res.replace("totals 0 100", "totals 0 90")),
         r"line \d+: hand 5, result: totals 0 90 recorded, but the previous totals and this "
         r"hand's points make 0 100")
    _bad(good.replace(res, res.replace("; points", " points")),
         r"line \d+: hand 5: expected a result like")


def test_replay_checks_the_exposed_hand(good: str) -> None:
    exposed = _line(good, "Exposed ")
    _bad(good.replace(exposed, exposed.replace("7S ", "")),
         r"hand 8: the exposed hand is recorded as JC 7C .*, but the play shows 7S JC")


def test_bad_json() -> None:
    js = dumps_json(record_from_game(played("six_pairs", 2)))
    cases = {
        "{": r"not JSON: Expecting property name",
        js.replace('"format": "fivehundred-record"', '"format": "pbn"'): r"\$\.format: expected",
        js.replace('"version": 1', '"version": 2'): r"\$\.version: this reader knows version 1",
        js.replace('"dealer"', '"dealr"', 1): r"\$\.hands\[0\]: unknown key 'dealr'",
        js.replace('"call": null,', '', 1): r"\$\.hands\[0\]: missing key 'call'",
        js.replace('"dealer": ', '"dealer": 0.5 + ', 1): r"not JSON",
        js.replace('"viewpoint": null', '"viewpoint": "0"'): r"\$\.viewpoint: expected a whole",
        js.replace('"tags": [', '"tags": [["A"], ', 1): r"\$\.tags\[0\]: expected a \[name",
        js.replace('"auction": [', '"auction": [7, ', 1): r"\$\.hands\[0\]\.auction\[0\]: expected "
                                                          r"a string",
        js.replace('"format"', '"format": "x", "format"', 1): r"key 'format' is given twice",
    }
    for text, pattern in cases.items():
        with pytest.raises(RecordError, match=pattern):
            loads_json(text)
    first = json.loads(js)["hands"][0]["cards"][0][0]
    with pytest.raises(RecordError, match=rf"hand 1, seat 1's cards: card {first} appears "
                       r"twice .*\(at \$\.hands\[0\]\.cards\[1\]\)"):
        loads_json(js.replace(f'["{json.loads(js)["hands"][0]["cards"][1][0]}"',
                              f'["{first}"', 1))


def test_text_reading_is_lenient_where_harmless(good: str) -> None:
    seat0 = _line(good, "Seat 0 ")
    messy = "\n" + good.replace("\n\n", "\n \n\n").replace(
        seat0, "  Seat 0 " + " ".join(reversed(seat0.split()[2:])).lower() + "  ")
    messy = messy.replace("Auction 0:6C 1:6D 2:6H 3:7C\nAuction ", "Auction 0:6c 1:6d 2:6h 3:7c ")
    assert messy != good
    assert dumps(loads(messy)) == good


# ---------------------------------------------------------------------- the command


def test_cli_replays_the_golden_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOLDEN)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4 players; sides: 0 = North+South, 1 = East+West\n")
    assert "Hand 5 (dealer West): 7C by North, made\n" in out
    assert "  tricks  North 5  East 0  South 2  West 3  (10 played)\n" in out
    assert "  points  North+South +160  East+West +30\n" in out
    assert "  totals  North+South 0  East+West 100\n" in out
    assert "Hand 8 (dealer South): open-misere by South, failed\n" in out
    assert out.endswith("Winner: side 1 (East+West) with -420\n")


def test_cli_json_and_unfinished(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = played("five_called", 3, CUT)
    path = tmp_path / "g.fhr.json"
    path.write_text(dumps_json(record_from_game(g)), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Hand \d+ \(dealer seat \d\): unfinished after \d+ actions\n", out)
    assert out.splitlines()[-1].startswith("No winner yet: seat 0 ")


@pytest.mark.parametrize("content, json_flag, message", [
    (None, False, r"cannot read .*missing\.fhr"),
    ("[Rules \"nonsense\"]\n", False, r"line 1: tag Rules: a rules string looks like"),
    ("not json", True, r"not JSON"),
    (b"\xff\xfe", False, r"cannot read"),
])
def test_cli_reports_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               content: str | bytes | None, json_flag: bool,
                               message: str) -> None:
    path = tmp_path / "missing.fhr"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    elif isinstance(content, bytes):
        path.write_bytes(content)
    args = ["replay", str(path)] + (["--json"] if json_flag else [])
    assert main(args) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith("fivehundred replay: ")
    assert re.search(message, out.err)


def test_cli_refuses_a_one_seat_record(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "seat1.fhr"
    path.write_text(dumps(record_from_game(played("australian", 2), seat=1)), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "cannot be replayed" in capsys.readouterr().err


def test_dump_writes_to_any_text_stream() -> None:
    rec = record_from_game(played("two_dead_hand", 0))
    buf = io.StringIO()
    dump(rec, buf)
    assert buf.getvalue() == dumps(rec)


@pytest.mark.parametrize("preset", ["australian", "classic3", "five_called"])
def test_a_full_record_carries_the_seed_so_its_replay_deals_on_alike(preset: str) -> None:
    g = Game(Rules.preset(preset), seed=12345)
    rng = random.Random(3)
    while g.phase != "hand_over":
        g.apply(choose(g, rng))
    rec = loads(dumps(record_from_game(g)))
    assert rec.tag("Seed") == "12345"
    again = replay(rec)
    assert again.seed == g.seed
    g.next_hand()
    again.next_hand()
    assert again.deal == g.deal and again.dealer == g.dealer
    # one seat's record must not carry it: the seed reveals every deal
    assert record_from_game(g, seat=1).tag("Seed") is None
