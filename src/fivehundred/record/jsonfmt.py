"""The JSON form of game records: the same content as the text form, for programs.

The layout is fixed: keys sorted, two-space indent, a list of plain values on one line, every
field present (null where absent), a trailing newline; so ``dumps_json(loads_json(s)) == s``
for any ``s`` that ``dumps_json`` wrote.  Reading is strict: unknown or missing keys, wrong
types and duplicate keys are errors naming the JSON path.

>>> from fivehundred import Rules
>>> from fivehundred.record import GameRecord
>>> text = dumps_json(GameRecord(Rules.preset("classic3"), tags=(("Result", "*"),)))
>>> lines = text.splitlines()
>>> for line in lines[:3] + lines[-6:]:
...     print(line)
{
  "format": "fivehundred-record",
  "hands": [],
  "tags": [
    ["Result", "*"]
  ],
  "version": 1,
  "viewpoint": null
}
"""

from __future__ import annotations

import json
import re
from typing import IO, Any, NoReturn

from ..errors import FiveHundredError, RecordError
from ..rules import Rules
from .guards import need_file, need_record, not_a_path
from .model import GameRecord, HandOutcome, HandRecord, RecordProblem, RecordSource
from .replay import first_fault

FORMAT = "fivehundred-record"
VERSION = 1

_TOP_KEYS = ("format", "hands", "rules", "tags", "version", "viewpoint")
_HAND_KEYS = ("auction", "call", "cards", "dead", "dealer", "discards", "exposed", "kitty",
              "play", "result")
_RESULT_KEYS = ("contract", "declarer", "made", "partner", "points", "totals", "tricks")


# ---------------------------------------------------------------------- writing


def to_json_object(rec: GameRecord) -> dict[str, Any]:
    """The record as plain JSON values (dicts, lists, strings, ints, None)."""
    need_record(rec, "to_json_object")
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rec.rules.to_string(),
        "viewpoint": rec.viewpoint,
        "tags": [[k, v] for k, v in rec.tags]
        + ([["Program", rec.program]] if rec.program is not None else []),
        "hands": [_hand_object(h) for h in rec.hands],
    }


def _opt(toks: tuple[str, ...] | None) -> list[str] | None:
    return None if toks is None else list(toks)


def _hand_object(h: HandRecord) -> dict[str, Any]:
    res = h.result
    return {
        "dealer": h.dealer,
        "cards": [_opt(c) for c in h.cards],
        "dead": _opt(h.dead),
        "kitty": _opt(h.kitty),
        "auction": list(h.auction),
        "discards": list(h.discards),
        "call": h.call,
        "play": list(h.play),
        "exposed": _opt(h.exposed),
        "result": None if res is None else {
            "contract": res.contract,
            "declarer": res.declarer,
            "partner": res.partner,
            "made": res.made,
            "tricks": list(res.tricks),
            "points": list(res.points),
            "totals": list(res.totals),
        },
    }


def _encode(value: Any, indent: str) -> str:
    """Sorted keys, two-space indent, lists of plain values kept on one line."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = indent + "  "
        items = [f"{inner}{json.dumps(k)}: {_encode(value[k], inner)}" for k in sorted(value)]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list):
        if not any(isinstance(x, dict | list) for x in value):
            return "[" + ", ".join(json.dumps(x, ensure_ascii=False) for x in value) + "]"
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + _encode(x, inner) for x in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def dumps_json(rec: GameRecord) -> str:
    """The record as JSON text in the fixed layout, with a trailing newline."""
    need_record(rec, "dumps_json")
    return _encode(to_json_object(rec), "") + "\n"


def dump_json(rec: GameRecord, fp: IO[str]) -> None:
    """Write the record as JSON to an open text file (a path is refused, saying how to write
    one)."""
    need_record(rec, "dump_json")
    need_file(fp, "dump_json", "Path(path).write_text(dumps_json(rec), encoding='utf-8')")
    fp.write(dumps_json(rec))


# ---------------------------------------------------------------------- reading


def load_json(fp: IO[str]) -> GameRecord:
    """Read a JSON record from an open text file (a path is refused, saying how to read
    one)."""
    need_file(fp, "load_json", "loads_json(read_text(path)), read_text from "
              "fivehundred.record")
    text = fp.read()
    if isinstance(text, str):
        not_text(text, "read it with load()")
    return loads_json(text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise RecordError(f"JSON key {json_text(k)} is given twice in one object")
        out[k] = v
    return out


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]')
"""A JSON string or punctuation (numbers, true, false and null are skipped: no quotes)."""


def _duplicate_key(text: str, one_line: bool = False) -> str | None:
    """Where the first key given twice in one object of a JSON text is, said as the other
    JSON errors say it: the object's path, the key, its line and column (its column alone
    for ``one_line``, a dataset's line; the hook that refuses it is not told where it is);
    None if there is none.

    >>> print(_duplicate_key('{"a": [1, {"b": {}, "c": 2,\\n  "b": 3}]}'))
    $.a[1]: JSON key "b" is given twice in one object (at line 2, column 3)
    """
    keys: list[set[str] | None] = []    # each open object's keys so far; None for a list
    path: list[str | int] = []          # each open object's latest key, each list's index
    key_next = False
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok in "{[":
            keys.append(set() if tok == "{" else None)
            path.append("" if tok == "{" else 0)
            key_next = tok == "{"
        elif tok in "}]":
            keys.pop()
            path.pop()
            key_next = False
        elif tok == ",":
            key_next = keys[-1] is not None
            if not key_next:
                path[-1] = int(path[-1]) + 1
        elif tok == ":":
            key_next = False
        elif key_next and (seen := keys[-1]) is not None:
            key = json.loads(tok)
            if key in seen:
                where = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                                      for p in path[:-1])
                line = text.count("\n", 0, m.start()) + 1
                column = m.start() - text.rfind("\n", 0, m.start())
                at = f"column {column}" if one_line else f"line {line}, column {column}"
                return (f"{where}: JSON key {json_text(key)} is given twice in one object "
                        f"(at {at})")
            seen.add(key)
            path[-1] = key
            key_next = False
    return None


def _fail(path: str, reason: str) -> NoReturn:
    raise RecordError(f"{path}: {reason}")


def json_text(value: Any) -> str:
    """A value of a JSON record as the file spells it, for an error: ``true``, ``null``,
    ``"AS"`` (Python's ``True``, ``None`` and ``'AS'`` are not what the reader wrote).

    >>> json_text(True), json_text(None), json_text(["AS", 1.5]), json_text("10♥")
    ('true', 'null', '["AS", 1.5]', '"10♥"')
    """
    return json.dumps(value, ensure_ascii=False)


def _json_name(value: Any) -> str:
    """The kind of a JSON value, for an error: ``a list``, ``null``."""
    return _JSON_NAMES.get(type(value), type(value).__name__)


def _object(value: Any, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        _fail(path, f"expected an object, got {_json_name(value)}")
    extra = sorted(set(value) - set(keys))
    if extra:
        _fail(path, f"unknown key {json_text(extra[0])} (keys are {', '.join(keys)})")
    missing = [k for k in keys if k not in value]
    if missing:
        _fail(path, f"missing key {json_text(missing[0])}")
    return value


def _int(value: Any, path: str, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(path, f"expected a whole number{' or null' if optional else ''}, "
                    f"got {json_text(value)}")
    return value


def _strings(value: Any, path: str, optional: bool = False) -> tuple[str, ...] | None:
    if value is None and optional:
        return None
    if not isinstance(value, list):
        _fail(path, f"expected a list of strings{' or null' if optional else ''}, "
                    f"got {json_text(value)}")
    for k, x in enumerate(value):
        if not isinstance(x, str):
            _fail(f"{path}[{k}]", f"expected a string, got {json_text(x)}")
    return tuple(value)


def _ints(value: Any, path: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        _fail(path, f"expected a list of whole numbers, got {json_text(value)}")
    return tuple(_int(x, f"{path}[{k}]") or 0 for k, x in enumerate(value))


def _counts(value: Any, path: str, size: int, each: str) -> tuple[int, ...]:
    """A result's list of whole numbers, one for each seat or side (``each``): ``size`` of
    them, else refused at ``path`` quoting the list as JSON spells it.

    >>> _counts([4, 2, 2, 2, 0], "$.hands[0].result.tricks", 4, "seat")
    Traceback (most recent call last):
    ...
    fivehundred.errors.RecordError: $.hands[0].result.tricks: expected 4 whole numbers, one \
for each seat, got [4, 2, 2, 2, 0]
    """
    got = _ints(value, path)
    if len(got) != size:
        _fail(path, f"expected {size} whole numbers, one for each {each}, got {json_text(value)}")
    return got


TOO_LONG = "a number of thousands of digits (Python reads at most 4,300)"
"""What JSON whose number Python refuses to read is told (``json.loads``' ValueError)."""


_JSON_NAMES = {list: "a list", str: "a string", int: "a number", float: "a number",
               bool: "true or false", type(None): "null"}
"""How a JSON value that is not an object is named in the error that refuses it."""


def json_problem(e: json.JSONDecodeError, one_line: bool = False) -> str:
    """What is wrong with a JSON text and where: ``Expecting value at line 3, column 5``
    (Python's message for a string left open already ends in "at", said once); ``one_line``:
    the text is one line of a file (a dataset's game), its place said by the column alone."""
    where = f"column {e.colno}" if one_line else f"line {e.lineno}, column {e.colno}"
    return f"{e.msg.removesuffix(' at')} at {where}"


_TEXT_RECORD = re.compile(r'\s*\[[A-Za-z]+ "')
"""How a text record begins (its first tag, ``[Rules "...``): never JSON."""


def not_text(text: str, how: str) -> None:
    """Refuse a text record given to a JSON reader, saying ``how`` to read it (it was told
    "not JSON: expected a value at line 1, column 2").

    >>> try:
    ...     loads_json('[Rules "fivehundred(players=4)"]')
    ... except RecordError as e:
    ...     print(e)
    this looks like a text record (it starts with a [Tag "..."]), not JSON: read it with loads()
    """
    if _TEXT_RECORD.match(text.removeprefix("\ufeff")):
        raise RecordError(f'this looks like a text record (it starts with a [Tag "..."]), not '
                          f"JSON: {how}")


def loads_json(text: str, replaying: bool = False) -> GameRecord:
    """Parse a JSON record; RecordError names the JSON path and what was expected.
    ``replaying``: the record is replayed next, so a fault replay finds before a failed
    check is reported instead (:func:`~fivehundred.record.replay.first_fault`)."""
    if not isinstance(text, str):
        raise RecordError(f"a JSON record is a str (bytes: decode them first), not "
                          f"{type(text).__name__}")
    not_text(text, "read it with loads()")
    return from_data(json_value(text, "loads_json"), replaying)


def json_value(text: str, func: str | None = None, one_line: bool = False) -> Any:
    """The JSON value of ``text`` (a byte-order mark dropped), RecordError "not JSON: ..."
    saying what is wrong and where, in the same words for every reader (``replay``,
    ``analyse``, ``hint``); a key given twice in one object is refused.  ``func``: the
    function given ``text``, which may be a file's path instead; ``one_line``: ``text`` is
    one line of a file, so a place in it is said by its column alone.

    >>> try:
    ...     json_value('{"a": 1}\\n{"a": 2}\\n')
    ... except RecordError as e:
    ...     print(e)  # doctest: +NORMALIZE_WHITESPACE
    not JSON: Extra data at line 2, column 1: this is a dataset of 2 games, one JSON record a
    line (as fivehundred selfplay writes), not one record
    """
    text = text.removeprefix("\ufeff")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        if func is not None:
            not_a_path(text, func)
        k = _dataset_size(text) if e.msg == "Extra data" else None
        whose = "" if k is None else (f": this is a dataset of {k} games, one JSON record a "
                                      "line (as fivehundred selfplay writes), not one record")
        raise RecordError(f"not JSON: {json_problem(e, one_line)}{whose}") from None
    except RecordError:    # (a ValueError too: a key given twice, said by the hook)
        where = _duplicate_key(text, one_line)
        if where is None:  # pragma: no cover - the hook and the scan find the same keys
            raise
        raise RecordError(where) from None
    except ValueError:     # Python's own limit on an int's digits
        raise RecordError(f"not JSON: {TOO_LONG}") from None
    except RecursionError:
        raise RecordError("not JSON: nested too deeply") from None


def _dataset_size(text: str) -> int | None:
    """How many lines a dataset's text has (one JSON record a line, as selfplay writes them),
    or None if its first line is not a whole JSON object of its own (one record over many
    lines, or no JSON)."""
    first, _, rest = text.partition("\n")
    try:
        if not isinstance(json.loads(first), dict):
            return None
    except (ValueError, RecursionError):
        return None
    return 1 + len(rest.rstrip().splitlines()) if rest.strip() else 1


def from_data(data: Any, replaying: bool = False) -> GameRecord:
    """A record from the JSON value of its text (:func:`loads_json`)."""
    if not isinstance(data, dict):
        raise RecordError(f'a JSON record is an object {{"format": "{FORMAT}", ...}}, not '
                          f"{_json_name(data)}")
    if "format" not in data and "hands" in data and "kitty" in data:
        raise RecordError("this is a deal (hands and kitty), not a game record: "
                          "`fivehundred analyse` reads a deal; a JSON record has "
                          f'"format": "{FORMAT}"')
    top = _object(data, "$", _TOP_KEYS)
    if top["format"] != FORMAT:
        _fail("$.format", f"expected {json_text(FORMAT)}, got {json_text(top['format'])}")
    if type(top["version"]) is not int or top["version"] != VERSION:    # (not true, not 1.0)
        _fail("$.version", f"this reader knows version {VERSION}, got {json_text(top['version'])}")
    if not isinstance(top["rules"], str):
        _fail("$.rules", f"expected a rules string, got {json_text(top['rules'])}")
    try:
        rules = Rules.from_string(top["rules"])
    except FiveHundredError as e:
        _fail("$.rules", str(e))
    viewpoint = _int(top["viewpoint"], "$.viewpoint", optional=True)
    tags: list[tuple[str, str]] = []
    program: str | None = None
    if not isinstance(top["tags"], list):
        _fail("$.tags", "expected a list of [name, value] pairs")
    for k, pair in enumerate(top["tags"]):
        if not (isinstance(pair, list) and len(pair) == 2
                and all(isinstance(x, str) for x in pair)):
            _fail(f"$.tags[{k}]", f"expected a [name, value] pair of strings, "
                                  f"got {json_text(pair)}")
        if pair[0] != "Program":
            tags.append((pair[0], pair[1]))
        elif program is not None:
            _fail(f"$.tags[{k}]", "tag Program: given twice")
        else:
            program = pair[1]      # (a field of the record: GameRecord.program)
    source = RecordSource(tags=tuple(pair[0] for pair in top["tags"]))
    if not isinstance(top["hands"], list):
        _fail("$.hands", "expected a list of hands")
    hands = [_hand(h, f"$.hands[{i}]", rules) for i, h in enumerate(top["hands"])]
    try:
        return GameRecord(rules, tuple(hands), tuple(tags), viewpoint, program, source)
    except RecordProblem as e:
        fault = first_fault(rules, hands, tags, viewpoint, e) if replaying else None
        raise source.locate(fault or e) from None


def _hand(value: Any, path: str, rules: Rules) -> HandRecord:
    """A hand of a JSON record; its lists of one entry a seat (or a side) of the length the
    rules give, said at the list's own path, its values as JSON spells them."""
    h = _object(value, path, _HAND_KEYS)
    n = rules.players
    if not isinstance(h["cards"], list):
        _fail(f"{path}.cards", "expected a list with each seat's cards (or null)")
    if len(h["cards"]) != n:
        _fail(f"{path}.cards", f"expected the cards of {n} seats (a list of cards, or null, "
                               f"for each seat), got {len(h['cards'])}")
    seats = tuple(_strings(c, f"{path}.cards[{s}]", optional=True)
                  for s, c in enumerate(h["cards"]))
    call = h["call"]
    if call is not None and not isinstance(call, str):
        _fail(f"{path}.call", f"expected a string or null, got {json_text(call)}")
    res = None
    if h["result"] is not None:
        rp = f"{path}.result"
        r = _object(h["result"], rp, _RESULT_KEYS)
        contract = r["contract"]
        if contract is not None and not isinstance(contract, str):
            _fail(f"{rp}.contract", f"expected a bid token or null, got {json_text(contract)}")
        made = r["made"]
        if made is not None and not isinstance(made, bool):
            _fail(f"{rp}.made", f"expected true, false or null, got {json_text(made)}")
        sides = len(rules.sides)
        res = HandOutcome(contract, _int(r["declarer"], f"{rp}.declarer", optional=True),
                          _int(r["partner"], f"{rp}.partner", optional=True), made,
                          _counts(r["tricks"], f"{rp}.tricks", n, "seat"),
                          _counts(r["points"], f"{rp}.points", sides, "side"),
                          _counts(r["totals"], f"{rp}.totals", sides, "side"))
    return HandRecord(
        dealer=_int(h["dealer"], f"{path}.dealer") or 0,
        cards=seats,
        kitty=_strings(h["kitty"], f"{path}.kitty", optional=True),
        auction=_strings(h["auction"], f"{path}.auction") or (),
        discards=_strings(h["discards"], f"{path}.discards") or (),
        call=call,
        play=_strings(h["play"], f"{path}.play") or (),
        result=res,
        dead=_strings(h["dead"], f"{path}.dead", optional=True),
        exposed=_strings(h["exposed"], f"{path}.exposed", optional=True),
    )
