"""What each seat could have made with the kitty, double dummy: every seat in turn takes up the
kitty and keeps, in each strain, the hand that takes the most tricks (for misère, a hand that
takes none), which gives the highest contract it makes (:class:`KittyTable`,
:func:`kitty_table`).

A plain double-dummy table solves the hands as dealt, the kitty set aside, so it cannot say
whether the seat that did not declare could have made more with the kitty; this table can.
Discards that differ only by cards in sequence (no other player's card between them in the
strain's order) are the same play, so each is solved once.

>>> from fivehundred.cards import mask_of, tokens
>>> groups = discard_groups(3, mask_of(["4S", "5S", "7S", "AH"]), mask_of(["6S", "KH"]))
>>> [tokens(sum(1 << c for c in g)) for g in groups]   # hearts trumps; 4S 5S one group
[('4S', '5S'), ('7S',), ('AH',)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len

from ...actions import BID, readable, token_of
from ...auction import price, rank_key
from ...cards import NO_TRUMPS, STRAIN_NAMES, cards_of, tokens
from ...record.model import sort_cards
from ...rules import Rules
from ..position import effective
from ..solve import can_make, solve
from .common import (
    AnalysisError,
    Progress,
    _cards,
    _n,
    _wrap,
    in_hand_order,
    pad,
    report_names,
    seat_label,
)
from .ddtable import (
    STRAIN_LABELS,
    _cell_counter,
    _check_dealer,
    _checked_hands,
    _misere_kinds,
    _opening,
    misere_legend,
)


@dataclass(frozen=True)
class KittyCell:
    """One declarer in one strain (or misère) with the kitty: the best keep found."""

    tricks: int | None
    """The most tricks the declarer's side takes over the discards solved (misère: 0 when a
    kept hand takes no trick, else 1); None: no discard was solved within the limits."""
    discard: int
    """The cards put out for that result (a mask; 0 when none was solved)."""
    complete: bool
    """Every discard was solved (or the best possible reached), so ``tricks`` is the best;
    otherwise it is only what the discards solved reach: at least that."""


@dataclass(frozen=True)
class DiscardVerdict:
    """A declarer's discard beside the best one, double dummy (the play from the first lead
    with everyone playing best): for a record's analysis and for his own review."""

    misere: bool
    discarded: tuple[str, ...]
    """His discard (card tokens)."""
    best: tuple[str, ...]
    """The best discard found."""
    tricks: int | None
    """With his discard: his side's tricks (misère: the tricks forced on him, 0: safe);
    None: not solved within the limits."""
    best_tricks: int | None
    """With the best discard: the same (misère: 0 safe, 1 a trick forced at least)."""
    complete: bool
    """Every discard was solved, so ``best`` is the best of them all."""

    @classmethod
    def of(cls, cell: KittyCell, misere: bool, discarded: Sequence[str],
           tricks: int | None, *, strain: int) -> DiscardVerdict:
        """The verdict from the declarer's cell of the kitty table, his own discard (tokens,
        in any order) and its double-dummy tricks; both discards are kept in the hand's order
        under the contract's ``strain`` (4: no trumps, misère), as every discard is written."""
        return cls(misere, in_hand_order(discarded, strain),
                   in_hand_order(tokens(cell.discard), strain), tricks,
                   None if cell.tricks is None else min(cell.tricks, 1) if misere
                   else cell.tricks, cell.complete)

    def text(self, whose: str, card: Callable[[str], str] = readable) -> str:
        """One sentence; ``whose`` is the declarer's possessive (``Your``, ``West's``),
        ``card`` writes a card token (``A♠`` by default).

        >>> v = DiscardVerdict(False, ("4C", "5C", "6H"), ("AC", "7C", "6H"), 6, 8, True)
        >>> v.text("Your")
        'Your discard (4♣ 5♣ 6♥) left 6 tricks double dummy; the best, A♣ 7♣ 6♥, leaves 8 tricks.'
        """
        mine = " ".join(card(c) for c in self.discarded) or "nothing"
        best = " ".join(card(c) for c in self.best)
        if self.tricks is None or self.best_tricks is None:
            return f"{whose} discard ({mine}) against the best one: not solved within the limits."
        if self.misere:
            if self.tricks == 0:
                return f"{whose} discard ({mine}) kept the misère safe double dummy."
            if self.best_tricks == 0:
                return (f"{whose} discard ({mine}) let the defence force a trick double dummy; "
                        f"discarding {best} would have kept the misère safe.")
            return (f"{whose} discard ({mine}) let the defence force a trick double dummy, as "
                    + ("every discard would have." if self.complete else
                       "every discard solved within the limits would have."))
        if self.best_tricks <= self.tricks and self.complete:
            return (f"{whose} discard ({mine}) was as good as any: {_n(self.tricks, 'trick')} "
                    "double dummy.")
        if self.best_tricks <= self.tricks:
            return (f"{whose} discard ({mine}) left {_n(self.tricks, 'trick')} double dummy, as "
                    "many as any discard solved within the limits.")
        return (f"{whose} discard ({mine}) left {_n(self.tricks, 'trick')} double dummy; the "
                f"best, {best}, leaves {'' if self.complete else 'at least '}"
                f"{_n(self.best_tricks, 'trick')}.")

    def to_dict(self) -> dict[str, Any]:
        """The verdict as plain JSON values."""
        return {"misere": self.misere, "discarded": list(self.discarded), "best": list(self.best),
                "tricks": self.tricks, "best_tricks": self.best_tricks,
                "complete": self.complete}


@dataclass(frozen=True)
class KittyTable:
    """Every seat as declarer after taking up the kitty, in each strain and misère."""

    rules: Rules
    hands: tuple[int, ...]
    """The hands as dealt (one card mask per player, the dead hand left out)."""
    kitty: int
    cells: tuple[tuple[KittyCell, ...], ...]
    """``cells[declarer][strain]``, strains S C D H NT."""
    misere: tuple[KittyCell, ...] | None
    """Per seat, misère (``tricks`` 0: a kept hand takes no trick against the best defence);
    None where the rules allow no misère."""
    dealer: int | None = None

    @property
    def complete(self) -> bool:
        """Whether every cell is the best over every discard."""
        cells = [c for row in self.cells for c in row] + list(self.misere or ())
        return all(c.complete for c in cells)

    def highest_contract(self, declarer: int) -> int | None:
        """The highest trick bid (an action id) the declarer makes with his best discard in
        its strain, on this table's ladder; None when he makes no six-trick bid."""
        best = None
        for strain, cell in enumerate(self.cells[declarer]):
            t = cell.tricks
            if t is None or t < 6:
                continue
            bid = BID + (min(t, 10) - 6) * 5 + strain
            if best is None or rank_key(self.rules, bid) > rank_key(self.rules, best):
                best = bid
        return best

    def highest_known(self, declarer: int) -> bool:
        """Whether :meth:`highest_contract` is his highest for certain: every strain's cell
        finished, or it is the top trick bid; else it is the highest he makes for all that is
        known ("at least"), or None only because nothing was solved high enough."""
        best = self.highest_contract(declarer)
        top = BID + 4 * 5 + 4                       # 10NT
        return best == top or all(c.tricks is not None and c.complete
                                  for c in self.cells[declarer])

    def to_dict(self) -> dict[str, Any]:
        """The table as plain JSON values."""
        def cell(c: KittyCell, strain: int) -> dict[str, Any]:
            return {"tricks": c.tricks, "complete": c.complete,
                    "discard": list(in_hand_order(tokens(c.discard), strain))}

        rows = []
        for d in range(self.rules.players):
            best = self.highest_contract(d)
            rows.append({
                "declarer": d,
                "strains": {name: cell(c, k) for k, (name, c)
                            in enumerate(zip(STRAIN_NAMES, self.cells[d], strict=True))},
                "misere": None if self.misere is None else {
                    "makeable": _misere_word(self.misere[d]),
                    **cell(self.misere[d], NO_TRUMPS)},
                "highest_contract": None if best is None else token_of(best),
                "highest_price": None if best is None else price(self.rules, best),
                "highest_known": self.highest_known(d),
            })
        return {"kitty": list(sort_cards(tokens(self.kitty))), "complete": self.complete,
                "rows": rows}

    def format(self, names: Sequence[str] | None = None) -> str:
        """The table for people: tricks per declarer and strain, misère, and the highest
        contract each seat makes with the discard that makes it."""
        seat_names = report_names(self.rules, names)
        labels = [seat_label(seat_names, s) for s in range(self.rules.players)]
        width = max(len("declarer"), *(cell_len(x) for x in labels)) + 1
        keep = self.hands[0].bit_count()
        lines = [_wrap(f"With the kitty ({_cards(sort_cards(tokens(self.kitty)))}): each "
                       f"seat as declarer takes it up and keeps its best {keep} cards for each "
                       "strain, double dummy.")]
        head = "declarer".ljust(width) + "".join(f"{x:>5}" for x in STRAIN_LABELS)
        if self.misere is not None:
            head += "  misère"
        lines.append(head + "  highest trick contract")
        for d in range(self.rules.players):
            row = pad(labels[d], width) + "".join(f"{_cell_text(c):>5}"
                                                   for c in self.cells[d])
            if self.misere is not None:
                row += f"  {_misere_word(self.misere[d]) or '?':<6}"
            best = self.highest_contract(d)
            known = self.highest_known(d)
            if best is None:
                row += "  none" if known else "  ?"
            else:
                strain = (best - BID) % 5
                c = self.cells[d][strain]
                row += (f"  {'' if known else 'at least '}{readable(token_of(best))} "
                        f"({price(self.rules, best)}), discarding "
                        f"{_cards(in_hand_order(tokens(c.discard), strain))}")
            lines.append(row.rstrip())
        if not self.complete:
            lines.append("7+: at least 7 (some discards not solved within the search limits); "
                         "?: none solved; at least: a higher contract is not ruled out.")
        if any(_misere_word(c) == "yes" for c in self.misere or ()):
            lines.append(_wrap(misere_legend(self.rules, kitty=True).replace("\n", " ")))
        return "\n".join(lines)


def _cell_text(c: KittyCell) -> str:
    if c.tricks is None:
        return "?"
    return f"{c.tricks}" + ("" if c.complete else "+")


def _misere_word(c: KittyCell) -> str | None:
    """yes (a safe keep found), no (every keep takes a trick), or None (not known)."""
    if c.tricks == 0:
        return "yes"
    return "no" if c.complete else None


def discard_groups(strain: int, holding: int, others: int) -> list[tuple[int, ...]]:
    """The declarer's ``holding`` in groups of cards in sequence in ``strain``'s order: no
    card of ``others`` (the other players' cards) lies between two cards of a group, so
    putting out one or another of a group leaves the same play.  Each group lists its cards
    from the lowest; groups come in suit order, low to high."""
    ranked = sorted((effective(strain, c), c, bool(holding >> c & 1))
                     for c in cards_of(holding | others))
    groups: list[list[int]] = []
    last_suit = -1
    open_group = False
    for (suit, _), c, mine in ranked:
        if suit != last_suit:
            open_group = False
            last_suit = suit
        if not mine:
            open_group = False
            continue
        if open_group:
            groups[-1].append(c)
        else:
            groups.append([c])
            open_group = True
    return [tuple(g) for g in groups]


def _discards(groups: list[tuple[int, ...]], n_out: int, strain: int,
              misere: bool) -> Iterator[int]:
    """Every distinct discard of ``n_out`` cards: how many from each group (the lowest of a
    group for a trick contract, its highest for misère), the likely best first: the weakest
    cards out for a trick contract (trumps last), the strongest for misère."""
    options: list[tuple[int, int]] = []

    def cost(c: int) -> int:
        suit, rank = effective(strain, c)
        if misere:
            return -(20 if suit == 4 else rank)          # the joker is the one to lose first
        return rank + (100 if suit == strain or suit == 4 else 0)

    def walk(i: int, left: int, mask: int, weight: int) -> None:
        if left == 0:
            options.append((weight, mask))
            return
        if i == len(groups):
            return
        g = groups[i]
        for k in range(min(left, len(g)), -1, -1):
            out = g[len(g) - k:] if misere else g[:k]
            walk(i + 1, left - k, mask | sum(1 << c for c in out),
                 weight + sum(cost(c) for c in out))

    walk(0, n_out, 0, 0)
    options.sort()
    return (mask for _, mask in options)


def kitty_table(
    rules: Rules,
    hands: Sequence[int],
    kitty: int,
    *,
    dealer: int | None = None,
    budget: int = 0,
    seconds: float | None = None,
    progress: Progress | None = None,
    give_up_after: int | None = 2,
) -> KittyTable:
    """Each seat as declarer, the ``kitty`` taken up, in each strain and misère: the most
    tricks over every discard it may make, and the discard that reaches them.

    ``hands`` are the hands as dealt (one mask per player: leave out a dead hand), ``kitty``
    the kitty's cards.  Each declarer plays alone (a five-handed partner is not called) and
    the opening lead follows the rules as in :func:`.dd_table`.  The first discard tried is
    solved in full; each later one is only asked whether it takes a trick more, so most are
    settled by a cheap refutation.  ``budget`` and ``seconds`` limit each search; a cell where
    some search ran out is marked incomplete (at least what the solved discards reach), and
    after ``give_up_after`` such searches (None: never) its other discards are not tried:
    five- and six-handed cells can need millions of nodes a discard.
    ``progress(done, total)`` is called before the first cell and after each one.
    """
    n = rules.players
    hs = _checked_hands(rules, hands)
    _check_kitty(rules, hs, kitty)
    _check_dealer(rules, dealer)
    tick = _cell_counter(rules, progress)
    rows = []
    for d in range(n):
        row = []
        for strain in range(5):
            row.append(_best_keep(rules, hs, kitty, d, strain, dealer, budget, seconds,
                                  give_up_after))
            tick()
        rows.append(tuple(row))
    misere = None
    if _misere_kinds(rules):
        cells = []
        for d in range(n):
            cells.append(_safe_keep(rules, hs, kitty, d, dealer, budget, seconds,
                                    give_up_after))
            tick()
        misere = tuple(cells)
    return KittyTable(rules, hs, kitty, tuple(rows), misere, dealer)


def best_discard(rules: Rules, hands: Sequence[int], kitty: int, declarer: int, strain: int,
                 *, misere: bool = False, dealer: int | None = None, budget: int = 0,
                 seconds: float | None = None, give_up_after: int | None = None) -> KittyCell:
    """One cell of :func:`kitty_table`: ``declarer`` takes up ``kitty`` to play ``strain``
    (or misère), the best discard and what it takes.  ``give_up_after``: stop, incomplete,
    once that many searches ran out of the limits (None: try every discard)."""
    hs = _checked_hands(rules, hands)
    _check_kitty(rules, hs, kitty)
    _check_dealer(rules, dealer)
    if not 0 <= declarer < rules.players or not 0 <= strain <= NO_TRUMPS:
        raise AnalysisError(f"declarer {declarer} or strain {strain} out of range")
    if misere:
        return _safe_keep(rules, hs, kitty, declarer, dealer, budget, seconds, give_up_after)
    return _best_keep(rules, hs, kitty, declarer, strain, dealer, budget, seconds,
                      give_up_after)


def _check_kitty(rules: Rules, hands: tuple[int, ...], kitty: int) -> None:
    if kitty & ~rules.deck_mask or kitty & sum(hands):
        raise AnalysisError("the kitty must hold cards of the pack that no hand holds")
    n_out = kitty.bit_count()
    if n_out != rules.kitty_size:
        raise AnalysisError(f"the kitty must hold {rules.kitty_size} cards under these rules, "
                            f"not {n_out}")


def _others(rules: Rules, hands: tuple[int, ...], declarer: int, misere: bool) -> int:
    """The cards of the other players in the play (a misère declarer's partners sit out)."""
    out = set(rules.sides[rules.side_of[declarer]]) if misere else {declarer}
    return sum(h for s, h in enumerate(hands) if s not in out)


def _with_keep(hands: tuple[int, ...], declarer: int, keep: int) -> tuple[int, ...]:
    return tuple(keep if s == declarer else h for s, h in enumerate(hands))


def _best_keep(rules: Rules, hands: tuple[int, ...], kitty: int, d: int, strain: int,
               dealer: int | None, budget: int, seconds: float | None,
               give_up_after: int | None = None) -> KittyCell:
    holding = hands[d] | kitty
    groups = discard_groups(strain, holding, _others(rules, hands, d, False))
    best: int | None = None
    best_out = 0
    complete = True
    unfinished = 0
    top = hands[d].bit_count()
    for out in _discards(groups, kitty.bit_count(), strain, misere=False):
        if give_up_after is not None and unfinished >= give_up_after:
            break
        p = _opening(rules, _with_keep(hands, d, holding & ~out), d, strain, False, None,
                     dealer)
        if best is None:
            v = solve(p, budget, seconds=seconds).tricks
            if v is None:
                complete = False
                unfinished += 1
                continue
            best, best_out = v, out
        else:
            more = can_make(p, best + 1, budget, seconds=seconds)
            if more is None:
                complete = False
                unfinished += 1
                continue
            if not more:
                continue
            v = solve(p, budget, seconds=seconds).tricks
            if v is None:         # (a trick more, proved; how many more not known)
                best, best_out, complete = best + 1, out, False
                unfinished += 1
                continue
            best, best_out = v, out
        if best == top:
            return KittyCell(best, best_out, True)
    return KittyCell(best, best_out, complete)


def _safe_keep(rules: Rules, hands: tuple[int, ...], kitty: int, d: int,
               dealer: int | None, budget: int, seconds: float | None,
               give_up_after: int | None = None) -> KittyCell:
    holding = hands[d] | kitty
    # A lower card of a suit is never less safe than a higher one (the declarer plays it
    # where he would have played the higher: every trick the higher one lost, the lower one
    # loses too, and the play goes on the same), so of the discards that leave each suit
    # as long, the one that puts out each suit's highest cards is as safe as any: one try
    # for each way to share the discard among the suits (and the joker).
    by_suit: dict[int, list[int]] = {}
    for c in sorted(cards_of(holding), key=lambda c: effective(NO_TRUMPS, c)):
        by_suit.setdefault(effective(NO_TRUMPS, c)[0], []).append(c)
    groups = [tuple(cs) for _, cs in sorted(by_suit.items())]
    complete = True
    unfinished = 0
    first = 0
    for i, out in enumerate(_discards(groups, kitty.bit_count(), NO_TRUMPS, misere=True)):
        if give_up_after is not None and unfinished >= give_up_after:
            break
        if i == 0:
            first = out
        p = _opening(rules, _with_keep(hands, d, holding & ~out), d, NO_TRUMPS, True, None,
                     dealer)
        forced = can_make(p, 1, budget, seconds=seconds)
        if forced is None:
            complete = False
            unfinished += 1
        elif not forced:
            return KittyCell(0, out, True)
    return KittyCell(1 if complete else None, first if complete else 0, complete)


__all__ = ["DiscardVerdict", "KittyCell", "KittyTable", "best_discard", "discard_groups",
           "kitty_table"]
