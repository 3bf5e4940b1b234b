"""The terminal table (Textual): whole games played through the screen, what the screen may
show, refused input, hints, records, and the command line."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from textual.widgets import Button, RichLog, Static

from fivehundred import Game, Rules
from fivehundred.actions import token_of
from fivehundred.bots import Budget
from fivehundred.cards import SUIT_LETTERS, SUIT_SYMBOLS, tokens
from fivehundred.cli import main as cli_main
from fivehundred.record import dumps, loads, record_from_game, replay
from fivehundred.rng import Rng
from fivehundred.solver import solve
from fivehundred.solver.analysis import ReviewError, best_cards, card_values, review_hand
from fivehundred.tui import TableApp, run_tui
from fivehundred.tui import texts as tui_texts
from fivehundred.tui.screens import Dialog
from fivehundred.view import View

SIZE = (130, 44)


# ---------------------------------------------------------------- what the screen shows

def screen_text(app: TableApp, skip: tuple[str, ...] = ()) -> str:
    """Every line of the screen as the terminal shows it, the widgets ``skip`` blanked."""
    lines = [strip.text for strip in app.screen._compositor.render_strips()]
    if app.screen is app.screen_stack[0]:
        for selector in skip:
            box = app.query_one(selector).region
            for y in range(box.y, box.bottom):
                lines[y] = lines[y][:box.x] + " " * box.width + lines[y][box.right:]
    return "\n".join(lines)


def this_hands_log(app: TableApp) -> list[str]:
    """The log's lines since this hand began (earlier hands' cards are no secret now)."""
    lines = [strip.text for strip in app.query_one("#log", RichLog).lines]
    starts = [i for i, line in enumerate(lines) if re.match(r"Hand \d+ · ", line)]
    return lines[starts[-1]:] if starts else lines


def widget_text(app: TableApp) -> str:
    """Everything the table's widgets hold, drawn or not: panels, this hand's log, buttons."""
    parts: list[str] = [str(w.content) for w in app.query(Static)]
    parts += this_hands_log(app)
    parts += [str(b.label) for b in app.query(Button) if not (b.id or "").startswith("call-")]
    return "\n".join(parts)


def label(tok: str) -> str:
    """A card as the screen writes it (``10♥``, ``JK``)."""
    if tok == "JK":
        return "JK"
    return tok[:-1] + SUIT_SYMBOLS[SUIT_LETTERS.index(tok[-1])]


def hidden_cards(game: Game, seat: int) -> set[str]:
    """The cards ``seat`` may not see now: the whole pack but his hand, the cards played, a
    hand spread face up, the kitty and discards if they are his, the card called."""
    v = game.view(seat)
    seen = set(v.hand) | set(v.kitty) | set(v.discards)
    seen |= {t.split(":")[0] for _, t in v.trick}
    seen |= {t.split(":")[0] for tr in v.tricks for _, t in tr.plays}
    for _, hand in v.exposed:
        seen |= set(hand)
    if v.call:                           # the card called for a partner: named aloud
        seen.add(v.call.removeprefix("call "))
    return set(tokens(game.rules.deck_mask)) - seen


def leaks(text: str, cards: Iterable[str]) -> list[str]:
    """The hidden cards written in ``text``.  Ranks 6 to 10 are left out: ``7♥`` is also a
    bid, which everyone hears."""
    found = []
    for tok in cards:
        rank = tok[:-1]
        if rank in ("6", "7", "8", "9", "10"):
            continue
        if re.search(rf"(?<![\w]){re.escape(label(tok))}(?![\w])", text):
            found.append(tok)
    return found


def check_no_leak(app: TableApp) -> None:
    """No card the seat may not see is on the screen or in a widget.  Left out: earlier hands
    (the log's box; this hand's log lines are checked), and the grid of cards you may call
    for a partner (every card you do not hold: it names them, but says nothing of who
    holds them)."""
    hidden = hidden_cards(app.game, app.seat)
    skip = ("#log", "#actions") if app.view().phase == "call" else ("#log",)
    assert not leaks(screen_text(app, skip), hidden), "a hidden card is on the screen"
    assert not leaks(widget_text(app), hidden), "a hidden card is in a widget"


# ---------------------------------------------------------------- driving the screen

async def settle(app: TableApp, pilot: object) -> None:
    """Wait until the bots have played up to your turn or the end of the hand."""
    for _ in range(1000):
        await pilot.pause()  # type: ignore[attr-defined]
        await app.workers.wait_for_complete()
        await pilot.pause()  # type: ignore[attr-defined]
        if not app._busy:
            return
    raise AssertionError("the table never settled")


async def click(pilot: object, selector: str) -> None:
    ok = await pilot.click(selector)  # type: ignore[attr-defined]
    assert ok, f"{selector} was not clicked (hidden or covered)"


async def take(app: TableApp, pilot: object, tok: str) -> None:
    """Take the action ``tok`` by clicking what a person would click."""
    v = app.view()
    if v.phase == "auction":
        await click(pilot, f"#bid-{tok}")
    elif v.phase == "call":
        await click(pilot, "#call-alone" if tok == "alone" else f"#call-{tok[5:]}")
    elif tok.startswith("JK:"):
        await click(pilot, "#card-JK")
        await pilot.pause()  # type: ignore[attr-defined]
        assert "joker names a suit" in screen_text(app)
        await click(pilot, f"#lead-{tok[-1]}")
    else:
        await click(pilot, f"#card-{tok}")


def bidder(rng: Rng) -> Callable[[View], str]:
    """A policy that bids now and then (so the human declares, discards and calls) and
    otherwise plays any legal card."""
    def choose(v: View) -> str:
        legal = list(v.legal_actions)
        if v.phase == "auction":
            bids = [t for t in legal if t != "pass"]
            if bids and "pass" in legal and rng.below(100) < 40:
                return bids[rng.below(min(3, len(bids)))]
            return "pass" if "pass" in legal else legal[0]
        return legal[rng.below(len(legal))]
    return choose


def passer(v: View) -> str:
    """A policy that passes in the auction and plays the first legal card."""
    return "pass" if "pass" in v.legal_actions else v.legal_actions[0]


async def play_hands(app: TableApp, pilot: object, hands: int, choose: Callable[[View], str],
                     scan: bool = True, review: bool = False) -> set[str]:
    """Play ``hands`` hands (or to the game's end) through the screen; the phases in which
    you acted ("reviewed" once a hand's review was shown, with ``review``)."""
    acted: set[str] = set()
    done = 0
    while True:
        await settle(app, pilot)
        if scan:
            check_no_leak(app)
        if isinstance(app.screen, Dialog):
            done += 1
            if review:
                await click(pilot, "#review")
                await settle(app, pilot)
                if app.screen.query("#back"):
                    acted.add("reviewed")
                    assert "against double dummy" in screen_text(app)
                    if scan:
                        check_no_leak(app)
                    await click(pilot, "#back")
                    await settle(app, pilot)
                assert isinstance(app.screen, Dialog) and app.screen.query("#save")
            if app.game.phase == "game_over" or done >= hands:
                return acted
            await click(pilot, "#next")
            continue
        v = app.view()
        assert v.to_move == app.seat, "settled with nothing for you to do"
        tok = choose(v)
        acted.add(v.phase if not tok.startswith("JK:") else "joker-lead")
        before = len(app.game.actions)
        await take(app, pilot, tok)
        assert len(app.game.actions) > before or app.game.hand_number > v.hand_number


def quick_app(preset: str, seed: int, bots: str, record_dir: Path | None = None,
              **options: int) -> TableApp:
    """A table of ``preset`` (its ``options`` changed) that plays without pauses, saving its
    records into ``record_dir``."""
    return TableApp(Rules.preset(preset, **options), seed=seed, bots=bots, pace=0,
                    trick_pause=0, record_dir=record_dir)


def run(coro: object) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset,hands", [
    ("australian", 3), ("classic3", 3), ("five_called", 3), ("six_pairs", 2),
    ("two_dead_hand", 2)])
def test_hands_through_the_screen_show_no_hidden_card(preset: str, hands: int) -> None:
    async def go() -> None:
        app = quick_app(preset, 11, "easy")
        async with app.run_test(size=SIZE) as pilot:
            acted = await play_hands(app, pilot, hands, bidder(Rng(5)), review=True)
            assert {"auction", "kitty", "play", "reviewed"} <= acted
            assert ("call" in acted) == app.rules.call_partner
            scores = app.query_one("#scores", Static)
            for i in range(len(app.rules.sides)):
                assert f"{app.narrator.side_name(i)}: [b]{app.game.scores[i]}[/]" in str(
                    scores.content)
            assert len(app.game.hand_results) >= 1
    run(go())


def test_a_whole_game_to_its_end() -> None:
    async def go() -> None:
        app = quick_app("australian", 3, "random", target=250)
        async with app.run_test(size=SIZE) as pilot:
            acted = await play_hands(app, pilot, 1000, bidder(Rng(9)), scan=False)
            assert app.game.phase == "game_over"
            assert {"auction", "kitty", "play"} <= acted
            text = screen_text(app)
            assert "Game over" in text and "won the game" in text
            await click(pilot, "#new")
            await settle(app, pilot)
            assert app.game.phase != "game_over" and app.game.hand_results == ()
    run(go())


def test_the_scan_catches_a_screen_that_shows_a_hidden_hand(monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """The leak check can fail: a seat panel that writes the seat's real hand is caught."""
    async def go() -> None:
        app = quick_app("australian", 11, "random")
        honest = tui_texts.seat_text

        def cheating(view: View, seat: int) -> str:
            return honest(view, seat) + "\n" + " ".join(
                label(t) for t in app.game.view(seat).hand)

        monkeypatch.setattr(tui_texts, "seat_text", cheating)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            with pytest.raises(AssertionError, match="hidden card"):
                check_no_leak(app)
    run(go())


def _find_joker_lead() -> tuple[Game, str]:
    """A game at seat 0's lead in a no-trump contract, holding the joker."""
    for seed in range(400):
        g = Game(Rules.preset("australian"), seed=seed)
        if "JK" not in g.view(0).hand:
            continue
        rng = Rng(seed)
        while g.phase not in ("hand_over", "game_over"):
            v = g.view(g.to_move)
            if any(t.startswith("JK:") for t in v.legal_actions) and v.seat == 0:
                return g, next(t for t in v.legal_actions if t.startswith("JK:"))
            if v.phase == "auction":
                nt = [t for t in v.legal_actions if t.endswith("NT")]
                g.apply(nt[0] if v.seat == 0 and nt else "pass")
            else:
                g.apply(v.legal_actions[rng.below(len(v.legal_actions))])
    raise AssertionError("no joker lead found")


def test_leading_the_joker_asks_for_its_suit() -> None:
    game, tok = _find_joker_lead()

    async def go() -> None:
        app = TableApp(game.rules, seat=0, bots="random", pace=0, trick_pause=0, game=game)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await click(pilot, "#card-JK")
            await pilot.pause()
            assert "joker names a suit" in screen_text(app)
            await click(pilot, "#lead-cancel")         # changed his mind: nothing played
            await pilot.pause()
            assert app.view().trick == () and "JK" in app.view().hand
            await take(app, pilot, tok)
            await settle(app, pilot)
            v = app.view()
            plays = v.tricks[0].plays if v.tricks else v.trick
            assert plays[0] == (0, tok)
    run(go())


def test_refused_input_changes_nothing() -> None:
    async def go() -> None:
        app = quick_app("australian", 21, "random")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            # a card in the auction: refused, with what to do instead
            before = app.game.view(0)
            card = app.view().hand[0]
            await click(pilot, f"#card-{card}")
            await pilot.pause()
            assert app.game.view(0) == before
            # a bid below the one made is greyed out and does nothing
            rng = Rng(1)
            choose = bidder(rng)
            while not (app.view().phase == "play" and app.view().to_move == 0
                       and len(app.view().legal_actions) < len(app.view().hand)):
                if isinstance(app.screen, Dialog):
                    await click(pilot, "#next")
                else:
                    await take(app, pilot, choose(app.view()))
                await settle(app, pilot)
            v = app.view()
            bad = next(t for t in v.hand if t not in v.legal_actions and t != "JK")
            log_lines = len(app.query_one("#log", RichLog).lines)
            assert app.act(bad) is False
            await click(pilot, f"#card-{bad}")
            await pilot.pause()
            assert app.game.view(0) == v
            assert "Not allowed" in widget_text(app)
            assert len(app.query_one("#log", RichLog).lines) > log_lines
            assert "unplayable" in app.query_one(f"#card-{bad}", Button).classes
    run(go())


def test_a_hint_names_a_legal_action_and_marks_it() -> None:
    async def go() -> None:
        app = TableApp(Rules.preset("australian"), seed=4, bots="random", pace=0,
                       trick_pause=0, hint_budget=Budget(samples=2))
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("h")
            await settle(app, pilot)
            assert app._hinted in app.view().legal_actions
            assert "Hint" in widget_text(app)
            hinted = [b for b in app.query(Button) if "hinted" in b.classes]
            assert len(hinted) == 1
    run(go())


def test_records_are_saved_between_hands_and_replay(tmp_path: Path) -> None:
    async def go() -> None:
        app = quick_app("classic3", 8, "easy", record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("s")                   # mid-hand: a record holds every card
            await pilot.pause()
            assert list(tmp_path.iterdir()) == []
            (tmp_path / f"fivehundred-{app.game.seed}.fhr").write_text("someone's file")
            await play_hands(app, pilot, 1, passer, scan=False)
            await click(pilot, "#save")
            await settle(app, pilot)
            saved = tmp_path / f"fivehundred-{app.game.seed}-1.fhr"
            assert (tmp_path / f"fivehundred-{app.game.seed}.fhr").read_text() == (
                "someone's file")
            assert replay(loads(saved.read_text())).scores == app.game.scores
            assert isinstance(app.screen, Dialog)        # the sheet is back after saving
            assert app.game.phase == "hand_over"        # saved once: kept up to date
            await click(pilot, "#next")
            await play_hands(app, pilot, 1, passer, scan=False)
            assert len(replay(loads(saved.read_text())).hand_results) == 2
    run(go())


def test_same_seed_same_game() -> None:
    def play(seed: int) -> tuple[tuple[int, ...], tuple[object, ...]]:
        async def go() -> tuple[tuple[int, ...], tuple[object, ...]]:
            app = quick_app("australian", seed, "easy")
            async with app.run_test(size=SIZE) as pilot:
                await play_hands(app, pilot, 1, bidder(Rng(7)), scan=False)
                return app.game.scores, app.game.hand_results
        return asyncio.run(go())
    assert play(12) == play(12)


def test_rules_and_help_dialogs_open_and_close() -> None:
    async def go() -> None:
        app = quick_app("five_called", 1, "random")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("r")
            await pilot.pause()
            assert "call_partner = true" in screen_text(app)
            await pilot.press("escape")
            await pilot.press("question_mark")
            await pilot.pause()
            assert "Five Hundred at the terminal" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, Dialog)
    run(go())


def test_bad_command_lines_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_tui(Rules.preset("australian"), seat=7) == 2
    assert "--seat must be from 0 to 3, got 7" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli_main(["tui", "--bots", "cheater"])
    with pytest.raises(ValueError, match="other rules"):
        TableApp(Rules.preset("australian"), game=Game(Rules.preset("classic3"), seed=1))


def test_the_keyboard_alone_plays() -> None:
    """Enter takes what has the focus: Pass in the auction, a playable card in the play;
    the arrows move along your cards."""
    async def go() -> None:
        app = quick_app("australian", 30, "easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert app.focused is not None and app.focused.id == "bid-pass"
            await pilot.press("enter")
            await settle(app, pilot)
            assert (0, "pass") in app.view().auction
            while app.view().phase != "play" or app.view().to_move != 0:
                await pilot.press("enter")    # Pass, or the focused card, or Next hand
                await settle(app, pilot)
            v = app.view()
            assert app.focused is not None
            start = app.focused.id
            await pilot.press("right")
            assert app.focused.id != start
            for _ in range(2 * len(v.hand)):
                if (app.focused.id or "").removeprefix("card-") in v.legal_actions:
                    break
                await pilot.press("right")
            card = (app.focused.id or "").removeprefix("card-")
            assert card in v.legal_actions
            plays = len(v.tricks) * 4 + len(v.trick)
            await pilot.press("enter")
            await settle(app, pilot)
            v2 = app.view()
            assert len(v2.tricks) * 4 + len(v2.trick) > plays
            assert card not in v2.hand
    run(go())


def test_a_failing_bot_is_reported_and_the_game_goes_on() -> None:
    async def go() -> None:
        app = quick_app("australian", 2, "random")

        class Broken:
            def act(self, view: View) -> object:
                raise RuntimeError("out of cheese")

        app.bots[1] = Broken()  # type: ignore[assignment]
        async with app.run_test(size=SIZE) as pilot:
            await play_hands(app, pilot, 1, bidder(Rng(4)), scan=False)
            log = " ".join(line.strip() for line in this_hands_log(app))
            assert "West's bot failed (RuntimeError); it takes its first legal action" in log
            assert "cheese" not in log          # the message could name the bot's cards
            assert app.game.phase in ("hand_over", "game_over")
    run(go())


def test_a_saved_game_resumes_and_saves_back_to_its_file(tmp_path: Path) -> None:
    async def first() -> Path:
        app = quick_app("australian", 13, "easy", record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await play_hands(app, pilot, 1, bidder(Rng(6)), scan=False)
            assert app.game.phase == "hand_over"
            await click(pilot, "#save")
            await settle(app, pilot)
            return app.saved[13]

    path = asyncio.run(first())
    saved = replay(loads(path.read_text()))
    assert saved.seed == 13                # the record carries the seed: the deals go on alike

    async def second() -> None:
        app = TableApp(saved.rules, bots="easy", pace=0, trick_pause=0, game=saved,
                       record_file=path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog)          # the sheet of the saved hand
            assert "Game resumed" in "\n".join(
                strip.text for strip in app.query_one("#log", RichLog).lines)
            await click(pilot, "#next")
            await play_hands(app, pilot, 1, bidder(Rng(8)), scan=False)
            await click(pilot, "#save")
            await settle(app, pilot)
            assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]
            again = replay(loads(path.read_text()))
            assert len(again.hand_results) == 2 and again.scores == app.game.scores
            fresh = Game(saved.rules, seed=13)
            assert again.past_hands[0].deal == fresh.deal      # the same seed's deals
    run(second())


def test_resuming_a_broken_or_finished_record_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.fhr"
    broken.write_text("this is no record\n")
    assert run_tui(Rules.preset("australian"), resume=str(broken)) == 2
    assert f"cannot resume {broken}" in capsys.readouterr().err
    assert broken.read_text() == "this is no record\n"            # kept as it was
    assert run_tui(Rules.preset("australian"), resume=str(tmp_path / "none.fhr")) == 2
    assert "cannot resume" in capsys.readouterr().err
    g = Game(Rules.preset("australian", target=250), seed=1)
    rng = Rng(3)
    while g.phase != "game_over":
        if g.phase == "hand_over":
            g.next_hand()
            continue
        legal = g.legal_actions()
        g.apply("pass" if g.phase == "auction" and "pass" in legal and rng.below(3)
                else legal[rng.below(len(legal))])
    over = tmp_path / "over.fhr"
    over.write_text(dumps(record_from_game(g)))
    assert run_tui(Rules.preset("australian"), resume=str(over)) == 2
    assert "is over; nothing to resume" in capsys.readouterr().err


def _played_out(preset: str, seed: int, first_bid: str | None = None) -> Game:
    """A hand of ``preset`` played to its end by seeded random choices (seat 0 bidding
    ``first_bid`` if given, after a 7S if it needs one; the others passing)."""
    g = Game(Rules.preset(preset), seed=seed)
    rng = Rng(seed)
    while g.phase not in ("hand_over", "game_over"):
        legal = g.legal_actions()
        if g.phase == "auction" and first_bid is not None:
            # someone opens 7S if the bid must wait for one (misère), seat 0 bids it
            opened = any(t != "pass" for _, t in g.view(0).auction)
            g.apply(first_bid if g.to_move == 0 and first_bid in legal
                    else "7S" if not opened and "7S" in legal and g.to_move != 0 else "pass")
        elif g.phase == "auction":
            g.apply("pass" if rng.below(4) else legal[0])
        else:
            g.apply(legal[rng.below(len(legal))])
    return g


@pytest.mark.parametrize("preset", ["australian", "classic3", "five_called"])
def test_the_review_values_your_cards_as_the_analysis_does(preset: str) -> None:
    reviewed = 0
    for seed in range(3):
        g = _played_out(preset, seed, first_bid="7NT" if seed == 0 else None)
        try:
            r = review_hand(g, seat=0)
        except ReviewError as e:
            assert "thrown in" in str(e)
            continue
        reviewed += 1
        replay_g = Game(g.rules, seed=0, deal=g.deal)
        mine = iter(r.plays)
        solved = False
        for a in g.actions:
            if replay_g.phase == "play" and not solved and g.contract is not None:
                assert solve(replay_g).tricks == r.double_dummy     # at the first lead
                solved = True
            if replay_g.phase == "play" and replay_g.to_move == 0:
                p = next(mine)
                values = card_values(replay_g)
                best = best_cards(replay_g, values)
                assert p.card == token_of(a) and p.value == values[p.card]
                assert p.taken == sum(replay_g.tricks_won[s] for s in r.counted)
                assert p.best == best and (p.cost == 0) == (p.card in best)
                assert p.cost is not None and p.cost >= 0
            replay_g.apply(a)
        assert next(mine, None) is None
        assert r.taken == sum(replay_g.tricks_won[s] for s in r.counted)
    assert reviewed >= 2


def test_no_review_of_a_hand_with_unseen_cards() -> None:
    with pytest.raises(ReviewError, match="still being played"):
        review_hand(Game(Rules.preset("australian"), seed=1), seat=0)
    thrown = Game(Rules.preset("australian"), seed=1)
    for _ in range(4):
        thrown.apply("pass")
    assert thrown.phase == "hand_over"
    with pytest.raises(ReviewError, match="thrown in"):
        review_hand(thrown, seat=0)
    stopped = made = False
    for seed in range(300):
        g = _played_out("australian", seed, first_bid="misere")
        c = g.contract
        if c is None or not c.is_misere:
            continue
        out = set(g.view(0).sitting_out)
        assert out, "the declarer's partner sits out a misère"
        if g.tricks_won[c.declarer] > 0 and not stopped:
            with pytest.raises(ReviewError, match="before every card was played"):
                review_hand(g, seat=(c.declarer + 1) % 4)
            stopped = True
        elif g.tricks_won[c.declarer] == 0 and not made:
            # made: the three who played played every card (the partner sat out)
            seat = (c.declarer + 1) % 4
            r = review_hand(g, seat=seat)
            assert r.counted == (c.declarer,) and r.needed == 0 and r.taken == 0
            partner_cards = set(Game(g.rules, seed=0, deal=g.deal).view(next(iter(out))).hand)
            named = {p.card for p in r.plays} | {b for p in r.plays for b in p.best}
            assert not named & partner_cards
            made = True
        if stopped and made:
            return
    raise AssertionError(f"in 300 deals: a misère stopped early {stopped}, made {made}")


def test_a_seat_that_showed_out_of_a_suit_says_so() -> None:
    rng = Rng(1)
    for seed in range(50):
        g = Game(Rules.preset("australian"), seed=seed)
        while g.phase not in ("hand_over", "game_over"):
            v = g.view(0)
            void = next((s for s in range(1, 4) if v.shown_voids[s]), None)
            if void is not None and v.phase == "play":
                text = tui_texts.seat_text(v, void)
                symbols = ["♠♣♦♥"["SCDH".index(x)] for x in v.shown_voids[void]]
                assert "void in" in text and all(sym in text for sym in symbols)
                assert "void in" not in tui_texts.seat_text(
                    v, next(s for s in range(1, 4) if not v.shown_voids[s]))
                return
            legal = g.legal_actions()
            g.apply("pass" if g.phase == "auction" and g.to_move != 0 and "pass" in legal
                    else legal[rng.below(len(legal))])
    raise AssertionError("nobody showed out in 50 deals")


def _in_sight(app: TableApp, selector: str) -> None:
    """Every widget ``selector`` finds is drawn, whole, inside the terminal."""
    found = list(app.query(selector))
    assert found, f"nothing matches {selector}"
    for w in found:
        r = w.region
        assert r.width > 0 and r.height > 0 and app.screen.region.contains_region(r), (
            f"{selector} ({w.id}) at {r} is not inside {app.screen.region}")


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_a_small_terminal_keeps_every_bid_card_seat_and_trick_card_in_sight(
        size: tuple[int, int]) -> None:
    async def go() -> None:
        app = quick_app("australian", 5, "easy")
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            assert app.view().phase == "auction"
            for selector in ("#bids Button", ".seat", "#status", "#hand Button", "#scores"):
                _in_sight(app, selector)
            await click(pilot, "#bid-10NT")           # nobody can bid over it here
            await settle(app, pilot)
            assert app.view().phase == "kitty"
            _in_sight(app, "#hand Button")               # all thirteen
            assert len(app.query("#hand Button")) == 13
            seen_trick = 0
            while app.game.phase == "kitty" or (app.game.phase == "play" and seen_trick < 3):
                v = app.view()
                if v.phase == "play" and v.trick:
                    text = screen_text(app, ("#log",))
                    for _, tok in v.trick:                # the trick is drawn on the cloth
                        assert label(tok.split(":")[0]) in text, (tok, text)
                    seen_trick += 1
                await take(app, pilot, passer(v))
                await settle(app, pilot)
                if isinstance(app.screen, Dialog):
                    break
            assert seen_trick >= 1
    run(go())


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (130, 44)])
def test_six_players_cards_on_the_cloth_never_cover_a_name(size: tuple[int, int]) -> None:
    async def go() -> None:
        app = quick_app("six_pairs", 5, "easy")
        async with app.run_test(size=size) as pilot:
            full = 0
            while full < 2:
                await settle(app, pilot)
                if isinstance(app.screen, Dialog):
                    await click(pilot, "#next")
                    continue
                v = app.view()
                if v.phase == "play" and len(v.trick) >= 4:
                    cloth = app.query_one("#cloth").region
                    lines = screen_text(app).splitlines()[cloth.y:cloth.bottom]
                    text = "\n".join(line[cloth.x:cloth.right] for line in lines)
                    for s in range(6):
                        if s != app.seat:
                            assert app.narrator.names[s] in text, (s, text)
                    for _, tok in v.trick:
                        assert label(tok.split(":")[0]) in text, (tok, text)
                    full += 1
                await take(app, pilot, passer(v))
    run(go())


def test_the_end_of_hand_sheet_answers_its_keys(tmp_path: Path) -> None:
    async def go() -> None:
        app = quick_app("classic3", 8, "easy", record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await play_hands(app, pilot, 1, passer, scan=False)
            assert isinstance(app.screen, Dialog) and "Next hand (n)" in screen_text(app)
            await pilot.press("s")                       # saved, and the sheet comes back
            await settle(app, pilot)
            assert [p.name for p in tmp_path.iterdir()] == ["fivehundred-8.fhr"]
            assert isinstance(app.screen, Dialog)
            await pilot.press("n")                       # the next hand
            await settle(app, pilot)
            assert app.game.hand_number == 1 and app.game.phase != "hand_over"
            await play_hands(app, pilot, 1, passer, scan=False)
            await pilot.press("q")
            await pilot.pause()
        assert app.return_code == 0
    run(go())


def test_a_table_from_a_rules_string_is_named_after_its_preset() -> None:
    async def go() -> None:
        app = TableApp(Rules.parse("fivehundred(preset=classic3,target=300)"), seed=2,
                       bots="easy", pace=0, trick_pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("r")
            await pilot.pause()
            text = screen_text(app)
            assert "Classic 3-handed, house rules" in text and "Australian" not in text
    run(go())


def test_a_json_record_resumes_and_is_saved_back_as_json(tmp_path: Path) -> None:
    from fivehundred.record import dumps_json, loads_json

    g = Game(Rules.preset("classic3"), seed=21)
    while g.phase != "hand_over":
        acts = g.legal_actions()
        g.apply(acts[0] if g.phase != "auction" or len(g.actions) == 0 else "pass")
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + dumps_json(record_from_game(g)).encode())  # a BOM too
    resumed = replay(loads_json(path.read_text(encoding="utf-8-sig")))

    async def go() -> None:
        app = TableApp(resumed.rules, bots="easy", pace=0, trick_pause=0, game=resumed,
                       record_file=path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("n")
            await play_hands(app, pilot, 1, passer, scan=False)
            await pilot.press("s")
            await settle(app, pilot)
    run(go())
    again = replay(loads_json(path.read_text(encoding="utf-8")))
    assert len(again.hand_results) == 2 and again.seed == 21


def test_resuming_reads_files_as_the_other_commands_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "b.fhr"
    binary.write_bytes(b"\xf5\x00garbage")
    assert run_tui(Rules.preset("australian"), resume=str(binary)) == 2
    assert "not UTF-8 text" in capsys.readouterr().err
    assert binary.read_bytes() == b"\xf5\x00garbage"


def test_a_save_that_fails_keeps_the_record_saved_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    async def go() -> None:
        app = quick_app("classic3", 8, "easy", record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await play_hands(app, pilot, 1, passer, scan=False)
            await pilot.press("s")
            await settle(app, pilot)
            path = tmp_path / "fivehundred-8.fhr"
            before = path.read_text()
            await pilot.press("n")
            await settle(app, pilot)

            def full(src: object, dst: object) -> None:
                raise OSError(28, "No space left on device")

            monkeypatch.setattr(os, "replace", full)        # the disk fills up
            await play_hands(app, pilot, 1, passer, scan=False)   # saved again: it fails
            assert path.read_text() == before                     # the first hand is kept
            assert [p.name for p in tmp_path.iterdir()] == [path.name]
    run(go())
