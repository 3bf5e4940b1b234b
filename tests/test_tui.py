"""The terminal table (Textual): whole games played through the screen, what the screen may
show, refused input, hints, dialogs and the command line.  Saves are in test_tui_records.py,
the review in test_tui_review.py, the layout in test_tui_layout.py; the helpers in
tuiclient.py."""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from pathlib import Path

import pytest
from textual.widgets import Button, RichLog, Static

from fivehundred import Game, Rules
from fivehundred.actions import readable_text
from fivehundred.bots import Budget, hints
from fivehundred.cli import main as cli_main
from fivehundred.console.narration import Narrator
from fivehundred.console.opponent import hint_seed
from fivehundred.rng import Rng
from fivehundred.tui import TableApp, run_tui, screens
from fivehundred.tui import texts as tui_texts
from fivehundred.tui.screens import Dialog
from fivehundred.view import View
from fivehundred.web.state import action_words, status_line
from tuiclient import (
    SIZE,
    bidder,
    check_no_leak,
    click,
    label,
    play_hands,
    quick_app,
    run,
    screen_text,
    settle,
    take,
    this_hands_log,
    where_seed_shows,
    widget_text,
)

#: A seed "drawn at random" in the tests: ten digits nothing else on the screen has.
SECRET = 1987654321


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


def test_a_whole_game_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    async def go() -> None:
        app = quick_app("australian", 3, "random", target=250)
        async with app.run_test(size=SIZE) as pilot:
            acted = await play_hands(app, pilot, 1000, bidder(Rng(9)), scan=False)
            assert app.game.phase == "game_over"
            assert {"auction", "kitty", "play"} <= acted
            text = screen_text(app)
            assert "Game over" in text
            assert status_line(app.view(), list(app.narrator.names)) in text   # and how
            monkeypatch.setattr(secrets, "randbits", lambda bits: SECRET)
            # n is "Next hand" on a hand's sheet and "New game" here: its footer says which,
            # and the key answers as the button does
            assert "n New game" in text.splitlines()[-1] and "Next hand" not in text, text
            await pilot.press("n")
            await settle(app, pilot)
            assert app.game.phase != "game_over" and app.game.hand_results == ()
            assert app.game.seed == SECRET
            assert where_seed_shows(app, SECRET) == []   # the new game's seed was drawn
    run(go())


def test_a_random_seed_is_never_shown_during_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A seed drawn at random deals every hand and kitty: it is not in the title, the log,
    the status, a dialog or a notice (the saved record's name neither) while the game goes
    on, only in the goodbye."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: SECRET)

    def hidden(app: TableApp) -> None:
        assert where_seed_shows(app, SECRET) == [], "the seed is on the screen"

    async def go() -> None:
        app = TableApp(Rules.preset("australian"), bots="easy", pace=0, trick_pause=0,
                       record_dir=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            hidden(app)
            assert app.game.seed == SECRET
            for key in ("question_mark", "r"):            # the help, the rules
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, Dialog)
                hidden(app)
                await pilot.press("escape")
                await pilot.pause()
            await play_hands(app, pilot, 1, bidder(Rng(5)), check=hidden)
            assert isinstance(app.screen, Dialog)            # the end-of-hand sheet
            await click(pilot, "#save")
            await settle(app, pilot)
            assert "Saved the record to" in "\n".join(
                strip.text for strip in app.query_one("#log", RichLog).lines)
            hidden(app)
            await click(pilot, "#next")
            await settle(app, pilot)
            hidden(app)
            assert app.sub_title.endswith(f"started {app.started:%Y-%m-%d %H:%M}")
            await pilot.press("q")                   # in the middle of a hand: asked first
            await pilot.pause()
            assert isinstance(app.screen, Dialog) and "would be lost" in screen_text(app)
            await pilot.press("q")
            await pilot.pause()
    capsys.readouterr()
    run(go())
    goodbye = f"Goodbye. (This game's seed was {SECRET}; its record, every hand finished, is in"
    # (saved: it says where, as the text game does; Rich wraps the line, so without spaces)
    assert "".join(f"{goodbye} {tmp_path}".split()) in "".join(capsys.readouterr().err.split())


def test_a_seed_the_player_chose_is_shown() -> None:
    """He gave it (``--seed 7``): it names the game, in the title and the first line."""
    async def go() -> None:
        app = quick_app("australian", 7, "easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert app.sub_title.endswith("· seed 7")
            first = " ".join(strip.text.strip()
                             for strip in app.query_one("#log", RichLog).lines[:3])
            assert first.startswith("New game") and "seed 7" in first
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
            # each suit by its symbol and word (the buttons read "JK:♣"), in the order the
            # suits rank and the browser shows them (they came ♣♦♥♠, as the tokens sort)
            words = [str(b.label) for b in app.query("#choices Button")]
            suits = ("♠ Spades", "♣ Clubs", "♦ Diamonds", "♥ Hearts")
            named = sorted((suits["SCDH".index(t[-1])] for t in app.view().legal_actions
                            if t.startswith("JK:")), key=suits.index)
            assert len(named) > 1 and words == [*named, "Cancel"], words
            await click(pilot, "#lead-cancel")         # changed his mind: nothing played
            await pilot.pause()
            assert app.view().trick == () and "JK" in app.view().hand
            # by keyboard: Enter on the joker puts the keyboard on its first suit, Escape
            # leaves it unchosen (the keyboard stayed on the card, and Escape did nothing)
            app.query_one("#card-JK").focus()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            assert app.focused is not None and (app.focused.id or "").startswith("lead-")
            await pilot.press("escape")
            await pilot.pause()
            assert not app.query("#lead-cancel") and app.view().trick == ()
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
            # the refusal names your cards as the table draws them (9♦), not as tokens
            log = this_hands_log(app)
            start = max(i for i, line in enumerate(log) if "Not allowed" in line)
            said = " ".join(line.strip() for line in log[start:])
            for tok in v.legal_actions:
                assert label(tok) in said
                assert tok == "JK" or tok not in re.findall(r"[\w:]+", said)
            assert "unplayable" in app.query_one(f"#card-{bad}", Button).classes
    run(go())


def test_a_hint_names_a_legal_action_and_marks_it() -> None:
    async def go() -> None:
        app = quick_app("australian", 4, "random", hint_budget=Budget(samples=2))
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("h")
            await settle(app, pilot)
            assert app._hinted in app.view().legal_actions
            # the advice is in a box of its own (the narrow log pushed it out of sight)
            assert isinstance(app.screen, Dialog) and app.screen.title_text == "Hint"
            assert f"Hint: {action_words(app.view().phase, app._hinted)}" in " ".join(
                this_hands_log(app))
            await pilot.press("escape")                 # closed, the table is as it was
            assert not isinstance(app.screen, Dialog)
            hinted = [b for b in app.query(Button) if "hinted" in b.classes]
            assert len(hinted) == 1
    run(go())


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_a_hint_shows_its_advice_reason_and_choices_whole(size: tuple[int, int]) -> None:
    """Over a partner's bid at 80x24 the log showed its last four lines only: the advice out
    of sight, no reason, and "pass -242.0 the " / "partner's 8♦ is played: " / "makes 15%"
    broken mid-phrase.  The hint's own box shows the advice, its reason and each choice on a
    line of its own, at the smallest size and a large one."""
    async def go() -> None:
        app = quick_app("australian", 7, "easy", hint_budget=Budget(samples=10))
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await take(app, pilot, "7H")                # West passes, North bids 8♦
            await settle(app, pilot)
            assert "bid 8♦" in screen_text(app)
            await pilot.press("h")
            await settle(app, pilot)
            d = hints.hint(app.view(), hint_seed(app.game), app.hint_budget)
            shown = screen_text(app)
            assert re.search(r"█\s+Pass\s+█", shown), shown        # the advice on its own
            assert d.reason and " ".join(readable_text(d.reason).split()[:4]) in shown, shown
            for c in d.candidates[:8]:                   # each choice whole, on one line
                assert hints.candidate_line(c).strip() in shown, (c, shown)
    run(go())


def test_a_kitty_hint_marks_the_whole_discard() -> None:
    """Declaring, the hint marks every card of the discard it plans (it marked one)."""
    async def go() -> None:
        app = quick_app("australian", 10, "easy", hint_budget=Budget(samples=2))
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await take(app, pilot, "10NT")           # nobody bids over it here
            await settle(app, pilot)
            assert app.view().phase == "kitty"
            await pilot.press("h")
            await settle(app, pilot)
            hinted = {str(b.id)[5:] for b in app.query("#hand Button") if "hinted" in b.classes}
            assert len(hinted) == 3 and hinted <= set(app.view().hand), hinted
            assert "Discard " in screen_text(app)
            await pilot.press("escape")
            first = sorted(hinted)[0]                   # one goes: the other two stay marked
            await click(pilot, f"#card-{first}")
            await settle(app, pilot)
            still = {str(b.id)[5:] for b in app.query("#hand Button") if "hinted" in b.classes}
            assert still == hinted - {first}, (still, hinted)
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
            text = screen_text(app)
            assert "Called partner: yes  (call_partner=true)" in text
            assert "the declarer calls a partner by naming a card" in text
            await pilot.press("escape")
            await pilot.press("question_mark")
            await pilot.pause()
            assert "Five Hundred at the terminal" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, Dialog)
    run(go())


def test_g_shows_how_to_play_at_this_table() -> None:
    """``g`` opens how to play under the table's rules (``guide.py``), the bid table among
    it; its text scrolls, Escape closes it; the help names the key."""
    async def go() -> None:
        app = quick_app("five_called", 1, "random", target=250)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, Dialog)
            text = screen_text(app)
            assert "How to play at this table" in text and "This table seats 5 players" in text
            assert "     8     240   260   280   300   320" in app.screen.body
            await pilot.press("end")
            await pilot.pause()
            assert "The game is played to 250 points." in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, Dialog)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, Dialog)
            assert "[b]g[/b] how to play at this table" in app.screen.body
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
            assert ("West's bot failed (the random bot at seat 1: RuntimeError); Medium's "
                    "choice is played for it") in log
            assert "cheese" not in log          # the message could name the bot's cards
            assert app.game.phase in ("hand_over", "game_over")
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


def test_q_in_the_middle_of_a_hand_asks_first() -> None:
    """q in the middle of a hand (which no record keeps) asks: Escape or Keep playing stays
    at the table, the game as it was; q again quits."""
    async def go() -> None:
        app = quick_app("australian", 3, "easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert app.game.phase == "auction"
            before = len(app.game.actions)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, Dialog) and "would be lost" in screen_text(app)
            await pilot.press("escape")
            await settle(app, pilot)
            assert not isinstance(app.screen, Dialog) and app.return_code is None
            assert len(app.game.actions) == before
            await pilot.press("q")
            await pilot.pause()
            await pilot.press("q")
            await pilot.pause()
            assert app.return_code == 0
    run(go())


def _hand_bid(preset: str, bids: dict[int, str]) -> Game:
    """A hand of ``preset`` (seed 7) played to its end: the seats of ``bids`` bid those, the
    others pass, every card the first legal one."""
    g = Game(Rules.preset(preset), seed=7)
    while g.phase not in ("hand_over", "game_over"):
        seat = g.to_move
        assert seat is not None
        if g.phase == "auction":
            bid = bids.pop(seat, "pass")
            g.apply(bid if bid in g.legal_actions() else "pass")
        else:
            g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize(("declarer", "said"), [
    (0, "You bid 7♥; you & North took "), (2, "North bid 7♥; you & North took "),
    (1, "West bid 7♥; West & East took ")])
def test_the_sheet_gives_the_declaring_sides_tricks_to_the_side(declarer: int,
                                                                said: str) -> None:
    """The end-of-hand sheet named the declarer alone as taking the side's tricks ("North
    bid 8♦ and took 6 tricks", North's and yours): the side is named; a misère's declarer
    plays alone, and a claim is said first."""
    g = _hand_bid("australian", {declarer: "7H"})
    res = g.hand_results[-1]
    took = sum(res.tricks[s] for s in g.rules.sides[g.rules.side_of[declarer]])
    n = Narrator(g.rules, 0)
    body = screens.hand_over_dialog(g.view(0), n).body
    assert body.startswith(f"{said}{took} trick{'s' * (took != 1)}:"), body
    assert " and took " not in body.splitlines()[0]
    body = screens.hand_over_dialog(g.view(0), n, claim="You claimed the rest.").body
    first, second = body.splitlines()[:2]
    assert first == "You claimed the rest." and second.startswith(said), body
    g = _hand_bid("australian", {0: "7H", 1: "misere"})
    line = screens.hand_over_dialog(g.view(0), n).body.splitlines()[0]
    assert line.startswith("West bid misère and took "), line


def test_ctrl_c_asks_as_q_does_and_quits_when_asked() -> None:
    """Ctrl+C in the middle of a hand opens the game's own quit dialog (Textual's toast only
    said "press ctrl+q"); Escape stays, and Ctrl+C while asked quits."""
    async def go() -> None:
        app = quick_app("australian", 3, "easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert isinstance(app.screen, Dialog) and "would be lost" in screen_text(app)
            await pilot.press("escape")
            await settle(app, pilot)
            assert not isinstance(app.screen, Dialog) and app.return_code is None
            await pilot.press("ctrl+c")
            await pilot.pause()
            await pilot.press("ctrl+c")
            await pilot.pause()
            assert app.return_code == 0
    run(go())


def test_a_bots_move_that_comes_back_as_the_app_closes_draws_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """You bid, a bot thinks, and the app closes (you quit, or a test ends): the bot's move
    comes back while Textual takes the widgets away, and is dropped (drawing it raised
    NoMatches for #seat-1 in the worker: a traceback at the exit, a CI failure under load)."""
    decide = TableApp._decide
    hold = {"on": False}

    def held(self: TableApp, seat: int, view: View) -> str:
        deadline = time.monotonic() + 20
        while hold["on"] and self.is_running and time.monotonic() < deadline:
            time.sleep(0.0005)
        return decide(self, seat, view)

    monkeypatch.setattr(TableApp, "_decide", held)

    async def go() -> None:
        app = quick_app("australian", 0, "easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            hold["on"] = True                    # the next decision waits for the close
            v = app.view()
            assert app.act("pass" if "pass" in v.legal_actions else v.legal_actions[0])
            for _ in range(100_000):             # a bot takes up its (held) decision: the
                if app._thinking is not None:    # test closes the app at once (a pause
                    break                        # lets its drawing finish, and hides the race)
                await asyncio.sleep(0)
            assert app._thinking is not None
        # whenever the move lands, once the app has closed it draws and writes nothing
        app.refresh_table()
        app._say("a late line")
    run(go())


def test_the_cut_for_the_first_dealer_is_in_the_log() -> None:
    """classic3 cuts for the first dealer: the log gave only who deals."""
    async def go() -> list[str]:
        app = quick_app("classic3", 7, "easy")
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            return [strip.text.rstrip() for strip in app.query_one("#log", RichLog).lines]
    lines = " ".join(asyncio.run(go()))
    assert "The cut: you A♣, West A♦, East 9♠: you deal (the lowest card deals" in lines, lines
