"""``fivehundred arena``: the options, the progress bar, and the run from end to end."""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from .. import bot_catalog as catalog
from .. import clitools as ct
from ..bots.base import bot_key
from ..errors import FiveHundredError
from ..rules import Rules
from .executors import import_ray, make_executor
from .play import ArenaError, UnitResult
from .report import beyond_words, format_report, summarize
from .results import ResultsFile
from .runner import run_match
from .spec import LIMITS, MatchSpec

DEALS = 200
"""The deals a match plays when neither --deals nor --games is given."""


def add_arena_arguments(p: argparse.ArgumentParser, rules_type: Callable[[str], Rules]) -> None:
    """The options of ``fivehundred arena``."""
    p.add_argument("--rules", type=rules_type, default=Rules.preset("australian"),
                   help="a preset name or a rules string (default australian)")
    bots = catalog.names_in_words()
    p.add_argument("--a", required=True, metavar="BOT",
                   help=f"bot A: {bots}; or your own, MODULE:NAME (docs/bots.md)")
    p.add_argument("--b", required=True, metavar="BOT", help="bot B: any of the same")
    p.add_argument("--deals", type=ct.whole(*LIMITS["deals"]), default=None,
                   help=f"deals, each played in every seating (default {DEALS}, none when "
                        "--games is given)")
    p.add_argument("--games", type=ct.whole(*LIMITS["games"]), default=0,
                   help="whole games, each played in every seating (default 0)")
    p.add_argument("--seed", type=ct.whole(*LIMITS["seed"]), default=0,
                   help="the match seed (default 0)")
    p.add_argument("--workers", type=ct.whole(1, 1024), default=2,
                   help="local worker processes (default 2; 1 runs in this process)")
    p.add_argument("--ray", metavar="ADDRESS", default=None,
                   help="run on Ray: a cluster address, or 'local' to start one here "
                        "(pip install 'fivehundred[ray]')")
    p.add_argument("--samples", type=ct.whole(*LIMITS["samples"]), default=None,
                   help="bots' samples per decision (default: each bot's own)")
    p.add_argument("--seconds", type=ct.seconds(), default=None,
                   help="bots' time limit per decision, in seconds (Hard and Insane decide "
                        "on the deals solved by then; results then depend on the machine's "
                        "speed)")
    p.add_argument("--max-hands", type=ct.whole(*LIMITS["max_hands"]), default=500,
                   help="stop a game after this many hands, unfinished (default 500)")
    p.add_argument("--out", metavar="PATH", default=None,
                   help="stream results to this JSON-lines file; rerunning with it resumes")
    p.add_argument("--json", metavar="PATH", default=None,
                   help="write every statistic as JSON to PATH ('-' for standard output)")
    p.add_argument("--quiet", action="store_true", help="no progress")


class Progress:
    """Units done out of the total, the rate and the time left, on a stream.

    On a terminal the line is redrawn in place (at most ten times a second); elsewhere a line
    is printed at every tenth of the work, so logs stay short.
    """

    def __init__(self, stream: TextIO, quiet: bool = False, width: int = 30) -> None:
        self.stream = stream
        self.quiet = quiet
        self.width = width
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.start: float | None = None
        self.first = 0
        self.last_draw = 0.0
        self.last_tenth = -1
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        if self.quiet or total == 0:
            return
        now = time.monotonic()
        if self.start is None:
            self.start, self.first = now, done
            self.last_tenth = 10 * done // total
        elapsed = now - self.start
        fresh = done - self.first
        rate = fresh / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else math.inf
        text = f"{done}/{total} units  {rate:.1f}/s  ETA {_duration(eta)}"
        if self.tty:
            if done < total and now - self.last_draw < 0.1 and self.drawn:
                return
            filled = self.width * done // total
            bar = "#" * filled + "-" * (self.width - filled)
            self.stream.write(f"\r[{bar}] {text}\x1b[K")
            self.stream.flush()
            self.last_draw, self.drawn = now, True
            if done == total:
                self.stream.write("\n")
        else:
            tenth = 10 * done // total
            if tenth > self.last_tenth:
                self.last_tenth = tenth
                self.stream.write(f"arena: {100 * done // total}%  {text}\n")
                self.stream.flush()

    def finish(self) -> None:
        """End the in-place line (after an interruption)."""
        if self.tty and self.drawn and not self.quiet:
            self.stream.write("\n")
            self.drawn = False


def _duration(seconds: float) -> str:
    if math.isinf(seconds):
        return "?"
    s = int(seconds + 0.5)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s // 60 % 60:02d}m"


def spec_from_args(args: argparse.Namespace) -> MatchSpec:
    """The MatchSpec of parsed options (``--games`` alone plays games only).  Each number's
    range is checked twice already, by its option's type and by MatchSpec; only a match of
    nothing is refused here."""
    deals = args.deals if args.deals is not None else 0 if args.games else DEALS
    if deals == 0 and args.games == 0:
        raise ArenaError("nothing to play: give --deals or --games")
    return MatchSpec(
        rules=args.rules.to_string(), bot_a=bot_key(args.a), bot_b=bot_key(args.b),
        seed=args.seed, deals=deals, games=args.games,
        samples=args.samples, seconds=args.seconds, max_hands=args.max_hands,
    )


def check_bot_names(spec: MatchSpec) -> None:
    """Refuse a bot name that is neither built in (the bots' catalog names it, loaded or
    not) nor registered yet, nor ``module:name`` whose module registers that name (imported
    here, from the current folder too), as the runner's :func:`~.runner.check_bots` does,
    but before the bots load: a first load of the solver compiles it, over a minute before
    "no such bot" was said."""
    from ..bots.base import BotError, known_names, resolve_here

    for label, name in (("--a", spec.bot_a), ("--b", spec.bot_b)):
        if ":" in name:
            try:
                resolve_here(name)
            except BotError as e:
                raise ArenaError(f"{label} {e}") from None
            continue
        known = known_names()
        if name not in known:
            raise ArenaError(f"{label} {name}: no such bot; bots are {', '.join(known)}")


def run_arena_main(args: argparse.Namespace, stdout: TextIO | None = None,
                   stderr: TextIO | None = None) -> int:
    """Run ``fivehundred arena`` with parsed options; returns the exit status."""
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    # everything that can be refused is refused here, before a unit is played and before
    # the bots load the solver (a first run's compile: over a minute)
    try:
        spec = spec_from_args(args)
        check_bot_names(spec)
        if args.ray is not None:
            import_ray()
        if args.json is not None and args.json != "-":
            ct.check_output("--json", args.json)
            _check_summary_file(args.json)
        if args.out is not None:
            ct.check_output("--out", args.out)
            if args.json not in (None, "-") and Path(args.json).resolve() == Path(
                    args.out).resolve():
                raise FiveHundredError(f"--json {args.json} is the --out results file: the "
                                       "summary would replace the results a rerun resumes "
                                       "from; give it another name")
        results = ResultsFile(args.out, spec) if args.out else None
    except OSError as e:
        print(f"fivehundred arena: --out {args.out}: {e.strerror or e}", file=err)
        return 2
    except (FiveHundredError, ValueError) as e:
        print(f"fivehundred arena: {e}", file=err)
        return 2
    progress = Progress(err, quiet=args.quiet)
    executor = None
    got: list[UnitResult] = []
    previous = _stop_on_sigterm()
    try:
        if results is not None:
            for note in results.notes:
                print(f"arena: {note}", file=err)
            if results.done and not args.quiet:
                wanted = [u.key for u in spec.units()]
                left = sum(1 for k in wanted if k not in results.done)
                print(f"arena: {args.out}: " + (
                    f"all {len(wanted)} units of the match already played; nothing to play"
                    if not left else f"{len(wanted) - left} units of the match already played, "
                    f"{left} to play"), file=err)
            beyond = None if args.quiet else beyond_words(spec, results.done.values())
            if beyond:              # (the report says it too: a smaller --deals said nothing)
                print(f"arena: {args.out} {beyond} (nothing removed)", file=err)
        elif not args.quiet:
            print("arena: results are not saved (pass --out FILE to make the run resumable)",
                  file=err)
        executor = make_executor(args.workers, args.ray)
        got = run_match(spec, executor, results, on_result=progress)
    except KeyboardInterrupt:
        progress.finish()
        saved = f"; rerun the same command to continue from {args.out}" if args.out else ""
        print(f"arena: interrupted{saved}", file=err)
        return 130
    except FiveHundredError as e:
        progress.finish()
        print(f"fivehundred arena: {e}", file=err)
        return 1
    finally:
        if executor is not None:
            executor.close()
        if results is not None:
            results.close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    # the units of the file beyond the match asked for: not counted, and the report says so
    asked = {u.key for u in spec.units()}
    extra = [r for key, r in results.done.items() if key not in asked] if results else []
    summary = summarize(spec, [*got, *extra])
    # The file first: a reader of the table that stops early (| head) loses it no more.
    # With --json -, standard output carries the JSON alone and the table goes to stderr.
    if args.json and args.json != "-":
        try:
            write_json(summary, args.json, out)
        except OSError as e:
            saved = f" (the results are in {args.out})" if args.out else ""
            print(f"fivehundred arena: --json {args.json}: {e.strerror or e}{saved}", file=err)
            print(format_report(summary), file=out)
            return 1
    print(format_report(summary), file=err if args.json == "-" else out)
    if args.json == "-":
        write_json(summary, args.json, out)  # (a reader that stopped early: quiet, as ever)
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _stop_on_sigterm() -> Any:
    """Treat SIGTERM like Ctrl-C (a clean stop); returns the previous handler to restore."""
    try:
        return signal.signal(signal.SIGTERM, _interrupt)
    except ValueError:  # not the main thread: leave signals alone
        return None


SUMMARY_KEYS = ("match", "seatings", "units_done")
"""Keys every arena summary has: a file with them may be written over by another."""


def _check_summary_file(path: str) -> None:
    """Refuse a ``--json`` path that holds something else than an earlier summary (a game
    record, any other file): the summary replaces the file whole.  An empty file is fine."""
    p = ct.written_file(path)
    size = p.stat().st_size if p.is_file() else 0
    if size == 0:
        return
    data: object = None
    if size <= 64 << 20:
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):       # (UnicodeDecodeError is a ValueError)
            data = None
    if not (isinstance(data, dict) and all(k in data for k in SUMMARY_KEYS)):
        raise FiveHundredError(f"--json {path}: the file holds something other than an "
                               "arena summary, which would replace it; give another name")


def write_json(summary: dict[str, Any], path: str, out: TextIO) -> None:
    """Write the summary as JSON to a path, or to ``out`` for ``-``."""
    text = json.dumps(summary, indent=2, ensure_ascii=False) + "\n"
    if path == "-":
        out.write(text)
    else:
        ct.write_whole(Path(path), text)
