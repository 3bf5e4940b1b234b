"""A game record's hands analysed: tables at the first lead, the contract played against
double dummy (:func:`analyse_record`), one position valued (:func:`analyse_action`)."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...actions import BID, action_from_token, readable, readable_bid
from ...cards import NO_TRUMPS
from ...game import Game
from ...numbers import whole_number
from ...record.model import GameRecord
from ...scoring import declaring_seats
from ..position import Position
from ..solve import solve
from .common import (
    AnalysisError,
    Progress,
    _cards,
    _n,
    _seats,
    _wrap,
    in_hand_order,
    report_names,
    seat_label,
)
from .ddtable import DDTable, _hand_lines, dd_table
from .kitty import DiscardVerdict, KittyTable, kitty_table
from .review import (
    GIVEN_NOTE,
    UNSOLVED_NOTE,
    ReviewedPlay,
    at_least_note,
    given_away,
    play_texts,
    reviewed_plays,
)
from .values import PositionValues, position_values


@dataclass(frozen=True)
class SideResult:
    """What one side took in a played hand and what it takes double dummy at the first lead."""

    seats: tuple[int, ...]
    taken: int
    """Tricks it took in the play (so far, if the hand is unfinished)."""
    double_dummy: int | None
    """Tricks it takes from the first lead with best play by everyone (misère: the tricks the
    defence forces on the declarer); None: not solved within the search limits."""
    at_least: int = 0
    """With ``double_dummy`` None, tricks it surely takes all the same (misère: 1 when the
    defence forces a trick on the declarer, how many not solved)."""


@dataclass(frozen=True)
class HandAnalysis:
    """One recorded hand analysed: its table, and the contract played against double dummy."""

    number: int
    """The hand's number in the record, from 1."""
    dealer: int
    reached_play: bool
    finished: bool
    summary: str
    """The outcome in words for people (contract, made or failed; all passed; unfinished),
    the contract with its suit's symbol (``7♣ by North (0), made``); ``to_dict`` writes it
    with the bid token (:attr:`summary_tokens`)."""
    table: DDTable
    """At the first lead if the hand reached the play, else of the hands as dealt."""
    contract: str | None = None
    """The contract's bid token (``7C``, ``misere``, ``open-misere``); None: none."""
    declarer: int | None = None
    partner: int | None = None
    needed: int | None = None
    """Tricks the contract needs (0 for misère: it must take none)."""
    discards: tuple[str, ...] = ()
    """The declarer's discard, in the hand's order under the contract (trumps first, high to
    low), as every discard is written; the record keeps the order played."""
    results: tuple[SideResult, ...] = ()
    """The declaring side (the misère declarer), or each side in the all-pass game."""
    plays: tuple[ReviewedPlay, ...] | None = None
    """Every card played, beside double dummy's best there (asked for: ``plays=True``)."""
    kitty: KittyTable | None = None
    """Each seat as declarer with the kitty and its best discard (asked for: ``kitty=True``)."""
    first_lead_action: int = 0
    """How many of the hand's actions come before the first lead: the play's cards are
    ``--action`` numbers from it on."""
    seat_names: tuple[str, ...] = ()
    """The record's seat names, the summary's: :meth:`format` writes them unless given others
    (it wrote "dealer seat 2" beside the summary's "by North (0)")."""

    @property
    def makeable(self) -> bool | None:
        """Whether the contract played can be made double dummy (None: no contract)."""
        if self.needed is None or not self.results:
            return None
        r = self.results[0]
        dd = r.double_dummy
        if dd is None:
            return False if self.needed == 0 and r.at_least > 0 else None
        return dd == 0 if self.needed == 0 else dd >= self.needed

    @property
    def summary_tokens(self) -> str:
        """The summary as JSON writes it, the contract as its bid token (``7C by North (0),
        made``, ``open-misere by South (2), failed``): JSON keeps tokens, as records do."""
        bid = self.contract
        if bid is None or not self.summary.startswith(readable_bid(bid) + " "):
            return self.summary
        return bid + self.summary[len(readable_bid(bid)):]

    def to_dict(self) -> dict[str, Any]:
        """The analysis as plain JSON values (card and bid tokens, the summary's too)."""
        return {
            "hand": self.number,
            "dealer": self.dealer,
            "reached_play": self.reached_play,
            "finished": self.finished,
            "summary": self.summary_tokens,
            "table_of": "first lead" if self.reached_play else "deal",
            "table": self.table.to_dict(),
            "contract": self.contract,
            "declarer": self.declarer,
            "partner": self.partner,
            "needed": self.needed,
            "discards": list(self.discards),
            "results": [{"seats": list(r.seats), "taken": r.taken,
                         "double_dummy": r.double_dummy, "at_least": r.at_least}
                        for r in self.results],
            "makeable": self.makeable,
            **({} if self.plays is None else {"plays": [p.to_dict() for p in self.plays]}),
            **({} if self.kitty is None else {"kitty_table": self.kitty.to_dict(),
                                              "discard_verdict": _dict_or_none(
                                                  self.discard_verdict())}),
        }

    def format(self, names: Sequence[str] | None = None, notes: bool = True) -> str:
        """The hand for people: summary, hands, table and the play against double dummy."""
        seat_names = report_names(self.table.rules, self.seat_names if names is None else names)
        lab = seat_label
        lines = [f"Hand {self.number} (dealer {lab(seat_names, self.dealer)}): {self.summary}"]
        if not self.reached_play:
            lines.append("It never reached the play; the hands as dealt, the kitty set aside:")
        elif self.declarer is not None and self.discards:
            lines.append(f"The hands at the first lead ({lab(seat_names, self.declarer)} after "
                         f"discarding {_cards(self.discards)}):")
        else:
            lines.append("The hands at the first lead (as dealt, the kitty set aside):")
        lines += _hand_lines(self.table, seat_names)
        lines.append(self.table.format(seat_names, notes))
        lines += [_wrap(x) for x in self._play_lines(seat_names)]
        if self.kitty is not None:
            lines.append(self.kitty.format(seat_names))
            verdict = self.discard_verdict()
            if verdict is not None:
                assert self.declarer is not None
                lines.append(_wrap(verdict.text(f"{seat_label(seat_names, self.declarer)}'s")))
        if self.plays is not None:
            lines += self._card_lines(seat_names)
        return "\n".join(lines)

    def discard_verdict(self) -> DiscardVerdict | None:
        """The declarer's discard against the best one, double dummy (with the kitty table,
        for a contract played without a called partner); None where there is nothing to
        compare."""
        k, d, c = self.kitty, self.declarer, self.contract
        if k is None or d is None or c is None or self.partner is not None or not self.results:
            return None
        misere = self.needed == 0
        if misere and k.misere is None:
            return None
        strain = NO_TRUMPS if misere else (action_from_token(c, auction=True) - BID) % 5
        cell = k.misere[d] if misere and k.misere is not None else k.cells[d][strain]
        return DiscardVerdict.of(cell, misere, self.discards,
                                 self.results[0].double_dummy, strain=strain)

    def _card_lines(self, names: Sequence[str]) -> list[str]:
        """Trick by trick, each card and what best play from there gives, with its cost."""
        if not self.plays:
            return ["No card was played."]
        counted = self.contract is not None
        if counted:
            who = ("the declarer" if self.needed == 0 else "the declaring side")
            head = (f"The play against double dummy: after each card, the tricks {who} ends "
                    "with if everyone plays best from there; a card that gave tricks away says "
                    "how many, and the best cards there.")
        else:
            head = ("The play against double dummy: a card that gave tricks away (its side's, "
                    "everyone playing best from there) says how many, and the best cards "
                    "there.")
        lines = [_wrap(head)]
        by_trick = play_texts(self.plays, counted, lambda s: names[s].replace(" ", "\xa0"),
                              readable)
        # each trick's first card as --action numbers it (the actions before it: bids,
        # discards, the call, the cards before)
        starts: dict[int, int] = {}
        for i, p in enumerate(self.plays):
            starts.setdefault(p.trick, self.first_lead_action + i)
        lines.append(_wrap("A trick's --action number (in brackets) values the cards its first "
                           "player could play there; the next card is the next number."))
        width = len(str(max(by_trick)))
        awidth = len(str(max(starts.values())))
        for t, texts in by_trick.items():
            head = f"  Trick {t:>{width}} ({starts[t]:>{awidth}}): "
            lines.append(textwrap.fill(", ".join(texts), width=96,
                                       initial_indent=head,
                                       subsequent_indent=" " * len(head),
                                       break_on_hyphens=False).replace("\xa0", " "))
        given, unknown = given_away(self.plays)
        parts = [f"{seat_label(names, s)} {given[s]}" + ("+?" if s in unknown else "")
                 for s in sorted(given)]
        lines.append(_wrap("Tricks given away: " + ", ".join(parts) + "."))
        if unknown:
            lines.append(_wrap(GIVEN_NOTE))
        if counted and any(p.value is None and p.at_least is not None for p in self.plays):
            lines.append(_wrap(at_least_note("the declarer ends")))
        if counted and any(p.value is None and p.at_least is None for p in self.plays):
            lines.append(_wrap(UNSOLVED_NOTE))
        return lines

    def _play_lines(self, names: Sequence[str]) -> list[str]:
        if not self.results:
            return []
        so_far = "" if self.finished else " so far (unfinished)"
        if self.contract is None:
            parts = [f"{_seats(names, r.seats)} took {_n(r.taken, 'trick')}{so_far} (double "
                     f"dummy {'?' if r.double_dummy is None else r.double_dummy})"
                     for r in self.results]
            return ["Played at no trumps: " + "; ".join(parts) + "."]
        assert self.declarer is not None and self.needed is not None
        r = self.results[0]
        played = f"Played: {readable_bid(self.contract)} by {seat_label(names, self.declarer)}"
        if r.double_dummy is None and self.needed == 0 and r.at_least > 0:
            return [f"{played}: he took "
                    f"{_n(r.taken, 'trick')}{so_far}; double dummy the defence forces a trick "
                    "on him (how many was not solved within the search limits): the best "
                    "defence beats it."]
        needs = "" if self.needed == 0 else f" (needs {self.needed})"
        if r.double_dummy is None:
            return [f"{played}{needs}: {_seats(names, r.seats)} "
                    f"took {_n(r.taken, 'trick')}{so_far}; double dummy: not solved within "
                    "the search limits."]
        if self.needed == 0:
            dd = ("the misère is safe" if r.double_dummy == 0 else
                  f"the defence forces {_n(r.double_dummy, 'trick')} on him: the best "
                  "defence beats it")
            return [f"{played}: he took {_n(r.taken, 'trick')}{so_far}; double dummy {dd}."]
        verdict = ("it can be made against the best defence" if self.makeable
                   else "the best defence beats it")
        return [f"{played}{needs}: "
                f"{_seats(names, r.seats)} took {_n(r.taken, 'trick')}{so_far}; double dummy "
                f"{r.double_dummy}, so {verdict}."]


def _dict_or_none(v: DiscardVerdict | None) -> dict[str, Any] | None:
    return None if v is None else v.to_dict()


def analyse_record(
    rec: GameRecord,
    hand: int | None = None,
    budget: int = 0,
    progress: Callable[[int], Progress | None] | None = None,
    *,
    seconds: float | None = None,
    plays: bool = False,
    kitty: bool = False,
    warn: Callable[[str], None] | None = None,
) -> tuple[HandAnalysis, ...]:
    """Analyse a full record's hands that reached the play (or only hand ``hand``, from 1);
    with ``plays``, every card played as well, beside double dummy's best there (a record
    holds every card, so nothing is hidden from it); with ``kitty``, each seat as declarer
    with the kitty and its best discard (:func:`.kitty_table`), and the declarer's discard
    against the best.

    The record is replayed first (every action checked).  A hand asked for by number is
    analysed even if it never reached the play (its table is then of the hands as dealt).
    ``budget`` caps each search's nodes (0: no cap) and ``seconds`` its time (None: no
    limit); values not solved within them are None.
    ``progress(number)`` may give a :data:`Progress` callback for that hand's table;
    ``warn`` is given what the record says otherwise than this version (:func:`_replayed`).
    """
    _replayed(rec, warn)
    n = len(rec.hands)
    if hand is not None:
        hand = whole_number(hand, AnalysisError, f"hand is a hand's number, 1 to {n}")
    if hand is not None and not 1 <= hand <= n:
        raise AnalysisError(f"no hand {hand}: the record has {n} hand(s), numbered 1 to {n}")
    out = []
    for i in range(n) if hand is None else (hand - 1,):
        g, k = _first_lead(rec, i)
        if g.phase != "play" and hand is None:
            continue
        hand_progress = None if progress is None else progress(i + 1)
        a = _analyse_hand(rec, i, g, budget, seconds, hand_progress)
        if plays:
            cards = rec.hands[i].actions[k:] if g.phase == "play" else ()
            reviewed = reviewed_plays(g, cards, budget, seconds=seconds, progress=hand_progress)
            a = replace(a, plays=reviewed, first_lead_action=k,
                        results=_with_first_lead(a, reviewed))
        if kitty:
            r = rec.rules
            a = replace(a, kitty=kitty_table(r, g.deal.hands[:r.players], g.deal.kitty,
                                             dealer=g.dealer, budget=budget, seconds=seconds,
                                             progress=hand_progress))
        out.append(a)
    return tuple(out)


def _with_first_lead(a: HandAnalysis, plays: Sequence[ReviewedPlay]
                     ) -> tuple[SideResult, ...]:
    """The contract's result, its double-dummy count taken from the first card's valuation
    where the hand's own solve ran out of its limits and that one did not (the summary said
    "not solved" beside a play whose first card showed the count)."""
    if a.contract is None or not a.results or not plays:
        return a.results
    r = a.results[0]
    best = plays[0].best_value
    if r.double_dummy is not None or best is None or not plays[0].complete:
        return a.results
    return (replace(r, double_dummy=best, at_least=0), *a.results[1:])


def _hand_game(rec: GameRecord, i: int) -> Game:
    """Hand ``i`` (0-based) dealt afresh (scores aside, the same hand as in the game)."""
    return Game(rec.rules, seed=0, deal=rec.hands[i].deal(rec.rules))


def _first_lead(rec: GameRecord, i: int) -> tuple[Game, int]:
    """Hand ``i`` replayed to its first lead (or as far as it got): the game, actions applied."""
    g = _hand_game(rec, i)
    acts = rec.hands[i].actions
    k = 0
    while g.phase in ("auction", "kitty", "call") and k < len(acts):
        g.apply(acts[k])
        k += 1
    return g, k


def _analyse_hand(rec: GameRecord, i: int, g: Game, budget: int, seconds: float | None,
                  progress: Progress | None) -> HandAnalysis:
    r = rec.rules
    h = rec.hands[i]
    res = h.result
    n = r.players
    finished = res is not None
    names = report_names(r, rec.seat_names)
    if g.phase != "play":
        if g.phase in ("hand_over", "game_over"):
            summary = "all passed, thrown in"
        else:
            summary = f"unfinished in the {g.phase} phase"
        table = dd_table(r, g.deal.hands[:n], dealer=g.dealer, budget=budget,
                         progress=progress, seconds=seconds)
        return HandAnalysis(i + 1, h.dealer, False, finished, summary, table,
                            seat_names=names)
    table = dd_table(r, [g.hand(s) for s in range(n)], dealer=g.dealer, budget=budget,
                     progress=progress, seconds=seconds)
    played = _hand_game(rec, i)
    for a in h.actions:
        played.apply(a)
    won = res.tricks if res is not None else played.tricks_won
    c = g.contract
    if c is None:
        results = []
        for side in r.sides:
            dd = solve(Position.from_game(g, side=side), budget, seconds=seconds).tricks
            results.append(SideResult(side, sum(won[s] for s in side), dd))
        summary = "all passed, played at no trumps" + ("" if finished else ", unfinished")
        return HandAnalysis(i + 1, h.dealer, True, finished, summary, table,
                            results=tuple(results), seat_names=names)
    dd = solve(g, budget, seconds=seconds).tricks
    at_least = 0
    if dd is None and c.is_misere and table.misere is not None:
        # whether the defence forces a trick at all, far cheaper than how many, is the
        # table's misère cell for this declarer: the very same play
        safe = table.misere[c.declarer]
        if safe is not None:
            dd, at_least = (0, 0) if safe else (None, 1)
    if c.is_misere:
        seats: tuple[int, ...] = (c.declarer,)
    else:
        seats = tuple(sorted(declaring_seats(r, c, g.partner)))
    summary = f"{readable_bid(c.bid)} by {seat_label(names, c.declarer)}"
    if g.partner is not None:
        summary += f" with {seat_label(names, g.partner)}"
    elif h.call == "alone":
        summary += " alone"
    if res is None:
        summary += ", unfinished"
    else:
        summary += ", made" if res.made else ", failed"
    return HandAnalysis(
        i + 1, h.dealer, True, finished, summary, table,
        contract=c.bid, declarer=c.declarer, partner=g.partner, needed=c.tricks,
        discards=in_hand_order(h.discards, c.strain),   # (the record's: in the order played)
        results=(SideResult(seats, sum(won[s] for s in seats), dd, at_least),),
        seat_names=names,
    )


def _replayed(rec: GameRecord, warn: Callable[[str], None] | None) -> None:
    """Replay the record (every action checked: RecordError if one fails), and give ``warn``
    each thing it says otherwise than this version (an older version's Result:
    :func:`~fivehundred.record.replay_warnings`), as ``fivehundred replay`` says them."""
    from ...record import replay, replay_warnings

    game = replay(rec)
    if warn is not None:
        for said in replay_warnings(rec, game):
            warn(said)


def analyse_action(rec: GameRecord, hand: int, action: int, budget: int = 0, *,
                   seconds: float | None = None,
                   warn: Callable[[str], None] | None = None) -> PositionValues:
    """The position after the first ``action`` actions of hand ``hand`` (from 1), valued
    (``budget``, ``seconds``: as for :func:`position_values`; ``warn``: as for
    :func:`analyse_record`)."""
    _replayed(rec, warn)
    n = len(rec.hands)
    if not 1 <= hand <= n:
        raise AnalysisError(f"no hand {hand}: the record has {n} hand(s), numbered 1 to {n}")
    acts = rec.hands[hand - 1].actions
    first, k = _first_lead(rec, hand - 1)
    if first.phase != "play":
        raise AnalysisError(f"hand {hand} never reached the play, so no --action has cards "
                            "to value")
    last = rec.hands[hand - 1].last_to_move
    if not k <= action <= last:
        where = (f"past its {len(acts)} actions" if action > len(acts)
                 else "over" if action > last else "before the first lead")
        raise AnalysisError(f"--action {action}: hand {hand} is then {where}, not in the "
                            f"play; its play runs from --action {k} to {last}")
    g = _hand_game(rec, hand - 1)
    for a in acts[:action]:
        g.apply(a)
    return position_values(g, budget, seconds=seconds)
