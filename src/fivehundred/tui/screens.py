"""The terminal table's dialogs: the end of a hand (a game's, or a practice's), the end of
the game, a hint, the rules, how to play, the help."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ..console.display import signed
from ..console.narration import Narrator
from ..console.reviews import Marks, every_card_lines, review_lines
from ..console.rules_text import guide_lines, rules_lines
from ..console.score_sheet import sheet_lines
from ..rules import Rules
from ..solver.analysis import HandReview
from ..view import View
from ..web.state import sheet_json, status_line, summary_json
from . import texts

HELP = "\n\n".join((
    "[b]Five Hundred at the terminal[/b]",
    "Your cards are along the bottom, the others' seats along the top, clockwise from your "
    "left. Click a card, or move to it with [b]Tab[/b] / [b]←[/b] [b]→[/b] and press "
    "[b]Enter[/b].",
    "[b]Bidding[/b]: choose a bid in the grid (bids you may not make are greyed), Pass, or "
    "misère; [b]↑[/b] [b]↓[/b] [b]←[/b] [b]→[/b] move in the grid (Tab skips your cards "
    "while you bid).\n"
    "[b]The kitty[/b]: the declarer picks the cards to discard from his hand, one at a time.\n"
    "[b]Five-handed[/b]: call a card for your partner, or play alone.\n"
    "[b]The joker[/b]: led at no trumps or misère, it names a suit: choose it when asked.",
    "Keys: [b]h[/b] a hint (what the Insane bot would do, and why) · [b]u[/b] take back your "
    "last card, bid or discard of the hand (and the bots' plays after it) · [b]c[/b] claim "
    "every trick left for your side (declaring a misère: that you take no more), checked double "
    "dummy, and the hand is played out if it stands · [b]r[/b] the rules of this table · "
    "[b]g[/b] how to play at this table (the cards' order, every bid's value, the scoring) · "
    "[b]o[/b] the score sheet (every hand of the game so far: its contract and result, each "
    "side's points and the scores after it) · "
    "[b]s[/b] save the game record between hands · [b]n[/b] the next hand · [b]v[/b] / "
    "[b]e[/b] the hand just played against double dummy (your cards / every card) · "
    "[b]a[/b] play this deal again, once a hand is over (not one thrown in): a practice of "
    "exactly its cards, every seat's, counted nowhere and never saved, as often as you like "
    "(in it, [b]a[/b] play it again, [b]b[/b] back to the game, as it was) · "
    "[b]?[/b] this help "
    "· [b]q[/b] (or [b]Ctrl+C[/b]) quit (in the middle of a hand of the game, once asked: "
    "it is not saved; a practice, at once).",
    "On the end-of-hand sheet: [b]n[/b] next hand · [b]a[/b] play this deal again · [b]v[/b] "
    "review against double dummy (in "
    "it, [b]e[/b] every card of the hand, [b]y[/b] your cards again, [b]b[/b] back to the "
    "sheet) · [b]s[/b] save · [b]q[/b] quit; in a practice, [b]a[/b] play it again · [b]b[/b] "
    "back to the game; [b]Escape[/b] closes a box, [b]↑[/b] "
    "[b]↓[/b] [b]PgUp[/b] [b]PgDn[/b] [b]Home[/b] [b]End[/b] scroll its text.",
))


BODY_ROWS = 26
"""The most rows a dialog's body takes before it scrolls."""

ROW_ROOM = 70
"""The columns a dialog's row of buttons has (its box's 76, less border and padding): what
does not fit goes on more rows (the game's end with PLAY THIS DEAL AGAIN: five buttons)."""


DIALOG_KEYS = (("n", "next", "Next hand"), ("n", "new", "New game"), ("a", "again", "Play again"),
               ("v", "review", "Review"), ("e", "every", "Every card"),
               ("y", "review", "Your cards"), ("b", "back", "Back"),
               ("b", "game", "Back to the game"), ("s", "save", "Save"),
               ("q", "quit", "Quit"))
"""Every key a dialog may answer to: (key, the answer, what the footer calls it).  A dialog
shows in its footer, and answers to, only the ones its ``keys`` name.  Short words: the
most a footer names (the game's end: n, a, v, s, q, esc and pgdn) must fit 80 columns ("Save
record" cut "pgdn Scroll" to "pgdn Scr"; its button says "Save record (s)")."""


SCROLL_KEYS = (("up", "up"), ("down", "down"), ("pageup", "page_up"), ("home", "home"),
               ("end", "end"))
"""The keys that scroll a dialog's text whatever has the keyboard (its buttons did not pass
them on: Help's keys lay below the fold at 80x24, and only Tab then PageDown reached them);
PageDown, named in the footer while there is more to see, scrolls too."""


class Dialog(ModalScreen[str]):
    """A box of text with buttons; dismissed with the pressed button's id, or with the id
    of a button's key (``keys``: key -> button id).  The table's own keys do not reach past
    a dialog, so it has a footer of its own that names only the keys it answers to (the
    table's footer behind it named h, u, r... that did nothing)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"answer('{key}', '{answer}')", words)
          for key, answer, words in DIALOG_KEYS),
        Binding("escape", "dismiss_with('close')", "Close"),
        Binding("pagedown", "scroll_body('page_down')", "Scroll"),
        *(Binding(key, f"scroll_body('{how}')", "Scroll", show=False)
          for key, how in SCROLL_KEYS),
    ]
    AUTO_FOCUS = "#dialog-buttons Button"
    """The first button has the keyboard (Textual focuses it once composed; a dialog pushed
    as the app closes is composed empty, and a query of ours for it would raise)."""

    def __init__(self, title: str, body: str, buttons: list[tuple[str, str]],
                 keys: dict[str, str] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.keys = keys or {}
        unknown = set(self.keys.items()) - {(k, a) for k, a, _ in DIALOG_KEYS}
        if unknown:
            raise ValueError(f"no footer words for the dialog keys {sorted(unknown)}")
        key_of = {ident: k for k, ident in self.keys.items()}
        self.buttons = [(ident, f"{label} ({key_of[ident]})" if ident in key_of else label)
                        for ident, label in buttons]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key's answer is shown and taken only where this dialog's ``keys`` name it; the
        scrolling keys only while the text is longer than its box."""
        if action == "answer":
            return self.keys.get(str(parameters[0])) == parameters[1]
        if action == "scroll_body":
            return any(b.max_scroll_y > 0 for b in self.query("#dialog-body"))
        return True

    def action_scroll_body(self, how: str) -> None:
        """Scroll the dialog's text: ``up``, ``down``, ``page_up``, ``page_down``, ``home``
        or ``end``."""
        for body in self.query("#dialog-body"):
            getattr(body, f"scroll_{how}")(animate=False)

    def compose(self) -> ComposeResult:
        yield Static(id="dialog-too-small")      # (below 80x24 only: _fit)
        with Vertical(id="dialog"):
            yield Static(f"[b]{escape(self.title_text)}[/b]", id="dialog-title")
            with VerticalScroll(id="dialog-body"):
                yield Static(self.body)
            with Vertical(id="dialog-buttons"):
                for row in self._rows():
                    with Horizontal(classes="dialog-row"):
                        for ident, label in row:
                            yield Button(label, id=ident, variant="primary"
                                         if ident == self.buttons[0][0] else "default")
        yield Footer()

    def _rows(self) -> list[list[tuple[str, str]]]:
        """The buttons in as few rows as fit ``ROW_ROOM`` (a button is its label and 2
        columns, 16 at least, and a column apart), as many in each as may be."""
        widths = [max(16, len(label) + 2) + 1 for _, label in self.buttons]
        for n in range(1, len(self.buttons) + 1):
            size = -(-len(self.buttons) // n)
            rows = [self.buttons[i:i + size] for i in range(0, len(self.buttons), size)]
            if all(sum(widths[i:i + size]) + 1 <= ROW_ROOM
                   for i in range(0, len(self.buttons), size)):
                return rows
        return [[b] for b in self.buttons]

    def on_mount(self) -> None:
        self._fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, columns: int, rows: int) -> None:
        """The body scrolls in what the box leaves it (at most 90% of the rows, less its
        border, padding, title and buttons: 10, and 3 for each more row of buttons), so the
        buttons stay on the screen.  Below 80x24 the box says the terminal is too small, as
        the table behind it does (it was drawn cut off: table.tcss hides it then)."""
        notice = texts.too_small(columns, rows, "Make it larger to read this box (Escape "
                                 "closes it).")
        self.set_class(notice is not None, "-tiny")
        if notice is not None:
            for said in self.query("#dialog-too-small").results(Static):
                said.update(notice)
        spent = 7 + 3 * len(self._rows())
        for body in self.query("#dialog-body"):     # none in a dialog the closing app left empty
            body.styles.max_height = max(3, min(BODY_ROWS, rows * 9 // 10 - spent))
        self.call_after_refresh(self.refresh_bindings)   # (Scroll named while there is more)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "close")

    def action_answer(self, key: str, answer: str) -> None:
        """A key of this dialog's (``keys``): close it, answering as its button does (only
        ever run for this dialog's own keys: :meth:`check_action`)."""
        self.dismiss(answer)

    def action_dismiss_with(self, answer: str) -> None:
        """Close the dialog (Escape), answering ``answer``."""
        self.dismiss(answer)


def _sheet_lines(lines: list[str], claim: str | None) -> list[str]:
    """The lines of the last hand's sheet (``sheet_json``'s ``lines``), the claim that ended
    it first (said only in the log before)."""
    return ([claim] if claim else []) + list(lines)


def _sheet(view: View, n: Narrator, claim: str | None = None) -> tuple[str, bool]:
    """The end-of-hand sheet's text (the contract and its result, the points, the score; the
    ``claim`` that ended the hand first), and whether the hand may be reviewed (every card
    played)."""
    sheet = sheet_json(view, list(n.names))
    lines = [escape(line) for line in _sheet_lines(sheet["lines"], claim)]
    lines.append("")
    for i in n.side_order:
        lines.append(f"{escape(n.side_name(i))}: {signed(sheet['points'][i])}  →  "
                     f"[b]{view.scores[i]}[/b]")
    return "\n".join(lines), sheet["played_out"]


def hand_over_dialog(view: View, n: Narrator, again: bool = False,
                     claim: str | None = None) -> Dialog:
    """The end-of-hand sheet: the contract and its result, the points, the score (the
    ``claim`` that ended the hand first); with ``again``, PLAY THIS DEAL AGAIN (a practice of
    the hand)."""
    body, review = _sheet(view, n, claim)
    return Dialog(f"Hand {view.hand_results[-1].number + 1} is over", body,
                  [("next", "Next hand")] + [("again", "Play this deal again")] * again
                  + [("review", "Review")] * review + [("save", "Save record")],
                  {"n": "next", "s": "save", "q": "quit"} | ({"v": "review"} if review else {})
                  | ({"a": "again"} if again else {}))


def practice_dialog(view: View, n: Narrator, title: str, claim: str | None = None) -> Dialog:
    """The end of a practice's hand (``title``: which hand it plays again): its sheet (the
    ``claim`` that ended it first), PLAY IT AGAIN and BACK TO THE GAME (a practice plays one
    hand, and is never saved)."""
    body, review = _sheet(view, n, claim)
    return Dialog(f"{title}: the hand is over", body + "\n\n[dim]Practice: counted nowhere, "
                  "never saved.[/dim]",
                  [("again", "Play it again"), ("game", "Back to the game")]
                  + [("review", "Review")] * review,
                  {"a": "again", "b": "game", "q": "quit"} | ({"v": "review"} if review else {}))


def game_over_dialog(view: View, n: Narrator, again: bool = False,
                     claim: str | None = None) -> Dialog:
    """The end of the game: who won, the scores, each side's contracts, and how the last
    hand was scored (as the end-of-hand sheet says it, the ``claim`` that ended it first);
    with ``again``, PLAY THIS DEAL AGAIN (a practice of the last hand)."""
    names = list(n.names)
    summary = summary_json(view, names)
    lines = [escape(status_line(view, names)), ""]     # who won, and how
    for i, name in enumerate(summary["side_names"]):
        lines.append(f"[b]{escape(name)}[/b]: {summary['scores'][i]}")
        for c in summary["contracts"][i]:
            by = "you" if c["by"] == "You" else c["by"]
            lines.append(f"  hand {c['hand']}: {escape(c['words'])} by {escape(by)}, "
                         f"{'made' if c['made'] else 'failed'} ({signed(c['points'])})")
    sheet = sheet_json(view, names)
    lines += ["", f"[b]The last hand (hand {sheet['number'] + 1})[/b]"]
    lines += [escape(line) for line in _sheet_lines(sheet["lines"], claim)]
    review = sheet["played_out"]        # (the last hand's review)
    # (the score sheet a button: the table's "o" does not reach past a dialog, and the
    # footer has no room for one more key at 80 columns)
    return Dialog("Game over", "\n".join(lines),
                  [("new", "New game")] + [("again", "Play this deal again")] * again
                  + [("review", "Review")] * review
                  + [("sheet", "Score sheet"), ("save", "Save record"), ("quit", "Quit")],
                  {"n": "new", "s": "save", "q": "quit"} | ({"v": "review"} if review else {})
                  | ({"a": "again"} if again else {}))


#: The reviews' words as markup: cards in colour, praise green, blame red, names escaped.
MARKS = Marks(card=texts.card_markup, strong=lambda t: f"[b]{t}[/b]",
              good=lambda t: f"[b $success]{t}[/]", bad=lambda t: f"[b $error]{t}[/]",
              name=escape)


def review_dialog(r: HandReview, n: Narrator, name: str = "The hand") -> Dialog:
    """The hand against double dummy: what the cards allowed, your plays beside the best
    (titled with the hand's ``name``, "Hand 3" or a practice's)."""
    return Dialog(f"{name} against double dummy", "\n".join(review_lines(r, n, MARKS)),
                  [("back", "Back"), ("every", "Every card")], {"b": "back", "e": "every"})


def every_card_dialog(r: HandReview, n: Narrator, name: str = "The hand") -> Dialog:
    """Every card of the hand (named ``name``) against double dummy, trick by trick."""
    return Dialog(f"{name}, every card against double dummy",
                  "\n".join(every_card_lines(r, n, MARKS)),
                  [("back", "Back"), ("review", "Your cards")], {"b": "back", "y": "review"})


def hint_dialog(advice: str, reason: str, choices: Sequence[str]) -> Dialog:
    """A hint: its ``advice`` and ``reason`` first, then the ``choices`` weighed (a line each,
    in columns).  In a box of its own: at 80x24 the log showed only its last choices, the
    advice pushed out of sight and each choice broken mid-phrase over three lines."""
    head = f"[b]{escape(advice)}[/b]" + (f"\n{escape(reason)}" if reason else "")
    return Dialog("Hint", "\n".join([head, "", *(escape(line) for line in choices)]),
                  [("close", "OK")])


def rules_dialog(rules: Rules, preset: str) -> Dialog:
    """Every option of this table's rules with its value and what it means."""
    lines = rules_lines(rules, preset, strong=lambda t: f"[b]{t}[/b]",
                        dim=lambda t: f"[dim]{t}[/dim]", esc=escape)
    return Dialog("The rules of this table", "\n".join(lines), [("close", "Close")])


def guide_dialog(rules: Rules) -> Dialog:
    """How to play at this table (``guide.py``): the cards' order, every bid's value, the
    scoring, each true under its rules."""
    lines = guide_lines(rules, heading=lambda t: f"[b]{t}[/b]", strong=lambda t: f"[b]{t}[/b]",
                        esc=escape, card=texts.card_markup, width=None)
    return Dialog("How to play at this table", "\n".join(lines), [("close", "Close")])


SHEET_WIDTH = 68
"""The columns the score sheet's lines take in a dialog (its box's 76, less border and
padding: 70, less a scroll bar's 2): six-handed sides' columns fit; five sides' do not, and
each hand's points line names them."""


def score_sheet_dialog(view: View, n: Narrator, hand_name: str | None = None) -> Dialog:
    """The score sheet (``console/score_sheet.py``, as the text game's ``sheet`` and the
    browser's): every finished hand of ``view``'s game, and the scores now; a practice's
    hand called ``hand_name``."""
    lines = sheet_lines(view, n, width=SHEET_WIDTH,
                        hand_name=None if hand_name is None else lambda _: hand_name)
    title = "Score sheet" + (" · practice: counted nowhere" if hand_name is not None else "")
    return Dialog(title, "\n".join(escape(line) for line in lines), [("close", "Close")])


#: The title of :func:`quit_dialog` (asked again, a quit key quits at once).
QUIT_TITLE = "Quit in the middle of the hand?"


def quit_dialog() -> Dialog:
    """Asked before quitting in the middle of a hand, which no record keeps."""
    return Dialog(QUIT_TITLE,
                  "Records are saved between hands: the hand in play would be lost.",
                  [("stay", "Keep playing"), ("quit", "Quit")], keys={"q": "quit"})


def help_dialog() -> Dialog:
    """How to play at the terminal table."""
    return Dialog("Help", HELP, [("close", "Close")])
