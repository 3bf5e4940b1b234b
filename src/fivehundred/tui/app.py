"""The terminal table (``fivehundred tui``): a whole game of Five Hundred in a Textual app.

You sit at one seat; the others are bots, each handed only its own seat's View. The app holds
the Game (it is the table) but draws the screen from your seat's View alone
(:mod:`.texts`), so it can show no card your seat may not see. Every click or key is checked by
the engine before it changes anything: a card you may not play is refused with the engine's
reason and the game stays as it was.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.notifications import SeverityLevel
from textual.widgets import Button, Footer, Header, RichLog, Static

from ..actions import readable_text
from ..bots.base import Bot, Budget
from ..console.narration import Narrator
from ..console.opponent import opponent_seed, seat_bot
from ..console.practice import Practice
from ..errors import FiveHundredError
from ..game import Game
from ..numbers import seat_option
from ..options import rules_label
from ..record.table_files import RecordFiles
from ..rules import Rules
from ..view import View
from ..web.state import status_line
from . import aids, keeping, practice, sheets, texts, turns
from .buttons import draw_buttons, focus_again, greyed
from .cloth import Cloth
from .panels import Info, Log, SeatPanel, SideColumn
from .screens import QUIT_TITLE, Dialog, guide_dialog, help_dialog, quit_dialog, rules_dialog

PACE = 0.6
"""Seconds before each bot's action, at normal speed."""
TRICK_PAUSE = 1.2
"""Seconds a finished trick stays on the cloth, at normal speed."""
REFUSAL_SECONDS = 6.0
"""Seconds a refused move's notice stands, unless the game moves on first."""


class TableApp(App[int]):
    """One game at the terminal: you at ``seat``, bots of one strength at the other seats.

    ``pace`` is the pause before each bot's action and ``trick_pause`` how long a finished
    trick stays on the cloth (seconds; tests use 0, or hold a pause open with their own
    ``sleep``). ``hint_budget`` is what the hint's Insane bot may spend. Records are saved
    (between hands) into ``record_dir``. The table's turns are played on in :mod:`.turns`.
    """

    CSS_PATH = "table.tcss"
    TITLE = "Five Hundred"
    ENABLE_COMMAND_PALETTE = False     # its footer entry would push "q Quit" off at 80 columns
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint"),
        Binding("u", "take_back", "Undo"),     # (short: at 80 columns "q Quit" must show)
        Binding("c", "claim", "Claim", show=False),   # (in the help: the footer is full)
        Binding("n", "next", "Next hand"),
        Binding("a", "again", "Play again", show=False),   # (in the help and on the sheet)
        Binding("b", "back_to_game", "Back to the game", show=False),
        Binding("v", "review", "Review"),
        Binding("e", "review(True)", "Every card", show=False),   # (said in the help)
        Binding("r", "rules", "Rules"),
        Binding("g", "guide", "How to play", show=False),   # (in the help: the footer is full)
        Binding("o", "score_sheet", "Score sheet", show=False),     # (in the help, as g)
        Binding("s", "save", "Save record"),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
        # (Textual's own Ctrl+C only said "press ctrl+q"; a priority key, so dialogs get it too)
        Binding("ctrl+c", "interrupt", "Quit", show=False, priority=True),
        Binding("left", "app.focus_previous", "Previous", show=False),
        Binding("right", "app.focus_next", "Next", show=False),
        Binding("up", "focus_row(-1)", "Row above", show=False),
        Binding("down", "focus_row(1)", "Row below", show=False),
        Binding("escape", "cancel_joker", "Cancel", show=False),
    ]

    def __init__(self, rules: Rules, seed: int | None = None, seat: int = 0,
                 bots: str = "medium", *, pace: float = PACE, trick_pause: float = TRICK_PAUSE,
                 hint_budget: Budget | None = None, record_dir: Path | None = None,
                 game: Game | None = None, record_file: Path | None = None) -> None:
        super().__init__()
        wrong_seat = seat_option(seat, rules.players)
        if wrong_seat is not None:
            raise ValueError(wrong_seat)
        if game is not None and game.rules != rules:
            raise ValueError("the game given is played under other rules")
        self.rules = rules
        self.seat = seat
        self.bot_name = bots                  # (an unknown or all-seeing bot fails below)
        self.pace = pace
        self.trick_pause = trick_pause
        #: how the flow waits out a pause (turns.py): a test puts its own in, to hold one open
        self.sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
        #: the time, in seconds (a test puts its own in): when a refusal's notice is gone
        self.clock: Callable[[], float] = time.monotonic
        self.hint_budget = hint_budget
        self.record_dir = record_dir if record_dir is not None else Path.cwd()
        self.preset = rules.nearest_preset()  # named after it, marked "house rules" if not it
        self.narrator = Narrator(rules, seat)
        #: The seats along the top: clockwise from your left.
        self.others = [(seat + k) % rules.players for k in range(1, rules.players)]
        self._new_game(seed, game)
        self.resumed = record_file is not None
        self.resumed_from = record_file        # (None once a new game begins)
        #: the records' files (record/table_files.py): a resumed game is saved where it came from
        self.records = RecordFiles(self.record_dir, record_file, self.game.seed,
                                   seats=self.narrator.names, opponents=bots)
        self.saved = self.records.saved        # game seed -> the record file written for it
        self.json_files = self.records.json_files
        self._kept_focus: str | None = None    # what had the keyboard when it got too small

    # ---------------------------------------------------------------- the game and the bots

    def _new_game(self, seed: int | None, game: Game | None = None) -> None:
        """A new game (or ``game``, taken up where it stands: tests, resumed games)."""
        self.game = game if game is not None else Game(
            self.rules, seed=seed if seed is not None else secrets.randbits(31))
        #: The seed the player chose (``--seed``): shown, he knows it.  A seed drawn at
        #: random deals every hand, so it is never on the screen during the game (only in
        #: the goodbye); the game goes by the time it started instead (so does its record
        #: file).
        self.chosen_seed = seed if game is None else None
        self.started = datetime.now()
        self.bots = self.make_bots(self.game.seed)
        #: The practice of the hand just finished (PLAY THIS DEAL AGAIN: practice.py), and
        #: while one is played, the game's table put aside (None: the game is played).
        self.practice: Practice | None = None
        self.away: practice.Away | None = None
        self.narrator.called = None
        self._generation = getattr(self, "_generation", 0) + 1
        self._busy = False
        self._thinking: int | None = None
        self._shown: tuple[tuple[tuple[int, str], ...], int] | None = None
        self._joker_choice = False
        self._hinted: str | None = None
        self._hinted_cards: frozenset[str] = frozenset()   # marked in your hand
        #: the point of the game (its game, hand, actions) where your move was last refused,
        #: and when its notice times out: it stands until then or until the game moves on
        #: from there (refresh_table)
        self._refused_at: tuple[Game, int, int, float] | None = None
        #: the last claim played out: (its game, its hand, what it said), said first on that
        #: hand's sheet (sheets.show_sheet)
        self.claimed: tuple[Game, int, str] | None = None
        self._tokens: dict[str, str] = {}
        self._drawn: dict[str, str] = {}       # region -> the state it was last drawn from
        self._said: list[tuple[int, int, str]] = []  # the log: (hand, actions, markup)

    def make_bots(self, seed: int) -> dict[int, Bot]:
        """The bots of a game seeded ``seed`` (a practice's too), each seeded from it."""
        return {s: seat_bot(self.bot_name, seed=opponent_seed(seed, s)) for s in self.others}

    def view(self) -> View:
        """Your seat's view: everything the screen shows is drawn from it."""
        return self.game.view(self.seat)

    # ---------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="seats"):
            for s in self.others:
                yield SeatPanel(self.narrator.names[s], id=f"seat-{s}", classes="seat")
        with Horizontal(id="middle"):
            with Vertical(id="center"):
                yield Info(id="info")
                yield Cloth(id="cloth")
            with SideColumn(id="side"):
                scores = Static(id="scores")
                scores.border_title = "Scores"
                scores.border_subtitle = texts.game_ends(self.rules)
                yield scores
                log = Log(lambda: [m for *_, m in self._said], id="log", markup=True,
                          wrap=True, min_width=20)
                log.border_title = "What happened"
                log.can_focus = False          # the keys are for your cards and bids
                yield log
        me = Static(id="me")
        me.border_title = self.narrator.full_name(self.seat)
        yield me
        yield Static(id="status")
        yield Vertical(id="actions")
        yield Horizontal(id="hand")
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self._fit(self.size.width, self.size.height)
        # the log keeps its newest line in sight when the layout gives it another height
        # (the bid grid shown or hidden), until you scroll it up
        self.query_one("#log", RichLog).anchor()
        self.call_after_refresh(self._start)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        """A compact layout on small terminals (80x24 and up): narrow below 110 columns,
        short below 34 rows (table.tcss).  Below 80x24 the table says it is too small
        instead (a card of the trick was dropped without a word), until it is made larger:
        then the keyboard goes back where it was (:func:`.buttons.focus_again`)."""
        notice = texts.too_small(width, height, "Make it larger to play on (q quits).")
        was_tiny = self.has_class("-tiny")
        if notice is not None and not was_tiny:     # (hidden, the table loses the keyboard)
            self._kept_focus = getattr(self.screen_stack[0].focused, "id", None)
        elif notice is None and was_tiny:
            self.call_after_refresh(focus_again, self, self._kept_focus)
        self.set_class(notice is not None, "-tiny")      # (a dialog says so too: screens.py)
        if notice is not None:
            self.query_one("#too-small", Static).update(notice)
        self.set_class(width < 110, "-narrow")
        self.set_class(height < 34, "-short")

    def _start(self) -> None:
        label = rules_label(self.rules, self.preset)
        self.sub_title = f"{label} · {self.game_name()}"
        # (where it stands in the text game's words: "after hand 1 (hand 2 is next)")
        what = (f"[b]Game resumed[/b] {escape(self.narrator.resumed_at(self.game))}"
                if self.resumed and self.game.hand_results else "[b]New game[/b]")
        chosen = f" · seed {self.chosen_seed}" if self.chosen_seed is not None else ""
        self._say(f"{what} · {escape(label)} · first to {self.rules.target}{chosen}")
        self._hand_begins()

    def game_name(self) -> str:
        """What the title calls this game: the seed the player chose, else the record file
        it was resumed from, else the time it started (never a seed drawn at random)."""
        if self.chosen_seed is not None:
            return f"seed {self.chosen_seed}"
        if self.resumed_from is not None:
            return f"resumed from {self.resumed_from.name}"
        return f"started {self.started:%Y-%m-%d %H:%M}"

    # ---------------------------------------------------------------- drawing

    def _trick_shown(self, view: View) -> tuple[Sequence[tuple[int, str]], int | None]:
        if self._shown is not None:
            return self._shown[0], self._shown[1]
        return view.trick, None

    def _status(self, view: View) -> str:
        if self._shown is not None:
            return f"{self.narrator.verb(self._shown[1], 'wins')} the trick."
        if self._joker_choice:
            return "Your lead: the joker names a suit; choose it below"
        if self._thinking is not None:
            return f"{self.narrator.name(self._thinking)} is thinking…"
        if self.away is not None and view.phase in ("hand_over", "game_over"):
            return "The practice hand is over: a plays it again, b goes back to the game."
        if view.phase == "hand_over":
            return "The hand is over: press n for the next deal."
        return status_line(view, list(self.narrator.names))

    def refresh_table(self) -> None:
        """Draw every region again from your seat's view (nothing once the app closes:
        Textual takes its widgets away then, and a bot's move may still come back)."""
        if not self.is_running:
            return
        self._unsay_refusal()
        v = self.view()
        n = self.narrator
        trick, winner = self._trick_shown(v)
        for s in self.others:
            panel = self.query_one(f"#seat-{s}", SeatPanel)
            panel.show(n.names[s], texts.roles(v, s), texts.seat_text(v, s))
            panel.set_class(v.to_move == s and self._shown is None, "to-move")
        me = self.query_one("#me", Static)
        roles = texts.roles(v, self.seat)
        me.border_title = n.full_name(self.seat) + (f" · {', '.join(roles)}" if roles else "")
        me.update(" · ".join(texts.seat_text(v, self.seat).split("\n")))
        me.set_class(v.to_move == self.seat and self._shown is None, "to-move")
        short = self.has_class("-short") and self.away is None    # (no title bar: the seed)
        self.query_one("#info", Static).update(texts.center_text(
            v, n, None if self.away is None else self.away.practice.title,
            self.chosen_seed if short else None))
        self.query_one("#cloth", Cloth).show(
            v, [n.name(s) for s in range(self.rules.players)], trick, winner)
        self.query_one("#scores", Static).update(texts.scores_text(v, n))
        self.query_one("#status", Static).update(escape(self._status(v)))
        self.call_later(draw_buttons, self)

    def _refuse(self, message: str, severity: SeverityLevel) -> None:
        """Say why your move was refused, in a notice that stands until the game moves on
        from this point (a move, a take-back, a new hand: :meth:`_unsay_refusal`) or its
        time is up; a second refusal replaces the first."""
        if self._refusal_standing():
            self.clear_notifications()
        self.notify(message, severity=severity, timeout=REFUSAL_SECONDS)
        g = self.game
        self._refused_at = (g, g.hand_number, len(g.actions), self.clock() + REFUSAL_SECONDS)

    def _refusal_standing(self) -> bool:
        """Whether a refusal's notice is still on show (its time not up)."""
        at = self._refused_at
        if at is not None and self.clock() >= at[3]:
            self._refused_at = at = None        # (gone by itself: other notices stay)
        return at is not None

    def _unsay_refusal(self) -> None:
        """Take a refusal's notice away once the game has moved on from where it was said:
        it no longer applies (and it hid cards of your hand at 80x24 while the status line
        said what to play).  Textual clears every notice at once: none once it is gone by
        itself (a later "Wait: it is West's turn" was cleared with it)."""
        at = self._refused_at
        g = self.game
        if self._refusal_standing() and at is not None and (
                at[0] is not g or at[1:3] != (g.hand_number, len(g.actions))):
            self._refused_at = None
            self.clear_notifications()

    def _my_turn(self, v: View) -> bool:
        return v.to_move == self.seat and not self._busy and self._shown is None

    # ---------------------------------------------------------------- your input

    def on_button_pressed(self, event: Button.Pressed) -> None:
        ident = event.button.id or ""
        tok = self._tokens.get(ident)
        if tok is None:
            return
        event.stop()
        if ident.startswith("card-"):
            self._card_pressed(tok)
        elif ident == "lead-cancel":
            self.action_cancel_joker()
        else:
            self._joker_choice = False
            self.act(tok)

    def action_focus_row(self, step: int) -> None:
        """Up and Down among the buttons above your hand (the bids' grid, the call's cards,
        the joker's suits): the nearest in the row above or below; Up from your hand goes to
        their last row (Down from it, to nothing: they are above it)."""
        buttons = [b for b in self.query("#actions Button").results(Button) if not greyed(b)]
        f = self.focused
        if not buttons or f is None or (f not in buttons and step > 0):
            return
        here = f.region
        x = here.x + here.width / 2
        rows = [b for b in buttons if (b.region.y - here.y) * step > 0]
        if not rows:
            return
        row = min(b.region.y for b in rows) if step > 0 else max(b.region.y for b in rows)
        min((b for b in rows if b.region.y == row),
            key=lambda b: abs(b.region.x + b.region.width / 2 - x)).focus()

    def action_cancel_joker(self) -> None:
        """Leave the joker's suit unchosen (Escape, or Cancel): nothing is played, and the
        keyboard goes back to the joker (Textual gave it to your last card, which Enter led)."""
        if self._joker_choice:
            self._joker_choice = False
            for joker in self.query("#card-JK").results(Button):
                joker.focus()              # (before the suits go: draw_buttons comes after)
            self.refresh_table()

    def _card_pressed(self, card: str) -> None:
        v = self.view()
        if not self._may_act(v):
            return
        if v.phase == "play":
            naming = [t for t in v.legal_actions if t.startswith("JK:")]
            if card == "JK" and naming:
                self._joker_choice = True
                self.set_focus(None)       # the keyboard goes to the suits (draw_buttons)
                self.refresh_table()
                return
            self.act(card)
        elif v.phase == "kitty":
            self.act(card)
        else:
            what = "bid" if v.phase == "auction" else "call a partner or play alone"
            self._refuse(f"Not a card now: {what} with the buttons above your hand.",
                         "warning")

    def _may_act(self, v: View) -> bool:
        """Whether you may act now; says why not."""
        if self.has_class("-tiny"):         # (the cards are not drawn: none is played blind)
            self.notify("The terminal is too small: make it larger to play on.",
                        severity="warning")
            return False
        if v.to_move != self.seat:
            who = "nobody's" if v.to_move is None else f"{self.narrator.names[v.to_move]}'s"
            self.notify(f"Wait: it is {who} turn, not yours.", severity="warning")
            return False
        return not self._busy and self._shown is None

    def act(self, tok: str) -> bool:
        """Take your action ``tok``; a refused one is reported and changes nothing."""
        v = self.view()
        if not self._may_act(v):
            return False
        try:
            self.game.apply(tok)
        except FiveHundredError as e:
            why = readable_text(str(e))
            self._refuse(f"Not allowed: {why}", "error")
            self._say(f"[b $error]Not allowed[/]: {escape(why)}")
            return False
        self._hinted = None
        # discarding one card at a time, the rest of the discard hinted stays marked
        self._hinted_cards = self._hinted_cards - {tok} if v.phase == "kitty" else frozenset()
        self._joker_choice = False
        turns.announce(self, self.seat, tok, v)
        self._continue()
        return True

    # ---------------------------------------------------------------- the table's flow

    def _say(self, markup: str) -> None:
        """A line of the log, marked with the point of the game it was written at (a
        take-back unsays what came after its point: those plays never happened)."""
        g = self.game
        self._said.append((g.hand_number, len(g.actions), markup))
        if self.is_running:                 # (closing, the log is gone: see refresh_table)
            self.query_one("#log", RichLog).write(markup)

    def hand_name(self) -> str:
        """What the table calls the hand being played: "Hand 3", or in a practice its title."""
        if self.away is not None:
            return self.away.practice.title
        return f"Hand {self.game.hand_number + 1}"

    def _hand_begins(self) -> None:
        """A hand dealt: said in the log, and played on to your turn (turns.py)."""
        turns.hand_begins(self)

    def _continue(self) -> None:
        """Play on: the bots' turns, finished tricks shown, until it is yours or the hand
        ends (turns.py)."""
        turns.play_on(self)

    def _decide(self, seat: int, view: View) -> str:
        """The bot's action at ``seat``, worked out in a thread (turns.py; a test may stand
        in for it)."""
        return turns.decide(self, seat, view)

    def _after_dialog(self, answer: str | None) -> None:
        """What a dialog's button or key answered (sheets.py)."""
        sheets.answer(self, answer)

    def action_review(self, every_card: bool = False) -> None:
        """The hand just played against double dummy (aids.py): your cards, or with
        ``every_card`` every seat's."""
        aids.start_review(self, every_card)

    def _end_of_hand_again(self) -> None:
        """The sheet of the hand just finished, again (sheets.py)."""
        sheets.show_sheet(self)

    def new_game_asked(self) -> None:
        """NEW GAME at the game's end: a new seed, the log cleared."""
        self._new_game(None)
        self.resumed = False
        self.resumed_from = None
        self._said = []           # (a take-back or a narrower log wrote it all again)
        self.query_one("#log", RichLog).clear()
        self._start()

    # ---------------------------------------------------------------- keys

    def reviewing(self) -> bool:
        """Whether a review is being worked out (said: wait for it)."""
        if self.workers and any(w.group == "review" and not w.is_finished
                                for w in self.workers):
            self.notify("Wait for the review.", severity="warning")
            return True
        return False

    def finishing(self) -> bool:
        """Whether the hand just ended is still being finished (its last trick on show, its
        points and its sheet to come), said if so: ``a`` and ``n`` wait for it (either one
        then cut the hand's end short: its points unsaid, its record not kept up to date)."""
        if self._busy and self.game.phase in ("hand_over", "game_over"):
            self.notify("Wait: the hand's last trick is on show; its sheet comes next.",
                        severity="warning")
            return True
        return False

    def action_next(self) -> None:
        """The next hand, once this one is over (in a practice, which plays one hand, it says
        how to go back)."""
        if self.reviewing() or self.finishing():
            return
        if self.away is not None:
            self.notify("A practice plays one hand: b goes back to the game, a plays it "
                        "again.", severity="warning", timeout=6)
            return
        if self.game.phase != "hand_over":
            if self.game.phase == "game_over":
                self._end_of_hand_again()
            else:
                self.notify("The hand is still being played.", severity="warning")
            return
        self.game.next_hand()
        self._hand_begins()

    def action_again(self) -> None:
        """PLAY THIS DEAL AGAIN, once a hand is over (in a practice, PLAY IT AGAIN:
        practice.py)."""
        practice.play_again(self)

    def action_back_to_game(self) -> None:
        """BACK TO THE GAME from a practice, as it was (practice.py)."""
        practice.back_to_game(self)

    def action_hint(self) -> None:
        """What the Insane bot would do in your place, and why (aids.py)."""
        aids.start_hint(self)

    def action_take_back(self) -> None:
        """Take back your last card, bid or discard of this hand (keeping.py)."""
        keeping.take_back(self)

    def _forget_the_turn(self) -> None:
        """No finished trick on show, no joker's suit being chosen, no hint: the game has
        jumped (a take-back, a claim played out)."""
        self._shown = None
        self._joker_choice = False
        self._hinted = None
        self._hinted_cards = frozenset()

    def action_claim(self) -> None:
        """Claim every trick left for your side, checked double dummy (aids.py)."""
        aids.start_claim(self)

    def action_save(self) -> None:
        """Write the game record, between hands (keeping.py)."""
        keeping.save(self)

    def action_rules(self) -> None:
        """Show every option of this table's rules."""
        self.push_screen(rules_dialog(self.rules, self.preset))

    def action_guide(self) -> None:
        """Show how to play at this table."""
        self.push_screen(guide_dialog(self.rules))

    def action_score_sheet(self) -> None:
        """Show every finished hand of the game, and the scores now (sheets.py)."""
        sheets.show_score_sheet(self)

    def action_help(self) -> None:
        """Show the keys and what each does."""
        self.push_screen(help_dialog())

    def action_interrupt(self) -> None:
        """Ctrl+C: copy the text selected with the mouse, if any (as in Textual), else quit
        as q does."""
        if self.screen.get_selected_text() is not None:
            self.screen.action_copy_text()
            return
        self.action_quit()

    def action_quit(self) -> None:  # type: ignore[override]
        """Leave, saying the seed (which replays this game); in the middle of a hand of the
        game, once asked (q again, or Quit; a quit key pressed while asked quits).  A
        practice leaves at once, as the text game's does: it is never saved, and the game
        waits between hands, its record up to date."""
        asked = isinstance(self.screen, Dialog) and self.screen.title_text == QUIT_TITLE
        if self.away is None and self.game.phase not in ("hand_over", "game_over") \
                and not asked:
            self.push_screen(quit_dialog(), lambda answer: self._quit() if answer == "quit"
                             else None)
            return
        self._quit()

    def _quit(self) -> None:
        """Leave now, saying the seed (keeping.py)."""
        keeping.leave(self)
