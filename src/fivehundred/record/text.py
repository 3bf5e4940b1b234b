"""The text form of game records (``.fhr``): PGN-style tag pairs, then one section per hand.

docs/records.md describes the format; in brief::

    [Rules "fivehundred(preset=australian,players=4,...)"]
    [Seats "North,East,South,West"]
    [Result "*"]

    Hand 1
    Dealer 3
    Seat 0 KS QS 9S 8S 5S AC JC 6H 5H 4H
    ...
    Kitty 7C 10D 4D
    Auction 0:pass 1:pass 2:7NT 3:pass
    Discards ...
    Trick 1 2:AS 3:10S 0:5S 1:6S -> 2
    ...
    Result 7NT by 2 made; tricks 2 1 6 1; points 220 30; totals 220 30

Every line is a keyword and its fields; the seat labels (``2:AS``) and trick winners
(``-> 2``) are worked out again on reading and must agree.  Writing is canonical, so
``dumps(loads(text)) == text`` for any text ``dumps`` wrote.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Sequence
from typing import IO, NoReturn

from ..actions import action_from_token
from ..auction import contract_of
from ..errors import FiveHundredError, RecordError
from ..numbers import written_number
from ..rules import Rules
from ..tricks import sitting_out
from .checks import first_seen, hand_layout
from .guards import need_file, need_record, not_a_path, not_json
from .model import (
    HIDDEN,
    GameRecord,
    HandOutcome,
    HandRecord,
    Layout,
    RecordProblem,
    RecordSource,
)
from .replay import first_fault

_LONGEST = 300   # characters of a failure's reason (it may quote the line)
_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]$')
_LABELED = re.compile(r"^([0-9]{1,9}):(\S+)$")
_RESULT = re.compile(
    r"^(?:(?P<all>all pass)|(?P<bid>\S+) by (?P<decl>[0-9]{1,9})(?: with (?P<partner>[0-9]{1,9}))?"
    r" (?P<made>made|failed)); tricks (?P<tricks>[0-9 ]+); points (?P<points>[-0-9 ]+);"
    r" totals (?P<totals>[-0-9 ]+)$"
)
_ACTIONS = ("auction", "discards", "call", "play")   # the parts of a hand that hold actions
#: The keywords of a hand's lines, in the order they come (Seat, Auction and Trick repeat).
_KEYWORDS = ("Hand", "Dealer", "Seat", "Dead", "Kitty", "Auction", "Discards", "Call",
             "Exposed", "Trick", "Result")


def _keywords(rules: Rules, after: str = "Hand") -> tuple[str, ...]:
    """The keywords of a hand's lines under ``rules`` (Dead only in the dead-hand game, Call
    only where a partner is called, Exposed only with open misère), in order; from ``after``
    on, those that may follow its line (the next 'Hand' aside).

    >>> _keywords(Rules.preset("australian"), "Auction")
    ('Auction', 'Discards', 'Exposed', 'Trick', 'Result')
    """
    dropped = {"Dead": not rules.dead_hand, "Call": not rules.call_partner,
               "Exposed": not rules.allows_open_misere}
    at = _KEYWORDS.index(after)       # (a line these rules have none of read: what follows it)
    return tuple(k for k in _KEYWORDS[at if after in ("Hand", "Seat", "Auction", "Trick")
                                      else at + 1:] if not dropped.get(k))


def _spelling(word: str) -> str:
    """``; did you mean 'Discards'?`` after a line whose first word looks like a keyword
    misspelled (or in the wrong case), else nothing.

    >>> _spelling("Discard"), _spelling("auction"), _spelling("Kitty"), _spelling("stray")
    ("; did you mean 'Discards'?", "; did you mean 'Auction'?", '', '')
    """
    close = difflib.get_close_matches(word.lower(), [k.lower() for k in _KEYWORDS], n=1,
                                      cutoff=0.7)
    return f"; did you mean {close[0].capitalize()!r}?" if close and word not in _KEYWORDS else ""


def _first_actions(h: HandRecord, n: int) -> HandRecord:
    """``h`` cut after its first ``n`` actions, unfinished (no result, no exposed hand): the
    part of a hand before a problem found later, whose seat labels can still be checked."""
    auction = h.auction[:n]
    discards = h.discards[: n - len(auction)]
    left = n - len(auction) - len(discards)
    call = h.call if left > 0 else None
    play = h.play[: left - (call is not None)] if left > 0 else ()
    return dataclasses.replace(h, auction=auction, discards=discards, call=call, play=play,
                               result=None, exposed=None)


def _seats_in_trick(rules: Rules, lay: Layout) -> int:
    """How many seats play to each trick of a hand laid out as ``lay`` (all but the partners
    of a misère declarer, who sit out)."""
    if lay.contract is None or lay.declarer is None:
        return rules.players
    contract = contract_of(rules, action_from_token(lay.contract, auction=True), lay.declarer)
    return rules.players - len(sitting_out(rules, lay.declarer, contract.is_misere))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str, line: int) -> str:
    out: list[str] = []
    it = iter(value)
    for ch in it:
        if ch == "\\":
            nxt = next(it)
            if nxt not in '\\"':
                raise RecordError(f'line {line}: unknown escape \\{nxt} in a tag value '
                                  '(only \\" and \\\\)')
            out.append(nxt)
        else:
            out.append(ch)
    return "".join(out)


# ---------------------------------------------------------------------- writing


def dumps(rec: GameRecord) -> str:
    """The record as text (canonical: the same record always gives the same bytes)."""
    need_record(rec, "dumps")
    lines = [f'[Rules "{_escape(rec.rules.to_string())}"]']
    if rec.viewpoint is not None:
        lines.append(f'[Viewpoint "{rec.viewpoint}"]')
    lines += [f'[{name} "{_escape(value)}"]' for name, value in rec.tags]
    if rec.program is not None:
        lines.append(f'[Program "{_escape(rec.program)}"]')
    blocks = ["\n".join(lines)]
    for i, h in enumerate(rec.hands):
        blocks.append("\n".join(_hand_lines(rec, i, h)))
    return "\n\n".join(blocks) + "\n"


def _cards_text(toks: tuple[str, ...] | None) -> str:
    return HIDDEN if toks is None else " ".join(toks)


def _hand_lines(rec: GameRecord, i: int, h: HandRecord) -> list[str]:
    r = rec.rules
    lay = rec.layout(i)
    out = [f"Hand {i + 1}", f"Dealer {h.dealer}"]
    out += [f"Seat {s} {_cards_text(toks)}" for s, toks in enumerate(h.cards)]
    if r.dead_hand:
        out.append(f"Dead {_cards_text(h.dead)}")
    out.append(f"Kitty {_cards_text(h.kitty)}")
    calls = [f"{s}:{t}" for s, t in lay.auction]
    for k in range(0, len(calls), r.players):
        out.append("Auction " + " ".join(calls[k : k + r.players]))
    if h.discards:
        out.append("Discards " + " ".join(h.discards))
    if h.call is not None:
        out.append("Call " + h.call.removeprefix("call "))
    if h.exposed is not None:
        out.append("Exposed " + " ".join(h.exposed))
    for k, tr in enumerate(lay.tricks):
        line = f"Trick {k + 1} " + " ".join(f"{s}:{t}" for s, t in tr.plays)
        if tr.winner is not None:
            line += f" -> {tr.winner}"
        out.append(line)
    if h.result is not None:
        out.append(f"Result {h.result}")
    return out


def dump(rec: GameRecord, fp: IO[str]) -> None:
    """Write the record as text to an open text file (a path is refused: see
    :func:`need_file`)."""
    need_record(rec, "dump")
    need_file(fp, "dump", "Path(path).write_text(dumps(rec), encoding='utf-8')")
    fp.write(dumps(rec))


# ---------------------------------------------------------------------- reading


def _first_word(text: str) -> tuple[str, str]:
    """The first word of a line and the rest, with any white space between (a tab too).

    >>> _first_word("Dealer\t3"), _first_word("Kitty")
    (('Dealer', '3'), ('Kitty', ''))
    """
    parts = text.split(None, 1)
    return (parts[0] if parts else "", parts[1] if len(parts) > 1 else "")


def load(fp: IO[str]) -> GameRecord:
    """Read a text record from an open text file (a path is refused: ``read_text`` reads
    one)."""
    need_file(fp, "load", "loads(read_text(path)), read_text from fivehundred.record (or "
              "parse_record(read_text(path)), which reads either form)")
    text = fp.read()
    not_json(text, "load_json")
    return loads(text)


def loads(text: str, replaying: bool = False) -> GameRecord:
    """Parse a text record; RecordError says the line, the hand and what was expected.  A
    byte-order mark at the start is dropped.  ``replaying``: the record is replayed next, so
    a fault replay finds before a failed check is reported instead (its line first)."""
    if not isinstance(text, str):
        raise RecordError(f"a text record is a str (bytes: decode them first), not "
                          f"{type(text).__name__}")
    not_json(text, "loads_json")
    return _Reader(text.removeprefix("\ufeff"), replaying).read()


class _Reader:
    """A line-by-line reader that remembers where each part came from, for error messages."""

    def __init__(self, text: str, replaying: bool = False) -> None:
        self.lines = [ln.strip() for ln in text.splitlines()]
        self.replaying = replaying
        """Whether a fault replay finds before the first failed check is reported instead."""
        self.pos = 0
        self.program: str | None = None
        """The Program tag's value (:attr:`GameRecord.program`), None when absent."""
        self.where: dict[tuple[int | None, str, int | str | None], int] = {}
        self.hand = -1          # index of the hand being read (for messages)
        self.failed_at = 0      # the line of the last failure
        # the seat labels of the auction and the plays as written, checked after building
        self.auction_labels: list[list[tuple[int, int]]] = []
        self.trick_lines: list[list[tuple[int, list[int], int | None]]] = []

    def fail(self, line: int, reason: str, action: tuple[int, str] | None = None) -> NoReturn:
        self.failed_at = line
        if len(reason) > _LONGEST:        # a reason quoting a huge line quotes its start
            reason = reason[:_LONGEST] + "… (cut)"
        where = f"line {line}"
        if self.hand >= 0:
            where += f": hand {self.hand + 1}"
            if action is not None:
                where += f", action {action[0]} ({action[1]})"
        raise RecordError(f"{where}: {reason}")

    def next_line(self) -> tuple[int, str] | None:
        """The next non-blank line and its number, without moving past it."""
        while self.pos < len(self.lines) and not self.lines[self.pos]:
            self.pos += 1
        if self.pos >= len(self.lines):
            return None
        return self.pos + 1, self.lines[self.pos]

    def read(self) -> GameRecord:
        rules, viewpoint, tags = self.read_tags()
        hands: list[HandRecord] = []
        while self.next_line() is not None:
            hands.append(self.read_hand(rules, len(hands)))
        self.hand = -1
        try:
            rec = GameRecord(rules, tuple(hands), tuple(tags), viewpoint, self.program,
                             RecordSource(self.where))
        except RecordProblem as e:
            fault = first_fault(rules, hands, tags, viewpoint, e) if self.replaying else None
            # A wrong seat label or trick line explains a later problem: report it first.
            self.labels_before(rules, viewpoint, tags, hands, fault or e)
            if fault is not None:       # (said as replay says it, at its line)
                raise fault.located(self.line_of(fault)) from None
            line = self.line_of(e)
            raise RecordError(f"line {line}: {e}" if line else str(e)) from None
        try:
            for i, h in enumerate(rec.hands):
                self.check_labels(rules, i, h, rec.layout(i))
        except RecordError:
            fault = first_fault(rules, rec.hands, tags, viewpoint) if self.replaying else None
            if fault is None:
                raise
            self.labels_before(rules, viewpoint, tags, rec.hands, fault)
            raise fault.located(self.line_of(fault)) from None
        return rec

    def labels_before(self, rules: Rules, viewpoint: int | None, tags: list[tuple[str, str]],
                      hands: Sequence[HandRecord], first: RecordProblem) -> None:
        """Raise the first failed check of the seat labels and trick lines as written that
        comes before ``first`` (a problem found later, or a fault that replay found), so that
        the earliest wrong line is named, with the seat it names.

        Within the hand of a problem at an action, the labels are checked up to that action
        (its own label too) and the trick lines that end before it in full; elsewhere a
        failure counts when its line comes before the problem's."""
        line = self.line_of(first)
        at = first.key if first.field in _ACTIONS and isinstance(first.key, int) else None
        for i in range(first.hand + 1 if first.hand is not None else 0):
            h, upto = hands[i], None
            if i == first.hand and at is not None:
                before = h.actions_before(first.field, at)
                assert before is not None
                upto = at if first.field == "play" else 0
                # (with the action itself, unless its own check failed: without it)
                for n in (before + 1, before):
                    try:
                        h = _first_actions(hands[i], n)
                        lay = hand_layout(rules, viewpoint, i, h, i < first_seen(viewpoint, tags))
                        break
                    except RecordProblem:
                        continue
                else:
                    return
            else:
                try:
                    lay = hand_layout(rules, viewpoint, i, h, i < first_seen(viewpoint, tags))
                except RecordProblem:
                    return
            try:
                self.check_labels(rules, i, h, lay, upto)
            except RecordError:
                if upto is not None or line is None or self.failed_at < line:
                    raise

    def line_of(self, e: RecordProblem) -> int | None:
        for key in ((e.hand, e.field, e.key), (e.hand, e.field, None), (e.hand, "hand", None)):
            if key in self.where:
                return self.where[key]
        return None

    # -- tags -----------------------------------------------------------------------------

    def read_tags(self) -> tuple[Rules, int | None, list[tuple[str, str]]]:
        rules: Rules | None = None
        viewpoint: int | None = None
        tags: list[tuple[str, str]] = []
        while (nl := self.next_line()) is not None and nl[1].startswith("["):
            line, text = nl
            self.pos += 1
            m = _TAG.match(text)
            if not m:
                self.fail(line, f'expected a tag pair like [Name "value"], got {text!r}')
            name, value = m.group(1), _unescape(m.group(2), line)
            if (None, "tag", name) in self.where:     # (said here, at the second's line:
                self.fail(line, f"tag {name}: given twice")   # checks name only the last)
            self.where[(None, "tag", name)] = line
            if name == "Rules":
                try:
                    rules = Rules.from_string(value)
                except FiveHundredError as e:
                    self.fail(line, f"tag Rules: {e}")
                self.where[(None, "rules", None)] = line
            elif name == "Program":
                self.program = value
            elif name == "Viewpoint":
                viewpoint = written_number(value)
                if viewpoint is None:
                    self.fail(line, f"tag Viewpoint: expected a seat number, got "
                                    f"{value[:40]!r}")
                self.where[(None, "viewpoint", None)] = line
            else:
                tags.append((name, value))
        if rules is None:
            if len(self.lines) == 1:
                not_a_path(self.lines[0], "loads")
            nl = self.next_line()
            self.fail(nl[0] if nl else max(len(self.lines), 1),
                      'a record starts with its rules: [Rules "fivehundred(...)"] is missing')
        return rules, viewpoint, tags

    # -- hands ----------------------------------------------------------------------------

    def take(self, keyword: str, expected: str, optional: bool = False) -> tuple[int, str] | None:
        """The next line if it starts with ``keyword`` (returns its number and the rest)."""
        nl = self.next_line()
        if nl is not None:
            line, text = nl
            word, rest = _first_word(text)
            if word == keyword:
                self.pos += 1
                return line, rest.strip()
        if optional:
            return None
        if nl is None:
            self.fail(len(self.lines), f"the record ends early: expected {expected}")
        self.fail(nl[0], f"expected {expected}, got {nl[1]!r}{_spelling(_first_word(nl[1])[0])}")

    def read_hand(self, rules: Rules, i: int) -> HandRecord:
        n = rules.players
        header = self.take("Hand", f"'Hand {i + 1}' (a hand begins)")
        assert header is not None
        line, rest = header
        self.hand = i
        if rest != str(i + 1):
            self.fail(line, f"expected 'Hand {i + 1}' (hands are numbered from 1 in order), "
                            f"got 'Hand {rest}'")
        self.where[(i, "hand", None)] = line
        d = self.take("Dealer", "'Dealer N' (the dealer's seat)")
        assert d is not None
        dealer = written_number(d[1])
        if dealer is None:
            self.fail(d[0], f"expected the dealer's seat number, got {d[1][:40]!r}")
        self.where[(i, "dealer", None)] = d[0]
        seats: list[tuple[str, ...] | None] = []
        for s in range(n):
            got = self.take("Seat", f"'Seat {s} ...' (seat {s}'s cards, or ? when unseen)")
            assert got is not None
            num, toks = _first_word(got[1])
            if num != str(s):
                self.fail(got[0], f"expected seat {s}'s cards ('Seat {s} ...'), got 'Seat {num}'")
            self.where[(i, "cards", s)] = got[0]
            seats.append(self.card_list(got[0], toks))
        dead = None
        if rules.dead_hand:
            got = self.take("Dead", "'Dead ...' (the dead hand, or ?)")
            assert got is not None
            self.where[(i, "dead", None)] = got[0]
            dead = self.card_list(got[0], got[1])
        got = self.take("Kitty", "'Kitty ...' (the kitty as dealt, or ? when unseen)")
        assert got is not None
        self.where[(i, "kitty", None)] = got[0]
        kitty = self.card_list(got[0], got[1])
        last = "Kitty"          # the keyword of the last line read, for a line out of place
        auction: list[str] = []
        labels: list[tuple[int, int]] = []
        while (got := self.take("Auction", "", optional=True)) is not None:
            last = "Auction"
            for item in got[1].split():
                seat, tok = self.labeled(got[0], item, "a call like 2:pass or 3:7H")
                self.where[(i, "auction", len(auction))] = got[0]
                labels.append((seat, got[0]))
                auction.append(tok)
        self.auction_labels.append(labels)
        discards: list[str] = []
        if (got := self.take("Discards", "", optional=True)) is not None:
            last = "Discards"
            self.where[(i, "discards", None)] = got[0]
            discards = got[1].split()
            if not discards:
                self.fail(got[0], "expected the discarded cards after 'Discards'")
        call = None
        if (got := self.take("Call", "", optional=True)) is not None:
            last = "Call"
            self.where[(i, "call", None)] = got[0]
            if not got[1]:
                self.fail(got[0], "expected the called card (like 'Call QH') or 'Call alone'")
            call = got[1] if got[1] == "alone" else f"call {got[1]}"
        exposed = None
        if (got := self.take("Exposed", "", optional=True)) is not None:
            last = "Exposed"
            self.where[(i, "exposed", None)] = got[0]
            exposed = self.card_list(got[0], got[1])
            if exposed is None:
                self.fail(got[0], "the exposed hand is public: it is never ?")
        play: list[str] = []
        tricks: list[tuple[int, list[int], int | None]] = []
        while (got := self.take("Trick", "", optional=True)) is not None:
            last = "Trick"
            self.read_trick(i, got[0], got[1], len(tricks) + 1, play, tricks)
        self.trick_lines.append(tricks)
        result = None
        if (got := self.take("Result", "", optional=True)) is not None:
            last = "Result"
            self.where[(i, "result", None)] = got[0]
            result = self.result(got[0], got[1])
        else:  # a missing result is reported at the hand's last line
            self.where[(i, "result", None)] = self.pos
        nl = self.next_line()
        if nl is not None and _TAG.match(nl[1]):
            self.hand = -1
            self.fail(nl[0], f"a second record begins here ({nl[1][:40]!r}): a file holds "
                             "one record (split it, one record to a file)")
        if nl is not None and _first_word(nl[1])[0] != "Hand":
            self.fail(nl[0], self.unexpected(rules, i, last, nl[1]))
        return HandRecord(dealer, tuple(seats), kitty, tuple(auction), tuple(discards), call,
                          tuple(play), result, dead, exposed)

    def unexpected(self, rules: Rules, i: int, last: str, text: str) -> str:
        """Why ``text``, a line after hand ``i``'s ``last`` line that is not the next 'Hand',
        is refused: the keywords that may come there, and what the line looks like (a keyword
        misspelled, or one whose place in a hand is earlier)."""
        word, may = _first_word(text)[0], [repr(k) for k in _keywords(rules, last)]
        if last == "Result":
            said = f"expected the next hand ('Hand {i + 2}') or the end of the record"
        else:
            listed = may[0] if len(may) == 1 else f"{', '.join(may[:-1])} or {may[-1]}"
            said = f"expected {listed} after the {last!r} line"
        said += f", got {text!r}"
        if word == last:
            return f"{said} (a hand has one {word!r} line)"
        if word in (order := _keywords(rules)):
            return (f"{said} ({word!r} comes earlier: a hand's lines come in the order "
                    f"{', '.join(order)})")
        return said + _spelling(word)

    def card_list(self, line: int, text: str) -> tuple[str, ...] | None:
        if text == HIDDEN:
            return None
        toks = text.split()
        if not toks:
            self.fail(line, "expected card tokens (like AS 10H JK), or ? when unseen")
        return tuple(toks)

    def labeled(self, line: int, item: str, what: str) -> tuple[int, str]:
        m = _LABELED.match(item)
        if not m:
            self.fail(line, f"expected seat:token ({what}), got {item!r}")
        return int(m.group(1)), m.group(2)

    def read_trick(self, i: int, line: int, rest: str, number: int, play: list[str],
                   tricks: list[tuple[int, list[int], int | None]]) -> None:
        num, body = _first_word(rest)
        if num != str(number):
            self.fail(line, f"expected 'Trick {number}' (tricks are numbered from 1 in order), "
                            f"got 'Trick {num}'")
        items = body.split()
        winner: int | None = None
        if len(items) >= 2 and items[-2] == "->":
            winner = written_number(items[-1])
            if winner is None:
                self.fail(line, f"expected the trick's winner after '->', got "
                                f"{items[-1][:40]!r}")
            items = items[:-2]
        if not items:
            self.fail(line, "expected the cards of the trick (like 2:AS 3:10S ...)")
        seats = []
        for item in items:
            seat, tok = self.labeled(line, item, "a play like 2:AS or 0:JK:H")
            self.where[(i, "play", len(play))] = line
            seats.append(seat)
            play.append(tok)
        tricks.append((line, seats, winner))

    def result(self, line: int, text: str) -> HandOutcome:
        m = _RESULT.match(text)
        if not m:
            self.fail(line, "expected a result like '8H by 2 made; tricks 4 1 4 1; points "
                            f"300 20; totals 300 20' or 'all pass; tricks ...', got {text!r}")
        nums: dict[str, tuple[int, ...]] = {}
        for name in ("tricks", "points", "totals"):
            try:
                nums[name] = tuple(int(x) for x in m.group(name).split())
            except ValueError:
                self.fail(line, f"{name}: expected whole numbers, got {m.group(name)!r}")
        if m.group("all"):
            return HandOutcome(None, None, None, None, nums["tricks"], nums["points"],
                               nums["totals"])
        partner = m.group("partner")
        return HandOutcome(m.group("bid"), int(m.group("decl")),
                           int(partner) if partner is not None else None,
                           m.group("made") == "made", nums["tricks"], nums["points"],
                           nums["totals"])

    # -- the labels -----------------------------------------------------------------------

    def check_labels(self, rules: Rules, i: int, h: HandRecord, lay: Layout,
                     upto: int | None = None) -> None:
        """The seat labels, trick sizes and winners as written must be what the record implies.

        ``upto``: ``lay`` covers only the play before a problem found later at card ``upto``
        (from 0; with that card where its own checks pass): a trick line that ends before it
        is checked in full, the one that runs on for its size and the labels of its cards
        in ``lay`` (its winner comes after the problem).  Every line but the hand's last holds
        a whole trick, whatever the layout says.
        """
        self.hand = i
        for k, ((seat, line), (real, tok)) in enumerate(
            zip(self.auction_labels[i], lay.auction, strict=False), 1
        ):
            if seat != real:
                self.fail(line, f"it is seat {real}'s turn to speak, not seat {seat}'s",
                          (k, tok))
        written = self.trick_lines[i]
        m = len(h.actions) - len(h.play)        # actions before the first card
        per = _seats_in_trick(rules, lay)
        end = 0                                 # the cards written up to this line's end
        for number, ((line, seats, winner), tr) in enumerate(
            zip(written, lay.tricks, strict=False), 1
        ):
            end += len(seats)
            cut = upto is not None and end > upto
            if len(seats) != per and (number < len(written) or len(seats) > per):
                self.fail(line, f"trick {number} has {len(seats)} cards, but "
                                f"{per} seats play to each trick here")
            for j, (seat, (real, tok)) in enumerate(zip(seats, tr.plays, strict=False)):
                if seat != real:
                    why = ("the winner of the last trick leads" if j == 0 and number > 1
                           else "the contract says who leads" if j == 0
                           else "play goes round clockwise")
                    self.fail(line, f"it is seat {real}'s turn, not seat {seat}'s ({why})",
                              (m + j + 1, tok))
            m += len(seats)
            if winner != tr.winner and not cut:
                if tr.winner is None:
                    self.fail(line, f"trick {number} is unfinished: it has no winner yet")
                if winner is None:
                    self.fail(line, f"trick {number} is complete: write '-> {tr.winner}' "
                                    "(its winner)")
                self.fail(line, f"trick {number} is won by seat {tr.winner}, not {winner}")
