"""PLAY THIS DEAL AGAIN at the terminal table: the hand just finished played again as
practice (``console/practice.py``: its cards, its dealer, its score, the bots seeded from
its seed), as often as asked, then back to the game exactly as it was.  What the table keeps
of the game (the game, its bots, its log, the card called, the title, a hint) is put aside
(:class:`Away`) and put back; a practice is never saved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.markup import escape

from ..bots.base import Bot
from ..console.practice import Practice, PracticeError, why_not_practise
from ..game import Game
from .panels import Log

if TYPE_CHECKING:
    from .app import TableApp

#: What ``s`` says in a practice.
UNSAVED = ("A practice is never saved: the game's record is saved back in the game "
           "(b goes back).")


@dataclass(frozen=True)
class Away:
    """The game's table, put aside while its hand ``practice`` is played again."""

    practice: Practice
    game: Game
    bots: dict[int, Bot]
    said: list[tuple[int, int, str]]
    called: str | None
    title: str
    sub_title: str
    hinted: str | None
    hinted_cards: frozenset[str]


def play_again(app: TableApp) -> None:
    """``a``: the hand just finished played again as practice (in a practice, once more);
    refused, saying why, while a hand is played (or its last trick is on show), a review is
    worked out, or for a hand thrown in."""
    if app.reviewing() or app.finishing():
        return
    if app.away is not None:
        if app.game.phase not in ("hand_over", "game_over"):
            app.notify("Play it again once this hand is over (u takes back your last "
                       "decision; b goes back to the game).", severity="warning")
            return
        _deal(app, app.away)
        return
    # (the practice kept from an earlier replay is that hand's: in the middle of the next
    # one, whose index it has until that one ends, it was dealt again over the auction)
    why = why_not_practise(app.game)
    if why is not None:
        app.notify(f"No practice: {why}.", severity="warning", timeout=6)
        return
    p = app.practice
    if p is None or p.game is not app.game or p.hand != len(app.game.past_hands) - 1:
        try:
            p = Practice(app.game)
        except PracticeError as e:
            app.notify(f"No practice: {e}.", severity="warning", timeout=6)
            return
    app.practice = p       # (its tries go on counting while the game waits at this hand)
    app.away = Away(p, app.game, app.bots, app._said, app.narrator.called, app.title,
                    app.sub_title, app._hinted, app._hinted_cards)
    _deal(app, app.away)


def _deal(app: TableApp, away: Away) -> None:
    """The practice's next try: its game and bots, a log of its own, PRACTICE in the title."""
    app._generation += 1              # a review or a bot deciding meanwhile: for nothing
    app.game = away.practice.deal()
    app.bots = app.make_bots(app.game.seed)
    _fresh_table(app, [])
    app.title = f"{app.TITLE} · PRACTICE"
    app.sub_title = f"PRACTICE: hand {away.practice.hand + 1} again · b back to the game"
    app._say(f"[b]{escape(away.practice.title)}[/b] (try {away.practice.tries}): its cards, "
             "every seat's; counted nowhere, never saved · b goes back to the game")
    app._hand_begins()


def back_to_game(app: TableApp) -> None:
    """``b`` in a practice (or BACK TO THE GAME): the game's table as it was when the
    practice began, going on with what it was doing: between hands its sheet shown again,
    in a hand the bots' turns played on (a bot to move sat waiting until ``u``)."""
    away = app.away
    if away is None:
        app.notify("b goes back to the game from a practice (a, once a hand is over, plays "
                   "it again as practice).", severity="warning")
        return
    app._generation += 1
    app.away = None
    app.game, app.bots = away.game, away.bots
    _fresh_table(app, away.said)
    app.narrator.called = away.called
    app.title, app.sub_title = away.title, away.sub_title
    app._hinted, app._hinted_cards = away.hinted, away.hinted_cards
    if app.game.phase in ("hand_over", "game_over"):
        app.refresh_table()
        app._end_of_hand_again()
    else:               # (a hand in play: a bot's turn gets its bot going again)
        app._continue()


def _fresh_table(app: TableApp, said: list[tuple[int, int, str]]) -> None:
    """Nothing in play (no bot thinking, no trick on show, no hint) and the log ``said``."""
    app._busy = False
    app._thinking = None
    app._forget_the_turn()
    app._said = said
    if app.is_running:
        app.query_one("#log", Log).write_again()
