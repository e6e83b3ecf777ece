"""Instructions per game, counted by valgrind (callgrind), for one game and bot: a figure that does
not move with the machine's load, to tell a small speed change from noise.

Usage: .venv/bin/python bench/bench_instructions.py --game NAME [--variant V] [--bot greedy|random] [--games N]
       [--players P] [--against REF]

Games per second (bench_sim.py) is what a user feels, but on a shared machine it wanders by 10 %
or more from one minute to the next. The count of instructions the interpreter executes for the
same seeded games is the same every time. Each side plays N seeded games under callgrind, and
again 0 games (start-up, imports, reading the deck); the difference over N is the figure. With
`--against REF` the simulator at that git commit plays the same games on this checkout's decks,
and the ratio REF / this says how many times fewer instructions this checkout needs. Fewer
instructions are not the same as less time (memory and the processor's caches count too), so
report both.

Needs `valgrind` on the PATH (Debian: `apt-get install valgrind`); it takes about a minute for 300
greedy Coppertwaddle games.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _play(args) -> None:
    """--child: play the asked games in this process, nothing else."""
    sys.path.insert(0, str(HERE))
    from bench_sim import _prepare

    from printgen.sim.engine import BOTS, play

    game, prepared, players = _prepare(args.game, args.deck, args.variant, args.players)
    bots = [BOTS[args.bot]] * players
    for index in range(args.games):
        play(game, prepared, players, 0, index, bots)


def _count(code_root: Path, args, games: int) -> int:
    """Instructions callgrind counts for a child playing `games` games with `code_root`'s printgen."""
    env = {**os.environ, "PYTHONPATH": str(code_root), "PYTHONDONTWRITEBYTECODE": "1"}
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, str(Path(__file__)),
           "--child", "--game", args.game, "--deck", args.deck, "--variant", args.variant, "--bot", args.bot,
           "--games", str(games), "--players", str(args.players)]
    run = subprocess.run(cmd, env=env, cwd=str(code_root), capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not found:
        raise SystemExit(f"callgrind run failed ({code_root}):\n{run.stderr[-2000:]}")
    return int(found.group(1))


def per_game(code_root: Path, args) -> float:
    with ThreadPoolExecutor(max_workers=2) as pool:           # the two runs at once, on two cores
        played, idle = pool.map(lambda n: _count(code_root, args, n), (args.games, 0))
    return (played - idle) / args.games


def main() -> None:
    sys.path.insert(0, str(HERE))
    from bench_sim import CASES, _unpack

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, help="one of " + ", ".join(dict.fromkeys(c[0] for c in CASES)))
    parser.add_argument("--variant", default="basic", help="the game's variant (default: %(default)s)")
    parser.add_argument("--bot", choices=("greedy", "random"), default="greedy",
                        help="the players in every seat (default: %(default)s)")
    parser.add_argument("--games", type=int, default=300, help="seeded games counted (default: %(default)s)")
    parser.add_argument("--players", type=int, default=4, help="players a game (default: %(default)s)")
    parser.add_argument("--against", metavar="REF", help="also count the simulator at this git commit (default: none)")
    parser.add_argument("--deck", help=argparse.SUPPRESS)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    decks = {c[0]: c[1] for c in CASES}
    if args.game not in decks:
        parser.error(f"--game: one of {', '.join(decks)}")
    args.deck = args.deck or decks[args.game]
    if args.child:
        return _play(args)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    print(f"{args.game} {args.variant}, {args.bot} bots, {args.games} seeded games, instructions per game "
          f"(callgrind), Python {sys.version.split()[0]}")
    this = per_game(ROOT, args)
    print(f"  this checkout  {this:>14,.0f}")
    if args.against:
        with tempfile.TemporaryDirectory(prefix="bench_instr_") as tmp:
            base = per_game(_unpack(args.against, Path(tmp)), args)
        print(f"  {args.against[:13]:<13}  {base:>14,.0f}")
        print(f"  {base / this:.3f}x fewer instructions a game in this checkout than in {args.against}")


if __name__ == "__main__":
    main()
