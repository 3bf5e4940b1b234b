"""What ``fivehundred analyse`` reads: a record (text or JSON) or a JSON deal file, and a
deal's table (:func:`load_input`, :func:`deal_from_json`, :func:`analyse_deal`)."""

from __future__ import annotations

import json
from typing import Any

from ...cards import card_from_token
from ...dealing import Deal, parse_deal
from ...errors import FiveHundredError
from ...record.model import GameRecord
from ...rules import Rules
from .common import AnalysisError, Progress, _n
from .ddtable import DDTable, dd_table


def load_input(path: str) -> GameRecord | tuple[Rules, Deal]:
    """Read ``fivehundred analyse``'s FILE: a record (text or JSON) or a JSON deal file.

    A record is read as ``fivehundred replay`` reads it, since it is replayed next: a damaged
    one is reported by its first fault in the order of play, whatever its kind."""
    from ...record import loads, loads_json
    from ...record.files import read_text

    try:
        text = read_text(path)
    except FiveHundredError as e:
        raise AnalysisError(str(e)) from None
    try:
        start = text.lstrip()[:1]
        if start not in ("{", "["):
            return loads(text, replaying=True)
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as e:
            if start == "[":  # a text record starts with its [Rules "..."] tag
                return loads(text, replaying=True)
            from ...record.jsonfmt import json_problem

            raise AnalysisError(f"not valid JSON: {json_problem(e)}") from None
        except ValueError:     # Python's own limit on an int's digits
            from ...record.jsonfmt import TOO_LONG

            raise AnalysisError(f"not valid JSON: {TOO_LONG}") from None
        except RecursionError:
            raise AnalysisError("not valid JSON: nested too deeply") from None
        if not isinstance(obj, dict):
            raise AnalysisError("a JSON file must hold an object: a deal or a record")
        if "format" in obj:
            return loads_json(text, replaying=True)
        return deal_from_json(obj)
    except FiveHundredError as e:
        raise AnalysisError(f"{path}: {e}") from None


_DEAL_KEYS = ("rules", "dealer", "hands", "kitty", "dead")


def deal_from_json(obj: dict[str, Any]) -> tuple[Rules, Deal]:
    """A deal file's object: ``rules`` (optional: a preset name or a rules string, default
    australian), ``dealer`` (optional, default 0), ``hands``, ``kitty`` (and ``dead``).

    Its errors quote the file's values as JSON spells them (``true``, ``null``, ``"3"``), as
    a JSON record's errors do: the reader wrote JSON, not Python."""
    unknown = sorted(set(obj) - set(_DEAL_KEYS))
    if unknown:
        raise AnalysisError(f"unknown key(s) in the deal: {', '.join(map(_spelled, unknown))}; "
                            "a deal has rules, dealer, hands, kitty (and dead); a JSON record "
                            'has "format": "fivehundred-record"')
    spec = obj.get("rules", "australian")
    if not isinstance(spec, str):
        raise AnalysisError(f"rules must be a preset name or a rules string, got "
                            f"{_spelled(spec)}")
    rules = Rules.parse(spec)
    deal: dict[str, Any] = {k: obj[k] for k in ("dealer", "hands", "kitty", "dead") if k in obj}
    deal.setdefault("dealer", 0)
    _check_shape(rules, deal)
    return rules, parse_deal(rules, deal, tokens_only=True)   # people write tokens


def _check_shape(rules: Rules, deal: dict[str, Any]) -> None:
    """The deal file's dealer, hands, kitty (and dead hand) of the right kinds and sizes,
    each card a token, before the engine's :func:`parse_deal` checks the cards themselves
    (its errors are a library's: Python's spellings, "1 cards")."""
    n = rules.players
    dealer = deal["dealer"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise AnalysisError(f"dealer must be a seat from 0 to {n - 1}, got {_spelled(dealer)}")
    for key, what in (("hands", f"one list of cards per seat, {n} in all"),
                      ("kitty", f"a list of its {rules.kitty_size} cards")):
        if key not in deal:
            raise AnalysisError(f"the deal has no {key}: {key} is {what}")
    hands = deal["hands"]
    if not isinstance(hands, list):
        raise AnalysisError(f"hands must be a list of {n} hands, one per seat, got "
                            f"{_spelled(hands)}")
    if len(hands) != n:
        raise AnalysisError(f"hands must be a list of {n} hands, one per seat, got "
                            f"{_n(len(hands), 'hand')}")
    named: list[tuple[str, Any, int]] = [(f"seat {i}'s hand", h, 10) for i, h in enumerate(hands)]
    if rules.dead_hand:
        if "dead" not in deal:
            raise AnalysisError('the two-handed dead-hand game needs the dead hand: "dead"')
        named.append(("the dead hand", deal["dead"], 10))
    elif "dead" in deal:
        raise AnalysisError('"dead" is only for the two-handed dead-hand game')
    named.append(("the kitty", deal["kitty"], rules.kitty_size))
    for where, items, _ in named:
        if not isinstance(items, list):
            raise AnalysisError(f"{where} must be a list of cards, got {_spelled(items)}")
        for x in items:
            if not isinstance(x, str):
                raise AnalysisError(f"{where}: a card is a token such as AS, 10H or JK, not "
                                    f"{_spelled(x)}")
            try:
                card_from_token(x)
            except FiveHundredError:
                raise AnalysisError(f"{where}: not a card: {_spelled(x)} (a card is a token "
                                    "such as AS, 10H or JK)") from None
    for where, items, size in named:
        if len(items) != size:
            raise AnalysisError(f"{where} has {_n(len(items), 'card')}, expected {size}")


def _spelled(value: Any) -> str:
    """A deal file's value as JSON spells it, for an error (the records' own spelling, cut
    short past 60 characters: a hand of a thousand cards came back whole)."""
    from ...record.jsonfmt import _json_text

    text = _json_text(value)
    return text if len(text) <= 60 else f"{text[:57]}… ({len(text)} characters)"


def analyse_deal(rules: Rules, deal: Deal, budget: int = 0,
                 progress: Progress | None = None, *, seconds: float | None = None) -> DDTable:
    """The table of a deal: the hands as dealt, the kitty (and any dead hand) set aside
    (``budget``, ``seconds``: each search's limits, as for :func:`dd_table`)."""
    return dd_table(rules, deal.hands[:rules.players], dealer=deal.dealer, budget=budget,
                    progress=progress, seconds=seconds)
