"""The ``fivehundred`` command: play, tui, serve, replay, analyse, hint, arena, selfplay,
bench."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from . import clitools as ct
from .errors import FiveHundredError
from .numbers import SEEDS
from .options import SPEEDS, refuse_meaningless
from .record.table_files import TABLE_BOTS
from .rules import PRESET_NAMES, Rules

#: Hands and actions of a record are counted with at most this many.
_MAX_COUNT = 1_000_000


def _name_arg(text: str) -> str:
    """A bot's name or a speed as typed: "Hard", " hard" and "HARD" are "hard" (as arena
    takes them)."""
    return text.strip().lower()


def _bots_arg(text: str) -> str:
    """A table's ``--bots`` as typed: a bot's name in any case (:func:`_name_arg`), or
    ``module:name``, your own bot, its module imported here (from the current folder too)
    and registering that name, else refused naming both (the bots load only then)."""
    if ":" not in text:
        return _name_arg(text)
    from .bots.base import BotError, bot_key, resolve_here

    try:
        resolve_here(text)
    except BotError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return bot_key(text)


class _TableBots(tuple[str, ...]):
    """The ``--bots`` choices: the bots a table seats, as the usage line lists them, and any
    ``module:name`` (:func:`_bots_arg` has checked it)."""

    __slots__ = ()

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (":" in name or tuple.__contains__(self, name))


def _rules_arg(text: str) -> Rules:
    """A preset name, or a full rules string ``fivehundred(...)``."""
    try:
        return Rules.parse(text)
    except FiveHundredError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _table_rules_arg(text: str) -> Rules:
    """``--rules`` of a game to play: as :func:`_rules_arg`, an option that means nothing
    there refused, as the browser's new-game form refuses it (``nt_joker`` in a pack with no
    joker was taken, and named among the table's house rules)."""
    rules = _rules_arg(text)
    try:
        refuse_meaningless(rules, rules.house_rules())
    except FiveHundredError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return rules


def _host_arg(text: str) -> str:
    """``serve --host``: the address to listen on; an empty one (a service file's unset
    ``$HOST``) is refused: the system takes it for every network."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "empty: name the address to listen on (127.0.0.1: this machine only; 0.0.0.0: "
            "every network); an empty one would listen on every network")
    return text.strip()


def _proxy_arg(text: str) -> list[str]:
    """``serve --proxy``: comma-separated addresses (or networks) of reverse proxies, each
    checked: a name or ``*`` is refused (uvicorn would match nothing, or everyone)."""
    out = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise argparse.ArgumentTypeError(f"an empty address in {text!r}: give the "
                                             "proxy's own address")
        if item == "*":
            raise argparse.ArgumentTypeError(
                "'*' would believe any client's X-Forwarded-For (each could name a new "
                "address at every request): give the proxy's own address")
        try:
            net = ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{item!r} is not an IP address or network: give the address the proxy's "
                "connections come from (127.0.0.1 for one on this machine)") from None
        out.append(str(net) if "/" in item else str(net.network_address))
    return out


BENCH_OPTIONS = {"engine": ("seconds", "write"), "solver": ("deals", "passes", "write"),
                 "nodes": ("deals", "offset")}
"""The options each benchmark takes (any other given is refused, not ignored)."""
BENCH_DEFAULTS: dict[str, int | float] = {"seconds": 5.0, "deals": 200, "passes": 3, "offset": 0}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    p = argparse.ArgumentParser(prog="fivehundred", description="Five Hundred, the card game.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play in the browser (in this terminal with --text)")
    play.add_argument("--text", action="store_true", help="play in this terminal")
    play.add_argument("--port", type=ct.port, default=None,
                      help="the browser game's port (default: the first free from 8500; "
                           "0: any free port)")
    play.add_argument("--no-browser", action="store_true",
                      help="serve the browser game without opening a browser")
    play.add_argument("--db", default=None,
                      help="the saves and statistics file (default: fivehundred.sqlite3 in "
                           "your data directory)")
    tui = sub.add_parser("tui", help="play in this terminal's full screen (a Textual app)")
    tui.add_argument("--speed", choices=tuple(SPEEDS), default="normal", type=_name_arg,
                     help="how fast the bots play and a finished trick goes (default normal)")
    for game, only in ((play, " (with --text)"), (tui, "")):
        game.add_argument("--resume", metavar="RECORD", default=None,
                          help="go on with a game record the table saved (its rules and "
                               f"seed: --rules and --seed do not go with it){only}")
    for game, only in ((play, " (with --text)"), (tui, "")):
        # None marks an option left out: play refuses the terminal game's options without
        # --text, tui refuses --rules and --seed with --resume (see _table_options)
        game.add_argument("--rules", type=_table_rules_arg, default=None,
                          help=f"a preset ({', '.join(PRESET_NAMES)}) or a rules string: "
                               f"a preset with options changed, as "
                               f"'fivehundred(preset=classic3,target=300)' "
                               f"(default australian){only}")
        game.add_argument("--seed", type=ct.whole(0, SEEDS - 1), default=None,
                          help=f"seed of the deals and opponents (default: a random one){only}")
        game.add_argument("--seat", type=int, default=None,
                          help=f"your seat (default 0, which sits at the bottom; with "
                               f"--resume, the seat you sat in){only}")
        game.add_argument("--bots", default=None, choices=_TableBots(TABLE_BOTS),
                          type=_bots_arg,
                          help=f"the other players' strength (default medium; with --resume, "
                               f"the strength the game was played against), or MODULE:NAME, "
                               f"your own bot (docs/bots.md){only}")

    replay = sub.add_parser("replay", help="replay a game record, checking every action")
    replay.add_argument("file", help="a record file (text or JSON, told apart by its first "
                                     "character), or a dataset with --game")
    _game_option(replay)
    replay.add_argument("--json", action="store_true",
                        help="the record must be JSON (read as JSON whatever it starts with)")

    analyse = sub.add_parser("analyse", help="double-dummy analysis of a deal or a record")
    analyse.add_argument("file", help="a game record (.fhr, .fhr.json) or a deal (JSON), or a "
                                      "dataset with --game")
    _game_option(analyse)
    analyse.add_argument("--json", action="store_true", help="print JSON")
    analyse.add_argument("--hand", type=ct.whole(1, _MAX_COUNT), default=None,
                         help="the record's hand to analyse (from 1; default: every hand that "
                              "reached the play, the others named)")
    analyse.add_argument("--action", type=ct.whole(0, _MAX_COUNT), default=None,
                         help="value every legal card after this many actions of the hand")
    analyse.add_argument("--plays", action="store_true",
                         help="every card played beside double dummy's best there: what "
                              "each cost, trick by trick")
    analyse.add_argument("--kitty", action="store_true",
                         help="each seat as declarer with the kitty and its best discard: "
                              "the highest trick contract it makes (seconds a deal at four hands)")
    analyse.add_argument("--nodes", type=ct.whole(0, ct.MAX_NODES), default=None,
                         help="node budget of each search (default 5,000,000; 0: none; at "
                              f"most {ct.MAX_NODES:,})")
    analyse.add_argument("--seconds", type=ct.seconds(), default=None,
                         help="time limit of each search (default none; at most a day)")

    hint = sub.add_parser("hint", help="what the Insane bot would do at a point of a record")
    hint.add_argument("file", help="a game record (.fhr or .fhr.json), or a dataset with --game")
    _game_option(hint)
    hint.add_argument("--hand", type=ct.whole(1, _MAX_COUNT), required=True,
                      help="the hand (from 1)")
    hint.add_argument("--action", type=ct.whole(0, _MAX_COUNT), required=True,
                      help="advise after this many actions of the hand (the move a "
                           "replay's message calls 'action N' is advised with N-1)")
    hint.add_argument("--samples", type=ct.whole(1, ct.MAX_SAMPLES), default=None,
                      help="imagined deals per decision, half as many for a discard (at least 2) "
                           "(default: the Insane bot's own, 10 in the auction and 30 in the "
                           "play, but 10 with ten cards in hand and 20 with nine, and with 4 "
                           "cards or fewer in hand every placement of the unseen cards if "
                           f"they lie in at most 200 ways; at most {ct.MAX_SAMPLES:,})")
    hint.add_argument("--seconds", type=ct.seconds(), default=None,
                      help="a time limit: advice from the deals solved by then (default "
                           "none; at most a day)")
    hint.add_argument("--json", action="store_true", help="print JSON")

    bench = sub.add_parser("bench", help="benchmarks")
    bench.add_argument("what", choices=["engine", "solver", "nodes"],
                       help="what to measure (nodes: the solver's search nodes, no timing)")
    # (no defaults here: an option the benchmark asked for does not take is refused, so
    # each must show whether it was given; BENCH_DEFAULTS fills the rest)
    bench.add_argument("--seconds", type=ct.seconds(3600),
                       help=f"engine: time per measurement (default "
                            f"{BENCH_DEFAULTS['seconds']}; at most 3600)")
    bench.add_argument("--deals", type=ct.whole(1, 100_000),
                       help=f"solver, nodes: deals per measurement (default "
                            f"{BENCH_DEFAULTS['deals']})")
    bench.add_argument("--passes", type=ct.whole(1, 100),
                       help=f"solver: passes through the deals, each call's least time kept "
                            f"(default {BENCH_DEFAULTS['passes']})")
    bench.add_argument("--offset", type=ct.whole(0, 10**9),
                       help=f"nodes: shift the deals' seeds by this much (other deals; "
                            f"default {BENCH_DEFAULTS['offset']})")
    bench.add_argument("--write", metavar="PATH",
                       help="engine, solver: write the results into this markdown file (.md), "
                            "created if missing; only this benchmark's section (between its "
                            "<!-- bench ... --> markers) is rewritten, or appended if absent")

    serve = sub.add_parser("serve", help="serve the browser game so friends can join a table")
    serve.add_argument("--host", default="127.0.0.1", type=_host_arg,
                       help="address to listen on (default 127.0.0.1, this machine only; "
                            "0.0.0.0 for every network)")
    serve.add_argument("--port", type=ct.port, default=8500,
                       help="port (default 8500; 0: any free port)")
    serve.add_argument("--db", default=None,
                       help="the saves and statistics file (default: serve.sqlite3 in your data "
                            "directory, apart from play's fivehundred.sqlite3: a server deletes "
                            "games unplayed for thirty days)")
    serve.add_argument("--proxy", type=_proxy_arg, action="append", metavar="ADDRESS",
                       help="the address of a reverse proxy in front of this server (or a "
                            "network, 10.0.0.0/8; repeat it or separate with commas): its "
                            "X-Forwarded-For and X-Forwarded-Proto headers are believed, "
                            "no other's")

    tables = sub.add_parser("tables", help="the games in a saves file (a server's, while it "
                                           "runs): or delete one, the server stopped")
    tables.add_argument("--db", default=None,
                        help="the saves file (default: serve.sqlite3 in your data directory)")
    tables.add_argument("--json", action="store_true", help="print JSON")
    tables.add_argument("--delete", default=None, metavar="ID",
                        help="delete the table ID (an abandoned game); refused while a server "
                             "holds the file")

    from .arena.cli import add_arena_arguments

    arena = sub.add_parser("arena", help="a duplicate match between two bots, with statistics")
    add_arena_arguments(arena, _rules_arg)

    from .selfplay import add_selfplay_arguments

    selfplay = sub.add_parser("selfplay", help="a dataset of whole games between bots, as "
                                               "game records (JSON lines)")
    add_selfplay_arguments(selfplay, _rules_arg)
    return p


def _game_option(p: argparse.ArgumentParser) -> None:
    """``--game N``, of the commands that read a record: one game of a dataset."""
    from .selfplay import MAX_GAMES

    p.add_argument("--game", type=ct.whole(1, MAX_GAMES), default=None, metavar="N",
                   help="read game N of a dataset (one JSON record a line, as selfplay writes "
                        "it): its line N, games counted from 1 as selfplay's progress counts "
                        "them (the record's Game tag says N-1)")


def _table_options(args: argparse.Namespace) -> str | None:
    """Why the game options do not go together (None if they do); fills in the defaults."""
    given = [f"--{name}" for name in ("rules", "seed", "seat", "bots")
             if getattr(args, name) is not None]
    if args.command == "play" and not args.text and given:
        verb, pronoun = ("sets", "it") if len(given) == 1 else ("set", "them")
        return (f"{', '.join(given)} {verb} the terminal game: give {pronoun} with --text (the "
                "browser game chooses its rules and opponents on its own page)")
    if args.command == "play" and args.text:
        served = [o for o, on in (("--port", args.port is not None),
                                  ("--no-browser", args.no_browser),
                                  ("--db", args.db is not None)) if on]
        if served:
            verb = "sets" if len(served) == 1 else "set"
            return (f"{', '.join(served)} {verb} the browser game, not the terminal game of "
                    "--text")
    if args.command == "play" and not args.text and args.resume is not None:
        return "--resume goes on with a game of the terminal: give it with --text"
    if args.resume is not None:
        clash = [g for g in given if g in ("--rules", "--seed")]
        if clash:
            return (f"{' and '.join(clash)} cannot go with --resume: the game goes on with "
                    f"the rules and seed of {args.resume}")
    if args.rules is None:
        args.rules = Rules.preset("australian")
    if args.resume is not None:     # (the record says where you sat and what against)
        return None
    if args.seat is None:
        args.seat = 0
    if args.bots is None:
        args.bots = "medium"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Output into a pipe whose reader has gone (``fivehundred replay f | head -1``) ends the
    command quietly, as Unix tools do, with status 1; output that cannot be written (a full
    disk) ends it with one line saying so, status 1.  Ctrl-C that no command took up itself
    (while the solver or the bots load, say) ends it quietly too, with the shell's status
    for it, 130.
    """
    try:
        status = _main(argv)
        sys.stdout.flush()       # here, where a closed pipe can still be caught
    except KeyboardInterrupt:
        print(file=sys.stderr)   # (the terminal's ^C stands alone on its line)
        return 130
    except BrokenPipeError:
        ct.quiet_broken_pipe()
        return 1
    except OSError as e:
        if e.filename is not None:       # a named file: the command should have said so
            raise
        # standard output failed (a full disk: fivehundred replay f > /dev/full); any other
        # system error that names no file is said as it is, not called the output's
        writing = e.errno in _WRITE_ERRORS
        print(f"fivehundred: {'cannot write the output: ' if writing else ''}"
              f"{e.strerror or e}", file=sys.stderr)
        if writing:
            ct.quiet_broken_pipe()
        return 1
    return status


_WRITE_ERRORS = frozenset({errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EIO,
                           errno.EFBIG, errno.EROFS, errno.EBADF})
"""The errors of a write to standard output that fails (a full disk, a file too big, a
stream closed), said as "cannot write the output"."""


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.command in ("play", "tui"):
        why = _table_options(args)
        if why is not None:
            print(f"fivehundred {args.command}: {why}", file=sys.stderr)
            return 2
    if args.command == "play" and args.text:
        from .console import run_console_game

        return run_console_game(args.rules, seed=args.seed, seat=args.seat, bots=args.bots,
                                resume=args.resume)
    if args.command == "tui":
        from .tui import run_tui

        return run_tui(args.rules, seed=args.seed, seat=args.seat, bots=args.bots,
                       resume=args.resume, speed=args.speed)
    if args.command in ("play", "serve"):
        from .web.server import run

        if args.command == "play":
            return run("local", "127.0.0.1", args.port, args.db, not args.no_browser)
        return run("serve", args.host, args.port, args.db, False,
                   [p for ps in args.proxy or () for p in ps])
    if args.command == "tables":
        from .web.tables_cli import tables_main

        return tables_main(args.db, as_json=args.json, delete=args.delete)
    if args.command == "replay":
        from .record import replay_main

        return replay_main(args.file, as_json=args.json, game=args.game)
    if args.command in ("analyse", "hint"):
        why = _unreadable(args.file, args.game)
        if why is not None:
            print(f"fivehundred {args.command}: {why}", file=sys.stderr)
            return 2
    if args.command == "analyse":
        from .solver.analysis import analyse_main

        return analyse_main(args.file, as_json=args.json, hand=args.hand, action=args.action,
                            nodes=args.nodes, seconds=args.seconds, plays=args.plays,
                            kitty=args.kitty, game=args.game)
    if args.command == "hint":
        from .hint_cli import hint_main

        return hint_main(args.file, args.hand, args.action, as_json=args.json,
                         samples=args.samples, seconds=args.seconds, game=args.game)
    if args.command == "bench":
        return _bench(args)
    if args.command == "arena":
        from .arena.cli import run_arena_main

        return run_arena_main(args)
    if args.command == "selfplay":
        from .selfplay import run_selfplay_main

        return run_selfplay_main(args)
    return 2  # pragma: no cover - argparse rejects unknown commands


def _unreadable(path: str, game: int | None = None) -> str | None:
    """Why the file a command reads cannot be read (None if it can), found before the solver
    loads: a first load compiles it, over a minute before "no such file" was said; a dataset
    without ``--game`` too, and with it, its game's line that cannot be read as a record.  A
    file that is not a plain one (a pipe) is left to the command: read here, it would be
    gone."""
    from .record.datasets import dataset_game, refuse_dataset
    from .record.files import read_text

    p = Path(path)
    if p.exists() and not p.is_file() and not p.is_dir():
        return None
    try:
        if game is not None:
            dataset_game(path, game, replaying=True)
        else:
            refuse_dataset(path)
            read_text(path)
    except FiveHundredError as e:
        return str(e)
    return None


def _bench(args: argparse.Namespace) -> int:
    takes = BENCH_OPTIONS[args.what]
    try:
        for name in ("seconds", "deals", "passes", "offset", "write"):
            if getattr(args, name) is not None and name not in takes:
                if args.what == "nodes" and name == "write":
                    raise FiveHundredError("--write: bench nodes prints its table only")
                raise FiveHundredError(
                    f"--{name} is not an option of bench {args.what}, which takes "
                    + ", ".join(f"--{t}" for t in takes))
        if args.write is not None:
            ct.check_output("--write", args.write, (".md",))
    except FiveHundredError as e:
        print(f"fivehundred bench: {e}", file=sys.stderr)
        return 2
    for name, value in BENCH_DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    if args.what == "nodes":
        from .benchmarks.solver import bench_nodes_main

        return bench_nodes_main(deals=args.deals, offset=args.offset)
    if args.what == "solver":
        from .benchmarks.solver import bench_solver_main

        return bench_solver_main(deals=args.deals, write=args.write, passes=args.passes)
    from .benchmarks.engine import bench_main

    return bench_main(seconds=args.seconds, write=args.write)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
