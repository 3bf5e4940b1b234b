"""The ``fivehundred analyse`` command: runs the analysis on a file and renders it as text or
JSON, with a live progress note on a terminal (:func:`analyse_main`)."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any

from ...cards import tokens
from ...errors import FiveHundredError
from ...record.model import sort_cards
from ..limits import LimitError, check_limits
from .common import AnalysisError, Progress, _cards, _wrap, report_names, seat_label
from .ddtable import _hand_lines
from .inputs import analyse_deal, load_input
from .kitty import kitty_table
from .records import analyse_action, analyse_record

#: The node budget of each search ``fivehundred analyse`` runs unless ``--nodes`` says
#: otherwise: four-handed solves stay far below it (at most about 2 million nodes, a fraction
#: of a second); five- and six-handed ones often need far more, and their cells are then shown
#: as unknown.
CLI_BUDGET = 5_000_000


@dataclass(frozen=True)
class _Limits:
    """Each search's limits, from ``--nodes`` and ``--seconds``."""

    nodes: int
    seconds: float | None

    @classmethod
    def of(cls, nodes: int | None, seconds: float | None) -> _Limits:
        """The limits asked for, refused with the option's name if they are not limits."""
        limits = cls(CLI_BUDGET if nodes is None else nodes, seconds)
        try:
            check_limits(limits.nodes, None)       # what a limit is: the solver's rule
        except LimitError:
            raise AnalysisError(f"--nodes {nodes}: give a number of nodes, or 0 for no "
                                "budget") from None
        try:
            check_limits(0, seconds)
        except LimitError:
            raise AnalysisError(f"--seconds {seconds}: give a positive number of seconds "
                                "(leave it out for no time limit)") from None
        return limits


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


def _run(path: str, as_json: bool, hand: int | None, action: int | None,
         limits: _Limits, plays: bool = False, kitty: bool = False,
         game: int | None = None) -> str:
    if plays and action is not None:
        raise AnalysisError("--plays values the cards played in whole hands; --action values "
                            "one position's cards: give one of them")
    if kitty and action is not None:
        raise AnalysisError("--kitty solves whole hands from the deal; --action values one "
                            "position's cards: give one of them")
    if action is not None and action < 0:
        raise AnalysisError(f"--action {action}: the number of actions must be 0 or more")
    if hand is not None and hand < 1:
        raise AnalysisError(f"--hand {hand}: hands are numbered from 1")
    from ...record.datasets import game_place

    data = load_input(path, game)
    where = game_place(path, game)     # (the game's record)
    if isinstance(data, tuple):
        if hand is not None or action is not None or plays:
            raise AnalysisError(f"{path} is a deal, not a record: --hand, --action and --plays "
                                "are for records")
        rules, deal = data
        table = analyse_deal(rules, deal, limits.nodes, _progress("the deal"),
                             seconds=limits.seconds)
        with_kitty = None
        if kitty:
            with_kitty = kitty_table(rules, deal.hands[:rules.players], deal.kitty,
                                     dealer=deal.dealer, budget=limits.nodes,
                                     seconds=limits.seconds,
                                     progress=_progress("the deal with the kitty"))
        kitty_text = " ".join(sort_cards(tokens(deal.kitty)))
        if as_json:
            obj: dict[str, Any] = {"kind": "deal", "rules": rules.to_string(),
                                   "dealer": deal.dealer, "kitty": kitty_text.split()}
            if rules.dead_hand:
                obj["dead"] = list(sort_cards(tokens(deal.hands[rules.players])))
            obj["table"] = table.to_dict()
            if with_kitty is not None:
                obj["kitty_table"] = with_kitty.to_dict()
            return _dumps(obj) + "\n"
        names = report_names(rules, None)
        aside = f"the kitty ({_cards(kitty_text.split())})"
        aside += " and the dead hand" if rules.dead_hand else ""
        lines = [f"The deal (dealer {seat_label(names, deal.dealer)}): the hands as dealt, "
                 f"{aside} set aside:"]
        lines += _hand_lines(table, names)
        lines.append(table.format())
        if with_kitty is not None:
            lines.append(with_kitty.format())
        return "\n".join(lines) + "\n"
    if action is not None and hand is None:     # (after a deal's own refusal: it has none)
        raise AnalysisError("--action needs --hand: which hand's actions to count")
    rec = data
    names = report_names(rec.rules, rec.seat_names)

    def warn(said: str) -> None:
        """An older version's Result, said as ``fivehundred replay`` says it."""
        print(f"fivehundred analyse: {where}: warning: {said}", file=sys.stderr)

    try:
        if action is not None:
            assert hand is not None
            busy = _progress(f"hand {hand} after action {action}")
            if busy is not None:
                busy(0, 1)
            try:
                pv = analyse_action(rec, hand, action, limits.nodes, seconds=limits.seconds,
                                    warn=warn)
            finally:
                if busy is not None:
                    busy(1, 1)
            if as_json:
                obj = {"kind": "position", "rules": rec.rules.to_string(), "hand": hand,
                       "action": action, **pv.to_dict()}
                return _dumps(obj) + "\n"
            return f"Hand {hand}, after {action} actions.\n{pv.format(names)}\n"
        hands = analyse_record(rec, hand, limits.nodes, lambda k: _progress(f"hand {k}"),
                               seconds=limits.seconds, plays=plays, kitty=kitty, warn=warn)
    except AnalysisError:
        raise
    except FiveHundredError as e:
        raise AnalysisError(f"{where}: {e}") from None
    # every hand asked for, the ones that never reached the play are left out: say which
    shown = {h.number for h in hands}
    unplayed = [] if hand is not None else [
        i for i in range(1, len(rec.hands) + 1) if i not in shown]
    if as_json:
        obj = {"kind": "record", "rules": rec.rules.to_string(), "seats": list(names),
               "hands": [h.to_dict() for h in hands], "not_played": unplayed}
        return _dumps(obj) + "\n"
    if not hands:
        return "No hand of this record reached the play (give --hand N for a deal's table).\n"
    note = next((n for n in (h.table.misere_note() for h in hands) if n), "")   # a yes shown
    body = "\n\n".join(h.format(names, notes=False) for h in hands)
    if unplayed:
        which = ", ".join(map(str, unplayed))
        # (a no-break space, which textwrap does not break at: "--hand" and its "N" kept
        # together on one line)
        body = _wrap(f"Hand{'s' if len(unplayed) > 1 else ''} {which} never reached the play "
                     f"(all passed, or the record ends before the first lead): --hand\u00a0N "
                     f"shows one as dealt.").replace("\u00a0", " ") + "\n\n" + body
    return body + ("\n\n" + note if note else "") + "\n"


def analyse_main(path: str, as_json: bool = False, hand: int | None = None,
                 action: int | None = None, nodes: int | None = None,
                 seconds: float | None = None, plays: bool = False,
                 kitty: bool = False, game: int | None = None) -> int:
    """``fivehundred analyse FILE [--game G] [--json] [--hand N] [--action M | --plays]
    [--kitty] [--nodes N] [--seconds S]``: 0, or 2 and why (``game``: game G of a dataset,
    from 1).  ``nodes`` and ``seconds`` limit each
    search (default: ``CLI_BUDGET`` nodes, no time limit); what a search did not finish within
    them is shown as unknown."""
    try:
        text = _run(path, as_json, hand, action, _Limits.of(nodes, seconds), plays, kitty,
                    game)
    except FiveHundredError as e:
        msg = " ".join(str(e).split("\n"))
        print(f"fivehundred analyse: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nfivehundred analyse: interrupted", file=sys.stderr)
        return 130
    sys.stdout.write(text)
    return 0
