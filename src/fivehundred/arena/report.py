"""From unit results to the match's statistics, and the table a person reads.

The measures (see :mod:`fivehundred.arena.spec` for the seatings):

* **Points per deal, A - B.**  For each deal, over all its seatings: the mean points of the
  sides A held minus the mean points of the sides B held.  Each bot holds every side equally
  often on the same cards, so the luck of the cards cancels; what is left is skill.  With two
  sides this is the classic duplicate score ``((A's - B's) + (A's - B's)) / 2`` of the two
  plays.  The interval is the t interval over deals (:func:`stats.mean_ci`); a deal counts once
  all its seatings are in.
* **Game wins.**  Each bot's share of the (play, side) slots it held that won their game;
  with two sides the two shares add up to 1 (less unfinished games), with ``k`` sides an even
  match gives each ``1/k``.  The Wilson interval treats the slots as independent games, which
  they are not quite (the same seed is played in every seating), so the paired difference,
  one number per game seed (A's share of its slots won minus B's), is given too, with the
  plus-four t interval of a bounded mean (:func:`stats.bounded_mean_ci`): a plain t interval
  over three seeds that A all won claimed [+1, +1].
* **Contracts made** by the bot that declared, by kind: suit, no trumps (NT), misère (open
  misère included), over every hand played (deals and games).
* **Time per decision** of each bot: median and 95th percentile over all its decisions,
  and under ``--seconds`` how many ran past it (``over_seconds``: a bot that honours the
  limit stops when it next looks at its clock, a little past it; one that ignores it, all).

Each measure of who is stronger ends in a verdict in words (:func:`deals_verdict`,
:func:`games_verdict`): who scored or won more, by how much, and whether the 95% interval
lies clear of 0 (shown the stronger) or holds it (not told apart).  The games' verdict is the
paired share's: the game seeds are the independent trials, and the Wilson shares, counting a
seed's games as if each were a game of its own, say more than the games can (8 of 8 games won
over 4 seeds: a coin gives four seeds all to one bot, either one, 1 time in 8; the plus-four
interval first lies clear of 0 with 7 seeds all won).  Results given beyond the deals and games
asked for (a results file played further before) are not counted, and the report says so
(``not_counted``).

The report names the rules as played (a preset, or the nearest preset and the options that
differ from it), marks a bot that sees every card (``sees_all``: handed the whole game, as the
cheater is) wherever its name heads the report, and says why an interval of no width is one
(every deal thrown in, or scored alike in every seating).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from .. import bot_catalog
from ..rules import Rules, option_text
from .play import UnitResult
from .spec import LABELS, MatchSpec, preset_name
from .stats import bounded_mean_ci, clipped_mean_ci, mean_ci, median, quantile, wilson

CONTRACT_KINDS = ("suit", "NT", "misère")


def contract_kind(bid: str) -> str:
    """``suit``, ``NT`` or ``misère`` for a contract's bid token.

    >>> contract_kind("8H"), contract_kind("10NT"), contract_kind("open-misere")
    ('suit', 'NT', 'misère')
    """
    if bid in ("misere", "open-misere"):
        return "misère"
    return "NT" if bid.endswith("NT") else "suit"


def rules_words(rules: Rules) -> str:
    """The rules as a report names them: a preset's name, else the nearest preset and the
    options that differ from it, as the options' names and values (it said "custom rules",
    which hid what was played).

    >>> rules_words(Rules.preset("classic3"))
    'classic3'
    >>> rules_words(Rules.preset("australian", nt_joker="classic", target=300))
    'australian with nt_joker classic, target 300'
    """
    best = rules.nearest_preset()
    base = Rules.preset(best)
    changed = [f"{f.name} {option_text(getattr(rules, f.name))}"
               for f in dataclasses.fields(rules)
               if getattr(rules, f.name) != getattr(base, f.name)]
    return best if not changed else f"{best} with {', '.join(changed)}"


def sees_all_labels(spec: MatchSpec, results: Iterable[UnitResult]) -> list[str]:
    """The labels of the bots that see every card: those a unit says were handed the whole
    game, and a built-in bot no table seats for that reason (the cheater) even before a unit
    of it is in (or in a results file written before units said so)."""
    labels = {label for r in results for label in r.sees_all}
    for label in LABELS:
        if any(b.name == spec.bot(label) and not b.table for b in bot_catalog.BUILT_IN):
            labels.add(label)
    return sorted(labels)


def deal_scores(
    results: Iterable[UnitResult], seatings: tuple[str, ...], kind: str = "deal"
) -> dict[int, tuple[float, float]]:
    """Per complete deal (or game, with ``kind``): A's and B's mean points per side held.

    >>> from .play import UnitResult
    >>> u = [UnitResult("deal", 0, "AB", (100, 20), None, (), {}),
    ...      UnitResult("deal", 0, "BA", (-100, 40), None, (), {})]
    >>> deal_scores(u, ("AB", "BA"))
    {0: (70.0, -40.0)}
    """
    by_number: dict[int, dict[str, UnitResult]] = defaultdict(dict)
    for r in results:
        if r.kind == kind:
            by_number[r.number][r.seating] = r
    out: dict[int, tuple[float, float]] = {}
    for number in sorted(by_number):
        plays = by_number[number]
        if len(plays) < len(seatings):
            continue
        sums = {"A": 0, "B": 0}
        counts = {"A": 0, "B": 0}
        for seating in seatings:
            for side, label in enumerate(seating):
                sums[label] += plays[seating].points[side]
                counts[label] += 1
        out[number] = (sums["A"] / counts["A"], sums["B"] / counts["B"])
    return out


def summarize(spec: MatchSpec, results: Iterable[UnitResult]) -> dict[str, Any]:
    """Every statistic of the match as one JSON-ready object (units beyond the deals and
    games asked for are counted in ``not_counted`` alone)."""
    rules = spec.rules_obj
    given, beyond = _asked_and_beyond(spec, results)
    units = sorted(given, key=lambda r: (r.kind != "deal", r.number,
                                         spec.seatings.index(r.seating)))
    seatings = spec.seatings
    out: dict[str, Any] = {
        "match": {**spec.identity(), "deals": spec.deals, "games": spec.games,
                  "match_id": spec.match_id, "preset": preset_name(rules),
                  "rules_words": rules_words(rules), "players": rules.players,
                  "sides": [list(s) for s in rules.sides],
                  "sees_all": sees_all_labels(spec, units)},
        "seatings": list(seatings),
        "units_done": len(units),
        "units_total": (spec.deals + spec.games) * len(seatings),
        "not_counted": _not_counted(spec, beyond),
    }

    scores = deal_scores(units, seatings)
    diffs = [a - b for a, b in scores.values()]
    passed: dict[int, bool] = {}
    for r in units:
        if r.kind == "deal" and r.number in scores:
            passed[r.number] = passed.get(r.number, True) and all(h.bid is None for h in r.hands)
    out["deals"] = {
        "requested": spec.deals,
        "complete": len(scores),
        "plays": len(scores) * len(seatings),
        "thrown_in": sum(passed.values()),
        "a_minus_b": mean_ci(diffs).to_json(),
        "a_points": mean_ci([a for a, _ in scores.values()]).to_json(),
        "b_points": mean_ci([b for _, b in scores.values()]).to_json(),
        "per_deal": [{"deal": n, "a": a, "b": b, "a_minus_b": a - b}
                     for n, (a, b) in scores.items()],
    }

    games: dict[int, dict[str, UnitResult]] = defaultdict(dict)
    for r in units:
        if r.kind == "game":
            games[r.number][r.seating] = r
    wins = {"A": 0, "B": 0}
    slots = {"A": 0, "B": 0}
    unfinished = 0
    hands_played: list[float] = []
    win_diffs: list[float] = []
    for plays in games.values():
        if len(plays) < len(seatings):
            continue
        w = {"A": 0, "B": 0}
        s = {"A": 0, "B": 0}
        for seating, r in plays.items():
            hands_played.append(len(r.hands))
            if r.winner is None:
                unfinished += 1
            for side, label in enumerate(seating):
                s[label] += 1
                w[label] += r.winner == side
        for label in LABELS:
            wins[label] += w[label]
            slots[label] += s[label]
        win_diffs.append(w["A"] / s["A"] - w["B"] / s["B"])
    # a seed's share difference lies between B winning every play and A winning every one
    held = {label: sum(seating.count(label) for seating in seatings) for label in LABELS}
    share_range = (-len(seatings) / held["B"], len(seatings) / held["A"])
    out["games"] = {
        "requested": spec.games,
        "complete": len(win_diffs),
        "plays": len(win_diffs) * len(seatings),
        "unfinished": unfinished,
        "even_share": 1 / len(rules.sides),
        "a_win": wilson(wins["A"], slots["A"]).to_json(),
        "b_win": wilson(wins["B"], slots["B"]).to_json(),
        "a_minus_b": bounded_mean_ci(win_diffs, *share_range).to_json(),
        "hands_per_game": clipped_mean_ci(hands_played, 1, spec.max_hands).to_json(),
    }

    declared: dict[str, dict[str, list[int]]] = {
        label: {k: [0, 0] for k in CONTRACT_KINDS} for label in LABELS}
    hands = 0
    for r in units:
        for h in r.hands:
            hands += 1
            if h.bid is None or h.declarer is None:
                continue
            label = r.seating[rules.side_of[h.declarer]]
            cell = declared[label][contract_kind(h.bid)]
            cell[0] += bool(h.made)
            cell[1] += 1
    out["contracts"] = {"hands": hands}
    for label in LABELS:
        kinds = {k: wilson(made, n).to_json() for k, (made, n) in declared[label].items()}
        made_all = sum(c[0] for c in declared[label].values())
        n_all = sum(c[1] for c in declared[label].values())
        kinds["all"] = wilson(made_all, n_all).to_json()
        out["contracts"][label] = kinds

    out["times"] = {}
    for label in LABELS:
        ts = [t for r in units for t in r.times.get(label, ())]
        out["times"][label] = {
            "bot": spec.bot(label), "decisions": len(ts),
            "median": _num(median(ts)), "p95": _num(quantile(ts, 0.95)),
            "mean": _num(sum(ts) / len(ts)) if ts else None,
            "max": max(ts) if ts else None,
            "over_seconds": (None if spec.seconds is None
                             else sum(1 for t in ts if t > spec.seconds)),
        }
    out["deals"]["verdict"] = deals_verdict(out)
    out["games"]["verdict"] = games_verdict(out)
    return out


def _asked_and_beyond(spec: MatchSpec, results: Iterable[UnitResult]
                      ) -> tuple[list[UnitResult], list[UnitResult]]:
    """The results of the match's seatings within the deals and games asked for, and those
    beyond them (a results file played further before: counted by no measure)."""
    wanted = {"deal": spec.deals, "game": spec.games}
    given = [r for r in results if r.seating in spec.seatings]
    return ([r for r in given if r.number < wanted.get(r.kind, 0)],
            [r for r in given if r.number >= wanted.get(r.kind, 0)])


def beyond_words(spec: MatchSpec, results: Iterable[UnitResult]) -> str | None:
    """:func:`not_counted_words` of ``results`` without the whole :func:`summarize` (the
    start of a run, before a unit is played)."""
    beyond = _asked_and_beyond(spec, results)[1]
    return not_counted_words({"not_counted": _not_counted(spec, beyond),
                              "deals": {"requested": spec.deals},
                              "games": {"requested": spec.games}})


def _not_counted(spec: MatchSpec, beyond: list[UnitResult]) -> dict[str, Any]:
    """The units given beyond the deals and games asked for, which no measure counts: how
    many, of how many deals and games, and the ``--deals`` and ``--games`` that would count
    them all (a rerun with a smaller ``--deals`` over a fuller file said nothing of them)."""
    numbers = {kind: {r.number for r in beyond if r.kind == kind} for kind in ("deal", "game")}
    return {
        "units": len(beyond),
        "deals": len(numbers["deal"]),
        "games": len(numbers["game"]),
        "to_count_all": {"deals": max([spec.deals, *(n + 1 for n in numbers["deal"])]),
                         "games": max([spec.games, *(n + 1 for n in numbers["game"])])},
    }


def not_counted_words(summary: dict[str, Any]) -> str | None:
    """What the results hold beyond the match asked for, in words to follow "the results
    file" (None: nothing): which deals and games, that only the first ones asked for are
    counted, and the options that count them all."""
    nc = summary.get("not_counted")
    if not nc or not nc["units"]:
        return None
    reached, counted, flags = [], [], []
    for kind, key in (("deal", "deals"), ("game", "games")):
        asked, top = summary[key]["requested"], nc["to_count_all"][key]
        if asked:
            counted.append(f"the first {kind}" if asked == 1 else f"the first {asked} {key}")
        if nc[key]:
            reached.append(f"{kind} {asked}" if top == asked + 1 else f"{key} {asked} to {top - 1}")
            flags.append(f"--{key} {top}")
    units = f"{nc['units']} unit{'s' if nc['units'] != 1 else ''}"
    verb = "is" if counted in (["the first deal"], ["the first game"]) else "are"
    only = f", only {' and '.join(counted)} {verb}" if counted else ""
    return (f"holds {units} beyond the match asked for, of {' and '.join(reached)}: they are "
            f"not counted{only}; {' '.join(flags)} counts them all")


def _bot_named(m: dict[str, Any], label: str) -> str:
    """A bot as a verdict names it: its name and label, as the report's first line does."""
    return f"{m['bot_' + label.lower()]} ({label})"


def _self_play(m: dict[str, Any]) -> bool:
    """Whether one bot plays itself with no time limit: every seating plays alike."""
    return bool(m["bot_a"] == m["bot_b"] and m["seconds"] is None)


def _interval_verdict(e: dict[str, Any], lead: str, m: dict[str, Any], more: str,
                      interval: str = "the 95% interval") -> tuple[str | None, str]:
    """Whether an interval of A - B lies clear of 0 (the label shown the stronger, else
    None) and the words that say so, after ``lead`` (what the bots did); ``more`` says what
    may yet tell them apart, ``interval`` names the interval."""
    a, b = _bot_named(m, "A"), _bot_named(m, "B")
    if e["low"] > 0:
        return "A", f"{lead}; {interval} lies above 0: {a} is shown the stronger"
    if e["high"] < 0:
        return "B", f"{lead}; {interval} lies below 0: {b} is shown the stronger"
    return None, f"{lead}, but {interval} holds 0: not told apart ({more})"


def _nothing_to_tell(m: dict[str, Any], e: dict[str, Any], unit: str,
                     more: str) -> dict[str, Any] | None:
    """The verdict where no interval can tell the bots apart (one bot against itself, no
    ``unit`` complete, or one alone: play ``more``), else None."""
    if _self_play(m):
        words = "one bot against itself: nothing to tell apart"
    elif e["n"] == 0:
        words = f"no {unit} complete: nothing to tell yet"
    elif e["n"] < 2:
        words = f"one {unit} cannot tell the bots apart: play more {more}"
    else:
        return None
    return {"stronger": None, "words": words}


def deals_verdict(summary: dict[str, Any]) -> dict[str, Any]:
    """The points per deal in words a club member reads: who scored more a deal, by how
    much, and whether the 95% interval tells the bots apart; ``stronger`` is ``"A"``, ``"B"``
    or None (not shown, or nothing to tell)."""
    m, d = summary["match"], summary["deals"]
    e = d["a_minus_b"]
    if (untold := _nothing_to_tell(m, e, "deal", "deals")) is not None:
        return untold
    if e["sd"] == 0:
        return {"stronger": None, "words": "none: an interval of no width tells nothing of "
                                           "the bots (above)"}
    mean = e["mean"]
    first, second = ("A", "B") if mean >= 0 else ("B", "A")
    if f"{abs(mean):.1f}" == "0.0":         # (as the table shows it)
        lead = f"{_bot_named(m, 'A')} and {_bot_named(m, 'B')} scored alike a deal"
    else:
        lead = (f"{_bot_named(m, first)} scored {abs(mean):.1f} more points a deal than "
                f"{_bot_named(m, second)}")
    stronger, words = _interval_verdict(e, lead, m, "more deals may tell them apart")
    return {"stronger": stronger, "words": words}


def games_verdict(summary: dict[str, Any]) -> dict[str, Any]:
    """The games in words: the games each bot won, and whether the 95% interval of the share
    paired by seed tells the bots apart (the seeds are the independent trials, not the games:
    the Wilson shares are not the verdict); ``stronger`` as :func:`deals_verdict`'s."""
    m, g = summary["match"], summary["games"]
    e = g["a_minus_b"]
    if (untold := _nothing_to_tell(m, e, "game seed", "games")) is not None:
        return untold
    wa, wb = g["a_win"], g["b_win"]
    lead = (f"{_bot_named(m, 'A')} won {wa['k']} of {wa['n']} games, {_bot_named(m, 'B')} "
            f"{wb['k']} of {wb['n']}, over {e['n']} game seeds (the independent trials)")
    stronger, words = _interval_verdict(e, lead, m, "more games may tell them apart",
                                        "the 95% interval of A - B share")
    return {"stronger": stronger, "words": words}


def _num(x: float) -> float | None:
    return None if x != x else x


# ---------------------------------------------------------------------- the table


def _signed(x: float | None, digits: int = 1) -> str:
    return "n/a" if x is None else f"{x:+.{digits}f}"


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def _ms(x: float | None) -> str:
    if x is None:
        return "n/a"
    if x < 1e-3:
        return f"{x * 1e6:.0f} µs"
    if x < 1:
        return f"{x * 1e3:.1f} ms"
    return f"{x:.2f} s"


def _no_width(deals: dict[str, Any]) -> str:
    """Why an interval of points per deal has no width, though the bots differ: it says
    nothing of them (it read [+0.0, +0.0] as if they were equal)."""
    if deals.get("thrown_in") == deals["complete"]:
        return ("  (every deal was thrown in, all passing: no deal was played out, so the "
                "interval says nothing of the bots)")
    return ("  (every deal gave the same difference, so the interval has no width: it says "
            "nothing of the bots)")


def format_report(summary: dict[str, Any]) -> str:
    """The summary as the table printed at the end of a run."""
    m = summary["match"]
    a, b = m["bot_a"], m["bot_b"]
    name = {"A": f"A {a}", "B": f"B {b}"}
    width = max(len(v) for v in name.values())
    rules = m.get("rules_words") or m["preset"] or "custom rules"
    seeing = m.get("sees_all", [])
    who = {label: f"{m['bot_' + label.lower()]} ({label}"
                  f"{', sees every card' if label in seeing else ''})" for label in LABELS}
    per = " and ".join(k for k, key in (("deal", "deals"), ("game", "games")) if m[key]) or "deal"
    lines = [
        f"Arena: {who['A']} vs {who['B']}, {rules}, {m['players']} players, "
        f"{len(m['sides'])} sides, seed {m['seed']}",
        f"seatings per {per}: {', '.join(summary['seatings'])}; "
        f"units done {summary['units_done']}/{summary['units_total']}",
    ]
    beyond = not_counted_words(summary)
    if beyond:
        lines.append(f"(the results file {beyond})")
    for label in seeing:
        lines.append(f"({name[label]} sees every card: handed the whole game, for measurement "
                     "only, it is not a fair opponent)")
    budget = [f"{k} {m[k]}" for k in ("samples", "seconds") if m[k] is not None]
    if budget:
        lines.append("budget: " + ", ".join(budget))
    if a == b and m["seconds"] is None:
        lines.append("(one bot against itself, seeded by seat: every seating plays alike, "
                     "so A - B is 0 by construction)")
    elif a == b:
        lines.append("(one bot against itself, under a time limit: how far each decision "
                     "gets depends on the machine's load, so the seatings differ by chance)")

    d = summary["deals"]
    if d["requested"]:
        e = d["a_minus_b"]
        lines += ["", f"Points per deal, A - B, over {d['complete']} deals "
                      f"({d['plays']} plays, duplicate):"]
        if e["n"] >= 2:
            lines.append(f"  {_signed(e['mean'])}   95% CI [{_signed(e['low'])}, "
                         f"{_signed(e['high'])}]   (t interval; sd {e['sd']:.1f} per deal)")
            if e["sd"] == 0 and not (a == b and m["seconds"] is None):
                lines.append(_no_width(d))
        else:
            lines.append(f"  {_signed(e['mean'])}   (too few deals for an interval)")
        lines.append(f"  mean points per side and deal: A {_signed(d['a_points']['mean'])}, "
                     f"B {_signed(d['b_points']['mean'])}")
        lines.append(f"  verdict: {deals_verdict(summary)['words']}")

    g = summary["games"]
    if g["requested"]:
        lines += ["", f"Game wins over {g['complete']} game seeds ({g['plays']} games; "
                      f"an even match wins {_pct(g['even_share'])} each):"]
        for label, key in (("A", "a_win"), ("B", "b_win")):
            r = g[key]
            lines.append(f"  {name[label]:<{width}}  {_pct(r['rate']):>6}   95% CI "
                         f"[{_pct(r['low'])}, {_pct(r['high'])}]   ({r['k']} of {r['n']})")
        e = g["a_minus_b"]
        if e["n"] >= 2:
            lines.append(f"  A - B share: {_signed(e['mean'], 3)}   95% CI "
                         f"[{_signed(e['low'], 3)}, {_signed(e['high'], 3)}]   (paired by seed; "
                         "plus-four t interval)")
        elif e["n"] == 1:
            lines.append(f"  A - B share: {_signed(e['mean'], 3)}   (too few game seeds for an "
                         "interval)")
        if g["complete"]:
            lines.append("  (the Wilson intervals count each game as independent; a seed's "
                         "games are played on the same deals, so the verdict is the paired "
                         "share's)")
        extra = f"; {g['unfinished']} unfinished" if g["unfinished"] else ""
        hp = g["hands_per_game"]["mean"]
        if hp is not None:
            lines.append(f"  hands per game: {hp:.1f}{extra}")
        lines.append(f"  verdict: {games_verdict(summary)['words']}")

    c = summary["contracts"]
    lines += ["", f"Contracts made by the declaring bot ({c['hands']} hands):",
              f"  {'':<{width}}  {'kind':<6} {'made':>6} {'of':>6} {'rate':>7}   95% CI (Wilson)"]
    for label in LABELS:
        for kind in (*CONTRACT_KINDS, "all"):
            r = c[label][kind]
            ci = f"[{_pct(r['low'])}, {_pct(r['high'])}]" if r["n"] else ""
            lines.append(f"  {name[label]:<{width}}  {kind:<6} {r['k']:>6} {r['n']:>6} "
                         f"{_pct(r['rate']):>7}   {ci}")

    t = summary["times"]
    lines += ["", "Time per decision:",
              f"  {'':<{width}}  {'decisions':>10} {'median':>10} {'p95':>10} {'max':>10}"]
    for label in LABELS:
        x = t[label]
        lines.append(f"  {name[label]:<{width}}  {x['decisions']:>10} {_ms(x['median']):>10} "
                     f"{_ms(x['p95']):>10} {_ms(x['max']):>10}")
    if m["seconds"] is not None:
        lines.append(f"  decisions past --seconds {m['seconds']:g}: " + ", ".join(
            f"{label} {t[label]['over_seconds']} of {t[label]['decisions']}"
            for label in LABELS))
    return "\n".join(line.rstrip() for line in lines)
