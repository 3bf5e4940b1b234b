"""Records from games: the whole truth, or only what one seat saw (for research data sets).

One seat's record is built from that seat's :class:`~fivehundred.view.View` at each step, the
security boundary of the engine: its own cards, the kitty and the discards only when it was
the declarer, the open-misère hand once spread, and the public auction, play and results.

>>> from fivehundred import Game, Rules
>>> g = Game(Rules.preset("australian"), seed=7)
>>> for tok in ("pass", "pass", "pass", "pass"):
...     g.apply(tok)
>>> rec = record_from_game(g, seat=0)
>>> rec.hands[0].cards[1], rec.hands[0].kitty, rec.hands[0].result.contract
(None, None, None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .. import __version__
from ..actions import token_of
from ..cards import tokens
from ..dealing import Deal, dealt_from
from ..errors import RecordError
from ..game import Game, HandLog, HandResult
from ..numbers import SEEDS, written_number
from .model import HIDDEN, GameRecord, HandOutcome, HandRecord

PROGRAM = f"fivehundred {__version__}"
"""What the ``Program`` tag of a record written now says (:attr:`GameRecord.program`)."""


def _deals(game: Game) -> list[Deal]:
    """Every deal of ``game`` so far, the hand in play's too."""
    deals = [log.deal for log in game.past_hands]
    if game.phase not in ("hand_over", "game_over"):
        deals.append(game.deal)
    return deals


def _check_given(game: Game, pairs: list[tuple[str, str]]) -> None:
    """RecordError for a ``Result`` or ``Seed`` tag given that the game itself belies: the
    record would be built, then refused by its own replay (a wrong ``StartScores`` is
    refused as the record is built, from its totals)."""
    result = "*" if game.winner is None else str(game.winner)
    for key, value in pairs:
        if key == "Result" and value != result:
            raise RecordError(f"the Result tag says {value!r}, but the game's result is "
                              f"{result!r}: leave the tag out and it is written")
        if key == "Seed":
            seed = written_number(value, 20) if isinstance(value, str) else None
            if seed is None or seed >= SEEDS:
                continue                 # (not a seed at all: the record's checks say so)
            wrong = dealt_from(game.rules, seed, _deals(game))
            if wrong is not None:
                raise RecordError(f"the Seed tag says {value!r}, but hand {wrong + 1} of this "
                                  "game was not dealt from it: leave the tag out and the "
                                  "game's own seed is written where it dealt the hands")


def record_from_game(
    game: Game,
    tags: Mapping[str, str] | Iterable[tuple[str, str]] | None = None,
    seat: int | None = None,
    seated: int = 0,
) -> GameRecord:
    """Every finished hand of ``game`` and the hand in progress (if it has actions).

    ``tags`` come first, in order; a ``Seed`` tag (the game's seed: a replay deals the next
    hands from it, as the game would; only when every hand so far was dealt from it, not
    given), a ``StartScores`` tag (the sides' scores the game began at, unless 0 each) and a
    ``Result`` tag (the winning side, or ``*``) are added unless given; the record's
    ``program`` is this version (:data:`PROGRAM`), or a ``Program`` tag's if given.  With
    ``seat`` the record holds only what that seat could see, and no seed (it would reveal
    every deal); ``seated``, the hand (from 0) from which the seat's present player sat (a
    friend given the seat of another), shows the hands before it as every seat saw them,
    none of that seat's cards, and says so in a ``Seated`` tag.

    >>> from fivehundred import Rules
    >>> g = Game(Rules.preset("australian"), seed=7)
    >>> for tok in ["pass"] * 4:
    ...     g.apply(tok)
    >>> g.next_hand()
    >>> rec = record_from_game(g, seat=2, seated=1)
    >>> rec.tag("Seated"), rec.hands[0].cards[2]
    ('2', None)
    """
    if not isinstance(game, Game):
        hint = " (a View hides cards: record the Game)" if type(game).__name__ == "View" else ""
        raise RecordError(f"record_from_game takes a Game, not {type(game).__name__}{hint}")
    rules = game.rules
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < rules.players):
        raise RecordError(f"seat must be from 0 to {rules.players - 1}, got {seat!r}")
    if isinstance(seated, bool) or not isinstance(seated, int) or seated < 0:
        raise RecordError(f"seated is a hand's number from 0, got {seated!r}")
    pairs = list(tags.items() if isinstance(tags, Mapping) else tags or ())
    program = next((v for k, v in pairs if k == "Program"), PROGRAM)
    pairs = [(k, v) for k, v in pairs if k != "Program"]
    _check_given(game, pairs)
    if seat is None and not any(k == "Seed" for k, _ in pairs) \
            and dealt_from(rules, game.seed, _deals(game)) is None:    # (none for hands given)
        pairs.append(("Seed", str(game.seed)))
    if seat is not None and seated and not any(k == "Seated" for k, _ in pairs):
        pairs.append(("Seated", str(seated + 1)))
    if any(game.start_scores) and not any(k == "StartScores" for k, _ in pairs):
        pairs.append(("StartScores", ",".join(str(v) for v in game.start_scores)))
    if not any(k == "Result" for k, _ in pairs):
        pairs.append(("Result", "*" if game.winner is None else str(game.winner)))
    logs: list[tuple[HandLog, HandResult | None]] = list(
        zip(game.past_hands, game.hand_results, strict=True))
    if game.phase not in ("hand_over", "game_over") and game.actions:
        logs.append((HandLog(game.deal, game.actions), None))
    hands = []
    totals = game.start_scores
    for i, (log, res) in enumerate(logs):
        outcome = None
        if res is not None:
            totals = tuple(a + b for a, b in zip(totals, res.points, strict=True))
            outcome = HandOutcome(
                res.contract.bid if res.contract is not None else None, res.declarer,
                res.partner, res.made, res.tricks, res.points, totals)
        hands.append(_hand_record(game, log, outcome, seat, blind=i < seated))
    return GameRecord(rules, tuple(hands), tuple(pairs), seat, program)


def _hand_record(game: Game, log: HandLog, outcome: HandOutcome | None,
                 seat: int | None, blind: bool = False) -> HandRecord:
    """Replay one hand on a fresh game, keeping what ``seat`` (or everyone) may see;
    ``blind``: what every seat saw (the seat's present player sat down later)."""
    rules = game.rules
    g = Game(rules, seed=0, deal=log.deal)
    looker = 0 if seat is None else seat
    own = g.view(looker).hand
    parts: dict[str, list[str]] = {"auction": [], "kitty": [], "call": [], "play": []}
    exposed: tuple[str, ...] | None = None
    for a in log.actions:
        phase = g.phase
        g.apply(a)
        parts[phase].append(token_of(a))
        # the open-misère hand as first spread, read from the game itself (what every
        # view shows then); building a View after each action was most of the time taken
        if exposed is None and g.exposed and g.phase == "play" and g.contract is not None:
            exposed = g.hand_tokens(g.contract.declarer)
    view = g.view(looker)
    n = rules.players
    if seat is None:
        cards: tuple[tuple[str, ...] | None, ...] = tuple(
            tokens(m) for m in log.deal.hands[:n])
        kitty: tuple[str, ...] | None = tokens(log.deal.kitty)
        dead = tokens(log.deal.hands[n]) if rules.dead_hand else None
        discards = tuple(parts["kitty"])
    else:
        cards = tuple(own if s == seat and not blind else None for s in range(n))
        kitty = None if blind else view.kitty or None
        dead = None
        is_declarer = g.contract is not None and g.contract.declarer == seat and not blind
        discards = tuple(parts["kitty"]) if is_declarer else (HIDDEN,) * len(parts["kitty"])
    return HandRecord(
        dealer=log.deal.dealer,
        cards=cards,
        kitty=kitty,
        auction=tuple(parts["auction"]),
        discards=discards,
        call=parts["call"][0] if parts["call"] else None,
        play=tuple(parts["play"]),
        result=outcome,
        dead=dead,
        exposed=exposed,
    )
