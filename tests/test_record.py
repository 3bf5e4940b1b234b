"""Game records: byte-identical round trips under every preset, one-seat records that leak
nothing, replays that reproduce the game, the golden record and the CLI (malformed records:
test_record_errors.py)."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from fivehundred import Game, RecordError, Rules
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
from recordgames import GOLDEN, choose, played

SEEDS = (0, 1, 2, 3)
CUT = 57  # actions after which the "unfinished" games stop: mid-hand, often mid-trick

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


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_seats_record_shows_the_hands_before_its_player_sat_as_everyone_saw_them(
        preset: str) -> None:
    """A friend given a seat at hand 2 (``seated=1``) never saw its cards, kitty or discards
    of hand 1: the record hides them as another seat's and says so (``Seated``)."""
    g = played(preset, 1)
    assert len(g.past_hands) >= 2
    for seat in range(g.rules.players):
        whole = record_from_game(g, seat=seat)
        rec = record_from_game(g, seat=seat, seated=1)
        assert rec.tag("Seated") == "2" and whole.tag("Seated") is None
        assert_round_trips(rec)
        for i, (h, w) in enumerate(zip(rec.hands, whole.hands, strict=True)):
            if i >= 1:
                assert h == w
                continue
            assert all(c is None for c in h.cards) and h.kitty is None, (i, seat)
            assert set(h.discards) <= {HIDDEN} and len(h.discards) == len(w.discards)
            assert (h.auction, h.play, h.result, h.exposed) == (
                w.auction, w.play, w.result, w.exposed)
    with pytest.raises(RecordError, match="seated is a hand's number from 0, got -1"):
        record_from_game(g, seat=0, seated=-1)


def test_the_seated_tag_is_checked() -> None:
    g = played("australian", 1)
    rec = record_from_game(g, seat=0, seated=1)
    text = dumps(rec)
    for value, words in (("0", "expected the hand (1 to"), ("x", "expected the hand (1 to"),
                         (str(len(rec.hands) + 2), "expected the hand (1 to")):
        with pytest.raises(RecordError, match=re.escape(words)):
            loads(text.replace('[Seated "2"]', f'[Seated "{value}"]'))
    with pytest.raises(RecordError, match="only one seat's view has a Seated tag"):
        record_from_game(g, tags={"Seated": "2"})
    h0 = record_from_game(g, seat=0).hands[0]       # seat 0's cards in the hand before
    with pytest.raises(RecordError, match=r"hand 1, seat 0's cards: seat 0's present player "
                                          r"sat down after this hand"):
        dataclasses.replace(rec, hands=(h0, *rec.hands[1:]))
    mine = text.replace("Seat 0 ?", "Seat 0 " + " ".join(h0.cards[0] or ()), 1)
    with pytest.raises(RecordError, match=r"line \d+: hand 1, seat 0's cards: .* write \?"):
        loads(mine)
    assert loads(text.replace('[Seated "2"]', '[Seated "1"]').replace(
        "Seat 0 ?", "Seat 0 " + " ".join(h0.cards[0] or ()), 1)) == dataclasses.replace(
        record_from_game(g, seat=0), tags=(("Seated", "1"), *record_from_game(g, seat=0).tags))


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


# ---------------------------------------------------------------------- the command


def test_cli_replays_the_golden_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOLDEN)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4 players; sides: 0 = North+South, 1 = East+West\n")
    assert "Hand 5 (dealer West): 7♣ by North, made\n" in out
    assert "  tricks  North 5  East 0  South 2  West 3  (10 played)\n" in out
    assert "  points  North+South +160  East+West +30\n" in out
    assert "  totals  North+South 0  East+West 100\n" in out
    assert "Hand 8 (dealer South): open misère by South, failed\n" in out
    assert out.endswith("Winner: side 1 (East+West) with -420: North+South fell to -740 (the "
                        "hole is -500)\n")


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


def test_the_replay_names_a_misere_as_analyse_does() -> None:
    """replay wrote a misère by its token ("open-misere by South"), analyse in words."""
    from fivehundred.record.replay import report

    g = Game(Rules.preset("australian"), seed=0)
    g.apply("open-misere")
    while g.phase == "auction":
        g.apply("pass")
    rng = random.Random(0)
    while g.phase not in ("hand_over", "game_over"):
        g.apply(rng.choice(g.legal_action_ids()))
    rec = record_from_game(g)
    out = io.StringIO()
    report(rec, replay(rec), out)
    head = out.getvalue().splitlines()[1]
    assert "open misère by " in head and "open-misere" not in head, head
