"""Double-dummy analysis for people: a deal's table, a record's hands, every card's value.

:func:`dd_table` solves every contract of a deal with all cards visible: for each seat as
declarer and each strain the tricks his side takes, and whether he can make misère (open
misère is the same play double dummy: spreading the hand tells nothing that double dummy does
not already see).  :func:`card_values` values every legal card of a position in the play;
:func:`analyse_record` and :func:`analyse_main` (``fivehundred analyse``) put them together for
deal files and game records.  docs/analysis.md describes the command and the deal-file format.

>>> from fivehundred import Game, Rules
>>> rules = Rules.preset("australian")
>>> table = dd_table(rules, Game(rules, seed=0).deal.hands)
>>> table.tricks[1]  # seat 1 declares: spades, clubs, diamonds, hearts, no trumps
(5, 6, 5, 6, 3)
>>> print(table.format(("North", "East", "South", "West")))
Double dummy: tricks the declarer's side takes (of 10); the declarer leads.
declarer     ♠   ♣   ♦   ♥  NT  misère
North (0)    5   4   5   4   7  no
East (1)     5   6   5   6   3  no
South (2)    5   4   5   4   7  no
West (3)     5   6   5   6   3  no
misère: yes = the declarer, alone, can take no trick against the best defence; open misère
is the same play (it shows his hand, but double dummy sees every card anyway).
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import NO_TRUMPS, STRAIN_NAMES, tokens
from ..errors import FiveHundredError
from ..game import Deal, Game, parse_deal
from ..record.model import GameRecord, sort_cards
from ..rules import Rules
from ..scoring import declaring_seats
from .position import Position, PositionError
from .solve import can_make, move_values, solve

#: Column heads of the table, in strain order (0..3 = S C D H, 4 = no trumps).
STRAIN_LABELS = ("♠", "♣", "♦", "♥", "NT")

#: The node budget of each search ``fivehundred analyse`` runs: four-handed solves stay far
#: below it (at most about 2 million nodes, a fraction of a second); five- and six-handed
#: ones often need far more, and their cells are then shown as unknown.
CLI_BUDGET = 5_000_000

#: A progress callback: (solves done, solves in all).
Progress = Callable[[int, int], None]


class AnalysisError(FiveHundredError):
    """Input the analysis cannot take: bad hands, a bad deal file, a hand or action not there."""


# ---------------------------------------------------------------------- the table


@dataclass(frozen=True)
class DDTable:
    """A deal's double-dummy table: tricks for each declarer and strain, misère per seat."""

    rules: Rules
    hands: tuple[int, ...]
    """The hands solved (engine card masks, one per seat), as they are played."""
    tricks: tuple[tuple[int | None, ...], ...]
    """``tricks[declarer][strain]``: tricks the declarer's side takes; strains S C D H NT.
    None: not solved within the node budget."""
    misere: tuple[bool | None, ...] | None
    """Per seat: misère makeable (he takes no trick; None: not solved within the budget);
    None where the rules allow no misère."""
    partner: int | None = None
    """Five-handed: the called partner who joins every other declarer's side (None: alone)."""
    dealer: int | None = None
    """The dealer; it places the opening lead when ``opening_lead=eldest``."""

    @property
    def hand_size(self) -> int:
        """Cards in each hand: the tricks to play."""
        return self.hands[0].bit_count()

    @property
    def complete(self) -> bool:
        """Whether every cell was solved (no node budget ran out)."""
        return all(t is not None for row in self.tricks for t in row) and (
            self.misere is None or all(m is not None for m in self.misere))

    @property
    def misere_kinds(self) -> tuple[str, ...]:
        """The misère bids the rules allow: ``misere``, ``open-misere``, both or neither."""
        return _misere_kinds(self.rules)

    def leader(self, declarer: int, misere: bool = False) -> int:
        """The seat that leads to the first trick of this declarer's contract."""
        return _leader(self.rules, declarer, misere, self.dealer)

    def lead_rule(self, names: Sequence[str] | None = None) -> str:
        """Who leads, in words."""
        if self.rules.opening_lead == "declarer":
            return "the declarer leads"
        if self.dealer is None:
            return "the declarer's left-hand opponent leads"
        eldest = (self.dealer + 1) % self.rules.players
        return f"eldest, {_label(_names(self.rules, names), eldest)}, leads"

    def to_dict(self) -> dict[str, Any]:
        """The table as plain JSON values."""
        n = self.rules.players
        rows = []
        for d in range(n):
            row: dict[str, Any] = {
                "declarer": d,
                "leader": self.leader(d),
                "tricks": dict(zip(STRAIN_NAMES, self.tricks[d], strict=True)),
                "misere": None if self.misere is None else self.misere[d],
            }
            rows.append(row)
        return {
            "rules": self.rules.to_string(),
            "hands": [list(sort_cards(tokens(h))) for h in self.hands],
            "tricks_per_hand": self.hand_size,
            "opening_lead": self.rules.opening_lead,
            "dealer": self.dealer,
            "partner": self.partner,
            "strains": list(STRAIN_NAMES),
            "misere_kinds": list(self.misere_kinds),
            "complete": self.complete,
            "rows": rows,
        }

    def misere_note(self) -> str:
        """What the misère column means (empty when the rules allow no misère)."""
        kinds = self.misere_kinds
        if not kinds:
            return ""
        head = "misère" if "misere" in kinds else "open misère"
        note = f"{head}: yes = the declarer, alone, can take no trick against the best defence"
        if len(kinds) == 2:
            note += ("; open misère\nis the same play (it shows his hand, but double dummy sees "
                     "every card anyway).")
        return note + ("" if len(kinds) == 2 else ".")

    def format(self, names: Sequence[str] | None = None, notes: bool = True) -> str:
        """The table as a grid for people (rows: declarers; columns: strains, then misère);
        ``notes=False`` leaves out the line on what the misère column means."""
        seat_names = _names(self.rules, names)
        labels = [_label(seat_names, s) for s in range(self.rules.players)]
        width = max(len("declarer"), *(len(x) for x in labels)) + 1
        kinds = self.misere_kinds
        mis_head = "misère" if "misere" in kinds else "open misère"
        lines = [f"Double dummy: tricks the declarer's side takes (of {self.hand_size}); "
                 f"{self.lead_rule(names)}."]
        if self.partner is not None:
            lines.append(f"{labels[self.partner]}, the called partner, joins each other "
                         "declarer's side (his own row plays alone).")
        elif self.rules.call_partner:
            lines.append("Each declarer plays alone in this table (no partner called).")
        head = "declarer".ljust(width) + "".join(f"{x:>4}" for x in STRAIN_LABELS)
        if self.misere is not None:
            head += f"  {mis_head}"
        lines.append(head)
        for d in range(self.rules.players):
            row = labels[d].ljust(width) + "".join(
                f"{'?' if t is None else t:>4}" for t in self.tricks[d])
            if self.misere is not None:
                m = self.misere[d]
                row += "  " + ("?" if m is None else "yes" if m else "no")
            lines.append(row.rstrip())
        if not self.complete:
            lines.append("?: not solved within the node budget (five- and six-handed deals can "
                         "be too big).")
        if notes:
            lines.append(self.misere_note() or "(These rules allow no misère.)")
        return "\n".join(lines)


def dd_table(
    rules: Rules,
    hands: Sequence[int],
    *,
    partner: int | None = None,
    dealer: int | None = None,
    budget: int = 0,
    progress: Progress | None = None,
) -> DDTable:
    """Solve every contract on ``hands``: each seat as declarer in each strain, and misère.

    ``hands`` holds one card mask per player (``rules.players`` of them: leave out a dead
    hand and the kitty), as they will be played: for a raw deal the hands as dealt with the
    kitty set aside; in a played hand the hands at the first lead, after the declarer's
    discards.  The hands must be disjoint cards of the pack, all of one size (10 for a whole
    hand; fewer for an ending).  The opening lead follows ``rules.opening_lead``; with
    ``eldest`` give the ``dealer`` (eldest is his left-hand neighbour; without a dealer the
    declarer's left-hand opponent leads, as :meth:`Position.for_contract` assumes).
    ``partner`` is the five-handed called partner, who then joins every other declarer's
    side.  Misère is solved where the rules allow misère or open misère (the same play double
    dummy), with the declarer's partners out of the play.  ``budget`` caps the search nodes of
    each solve (0: no cap); a cell whose search ran out is None.  ``progress(done, total)`` is
    called before the first solve and after each one.
    """
    n = rules.players
    hs = _checked_hands(rules, hands)
    if partner is not None and (not rules.call_partner or not 0 <= partner < n):
        raise AnalysisError(f"partner={partner}: a partner is a seat (0 to {n - 1}) of a "
                            "called-partner game (call_partner=true)")
    if dealer is not None and not 0 <= dealer < n:
        raise AnalysisError(f"dealer={dealer}: a seat from 0 to {n - 1}")
    with_misere = bool(_misere_kinds(rules))
    total = n * 5 + (n if with_misere else 0)
    done = 0
    if progress is not None:
        progress(0, total)
    cache: dict[Position, int] = {}
    rows: list[tuple[int | None, ...]] = []
    for d in range(n):
        row = []
        for strain in range(5):
            p = _opening(rules, hs, d, strain, False, partner, dealer)
            row.append(_tricks(p, cache, budget))
            done += 1
            if progress is not None:
                progress(done, total)
        rows.append(tuple(row))
    misere: tuple[bool | None, ...] | None = None
    if with_misere:
        ok: list[bool | None] = []
        for d in range(n):
            forced = can_make(_opening(rules, hs, d, NO_TRUMPS, True, None, dealer), 1, budget)
            ok.append(None if forced is None else not forced)
            done += 1
            if progress is not None:
                progress(done, total)
        misere = tuple(ok)
    return DDTable(rules, hs, tuple(rows), misere, partner, dealer)


def _misere_kinds(rules: Rules) -> tuple[str, ...]:
    return tuple(k for k, allowed in (("misere", rules.misere_allowed),
                                      ("open-misere", rules.open_misere_allowed)) if allowed)


def _checked_hands(rules: Rules, hands: Sequence[int]) -> tuple[int, ...]:
    n = rules.players
    hs = tuple(hands)
    if len(hs) != n:
        raise AnalysisError(f"{n} hands expected, one per player (leave out a dead hand and "
                            f"the kitty), got {len(hs)}")
    seen = 0
    size = hs[0].bit_count()
    for s, h in enumerate(hs):
        if h & ~rules.deck_mask:
            raise AnalysisError(f"seat {s}'s hand holds cards not in the {rules.deck} pack: "
                                f"{' '.join(tokens(h & ~rules.deck_mask))}")
        if h & seen:
            raise AnalysisError(f"seat {s}'s hand repeats {' '.join(tokens(h & seen))}")
        if h.bit_count() != size:
            raise AnalysisError(f"the hands differ in size: seat 0 holds {size} cards, seat {s} "
                                f"holds {h.bit_count()}")
        seen |= h
    if not 1 <= size <= 10:
        raise AnalysisError(f"each hand must hold 1 to 10 cards, not {size}")
    return hs


def _leader(rules: Rules, declarer: int, misere: bool, dealer: int | None) -> int:
    """The opening leader, as the engine chooses it (eldest is the dealer's left)."""
    n = rules.players
    out = set(rules.sides[rules.side_of[declarer]]) - {declarer} if misere else set()
    if rules.opening_lead == "declarer":
        return declarer
    leader = (dealer if dealer is not None else declarer) + 1
    leader %= n
    while leader in out:
        leader = (leader + 1) % n
    return leader


def _opening(rules: Rules, hands: tuple[int, ...], declarer: int, strain: int, misere: bool,
             partner: int | None, dealer: int | None) -> Position:
    p = Position.for_contract(rules, hands, declarer, strain, misere=misere, partner=partner)
    leader = _leader(rules, declarer, misere, dealer)
    return p if p.leader == leader else replace(p, leader=leader)


def _tricks(p: Position, cache: dict[Position, int], budget: int) -> int | None:
    """Solve a trick contract, remembering it and (two sides at the table) its complement."""
    if p in cache:
        return cache[p]
    v = solve(p, budget).tricks
    if v is None:
        return None
    cache[p] = v
    everyone = sum(1 << s for s in p.active)
    other = everyone & ~p.max_seats
    # the play is constant-sum: the other side's best is what is left of this side's best
    cache[replace(p, max_seats=other, count_seats=other)] = p.tricks_left - v
    return v


# ---------------------------------------------------------------------- card values


def card_values(game: Game) -> dict[str, int]:
    """Every legal play of the seat to move, valued double dummy: counted tricks from here.

    Counted tricks are the declaring side's (for misère, the declarer's own), the current
    trick included, as :func:`move_values` counts them; in the all-pass game at no trumps
    there is no declarer and the side of the seat to move is counted.  See
    :func:`best_cards` for which plays are best (the defenders want the fewest).

    >>> from fivehundred import Game, Rules
    >>> g = Game(Rules.preset("australian"), seed=6)
    >>> for a in ["6H", "pass", "pass", "pass"]: g.apply(a)
    >>> while g.phase == "kitty": g.apply(g.legal_action_ids()[0])
    >>> while len(g.tricks) < 8 or not g.trick: g.apply(g.legal_action_ids()[-1])
    >>> g.contract.declarer, g.trick, g.to_move, g.hand_tokens(0)
    (3, ((3, 20),), 0, ('JS', 'AS'))
    >>> card_values(g)  # the declaring side's tricks: seat 0 defends, so 0 is best
    {'JS': 0, 'AS': 1}
    >>> best_cards(g)
    ('JS',)
    """
    out: dict[str, int] = {}
    for tok, v in _values(game, 0).items():
        assert v is not None  # no budget: always finished
        out[tok] = v
    return out


def _values(game: Game, budget: int) -> dict[str, int | None]:
    """:func:`card_values` with a node budget per search (None: that search ran out)."""
    if game.phase != "play":
        raise PositionError(f"card values need a game in the play phase, not {game.phase}")
    side = None if game.contract is not None else _mover_side(game)
    return move_values(game, budget, side=side)


def best_cards(game: Game, values: Mapping[str, int | None] | None = None) -> tuple[str, ...]:
    """The best plays of the seat to move: the most counted tricks if his side is counted
    (the declaring side; in the all-pass game his own), the fewest if he defends (in misère
    the declarer wants the fewest: he is counted, the defenders maximise).  Plays valued None
    (unsolved) are left out: then these are the best of those solved."""
    vals = card_values(game) if values is None else values
    known = [v for v in vals.values() if v is not None]
    if not known:
        return ()
    target = (max if _maximising(game) else min)(known)
    return tuple(t for t, v in vals.items() if v == target)


def _mover_side(game: Game) -> tuple[int, ...]:
    r = game.rules
    seat = game.to_move
    assert seat is not None
    return r.sides[r.side_of[seat]]


def _solver_position(game: Game) -> Position:
    side = _mover_side(game) if game.contract is None else None
    return Position.from_game(game, side=side)


def _maximising(game: Game) -> bool:
    seat = game.to_move
    assert seat is not None
    return bool(_solver_position(game).max_seats >> seat & 1)


@dataclass(frozen=True)
class PositionValues:
    """A play position analysed: who is to move, what is counted, every legal card's value."""

    rules: Rules
    seat: int
    """The seat to move."""
    trick: int
    """The number of the trick being played (from 1)."""
    contract: str | None
    """The contract's bid token (``8S``, ``misere``, ``open-misere``); None: all passed."""
    declarer: int | None
    misere: bool
    counted: tuple[int, ...]
    """The seats whose tricks the values count."""
    maximising: bool
    """Whether the seat to move wants the most counted tricks (else the fewest)."""
    taken: int
    """Tricks the counted seats have taken already."""
    tricks_left: int
    """Tricks still to play, the current one included."""
    values: dict[str, int | None] = field(hash=False)
    """Each legal play: the counted tricks from here after it (None: not solved within the
    node budget)."""
    best: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The analysis as plain JSON values (``totals`` adds the tricks taken already)."""
        return {
            "to_move": self.seat,
            "trick": self.trick,
            "contract": self.contract,
            "declarer": self.declarer,
            "misere": self.misere,
            "counted_seats": list(self.counted),
            "to_move_wants": "most" if self.maximising else "fewest",
            "taken": self.taken,
            "tricks_left": self.tricks_left,
            "values": dict(self.values),
            "totals": {t: None if v is None else v + self.taken
                       for t, v in self.values.items()},
            "best": list(self.best),
        }

    def format(self, names: Sequence[str] | None = None) -> str:
        """The values for people: who is counted, who wants what, a line per card."""
        seat_names = _names(self.rules, names)
        me = _label(seat_names, self.seat)
        counted = "+".join(_label(seat_names, s) for s in self.counted)
        lines = [f"Trick {self.trick}: {me} to play; {_n(self.tricks_left, 'trick')} left, "
                 "this one included."]
        if self.contract is None:
            lines.append("No contract: all passed, played at no trumps.")
            whose = f"{me}'s side ({counted})"
        elif self.misere:
            assert self.declarer is not None
            lines.append(f"Contract {_bid(self.contract)} by {_label(seat_names, self.declarer)}, "
                         "who must take no trick.")
            whose = f"the declarer, {counted},"
        else:
            assert self.declarer is not None
            lines.append(f"Contract {_bid(self.contract)} by "
                         f"{_label(seat_names, self.declarer)}.")
            whose = f"the declaring side ({counted})"
        lines.append(f"Values are tricks {whose} takes from here on with best play after "
                     f"each card ('in all' adds the {self.taken} taken already).")
        if self.contract is None or (self.maximising and not self.misere):
            lines.append(f"{me} wants the most: the best card takes the most.")
        elif self.misere and self.seat == self.declarer:
            lines.append(f"{me} is the declarer and wants the fewest: the best card takes the "
                         "fewest.")
        elif self.misere:
            lines.append(f"{me} defends and wants the most: the best card makes the declarer "
                         "take the most.")
        else:
            lines.append(f"{me} defends and wants the fewest: the best card leaves the "
                         "declaring side the fewest.")
        lines = [_wrap(x) for x in lines]
        width = max(4, *(len(t) for t in self.values))
        lines.append(f"  {'card'.ljust(width)}  from here  in all")
        def key(t: str) -> tuple[int, int]:
            v = self.values[t]
            return (1, 0) if v is None else (0, -v if self.maximising else v)

        for t in sorted(self.values, key=key):
            v = self.values[t]
            mark = "  best" if t in self.best else ""
            here, total = ("?", "?") if v is None else (str(v), str(v + self.taken))
            lines.append(f"  {t.ljust(width)}  {here:>9}  {total:>6}{mark}")
        if any(v is None for v in self.values.values()):
            lines.append("?: not solved within the node budget; 'best' is the best of those "
                         "solved.")
        return "\n".join(lines)


def position_values(game: Game, budget: int = 0) -> PositionValues:
    """Analyse the play position of ``game``: :func:`card_values`, :func:`best_cards` and
    what they count, for :class:`PositionValues`; ``budget`` caps each search's nodes (0: no
    cap; a value whose search ran out is None)."""
    values = _values(game, budget)
    p = _solver_position(game)
    seat = game.to_move
    assert seat is not None
    counted = tuple(s for s in range(game.rules.players) if p.count_seats >> s & 1)
    c = game.contract
    return PositionValues(
        rules=game.rules,
        seat=seat,
        trick=len(game.tricks) + 1,
        contract=None if c is None else c.bid,
        declarer=None if c is None else c.declarer,
        misere=p.misere,
        counted=counted,
        maximising=bool(p.max_seats >> seat & 1),
        taken=sum(game.tricks_won[s] for s in counted),
        tricks_left=p.tricks_left,
        values=values,
        best=best_cards(game, values),
    )


# ---------------------------------------------------------------------- records


@dataclass(frozen=True)
class SideResult:
    """What one side took in a played hand and what it takes double dummy at the first lead."""

    seats: tuple[int, ...]
    taken: int
    """Tricks it took in the play (so far, if the hand is unfinished)."""
    double_dummy: int | None
    """Tricks it takes from the first lead with best play by everyone (misère: the tricks the
    defence forces on the declarer); None: not solved within the node budget."""


@dataclass(frozen=True)
class HandAnalysis:
    """One recorded hand analysed: its table, and the contract played against double dummy."""

    number: int
    """The hand's number in the record, from 1."""
    dealer: int
    reached_play: bool
    finished: bool
    summary: str
    """The outcome in words (contract, made or failed; all passed; unfinished)."""
    table: DDTable
    """At the first lead if the hand reached the play, else of the hands as dealt."""
    contract: str | None = None
    """The contract's bid token (``7C``, ``misere``, ``open-misere``); None: none."""
    declarer: int | None = None
    partner: int | None = None
    needed: int | None = None
    """Tricks the contract needs (0 for misère: it must take none)."""
    discards: tuple[str, ...] = ()
    results: tuple[SideResult, ...] = ()
    """The declaring side (the misère declarer), or each side in the all-pass game."""

    @property
    def makeable(self) -> bool | None:
        """Whether the contract played can be made double dummy (None: no contract)."""
        if self.needed is None or not self.results:
            return None
        dd = self.results[0].double_dummy
        if dd is None:
            return None
        return dd == 0 if self.needed == 0 else dd >= self.needed

    def to_dict(self) -> dict[str, Any]:
        """The analysis as plain JSON values."""
        return {
            "hand": self.number,
            "dealer": self.dealer,
            "reached_play": self.reached_play,
            "finished": self.finished,
            "summary": self.summary,
            "table_of": "first lead" if self.reached_play else "deal",
            "table": self.table.to_dict(),
            "contract": self.contract,
            "declarer": self.declarer,
            "partner": self.partner,
            "needed": self.needed,
            "discards": list(self.discards),
            "results": [{"seats": list(r.seats), "taken": r.taken,
                         "double_dummy": r.double_dummy} for r in self.results],
            "makeable": self.makeable,
        }

    def format(self, names: Sequence[str] | None = None, notes: bool = True) -> str:
        """The hand for people: summary, hands, table and the play against double dummy."""
        seat_names = _names(self.table.rules, names)
        lab = _label
        lines = [f"Hand {self.number} (dealer {lab(seat_names, self.dealer)}): {self.summary}"]
        if not self.reached_play:
            lines.append("It never reached the play; the hands as dealt, the kitty set aside:")
        elif self.declarer is not None and self.discards:
            lines.append(f"The hands at the first lead ({lab(seat_names, self.declarer)} after "
                         f"discarding {' '.join(self.discards)}):")
        else:
            lines.append("The hands at the first lead (as dealt, the kitty set aside):")
        lines += _hand_lines(self.table, seat_names)
        lines.append(self.table.format(seat_names, notes))
        lines += [_wrap(x) for x in self._play_lines(seat_names)]
        return "\n".join(lines)

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
        who = _label(names, self.declarer)
        if r.double_dummy is None:
            return [f"Played: {_bid(self.contract)} by {who}: {_seats(names, r.seats)} took "
                    f"{_n(r.taken, 'trick')}{so_far}; double dummy: not solved within the "
                    "node budget."]
        if self.needed == 0:
            dd = ("the misère is safe" if r.double_dummy == 0 else
                  f"the defence forces {_n(r.double_dummy, 'trick')} on him: it cannot be made")
            return [f"Played: {_bid(self.contract)} by {who}: he took "
                    f"{_n(r.taken, 'trick')}{so_far}; double dummy {dd}."]
        verdict = "can be made" if self.makeable else "cannot be made"
        return [f"Played: {_bid(self.contract)} by {who} (needs {self.needed}): "
                f"{_seats(names, r.seats)} took {_n(r.taken, 'trick')}{so_far}; double dummy "
                f"{r.double_dummy}, so it {verdict}."]


def analyse_record(
    rec: GameRecord,
    hand: int | None = None,
    budget: int = 0,
    progress: Callable[[int], Progress | None] | None = None,
) -> tuple[HandAnalysis, ...]:
    """Analyse a full record's hands that reached the play (or only hand ``hand``, from 1).

    The record is replayed first (every action checked).  A hand asked for by number is
    analysed even if it never reached the play (its table is then of the hands as dealt).
    ``budget`` caps each search's nodes (0: no cap; unsolved values are None).
    ``progress(number)`` may give a :data:`Progress` callback for that hand's table.
    """
    from ..record import replay

    replay(rec)
    n = len(rec.hands)
    if hand is not None and not 1 <= hand <= n:
        raise AnalysisError(f"no hand {hand}: the record has {n} hand(s), numbered 1 to {n}")
    out = []
    for i in range(n) if hand is None else (hand - 1,):
        g, _ = _first_lead(rec, i)
        if g.phase != "play" and hand is None:
            continue
        out.append(_analyse_hand(rec, i, g, budget,
                                 None if progress is None else progress(i + 1)))
    return tuple(out)


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


def _analyse_hand(rec: GameRecord, i: int, g: Game, budget: int,
                  progress: Progress | None) -> HandAnalysis:
    r = rec.rules
    h = rec.hands[i]
    res = h.result
    n = r.players
    finished = res is not None
    if g.phase != "play":
        if g.phase in ("hand_over", "game_over"):
            summary = "all passed, thrown in"
        else:
            summary = f"unfinished in the {g.phase} phase"
        table = dd_table(r, g.deal.hands[:n], dealer=g.dealer, budget=budget,
                         progress=progress)
        return HandAnalysis(i + 1, h.dealer, False, finished, summary, table)
    table = dd_table(r, [g.hand(s) for s in range(n)], dealer=g.dealer, budget=budget,
                     progress=progress)
    played = _hand_game(rec, i)
    for a in h.actions:
        played.apply(a)
    won = res.tricks if res is not None else played.tricks_won
    c = g.contract
    if c is None:
        results = []
        for side in r.sides:
            dd = solve(Position.from_game(g, side=side), budget).tricks
            results.append(SideResult(side, sum(won[s] for s in side), dd))
        summary = "all passed, played at no trumps" + ("" if finished else ", unfinished")
        return HandAnalysis(i + 1, h.dealer, True, finished, summary, table,
                            results=tuple(results))
    dd = solve(g, budget).tricks
    if c.is_misere:
        seats: tuple[int, ...] = (c.declarer,)
    else:
        seats = tuple(sorted(declaring_seats(r, c, g.partner)))
    names = _names(r, rec.seat_names)
    summary = f"{c} by {_label(names, c.declarer)}"
    if g.partner is not None:
        summary += f" with {_label(names, g.partner)}"
    elif h.call == "alone":
        summary += " alone"
    if res is None:
        summary += ", unfinished"
    else:
        summary += ", made" if res.made else ", failed"
    return HandAnalysis(
        i + 1, h.dealer, True, finished, summary, table,
        contract=c.bid, declarer=c.declarer, partner=g.partner, needed=c.tricks,
        discards=h.discards,
        results=(SideResult(seats, sum(won[s] for s in seats), dd),),
    )


def analyse_action(rec: GameRecord, hand: int, action: int, budget: int = 0) -> PositionValues:
    """The position after the first ``action`` actions of hand ``hand`` (from 1), valued
    (``budget``: as for :func:`position_values`)."""
    from ..record import replay

    replay(rec)
    n = len(rec.hands)
    if not 1 <= hand <= n:
        raise AnalysisError(f"no hand {hand}: the record has {n} hand(s), numbered 1 to {n}")
    acts = rec.hands[hand - 1].actions
    if not 0 <= action <= len(acts):
        raise AnalysisError(f"--action {action}: hand {hand} has {len(acts)} actions (give 0 "
                            f"to {len(acts)})")
    first, k = _first_lead(rec, hand - 1)
    if first.phase != "play":
        raise AnalysisError(f"hand {hand} never reached the play, so no --action has cards "
                            "to value")
    last = len(acts) if rec.hands[hand - 1].result is None else len(acts) - 1
    g = _hand_game(rec, hand - 1)
    for a in acts[:action]:
        g.apply(a)
    if g.phase != "play":
        where = "over" if g.phase in ("hand_over", "game_over") else f"in the {g.phase} phase"
        raise AnalysisError(f"--action {action}: hand {hand} is then {where}, not in the play; "
                            f"its play runs from --action {k} to {last}")
    return position_values(g, budget)


# ---------------------------------------------------------------------- the command


def _names(rules: Rules, names: Sequence[str] | None) -> tuple[str, ...]:
    n = rules.players
    if names is None or len(names) != n:
        return tuple(f"seat {s}" for s in range(n))
    return tuple(names)


def _label(names: Sequence[str], seat: int) -> str:
    name = names[seat]
    return name if name == f"seat {seat}" else f"{name} ({seat})"


def _seats(names: Sequence[str], seats: Sequence[int]) -> str:
    return "+".join(_label(names, s) for s in seats)


def _dumps(value: Any, indent: str = "") -> str:
    """JSON with a two-space indent, a list of plain values (a hand of cards) on one line."""
    if isinstance(value, dict) and any(isinstance(x, dict | list) for x in value.values()):
        inner = indent + "  "
        items = [f"{inner}{json.dumps(k)}: {_dumps(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(x, dict | list) for x in value):
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + _dumps(x, inner) for x in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def _bid(token: str) -> str:
    """A bid token as people write it: ``misère``, ``open misère``, ``8S``."""
    return {"misere": "misère", "open-misere": "open misère"}.get(token, token)


def _n(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def _wrap(text: str) -> str:
    return textwrap.fill(text, width=96, break_on_hyphens=False)


def _hand_lines(table: DDTable, names: Sequence[str]) -> list[str]:
    labels = [_label(names, s) for s in range(len(table.hands))]
    width = max(len(x) for x in labels) + 1
    return [f"  {labels[s].ljust(width)} {' '.join(sort_cards(tokens(h)))}"
            for s, h in enumerate(table.hands)]


def load_input(path: str) -> GameRecord | tuple[Rules, Deal]:
    """Read ``fivehundred analyse``'s FILE: a record (text or JSON) or a JSON deal file."""
    from ..record import loads, loads_json

    try:
        with open(path, encoding="utf-8") as fp:
            text = fp.read()
    except UnicodeDecodeError as e:
        raise AnalysisError(f"cannot read {path}: not UTF-8 text ({e.reason})") from None
    except OSError as e:
        raise AnalysisError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        start = text.lstrip()[:1]
        if start not in ("{", "["):
            return loads(text)
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as e:
            if start == "[":  # a text record starts with its [Rules "..."] tag
                return loads(text)
            raise AnalysisError(f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})"
                                ) from None
        except RecursionError:
            raise AnalysisError("not valid JSON: nested too deeply") from None
        if not isinstance(obj, dict):
            raise AnalysisError("a JSON file must hold an object: a deal or a record")
        if "format" in obj:
            return loads_json(text)
        return deal_from_json(obj)
    except FiveHundredError as e:
        raise AnalysisError(f"{path}: {e}") from None


_DEAL_KEYS = ("rules", "dealer", "hands", "kitty", "dead")


def deal_from_json(obj: dict[str, Any]) -> tuple[Rules, Deal]:
    """A deal file's object: ``rules`` (optional: a preset name or a rules string, default
    australian), ``dealer`` (optional, default 0), ``hands``, ``kitty`` (and ``dead``)."""
    unknown = sorted(set(obj) - set(_DEAL_KEYS))
    if unknown:
        raise AnalysisError(f"unknown key(s) in the deal: {', '.join(map(repr, unknown))}; a "
                            "deal has rules, dealer, hands, kitty (and dead); a JSON record has "
                            '"format": "fivehundred-record"')
    spec = obj.get("rules", "australian")
    if not isinstance(spec, str):
        raise AnalysisError(f"rules must be a preset name or a rules string, not {spec!r}")
    rules = (Rules.from_string(spec) if spec.strip().startswith("fivehundred(")
             else Rules.preset(spec.strip()))
    deal: dict[str, Any] = {k: obj[k] for k in ("dealer", "hands", "kitty", "dead") if k in obj}
    deal.setdefault("dealer", 0)
    return rules, parse_deal(rules, deal)


def analyse_deal(rules: Rules, deal: Deal, budget: int = 0,
                 progress: Progress | None = None) -> DDTable:
    """The table of a deal: the hands as dealt, the kitty (and any dead hand) set aside."""
    return dd_table(rules, deal.hands[:rules.players], dealer=deal.dealer, budget=budget,
                    progress=progress)


class _StderrProgress:
    """A live "solving…" note on a terminal's stderr, wiped when the work is done."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.width = 0

    def __call__(self, done: int, total: int) -> None:
        if done >= total:
            sys.stderr.write("\r" + " " * self.width + "\r")
        else:
            text = f"\rsolving {self.what}…" + (f" {done}/{total}" if total > 1 else "")
            self.width = max(self.width, len(text))
            sys.stderr.write(text)
        sys.stderr.flush()


def _progress(what: str) -> Progress | None:
    try:
        tty = sys.stderr.isatty()
    except (AttributeError, ValueError):
        tty = False
    return _StderrProgress(what) if tty else None


def _run(path: str, as_json: bool, hand: int | None, action: int | None) -> str:
    if action is not None and hand is None:
        raise AnalysisError("--action needs --hand: which hand's actions to count")
    if action is not None and action < 0:
        raise AnalysisError(f"--action {action}: the number of actions must be 0 or more")
    if hand is not None and hand < 1:
        raise AnalysisError(f"--hand {hand}: hands are numbered from 1")
    data = load_input(path)
    if isinstance(data, tuple):
        if hand is not None or action is not None:
            raise AnalysisError(f"{path} is a deal, not a record: --hand and --action are for "
                                "records")
        rules, deal = data
        table = analyse_deal(rules, deal, CLI_BUDGET, _progress("the deal"))
        kitty = " ".join(sort_cards(tokens(deal.kitty)))
        if as_json:
            obj: dict[str, Any] = {"kind": "deal", "rules": rules.to_string(),
                                   "dealer": deal.dealer, "kitty": kitty.split()}
            if rules.dead_hand:
                obj["dead"] = list(sort_cards(tokens(deal.hands[rules.players])))
            obj["table"] = table.to_dict()
            return _dumps(obj) + "\n"
        names = _names(rules, None)
        aside = f"the kitty ({kitty})" + (" and the dead hand" if rules.dead_hand else "")
        lines = [f"The deal (dealer {_label(names, deal.dealer)}): the hands as dealt, "
                 f"{aside} set aside:"]
        lines += _hand_lines(table, names)
        lines.append(table.format())
        return "\n".join(lines) + "\n"
    rec = data
    names = _names(rec.rules, rec.seat_names)
    try:
        if action is not None:
            assert hand is not None
            busy = _progress(f"hand {hand} after action {action}")
            if busy is not None:
                busy(0, 1)
            try:
                pv = analyse_action(rec, hand, action, CLI_BUDGET)
            finally:
                if busy is not None:
                    busy(1, 1)
            if as_json:
                obj = {"kind": "position", "rules": rec.rules.to_string(), "hand": hand,
                       "action": action, **pv.to_dict()}
                return _dumps(obj) + "\n"
            return f"Hand {hand}, after {action} actions.\n{pv.format(names)}\n"
        hands = analyse_record(rec, hand, CLI_BUDGET, lambda k: _progress(f"hand {k}"))
    except AnalysisError:
        raise
    except FiveHundredError as e:
        raise AnalysisError(f"{path}: {e}") from None
    if as_json:
        obj = {"kind": "record", "rules": rec.rules.to_string(), "seats": list(names),
               "hands": [h.to_dict() for h in hands]}
        return _dumps(obj) + "\n"
    if not hands:
        return "No hand of this record reached the play (give --hand N for a deal's table).\n"
    note = hands[0].table.misere_note()
    body = "\n\n".join(h.format(names, notes=False) for h in hands)
    return body + ("\n\n" + note if note else "") + "\n"


def analyse_main(path: str, as_json: bool = False, hand: int | None = None,
                 action: int | None = None) -> int:
    """``fivehundred analyse FILE [--json] [--hand N] [--action M]``: 0, or 2 and why."""
    try:
        text = _run(path, as_json, hand, action)
    except FiveHundredError as e:
        msg = " ".join(str(e).split("\n"))
        print(f"fivehundred analyse: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nfivehundred analyse: interrupted", file=sys.stderr)
        return 130
    sys.stdout.write(text)
    return 0


__all__ = [
    "CLI_BUDGET",
    "STRAIN_LABELS",
    "AnalysisError",
    "DDTable",
    "HandAnalysis",
    "PositionValues",
    "SideResult",
    "analyse_action",
    "analyse_deal",
    "analyse_main",
    "analyse_record",
    "best_cards",
    "card_values",
    "dd_table",
    "deal_from_json",
    "load_input",
    "position_values",
]
