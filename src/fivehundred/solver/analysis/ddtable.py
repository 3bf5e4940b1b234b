"""The double-dummy table of a deal: every seat as declarer in every strain, and misère, solved
(:class:`DDTable`, :func:`dd_table`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rich.cells import cell_len

from ...cards import NO_TRUMPS, NUM_CARDS, STRAIN_NAMES, tokens
from ...numbers import whole_number
from ...record.model import sort_cards
from ...rules import Rules
from ...tricks import opening_leader
from ..position import Position
from ..solve import can_make, solve
from .common import AnalysisError, Progress, _cards, pad, report_names, seat_label

#: Column heads of the table, in strain order (0..3 = S C D H, 4 = no trumps).
STRAIN_LABELS = ("♠", "♣", "♦", "♥", "NT")


@dataclass(frozen=True)
class DDTable:
    """A deal's double-dummy table: tricks for each declarer and strain, misère per seat."""

    rules: Rules
    hands: tuple[int, ...]
    """The hands solved (engine card masks, one per seat), as they are played."""
    tricks: tuple[tuple[int | None, ...], ...]
    """``tricks[declarer][strain]``: tricks the declarer's side takes; strains S C D H NT.
    None: not solved within the search limits (node budget, time)."""
    misere: tuple[bool | None, ...] | None
    """Per seat: misère makeable (he takes no trick; None: not solved within the limits);
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
        """Whether every cell was solved (no search ran out of nodes or time)."""
        return all(t is not None for row in self.tricks for t in row) and (
            self.misere is None or all(m is not None for m in self.misere))

    @property
    def misere_kinds(self) -> tuple[str, ...]:
        """The misère bids the rules allow: ``misere``, ``open-misere``, both or neither."""
        return _misere_kinds(self.rules)

    def leader(self, declarer: int, misere: bool = False) -> int:
        """The seat that leads to the first trick of this declarer's contract."""
        return opening_leader(self.rules, self.dealer, declarer, misere)

    def lead_rule(self, names: Sequence[str] | None = None) -> str:
        """Who leads, in words."""
        if self.rules.opening_lead == "declarer":
            return "the declarer leads"
        if self.dealer is None:
            return "the declarer's left-hand opponent leads"
        eldest = opening_leader(self.rules, self.dealer)
        return f"eldest, {seat_label(report_names(self.rules, names), eldest)}, leads"

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
        """What the misère column's yes means (empty when the rules allow no misère, or when
        no row says yes: the legend stood under every table, most all no)."""
        return misere_legend(self.rules) if any(self.misere or ()) else ""

    def format(self, names: Sequence[str] | None = None, notes: bool = True) -> str:
        """The table as a grid for people (rows: declarers; columns: strains, then misère);
        ``notes=False`` leaves out the line on what the misère column means."""
        seat_names = report_names(self.rules, names)
        labels = [seat_label(seat_names, s) for s in range(self.rules.players)]
        width = max(len("declarer"), *(cell_len(x) for x in labels)) + 1
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
            row = pad(labels[d], width) + "".join(
                f"{'?' if t is None else t:>4}" for t in self.tricks[d])
            if self.misere is not None:
                m = self.misere[d]
                row += "  " + ("?" if m is None else "yes" if m else "no")
            lines.append(row.rstrip())
        if not self.complete:
            lines.append("?: not solved within the search limits (five- and six-handed deals "
                         "can be too big).")
        if notes and not self.misere_kinds:
            lines.append("(These rules allow no misère.)")
        elif notes and self.misere_note():
            lines.append(self.misere_note())
        return "\n".join(lines)


def dd_table(
    rules: Rules,
    hands: Sequence[int],
    *,
    partner: int | None = None,
    dealer: int | None = None,
    budget: int = 0,
    progress: Progress | None = None,
    seconds: float | None = None,
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
    each solve (0: no cap) and ``seconds`` its time (None: no limit); a cell whose search ran
    out of either is None.  ``progress(done, total)`` is
    called before the first solve and after each one.
    """
    hs = _checked_hands(rules, hands)
    n = rules.players
    if partner is not None and (not rules.call_partner or not 0 <= partner < n):
        raise AnalysisError(f"partner={partner}: a partner is a seat (0 to {n - 1}) of a "
                            "called-partner game (call_partner=true)")
    _check_dealer(rules, dealer)
    with_misere = bool(_misere_kinds(rules))
    tick = _cell_counter(rules, progress)
    cache: dict[Position, int] = {}
    rows: list[tuple[int | None, ...]] = []
    for d in range(n):
        row = []
        for strain in range(5):
            p = _opening(rules, hs, d, strain, False, partner, dealer)
            row.append(_tricks(p, cache, budget, seconds))
            tick()
        rows.append(tuple(row))
    misere: tuple[bool | None, ...] | None = None
    if with_misere:
        ok: list[bool | None] = []
        for d in range(n):
            forced = can_make(_opening(rules, hs, d, NO_TRUMPS, True, None, dealer), 1, budget,
                              seconds=seconds)
            ok.append(None if forced is None else not forced)
            tick()
        misere = tuple(ok)
    return DDTable(rules, hs, tuple(rows), misere, partner, dealer)


def _check_dealer(rules: Rules, dealer: int | None) -> None:
    if dealer is not None and not 0 <= dealer < rules.players:
        raise AnalysisError(f"dealer={dealer}: a seat from 0 to {rules.players - 1}")


def _cell_counter(rules: Rules, progress: Progress | None) -> Callable[[], None]:
    """A table's progress: (0, cells) reported now, and one cell more at each call."""
    n = rules.players
    total = n * 5 + (n if _misere_kinds(rules) else 0)
    done = 0
    if progress is not None:
        progress(0, total)

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    return tick


def misere_legend(rules: Rules, kitty: bool = False) -> str:
    """The line under a table that says what its misère column's yes means (empty when the
    rules allow no misère); ``kitty``: the table where each seat takes up the kitty first."""
    kinds = _misere_kinds(rules)
    if not kinds:
        return ""
    head = "misère" if "misere" in kinds else "open misère"
    how = ", taking up the kitty and keeping his best cards," if kitty else ""
    note = (f"{head}: yes = the declarer, alone{how} can take no trick against the best "
            "defence")
    if len(kinds) == 2:
        note += ("; open misère\nis the same play (it shows his hand, but double dummy sees "
                 "every card anyway).")
    return note + ("" if len(kinds) == 2 else ".")


def _misere_kinds(rules: Rules) -> tuple[str, ...]:
    return tuple(k for k, allowed in (("misere", rules.misere_allowed),
                                      ("open-misere", rules.allows_open_misere)) if allowed)


def _checked_hands(rules: Rules, hands: Sequence[int]) -> tuple[int, ...]:
    if not isinstance(rules, Rules):
        raise AnalysisError(f"rules must be Rules (Rules.preset(...)), not {rules!r}")
    n = rules.players
    what = "hands are one card mask per player (a whole number, bit c for card c)"
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__iter__"):
        raise AnalysisError(f"{what}, not {hands!r}")
    hs = tuple(whole_number(h, AnalysisError, what) for h in hands)
    for s, h in enumerate(hs):
        if h < 0 or h >> NUM_CARDS:
            raise AnalysisError(f"seat {s}'s hand {h!r} is not a card mask: its bits are "
                                f"cards 0 to {NUM_CARDS - 1}")
    if len(hs) != n:
        raise AnalysisError(f"{n} hands expected, one per player (leave out a dead hand and "
                            f"the kitty), got {len(hs)}")
    seen = 0
    size = hs[0].bit_count()
    for s, h in enumerate(hs):
        if h & ~rules.deck_mask:
            raise AnalysisError(f"seat {s}'s hand holds cards not in the {rules.deck}-card pack: "
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


def _opening(rules: Rules, hands: tuple[int, ...], declarer: int, strain: int, misere: bool,
             partner: int | None, dealer: int | None) -> Position:
    """A cell's opening position (the table's and the kitty table's one call)."""
    return Position.for_contract(rules, hands, declarer, strain, misere=misere, partner=partner,
                                 dealer=dealer)


def _tricks(p: Position, cache: dict[Position, int], budget: int,
            seconds: float | None) -> int | None:
    """Solve a trick contract, remembering it and (two sides at the table) its complement."""
    if p in cache:
        return cache[p]
    v = solve(p, budget, seconds=seconds).tricks
    if v is None:
        return None
    cache[p] = v
    everyone = sum(1 << s for s in p.active)
    other = everyone & ~p.max_seats
    # the play is constant-sum: the other side's best is what is left of this side's best
    cache[replace(p, max_seats=other, count_seats=other)] = p.tricks_left - v
    return v


def _hand_lines(table: DDTable, names: Sequence[str]) -> list[str]:
    labels = [seat_label(names, s) for s in range(len(table.hands))]
    width = max(cell_len(x) for x in labels) + 1
    return [f"  {pad(labels[s], width)} {_cards(sort_cards(tokens(h)))}"
            for s, h in enumerate(table.hands)]
