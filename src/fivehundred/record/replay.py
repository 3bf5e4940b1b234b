"""Replaying records through the engine, and the ``fivehundred replay`` command.

Replay deals each recorded hand, applies every action (the engine checks each one) and
compares what the engine scores with what the record says.  Any difference is a
:class:`RecordError` naming the hand, the action number, the seat and the reason (and, for a
record read from a file, its line or JSON path).  The ``Result`` tag alone is no fault: a
record written by an older version whose rules ended the game otherwise (a tie broken
another way) still replays, and :func:`replay_warnings` says how its result differs.  A record that
reading refuses may hold an earlier fault that only the engine sees: :func:`first_fault`
finds it, so that ``fivehundred replay`` names the first fault in the order of play.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import TextIO

from .. import cards
from ..actions import readable_bid
from ..dealing import DealDifference, seed_difference
from ..errors import FiveHundredError, RecordError
from ..game import Game, HandResult
from ..numbers import written_number
from ..rules import Rules
from ..scoring import game_end, hole_words, target_words, tie_rule
from .build import PROGRAM
from .model import (
    GameRecord,
    HandOutcome,
    HandRecord,
    RecordProblem,
    card_key,
    sort_cards,
    start_scores_of,
)


def replay(rec: GameRecord) -> Game:
    """Rebuild the game a full record describes, checking every action and every result.

    The returned game stands where the record ends; its seed is the ``Seed`` tag (else 0),
    so ``next_hand()`` goes on dealing as the recorded game would have.  A fault names its
    line or JSON path where the record was read from a file.  The ``Result`` tag is checked
    here only in a record this version wrote (its ``Program``): where this version's rules
    end the game otherwise than the record of an older version says, :func:`replay_warnings`
    says so.
    """
    if not isinstance(rec, GameRecord):
        raise RecordError(f"replay() takes a GameRecord (loads(text) reads one), not "
                          f"{type(rec).__name__}")
    if rec.viewpoint is not None:
        raise RecordError(f"this record is seat {rec.viewpoint}'s view (Viewpoint "
                          f"{rec.viewpoint}): other seats' cards are hidden, so it cannot be "
                          "replayed")
    if not rec.hands:
        raise RecordError("the record has no hands to replay")
    try:
        game = _replayed(rec.rules, rec.hands, rec.tag("Seed"), start=rec.start_scores)
    except RecordProblem as e:
        raise (rec.source.locate(e) if rec.source is not None else e) from None
    if rec.program == PROGRAM:       # (this version wrote it: no older rule to explain it)
        for said in replay_warnings(rec, game):
            raise RecordError(f"{said}; this version wrote the record, so its Result tag is "
                              "wrong")
    return game


def replay_warnings(rec: GameRecord, game: Game) -> list[str]:
    """What a record that replays to ``game`` (:func:`replay`) says otherwise than this
    version: a ``Result`` tag other than the game's end by this version's rules (where
    every action and hand's result agrees, a record of an older version, whose rules broke a
    tie otherwise), with its line or JSON path and why; empty when none."""
    said = rec.tag("Result")
    real = "*" if game.winner is None else str(game.winner)
    if said is None or said == real:
        return []
    names = [_side_name(rec, k) for k in range(len(rec.rules.sides))]

    def side(value: str) -> str:
        """A Result tag's value in words."""
        return "the game goes on" if value == "*" else f"side {value} ({names[int(value)]}) won"

    why = "the record's result differs from this version's"
    w = game.winner
    results = game.hand_results
    if w is not None and said != "*":
        end = game_end(rec.rules, game.scores, w, results[-1] if results else None)
        if int(said) in end.tied:
            why = (f"the sides tied at {game.scores[w]} when a side fell into the hole, and "
                   f"this version breaks the tie so: {tie_rule(end)}")
    wrote = (f"; the record was written by {rec.program}, this is {PROGRAM}"
             if rec.program is not None and rec.program != PROGRAM
             else "; the record does not say which version wrote it" if rec.program is None
             else "")
    problem = RecordProblem(f"the record says {side(said)}, this version's rules say "
                            f"{side(real)}: {why}{wrote}", "tag Result", None, "tag", "Result")
    return [str(rec.source.locate(problem) if rec.source is not None else problem)]


def _replayed(rules: Rules, hands: Sequence[HandRecord], seed_tag: str | None,
              cut: int | None = None, start: Sequence[int] | None = None) -> Game:
    """The game that ``hands`` (at least one) replay to, from the scores ``start`` (0 each
    if None), each action and result checked; a fault is a :class:`RecordProblem` naming its
    hand, action or part.  ``cut``: only so many actions of the last hand, and its result not
    checked, nor its exposed hand unless shown within them (a hand cut short where a check of
    the record failed)."""
    seed = int(seed_tag or 0)
    g: Game | None = None
    for i, h in enumerate(hands):
        try:
            if g is None:
                g = Game(rules, seed=seed, deal=h.deal(rules), scores=start)
            elif g.phase == "game_over":
                raise RecordError(f"the game was over after hand {i}: no more hands are dealt")
            else:
                g.next_hand(deal=h.deal(rules))
        except FiveHundredError as e:
            raise _fault(h, i, str(e)) from None
        if seed_tag is not None:
            differs = seed_difference(rules, seed, g.deal, g.hand_number)
            if differs is not None:
                raise _seed_fault(rules, i, seed, differs)
        last = i == len(hands) - 1
        exposed: tuple[str, ...] | None = None
        for m, tok in enumerate(h.actions[:cut] if last else h.actions):
            seat = g.to_move
            try:
                g.apply(tok)
            except FiveHundredError as e:
                raise _fault(h, i, str(e), m, seat=seat) from None
            if exposed is None and g.exposed and g.phase == "play":
                exposed = sort_cards(g.view(0).exposed[0][1])
                if exposed != h.exposed:        # (wrong as soon as it is shown)
                    raise _exposed_fault(h, i, exposed)
        if last and cut is not None:
            break
        if exposed != h.exposed:
            raise _exposed_fault(h, i, exposed)
        over = g.phase in ("hand_over", "game_over")
        if h.result is None:
            if over:
                raise _fault(h, i, "the hand is over but the record has no result",
                             fld="result")
            if not last:  # pragma: no cover - the record's checks forbid it
                raise _fault(h, i, "only the last hand may be unfinished")
            continue
        if not over:
            raise _fault(h, i, f"the record gives a result, but the hand is not over (the "
                               f"{g.phase} goes on)", fld="result")
        real = _outcome(g.hand_results[-1], g.scores)
        if real != h.result:
            raise _fault(h, i, f"the record says '{h.result}', the engine says '{real}'",
                         fld="result")
    assert g is not None
    return g


def _fault(h: HandRecord, i: int, reason: str, action: int | None = None,
           fld: str = "hand", seat: int | None = None) -> RecordProblem:
    """A fault that replay found in hand ``i`` (from 0): at its ``action`` (from 0, of
    ``h.actions``; ``seat``, the seat whose it was) if given, else in its part ``fld``."""
    where = f"hand {i + 1}"
    key: int | None = None
    if action is not None:
        by = f" by seat {seat}" if seat is not None else ""
        where += f", action {action + 1} ({h.actions[action]}{by})"
        fld, key = h.action_place(action)
    return RecordProblem(reason, where, i, fld, key)


def _seed_fault(rules: Rules, i: int, seed: int, differs: DealDifference) -> RecordProblem:
    """Hand ``i`` dealt otherwise than the Seed tag's ``seed`` deals it (``differs``), said
    at the part that differs first: the dealer, or a card of a seat, the dead hand or the
    kitty and where the seed deals it (the part edited, or a Seed tag not of these deals)."""
    wrong = ("the Seed tag does not belong to these deals (a game whose hands were given, not "
             "dealt from its seed, has no Seed tag)")
    if differs.part is None:
        return RecordProblem(f"the dealer is seat {differs.given}, but seed {seed} has seat "
                             f"{differs.seeded} deal hand {i + 1}: the dealer was changed, or "
                             f"{wrong}", f"hand {i + 1}, dealer", i, "dealer", None)
    # each part of the deal: its name, its field and item (as RecordProblem names a place)
    parts: list[tuple[str, str, int | None]] = [(f"seat {s}", "cards", s)
                                                for s in range(rules.players)]
    if rules.dead_hand:
        parts.append(("the dead hand", "dead", None))
    parts.append(("the kitty", "kitty", None))
    held, instead = (min(cards.cards_of(m), key=card_key) for m in (differs.given, differs.seeded))
    masks = (*differs.dealt.hands, differs.dealt.kitty)
    goes = parts[next(k for k, m in enumerate(masks) if m >> held & 1)][0]
    who, fld, key = parts[differs.part]
    where = f"hand {i + 1}, " + (f"seat {key}'s cards" if fld == "cards" else who)
    return RecordProblem(f"{who} holds {cards.token(held)}, but seed {seed} deals "
                         f"{cards.token(held)} to {goes} and {cards.token(instead)} to "
                         f"{who}: a card was moved, or {wrong}", where, i, fld, key)


def _exposed_fault(h: HandRecord, i: int, exposed: tuple[str, ...] | None) -> RecordProblem:
    """The exposed hand of hand ``i`` recorded otherwise than the play ``exposed`` it."""
    return _fault(h, i, f"the exposed hand is recorded as {_cards(h.exposed)}, but the play "
                        f"shows {_cards(exposed)}", fld="exposed")


def first_fault(rules: Rules, hands: Sequence[HandRecord], tags: Iterable[tuple[str, str]],
                viewpoint: int | None, problem: RecordProblem | None = None
                ) -> RecordProblem | None:
    """The first fault that replay finds before ``problem``, a failed check of a record read
    as ``rules``, ``hands``, ``tags`` and ``viewpoint`` (the hands before its hand, and its
    hand's actions before it), or in the whole record if None: so that a reader reports the
    first fault in the order of play, whatever its kind; where replay finds none before a
    problem at an action, that problem said with the seat whose action it was (the checks
    know only the action).  None when replay finds none, when the problem is not in a hand
    (but the Result tag's, said of the game's end: every hand is replayed before it), and in
    one seat's view (it cannot be replayed)."""
    if viewpoint is not None or (problem is not None and problem.hand is None and (
            (problem.field, problem.key) != ("tag", "Result"))):
        return None
    tags = list(tags)
    seed = next((v for k, v in tags if k == "Seed"), None)
    if seed is not None and written_number(seed, 20) is None:
        return None             # (a Seed tag that is no seed: its own check says so)
    begun = next((v for k, v in tags if k == "StartScores"), None)
    try:
        start = None if begun is None else start_scores_of(rules, begun)
    except ValueError:
        return None             # (its own check says so)
    cut = None
    if problem is not None and problem.hand is not None:
        cut = hands[problem.hand].actions_before(problem.field, problem.key)
        hands = hands[: problem.hand + (cut is not None)]
    if not hands:
        return None
    try:
        g = _replayed(rules, hands, seed, cut, start)
    except RecordProblem as e:
        return e
    if problem is not None and cut is not None:
        return _with_seat(problem, hands[-1], cut, g.to_move)
    return None


def _with_seat(problem: RecordProblem, h: HandRecord, n: int, seat: int | None
               ) -> RecordProblem | None:
    """``problem``, a failed check at action ``n`` (from 0) of ``h``, said with ``seat``, the
    seat whose turn it was there (the checks name the action alone; replay names its seat
    too, as docs/records.md says), or None if it names no action or no seat was to move."""
    if seat is None or n >= len(h.actions) or problem.hand is None:
        return None
    bare = f"hand {problem.hand + 1}, action {n + 1} ({h.actions[n]})"
    if problem.where != bare:
        return None
    return RecordProblem(problem.reason, f"{bare[:-1]} by seat {seat})", problem.hand,
                         problem.field, problem.key, problem.place)


def _cards(toks: tuple[str, ...] | None) -> str:
    return "none" if toks is None else " ".join(toks)


def _outcome(res: HandResult, totals: tuple[int, ...]) -> HandOutcome:
    c = res.contract
    return HandOutcome(c.bid if c is not None else None, res.declarer, res.partner, res.made,
                       res.tricks, res.points, totals)


# ---------------------------------------------------------------------- the command


def _side_name(rec: GameRecord, side: int) -> str:
    names = rec.seat_names
    return "+".join(names[s] for s in rec.rules.sides[side])


def report(rec: GameRecord, game: Game, out: TextIO) -> None:
    """Print each hand's contract, tricks, points and running totals, and the winner (and
    why: :func:`_why_won`, after the words this line always began with); first
    the scores the game began at, for a record that has them (``StartScores``: the first
    hand's totals count from there, and nothing else says so)."""
    r = rec.rules
    names = rec.seat_names
    sides = ", ".join(f"{i} = {_side_name(rec, i)}" for i in range(len(r.sides)))
    print(f"{r.players} players; sides: {sides}", file=out)
    if rec.tag("StartScores") is not None:
        print("Starting scores: " + ", ".join(f"{_side_name(rec, k)} {t}"
                                              for k, t in enumerate(rec.start_scores)),
              file=out)
    for i, h in enumerate(rec.hands):
        lay = rec.layout(i)
        res = h.result
        head = f"Hand {i + 1} (dealer {names[h.dealer]}): "
        if res is None:
            print(head + f"unfinished after {len(h.actions)} actions", file=out)
            continue
        if res.contract is None:
            head += ("all passed, thrown in" if r.all_pass == "redeal"
                     else "all passed, played at no trumps")
        else:
            assert res.declarer is not None
            head += f"{readable_bid(res.contract)} by {names[res.declarer]}"   # as analyse
            if res.partner is not None:
                head += f" with {names[res.partner]}"
            elif h.call == "alone":
                head += " alone"
            head += ", made" if res.made else ", failed"
        print(head, file=out)
        print("  tricks  " + "  ".join(f"{names[s]} {t}" for s, t in enumerate(res.tricks))
              + f"  ({len(lay.tricks)} played)", file=out)
        print("  points  " + "  ".join(f"{_side_name(rec, k)} {p:+d}"
                                       for k, p in enumerate(res.points)), file=out)
        print("  totals  " + "  ".join(f"{_side_name(rec, k)} {t}"
                                       for k, t in enumerate(res.totals)), file=out)
    if game.winner is None:
        print("No winner yet: " + ", ".join(f"{_side_name(rec, k)} {t}"
                                            for k, t in enumerate(game.scores)), file=out)
    else:
        print(f"Winner: side {game.winner} ({_side_name(rec, game.winner)}) with "
              f"{game.scores[game.winner]}: {_why_won(rec, game, game.winner)}", file=out)


def _why_won(rec: GameRecord, game: Game, w: int) -> str:
    """Why side ``w`` won, by the engine's judgement (:func:`~fivehundred.scoring.game_end`,
    as the console and the tables say it): "reached 500 with 520" (where others reached it
    too, why this side counted), or who fell into the hole; a side at -420 winning said
    nothing of why."""
    r, scores, results = rec.rules, game.scores, game.hand_results
    names = [_side_name(rec, k) for k in range(len(scores))]
    end = game_end(r, scores, w, results[-1] if results else None)
    if end.at_target:
        return target_words(r, end, scores, names)
    return hole_words(r, end, scores, names)


def replay_main(path: str, as_json: bool = False, game: int | None = None) -> int:
    """``fivehundred replay FILE [--json] [--game N]``: 0 when the record replays, 2 (and why)
    if not; 1 when it replays but says what this version reads otherwise
    (:func:`replay_warnings`, each a warning after the report: a record of an older version
    whose rules ended the game otherwise), so that a script sees the difference and the
    hands are still shown.

    A record is read as JSON if it starts with ``{`` (or with ``as_json``), else as text;
    with ``game``, game ``game`` (from 1) of a dataset, one JSON record a line
    (:func:`~fivehundred.record.datasets.dataset_game`); a dataset without it is refused."""
    from .datasets import dataset_game, game_place, refuse_dataset
    from .files import parse_record, read_text
    from .jsonfmt import not_text

    where = game_place(path, game)     # (the game's record)
    try:
        if game is not None:
            rec = dataset_game(path, game, replaying=True)
        else:
            refuse_dataset(path)
            text = read_text(path)
    except FiveHundredError as e:
        print(f"fivehundred replay: {e}", file=sys.stderr)
        return 2
    try:
        if game is None:
            if as_json:
                not_text(text, "read it without --json")
            rec = parse_record(text, True if as_json else None, replaying=True)
        played = replay(rec)
    except FiveHundredError as e:
        print(f"fivehundred replay: {where}: {e}", file=sys.stderr)
        return 2
    report(rec, played, sys.stdout)
    warnings = replay_warnings(rec, played)
    for said in warnings:
        print(f"fivehundred replay: {where}: warning: {said}", file=sys.stderr)
    return 1 if warnings else 0
