"""Your cards along the bottom and the buttons above them (bids, the five-handed call, the
joker's suit), drawn from your seat's View where they changed since they were last drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Grid, Horizontal, Vertical
from textual.widgets import Button

from ..cards import SUIT_LETTERS
from ..tricks import sort_tokens
from ..view import View
from ..web.state import bid_grid, display_strain
from . import texts

if TYPE_CHECKING:
    from .app import TableApp


async def draw_buttons(app: TableApp) -> None:
    """Your cards and the buttons above them, drawn again where they changed (in the
    app's message queue, one drawing at a time: old buttons go before new ones come)."""
    v = app.view()
    await draw_actions(app, v)
    await draw_hand(app, v)
    if app._my_turn(v) and not _of_use(app.focused, v):
        focus_first(app, v)


def _of_use(focused: object, v: View) -> bool:
    """Whether the keyboard is on something that answers now: a button, but not one of your
    cards while you bid or call (a take-back while a bot thought had left it on a card, where
    Enter only said "Not a card now")."""
    if not isinstance(focused, Button):     # (a greyed one takes no focus)
        return False
    return not ((focused.id or "").startswith("card-") and v.phase in ("auction", "call"))


def focus_first(app: TableApp, v: View) -> None:
    """Put the keyboard on something you may do: Pass in the auction, else the first
    button above your hand, else your first playable card."""
    playable = playable_cards(v, app.seat)
    for b in app.query(Button):
        ident = b.id or ""
        if greyed(b) or not (ident.startswith(("bid-", "call-", "lead-"))
                              or ident.removeprefix("card-") in playable):
            continue
        if v.phase == "auction" and ident != "bid-pass" and app.query("#bid-pass"):
            continue
        b.focus()
        return


def focus_again(app: TableApp, ident: str | None) -> None:
    """The keyboard back on the table's button ``ident`` once the terminal is large enough
    again (Textual takes it from what it hides: Enter and the arrows did nothing after), or,
    where that is gone or of no use now, where your turn puts it (:func:`focus_first`)."""
    table = app.screen_stack[0]
    for b in table.query(Button):
        if ident is not None and b.id == ident and b.focusable and not greyed(b):
            table.set_focus(b)
    v = app.view()
    if app._my_turn(v) and not _of_use(table.focused, v):
        focus_first(app, v)


async def draw_hand(app: TableApp, v: View) -> None:
    """Your cards, drawn again if anything about them changed."""
    hand = app.query_one("#hand", Horizontal)
    strain = display_strain(v)
    cards = sort_tokens(v.hand, strain)
    playable = playable_cards(v, app.seat)
    kitty = set(v.kitty) if v.phase == "kitty" else set()
    bidding = v.phase in ("auction", "call")
    key = repr((cards, sorted(playable), sorted(kitty), sorted(app._hinted_cards),
                app._my_turn(v), bidding))
    if app._drawn.get("hand") == key:       # nothing changed
        return
    app._drawn["hand"] = key
    focused = app.focused.id if app.focused is not None else None
    shown = [b.id for b in hand.query(Button)]
    await hand.remove_children()
    buttons = []
    for tok in cards:
        b = Button(texts.card_markup(tok), id=f"card-{tok}")
        # no padding inside the label, so that a narrow table's cards can be 5 columns wide
        # and 14 fit in 80 (table.tcss; Textual's CSS refuses a line-pad of 0)
        b.styles.line_pad = 0
        b.set_class(tok not in playable and app._my_turn(v), "unplayable")
        b.set_class(tok in kitty, "kitty")
        b.set_class(tok in app._hinted_cards, "hinted")
        # (while you bid or call, Tab skips your cards: the bids were ten presses away)
        b.can_focus = not bidding
        buttons.append(b)
        app._tokens[f"card-{tok}"] = tok
    await hand.mount_all(buttons)
    if focused in shown and buttons and not (app._my_turn(v) and v.phase in ("auction", "call")):
        # the card you were on, or the one that took its place once it was played (not
        # when you are to bid or call: the keyboard goes to the buttons, draw_buttons)
        buttons[min(shown.index(focused), len(buttons) - 1)].focus()


def playable_cards(v: View, seat: int) -> set[str]:
    """Your cards that some legal action of yours plays or discards now."""
    if v.to_move != seat or v.phase not in ("play", "kitty"):
        return set()
    return {t.split(":")[0] for t in v.legal_actions}


async def draw_actions(app: TableApp, v: View) -> None:
    """The buttons above your hand: the bids, the five-handed call, the joker's suit."""
    box = app.query_one("#actions", Vertical)
    mine = app._my_turn(v)
    if mine and app._joker_choice:
        # (in the order the suits rank, as the browser's: the tokens sort ♣♦♥♠)
        items = [(f"lead-{t[-1]}", t, texts.suit_markup(t[-1]), True)
                 for t in sorted((t for t in v.legal_actions if t.startswith("JK:")),
                                 key=lambda t: SUIT_LETTERS.index(t[-1]))]
        items.append(("lead-cancel", "", "Cancel", True))
        kind = "choices"
    elif mine and v.phase == "auction":
        items = [(f"bid-{b['token']}", b["token"], bid_label(b), b["legal"])
                 for b in bid_grid(v)]
        kind = "bids"
    elif mine and v.phase == "call":
        calls = sort_tokens([t[5:] for t in v.legal_actions if t.startswith("call ")],
                            display_strain(v))
        items = [(f"call-{c}", f"call {c}", texts.card_markup(c), True) for c in calls]
        if "alone" in v.legal_actions:
            items.insert(0, ("call-alone", "alone", "Alone", True))
        kind = "calls"
    else:
        items, kind = [], ""
    key = repr((kind, items, app._hinted))
    if app._drawn.get("actions") == key:
        return
    app._drawn["actions"] = key
    await box.remove_children()
    if not items:
        return
    buttons = []
    for ident, tok, label, legal in items:
        # (greyed, not disabled: Textual drops a disabled button's clicks, and a click on a
        # bid you may not make should say why, as one on a card you may not play does)
        b = Button(label, id=ident, compact=True, classes="" if legal else "greyed")
        b.can_focus = legal
        b.set_class(tok == app._hinted, "hinted")
        app._tokens[ident] = tok
        buttons.append(b)
    await box.mount(Grid(*buttons, id=kind))


def greyed(b: Button) -> bool:
    """Whether a button above your hand is one you may not press now (a bid below the one
    made): greyed and passed by the keyboard, but a click on it is answered with the engine's
    reason, as for a card that may not be played."""
    return b.has_class("greyed")


def bid_label(b: dict[str, object]) -> str:
    """A bid button's words: "Pass", "7♥ 200", "Misère 250"."""
    tok = str(b["token"])
    if tok == "pass":
        return "Pass"
    words = texts.bid_markup(tok)       # "7♥", "misère", "open misère"
    return f"{words[:1].upper()}{words[1:]} {b['value']}"
