"""The terminal table's layout: what a seat's panel says of its voids, and every bid, card,
seat and trick card in sight on small terminals and with six players."""

from __future__ import annotations

import pytest
from textual.app import App

from fivehundred import Game, Rules
from fivehundred.console.narration import Narrator
from fivehundred.rng import Rng
from fivehundred.tui import TableApp
from fivehundred.tui import texts as tui_texts
from fivehundred.tui.buttons import greyed
from fivehundred.tui.cloth import cloth_text
from fivehundred.tui.screens import Dialog
from tuiclient import (
    bidder,
    click,
    label,
    passer,
    play_hands,
    quick_app,
    run,
    screen_text,
    settle,
    take,
    your_turns,
)


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
            footer = screen_text(app).splitlines()[-1]
            assert footer.rstrip().endswith("q Quit") and "u Undo" in footer, footer
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


@pytest.mark.parametrize("preset", ["australian", "classic3", "five_called", "six_pairs"])
def test_the_cloth_of_any_height_shows_every_name_whole_and_every_card(preset: str) -> None:
    """Down to the 4 lines a small terminal leaves it: every seat's name whole (yours, You,
    at the bottom) and every card of a full trick, yours too.  Drawn for 8 lines whatever
    its size, the cloth at 80x24 lost You and, with five or six players, your card; a long
    name by the edge lost its first letter ("outh-West (out)")."""
    rules = Rules.preset(preset)
    v = Game(rules, seed=3).view(0)
    faces = ["A♠", "K♥", "Q♦", "J♣", "10♠", "9♥"]
    trick = [(s, t) for s, t in zip(range(rules.players),
                                    ["AS", "KH", "QD", "JC", "10S", "9H"], strict=False)]
    names = ["You", *(f"South-West {s}" if s == 1 else Narrator(rules, 0).names[s]
                      for s in range(1, rules.players))]
    for width in (46, 60):
        for height in range(4, 13):
            text = cloth_text(v, names, trick, None, width, height).plain
            lines = text.splitlines()
            assert len(lines) == height and all(len(x) == width for x in lines), (width, height)
            for name in names:
                assert name in text, (name, width, height, text)
            for face in faces[:rules.players]:
                assert face in text, (face, width, height, text)
            assert "You" in lines[-1], (width, height, text)     # at the bottom


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (130, 44)])
def test_six_players_cards_on_the_cloth_never_cover_a_name(size: tuple[int, int]) -> None:
    async def go() -> None:
        app = quick_app("six_pairs", 5, "easy")
        async with app.run_test(size=size) as pilot:
            full = 0
            async for v in your_turns(app, pilot):
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
                if full >= 2:
                    break                    # (at your turn: no bot left moving as it closes)
                await take(app, pilot, passer(v))
    run(go())


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("preset", ["six_pairs", "five_called"])
def test_a_seats_name_and_roles_are_never_cut_off(size: tuple[int, int], preset: str) -> None:
    """Five or six seats share the top row: where a panel's border cannot hold its name and
    roles whole ("North-Wes…" hid "· dealer" and "· declarer"), the roles go under it, and a
    long line breaks between its facts, never inside one ("7 cards · 1" over "trick")."""
    async def go() -> None:
        app = quick_app(preset, 3, "easy")
        async with app.run_test(size=size) as pilot:
            seen = set()
            async for v in your_turns(app, pilot):
                for s in app.others:
                    box = app.query_one(f"#seat-{s}").region
                    lines = screen_text(app).splitlines()[box.y:box.bottom]
                    text = "\n".join(line[box.x:box.right] for line in lines)
                    assert "…" not in lines[0][box.x:box.right], text
                    assert app.narrator.names[s] in lines[0][box.x:box.right], text
                    for role in tui_texts.roles(v, s):
                        assert role in text, (role, text)
                    words = [w for line in text.splitlines() for w in line.split()]
                    assert "card" in words or "cards" in words, text
                    if v.phase == "play":
                        assert "trick" in words or "tricks" in words, text
                        seen.add("play")
                    if s == v.dealer:
                        seen.add("dealer")
                if len(seen) >= 2:
                    break                    # (at your turn: no bot left moving as it closes)
                await take(app, pilot, passer(v))
    run(go())


@pytest.mark.parametrize("preset, seed, bid", [("two_24", 2, "8S"), ("australian", 10, "10NT")])
def test_fourteen_cards_with_the_kitty_fit_eighty_columns(preset: str, seed: int, bid: str) -> None:
    """Taking the kitty, a hand of 13 or 14 cards is drawn whole inside the card row at 80x24
    (its last cards used to be cut off: a card 6 or 7 columns wide, whatever the layout)."""
    async def go() -> None:
        app = quick_app(preset, seed, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            while app.view().phase == "auction":
                v = app.view()
                await take(app, pilot, bid if bid in v.legal_actions else "pass")
                await settle(app, pilot)
            v = app.view()
            assert v.phase == "kitty" and len(v.hand) >= 13, (v.phase, len(v.hand))
            row = app.query_one("#hand").content_region
            cards = list(app.query("#hand Button"))
            assert len(cards) == len(v.hand)
            for b in cards:
                assert row.contains_region(b.region), f"{b.id} at {b.region} is cut: {row}"
    run(go())


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
@pytest.mark.parametrize("key", ["r", "question_mark"])
def test_a_dialogs_buttons_stay_on_a_small_screen(size: tuple[int, int], key: str) -> None:
    """The rules and the help are longer than a small terminal: their text scrolls and the
    Close button stays in sight (it used to fall below the screen's bottom)."""
    async def go() -> None:
        app = quick_app("australian", 4, "easy")
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await pilot.press(key)
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog)
            for b in app.screen.query("#dialog-buttons Button"):
                assert app.screen.region.contains_region(b.region), (b.id, b.region)
            # the text scrolls by the keys a reader tries, the Close button keeping the
            # keyboard (they reached it only after Tab), and the footer says so
            body = app.screen.query_one("#dialog-body")
            assert body.max_scroll_y > 0 and app.focused is not None \
                and app.focused.id == "close"
            assert "Scroll" in {b.binding.description for b in app.screen.active_bindings.values()
                                if b.binding.show and b.enabled}
            for k, moved in [("down", lambda y: y == 1), ("pagedown", lambda y: y > 2),
                             ("end", lambda y: y == body.max_scroll_y),
                             ("up", lambda y: y == body.max_scroll_y - 1),
                             ("home", lambda y: y == 0)]:
                await pilot.press(k)
                await pilot.pause()
                assert moved(body.scroll_y), (k, body.scroll_y, body.max_scroll_y)
            assert isinstance(app.screen, Dialog)
    run(go())


def test_the_keyboard_goes_to_a_bid_through_the_grid_not_past_your_cards() -> None:
    """In the auction Tab skips your cards (reaching 6NT took 11 presses, ten of them through
    cards that only said "Not a card now"), and Up and Down go along the bids' grid; in the
    play your cards take the keyboard again."""
    async def go() -> None:
        app = quick_app("australian", 3, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert app.view().phase == "auction" and app.focused is not None
            assert app.focused.id == "bid-pass"
            assert not any(b.can_focus for b in app.query("#hand Button"))
            seen = []
            for _ in range(40):
                await pilot.press("tab")
                seen.append(app.focused.id if app.focused is not None else "")
            assert not any(i.startswith("card-") for i in seen), seen
            assert "bid-6NT" in seen
            app.query_one("#bid-pass").focus()
            await pilot.press("up")
            above = app.focused
            assert above is not None and (above.id or "").startswith("bid-")
            assert above.region.y < app.query_one("#bid-pass").region.y
            await pilot.press("up")
            assert app.focused is not None and app.focused.region.y < above.region.y
            await pilot.press("down")
            assert app.focused is above
            # from your hand (the joker's suits come above it): Up to their last row, Down
            # to nothing (it went up to their top row)
            card = app.query("#hand Button").first()
            card.can_focus = True
            card.focus()
            await pilot.press("down")
            assert app.focused is card
            await pilot.press("up")
            bottom = max(b.region.y for b in app.query("#actions Button") if not greyed(b))
            assert app.focused is not None and app.focused.region.y == bottom
            card.can_focus = False
            for _ in range(8):                   # you pass: a bot wins the auction
                if app.view().phase != "auction":
                    break
                app.query_one("#bid-pass").focus()
                await pilot.press("enter")
                await settle(app, pilot)
            assert app.view().phase == "play" and app.view().to_move == 0, app.view().phase
            assert all(b.can_focus for b in app.query("#hand Button"))
    run(go())


def test_the_log_wraps_again_when_the_terminal_narrows() -> None:
    """Lines written wide kept their wrapping once the terminal narrowed: cut at the log's
    edge ("You win the auction with 8"), a scroll bar taking one of its rows."""
    from textual.widgets import RichLog

    async def go() -> None:
        app = quick_app("australian", 3, "easy")
        async with app.run_test(size=(160, 45)) as pilot:
            await settle(app, pilot)
            log = app.query_one("#log", RichLog)
            app._say("You win the auction with 8♦ (worth 280), and a long line after it")
            await pilot.pause()
            wide = log.scrollable_content_region.width
            await pilot.resize_terminal(80, 24)
            for _ in range(5):
                await pilot.pause()
            assert log.scrollable_content_region.width < wide
            assert log.max_scroll_x == 0 and log.virtual_size.width <= \
                log.scrollable_content_region.width, (log.virtual_size, log.size)
            # a new game's log starts afresh, and a resize does not bring the last one back
            app._after_dialog("new")
            await settle(app, pilot)
            await pilot.resize_terminal(160, 45)
            for _ in range(5):
                await pilot.pause()
            lines = [strip.text for strip in log.lines]
            assert sum(line.startswith("New game") for line in lines) == 1, lines
            assert not any("8♦ (worth 280), and a long" in line for line in lines), lines
    run(go())


def test_a_dialog_gives_its_first_button_the_keyboard_and_may_come_as_the_app_closes() -> None:
    """The first button has the keyboard; a dialog pushed as the table closes (a hand ended
    by a claim as you quit) is left empty by Textual and closes quietly (its own query for
    the button raised NoMatches, a traceback at the exit that failed a CI run)."""
    class Table(App[None]):
        def __init__(self, closing: bool) -> None:
            super().__init__()
            self.closing = closing

        def on_mount(self) -> None:
            self.push_screen(Dialog("Hand 1 is over", "text", [("next", "Next hand"),
                                                              ("save", "Save record")]))
            if self.closing:
                self.exit()

    async def go(closing: bool) -> None:
        app = Table(closing)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if not closing:
                assert isinstance(app.screen, Dialog)
                assert app.focused is not None and app.focused.id == "next", app.focused
    run(go(False))
    run(go(True))


@pytest.mark.parametrize("size", [(80, 24), (130, 44)])
def test_the_log_shows_its_newest_line_at_each_of_your_turns(size: tuple[int, int]) -> None:
    """The log keeps its newest line in sight when the bid grid comes and goes (it stayed
    scrolled where it was, the auction's first lines below its bottom)."""
    behind: list[tuple[str, float, float]] = []

    def at_the_end(app: TableApp) -> None:
        if isinstance(app.screen, Dialog):
            return
        log = app.query_one("#log")
        if log.scroll_y < log.max_scroll_y:
            behind.append((app.view().phase, log.scroll_y, log.max_scroll_y))

    async def go() -> None:
        app = quick_app("australian", 11, "easy")
        async with app.run_test(size=size) as pilot:
            await play_hands(app, pilot, 2, bidder(Rng(11)), scan=False, check=at_the_end)
    run(go())
    assert not behind, behind


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_calling_a_partner_keeps_the_contract_every_call_and_a_line_of_the_log(
        size: tuple[int, int]) -> None:
    """Calling at 80x24 with five players: the contract line was cut after "You need 10",
    under the auction's record; "Alone" wrapped in its button; and the log had no row. The
    contract now comes before the record, the 44 calls take 4 rows, and what ends the game
    sits on the scores' border."""
    async def go() -> None:
        app = quick_app("five_called", 3, "easy")
        async with app.run_test(size=size) as pilot:
            for _ in range(60):
                await settle(app, pilot)
                v = app.view()
                if v.phase == "call" and app._my_turn(v):
                    break
                if v.phase == "auction":
                    await take(app, pilot, "10NT" if "10NT" in v.legal_actions else "pass")
                else:
                    await take(app, pilot, passer(v))
            assert v.phase == "call" and v.contract is not None
            info = app.query_one("#info")
            lines = screen_text(app).splitlines()
            box = info.region
            shown = " ".join(line[box.x:box.right].strip()
                             for line in lines[box.y:box.bottom])
            assert "You need 10 tricks · worth 520" in " ".join(shown.split()), shown
            calls = list(app.query("#calls Button"))
            assert len(calls) == len(v.legal_actions), len(calls)
            _in_sight(app, "#calls Button")
            assert len({b.region.y for b in calls}) <= 4
            alone = app.query_one("#call-alone").region
            assert "Alone" in lines[alone.y][alone.x:alone.right]
            log = app.query_one("#log")
            assert log.scrollable_content_region.height >= 1, log.region
            assert "game at 500, out at -500" in screen_text(app)
    run(go())


@pytest.mark.parametrize("preset", ["five_called", "six_threes", "australian"])
def test_the_log_is_never_an_empty_box(preset: str) -> None:
    """At 80x24 with five seats' scores and the bids at the bottom, the side column left the
    log its two borders and no row: it is hidden then, and shown again, with rows to write
    in, when play leaves it room."""
    async def go() -> None:
        app = quick_app(preset, 3, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            phases: dict[str, set[bool]] = {}
            async for v in your_turns(app, pilot):
                log = app.query_one("#log")
                if log.display:
                    assert log.region.height >= 3 and log.content_region.height >= 1, (
                        v.phase, log.region)
                    assert app.screen.region.contains_region(log.region)
                    assert log.max_scroll_x == 0, (log.virtual_size, log.size)   # wrapped to fit
                phases.setdefault(v.phase, set()).add(bool(log.display))
                if v.phase == "play":
                    break                    # (at your turn: no bot left moving as it closes)
                await take(app, pilot, passer(v))
            assert phases["play"] == {True}, phases
            if preset == "five_called":
                assert False in phases["auction"], phases     # the case that was broken
    run(go())


def test_below_eighty_by_twenty_four_the_table_says_it_is_too_small() -> None:
    """At 70x20 a card of the trick (six_pairs, seed 5) and "q Quit" were cut off without a
    word.  Below 80x24 the table says the terminal is too small, the size it needs and the
    size now, and takes no card; made larger again, every card is back and the game plays on."""
    async def go() -> None:
        app = quick_app("six_pairs", 5, "easy")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await take(app, pilot, "pass")
            await settle(app, pilot)
            v = app.view()
            assert v.phase == "play" and v.trick, v.phase
            await pilot.resize_terminal(70, 20)
            await settle(app, pilot)
            shown = " ".join(screen_text(app).split())
            assert "too small" in shown and "80x24" in shown and "70x20" in shown, shown
            assert not app.act(v.legal_actions[0])                 # not played blind
            assert app.game.view(app.seat) == v
            await pilot.resize_terminal(80, 24)
            await settle(app, pilot)
            shown = screen_text(app)
            assert "too small" not in shown
            for _, card in v.trick:
                assert label(card) in shown, (card, shown)
            await take(app, pilot, v.legal_actions[0])
            assert len(app.view().hand) == len(v.hand) - 1
    run(go())


def test_below_eighty_by_twenty_four_a_box_says_it_is_too_small() -> None:
    """A box opened on a terminal below 80x24 (the help, here at 70x20) was drawn cut off
    over the table's notice: it says the terminal is too small as the table does, answers
    Escape, and made larger it is whole."""
    async def go() -> None:
        app = quick_app("australian", 5, "easy")
        async with app.run_test(size=(70, 20)) as pilot:
            await settle(app, pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            assert app.screen is not app.screen_stack[0]
            shown = " ".join(screen_text(app).split())
            assert "too small" in shown and "70x20" in shown and "Escape closes" in shown, shown
            assert "Help" not in shown.split("too small")[0], shown
            await pilot.resize_terminal(100, 40)
            await pilot.pause()
            shown = screen_text(app)
            assert "too small" not in shown and "Help" in shown, shown
            await pilot.resize_terminal(70, 20)
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is app.screen_stack[0]
    run(go())
