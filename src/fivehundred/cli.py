"""The ``fivehundred`` command: play, tui, replay, analyse, hint, arena, bench."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .errors import FiveHundredError
from .rules import PRESET_NAMES, Rules


def _rules_arg(text: str) -> Rules:
    """A preset name, or a full rules string ``fivehundred(...)``."""
    try:
        return Rules.parse(text)
    except FiveHundredError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    p = argparse.ArgumentParser(prog="fivehundred", description="Five Hundred, the card game.")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play in the browser (in this terminal with --text)")
    play.add_argument("--text", action="store_true", help="play in this terminal")
    play.add_argument("--port", type=int, default=None,
                      help="the browser game's port (default: the first free from 8500)")
    play.add_argument("--no-browser", action="store_true",
                      help="serve the browser game without opening a browser")
    play.add_argument("--db", default=None,
                      help="the saves and statistics file (default: in your data directory)")
    tui = sub.add_parser("tui", help="play in this terminal's full screen (a Textual app)")
    tui.add_argument("--resume", metavar="RECORD", default=None,
                     help="go on with a game record the table saved (its rules and seed)")
    for game in (play, tui):
        game.add_argument("--rules", type=_rules_arg, default=Rules.preset("australian"),
                          help=f"a preset ({', '.join(PRESET_NAMES)}) or a rules string")
        game.add_argument("--seed", type=int, default=None,
                          help="seed of the deals and opponents")
        game.add_argument("--seat", type=int, default=0,
                          help="your seat (0 sits at the bottom)")
        game.add_argument("--bots", default="medium",
                          choices=["random", "easy", "medium", "hard", "insane"],
                          help="the other players' strength (default medium)")

    replay = sub.add_parser("replay", help="replay a game record, checking every action")
    replay.add_argument("file", help="a record file (text, or JSON with --json)")
    replay.add_argument("--json", action="store_true", help="the record is JSON")

    analyse = sub.add_parser("analyse", help="double-dummy analysis of a deal or a record")
    analyse.add_argument("file", help="a game record (.fhr, .fhr.json) or a deal (JSON)")
    analyse.add_argument("--json", action="store_true", help="print JSON")
    analyse.add_argument("--hand", type=int, default=None,
                         help="the record's hand to analyse (from 1; default: every hand)")
    analyse.add_argument("--action", type=int, default=None,
                         help="value every legal card after this many actions of the hand")
    analyse.add_argument("--nodes", type=int, default=None,
                         help="node budget of each search (default 5,000,000; 0: none)")
    analyse.add_argument("--seconds", type=float, default=None,
                         help="time limit of each search (default none)")

    hint = sub.add_parser("hint", help="what the Insane bot would do at a point of a record")
    hint.add_argument("file", help="a game record (.fhr or .fhr.json)")
    hint.add_argument("--hand", type=int, required=True, help="the hand (from 1)")
    hint.add_argument("--action", type=int, required=True,
                      help="advise after this many actions of the hand")
    hint.add_argument("--samples", type=int, default=None, help="imagined deals per decision")
    hint.add_argument("--seconds", type=float, default=None,
                      help="a time limit: advice from the deals solved by then")
    hint.add_argument("--json", action="store_true", help="print JSON")

    bench = sub.add_parser("bench", help="benchmarks")
    bench.add_argument("what", choices=["engine", "solver", "nodes"],
                       help="what to measure (nodes: the solver's search nodes, no timing)")
    bench.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    bench.add_argument("--deals", type=int, default=200, help="deals per solver measurement")
    bench.add_argument("--passes", type=int, default=3,
                       help="solver: passes through the deals, each call's least time kept")
    bench.add_argument("--offset", type=int, default=0,
                       help="nodes: shift the deals' seeds by this much (other deals)")
    bench.add_argument("--write", metavar="PATH", help="write the results into this markdown")

    serve = sub.add_parser("serve", help="serve the browser game so friends can join a table")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (0.0.0.0 for every network)")
    serve.add_argument("--port", type=int, default=8500, help="port (default 8500)")
    serve.add_argument("--db", default=None, help="the saves and statistics file")

    from .arena.cli import add_arena_arguments

    arena = sub.add_parser("arena", help="a duplicate match between two bots, with statistics")
    add_arena_arguments(arena, _rules_arg)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    if args.command == "play" and args.text:
        from .console import run_console_game

        return run_console_game(args.rules, seed=args.seed, seat=args.seat, bots=args.bots)
    if args.command == "tui":
        from .tui import run_tui

        return run_tui(args.rules, seed=args.seed, seat=args.seat, bots=args.bots,
                       resume=args.resume)
    if args.command in ("play", "serve"):
        from .web.server import run

        if args.command == "play":
            return run("local", "127.0.0.1", args.port, args.db, not args.no_browser)
        return run("serve", args.host, args.port, args.db, False)
    if args.command == "replay":
        from .record import replay_main

        return replay_main(args.file, as_json=args.json)
    if args.command == "analyse":
        from .solver.analysis import analyse_main

        return analyse_main(args.file, as_json=args.json, hand=args.hand, action=args.action,
                            nodes=args.nodes, seconds=args.seconds)
    if args.command == "hint":
        from .hint_cli import hint_main

        return hint_main(args.file, args.hand, args.action, as_json=args.json,
                         samples=args.samples, seconds=args.seconds)
    if args.command == "bench" and args.what == "nodes":
        from .benchmarks.solver import bench_nodes_main

        return bench_nodes_main(deals=args.deals, offset=args.offset)
    if args.command == "bench" and args.what == "solver":
        from .benchmarks.solver import bench_solver_main

        return bench_solver_main(deals=args.deals, write=args.write, passes=args.passes)
    if args.command == "bench":
        from .benchmarks.engine import bench_main

        return bench_main(seconds=args.seconds, write=args.write)
    if args.command == "arena":
        from .arena.cli import run_arena_main

        return run_arena_main(args)
    return 2  # pragma: no cover - argparse rejects unknown commands


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
