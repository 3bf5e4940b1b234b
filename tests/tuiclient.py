"""Driving the terminal table (Textual) in the tests: what the screen shows (and whether a
hidden card or the seed is on it), clicking as a person does, the policies that choose for you,
and a quick table without pauses."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, RichLog, Static

from fivehundred import Game, Rules
from fivehundred.bots import Budget
from fivehundred.cards import SUIT_LETTERS, SUIT_SYMBOLS, tokens
from fivehundred.rng import Rng
from fivehundred.tui import TableApp
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
    """The log's lines since this hand began (earlier hands' cards are no secret now), but
    the cut for the first dealer (cards shown to all, drawn from a shuffle of their own)."""
    lines = [strip.text for strip in app.query_one("#log", RichLog).lines]
    starts = [i for i, line in enumerate(lines) if re.match(r"Hand \d+ · ", line)]
    out: list[str] = []
    in_cut = False             # (the cut's sentence may wrap onto lines of its own)
    for line in lines[starts[-1]:] if starts else lines:
        in_cut = in_cut or line.startswith("The cut: ")
        if not in_cut:
            out.append(line)
        elif "between equals" in line or line.rstrip().endswith("♥)."):
            in_cut = False
    return out


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


def where_seed_shows(app: TableApp, seed: int) -> list[str]:
    """Where the digits of ``seed`` (which deals every hand) are shown: the title bar, the
    screen as drawn (a dialog on it too), any widget, the whole log, a notice."""
    digits = str(seed)
    table = app.screen_stack[0]
    places = {
        "title": f"{app.title}\n{app.sub_title}",
        "screen": screen_text(app),
        "widgets": "\n".join(str(w.content) for w in table.query(Static))
        + "\n".join(str(b.label) for b in app.screen.query(Button)),
        "log": "\n".join(strip.text for strip in table.query_one("#log", RichLog).lines),
        "notices": "\n".join(str(n.message) for n in app._notifications),
    }
    return [where for where, text in places.items() if digits in text]


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


async def your_turns(app: TableApp, pilot: object) -> AsyncIterator[View]:
    """Your view each time the table waits on you, a hand's sheet answered NEXT; take an
    action (or break) before asking for the next."""
    while True:
        await settle(app, pilot)
        if isinstance(app.screen, Dialog):
            await click(pilot, "#next")
            continue
        yield app.view()


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
                     scan: bool = True, review: bool = False,
                     check: Callable[[TableApp], None] | None = None) -> set[str]:
    """Play ``hands`` hands (or to the game's end) through the screen; the phases in which
    you acted ("reviewed" once a hand's review was shown, with ``review``).  ``check`` looks
    at every screen the table settles on (as the scan for hidden cards does)."""
    acted: set[str] = set()
    done = 0
    while True:
        await settle(app, pilot)
        if scan:
            check_no_leak(app)
        if check is not None:
            check(app)
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
                    if check is not None:
                        check(app)
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
              hint_budget: Budget | None = None, **options: int) -> TableApp:
    """A table of ``preset`` (its ``options`` changed) that plays without pauses, saving its
    records into ``record_dir``, its hints worked out within ``hint_budget``."""
    return TableApp(Rules.preset(preset, **options), seed=seed, bots=bots, pace=0,
                    trick_pause=0, record_dir=record_dir, hint_budget=hint_budget)


def run(coro: object) -> None:
    asyncio.run(coro)  # type: ignore[arg-type]


# ---------------------------------------------------------------- waiting on the table

async def until(pilot: Pilot[Any], holds: Callable[[], bool], what: str,
                steps: int = 500) -> None:
    """Let the table run (its messages, its workers) a step at a time until ``holds()``;
    after ``steps`` steps (each a ``pilot.pause()``, at least 20 ms) fail naming ``what``
    was awaited."""
    for _ in range(steps):
        if holds():
            return
        await pilot.pause()
    assert holds(), f"waited {steps} steps in vain for {what}"


def running(app: TableApp, group: str) -> bool:
    """Whether a worker of ``group`` (the table's "flow", a "claim", a "review") is at work."""
    return any(w.group == group and not w.is_finished for w in app.workers)


class HeldPause:
    """A table's ``sleep`` that holds each pause (a bot's pace, a trick on show) open until
    the test calls ``end``: what happens during a pause then needs no guess of its length."""

    def __init__(self) -> None:
        self.waiting = 0                # pauses begun and not over
        self._over = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.waiting += 1
        try:
            await self._over.wait()
        finally:
            self.waiting -= 1

    def end(self) -> None:
        """End the pauses held, and let every later one pass at once."""
        self._over.set()
