"""The terminal table between hands: the end of a hand (its points said, the record kept up to
date), its sheet (a game's hand, the game's end, or a practice's hand: ``practice.py``), the
score sheet of every hand (``o``) and what a dialog's buttons answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.markup import escape

from ..console.display import signed
from ..console.practice import why_not_practise
from .screens import (
    Dialog,
    game_over_dialog,
    hand_over_dialog,
    practice_dialog,
    score_sheet_dialog,
)

if TYPE_CHECKING:
    from .app import TableApp


def end_of_hand(app: TableApp) -> None:
    """A hand is over: its points in the log, the record saved again if it was saved once
    (or resumed; never a practice's), and its sheet."""
    v = app.view()
    res = v.hand_results[-1]
    app._say("Points: " + " · ".join(
        f"{escape(app.narrator.side_name(i))} {signed(res.points[i])}"
        for i in app.narrator.side_order))
    if app.away is None and app.game.seed in app.saved:    # saved once: kept up to date
        app.action_save()
    show_sheet(app)


def show_sheet(app: TableApp) -> None:
    """The sheet of the hand just finished: a game's (PLAY THIS DEAL AGAIN on it unless the
    hand was thrown in), the game's end, or a practice's (PLAY IT AGAIN, BACK TO THE
    GAME); a claim that ended that hand (of this game, or practice) said first."""
    v = app.view()
    claimed = app.claimed
    claim = (claimed[2] if claimed is not None and claimed[0] is app.game
             and claimed[1] == v.hand_results[-1].number else None)
    sheet: Dialog
    if app.away is not None:
        sheet = practice_dialog(v, app.narrator, app.away.practice.title, claim)
    else:
        dialog = game_over_dialog if v.phase == "game_over" else hand_over_dialog
        sheet = dialog(v, app.narrator, again=why_not_practise(app.game) is None, claim=claim)
    app.push_screen(sheet, app._after_dialog)


def show_score_sheet(app: TableApp, then_sheet: bool = False) -> None:
    """The score sheet (``o``): every finished hand of the game, or in a practice of its
    hand played again (begun at that hand's score), and the scores now; ``then_sheet``: the
    hand's sheet (the game's end) shown again once it is closed."""
    away = app.away
    app.push_screen(score_sheet_dialog(app.view(), app.narrator, None if away is None
                                       else away.practice.title),
                    (lambda _: show_sheet(app)) if then_sheet else None)


def answer(app: TableApp, answer: str | None) -> None:
    """Do what a dialog's button (or key) answered."""
    if answer == "next":
        app.action_next()
    elif answer == "new":
        app.new_game_asked()
    elif answer == "quit":
        app.action_quit()
    elif answer == "save":
        app.action_save()
        show_sheet(app)
    elif answer == "sheet":
        show_score_sheet(app, then_sheet=True)
    elif answer == "review":
        app.action_review()
    elif answer == "every":
        app.action_review(every_card=True)
    elif answer == "back":
        show_sheet(app)
    elif answer == "again":
        app.action_again()
    elif answer == "game":
        app.action_back_to_game()
