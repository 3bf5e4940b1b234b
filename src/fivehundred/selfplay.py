"""Self-play datasets: whole games between bots, as game records (``fivehundred selfplay``).

Each game is dealt from its own seed, derived from the dataset's seed and the game's number,
and each seat's bot from the game's seed and the seat, so a dataset is the same on every
machine, and game ``n`` of it can be played again alone (:func:`game_seed`).  The records are
complete (every hand, every card: docs/records.md), tagged with the bots that played them.

>>> from fivehundred import Rules
>>> from fivehundred.record import replay
>>> a, b = self_play(Rules.preset("classic3"), "random", games=2, seed=1)
>>> a.tag("Bots"), a.tag("Game"), b.tag("Game"), a.tag("Seed") != b.tag("Seed")
('random,random,random', '0', '1', True)
>>> replay(b).scores == play_game(Rules.preset("classic3"), ["random"] * 3,
...                               game_seed(1, 1)).scores
True
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

from . import clitools as ct
from .bot_turn import position, take_turn
from .bots.base import Bot, BotError, bot_key, make_player, make_seated, resolve_here
from .errors import FiveHundredError
from .game import Game
from .record import GameRecord, record_from_game, to_json_object
from .rng import derive_seed
from .rules import Rules

__all__ = ["game_seed", "play_game", "self_play"]

MAX_GAMES = 10_000_000
"""The most games one dataset holds (a bound on what a typing slip asks for)."""


def game_seed(seed: int, number: int) -> int:
    """The seed game ``number`` (from 0) of the dataset of ``seed`` is dealt from."""
    return derive_seed(seed, "selfplay", number)


def seat_names(rules: Rules, bots: str | Sequence[str]) -> list[str]:
    """One bot name a seat: one name for every seat, or one a seat (BotError otherwise)."""
    names = [bots] if isinstance(bots, str) else list(bots)
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        raise BotError(f"give one bot, or one for each of the {rules.players} seats: got "
                       f"{len(names)} ({', '.join(map(str, names))})")
    return [bot_key(n) for n in names]


def play_game(rules: Rules, bots: Sequence[str], seed: int,
              max_hands: int | None = None) -> Game:
    """A game played to its end by ``bots`` (a name a seat), dealt from ``seed``, each
    seat's bot seeded from it; stopped after ``max_hands`` hands if it goes on so long.  A
    bot that fails is a BotError naming it, its seat, the hand and the action (from 1): a
    dataset holds only what the bots chose."""
    players: list[Bot] = [make_seated(name, derive_seed(seed, "bot", at),
                                      f"the {name} bot at seat {at}")
                          for at, name in enumerate(bots)]
    game = Game(rules, seed=seed)
    while game.phase != "game_over":
        if game.phase == "hand_over":
            if max_hands is not None and game.hand_number + 1 >= max_hands:
                break
            game.next_hand()
            continue
        seat = game.to_move
        assert seat is not None
        take_turn(players[seat], game, f"the {bots[seat]} bot at seat {seat}",
                  lambda: position(game), BotError)
    return game


def self_play(rules: Rules, bots: str | Sequence[str], games: int, seed: int = 0,
              max_hands: int | None = None, first: int = 0) -> Iterator[GameRecord]:
    """The records of games ``first`` to ``games - 1`` of the dataset of ``seed``: bots
    (one name, or one a seat; ``module:name`` for your own: docs/bots.md) playing every
    seat, each record tagged with its bots, its number and the event."""
    names = seat_names(rules, bots)
    for number in range(first, games):
        try:
            game = play_game(rules, names, game_seed(seed, number), max_hands)
        except BotError as e:               # (which game of the dataset: its line)
            raise BotError(f"game {number + 1}: {e}") from e
        tags = {"Event": "fivehundred self-play", "Bots": ",".join(names), "Game": str(number)}
        if max_hands is not None:
            tags["MaxHands"] = str(max_hands)
        yield record_from_game(game, tags=tags)


# ---------------------------------------------------------------- the command line


def add_selfplay_arguments(p: argparse.ArgumentParser,
                           rules_type: Callable[[str], Rules]) -> None:
    """``fivehundred selfplay``'s options."""
    p.add_argument("--rules", type=rules_type, default=Rules.preset("australian"),
                   help="a preset or a rules string fivehundred(...) (default australian)")
    p.add_argument("--bots", default="easy",
                   help="the bot playing every seat, or one a seat separated by commas "
                        "(random, random_low, easy, medium, hard, insane, or MODULE:NAME, "
                        "your own: docs/bots.md; default easy)")
    p.add_argument("--games", type=ct.whole(1, MAX_GAMES), required=True,
                   help="how many games")
    p.add_argument("--seed", type=ct.whole(0, 2**63 - 1), default=0,
                   help="the dataset's seed (default 0): each game's is derived from it")
    p.add_argument("--max-hands", type=ct.whole(1, 10_000), default=None,
                   help="stop a game after this many hands (its record's Result is then *)")
    p.add_argument("--out", required=True, metavar="FILE",
                   help="a JSON-lines file, one game record (docs/records.md's JSON form) a "
                        "line; - for standard output.  A file holding games of this dataset "
                        "goes on after its last whole line")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")


def _done_before(path: Path, rules: Rules, names: list[str], seed: int,
                 max_hands: int | None) -> int:
    """How many games of this dataset ``path`` holds already (0: none, or no file): each line
    must be game ``n`` of it (the same rules, bots, seed and hands at most), else
    FiveHundredError; a last line cut short (a run stopped while writing it) is cut off."""
    if not path.is_file() or path.stat().st_size == 0:
        return 0
    from .record.datasets import DATASET, one_record, record_of_line

    number, whole_end = 0, 0                 # (lines read, and where the last whole one ends)
    with open(path, "rb") as fh:             # (line by line: a dataset may be gigabytes)
        for line in fh:
            if not line.endswith(b"\n"):
                break                        # a last line cut short
            if number == 0 and one_record(line):
                raise FiveHundredError(f"{path} is one game record, not a dataset ({DATASET}): "
                                       "selfplay adds games only to a dataset of its own; give "
                                       "another --out file")
            try:
                rec = record_of_line(line.decode("utf-8-sig" if number == 0 else "utf-8"))
            except (FiveHundredError, UnicodeDecodeError) as e:
                raise FiveHundredError(f"{path}, line {number + 1}: not a game record ({e}); "
                                       "give another --out file") from None
            ours = (rec.rules == rules and rec.tag("Bots") == ",".join(names)
                    and rec.tag("MaxHands") == (None if max_hands is None else str(max_hands)))
            if (not ours or rec.tag("Game") != str(number)
                    or rec.tag("Seed") != str(game_seed(seed, number))):
                raise FiveHundredError(_not_next(path, number, rec, seed if ours else None))
            number, whole_end = number + 1, whole_end + len(line)
    if whole_end < path.stat().st_size:
        with open(path, "r+b") as fh:
            fh.truncate(whole_end)
        print(f"selfplay: {path}: cut off a last line written in part", file=sys.stderr)
    return number


def _not_next(path: Path, number: int, rec: GameRecord, seed: int | None) -> str:
    """Why line ``number + 1`` of ``path`` is not the dataset's next game: a game of this
    dataset (``seed`` given: its rules, bots and hands at most) out of its place, said by
    the numbers selfplay counts from 1 (its Game tag counts from 0), else another dataset's."""
    line, said = number + 1, rec.tag("Game") or ""
    if (seed is not None and said.isdigit() and len(said) <= 8
            and rec.tag("Seed") == str(game_seed(seed, int(said)))):
        return (f"{path}, line {line}: game {int(said) + 1} of this dataset (its Game tag says "
                f"{said}, counting from 0), where game {line} belongs: the games are out of "
                "order, or one is missing or repeated (selfplay writes game N on line N); put "
                "them back in order, or give another --out file")
    return (f"{path}, line {line}: a game of another dataset (other rules, bots, seed or "
            "--max-hands): give another --out file, or the options it was written with")


def run_selfplay_main(args: argparse.Namespace, stdout: TextIO | None = None,
                      stderr: TextIO | None = None) -> int:
    """Run ``fivehundred selfplay`` with parsed options; the exit status."""
    out, err = stdout or sys.stdout, stderr or sys.stderr
    try:
        names = seat_names(args.rules, args.bots.split(","))
        for name in set(names):
            resolve_here(name)            # (your own bot's module, from the current folder)
            make_player(name)             # (an unknown bot said before any game is played)
        first = 0 if args.out == "-" else _done_before(Path(args.out), args.rules, names,
                                                       args.seed, args.max_hands)
        sink = out if args.out == "-" else open(args.out, "a", encoding="utf-8")  # noqa: SIM115
    except OSError as e:
        print(f"fivehundred selfplay: --out {args.out}: {e.strerror or e}", file=err)
        return 2
    except FiveHundredError as e:
        print(f"fivehundred selfplay: {e}", file=err)
        return 2
    if first >= args.games:
        print(f"selfplay: {args.out} holds all {args.games} games already" if first == args.games
              else f"selfplay: {args.out} holds {first} games already, more than the "
                   f"{args.games} asked for: nothing written, nothing removed", file=err)
        sink.close()
        return 0
    if first and not args.quiet:
        left = args.games - first          # (counted from 1, as the progress lines count)
        print(f"selfplay: {args.out} holds {first} games already; playing "
              + (f"the last, game {args.games}" if left == 1
                 else f"{left} more, games {first + 1} to {args.games}"), file=err)
    start, hands = time.monotonic(), 0
    try:
        for n, rec in enumerate(self_play(args.rules, names, args.games, args.seed,
                                          args.max_hands, first), start=first + 1):
            sink.write(json.dumps(to_json_object(rec), ensure_ascii=False,
                                  separators=(",", ":")) + "\n")
            sink.flush()
            hands += len(rec.hands)
            if not args.quiet and (n == args.games or n % max(1, args.games // 10) == 0):
                took = time.monotonic() - start
                print(f"selfplay: {n}/{args.games} games, {hands / took:.0f} hands/s",
                      file=err)
    except KeyboardInterrupt:
        print(f"selfplay: interrupted; rerun the same command to go on with {args.out}"
              if args.out != "-" else "selfplay: interrupted", file=err)
        return 130
    except FiveHundredError as e:
        print(f"fivehundred selfplay: {e}", file=err)
        return 1
    finally:
        if sink is not out:
            sink.close()
    return 0
