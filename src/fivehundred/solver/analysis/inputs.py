"""What ``fivehundred analyse`` reads: a record (text or JSON) or a JSON deal file, and a
deal's table (:func:`load_input`, :func:`deal_from_json`, :func:`analyse_deal`)."""

from __future__ import annotations

from typing import Any

from ...dealing import Deal, parse_deal
from ...errors import DealError, FiveHundredError
from ...record.model import GameRecord
from ...rules import Rules
from .common import AnalysisError, Progress
from .ddtable import DDTable, dd_table


def load_input(path: str, game: int | None = None) -> GameRecord | tuple[Rules, Deal]:
    """Read ``fivehundred analyse``'s FILE: a record (text or JSON) or a JSON deal file; with
    ``game``, game ``game`` (from 1) of a dataset, one JSON record a line (``selfplay``'s).

    A record is read as ``fivehundred replay`` reads it, since it is replayed next: a damaged
    one is reported by its first fault in the order of play, whatever its kind, and JSON that
    is not JSON in the same words.  A dataset without ``game`` is refused, saying how many
    games it holds."""
    from ...record import loads
    from ...record.datasets import dataset_game, refuse_dataset
    from ...record.files import is_json, read_text
    from ...record.jsonfmt import json_value, loads_json

    try:
        if game is not None:
            return dataset_game(path, game, replaying=True)
        refuse_dataset(path)
        text = read_text(path)
    except FiveHundredError as e:
        raise AnalysisError(str(e)) from None
    try:
        start = text.lstrip()[:1]
        if start not in ("{", "[") or not is_json(text):   # (a text record: [Rules "..."])
            return loads(text, replaying=True)
        obj = json_value(text)
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
    try:                                # people write tokens, and read JSON's spellings
        return rules, parse_deal(rules, deal, tokens_only=True, spell=_spelled)
    except DealError as e:
        raise AnalysisError(str(e)) from None


def _spelled(value: Any) -> str:
    """A deal file's value as JSON spells it, for an error (the records' own spelling, cut
    short past 60 characters: a hand of a thousand cards came back whole)."""
    from ...record.jsonfmt import json_text

    text = json_text(value)
    return text if len(text) <= 60 else f"{text[:57]}… ({len(text)} characters)"


def analyse_deal(rules: Rules, deal: Deal, budget: int = 0,
                 progress: Progress | None = None, *, seconds: float | None = None) -> DDTable:
    """The table of a deal: the hands as dealt, the kitty (and any dead hand) set aside
    (``budget``, ``seconds``: each search's limits, as for :func:`dd_table`)."""
    return dd_table(rules, deal.hands[:rules.players], dealer=deal.dealer, budget=budget,
                    progress=progress, seconds=seconds)
