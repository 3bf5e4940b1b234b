"""What a seat is sent besides the table's state: its game record, a claim's answer and the
claim played out, a finished hand's review (the claim and the review worked out in a bot
worker, on a copy of the game)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..claims import Claim, ClaimError
from ..errors import shown_json
from ..game import Game
from ..record.model import breaks_lines
from ..words import joined
from .seats import TableError
from .table import Table

_SEAT = re.compile(r"\bseat (\d+)(?:('s\b|:)|( (?:plays|has|is|sits|was|does|bids|calls|"
                   r"leads|holds|discards)\b))?")
"""A seat by its number in the engine's words ("seat 0 plays a card"), with what follows it
that changes when it is "you": a possessive or a colon, or a verb."""
_YOU_DO = {"plays": "play", "has": "have", "is": "are", "sits": "sit", "was": "were",
           "does": "do", "bids": "bid", "calls": "call", "leads": "lead", "holds": "hold",
           "discards": "discard"}


def refusal_words(message: str, seat: int, names: Sequence[str]) -> str:
    """A refusal's ``message`` as ``seat``'s page shows it: each seat the engine names by its
    number said as the table says it, "you" for the seat's own and the others' names (a
    refused call read "...the game is in the play; seat 0 plays a card", a number the player
    never sees)."""
    def said(m: re.Match[str]) -> str:
        """One seat named by number, as the page says it (a number past the table's seats
        left as it is)."""
        n = int(m.group(1))
        if n >= len(names):
            return m.group(0)
        you = n == seat
        mark, verb = m.group(2), m.group(3)
        if mark == "'s":
            return "your" if you else f"{names[n]}'s"
        if mark == ":":
            return "your seat:" if you else f"{names[n]}'s seat:"
        if verb is None:
            return "you" if you else names[n]
        return f"you {_YOU_DO[verb.strip()]}" if you else f"{names[n]}{verb}"
    return _SEAT.sub(said, message)


def record_text(table: Table, seat: int, as_json: bool = False) -> str:
    """The game record for ``seat``: only what that seat could see while the game goes on
    (a seat's view: ``Viewpoint``; of the hands before a friend given the seat by a new link
    sat down, only what every seat saw: ``Seated``), every card once it is over (and the
    seed, which replays it); the seats' names in a ``Seats`` tag.  The record's text, or its
    JSON."""
    from ..record import dumps, dumps_json, record_from_game

    g = table.game
    over = g.phase == "game_over"
    # a tag's names are separated by commas and hold no control characters
    names = ",".join("".join(" " if ch == "," or breaks_lines(ch) else ch for ch in n).strip()
                     or f"Seat {i}" for i, n in enumerate(table.names()))
    tags = {"Event": "fivehundred browser game", "Seats": names}
    rec = (record_from_game(g, tags) if over else
           record_from_game(g, tags, seat=seat, seated=table.seats[seat].opens_at))
    return dumps_json(rec) if as_json else dumps(rec)


def claim_answer(game: Game, seat: int, names: list[str]) -> dict[str, Any]:
    """Whether ``seat``'s claim stands on ``game`` (run in a bot worker, on a copy of the
    game, within ``claims.SECONDS``): ``{"stands": true, "plays": [...], ...}`` with the
    cards that play it out, or ``{"stands": false, "message": why}`` (for the claimant,
    ``names`` naming the others)."""
    from ..claims import SECONDS, plan_claim

    try:
        c = plan_claim(game, seat, seconds=SECONDS, names=names)
    except ClaimError as e:
        return {"stands": False, "message": str(e)}
    return {"stands": True, "plays": list(c.plays), "tricks": c.tricks, "misere": c.misere,
            "side": list(c.side)}


def claimed_message(claim: Claim, viewer: int, table: Table) -> dict[str, Any]:
    """The ``claimed`` message for ``viewer``: the claim played out on ``table``, and what
    it was in words ("You claimed the last 4 tricks for you & North" to its claimant)."""
    names = table.names()
    return {"type": "claimed", "seat": claim.seat, "seq": table.seq, "tricks": claim.tricks,
            "misere": claim.misere, "side": list(claim.side),
            "text": claim.sentence(lambda s: "You" if s == viewer else names[s],
                                   viewer, table.rules)}


def hand_game(game: Game, number: int) -> Game:
    """A game standing at the end of the finished hand ``number`` (from 0) of ``game``: its
    deal and every action replayed (the scores before it play no part in a review); a hand
    not finished yet is a TableError.

    >>> from fivehundred import Rules
    >>> t = Table.new("australian", Rules.preset("australian"), "medium", seed=5)
    >>> hand_game(t.game, 0)
    Traceback (most recent call last):
    ...
    fivehundred.web.seats.TableError: no hand is finished yet
    >>> for a in ["pass"] * 4: t.game.apply(a)
    >>> g = hand_game(t.game, 0)
    >>> g.phase, g.actions == t.game.actions
    ('hand_over', True)
    """
    done = len(game.past_hands)
    if isinstance(number, bool) or not isinstance(number, int):
        raise TableError("malformed", f"review takes \"hand\": a finished hand's number "
                                      f"(from 0), got {shown_json(number)}")
    if not 0 <= number < done:
        raise TableError("no_review", "no hand is finished yet" if not done else
                         f"there is no finished hand {number}: the hands finished are "
                         f"0 to {done - 1}")
    log = game.past_hands[number]
    g = Game(game.rules, seed=0, deal=log.deal)
    for a in log.actions:
        g.apply(a)
    return g


def review_message(game: Game, seat: int, names: list[str], every_seat: bool = False,
                   hand: int | None = None, kitty_seen: bool = True) -> dict[str, Any]:
    """The ``review`` message: the hand just played out, against double dummy, for ``seat``
    (run in a bot worker, on a copy of the game): ``seat``'s cards, or with ``every_seat``
    every card played (each with its seat; the answer then says ``"every_seat": true``). A
    hand with cards nobody saw (thrown in, a misère stopped early) or still in play gets a
    ``no_review`` error message instead, either way.  ``hand`` numbers the hand in the
    answer when ``game`` is an earlier hand's (:func:`hand_game`); without ``kitty_seen``
    (a hand from before the seat's present player sat) a declarer's discards are not shown.
    ``meaning`` says what double dummy means, the same words under every front end's review."""
    from ..solver.analysis import ReviewError, review_hand
    from ..solver.analysis.review import DOUBLE_DUMMY

    try:
        r = review_hand(game, seat, seats=range(game.rules.players) if every_seat else None,
                        kitty_seen=kitty_seen)
    except ReviewError as e:
        return {"type": "error", "code": "no_review", "message": f"no review: {e}",
                "hand": hand, "every_seat": every_seat}
    label = joined(["You" if s == seat else names[s]
                    for s in game.rules.clockwise_from(seat, r.counted)])
    return {"type": "review", "hand": game.hand_number if hand is None else hand,
            "counted_label": label, "meaning": DOUBLE_DUMMY,
            **r.to_dict(), **({"every_seat": True} if every_seat else {})}
