"""PLAY THIS DEAL AGAIN at the terminal table (key a, and the sheet's button): the finished
hand's cards dealt again as practice (PRACTICE in the title, PLAY IT AGAIN and BACK TO THE
GAME on its sheet, never saved), reproducibly seeded; back in the game, all as it was."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button

from fivehundred import Game, Rules
from fivehundred.console.practice import practice_seed
from fivehundred.game.state import get_state
from fivehundred.tui import TableApp
from fivehundred.tui.practice import UNSAVED
from fivehundred.tui.screens import Dialog
from helpers import played_to_its_end
from test_console import advance
from tuiclient import SIZE, check_no_leak, click, passer, play_hands, run, screen_text, settle

AUS = Rules.preset("australian")


def table(g: Game, record_dir: Path | None = None) -> TableApp:
    """A table (Easy bots, no pauses) taking up ``g`` where it stands."""
    return TableApp(g.rules, bots="easy", pace=0, trick_pause=0, game=g, record_dir=record_dir)


def buttons(app: TableApp) -> list[str]:
    return [b.id or "" for b in app.screen.query(Button)]


def notices(app: TableApp) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


def played_out(g: Game) -> bool:
    return g.phase == "hand_over" and g.hand_number >= 1 and g.hand_results[-1].played_out


def test_the_sheets_button_and_the_keys_play_the_deal_again_and_back_to_the_game(
        tmp_path: Path) -> None:
    """PLAY THIS DEAL AGAIN on the sheet deals exactly the finished hand's cards at a practice
    (PRACTICE in the title, its own log, bots seeded from the practice seed); its sheet has
    PLAY IT AGAIN (a: the same cards and seed, once more) and BACK TO THE GAME (b); n, s do not
    deal on nor save; back, the game, its log, bots, title and record are as they were, and
    its next deal is the one it would have been."""
    g = advance(AUS, played_out)
    hand, cards = g.hand_number, g.past_hands[-1].deal
    twin = g.clone()
    twin.next_hand()

    async def go() -> None:
        app = table(g, tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and "again" in buttons(app)
            assert "Play this deal again (a)" in screen_text(app)
            await click(pilot, "#save")                 # saved once: kept up to date after
            await settle(app, pilot)
            (path,) = tmp_path.iterdir()
            record = path.read_text()
            state, said, bots = get_state(g), list(app._said), app.bots
            title, sub_title = app.title, app.sub_title
            await click(pilot, "#again")
            await settle(app, pilot)
            assert app.away is not None and app.game is not g
            assert app.game.deal == cards and app.game.hand_number == 0
            assert app.game.seed == practice_seed(g.seed, hand)
            assert "PRACTICE" in app.title and f"hand {hand + 1} again" in app.sub_title
            assert f"Practice: hand {hand + 1} again" in "\n".join(m for *_, m in app._said)
            check_no_leak(app)
            await pilot.press("s")                      # never saved
            await pilot.press("n")                      # no next hand in a practice
            await pilot.pause()
            assert UNSAVED in notices(app) and "A practice plays one hand" in notices(app)
            await play_hands(app, pilot, 1, passer, scan=False)
            assert isinstance(app.screen, Dialog)
            assert buttons(app)[:2] == ["again", "game"] and "next" not in buttons(app)
            assert "save" not in buttons(app)
            assert app.screen.title_text == f"Practice: hand {hand + 1} again: the hand is over"
            assert path.read_text() == record and list(tmp_path.iterdir()) == [path]
            first = app.game
            await pilot.press("a")                      # PLAY IT AGAIN
            await settle(app, pilot)
            assert app.game is not first and app.game.deal == cards
            assert app.game.seed == practice_seed(g.seed, hand)
            await pilot.press("b")                      # back, in the middle of the hand
            await settle(app, pilot)
            assert app.away is None and app.game is g and get_state(g) == state
            assert app._said == said and app.bots is bots
            assert (app.title, app.sub_title) == (title, sub_title)
            assert isinstance(app.screen, Dialog) and app.screen.title_text == \
                f"Hand {hand + 1} is over"
            assert path.read_text() == record
            await click(pilot, "#next")
            await settle(app, pilot)
            assert app.game.deal == twin.deal and app.game.hand_number == hand + 1
    run(go())


def practice_actions(g: Game) -> tuple[int, ...]:
    """The actions of the first practice of ``g``'s finished hand, you passing (the first
    legal card in the play)."""
    out: list[tuple[int, ...]] = []

    async def go() -> None:
        app = table(g)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and "again" in buttons(app)
            for b in app.screen.query("#dialog-buttons Button"):     # (all in sight)
                assert app.screen.region.contains_region(b.region), (b.id, b.region)
            await pilot.press("a")
            await settle(app, pilot)
            assert "PRACTICE: HAND" in screen_text(app)   # (no title bar at 80x24)
            await play_hands(app, pilot, 1, passer, scan=False)
            out.append(app.game.past_hands[0].actions)
    run(go())
    return out[0]


def test_the_same_practice_seed_gives_the_same_bots_play() -> None:
    g = advance(AUS, played_out)
    assert practice_actions(g.clone()) == practice_actions(g.clone())


def test_a_hand_thrown_in_is_not_offered_and_says_why() -> None:
    g = advance(AUS, lambda g: g.phase == "hand_over"
                and g.hand_results[-1].kind == "all_pass_redeal")
    state = get_state(g)

    async def go() -> None:
        app = table(g)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and "again" not in buttons(app)
            await pilot.press("a")                      # (not the sheet's key)
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
            assert ("No practice: everyone passed and the hand was thrown in: nothing was "
                    "played to play again.") in notices(app)
            assert app.away is None and get_state(g) == state
    run(go())


def test_at_the_games_end_the_dialog_offers_it_too() -> None:
    g = played_to_its_end(AUS, 1)                       # (10NT bid each hand: soon over)
    state = get_state(g)

    async def go() -> None:
        app = table(g)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and app.screen.title_text == "Game over"
            for b in app.screen.query("#dialog-buttons Button"):     # (all in sight)
                assert app.screen.region.contains_region(b.region), (b.id, b.region)
            await click(pilot, "#again")
            await settle(app, pilot)
            assert app.away is not None and app.game.deal == g.past_hands[-1].deal
            await pilot.press("b")
            await settle(app, pilot)
            assert app.game is g and get_state(g) == state
            assert isinstance(app.screen, Dialog) and app.screen.title_text == "Game over"
    run(go())
