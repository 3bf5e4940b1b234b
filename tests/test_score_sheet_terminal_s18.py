"""The score sheet in the terminal games (``console/score_sheet.py``), as the browser's: every
finished hand (its dealer, contract and declarer, result, tricks, each side's points and the
scores after it) and the scores now, within 78 columns (68 in the terminal table's box); the
text game's ``sheet`` at its prompts, and the terminal table's ``o``."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static

from fivehundred import Game, Rules, View
from fivehundred.console.narration import Narrator
from fivehundred.console.practice import Practice
from fivehundred.console.score_sheet import NO_HAND, sheet_lines
from fivehundred.tui import TableApp
from fivehundred.tui.screens import SHEET_WIDTH, Dialog
from test_console import feed
from tuiclient import SIZE, run, settle

#: A side's points that hand and its score after it, as a row shows them: "+140 → 260".
CELL = re.compile(r"([+-]?\d+) → +(-?\d+)")


def play(rules: Rules, openings: list[list[str]], seed: int = 3) -> Game:
    """A game of one hand for each of ``openings``: in its auction each bid listed is made at
    the first turn where it is legal, every other turn passes; the first legal card, discard
    and call (a card, where one may be called) is played after it."""
    g = Game(rules, seed=seed)
    for k, bids in enumerate(openings):
        if k:
            g.next_hand()
        todo = list(bids)
        while g.phase not in ("hand_over", "game_over"):
            legal = g.legal_actions()
            if g.phase == "auction":
                tok = todo.pop(0) if todo and todo[0] in legal else "pass"
            elif g.phase == "call":
                tok = next((t for t in legal if t.startswith("call ")), legal[0])
            else:
                tok = legal[0]
            g.apply(tok)
        assert not todo, f"hand {k + 1}: {todo} never bid"
        if g.phase == "game_over":
            assert k == len(openings) - 1, "the game ended early"
    return g


def check(view: View, n: Narrator, width: int = 78) -> list[str]:
    """The sheet of ``view`` as ``sheet_lines`` gives it, checked: within ``width``; one hand
    after another in order; each row's points those of its hand, each side's running score
    the last plus them, from the score at the start (said only where it was not nought) to
    the scores now, its foot saying them.  Each hand's words (its lines joined), in order."""
    lines = sheet_lines(view, n, width=width)
    assert all(len(x) <= width for x in lines), lines
    text = "\n".join(lines)
    foot = text[text.index("Score now: "):]
    assert " ".join(foot.split()) == "Score now: " + " · ".join(
        f"{n.side_name(i)} {view.scores[i]}" for i in n.side_order)
    start = [view.scores[i] - sum(r.points[i] for r in view.hand_results)
             for i in range(len(view.scores))]
    assert ("Score at the start: " in text) == any(start)
    sides = len(start)
    words: list[str] = []
    cells: list[tuple[int, int]] = []
    for line in lines:
        if line.startswith("Score now"):
            break
        if "→" in line:
            cells += [(int(p), int(s)) for p, s in CELL.findall(line)]
        elif line.startswith("Hand "):
            words.append(line)
        elif words and len(cells) < len(words) * sides:     # (a hand's words wrapped)
            words[-1] += " " + line.strip()
    assert len(words) == len(view.hand_results) and len(cells) == sides * len(words)
    running = start
    for k, r in enumerate(view.hand_results):
        assert words[k].startswith(f"Hand {r.number + 1} · "), words[k]
        row = cells[k * sides:(k + 1) * sides]
        assert [p for p, _ in row] == [r.points[i] for i in n.side_order]
        running = [s + r.points[i] for i, s in enumerate(running)]
        assert [s for _, s in row] == [running[i] for i in n.side_order]
    assert running == list(view.scores)
    return words


def test_four_handed_hands_thrown_in_and_a_misere() -> None:
    """Australian: a contract, a hand thrown in (a new deal), a misère: each row as the
    browser's words have it, the running scores ending at the scores now."""
    g = play(Rules.preset("australian"), [["7S"], [], ["7S", "misere"]])
    v = g.view(0)
    n = Narrator(g.rules, 0)
    words = check(v, n)
    check(v, n, SHEET_WIDTH)
    first, thrown, misere = v.hand_results
    assert words[1] == f"Hand 2 · {n.verb(thrown.dealer, 'deals')} · All passed: new deal"
    c = first.contract
    assert c is not None and c.declarer is not None
    by = "you" if c.declarer == 0 else n.names[c.declarer]
    assert f"· 7♠ by {by}: {'made' if first.made else 'failed'}, " in words[0]
    assert misere.contract is not None and misere.contract.is_misere
    assert f"· Misère by {n.name(misere.contract.declarer)}: " in words[2]
    assert sheet_lines(v, n)[0].split() == ["You", "&", "North", "West", "&", "East"]


def test_all_passed_played_at_no_trumps_gives_each_sides_tricks() -> None:
    """With the hand played at no trumps when all pass, its row says so and each side's
    tricks."""
    g = play(Rules.preset("australian", all_pass="play_no_trumps"), [[], ["6H"]])
    v = g.view(0)
    n = Narrator(g.rules, 0)
    words = check(v, n)
    r = v.hand_results[0]
    assert r.kind == "all_pass_no_trumps"
    each = " · ".join(f"{n.side_name(i)} {sum(r.tricks[s] for s in g.rules.sides[i])} tricks"
                      for i in n.side_order)
    assert words[0].endswith(f"All passed: played at no trumps · {each}")


def test_six_handed_tricks_at_no_trumps_fit_the_box() -> None:
    """Six-handed, two sides of three: each side's tricks of a hand played at no trumps
    ("You, North-West & North-East 6 tricks") ran to 74 columns in the table's box of 68."""
    g = play(Rules.preset("six_threes", all_pass="play_no_trumps"), [[], []])
    v = g.view(0)
    n = Narrator(g.rules, 0)
    assert all(r.kind == "all_pass_no_trumps" for r in v.hand_results)
    check(v, n)
    check(v, n, SHEET_WIDTH)


@pytest.mark.parametrize("preset,openings", [
    ("classic3", [["7H"], [], ["6S"], ["8D"]]),
    ("five_called", [["7C"], ["6NT"], []]),
    ("six_pairs", [["7D"], [], ["6C"]]),
])
def test_other_tables_fit_and_add_up(preset: str, openings: list[list[str]]) -> None:
    """Three, five and six players (three, five and three sides): every row fits 78 columns
    and the terminal table's box, and adds up; five-handed a called partner is named."""
    g = play(Rules.preset(preset), openings)
    v = g.view(1)
    n = Narrator(g.rules, 1)
    words = check(v, n)
    check(v, n, SHEET_WIDTH)
    for r, said in zip(v.hand_results, words, strict=True):
        if r.partner is not None and r.contract is not None and r.partner != r.declarer:
            mate = "you" if r.partner == 1 else n.names[r.partner]
            assert f", with {mate}: " in said, said
    if preset == "five_called":
        assert any(r.partner is not None for r in v.hand_results)


def test_a_practice_begins_at_its_hands_score_and_none_finished_says_so() -> None:
    """A practice's game begins at its hand's score: its sheet starts with that; a game with
    no hand finished says so."""
    g = play(Rules.preset("australian"), [["7S"], ["6H"]])
    n = Narrator(g.rules, 0)
    p = Practice(g).deal()
    assert sheet_lines(p.view(0), n) == [NO_HAND]
    assert sheet_lines(Game(g.rules, seed=1).view(0), n) == [NO_HAND]
    while p.phase not in ("hand_over", "game_over"):
        p.apply(p.legal_actions()[0])
    lines = sheet_lines(p.view(0), n)
    check(p.view(0), n)
    assert lines[1].startswith("Score at the start: You & North ")


def _mid_game() -> Game:
    """Australian after three hands, the fourth dealt."""
    g = play(Rules.preset("australian"), [["7S"], [], ["6H"]])
    g.next_hand()
    return g


def test_sheet_at_your_turn_and_after_a_hand_in_the_text_game() -> None:
    """``sheet`` at your turn shows the sheet, then the legal actions again; after a hand,
    the sheet with that hand; the help lists it."""
    g = _mid_game()
    n = Narrator(g.rules, 0)
    want = sheet_lines(g.view(0), n)
    text, _ = feed(g, ["sheet", "?"])
    assert "--- Score sheet ---\n" + "\n".join(want) + "\n" in text
    after = text[text.index("--- Score sheet ---"):]
    assert after.split("\n\n", 2)[1].startswith("Legal: ")
    assert "  sheet    the score sheet: every hand of the game so far" in text
    assert "Not a bid" not in text

    g = play(Rules.preset("australian"), [["7S"], ["6H"]])
    text, _ = feed(g, ["sheet"])
    assert "--- Score sheet ---\n" + "\n".join(sheet_lines(g.view(0), n)) in text


def test_o_opens_the_score_sheet_at_the_terminal_table() -> None:
    """``o`` opens the score sheet in a box of its own (the sheet's lines, the scores now);
    Escape closes it, the table as it was."""
    g = _mid_game()

    async def go() -> None:
        app = TableApp(g.rules, game=g, pace=0, trick_pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            table = app.screen
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, Dialog) and app.screen.title_text == "Score sheet"
            body = str(app.screen.query_one("#dialog-body Static", Static).render())
            assert body == "\n".join(sheet_lines(app.view(), app.narrator, width=SHEET_WIDTH))
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is table

    run(go())


def test_the_games_end_offers_the_score_sheet_and_comes_back() -> None:
    """At the game's end the table's keys do not reach past its box, so ``o`` did nothing:
    a Score sheet button opens the sheet of every hand, and closing it brings the game's end
    back."""
    from helpers import played_to_its_end
    from tuiclient import click

    g = played_to_its_end(Rules.preset("australian"), 1)

    async def go() -> None:
        app = TableApp(g.rules, game=g, bots="easy", pace=0, trick_pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and app.screen.title_text == "Game over"
            await click(pilot, "#sheet")
            await pilot.pause()
            assert isinstance(app.screen, Dialog) and app.screen.title_text == "Score sheet"
            body = str(app.screen.query_one("#dialog-body Static", Static).render())
            assert body == "\n".join(sheet_lines(app.view(), app.narrator, width=SHEET_WIDTH))
            assert app.view().hand_results and "Score now" in body
            await pilot.press("escape")
            await settle(app, pilot)
            assert isinstance(app.screen, Dialog) and app.screen.title_text == "Game over"

    run(go())
